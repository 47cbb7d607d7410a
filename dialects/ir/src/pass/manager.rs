//! Pass managers (MLIR's `OpPassManager`, `OpToOpPassAdaptor` and `PassManager`).
//!
//! An [`OpPassManager`] is anchored at an op name (or `any`) and holds an ordered list of
//! [`PassEntry`]s: passes and nested pass managers. Running it on an op runs each entry in
//! order; a nested pass manager runs on every op directly inside the regions of that op whose
//! name matches its anchor (`any`: every op all its passes may run on), in program order.
//! Execution is sequential and deterministic; a failing pass or verification stops the
//! pipeline.
//!
//! Unlike MLIR, adjacent nested pass managers with the same anchor are not merged:
//! `func.func(cse),func.func(canonicalize)` runs CSE on every function, then canonicalize on
//! every function (same result, since the functions are isolated), and prints back verbatim.

use std::cell::RefCell;
use std::fmt;
use std::io;
use std::rc::Rc;
use std::time::Instant;

use super::analysis::{AnalysisManager, PreservedAnalyses};
use super::instrument::{ir_dump, statistics_report, PassManagerConfig, Timing};
use super::pipeline::{add_pipeline_elements, parse_pass_pipeline, PipelineParseError};
use super::Pass;
use crate::context::{Context, OpId};
use crate::diagnostic::Diagnostic;
use crate::registry::OpTraits;

/// One step of an [`OpPassManager`].
pub enum PassEntry {
    /// A pass run on the pass manager's op.
    Pass(Box<dyn Pass>),
    /// A pass manager run on each matching op nested directly in the pass manager's op.
    Nested(OpPassManager),
}

impl fmt::Debug for PassEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PassEntry::Pass(p) => write!(f, "Pass({}{})", p.info().argument, p.options_string()),
            PassEntry::Nested(n) => write!(f, "Nested({n})"),
        }
    }
}

/// A pipeline of passes anchored at an op name; see the module documentation.
#[derive(Debug)]
pub struct OpPassManager {
    anchor: String,
    entries: Vec<PassEntry>,
}

impl OpPassManager {
    /// The anchor of op-agnostic pass managers.
    pub const ANY: &'static str = "any";

    /// An empty pass manager for ops named `anchor` (`any` for every op).
    pub fn new(anchor: &str) -> Self {
        OpPassManager {
            anchor: anchor.to_string(),
            entries: Vec::new(),
        }
    }

    /// An empty op-agnostic pass manager.
    pub fn any() -> Self {
        Self::new(Self::ANY)
    }

    /// The anchor op name (`any` for an op-agnostic pass manager).
    pub fn anchor(&self) -> &str {
        &self.anchor
    }

    /// Whether this pass manager runs on any op.
    pub fn is_op_agnostic(&self) -> bool {
        self.anchor == Self::ANY
    }

    /// Appends a nested pass manager for ops named `anchor` and returns it.
    pub fn nest(&mut self, anchor: &str) -> &mut OpPassManager {
        self.entries
            .push(PassEntry::Nested(OpPassManager::new(anchor)));
        match self.entries.last_mut() {
            Some(PassEntry::Nested(n)) => n,
            _ => unreachable!("just pushed a nested pass manager"),
        }
    }

    /// Appends a nested op-agnostic pass manager and returns it.
    pub fn nest_any(&mut self) -> &mut OpPassManager {
        self.nest(Self::ANY)
    }

    /// Appends a pass.
    ///
    /// # Panics
    /// If the pass is restricted to another op than this pass manager's anchor (a programming
    /// error, as in MLIR); use [`try_add_pass`](Self::try_add_pass) for passes built from user
    /// input.
    pub fn add_pass(&mut self, pass: Box<dyn Pass>) {
        if let Err(e) = self.try_add_pass(pass) {
            panic!("{e}");
        }
    }

    /// Appends a pass, or explains why it cannot run here:
    /// `Can't add pass 'CSE' restricted to 'func.func' on a PassManager intended to run on
    /// 'builtin.module', did you intend to nest?`
    pub fn try_add_pass(&mut self, pass: Box<dyn Pass>) -> Result<(), String> {
        let info = pass.info();
        if let Some(anchor) = info.anchor {
            if !self.is_op_agnostic() && anchor != self.anchor {
                return Err(format!(
                    "Can't add pass '{}' restricted to '{}' on a PassManager intended to run on '{}', did you intend to nest?",
                    info.name, anchor, self.anchor
                ));
            }
        }
        self.entries.push(PassEntry::Pass(pass));
        Ok(())
    }

