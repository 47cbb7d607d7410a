//! Every APL program of the suite (`test/Frontend/APL`, its `programs/` included, but not
//! `driver/` nor the negative `err-*` tests) gives the same output in the reference
//! interpreter at the kernel levels as at the `tail` level (issue 6's acceptance):
//!
//! * stage `hpar`: after `tail-to-soac,func.func(soac-opt),convert-soac-to-hpar`;
//! * stage `gpu`: after `tail-to-gpu` if that pipeline is declared, else
//!   `tail-to-soac,soac-to-gpu` (kernels run block by block, threads in lockstep phases).
//!
//! A program that kernel extraction rejects (a located error) is a *known failure*, listed in
//! `known-failures.txt` next to this file as `<program> <stage>`: the first stage that
//! rejects it (`gpu` means `hpar` agrees). The list is checked both ways: a listed program
//! must still be rejected at that stage, an unlisted one must agree at both stages. A
//! program that is converted but runs differently (or fails at run time) is always a failure.
//! Run with `TAIL_BLESS=1` to rewrite the list from the current results (then review the
//! diff: mismatches are never blessed).
//!
//! The programs run in their own directory (`⎕ReadFile` names files relative to it), so this
//! file holds a single test: the working directory is per process.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use tail_ir::pass::PassManager;
use tail_ir::{Context, OpId};

fn known_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/known-failures.txt")
}

fn programs() -> Vec<PathBuf> {
    tail_lit::apl_programs(false, false)
}

/// Output (prints and result) of running `module`, or the rendered runtime error.
fn run(ctx: &Context, module: OpId) -> Result<String, String> {
    tail_interp::run_output(ctx, module)
}

/// The result of one stage.
enum Stage {
    /// Same output as the `tail` interpreter.
    Agrees,
    /// The pipeline rejected the program with a located error (the first line of it).
    Rejected(String),
    /// Anything else: a mismatch, a runtime failure, an unlocated error.
    Broken(String),
}

fn compile(path: &Path, text: &str) -> Result<(Context, OpId), String> {
    let mut ctx = Context::new();
    let name = path.display().to_string();
    let m = tail_apl::compile(&mut ctx, &name, text).map_err(|d| ctx.render_diagnostic(&d))?;
    tail_ir::verifier::verify(&ctx, m).map_err(|d| ctx.render_diagnostic(&d))?;
    Ok((ctx, m))
}

fn stage(path: &Path, text: &str, pipeline: &str, want: &str) -> Stage {
    let (mut ctx, m) = match compile(path, text) {
        Ok(x) => x,
        Err(e) => return Stage::Broken(format!("does not compile: {e}")),
    };
    let mut pm = match PassManager::parse(&format!("builtin.module({pipeline})")) {
        Ok(pm) => pm,
        Err(e) => return Stage::Broken(format!("bad pipeline {pipeline}: {e:?}")),
    };
    if let Err(e) = pm.run(&mut ctx, m) {
        let ds = ctx.take_diagnostics();
        let rendered: Vec<String> = ds.iter().map(|d| ctx.render_diagnostic(d)).collect();
        let file = path.display().to_string();
        // Located: the error points into the program's source.
        return match rendered.first() {
            Some(r) if r.starts_with(&format!("{file}:")) => {
                let first = r.lines().next().unwrap_or("");
                Stage::Rejected(first[file.len() + 1..].to_string())
            }
            _ => Stage::Broken(format!(
                "the pipeline fails without a located error: {e}\n{}",
                rendered.join("")
            )),
        };
    }
    let ir = || ctx.print_op_to_string(m, Default::default());
    match run(&ctx, m) {
        Ok(got) if got == want => Stage::Agrees,
        Ok(got) => Stage::Broken(format!(
            "output differs\n--- tail ---\n{want}--- {pipeline} ---\n{got}--- IR ---\n{}",
            ir()
        )),
        Err(e) => Stage::Broken(format!(
            "the converted program fails:\n{e}\n--- IR ---\n{}",
            ir()
        )),
    }
}

