//! `tailc`: tail's driver.
//!
//! `tailc run [--target=interp|cpu|cuda] prog.{apl,tail,fcl,mlir}` compiles APL (`.apl`, through
//! `tail-apl`), imports TAIL text (`.tail`, through `tail-text`) or parses MLIR text, verifies
//! the module in the `tail` dialect, runs its `@main` and prints, exactly like apltail, the
//! output of the print primitives followed by the program's final value (`[](65780.0)`).
//! Errors are rendered diagnostics (`file:line:col: error: …`), exit status 1. An APL program
//! may be given as several `.apl` files, read in order as one program, as apltail reads
//! `prelude.apl prog.apl` (`tail_apl::compile_files`): each diagnostic and each failed
//! run-time check of the compiled program names the file it is in.
//!
//! Targets: `interp` is the reference interpreter; `cpu` and `cuda` compile the program to a
//! native executable (as `tailc build --target=cpu|cuda`, in a temporary directory) and run
//! it. Without `--target`, `tailc run` picks `cuda` when a CUDA driver
//! and GPU are present, else `cpu`; it uses `interp` when `--after` is given (it runs an IR
//! level that only the interpreter takes). `--input` values are passed to the compiled
//! program, which reads them as the interpreter does.
//!
//! `tailc build prog.{apl,tail,fcl,mlir} -o prog [--target=cpu|cuda] [--emit=exe|obj|llvm|mlir]`
//! compiles the program: for `cuda`, the gpu level with its kernels compiled to PTX
//! (`--chip`), embedded and loaded by the CUDA driver at startup, the host code calling the
//! runtime's `mgpu*` functions (`tail_codegen::host::compile_cuda_host_module`); for `cpu`,
//! through `tail-to-cpu-rt` (the kernels as host code, runtime calls),
//! upstream MLIR's LLVM lowering and LLVM (`tail_codegen::host`, O3 for the host CPU; `--cpu`
//! names another CPU) into an object file and links it with the runtime library `libtail_rt.a`
//! (`cc … -lpthread -ldl -lm`) into a standalone executable that takes `--time` and `--runs N`
//! (docs/RUNTIME.md). The runtime library is looked up as `$TAIL_RT_LIB`, then next to the
//! `tailc` executable, then in `../lib` from it. Nothing is written to `-o` on an error.
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
#[command(
    name = "tailc",
    about = "tail's driver: build and run APL, TAIL, FCL and MLIR programs",
    version
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run a program's @main and print its output and final value as apltail does.
    Run {
        /// Backend to run on: `interp`, `cpu` or `cuda`. Default: `cuda` when a GPU is present,
        /// else `cpu`; `interp` with `--after`.
        #[arg(long, value_enum)]
        target: Option<Target>,
        /// Report the run time on standard error (`time: total T ms`).
        #[arg(long)]
        time: bool,
        /// Run the program N times (output printed once; with `--time` one line per run).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
        runs: Option<u64>,
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
        /// or MLIR text (any other extension, normally `.mlir`). An APL program may be given
        /// as several files, read in order as one program (`prelude.apl prog.apl`).
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
    },
    /// Compile a program to a standalone executable (or an object file, LLVM IR, host MLIR).
    Build {
        /// The output file; `-` writes the text forms (`--emit=llvm|mlir`) to standard output.
        #[arg(short = 'o', value_name = "FILE")]
        output: String,
        /// Where the executable runs its kernels: `cpu` (all cores) or `cuda` (an NVIDIA GPU;
        /// the executable loads the CUDA driver when it starts).
        #[arg(long, value_enum, default_value_t = BuildTarget::Cpu)]
        target: BuildTarget,
        /// What to write: an executable, the object file, the optimized LLVM IR, or the host
        /// IR after `tail-to-cpu-rt` (before the LLVM lowering).
        #[arg(long, value_enum, default_value_t = Emit::Exe)]
        emit: Emit,
        /// The CPU to compile for (LLVM's name, e.g. `x86-64`, `znver3`); the host's CPU by
        /// default.
        #[arg(long, value_name = "NAME")]
        cpu: Option<String>,
        /// LLVM optimization level, 0 to 3.
        #[arg(short = 'O', value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u8).range(0..=3))]
        opt_level: u8,
        /// The GPU architecture of `--target=cuda` (`sm_80` or `sm_90`).
        #[arg(long, default_value = "sm_90")]
        chip: String,
        /// The function the program runs (`main`).
        #[arg(long, default_value = "main")]
        entry: String,
        /// The program: APL (`.apl`), TAIL text (`.tail`), FCL (`.fcl`) or MLIR text. An APL
        /// program may be given as several files, read in order as one program.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum BuildTarget {
    /// Native code for the CPU: kernels as host code on a thread pool.
    Cpu,
    /// CUDA GPUs: kernels as embedded PTX, host code calling the CUDA driver.
    Cuda,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Emit {
    /// A standalone executable.
    Exe,
    /// The object file of the program (link it with libtail_rt.a).
    Obj,
    /// The optimized LLVM IR.
    Llvm,
    /// The host IR after `tail-to-cpu-rt`.
    Mlir,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Target {
    /// The reference interpreter.
    Interp,
    /// Native code for the CPU (a program built as `tailc build --target=cpu`).
    Cpu,
    /// NVIDIA GPUs through the CUDA driver (a program built as `tailc build --target=cuda`, its
    /// kernels PTX that the driver compiles for the GPU).
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
            time,
            runs,
            after,
            entry,
            inputs,
            files,
        } => {
            let target = target.unwrap_or(if after.is_some() {
                Target::Interp
            } else if tail_rt::cuda::tail_rt_cuda_available() != 0 {
                Target::Cuda
            } else {
                Target::Cpu
            });
            let timing = Timing { time, runs };
            match target {
                Target::Interp => run(after.as_deref(), &entry, &inputs, &files, timing),
                Target::Cpu => run_native(
                    BuildTarget::Cpu,
                    after.as_deref(),
                    &entry,
                    &inputs,
                    &files,
                    timing,
                ),
                Target::Cuda => run_native(
                    BuildTarget::Cuda,
                    after.as_deref(),
                    &entry,
                    &inputs,
                    &files,
                    timing,
                ),
            }
        }
        Cmd::Build {
            output,
            target,
            emit,
            cpu,
            opt_level,
            chip,
            entry,
            files,
        } => {
            let Some(chip) = tail_codegen::ptx::Chip::parse(&chip) else {
                eprintln!("tailc: error: unknown chip '{chip}' (expected sm_80 or sm_90)");
                return ExitCode::FAILURE;
            };
            let opts = BuildOptions {
                target,
                host: tail_codegen::host::HostOptions {
                    opt_level,
                    cpu,
                    sources: Vec::new(),
                },
                chip,
            };
            match build(&files, &entry, emit, &opts, std::path::Path::new(&output)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(code) => code,
            }
        }
    }
}

