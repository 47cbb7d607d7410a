//! `widen-loop-indices`: 32-bit positions that count with a loop become `index` arithmetic
//! where they cannot wrap.
//!
//! FCL's `int` is a 32-bit integer that wraps around, and so are the positions a program
//! computes from it: a tile copy reads `A[sext(row · w + col0 + j)]` with the `+ j` done in
//! `i32`. LLVM cannot tell that consecutive `j` give consecutive addresses (the `i32` sum may
//! wrap between two of them), so it copies element by element (FCL's 16 × 16 tiles: 16 scalar
//! loads and stores with a sign extension each).
//!
//! A position is `arith.index_cast %e : i32 to index` in the body of an innermost `scf.for`
//! (step 1, `index` bounds) where `%e` is, modulo 2^32, the induction variable `%i` times
//! 1 or −1 plus what the loop does not change: `%e` is computed from `%i`, from values defined
//! outside the loop and from constants by `arith.addi`, `subi`, `muli` by a constant,
//! `index_cast` of `index` to `i32` and `trunci` (each the same modulo 2^32 whatever the width
//! it works in), and sign or zero extensions of what the loop does not change. Then
//! `%e(%i) ≡ %e(lb) ± (%i − lb)`, and as long as `%e(lb) ± (%i − lb)` stays within the `i32`
//! range for every `%i` of the loop, the sign-extended position is exactly
//! `sext(%e(lb)) ± (%i − lb)`: an `index` that counts with the loop.
//!
//! The loop is *versioned*: before it, `%e(lb)` is computed for each position (its chain of
//! ops cloned with `%i = lb`; none of these ops can fault, overflow flags dropped), and
//!
//! ```mlir
//! %ok = ub ≤ lb  or  (ub − lb ≤ 2^31  and  sext(%e(lb)) + (ub − lb − 1) ≤ 2^31 − 1  and …)
//! scf.if %ok { the loop with the positions computed in index } else { the loop as it was }
//! ```
//!
//! (with `− (ub − lb − 1) ≥ −2^31` for a position that counts down). Both loops compute the
//! same values; the first one's accesses are consecutive for LLVM, which vectorizes them.
//! Only innermost loops are versioned (at most twice the code of each).

use rustc_hash::FxHashMap;
use tail_builtin::arith::CmpIPredicate as CI;
use tail_builtin::arith::{build_binary, build_cmpi, build_constant_index, build_unary};
use tail_builtin::scf::{IfOp, YieldOp};
use tail_ir::pass::{pass, AnalysisManager, PassResult, PassRun, Statistic};
use tail_ir::{Builder, Context, InsertPoint, OpId, TypeKind, Value};

/// Versions innermost loops so that their 32-bit positions are computed in `index`.
#[pass(
    argument = "widen-loop-indices",
    summary = "Version innermost scf.for loops whose i32 positions (sign-extended to index) count with the induction variable: where none wraps, they are computed in index arithmetic, so that LLVM sees consecutive accesses",
    anchor = "builtin.module",
    name = "WidenLoopIndices"
)]
pub struct WidenLoopIndices {
    #[statistic(name = "num-loops", description = "Number of loops versioned")]
    num_loops: Statistic,
    #[statistic(
        name = "num-positions",
        description = "Number of 32-bit positions computed in index in the versioned loops"
    )]
    num_positions: Statistic,
}

/// Coefficients are kept small: only ±1 makes a position count with the loop, and a chain
/// multiplying by large constants is not worth following.
const MAX_COEF: i64 = 1 << 20;

/// Whether `v` is defined inside loop `l` (its body or deeper).
fn inside(ctx: &Context, l: OpId, v: Value) -> bool {
    let Some(b) = ctx.value_parent_block(v) else {
        return false;
    };
    ctx.block_parent_op(b)
        .is_some_and(|p| ctx.is_ancestor(l, p))
}

/// The width of an integer type (`index`: 64), if `v` has one.
fn width(ctx: &Context, v: Value) -> Option<u32> {
    match ctx.type_kind(ctx.value_type(v)) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Index => Some(64),
        _ => None,
    }
}

/// The coefficient of `iv` in `v` modulo 2^32 (module doc), `Some(0)` for what loop `l` does
/// not change; `None` when `v` is not of that form.
fn coef(
    ctx: &Context,
    l: OpId,
    iv: Value,
    v: Value,
    memo: &mut FxHashMap<Value, Option<i64>>,
) -> Option<i64> {
    if v == iv {
        return Some(1);
    }
    if !inside(ctx, l, v) {
        return Some(0);
    }
    if let Some(&c) = memo.get(&v) {
        return c;
    }
    let c = coef_of_op(ctx, l, iv, v, memo);
    memo.insert(v, c);
    c
}