/// The first rejecting stage of each listed program.
fn read_known() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(known_file()).unwrap_or_default();
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut it = line.split_whitespace();
        let (Some(p), Some(s)) = (it.next(), it.next()) else {
            panic!("known-failures.txt: malformed line '{line}' (want '<program> <stage>')");
        };
        assert!(
            s == "hpar" || s == "gpu",
            "known-failures.txt: stage '{s}' of {p} is neither hpar nor gpu"
        );
        assert!(
            out.insert(p.to_string(), s.to_string()).is_none(),
            "known-failures.txt: {p} listed twice"
        );
    }
    out
}

#[test]
fn apl_programs_agree_at_hpar_and_gpu_levels() {
    tail_conversion::link();
    tail_kernels::link();
    let gpu_pipeline = if PassManager::parse("builtin.module(tail-to-gpu)").is_ok() {
        "tail-to-gpu"
    } else {
        "tail-to-soac,soac-to-gpu"
    };
    let hpar_pipeline = "tail-to-soac,func.func(soac-opt),convert-soac-to-hpar";
    let root = tail_lit::apl_root();
    let files = programs();
    assert!(files.len() > 100, "found only {} APL programs", files.len());
    let known = read_known();
    let mut failures = Vec::new();
    let mut rejected: Vec<(String, &str, String)> = Vec::new();
    let mut agree = 0;
    for f in &files {
        let rel = f
            .strip_prefix(&root)
            .expect("under the root")
            .to_string_lossy()
            .into_owned();
        let text = std::fs::read_to_string(f).expect("readable program");
        std::env::set_current_dir(f.parent().expect("a directory")).expect("enter its directory");
        let want = match compile(f, &text).and_then(|(ctx, m)| run(&ctx, m)) {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("{rel}: does not run at the tail level:\n{e}"));
                continue;
            }
        };
        let mut first_rejection = None;
        for (name, pipeline) in [("hpar", hpar_pipeline), ("gpu", gpu_pipeline)] {
            match stage(f, &text, pipeline, &want) {
                Stage::Agrees => {}
                Stage::Rejected(why) => {
                    first_rejection = Some((name, why));
                    break;
                }
                Stage::Broken(e) => {
                    failures.push(format!("{rel} ({name}): {e}"));
                    first_rejection = Some((name, String::new()));
                    break;
                }
            }
        }
        match (first_rejection, known.get(&rel)) {
            (None, None) => agree += 1,
            (None, Some(s)) => failures.push(format!(
                "{rel}: listed as rejected at {s} but agrees now; remove it from known-failures.txt"
            )),
            (Some((_, why)), _) if why.is_empty() => {}
            (Some((s, why)), Some(k)) if k == s => rejected.push((rel, s, why)),
            (Some((s, why)), k) => {
                failures.push(format!(
                    "{rel}: rejected at {s} ({why}), but known-failures.txt says {}",
                    k.map_or("it agrees".to_string(), |k| format!(
                        "it is rejected at {k}"
                    ))
                ));
                rejected.push((rel, s, why));
            }
        }
    }
    for k in known.keys() {
        if !files.iter().any(|f| {
            f.strip_prefix(&root)
                .is_ok_and(|r| r.to_string_lossy() == *k)
        }) {
            failures.push(format!("{k}: listed in known-failures.txt but not found"));
        }
    }
    if std::env::var_os("TAIL_BLESS").is_some() {
        let mut s = String::from(
            "# APL programs (relative to test/Frontend/APL) that kernel extraction rejects, with the\n\
             # first stage that rejects them (hpar: convert-soac-to-hpar; gpu: the gpu pipeline).\n\
             # Checked both ways by passes/kernels/tests/run.rs; regenerate with TAIL_BLESS=1.\n",
        );
        for (p, st, why) in &rejected {
            s.push_str(&format!("{p} {st}  # {why}\n"));
        }
        std::fs::write(known_file(), s).expect("write known-failures.txt");
    }
    let (nh, ng) = (
        rejected.iter().filter(|r| r.1 == "hpar").count(),
        rejected.iter().filter(|r| r.1 == "gpu").count(),
    );
    eprintln!(
        "{agree} of {} APL programs agree at the hpar and gpu levels; {nh} rejected by convert-soac-to-hpar, {ng} by the gpu lowering (known failures)",
        files.len()
    );
    assert!(
        failures.is_empty(),
        "{} APL programs fail at the kernel levels:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
