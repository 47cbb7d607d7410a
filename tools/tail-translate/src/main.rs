//! `tail-translate`: translations into and out of tail IR.
//!
//! * `--import-tail prog.tail [-o out.mlir]` imports a program in apltail's printed TAIL
//!   syntax into the `tail` dialect (`tail_text::import`) and prints the module in MLIR syntax.
//!   Errors are rendered as `file:line:col: error: …` with the source line and a caret; the
//!   exit status is then 1 and no output file is written.
//! * `--apl-to-tail prog.apl [--emit=mlir|tail-text] [-o out]` compiles an APL program
//!   (`tail_apl::compile`) into the `tail` dialect and prints the module in MLIR syntax
//!   (`--emit=mlir`, the default) or as apltail-style TAIL text (`--emit=tail-text`). Errors
//!   are rendered like `--import-tail`'s; no output file is written on error.
//! * `--apl-to-ptx prog.apl [--emit=ptx|llvm|mlir] [--chip=sm_90] [--opt-level=N] [-o out]`
//!   compiles an APL program to PTX (`apl` module): the frontend, the `tail-to-gpu` pipeline,
//!   then `tail_codegen::ptx`. `--emit=mlir` prints the module after `tail-to-gpu`, `llvm` the
//!   optimized LLVM IR. `--apl-to-tail --emit=llvm|ptx` is the same path. Errors of every stage
//!   are located in the APL source; no output file is written on error.
//! * Both APL modes take a program in several files (`--apl-to-tail prelude.apl prog.apl`),
//!   read in order as one (`tail_apl::compile_files`; the module lists them as
//!   `tail.sources`); the other modes take one input file.
//! * `--fcl-to-hpar prog.fcl [--entry NAME] [-o out]` compiles an FCL program (with the FCL
//!   prelude) to the `hpar` dialect (`tail_fcl::lower`): `func.func @NAME` (default `main`)
//!   around one `hpar.program<grid>`. Errors of every stage are located in the FCL source; the
//!   exit status is then 1 and no output file is written.
//! * `--version` reports the versions of the linked LLVM and MLIR libraries and whether the
//!   NVPTX backend is available.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, Parser};

mod apl;
mod codegen;

/// Command-line interface of `tail-translate`.
#[derive(Debug, Parser)]
#[command(
    name = "tail-translate",
    about = "Translate tail IR to LLVM IR / PTX",
    arg_required_else_help = true,
    disable_version_flag = true
)]
struct Cli {
    /// Print version information (tail, LLVM, MLIR, NVPTX target) and exit.
    #[arg(short = 'V', long)]
    version: bool,

    /// Import the input, a program in apltail's printed TAIL syntax, into the tail dialect.
    #[arg(long = "import-tail")]
    import_tail: bool,

    /// Compile the input, an APL program, into the tail dialect.
    #[arg(long = "apl-to-tail")]
    apl_to_tail: bool,

    /// Compile the input, an APL program, to PTX (through the tail-to-gpu pipeline).
    #[arg(long = "apl-to-ptx", conflicts_with_all = ["apl_to_tail", "import_tail"])]
    apl_to_ptx: bool,

    /// Compile the input, an FCL program, to the hpar dialect.
    #[arg(long = "fcl-to-hpar", conflicts_with_all = ["apl_to_tail", "apl_to_ptx", "import_tail"])]
    fcl_to_hpar: bool,

    /// The entry point of `--fcl-to-hpar` (a monomorphic FCL definition).
    #[arg(long = "entry", value_name = "NAME", default_value = "main")]
    entry: String,

    /// What to print. `--apl-to-tail`: the module in MLIR syntax (default), TAIL text as
    /// apltail prints it, or LLVM IR / PTX (as `--apl-to-ptx`). `--apl-to-ptx`: the module
    /// after tail-to-gpu (mlir), LLVM IR, or PTX (default). Upstream MLIR input: the lowered
    /// MLIR (default), LLVM IR or PTX.
    #[arg(long = "emit", value_enum)]
    emit: Option<Emit>,

