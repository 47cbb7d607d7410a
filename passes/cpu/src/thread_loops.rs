//! Clean-ups of the thread loops of a block function, for the code LLVM makes of them.
//!
//! * [`single_iteration`]: a loop in a thread loop that runs exactly once for every thread
//!   (`scf.for %j = %t to 256 step 256`: a block-stride loop over a block-sized range, the
//!   per-thread part of every reduction) is replaced by its body, so that the thread's
//!   sequential loop inside it becomes visible to `interchange`.
//! * [`hoist_uniform_guard`]: a thread loop whose whole body is `scf.if` on a block-uniform
//!   condition runs inside the `scf.if` instead.
//! * [`flatten_block_stride`]: a thread loop whose whole body is a block-stride loop over a
//!   range of unknown length (`scf.for %j = %t to %u step %n`) becomes one loop over that
//!   range.
//! * [`narrow_global`]: a thread loop whose whole body is `scf.if %base + %t < %n { … }` (the
//!   bounds check of a grid-wide index, `%base` and `%n` defined outside the loop: every map
//!   kernel has one) runs from 0 to `min(end, max(%n − %base, 0))` with the `if`'s body as its
//!   own. The loop body is then straight-line code, so LLVM hoists what does not depend on
//!   the thread and vectorizes the loop.
//! * [`reduce_divisions`]: the coordinates of a grid-wide index `%i = %base + %t` (or of `%t`)
//!   along extents that are the same for every thread (`arith.divui %i, %w`,
//!   `arith.remui %i, %w`, anywhere in the body; `%w` defined outside the loop, or a constant
//!   or `memref.dim` in it, equal divisors recognized), and of their quotients divided again
//!   (the 2-D and 3-D coordinates of a store into a multi-dimensional array), are not divided
//!   per thread. The threads run in segments in which no remainder of `%i` wraps: there the
//!   remainder is its value at the segment's first thread plus the distance to it and the
//!   other coordinates are constant, so the loop over a segment is plain counted code that
//!   LLVM vectorizes. With a small constant divisor of `%i` (which would make segments short)
//!   the coordinates are instead carried from one thread to the next like an odometer: each
//!   remainder counts up when its dividend does and wraps to 0 at its divisor, the quotient
//!   counts the wraps. Only the block's first index is divided: a division by a value unknown
//!   at compile time costs tens of cycles, an update a few.
//! * [`split_at_edges`] (in [`segments`]): a segment loop is cut where comparisons of its
//!   counting column with constants (a stencil's clamped or wrapped edges) change value, so
//!   that in each piece they are constants and the neighbours' loads contiguous. In each
//!   piece (and an uncut segment), a value that the threads compute at several neighbouring
//!   columns (a fused stencil producer: Life's vertical sums) is computed once per column
//!   into a buffer ([`reuse::reuse_shifted`]), and the loops end in a whole vector step of
//!   64 threads instead of LLVM's scalar remainder ([`overlap::overlap_tail`]).
//! * [`interchange`]: a thread's sequential loop (arithmetic, nested `scf.if`/`scf.for`, loads
//!   from memory that the thread loop does not write) runs with the threads side by side (the
//!   thread loop innermost), so LLVM vectorizes across threads: a reduction's per-thread
//!   partial sums become `for k { for t { acc[t] += f(k, t) } }`, each thread still adding in
//!   its own order. The thread's coordinates are recomputed in the later loops (not read back
//!   from buffers), so that [`reduce_divisions`] runs them in segments there too.

mod guard;
mod overlap;
mod reuse;

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

/// The body and induction variable of loop `lp` when it runs from 0 in steps of 1 (a thread
/// loop).
fn from_zero(ctx: &Context, lp: OpId) -> Option<(tail_ir::BlockId, Value)> {
    let body = ctx.entry_block(ctx.region(lp, 0)).expect("loop body");
    (is_zero(ctx, ctx.operand(lp, 0)) && is_one(ctx, ctx.operand(lp, 2)))
        .then(|| (body, ctx.block_arg(body, 0)))
}

/// The largest value `v` can take, when known: a non-negative constant, or `arith.minui` with
/// an operand whose largest value is known.
fn max_value(ctx: &Context, v: Value) -> Option<i64> {
    if let Some(c) = tail_builtin::util::constant_int(ctx, v) {
        return (c >= 0).then_some(c);
    }
    let d = ctx
        .defining_op(v)
        .filter(|&d| ctx.op_is(d, "arith.minui"))?;
    (0..2)
        .filter_map(|i| max_value(ctx, ctx.operand(d, i)))
        .min()
}

/// Removes the loops in the thread loop `lp` (from 0 in steps of 1) that run exactly once for
/// every thread: `scf.for %j = %t to %u step %s` with `%t` the thread id, every thread id
/// below `%u` and `%u − %t` at most `%s` — `%u` and `%s` both the thread loop's bound, or
/// constants with `threads ≤ u ≤ s` where `threads` bounds the thread loop's bound. A
/// block-stride loop over a block-sized range (`for %j = %t to 256 step 256`, the per-thread
/// part of a reduction) has this shape. Its body takes its place (`%j` is `%t`, the
/// iteration arguments are the initial values, the results what the body yields). Returns
/// whether it removed any.
pub(crate) fn single_iteration(ctx: &mut Context, lp: OpId) -> bool {
    let Some((_, t)) = from_zero(ctx, lp) else {
        return false;
    };
    let ub = ctx.operand(lp, 1);
    let threads = max_value(ctx, ub);
    let once: Vec<OpId> = ctx
        .walk_preorder(lp)
        .into_iter()
        .skip(1)
        .filter(|&o| {
            if !ctx.op_is(o, "scf.for") || ctx.operand(o, 0) != t {
                return false;
            }
            let (u, s) = (ctx.operand(o, 1), ctx.operand(o, 2));
            let int = |v| tail_builtin::util::constant_int(ctx, v);
            (u == ub && s == ub)
                || matches!((threads, int(u), int(s)),
                    (Some(n), Some(u), Some(s)) if 0 < n && n <= u && u <= s)
        })
        .collect();
    for &f in &once {
        let blk = ctx.entry_block(ctx.region(f, 0)).expect("loop body");
        let mut args = vec![t];
        args.extend_from_slice(&ctx.operand_vec(f)[3..]);
        for (a, v) in ctx.block_args(blk).to_vec().into_iter().zip(args) {
            ctx.replace_all_uses_with(a, v);
        }
        let y = ctx.last_op(blk).expect("scf.yield");
        let results = ctx.operand_vec(y);
        ctx.erase_op(y);
        ctx.move_block_ops(blk, InsertPoint::Before(f));
        ctx.replace_op(f, &results);
    }
    !once.is_empty()
}

/// Moves a guard that is the same for every thread out of the thread loop `lp`: a body that
/// is all `scf.if %c { … }` (no results, no else region, `%c` defined outside `lp`: a
/// kernel's `block_id < n` check) becomes `scf.if %c { scf.for … { … } }`, so that the
/// loop's body is the guarded code for the clean-ups that follow. Returns whether it moved
/// one.
pub(crate) fn hoist_uniform_guard(ctx: &mut Context, lp: OpId) -> bool {
    let body = ctx.entry_block(ctx.region(lp, 0)).expect("loop body");
    let ops = ctx.block_op_vec(body);
    let [iff, _term] = ops[..] else {
        return false;
    };
    if !guard_if(ctx, iff) || !outside(ctx, lp, ctx.operand(iff, 0)) {
        return false;
    }
    let then_b = ctx.entry_block(ctx.region(iff, 0)).expect("then block");
    let inner = ctx.block_op_vec(then_b);
    let (&then_yield, guarded) = inner.split_last().expect("scf.yield");
    for &o in guarded {
        ctx.move_op(o, InsertPoint::Before(iff));
    }
    ctx.move_op(iff, InsertPoint::Before(lp));
    ctx.move_op(lp, InsertPoint::Before(then_yield));
    true
}

