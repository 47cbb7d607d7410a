//! Clean-ups of the thread loops of a block function, for the code LLVM makes of them.
//!
//! * [`narrow_global`]: a thread loop whose whole body is `scf.if %base + %t < %n { … }` (the
//!   bounds check of a grid-wide index, `%base` and `%n` defined outside the loop: every map
//!   kernel has one) runs from 0 to `min(end, max(%n − %base, 0))` with the `if`'s body as its
//!   own. The loop body is then straight-line code, so LLVM hoists what does not depend on
//!   the thread and vectorizes the loop.
//! * [`reduce_divisions`]: the coordinates of a grid-wide index `%i = %base + %t` along a
//!   dynamic extent `%w` (`arith.divui %i, %w` and `arith.remui %i, %w`, `%w` defined outside
//!   the loop, both at the top level of the body) are carried from one thread to the next:
//!   the remainder counts up and wraps to 0 at `%w`, the quotient counts the wraps. A
//!   division by a value unknown at compile time costs tens of cycles; the update costs two.

use rustc_hash::FxHashMap;
use tail_builtin::arith::{build_binary, build_cmpi, build_constant_index, build_select};
use tail_ir::{Builder, Context, InsertPoint, OpId, Value};

use tail_builtin::arith::CmpIPredicate;

/// Whether `v` is defined outside `op` (by an op or as a block argument).
fn outside(ctx: &Context, op: OpId, v: Value) -> bool {
    match ctx.defining_op(v) {
        Some(d) => !ctx.is_ancestor(op, d),
        None => ctx
            .value_parent_block(v)
            .and_then(|b| ctx.block_parent_op(b))
            .is_none_or(|o| o != op && !ctx.is_ancestor(op, o)),
    }
}

/// `Some(base)` when `v` is `arith.addi` of the loop's induction variable `t` and a value
/// defined outside the loop `lp`.
fn grid_index(ctx: &Context, lp: OpId, t: Value, v: Value) -> Option<Value> {
    let d = ctx.defining_op(v).filter(|&d| ctx.op_is(d, "arith.addi"))?;
    let (a, b) = (ctx.operand(d, 0), ctx.operand(d, 1));
    if a == t && outside(ctx, lp, b) {
        Some(b)
    } else if b == t && outside(ctx, lp, a) {
        Some(a)
    } else {
        None
    }
}

fn is_zero(ctx: &Context, v: Value) -> bool {
    tail_builtin::util::constant_int(ctx, v) == Some(0)
}

fn is_one(ctx: &Context, v: Value) -> bool {
    tail_builtin::util::constant_int(ctx, v) == Some(1)
}

/// Narrows the thread loop `lp` whose body is `%i = %base + %t; scf.if %i < %n { … }` (see
/// the module documentation). Returns whether it changed the loop.
pub(crate) fn narrow_global(ctx: &mut Context, lp: OpId) -> bool {
    let body = ctx.entry_block(ctx.region(lp, 0)).expect("loop body");
    let t = ctx.block_arg(body, 0);
    if !is_zero(ctx, ctx.operand(lp, 0)) || !is_one(ctx, ctx.operand(lp, 2)) {
        return false;
    }
    let ops = ctx.block_op_vec(body);
    let [add, cmp, iff, term] = ops[..] else {
        return false;
    };
    let i = ctx.result(add, 0);
    let Some(base) = grid_index(ctx, lp, t, i) else {
        return false;
    };
    let ult = ctx.op_is(cmp, "arith.cmpi")
        && ctx.attr(cmp, "predicate").and_then(|a| ctx.attr_as_int(a))
            == Some(CmpIPredicate::Ult as i64)
        && ctx.operand(cmp, 0) == i;
    if !ult {
        return false;
    }
    let n = ctx.operand(cmp, 1);
    if !plain_if(ctx, iff, ctx.result(cmp, 0)) || !outside(ctx, lp, n) {
        return false;
    }
    let ub = ctx.operand(lp, 1);
    let loc = ctx.op_loc(lp);
    let mut b = Builder::new(ctx, InsertPoint::Before(lp), loc);
    // max(n − base, 0) without wrapping: base < n ? n − base : 0.
    let left = build_binary(&mut b, "arith.subi", n, base);
    let some = build_cmpi(&mut b, CmpIPredicate::Ult, base, n);
    let zero = build_constant_index(&mut b, 0);
    let left = build_select(&mut b, some, left, zero);
    let end = build_binary(&mut b, "arith.minui", left, ub);
    unwrap_if(ctx, lp, end, cmp, iff, term);
    true
}

/// Whether `iff` is `scf.if %c { … }` without results and without an else region, and `%c`
/// is used only there: a guard whose body can become the loop's.
pub(crate) fn plain_if(ctx: &Context, iff: OpId, c: Value) -> bool {
    ctx.op_is(iff, "scf.if")
        && ctx.operand(iff, 0) == c
        && ctx.num_results(iff) == 0
        && ctx
            .entry_block(ctx.region(iff, 1))
            .is_none_or(|b| ctx.block_ops(b).count() == 1)
        && ctx.has_one_use(c)
}

