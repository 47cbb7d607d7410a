//! The last threads of a segment loop as one whole vector step ([`overlap_tail`]).
//!
//! LLVM vectorizes a loop over `n` threads in steps of `VF × interleave` threads (64 for
//! bytes on AVX2) and runs the remaining up to 63 threads one at a time: in Life's rows of
//! 1198 inner cells, those scalar iterations cost as much as the vector ones. When running a
//! thread twice does no harm (it stores what it computed from memory the loop does not
//! write, at positions no other thread stores to), the loop instead runs its threads up to
//! the last multiple of [`CHUNK`] and then its last [`CHUNK`] threads again in a loop of
//! constant trip count, which LLVM vectorizes without a remainder.

use rustc_hash::FxHashMap;
use tail_builtin::arith::CmpIPredicate;
use tail_builtin::arith::{build_binary, build_cmpi, build_constant_index, build_select};
use tail_ir::{Builder, Context, InsertPoint, OpId, Value};

use super::{outside, pure_in};

/// The threads of the final whole step (a multiple of every `VF × interleave` LLVM picks for
/// AVX2: 32 bytes × 2, 4 doubles × 4).
pub(super) const CHUNK: i64 = 64;

/// What in loop `lp` depends on its thread `t` (memoized across questions).
pub(super) struct ThreadDeps {
    lp: OpId,
    t: Value,
    memo: FxHashMap<Value, bool>,
}

impl ThreadDeps {
    pub(super) fn new(lp: OpId, t: Value) -> Self {
        ThreadDeps {
            lp,
            t,
            memo: FxHashMap::default(),
        }
    }

    /// Whether `v` depends on the thread (through ops of the loop).
    pub(super) fn varies(&mut self, ctx: &Context, v: Value) -> bool {
        if v == self.t {
            return true;
        }
        if outside(ctx, self.lp, v) {
            return false;
        }
        if let Some(&r) = self.memo.get(&v) {
            return r;
        }
        let r = match ctx.defining_op(v) {
            Some(d) => ctx.operand_vec(d).into_iter().any(|x| self.varies(ctx, x)),
            // The induction variable of a loop in `lp` varies when its bounds do.
            None => {
                let blk = ctx.value_parent_block(v);
                let owner = blk.and_then(|b| ctx.block_parent_op(b));
                match owner.filter(|&o| ctx.op_is(o, "scf.for")) {
                    Some(o) if blk.map(|b| ctx.block_arg(b, 0)) == Some(v) => {
                        (0..3).any(|i| self.varies(ctx, ctx.operand(o, i)))
                    }
                    _ => true,
                }
            }
        };
        self.memo.insert(v, r);
        r
    }

    /// Whether `v` is `t + c` for a value `c` that does not vary with `t` (`t`, or
    /// `arith.addi` and `arith.subi` of such a value and an invariant one): distinct threads,
    /// distinct `v`.
    pub(super) fn counts(&mut self, ctx: &Context, v: Value) -> bool {
        if v == self.t {
            return true;
        }
        let Some(d) = ctx.defining_op(v) else {
            return false;
        };
        let (a, b) = match ctx.op_name_str(d) {
            "arith.addi" | "arith.subi" => (ctx.operand(d, 0), ctx.operand(d, 1)),
            _ => return false,
        };
        (self.counts(ctx, a) && !self.varies(ctx, b))
            || (ctx.op_is(d, "arith.addi") && self.counts(ctx, b) && !self.varies(ctx, a))
    }
}

/// Whether running any thread of loop `lp` again (after others) stores the same values at
/// the same positions: its ops are side-effect-free `arith`/`math` ops, loads of memory that
/// the loop does not write, sequential `scf.for` loops of such ops ([`pure_loop`]), and stores into memrefs defined outside the loop and not loaded
/// in it, one store per memref, each at a position with exactly one index counting with the
/// thread (`t + c`) and the others invariant.
pub(super) fn idempotent(ctx: &Context, lp: OpId, body: tail_ir::BlockId, t: Value) -> bool {
    let mut deps = ThreadDeps::new(lp, t);
    let mut stored: Vec<Value> = Vec::new();
    let ops = ctx.block_op_vec(body);
    let (_, rest) = ops.split_last().expect("terminator");
    for &o in rest {
        if !ctx.regions(o).is_empty() {
            if pure_loop(ctx, lp, o) {
                continue;
            }
            return false;
        }
        let ok = match ctx.op_name_str(o) {
            "memref.store" => {
                let m = ctx.operand(o, 1);
                let idx = &ctx.operand_vec(o)[2..];
                let counting = idx
                    .iter()
                    .filter(|&&i| deps.varies(ctx, i))
                    .collect::<Vec<_>>();
                let ok = outside(ctx, lp, m)
                    && !stored.contains(&m)
                    && ctx
                        .uses(m)
                        .all(|u| !ctx.is_ancestor(lp, u.op) || ctx.op_is(u.op, "memref.store"))
                    && counting.len() == 1
                    && deps.counts(ctx, *counting[0]);
                stored.push(m);
                ok
            }
            _ => pure_in(ctx, lp, o),
        };
        if !ok {
            return false;
        }
    }
    !stored.is_empty()
}

