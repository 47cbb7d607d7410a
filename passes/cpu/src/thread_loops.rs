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
//! * [`interchange`]: a thread's sequential loop of plain computation runs with the threads
//!   side by side (the thread loop innermost), so LLVM vectorizes across threads.

use rustc_hash::FxHashMap;
use tail_builtin::arith::{build_binary, build_cmpi, build_constant_index, build_select};
use tail_ir::{Builder, Context, InsertPoint, OpId, Type, Value};

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

/// A new loop over the threads `zero ≤ t < ub` (step `one`) at the builder's insertion point:
/// the loop, its terminator (new ops go before it) and `t`.
fn thread_loop(b: &mut Builder<'_>, zero: Value, one: Value, ub: Value) -> (OpId, OpId, Value) {
    let (f, body) = tail_builtin::scf::ForOp::create(b, zero, ub, one, &[]);
    let y = b.last_op(body).expect("scf.yield");
    (f.op(), y, b.block_arg(body, 0))
}

/// Maps each of `vals` to its thread's element `t` of the matching buffer of `bufs` (a load).
fn load_into(
    b: &mut Builder<'_>,
    map: &mut FxHashMap<Value, Value>,
    vals: &[Value],
    bufs: &[Value],
    t: Value,
) {
    for (&v, &buf) in vals.iter().zip(bufs) {
        let x = tail_builtin::memref::LoadOp::create(b, buf, &[t]);
        map.insert(v, x);
    }
}

/// Whether `op`'s body ops are plain computations: no regions, no memory effects (only the
/// `arith` and `math` dialects).
fn pure_body(ctx: &Context, blk: tail_ir::BlockId) -> bool {
    ctx.block_op_vec(blk).into_iter().all(|o| {
        let n = ctx.op_name_str(o);
        ctx.regions(o).is_empty()
            && (n.starts_with("arith.") || n.starts_with("math.") || n == "scf.yield")
    })
}

