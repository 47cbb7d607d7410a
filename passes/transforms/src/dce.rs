//! `dce`: dead code elimination of trivially dead operations and unreachable blocks, after
//! MLIR's region DCE (`runRegionDCE`, `eraseUnreachableBlocks` and `isOpTriviallyDead` in
//! `mlir/lib/Transforms/Utils/RegionUtils.cpp` and `mlir/lib/Interfaces/SideEffectInterfaces.cpp`).
//!
//! # Algorithm
//! An op is *trivially dead* when its results are unused and it would be dead if they were
//! (MLIR's `wouldOpBeTriviallyDead`, implemented by `tail_ir::greedy`): it is registered,
//! neither a terminator nor a symbol, and its only effects are reads and allocations — `Pure`
//! ops, `MemAlloc`/`MemRead` ops, and `RecursiveMemoryEffects` ops whose nested ops all
//! qualify. (Reads are removable when unused, as in MLIR.)
//!
//! 1. Every op nested in the anchor op is put on a stack in pre-order, so popping visits the
//!    ops of each block from last to first and nested ops before the op holding them: users
//!    are seen before the values they use, and one sweep removes chains of dead ops. When an
//!    op is erased, the producers of its operands (and of the operands of the ops nested in
//!    it that come from outside) are pushed again, since they may have lost their last use —
//!    this catches producers in other blocks or enclosing regions.
//! 2. Blocks unreachable from the entry block of their (multi-block) region are erased, with
//!    the ops in them ([`tail_ir::greedy::erase_unreachable_blocks`], MLIR's
//!    `eraseUnreachableBlocks`).
//! 3. If step 2 erased anything, step 1 runs again (dropped uses may have made more ops dead).
//!
//! Unused arguments of non-entry blocks are kept: removing them requires dropping the matching
//! successor operands of every predecessor terminator, and `tail-ir` has no successor-operand
//! information (MLIR's `BranchOpInterface`) yet. Unlike MLIR's liveness-based `runRegionDCE`,
//! cycles of otherwise dead ops through block arguments are therefore not removed either.
//! The anchor op itself is never erased.

use tail_ir::greedy::{erase_unreachable_blocks, is_op_trivially_dead};
use tail_ir::pass::{pass, AnalysisManager, PassResult, PassRun, Statistic};
use tail_ir::{Context, IrEvent, OpId};

/// Dead code elimination: erase operations whose results are unused and that have no side
/// effects, transitively, and blocks unreachable from their region's entry.
#[pass(
    argument = "dce",
    summary = "Eliminate trivially dead operations and unreachable blocks",
    name = "DCE"
)]
pub struct Dce {
    #[statistic(name = "num-erased", description = "Number of operations erased")]
    num_erased: Statistic,
    #[statistic(
        name = "num-blocks-erased",
        description = "Number of unreachable blocks erased"
    )]
    num_blocks_erased: Statistic,
}

impl PassRun for Dce {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        am: &mut AnalysisManager,
    ) -> PassResult {
        let stats = eliminate_dead_code(ctx, op);
        self.num_erased.add(stats.ops_erased as u64);
        self.num_blocks_erased.add(stats.blocks_erased as u64);
        if stats.ops_erased == 0 && stats.blocks_erased == 0 {
            am.mark_all_preserved();
        }
        Ok(())
    }
}

/// What [`eliminate_dead_code`] removed.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct DceStats {
    /// Operations erased (dead ops, nested ops erased with them, and ops of unreachable blocks).
    pub ops_erased: usize,
    /// Unreachable blocks erased.
    pub blocks_erased: usize,
}

/// Erases trivially dead ops (transitively) and unreachable blocks nested in `root` (see the
/// module documentation). `root` itself is kept.
pub fn eliminate_dead_code(ctx: &mut Context, root: OpId) -> DceStats {
    let mut stats = DceStats::default();
    loop {
        stats.ops_erased += erase_dead_ops(ctx, root);
        let (blocks, ops) = erase_unreachable(ctx, root);
        stats.blocks_erased += blocks;
        stats.ops_erased += ops;
        if blocks == 0 {
            return stats;
        }
    }
}

/// The number of blocks in the regions nested in `root`.
fn count_blocks(ctx: &Context, root: OpId) -> usize {
    ctx.walk_preorder(root)
        .iter()
        .flat_map(|&o| ctx.regions(o))
        .map(|&r| ctx.region_blocks(r).len())
        .sum()
}

/// Step 2: erases the unreachable blocks nested in `root`; returns the number of blocks and of
/// ops erased.
fn erase_unreachable(ctx: &mut Context, root: OpId) -> (usize, usize) {
    let before = count_blocks(ctx, root);
    let outer = ctx.push_journal();
    let regions = ctx.regions(root).to_vec();
    let changed = erase_unreachable_blocks(ctx, &regions);
    let journal = ctx.disable_journal();
    let ops = journal
        .events
        .iter()
        .filter(|e| matches!(e, IrEvent::Erased(_)))
        .count();
    let mut outer = outer;
    if let Some(o) = &mut outer {
        o.events.extend(journal.events);
    }
    ctx.pop_journal(outer);
    if !changed {
        return (0, 0);
    }
    (before.saturating_sub(count_blocks(ctx, root)), ops)
}

/// Step 1 of the module documentation; returns the number of ops erased.
pub fn erase_dead_ops(ctx: &mut Context, root: OpId) -> usize {
    let mut stack = ctx.walk_preorder(root);
    stack.remove(0); // the root
    let mut erased = 0usize;
    while let Some(op) = stack.pop() {
        if !ctx.op_exists(op) || !is_op_trivially_dead(ctx, op) {
            continue;
        }
        // Producers outside `op` whose values it (or an op nested in it) uses.
        let nested = ctx.walk_preorder(op);
        let mut producers: Vec<OpId> = Vec::new();
        for &o in &nested {
            for v in ctx.operands(o) {
                if let Some(d) = ctx.defining_op(v) {
                    if !ctx.is_ancestor(op, d) && !producers.contains(&d) {
                        producers.push(d);
                    }
                }
            }
        }
        erased += nested.len();
        ctx.erase_op(op);
        for d in producers {
            if ctx.op_exists(d) && d != root && ctx.is_ancestor(root, d) && ctx.op_results_unused(d)
            {
                stack.push(d);
            }
        }
    }
    erased
}
