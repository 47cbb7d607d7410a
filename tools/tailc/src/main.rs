//! `tailc`: tail's driver.
//!
//! `tailc run [--target=interp|cpu|cuda] prog.{apl,tail,fcl,mlir}` compiles APL (`.apl`, through
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
//!
//! An FCL program (`.fcl`) is compiled with the FCL prelude to the `hpar` dialect
//! (`tail_fcl::lower`, like `tail-translate --fcl-to-hpar`), and its entry function
//! (`--entry`, default `main`) runs on the arguments given by `--input`, one per parameter
//! in order: a number for a scalar parameter; for a `memref` parameter a comma-separated list
//! (`1,2,3`), `iota:N` (`0, 1, …, N-1`) or `@FILE` (numbers separated by white space or
//! commas), of the parameter's element type. `--after=canonicalize,convert-hpar-to-gpu` runs
//! it at the `gpu` level. The printed value is the function's result (arrays as
//! `[shape](elements)`).

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
        /// The function to run: `main` by default (for APL and TAIL programs it is always
        /// `main`, which takes no arguments).
        #[arg(long, default_value = "main")]
        entry: String,
        /// The entry function's arguments, one `--input` per parameter: a number, a
        /// comma-separated list, `iota:N` or `@FILE` (see the crate docs).
        #[arg(long = "input", value_name = "VALUE")]
        inputs: Vec<String>,
        /// The program: APL (`.apl`), TAIL text as apltail prints it (`.tail`), FCL (`.fcl`),
        /// or MLIR text (any other extension, normally `.mlir`).
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
    tail_soac::link();
    tail_hpar::link();
    tail_gpu::link();
    tail_transforms::link();
    tail_conversion::link();
    tail_fusion::link();
    tail_kernels::link();
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
            entry,
            inputs,
            input,
        } => run(target, after.as_deref(), &entry, &inputs, &input),
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

fn run(
    target: Target,
    after: Option<&str>,
    entry: &str,
    inputs: &[String],
    input: &str,
) -> ExitCode {
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
    } else if input.ends_with(".fcl") {
        tail_fcl::lower(&mut ctx, input, &text, entry)
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
    let args = if entry == "main" && inputs.is_empty() && !input.ends_with(".fcl") {
        None
    } else {
        match arguments(&ctx, module, entry, inputs) {
            Ok(a) => Some(a),
            Err(e) => {
                eprintln!("tailc: error: {e}");
                return ExitCode::FAILURE;
            }
        }
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let result = match args {
        None => tail_interp::run_module(&ctx, module, &mut out),
        Some(args) => tail_interp::run_function(&ctx, module, entry, args, &mut out),
    };
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

/// The interpreter values of `--input`s for the parameters of `@entry`.
fn arguments(
    ctx: &Context,
    module: tail_ir::OpId,
    entry: &str,
    inputs: &[String],
) -> Result<Vec<tail_interp::Value>, String> {
    let f = ctx
        .walk_preorder(module)
        .into_iter()
        .find(|&o| {
            ctx.op_is(o, "func.func")
                && ctx
                    .attr(o, "sym_name")
                    .and_then(|a| ctx.attr_as_str(a))
                    .is_some_and(|n| n == entry)
        })
        .ok_or_else(|| format!("the program has no function @{entry}"))?;
    let params: Vec<tail_ir::Type> = ctx
        .entry_block(ctx.region(f, 0))
        .map(|b| {
            ctx.block_args(b)
                .iter()
                .map(|&a| ctx.value_type(a))
                .collect()
        })
        .unwrap_or_default();
    if params.len() != inputs.len() {
        return Err(format!(
            "@{entry} takes {} arguments, but {} --input values were given",
            params.len(),
            inputs.len()
        ));
    }
    params
        .iter()
        .zip(inputs)
        .enumerate()
        .map(|(i, (&t, s))| {
            argument(ctx, t, s).map_err(|e| format!("--input #{} ('{s}'): {e}", i + 1))
        })
        .collect()
}

/// One argument of type `t` from its `--input` text.
fn argument(ctx: &Context, t: tail_ir::Type, s: &str) -> Result<tail_interp::Value, String> {
    use tail_interp::{Array, Kind, Scalar, Value};
    use tail_ir::TypeKind;
    let (shape, elem) = match ctx.type_kind(t) {
        TypeKind::MemRef { shape, elem, .. } => (Some(shape.clone()), *elem),
        _ => (None, t),
    };
    let kind = match ctx.type_kind(elem) {
        TypeKind::Float(_) => Kind::Double,
        TypeKind::Integer { width: 1, .. } => Kind::Bool,
        TypeKind::Integer { width: 32, .. } => Kind::Int,
        TypeKind::Integer { .. } | TypeKind::Index => Kind::Index,
        _ => {
            return Err(format!(
                "parameters of type '{}' are not supported",
                ctx.type_to_string(t)
            ))
        }
    };
    let scalar = |w: &str| -> Result<Scalar, String> {
        let w = w.trim();
        let bad = || format!("'{w}' is not a number of the parameter's element type");
        Ok(match kind {
            Kind::Double => Scalar::Double(w.parse().map_err(|_| bad())?),
            Kind::Bool => Scalar::Bool(match w {
                "0" => false,
                "1" => true,
                _ => return Err(bad()),
            }),
            Kind::Int => Scalar::Int(w.parse().map_err(|_| bad())?),
            _ => Scalar::Index(w.parse().map_err(|_| bad())?),
        })
    };
    let Some(shape) = shape else {
        return Ok(Value::Scalar(scalar(s)?));
    };
    if shape.len() != 1 {
        return Err("only rank-1 memref parameters can be given".into());
    }
    let data: Vec<Scalar> = if let Some(n) = s.strip_prefix("iota:") {
        let n: usize = n
            .trim()
            .parse()
            .map_err(|_| format!("'{n}' is not a length"))?;
        (0..n)
            .map(|i| scalar(&i.to_string()))
            .collect::<Result<_, _>>()?
    } else {
        let text = match s.strip_prefix('@') {
            Some(path) => std::fs::read_to_string(path)
                .map_err(|e| format!("could not read '{path}': {e}"))?,
            None => s.to_string(),
        };
        text.split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .map(scalar)
            .collect::<Result<_, _>>()?
    };
    if shape[0] != tail_ir::DYNAMIC && shape[0] as usize != data.len() {
        return Err(format!("expects {} elements, got {}", shape[0], data.len()));
    }
    Ok(Value::from_array(Array::vector(kind, data)))
}
