//! `soac-loop-interchange`: a sequential loop over whole arrays whose every iteration is a map
//! becomes a map whose lambda runs the loop on one element.
//!
//! APL's vectorised style iterates whole arrays: Mandelbrot1 runs `step⍣N` on a 3×H×W array
//! (three planes: x, y, count), each step a zip of the planes. Run as written, every
//! iteration reads and writes every plane (≈ 100 MB per iteration at the paper size); a point's
//! iterations only ever touch that point, so the loop can run inside a per-point map with the
//! point's values in registers. Two rewrites of a `soac.loop`, exact (every element computes
//! the same operations in the same order):
//!
//! 1. **Unstacking.** A carried array `a` of rank `r ≥ 2` and constant outer extent `K` whose
//!    every use in the body is `soac.index %a[c]` (a constant plane `c`), and whose yielded
//!    value is a stack of `K` arrays — `soac.reshape` to `(K, e1, …)` of a concatenation of
//!    the flattened arrays `q_0 … q_{K-1}` of extents `(e1, …)`, or an `scf.if` on that
//!    concatenation being empty whose other branch is any array of those extents (then both
//!    are empty) — is carried as its `K` planes instead: the initial planes are indexed before
//!    the loop, the body yields the `q_c`, and after the loop `%result[c]` is the plane's
//!    result (other uses get the planes stacked again). The extents are proved: the carried
//!    value keeps its initial extents when every yielded value has them (reshape extents,
//!    `scf.if` branches, indexing, and maps, whose results have their first input's extents).
//! 2. **Interchange.** A loop whose body is one perfect map nest (`map` of `map` …, each level
//!    over its lambda's arguments) of depth `d` equal to the carried arrays' rank, with every
//!    carried array as one input (the others defined outside the loop) and yielding its results
//!    (in any order) as the next carried values, becomes the map nest over the initial arrays
//!    whose innermost lambda runs `soac.loop` on the element's values. With a count of 0 the
//!    nest yields the initial elements.
//!
//! Not rewritten: loops with other carried values or other work in the body, nests whose
//! innermost lambda uses values computed in the loop body (except the iteration number).

use rustc_hash::FxHashMap;
use tail_builtin::util::is_defined_outside;
use tail_ir::pass::{pass, AnalysisManager, PassResult, PassRun, Statistic};
use tail_ir::{BlockId, Builder, Context, InsertPoint, OpId, Type, Value, DYNAMIC};
use tail_soac::ops::parallel::{MapOp, YieldOp};
use tail_soac::ops::seq::LoopOp;
use tail_soac::ops::view::IndexOp;
use tail_soac::types::array_parts;

use crate::screma::{defined_inside, innermost, nest_depth};

/// Run sequential loops over arrays inside maps (unstacking planes of carried arrays first).
#[pass(
    argument = "soac-loop-interchange",
    summary = "Interchange a soac.loop whose body is one map nest over the carried arrays with that map (the loop runs per element); carried stacks of planes are unstacked first",
    anchor = "func.func"
)]
pub struct SoacLoopInterchange {
    #[statistic(
        name = "num-unstacked",
        description = "Number of carried arrays unstacked"
    )]
    num_unstacked: Statistic,
    #[statistic(
        name = "num-interchanged",
        description = "Number of loops interchanged"
    )]
    num_interchanged: Statistic,
}

/// An extent: a value, or a constant (values of equal constants are the same extent).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ext {
    Const(i64),
    Val(Value),
}

fn ext(ctx: &Context, v: Value) -> Ext {
    match tail_builtin::util::constant_int(ctx, v) {
        Some(c) => Ext::Const(c),
        None => Ext::Val(v),
    }
}

fn rank(ctx: &Context, v: Value) -> Option<usize> {
    array_parts(ctx, ctx.value_type(v)).map(|(s, _)| s.len())
}

