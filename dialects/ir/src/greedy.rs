//! The greedy pattern rewrite driver (MLIR's `applyPatternsAndFoldGreedily`), constant folding
//! ([`OperationFolder`], [`fold_op`]) and trivial dead code detection.
//!
//! [`apply_patterns_greedily`] keeps a worklist of the ops nested in a root op (not the root
//! itself). For each op popped from the worklist it
//! 1. erases the op if it is trivially dead ([`is_op_trivially_dead`]);
//! 2. otherwise tries to fold it through [`OpInfo::fold`](crate::OpInfo::fold), with the
//!    constant values of operands defined by `ConstantLike` ops; constant results are
//!    materialized through the dialect's
//!    [`DialectInfo::materialize_constant`](crate::DialectInfo::materialize_constant) hook,
//!    uniqued per insertion region (the closest enclosing region of an `IsolatedFromAbove` op)
//!    and placed at the start of that region's entry block, like MLIR's `OperationFolder`;
//! 3. otherwise tries the patterns whose root matches, highest benefit first, stopping at the
//!    first that applies.
//!
//! Changes are observed through the context journal: inserted and modified ops (and their
//! ancestors below the root) are pushed back on the worklist, producers of values that lost a
//! use are revisited, erased ops are dropped from it. When the worklist empties, unreachable
//! blocks are erased ([`GreedyConfig::region_simplification`]) and the driver
//! starts a new iteration from a fresh walk of the IR if anything changed, up to
//! [`GreedyConfig::max_iterations`]. When it populates the worklist, it uniques and hoists the
//! existing constants (when [`GreedyConfig::cse_constants`] is set), which is how
//! `canonicalize` deduplicates constants.
//!
//! Traversal order is MLIR's: top-down visits ops in pre-order; bottom-up pops a post-order
//! list from its end (so the last op is visited first).
//!
//! Unlike MLIR, a pair of patterns that undo each other forever within one iteration does not
//! hang the driver: an iteration performing more than
//! `64 × (ops in the initial worklist) + 4096` pattern rewrites is cut short and counts as a
//! changing iteration, so such pattern sets end in a "did not converge" error.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::attrs::Attribute;
use crate::builder::Builder;
use crate::context::{BlockId, Context, InsertPoint, IrEvent, OpId, RegionId, Value};
use crate::diagnostic::Diagnostic;
use crate::registry::{FoldResult, OpTraits};
use crate::rewrite::{FrozenRewritePatternSet, PatternRewriter, RewritePatternSet};
use crate::types::Type;

/// Configuration of [`apply_patterns_greedily`] (MLIR's `GreedyRewriteConfig`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GreedyConfig {
    /// Maximum number of iterations (fresh walks of the IR); default 10.
    pub max_iterations: usize,
    /// Visit ops top-down (pre-order) rather than bottom-up; default `true`.
    pub top_down: bool,
    /// Fold ops through their fold hooks; default `true`.
    pub fold: bool,
    /// Unique and hoist constants (MLIR's `OperationFolder` behaviour); default `true`. When
    /// off, existing constants are left in place and folded constants are materialized right
    /// before the folded op.
    pub cse_constants: bool,
    /// Stop after this many successful pattern applications (folds and dead-code erasure do
    /// not count); reaching the limit is not an error. Default: no limit.
    pub max_rewrites: Option<usize>,
    /// After each iteration, erase blocks unreachable from their region's entry
    /// ([`erase_unreachable_blocks`]), as MLIR's region simplification does; default `true`.
    /// (MLIR's dead block-argument elimination and block merging are not performed.)
    pub region_simplification: bool,
}

impl Default for GreedyConfig {
    fn default() -> Self {
        GreedyConfig {
            max_iterations: 10,
            top_down: true,
            fold: true,
            cse_constants: true,
            max_rewrites: None,
            region_simplification: true,
        }
    }
}

// ----- constants and folding ----------------------------------------------------------------

/// Whether `op` is a registered `ConstantLike` op.
pub fn is_constant_like(ctx: &Context, op: OpId) -> bool {
    ctx.op_has_traits(op, OpTraits::CONSTANT_LIKE)
}

/// The constant `op` materializes (MLIR's `m_Constant`): for a `ConstantLike` op, the attribute
/// its fold hook returns for result 0, or its `value` attribute when it has no fold hook.
pub fn op_constant_value(ctx: &mut Context, op: OpId) -> Option<Attribute> {
    let info = ctx.op_def(op)?;
    if !info.traits.contains(OpTraits::CONSTANT_LIKE) || ctx.num_results(op) != 1 {
        return None;
    }
    match info.fold {
        Some(fold) => {
            let consts: SmallVec<[Option<Attribute>; 2]> =
                (0..ctx.num_operands(op)).map(|_| None).collect();
            match fold(ctx, op, &consts)?.first()? {
                FoldResult::Attr(a) => Some(*a),
                FoldResult::Value(_) => None,
            }
        }
        None => ctx.attr(op, "value"),
    }
}

