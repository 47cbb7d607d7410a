//! Host loops: a `soac.loop` of a function's body (at the top level, or in the body of such a
//! loop) becomes `scf.for %i = 0 to %count step 1` on the host, whose body is converted like
//! the function's body, op by op, so each SOAC in it becomes grid programs that run once per
//! iteration (the structure of HotSpot or the Game of Life: a sequential loop around kernels
//! stays on the host, Dybdal 2017 §3.5.3 and FHPC'16 §6.2).
//!
//! * Loop-carried arrays become memrefs (the host memref type of the tensor): the initial value
//!   and each yielded value are the array's memref (`host_mem`: a program's grid array, or a
//!   view forced by a new program, through `builtin.unrealized_conversion_cast`), so every
//!   iteration starts from memory; in the body a carried array is `Arr::Host` of the block
//!   argument (its extents `memref.dim`s, so the shape may change between iterations), read
//!   by the kernels of the iteration. After the loop a carried result is a host memref too.
//!   `convert-hpar-to-gpu` keeps these memrefs on the device (see its module `loops`).
//! * Scalars (and any other non-tensor value) are carried as they are.
//! * The iteration number is the induction variable.
//!
//! An array of an unranked tensor type is an error located at the loop.

use tail_ir::{Builder, InsertPoint, OpId, Value, DYNAMIC};

use super::{err, is_tensor, tensor_parts, to_memref, Cx};
use crate::arr::Arr;
use crate::util::*;

/// The extents of memref `m` of shape `shape`: constants where static, `memref.dim` where
/// dynamic, built at the builder's insertion point.
fn extents(b: &mut Builder<'_>, m: Value, shape: &[i64]) -> Vec<Value> {
    shape
        .iter()
        .enumerate()
        .map(|(d, &s)| {
            if s == DYNAMIC {
                let dv = cidx(b, d as i64);
                tail_builtin::memref::DimOp::create(b, m, dv)
            } else {
                cidx(b, s)
            }
        })
        .collect()
}

/// Whether `x` and `y` are the same extent (one value, or equal constants).
fn same_extent(ctx: &tail_ir::Context, x: Value, y: Value) -> bool {
    x == y
        || tail_builtin::util::constant_int(ctx, x)
            .is_some_and(|c| tail_builtin::util::constant_int(ctx, y) == Some(c))
}

impl Cx {
    /// The source of `v` if `v` is a `soac.reshape` that changes nothing (not cyclic, the
    /// source of the same memref type and the same extents), else `v`: the loop then starts
    /// from the source's memory instead of a copy.
    fn same_array(&self, ctx: &mut tail_ir::Context, v: Value) -> Value {
        let Some(d) = ctx.defining_op(v).filter(|&d| ctx.op_is(d, "soac.reshape")) else {
            return v;
        };
        if ctx.attr(d, "cyclic").is_some() {
            return v;
        }
        let src = ctx.operand(d, 0);
        let (Some(a), Some(s)) = (self.arrs.get(&v), self.arrs.get(&src)) else {
            return v;
        };
        let same_type = to_memref(ctx, ctx.value_type(src)) == to_memref(ctx, ctx.value_type(v));
        let same_ext = a.ext().len() == s.ext().len()
            && a.ext()
                .iter()
                .zip(s.ext())
                .all(|(&x, &y)| same_extent(ctx, x, y));
        if same_type && same_ext {
            src
        } else {
            v
        }
    }