/// The extents of array `v`, when proved; `assumed` holds those of loop-carried arguments.
fn extents(
    ctx: &Context,
    v: Value,
    assumed: &FxHashMap<Value, Vec<Ext>>,
    depth: usize,
) -> Option<Vec<Ext>> {
    if let Some(e) = assumed.get(&v) {
        return Some(e.clone());
    }
    let (shape, _) = array_parts(ctx, ctx.value_type(v))?;
    if shape.iter().all(|&d| d != DYNAMIC) {
        return Some(shape.iter().map(|&d| Ext::Const(d)).collect());
    }
    if depth > 32 {
        return None;
    }
    let d = ctx.defining_op(v)?;
    match ctx.op_name_str(d) {
        "soac.reshape" if ctx.num_operands(d) == 1 + shape.len() => Some(
            ctx.operand_vec(d)[1..]
                .iter()
                .map(|&x| ext(ctx, x))
                .collect(),
        ),
        "soac.index" => {
            let n = ctx.num_operands(d) - 1;
            let src = extents(ctx, ctx.operand(d, 0), assumed, depth + 1)?;
            Some(src.get(n..)?.to_vec())
        }
        "soac.map" => {
            // A perfect nest yielding scalars: every result has the first input's extents.
            let nest = nest_depth(ctx, d)?;
            let e = extents(ctx, ctx.operand(d, 0), assumed, depth + 1)?;
            (nest == shape.len() && e.len() >= nest).then(|| e[..nest].to_vec())
        }
        "scf.if" => {
            let i = (0..ctx.num_results(d)).find(|&i| ctx.result(d, i) == v)?;
            let mut out: Option<Vec<Ext>> = None;
            for &r in ctx.regions(d) {
                let y = ctx.last_op(ctx.entry_block(r)?)?;
                let e = extents(ctx, *ctx.operand_vec(y).get(i)?, assumed, depth + 1)?;
                if out.as_ref().is_some_and(|o| *o != e) {
                    return None;
                }
                out = Some(e);
            }
            out
        }
        _ => None,
    }
}

/// The `K` arrays that the yielded value `y` stacks, each of extents `inner`.
fn stacked(
    ctx: &Context,
    y: Value,
    outer: i64,
    inner: &[Ext],
    assumed: &FxHashMap<Value, Vec<Ext>>,
) -> Option<Vec<Value>> {
    let d = ctx.defining_op(y)?;
    if ctx.op_is(d, "scf.if") && ctx.num_results(d) == 1 {
        // `if (dim(flat) = 0) { anything of the extents } else { reshape flat }`.
        let blocks: Vec<BlockId> = ctx
            .regions(d)
            .iter()
            .filter_map(|&r| ctx.entry_block(r))
            .collect();
        if blocks.len() != 2 {
            return None;
        }
        let val = |b: BlockId| ctx.last_op(b).map(|t| ctx.operand(t, 0));
        let (then_v, else_v) = (val(blocks[0])?, val(blocks[1])?);
        let planes = stacked(ctx, else_v, outer, inner, assumed)?;
        let flat = ctx.operand(ctx.defining_op(else_v)?, 0);
        let c = ctx.defining_op(ctx.operand(d, 0))?;
        let is_empty_test = ctx.op_is(c, "arith.cmpi")
            && tail_builtin::arith::cmpi_predicate(ctx, c)
                == Some(tail_builtin::arith::CmpIPredicate::Eq)
            && tail_builtin::util::constant_int(ctx, ctx.operand(c, 1)) == Some(0)
            && ctx.defining_op(ctx.operand(c, 0)).is_some_and(|dd| {
                ctx.op_is(dd, "soac.dim")
                    && ctx.operand(dd, 0) == flat
                    && ctx.attr(dd, "axis").and_then(|a| ctx.attr_as_int(a)) == Some(0)
            });
        let mut full = vec![Ext::Const(outer)];
        full.extend_from_slice(inner);
        let then_ok = extents(ctx, then_v, assumed, 0).is_some_and(|e| e == full);
        return (is_empty_test && then_ok).then_some(planes);
    }
    if !ctx.op_is(d, "soac.reshape") || ctx.num_operands(d) != 2 + inner.len() {
        return None;
    }
    let target: Vec<Ext> = ctx.operand_vec(d)[1..]
        .iter()
        .map(|&x| ext(ctx, x))
        .collect();
    if target[0] != Ext::Const(outer) || target[1..] != *inner {
        return None;
    }
    // The flattened pieces of the concatenation, in order.
    let mut pieces = Vec::new();
    let mut stack = vec![ctx.operand(d, 0)];
    while let Some(v) = stack.pop() {
        let pd = ctx.defining_op(v)?;
        if ctx.op_is(pd, "soac.concat") {
            let ins = ctx.operand_vec(pd);
            stack.extend(ins.into_iter().rev());
        } else if ctx.op_is(pd, "soac.reshape")
            && ctx.num_operands(pd) == 2
            && ctx.attr(pd, "cyclic").is_none()
        {
            let q = ctx.operand(pd, 0);
            if extents(ctx, q, assumed, 0)? != inner {
                return None;
            }
            pieces.push(q);
        } else {
            return None;
        }
    }
    (pieces.len() as i64 == outer).then_some(pieces)
}

