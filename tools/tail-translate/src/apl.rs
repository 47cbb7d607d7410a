//! `tail-translate --apl-to-ptx prog.apl [--emit=ptx|llvm|mlir] [--chip=sm_90] [-o out]`: APL to
//! PTX in one command.
//!
//! 1. the APL frontend (`tail_apl::compile`) builds the `tail` dialect module;
//! 2. the pass pipeline [`tail_to_gpu_pipeline`] (`tail-to-gpu` where it is registered, else
//!    `tail-to-soac,soac-to-gpu`) lowers it to host code and one `gpu.module` of kernels;
//! 3. the `gpu.module`s are printed, with their locations in the APL source (`loc(...)`), into
//!    an upstream `gpu.container_module` and compiled by `tail_codegen::ptx::compile_gpu_module`
//!    (upstream lowering, LLVM IR, libdevice, O3, PTX).
//!
//! `--emit=mlir` prints the module after step 2 (host code and kernels in our dialects),
//! `--emit=llvm` the optimized LLVM IR and `--emit=ptx` (the default) the PTX. A program with no
//! parallel array work left after step 2 has no kernels; its PTX is a module with no entry.
//!
//! Every stage's errors are located in the APL source (`prog.apl:line:col: error: …`, the
//! source line and a caret); diagnostics MLIR reports at a position of the printed kernels
//! rather than of the source are shown with that text's line, named `<kernels>`.

use std::fmt::Write as _;

use tail_codegen::ptx::{self, CodegenError, MlirDiagnostic, PtxOptions, PtxOutput};
use tail_ir::pass::{registered_pipelines, PassManager};
use tail_ir::printer::PrintOptions;
use tail_ir::{Context, Diagnostic, OpId};

/// The name under which the printed kernels appear in messages.
const KERNELS_NAME: &str = "<kernels>";

/// What `--apl-to-ptx` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The module after the `tail-to-gpu` pipeline (host code and `gpu.module`s).
    Gpu,
    /// The optimized LLVM IR of each `gpu.module`.
    Llvm,
    /// PTX.
    Ptx,
}

/// Forces the dialect and pass crates (and their registrations) to be linked.
pub fn link() {
    tail_builtin::link();
    tail_dialect::link();
    tail_soac::link();
    tail_hpar::link();
    tail_gpu::link();
    tail_transforms::link();
    tail_conversion::link();
    tail_fusion::link();
    tail_kernels::link();
}

/// The pass pipeline from the `tail` dialect to `gpu`: the named pipeline `tail-to-gpu` when
/// it is registered, else its composition `tail-to-soac` then `soac-to-gpu` (which starts with
/// `func.func(soac-opt)`).
pub fn tail_to_gpu_pipeline() -> String {
    link();
    if registered_pipelines()
        .iter()
        .any(|p| p.argument == "tail-to-gpu")
    {
        "builtin.module(tail-to-gpu)".to_string()
    } else {
        "builtin.module(tail-to-soac,soac-to-gpu)".to_string()
    }
}

/// The result of [`compile`].
#[derive(Debug)]
pub struct Compiled {
    /// The module after [`tail_to_gpu_pipeline`].
    pub gpu_ir: String,
    /// Every codegen stage.
    pub codegen: PtxOutput,
}

