//! Nested reductions over the rows of rank-2 arrays, flattened.
//!
//! `redomap` over rank-2 arrays whose map lambda is one inner `reduce`/`redomap` of its rows
//! (APL's `+/+/m`, the board of `life` fused into it:
//! `soac.redomap %a… { ⊕ } map { ^(%rows…): soac.redomap %rows… { ⊕ } map { f } }`),
//! yielding the inner results in order and combining with the same operator, is the
//! reduction of every element: the operator is associative with its neutral element, so
//! reducing the rows' reductions is reducing the elements, and commutative (`comm` on both),
//! so the order does not matter. (Like a map, it takes the extents of its first input for
//! all.) It is lowered as one `block-tree` reduction over the row-major flattened inputs,
//! with `f` as the map lambda; the inner mapped-out rows are the rows of the outer mapped-out
//! arrays (written in the first program, then viewed with the rank-2 extents).
//!
//! Any other reduction with mapped-out rows (its map lambda yields arrays: `⌈/ +/ m` fused
//! with `m × 2`, `+/ v` joined with `d ← m - n`) has its mapped-out results computed by a
//! map of their own ([`Cx::split_mapped_out_rows`]): a full reduction's threads store
//! scalars only.

use tail_ir::{BlockId, Builder, Context, InsertPoint, OpId, Type};

use super::{analyse_reduce, is_tensor, neutral_count, Cx, Red};
use crate::arr::{self, Arr};
use crate::util::*;

/// Whether the lambdas `a` and `b` compute the same thing: the same arguments, the same ops
/// (name, attributes, operands corresponding, no regions) in the same order, the same yield.
fn same_lambda(ctx: &Context, a: BlockId, b: BlockId) -> bool {
    let (aa, ba) = (ctx.block_args(a), ctx.block_args(b));
    if aa.len() != ba.len()
        || aa
            .iter()
            .zip(ba)
            .any(|(&x, &y)| ctx.value_type(x) != ctx.value_type(y))
    {
        return false;
    }
    let mut map: VMap = aa.iter().copied().zip(ba.iter().copied()).collect();
    let (ao, bo) = (ctx.block_op_vec(a), ctx.block_op_vec(b));
    if ao.len() != bo.len() {
        return false;
    }
    for (&x, &y) in ao.iter().zip(&bo) {
        if ctx.op_name_str(x) != ctx.op_name_str(y)
            || ctx.attrs(x) != ctx.attrs(y)
            || !ctx.regions(x).is_empty()
            || !ctx.regions(y).is_empty()
            || ctx.num_operands(x) != ctx.num_operands(y)
            || ctx.num_results(x) != ctx.num_results(y)
        {
            return false;
        }
        let same = ctx
            .operand_vec(x)
            .iter()
            .zip(ctx.operand_vec(y))
            .all(|(&p, q)| map.get(&p).copied().unwrap_or(p) == q);
        if !same {
            return false;
        }
        for (&p, &q) in ctx.results(x).iter().zip(ctx.results(y)) {
            if ctx.value_type(p) != ctx.value_type(q) {
                return false;
            }
            map.insert(p, q);
        }
    }
    true
}