/// The constant value of `v` if it is defined by a `ConstantLike` op.
pub fn constant_value(ctx: &mut Context, v: Value) -> Option<Attribute> {
    let op = ctx.defining_op(v)?;
    op_constant_value(ctx, op)
}

/// Calls `op`'s fold hook with the constant values of its operands. Returns `None` if the op
/// has no hook or does not fold. The IR is changed only if the hook updates `op` in place.
pub fn fold_op(ctx: &mut Context, op: OpId) -> Option<SmallVec<[FoldResult; 1]>> {
    let fold = ctx.op_def(op)?.fold?;
    let operands = ctx.operand_vec(op);
    let consts: SmallVec<[Option<Attribute>; 4]> =
        operands.iter().map(|&v| constant_value(ctx, v)).collect();
    fold(ctx, op, &consts)
}

/// Whether the op has no memory effects, including those of nested ops when its effects are
/// recursive (MLIR's `isMemoryEffectFree`).
pub fn is_memory_effect_free(ctx: &Context, op: OpId) -> bool {
    let Some(info) = ctx.op_def(op) else {
        return false;
    };
    let t = info.traits;
    let recursive = t.contains(OpTraits::RECURSIVE_MEMORY_EFFECTS);
    let effects =
        OpTraits::MEM_READ | OpTraits::MEM_WRITE | OpTraits::MEM_ALLOC | OpTraits::MEM_FREE;
    let own_effect_free = t.contains(OpTraits::PURE) || (recursive && !t.intersects(effects));
    if !own_effect_free {
        return false;
    }
    if !recursive {
        return true;
    }
    ctx.regions(op).iter().all(|&r| {
        ctx.region_blocks(r)
            .iter()
            .all(|&b| ctx.block_ops(b).all(|o| is_memory_effect_free(ctx, o)))
    })
}

/// Whether `op` would be dead if its results were unused (MLIR's `wouldOpBeTriviallyDead`):
/// it is registered, not a terminator nor a symbol, and its only effects (including those of
/// nested ops when its effects are recursive) are reads and allocations. Pure ops qualify.
pub fn would_op_be_trivially_dead(ctx: &Context, op: OpId) -> bool {
    let Some(info) = ctx.op_def(op) else {
        return false;
    };
    if info
        .traits
        .intersects(OpTraits::TERMINATOR | OpTraits::SYMBOL)
    {
        return false;
    }
    let mut stack = vec![op];
    while let Some(o) = stack.pop() {
        let Some(info) = ctx.op_def(o) else {
            return false;
        };
        let t = info.traits;
        let recursive = t.contains(OpTraits::RECURSIVE_MEMORY_EFFECTS);
        if recursive {
            for &r in ctx.regions(o) {
                for &b in ctx.region_blocks(r) {
                    stack.extend(ctx.block_ops(b));
                }
            }
        }
        if t.contains(OpTraits::PURE) {
            continue;
        }
        if t.intersects(OpTraits::MEM_WRITE | OpTraits::MEM_FREE) {
            return false;
        }
        if t.intersects(OpTraits::MEM_READ | OpTraits::MEM_ALLOC) {
            continue;
        }
        if !recursive {
            return false;
        }
    }
    true
}

/// Whether `op` is unused and [`would_op_be_trivially_dead`].
pub fn is_op_trivially_dead(ctx: &Context, op: OpId) -> bool {
    ctx.op_results_unused(op) && would_op_be_trivially_dead(ctx, op)
}

/// The region folded constants for ops in `block` are placed in: the closest enclosing region
/// whose parent op is isolated from above, unregistered, or top-level (or has no parent).
pub fn constant_insertion_region(ctx: &Context, block: BlockId) -> Option<RegionId> {
    constant_insertion_region_in(ctx, block, None)
}

/// Like [`constant_insertion_region`], but never leaves the regions of `scope_root`.
fn constant_insertion_region_in(
    ctx: &Context,
    block: BlockId,
    scope_root: Option<OpId>,
) -> Option<RegionId> {
    let mut block = block;
    loop {
        let region = ctx.block_parent_region(block)?;
        let Some(parent) = ctx.region_parent_op(region) else {
            return Some(region);
        };
        if Some(parent) == scope_root {
            return Some(region);
        }
        let isolated = match ctx.op_def(parent) {
            Some(i) => i.traits.contains(OpTraits::ISOLATED_FROM_ABOVE),
            None => true,
        };
        match ctx.op_parent_block(parent) {
            Some(pb) if !isolated => block = pb,
            _ => return Some(region),
        }
    }
}