    /// Parses a comma-separated pipeline element list (`cse,func.func(canonicalize{top-down=false})`)
    /// relative to this pass manager and appends it. Empty text adds nothing.
    pub fn add_pipeline(&mut self, text: &str) -> Result<(), PipelineParseError> {
        add_pipeline_elements(self, text)
    }

    /// The entries, in order.
    pub fn entries(&self) -> &[PassEntry] {
        &self.entries
    }

    /// The entries, mutable (e.g. to set options on built passes).
    pub fn entries_mut(&mut self) -> &mut Vec<PassEntry> {
        &mut self.entries
    }

    /// Number of entries (passes and nested pass managers) at this level.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Every pass, nested ones included, in pipeline order.
    pub fn passes(&self) -> Vec<&dyn Pass> {
        let mut out = Vec::new();
        self.collect_passes(&mut out);
        out
    }

    fn collect_passes<'a>(&'a self, out: &mut Vec<&'a dyn Pass>) {
        for e in &self.entries {
            match e {
                PassEntry::Pass(p) => out.push(p.as_ref()),
                PassEntry::Nested(n) => n.collect_passes(out),
            }
        }
    }

    /// Whether this pass manager may run on ops named `op_name`: its anchor matches, or it is
    /// op-agnostic and none of its passes is restricted to another op.
    pub fn can_schedule_on(&self, op_name: &str) -> bool {
        if !self.is_op_agnostic() {
            return self.anchor == op_name;
        }
        self.entries.iter().all(|e| match e {
            PassEntry::Pass(p) => p.info().anchor.is_none_or(|a| a == op_name),
            PassEntry::Nested(_) => true,
        })
    }
}

/// Prints the pipeline in MLIR's textual form: `builtin.module(func.func(cse,canonicalize{max-iterations=4}))`.
impl fmt::Display for OpPassManager {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(", self.anchor)?;
        for (i, e) in self.entries.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            match e {
                PassEntry::Pass(p) => write!(f, "{}{}", p.info().argument, p.options_string())?,
                PassEntry::Nested(n) => write!(f, "{n}")?,
            }
        }
        f.write_str(")")
    }
}

/// Why [`PassManager::run`] stopped. The diagnostics explaining it are in the context.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PipelineErrorKind {
    /// A pass returned an error.
    PassFailed,
    /// The verifier rejected the IR after a pass (`--verify-each`).
    VerificationFailed,
    /// The op does not match the pass manager's anchor.
    AnchorMismatch,
    /// A nested pass manager was scheduled on an op that is not `IsolatedFromAbove`.
    NotIsolatedFromAbove,
}

/// The failure of a pipeline run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipelineError {
    /// What went wrong.
    pub kind: PipelineErrorKind,
    /// The pipeline argument of the pass involved, if any.
    pub pass: Option<&'static str>,
    /// The op being processed.
    pub op: OpId,
}

impl fmt::Display for PipelineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pass = self.pass.unwrap_or("?");
        match self.kind {
            PipelineErrorKind::PassFailed => write!(f, "pass '{pass}' failed"),
            PipelineErrorKind::VerificationFailed => {
                write!(f, "verification failed after pass '{pass}'")
            }
            PipelineErrorKind::AnchorMismatch => {
                write!(f, "pass manager anchor does not match the operation")
            }
            PipelineErrorKind::NotIsolatedFromAbove => {
                write!(
                    f,
                    "pass scheduled on an operation not marked as 'IsolatedFromAbove'"
                )
            }
        }
    }
}

impl std::error::Error for PipelineError {}

/// The top-level pass manager: an [`OpPassManager`] (reachable through `Deref`) plus the
/// instrumentation [`config`](Self::config), the IR dump output and the collected timing.
///
/// ```ignore
/// let mut pm = PassManager::parse("builtin.module(func.func(cse,canonicalize))")?;
/// pm.config.verifier = Some(tail_ir::verifier::verify);
/// pm.config.print_ir_after_change = true;
/// pm.run(&mut ctx, module)?;   // on Err, print ctx.take_diagnostics()
/// ```
pub struct PassManager {
    root: OpPassManager,
    /// Instrumentation settings.
    pub config: PassManagerConfig,
    ir_output: Box<dyn io::Write>,
    timing: Option<Rc<RefCell<Timing>>>,
}

impl fmt::Debug for PassManager {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PassManager")
            .field("pipeline", &self.root.to_string())
            .field("config", &self.config)
            .finish()
    }
}

impl std::ops::Deref for PassManager {
    type Target = OpPassManager;
    fn deref(&self) -> &OpPassManager {
        &self.root
    }
}

impl std::ops::DerefMut for PassManager {
    fn deref_mut(&mut self) -> &mut OpPassManager {
        &mut self.root
    }
}