    /// Target architecture of `--emit=llvm|ptx` and `--apl-to-ptx` (sm_80 or sm_90).
    #[arg(long = "chip", value_name = "SM", default_value = "sm_90")]
    chip: String,

    /// LLVM optimization level (0-3) of `--emit=llvm|ptx` and `--apl-to-ptx`.
    #[arg(long = "opt-level", value_name = "N", default_value_t = 3,
          value_parser = clap::value_parser!(u8).range(0..=3))]
    opt_level: u8,

    /// Output file (default: standard output).
    #[arg(short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,

    /// Input file (`-` for standard input). `--apl-to-tail` and `--apl-to-ptx` take an APL
    /// program in several files, read in order as one (`prelude.apl prog.apl`).
    #[arg(value_name = "INPUT")]
    inputs: Vec<PathBuf>,
}

/// Output forms of `--apl-to-tail`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Emit {
    /// The module in MLIR syntax.
    Mlir,
    /// apltail-style TAIL text.
    TailText,
    /// LLVM IR.
    Llvm,
    /// PTX.
    Ptx,
}

/// Reads the input file, or standard input for `-`.
fn read_input(path: &PathBuf) -> std::io::Result<String> {
    if path.as_os_str() == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)?;
        Ok(s)
    } else {
        std::fs::read_to_string(path)
    }
}

/// The input's name for locations (`<stdin>` for `-`) and its text; a read error is reported
/// and becomes exit code 1.
fn read_source(input: &PathBuf) -> Result<(String, String), ExitCode> {
    let text = read_input(input).map_err(|e| {
        eprintln!("tail-translate: cannot read '{}': {e}", input.display());
        ExitCode::from(1)
    })?;
    let name = if input.as_os_str() == "-" {
        "<stdin>".to_string()
    } else {
        input.display().to_string()
    };
    Ok((name, text))
}

/// The names and texts of the APL program's files ([`read_source`] each).
fn read_sources(inputs: &[PathBuf]) -> Result<Vec<(String, String)>, ExitCode> {
    inputs.iter().map(read_source).collect()
}

/// The one input file of a mode that takes one: a usage error (exit code 2) for none or
/// several.
fn one_input<'a>(inputs: &'a [PathBuf], flag: &str) -> Result<&'a PathBuf, ExitCode> {
    match inputs {
        [input] => Ok(input),
        [] => {
            eprintln!("tail-translate: {flag} needs an input file");
            Err(ExitCode::from(2))
        }
        _ => {
            eprintln!(
                "tail-translate: {flag} takes one input file, got {} (only an APL program may be given as several files)",
                inputs.len()
            );
            Err(ExitCode::from(2))
        }
    }
}

/// Prints `module` (MLIR syntax, ending in a newline) to the output.
fn write_module(
    ctx: &tail_ir::Context,
    module: tail_ir::OpId,
    output: Option<&PathBuf>,
) -> ExitCode {
    let mut out = ctx.print_op_to_string(module, tail_ir::printer::PrintOptions::default());
    if !out.ends_with('\n') {
        out.push('\n');
    }
    write_output(&out, output)
}

/// The chip and optimization level of `--chip`/`--opt-level` as PTX options; a bad chip is
/// reported and becomes exit code 2.
fn ptx_options(cli: &Cli) -> Result<tail_codegen::ptx::PtxOptions, ExitCode> {
    let chip = codegen::parse_chip(&cli.chip).map_err(|msg| {
        eprintln!("tail-translate: {msg}");
        ExitCode::from(2)
    })?;
    Ok(tail_codegen::ptx::PtxOptions {
        chip,
        opt_level: cli.opt_level,
        ..Default::default()
    })
}