/// Makes loop `lp` end at `end` and the body of its guard `iff` (condition `cmp`) the loop's
/// body, before the terminator `term`.
pub(crate) fn unwrap_if(ctx: &mut Context, lp: OpId, end: Value, cmp: OpId, iff: OpId, term: OpId) {
    ctx.set_operand(lp, 1, end);
    let then_b = ctx.entry_block(ctx.region(iff, 0)).expect("then block");
    let inner = ctx.block_op_vec(then_b);
    for &o in &inner[..inner.len() - 1] {
        ctx.move_op(o, InsertPoint::Before(term));
    }
    ctx.erase_op(iff);
    ctx.erase_op(cmp);
}

/// The `arith.divui` and `arith.remui` ops of one (index, divisor) pair.
type Divisions = ((Value, Value), Vec<OpId>, Vec<OpId>);

/// Carries the quotients and remainders of grid-wide indices by loop-invariant extents in
/// the thread loop `lp` (see the module documentation); returns the loop (a new op when it
/// changed).
pub(crate) fn reduce_divisions(ctx: &mut Context, lp: OpId) -> OpId {
    let body = ctx.entry_block(ctx.region(lp, 0)).expect("loop body");
    let t = ctx.block_arg(body, 0);
    if ctx.num_results(lp) != 0
        || !is_zero(ctx, ctx.operand(lp, 0))
        || !is_one(ctx, ctx.operand(lp, 2))
        || ctx.block_args(body).len() != 1
    {
        return lp;
    }
    // (index, divisor) → (divui ops, remui ops), in body order.
    let mut pairs: Vec<Divisions> = Vec::new();
    for o in ctx.block_op_vec(body) {
        let div = ctx.op_is(o, "arith.divui");
        if !div && !ctx.op_is(o, "arith.remui") {
            continue;
        }
        let (i, w) = (ctx.operand(o, 0), ctx.operand(o, 1));
        if grid_index(ctx, lp, t, i).is_none() || !outside(ctx, lp, w) {
            continue;
        }
        let k = match pairs.iter().position(|p| p.0 == (i, w)) {
            Some(k) => k,
            None => {
                pairs.push(((i, w), Vec::new(), Vec::new()));
                pairs.len() - 1
            }
        };
        if div {
            pairs[k].1.push(o);
        } else {
            pairs[k].2.push(o);
        }
    }
    if pairs.is_empty() {
        return lp;
    }
    let loc = ctx.op_loc(lp);
    let mut b = Builder::new(ctx, InsertPoint::Before(lp), loc);
    let one = build_constant_index(&mut b, 1);
    let zero = build_constant_index(&mut b, 0);
    // Initial values at t = 0 (the divisor kept ≥ 1: when the loop runs no thread, the
    // original divides by nothing).
    let mut inits = Vec::new();
    for ((i, w), _, _) in &pairs {
        let base = grid_index(b.ctx, lp, t, *i).expect("checked");
        let w1 = build_binary(&mut b, "arith.maxui", *w, one);
        inits.push(build_binary(&mut b, "arith.divui", base, w1));
        inits.push(build_binary(&mut b, "arith.remui", base, w1));
    }
    let (lb, ub, step) = (ctx.operand(lp, 0), ctx.operand(lp, 1), ctx.operand(lp, 2));
    let mut b = Builder::new(ctx, InsertPoint::Before(lp), loc);
    let (new, nbody) = tail_builtin::scf::ForOp::create(&mut b, lb, ub, step, &inits);
    let nt = ctx.block_arg(nbody, 0);
    let carried: Vec<Value> = ctx.block_args(nbody)[1..].to_vec();
    // Move the body over; the old terminator goes away.
    let old_ops = ctx.block_op_vec(body);
    let (last, rest) = old_ops.split_last().expect("terminator");
    for &o in rest {
        ctx.move_op(o, InsertPoint::BlockEnd(nbody));
    }
    ctx.erase_op(*last);
    ctx.replace_all_uses_with(t, nt);
    let mut map: FxHashMap<OpId, Value> = FxHashMap::default();
    for (k, (_, divs, rems)) in pairs.iter().enumerate() {
        for &d in divs {
            map.insert(d, carried[2 * k]);
        }
        for &r in rems {
            map.insert(r, carried[2 * k + 1]);
        }
    }
    for (op, v) in map {
        let r = ctx.result(op, 0);
        ctx.replace_all_uses_with(r, v);
        ctx.erase_op(op);
    }
    // The next thread's coordinates.
    let mut b = Builder::at_end(ctx, nbody, loc);
    let mut next = Vec::new();
    for (k, ((_, w), _, _)) in pairs.iter().enumerate() {
        let (q, r) = (carried[2 * k], carried[2 * k + 1]);
        let r1 = build_binary(&mut b, "arith.addi", r, one);
        let wrap = build_cmpi(&mut b, CmpIPredicate::Eq, r1, *w);
        let q1 = build_binary(&mut b, "arith.addi", q, one);
        next.push(build_select(&mut b, wrap, q1, q));
        next.push(build_select(&mut b, wrap, zero, r1));
    }
    tail_builtin::scf::YieldOp::create(&mut b, &next);
    ctx.erase_op(lp);
    new.op()
}
