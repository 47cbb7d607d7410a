//! The pass infrastructure: passes, pass managers nested on operation names, the textual
//! pipeline grammar, analysis caching and instrumentation. A port of MLIR's `mlir/Pass`
//! (`Pass.h`, `PassManager.h`, `PassRegistry.h`, `AnalysisManager.h`, `PassInstrumentation.h`),
//! run sequentially and deterministically.
//!
//! # Passes
//! A [`Pass`] transforms one operation (its *anchor*: a `builtin.module`, a `func.func`, or any
//! op) and everything nested in it. Passes are normally declared with the `#[pass]` attribute
//! macro, which generates the [`Pass`] impl, option parsing and printing, statistics and the
//! link-time registration; the author implements [`PassRun`]:
//!
//! ```
//! use tail_ir::pass::{pass, AnalysisManager, PassManager, PassResult, PassRun, Statistic};
//! use tail_ir::{Context, Diagnostic, OpId, OperationState};
//!
//! /// Counts the ops of a function (this doc comment becomes the pass description).
//! #[pass(argument = "doc-count-ops", summary = "Count ops", anchor = "func.func", name = "CountOps")]
//! pub struct CountOps {
//!     #[option(name = "limit", default = 100, description = "Fail above this many ops")]
//!     limit: usize,
//!     #[statistic(description = "Number of ops seen")]
//!     num_ops: Statistic,
//! }
//!
//! impl PassRun for CountOps {
//!     fn run_on_operation(&mut self, ctx: &mut Context, op: OpId, am: &mut AnalysisManager) -> PassResult {
//!         let n = ctx.walk_preorder(op).len();
//!         self.num_ops.add(n as u64);
//!         if n > self.limit {
//!             return Err(Diagnostic::error(ctx.op_loc(op), format!("{n} ops exceed the limit")).into());
//!         }
//!         am.mark_all_preserved(); // nothing changed
//!         Ok(())
//!     }
//! }
//!
//! let mut pm = PassManager::parse("builtin.module(func.func(doc-count-ops{limit=5}))").unwrap();
//! assert_eq!(pm.to_string(), "builtin.module(func.func(doc-count-ops{limit=5}))");
//!
//! let mut ctx = Context::new();
//! ctx.allow_unregistered = true;
//! let loc = ctx.unknown_loc();
//! let body = ctx.create_region();
//! ctx.append_new_block(body, &[]);
//! let mut module = OperationState::new(&mut ctx, "builtin.module", loc);
//! module.regions.push(body);
//! let module = ctx.create_op(module);
//! pm.run(&mut ctx, module).unwrap();
//! ```
//!
//! # Pass managers and pipelines
//! An [`OpPassManager`] holds a list of passes and nested pass managers for an anchor op name;
//! a nested pass manager runs on every op with its name directly inside the regions of the
//! op the parent runs on (`any` matches every op). The textual form is MLIR's:
//! `builtin.module(func.func(cse,canonicalize{max-iterations=4 top-down=false}),symbol-dce)`,
//! parsed by [`PassManager::parse`] / [`OpPassManager::add_pipeline`] and printed by
//! `Display`. Named pipelines ([`PipelineRegistration`], declared with [`pass_pipeline!`](crate::pass_pipeline))
//! expand in place.
//!
//! # Analyses
//! [`AnalysisManager::get_analysis`] computes an [`Analysis`] for the current op once and caches
//! it until a pass that does not preserve it runs ([`PreservedAnalyses`]). A pass preserves
//! nothing unless it says otherwise with [`AnalysisManager::mark_all_preserved`] or
//! [`AnalysisManager::mark_preserved`].
//!
//! # Instrumentation
//! [`PassManagerConfig`]: verification after each pass (`--verify-each`, on by default),
//! IR printing before/after passes (`--mlir-print-ir-after-all` and friends, with MLIR's
//! `// -----// IR Dump After CSE (cse) //----- //` headers), the execution time report
//! (`--mlir-timing`) and the pass statistics report (`--mlir-pass-statistics`).

mod analysis;
mod instrument;
mod manager;
mod options;
mod pipeline;
mod registry;

use std::sync::atomic::{AtomicU64, Ordering};

