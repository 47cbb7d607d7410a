//! Runs programs in the reference interpreter before and after `convert-tail-to-soac` (and
//! after the whole `tail-to-soac` pipeline) and compares what they print and return.
//!
//! Every `.tail` program under `test/Interp` and `test/Frontend/TailText` and every `.mlir`
//! under `test/Interp` is checked. Negative tests are known by their names (`err_*`, `err-*`,
//! `errors.*`): they must fail to import, verify or run *before* the conversion; every other
//! program must run before it and give the same output after it.
//! [`check_module`] takes a parsed module, so other front ends (`.apl`) can reuse it.

use std::path::{Path, PathBuf};

use tail_ir::Context;

mod common;
use common::{check_module, Outcome};

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
