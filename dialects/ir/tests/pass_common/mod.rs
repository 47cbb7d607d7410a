//! Test passes, analyses and IR builders shared by the `pass_*` tests.
#![allow(dead_code)]

use std::cell::{Cell, RefCell};

use tail_ir::pass::{pass, Analysis, AnalysisManager, PassFailure, PassResult, PassRun, Statistic};
use tail_ir::{Context, Diagnostic, InsertPoint, OpId, OperationState};

thread_local! {
    /// What the test passes did, in order (`arg:op-name[@sym]`).
    pub static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    /// How many times `CountingAnalysis` was computed.
    pub static ANALYSIS_COMPUTED: Cell<usize> = const { Cell::new(0) };
}

pub fn take_log() -> Vec<String> {
    LOG.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

pub fn analysis_count() -> usize {
    ANALYSIS_COMPUTED.with(|c| c.get())
}

fn describe(ctx: &Context, op: OpId) -> String {
    let mut s = ctx.op_name_str(op).to_string();
    if let Some(n) = ctx.attr(op, "sym_name").and_then(|a| ctx.attr_as_str(a)) {
        s.push('@');
        s.push_str(n);
    }
    s
}

fn log(arg: &str, ctx: &Context, op: OpId) {
    let d = describe(ctx, op);
    LOG.with(|l| l.borrow_mut().push(format!("{arg}:{d}")));
}

/// An analysis counting the ops nested in its op; counts its own constructions.
pub struct CountingAnalysis {
    pub num_ops: usize,
}

impl Analysis for CountingAnalysis {
    fn new(ctx: &Context, op: OpId) -> Self {
        ANALYSIS_COMPUTED.with(|c| c.set(c.get() + 1));
        CountingAnalysis {
            num_ops: ctx.walk_preorder(op).len(),
        }
    }
}

/// Another analysis, used to check selective preservation.
pub struct OtherAnalysis;

impl Analysis for OtherAnalysis {
    fn new(_ctx: &Context, _op: OpId) -> Self {
        OtherAnalysis
    }
}

/// Logs the op it runs on; changes nothing.
#[pass(argument = "test-log", summary = "Log the op")]
pub struct TestLog {
    #[statistic(description = "Number of ops visited")]
    visited: Statistic,
}

impl PassRun for TestLog {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        am: &mut AnalysisManager,
    ) -> PassResult {
        log("test-log", ctx, op);
        self.visited.inc();
        am.mark_all_preserved();
        Ok(())
    }
}

/// Logs functions only.
#[pass(
    argument = "test-func-log",
    summary = "Log a function",
    anchor = "func.func",
    name = "TestFuncLog"
)]
pub struct TestFuncLog;

impl PassRun for TestFuncLog {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        am: &mut AnalysisManager,
    ) -> PassResult {
        log("test-func-log", ctx, op);
        am.mark_all_preserved();
        Ok(())
    }
}

/// Module-only pass.
#[pass(
    argument = "test-module-log",
    summary = "Log a module",
    anchor = "builtin.module"
)]
pub struct TestModuleLog;

impl PassRun for TestModuleLog {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        am: &mut AnalysisManager,
    ) -> PassResult {
        log("test-module-log", ctx, op);
        am.mark_all_preserved();
        Ok(())
    }
}

/// Sets attribute `touched` on its op (a change) unless it is already there.
#[pass(argument = "test-touch", summary = "Mark the op as touched")]
pub struct TestTouch {
    #[option(
        name = "value",
        default = 1,
        description = "Value stored in the attribute"
    )]
    pub value: i64,
    #[statistic]
    pub num_touched: Statistic,
}

impl PassRun for TestTouch {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        am: &mut AnalysisManager,
    ) -> PassResult {
        log("test-touch", ctx, op);
        if ctx.attr(op, "touched").is_some() {
            am.mark_all_preserved();
            return Ok(());
        }
        let i64t = ctx.int_type(64);
        let a = ctx.int_attr(i64t, self.value);
        ctx.set_attr(op, "touched", a);
        self.num_touched.inc();
        Ok(())
    }
}

