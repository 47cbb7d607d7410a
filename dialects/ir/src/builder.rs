//! [`Builder`]: creates operations at an insertion point.

use std::ops::{Deref, DerefMut};

use crate::context::{BlockId, Context, InsertPoint, OpId, OperationState};
use crate::location::Location;

/// Creates operations at an insertion point, with a default location.
///
/// A builder borrows the context mutably and dereferences to it, so queries and mutations stay
/// available while building. Consecutive insertions keep program order.
pub struct Builder<'c> {
    /// The context.
    pub ctx: &'c mut Context,
    ip: InsertPoint,
    /// Location given to ops built without an explicit one.
    pub loc: Location,
}

impl<'c> Builder<'c> {
    /// A builder inserting at `ip`.
    pub fn new(ctx: &'c mut Context, ip: InsertPoint, loc: Location) -> Self {
        let mut b = Builder {
            ctx,
            ip: InsertPoint::Detached,
            loc,
        };
        b.set_insertion_point(ip);
        b
    }
    /// A builder appending to `block`.
    pub fn at_end(ctx: &'c mut Context, block: BlockId, loc: Location) -> Self {
        Builder::new(ctx, InsertPoint::BlockEnd(block), loc)
    }
    /// A builder inserting before `op`, with `op`'s location.
    pub fn before(ctx: &'c mut Context, op: OpId) -> Self {
        let loc = ctx.op_loc(op);
        Builder::new(ctx, InsertPoint::Before(op), loc)
    }
    /// The current insertion point.
    pub fn insertion_point(&self) -> InsertPoint {
        self.ip
    }
    /// Moves the insertion point. `After(op)` is normalized to "before the next op" so that a
    /// sequence of insertions keeps its order.
    pub fn set_insertion_point(&mut self, ip: InsertPoint) {
        self.ip = match ip {
            InsertPoint::After(o) => match (self.ctx.next_op(o), self.ctx.op_parent_block(o)) {
                (Some(n), _) => InsertPoint::Before(n),
                (None, Some(b)) => InsertPoint::BlockEnd(b),
                (None, None) => InsertPoint::Detached,
            },
            other => other,
        };
    }
    /// Creates the op described by `state` and inserts it.
    pub fn insert(&mut self, state: OperationState) -> OpId {
        let op = self.ctx.create_op(state);
        self.ctx.insert_op(op, self.ip);
        if let InsertPoint::BlockStart(_) = self.ip {
            self.ip = InsertPoint::After(op);
            self.set_insertion_point(InsertPoint::After(op));
        }
        op
    }
    /// An empty state for op `name` at the builder's location.
    pub fn state(&mut self, name: &str) -> OperationState {
        let loc = self.loc;
        OperationState::new(self.ctx, name, loc)
    }
}

impl Deref for Builder<'_> {
    type Target = Context;
    fn deref(&self) -> &Context {
        self.ctx
    }
}

impl DerefMut for Builder<'_> {
    fn deref_mut(&mut self) -> &mut Context {
        self.ctx
    }
}
