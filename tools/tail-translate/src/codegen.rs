//! `tail-translate --emit=mlir|llvm|ptx [--chip=sm_90] [--opt-level=N] input.mlir [-o out]`:
//! code generation from upstream MLIR (a `gpu.container_module` with `gpu.module`s) through
//! `tail_codegen::ptx`.
//!
//! * `--emit=mlir`: the module after the upstream lowering pipeline (accepted by `mlir-opt`);
//! * `--emit=llvm`: the LLVM IR of each `gpu.module` after LLVM's `default<ON>` pipeline
//!   (`--opt-level=0` shows it as translated);
//! * `--emit=ptx`: the PTX of each `gpu.module`.
//!
//! With several `gpu.module`s, `llvm` and `ptx` print one section per module, each preceded by
//! a `// gpu.module @name` comment line. Errors are printed as `file:line:col: error: …` with
//! the source line and a caret when MLIR gives a location; nothing is written to `-o` then.

use std::fmt::Write as _;

use tail_codegen::ptx::{self, Chip, CodegenError, MlirDiagnostic, PtxOptions};

/// What to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The lowered upstream MLIR.
    Mlir,
    /// LLVM IR.
    Llvm,
    /// PTX.
    Ptx,
}

/// Parses `--chip`.
pub fn parse_chip(name: &str) -> Result<Chip, String> {
    Chip::parse(name).ok_or_else(|| format!("unknown chip '{name}' (expected sm_80 or sm_90)"))
}

/// Runs the stage on `text` (named `name` in messages) and returns the output text or the
/// rendered error.
pub fn run(name: &str, text: &str, stage: Stage, opts: &PtxOptions) -> Result<String, String> {
    let result = match stage {
        Stage::Mlir => ptx::lower(text, opts),
        Stage::Llvm | Stage::Ptx => ptx::compile_gpu_module(text, opts).map(|out| {
            let many = out.modules.len() > 1;
            let mut s = String::new();
            for m in &out.modules {
                if many {
                    let _ = writeln!(s, "// gpu.module @{}", m.name);
                }
                s.push_str(if stage == Stage::Llvm {
                    &m.optimized_llvm_ir
                } else {
                    &m.ptx
                });
                if !s.ends_with('\n') {
                    s.push('\n');
                }
            }
            s
        }),
    };
    let mut out = result.map_err(|e| render_error(name, text, &e))?;
    if !out.ends_with('\n') {
        out.push('\n');
    }
    Ok(out)
}

/// Renders an error with located diagnostics as `file:line:col: severity: message`, the source
/// line and a caret.
fn render_error(name: &str, text: &str, e: &CodegenError) -> String {
    let diags: &[MlirDiagnostic] = match e {
        CodegenError::Parse(d) => d,
        CodegenError::Pipeline { diagnostics, .. }
        | CodegenError::Translate { diagnostics, .. } => diagnostics,
        _ => &[],
    };
    let mut s = String::new();
    let headline = match e {
        CodegenError::Parse(_) => "failed to parse the MLIR input".to_string(),
        CodegenError::Pipeline { pipeline, .. } => format!("pass pipeline failed: {pipeline}"),
        CodegenError::Translate { module, .. } => {
            format!("translation of gpu.module @{module} to LLVM IR failed")
        }
        other => other.to_string(),
    };
    for d in diags {
        match d.line_col {
            Some((line, col)) => {
                let _ = writeln!(s, "{name}:{line}:{col}: {}: {}", d.severity, d.message);
                if let Some(src) = text.lines().nth(line.saturating_sub(1)) {
                    let _ = writeln!(s, "{src}");
                    let _ = writeln!(s, "{}^", " ".repeat(col.saturating_sub(1)));
                }
            }
            None => {
                let _ = writeln!(s, "{name}: {}: {}", d.severity, d.message);
            }
        }
        for note in &d.notes {
            let _ = writeln!(s, "note: {}", note.trim_end());
        }
    }
    let _ = writeln!(s, "tail-translate: error: {headline}");
    s
}
