//! Every APL program of the suite (`test/Frontend/APL`, its `programs/` with the nine
//! benchmark programs, but not `driver/`, whose files test the command-line tools) gives the
//! same output in the reference interpreter before and after the `tail-to-soac` pipeline —
//! what `tailc run --after=tail-to-soac prog.apl` checks program by program.
//!
//! Negative tests (`err-*.apl`) must fail to compile or run before the conversion; every
//! other program must run. Programs that cannot be lowered yet are listed in [`KNOWN_FAILURES`]
//! with the reason; each must still fail (so the list shrinks as the lowering improves).
//!
//! The programs run in their own directory (`⎕ReadFile` names files relative to it), so this
//! file holds a single test: the working directory is per process.

use std::path::{Path, PathBuf};

use tail_ir::Context;

mod common;
use common::{check_module, Outcome};

/// Programs whose lowering is known to fail, relative to `test/Frontend/APL`, with the reason.
const KNOWN_FAILURES: &[(&str, &str)] = &[];

fn programs() -> Vec<PathBuf> {
    tail_lit::apl_programs(false, true)
}

fn check_file(path: &Path) -> Result<Outcome, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    std::env::set_current_dir(path.parent().expect("a directory"))
        .map_err(|e| format!("cannot enter the program's directory: {e}"))?;
    let mut ctx = Context::new();
    let name = path.display().to_string();
    let module = match tail_apl::compile(&mut ctx, &name, &text) {
        Ok(m) => m,
        Err(d) => return Ok(Outcome::Skipped(ctx.render_diagnostic(&d))),
    };
    check_module(&mut ctx, module, "tail-to-soac")
}

#[test]
fn apl_programs_agree_after_tail_to_soac() {
    tail_conversion::link();
    let root = tail_lit::apl_root();
    let files = programs();
    assert!(files.len() > 100, "found only {} APL programs", files.len());
    let benchmarks = files
        .iter()
        .filter(|f| f.parent().is_some_and(|d| d.ends_with("programs")))
        .count();
    assert!(
        benchmarks >= 9,
        "found only {benchmarks} programs under programs/"
    );
    let mut failures = Vec::new();
    let mut known_seen = Vec::new();
    let (mut same, mut negative) = (0, 0);
    for f in &files {
        let rel = f
            .strip_prefix(&root)
            .expect("under the root")
            .to_string_lossy()
            .into_owned();
        let is_negative = f
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with("err-"));
        let known = KNOWN_FAILURES.iter().find(|(k, _)| *k == rel);
        let outcome = check_file(f);
        match (outcome, is_negative, known) {
            (Ok(Outcome::Skipped(_)), true, None) => negative += 1,
            (Ok(Outcome::Same), false, None) => same += 1,
            (Err(_), false, Some(_)) => known_seen.push(rel),
            (Ok(Outcome::Same), false, Some((_, why))) => failures.push(format!(
                "{rel}: listed as a known failure ({why}) but agrees now; remove it from the list"
            )),
            (Ok(Outcome::Same), true, _) => {
                failures.push(format!("{rel}: a negative test that runs without error"))
            }
            (Ok(Outcome::Skipped(why)), false, _) => {
                failures.push(format!("{rel}: does not run before the conversion:\n{why}"))
            }
            (Err(e), _, _) => failures.push(format!("{rel}: {e}")),
            (Ok(Outcome::Skipped(_)), true, Some(_)) => {
                failures.push(format!("{rel}: a negative test listed as a known failure"))
            }
        }
    }
    for (k, _) in KNOWN_FAILURES {
        if !known_seen.iter().any(|s| s == k) && !failures.iter().any(|f| f.starts_with(k)) {
            failures.push(format!("{k}: listed as a known failure but not found"));
        }
    }
    eprintln!(
        "{same} APL programs agree, {negative} negative tests, {} known failures",
        known_seen.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} APL programs fail after tail-to-soac ({same} agree):\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}
