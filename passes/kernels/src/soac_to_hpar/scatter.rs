//! `soac.scatter` (module of `convert-soac-to-hpar`).
//!
//! `scatter %vs into %dest[%is]` writes row `vs[j]` to `dest[is[j]]`, ignoring indices outside
//! the destination, and where an index repeats the last write wins. Run in parallel, the
//! writes of one position would race, so the scatter is turned around into a gather over the
//! destination, in two programs:
//!
//! 1. `hpar.last_write<grid> is, m` (`tail.par = "grid-atomic"`): for every destination row
//!    `p < m`, the largest `j` with `is[j] = p`, or `-1` (`convert-hpar-to-gpu` fills the
//!    array with `-1` and lets thread `j` take `atomic max` of `j` at `is[j]`);
//! 2. a `grid-thread` program over the destination's elements, row-major: element `c` of row
//!    `p` is element `c` of row `w[p]` of the values when `w[p] ≥ 0`, else the destination's
//!    own (consecutive threads read consecutive elements of the destination and of `w`).
//!
//! The result is deterministic and equals the sequential scatter's. The destination is read,
//! not written: its buffer is not reused (its consumption only allows that).
//!
//! A `permutation` scatter (every destination row written once) needs neither: one
//! `grid-scatter` program moves the values to their rows ([`Cx::permute`]).

use tail_hpar::types::Level;
use tail_ir::{Builder, OpId};

use super::{err, generate, level, push, push_ty, tensor_parts, Cx};
use crate::arr::{self, Arr};
use crate::util::*;

impl Cx {
    /// `soac.scatter`: the winners of the writes, then a gather over the destination.
    pub(super) fn convert_scatter(&mut self, b: &mut Builder<'_>, op: OpId) -> CResult {
        let sc = tail_soac::ops::parallel::ScatterOp::from_op(b.ctx, op).expect("scatter");
        let (vs, dest, is) = (sc.values(b.ctx), sc.dest(b.ctx), sc.indices(b.ctx));
        let r = b.result(op, 0);
        let (_, elem) = tensor_parts(b.ctx, b.value_type(r)).expect("tensor result");
        if !is_scalar(b.ctx, elem) {
            return Err(err(
                b.ctx,
                op,
                format!(
                    "cannot be lowered by convert-soac-to-hpar: scatter of '{}' elements",
                    b.ctx.type_to_string(elem)
                ),
            ));
        }
        let i32t = b.int_type(32);
        let (_, ielem) = tensor_parts(b.ctx, b.value_type(is)).expect("tensor indices");
        if ielem != i32t {
            return Err(err(
                b.ctx,
                op,
                format!(
                    "cannot be lowered by convert-soac-to-hpar: scatter with '{}' indices (supported: 'i32')",
                    b.ctx.type_to_string(ielem)
                ),
            ));
        }
        let vs = self.arr(b.ctx, op, vs)?;
        let dest = self.arr(b.ctx, op, dest)?;
        let is = self.arr(b.ctx, op, is)?;
        let ext = dest.ext().to_vec();
        if sc.permutation(b.ctx).is_some() {
            return self.permute(b, op, elem, &vs, &is, &ext);
        }
        let m = ext[0];
        let nrow = arr::count(b, &ext[1..]);
        let n = is.ext()[0];
        // Program 1: which write wins at every destination row.
        let winners = self.program(b, i32t, "grid-atomic", |b| {
            let idx = generate(b, n, i32t, |b, j| Ok(arr::read_flat(b, &is, j, i32t)))?;
            let t = push_ty(b.ctx, i32t, Level::Grid);
            let lv = level(b.ctx, Level::Grid);
            Ok(mk1(b, "hpar.last_write", &[idx, m], t, &[("level", lv)]))
        })?;
        let warr = Arr::Grid {
            pull: winners,
            ext: vec![m],
        };
        // Program 2: the gather over the destination's elements.
        let all = bin(b, "arith.muli", m, nrow);
        let pull = self.program(b, elem, "grid-thread", |b| {
            let g = generate(b, all, elem, |b, q| {
                let p = bin(b, "arith.divui", q, nrow);
                let c = bin(b, "arith.remui", q, nrow);
                let w = arr::read_flat(b, &warr, p, i32t);
                let i32t = b.int_type(32);
                let z = tail_builtin::arith::build_constant_int(b, i32t, 0);
                let written = tail_builtin::arith::build_cmpi(
                    b,
                    tail_builtin::arith::CmpIPredicate::Sge,
                    w,
                    z,
                );
                Ok(arr::if_value(
                    b,
                    written,
                    elem,
                    |b| {
                        let it = b.index_type();
                        let j = mk1(b, "arith.index_cast", &[w], it, &[]);
                        let at = bin(b, "arith.muli", j, nrow);
                        let at = bin(b, "arith.addi", at, c);
                        arr::read_flat(b, &vs, at, elem)
                    },
                    |b| arr::read_flat(b, &dest, q, elem),
                ))
            })?;
            Ok(push(b, g, elem, Level::Grid))
        })?;
        self.arrs.insert(r, Arr::Grid { pull, ext });
        Ok(())
    }