pub use analysis::{Analysis, AnalysisManager, PreservedAnalyses};
pub use instrument::{CaptureBuffer, PassManagerConfig, VerifierFn};
pub use manager::{OpPassManager, PassEntry, PassManager, PipelineError, PipelineErrorKind};
pub use options::{parse_options_string, write_option, OptionAssignment, PassOptionValue};
pub use pipeline::{parse_pass_pipeline, PipelineParseError};
pub use registry::{
    list_passes_text, lookup_pass, lookup_pipeline, registered_passes, registered_pipelines,
    PassRegistration, PipelineRegistration,
};
pub use tail_ir_macros::pass;

use crate::context::{Context, OpId};
use crate::diagnostic::Diagnostic;

/// Static description of a pass: what `--list-passes` shows and what the pipeline parser and
/// printer need. The `#[pass]` macro generates one per pass (`MyPass::PASS_INFO`).
#[derive(Debug)]
pub struct PassInfo {
    /// Display name used in IR dumps, timing and statistics reports (MLIR's `getName()`, the
    /// class name by default: `Canonicalizer`, `CSE`).
    pub name: &'static str,
    /// Pipeline argument, e.g. `canonicalize`.
    pub argument: &'static str,
    /// One-line summary.
    pub summary: &'static str,
    /// Longer description (the doc comment of the pass struct).
    pub description: &'static str,
    /// The op name the pass is restricted to, or `None` for an op-agnostic pass.
    pub anchor: Option<&'static str>,
    /// The pass's options, sorted by name.
    pub options: &'static [PassOptionInfo],
    /// The pass's statistics, sorted by name.
    pub statistics: &'static [PassStatisticInfo],
}

impl PassInfo {
    /// The option named `name`, if the pass has one.
    pub fn option(&self, name: &str) -> Option<&'static PassOptionInfo> {
        self.options.iter().find(|o| o.name == name)
    }
}

/// Description of one pass option.
#[derive(Debug)]
pub struct PassOptionInfo {
    /// Name used in pipelines: `max-iterations`.
    pub name: &'static str,
    /// The value type as written in Rust: `bool`, `usize`, `f64`, `String`, `Vec<String>`.
    pub type_name: &'static str,
    /// The default value in pipeline syntax (`10`, `true`, `a,b`).
    pub default: &'static str,
    /// What the option does.
    pub description: &'static str,
}

/// Description of one pass statistic.
#[derive(Debug)]
pub struct PassStatisticInfo {
    /// Name in reports: `num-folded`.
    pub name: &'static str,
    /// What is counted.
    pub description: &'static str,
}

/// The current value of one statistic of a pass instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassStatistic {
    /// Name in reports: `num-folded`.
    pub name: &'static str,
    /// What is counted.
    pub description: &'static str,
    /// The count.
    pub value: u64,
}

/// A counter reported by `--mlir-pass-statistics` (MLIR's `Pass::Statistic`). Counting takes
/// `&self`, so it works from closures that borrow the pass immutably.
#[derive(Debug, Default)]
pub struct Statistic(AtomicU64);

impl Statistic {
    /// A counter at zero.
    pub const fn new() -> Self {
        Statistic(AtomicU64::new(0))
    }
    /// Adds one.
    pub fn inc(&self) {
        self.add(1);
    }
    /// Adds `n`.
    pub fn add(&self, n: u64) {
        self.0.fetch_add(n, Ordering::Relaxed);
    }
    /// The current count.
    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
    /// Sets the count.
    pub fn set(&self, n: u64) {
        self.0.store(n, Ordering::Relaxed);
    }
}

impl Clone for Statistic {
    fn clone(&self) -> Self {
        Statistic(AtomicU64::new(self.get()))
    }
}

/// Why a pass failed. The diagnostic it carries (if any) is emitted into the [`Context`] by the
/// pass manager; a pass that already emitted its errors with [`Context::emit`] returns
/// [`PassFailure::emitted`].
#[derive(Clone, Debug, PartialEq, Default)]
pub struct PassFailure {
    /// A diagnostic not yet emitted.
    pub diagnostic: Option<Diagnostic>,
}

