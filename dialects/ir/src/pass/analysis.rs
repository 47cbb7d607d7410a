//! Analysis caching (MLIR's `AnalysisManager`).
//!
//! An analysis is a value computed from the IR of one operation (dominance, liveness, a call
//! graph). Passes ask the [`AnalysisManager`] of the op they run on for it; it is computed the
//! first time and cached. After a pass, every cached analysis the pass did not preserve is
//! dropped, for the op and — recursively — for the ops nested in it: a pass that preserves
//! nothing (the default) clears the nested caches entirely. Nested pass managers use the
//! nested caches, so an analysis of a `func.func` computed by a module pass (through
//! [`AnalysisManager::get_child_analysis`]) is reused by a function pass that follows.

use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::rc::Rc;

use rustc_hash::{FxHashMap, FxHashSet};

use super::instrument::Timing;
use crate::context::{Context, OpId};

/// A value computed from the IR of one operation and cached between passes.
pub trait Analysis: Any {
    /// Computes the analysis for `op`.
    fn new(ctx: &Context, op: OpId) -> Self
    where
        Self: Sized;
    /// Whether the cached value must be dropped given what the last pass preserved. The
    /// default: unless the pass preserved this analysis (or all).
    fn is_invalidated(&self, preserved: &PreservedAnalyses) -> bool {
        !preserved.is_preserved_id(self.type_id())
    }
}

/// The set of analyses a pass left valid.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum PreservedAnalyses {
    /// Every analysis is still valid (the pass changed nothing).
    All,
    /// Only these analyses are valid (empty: none).
    Some(FxHashSet<TypeId>),
    /// Nothing is valid (the default after a pass).
    #[default]
    None,
}

impl PreservedAnalyses {
    /// Everything preserved.
    pub fn all() -> Self {
        PreservedAnalyses::All
    }
    /// Nothing preserved.
    pub fn none() -> Self {
        PreservedAnalyses::None
    }
    /// Adds analysis `A` to the preserved set.
    pub fn preserve<A: Analysis>(&mut self) {
        self.preserve_id(TypeId::of::<A>());
    }
    /// Adds the analysis with type id `id` to the preserved set.
    pub fn preserve_id(&mut self, id: TypeId) {
        match self {
            PreservedAnalyses::All => {}
            PreservedAnalyses::Some(s) => {
                s.insert(id);
            }
            PreservedAnalyses::None => {
                let mut s = FxHashSet::default();
                s.insert(id);
                *self = PreservedAnalyses::Some(s);
            }
        }
    }
    /// Whether everything is preserved.
    pub fn is_all(&self) -> bool {
        matches!(self, PreservedAnalyses::All)
    }
    /// Whether nothing is preserved.
    pub fn is_none(&self) -> bool {
        match self {
            PreservedAnalyses::None => true,
            PreservedAnalyses::Some(s) => s.is_empty(),
            PreservedAnalyses::All => false,
        }
    }
    /// Whether analysis `A` is preserved.
    pub fn is_preserved<A: Analysis>(&self) -> bool {
        self.is_preserved_id(TypeId::of::<A>())
    }
    /// Whether the analysis with type id `id` is preserved.
    pub fn is_preserved_id(&self, id: TypeId) -> bool {
        match self {
            PreservedAnalyses::All => true,
            PreservedAnalyses::Some(s) => s.contains(&id),
            PreservedAnalyses::None => false,
        }
    }
    /// What both `self` and `other` preserve.
    pub fn intersect(&self, other: &PreservedAnalyses) -> PreservedAnalyses {
        match (self, other) {
            (PreservedAnalyses::All, x) | (x, PreservedAnalyses::All) => x.clone(),
            (PreservedAnalyses::Some(a), PreservedAnalyses::Some(b)) => {
                let s: FxHashSet<TypeId> = a.intersection(b).copied().collect();
                if s.is_empty() {
                    PreservedAnalyses::None
                } else {
                    PreservedAnalyses::Some(s)
                }
            }
            _ => PreservedAnalyses::None,
        }
    }
}

struct CachedAnalysis {
    value: Rc<dyn Any>,
    invalidated: fn(&dyn Any, &PreservedAnalyses) -> bool,
}

fn invalidated_thunk<A: Analysis>(value: &dyn Any, pa: &PreservedAnalyses) -> bool {
    value
        .downcast_ref::<A>()
        .is_none_or(|a| a.is_invalidated(pa))
}

/// The analysis cache of one operation and, nested, of the operations inside it. Passed to
/// [`Pass::run`](super::Pass::run) for the op the pass runs on.
pub struct AnalysisManager {
    op: OpId,
    cache: FxHashMap<TypeId, CachedAnalysis>,
    children: FxHashMap<OpId, AnalysisManager>,
    preserved: PreservedAnalyses,
    pub(crate) timing: Option<Rc<RefCell<Timing>>>,
}

impl std::fmt::Debug for AnalysisManager {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnalysisManager")
            .field("op", &self.op)
            .field("cached", &self.cache.len())
            .field("children", &self.children.len())
            .finish()
    }
}

/// The short name of a type (`DominanceInfo` for `tail_ir::dominance::DominanceInfo`).
pub(crate) fn short_type_name<T: ?Sized>() -> &'static str {
    let full = std::any::type_name::<T>();
    let head = full.split('<').next().unwrap_or(full);
    let start = head.rfind("::").map(|i| i + 2).unwrap_or(0);
    &full[start..]
}

impl AnalysisManager {
    /// An empty cache for `op`.
    pub fn new(op: OpId) -> Self {
        AnalysisManager {
            op,
            cache: FxHashMap::default(),
            children: FxHashMap::default(),
            preserved: PreservedAnalyses::None,
            timing: None,
        }
    }