impl Cx {
    /// Lowers `op` as a flattened nested reduction when it is one (see the module docs);
    /// `false` when it is not.
    pub(super) fn flatten_nested(&mut self, b: &mut Builder<'_>, op: OpId) -> CResult<bool> {
        if !b.op_is(op, "soac.redomap") {
            return Ok(false);
        }
        let k = neutral_count(b.ctx, op);
        let nin = b.num_operands(op) - k;
        let ins = b.operand_vec(op)[..nin].to_vec();
        let mut arrs = Vec::new();
        for &v in &ins {
            match self.arrs.get(&v) {
                Some(a) if a.ext().len() == 2 => arrs.push(a.clone()),
                _ => return Ok(false),
            }
        }
        let Some(lam) = b.entry_block(b.region(op, 1)) else {
            return Ok(false);
        };
        let ops = b.block_op_vec(lam);
        let [inner, yield_op] = ops[..] else {
            return Ok(false);
        };
        let iname = b.op_name_str(inner);
        if iname != "soac.redomap" && iname != "soac.reduce" {
            return Ok(false);
        }
        let rows = b.block_args(lam).to_vec();
        let ik = neutral_count(b.ctx, inner);
        let inner_ins = b.operand_vec(inner)[..b.num_operands(inner) - ik].to_vec();
        let nested = ik == k
            && b.num_results(inner) == b.num_results(op)
            && b.operand_vec(yield_op) == b.results(inner)
            && inner_ins.iter().all(|v| rows.contains(v))
            && b.attr(op, "comm").is_some()
            && b.attr(inner, "comm").is_some();
        // The inner lambdas read the rows only as the inner reduction's inputs: one reading a
        // row by position (`+/ +/ ÷\ a`, the scan's prefix of each element) needs the row,
        // which the flattened reduction has not.
        let rows_read_inside = rows.iter().any(|&r| used_inside(b.ctx, r, inner));
        if !nested || rows_read_inside {
            return Ok(false);
        }
        let (Some(oo), Some(io)) = (
            b.entry_block(b.region(op, 0)),
            b.entry_block(b.region(inner, 0)),
        ) else {
            return Ok(false);
        };
        if !same_lambda(b.ctx, oo, io) {
            return Ok(false);
        }
        // The inner reduction's operator is the outer one; its map lambda is the element map.
        let inner_red = analyse_reduce(b.ctx, inner)?;
        // Rank-1 views of the inputs, in the inner reduction's operand order.
        let ext = arrs[0].ext().to_vec();
        let n = arr::count(b, &ext);
        let flat: Vec<Arr> = inner_ins
            .iter()
            .map(|v| {
                let i = rows.iter().position(|r| r == v).expect("a row argument");
                Arr::Reshape {
                    src: Box::new(arrs[i].clone()),
                    ext: vec![n],
                    cyclic: false,
                }
            })
            .collect();
        let red = Red {
            op,
            input_vals: inner_ins,
            nes: b.operand_vec(op)[nin..].to_vec(),
            elems: inner_red.elems,
            opr: inner_red.opr,
            map: inner_red.map,
            outs: inner_red.outs,
        };
        let s = self.full_reduce(b, &red, Some(flat), Some(ext))?;
        for (i, s) in s.into_iter().enumerate() {
            let r = b.result(op, i);
            b.replace_all_uses_with(r, s);
        }
        Ok(true)
    }
    /// A `redomap` not lowered by [`Self::flatten_nested`] whose map lambda yields arrays for
    /// mapped-out results: all its mapped-out results become the results of a new
    /// `soac.map` of the same inputs and lambda (placed before `op`, converted, and pushed
    /// to `dead`); the reduction then computes only the reduced values. `false` when `op`
    /// has no such results.
    pub(super) fn split_mapped_out_rows(
        &mut self,
        b: &mut Builder<'_>,
        op: OpId,
        dead: &mut Vec<OpId>,
    ) -> CResult<bool> {
        if !b.op_is(op, "soac.redomap") {
            return Ok(false);
        }
        let k = neutral_count(b.ctx, op);
        let Some(lam) = b.entry_block(b.region(op, 1)) else {
            return Ok(false);
        };
        let Some(term) = b.ctx.last_op(lam) else {
            return Ok(false);
        };
        let ys = b.operand_vec(term);
        if ys.len() <= k || !ys[k..].iter().any(|&y| is_tensor(b.ctx, b.value_type(y))) {
            return Ok(false);
        }
        let nin = b.num_operands(op) - k;
        let inputs = b.operand_vec(op)[..nin].to_vec();
        let args = b.block_args(lam).to_vec();
        let arg_tys: Vec<Type> = args.iter().map(|&a| b.value_type(a)).collect();
        let (r, blk) = region(b.ctx, &arg_tys);
        let mut map: VMap = args
            .iter()
            .copied()
            .zip(b.block_args(blk).iter().copied())
            .collect();
        let saved = b.insertion_point();
        b.set_insertion_point(InsertPoint::BlockEnd(blk));
        for o in b.block_op_vec(lam) {
            if o == term {
                break;
            }
            let c = b.clone_op(o, &mut map);
            let ip = b.insertion_point();
            b.insert_op(c, ip);
        }
        let outs: Vec<_> = ys[k..].iter().map(|y| *map.get(y).unwrap_or(y)).collect();
        mk(b, "soac.yield", &outs, &[], &[], Vec::new());
        b.set_insertion_point(saved);
        let results: Vec<_> = b.results(op)[k..].to_vec();
        let rtys: Vec<Type> = results.iter().map(|&x| b.value_type(x)).collect();
        let m = mk(b, "soac.map", &inputs, &rtys, &[], vec![r]);
        for (j, &x) in results.iter().enumerate() {
            let nr = b.result(m, j);
            b.replace_all_uses_with(x, nr);
        }
        self.convert_map(b, m)?;
        dead.push(m);
        Ok(true)
    }
}