impl fmt::Display for PassManager {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.root.fmt(f)
    }
}

impl PassManager {
    /// An empty pass manager for ops named `anchor` (usually `builtin.module`), with the
    /// default configuration (verify-each on, IR dumps to stderr).
    pub fn new(anchor: &str) -> Self {
        Self::from_op_pass_manager(OpPassManager::new(anchor))
    }

    /// Wraps an [`OpPassManager`].
    pub fn from_op_pass_manager(root: OpPassManager) -> Self {
        PassManager {
            root,
            config: PassManagerConfig::default(),
            ir_output: Box::new(io::stderr()),
            timing: None,
        }
    }

    /// Parses a complete pipeline (`builtin.module(func.func(cse),symbol-dce)`).
    pub fn parse(pipeline: &str) -> Result<Self, PipelineParseError> {
        Ok(Self::from_op_pass_manager(parse_pass_pipeline(pipeline)?))
    }

    /// Replaces the configuration.
    pub fn with_config(mut self, config: PassManagerConfig) -> Self {
        self.config = config;
        self
    }

    /// Where IR dumps go (stderr by default, as in MLIR).
    pub fn set_ir_output(&mut self, out: Box<dyn io::Write>) {
        self.ir_output = out;
    }

    /// The root pass manager.
    pub fn root(&self) -> &OpPassManager {
        &self.root
    }

    /// The root pass manager, mutable.
    pub fn root_mut(&mut self) -> &mut OpPassManager {
        &mut self.root
    }

    /// Runs the pipeline on `op`. On failure the reason is returned and the diagnostics are in
    /// `ctx` (`ctx.take_diagnostics()`); the IR is left as the failing pass left it.
    pub fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), PipelineError> {
        let name = ctx.op_name_str(op).to_string();
        if !self.root.is_op_agnostic() && self.root.anchor != name {
            let msg = format!(
                "can't run '{}' pass manager on '{}' op",
                self.root.anchor, name
            );
            ctx.emit(Diagnostic::error(ctx.op_loc(op), msg));
            return Err(PipelineError {
                kind: PipelineErrorKind::AnchorMismatch,
                pass: None,
                op,
            });
        }
        if !self.root.can_schedule_on(&name) {
            let pass = self
                .root
                .passes()
                .into_iter()
                .find(|p| p.info().anchor.is_some_and(|a| a != name));
            let (arg, anchor) = pass
                .map(|p| (p.info().argument, p.info().anchor.unwrap_or("")))
                .unwrap_or(("", ""));
            let msg = format!("can't run pass '{arg}' restricted to '{anchor}' on '{name}' op");
            ctx.emit(Diagnostic::error(ctx.op_loc(op), msg));
            return Err(PipelineError {
                kind: PipelineErrorKind::AnchorMismatch,
                pass: Some(arg),
                op,
            });
        }
        if self.config.timing && self.timing.is_none() {
            self.timing = Some(Rc::new(RefCell::new(Timing::default())));
        }
        let timing = if self.config.timing {
            self.timing.clone()
        } else {
            None
        };
        let mut am = AnalysisManager::new(op);
        am.timing = timing.clone();
        let start = Instant::now();
        let mut runner = Runner {
            config: &self.config,
            out: self.ir_output.as_mut(),
            timing: timing.clone(),
        };
        let result = runner.run_pm(&mut self.root, ctx, op, &mut am);
        if let Some(t) = &timing {
            t.borrow_mut().add_total(start.elapsed());
        }
        let _ = self.ir_output.flush();
        result.map(|_| ())
    }

    /// MLIR's execution time report (`--mlir-timing`), accumulated over every run since
    /// timing was enabled in the config; `None` if nothing was timed.
    pub fn timing_report(&self) -> Option<String> {
        self.timing.as_ref().map(|t| t.borrow().report())
    }

    /// MLIR's pass statistics report (`--mlir-pass-statistics`), pipeline view.
    pub fn statistics_report(&self) -> String {
        statistics_report(&self.root)
    }
}

struct Runner<'a> {
    config: &'a PassManagerConfig,
    out: &'a mut dyn io::Write,
    timing: Option<Rc<RefCell<Timing>>>,
}

