//! `cse`: common subexpression elimination, a port of MLIR's `CSE` pass
//! (`mlir/lib/Transforms/CSE.cpp`).
//!
//! # Algorithm
//! The regions of the anchor op are walked with a *scoped hash table* of the operations seen
//! so far ("known values"). In a region with one block the block is processed in a new scope;
//! in a multi-block region with SSA dominance the blocks are visited in a depth-first walk of
//! the region's dominator tree, each block opening a scope that its dominator-tree children
//! see and that is closed when the walk leaves it, so an op is only ever replaced by an
//! equivalent op that dominates it. Multi-block graph regions are skipped.
//!
//! In each block, the regions of an op are processed before the op itself. The regions of an
//! `IsolatedFromAbove` op (or of an unregistered op, which might be isolated) start from an
//! empty table; the regions of other ops see the enclosing scopes. Then the op is simplified:
//! - terminators are never touched;
//! - a trivially dead op (unused, removable: see `tail_ir::greedy::is_op_trivially_dead`) is
//!   erased (`num-dce'd`);
//! - ops with a region holding more than one block are skipped;
//! - a memory-effect-free op (`Pure`, or `RecursiveMemoryEffects` with effect-free nested ops)
//!   is looked up in the table: an equivalent op replaces it (`num-cse'd`), otherwise it is
//!   inserted;
//! - an op whose only effect is `MemRead` (and that has no regions) is replaced by an
//!   equivalent earlier op of the *same block* only if no op in between may write memory
//!   (`MemWrite`, `MemFree`, unknown effects, unregistered ops; recursive ops by their nested
//!   ops); either way it is (re)inserted so later reads compare against the newest one. The
//!   "no write in between" scans are cached per block, as in MLIR;
//! - every other op is left alone.
//!
//! Consumed values (Futhark's uniqueness rule): an op with a result that some op consumes
//! (`#[operand(consumed)]`, e.g. the destination of `soac.update`) is never merged with
//! another op, in either direction, since after merging two consumers would share one value.
//!
//! Two ops are equivalent (MLIR's `OperationEquivalence`) when they have the same name,
//! attributes (`tail-ir` has no separate properties), result types, successors and operands,
//! and structurally equal regions (same blocks, argument types and ops, values defined inside
//! the regions compared by position). Operands of `Commutative` ops are compared as sorted
//! lists, so `addi %a, %b` and `addi %b, %a` are equivalent. The hash covers the name,
//! attributes, (sorted) operands, result types and region count.
//!
//! Replaced and dead ops are erased after the walk. In graph regions (no SSA dominance) only
//! the uses outside the existing op are redirected, and the duplicate is erased only if that
//! left it unused. When the surviving op has an unknown location and the erased one does not,
//! the survivor takes the erased op's location (as MLIR does).

use std::hash::{Hash, Hasher};

use rustc_hash::{FxHashMap, FxHasher};
use smallvec::SmallVec;
use tail_ir::dominance::{has_ssa_dominance, RegionDomTree};
use tail_ir::greedy::{is_memory_effect_free, is_op_trivially_dead};
use tail_ir::pass::{pass, AnalysisManager, PassResult, PassRun, Statistic};
use tail_ir::registry::is_value_consumed;
use tail_ir::{BlockId, Context, LocKind, OpId, OpTraits, RegionId, Value};

/// Eliminate common subexpressions: replace an operation by an equivalent one that dominates
/// it, and erase trivially dead operations on the way.
#[pass(
    argument = "cse",
    summary = "Eliminate common sub-expressions",
    name = "CSE"
)]
pub struct Cse {
    #[statistic(name = "num-cse'd", description = "Number of operations CSE'd")]
    num_cse: Statistic,
    #[statistic(name = "num-dce'd", description = "Number of operations DCE'd")]
    num_dce: Statistic,
}

