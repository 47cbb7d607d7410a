//! `tailc`: tail's driver.
//!
//! `tailc run [--target=interp|cpu|cuda] prog.{apl,tail,mlir}` compiles APL (`.apl`, through
//! `tail-apl`), imports TAIL text (`.tail`, through `tail-text`) or parses MLIR text, verifies the module in the `tail` dialect, runs its
//! `@main` and prints, exactly like apltail, the output of the print primitives followed by the
//! program's final value (`[](65780.0)`). Only the reference interpreter (`interp`, the default
//! for now) is available; `cpu` and `cuda` are reported as not available yet. Errors are
//! rendered diagnostics (`file:line:col: error: …`), exit status 1.
//!
//! `--after=<pipeline>` runs a pass pipeline on the verified module before interpreting it, as
//! `tail-opt --pass-pipeline` would: a named pipeline or pass (`tail-to-soac`), a list of them
//! (`canonicalize,convert-tail-to-soac`), or a full pipeline string anchored on the module
//! (`builtin.module(tail-to-soac)`); anything not starting with `builtin.module(` is nested
//! in it. The interpreter then runs the lowered program (the `soac` dialect, with the kept
//! `tail` I/O ops behind `builtin.unrealized_conversion_cast`), so
//! `tailc run --after=tail-to-soac prog.apl` checks the lowering on a whole program.

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use tail_ir::pass::PassManager;
use tail_ir::Context;

#[derive(Parser)]
#[command(name = "tailc", about = "tail's driver: run TAIL programs", version)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run a program's @main and print its output and final value as apltail does.
    Run {
        /// Backend to run on. Only `interp` (the reference interpreter) is implemented; it is
        /// the default for now.
        #[arg(long, value_enum, default_value_t = Target::Interp)]
        target: Target,
        /// Run this pass pipeline on the module before running it: a named pipeline or pass
        /// (`tail-to-soac`), a comma-separated list, or `builtin.module(…)`.
        #[arg(long, value_name = "PIPELINE")]
        after: Option<String>,
        /// The program: APL (`.apl`), TAIL text as apltail prints it (`.tail`), or MLIR text
        /// in the tail dialect (any other extension, normally `.mlir`).
        input: String,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Target {
    /// The reference interpreter (default).
    Interp,
    /// Native code for the CPU (not available yet).
    Cpu,
    /// CUDA GPUs (not available yet).
    Cuda,
}

fn main() -> ExitCode {
    tail_builtin::link();
    tail_dialect::link();
    tail_conversion::link();
    tail_cpu::link();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match cli.cmd {
        Cmd::Run {
            target,
            after,
            input,
        } => run(target, after.as_deref(), &input),
    }
}

/// The pipeline string for `--after`: `builtin.module(…)` as given, anything else nested in it.
fn anchored(pipeline: &str) -> String {
    let p = pipeline.trim();
    if p.starts_with("builtin.module(") {
        p.to_string()
    } else {
        format!("builtin.module({p})")
    }
}

fn run(target: Target, after: Option<&str>, input: &str) -> ExitCode {
    match target {
        Target::Interp => {}
        Target::Cpu | Target::Cuda => {
            let name = if target == Target::Cpu { "cpu" } else { "cuda" };
            eprintln!(
                "tailc: error: the '{name}' backend is not available yet; use --target=interp"
            );
            return ExitCode::FAILURE;
        }
    }
    let text = match std::fs::read(input) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(t) => t,
            Err(_) => {
                eprintln!("tailc: error: '{input}' is not valid UTF-8");
                return ExitCode::FAILURE;
            }
        },
        Err(e) => {
            eprintln!("tailc: error: could not open input file '{input}': {e}");
            return ExitCode::FAILURE;
        }
    };
    // Validate the pipeline before reading the program.
    let mut pm = match after.map(|p| PassManager::parse(&anchored(p))).transpose() {
        Ok(pm) => pm,
        Err(e) => {
            eprint!("tailc: error: invalid --after pipeline\n{}", e.render());
            return ExitCode::FAILURE;
        }
    };
    let mut ctx = Context::new();
    let parsed = if input.ends_with(".tail") {
        tail_text::import(&mut ctx, input, &text)
    } else if input.ends_with(".apl") {
        tail_apl::compile(&mut ctx, input, &text)
    } else {
        tail_ir::parser::parse_source(&mut ctx, input, &text)
    };
    let module = match parsed {
        Ok(m) => m,
        Err(d) => {
            eprint!("{}", ctx.render_diagnostic(&d));
            return ExitCode::FAILURE;
        }
    };
    if let Err(d) = tail_ir::verifier::verify(&ctx, module) {
        eprint!("{}", ctx.render_diagnostic(&d));
        return ExitCode::FAILURE;
    }
    if let Some(pm) = pm.as_mut() {
        if let Err(e) = pm.run(&mut ctx, module) {
            let ds = ctx.take_diagnostics();
            for d in &ds {
                eprint!("{}", ctx.render_diagnostic(d));
            }
            if ds.is_empty() {
                eprintln!("tailc: error: {e}");
            }
            return ExitCode::FAILURE;
        }
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let result = tail_interp::run_module(&ctx, module, &mut out);
    match result {
        Ok(v) => {
            let _ = writeln!(out, "{}", tail_interp::format_value(&v));
            let _ = out.flush();
            ExitCode::SUCCESS
        }
        Err(d) => {
            let _ = out.flush();
            eprint!("{}", ctx.render_diagnostic(&d));
            ExitCode::FAILURE
        }
    }
}