/// Whether `o` is an `scf.for` in loop `lp` that only computes its results: its body holds
/// [`pure_in`] ops and such loops (a thread's sequential reduction).
fn pure_loop(ctx: &Context, lp: OpId, o: OpId) -> bool {
    if !ctx.op_is(o, "scf.for") || ctx.regions(o).len() != 1 {
        return false;
    }
    let Some(body) = ctx.entry_block(ctx.region(o, 0)) else {
        return false;
    };
    ctx.block_op_vec(body)
        .into_iter()
        .all(|x| ctx.op_is(x, "scf.yield") || pure_in(ctx, lp, x) || pure_loop(ctx, lp, x))
}

/// Runs the threads `[s, e)` of loop `lp` (step 1, no carried values, [`idempotent`]) as
///
/// ```text
/// m = s + ((e − s) − (e − s) mod CHUNK)   when e − s ≥ CHUNK, else s
/// for t in [s, m) { body }
/// if e − s ≥ CHUNK { for t in [e − CHUNK, e) { body } } else { for t in [s, e) { body } }
/// ```
///
/// Returns whether it did.
pub(super) fn overlap_tail(ctx: &mut Context, lp: OpId) -> bool {
    if tail_builtin::util::constant_int(ctx, ctx.operand(lp, 2)) != Some(1)
        || ctx.num_results(lp) != 0
    {
        return false;
    }
    let Some(body) = ctx.entry_block(ctx.region(lp, 0)) else {
        return false;
    };
    let t = ctx.block_arg(body, 0);
    if !idempotent(ctx, lp, body, t) {
        return false;
    }
    let (s, e) = (ctx.operand(lp, 0), ctx.operand(lp, 1));
    let loc = ctx.op_loc(lp);
    let mut b = Builder::new(ctx, InsertPoint::Before(lp), loc);
    let chunk = build_constant_index(&mut b, CHUNK);
    let n = build_binary(&mut b, "arith.subi", e, s);
    let big = build_cmpi(&mut b, CmpIPredicate::Sge, n, chunk);
    // (`n` rounded down to a multiple of CHUNK, a power of two, when non-negative.)
    let mask = build_constant_index(&mut b, -CHUNK);
    let whole = build_binary(&mut b, "arith.andi", n, mask);
    let m = build_binary(&mut b, "arith.addi", s, whole);
    let m = build_select(&mut b, big, m, s);
    let last = build_binary(&mut b, "arith.subi", e, chunk);
    let (iff, then_blk, else_blk) = tail_builtin::scf::IfOp::create(&mut b, big, &[], true);
    let else_blk = else_blk.expect("an else block");
    ctx.move_op(iff.op(), InsertPoint::After(lp));
    for (blk, lo) in [(then_blk, last), (else_blk, s)] {
        clone_loop_into(ctx, lp, blk, lo, None);
    }
    ctx.set_operand(lp, 1, m);
    true
}

/// A copy of loop `lp` placed at the end of `blk` (before its `scf.yield`), running from `lo`
/// (to `hi` when given, else to `lp`'s own bound).
pub(super) fn clone_loop_into(
    ctx: &mut Context,
    lp: OpId,
    blk: tail_ir::BlockId,
    lo: Value,
    hi: Option<Value>,
) -> OpId {
    let mut map = FxHashMap::default();
    let c = ctx.clone_op(lp, &mut map);
    let y = ctx.last_op(blk).expect("scf.yield");
    ctx.insert_op(c, InsertPoint::Before(y));
    ctx.set_operand(c, 0, lo);
    if let Some(hi) = hi {
        ctx.set_operand(c, 1, hi);
    }
    c
}
