//! `tail-opt`: the counterpart of `mlir-opt`.
//!
//! Reads MLIR text (a file or `-` for stdin), verifies it, runs a pass pipeline given either as
//! `--pass-pipeline='builtin.module(func.func(canonicalize,cse))'` or as per-pass flags
//! (`--canonicalize --cse`, options as `--canonicalize='max-iterations=4'`), and prints the
//! result. Diagnostics are rendered as `file:line:col: error: …` with the source line and a
//! caret; any error exits with status 1 and writes no output file.

use std::fs;
use std::io::{self, Read, Write};
use std::process::ExitCode;

use clap::{Arg, ArgAction, ArgMatches, Command};
use tail_ir::expected::verify_expected;
use tail_ir::parser::{parse_source, split_input_file};
use tail_ir::pass::{list_passes_text, registered_passes, registered_pipelines, PassManager};
use tail_ir::printer::PrintOptions;
use tail_ir::{Context, Diagnostic, Severity};

/// Flags that are not pass shorthands.
const FIXED_FLAGS: &[&str] = &[
    "input",
    "output",
    "pass-pipeline",
    "list-passes",
    "show-dialects",
    "split-input-file",
    "verify-diagnostics",
    "allow-unregistered-dialect",
    "mlir-print-op-generic",
    "mlir-print-debuginfo",
    "verify-each",
    "mlir-print-ir-after-all",
    "mlir-print-ir-before-all",
    "mlir-print-ir-after-change",
    "mlir-print-ir-after-failure",
    "mlir-print-ir-module-scope",
    "mlir-timing",
    "mlir-pass-statistics",
    "dump-pass-pipeline",
];

fn command() -> Command {
    let mut cmd = Command::new("tail-opt")
        .version(env!("CARGO_PKG_VERSION"))
        .about("Parse MLIR text, run a pass pipeline, print the result")
        .arg(
            Arg::new("input")
                .default_value("-")
                .help("Input file, or '-' for stdin"),
        )
        .arg(
            Arg::new("output")
                .short('o')
                .long("output")
                .default_value("-")
                .help("Output file, or '-' for stdout"),
        )
        .arg(
            Arg::new("pass-pipeline")
                .long("pass-pipeline")
                .value_name("PIPELINE")
                .help("Textual pass pipeline, e.g. 'builtin.module(func.func(canonicalize,cse))'"),
        )
        .arg(flag(
            "list-passes",
            "List the registered passes and pipelines with their options",
        ))
        .arg(flag("show-dialects", "List the registered dialects"))
        .arg(flag(
            "split-input-file",
            "Split the input on '// -----' and process each chunk on its own",
        ))
        .arg(flag(
            "verify-diagnostics",
            "Check diagnostics against expected-* comments in the input",
        ))
        .arg(flag(
            "allow-unregistered-dialect",
            "Accept operations of unregistered dialects",
        ))
        .arg(flag(
            "mlir-print-op-generic",
            "Print every operation in the generic form",
        ))
        .arg(flag("mlir-print-debuginfo", "Print operation locations"))
        .arg(
            Arg::new("verify-each")
                .long("verify-each")
                .num_args(0..=1)
                .require_equals(true)
                .default_value("true")
                .default_missing_value("true")
                .value_parser(clap::value_parser!(bool))
                .help("Verify the IR after each pass (default: true)"),
        )
        .arg(flag(
            "mlir-print-ir-after-all",
            "Print the IR after every pass",
        ))
        .arg(flag(
            "mlir-print-ir-before-all",
            "Print the IR before every pass",
        ))
        .arg(flag(
            "mlir-print-ir-after-change",
            "Print the IR after passes that changed it",
        ))
        .arg(flag(
            "mlir-print-ir-after-failure",
            "Print the IR after a pass fails",
        ))
        .arg(flag(
            "mlir-print-ir-module-scope",
            "Print the whole module in IR dumps",
        ))
        .arg(flag("mlir-timing", "Print an execution time report"))
        .arg(flag("mlir-pass-statistics", "Print pass statistics"))
        .arg(flag(
            "dump-pass-pipeline",
            "Print the pass pipeline before running it",
        ));
    for reg in registered_passes() {
        cmd = cmd.arg(shorthand(reg.argument(), reg.summary()));
    }
    for p in registered_pipelines() {
        cmd = cmd.arg(shorthand(p.argument, p.summary));
    }
    cmd
}