/// `--time` and `--runs N` of `tailc run`.
#[derive(Clone, Copy)]
struct Timing {
    time: bool,
    runs: Option<u64>,
}

/// Reads, parses and verifies a program (the FCL entry `entry` for `.fcl`); errors are
/// printed.
fn load(files: &[String], entry: &str) -> Result<(Context, tail_ir::OpId), ExitCode> {
    load_with_text(files, entry).map(|(ctx, module, _)| (ctx, module))
}

/// Whether the program is FCL (its one file is `.fcl`).
fn is_fcl(files: &[String]) -> bool {
    files.first().is_some_and(|f| f.ends_with(".fcl"))
}

/// A program's files: `(name, text)` in order.
type Sources = Vec<(String, String)>;

/// [`load`], also returning the program's files.
fn load_with_text(
    files: &[String],
    entry: &str,
) -> Result<(Context, tail_ir::OpId, Sources), ExitCode> {
    let Some(input) = files.first().map(String::as_str) else {
        eprintln!("tailc: error: no input file");
        return Err(ExitCode::FAILURE);
    };
    if files.len() > 1 {
        if let Some(f) = files.iter().find(|f| !f.ends_with(".apl")) {
            eprintln!(
                "tailc: error: only an APL program can be read from several files, but '{f}' is not an APL file (.apl)"
            );
            return Err(ExitCode::FAILURE);
        }
        if files.len() > tail_format::position::MAX_FILES {
            eprintln!(
                "tailc: error: a program can be read from at most {} files, got {}",
                tail_format::position::MAX_FILES,
                files.len()
            );
            return Err(ExitCode::FAILURE);
        }
    }
    let mut texts = Vec::with_capacity(files.len());
    for f in files {
        texts.push((f.clone(), read_text(f)?));
    }
    let text = texts[0].1.as_str();
    let mut ctx = Context::new();
    let parsed = if input.ends_with(".tail") {
        tail_text::import(&mut ctx, input, text)
    } else if input.ends_with(".apl") {
        let named: Vec<(&str, &str)> = texts
            .iter()
            .map(|(f, t)| (f.as_str(), t.as_str()))
            .collect();
        tail_apl::compile_files(&mut ctx, &named)
    } else if input.ends_with(".fcl") {
        tail_fcl::lower(&mut ctx, input, text, entry)
    } else {
        tail_ir::parser::parse_source(&mut ctx, input, text)
    };
    let module = match parsed {
        Ok(m) => m,
        Err(d) => {
            eprint!("{}", ctx.render_diagnostic(&d));
            return Err(ExitCode::FAILURE);
        }
    };
    if let Err(d) = tail_ir::verifier::verify(&ctx, module) {
        eprint!("{}", ctx.render_diagnostic(&d));
        return Err(ExitCode::FAILURE);
    }
    Ok((ctx, module, texts))
}