impl SoacLoopInterchange {
    /// Rewrite 1 on carried value `j` of `lp`; the new loop when done.
    fn unstack(&mut self, ctx: &mut Context, lp: OpId, j: usize) -> Option<OpId> {
        let body = ctx.entry_block(ctx.regions(lp)[0])?;
        let args = ctx.block_args(body).to_vec();
        let a = args[j + 1];
        let init = ctx.operand(lp, j + 1);
        let r = rank(ctx, a).filter(|&r| r >= 2)?;
        let init_ext = extents(ctx, init, &FxHashMap::default(), 0)?;
        let Ext::Const(k) = init_ext[0] else {
            return None;
        };
        if !(1..=16).contains(&k) || init_ext.len() != r {
            return None;
        }
        // Uses: constant planes only.
        let mut planes_used: Vec<(OpId, usize)> = Vec::new();
        for u in ctx.use_vec(a) {
            let c = (ctx.op_is(u.op, "soac.index") && ctx.num_operands(u.op) == 2)
                .then(|| tail_builtin::util::constant_int(ctx, ctx.operand(u.op, 1)))
                .flatten()
                .filter(|&c| (0..k).contains(&c))?;
            planes_used.push((u.op, c as usize));
        }
        let term = ctx.last_op(body)?;
        let y = ctx.operand(term, j);
        let mut assumed = FxHashMap::default();
        assumed.insert(a, init_ext.clone());
        let planes = stacked(ctx, y, k, &init_ext[1..], &assumed)?;
        // The new loop: the other carried values, then the planes.
        let loc = ctx.op_loc(lp);
        let count = ctx.operand(lp, 0);
        let mut b = Builder::new(ctx, InsertPoint::Before(lp), loc);
        let plane_ty = {
            let probe = planes_used.first().map(|&(o, _)| b.ctx.result(o, 0));
            match probe {
                Some(v) => b.ctx.value_type(v),
                None => b.ctx.value_type(planes[0]),
            }
        };
        // The yielded planes become carried values of the planes' type.
        if planes.iter().any(|&q| b.ctx.value_type(q) != plane_ty) {
            return None;
        }
        let mut inits: Vec<Value> = b.ctx.operand_vec(lp)[1..].to_vec();
        inits.remove(j);
        let n_other = inits.len();
        for c in 0..k {
            let ci = tail_builtin::arith::build_constant_index(&mut b, c);
            let p = IndexOp::build(&mut b, init, &[ci], plane_ty);
            inits.push(b.ctx.result(p.op(), 0));
        }
        let (new, nb, nargs) = build_loop(&mut b, count, &inits);
        // Move the body over.
        for o in ctx.block_op_vec(body) {
            ctx.move_op(o, InsertPoint::BlockEnd(nb));
        }
        ctx.replace_all_uses_with(args[0], nargs[0]);
        let mut other = 1;
        for (i, &old) in args.iter().enumerate().skip(1) {
            if i != j + 1 {
                ctx.replace_all_uses_with(old, nargs[other]);
                other += 1;
            }
        }
        for &(o, c) in &planes_used {
            let v = ctx.result(o, 0);
            ctx.replace_all_uses_with(v, nargs[1 + n_other + c]);
            ctx.erase_op(o);
        }
        let mut ys = ctx.operand_vec(term);
        ys.remove(j);
        ys.extend(planes.iter().copied());
        ctx.set_operands(term, &ys);
        // The old results.
        let olds = ctx.results(lp).to_vec();
        let mut other = 0;
        for (i, &old) in olds.iter().enumerate() {
            if i != j {
                ctx.replace_all_uses_with(old, ctx.result(new, other));
                other += 1;
                continue;
            }
            for u in ctx.use_vec(old) {
                let c = (ctx.op_is(u.op, "soac.index") && ctx.num_operands(u.op) == 2)
                    .then(|| tail_builtin::util::constant_int(ctx, ctx.operand(u.op, 1)))
                    .flatten()
                    .filter(|&c| (0..k).contains(&c));
                if let Some(c) = c {
                    let v = ctx.result(u.op, 0);
                    let nv = ctx.result(new, n_other + c as usize);
                    if ctx.value_type(v) == ctx.value_type(nv) {
                        ctx.replace_all_uses_with(v, nv);
                        ctx.erase_op(u.op);
                    }
                }
            }
            if ctx.has_uses(old) {
                // Stack the planes again: reshape (concat of the flattened planes).
                let mut b = Builder::new(ctx, InsertPoint::After(new), loc);
                let stacked = restack(&mut b, new, n_other, k as usize, init, old);
                ctx.replace_all_uses_with(old, stacked);
            }
        }
        clean_body(ctx, nb);
        ctx.erase_op(lp);
        self.num_unstacked.add(1);
        Some(new)
    }

