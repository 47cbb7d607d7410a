//! `while<grid> c f p` (FCL's grid-level loop, e.g. the full reduction `reduceFull`): a host
//! `scf.while` around the kernel launches of its body.
//!
//! * **The initial array** is forced into a fresh device buffer before the loop (a
//!   `force<grid>` of `p`, one kernel as for any forced push array).
//! * **The condition** runs on the host in the loop's `before` block, on the current buffer:
//!   its scalar ops are copied there, `length` of the array is the buffer's element count and
//!   `index` reads the one element back: a one-thread kernel copies it into a one-element
//!   device buffer, which is copied to the host.
//! * **The body** is lowered like a program's body, its host code going into the loop's
//!   `after` block: the push array it returns is forced into a fresh buffer, which the
//!   iteration yields; the current buffer and every other buffer the iteration allocated are
//!   freed (`gpu.dealloc`) after its launches. So exactly one buffer, the current array, lives
//!   from one iteration to the next, and nothing is copied to the host unless the condition
//!   reads an element.
//! * **The result** is the loop's final buffer, owned by the scope around the loop; `index`
//!   of it (or of any grid array) later in the program reads the element back the same way,
//!   and the program may return that scalar.
//!
//! A condition with regions, and `while` at other levels at the grid level, are errors located
//! at the op.

use tail_builtin::scf::{ConditionOp, WhileOp, YieldOp};
use tail_hpar::types::Level;
use tail_ir::{AttrKind, Builder, Context, InsertPoint, OpId, OperationState, Value};

use super::{err, gpu_alloc, memref_shape, Host};
use crate::util::*;

impl Host {
    /// Element `i` of rank-1 device buffer `d`, read on the host at `at`: a one-thread kernel
    /// copies it into a one-element device buffer, which is copied to a host buffer and loaded.
    fn read_element(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        d: Value,
        i: Value,
        at: InsertPoint,
    ) -> CResult<Value> {
        let loc = ctx.op_loc(op);
        let dty = ctx.value_type(d);
        let elem = match memref_shape(ctx, dty) {
            Some((shape, elem)) if shape.len() == 1 => elem,
            _ => {
                return Err(err(
                    ctx,
                    op,
                    "cannot be lowered by convert-hpar-to-gpu: host reads of elements of arrays of rank other than 1",
                ))
            }
        };
        let one_ty = ctx.memref_type(vec![1], elem);
        let it = ctx.index_type();
        // The kernel `(src, i, dst) { dst[0] = src[i] }`.
        let kname = format!("{}_k{}", self.fname, self.kernels);
        self.kernels += 1;
        let (kr, kblock) = region(ctx, &[dty, it, one_ty]);
        let mut kb = Builder::at_end(ctx, kblock, loc);
        let (src, ki, dst) = (
            kb.block_arg(kblock, 0),
            kb.block_arg(kblock, 1),
            kb.block_arg(kblock, 2),
        );
        let v = mk1(&mut kb, "memref.load", &[src, ki], elem, &[]);
        let c0 = cidx(&mut kb, 0);
        tail_builtin::memref::StoreOp::create(&mut kb, v, dst, &[c0]);
        mk(&mut kb, "gpu.return", &[], &[], &[], Vec::new());
        let mut st = OperationState::new(ctx, "gpu.func", loc);
        let nm = ctx.string_attr(&kname);
        st.add_attr(ctx, "sym_name", nm);
        let fty = ctx.function_type(vec![dty, it, one_ty], vec![]);
        let fta = ctx.type_attr(fty);
        st.add_attr(ctx, "function_type", fta);
        let i64t = ctx.int_type(64);
        let nw = ctx.int_attr(i64t, 0);
        st.add_attr(ctx, "workgroup_attributions", nw);
        let u = ctx.unit_attr();
        st.add_attr(ctx, tail_gpu::ops::KERNEL_ATTR, u);
        let kbs = ctx.dense_i32_array_attr(vec![1, 1, 1]);
        st.add_attr(ctx, "known_block_size", kbs);
        st.regions.push(kr);
        let kf = ctx.create_op(st);
        ctx.insert_op(kf, InsertPoint::BlockEnd(self.gblock));
        // On the host: the one-element buffer, the launch (one block of one thread), the copy.
        let mut b = Builder::new(ctx, at, loc);
        let tmp = gpu_alloc(&mut b, one_ty, &[]);
        let one = cidx(&mut b, 1);
        let mut st = b.state("gpu.launch_func");
        st.operands = vec![one, one, one, one, one, one, d, i, tmp];
        let root = b.ctx.intern(&self.gname);
        let leaf = b.ctx.intern(&kname);
        let kref = b.intern_attr(AttrKind::SymbolRef {
            root,
            nested: vec![leaf].into_iter().collect(),
        });
        st.add_attr(b.ctx, "kernel", kref);
        let seg = b.dense_i32_array_attr(vec![0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 3, 0]);
        st.add_attr(b.ctx, tail_ir::format::OPERAND_SEGMENTS, seg);
        b.insert(st);
        let h = mk1(&mut b, "memref.alloc", &[], one_ty, &[]);
        mk(&mut b, "gpu.memcpy", &[h, tmp], &[], &[], Vec::new());
        mk(&mut b, "gpu.dealloc", &[tmp], &[], &[], Vec::new());
        let c0 = cidx(&mut b, 0);
        let v = mk1(&mut b, "memref.load", &[h, c0], elem, &[]);
        mk(&mut b, "memref.dealloc", &[h], &[], &[], Vec::new());
        Ok(v)
    }