/// Interchanges a thread's sequential loop with the thread loop `lp`, so that the threads'
/// iterations run side by side (the loop over threads innermost, which LLVM vectorizes):
///
/// ```text
/// for t { pre(t); r = for k (a = init) { body(t, k, a) }; post(t, r) }
/// ```
///
/// becomes, with per-thread buffers `A` (the carried values) and `P` (the values of `pre`
/// that `body` or `post` use),
///
/// ```text
/// for t { pre(t); A[t] = init; P[t] = … }
/// for k { for t { A[t] = body(t, k, A[t]) } }
/// for t { post(t, A[t]) }
/// ```
///
/// Only when the thread loop runs from 0 in steps of 1 without carried values, the inner
/// loop's bounds are defined outside `lp`, and its body is plain computation (`arith`/`math`,
/// no memory effects), so each thread computes exactly what it computed before. Returns the
/// thread loops that replace `lp` (or `lp` itself).
pub(crate) fn interchange(ctx: &mut Context, lp: OpId) -> Vec<OpId> {
    let body = ctx.entry_block(ctx.region(lp, 0)).expect("loop body");
    let t = ctx.block_arg(body, 0);
    if ctx.num_results(lp) != 0
        || !is_zero(ctx, ctx.operand(lp, 0))
        || !is_one(ctx, ctx.operand(lp, 2))
        || ctx.block_args(body).len() != 1
    {
        return vec![lp];
    }
    let ops = ctx.block_op_vec(body);
    let inner_loops: Vec<usize> = ops
        .iter()
        .enumerate()
        .filter(|(_, &o)| ctx.op_is(o, "scf.for") && ctx.num_results(o) > 0)
        .map(|(i, _)| i)
        .collect();
    let [pos] = inner_loops[..] else {
        return vec![lp];
    };
    let inner = ops[pos];
    let ibody = ctx.entry_block(ctx.region(inner, 0)).expect("inner body");
    if !(0..3).all(|i| outside(ctx, lp, ctx.operand(inner, i))) || !pure_body(ctx, ibody) {
        return vec![lp];
    }
    // The other ops of the thread loop: no nested sequential loops with results elsewhere,
    // and nothing after the inner loop that the inner loop's body could observe (it has no
    // memory effects, so any post is fine).
    let (pre, rest) = ops.split_at(pos);
    let post = &rest[1..rest.len() - 1];
    let term = *rest.last().expect("terminator");
    if ctx.num_operands(term) != 0 {
        return vec![lp];
    }
    // Values of `pre` (and `t`) used by the inner loop or by `post`.
    let defined_in_pre = |ctx: &Context, v: Value| -> bool {
        v == t || ctx.defining_op(v).is_some_and(|d| pre.contains(&d))
    };
    let mut crossing: Vec<Value> = Vec::new();
    let note = |ctx: &Context, o: OpId, crossing: &mut Vec<Value>| {
        for w in ctx.walk_preorder(o) {
            for v in ctx.operand_vec(w) {
                if defined_in_pre(ctx, v) && !crossing.contains(&v) {
                    crossing.push(v);
                }
            }
        }
    };
    note(ctx, inner, &mut crossing);
    for &o in post {
        note(ctx, o, &mut crossing);
    }
    let loc = ctx.op_loc(lp);
    let ub = ctx.operand(lp, 1);
    let (klb, kub, kstep) = (
        ctx.operand(inner, 0),
        ctx.operand(inner, 1),
        ctx.operand(inner, 2),
    );
    let inits: Vec<Value> = ctx.operand_vec(inner)[3..].to_vec();
    let carried: Vec<Type> = inits.iter().map(|&v| ctx.value_type(v)).collect();
    let mut b = Builder::new(ctx, InsertPoint::Before(lp), loc);
    let zero = build_constant_index(&mut b, 0);
    let one = build_constant_index(&mut b, 1);
    let buffer = |b: &mut Builder<'_>, ty: Type| -> Value {
        let mty = b.memref_type(vec![tail_ir::DYNAMIC], ty);
        tail_builtin::memref::AllocaOp::create(b, mty, &[ub])
    };
    let abufs: Vec<Value> = carried.iter().map(|&ty| buffer(&mut b, ty)).collect();
    let pbufs: Vec<Value> = crossing
        .iter()
        .map(|&v| {
            let ty = b.value_type(v);
            buffer(&mut b, ty)
        })
        .collect();
    // Phase 1: pre, the initial carried values and the crossing values into the buffers.
    let (p1, y1, t1) = thread_loop(&mut b, zero, one, ub);
    let mut m1: FxHashMap<Value, Value> = FxHashMap::default();
    m1.insert(t, t1);
    for &o in pre {
        let c = b.clone_op(o, &mut m1);
        b.insert_op(c, InsertPoint::Before(y1));
    }
    b.set_insertion_point(InsertPoint::Before(y1));
    for (k, &v) in inits.iter().enumerate() {
        let x = *m1.get(&v).unwrap_or(&v);
        tail_builtin::memref::StoreOp::create(&mut b, x, abufs[k], &[t1]);
    }
    for (k, &v) in crossing.iter().enumerate() {
        let x = m1[&v];
        tail_builtin::memref::StoreOp::create(&mut b, x, pbufs[k], &[t1]);
    }
    // Phase 2: the sequential loop around a loop over the threads.
    b.set_insertion_point(InsertPoint::After(p1));
    let (_, kb) = tail_builtin::scf::ForOp::create(&mut b, klb, kub, kstep, &[]);
    let ky = b.last_op(kb).expect("scf.yield");
    let kiv = b.block_arg(kb, 0);
    b.set_insertion_point(InsertPoint::Before(ky));
    let (p2, y2, t2) = thread_loop(&mut b, zero, one, ub);
    b.set_insertion_point(InsertPoint::Before(y2));
    let mut m2: FxHashMap<Value, Value> = FxHashMap::default();
    m2.insert(t, t2);
    load_into(&mut b, &mut m2, &crossing, &pbufs, t2);
    let iargs = b.block_args(ibody).to_vec();
    m2.insert(iargs[0], kiv);
    load_into(&mut b, &mut m2, &iargs[1..], &abufs, t2);
    let iops = b.block_op_vec(ibody);
    let (iyield, icomp) = iops.split_last().expect("inner terminator");
    for &o in icomp {
        let c = b.clone_op(o, &mut m2);
        b.insert_op(c, InsertPoint::Before(y2));
    }
    b.set_insertion_point(InsertPoint::Before(y2));
    for (k, v) in b.operand_vec(*iyield).into_iter().enumerate() {
        let x = *m2.get(&v).unwrap_or(&v);
        tail_builtin::memref::StoreOp::create(&mut b, x, abufs[k], &[t2]);
    }
    // Phase 3: post, reading the crossing and final carried values.
    let p2_outer = b.op_parent_op(p2).expect("the sequential loop");
    b.set_insertion_point(InsertPoint::After(p2_outer));
    let (p3, y3, t3) = thread_loop(&mut b, zero, one, ub);
    b.set_insertion_point(InsertPoint::Before(y3));
    let mut m3: FxHashMap<Value, Value> = FxHashMap::default();
    m3.insert(t, t3);
    load_into(&mut b, &mut m3, &crossing, &pbufs, t3);
    let results = b.results(inner).to_vec();
    load_into(&mut b, &mut m3, &results, &abufs, t3);
    for &o in post {
        let c = b.clone_op(o, &mut m3);
        b.insert_op(c, InsertPoint::Before(y3));
    }
    ctx.erase_op(lp);
    vec![p1, p2, p3]
}