impl PassRun for Cse {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        am: &mut AnalysisManager,
    ) -> PassResult {
        let stats = eliminate_common_subexpressions(ctx, op);
        self.num_cse.add(stats.num_cse);
        self.num_dce.add(stats.num_dce);
        if !stats.changed {
            am.mark_all_preserved();
        }
        Ok(())
    }
}

/// What [`eliminate_common_subexpressions`] did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CseStats {
    /// Ops replaced by an equivalent op.
    pub num_cse: u64,
    /// Trivially dead ops erased.
    pub num_dce: u64,
    /// Whether the IR changed.
    pub changed: bool,
}

/// Runs CSE on the regions of `op` (which is not itself touched), as the `cse` pass does.
pub fn eliminate_common_subexpressions(ctx: &mut Context, op: OpId) -> CseStats {
    let mut driver = CseDriver::default();
    let mut table = ScopedTable::new();
    for r in ctx.regions(op).to_vec() {
        driver.simplify_region(ctx, &mut table, r);
    }
    let changed = driver.finish(ctx);
    CseStats {
        num_cse: driver.num_cse,
        num_dce: driver.num_dce,
        changed,
    }
}

// ----- the scoped table -------------------------------------------------------------------------

/// Known ops by hash, with scopes: entries inserted in a scope are removed when it closes.
/// Later entries shadow earlier ones.
struct ScopedTable {
    buckets: FxHashMap<u64, SmallVec<[OpId; 1]>>,
    scopes: Vec<Vec<u64>>,
}

impl ScopedTable {
    fn new() -> Self {
        ScopedTable {
            buckets: FxHashMap::default(),
            scopes: vec![Vec::new()],
        }
    }
    fn push_scope(&mut self) {
        self.scopes.push(Vec::new());
    }
    fn pop_scope(&mut self) {
        let Some(keys) = self.scopes.pop() else {
            return;
        };
        for h in keys.into_iter().rev() {
            if let Some(bucket) = self.buckets.get_mut(&h) {
                bucket.pop();
                if bucket.is_empty() {
                    self.buckets.remove(&h);
                }
            }
        }
    }
    fn insert(&mut self, hash: u64, op: OpId) {
        self.buckets.entry(hash).or_default().push(op);
        self.scopes.last_mut().expect("a scope is open").push(hash);
    }
    /// The newest known op equivalent to `op`.
    fn lookup(&self, ctx: &Context, hash: u64, op: OpId) -> Option<OpId> {
        let bucket = self.buckets.get(&hash)?;
        bucket
            .iter()
            .rev()
            .copied()
            .find(|&e| e != op && ctx.op_exists(e) && ops_equivalent(ctx, e, op))
    }
}

// ----- equivalence --------------------------------------------------------------------------------

fn is_commutative(ctx: &Context, op: OpId) -> bool {
    ctx.op_has_traits(op, OpTraits::COMMUTATIVE)
}

/// The operands of `op` mapped through `map`, sorted when the op is commutative.
fn normalized_operands(
    ctx: &Context,
    op: OpId,
    map: &FxHashMap<Value, Value>,
) -> SmallVec<[Value; 4]> {
    let mut v: SmallVec<[Value; 4]> = ctx
        .operands(op)
        .map(|x| *map.get(&x).unwrap_or(&x))
        .collect();
    if is_commutative(ctx, op) {
        v.sort_unstable();
    }
    v
}

/// The hash of `op` for the known-values table.
fn op_hash(ctx: &Context, op: OpId) -> u64 {
    let mut h = FxHasher::default();
    ctx.op_name(op).sym.hash(&mut h);
    ctx.attrs(op).hash(&mut h);
    normalized_operands(ctx, op, &FxHashMap::default()).hash(&mut h);
    for &r in ctx.results(op) {
        ctx.value_type(r).hash(&mut h);
    }
    ctx.regions(op).len().hash(&mut h);
    h.finish()
}

