//! Every APL program of the suite (`test/Frontend/APL`, its `programs/` included, but not
//! `driver/` nor the negative `err-*` tests) that reaches the gpu level gives the same output
//! in the reference interpreter after `convert-gpu-to-cpu` (the `tail-to-cpu` pipeline:
//! `tail-to-gpu` with sequential scans, `tail_cpu::KERNELS_FOR_CPU`, then
//! `convert-gpu-to-cpu,canonicalize,cse`) as at the `tail` level, and the
//! converted module holds only host dialects (`builtin`, `func`, `scf`, `arith`, `math`,
//! `memref`, `index`, and the `tail` I/O ops kept on the host).
//!
//! A program that `tail-to-gpu` rejects with a located error must be listed in
//! `passes/kernels/tests/known-failures.txt` (read here at run time; that file's own test
//! checks it both ways) and is skipped. The CPU conversion itself has no known failures: any
//! error, mismatch or runtime failure after `tail-to-gpu` succeeded fails the test.
//!
//! The programs run in their own directory (`⎕ReadFile` names files relative to it), so this
//! file holds a single test: the working directory is per process.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use tail_ir::pass::PassManager;
use tail_ir::{Context, OpId};

fn known_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../kernels/tests/known-failures.txt")
}

/// The dialects a converted module may hold.
const HOST_DIALECTS: &[&str] = &[
    "builtin", "func", "scf", "arith", "math", "memref", "index", "tail",
];

fn programs() -> Vec<PathBuf> {
    tail_lit::apl_programs(false, false)
}

/// The programs listed in the kernel level's known-failure file.
fn read_known() -> BTreeSet<String> {
    let text = std::fs::read_to_string(known_file()).expect("readable known-failures.txt");
    text.lines()
        .filter_map(|l| l.split('#').next())
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

/// Output (prints and result) of running `module`, or the rendered runtime error.
fn run(ctx: &Context, module: OpId) -> Result<String, String> {
    tail_interp::run_output(ctx, module)
}

fn compile(path: &Path, text: &str) -> Result<(Context, OpId), String> {
    let mut ctx = Context::new();
    let name = path.display().to_string();
    let m = tail_apl::compile(&mut ctx, &name, text).map_err(|d| ctx.render_diagnostic(&d))?;
    tail_ir::verifier::verify(&ctx, m).map_err(|d| ctx.render_diagnostic(&d))?;
    Ok((ctx, m))
}

/// Runs `pipeline` on `m`; the rendered diagnostics on failure.
fn apply(ctx: &mut Context, m: OpId, pipeline: &str) -> Result<(), String> {
    let mut pm = PassManager::parse(&format!("builtin.module({pipeline})"))
        .unwrap_or_else(|e| panic!("bad pipeline {pipeline}: {e:?}"));
    pm.run(ctx, m).map_err(|e| {
        let ds = ctx.take_diagnostics();
        let r: Vec<String> = ds.iter().map(|d| ctx.render_diagnostic(d)).collect();
        format!("{e}\n{}", r.join(""))
    })
}

/// What happened to one program.
enum Outcome {
    Agrees,
    /// `tail-to-gpu` rejected it (listed as a known failure of the kernel levels).
    Skipped,
    Failed(String),
}

fn check(f: &Path, rel: &str, text: &str, known: &BTreeSet<String>) -> Outcome {
    let want = match compile(f, text).and_then(|(ctx, m)| run(&ctx, m)) {
        Ok(s) => s,
        Err(e) => return Outcome::Failed(format!("does not run at the tail level:\n{e}")),
    };
    let (mut ctx, m) = match compile(f, text) {
        Ok(x) => x,
        Err(e) => return Outcome::Failed(e),
    };
    if let Err(e) = apply(&mut ctx, m, tail_cpu::KERNELS_FOR_CPU) {
        return if known.contains(rel) {
            Outcome::Skipped
        } else {
            Outcome::Failed(format!(
                "tail-to-gpu rejects it but passes/kernels/tests/known-failures.txt does not list it:\n{e}"
            ))
        };
    }
    if let Err(e) = apply(&mut ctx, m, "convert-gpu-to-cpu,canonicalize,cse") {
        return Outcome::Failed(format!("convert-gpu-to-cpu fails:\n{e}"));
    }
    let ir = |ctx: &Context| ctx.print_op_to_string(m, Default::default());
    if let Some(o) = ctx.walk_preorder(m).into_iter().find(|&o| {
        let d = ctx.op_name_str(o).split('.').next().unwrap_or("");
        !HOST_DIALECTS.contains(&d)
    }) {
        return Outcome::Failed(format!(
            "the converted module holds '{}'\n--- IR ---\n{}",
            ctx.op_name_str(o),
            ir(&ctx)
        ));
    }
    match run(&ctx, m) {
        Ok(got) if got == want => Outcome::Agrees,
        Ok(got) => Outcome::Failed(format!(
            "output differs\n--- tail ---\n{want}--- cpu ---\n{got}--- IR ---\n{}",
            ir(&ctx)
        )),
        Err(e) => Outcome::Failed(format!(
            "the converted program fails:\n{e}\n--- IR ---\n{}",
            ir(&ctx)
        )),
    }
}

#[test]
fn apl_programs_agree_on_the_cpu_backend() {
    tail_conversion::link();
    tail_cpu::link();
    let root = tail_lit::apl_root();
    let files = programs();
    assert!(files.len() > 100, "found only {} APL programs", files.len());
    let known = read_known();
    let (mut agree, mut skipped) = (0, 0);
    let mut failures = Vec::new();
    for f in &files {
        let rel = f
            .strip_prefix(&root)
            .expect("under the root")
            .to_string_lossy()
            .into_owned();
        let text = std::fs::read_to_string(f).expect("readable program");
        std::env::set_current_dir(f.parent().expect("a directory")).expect("enter its directory");
        match check(f, &rel, &text, &known) {
            Outcome::Agrees => agree += 1,
            Outcome::Skipped => skipped += 1,
            Outcome::Failed(e) => failures.push(format!("{rel}: {e}")),
        }
    }
    eprintln!(
        "{agree} of {} APL programs agree on the CPU backend; {skipped} do not reach the gpu level (known failures of the kernel levels)",
        files.len()
    );
    assert!(
        failures.is_empty(),
        "{} APL programs fail on the CPU backend:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
