//! `tail-translate`: translations into and out of tail IR.
//!
//! * `--import-tail prog.tail [-o out.mlir]` imports a program in apltail's printed TAIL
//!   syntax into the `tail` dialect (`tail_text::import`) and prints the module in MLIR syntax.
//!   Errors are rendered as `file:line:col: error: …` with the source line and a caret; the
//!   exit status is then 1 and no output file is written.
//! * `--version` reports the versions of the linked LLVM and MLIR libraries and whether the
//!   NVPTX backend is available.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, Parser};

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

    /// Output file (default: standard output).
    #[arg(short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,

    /// Input file (`-` for standard input).
    #[arg(value_name = "INPUT")]
    input: Option<PathBuf>,
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

/// `--import-tail`: imports, prints, and returns the exit code.
fn import_tail(input: &PathBuf, output: Option<&PathBuf>) -> ExitCode {
    let text = match read_input(input) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("tail-translate: cannot read '{}': {e}", input.display());
            return ExitCode::from(1);
        }
    };
    let name = if input.as_os_str() == "-" {
        "<stdin>".to_string()
    } else {
        input.display().to_string()
    };
    let mut ctx = tail_ir::Context::new();
    let module = match tail_text::import(&mut ctx, &name, &text) {
        Ok(m) => m,
        Err(d) => {
            eprint!("{}", ctx.render_diagnostic(&d));
            return ExitCode::from(1);
        }
    };
    let mut out = ctx.print_op_to_string(module, tail_ir::printer::PrintOptions::default());
    if !out.ends_with('\n') {
        out.push('\n');
    }
    match output {
        Some(path) if path.as_os_str() != "-" => {
            if let Err(e) = std::fs::write(path, out) {
                eprintln!("tail-translate: cannot write '{}': {e}", path.display());
                return ExitCode::from(1);
            }
        }
        _ => print!("{out}"),
    }
    ExitCode::SUCCESS
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
    if cli.import_tail {
        let Some(input) = cli.input.as_ref() else {
            eprintln!("tail-translate: --import-tail needs an input file");
            return ExitCode::from(2);
        };
        return import_tail(input, cli.output.as_ref());
    }
    // Unreachable today (`arg_required_else_help` handles an empty command
    // line), but keeps the tool well-behaved as options are added.
    let _ = Cli::command().print_help();
    ExitCode::from(2)
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