    /// Rewrite 2 on `lp`; whether done.
    fn interchange(&mut self, ctx: &mut Context, lp: OpId) -> bool {
        let Some(body) = ctx.entry_block(ctx.regions(lp)[0]) else {
            return false;
        };
        clean_body(ctx, body);
        let ops = ctx.block_op_vec(body);
        if ops.len() != 2 || !ctx.op_is(ops[0], "soac.map") {
            return false;
        }
        let (m, term) = (ops[0], ops[1]);
        let args = ctx.block_args(body).to_vec();
        let carried = &args[1..];
        let n = carried.len();
        if n == 0 || ctx.num_results(m) != n {
            return false;
        }
        let Some(depth) = nest_depth(ctx, m) else {
            return false;
        };
        if carried.iter().any(|&c| rank(ctx, c) != Some(depth)) {
            return false;
        }
        // Yield j is result perm[j] of the map; carried j is input pos[j].
        let ys = ctx.operand_vec(term);
        let results = ctx.results(m).to_vec();
        let perm: Option<Vec<usize>> = ys
            .iter()
            .map(|y| results.iter().position(|r| r == y))
            .collect();
        let Some(perm) = perm else {
            return false;
        };
        let mut sorted = perm.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != n {
            return false;
        }
        let inputs = ctx.operand_vec(m);
        let pos: Vec<Option<usize>> = carried
            .iter()
            .map(|c| {
                let p: Vec<usize> = (0..inputs.len()).filter(|&i| inputs[i] == *c).collect();
                (p.len() == 1).then(|| p[0])
            })
            .collect();
        if pos.iter().any(Option::is_none) {
            return false;
        }
        let pos: Vec<usize> = pos.into_iter().map(Option::unwrap).collect();
        if inputs
            .iter()
            .any(|&v| !carried.contains(&v) && !is_defined_outside(ctx, v, lp))
        {
            return false;
        }
        let inner = innermost(ctx, m);
        let inner_map = ctx.block_parent_op(inner).expect("a lambda's map");
        // The innermost lambda may use values from outside the loop and the iteration number.
        let inner_ops: Vec<OpId> = ctx
            .block_op_vec(inner)
            .into_iter()
            .flat_map(|o| ctx.walk_preorder(o))
            .collect();
        for o in inner_ops {
            for v in ctx.operand_vec(o) {
                if !defined_inside(ctx, v, inner_map)
                    && v != args[0]
                    && !is_defined_outside(ctx, v, lp)
                {
                    return false;
                }
            }
        }
        // Build the new nest over the initial arrays.
        let loc = ctx.op_loc(lp);
        let count = ctx.operand(lp, 0);
        let inits = ctx.operand_vec(lp)[1..].to_vec();
        let new_inputs: Vec<Value> = inputs
            .iter()
            .map(|&v| match carried.iter().position(|&c| c == v) {
                Some(j) => inits[j],
                None => v,
            })
            .collect();
        let result_types: Vec<Type> = inits.iter().map(|&v| ctx.value_type(v)).collect();
        let new_top = build_nest(
            ctx,
            lp,
            loc,
            &new_inputs,
            &result_types,
            depth,
            &mut |ctx, blk, eargs| {
                // The loop over one element.
                let elem_inits: Vec<Value> = pos.iter().map(|&p| eargs[p]).collect();
                let mut b = Builder::new(ctx, InsertPoint::BlockEnd(blk), loc);
                let (l, lb, largs) = build_loop(&mut b, count, &elem_inits);
                let mut map: FxHashMap<Value, Value> = FxHashMap::default();
                map.insert(args[0], largs[0]);
                let old_args = ctx.block_args(inner).to_vec();
                for (i, &oa) in old_args.iter().enumerate() {
                    let v = match pos.iter().position(|&p| p == i) {
                        Some(j) => largs[1 + j],
                        None => eargs[i],
                    };
                    map.insert(oa, v);
                }
                let mut inner_ys = Vec::new();
                for o in ctx.block_op_vec(inner) {
                    if ctx.op_is(o, "soac.yield") {
                        inner_ys = ctx.operand_vec(o);
                        break;
                    }
                    let c = ctx.clone_op(o, &mut map);
                    ctx.insert_op(c, InsertPoint::BlockEnd(lb));
                }
                let next: Vec<Value> = perm
                    .iter()
                    .map(|&r| *map.get(&inner_ys[r]).unwrap_or(&inner_ys[r]))
                    .collect();
                YieldOp::build(
                    &mut Builder::new(ctx, InsertPoint::BlockEnd(lb), loc),
                    &next,
                );
                ctx.results(l).to_vec()
            },
        );
        let olds = ctx.results(lp).to_vec();
        for (j, &old) in olds.iter().enumerate() {
            ctx.replace_all_uses_with(old, ctx.result(new_top, j));
        }
        ctx.erase_op(lp);
        self.num_interchanged.add(1);
        true
    }
}