/// Flattens the thread loop `lp` (from 0 to `%n` in steps of 1) whose whole body is a
/// block-stride loop `scf.for %j = %t to %u step %n { … }` (`%t` the thread id, used nowhere
/// else; no iteration arguments; `%u` defined outside `lp`): together the threads visit every
/// `%j` in `[0, %u)` exactly once, thread `%j mod %n` in its `⌊%j / %n⌋`-th iteration, so
/// `lp` becomes `scf.for %j = 0 to %u step 1 { … }`. A thread's own iterations keep their
/// order; only the threads' interleaving changes, which a phase leaves open. The tree steps
/// of FCL's block reductions (`for %j = %t to %half step %n`, `%half` not known to be at most
/// `%n`) become plain loops over `%half` elements instead of masked vector steps. Returns
/// whether it changed the loop.
pub(crate) fn flatten_block_stride(ctx: &mut Context, lp: OpId) -> bool {
    let Some((body, t)) = from_zero(ctx, lp) else {
        return false;
    };
    let ops = ctx.block_op_vec(body);
    let [inner, _term] = ops[..] else {
        return false;
    };
    if !ctx.op_is(inner, "scf.for")
        || ctx.num_operands(inner) != 3
        || ctx.num_results(inner) != 0
        || ctx.operand(inner, 0) != t
        || !ctx.has_one_use(t)
    {
        return false;
    }
    let (n, u, s) = (
        ctx.operand(lp, 1),
        ctx.operand(inner, 1),
        ctx.operand(inner, 2),
    );
    let some_threads = tail_builtin::util::constant_int(ctx, n).is_none_or(|c| c > 0);
    if !same(ctx, s, n) || !some_threads || !outside(ctx, lp, u) {
        return false;
    }
    inline_body(ctx, inner, t, InsertPoint::Before(inner));
    ctx.set_operand(lp, 1, u);
    true
}

/// Replaces the loop `lp` (no iteration arguments) by its body's ops moved to `at`, its
/// induction variable replaced by `iv`.
fn inline_body(ctx: &mut Context, lp: OpId, iv: Value, at: InsertPoint) {
    let blk = ctx.entry_block(ctx.region(lp, 0)).expect("loop body");
    let j = ctx.block_arg(blk, 0);
    ctx.replace_all_uses_with(j, iv);
    let y = ctx.last_op(blk).expect("scf.yield");
    ctx.erase_op(y);
    ctx.move_block_ops(blk, at);
    ctx.erase_op(lp);
}

/// Narrows the thread loop `lp` whose body is `%i = %base + %t; scf.if %i < %n { … }` (see
/// the module documentation). Returns whether it changed the loop.
pub(crate) fn narrow_global(ctx: &mut Context, lp: OpId) -> bool {
    let Some((body, t)) = from_zero(ctx, lp) else {
        return false;
    };
    let ops = ctx.block_op_vec(body);
    let [add, cmp, iff, term] = ops[..] else {
        return false;
    };
    // The first op defines the grid-wide index (a body of four other ops, a store first,
    // is no guard).
    let Some(&i) = ctx.results(add).first() else {
        return false;
    };
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
    guard_if(ctx, iff) && ctx.operand(iff, 0) == c && ctx.has_one_use(c)
}