/// The text of the program file `path`; errors are printed.
fn read_text(path: &str) -> Result<String, ExitCode> {
    match std::fs::read(path) {
        Ok(bytes) => String::from_utf8(bytes).map_err(|_| {
            eprintln!("tailc: error: '{path}' is not valid UTF-8");
            ExitCode::FAILURE
        }),
        Err(e) => {
            eprintln!("tailc: error: could not open input file '{path}': {e}");
            Err(ExitCode::FAILURE)
        }
    }
}

/// Runs `pipeline` (anchored on the module) and prints its diagnostics on failure.
fn run_pipeline(ctx: &mut Context, module: tail_ir::OpId, pipeline: &str) -> Result<(), ExitCode> {
    let mut pm = match PassManager::parse(&anchored(pipeline)) {
        Ok(pm) => pm,
        Err(e) => {
            eprint!("tailc: error: invalid pipeline\n{}", e.render());
            return Err(ExitCode::FAILURE);
        }
    };
    if let Err(e) = pm.run(ctx, module) {
        let ds = ctx.take_diagnostics();
        for d in &ds {
            eprint!("{}", ctx.render_diagnostic(d));
        }
        if ds.is_empty() {
            eprintln!("tailc: error: {e}");
        }
        return Err(ExitCode::FAILURE);
    }
    Ok(())
}

/// The host IR of a program: for `cpu`, `tail-to-cpu-rt` for APL, TAIL and MLIR programs and
/// the `hpar` lowering, `convert-gpu-to-cpu` and the runtime passes for FCL; for `cuda`, the
/// gpu level (`tail-to-gpu` or `hpar-to-gpu`) with the host's I/O as runtime calls and the checks
/// that pass once the launches' extents are constants dropped (`soac-simplify`'s `PassingChecks`).
/// Returns it with the program's files.
fn host_ir(
    files: &[String],
    entry: &str,
    target: BuildTarget,
) -> Result<(String, Sources), ExitCode> {
    let (mut ctx, module, texts) = load_with_text(files, entry)?;
    let pipeline = if target == BuildTarget::Cuda {
        // `soac-simplify` drops the run-time checks that pass once `gpu-launch-facts` made
        // their extents constants (the CPU path's inline comparisons fold in LLVM; these are
        // calls into the runtime).
        let io = format!(
            "convert-tail-io-to-rt{{entry={entry}}},canonicalize,cse,func.func(soac-simplify)"
        );
        if is_fcl(files) {
            format!("hpar-to-gpu,{io}")
        } else {
            format!("tail-to-gpu,{io}")
        }
    } else if is_fcl(files) {
        format!(
            "hpar-to-gpu,{},convert-tail-io-to-rt{{entry={entry}}},convert-parallel-to-rt,canonicalize,cse",
            tail_cpu::GPU_TO_CPU
        )
    } else if entry != "main" {
        format!("tail-to-cpu,convert-tail-io-to-rt{{entry={entry}}},convert-parallel-to-rt,canonicalize,cse")
    } else {
        "tail-to-cpu-rt".to_string()
    };
    run_pipeline(&mut ctx, module, &pipeline)?;
    let ir = ctx.print_op_to_string(module, tail_ir::printer::PrintOptions::default());
    Ok((ir, texts))
}