/// Whether `a` and `b` are equivalent (see the module documentation).
pub fn ops_equivalent(ctx: &Context, a: OpId, b: OpId) -> bool {
    let mut values = FxHashMap::default();
    let mut blocks = FxHashMap::default();
    ops_equivalent_mapped(ctx, a, b, &mut values, &mut blocks)
}

/// Equivalence of `a` and `b` where values and blocks of `a`'s side defined inside the regions
/// being compared are mapped to `b`'s side through `values` / `blocks`.
fn ops_equivalent_mapped(
    ctx: &Context,
    a: OpId,
    b: OpId,
    values: &mut FxHashMap<Value, Value>,
    blocks: &mut FxHashMap<BlockId, BlockId>,
) -> bool {
    if a == b {
        return true;
    }
    if ctx.op_name(a).sym != ctx.op_name(b).sym
        || ctx.attrs(a) != ctx.attrs(b)
        || ctx.num_results(a) != ctx.num_results(b)
        || ctx.num_operands(a) != ctx.num_operands(b)
        || ctx.regions(a).len() != ctx.regions(b).len()
        || ctx.successors(a).len() != ctx.successors(b).len()
    {
        return false;
    }
    let types_equal = ctx
        .results(a)
        .iter()
        .zip(ctx.results(b))
        .all(|(&x, &y)| ctx.value_type(x) == ctx.value_type(y));
    if !types_equal {
        return false;
    }
    if normalized_operands(ctx, a, values) != normalized_operands(ctx, b, &FxHashMap::default()) {
        return false;
    }
    let succ_equal = ctx
        .successors(a)
        .iter()
        .zip(ctx.successors(b))
        .all(|(x, y)| blocks.get(x).unwrap_or(x) == y);
    if !succ_equal {
        return false;
    }
    for (&ra, &rb) in ctx.regions(a).iter().zip(ctx.regions(b)) {
        if !regions_equivalent(ctx, ra, rb, values, blocks) {
            return false;
        }
    }
    for (&x, &y) in ctx.results(a).iter().zip(ctx.results(b)) {
        values.insert(x, y);
    }
    true
}

fn regions_equivalent(
    ctx: &Context,
    ra: RegionId,
    rb: RegionId,
    values: &mut FxHashMap<Value, Value>,
    blocks: &mut FxHashMap<BlockId, BlockId>,
) -> bool {
    let (ba, bb) = (ctx.region_blocks(ra), ctx.region_blocks(rb));
    if ba.len() != bb.len() {
        return false;
    }
    for (&x, &y) in ba.iter().zip(bb) {
        let (xa, ya) = (ctx.block_args(x), ctx.block_args(y));
        if xa.len() != ya.len()
            || xa
                .iter()
                .zip(ya)
                .any(|(&p, &q)| ctx.value_type(p) != ctx.value_type(q))
        {
            return false;
        }
        for (&p, &q) in xa.iter().zip(ya) {
            values.insert(p, q);
        }
        blocks.insert(x, y);
    }
    for (&x, &y) in ba.iter().zip(bb) {
        let mut ia = ctx.block_ops(x);
        let mut ib = ctx.block_ops(y);
        loop {
            match (ia.next(), ib.next()) {
                (None, None) => break,
                (Some(p), Some(q)) => {
                    if !ops_equivalent_mapped(ctx, p, q, values, blocks) {
                        return false;
                    }
                }
                _ => return false,
            }
        }
    }
    true
}

// ----- effects ------------------------------------------------------------------------------------

/// Whether `op`'s only memory effect is `MemRead` (and it has no regions).
fn is_read_only(ctx: &Context, op: OpId) -> bool {
    let Some(info) = ctx.op_def(op) else {
        return false;
    };
    let t = info.traits;
    t.contains(OpTraits::MEM_READ)
        && !t.intersects(OpTraits::MEM_WRITE | OpTraits::MEM_ALLOC | OpTraits::MEM_FREE)
        && ctx.regions(op).is_empty()
}