    /// A `permutation` scatter: the rows of the values moved to the rows the indices give by
    /// one `grid-scatter` program ([`Cx::move_rows`]); the destination is not read. Later
    /// `permutation` scatters of rank-1 arrays in the same block with the same indices, whose
    /// values are already there, are written by the same program (the radix sort's pass moves
    /// the permutation and the keys: the indices are read once); they are then done.
    fn permute(
        &mut self,
        b: &mut Builder<'_>,
        op: OpId,
        elem: tail_ir::Type,
        vs: &Arr,
        is: &Arr,
        ext: &[tail_ir::Value],
    ) -> CResult {
        let mut results = vec![b.result(op, 0)];
        let mut srcs = vec![vs.clone()];
        let mut elems = vec![elem];
        if ext.len() == 1 {
            for (r, a, e) in self.partners(b.ctx, op) {
                results.push(r);
                srcs.push(a);
                elems.push(e);
            }
        }
        let n = is.ext()[0];
        let refs: Vec<&Arr> = srcs.iter().collect();
        let (pulls, padded) = self.move_rows(b, &refs, &elems, n, &|b, j| {
            let i32t = b.int_type(32);
            let to = arr::read_flat(b, is, j, i32t);
            let it = b.index_type();
            Ok(mk1(b, "arith.index_cast", &[to], it, &[]))
        })?;
        for (r, pull) in results.into_iter().zip(pulls) {
            self.arrs.insert(
                r,
                Arr::Reshape {
                    src: Box::new(Arr::Grid {
                        pull,
                        ext: vec![padded],
                    }),
                    ext: ext.to_vec(),
                    cyclic: false,
                },
            );
        }
        Ok(())
    }

    /// The later `permutation` scatters of `op`'s block that [`Self::permute`] writes with
    /// it: the same indices, scalar elements of rank-1 arrays, values already converted. Each
    /// as its result, its values and their element type.
    fn partners(
        &self,
        ctx: &tail_ir::Context,
        op: OpId,
    ) -> Vec<(tail_ir::Value, Arr, tail_ir::Type)> {
        let Some(block) = ctx.op_parent_block(op) else {
            return Vec::new();
        };
        let is = ctx.operand(op, 2);
        let mut out = Vec::new();
        let mut after = false;
        for o in ctx.block_op_vec(block) {
            if o == op {
                after = true;
                continue;
            }
            if !after
                || !ctx.op_is(o, "soac.scatter")
                || ctx.attr(o, "permutation").is_none()
                || ctx.operand(o, 2) != is
            {
                continue;
            }
            let r = ctx.result(o, 0);
            let Some((shape, elem)) = tensor_parts(ctx, ctx.value_type(r)) else {
                continue;
            };
            let Some(vs) = self.arrs.get(&ctx.operand(o, 0)) else {
                continue;
            };
            if shape.len() == 1 && is_scalar(ctx, elem) {
                out.push((r, vs.clone(), elem));
            }
        }
        out
    }
}
