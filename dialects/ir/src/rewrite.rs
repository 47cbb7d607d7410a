//! Pattern rewriting: [`RewritePattern`], [`RewritePatternSet`] and [`PatternRewriter`].
//!
//! A pattern matches a root op and rewrites it through a [`PatternRewriter`], which is a
//! [`Builder`] whose insertion point starts before the matched op. Drivers (the greedy driver,
//! dialect conversion) apply patterns; they learn about changes through the context's journal.

use std::ops::{Deref, DerefMut};

use crate::builder::Builder;
use crate::context::{Context, InsertPoint, OpId};

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
        self.patterns.sort_by_key(|p| std::cmp::Reverse(p.benefit()));
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
        PatternRewriter { builder: Builder::new(ctx, InsertPoint::Before(op), loc) }
    }
    /// The underlying builder.
    pub fn builder(&mut self) -> &mut Builder<'c> {
        &mut self.builder
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
