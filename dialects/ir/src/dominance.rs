//! Dominance: [`DominanceInfo`], MLIR's `DominanceInfo` over regions.
//!
//! A dominator tree is computed per region (lazily, on first query) over the CFG formed by the
//! successor lists of each block's last operation, with the iterative algorithm of Cooper,
//! Harvey and Kennedy ("A Simple, Fast Dominance Algorithm"). Queries between operations or
//! blocks in different regions are answered the MLIR way: the deeper one is first replaced by
//! its ancestor in the region of the other one, so an op nested in a region is dominated by
//! whatever dominates its ancestor in the defining region.
//!
//! Semantics follow MLIR (and LLVM for unreachable blocks):
//! - an unreachable block is dominated by every block and dominates none but itself;
//! - in a *graph region* (see [`has_ssa_dominance`]) every op dominates every other op of its
//!   block, in any order;
//! - a value dominates a use when its definition properly dominates the user; a block argument
//!   dominates every op of its block and of the blocks its block dominates; a result of `op`
//!   never dominates a use nested inside `op`'s own regions.
//!
//! The cache does not observe IR changes: call [`DominanceInfo::invalidate`] (or build a new
//! one) after changing the block structure of a region. Erasing or adding ops inside blocks
//! does not invalidate it.

use std::cell::RefCell;
use std::rc::Rc;

use rustc_hash::FxHashMap;

use crate::context::{BlockId, Context, OpId, RegionId, Value, ValueDef};
use crate::registry::OpTraits;

const NONE: u32 = u32::MAX;

/// Whether uses in `region` must be dominated by their definitions (MLIR's
/// `mayHaveSSADominance`). Regions of ops with [`OpTraits::GRAPH_REGION`], and of symbol tables
/// without terminators (`builtin.module`, which MLIR declares a graph region), are graph
/// regions, and so may those of unregistered ops (as in MLIR, whose dominance checks skip
/// them); every other region, detached ones included, has SSA dominance.
pub fn has_ssa_dominance(ctx: &Context, region: RegionId) -> bool {
    match ctx.region_parent_op(region) {
        // An unregistered op may hold graph regions (MLIR's `mayBeGraphRegion`).
        Some(op) => ctx.op_def(op).is_some() && !is_graph_region_op(ctx, op),
        None => true,
    }
}

/// Whether the regions of `op` are graph regions (see [`has_ssa_dominance`]).
pub fn is_graph_region_op(ctx: &Context, op: OpId) -> bool {
    match ctx.op_def(op) {
        Some(info) => {
            info.traits.contains(OpTraits::GRAPH_REGION)
                || info
                    .traits
                    .contains(OpTraits::SYMBOL_TABLE | OpTraits::NO_TERMINATOR)
        }
        None => false,
    }
}

/// The ancestor of `op` (possibly `op` itself) whose parent region is `region`.
pub fn find_ancestor_op_in_region(ctx: &Context, region: RegionId, op: OpId) -> Option<OpId> {
    let mut cur = op;
    loop {
        let r = ctx.op_parent_region(cur)?;
        if r == region {
            return Some(cur);
        }
        cur = ctx.region_parent_op(r)?;
    }
}

/// The ancestor of `block` (possibly `block` itself) whose parent region is `region`.
pub fn find_ancestor_block_in_region(
    ctx: &Context,
    region: RegionId,
    block: BlockId,
) -> Option<BlockId> {
    let mut cur = block;
    loop {
        let r = ctx.block_parent_region(cur)?;
        if r == region {
            return Some(cur);
        }
        let op = ctx.region_parent_op(r)?;
        cur = ctx.op_parent_block(op)?;
    }
}

/// Whether `ancestor` is `region` or (transitively) contains it.
pub fn region_is_ancestor(ctx: &Context, ancestor: RegionId, region: RegionId) -> bool {
    let mut cur = region;
    loop {
        if cur == ancestor {
            return true;
        }
        let Some(op) = ctx.region_parent_op(cur) else {
            return false;
        };
        let Some(r) = ctx.op_parent_region(op) else {
            return false;
        };
        cur = r;
    }
}

/// The dominator tree of one region.
#[derive(Debug)]
pub struct RegionDomTree {
    blocks: Vec<BlockId>,
    index: FxHashMap<BlockId, u32>,
    /// Immediate dominator (index), `NONE` for the entry block and unreachable blocks.
    idom: Vec<u32>,
    reachable: Vec<bool>,
    /// Pre/post numbering of the dominator tree for O(1) ancestor queries.
    pre: Vec<u32>,
    post: Vec<u32>,
}