/// Writes `out` to the output file (or standard output); the file is written only here, after
/// everything succeeded.
fn write_output(out: &str, output: Option<&PathBuf>) -> ExitCode {
    match output {
        Some(path) if path.as_os_str() != "-" => {
            if let Err(e) = std::fs::write(path, out) {
                eprintln!("tail-translate: cannot write '{}': {e}", path.display());
                return ExitCode::from(1);
            }
        }
        _ => {
            use std::io::Write;
            let mut so = std::io::stdout().lock();
            if let Err(e) = so.write_all(out.as_bytes()).and_then(|()| so.flush()) {
                // A reader that stopped reading (a closed pipe) is no internal error.
                eprintln!("tail-translate: cannot write the output: {e}");
                return ExitCode::from(1);
            }
        }
    }
    ExitCode::SUCCESS
}

/// `--apl-to-tail`: compiles, prints in the requested form, and returns the exit code.
fn apl_to_tail(inputs: &[PathBuf], emit: Emit, output: Option<&PathBuf>) -> ExitCode {
    let sources = match read_sources(inputs) {
        Ok(src) => src,
        Err(code) => return code,
    };
    let files: Vec<(&str, &str)> = sources
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let mut ctx = tail_ir::Context::new();
    let module = match tail_apl::compile_files(&mut ctx, &files) {
        Ok(m) => m,
        Err(d) => {
            eprint!("{}", ctx.render_diagnostic(&d));
            return ExitCode::from(1);
        }
    };
    let mut out = match emit {
        Emit::Mlir => ctx.print_op_to_string(module, tail_ir::printer::PrintOptions::default()),
        Emit::TailText => match export_tail_text(&ctx, module) {
            Ok(t) => t,
            Err(msg) => {
                eprint!("{msg}");
                return ExitCode::from(1);
            }
        },
        Emit::Llvm | Emit::Ptx => unreachable!("handled by apl_to_ptx"),
    };
    if !out.ends_with('\n') {
        out.push('\n');
    }
    write_output(&out, output)
}

/// `--fcl-to-hpar`: compiles an FCL program to the hpar dialect, prints it, and returns the
/// exit code.
fn fcl_to_hpar(input: &PathBuf, entry: &str, output: Option<&PathBuf>) -> ExitCode {
    let (name, text) = match read_source(input) {
        Ok(src) => src,
        Err(code) => return code,
    };
    let mut ctx = tail_ir::Context::new();
    let module = match tail_fcl::lower(&mut ctx, &name, &text, entry) {
        Ok(m) => m,
        Err(d) => {
            eprint!("{}", ctx.render_diagnostic(&d));
            return ExitCode::from(1);
        }
    };
    write_module(&ctx, module, output)
}

/// TAIL text of a module in the `tail` dialect (`tail_text::export`), or the exporter's
/// diagnostic rendered with its location.
fn export_tail_text(ctx: &tail_ir::Context, module: tail_ir::OpId) -> Result<String, String> {
    tail_text::export(ctx, module).map_err(|d| ctx.render_diagnostic(&d))
}

/// `--import-tail`: imports, prints, and returns the exit code.
fn import_tail(input: &PathBuf, output: Option<&PathBuf>) -> ExitCode {
    let (name, text) = match read_source(input) {
        Ok(src) => src,
        Err(code) => return code,
    };
    let mut ctx = tail_ir::Context::new();
    let module = match tail_text::import(&mut ctx, &name, &text) {
        Ok(m) => m,
        Err(d) => {
            eprint!("{}", ctx.render_diagnostic(&d));
            return ExitCode::from(1);
        }
    };
    write_module(&ctx, module, output)
}

