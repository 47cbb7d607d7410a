//! Pattern rewriting: [`RewritePattern`], [`RewritePatternSet`] and [`PatternRewriter`].
//!
//! A pattern matches a root op and rewrites it through a [`PatternRewriter`], which is a
//! [`Builder`] whose insertion point starts before the matched op. Drivers (the greedy driver,
//! dialect conversion) apply patterns; they learn about changes through the context's journal.

use std::ops::{Deref, DerefMut};

use rustc_hash::FxHashMap;

use crate::builder::Builder;
use crate::context::{BlockId, Context, InsertPoint, OpId, OperationState, RegionId, Value};

/// A rewrite rule rooted at one op kind (or any op).
pub trait RewritePattern {
    /// The op name this pattern applies to, or `None` for any op.
    fn root(&self) -> Option<&'static str>;
    /// Higher benefit is tried first.
    fn benefit(&self) -> u16 {
        1
    }
    /// A name for debugging output and statistics.
    fn name(&self) -> &'static str {
        std::any::type_name::<Self>()
    }
    /// Tries to rewrite `op`; returns `true` if the IR was changed. A pattern that returns
    /// `false` must not have changed anything.
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool;
}

/// A collection of patterns.
#[derive(Default)]
pub struct RewritePatternSet {
    patterns: Vec<Box<dyn RewritePattern>>,
}

impl RewritePatternSet {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }
    /// Adds a pattern.
    pub fn add(&mut self, p: impl RewritePattern + 'static) {
        self.patterns.push(Box::new(p));
    }
    /// Adds a boxed pattern.
    pub fn add_boxed(&mut self, p: Box<dyn RewritePattern>) {
        self.patterns.push(p);
    }
    /// The patterns, in insertion order.
    pub fn patterns(&self) -> &[Box<dyn RewritePattern>] {
        &self.patterns
    }
    /// Number of patterns.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }
    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }
    /// Moves the patterns out, sorted by decreasing benefit (stable).
    pub fn into_sorted(mut self) -> Vec<Box<dyn RewritePattern>> {
        self.patterns
            .sort_by_key(|p| std::cmp::Reverse(p.benefit()));
        self.patterns
    }
}

/// The builder handed to patterns. Its insertion point starts right before the matched op.
pub struct PatternRewriter<'c> {
    builder: Builder<'c>,
}

impl<'c> PatternRewriter<'c> {
    /// A rewriter positioned before `op`.
    pub fn new(ctx: &'c mut Context, op: OpId) -> Self {
        let loc = ctx.op_loc(op);
        PatternRewriter {
            builder: Builder::new(ctx, InsertPoint::Before(op), loc),
        }
    }
    /// The underlying builder.
    pub fn builder(&mut self) -> &mut Builder<'c> {
        &mut self.builder
    }
    /// Creates the op described by `state` at the insertion point.
    pub fn create(&mut self, state: OperationState) -> OpId {
        self.builder.insert(state)
    }
    /// Replaces every result of `op` with the corresponding value, then erases `op`.
    pub fn replace_op(&mut self, op: OpId, values: &[Value]) {
        self.builder.ctx.replace_op(op, values);
    }
    /// Creates the op described by `state` at the insertion point (by default right before
    /// `op`), replaces `op`'s results with its results and erases `op`. Returns the new op.
    pub fn replace_op_with_new(&mut self, op: OpId, state: OperationState) -> OpId {
        let new = self.builder.insert(state);
        let results = self.builder.ctx.results(new).to_vec();
        self.builder.ctx.replace_op(op, &results);
        new
    }
    /// Erases `op`, whose results must be unused.
    pub fn erase_op(&mut self, op: OpId) {
        self.builder.ctx.erase_op(op);
    }
    /// Runs `f` to change `op` in place (attributes, operands, result types) and reports the
    /// modification to drivers.
    pub fn modify_op_in_place<R>(&mut self, op: OpId, f: impl FnOnce(&mut Context) -> R) -> R {
        let r = f(self.builder.ctx);
        self.builder.ctx.notify_modified(op);
        r
    }
    /// Replaces every use of `from` with `to`.
    pub fn replace_all_uses_with(&mut self, from: Value, to: Value) {
        self.builder.ctx.replace_all_uses_with(from, to);
    }
    /// Moves the blocks of `region` into `dest` before block `before` (at the end of `dest`
    /// when `None`). `region` is left empty.
    pub fn inline_region_before(
        &mut self,
        region: RegionId,
        dest: RegionId,
        before: Option<BlockId>,
    ) {
        inline_region_before(self.builder.ctx, region, dest, before);
    }
    /// Moves the ops of `block` before `op`, replacing the block's arguments with `args`, and
    /// erases the (now empty) block.
    pub fn inline_block_before(&mut self, block: BlockId, op: OpId, args: &[Value]) {
        inline_block_before(self.builder.ctx, block, InsertPoint::Before(op), args);
    }
    /// Moves the ops of `source` to the end of `dest`, replacing `source`'s arguments with
    /// `args`, and erases `source`.
    pub fn merge_blocks(&mut self, source: BlockId, dest: BlockId, args: &[Value]) {
        inline_block_before(self.builder.ctx, source, InsertPoint::BlockEnd(dest), args);
    }
    /// Splits `block` before `op`: `op` and everything after it move to a new block (without
    /// arguments) inserted right after `block`. Returns the new block.
    pub fn split_block(&mut self, block: BlockId, op: OpId) -> BlockId {
        split_block(self.builder.ctx, block, op)
    }
}