/// Whether `op` may write (or free) memory: conservatively true for unregistered ops and ops
/// with unknown effects.
pub fn may_write_memory(ctx: &Context, op: OpId) -> bool {
    let Some(info) = ctx.op_def(op) else {
        return true;
    };
    let t = info.traits;
    if t.contains(OpTraits::PURE) {
        return false;
    }
    if t.intersects(OpTraits::MEM_WRITE | OpTraits::MEM_FREE) {
        return true;
    }
    if t.contains(OpTraits::RECURSIVE_MEMORY_EFFECTS) {
        return ctx.regions(op).iter().any(|&r| {
            ctx.region_blocks(r)
                .iter()
                .any(|&b| ctx.block_ops(b).any(|o| may_write_memory(ctx, o)))
        });
    }
    !t.intersects(OpTraits::MEM_READ | OpTraits::MEM_ALLOC)
}

/// Whether an op consumes a result of `op` (see `tail_ir::registry::is_value_consumed`).
fn has_consumed_result(ctx: &Context, op: OpId) -> bool {
    ctx.results(op).iter().any(|&r| is_value_consumed(ctx, r))
}

// ----- the driver ---------------------------------------------------------------------------------

#[derive(Default)]
struct CseDriver {
    /// Ops replaced or found dead, erased at the end.
    to_erase: Vec<OpId>,
    /// For a read op: how far the scan for writes after it got, and whether it found one.
    mem_cache: FxHashMap<OpId, (Option<OpId>, bool)>,
    num_cse: u64,
    num_dce: u64,
}

impl CseDriver {
    fn simplify_region(&mut self, ctx: &mut Context, table: &mut ScopedTable, region: RegionId) {
        let blocks = ctx.region_blocks(region).to_vec();
        if blocks.is_empty() {
            return;
        }
        let has_ssa = has_ssa_dominance(ctx, region);
        if blocks.len() == 1 {
            table.push_scope();
            self.simplify_block(ctx, table, blocks[0], has_ssa);
            table.pop_scope();
            return;
        }
        if !has_ssa {
            return;
        }
        // Depth-first walk of the dominator tree.
        let tree = RegionDomTree::compute(ctx, region);
        let mut children: FxHashMap<BlockId, Vec<BlockId>> = FxHashMap::default();
        for &b in &blocks {
            if tree.is_reachable(b) {
                if let Some(p) = tree.idom(b) {
                    children.entry(p).or_default().push(b);
                }
            }
        }
        let mut stack: Vec<(BlockId, usize)> = vec![(blocks[0], 0)];
        table.push_scope();
        self.simplify_block(ctx, table, blocks[0], has_ssa);
        while let Some(&mut (b, ref mut next)) = stack.last_mut() {
            let child = children.get(&b).and_then(|c| c.get(*next)).copied();
            match child {
                Some(c) => {
                    *next += 1;
                    table.push_scope();
                    self.simplify_block(ctx, table, c, has_ssa);
                    stack.push((c, 0));
                }
                None => {
                    table.pop_scope();
                    stack.pop();
                }
            }
        }
    }

    fn simplify_block(
        &mut self,
        ctx: &mut Context,
        table: &mut ScopedTable,
        block: BlockId,
        has_ssa: bool,
    ) {
        for op in ctx.block_op_vec(block) {
            let regions = ctx.regions(op).to_vec();
            if !regions.is_empty() {
                let isolated = ctx
                    .op_def(op)
                    .is_none_or(|i| i.traits.contains(OpTraits::ISOLATED_FROM_ABOVE));
                if isolated {
                    let mut nested = ScopedTable::new();
                    for r in regions {
                        self.simplify_region(ctx, &mut nested, r);
                    }
                } else {
                    for r in regions {
                        self.simplify_region(ctx, table, r);
                    }
                }
            }
            self.simplify_operation(ctx, table, op, has_ssa);
        }
        self.mem_cache.clear();
    }