/// Builds the multi-line text printed by `--version`.
fn version_text() -> String {
    let nvptx = if tail_codegen::nvptx_target_available() {
        "available"
    } else {
        "not available"
    };
    format!(
        "tail-translate (tail) {}\nLLVM {}\nMLIR {}\nNVPTX target: {nvptx}\n",
        env!("CARGO_PKG_VERSION"),
        tail_codegen::llvm_version(),
        tail_codegen::mlir_version(),
    )
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.version {
        print!("{}", version_text());
        return ExitCode::SUCCESS;
    }
    if cli.apl_to_ptx || (cli.apl_to_tail && matches!(cli.emit, Some(Emit::Llvm | Emit::Ptx))) {
        let flag = if cli.apl_to_ptx {
            "--apl-to-ptx"
        } else {
            "--apl-to-tail"
        };
        if cli.inputs.is_empty() {
            eprintln!("tail-translate: {flag} needs an input file");
            return ExitCode::from(2);
        }
        return apl_to_ptx(&cli, &cli.inputs);
    }
    if cli.fcl_to_hpar {
        return match one_input(&cli.inputs, "--fcl-to-hpar") {
            Ok(input) => fcl_to_hpar(input, &cli.entry, cli.output.as_ref()),
            Err(code) => code,
        };
    }
    if cli.apl_to_tail {
        if cli.inputs.is_empty() {
            eprintln!("tail-translate: --apl-to-tail needs an input file");
            return ExitCode::from(2);
        }
        return apl_to_tail(
            &cli.inputs,
            cli.emit.unwrap_or(Emit::Mlir),
            cli.output.as_ref(),
        );
    }
    if cli.import_tail {
        return match one_input(&cli.inputs, "--import-tail") {
            Ok(input) => import_tail(input, cli.output.as_ref()),
            Err(code) => code,
        };
    }
    if !cli.inputs.is_empty() {
        return match one_input(&cli.inputs, "an MLIR input") {
            Ok(input) => upstream_codegen(&cli, input),
            Err(code) => code,
        };
    }
    // Unreachable today (`arg_required_else_help` handles an empty command
    // line), but keeps the tool well-behaved as options are added.
    let _ = Cli::command().print_help();
    ExitCode::from(2)
}

/// `--apl-to-ptx` (and `--apl-to-tail --emit=llvm|ptx`): APL → tail-to-gpu → PTX.
fn apl_to_ptx(cli: &Cli, inputs: &[PathBuf]) -> ExitCode {
    let stage = match cli.emit.unwrap_or(Emit::Ptx) {
        Emit::Mlir => apl::Stage::Gpu,
        Emit::Llvm => apl::Stage::Llvm,
        Emit::Ptx => apl::Stage::Ptx,
        Emit::TailText => {
            eprintln!("tail-translate: --apl-to-ptx supports --emit=mlir|llvm|ptx");
            return ExitCode::from(2);
        }
    };
    let sources = match read_sources(inputs) {
        Ok(src) => src,
        Err(code) => return code,
    };
    let opts = match ptx_options(cli) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let files: Vec<(&str, &str)> = sources
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    match apl::compile_files(&files, &opts) {
        Ok(out) => write_output(&out.text(stage), cli.output.as_ref()),
        Err(msg) => {
            eprint!("{msg}");
            ExitCode::from(1)
        }
    }
}

/// Upstream MLIR input (no mode flag): `--emit=mlir|llvm|ptx` through `tail_codegen::ptx`.
fn upstream_codegen(cli: &Cli, input: &PathBuf) -> ExitCode {
    let stage = match cli.emit.unwrap_or(Emit::Mlir) {
        Emit::Mlir => codegen::Stage::Mlir,
        Emit::Llvm => codegen::Stage::Llvm,
        Emit::Ptx => codegen::Stage::Ptx,
        Emit::TailText => {
            eprintln!("tail-translate: --emit=tail-text needs --apl-to-tail");
            return ExitCode::from(2);
        }
    };
    let (name, text) = match read_source(input) {
        Ok(src) => src,
        Err(code) => return code,
    };
    let opts = match ptx_options(cli) {
        Ok(o) => o,
        Err(code) => return code,
    };
    match codegen::run(&name, &text, stage, &opts) {
        Ok(out) => write_output(&out, cli.output.as_ref()),
        Err(msg) => {
            eprint!("{msg}");
            ExitCode::from(1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cli_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn version_text_mentions_llvm_and_mlir() {
        let text = version_text();
        assert!(text.starts_with("tail-translate (tail) "));
        assert!(text.contains("\nLLVM 22."));
        assert!(text.contains("\nMLIR 22 ("));
        assert!(text.contains("\nNVPTX target: available"));
    }
}