impl PassFailure {
    /// A failure whose diagnostics were already emitted into the context.
    pub fn emitted() -> Self {
        PassFailure { diagnostic: None }
    }
}

impl From<Diagnostic> for PassFailure {
    fn from(d: Diagnostic) -> Self {
        PassFailure {
            diagnostic: Some(d),
        }
    }
}

/// What a pass returns: `Ok(())` on success (MLIR's `signalPassFailure` is `Err`).
pub type PassResult = Result<(), PassFailure>;

/// A transformation or analysis run by a pass manager (object safe). Usually implemented by
/// the `#[pass]` macro on top of [`PassRun`]; implement it by hand for passes that need to
/// compute their info or options at run time.
pub trait Pass {
    /// The static description (argument, display name, anchor, options).
    fn info(&self) -> &'static PassInfo;
    /// Sets option `name` from its textual `value`. Errors are complete messages, e.g.
    /// `invalid argument 'abc' to option 'max-iterations': expected an unsigned integer`.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String>;
    /// The current options in pipeline syntax, `{max-iterations=4 top-down=false}` (sorted by
    /// name, as MLIR prints them), or the empty string for a pass without options.
    fn options_string(&self) -> String;
    /// The current statistic values.
    fn statistics(&self) -> Vec<PassStatistic>;
    /// Runs the pass on `op`. `am` caches analyses of `op`; report preserved analyses through
    /// it (by default none are preserved).
    fn run(&mut self, ctx: &mut Context, op: OpId, am: &mut AnalysisManager) -> PassResult;
}

/// The part of a pass the author writes when the rest is generated by `#[pass]`.
pub trait PassRun {
    /// Runs the pass on `op` (the anchor op: e.g. one `func.func`). Emit diagnostics with
    /// [`Context::emit`] and return [`PassFailure::emitted`], or return a diagnostic:
    /// `Err(Diagnostic::error(loc, msg).into())`. Call [`AnalysisManager::mark_all_preserved`]
    /// when nothing changed.
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        am: &mut AnalysisManager,
    ) -> PassResult;
}

/// The textual form of a pass in a pipeline: its argument followed by its options.
pub fn pass_to_pipeline_string(pass: &dyn Pass) -> String {
    format!("{}{}", pass.info().argument, pass.options_string())
}

/// Declares a named pass pipeline usable by name inside pipelines and listed by
/// `--list-passes` (MLIR's `PassPipelineRegistration`). The pipeline text is a comma-separated
/// element list that expands in place into the pass manager that references it:
///
/// ```ignore
/// tail_ir::pass_pipeline! {
///     argument: "tail-simplify",
///     summary: "Canonicalize and clean up",
///     pipeline: "func.func(cse,canonicalize),symbol-dce",
/// }
/// ```
#[macro_export]
macro_rules! pass_pipeline {
    (argument: $arg:expr, summary: $summary:expr, pipeline: $pipeline:expr $(,)?) => {
        $crate::__private::inventory::submit! {
            $crate::pass::PipelineRegistration { argument: $arg, summary: $summary, pipeline: $pipeline }
        }
    };
}

/// Re-exports used by code generated by `#[pass]`; not for direct use.
#[doc(hidden)]
pub mod __private {
    pub use super::options::{bad_option_value, no_such_option, parse_option_for, OptionsWriter};
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Declared inside `tail-ir` itself: the macro's `::tail_ir` paths resolve here too.
    #[pass(argument = "test-in-crate", summary = "In-crate pass")]
    struct InCrate {
        #[option(name = "n", default = 2)]
        n: u32,
    }

    impl PassRun for InCrate {
        fn run_on_operation(
            &mut self,
            _: &mut Context,
            _: OpId,
            am: &mut AnalysisManager,
        ) -> PassResult {
            am.mark_all_preserved();
            Ok(())
        }
    }

    #[test]
    fn macro_works_inside_the_crate() {
        assert_eq!(InCrate::default().n, 2);
        assert_eq!(
            pass_to_pipeline_string(&InCrate::default()),
            "test-in-crate{n=2}"
        );
        assert!(lookup_pass("test-in-crate").is_some());
    }
}