fn coef_of_op(
    ctx: &Context,
    l: OpId,
    iv: Value,
    v: Value,
    memo: &mut FxHashMap<Value, Option<i64>>,
) -> Option<i64> {
    let o = ctx.defining_op(v)?;
    // Values that count with the loop are taken modulo 2^32: at least 32 bits wide.
    let w = width(ctx, v)?;
    let arg = |i: usize, memo: &mut FxHashMap<Value, Option<i64>>| {
        let a = ctx.operand(o, i);
        coef(ctx, l, iv, a, memo)
    };
    let c = match ctx.op_name_str(o) {
        "arith.constant" => 0,
        "arith.addi" => arg(0, memo)?.checked_add(arg(1, memo)?)?,
        "arith.subi" => arg(0, memo)?.checked_sub(arg(1, memo)?)?,
        "arith.muli" => {
            let (a, b) = (arg(0, memo)?, arg(1, memo)?);
            let k = |i: usize| tail_builtin::util::constant_int(ctx, ctx.operand(o, i));
            match (a, b) {
                (0, 0) => 0,
                (0, b) => k(0)?.checked_mul(b)?,
                (a, 0) => a.checked_mul(k(1)?)?,
                _ => return None,
            }
        }
        // Narrowing (or same-width) casts keep the value modulo 2^32 when both sides have 32
        // bits or more.
        "arith.index_cast" | "arith.trunci" if w >= 32 && width(ctx, ctx.operand(o, 0))? >= w => {
            arg(0, memo)?
        }
        // Extensions do not commute with wrapping: only of what the loop does not change.
        "arith.index_cast" | "arith.index_castui" | "arith.extsi" | "arith.extui" => {
            match arg(0, memo)? {
                0 => 0,
                _ => return None,
            }
        }
        _ => return None,
    };
    if (c != 0 && w < 32) || c.abs() > MAX_COEF {
        return None;
    }
    Some(c)
}

/// `v` at the loop's first iteration, computed before loop `l` (`iv` = `lb`).
fn at_first(
    ctx: &mut Context,
    l: OpId,
    iv: Value,
    lb: Value,
    v: Value,
    memo: &mut FxHashMap<Value, Value>,
) -> Value {
    if v == iv {
        return lb;
    }
    if !inside(ctx, l, v) {
        return v;
    }
    if let Some(&c) = memo.get(&v) {
        return c;
    }
    let o = ctx
        .defining_op(v)
        .expect("a position's chain is made of op results");
    let mut map = FxHashMap::default();
    for a in ctx.operand_vec(o) {
        let f = at_first(ctx, l, iv, lb, a, memo);
        map.insert(a, f);
    }
    let c = ctx.clone_op(o, &mut map);
    // The clone runs even where the loop runs no iteration: no overflow claims.
    ctx.remove_attr(c, "overflowFlags");
    ctx.insert_op(c, InsertPoint::Before(l));
    let r = ctx.result(c, 0);
    memo.insert(v, r);
    r
}

/// A position of an innermost loop: the `index_cast` and whether it counts up (+1) or down.
struct Position {
    cast: OpId,
    up: bool,
}

/// The innermost-loop positions of `module`, grouped by loop (in walk order).
fn positions(ctx: &Context, module: OpId) -> Vec<(OpId, Vec<Position>)> {
    let mut out: Vec<(OpId, Vec<Position>)> = Vec::new();
    let mut memos: FxHashMap<OpId, FxHashMap<Value, Option<i64>>> = FxHashMap::default();
    let mut innermost: FxHashMap<OpId, bool> = FxHashMap::default();
    for o in ctx.walk_preorder(module) {
        if !ctx.op_is(o, "arith.index_cast") {
            continue;
        }
        let e = ctx.operand(o, 0);
        if width(ctx, e) != Some(32) || width(ctx, ctx.result(o, 0)) != Some(64) {
            continue;
        }
        let Some(l) = ctx
            .op_parent_op(o)
            .and_then(|p| ctx.ancestor_named(p, "scf.for"))
        else {
            continue;
        };
        if !*innermost
            .entry(l)
            .or_insert_with(|| innermost_counted(ctx, l))
        {
            continue;
        }
        let iv = ctx.block_arg(ctx.entry_block(ctx.region(l, 0)).expect("scf.for body"), 0);
        let memo = memos.entry(l).or_default();
        let up = match coef(ctx, l, iv, e, memo) {
            Some(1) => true,
            Some(-1) => false,
            _ => continue,
        };
        let p = Position { cast: o, up };
        match out.iter_mut().find(|(x, _)| *x == l) {
            Some((_, ps)) => ps.push(p),
            None => out.push((l, vec![p])),
        }
    }
    out
}

/// Whether `l` is an `scf.for` over `index` with step 1 and no loop inside.
fn innermost_counted(ctx: &Context, l: OpId) -> bool {
    let step = ctx.operand(l, 2);
    matches!(ctx.type_kind(ctx.value_type(step)), TypeKind::Index)
        && tail_builtin::util::constant_int(ctx, step) == Some(1)
        && !ctx.walk_preorder(l).into_iter().any(|o| {
            o != l && matches!(ctx.op_name_str(o), "scf.for" | "scf.while" | "scf.parallel")
        })
}