/// What `tailc build` compiles for.
struct BuildOptions {
    target: BuildTarget,
    host: tail_codegen::host::HostOptions,
    chip: tail_codegen::ptx::Chip,
}

/// `tailc build`: writes the executable (or another `--emit` form) to `output`, through a
/// temporary file so that nothing is left at `output` on an error; the text forms go to
/// standard output for `-`.
fn build(
    files: &[String],
    entry: &str,
    emit: Emit,
    opts: &BuildOptions,
    output: &std::path::Path,
) -> Result<(), ExitCode> {
    let fail = |msg: String| {
        eprintln!("tailc: error: {msg}");
        ExitCode::FAILURE
    };
    let to_stdout = output.as_os_str() == "-";
    if to_stdout && matches!(emit, Emit::Exe | Emit::Obj) {
        return Err(fail(
            "an executable or object file is not written to standard output ('-o -'): name a file, or use --emit=llvm or --emit=mlir".to_string(),
        ));
    }
    let (host, texts) = host_ir(files, entry, opts.target)?;
    // The executable quotes the source in the messages of its failed run-time checks.
    let mut host_opts = opts.host.clone();
    host_opts.sources = texts;
    let dir = output
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    let tmp = || {
        tempfile::Builder::new()
            .prefix(".tailc-")
            .tempfile_in(dir)
            .map_err(|e| fail(format!("cannot create a file in '{}': {e}", dir.display())))
    };
    let bytes: Vec<u8> = match emit {
        Emit::Mlir => host.into_bytes(),
        _ => {
            let out = compile(&host, opts, &host_opts).map_err(fail)?;
            match emit {
                Emit::Llvm => out.optimized_llvm_ir.into_bytes(),
                Emit::Obj => out.object,
                _ => {
                    let obj = tempfile::Builder::new()
                        .suffix(".o")
                        .tempfile()
                        .map_err(|e| fail(format!("cannot create a temporary file: {e}")))?;
                    std::fs::write(obj.path(), &out.object).map_err(|e| {
                        fail(format!("cannot write '{}': {e}", obj.path().display()))
                    })?;
                    let exe = tmp()?;
                    link(obj.path(), exe.path()).map_err(fail)?;
                    let exe_path = exe.into_temp_path();
                    return exe_path
                        .persist(output)
                        .map_err(|e| fail(format!("cannot write '{}': {e}", output.display())));
                }
            }
        }
    };
    if to_stdout {
        use std::io::Write;
        return std::io::stdout()
            .write_all(&bytes)
            .map_err(|e| fail(format!("cannot write to standard output: {e}")));
    }
    let tmp = tmp()?;
    std::fs::write(tmp.path(), bytes)
        .map_err(|e| fail(format!("cannot write '{}': {e}", tmp.path().display())))?;
    tmp.persist(output)
        .map(|_| ())
        .map_err(|e| fail(format!("cannot write '{}': {e}", output.display())))
}

/// The host module compiled for `opts.target` (LLVM IR and the object file).
fn compile(
    host: &str,
    opts: &BuildOptions,
    host_opts: &tail_codegen::host::HostOptions,
) -> Result<tail_codegen::host::HostOutput, String> {
    match opts.target {
        BuildTarget::Cpu => tail_codegen::host::compile_host_module(host, host_opts),
        BuildTarget::Cuda => {
            let ptx = tail_codegen::ptx::PtxOptions {
                chip: opts.chip,
                ..Default::default()
            };
            tail_codegen::host::compile_cuda_host_module(host, host_opts, &ptx).map(|o| o.host)
        }
    }
    .map_err(|e| format!("code generation failed: {e}"))
}

/// The runtime library: `$TAIL_RT_LIB`, or `libtail_rt.a` next to this executable or in
/// `../lib` from it.
fn runtime_library() -> Result<std::path::PathBuf, String> {
    if let Some(p) = std::env::var_os("TAIL_RT_LIB") {
        let p = std::path::PathBuf::from(p);
        return if p.is_file() {
            Ok(p)
        } else {
            Err(format!(
                "TAIL_RT_LIB names '{}', which is not a file",
                p.display()
            ))
        };
    }
    let exe = std::env::current_exe().map_err(|e| format!("cannot locate tailc: {e}"))?;
    let dir = exe.parent().unwrap_or(std::path::Path::new("."));
    let candidates = [dir.join("libtail_rt.a"), dir.join("../lib/libtail_rt.a")];
    candidates
        .iter()
        .find(|p| p.is_file())
        .cloned()
        .ok_or_else(|| {
            format!(
                "cannot find the runtime library libtail_rt.a (looked in {} and {}; build it with `cargo build -p tail-rt` or set TAIL_RT_LIB)",
                candidates[0].display(),
                candidates[1].display()
            )
        })
}