impl RegionDomTree {
    /// Computes the dominator tree of `region`.
    pub fn compute(ctx: &Context, region: RegionId) -> Self {
        let blocks: Vec<BlockId> = ctx.region_blocks(region).to_vec();
        let n = blocks.len();
        let mut index = FxHashMap::default();
        index.reserve(n);
        for (i, &b) in blocks.iter().enumerate() {
            index.insert(b, i as u32);
        }
        // Successor lists restricted to this region.
        let succs: Vec<Vec<u32>> = blocks
            .iter()
            .map(|&b| match ctx.last_op(b) {
                Some(t) => ctx
                    .successors(t)
                    .iter()
                    .filter_map(|s| index.get(s).copied())
                    .collect(),
                None => Vec::new(),
            })
            .collect();
        let mut tree = RegionDomTree {
            blocks,
            index,
            idom: vec![NONE; n],
            reachable: vec![false; n],
            pre: vec![0; n],
            post: vec![0; n],
        };
        if n == 0 {
            return tree;
        }
        // Reverse post-order from the entry block (iterative DFS).
        let mut rpo_num = vec![NONE; n];
        let mut postorder: Vec<u32> = Vec::with_capacity(n);
        {
            let mut visited = vec![false; n];
            let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
            visited[0] = true;
            while let Some(&mut (b, ref mut next)) = stack.last_mut() {
                if let Some(&s) = succs[b as usize].get(*next) {
                    *next += 1;
                    if !visited[s as usize] {
                        visited[s as usize] = true;
                        stack.push((s, 0));
                    }
                } else {
                    postorder.push(b);
                    stack.pop();
                }
            }
        }
        let rpo: Vec<u32> = postorder.iter().rev().copied().collect();
        for (i, &b) in rpo.iter().enumerate() {
            rpo_num[b as usize] = i as u32;
            tree.reachable[b as usize] = true;
        }
        // Predecessors (reachable ones only).
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        for &b in &rpo {
            for &s in &succs[b as usize] {
                preds[s as usize].push(b);
            }
        }
        // Cooper–Harvey–Kennedy. `doms` holds the idom with the entry pointing at itself.
        let mut doms = vec![NONE; n];
        doms[0] = 0;
        let intersect = |doms: &Vec<u32>, mut a: u32, mut b: u32| -> u32 {
            while a != b {
                while rpo_num[a as usize] > rpo_num[b as usize] {
                    a = doms[a as usize];
                }
                while rpo_num[b as usize] > rpo_num[a as usize] {
                    b = doms[b as usize];
                }
            }
            a
        };
        let mut changed = true;
        while changed {
            changed = false;
            for &b in rpo.iter().skip(1) {
                let mut new_idom = NONE;
                for &p in &preds[b as usize] {
                    if doms[p as usize] == NONE {
                        continue;
                    }
                    new_idom = if new_idom == NONE {
                        p
                    } else {
                        intersect(&doms, p, new_idom)
                    };
                }
                if new_idom != NONE && doms[b as usize] != new_idom {
                    doms[b as usize] = new_idom;
                    changed = true;
                }
            }
        }
        for &b in rpo.iter().skip(1) {
            tree.idom[b as usize] = doms[b as usize];
        }
        // Number the dominator tree.
        let mut children: Vec<Vec<u32>> = vec![Vec::new(); n];
        for &b in rpo.iter().skip(1) {
            children[doms[b as usize] as usize].push(b);
        }
        let mut counter = 0u32;
        let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
        tree.pre[0] = counter;
        counter += 1;
        while let Some(&mut (b, ref mut next)) = stack.last_mut() {
            if let Some(&c) = children[b as usize].get(*next) {
                *next += 1;
                tree.pre[c as usize] = counter;
                counter += 1;
                stack.push((c, 0));
            } else {
                tree.post[b as usize] = counter;
                counter += 1;
                stack.pop();
            }
        }
        tree
    }

    fn idx(&self, b: BlockId) -> Option<usize> {
        self.index.get(&b).map(|&i| i as usize)
    }

    /// Whether `b` is reachable from the region's entry block.
    pub fn is_reachable(&self, b: BlockId) -> bool {
        self.idx(b).is_some_and(|i| self.reachable[i])
    }