/// Moves the blocks of `region` into `dest` before block `before` (at the end when `None`).
pub fn inline_region_before(
    ctx: &mut Context,
    region: RegionId,
    dest: RegionId,
    before: Option<BlockId>,
) {
    let blocks = ctx.region_blocks(region).to_vec();
    let index = match before {
        Some(b) => ctx
            .region_blocks(dest)
            .iter()
            .position(|&x| x == b)
            .expect("`before` is a block of `dest`"),
        None => ctx.region_blocks(dest).len(),
    };
    for (i, b) in blocks.into_iter().enumerate() {
        ctx.detach_block(b);
        ctx.insert_block(dest, index + i, b);
    }
}

/// Moves the ops of `block` to `ip` (which must not be inside `block`), replacing the block's
/// arguments with `args`, then erases the empty block (detaching it from its region first).
pub fn inline_block_before(ctx: &mut Context, block: BlockId, ip: InsertPoint, args: &[Value]) {
    let block_args = ctx.block_args(block).to_vec();
    assert_eq!(
        block_args.len(),
        args.len(),
        "inline_block_before: argument count mismatch"
    );
    for (a, &v) in block_args.into_iter().zip(args) {
        ctx.replace_all_uses_with(a, v);
    }
    ctx.move_block_ops(block, ip);
    ctx.erase_block(block);
}

/// Splits `block` before `op` (see [`PatternRewriter::split_block`]).
pub fn split_block(ctx: &mut Context, block: BlockId, op: OpId) -> BlockId {
    let region = ctx
        .block_parent_region(block)
        .expect("split_block: block is in a region");
    let pos = ctx
        .region_blocks(region)
        .iter()
        .position(|&b| b == block)
        .expect("block in its region");
    let new = ctx.create_block(&[]);
    ctx.insert_block(region, pos + 1, new);
    let mut cur = Some(op);
    let mut moved = Vec::new();
    while let Some(o) = cur {
        moved.push(o);
        cur = ctx.next_op(o);
    }
    for o in moved {
        ctx.detach_op(o);
        ctx.insert_op(o, InsertPoint::BlockEnd(new));
    }
    new
}

/// A pattern set frozen for application: patterns sorted by decreasing benefit (stable) and
/// indexed by root op name, like MLIR's `FrozenRewritePatternSet`.
pub struct FrozenRewritePatternSet {
    patterns: Vec<Box<dyn RewritePattern>>,
    by_root: FxHashMap<&'static str, Vec<usize>>,
    any_root: Vec<usize>,
}

impl FrozenRewritePatternSet {
    /// Freezes `set`.
    pub fn new(set: RewritePatternSet) -> Self {
        Self::from_boxed(set.patterns)
    }
    /// Freezes a list of patterns.
    pub fn from_boxed(mut patterns: Vec<Box<dyn RewritePattern>>) -> Self {
        patterns.sort_by_key(|p| std::cmp::Reverse(p.benefit()));
        let mut by_root: FxHashMap<&'static str, Vec<usize>> = FxHashMap::default();
        let mut any_root = Vec::new();
        for (i, p) in patterns.iter().enumerate() {
            match p.root() {
                Some(r) => by_root.entry(r).or_default().push(i),
                None => any_root.push(i),
            }
        }
        // Merge the any-op patterns into every per-root list, keeping benefit order (and
        // insertion order among equal benefits).
        if !any_root.is_empty() {
            for list in by_root.values_mut() {
                list.extend_from_slice(&any_root);
                list.sort_unstable();
            }
        }
        FrozenRewritePatternSet {
            patterns,
            by_root,
            any_root,
        }
    }
    /// The patterns that may match an op named `name`, best first.
    pub fn patterns_for(&self, name: &str) -> impl Iterator<Item = &dyn RewritePattern> + '_ {
        let list = self.by_root.get(name).unwrap_or(&self.any_root);
        list.iter().map(move |&i| self.patterns[i].as_ref())
    }
    /// All patterns, best first.
    pub fn patterns(&self) -> &[Box<dyn RewritePattern>] {
        &self.patterns
    }
    /// Number of patterns.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }
    /// Whether there are no patterns.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }
}

impl From<RewritePatternSet> for FrozenRewritePatternSet {
    fn from(set: RewritePatternSet) -> Self {
        FrozenRewritePatternSet::new(set)
    }
}

impl From<Vec<Box<dyn RewritePattern>>> for FrozenRewritePatternSet {
    fn from(v: Vec<Box<dyn RewritePattern>>) -> Self {
        FrozenRewritePatternSet::from_boxed(v)
    }
}

impl<'c> Deref for PatternRewriter<'c> {
    type Target = Builder<'c>;
    fn deref(&self) -> &Builder<'c> {
        &self.builder
    }
}

impl DerefMut for PatternRewriter<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.builder
    }
}