/// Fails with a diagnostic, or (with `emit`) after emitting it itself.
#[pass(argument = "test-fail", summary = "Always fail")]
pub struct TestFail {
    #[option(name = "emit", default = false)]
    emit: bool,
    #[option(name = "silent", default = false)]
    silent: bool,
}

impl PassRun for TestFail {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        _am: &mut AnalysisManager,
    ) -> PassResult {
        log("test-fail", ctx, op);
        let d = Diagnostic::error(ctx.op_loc(op), "test-fail failed here");
        if self.silent {
            Err(PassFailure::emitted())
        } else if self.emit {
            ctx.emit(d);
            Err(PassFailure::emitted())
        } else {
            Err(d.into())
        }
    }
}

/// Uses `CountingAnalysis`; with `preserve`, keeps it valid; with `mutate`, changes the IR.
#[pass(argument = "test-analysis", summary = "Query CountingAnalysis")]
pub struct TestAnalysis {
    #[option(name = "preserve", default = false)]
    preserve: bool,
    #[option(name = "preserve-all", default = false)]
    preserve_all: bool,
    #[option(
        name = "children",
        default = false,
        description = "Also query each nested op's analysis"
    )]
    children: bool,
}

impl PassRun for TestAnalysis {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        am: &mut AnalysisManager,
    ) -> PassResult {
        let a = am.get_analysis::<CountingAnalysis>(ctx);
        let again = am.get_analysis::<CountingAnalysis>(ctx);
        assert!(std::rc::Rc::ptr_eq(&a, &again));
        LOG.with(|l| {
            l.borrow_mut()
                .push(format!("test-analysis:{}:{}", describe(ctx, op), a.num_ops))
        });
        if self.children {
            let kids: Vec<OpId> = ctx
                .regions(op)
                .iter()
                .flat_map(|&r| ctx.region_blocks(r).iter().flat_map(|&b| ctx.block_ops(b)))
                .collect();
            for k in kids {
                am.get_child_analysis::<CountingAnalysis>(ctx, k)
                    .expect("nested op");
            }
        }
        if self.preserve_all {
            am.mark_all_preserved();
        } else if self.preserve {
            am.mark_preserved::<CountingAnalysis>();
        }
        Ok(())
    }
}

/// A module with functions `names` (each holding a `test.op` and a `func.return`) and, between
/// them, a `test.global` op.
pub fn build_module(ctx: &mut Context, names: &[&str]) -> (OpId, Vec<OpId>) {
    ctx.allow_unregistered = true;
    let loc = ctx.unknown_loc();
    let r = ctx.create_region();
    let body = ctx.append_new_block(r, &[]);
    let mut st = OperationState::new(ctx, "builtin.module", loc);
    st.regions.push(r);
    let module = ctx.create_op(st);
    let mut funcs = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let fr = ctx.create_region();
        let fb = ctx.append_new_block(fr, &[]);
        let mut st = OperationState::new(ctx, "func.func", loc);
        st.regions.push(fr);
        let sym = ctx.string_attr(name);
        st.add_attr(ctx, "sym_name", sym);
        let f = ctx.create_op(st);
        ctx.insert_op(f, InsertPoint::BlockEnd(body));
        let st = OperationState::new(ctx, "test.op", loc);
        let o = ctx.create_op(st);
        ctx.insert_op(o, InsertPoint::BlockEnd(fb));
        let st = OperationState::new(ctx, "func.return", loc);
        let o = ctx.create_op(st);
        ctx.insert_op(o, InsertPoint::BlockEnd(fb));
        funcs.push(f);
        if i == 0 {
            let st = OperationState::new(ctx, "test.global", loc);
            let g = ctx.create_op(st);
            ctx.insert_op(g, InsertPoint::BlockEnd(body));
        }
    }
    (module, funcs)
}