/// Erases the trivially dead ops of `blk` (results unused, no effect but reads), until none
/// is left: the shape computations of a stack the rewrite no longer builds.
fn clean_body(ctx: &mut Context, blk: BlockId) {
    loop {
        let dead: Vec<OpId> = ctx
            .block_op_vec(blk)
            .into_iter()
            .filter(|&o| tail_ir::greedy::is_op_trivially_dead(ctx, o))
            .collect();
        if dead.is_empty() {
            return;
        }
        for o in dead {
            ctx.erase_op(o);
        }
    }
}

/// A `soac.loop` over `count` carrying `inits`, built at `b`, with its body block (arguments:
/// the iteration number, then the carried values) and that block's arguments.
fn build_loop(b: &mut Builder<'_>, count: Value, inits: &[Value]) -> (OpId, BlockId, Vec<Value>) {
    let types: Vec<Type> = inits.iter().map(|&v| b.ctx.value_type(v)).collect();
    let l = LoopOp::build(b, count, inits, types.clone());
    let region = b.ctx.regions(l.op())[0];
    let mut arg_types = vec![b.ctx.index_type()];
    arg_types.extend(types);
    let blk = b.ctx.append_new_block(region, &arg_types);
    let args = b.ctx.block_args(blk).to_vec();
    (l.op(), blk, args)
}