impl WidenLoopIndices {
    /// Versions loop `l` for its positions `ps` (module doc).
    fn version(&mut self, ctx: &mut Context, l: OpId, ps: &[Position]) {
        let loc = ctx.op_loc(l);
        let (lb, ub) = (ctx.operand(l, 0), ctx.operand(l, 1));
        let body = ctx.entry_block(ctx.region(l, 0)).expect("scf.for body");
        let iv = ctx.block_arg(body, 0);
        // Each position at the first iteration, sign-extended.
        let mut memo = FxHashMap::default();
        let firsts: Vec<Value> = ps
            .iter()
            .map(|p| {
                let e = ctx.operand(p.cast, 0);
                let f = at_first(ctx, l, iv, lb, e, &mut memo);
                let mut b = Builder::new(ctx, InsertPoint::Before(l), loc);
                let it = b.ctx.index_type();
                build_unary(&mut b, "arith.index_cast", f, it)
            })
            .collect();
        // The guard.
        let mut b = Builder::new(ctx, InsertPoint::Before(l), loc);
        let trip = build_binary(&mut b, "arith.subi", ub, lb);
        let empty = build_cmpi(&mut b, CI::Sle, ub, lb);
        let c1 = build_constant_index(&mut b, 1);
        let steps = build_binary(&mut b, "arith.subi", trip, c1);
        let span = build_constant_index(&mut b, 1 << 31);
        let mut ok = build_cmpi(&mut b, CI::Ule, trip, span);
        let max = build_constant_index(&mut b, i32::MAX as i64);
        let min = build_constant_index(&mut b, i32::MIN as i64);
        for (p, &f) in ps.iter().zip(&firsts) {
            let fits = if p.up {
                let last = build_binary(&mut b, "arith.addi", f, steps);
                build_cmpi(&mut b, CI::Sle, last, max)
            } else {
                let last = build_binary(&mut b, "arith.subi", f, steps);
                build_cmpi(&mut b, CI::Sge, last, min)
            };
            ok = build_binary(&mut b, "arith.andi", ok, fits);
        }
        let ok = build_binary(&mut b, "arith.ori", empty, ok);
        let tys: Vec<_> = ctx.results(l).iter().map(|&r| ctx.value_type(r)).collect();
        let mut b = Builder::new(ctx, InsertPoint::Before(l), loc);
        let (ifop, then_b, else_b) = IfOp::create(&mut b, ok, &tys, true);
        let else_b = else_b.expect("scf.if with an else block");
        // The widened loop.
        let mut map = FxHashMap::default();
        let fast = ctx.clone_op(l, &mut map);
        // Without results both blocks already end in their `scf.yield`.
        let at = |ctx: &Context, blk| match ctx.last_op(blk) {
            Some(y) if tys.is_empty() => InsertPoint::Before(y),
            _ => InsertPoint::BlockEnd(blk),
        };
        let then_at = at(ctx, then_b);
        ctx.insert_op(fast, then_at);
        let fbody = ctx.entry_block(ctx.region(fast, 0)).expect("scf.for body");
        let fiv = ctx.block_arg(fbody, 0);
        let first = ctx.first_op(fbody).expect("scf.for body has a terminator");
        let mut b = Builder::new(ctx, InsertPoint::Before(first), loc);
        let d = build_binary(&mut b, "arith.subi", fiv, lb);
        for (p, &f) in ps.iter().zip(&firsts) {
            let name = if p.up { "arith.addi" } else { "arith.subi" };
            let w = build_binary(&mut b, name, f, d);
            let old = map[&b.ctx.result(p.cast, 0)];
            b.ctx.replace_all_uses_with(old, w);
            self.num_positions.add(1);
        }
        let ifop = ifop.op();
        for (i, r) in ctx.results(l).to_vec().into_iter().enumerate() {
            let n = ctx.result(ifop, i);
            ctx.replace_all_uses_with(r, n);
        }
        // The loop as it was.
        let else_at = at(ctx, else_b);
        ctx.move_op(l, else_at);
        if !tys.is_empty() {
            let fr = ctx.results(fast).to_vec();
            let mut b = Builder::at_end(ctx, then_b, loc);
            YieldOp::create(&mut b, &fr);
            let lr = ctx.results(l).to_vec();
            let mut b = Builder::at_end(ctx, else_b, loc);
            YieldOp::create(&mut b, &lr);
        }
        self.num_loops.add(1);
    }
}

impl PassRun for WidenLoopIndices {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        module: OpId,
        _am: &mut AnalysisManager,
    ) -> PassResult {
        for (l, ps) in positions(ctx, module) {
            self.version(ctx, l, &ps);
        }
        Ok(())
    }
}
