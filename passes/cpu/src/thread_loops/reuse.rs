//! Reuse of values that neighbouring threads compute ([`reuse_shifted`]).
//!
//! After a stencil's producer is fused into its consumer, each thread of a segment recomputes
//! the producer at its neighbours' columns: Life's kernel computes the vertical sum of three
//! cells at columns `c − 1`, `c` and `c + 1` (nine loads, eight additions a cell), although
//! thread `c + 1` computes the same sum at `c` again. In a loop over consecutive threads
//! whose column counts up with the thread, such a value is computed once per column into a
//! buffer before the loop, and the loop reads it at the shifted positions: three loads and
//! two additions for the sums, three buffer loads and two additions for the box sum.

use rustc_hash::FxHashMap;
use tail_builtin::arith::CmpIPredicate;
use tail_builtin::arith::{build_binary, build_cmpi, build_constant_index, build_select};
use tail_ir::{Builder, Context, InsertPoint, OpId, Value};

use super::{offset_from, outside, pure_in, pure_slice};

/// The most columns a group's shifts span (`max − min`).
const MAX_SPAN: i64 = 8;
/// The most elements of one buffer, and the most bytes of all buffers of a function.
const MAX_ELEMS: i64 = 1 << 16;
const MAX_BYTES: i64 = 256 << 10;
/// Cones whose description grows beyond this (a deep DAG) are not compared.
const MAX_KEY: usize = 4096;

/// A value of the loop body as a function of the counting column: a description of its
/// computation with the column offsets left out (ops, their attributes and result types, and
/// the values defined outside the loop), and the offsets, in the order they occur.
type Shape = Option<(String, Vec<i64>)>;

/// The shape of `v` in loop `lp` (whose body is `body`) with counting column `col`; `None`
/// when `v` depends on the thread other than through `col` or through an op that is not a
/// side-effect-free `arith`/`math` op or a load of memory that `lp` does not write.
fn shape(
    ctx: &Context,
    (lp, body, col): (OpId, tail_ir::BlockId, Value),
    v: Value,
    memo: &mut FxHashMap<Value, Shape>,
) -> Shape {
    if let Some(s) = memo.get(&v) {
        return s.clone();
    }
    let s = if outside(ctx, lp, v) {
        Some((format!("{v:?}"), Vec::new()))
    } else if let Some(k) = offset_from(ctx, v, col) {
        Some(("c".to_string(), vec![k]))
    } else {
        (|| {
            let d = ctx.defining_op(v)?;
            if ctx.op_parent_block(d) != Some(body)
                || ctx.num_results(d) != 1
                || !ctx.regions(d).is_empty()
            {
                return None;
            }
            if !pure_in(ctx, lp, d) {
                return None;
            }
            let name = ctx.op_name_str(d);
            let mut key = format!("{name}{:?}:{:?}(", ctx.attrs(d), ctx.value_type(v));
            let mut offsets = Vec::new();
            for x in ctx.operand_vec(d) {
                let (k, o) = shape(ctx, (lp, body, col), x, memo)?;
                key.push_str(&k);
                key.push(',');
                offsets.extend(o);
            }
            key.push(')');
            (key.len() <= MAX_KEY).then_some((key, offsets))
        })()
    };
    memo.insert(v, s.clone());
    s
}

/// A value computed at several shifts of the column: its members and their shifts.
struct Group {
    members: Vec<(Value, i64)>,
}