/// The planes (results `first..first+k` of `lp`) stacked into an array of `like`'s type with
/// the extents of `init`: `reshape (concat (reshape plane to (n))…) to (k, e…)`.
fn restack(
    b: &mut Builder<'_>,
    lp: OpId,
    first: usize,
    k: usize,
    init: Value,
    like: Value,
) -> Value {
    let ty = b.ctx.value_type(like);
    let elem = array_parts(b.ctx, ty).map(|(_, e)| e).expect("an array");
    let r = rank(b.ctx, like).expect("an array");
    let idx = b.ctx.index_type();
    let dims: Vec<Value> = (0..r)
        .map(|a| {
            let i64t = b.ctx.int_type(64);
            let axis = b.ctx.int_attr(i64t, a as i64);
            let d = tail_soac::ops::view::DimOp::build(b, init, idx, axis);
            b.ctx.result(d.op(), 0)
        })
        .collect();
    let mut n = dims[1];
    for &d in &dims[2..] {
        n = tail_builtin::arith::build_binary(b, "arith.muli", n, d);
    }
    let flat_ty = b.ctx.tensor_type(vec![DYNAMIC], elem);
    let mut pieces = Vec::new();
    for c in 0..k {
        let p = b.ctx.result(lp, first + c);
        let f = tail_soac::ops::view::ReshapeOp::build(b, p, &[n], flat_ty, None);
        pieces.push(b.ctx.result(f.op(), 0));
    }
    let i64t = b.ctx.int_type(64);
    let along = b.ctx.int_attr(i64t, 0);
    let cat = tail_soac::ops::create::ConcatOp::build(b, &pieces, flat_ty, along);
    let whole = b.ctx.result(cat.op(), 0);
    let s = tail_soac::ops::view::ReshapeOp::build(b, whole, &dims, ty, None);
    b.ctx.result(s.op(), 0)
}

/// Fills a lambda block (given its arguments) and returns the values it yields.
type FillLambda<'a> = dyn FnMut(&mut Context, BlockId, &[Value]) -> Vec<Value> + 'a;

/// A perfect map nest of `depth` levels over `inputs`, before `before`, with results of
/// `result_types`; `fill` fills the innermost lambda (its block and element arguments) and
/// returns the values it yields. Returns the outermost map.
fn build_nest(
    ctx: &mut Context,
    before: OpId,
    loc: tail_ir::Location,
    inputs: &[Value],
    result_types: &[Type],
    depth: usize,
    fill: &mut FillLambda<'_>,
) -> OpId {
    let mut b = Builder::new(ctx, InsertPoint::Before(before), loc);
    let m = MapOp::build(&mut b, inputs, result_types.to_vec());
    let region = m.body(ctx);
    let row_types: Vec<Type> = inputs
        .iter()
        .map(|&v| {
            let ty = ctx.value_type(v);
            tail_soac::types::row_of(ctx, ty)
                .expect("array")
                .to_type(ctx)
        })
        .collect();
    let blk = ctx.append_new_block(region, &row_types);
    let rows = ctx.block_args(blk).to_vec();
    let ys = if depth == 1 {
        fill(ctx, blk, &rows)
    } else {
        let inner_types: Vec<Type> = result_types
            .iter()
            .map(|&t| {
                tail_soac::types::row_of(ctx, t)
                    .expect("array")
                    .to_type(ctx)
            })
            .collect();
        // The inner map goes before a placeholder terminator.
        let y = YieldOp::build(&mut Builder::new(ctx, InsertPoint::BlockEnd(blk), loc), &[]);
        let inner = build_nest(ctx, y.op(), loc, &rows, &inner_types, depth - 1, fill);
        ctx.erase_op(y.op());
        ctx.results(inner).to_vec()
    };
    YieldOp::build(&mut Builder::new(ctx, InsertPoint::BlockEnd(blk), loc), &ys);
    m.op()
}

impl PassRun for SoacLoopInterchange {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        func: OpId,
        _am: &mut AnalysisManager,
    ) -> PassResult {
        let loops: Vec<OpId> = ctx
            .walk_postorder(func)
            .into_iter()
            .filter(|&o| ctx.op_is(o, "soac.loop"))
            .collect();
        for mut lp in loops {
            let mut j = 0;
            while j + 1 < ctx.num_operands(lp) {
                match self.unstack(ctx, lp, j) {
                    Some(new) => lp = new,
                    None => j += 1,
                }
            }
            self.interchange(ctx, lp);
        }
        Ok(())
    }
}