    /// The immediate dominator of `b` (`None` for the entry block and unreachable blocks).
    pub fn idom(&self, b: BlockId) -> Option<BlockId> {
        let i = self.idx(b)?;
        let d = self.idom[i];
        (d != NONE).then(|| self.blocks[d as usize])
    }

    /// Whether `a` dominates `b` (both in this region). LLVM semantics: a block dominates
    /// itself; an unreachable block is dominated by every block and dominates no other block.
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        if a == b {
            return true;
        }
        let (Some(ia), Some(ib)) = (self.idx(a), self.idx(b)) else {
            return false;
        };
        if !self.reachable[ib] {
            return true;
        }
        if !self.reachable[ia] {
            return false;
        }
        self.pre[ia] <= self.pre[ib] && self.post[ib] <= self.post[ia]
    }

    /// Whether `a` dominates `b` and differs from it.
    pub fn properly_dominates(&self, a: BlockId, b: BlockId) -> bool {
        a != b && self.dominates(a, b)
    }

    /// The blocks of the region in the order the tree was computed for.
    pub fn blocks(&self) -> &[BlockId] {
        &self.blocks
    }
}

/// Dominance queries over any region, with per-region dominator trees computed on demand.
///
/// Ordering queries within a block use a per-block op numbering, also computed on demand:
/// after moving ops within a block (or inserting ops and then querying them), call
/// [`invalidate`](Self::invalidate) or [`invalidate_block_order`](Self::invalidate_block_order).
/// Erasing ops keeps every cache valid.
#[derive(Default)]
pub struct DominanceInfo {
    trees: RefCell<FxHashMap<RegionId, Rc<RegionDomTree>>>,
    order: RefCell<FxHashMap<BlockId, Rc<FxHashMap<OpId, u32>>>>,
}

impl crate::pass::Analysis for DominanceInfo {
    fn new(_ctx: &Context, _op: OpId) -> Self {
        DominanceInfo::default()
    }
}

impl std::fmt::Debug for DominanceInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DominanceInfo")
            .field("regions", &self.trees.borrow().len())
            .finish()
    }
}

impl DominanceInfo {
    /// An empty cache.
    pub fn new() -> Self {
        Self::default()
    }

    /// Drops every cached tree and op numbering.
    pub fn invalidate(&self) {
        self.trees.borrow_mut().clear();
        self.order.borrow_mut().clear();
    }

    /// Drops the cached op numbering of `block`.
    pub fn invalidate_block_order(&self, block: BlockId) {
        self.order.borrow_mut().remove(&block);
    }

    /// Whether `a` comes before `b`, both in `block`.
    fn is_before_in_block(&self, ctx: &Context, block: BlockId, a: OpId, b: OpId) -> bool {
        // Short distances: walk.
        let mut cur = ctx.next_op(a);
        for _ in 0..8 {
            match cur {
                Some(o) if o == b => return true,
                Some(o) => cur = ctx.next_op(o),
                None => return false,
            }
        }
        let lookup = |order: &FxHashMap<OpId, u32>| match (order.get(&a), order.get(&b)) {
            (Some(x), Some(y)) => Some(x < y),
            _ => None,
        };
        if let Some(order) = self.order.borrow().get(&block) {
            if let Some(r) = lookup(order) {
                return r;
            }
        }
        let order: FxHashMap<OpId, u32> = ctx
            .block_ops(block)
            .enumerate()
            .map(|(i, o)| (o, i as u32))
            .collect();
        let r = lookup(&order);
        self.order.borrow_mut().insert(block, Rc::new(order));
        r.unwrap_or_else(|| ctx.is_before_in_block(a, b))
    }

    /// Drops the cached tree of `region`.
    pub fn invalidate_region(&self, region: RegionId) {
        self.trees.borrow_mut().remove(&region);
    }

    /// The dominator tree of `region` (computed on first use).
    pub fn dom_tree(&self, ctx: &Context, region: RegionId) -> Rc<RegionDomTree> {
        if let Some(t) = self.trees.borrow().get(&region) {
            return t.clone();
        }
        let t = Rc::new(RegionDomTree::compute(ctx, region));
        self.trees.borrow_mut().insert(region, t.clone());
        t
    }

    /// Whether `block` is reachable from the entry block of its region. The entry block and
    /// blocks of single-block regions are always reachable.
    pub fn is_reachable_from_entry(&self, ctx: &Context, block: BlockId) -> bool {
        let Some(r) = ctx.block_parent_region(block) else {
            return true;
        };
        if ctx.entry_block(r) == Some(block) {
            return true;
        }
        self.dom_tree(ctx, r).is_reachable(block)
    }