impl Runner<'_> {
    fn enter(&self, name: impl FnOnce() -> String) {
        if let Some(t) = &self.timing {
            t.borrow_mut().enter(name());
        }
    }

    fn exit(&self) {
        if let Some(t) = &self.timing {
            t.borrow_mut().exit();
        }
    }

    fn dump(&mut self, ctx: &Context, op: OpId, title: &str) {
        let text = ir_dump(ctx, op, title, self.config);
        let _ = self.out.write_all(text.as_bytes());
    }

    /// Runs every entry of `pm` on `op`; returns what all of them preserved together.
    fn run_pm(
        &mut self,
        pm: &mut OpPassManager,
        ctx: &mut Context,
        op: OpId,
        am: &mut AnalysisManager,
    ) -> Result<PreservedAnalyses, PipelineError> {
        let mut preserved = PreservedAnalyses::All;
        for entry in pm.entries.iter_mut() {
            let p = match entry {
                PassEntry::Pass(pass) => self.run_pass(pass.as_mut(), ctx, op, am)?,
                PassEntry::Nested(nested) => self.run_nested(nested, ctx, op, am)?,
            };
            preserved = preserved.intersect(&p);
        }
        Ok(preserved)
    }

    fn run_pass(
        &mut self,
        pass: &mut dyn Pass,
        ctx: &mut Context,
        op: OpId,
        am: &mut AnalysisManager,
    ) -> Result<PreservedAnalyses, PipelineError> {
        let info = pass.info();
        if self.config.prints_before(pass) {
            self.dump(
                ctx,
                op,
                &format!("Before {} ({})", info.name, info.argument),
            );
        }
        am.begin_pass();
        let changes_before = ctx.change_count();
        let errors_before = ctx.error_count();
        self.enter(|| info.name.to_string());
        let result = pass.run(ctx, op, am);
        self.exit();
        let changed = ctx.change_count() != changes_before;
        let preserved = am.take_preserved();
        if changed {
            am.prune_erased(ctx);
        }
        am.invalidate(&preserved);

        let failed = |kind| PipelineError {
            kind,
            pass: Some(info.argument),
            op,
        };
        if let Err(failure) = result {
            match failure.diagnostic {
                Some(d) => ctx.emit(d),
                None if ctx.error_count() == errors_before => {
                    let d = Diagnostic::error(
                        ctx.op_loc(op),
                        format!("pass '{}' failed", info.argument),
                    );
                    ctx.emit(d);
                }
                None => {}
            }
            if self.config.print_ir_after_failure {
                self.dump(
                    ctx,
                    op,
                    &format!("After {} Failed ({})", info.name, info.argument),
                );
            }
            return Err(failed(PipelineErrorKind::PassFailed));
        }
        if self.config.verify_each && changed {
            if let Some(verify) = self.config.verifier {
                if let Err(d) = verify(ctx, op) {
                    ctx.emit(d);
                    if self.config.print_ir_after_failure {
                        self.dump(
                            ctx,
                            op,
                            &format!("After {} Failed ({})", info.name, info.argument),
                        );
                    }
                    return Err(failed(PipelineErrorKind::VerificationFailed));
                }
            }
        }
        if self.config.prints_after(pass, changed) {
            self.dump(ctx, op, &format!("After {} ({})", info.name, info.argument));
        }
        Ok(preserved)
    }

    /// Runs `nested` on every matching op directly inside `op`'s regions.
    fn run_nested(
        &mut self,
        nested: &mut OpPassManager,
        ctx: &mut Context,
        op: OpId,
        am: &mut AnalysisManager,
    ) -> Result<PreservedAnalyses, PipelineError> {
        let children: Vec<OpId> = ctx
            .regions(op)
            .iter()
            .flat_map(|&r| ctx.region_blocks(r).iter().flat_map(|&b| ctx.block_ops(b)))
            .collect();
        self.enter(|| format!("'{}' Pipeline", nested.anchor));
        let mut preserved = PreservedAnalyses::All;
        let mut result = Ok(());
        for child in children {
            if !ctx.op_exists(child) || !nested.can_schedule_on(ctx.op_name_str(child)) {
                continue;
            }
            if let Some(def) = ctx.op_def(child) {
                if !def.traits.contains(OpTraits::ISOLATED_FROM_ABOVE) {
                    if nested.is_op_agnostic() {
                        continue;
                    }
                    let msg = format!(
                        "'{}' op trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'",
                        ctx.op_name_str(child)
                    );
                    ctx.emit(Diagnostic::error(ctx.op_loc(child), msg));
                    result = Err(PipelineError {
                        kind: PipelineErrorKind::NotIsolatedFromAbove,
                        pass: None,
                        op: child,
                    });
                    break;
                }
            }
            let mut child_am = am.take_child(child);
            let r = self.run_pm(nested, ctx, child, &mut child_am);
            if ctx.op_exists(child) {
                am.put_child(child_am);
            }
            match r {
                Ok(p) => preserved = preserved.intersect(&p),
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.exit();
        result?;
        // Nested passes changed the IR inside `op`: drop `op`'s own analyses they did not preserve.
        am.invalidate_own(&preserved);
        Ok(preserved)
    }
}