    /// `soac.loop` → host `scf.for` (module doc); ops left unused are pushed on `dead`.
    pub(super) fn convert_loop(
        &mut self,
        b: &mut Builder<'_>,
        op: OpId,
        dead: &mut Vec<OpId>,
    ) -> CResult {
        let operands = b.operand_vec(op);
        let (count, inits) = (operands[0], &operands[1..]);
        // The loop's own types (an initial value may already be a memref: a function argument).
        let mut shapes = Vec::with_capacity(inits.len());
        for &r in b.results(op).to_vec().iter() {
            let t = b.value_type(r);
            if is_tensor(b.ctx, t) && tensor_parts(b.ctx, t).is_none() {
                return Err(err(
                    b.ctx,
                    op,
                    "cannot be lowered by convert-soac-to-hpar: a loop-carried array of unranked type",
                ));
            }
            shapes.push(tensor_parts(b.ctx, t).map(|(s, _)| s));
        }
        // Initial values: arrays as host memrefs of the loop's types (a memref of static
        // extents, e.g. a host table of constants, cast to the loop's dynamic ones).
        let mut new_inits = Vec::with_capacity(inits.len());
        for (k, (&v, shape)) in inits.iter().zip(&shapes).enumerate() {
            if shape.is_some() {
                let v = self.same_array(b.ctx, v);
                let m = self.host_mem(b, op, v)?;
                let t = b.value_type(b.result(op, k));
                let mt = to_memref(b.ctx, t);
                new_inits.push(cast_to(b, m, mt));
            } else {
                new_inits.push(v);
            }
        }
        let c0 = cidx(b, 0);
        let c1 = cidx(b, 1);
        let region = b.ctx.create_region();
        let old_region = b.region(op, 0);
        b.ctx.take_region_blocks(old_region, region);
        let body = b
            .entry_block(region)
            .expect("soac.loop has a body (verified)");
        let mut for_ops = vec![c0, count, c1];
        for_ops.extend(&new_inits);
        let rtys: Vec<_> = new_inits.iter().map(|&v| b.value_type(v)).collect();
        let for_op = mk(b, "scf.for", &for_ops, &rtys, &[], vec![region]);
        // The body: carried arrays are host memrefs.
        b.set_insertion_point(InsertPoint::BlockStart(body));
        let args = b.block_args(body).to_vec();
        for (&a, shape) in args[1..].iter().zip(&shapes) {
            let Some(shape) = shape else { continue };
            let mt = to_memref(b.ctx, b.value_type(a));
            b.set_value_type(a, mt);
            let ext = extents(b, a, shape);
            self.arrs.insert(a, Arr::Host { mem: a, ext });
        }
        // Memrefs made for arrays of the enclosing scope are valid in this body only.
        let saved_host = self.host.clone();
        for o in b.block_op_vec(body) {
            if b.op_is(o, "soac.yield") {
                b.set_insertion_point(InsertPoint::Before(o));
                b.loc = b.op_loc(o);
                let mut ys = Vec::new();
                for (k, v) in b.operand_vec(o).into_iter().enumerate() {
                    if is_tensor(b.ctx, b.value_type(v)) {
                        let m = self.host_mem(b, o, v)?;
                        ys.push(cast_to(b, m, b.value_type(new_inits[k])));
                    } else {
                        ys.push(v);
                    }
                }
                mk(b, "scf.yield", &ys, &[], &[], Vec::new());
                dead.push(o);
            } else {
                self.convert_op(b, o, dead)?;
            }
        }
        self.host = saved_host;
        // The results.
        b.set_insertion_point(InsertPoint::After(for_op));
        b.loc = b.op_loc(op);
        for (i, shape) in shapes.iter().enumerate() {
            let (old, new) = (b.result(op, i), b.result(for_op, i));
            b.replace_all_uses_with(old, new);
            if let Some(shape) = shape {
                let ext = extents(b, new, shape);
                self.arrs.insert(new, Arr::Host { mem: new, ext });
            }
        }
        dead.push(op);
        Ok(())
    }
}

/// `m` as a memref of type `t`: itself, or a `memref.cast` of it (the same elements, extents
/// known statically in one of the two types only).
fn cast_to(b: &mut Builder<'_>, m: Value, t: tail_ir::Type) -> Value {
    if b.value_type(m) == t {
        return m;
    }
    mk1(b, "memref.cast", &[m], t, &[])
}