/// Links `object` with the runtime library into the executable `exe` (`$CC`, else `cc`).
fn link(object: &std::path::Path, exe: &std::path::Path) -> Result<(), String> {
    let rt = runtime_library()?;
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let out = std::process::Command::new(&cc)
        .arg(object)
        .arg(&rt)
        .args([
            "-lpthread",
            "-ldl",
            "-lm",
            "-Wl,--gc-sections",
            "-Wl,--strip-debug",
            "-o",
        ])
        .arg(exe)
        .output()
        .map_err(|e| format!("cannot run the linker '{cc}': {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "linking with '{cc}' failed ({}):\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim_end()
        ));
    }
    Ok(())
}

/// `tailc run --target=cpu|cuda`: builds the program into a temporary directory and runs it.
fn run_native(
    target: BuildTarget,
    after: Option<&str>,
    entry: &str,
    inputs: &[String],
    files: &[String],
    timing: Timing,
) -> ExitCode {
    if after.is_some() {
        eprintln!("tailc: error: --after is only supported with --target=interp");
        return ExitCode::FAILURE;
    }
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("tailc: error: cannot create a temporary directory: {e}");
            return ExitCode::FAILURE;
        }
    };
    let exe = dir.path().join("program");
    let opts = BuildOptions {
        target,
        host: tail_codegen::host::HostOptions::default(),
        chip: tail_codegen::ptx::Chip::Sm90,
    };
    if let Err(code) = build(files, entry, Emit::Exe, &opts, &exe) {
        return code;
    }
    let mut cmd = std::process::Command::new(&exe);
    if timing.time {
        cmd.arg("--time");
    }
    if let Some(n) = timing.runs {
        cmd.arg(format!("--runs={n}"));
    }
    for i in inputs {
        cmd.arg(format!("--input={i}"));
    }
    match cmd.status() {
        Ok(s) if s.success() => ExitCode::SUCCESS,
        Ok(s) => {
            if s.code().is_none() {
                eprintln!("tailc: error: the program was terminated ({s})");
            }
            ExitCode::from(s.code().map_or(1, |c| c.clamp(1, 255) as u8))
        }
        Err(e) => {
            eprintln!("tailc: error: cannot run the compiled program: {e}");
            ExitCode::FAILURE
        }
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
    after: Option<&str>,
    entry: &str,
    inputs: &[String],
    files: &[String],
    timing: Timing,
) -> ExitCode {
    // Validate the pipeline before reading the program.
    if let Some(p) = after {
        if let Err(e) = PassManager::parse(&anchored(p)) {
            eprint!("tailc: error: invalid --after pipeline\n{}", e.render());
            return ExitCode::FAILURE;
        }
    }
    let (mut ctx, module) = match load(files, entry) {
        Ok(x) => x,
        Err(code) => return code,
    };
    if let Some(p) = after {
        if let Err(code) = run_pipeline(&mut ctx, module, p) {
            return code;
        }
    }
    let args = if entry == "main" && inputs.is_empty() && !is_fcl(files) {
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
    for k in 0..timing.runs.unwrap_or(1) {
        let start = std::time::Instant::now();
        let mut sink = std::io::sink();
        // Later runs print nothing (their output would repeat the first run's).
        let w: &mut dyn Write = if k == 0 { &mut out } else { &mut sink };
        let result = match &args {
            None => tail_interp::run_module(&ctx, module, w),
            Some(args) => tail_interp::run_function(&ctx, module, entry, args.clone(), w),
        };
        match result {
            Ok(v) => {
                let _ = writeln!(w, "{}", tail_interp::format_value(&v));
                let _ = w.flush();
            }
            Err(d) => {
                let _ = out.flush();
                eprint!("{}", ctx.render_diagnostic(&d));
                return ExitCode::FAILURE;
            }
        }
        if timing.time {
            eprintln!("time: total {:.3} ms", start.elapsed().as_secs_f64() * 1e3);
        }
    }
    ExitCode::SUCCESS
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