impl Compiled {
    /// The text `stage` prints.
    pub fn text(&self, stage: Stage) -> String {
        let mut s = String::new();
        match stage {
            Stage::Gpu => s.push_str(&self.gpu_ir),
            Stage::Llvm | Stage::Ptx => {
                let many = self.codegen.modules.len() > 1;
                for m in &self.codegen.modules {
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
            }
        }
        if !s.ends_with('\n') {
            s.push('\n');
        }
        s
    }
}

/// Compiles the APL program read from `files`, `(name, text)` in order
/// (`tail_apl::compile_files`; usually one), to PTX; `Err` holds the rendered, located
/// diagnostics of the first stage that failed.
pub fn compile_files(files: &[(&str, &str)], opts: &PtxOptions) -> Result<Compiled, String> {
    link();
    let mut ctx = Context::new();
    let module = tail_apl::compile_files(&mut ctx, files).map_err(|d| ctx.render_diagnostic(&d))?;
    let pipeline = tail_to_gpu_pipeline();
    let mut pm = PassManager::parse(&pipeline).map_err(|e| e.render())?;
    if pm.run(&mut ctx, module).is_err() {
        return Err(render_context_errors(&mut ctx, &pipeline));
    }
    // Passes may report errors without failing; treat them as failures all the same.
    let diags = ctx.take_diagnostics();
    if diags
        .iter()
        .any(|d| d.severity == tail_ir::diagnostic::Severity::Error)
    {
        let mut s: String = diags.iter().map(|d| ctx.render_diagnostic(d)).collect();
        let _ = writeln!(s, "tail-translate: error: {pipeline} failed");
        return Err(s);
    }
    let gpu_ir = ctx.print_op_to_string(module, PrintOptions::default());
    let gpu_modules = top_level_gpu_modules(&ctx, module);
    let kernels_mlir = kernels_text(&ctx, &gpu_modules);
    let codegen = ptx::compile_gpu_module(&kernels_mlir, opts).map_err(|e| {
        let names: Vec<&str> = files.iter().map(|&(n, _)| n).collect();
        render_codegen_error(&mut ctx, &names, &kernels_mlir, &e)
    })?;
    Ok(Compiled { gpu_ir, codegen })
}

/// The pipeline's diagnostics, rendered, and a last line naming the pipeline.
fn render_context_errors(ctx: &mut Context, pipeline: &str) -> String {
    let diags = ctx.take_diagnostics();
    let mut s: String = diags.iter().map(|d| ctx.render_diagnostic(d)).collect();
    if diags.is_empty() {
        let _ = writeln!(
            s,
            "tail-translate: error: {pipeline} failed without a diagnostic"
        );
    } else {
        let _ = writeln!(s, "tail-translate: error: {pipeline} failed");
    }
    s
}

/// The `gpu.module` ops directly in `module`'s body.
fn top_level_gpu_modules(ctx: &Context, module: OpId) -> Vec<OpId> {
    let region = ctx.region(module, 0);
    ctx.region_blocks(region)
        .iter()
        .flat_map(|&b| ctx.block_op_vec(b))
        .filter(|&op| ctx.op_is(op, "gpu.module"))
        .collect()
}

/// An upstream `gpu.container_module` holding the `gpu.module`s, printed with their locations.
/// With no `gpu.module` (a program without parallel work) it holds an empty
/// `gpu.module @tail_kernels`, whose PTX is a module without entries.
fn kernels_text(ctx: &Context, gpu_modules: &[OpId]) -> String {
    let mut s = String::from("module attributes {gpu.container_module} {\n");
    if gpu_modules.is_empty() {
        s.push_str("gpu.module @tail_kernels {\n}\n");
    }
    let opts = PrintOptions {
        generic: false,
        debug_info: true,
    };
    for &m in gpu_modules {
        s.push_str(&ctx.print_op_to_string(m, opts));
        if !s.ends_with('\n') {
            s.push('\n');
        }
    }
    s.push_str("}\n");
    s
}

/// Splits a printed MLIR file location `loc("name":L:C)` into its parts.
fn split_loc(loc: &str) -> Option<(&str, u32, u32)> {
    let inner = loc.strip_prefix("loc(\"")?.strip_suffix(')')?;
    let close = inner.rfind('"')?;
    let name = &inner[..close];
    let mut parts = inner[close + 1..].strip_prefix(':')?.split(':');
    let line = parts.next()?.parse().ok()?;
    let col = parts.next()?.parse().ok()?;
    Some((name, line, col))
}

/// Renders a code generation error: diagnostics at a position in one of the APL files `names`, through the
/// context (source line and caret), others with the printed kernels' line.
fn render_codegen_error(
    ctx: &mut Context,
    names: &[&str],
    kernels: &str,
    e: &CodegenError,
) -> String {
    let diags: &[MlirDiagnostic] = match e {
        CodegenError::Parse(d) => d,
        CodegenError::Pipeline { diagnostics, .. }
        | CodegenError::Translate { diagnostics, .. } => diagnostics,
        _ => &[],
    };
    let mut s = String::new();
    for d in diags {
        match split_loc(&d.location) {
            Some((file, line, col)) if names.contains(&file) => {
                let loc = ctx.file_loc(file, line, col);
                let mut diag = match d.severity {
                    "warning" => Diagnostic::warning(loc, d.message.clone()),
                    "remark" | "note" => Diagnostic::remark(loc, d.message.clone()),
                    _ => Diagnostic::error(loc, d.message.clone()),
                };
                for n in &d.notes {
                    diag = diag.with_note(loc, n.trim_end().to_string());
                }
                s.push_str(&ctx.render_diagnostic(&diag));
            }
            _ => {
                match d.line_col {
                    Some((line, col)) => {
                        let _ = writeln!(
                            s,
                            "{KERNELS_NAME}:{line}:{col}: {}: {}",
                            d.severity, d.message
                        );
                        if let Some(src) = kernels.lines().nth(line.saturating_sub(1)) {
                            let _ = writeln!(s, "{src}");
                            let _ = writeln!(s, "{}^", " ".repeat(col.saturating_sub(1)));
                        }
                    }
                    None => {
                        let _ = writeln!(s, "{}: {}: {}", d.location, d.severity, d.message);
                    }
                }
                for note in &d.notes {
                    let _ = writeln!(s, "note: {}", note.trim_end());
                }
            }
        }
    }
    let headline = match e {
        CodegenError::Parse(_) => "the printed kernels are not valid upstream MLIR".to_string(),
        CodegenError::Pipeline { pipeline, .. } => format!("pass pipeline failed: {pipeline}"),
        CodegenError::Translate { module, .. } => {
            format!("translation of gpu.module @{module} to LLVM IR failed")
        }
        other => other.to_string(),
    };
    let name = names.last().copied().unwrap_or("");
    let _ = writeln!(
        s,
        "tail-translate: error: {name}: code generation failed: {headline}"
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::path::{Path, PathBuf};

    /// The workspace root (this crate is `tools/tail-translate`).
    fn root() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
    }

    /// Every `.apl` file below `dir`, sorted, as paths relative to the root.
    fn apl_files(dir: &Path, out: &mut Vec<String>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for p in entries {
            let rel = p.strip_prefix(root()).unwrap().to_path_buf();
            if p.is_dir() {
                apl_files(&rel, out);
            } else if p.extension().is_some_and(|e| e == "apl") {
                out.push(rel.to_string_lossy().into_owned());
            }
        }
    }

    /// The programs kernel extraction cannot handle yet: `test/Target/PTX/apl-known-failures.txt`
    /// (one path per line, `#` comments).
    fn known_failures() -> Vec<String> {
        let text = std::fs::read_to_string(root().join(KNOWN_FAILURES)).unwrap();
        text.lines()
            .map(|l| l.split('#').next().unwrap().trim())
            .filter(|l| !l.is_empty())
            .map(str::to_owned)
            .collect()
    }

    const KNOWN_FAILURES: &str = "test/Target/PTX/apl-known-failures.txt";

    /// Runs `$PTXAS -arch=sm_90` on `ptx` when `$PTXAS` names a file; returns whether it ran.
    fn ptxas(tag: &str, ptx: &str) -> Result<bool, String> {
        let Some(ptxas) = std::env::var_os("PTXAS").filter(|p| Path::new(p).is_file()) else {
            return Ok(false);
        };
        let dir = std::env::temp_dir().join(format!("tail-apl-ptx-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join(format!("{tag}.ptx"));
        std::fs::write(&file, ptx).unwrap();
        let out = std::process::Command::new(ptxas)
            .arg("-arch=sm_90")
            .arg(&file)
            .arg("-o")
            .arg(dir.join(format!("{tag}.cubin")))
            .output()
            .unwrap();
        if out.status.success() {
            Ok(true)
        } else {
            Err(String::from_utf8_lossy(&out.stderr).into_owned())
        }
    }

    /// Every APL test program (test/Frontend/APL/**, not `err-*`) compiles to PTX that ptxas
    /// accepts, except the known failures, each of which must fail with an error located in the
    /// program. A known failure that compiles, or one that no longer exists, fails the test:
    /// take it off the list.
    #[test]
    fn every_apl_program_compiles_to_ptx() {
        let mut programs = Vec::new();
        apl_files(Path::new("test/Frontend/APL"), &mut programs);
        programs.retain(|p| {
            !Path::new(p)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("err-")
        });
        let known = known_failures();
        let mut problems = Vec::new();
        for k in &known {
            if !programs.contains(k) {
                problems.push(format!("{KNOWN_FAILURES}: {k} is not an APL test program"));
            }
        }
        let (mut ok, mut with_kernels, mut kernels, mut failed, mut checked) = (0, 0, 0, 0, 0);
        for (i, p) in programs.iter().enumerate() {
            let text = std::fs::read_to_string(root().join(p)).unwrap();
            let result = compile_files(&[(p.as_str(), text.as_str())], &PtxOptions::default());
            let expected_to_fail = known.contains(p);
            match (result, expected_to_fail) {
                (Ok(out), false) => {
                    ok += 1;
                    let ptx = out.text(Stage::Ptx);
                    let entries = ptx.matches(".visible .entry ").count();
                    let funcs = out.gpu_ir.matches(" kernel ").count()
                        + out.gpu_ir.matches(" kernel\n").count();
                    if entries != funcs {
                        problems.push(format!("{p}: {entries} PTX entries, {funcs} gpu kernels"));
                    }
                    if entries > 0 {
                        with_kernels += 1;
                        kernels += entries;
                    }
                    match ptxas(&format!("p{i}"), &ptx) {
                        Ok(ran) => checked += usize::from(ran),
                        Err(e) => problems.push(format!("{p}: ptxas rejects the PTX:\n{e}")),
                    }
                }
                (Ok(_), true) => problems.push(format!(
                    "{p} compiles to PTX now: take it off {KNOWN_FAILURES}"
                )),
                (Err(e), true) => {
                    failed += 1;
                    // `path:line:col: error: …`, with the source line and a caret.
                    let first = e.lines().next().unwrap_or("");
                    let located = first
                        .strip_prefix(&format!("{p}:"))
                        .and_then(|r| r.split_once(": error: "))
                        .is_some_and(|(lc, _)| {
                            lc.split(':').count() == 2
                                && lc.split(':').all(|n| n.parse::<u32>().is_ok())
                        });
                    if !located || !e.contains('^') {
                        problems.push(format!("{p}: the error is not located:\n{e}"));
                    }
                }
                (Err(e), false) => problems.push(format!("{p} fails:\n{e}")),
            }
        }
        eprintln!(
            "{} APL programs: {ok} compile to PTX ({with_kernels} with kernels, {kernels} \
             kernels in all; {checked} checked by ptxas), {failed} known failures",
            programs.len()
        );
        assert!(problems.is_empty(), "{}", problems.join("\n"));
        assert!(ok + failed == programs.len());
    }

    #[test]
    fn locations() {
        assert_eq!(split_loc("loc(\"a.apl\":3:7)"), Some(("a.apl", 3, 7)));
        assert_eq!(split_loc("loc(\"x:y.apl\":1:2)"), Some(("x:y.apl", 1, 2)));
        assert_eq!(split_loc("loc(unknown)"), None);
    }
}
