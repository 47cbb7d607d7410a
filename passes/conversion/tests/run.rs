//! Runs programs in the reference interpreter before and after `convert-tail-to-soac` (and
//! after the whole `tail-to-soac` pipeline) and compares what they print and return.
//!
//! Every `.tail` program under `test/Interp` and `test/Frontend/TailText` and every `.mlir`
//! under `test/Interp` is checked. Negative tests are known by their names (`err_*`, `err-*`,
//! `errors.*`): they must fail to import, verify or run *before* the conversion; every other
//! program must run before it and give the same output after it.
//! [`check_module`] takes a parsed module, so other front ends (`.apl`) can reuse it.

use std::path::{Path, PathBuf};

use tail_ir::pass::PassManager;
use tail_ir::{Context, OpId};

/// Output (prints and result) of running `module`, or the rendered runtime error.
fn run(ctx: &Context, module: OpId) -> Result<String, String> {
    let mut out = Vec::new();
    let r = tail_interp::run_module(ctx, module, &mut out);
    let mut s = String::from_utf8_lossy(&out).into_owned();
    match r {
        Ok(v) => {
            s.push_str(&tail_interp::format_value(&v));
            s.push('\n');
            Ok(s)
        }
        Err(d) => Err(format!("{s}{}", ctx.render_diagnostic(&d))),
    }
}

/// What went wrong when checking one program.
#[derive(Debug)]
enum Outcome {
    /// The program does not run before the conversion (a negative test); the reason.
    Skipped(String),
    /// Same output before and after.
    Same,
}

/// Runs `module` (in `ctx`), applies `pipeline`, verifies and runs it again, and compares.
fn check_module(ctx: &mut Context, module: OpId, pipeline: &str) -> Result<Outcome, String> {
    if let Err(d) = tail_ir::verifier::verify(ctx, module) {
        return Ok(Outcome::Skipped(ctx.render_diagnostic(&d)));
    }
    let before = match run(ctx, module) {
        Ok(s) => s,
        Err(e) => return Ok(Outcome::Skipped(e)),
    };
    let mut pm = PassManager::parse(&format!("builtin.module({pipeline})"))
        .map_err(|e| format!("bad pipeline: {e:?}"))?;
    if let Err(e) = pm.run(ctx, module) {
        let ds: Vec<String> = ctx
            .take_diagnostics()
            .iter()
            .map(|d| ctx.render_diagnostic(d))
            .collect();
        return Err(format!("{e}:\n{}", ds.join("")));
    }
    let after = run(ctx, module).map_err(|e| {
        format!(
            "the converted program fails:\n{e}\n--- converted IR ---\n{}",
            ctx.print_op_to_string(module, Default::default())
        )
    })?;
    if before != after {
        return Err(format!(
            "output differs\n--- before ---\n{before}--- after ---\n{after}--- converted IR ---\n{}",
            ctx.print_op_to_string(module, Default::default())
        ));
    }
    Ok(Outcome::Same)
}

/// Parses (or imports) `path` and checks it with `pipeline`.
fn check_file(path: &Path, pipeline: &str) -> Result<Outcome, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let mut ctx = Context::new();
    let name = path.display().to_string();
    let parsed = if name.ends_with(".tail") {
        tail_text::import(&mut ctx, &name, &text)
    } else {
        tail_ir::parser::parse_source(&mut ctx, &name, &text)
    };
    let module = match parsed {
        Ok(m) => m,
        Err(d) => return Ok(Outcome::Skipped(ctx.render_diagnostic(&d))),
    };
    check_module(&mut ctx, module, pipeline)
}

fn programs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test");
    let mut out = Vec::new();
    for (dir, exts) in [
        ("Interp", &["tail", "mlir"][..]),
        ("Frontend/TailText", &["tail"][..]),
    ] {
        for e in walkdir::WalkDir::new(root.join(dir)).sort_by_file_name() {
            let e = e.expect("readable test directory");
            let p = e.path();
            if p.components().any(|c| c.as_os_str() == "Inputs") {
                continue;
            }
            if p.extension()
                .and_then(|x| x.to_str())
                .is_some_and(|x| exts.contains(&x))
            {
                out.push(p.to_path_buf());
            }
        }
    }
    out
}

/// Whether `path` is a negative test (a program that must fail to import, verify or run):
/// the suite names them `err_*`, `err-*` or `errors.*`.
fn is_negative(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.starts_with("err_") || name.starts_with("err-") || name.starts_with("errors.")
}

fn check_all(pipeline: &str) {
    let files = programs();
    assert!(files.len() > 10, "found only {} programs", files.len());
    let mut failures = Vec::new();
    let mut same = 0;
    for f in &files {
        match (check_file(f, pipeline), is_negative(f)) {
            (Ok(Outcome::Same), false) => same += 1,
            (Ok(Outcome::Skipped(_)), true) => {}
            (Ok(Outcome::Same), true) => failures.push(format!(
                "{}: a negative test (by its name) that runs without error",
                f.display()
            )),
            (Ok(Outcome::Skipped(why)), false) => failures.push(format!(
                "{}: does not run before the conversion:\n{why}",
                f.display()
            )),
            (Err(e), _) => failures.push(format!("{}: {e}", f.display())),
        }
    }
    assert!(same > 0, "no program ran");
    assert!(
        failures.is_empty(),
        "{} of {} programs differ after {pipeline} ({same} agree):\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}

#[test]
fn interpreter_agrees_after_convert_tail_to_soac() {
    tail_conversion::link();
    // `canonicalize` first: `transp2` needs its axis vector folded to a literal.
    check_all("canonicalize,convert-tail-to-soac");
}

#[test]
fn interpreter_agrees_after_tail_to_soac_pipeline() {
    tail_conversion::link();
    check_all("tail-to-soac");
}