/// Accepts LLVM-style single-dash long options (`-split-input-file`, `-verify-diagnostics`,
/// `-canonicalize`) by rewriting them to the double-dash form. `-o`, `-`, `-h`, `-V` and
/// anything after `--` are left alone.
fn normalize_args(args: impl Iterator<Item = String>) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = false;
    for a in args {
        if rest || a == "--" {
            rest = true;
            out.push(a);
            continue;
        }
        let long_single = a.starts_with('-')
            && !a.starts_with("--")
            && a.len() > 2
            && a.as_bytes()[1].is_ascii_alphabetic()
            && !a.starts_with("-o");
        out.push(if long_single { format!("-{a}") } else { a });
    }
    out
}

fn flag(name: &'static str, help: &'static str) -> Arg {
    Arg::new(name)
        .long(name)
        .action(ArgAction::SetTrue)
        .help(help)
}

fn shorthand(name: &'static str, help: &'static str) -> Arg {
    Arg::new(name)
        .long(name)
        .num_args(0..=1)
        .require_equals(true)
        .default_missing_value("")
        .action(ArgAction::Append)
        .value_name("OPTIONS")
        .help(help)
        .help_heading("Passes")
}

/// The pipeline text given by per-pass flags, in command-line order.
fn shorthand_pipeline(m: &ArgMatches) -> Option<String> {
    let mut items: Vec<(usize, String)> = Vec::new();
    let names: Vec<&'static str> = registered_passes()
        .iter()
        .map(|r| r.argument())
        .chain(registered_pipelines().iter().map(|p| p.argument))
        .collect();
    for name in names {
        if FIXED_FLAGS.contains(&name) {
            continue;
        }
        let (Some(idx), Some(vals)) = (m.indices_of(name), m.get_many::<String>(name)) else {
            continue;
        };
        for (i, v) in idx.zip(vals) {
            let text = if v.is_empty() {
                name.to_string()
            } else {
                format!("{name}{{{v}}}")
            };
            items.push((i, text));
        }
    }
    if items.is_empty() {
        return None;
    }
    items.sort_by_key(|(i, _)| *i);
    let body: Vec<String> = items.into_iter().map(|(_, t)| t).collect();
    Some(format!("builtin.module({})", body.join(",")))
}