fn op_dialect(ctx: &Context, op: OpId) -> &'static str {
    match ctx.op_def(op) {
        Some(i) => i.dialect,
        None => "",
    }
}

/// Materializes `value` of type `ty` through `dialect`'s constant materializer at `ip`.
pub fn materialize_constant(
    ctx: &mut Context,
    dialect: &str,
    value: Attribute,
    ty: Type,
    loc: crate::location::Location,
    ip: InsertPoint,
) -> Option<OpId> {
    let mat = ctx.registry().dialect(dialect)?.materialize_constant?;
    let mut b = Builder::new(ctx, ip, loc);
    mat(&mut b, value, ty, loc)
}

/// What [`OperationFolder::try_to_fold`] did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FoldOutcome {
    /// Nothing changed.
    NotFolded,
    /// The op was updated in place (it still exists).
    InPlace,
    /// The op's results were replaced and the op erased.
    Replaced,
}

type ConstKey = (&'static str, Attribute, Type);

/// Folds ops and uniques the constants it creates, per insertion region (MLIR's
/// `OperationFolder`). Keep it informed of erased ops with [`notify_removal`](Self::notify_removal).
#[derive(Default, Debug)]
pub struct OperationFolder {
    scopes: FxHashMap<RegionId, FxHashMap<ConstKey, OpId>>,
    owned: FxHashMap<OpId, (RegionId, SmallVec<[ConstKey; 1]>)>,
    /// When false, constants are neither uniqued nor hoisted: folded constants are
    /// materialized right before the folded op.
    no_uniquing: bool,
    /// Constants are never hoisted out of this op's regions.
    scope_root: Option<OpId>,
}

impl OperationFolder {
    /// A folder that uniques and hoists constants.
    pub fn new() -> Self {
        Self::default()
    }

    /// A folder that materializes constants in place, without uniquing.
    pub fn without_uniquing() -> Self {
        OperationFolder {
            no_uniquing: true,
            ..Self::default()
        }
    }

    /// Never hoists constants out of the regions of `root` (for drivers applied to an op that
    /// is not isolated from above).
    pub fn set_scope_root(&mut self, root: Option<OpId>) {
        self.scope_root = root;
    }

    fn insertion_region(&self, ctx: &Context, block: BlockId) -> Option<RegionId> {
        constant_insertion_region_in(ctx, block, self.scope_root)
    }

    /// Forgets every uniqued constant.
    pub fn clear(&mut self) {
        self.scopes.clear();
        self.owned.clear();
    }

    /// Whether `op` is a constant this folder uniqued.
    pub fn is_folder_owned_constant(&self, op: OpId) -> bool {
        self.owned.contains_key(&op)
    }

    /// Forgets `op` (call when erasing an op this folder may own).
    pub fn notify_removal(&mut self, op: OpId) {
        if let Some((region, keys)) = self.owned.remove(&op) {
            if let Some(map) = self.scopes.get_mut(&region) {
                for k in keys {
                    if map.get(&k) == Some(&op) {
                        map.remove(&k);
                    }
                }
            }
        }
    }

    fn erase_op(&mut self, ctx: &mut Context, op: OpId) {
        self.notify_removal(op);
        ctx.erase_op(op);
    }

    fn rehoist_if_needed(&self, ctx: &mut Context, op: OpId) {
        let Some(block) = ctx.op_parent_block(op) else {
            return;
        };
        if ctx.first_op(block) != Some(op) {
            let prev_owned = ctx
                .prev_op(op)
                .is_some_and(|p| self.is_folder_owned_constant(p));
            if !prev_owned {
                let first = ctx.first_op(block).expect("block has ops");
                ctx.move_op(op, InsertPoint::Before(first));
            }
        }
    }

    /// Registers an existing constant op (MLIR's `insertKnownConstant`). If an equal constant
    /// is already uniqued in the op's insertion region, `op` is replaced by it and erased and
    /// `false` is returned; otherwise `op` becomes the uniqued constant, is moved to the start
    /// of the insertion region's entry block if it is not already among the constants there,
    /// and `true` is returned. `value` is computed when `None`.
    pub fn insert_known_constant(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        value: Option<Attribute>,
    ) -> bool {
        if self.is_folder_owned_constant(op) {
            self.rehoist_if_needed(ctx, op);
            return true;
        }
        let Some(value) = value.or_else(|| op_constant_value(ctx, op)) else {
            return true;
        };
        let Some(op_block) = ctx.op_parent_block(op) else {
            return true;
        };
        let Some(region) = self.insertion_region(ctx, op_block) else {
            return true;
        };
        let key: ConstKey = (
            op_dialect(ctx, op),
            value,
            ctx.value_type(ctx.result(op, 0)),
        );
        if let Some(&existing) = self.scopes.get(&region).and_then(|m| m.get(&key)) {
            if existing != op && ctx.op_exists(existing) {
                let r = ctx.result(existing, 0);
                ctx.replace_all_uses_with(ctx.result(op, 0), r);
                self.erase_op(ctx, op);
                return false;
            }
        }
        let insert_block = ctx
            .entry_block(region)
            .expect("insertion region has an entry block");
        let at_front = ctx.first_op(insert_block) == Some(op);
        let after_owned = ctx
            .prev_op(op)
            .is_some_and(|p| self.is_folder_owned_constant(p));
        if op_block != insert_block || (!at_front && !after_owned) {
            match ctx.first_op(insert_block) {
                Some(first) if first != op => ctx.move_op(op, InsertPoint::Before(first)),
                Some(_) => {}
                None => ctx.move_op(op, InsertPoint::BlockStart(insert_block)),
            }
        }
        self.scopes.entry(region).or_default().insert(key, op);
        self.owned.insert(op, (region, smallvec::smallvec![key]));
        true
    }

    /// Returns the uniqued constant `value : ty` of `dialect` for uses in `block`, creating it
    /// at the start of the insertion region's entry block if needed.
    pub fn get_or_create_constant(
        &mut self,
        ctx: &mut Context,
        block: BlockId,
        dialect: &'static str,
        value: Attribute,
        ty: Type,
        loc: crate::location::Location,
    ) -> Option<Value> {
        let region = self.insertion_region(ctx, block)?;
        let entry = ctx.entry_block(region)?;
        let ip = match ctx.first_op(entry) {
            Some(f) => InsertPoint::Before(f),
            None => InsertPoint::BlockEnd(entry),
        };
        let op = self.try_get_or_create_constant(ctx, region, dialect, value, ty, loc, ip)?;
        Some(ctx.result(op, 0))
    }

    #[allow(clippy::too_many_arguments)]
    fn try_get_or_create_constant(
        &mut self,
        ctx: &mut Context,
        region: RegionId,
        dialect: &'static str,
        value: Attribute,
        ty: Type,
        loc: crate::location::Location,
        ip: InsertPoint,
    ) -> Option<OpId> {
        let key: ConstKey = (dialect, value, ty);
        if let Some(&existing) = self.scopes.get(&region).and_then(|m| m.get(&key)) {
            if ctx.op_exists(existing) {
                return Some(existing);
            }
        }
        let const_op = materialize_constant(ctx, dialect, value, ty, loc, ip)?;
        let new_dialect = op_dialect(ctx, const_op);
        if new_dialect == dialect {
            self.scopes.entry(region).or_default().insert(key, const_op);
            self.owned
                .insert(const_op, (region, smallvec::smallvec![key]));
            return Some(const_op);
        }
        let new_key: ConstKey = (new_dialect, value, ty);
        if let Some(&existing) = self.scopes.get(&region).and_then(|m| m.get(&new_key)) {
            if ctx.op_exists(existing) {
                self.erase_op(ctx, const_op);
                self.scopes.entry(region).or_default().insert(key, existing);
                if let Some(e) = self.owned.get_mut(&existing) {
                    e.1.push(key);
                }
                return Some(existing);
            }
        }
        let scope = self.scopes.entry(region).or_default();
        scope.insert(key, const_op);
        scope.insert(new_key, const_op);
        self.owned
            .insert(const_op, (region, smallvec::smallvec![key, new_key]));
        Some(const_op)
    }

    /// Tries to fold `op` (MLIR's `OperationFolder::tryToFold`): constant operands of a
    /// commutative op are first moved to the end (an in-place change), then the fold hook runs
    /// and its results replace `op`, constants being materialized, uniqued and hoisted.
    /// A constant this folder owns is not folded (it is re-hoisted if something was inserted
    /// before it).
    pub fn try_to_fold(&mut self, ctx: &mut Context, op: OpId) -> FoldOutcome {
        if self.is_folder_owned_constant(op) {
            self.rehoist_if_needed(ctx, op);
            return FoldOutcome::NotFolded;
        }
        let Some(info) = ctx.op_def(op) else {
            return FoldOutcome::NotFolded;
        };
        let mut operands = ctx.operand_vec(op);
        let mut consts: SmallVec<[Option<Attribute>; 4]> =
            operands.iter().map(|&v| constant_value(ctx, v)).collect();
        let mut updated = false;
        if operands.len() >= 2 && info.traits.contains(OpTraits::COMMUTATIVE) {
            // Stable partition: non-constants first.
            let mut idx: Vec<usize> = (0..operands.len())
                .filter(|&i| consts[i].is_none())
                .collect();
            idx.extend((0..operands.len()).filter(|&i| consts[i].is_some()));
            if idx.iter().enumerate().any(|(k, &i)| k != i) {
                let new_operands: Vec<Value> = idx.iter().map(|&i| operands[i]).collect();
                let new_consts: SmallVec<[Option<Attribute>; 4]> =
                    idx.iter().map(|&i| consts[i]).collect();
                ctx.set_operands(op, &new_operands);
                operands = new_operands;
                consts = new_consts;
                updated = true;
            }
        }
        let _ = operands;
        let not_folded = if updated {
            FoldOutcome::InPlace
        } else {
            FoldOutcome::NotFolded
        };
        let Some(fold) = info.fold else {
            return not_folded;
        };
        let Some(results) = fold(ctx, op, &consts) else {
            return not_folded;
        };
        if !ctx.op_exists(op) {
            return FoldOutcome::Replaced;
        }
        let own_results = ctx.results(op).to_vec();
        if results.is_empty()
            || results
                .iter()
                .any(|r| matches!(r, FoldResult::Value(v) if own_results.contains(v)))
        {
            return FoldOutcome::InPlace;
        }
        if results.len() != own_results.len() {
            return not_folded;
        }
        match self.process_fold_results(ctx, op, &results) {
            Some(values) => {
                for (r, v) in own_results.into_iter().zip(values) {
                    ctx.replace_all_uses_with(r, v);
                }
                self.erase_op(ctx, op);
                FoldOutcome::Replaced
            }
            None => not_folded,
        }
    }

    fn process_fold_results(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        results: &[FoldResult],
    ) -> Option<Vec<Value>> {
        let dialect = op_dialect(ctx, op);
        let loc = ctx.op_loc(op);
        let op_block = ctx.op_parent_block(op)?;
        let (region, ip) = if self.no_uniquing {
            (None, InsertPoint::Before(op))
        } else {
            let region = self.insertion_region(ctx, op_block)?;
            let entry = ctx.entry_block(region)?;
            let ip = match ctx.first_op(entry) {
                Some(f) => InsertPoint::Before(f),
                None => InsertPoint::BlockEnd(entry),
            };
            (Some(region), ip)
        };
        let mut values = Vec::with_capacity(results.len());
        let mut created: Vec<OpId> = Vec::new();
        for (i, fr) in results.iter().enumerate() {
            let res_ty = ctx.value_type(ctx.result(op, i));
            match *fr {
                FoldResult::Value(v) => {
                    if !ctx.value_exists(v) || ctx.value_type(v) != res_ty {
                        for c in created {
                            self.erase_op(ctx, c);
                        }
                        return None;
                    }
                    values.push(v);
                }
                FoldResult::Attr(a) => {
                    let const_op = match region {
                        Some(region) => {
                            let before = self.owned.len();
                            let c = self.try_get_or_create_constant(
                                ctx, region, dialect, a, res_ty, loc, ip,
                            );
                            if let Some(c) = c {
                                if self.owned.len() != before && !created.contains(&c) {
                                    created.push(c);
                                }
                            }
                            c
                        }
                        None => materialize_constant(ctx, dialect, a, res_ty, loc, ip)
                            .inspect(|&c| created.push(c)),
                    };
                    let Some(c) = const_op else {
                        for c in created {
                            if ctx.op_exists(c) && ctx.op_results_unused(c) {
                                self.erase_op(ctx, c);
                            }
                        }
                        return None;
                    };
                    if region.is_some() {
                        // The constant must dominate `op`: a reused constant may sit after it
                        // in the same block (MLIR moves it to the front unconditionally).
                        if ctx.op_parent_block(c) == Some(op_block)
                            && ctx.first_op(op_block) != Some(c)
                        {
                            let first = ctx.first_op(op_block).expect("non-empty");
                            ctx.move_op(c, InsertPoint::Before(first));
                        }
                    }
                    values.push(ctx.result(c, 0));
                }
            }
        }
        Some(values)
    }
}

// ----- region simplification ------------------------------------------------------------------

fn collect_nested_regions(ctx: &Context, block: BlockId, out: &mut Vec<RegionId>) {
    for op in ctx.block_ops(block) {
        out.extend(ctx.regions(op).iter().copied());
    }
}

/// Erases the blocks of `regions`, and of the regions nested in their live blocks, that are
/// unreachable from their region's entry block (MLIR's `eraseUnreachableBlocks`; edges are the
/// successors of each block's last op). Returns whether a block was erased.
pub fn erase_unreachable_blocks(ctx: &mut Context, regions: &[RegionId]) -> bool {
    let mut worklist: Vec<RegionId> = regions.to_vec();
    let mut erased = false;
    while let Some(r) = worklist.pop() {
        if !ctx.region_blocks(r).is_empty() && ctx.region_blocks(r).len() == 1 {
            let b = ctx.region_blocks(r)[0];
            collect_nested_regions(ctx, b, &mut worklist);
            continue;
        }
        let blocks = ctx.region_blocks(r).to_vec();
        let Some(&entry) = blocks.first() else {
            continue;
        };
        let mut reachable: rustc_hash::FxHashSet<BlockId> = rustc_hash::FxHashSet::default();
        let mut stack = vec![entry];
        reachable.insert(entry);
        while let Some(b) = stack.pop() {
            if let Some(t) = ctx.last_op(b) {
                for &s in ctx.successors(t) {
                    if ctx.block_exists(s)
                        && ctx.block_parent_region(s) == Some(r)
                        && reachable.insert(s)
                    {
                        stack.push(s);
                    }
                }
            }
        }
        let dead: Vec<BlockId> = blocks
            .iter()
            .copied()
            .filter(|b| !reachable.contains(b))
            .collect();
        for &b in &blocks {
            if reachable.contains(&b) {
                collect_nested_regions(ctx, b, &mut worklist);
            }
        }
        if dead.is_empty() {
            continue;
        }
        let mut dead_ops: Vec<OpId> = Vec::new();
        for &b in &dead {
            for op in ctx.block_op_vec(b) {
                dead_ops.extend(ctx.walk_preorder(op));
            }
        }
        // Values of dead blocks used by live ops only occur in invalid IR: leave such regions.
        let dead_set: rustc_hash::FxHashSet<OpId> = dead_ops.iter().copied().collect();
        let used_outside = |v: Value| ctx.uses(v).any(|u| !dead_set.contains(&u.op));
        let still_used = dead
            .iter()
            .any(|&b| ctx.block_args(b).iter().any(|&a| used_outside(a)))
            || dead_ops
                .iter()
                .any(|&op| ctx.results(op).iter().any(|&v| used_outside(v)));
        if still_used {
            continue;
        }
        // Drop the uses held inside the dead blocks (they may use each other's values).
        for &op in &dead_ops {
            if ctx.num_operands(op) != 0 {
                ctx.set_operands(op, &[]);
            }
        }
        for b in dead {
            ctx.erase_block(b);
        }
        erased = true;
    }
    erased
}

// ----- the driver ---------------------------------------------------------------------------

/// Collects the canonicalization patterns of every registered op (`OpInfo::canonicalize`),
/// in op-name order.
pub fn collect_canonicalization_patterns(ctx: &Context) -> RewritePatternSet {
    let mut set = RewritePatternSet::new();
    for info in ctx.registry().ops() {
        if let Some(f) = info.canonicalize {
            f(&mut set);
        }
    }
    set
}

struct Worklist {
    list: Vec<Option<OpId>>,
    index: FxHashMap<OpId, usize>,
}

impl Worklist {
    fn new() -> Self {
        Worklist {
            list: Vec::new(),
            index: FxHashMap::default(),
        }
    }
    fn clear(&mut self) {
        self.list.clear();
        self.index.clear();
    }
    fn push(&mut self, op: OpId) {
        if self.index.contains_key(&op) {
            return;
        }
        self.index.insert(op, self.list.len());
        self.list.push(Some(op));
    }
    fn pop(&mut self) -> Option<Option<OpId>> {
        let op = self.list.pop()?;
        if let Some(o) = op {
            self.index.remove(&o);
        }
        Some(op)
    }
    fn remove(&mut self, op: OpId) {
        if let Some(i) = self.index.remove(&op) {
            self.list[i] = None;
        }
    }
    fn reverse(&mut self) {
        self.list.reverse();
        self.index.clear();
        for (i, o) in self.list.iter().enumerate() {
            if let Some(o) = o {
                self.index.insert(*o, i);
            }
        }
    }
    fn len(&self) -> usize {
        self.list.len()
    }
}

struct Driver<'a> {
    root: OpId,
    patterns: &'a FrozenRewritePatternSet,
    config: GreedyConfig,
    worklist: Worklist,
    folder: OperationFolder,
    num_rewrites: usize,
}