    /// `hpar.index` of a grid array in a grid program or a grid-level while's condition: the
    /// element, read on the host at `at` (`read_element`).
    pub(super) fn index_on_host(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        at: InsertPoint,
    ) -> CResult<Value> {
        let d = self.dev[&ctx.operand(op, 0)];
        let i = self.hval(ctx.operand(op, 1));
        self.read_element(ctx, op, d, i, at)
    }

    /// A `force` of push array `p` at the level of while op `w`, to its array type, inserted
    /// before `before`.
    fn force_before(&mut self, ctx: &mut Context, w: OpId, p: Value, before: OpId) -> OpId {
        let loc = ctx.op_loc(w);
        let ty = ctx.value_type(ctx.result(w, 0));
        let mut st = OperationState::new(ctx, "hpar.force", loc);
        if let Some(l) = ctx.attr(w, "level") {
            st.add_attr(ctx, "level", l);
        }
        st.operands.push(p);
        st.result_types.push(ty);
        let f = ctx.create_op(st);
        ctx.insert_op(f, InsertPoint::Before(before));
        f
    }

    /// Lowers `while<grid>` op `w` of program `prog` (module doc).
    pub(super) fn grid_while(&mut self, ctx: &mut Context, prog: OpId, w: OpId) -> CResult {
        debug_assert_eq!(tail_hpar::scope::op_level(ctx, w), Some(Level::Grid));
        let loc = ctx.op_loc(w);
        // The initial array, in a buffer the loop owns.
        let init = ctx.operand(w, 0);
        let f0 = self.force_before(ctx, w, init, w);
        self.launch(ctx, prog, f0)?;
        let d0 = self.dev[&ctx.result(f0, 0)];
        if let Some(i) = self.allocs.iter().position(|&d| d == d0) {
            self.allocs.remove(i);
        }
        let bty = ctx.value_type(d0);
        let mut b = Builder::new(ctx, InsertPoint::Before(self.host_at(prog)), loc);
        let (sw, before, after) = WhileOp::create(&mut b, &[d0], &[bty]);
        let sw = sw.op();
        // The condition, on the host.
        let cblk = ctx
            .entry_block(ctx.region(w, 0))
            .expect("while has a condition");
        let x = ctx.block_arg(before, 0);
        self.dev.insert(ctx.block_arg(cblk, 0), x);
        for op in ctx.block_op_vec(cblk) {
            let name = ctx.op_name_str(op).to_string();
            match name.as_str() {
                "hpar.yield" => {
                    let c = self.hval(ctx.operand(op, 0));
                    let mut b = Builder::at_end(ctx, before, loc);
                    ConditionOp::create(&mut b, c, &[x]);
                }
                "hpar.length" if self.dev.contains_key(&ctx.operand(op, 0)) => {
                    let v = self.host_value(ctx, op, InsertPoint::BlockEnd(before))?;
                    self.hmap.insert(ctx.result(op, 0), v);
                }
                "hpar.index" if self.dev.contains_key(&ctx.operand(op, 0)) => {
                    let v = self.index_on_host(ctx, op, InsertPoint::BlockEnd(before))?;
                    self.hmap.insert(ctx.result(op, 0), v);
                }
                _ if name.starts_with("hpar.") || !ctx.regions(op).is_empty() => {
                    return Err(err(ctx, op, "cannot be lowered by convert-hpar-to-gpu in the condition of a grid-level while (supported: length and index of the array, scalar ops without regions)"));
                }
                _ => {
                    let c = ctx.clone_op(op, &mut self.hmap);
                    ctx.insert_op(c, InsertPoint::BlockEnd(before));
                }
            }
        }
        // The body: its returned push array is forced into the buffer the iteration yields.
        let bblk = ctx.entry_block(ctx.region(w, 1)).expect("while has a body");
        let y = ctx.block_arg(after, 0);
        self.dev.insert(ctx.block_arg(bblk, 0), y);
        let ret = ctx.last_op(bblk).expect("hpar.return");
        let next = ctx.operand(ret, 0);
        let f1 = self.force_before(ctx, w, next, ret);
        let yop = {
            let mut b = Builder::at_end(ctx, after, loc);
            YieldOp::create(&mut b, &[y]).op()
        };
        let outer = std::mem::take(&mut self.allocs);
        let outer_at = self.at.replace(yop);
        let r = self.grid_ops(ctx, prog, bblk);
        self.at = outer_at;
        let inner = std::mem::replace(&mut self.allocs, outer);
        r?;
        let d1 = self.dev[&ctx.result(f1, 0)];
        if !inner.contains(&d1) || ctx.value_type(d1) != bty {
            return Err(err(
                ctx,
                ret,
                "cannot be lowered by convert-hpar-to-gpu: the body of a grid-level while must return a push array forced into a buffer of the array's type",
            ));
        }
        ctx.set_operand(yop, 0, d1);
        let mut b = Builder::before(ctx, yop);
        for &d in inner.iter().filter(|&&d| d != d1).chain([&y]) {
            mk(&mut b, "gpu.dealloc", &[d], &[], &[], Vec::new());
        }
        // The final array.
        let res = ctx.result(sw, 0);
        self.allocs.push(res);
        self.dev.insert(ctx.result(w, 0), res);
        Ok(())
    }
}