struct Options {
    split: bool,
    verify_diagnostics: bool,
    allow_unregistered: bool,
    print: PrintOptions,
    pipeline: Option<String>,
    verify_each: bool,
    after_all: bool,
    before_all: bool,
    after_change: bool,
    after_failure: bool,
    module_scope: bool,
    timing: bool,
    statistics: bool,
    dump_pipeline: bool,
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
    // Usage errors exit with status 1 like every other error (clap's default is 2);
    // `--help` and `--version` print to stdout and exit 0.
    let m = match command().try_get_matches_from(normalize_args(std::env::args())) {
        Ok(m) => m,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    if m.get_flag("list-passes") {
        print!("{}", list_passes_text());
        return ExitCode::SUCCESS;
    }
    if m.get_flag("show-dialects") {
        let ctx = Context::new();
        println!("Available Dialects:");
        for d in ctx.registry().dialects() {
            println!("  {} - {}", d.name, d.summary);
        }
        return ExitCode::SUCCESS;
    }
    let explicit = m.get_one::<String>("pass-pipeline").cloned();
    let shorthand = shorthand_pipeline(&m);
    if explicit.is_some() && shorthand.is_some() {
        eprintln!(
            "tail-opt: error: '--pass-pipeline' cannot be combined with individual pass flags"
        );
        return ExitCode::FAILURE;
    }
    let opts = Options {
        split: m.get_flag("split-input-file"),
        verify_diagnostics: m.get_flag("verify-diagnostics"),
        allow_unregistered: m.get_flag("allow-unregistered-dialect"),
        print: PrintOptions {
            generic: m.get_flag("mlir-print-op-generic"),
            debug_info: m.get_flag("mlir-print-debuginfo"),
        },
        pipeline: explicit.or(shorthand),
        verify_each: *m.get_one::<bool>("verify-each").unwrap_or(&true),
        after_all: m.get_flag("mlir-print-ir-after-all"),
        before_all: m.get_flag("mlir-print-ir-before-all"),
        after_change: m.get_flag("mlir-print-ir-after-change"),
        after_failure: m.get_flag("mlir-print-ir-after-failure"),
        module_scope: m.get_flag("mlir-print-ir-module-scope"),
        timing: m.get_flag("mlir-timing"),
        statistics: m.get_flag("mlir-pass-statistics"),
        dump_pipeline: m.get_flag("dump-pass-pipeline"),
    };
    let input = m
        .get_one::<String>("input")
        .map(String::as_str)
        .unwrap_or("-");
    let output = m
        .get_one::<String>("output")
        .map(String::as_str)
        .unwrap_or("-");

    // Validate the pipeline before reading any input.
    if let Some(p) = &opts.pipeline {
        if let Err(e) = PassManager::parse(p) {
            eprint!("{}", e.render());
            return ExitCode::FAILURE;
        }
    }
    let (file_name, text) = match read_input(input) {
        Ok((file, bytes)) => match String::from_utf8(bytes) {
            Ok(text) => (file, text),
            Err(e) => {
                eprint!(
                    "{}",
                    invalid_utf8_diagnostic(&file, e.as_bytes(), e.utf8_error().valid_up_to())
                );
                return ExitCode::FAILURE;
            }
        },
        Err(e) => {
            eprintln!("tail-opt: error: could not open input file '{input}': {e}");
            return ExitCode::FAILURE;
        }
    };
    let chunks = if opts.split {
        split_input_file(&text)
    } else {
        vec![text]
    };
    let mut ok = true;
    let mut outputs = Vec::with_capacity(chunks.len());
    for chunk in &chunks {
        match process_chunk(&file_name, chunk, &opts) {
            ChunkResult::Printed(s) => outputs.push(s),
            ChunkResult::Checked(None) => {}
            ChunkResult::Checked(Some(s)) => outputs.push(s),
            ChunkResult::Failed => ok = false,
        }
    }
    if !ok {
        return ExitCode::FAILURE;
    }
    let joined = outputs.join("// -----\n");
    if let Err(e) = write_output(output, &joined) {
        eprintln!("tail-opt: error: could not write output '{output}': {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

enum ChunkResult {
    /// The chunk succeeded and printed this IR.
    Printed(String),
    /// `--verify-diagnostics`: expectations matched (with the IR if the chunk succeeded).
    Checked(Option<String>),
    /// Errors were reported on stderr.
    Failed,
}

fn process_chunk(file: &str, text: &str, opts: &Options) -> ChunkResult {
    let mut ctx = Context::new();
    ctx.allow_unregistered = opts.allow_unregistered;
    let printed = compile_chunk(&mut ctx, file, text, opts);
    let diags = ctx.take_diagnostics();
    if opts.verify_diagnostics {
        let problems = verify_expected(&mut ctx, file, text, &diags);
        if problems.is_empty() {
            return ChunkResult::Checked(printed);
        }
        for p in &problems {
            eprint!("{}", ctx.render_diagnostic(p));
        }
        return ChunkResult::Failed;
    }
    for d in &diags {
        eprint!("{}", ctx.render_diagnostic(d));
    }
    let has_error = diags.iter().any(|d| d.severity == Severity::Error);
    match printed {
        Some(s) if !has_error => ChunkResult::Printed(s),
        _ => ChunkResult::Failed,
    }
}

/// Parses, verifies, runs the pipeline and prints. Errors are emitted into the context;
/// returns the printed IR on success.
fn compile_chunk(ctx: &mut Context, file: &str, text: &str, opts: &Options) -> Option<String> {
    let module = match parse_source(ctx, file, text) {
        Ok(m) => m,
        Err(d) => {
            ctx.emit(d);
            return None;
        }
    };
    if let Err(d) = tail_ir::verifier::verify(ctx, module) {
        ctx.emit(d);
        return None;
    }
    if let Some(p) = &opts.pipeline {
        let mut pm = match PassManager::parse(p) {
            Ok(pm) => pm,
            Err(e) => {
                let loc = ctx.unknown_loc();
                ctx.emit(Diagnostic::error(loc, e.message.clone()));
                return None;
            }
        };
        pm.config.verify_each = opts.verify_each;
        pm.config.print_ir_after_all = opts.after_all;
        pm.config.print_ir_before_all = opts.before_all;
        pm.config.print_ir_after_change = opts.after_change;
        pm.config.print_ir_after_failure = opts.after_failure;
        pm.config.print_module_scope = opts.module_scope;
        pm.config.print_options = opts.print;
        pm.config.timing = opts.timing;
        if opts.dump_pipeline {
            // Like mlir-opt: the number of top-level entries (a nested pipeline counts once).
            eprintln!("Pass Manager with {} passes:\n{pm}\n", pm.root().len());
        }
        let result = pm.run(ctx, module);
        if opts.timing {
            if let Some(r) = pm.timing_report() {
                eprint!("{r}");
            }
        }
        if opts.statistics {
            eprint!("{}", pm.statistics_report());
        }
        if result.is_err() {
            return None;
        }
    }
    Some(ctx.print_op_to_string(module, opts.print))
}

/// Reads the input file (or stdin for `-`) as bytes, with the name used in diagnostics.
fn read_input(path: &str) -> io::Result<(String, Vec<u8>)> {
    if path == "-" {
        let mut bytes = Vec::new();
        io::stdin().read_to_end(&mut bytes)?;
        Ok(("<stdin>".to_string(), bytes))
    } else {
        Ok((path.to_string(), fs::read(path)?))
    }
}

/// `file:line:col: error: invalid UTF-8 in input`, located at the first invalid byte (`offset`),
/// with the source line (invalid bytes shown as U+FFFD) and a caret, like every other diagnostic.
fn invalid_utf8_diagnostic(file: &str, bytes: &[u8], offset: usize) -> String {
    let line_start = bytes[..offset]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line_no = bytes[..offset].iter().filter(|&&b| b == b'\n').count() + 1;
    // `bytes[line_start..offset]` is valid UTF-8: the first invalid byte is at `offset`.
    let before = std::str::from_utf8(&bytes[line_start..offset]).unwrap_or_default();
    let col = before.chars().count() + 1;
    let line_end = bytes[offset..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |i| offset + i);
    let src_line = String::from_utf8_lossy(&bytes[line_start..line_end]);
    let src_line = src_line.trim_end_matches('\r');
    let pad: String = before
        .chars()
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    format!("{file}:{line_no}:{col}: error: invalid UTF-8 in input\n{src_line}\n{pad}^\n")
}

/// Writes the whole output at once: to a temporary file renamed into place, so a failure never
/// leaves a partial file.
fn write_output(path: &str, text: &str) -> io::Result<()> {
    if path == "-" {
        let mut out = io::stdout().lock();
        out.write_all(text.as_bytes())?;
        return out.flush();
    }
    let tmp = format!("{path}.tmp-tail-opt");
    fs::write(&tmp, text)?;
    fs::rename(&tmp, path).inspect_err(|_| {
        let _ = fs::remove_file(&tmp);
    })
}
