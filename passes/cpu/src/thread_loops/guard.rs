//! A bound check of the thread's index as a cut of the loop ([`split_guard`]).
//!
//! A block's threads that each sum a few elements of a flattened array check every element's
//! index against the array's size (`base + t < n`, the last block's threads run past it):
//! after `interchange` that is a conditional load per element, which LLVM does not vectorize
//! for bytes. The comparison changes value once, at `t = n − base`: the loop is cut there.
//! The same holds for its negation `i ≥ n` (a Hillis–Steele step's `t ≥ 2^k`: which threads
//! add).

use rustc_hash::FxHashMap;
use tail_builtin::arith::{build_binary, CmpIPredicate};
use tail_ir::{Builder, Context, InsertPoint, OpId, Value};

use super::overlap::ThreadDeps;

/// Cuts loop `lp` (over threads `t` in `[s, e)`, step 1, no carried values) at the first
/// top-level `arith.cmpi ult|slt|uge|sge %i, %n` of its body whose `%i` is `t + c` and `%n`
/// does not vary with `t` (both non-negative: indices and extents): `[s, cut)` with `i < n`
/// and `[cut, e)` with `i ≥ n`, `cut = s + (n − i(s))` clamped to `[s, e]`, `i(s)` the index
/// computed for thread `s` before the loop; in each the comparison is a constant. With
/// `signed_only`, only `slt`/`sge`: an unsigned comparison of `t + c` changes value once
/// only where `t + c` does not cross 0 (a segment's column does not). Returns the two loops.
pub(super) fn split_guard(ctx: &mut Context, lp: OpId, signed_only: bool) -> Option<[OpId; 2]> {
    if tail_builtin::util::constant_int(ctx, ctx.operand(lp, 2)) != Some(1)
        || ctx.num_results(lp) != 0
    {
        return None;
    }
    let body = ctx.entry_block(ctx.region(lp, 0))?;
    let t = ctx.block_arg(body, 0);
    let mut deps = ThreadDeps::new(lp, t);
    let (cmp, pred) = ctx.block_op_vec(body).into_iter().find_map(|o| {
        if !ctx.op_is(o, "arith.cmpi") {
            return None;
        }
        let pred = tail_builtin::arith::cmpi_predicate(ctx, o)?;
        let usable = matches!(pred, CmpIPredicate::Slt | CmpIPredicate::Sge)
            || !signed_only && matches!(pred, CmpIPredicate::Ult | CmpIPredicate::Uge);
        (usable && deps.counts(ctx, ctx.operand(o, 0)) && !deps.varies(ctx, ctx.operand(o, 1)))
            .then_some((o, pred))
    })?;
    let (i, n) = (ctx.operand(cmp, 0), ctx.operand(cmp, 1));
    // Whether the comparison is `i < n`, true before the cut (else `i ≥ n`, true after it).
    let below = matches!(pred, CmpIPredicate::Ult | CmpIPredicate::Slt);
    // `n` must be available before the loop: defined outside it.
    if !super::outside(ctx, lp, n) {
        return None;
    }
    // The ops of the body that compute `i` (from `t` and values outside the loop), cloned
    // before it with `t = s`.
    let chain = super::pure_slice(ctx, lp, body, i)?;
    // The chain runs once before the loop even when the loop runs no thread: no division by
    // a value that may be 0 (a rotation's remainder by an extent is taken by `max(n, 1)`).
    if chain.iter().any(|&o| may_trap(ctx, o)) {
        return None;
    }
    let (s, e) = (ctx.operand(lp, 0), ctx.operand(lp, 1));
    let mut map: FxHashMap<Value, Value> = FxHashMap::default();
    map.insert(t, s);
    for &o in &chain {
        let c = ctx.clone_op(o, &mut map);
        ctx.insert_op(c, InsertPoint::Before(lp));
    }
    let i0 = *map.get(&i).unwrap_or(&i);
    let loc = ctx.op_loc(lp);
    let mut b = Builder::new(ctx, InsertPoint::Before(lp), loc);
    let room = build_binary(&mut b, "arith.subi", n, i0);
    let cut = build_binary(&mut b, "arith.addi", s, room);
    let cut = build_binary(&mut b, "arith.maxsi", cut, s);
    let cut = build_binary(&mut b, "arith.minsi", cut, e);
    let i1 = b.i1_type();
    let known =
        [false, true].map(|k| tail_builtin::arith::build_constant_int(&mut b, i1, k as i64));
    let mut map = FxHashMap::default();
    let after = ctx.clone_op(lp, &mut map);
    ctx.insert_op(after, InsertPoint::After(lp));
    ctx.set_operand(lp, 1, cut);
    ctx.set_operand(after, 0, cut);
    let copy = map[&ctx.result(cmp, 0)];
    ctx.replace_all_uses_with(ctx.result(cmp, 0), known[below as usize]);
    ctx.erase_op(cmp);
    let copy_op = ctx.defining_op(copy).expect("the comparison's copy");
    ctx.replace_all_uses_with(copy, known[!below as usize]);
    ctx.erase_op(copy_op);
    Some([lp, after])
}

/// Whether `o` divides by a value not known to be at least 1 (a constant, or `max(x, c)` of
/// a constant `c ≥ 1`): it may trap where the divisor is 0 (or -1 with the dividend's
/// minimum).
fn may_trap(ctx: &Context, o: OpId) -> bool {
    if !tail_builtin::arith::TRAPPING_OPS.contains(&ctx.op_name_str(o)) {
        return false;
    }
    let at_least_one = |v: Value| tail_builtin::util::constant_int(ctx, v).is_some_and(|c| c >= 1);
    let d = ctx.operand(o, 1);
    let bounded = ctx.defining_op(d).is_some_and(|m| {
        (ctx.op_is(m, "arith.maxsi") || ctx.op_is(m, "arith.maxui"))
            && (at_least_one(ctx.operand(m, 0)) || at_least_one(ctx.operand(m, 1)))
    });
    !(at_least_one(d) || bounded)
}
