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
        // Arrays carried as a prefix of their buffer: each has its extent carried after the
        // loop's values.
        let prefixed = prefix_carried(b.ctx, op, &shapes);
        let it = b.index_type();
        for &k in &prefixed {
            // The initial array's extent as the host knows it (not a `memref.dim` of its
            // memref: a use outside the loop would keep the loop from taking the buffer over).
            let v = self.same_array(b.ctx, inits[k]);
            let ext = self.arr(b.ctx, op, v)?.ext()[0];
            new_inits.push(ext);
        }
        let c0 = cidx(b, 0);
        let c1 = cidx(b, 1);
        let region = b.ctx.create_region();
        let old_region = b.region(op, 0);
        b.ctx.take_region_blocks(old_region, region);
        let body = b
            .entry_block(region)
            .expect("soac.loop has a body (verified)");
        let ext_args: Vec<Value> = prefixed
            .iter()
            .map(|_| b.ctx.add_block_arg(body, it))
            .collect();
        let mut for_ops = vec![c0, count, c1];
        for_ops.extend(&new_inits);
        let rtys: Vec<_> = new_inits.iter().map(|&v| b.value_type(v)).collect();
        let for_op = mk(b, "scf.for", &for_ops, &rtys, &[], vec![region]);
        // The body: carried arrays are host memrefs (the first elements of them, for the
        // arrays carried as a prefix).
        b.set_insertion_point(InsertPoint::BlockStart(body));
        let args = b.block_args(body).to_vec();
        for (k, (&a, shape)) in args[1..].iter().zip(&shapes).enumerate() {
            let Some(shape) = shape else { continue };
            let mt = to_memref(b.ctx, b.value_type(a));
            b.set_value_type(a, mt);
            let ext = extents(b, a, shape);
            let host = Arr::Host { mem: a, ext };
            let arr = match prefixed.iter().position(|&p| p == k) {
                Some(i) => prefix(host, ext_args[i]),
                None => host,
            };
            self.arrs.insert(a, arr);
        }
        // Memrefs made for arrays of the enclosing scope are valid in this body only.
        let saved_host = self.host.clone();
        for o in b.block_op_vec(body) {
            if b.op_is(o, "soac.yield") {
                b.set_insertion_point(InsertPoint::Before(o));
                b.loc = b.op_loc(o);
                let mut ys = Vec::new();
                let mut exts = Vec::new();
                for (k, v) in b.operand_vec(o).into_iter().enumerate() {
                    if !is_tensor(b.ctx, b.value_type(v)) {
                        ys.push(v);
                        continue;
                    }
                    let mt = b.value_type(new_inits[k]);
                    if !prefixed.contains(&k) {
                        let m = self.host_mem(b, o, v)?;
                        ys.push(cast_to(b, m, mt));
                        continue;
                    }
                    // The whole buffer of a prefix of a grid array (the array a `permutation`
                    // scatter or a filter padded to whole blocks) and the prefix's extent;
                    // any other array as it is, its extent its own.
                    match self.arr(b.ctx, o, v)? {
                        Arr::Reshape {
                            src,
                            ext,
                            cyclic: false,
                        } if ext.len() == 1
                            && matches!(&*src, Arr::Grid { ext: whole, .. } if whole.len() == 1) =>
                        {
                            let Arr::Grid { pull, ext: whole } = *src else {
                                unreachable!("matched above")
                            };
                            let m = mk1(
                                b,
                                "builtin.unrealized_conversion_cast",
                                &[pull, whole[0]],
                                mt,
                                &[],
                            );
                            ys.push(m);
                            exts.push(ext[0]);
                        }
                        _ => {
                            let m = self.host_mem(b, o, v)?;
                            let m = cast_to(b, m, mt);
                            exts.push(extents(b, m, &[DYNAMIC])[0]);
                            ys.push(m);
                        }
                    }
                }
                ys.extend(exts);
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
            if let Some(j) = prefixed.iter().position(|&p| p == i) {
                // A view, not a memref: the result stays the key of its array, so host uses
                // get a copy of the prefix (`host_mem`) and kernels read the buffer.
                let ext = extents(b, new, &[DYNAMIC]);
                let n = b.result(for_op, shapes.len() + j);
                self.arrs
                    .insert(old, prefix(Arr::Host { mem: new, ext }, n));
                continue;
            }
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

/// The carried arrays (their positions) that a loop carries as the first elements of a
/// longer buffer: rank-1 arrays that the body yields from a `permutation` scatter or a
/// filter, whose grid arrays are padded to whole blocks. Their extent is carried beside them,
/// so that no program copies the prefix into a buffer of its own at every iteration. Not an
/// array the body hands to host code as a memref (to `tail` I/O through a cast): the body's
/// memref is the whole buffer.
fn prefix_carried(ctx: &tail_ir::Context, op: OpId, shapes: &[Option<Vec<i64>>]) -> Vec<usize> {
    let Some(body) = ctx.entry_block(ctx.region(op, 0)) else {
        return Vec::new();
    };
    let Some(y) = ctx.last_op(body).filter(|&y| ctx.op_is(y, "soac.yield")) else {
        return Vec::new();
    };
    let args = ctx.block_args(body).to_vec();
    let to_host = |k: usize| {
        args.get(k + 1).is_none_or(|&a| {
            ctx.use_vec(a).iter().any(|u| {
                ctx.op_is(u.op, "builtin.unrealized_conversion_cast")
                    || ctx.op_is(u.op, "func.return")
            })
        })
    };
    let body = Some(body);
    ctx.operand_vec(y)
        .into_iter()
        .enumerate()
        .filter(|&(k, v)| {
            shapes
                .get(k)
                .is_some_and(|s| s.as_ref().is_some_and(|s| s.len() == 1))
                && !to_host(k)
                && ctx.defining_op(v).is_some_and(|d| {
                    ctx.op_parent_block(d) == body
                        && ((ctx.op_is(d, "soac.scatter") && ctx.attr(d, "permutation").is_some())
                            || ctx.op_is(d, "soac.filter"))
                })
        })
        .map(|(k, _)| k)
        .collect()
}

/// The first `n` elements of the rank-1 array `a`.
fn prefix(a: Arr, n: Value) -> Arr {
    Arr::Reshape {
        src: Box::new(a),
        ext: vec![n],
        cyclic: false,
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

/// `tail.bench %n, %x { body }` (`f ⎕BENCH n`: the body applied `n` times) whose body holds
/// SOACs becomes `soac.loop %i < index_cast(%n) iter_args(%x)` with the same body, which is
/// converted as above (a host loop around the body's kernels; its launches keep every
/// iteration). A bench of host code only stays for `convert-tail-io-to-rt`.
pub(crate) fn bench_to_loops(ctx: &mut tail_ir::Context, f: OpId) {
    for o in ctx.walk_postorder(f) {
        if !ctx.op_is(o, "tail.bench") {
            continue;
        }
        let soacs = ctx
            .walk_preorder(o)
            .into_iter()
            .any(|n| ctx.op_name_str(n).starts_with("soac."));
        let Some(old) = ctx.entry_block(ctx.region(o, 0)) else {
            continue;
        };
        if !soacs || ctx.block_args(old).len() != 1 || ctx.num_results(o) != 1 {
            continue;
        }
        let loc = ctx.op_loc(o);
        let (n, x) = (ctx.operand(o, 0), ctx.operand(o, 1));
        let t = ctx.value_type(ctx.result(o, 0));
        let it = ctx.index_type();
        let (r, blk) = region(ctx, &[it, t]);
        let arg = ctx.block_arg(old, 0);
        let new_arg = ctx.block_arg(blk, 1);
        ctx.replace_all_uses_with(arg, new_arg);
        ctx.move_block_ops(old, InsertPoint::BlockEnd(blk));
        if let Some(y) = ctx.last_op(blk).filter(|&y| ctx.op_is(y, "tail.yield")) {
            let vs = ctx.operand_vec(y);
            let mut b = Builder::new(ctx, InsertPoint::Before(y), loc);
            mk(&mut b, "soac.yield", &vs, &[], &[], Vec::new());
            ctx.erase_op(y);
        }
        let mut b = Builder::new(ctx, InsertPoint::Before(o), loc);
        let count = mk1(&mut b, "arith.index_cast", &[n], it, &[]);
        let l = mk(&mut b, "soac.loop", &[count, x], &[t], &[], vec![r]);
        let res = ctx.result(l, 0);
        let old_res = ctx.result(o, 0);
        ctx.replace_all_uses_with(old_res, res);
        ctx.erase_op(o);
    }
}