/// Whether `iff` is `scf.if` without results and without an else region: a guard around code.
fn guard_if(ctx: &Context, iff: OpId) -> bool {
    ctx.op_is(iff, "scf.if")
        && ctx.num_results(iff) == 0
        && ctx
            .entry_block(ctx.region(iff, 1))
            .is_none_or(|b| ctx.block_ops(b).count() == 1)
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

/// What a carried division divides: the grid-wide index `%base + %t` (`None`: the thread id
/// `%t` itself), or the quotient of an earlier carried division.
#[derive(Clone, Copy, PartialEq)]
enum Dividend {
    Grid(Option<Value>),
    Quotient(usize),
}

/// The smallest constant divisor of a grid-wide index for which [`reduce_divisions`] runs
/// the threads in segments (below it, the coordinates are carried from thread to thread).
/// Rows of 16 to 63 threads still vectorize in segments (Sobol's rows of 30 bits: its
/// 300 M-element bit matrix 1.8 s → 0.2 s on one thread); shorter rows would leave LLVM's
/// vector loops mostly to their scalar remainders.
const MIN_SEGMENT: i64 = 16;

/// Powers of two below this divide a grid-wide index as shifts and masks (LLVM's, cheaper
/// than carrying the coordinates and vectorizable) instead of in segments. From 16 on,
/// segments pay: in a segment a quotient is one value for its threads, so what a thread loads
/// at it is one load for a vector of threads instead of a gather (a tile's row `t / 16` in
/// FCL's matrix product: 637 → 366 ms on one thread), unless the thread id itself is divided
/// and the loop runs no more threads than the divisor (a warp step's lane `t mod 32`: it
/// never wraps, the mask is exact and cheaper).
const SMALL_POW2: i64 = 16;

/// A thread's sequential loop with fewer iterations (a constant trip count) that gathers
/// from memory stays in its thread ([`interchange`]).
const SHORT_LOOP: i64 = 64;

/// A thread's sequential loop with fewer iterations (a constant trip count) whose loads vary
/// by rows stays in its thread ([`no_gather`]).
const TINY_LOOP: i64 = 8;

/// The `arith.divui` and `arith.remui` ops of one (dividend, divisor) pair.
struct Carried {
    of: Dividend,
    divisor: Value,
    divs: Vec<OpId>,
    rems: Vec<OpId>,
}

/// Whether `v` has the same value for every iteration of loop `lp` and can be computed before
/// it: defined outside `lp`, or by `arith.constant`, `memref.dim` (of a constant dimension of
/// the memref's rank) or an `arith` op that cannot trap, on such values.
fn invariant(ctx: &Context, lp: OpId, v: Value) -> bool {
    if outside(ctx, lp, v) {
        return true;
    }
    let Some(d) = ctx.defining_op(v) else {
        return false;
    };
    let ok = match ctx.op_name_str(d) {
        "arith.constant" => true,
        "memref.dim" => {
            let rank = tail_builtin::util::shape_of(ctx, ctx.value_type(ctx.operand(d, 0)))
                .map_or(0, |s| s.len() as i64);
            tail_builtin::util::constant_int(ctx, ctx.operand(d, 1))
                .is_some_and(|i| (0..rank).contains(&i))
        }
        "arith.addi" | "arith.subi" | "arith.muli" | "arith.maxui" | "arith.minui"
        | "arith.index_cast" | "arith.index_castui" => true,
        _ => false,
    };
    ok && ctx.regions(d).is_empty() && ctx.operands(d).all(|x| invariant(ctx, lp, x))
}

/// Whether the [`invariant`] values `a` and `b` are equal: the same value, constants of the
/// same type and value, or the same op on equal operands.
fn same(ctx: &Context, a: Value, b: Value) -> bool {
    if a == b {
        return true;
    }
    let int = |v| tail_builtin::util::constant_int(ctx, v);
    if let (Some(x), Some(y)) = (int(a), int(b)) {
        return x == y && ctx.value_type(a) == ctx.value_type(b);
    }
    let (Some(da), Some(db)) = (ctx.defining_op(a), ctx.defining_op(b)) else {
        return false;
    };
    ctx.op_name_str(da) == ctx.op_name_str(db)
        && ctx.attrs(da) == ctx.attrs(db)
        && ctx.num_results(da) == 1
        && ctx.num_results(db) == 1
        && ctx.num_operands(da) == ctx.num_operands(db)
        && ctx
            .operands(da)
            .zip(ctx.operands(db))
            .all(|(x, y)| same(ctx, x, y))
}

/// The [`invariant`] value `v` computed before loop `lp` (its ops inside `lp` cloned there
/// once, remembered in `map`).
fn hoist(b: &mut Builder<'_>, lp: OpId, v: Value, map: &mut FxHashMap<Value, Value>) -> Value {
    if let Some(&h) = map.get(&v) {
        return h;
    }
    if outside(b.ctx, lp, v) {
        return v;
    }
    let d = b.defining_op(v).expect("an invariant op");
    for x in b.operand_vec(d) {
        let h = hoist(b, lp, x, map);
        map.insert(x, h);
    }
    let c = b.clone_op(d, map);
    b.insert_op(c, InsertPoint::Before(lp));
    map[&v]
}

/// Moves the side-effect-free `arith` ops at the top of loop `lp`'s body whose operands are
/// all defined outside it (in order, so chains move) to before `lp`: the base of a grid-wide
/// index that `interchange` cloned into a thread loop is then seen as defined outside it.
/// Divisions stay (the loop may run no iteration, and a division by zero traps).
fn hoist_invariants(ctx: &mut Context, lp: OpId) {
    let body = ctx.entry_block(ctx.region(lp, 0)).expect("loop body");
    for o in ctx.block_op_vec(body) {
        if movable_before(ctx, lp, o) {
            ctx.move_op(o, InsertPoint::Before(lp));
        }
    }
}

/// Whether the op `o` inside `holder` may move to before it: a side-effect-free `arith` op
/// (no division: `holder` may run its body no time, and a division by zero traps) whose
/// operands are all defined outside `holder`.
fn movable_before(ctx: &Context, holder: OpId, o: OpId) -> bool {
    let n = ctx.op_name_str(o);
    n.starts_with("arith.")
        && !n.contains("div")
        && !n.contains("rem")
        && pure_in(ctx, holder, o)
        && ctx
            .operand_vec(o)
            .into_iter()
            .all(|v| outside(ctx, holder, v))
}

/// Moves the ops in the pieces of a cut segment (the ops with regions in `blk`, the segment
/// loop's body) that [`movable_before`] allows to before their piece, in order, so that chains move: what
/// depends only on the segment's row (a stencil's wrapped neighbour rows) is then computed
/// once per segment (`cse` merges the pieces' copies) instead of once in each piece's loop.
fn hoist_out_of_pieces(ctx: &mut Context, blk: tail_ir::BlockId) {
    for piece in ctx.block_op_vec(blk) {
        if ctx.regions(piece).is_empty() {
            continue;
        }
        for o in ctx.walk_preorder(piece).into_iter().skip(1) {
            if movable_before(ctx, piece, o) {
                ctx.move_op(o, InsertPoint::Before(piece));
            }
        }
    }
}

/// Replaces the divisions of grid-wide indices by loop-invariant extents in the thread loop
/// `lp` by counted coordinates, in segments of threads or carried from thread to thread (see
/// the module documentation); returns the op that replaces `lp` (`lp` when nothing changed).
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
    hoist_invariants(ctx, lp);
    // The most threads the loop runs, when known.
    let threads = max_value(ctx, ctx.operand(lp, 1));
    // The divisions, in program order (a quotient's definition comes before its divisions).
    let mut pairs: Vec<Carried> = Vec::new();
    let mut quotients: FxHashMap<Value, usize> = FxHashMap::default();
    for o in ctx.walk_preorder(lp).into_iter().skip(1) {
        let (div, signed) = match ctx.op_name_str(o) {
            "arith.divui" => (true, false),
            "arith.remui" => (false, false),
            "arith.divsi" => (true, true),
            "arith.remsi" => (false, true),
            _ => continue,
        };
        let (i, w) = (ctx.operand(o, 0), ctx.operand(o, 1));
        // A signed one only of the thread id itself (from 0) by a positive constant, where it
        // is the unsigned one (FCL's tiles: `t / 16`, `t mod 16`).
        if signed && !(i == t && tail_builtin::util::constant_int(ctx, w).is_some_and(|c| c > 0)) {
            continue;
        }
        let of = if i == t {
            Dividend::Grid(None)
        } else if let Some(base) = grid_index(ctx, lp, t, i) {
            Dividend::Grid(Some(base))
        } else if let Some(&k) = quotients.get(&i) {
            Dividend::Quotient(k)
        } else {
            continue;
        };
        // A small power of two divides with a shift and a mask, cheaper than carrying
        // (and the loop stays vectorizable); a larger one makes long segments, in which
        // the coordinates count up and the accesses are contiguous (vectorized).
        let pow2 = tail_builtin::util::constant_int(ctx, w).is_some_and(|c| {
            c > 0
                && (c as u64).is_power_of_two()
                && (c < SMALL_POW2 || i == t && threads.is_some_and(|n| n <= c))
        });
        if pow2 || !invariant(ctx, lp, w) {
            continue;
        }
        let k = match pairs
            .iter()
            .position(|p| p.of == of && same(ctx, p.divisor, w))
        {
            Some(k) => k,
            None => {
                pairs.push(Carried {
                    of,
                    divisor: w,
                    divs: Vec::new(),
                    rems: Vec::new(),
                });
                pairs.len() - 1
            }
        };
        if div {
            pairs[k].divs.push(o);
            quotients.insert(ctx.result(o, 0), k);
        } else {
            pairs[k].rems.push(o);
        }
    }
    if pairs.is_empty() {
        return lp;
    }
    let loc = ctx.op_loc(lp);
    let mut b = Builder::new(ctx, InsertPoint::Before(lp), loc);
    let one = build_constant_index(&mut b, 1);
    let zero = build_constant_index(&mut b, 0);
    let mut hoisted = FxHashMap::default();
    let divisors: Vec<Value> = pairs
        .iter()
        .map(|p| hoist(&mut b, lp, p.divisor, &mut hoisted))
        .collect();
    b.set_insertion_point(InsertPoint::Before(lp));
    // Initial values at t = 0 (the divisor kept ≥ 1: when the loop runs no thread, the
    // original divides by nothing).
    let mut inits: Vec<Value> = Vec::new();
    for (p, &w) in pairs.iter().zip(&divisors) {
        let x = match p.of {
            Dividend::Grid(base) => base.unwrap_or(zero),
            Dividend::Quotient(k) => inits[2 * k],
        };
        if x == zero {
            inits.extend([zero, zero]);
            continue;
        }
        let w1 = build_binary(&mut b, "arith.maxui", w, one);
        inits.push(build_binary(&mut b, "arith.divui", x, w1));
        inits.push(build_binary(&mut b, "arith.remui", x, w1));
    }
    // Segments end at every wrap of a grid-wide index's remainder: a small constant divisor
    // would make them short.
    let short = pairs.iter().zip(&divisors).any(|(p, &w)| {
        matches!(p.of, Dividend::Grid(_))
            && tail_builtin::util::constant_int(ctx, w).is_some_and(|c| c < MIN_SEGMENT)
    });
    if !short {
        return segments(ctx, lp, &pairs, &divisors, &inits, (zero, one));
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
    replace_divisions(ctx, new.op(), &pairs, &carried);
    // The next thread's coordinates.
    let mut b = Builder::at_end(ctx, nbody, loc);
    let next = odometer(&mut b, &pairs, &divisors, &carried, one, (zero, one));
    tail_builtin::scf::YieldOp::create(&mut b, &next);
    ctx.erase_op(lp);
    new.op()
}

/// The coordinates after a step of `grid_step` threads, like an odometer: a remainder counts
/// up when its dividend does (a grid index by `grid_step`, a quotient by 1 when its
/// remainder wraps) and wraps to 0 at the divisor (the step never passes it); the quotient
/// counts the wraps. `coords` holds (quotient, remainder) per pair.
fn odometer(
    b: &mut Builder<'_>,
    pairs: &[Carried],
    divisors: &[Value],
    coords: &[Value],
    grid_step: Value,
    (zero, one): (Value, Value),
) -> Vec<Value> {
    let mut next = Vec::new();
    let mut wraps: Vec<Value> = Vec::new();
    for (k, (p, &w)) in pairs.iter().zip(divisors).enumerate() {
        let (q, r) = (coords[2 * k], coords[2 * k + 1]);
        let step = match p.of {
            Dividend::Grid(_) => grid_step,
            Dividend::Quotient(_) => one,
        };
        let r1 = build_binary(b, "arith.addi", r, step);
        let full = build_cmpi(b, CmpIPredicate::Eq, r1, w);
        let stepped = build_select(b, full, zero, r1);
        let (wrap, r2) = match p.of {
            Dividend::Grid(_) => (full, stepped),
            Dividend::Quotient(j) => {
                let up = wraps[j];
                let wrap = build_binary(b, "arith.andi", up, full);
                (wrap, build_select(b, up, stepped, r))
            }
        };
        let q1 = build_binary(b, "arith.addi", q, one);
        next.push(build_select(b, wrap, q1, q));
        next.push(r2);
        wraps.push(wrap);
    }
    next
}

/// Replaces the divisions of `pairs` (in loop `lp`) by `values` (quotient and remainder of
/// each pair in turn) and erases them, and then the divisors' ops in `lp` that nothing uses
/// any more.
fn replace_divisions(ctx: &mut Context, lp: OpId, pairs: &[Carried], values: &[Value]) {
    for (k, p) in pairs.iter().enumerate() {
        for (ops, v) in [(&p.divs, values[2 * k]), (&p.rems, values[2 * k + 1])] {
            for &o in ops {
                let r = ctx.result(o, 0);
                ctx.replace_all_uses_with(r, v);
            }
        }
    }
    let mut dead: Vec<Value> = Vec::new();
    for p in pairs {
        for &o in p.divs.iter().chain(&p.rems) {
            dead.push(ctx.operand(o, 1));
            ctx.erase_op(o);
        }
    }
    while let Some(v) = dead.pop() {
        if !ctx.value_exists(v) {
            continue;
        }
        if let Some(d) = ctx.defining_op(v).filter(|&d| ctx.is_ancestor(lp, d)) {
            if ctx.op_results_unused(d) {
                dead.extend(ctx.operand_vec(d));
                ctx.erase_op(d);
            }
        }
    }
}

/// The thread loop `lp` with its divisions by the `divisors` of `pairs` run
/// in segments of consecutive threads in which no remainder of a grid-wide index wraps: in a
/// segment those remainders are their values at its first thread plus the distance to it, the
/// other coordinates are constant, so the loop over a segment's threads is plain counted code
/// (which LLVM vectorizes); each segment ends at the block's end or at the first wrap, and the
/// coordinates then step like an odometer. `inits` holds the coordinates of thread 0; `zero`
/// and `one` are index constants before `lp`.
///
/// ```text
/// (t0, q, r) = (0, base / w, base mod w)
/// while t0 < end {
///   len = min(end − t0, w − r); for t = t0 to t0 + len { body(t, q, r + (t − t0)) }
///   t0 += len; r += len; if r = w { r = 0; q += 1 }
/// }
/// ```
fn segments(
    ctx: &mut Context,
    lp: OpId,
    pairs: &[Carried],
    divisors: &[Value],
    inits: &[Value],
    (zero, one): (Value, Value),
) -> OpId {
    let body = ctx.entry_block(ctx.region(lp, 0)).expect("loop body");
    let t = ctx.block_arg(body, 0);
    let ub = ctx.operand(lp, 1);
    let loc = ctx.op_loc(lp);
    let mut b = Builder::new(ctx, InsertPoint::Before(lp), loc);
    // A divisor of 0 (whose divisions the original never runs) counts as 1, so that every
    // segment has a thread.
    let ws: Vec<Value> = divisors
        .iter()
        .map(|&w| build_binary(&mut b, "arith.maxui", w, one))
        .collect();
    let mut state = vec![zero];
    state.extend_from_slice(inits);
    let types: Vec<Type> = state.iter().map(|&v| b.value_type(v)).collect();
    let (wh, before, after) = tail_builtin::scf::WhileOp::create(&mut b, &state, &types);
    let bargs = b.block_args(before).to_vec();
    b.set_insertion_point(InsertPoint::BlockEnd(before));
    let more = build_cmpi(&mut b, CmpIPredicate::Ult, bargs[0], ub);
    tail_builtin::scf::ConditionOp::create(&mut b, more, &bargs);
    let aargs = b.block_args(after).to_vec();
    let (t0, coords) = (aargs[0], &aargs[1..]);
    b.set_insertion_point(InsertPoint::BlockEnd(after));
    let mut len = build_binary(&mut b, "arith.subi", ub, t0);
    for (k, p) in pairs.iter().enumerate() {
        if matches!(p.of, Dividend::Grid(_)) {
            let room = build_binary(&mut b, "arith.subi", ws[k], coords[2 * k + 1]);
            len = build_binary(&mut b, "arith.minui", len, room);
        }
    }
    let end = build_binary(&mut b, "arith.addi", t0, len);
    let (seg, sbody) = tail_builtin::scf::ForOp::create(&mut b, t0, end, one, &[]);
    let st = b.block_arg(sbody, 0);
    let sy = b.last_op(sbody).expect("scf.yield");
    b.set_insertion_point(InsertPoint::Before(sy));
    let dist = build_binary(&mut b, "arith.subi", st, t0);
    let mut values = Vec::new();
    for (k, p) in pairs.iter().enumerate() {
        let (q, r) = (coords[2 * k], coords[2 * k + 1]);
        values.push(q);
        values.push(match p.of {
            Dividend::Grid(_) => build_binary(&mut b, "arith.addi", r, dist),
            Dividend::Quotient(_) => r,
        });
    }
    let old_ops = ctx.block_op_vec(body);
    let (last, rest) = old_ops.split_last().expect("terminator");
    for &o in rest {
        ctx.move_op(o, InsertPoint::Before(sy));
    }
    ctx.erase_op(*last);
    ctx.replace_all_uses_with(t, st);
    replace_divisions(ctx, seg.op(), pairs, &values);
    // Cut the segment where comparisons of a counting remainder change value (the first
    // remainder compared); then values the threads compute at neighbouring columns are
    // computed once (in each piece).
    let bound = max_value(ctx, ub);
    let mut cut = false;
    for (k, p) in pairs.iter().enumerate() {
        let at = Counting {
            col: values[2 * k + 1],
            r: coords[2 * k + 1],
            t0,
            bound,
        };
        let w = constant_value(ctx, divisors[k]);
        if matches!(p.of, Dividend::Grid(_)) && split_at_edges(ctx, seg.op(), at, (0, w), 0) {
            cut = true;
            break;
        }
    }
    if cut {
        hoist_out_of_pieces(ctx, after);
    } else if let Some((k, _)) = (pairs.iter().enumerate()).find(|(k, p)| {
        matches!(p.of, Dividend::Grid(_)) && wide(0, constant_value(ctx, divisors[*k]))
    }) {
        match constant_value(ctx, divisors[k]) {
            Some(w) if w < overlap::CHUNK => full_rows(ctx, seg.op(), t0, len, w),
            _ => finish_piece(ctx, seg.op(), values[2 * k + 1], bound),
        }
    }
    // The coordinates of the next segment's first thread.
    let mut b = Builder::at_end(ctx, after, loc);
    let mut next = vec![end];
    next.extend(odometer(&mut b, pairs, &ws, coords, len, (zero, one)));
    tail_builtin::scf::YieldOp::create(&mut b, &next);
    ctx.erase_op(lp);
    wh.op()
}

/// The vector step of a whole short row ([`full_rows`]).
const ROW_STEP: i64 = 16;

/// A segment loop `seg` over the threads `[t0, t0 + len)` of rows of `w` threads, `w` a
/// constant below [`overlap::CHUNK`] (too short for [`overlap::overlap_tail`]'s whole vector
/// steps): versioned on `len = w`, a whole row (every segment but a call's first and last)
/// runs copies with constant trip counts, which LLVM vectorizes without a remainder: when
/// the threads may run twice ([`overlap::idempotent`]) `[t0, t0 + 16⌊w/16⌋)` and then the
/// row's last 16 threads again, else `[t0, t0 + w)` (Sobol's rows of 30 bytes: vectors of 16
/// instead of LLVM's 4 for a count it does not know).
fn full_rows(ctx: &mut Context, seg: OpId, t0: Value, len: Value, w: i64) {
    let loc = ctx.op_loc(seg);
    let body = ctx.entry_block(ctx.region(seg, 0)).expect("loop body");
    let t = ctx.block_arg(body, 0);
    let twice = w >= ROW_STEP && overlap::idempotent(ctx, seg, body, t);
    let mut b = Builder::new(ctx, InsertPoint::Before(seg), loc);
    let wv = build_constant_index(&mut b, w);
    let whole = build_cmpi(&mut b, CmpIPredicate::Eq, len, wv);
    let ranges: Vec<(i64, i64)> = if twice {
        let steps = w / ROW_STEP * ROW_STEP;
        let mut r = vec![(0, steps)];
        if steps < w {
            r.push((w - ROW_STEP, w));
        }
        r
    } else {
        vec![(0, w)]
    };
    let bounds: Vec<(Value, Value)> = ranges
        .iter()
        .map(|&(lo, hi)| {
            let lo = build_constant_index(&mut b, lo);
            let hi = build_constant_index(&mut b, hi);
            let lo = build_binary(&mut b, "arith.addi", t0, lo);
            let hi = build_binary(&mut b, "arith.addi", t0, hi);
            (lo, hi)
        })
        .collect();
    let (_, then_blk, else_blk) = tail_builtin::scf::IfOp::create(&mut b, whole, &[], true);
    let else_blk = else_blk.expect("an else block");
    for (lo, hi) in bounds {
        overlap::clone_loop_into(ctx, seg, then_blk, lo, Some(hi));
    }
    let y = ctx.last_op(else_blk).expect("scf.yield");
    ctx.move_op(seg, InsertPoint::Before(y));
}

/// The value of `v` when it is a constant or `arith.addi`/`subi`/`muli` of such values
/// (folded only later, by canonicalization), without overflow.
fn constant_value(ctx: &Context, v: Value) -> Option<i64> {
    if let Some(c) = tail_builtin::util::constant_int(ctx, v) {
        return Some(c);
    }
    let d = ctx.defining_op(v)?;
    let f: fn(i64, i64) -> Option<i64> = match ctx.op_name_str(d) {
        "arith.addi" => i64::checked_add,
        "arith.subi" => i64::checked_sub,
        "arith.muli" => i64::checked_mul,
        _ => return None,
    };
    f(
        constant_value(ctx, ctx.operand(d, 0))?,
        constant_value(ctx, ctx.operand(d, 1))?,
    )
}

/// `Some(k)` when `v` is `col + k` for a constant `k`: `col` itself, or `arith.addi`/`subi`
/// of such a value and a constant.
fn offset_from(ctx: &Context, v: Value, col: Value) -> Option<i64> {
    if v == col {
        return Some(0);
    }
    let d = ctx.defining_op(v)?;
    if ctx.num_operands(d) != 2 {
        return None;
    }
    let (a, b) = (ctx.operand(d, 0), ctx.operand(d, 1));
    let int = |x| constant_value(ctx, x);
    match ctx.op_name_str(d) {
        "arith.addi" => match (offset_from(ctx, a, col), int(b)) {
            (Some(k), Some(c)) => k.checked_add(c),
            _ => offset_from(ctx, b, col)?.checked_add(int(a)?),
        },
        "arith.subi" => offset_from(ctx, a, col)?.checked_sub(int(b)?),
        _ => None,
    }
}

/// How often [`split_compares`] cuts a loop and its pieces again.
const MAX_GUARD_SPLITS: usize = 2;

/// Cuts the thread loop `lp` (one without divisions: [`reduce_divisions`] left it alone)
/// where signed comparisons of its thread's index with values the same for every thread
/// change value ([`guard::split_guard`]), and its pieces again, [`MAX_GUARD_SPLITS`] levels deep:
/// in each piece the comparison is a constant, so its `scf.if`s and `select`s go and the
/// piece vectorizes without masks.
pub(crate) fn split_compares(ctx: &mut Context, lp: OpId) {
    let mut work = vec![(lp, 0)];
    while let Some((l, depth)) = work.pop() {
        if depth < MAX_GUARD_SPLITS {
            if let Some([a, b]) = guard::split_guard(ctx, l, true) {
                work.extend([(a, depth + 1), (b, depth + 1)]);
            }
        }
    }
}

/// The last steps for a segment loop (or a piece of one, [`wide`]) `lp` with counting column
/// `col` (`bound`: the most threads of the block): cut where a bound check of the thread's
/// index changes value ([`guard::split_guard`]); values computed at neighbouring columns are
/// computed once ([`reuse::reuse_shifted`]), and the loops end in a whole vector step
/// ([`overlap::overlap_tail`]).
fn finish_piece(ctx: &mut Context, lp: OpId, col: Value, bound: Option<i64>) {
    let pieces = guard::split_guard(ctx, lp, false).map_or_else(|| vec![lp], |two| two.to_vec());
    for p in pieces {
        let mut loops = bound.map_or_else(Vec::new, |n| reuse::reuse_shifted(ctx, p, col, n));
        loops.push(p);
        for l in loops {
            overlap::overlap_tail(ctx, l);
        }
    }
}

/// How a thread-loop value runs across the threads of a segment (the threads between two
/// wraps of a remainder, see [`reduce_divisions`]).
#[derive(Clone, Copy, PartialEq)]
enum Across {
    /// The same for all threads of the loop.
    Invariant,
    /// The same for a segment's threads, not for all: a quotient of the grid-wide index (the
    /// row of a segment) and integer arithmetic of it with invariant values.
    ByRows,
    /// One more at each next thread of a segment: `t + c`, a remainder of such a value by an
    /// invariant extent (the column), and sums of it with row-uniform values.
    Counting,
}

fn across(ctx: &Context, deps: &mut overlap::ThreadDeps, v: Value) -> Option<Across> {
    if !deps.varies(ctx, v) {
        return Some(Across::Invariant);
    }
    if deps.counts(ctx, v) {
        return Some(Across::Counting);
    }
    let d = ctx.defining_op(v)?;
    let uniform = |k: Across| k != Across::Counting;
    match ctx.op_name_str(d) {
        "arith.index_cast" | "arith.index_castui" | "arith.extsi" | "arith.extui" => {
            across(ctx, deps, ctx.operand(d, 0))
        }
        "arith.remui" | "arith.divui" => {
            let x = across(ctx, deps, ctx.operand(d, 0))?;
            if deps.varies(ctx, ctx.operand(d, 1)) {
                return None;
            }
            match (ctx.op_is(d, "arith.remui"), x) {
                (true, Across::Counting) => Some(Across::Counting),
                (false, _) => Some(Across::ByRows),
                _ => None,
            }
        }
        "arith.addi" | "arith.subi" | "arith.muli" => {
            let a = across(ctx, deps, ctx.operand(d, 0))?;
            let b = across(ctx, deps, ctx.operand(d, 1))?;
            match (uniform(a), uniform(b)) {
                (true, true) => Some(Across::ByRows),
                (false, true) if !ctx.op_is(d, "arith.muli") => Some(Across::Counting),
                (true, false) if ctx.op_is(d, "arith.addi") => Some(Across::Counting),
                _ => None,
            }
        }
        // Other integer arithmetic of values that are the same for a segment's threads (the
        // chunk before an element of a scan, `max(i / C, 1) − 1`, where its adjustment is read).
        "arith.maxui" | "arith.minui" | "arith.maxsi" | "arith.minsi" | "arith.select"
        | "arith.cmpi" | "arith.andi" | "arith.ori" | "arith.xori" => {
            let all_uniform = ctx
                .operand_vec(d)
                .into_iter()
                .all(|v| across(ctx, deps, v).is_some_and(uniform));
            all_uniform.then_some(Across::ByRows)
        }
        _ => None,
    }
}

/// Whether the threads of a segment read `load` side by side without a gather: its last
/// index counts with the thread (contiguous: a block's threads summing a few elements each
/// of a flattened array, the columns of a matrix product's row) or varies only by rows (one
/// element for a segment's threads: the row's element of a matrix product) and the loop is
/// not `tiny` (fewer than [`TINY_LOOP`] iterations, which LLVM unrolls in the thread, and
/// then vectorizes the loop over the threads). A load whose index is the same for all
/// threads counts as a gather here (Sobol's direction numbers: its short loop stays in its
/// thread).
fn no_gather(ctx: &Context, deps: &mut overlap::ThreadDeps, load: OpId, tiny: bool) -> bool {
    let Some(&last) = ctx.operand_vec(load)[1..].last() else {
        return false;
    };
    match across(ctx, deps, last) {
        Some(Across::Counting) => true,
        Some(Across::ByRows) => !tiny,
        _ => false,
    }
}

/// Whether a piece of columns `[lo, hi)` may be wide enough for a buffer of
/// [`reuse::reuse_shifted`] to pay (an edge column's piece of one thread is not).
fn wide(lo: i64, hi: Option<i64>) -> bool {
    hi.is_none_or(|h| h.saturating_sub(lo) >= 16)
}

/// The most pieces [`split_at_edges`] cuts a segment (or a piece) into, and how often it cuts
/// pieces again.
const MAX_PIECES: usize = 5;
const MAX_SPLIT_DEPTH: usize = 3;

/// A segment loop of [`segments`] in which the remainder `col = r + (t − t0)` counts up
/// from `r` (`t0` the segment's first thread, `r` in `[0, w)`): `col` and the values the loop
/// is cut by.
#[derive(Clone, Copy)]
struct Counting {
    col: Value,
    r: Value,
    t0: Value,
    /// The most threads the loop runs (`t` stays below), when known.
    bound: Option<i64>,
}

/// Index-set splitting of a segment loop `seg` (step 1) whose threads have columns `col` in
/// `[lo, hi)` (`hi` unbounded when `None`; the segment itself keeps `col` in `[0, w)`): the
/// comparisons in the body of `col + k` with a constant `c` (`k` a constant; the edges of a
/// stencil: `col < 1`, `col + 1 = w`) change value only at a few columns, so the loop is cut
/// there into pieces in each of which every such comparison is a constant (its value at the
/// piece's first column, evaluated exactly at 64 bits). In a piece the `select`s on those
/// comparisons are resolved at once, so clamped and wrapped neighbour indices become
/// `col ± k` — contiguous, vectorizable loads — and comparisons of what they selected
/// (a wrap after a wrap) cut the piece again. The cut points, `t0 + (edge − r)` clamped to
/// the loop's range, are monotone in the edge, so the pieces run in order; a piece outside
/// the segment runs no iteration. Returns whether it cut (at most [`MAX_PIECES`] pieces at
/// each of [`MAX_SPLIT_DEPTH`] levels; index-typed comparisons only).
fn split_at_edges(
    ctx: &mut Context,
    seg: OpId,
    at: Counting,
    (lo, hi): (i64, Option<i64>),
    depth: usize,
) -> bool {
    if depth >= MAX_SPLIT_DEPTH {
        return false;
    }
    let index = ctx.index_type();
    let mut cmps: Vec<(OpId, CmpIPredicate, i64, i64, bool)> = Vec::new();
    for o in ctx.walk_preorder(seg) {
        if !ctx.op_is(o, "arith.cmpi") || ctx.value_type(ctx.operand(o, 0)) != index {
            continue;
        }
        let Some(pred) = tail_builtin::arith::cmpi_predicate(ctx, o) else {
            continue;
        };
        let (a, b) = (ctx.operand(o, 0), ctx.operand(o, 1));
        if let (Some(k), Some(c)) = (offset_from(ctx, a, at.col), constant_value(ctx, b)) {
            cmps.push((o, pred, k, c, false));
        } else if let (Some(c), Some(k)) = (constant_value(ctx, a), offset_from(ctx, b, at.col)) {
            cmps.push((o, pred, k, c, true));
        }
    }
    if cmps.is_empty() {
        return false;
    }
    // Where `col + k` crosses `c`, and (unsigned) where it crosses 0.
    let mut edges: Vec<i64> = cmps
        .iter()
        .flat_map(|&(_, _, k, c, _)| {
            let e = c.wrapping_sub(k);
            [e, e.wrapping_add(1), k.wrapping_neg()]
        })
        .filter(|&e| e > lo && hi.is_none_or(|h| e < h))
        .collect();
    // Columns stay far below 2^40 (an extent of memory); an edge beyond is not cut.
    if edges.iter().any(|&e| e >= 1 << 40) {
        return false;
    }
    edges.push(lo);
    edges.sort_unstable();
    edges.dedup();
    let truth = |col: i64| -> Vec<bool> {
        cmps.iter()
            .map(|&(_, pred, k, c, swapped)| {
                let v = col.wrapping_add(k);
                let (x, y) = if swapped { (c, v) } else { (v, c) };
                tail_builtin::arith::fold::eval_cmpi(pred, x, y, 64)
            })
            .collect()
    };
    // The pieces: first column and the comparisons' values there; equal neighbours merged.
    let mut pieces: Vec<(i64, Vec<bool>)> = Vec::new();
    for e in edges {
        let tv = truth(e);
        if pieces.last().is_none_or(|(_, last)| *last != tv) {
            pieces.push((e, tv));
        }
    }
    if pieces.len() > MAX_PIECES {
        return false;
    }
    let loc = ctx.op_loc(seg);
    let (start, end) = (ctx.operand(seg, 0), ctx.operand(seg, 1));
    let mut b = Builder::new(ctx, InsertPoint::Before(seg), loc);
    let mut bounds = vec![start];
    for &(e, _) in &pieces[1..] {
        let ec = build_constant_index(&mut b, e);
        let d = build_binary(&mut b, "arith.subi", ec, at.r);
        let cut = build_binary(&mut b, "arith.addi", at.t0, d);
        let cut = build_binary(&mut b, "arith.maxsi", cut, start);
        bounds.push(build_binary(&mut b, "arith.minsi", cut, end));
    }
    bounds.push(end);
    let i1 = b.i1_type();
    for (j, (first, tv)) in pieces.iter().enumerate() {
        let mut map = FxHashMap::default();
        let piece = ctx.clone_op(seg, &mut map);
        ctx.insert_op(piece, InsertPoint::Before(seg));
        ctx.set_operand(piece, 0, bounds[j]);
        ctx.set_operand(piece, 1, bounds[j + 1]);
        let mut b = Builder::new(ctx, InsertPoint::Before(piece), loc);
        let known =
            [false, true].map(|k| tail_builtin::arith::build_constant_int(&mut b, i1, k as i64));
        for (&(o, ..), &k) in cmps.iter().zip(tv) {
            let copy = map[&ctx.result(o, 0)];
            let d = ctx.defining_op(copy).expect("a comparison");
            ctx.replace_all_uses_with(copy, known[k as usize]);
            ctx.erase_op(d);
        }
        for o in ctx.walk_preorder(piece) {
            if ctx.op_is(o, "arith.select") {
                if let Some(k) = known.iter().position(|&v| v == ctx.operand(o, 0)) {
                    let chosen = ctx.operand(o, 2 - k);
                    ctx.replace_all_uses_with(ctx.result(o, 0), chosen);
                    ctx.erase_op(o);
                }
            }
        }
        let next = pieces.get(j + 1).map(|p| p.0).or(hi);
        let inner = Counting {
            col: *map.get(&at.col).unwrap_or(&at.col),
            ..at
        };
        if !split_at_edges(ctx, piece, inner, (*first, next), depth + 1) {
            if next == Some(first + 1) {
                at_most_once(ctx, piece);
            } else if wide(*first, next) {
                finish_piece(ctx, piece, inner.col, at.bound);
            }
        }
    }
    ctx.erase_op(seg);
    true
}

/// Replaces the loop `lp` (`scf.for %t = %lo to %hi step 1`, no iteration arguments) that
/// runs at most once — a piece of one column: a stencil's wrapped or clamped edge — by
/// `scf.if %lo < %hi` around its body with `%t` = `%lo`. LLVM would otherwise make a loop of
/// it, with a vector version and the checks to choose it, at every row.
fn at_most_once(ctx: &mut Context, lp: OpId) {
    if ctx.num_results(lp) != 0 || !is_one(ctx, ctx.operand(lp, 2)) {
        return;
    }
    let (lo, hi) = (ctx.operand(lp, 0), ctx.operand(lp, 1));
    let loc = ctx.op_loc(lp);
    let mut b = Builder::new(ctx, InsertPoint::Before(lp), loc);
    let runs = build_cmpi(&mut b, CmpIPredicate::Slt, lo, hi);
    let (_, then, _) = tail_builtin::scf::IfOp::create(&mut b, runs, &[], false);
    let y = ctx.last_op(then).expect("scf.yield");
    inline_body(ctx, lp, lo, InsertPoint::Before(y));
}

/// A new loop over the threads `zero ≤ t < ub` (step `one`) at the builder's insertion point:
/// the loop, its terminator (new ops go before it) and `t`.
fn thread_loop(b: &mut Builder<'_>, zero: Value, one: Value, ub: Value) -> (OpId, OpId, Value) {
    let (f, body) = tail_builtin::scf::ForOp::create(b, zero, ub, one, &[]);
    let y = b.last_op(body).expect("scf.yield");
    (f.op(), y, b.block_arg(body, 0))
}

/// Maps each of `vals` that `used` holds to its thread's element `t` of the matching buffer
/// of `bufs` (a load).
fn load_into(
    b: &mut Builder<'_>,
    map: &mut FxHashMap<Value, Value>,
    (vals, used): (&[Value], &[Value]),
    bufs: &[Value],
    t: Value,
) {
    for (&v, &buf) in vals.iter().zip(bufs) {
        if used.contains(&v) {
            let x = tail_builtin::memref::LoadOp::create(b, buf, &[t]);
            map.insert(v, x);
        }
    }
}

/// Whether memref `m` is read-only in loop `lp`: defined outside it, and used inside it only
/// by `memref.load` and `memref.dim`.
fn read_only(ctx: &Context, lp: OpId, m: Value) -> bool {
    outside(ctx, lp, m)
        && ctx.uses(m).all(|u| {
            !ctx.is_ancestor(lp, u.op)
                || ctx.op_is(u.op, "memref.load")
                || ctx.op_is(u.op, "memref.dim")
        })
}

/// Whether `op` computes a value without side effects from its operands and memory that loop
/// `lp` does not write: a side-effect-free `arith`/`math` op without regions, or a
/// `memref.load` of a memref that is [`read_only`] in `lp`.
fn pure_in(ctx: &Context, lp: OpId, op: OpId) -> bool {
    let name = ctx.op_name_str(op);
    if name == "memref.load" {
        read_only(ctx, lp, ctx.operand(op, 0))
    } else {
        (name.starts_with("arith.") || name.starts_with("math."))
            && ctx.regions(op).is_empty()
            && tail_ir::greedy::is_memory_effect_free(ctx, op)
    }
}

/// The ops of `body` that `v` depends on (in block order), when all are side-effect-free
/// `arith`/`math` ops or loads of memory that `lp` does not write ([`pure_in`]).
fn pure_slice(ctx: &Context, lp: OpId, body: tail_ir::BlockId, v: Value) -> Option<Vec<OpId>> {
    let mut seen: Vec<OpId> = Vec::new();
    let mut work = vec![v];
    while let Some(x) = work.pop() {
        let Some(d) = ctx.defining_op(x) else {
            continue;
        };
        if ctx.op_parent_block(d) != Some(body) || seen.contains(&d) {
            continue;
        }
        if !pure_in(ctx, lp, d) {
            return None;
        }
        seen.push(d);
        work.extend(ctx.operand_vec(d));
    }
    let pos: FxHashMap<OpId, usize> = ctx
        .block_op_vec(body)
        .into_iter()
        .enumerate()
        .map(|(i, o)| (o, i))
        .collect();
    seen.sort_by_key(|o| pos[o]);
    Some(seen)
}

/// Whether memref `m` is write-only in loop `lp`: defined outside it, and used inside it only
/// as the memref that `memref.store`s store into.
fn write_only(ctx: &Context, lp: OpId, m: Value) -> bool {
    outside(ctx, lp, m)
        && ctx.uses(m).all(|u| {
            !ctx.is_ancestor(lp, u.op)
                || (ctx.op_is(u.op, "memref.store") && ctx.operand(u.op, 1) == m)
        })
}

/// Whether the ops of `blk` (and of the regions in them) read only memory that the thread
/// loop `lp` does not write and write only memory that it does not read: `arith` and `math`
/// ops, `scf.if`, `scf.for`, `scf.yield`, `memref.dim`, `memref.load` from a memref that is
/// [`read_only`] in `lp`, and `memref.store` into one that is [`write_only`] in it. Such ops
/// give each thread the same values in any order of the threads, and each thread's stores
/// keep their order; stores of different threads to one element would be a race in the
/// kernel (its result undefined on the GPU as well), so their order does not matter.
fn reorderable(ctx: &Context, lp: OpId, blk: tail_ir::BlockId) -> bool {
    ctx.block_ops(blk).all(|o| {
        let n = ctx.op_name_str(o);
        let ok = match n {
            "scf.if" | "scf.for" | "scf.yield" | "memref.dim" => true,
            "memref.store" => write_only(ctx, lp, ctx.operand(o, 1)),
            _ => pure_in(ctx, lp, o),
        };
        ok && ctx.regions(o).iter().all(|&r| {
            ctx.region_blocks(r)
                .iter()
                .all(|&b| reorderable(ctx, lp, b))
        })
    })
}

/// The ops of `pre` (in order) that compute values of `crossing`, or operands of such ops,
/// with cheap integer ops from the thread id `t` and values defined outside `lp` only.
fn recomputed(ctx: &Context, lp: OpId, t: Value, pre: &[OpId], crossing: &[Value]) -> Vec<OpId> {
    let mut cheap: Vec<OpId> = Vec::new();
    for &o in pre {
        let simple = matches!(
            ctx.op_name_str(o),
            "arith.constant"
                | "arith.addi"
                | "arith.subi"
                | "arith.muli"
                | "arith.index_cast"
                | "arith.index_castui"
                | "arith.extsi"
                | "arith.extui"
                | "arith.trunci"
                | "arith.andi"
                | "arith.ori"
                | "arith.xori"
                | "arith.cmpi"
                | "arith.select"
                | "arith.minui"
                | "arith.maxui"
                | "arith.minsi"
                | "arith.maxsi"
        );
        // A coordinate of the thread's grid-wide index along an extent that is the same for
        // every thread (a division of `t`, of `base + t` or of such a quotient, the divisor
        // defined outside the loop): [`reduce_divisions`] then makes the later loop count it
        // up in segments (contiguous accesses across the threads) instead of reading it back.
        let coordinate = matches!(ctx.op_name_str(o), "arith.divui" | "arith.remui")
            && outside(ctx, lp, ctx.operand(o, 1))
            && {
                let x = ctx.operand(o, 0);
                x == t
                    || grid_index(ctx, lp, t, x).is_some()
                    || ctx
                        .defining_op(x)
                        .is_some_and(|d| cheap.contains(&d) && ctx.op_is(d, "arith.divui"))
            };
        let from_outside = ctx.operands(o).all(|v| {
            v == t || outside(ctx, lp, v) || ctx.defining_op(v).is_some_and(|d| cheap.contains(&d))
        });
        if (simple || coordinate)
            && from_outside
            && ctx.regions(o).is_empty()
            && ctx.num_results(o) == 1
        {
            cheap.push(o);
        }
    }
    // Keep those that the crossing values need.
    let mut needed: Vec<OpId> = Vec::new();
    for &o in cheap.iter().rev() {
        let r = ctx.result(o, 0);
        let used = crossing.contains(&r) || needed.iter().any(|&n| ctx.operands(n).any(|v| v == r));
        if used {
            needed.push(o);
        }
    }
    needed.reverse();
    needed
}

/// Clones `ops` (in order) before `at`, mapping their operands through `map`.
/// Stores each of `vals` (through `map`, itself when not mapped) into its thread's element `t`
/// of the matching buffer of `bufs`.
fn store_mapped(
    b: &mut Builder<'_>,
    vals: &[Value],
    map: &FxHashMap<Value, Value>,
    bufs: &[Value],
    t: Value,
) {
    for (&v, &buf) in vals.iter().zip(bufs) {
        let x = *map.get(&v).unwrap_or(&v);
        tail_builtin::memref::StoreOp::create(b, x, buf, &[t]);
    }
}

fn clone_before(b: &mut Builder<'_>, ops: &[OpId], map: &mut FxHashMap<Value, Value>, at: OpId) {
    for &o in ops {
        let c = b.clone_op(o, map);
        b.insert_op(c, InsertPoint::Before(at));
    }
}

/// Splits thread loop `lp` at the bound of a guard that yields values around a thread's
/// sequential loop: when its body holds `scf.if` with results on `t + off < n` (`arith.cmpi
/// ult`, `off` and `n` defined outside `lp`, or `t < n`) whose then-branch holds an `scf.for`
/// with results, `lp` runs the threads that pass, `[0, m)` with `m = min(n - off, end)` (0
/// when `off ≥ n`), with the then-branch in place of the `if`, and a copy of it after it runs
/// `[m, end)` with the else-branch. A reduction's block-stride step whose elements each run a
/// loop (`+/ +/` of Mandelbrot's counts) has that form: its elements past the array's end add
/// the neutral element, and the first loop, its sequential loop now in the thread's body,
/// can run the threads side by side ([`interchange`]). The threads are independent between
/// barriers, so running them in two ranges changes nothing but their order. Returns the two
/// loops, or `None` when `lp` has no such guard.
pub(crate) fn split_guard(ctx: &mut Context, lp: OpId) -> Option<(OpId, OpId)> {
    let (body, t) = from_zero(ctx, lp)?;
    if ctx.num_results(lp) != 0 || ctx.block_args(body).len() != 1 {
        return None;
    }
    let guards: Vec<OpId> = ctx
        .block_ops(body)
        .filter(|&o| {
            ctx.op_is(o, "scf.if")
                && ctx.num_results(o) > 0
                && ctx.entry_block(ctx.region(o, 0)).is_some_and(|b| {
                    ctx.block_ops(b)
                        .any(|i| ctx.op_is(i, "scf.for") && ctx.num_results(i) > 0)
                })
        })
        .collect();
    let [iff] = guards[..] else {
        return None;
    };
    let cmp = ctx.defining_op(ctx.operand(iff, 0)).filter(|&c| {
        ctx.op_is(c, "arith.cmpi")
            && ctx.attr(c, "predicate").and_then(|a| ctx.attr_as_int(a))
                == Some(CmpIPredicate::Ult as i64)
    })?;
    let (x, n) = (ctx.operand(cmp, 0), ctx.operand(cmp, 1));
    if !invariant(ctx, lp, n)
        || !matches!(ctx.type_kind(ctx.value_type(x)), tail_ir::TypeKind::Index)
    {
        return None;
    }
    // `x` is `t` or `t + off`, `off` the same for every thread (a block-stride step's base,
    // which an interchange recomputes in each of its thread loops).
    let off = if x == t {
        None
    } else {
        let add = ctx.defining_op(x).filter(|&a| ctx.op_is(a, "arith.addi"))?;
        let (p, q) = (ctx.operand(add, 0), ctx.operand(add, 1));
        match (p == t, q == t) {
            (true, false) if invariant(ctx, lp, q) => Some(q),
            (false, true) if invariant(ctx, lp, p) => Some(p),
            _ => return None,
        }
    };
    let loc = ctx.op_loc(lp);
    let end = ctx.operand(lp, 1);
    let mut b = Builder::new(ctx, InsertPoint::Before(lp), loc);
    let mut hoisted: FxHashMap<Value, Value> = FxHashMap::default();
    let n = hoist(&mut b, lp, n, &mut hoisted);
    let off = off.map(|o| hoist(&mut b, lp, o, &mut hoisted));
    let bound = match off {
        None => n,
        Some(off) => {
            let zero = build_constant_index(&mut b, 0);
            let rest = build_binary(&mut b, "arith.subi", n, off);
            let some = build_cmpi(&mut b, CmpIPredicate::Ugt, n, off);
            build_select(&mut b, some, rest, zero)
        }
    };
    let m = build_binary(&mut b, "arith.minui", bound, end);
    let mut map: FxHashMap<Value, Value> = FxHashMap::default();
    let rest = ctx.clone_op(lp, &mut map);
    ctx.insert_op(rest, InsertPoint::After(lp));
    ctx.set_operand(lp, 1, m);
    ctx.set_operand(rest, 0, m);
    let rest_if = ctx.defining_op(map[&ctx.result(iff, 0)])?;
    inline_branch(ctx, iff, 0);
    inline_branch(ctx, rest_if, 1);
    Some((lp, rest))
}

/// Replaces `scf.if` `iff` by the ops of its region `r` (0: then, 1: else), its results by the
/// values that region yields.
fn inline_branch(ctx: &mut Context, iff: OpId, r: usize) {
    let blk = ctx
        .entry_block(ctx.region(iff, r))
        .expect("a branch of an if with results");
    let ops = ctx.block_op_vec(blk);
    let (term, ops) = ops.split_last().expect("a terminator");
    let ys = ctx.operand_vec(*term);
    for &o in ops {
        ctx.move_op(o, InsertPoint::Before(iff));
    }
    for (k, y) in ys.into_iter().enumerate() {
        let res = ctx.result(iff, k);
        ctx.replace_all_uses_with(res, y);
    }
    ctx.erase_op(iff);
}

/// Interchanges a thread's sequential loop with the thread loop `lp`, so that the threads'
/// iterations run side by side (the loop over threads innermost, which LLVM vectorizes):
///
/// ```text
/// for t { pre(t); r = for k (a = init) { body(t, k, a) }; post(t, r) }
/// ```
///
/// becomes, with per-thread buffers `A` (the carried values) and `P` (the values of `pre`
/// that `body` or `post` use, other than those that cheap integer ops compute from `t` and
/// values defined outside `lp`, which the later loops recompute),
///
/// ```text
/// for t { pre(t); A[t] = init; P[t] = … }
/// for k { for t { A[t] = body(t, k, A[t]) } }
/// for t { post(t, A[t]) }
/// ```
///
/// Only when the thread loop runs from 0 in steps of 1 without carried values, the inner
/// loop's bounds are defined outside `lp`, and its body is [`reorderable`] (computation,
/// loads of memory that nothing in `lp` writes, stores into memory that nothing in `lp`
/// reads: a map fused with a reduction stores its elements as it sums them), so each thread
/// computes exactly what it computed before, its iterations in the same order. (Another
/// memref that aliases a written one would make that a race between threads, which the GPU
/// form leaves undefined as well.)
/// The buffers have a static size at the function's entry when the thread count has a known
/// bound. Returns the thread loops that replace `lp` (or `lp` itself).
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
    if !(0..3).all(|i| outside(ctx, lp, ctx.operand(inner, i))) || !reorderable(ctx, lp, ibody) {
        return vec![lp];
    }
    // A short loop (a constant trip count below SHORT_LOOP) that gathers from memory stays
    // in its thread: across threads its loads would be gathers, and its carried values would
    // go through the per-thread buffers at every one of few iterations (Sobol's 30-term bit
    // products). Loads whose last index counts with the thread (`t + c`, or its remainder by
    // an extent: a block's threads summing a few elements each of a flattened array) or
    // varies by rows only (a matrix product's row element) are no gathers across threads
    // ([`no_gather`]), and such a loop is interchanged.
    let trips = match (0..3)
        .map(|i| tail_builtin::util::constant_int(ctx, ctx.operand(inner, i)))
        .collect::<Option<Vec<i64>>>()
        .as_deref()
    {
        Some(&[lo, hi, step]) if step > 0 => Some((hi - lo).max(0) / step),
        _ => None,
    };
    let tiny = trips.is_some_and(|n| n < TINY_LOOP);
    let mut deps = overlap::ThreadDeps::new(lp, t);
    let loads = ctx
        .walk_preorder(inner)
        .into_iter()
        .any(|o| ctx.op_is(o, "memref.load") && !no_gather(ctx, &mut deps, o, tiny));
    if loads && trips.is_some_and(|n| n < SHORT_LOOP) {
        return vec![lp];
    }
    // The other ops of the thread loop: nothing after the inner loop that the inner loop's
    // body could observe (it reads only memory that nothing in `lp` writes, and writes only
    // memory that nothing in `lp` reads, so any post is fine).
    let (pre, rest) = ops.split_at(pos);
    let post = &rest[1..rest.len() - 1];
    let term = *rest.last().expect("terminator");
    if ctx.num_operands(term) != 0 {
        return vec![lp];
    }
    // Values of `pre` used by the inner loop or by `post` (each phase has its own `t`).
    let defined_in_pre =
        |ctx: &Context, v: Value| -> bool { ctx.defining_op(v).is_some_and(|d| pre.contains(&d)) };
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
    let mut crossing_post: Vec<Value> = Vec::new();
    for &o in post {
        note(ctx, o, &mut crossing_post);
    }
    // The crossing values that the later phases recompute from `t` and values defined
    // outside `lp` with cheap integer ops (a grid-wide index and its conversions): LLVM then
    // sees how they depend on the thread. The others go through per-thread buffers.
    let remat2 = recomputed(ctx, lp, t, pre, &crossing);
    let remat3 = recomputed(ctx, lp, t, pre, &crossing_post);
    for &v in &crossing_post {
        if !crossing.contains(&v) {
            crossing.push(v);
        }
    }
    let (used2, used3) = (crossing.clone(), crossing_post.clone());
    let remat = |d: OpId| remat2.contains(&d) || remat3.contains(&d);
    crossing.retain(|&v| !ctx.defining_op(v).is_some_and(remat));
    let scalar = |v: &Value| {
        let ty = ctx.value_type(*v);
        ctx.is_int_or_index(ty) || ctx.is_float(ty)
    };
    if !crossing.iter().all(scalar) {
        return vec![lp];
    }
    let loc = ctx.op_loc(lp);
    let ub = ctx.operand(lp, 1);
    // Buffers of a static size at the function's entry when the thread count has a bound
    // (a block has at most 1024 threads), else sized by the thread count before `lp`.
    let entry = ctx
        .ancestor_named(lp, "func.func")
        .and_then(|f| ctx.entry_block(ctx.region(f, 0)));
    let fixed = max_value(ctx, ub).filter(|&n| n <= 1024).zip(entry);
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
        let Some((n, entry)) = fixed else {
            let mty = b.memref_type(vec![tail_ir::DYNAMIC], ty);
            return tail_builtin::memref::AllocaOp::create(b, mty, &[ub]);
        };
        let mty = b.memref_type(vec![n], ty);
        b.set_insertion_point(InsertPoint::BlockStart(entry));
        let v = tail_builtin::memref::AllocaOp::create(b, mty, &[]);
        b.set_insertion_point(InsertPoint::Before(lp));
        v
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
    clone_before(&mut b, pre, &mut m1, y1);
    b.set_insertion_point(InsertPoint::Before(y1));
    store_mapped(&mut b, &inits, &m1, &abufs, t1);
    store_mapped(&mut b, &crossing, &m1, &pbufs, t1);
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
    clone_before(&mut b, &remat2, &mut m2, y2);
    load_into(&mut b, &mut m2, (&crossing, &used2), &pbufs, t2);
    let iargs = b.block_args(ibody).to_vec();
    m2.insert(iargs[0], kiv);
    load_into(&mut b, &mut m2, (&iargs[1..], &iargs[1..]), &abufs, t2);
    let iops = b.block_op_vec(ibody);
    let (iyield, icomp) = iops.split_last().expect("inner terminator");
    clone_before(&mut b, icomp, &mut m2, y2);
    b.set_insertion_point(InsertPoint::Before(y2));
    let yielded = b.operand_vec(*iyield);
    store_mapped(&mut b, &yielded, &m2, &abufs, t2);
    // Phase 3: post, reading the crossing and final carried values.
    let p2_outer = b.op_parent_op(p2).expect("the sequential loop");
    b.set_insertion_point(InsertPoint::After(p2_outer));
    let (p3, y3, t3) = thread_loop(&mut b, zero, one, ub);
    b.set_insertion_point(InsertPoint::Before(y3));
    let mut m3: FxHashMap<Value, Value> = FxHashMap::default();
    m3.insert(t, t3);
    clone_before(&mut b, &remat3, &mut m3, y3);
    load_into(&mut b, &mut m3, (&crossing, &used3), &pbufs, t3);
    let results = b.results(inner).to_vec();
    load_into(&mut b, &mut m3, (&results, &results), &abufs, t3);
    clone_before(&mut b, post, &mut m3, y3);
    ctx.erase_op(lp);
    vec![p1, p2, p3]
}