    fn simplify_operation(
        &mut self,
        ctx: &mut Context,
        table: &mut ScopedTable,
        op: OpId,
        has_ssa: bool,
    ) {
        if ctx.op_has_traits(op, OpTraits::TERMINATOR) {
            return;
        }
        if is_op_trivially_dead(ctx, op) {
            self.to_erase.push(op);
            self.num_dce += 1;
            return;
        }
        if ctx
            .regions(op)
            .iter()
            .any(|&r| ctx.region_blocks(r).len() > 1)
        {
            return;
        }
        // Futhark's uniqueness rule: a consumed value (the destination of an in-place update,
        // `#[operand(consumed)]`) must stay the only use of its producer's result, so an op
        // with a consumed result is neither replaced nor kept as a replacement.
        if has_consumed_result(ctx, op) {
            return;
        }
        if !is_memory_effect_free(ctx, op) {
            if !is_read_only(ctx, op) {
                return;
            }
            let hash = op_hash(ctx, op);
            if let Some(existing) = table.lookup(ctx, hash, op) {
                if ctx.op_parent_block(existing) == ctx.op_parent_block(op)
                    && !has_consumed_result(ctx, existing)
                    && !self.has_write_between(ctx, existing, op)
                {
                    self.replace_uses_and_delete(ctx, op, existing, has_ssa);
                    return;
                }
            }
            table.insert(hash, op);
            return;
        }
        let hash = op_hash(ctx, op);
        match table.lookup(ctx, hash, op) {
            Some(existing) if !has_consumed_result(ctx, existing) => {
                self.replace_uses_and_delete(ctx, op, existing, has_ssa)
            }
            Some(_) => {}
            None => table.insert(hash, op),
        }
    }

    /// Whether an op strictly between `from` and `to` (same block, `from` first) may write.
    fn has_write_between(&mut self, ctx: &Context, from: OpId, to: OpId) -> bool {
        let mut next = ctx.next_op(from);
        if let Some(&(pos, found)) = self.mem_cache.get(&from) {
            if found {
                return true;
            }
            next = pos;
        }
        while let Some(o) = next {
            if o == to {
                break;
            }
            if may_write_memory(ctx, o) {
                self.mem_cache.insert(from, (Some(o), true));
                return true;
            }
            next = ctx.next_op(o);
        }
        self.mem_cache.insert(from, (Some(to), false));
        false
    }

    fn replace_uses_and_delete(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        existing: OpId,
        has_ssa: bool,
    ) {
        let pairs: Vec<(Value, Value)> = ctx
            .results(op)
            .iter()
            .copied()
            .zip(ctx.results(existing).iter().copied())
            .collect();
        if has_ssa {
            for (from, to) in pairs {
                ctx.replace_all_uses_with(from, to);
            }
            self.to_erase.push(op);
        } else {
            // A graph region: never make `existing` (or an op nested in it) use itself.
            for (from, to) in pairs {
                ctx.replace_uses_where(from, to, |c, u| !c.is_ancestor(existing, u.op));
            }
            if ctx.op_results_unused(op) {
                self.to_erase.push(op);
            }
        }
        let unknown = |c: &Context, o: OpId| matches!(c.loc_kind(c.op_loc(o)), LocKind::Unknown);
        if unknown(ctx, existing) && !unknown(ctx, op) {
            let loc = ctx.op_loc(op);
            ctx.set_op_loc(existing, loc);
        }
        self.num_cse += 1;
    }

    /// Erases the collected ops; returns whether the IR changed.
    fn finish(&mut self, ctx: &mut Context) -> bool {
        let mut changed = self.num_cse > 0;
        for op in std::mem::take(&mut self.to_erase).into_iter().rev() {
            if ctx.op_exists(op) && ctx.op_results_unused(op) {
                ctx.erase_op(op);
                changed = true;
            }
        }
        changed
    }
}
