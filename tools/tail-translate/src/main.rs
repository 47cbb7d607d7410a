//! `tail-translate`: translates tail IR to LLVM IR and PTX.
//!
//! For now it only reports the versions of the linked LLVM and MLIR
//! libraries and whether the NVPTX backend is available.

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