    /// The op whose analyses this manager caches.
    pub fn op(&self) -> OpId {
        self.op
    }

    /// Analysis `A` of this manager's op, computed now unless cached.
    pub fn get_analysis<A: Analysis>(&mut self, ctx: &Context) -> Rc<A> {
        if let Some(a) = self.get_cached_analysis::<A>() {
            return a;
        }
        let timer = self.timing.clone();
        if let Some(t) = &timer {
            t.borrow_mut()
                .enter(format!("(A) {}", short_type_name::<A>()));
        }
        let value = Rc::new(A::new(ctx, self.op));
        if let Some(t) = &timer {
            t.borrow_mut().exit();
        }
        self.cache.insert(
            TypeId::of::<A>(),
            CachedAnalysis {
                value: value.clone() as Rc<dyn Any>,
                invalidated: invalidated_thunk::<A>,
            },
        );
        value
    }

    /// Analysis `A` of this manager's op if it is cached.
    pub fn get_cached_analysis<A: Analysis>(&self) -> Option<Rc<A>> {
        let c = self.cache.get(&TypeId::of::<A>())?;
        c.value.clone().downcast::<A>().ok()
    }

    /// Analysis `A` of `op`, an op nested (at any depth) in this manager's op; cached in the
    /// nested manager, where a nested pass manager running on `op` finds it.
    ///
    /// Returns `None` when `op` is not nested in this manager's op.
    pub fn get_child_analysis<A: Analysis>(&mut self, ctx: &Context, op: OpId) -> Option<Rc<A>> {
        Some(self.nest(ctx, op)?.get_analysis::<A>(ctx))
    }

    /// Analysis `A` of the nested op `op` if it is cached.
    pub fn get_cached_child_analysis<A: Analysis>(&self, ctx: &Context, op: OpId) -> Option<Rc<A>> {
        let path = self.path_to(ctx, op)?;
        let mut am = self;
        for o in path {
            am = am.children.get(&o)?;
        }
        am.get_cached_analysis::<A>()
    }

    /// The manager for `op`, nested at any depth in this manager's op (created on demand).
    pub fn nest(&mut self, ctx: &Context, op: OpId) -> Option<&mut AnalysisManager> {
        let path = self.path_to(ctx, op)?;
        let mut am = self;
        for o in path {
            let timing = am.timing.clone();
            am = am.children.entry(o).or_insert_with(|| {
                let mut child = AnalysisManager::new(o);
                child.timing = timing;
                child
            });
        }
        Some(am)
    }

    /// The chain of ops from just below `self.op` down to `op`.
    fn path_to(&self, ctx: &Context, op: OpId) -> Option<Vec<OpId>> {
        let mut path = Vec::new();
        let mut cur = op;
        while cur != self.op {
            path.push(cur);
            cur = ctx.op_parent_op(cur)?;
        }
        path.reverse();
        Some(path)
    }

    /// Declares that the running pass changed nothing: every analysis stays valid.
    pub fn mark_all_preserved(&mut self) {
        self.preserved = PreservedAnalyses::All;
    }

    /// Declares that the running pass kept analysis `A` valid.
    pub fn mark_preserved<A: Analysis>(&mut self) {
        self.preserved.preserve::<A>();
    }

    /// What the running pass has declared preserved so far.
    pub fn preserved(&self) -> &PreservedAnalyses {
        &self.preserved
    }

    /// Drops every cached analysis (here and nested) not preserved by `pa`. With nothing
    /// preserved the nested caches are cleared entirely.
    pub fn invalidate(&mut self, pa: &PreservedAnalyses) {
        if pa.is_all() {
            return;
        }
        self.cache
            .retain(|_, c| !(c.invalidated)(c.value.as_ref(), pa));
        if pa.is_none() {
            self.children.clear();
            return;
        }
        for child in self.children.values_mut() {
            child.invalidate(pa);
        }
    }

    /// Drops the cached analyses of this op only, keeping nested caches.
    pub(crate) fn invalidate_own(&mut self, pa: &PreservedAnalyses) {
        if !pa.is_all() {
            self.cache
                .retain(|_, c| !(c.invalidated)(c.value.as_ref(), pa));
        }
    }

    /// Drops everything cached.
    pub fn clear(&mut self) {
        self.cache.clear();
        self.children.clear();
    }

    /// Number of analyses cached for this op (not counting nested ops).
    pub fn num_cached(&self) -> usize {
        self.cache.len()
    }

    /// Number of nested ops with a cache.
    pub fn num_child_caches(&self) -> usize {
        self.children.len()
    }

    pub(crate) fn begin_pass(&mut self) {
        self.preserved = PreservedAnalyses::None;
    }

    pub(crate) fn take_preserved(&mut self) -> PreservedAnalyses {
        std::mem::take(&mut self.preserved)
    }

    /// Removes the manager of direct child `op` (creating an empty one) for a nested run.
    pub(crate) fn take_child(&mut self, op: OpId) -> AnalysisManager {
        let mut am = self
            .children
            .remove(&op)
            .unwrap_or_else(|| AnalysisManager::new(op));
        am.timing = self.timing.clone();
        am
    }

    /// Puts back a manager removed by [`take_child`](Self::take_child).
    pub(crate) fn put_child(&mut self, am: AnalysisManager) {
        self.children.insert(am.op, am);
    }

    /// Drops nested caches of ops that no longer exist.
    pub(crate) fn prune_erased(&mut self, ctx: &Context) {
        self.children.retain(|op, _| ctx.op_exists(*op));
    }
}