impl Driver<'_> {
    /// Adds `op` and its ancestors strictly below the root, if `op` is nested in the root.
    fn add_to_worklist(&mut self, ctx: &Context, op: OpId) {
        let mut chain: SmallVec<[OpId; 8]> = SmallVec::new();
        let mut cur = op;
        loop {
            if cur == self.root {
                return;
            }
            chain.push(cur);
            match ctx.op_parent_op(cur) {
                Some(p) if p == self.root => break,
                Some(p) => cur = p,
                None => return,
            }
        }
        for o in chain {
            self.worklist.push(o);
        }
    }

    fn process_events(&mut self, ctx: &mut Context) {
        for ev in ctx.drain_journal() {
            match ev {
                IrEvent::Inserted(op) | IrEvent::Modified(op) => {
                    if ctx.op_exists(op) {
                        self.add_to_worklist(ctx, op);
                    }
                }
                IrEvent::Erased(op) => {
                    self.worklist.remove(op);
                    self.folder.notify_removal(op);
                }
                IrEvent::UseDropped(v) => {
                    if ctx.value_exists(v) {
                        let few_uses = {
                            let mut u = ctx.uses(v);
                            u.next().is_none() || u.next().is_none()
                        };
                        if few_uses {
                            if let Some(d) = ctx.defining_op(v) {
                                if ctx.op_exists(d) {
                                    self.add_to_worklist(ctx, d);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    fn populate(&mut self, ctx: &mut Context) {
        self.worklist.clear();
        let cse = self.config.cse_constants;
        if self.config.top_down {
            let ops = ctx.walk_preorder(self.root);
            for op in ops.into_iter().skip(1) {
                if !ctx.op_exists(op) {
                    continue;
                }
                if cse
                    && is_constant_like(ctx, op)
                    && !self.folder.insert_known_constant(ctx, op, None)
                {
                    continue;
                }
                self.worklist.push(op);
            }
            self.worklist.reverse();
        } else {
            let mut ops = ctx.walk_postorder(self.root);
            ops.pop(); // the root
            for op in ops {
                if !ctx.op_exists(op) {
                    continue;
                }
                if cse
                    && is_constant_like(ctx, op)
                    && !self.folder.insert_known_constant(ctx, op, None)
                {
                    continue;
                }
                self.add_to_worklist(ctx, op);
            }
        }
        // Moves and erasures done while populating need no reaction.
        ctx.drain_journal();
    }

    fn rewrite_limit_reached(&self) -> bool {
        self.config
            .max_rewrites
            .is_some_and(|m| self.num_rewrites >= m)
    }

    /// Processes the worklist; returns whether anything changed.
    fn process_worklist(&mut self, ctx: &mut Context) -> bool {
        let mut changed = false;
        let budget = 64 * self.worklist.len() + 4096;
        let mut iteration_rewrites = 0usize;
        while let Some(entry) = self.worklist.pop() {
            if self.rewrite_limit_reached() {
                break;
            }
            if iteration_rewrites > budget {
                // A pattern cycle: give up on this iteration (reported as non-convergence
                // once the iterations run out).
                return true;
            }
            let Some(op) = entry else { continue };
            if !ctx.op_exists(op) {
                continue;
            }
            if is_op_trivially_dead(ctx, op) {
                ctx.erase_op(op);
                self.process_events(ctx);
                changed = true;
                continue;
            }
            if self.config.fold {
                if is_constant_like(ctx, op) {
                    if self.config.cse_constants {
                        let before = ctx.change_count();
                        let kept = self.folder.insert_known_constant(ctx, op, None);
                        if ctx.change_count() != before {
                            changed = true;
                        }
                        self.process_events(ctx);
                        if !kept {
                            continue;
                        }
                    }
                } else {
                    let outcome = self.folder.try_to_fold(ctx, op);
                    self.process_events(ctx);
                    match outcome {
                        FoldOutcome::Replaced => {
                            changed = true;
                            continue;
                        }
                        FoldOutcome::InPlace => changed = true,
                        FoldOutcome::NotFolded => {}
                    }
                    if !ctx.op_exists(op) {
                        continue;
                    }
                }
            }
            let name = ctx.op_name_str(op).to_string();
            let mut applied = false;
            for p in self.patterns.patterns_for(&name) {
                let mut rw = PatternRewriter::new(ctx, op);
                if p.match_and_rewrite(op, &mut rw) {
                    applied = true;
                    break;
                }
                if !ctx.op_exists(op) {
                    break;
                }
            }
            self.process_events(ctx);
            if applied {
                changed = true;
                self.num_rewrites += 1;
                iteration_rewrites += 1;
            }
        }
        changed
    }
}

/// Applies `patterns` and folding to the ops nested in `root` (not `root` itself) until a
/// fixpoint, as described in the [module documentation](self). Returns whether the IR changed,
/// or an error at `root`'s location if no fixpoint was reached within
/// [`GreedyConfig::max_iterations`].
pub fn apply_patterns_greedily(
    ctx: &mut Context,
    root: OpId,
    patterns: &FrozenRewritePatternSet,
    config: GreedyConfig,
) -> Result<bool, Diagnostic> {
    let start = ctx.change_count();
    let outer = ctx.push_journal();
    let mut driver = Driver {
        root,
        patterns,
        config,
        worklist: Worklist::new(),
        folder: if config.cse_constants {
            OperationFolder::new()
        } else {
            OperationFolder::without_uniquing()
        },
        num_rewrites: 0,
    };
    driver.folder.set_scope_root(Some(root));
    let mut iteration = 0usize;
    let mut changed;
    loop {
        if iteration >= config.max_iterations {
            changed = true;
            break;
        }
        iteration += 1;
        driver.populate(ctx);
        changed = driver.process_worklist(ctx);
        if config.region_simplification {
            let regions = ctx.regions(root).to_vec();
            if erase_unreachable_blocks(ctx, &regions) {
                changed = true;
            }
            driver.process_events(ctx);
        }
        if !changed || driver.rewrite_limit_reached() {
            changed = false;
            break;
        }
    }
    ctx.pop_journal(outer);
    let any_change = ctx.change_count() != start;
    if changed && config.max_iterations > 0 {
        return Err(Diagnostic::error(
            ctx.op_loc(root),
            format!(
                "greedy pattern rewrite did not converge after {} iterations",
                config.max_iterations
            ),
        ));
    }
    Ok(any_change)
}

/// What [`apply_op_patterns_and_fold`] did to the op.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct OpRewriteOutcome {
    /// The IR changed.
    pub changed: bool,
    /// The op was erased (folded away, replaced, or dead).
    pub erased: bool,
}

/// Repeatedly erases-if-dead, folds and applies patterns to the single op `op` (MLIR's
/// `applyOpPatternsAndFold`), until it is erased or nothing applies. Constants created by
/// folding are uniqued and hoisted as in the greedy driver. Fails (at the op's location) if
/// the op is still changing after `config.max_rewrites` (default 100) pattern applications.
pub fn apply_op_patterns_and_fold(
    ctx: &mut Context,
    op: OpId,
    patterns: &FrozenRewritePatternSet,
    config: GreedyConfig,
) -> Result<OpRewriteOutcome, Diagnostic> {
    let loc = ctx.op_loc(op);
    let limit = config.max_rewrites.unwrap_or(100);
    let mut folder = if config.cse_constants {
        OperationFolder::new()
    } else {
        OperationFolder::without_uniquing()
    };
    let mut out = OpRewriteOutcome::default();
    let mut rewrites = 0usize;
    loop {
        if !ctx.op_exists(op) {
            out.erased = true;
            return Ok(out);
        }
        if is_op_trivially_dead(ctx, op) {
            ctx.erase_op(op);
            out.changed = true;
            out.erased = true;
            return Ok(out);
        }
        let mut changed = false;
        if config.fold && !is_constant_like(ctx, op) {
            match folder.try_to_fold(ctx, op) {
                FoldOutcome::Replaced => {
                    out.changed = true;
                    out.erased = true;
                    return Ok(out);
                }
                FoldOutcome::InPlace => changed = true,
                FoldOutcome::NotFolded => {}
            }
        }
        if rewrites >= limit {
            return Err(Diagnostic::error(
                loc,
                format!("pattern rewrite of the op did not converge after {limit} rewrites"),
            ));
        }
        let name = ctx.op_name_str(op).to_string();
        for p in patterns.patterns_for(&name) {
            let mut rw = PatternRewriter::new(ctx, op);
            if p.match_and_rewrite(op, &mut rw) {
                changed = true;
                rewrites += 1;
                break;
            }
            if !ctx.op_exists(op) {
                break;
            }
        }
        if !changed {
            return Ok(out);
        }
        out.changed = true;
    }
}