    /// The immediate dominator of `block` within its region.
    pub fn immediate_dominator(&self, ctx: &Context, block: BlockId) -> Option<BlockId> {
        let r = ctx.block_parent_region(block)?;
        self.dom_tree(ctx, r).idom(block)
    }

    /// Whether block `a` properly dominates block `b`. When they are in different regions, `b`
    /// is first replaced by its ancestor block in `a`'s region (and `a` then properly dominates
    /// `b` if that ancestor is `a` itself). In a graph region a block properly dominates itself.
    pub fn block_properly_dominates(&self, ctx: &Context, a: BlockId, b: BlockId) -> bool {
        if a == b {
            return !self.block_has_ssa_dominance(ctx, a);
        }
        let Some(ra) = ctx.block_parent_region(a) else {
            return false;
        };
        let mut b = b;
        if ctx.block_parent_region(b) != Some(ra) {
            match find_ancestor_block_in_region(ctx, ra, b) {
                Some(anc) => b = anc,
                None => return false,
            }
            if a == b {
                return true;
            }
        }
        self.dom_tree(ctx, ra).properly_dominates(a, b)
    }

    /// Whether block `a` dominates block `b` (`a == b` or properly dominates).
    pub fn block_dominates(&self, ctx: &Context, a: BlockId, b: BlockId) -> bool {
        a == b || self.block_properly_dominates(ctx, a, b)
    }

    fn block_has_ssa_dominance(&self, ctx: &Context, b: BlockId) -> bool {
        match ctx.block_parent_region(b) {
            Some(r) => has_ssa_dominance(ctx, r),
            None => true,
        }
    }

    fn properly_dominates_impl(
        &self,
        ctx: &Context,
        a: OpId,
        b: OpId,
        enclosing_op_ok: bool,
    ) -> bool {
        let (Some(a_block), Some(mut b_block)) = (ctx.op_parent_block(a), ctx.op_parent_block(b))
        else {
            return false;
        };
        if a == b {
            return !self.block_has_ssa_dominance(ctx, a_block);
        }
        let Some(a_region) = ctx.block_parent_region(a_block) else {
            return false;
        };
        let mut b = b;
        if ctx.block_parent_region(b_block) != Some(a_region) {
            match find_ancestor_op_in_region(ctx, a_region, b) {
                Some(anc) => b = anc,
                None => return false,
            }
            b_block = ctx.op_parent_block(b).expect("ancestor is in a block");
            if a == b {
                return enclosing_op_ok;
            }
        }
        if a_block == b_block {
            if !has_ssa_dominance(ctx, a_region) {
                return true;
            }
            return self.is_before_in_block(ctx, a_block, a, b);
        }
        self.dom_tree(ctx, a_region)
            .properly_dominates(a_block, b_block)
    }

    /// Whether op `a` properly dominates op `b`: `a != b` and `a` comes first on every path to
    /// `b`. An op properly dominates the ops nested in its own regions.
    pub fn op_properly_dominates(&self, ctx: &Context, a: OpId, b: OpId) -> bool {
        self.properly_dominates_impl(ctx, a, b, true)
    }

    /// Whether op `a` dominates op `b` (`a == b` or properly dominates).
    pub fn dominates(&self, ctx: &Context, a: OpId, b: OpId) -> bool {
        a == b || self.op_properly_dominates(ctx, a, b)
    }

    /// Whether value `v` properly dominates op `user`, i.e. `user` may use `v`. A block
    /// argument dominates every op of its block (and of dominated blocks); an op result
    /// dominates ops its defining op properly dominates, except ops nested inside the defining
    /// op itself.
    pub fn properly_dominates(&self, ctx: &Context, v: Value, user: OpId) -> bool {
        if !ctx.value_exists(v) {
            return false;
        }
        match ctx.value_def(v) {
            ValueDef::BlockArg { block, .. } => match ctx.op_parent_block(user) {
                Some(ub) => self.block_dominates(ctx, block, ub),
                None => false,
            },
            ValueDef::OpResult { op, .. } => self.properly_dominates_impl(ctx, op, user, false),
            ValueDef::Placeholder => false,
        }
    }

    /// Alias of [`properly_dominates`](Self::properly_dominates) (MLIR spells this
    /// `dominates(Value, Operation*)` too).
    pub fn value_dominates(&self, ctx: &Context, v: Value, user: OpId) -> bool {
        self.properly_dominates(ctx, v, user)
    }
}