/// Computes once per column, before the loop, each value that the loop `lp` (over threads
/// `t`, step 1, in `[start, end)`; `t < bound` always) computes at several neighbouring
/// shifts of its counting column `col`, and reads it from a buffer at the shifted positions:
///
/// ```text
/// for t in [start, end) { … f(col(t) − 1) … f(col(t)) … f(col(t) + 1) … }
/// ```
///
/// becomes
///
/// ```text
/// for t in [start, end + 2) if end > start { B[t − start] = f(col(t) − 1) }
/// for t in [start, end) { … B[t − start] … B[t − start + 1] … B[t − start + 2] … }
/// ```
///
/// `f` is a computation of side-effect-free `arith`/`math` ops and loads of memory that the
/// loop does not write, which depends on the thread only through the column (two values are
/// the same `f` at shifts `a` and `b` when their computations are the same with every column
/// offset differing by `b − a`). Only the largest such values are buffered (not those used
/// only by other buffered ones), with shifts that leave no column out (each next to the
/// previous), spanning at most [`MAX_SPAN`] columns, and with at least one op besides loads.
/// The buffer's extra columns are the neighbours' own columns, so nothing is loaded that the
/// loop did not load. Buffers are allocated at the function's entry, `bound + span` elements,
/// and indexed from the loop's first thread, so that consecutive loops (a call's rows) reuse
/// the same few cache lines.
/// Returns the buffers' loops.
pub(super) fn reuse_shifted(ctx: &mut Context, lp: OpId, col: Value, bound: i64) -> Vec<OpId> {
    if tail_builtin::util::constant_int(ctx, ctx.operand(lp, 2)) != Some(1)
        || ctx.num_results(lp) != 0
    {
        return Vec::new();
    }
    let Some(body) = ctx.entry_block(ctx.region(lp, 0)) else {
        return Vec::new();
    };
    let Some(entry) = ctx
        .ancestor_named(lp, "func.func")
        .and_then(|f| ctx.entry_block(ctx.region(f, 0)))
    else {
        return Vec::new();
    };
    // The candidates, by their shape with offsets relative to the first one.
    let mut memo = FxHashMap::default();
    let mut groups: FxHashMap<(String, Vec<i64>), Group> = FxHashMap::default();
    let mut order: Vec<(String, Vec<i64>)> = Vec::new();
    for o in ctx.block_op_vec(body) {
        if ctx.num_results(o) != 1 || ctx.op_is(o, "memref.load") || ctx.op_is(o, "arith.constant")
        {
            continue;
        }
        let v = ctx.result(o, 0);
        let ty = ctx.value_type(v);
        let scalar = (ctx.is_int_or_index(ty) && ty != ctx.index_type()) || ctx.is_float(ty);
        if !scalar {
            continue;
        }
        let Some((key, offs)) = shape(ctx, (lp, body, col), v, &mut memo) else {
            continue;
        };
        let Some(&first) = offs.first() else {
            continue;
        };
        let rel: Vec<i64> = offs.iter().map(|&k| k - first).collect();
        let k = (key, rel);
        if !groups.contains_key(&k) {
            order.push(k.clone());
        }
        groups
            .entry(k)
            .or_insert(Group {
                members: Vec::new(),
            })
            .members
            .push((v, first));
    }
    let mut valid: Vec<Group> = Vec::new();
    for k in order {
        let g = groups.remove(&k).expect("a group");
        let mut shifts: Vec<i64> = g.members.iter().map(|m| m.1).collect();
        shifts.sort_unstable();
        shifts.dedup();
        let dense = shifts.windows(2).all(|w| w[1] - w[0] == 1);
        let span = shifts[shifts.len() - 1] - shifts[0];
        if shifts.len() >= 2 && dense && span <= MAX_SPAN {
            valid.push(g);
        }
    }
    // Not those whose every use is by another candidate (they are inside a larger one).
    let in_candidate: Vec<Value> = valid
        .iter()
        .flat_map(|g| g.members.iter().map(|m| m.0))
        .collect();
    valid.retain(|g| {
        !g.members.iter().all(|&(v, _)| {
            ctx.uses(v)
                .all(|u| ctx.num_results(u.op) == 1 && in_candidate.contains(&ctx.result(u.op, 0)))
        })
    });
    if valid.is_empty() {
        return Vec::new();
    }
    let t = ctx.block_arg(body, 0);
    let (start, end) = (ctx.operand(lp, 0), ctx.operand(lp, 1));
    let loc = ctx.op_loc(lp);
    let mut bytes = 0i64;
    let mut loops = Vec::new();
    for g in valid {
        let lo = g.members.iter().map(|m| m.1).min().expect("members");
        let hi = g.members.iter().map(|m| m.1).max().expect("members");
        let span = hi - lo;
        let (v0, _) = *g.members.iter().find(|m| m.1 == lo).expect("the first");
        let Some(ops) = pure_slice(ctx, lp, body, v0) else {
            continue;
        };
        let ty = ctx.value_type(v0);
        let elem_bytes = ctx
            .int_width(ty)
            .map_or(8, |w| i64::from(w.div_ceil(8)).max(1));
        let n = bound + span;
        if n > MAX_ELEMS || bytes + n * elem_bytes > MAX_BYTES {
            continue;
        }
        bytes += n * elem_bytes;
        let mut b = Builder::new(ctx, InsertPoint::BlockStart(entry), loc);
        let mty = b.memref_type(vec![n], ty);
        let buf = tail_builtin::memref::AllocaOp::create(&mut b, mty, &[]);
        // The buffer's loop: the value at the first shift, for the loop's threads and `span`
        // more (none when the loop runs no thread).
        b.set_insertion_point(InsertPoint::Before(lp));
        let sp = build_constant_index(&mut b, span);
        let last = build_binary(&mut b, "arith.addi", end, sp);
        let runs = build_cmpi(&mut b, CmpIPredicate::Sgt, end, start);
        let upper = build_select(&mut b, runs, last, start);
        let one = build_constant_index(&mut b, 1);
        let (fl, fbody) = tail_builtin::scf::ForOp::create(&mut b, start, upper, one, &[]);
        loops.push(fl.op());
        let fy = b.last_op(fbody).expect("scf.yield");
        let ft = b.block_arg(fbody, 0);
        let mut map: FxHashMap<Value, Value> = FxHashMap::default();
        map.insert(t, ft);
        for &o in &ops {
            let c = ctx.clone_op(o, &mut map);
            ctx.insert_op(c, InsertPoint::Before(fy));
        }
        let mut b = Builder::new(ctx, InsertPoint::Before(fy), loc);
        let pos = build_binary(&mut b, "arith.subi", ft, start);
        tail_builtin::memref::StoreOp::create(&mut b, map[&v0], buf, &[pos]);
        // The loop reads it at each member's shift.
        for &(v, s) in &g.members {
            let d = ctx.defining_op(v).expect("an op");
            let mut b = Builder::new(ctx, InsertPoint::Before(d), loc);
            let rel = build_binary(&mut b, "arith.subi", t, start);
            let at = if s == lo {
                rel
            } else {
                let k = build_constant_index(&mut b, s - lo);
                build_binary(&mut b, "arith.addi", rel, k)
            };
            let x = tail_builtin::memref::LoadOp::create(&mut b, buf, &[at]);
            ctx.replace_all_uses_with(v, x);
        }
    }
    // What the loop no longer uses.
    if !loops.is_empty() {
        tail_transforms::dce::erase_dead_ops(ctx, lp);
    }
    loops
}
