//! Indexed assignment (`soac.update`) and top-level `scf.if`s yielding scalars.
//!
//! `soac.update %v into %dest[%i…]` with one index per axis consumes its destination, so the
//! element is stored into the destination's host memref (`host_mem`: the memref itself for a
//! host array; a grid array, or a view forced by a `grid-thread` program, is copied back
//! first) with `memref.store`, whose index is bounds-checked like every memref access (an
//! index out of range is a runtime error, as `soac.update`'s). The store is in place unless
//! the buffer has already been read (printed, copied to the device for a kernel, …): those
//! reads must keep seeing the old contents, so the buffer is first copied (`memref.alloc` +
//! `memref.copy`) and the copy updated. A grid array is always updated in such a copy: its
//! host form is the copy back that `convert-hpar-to-gpu` makes for host reads, and a power
//! loop yielding the updated array would carry the device buffer without the store.
//!
//! A top-level `scf.if` yielding scalars (e.g. APL's `⊃` of a possibly empty array reads
//! element 0 only when there is one) has its branches converted in place, op by op, like the
//! function body.

use tail_ir::{Builder, OpId};

use super::{err, Cx};
use crate::arr::Arr;
use crate::util::*;

impl Cx {
    /// `soac.update` of an element: a host `memref.store` into the consumed destination.
    pub(super) fn update(&mut self, b: &mut Builder<'_>, op: OpId) -> CResult {
        let operands = b.operand_vec(op);
        let (value, dest, idx) = (operands[0], operands[1], operands[2..].to_vec());
        let ext = self.arr(b.ctx, op, dest)?.ext().to_vec();
        if idx.len() != ext.len() {
            return Err(err(
                b.ctx,
                op,
                format!(
                    "cannot be lowered by convert-soac-to-hpar: an update of a row (here {} of {} indices; only elements, one index per axis, are supported)",
                    idx.len(),
                    ext.len()
                ),
            ));
        }
        let mut mem = self.host_mem(b, op, dest)?;
        // Reads so far (`soac` ops still using a function argument are being replaced: what
        // they read shows as loads in their programs).
        // A grid array's host form (the cast of its program's result) is a copy that
        // `convert-hpar-to-gpu` makes for host reads: a loop yielding the updated array
        // would carry the device buffer without the store. It is updated in a buffer of its
        // own.
        let grid = b
            .defining_op(mem)
            .is_some_and(|d| b.op_is(d, "builtin.unrealized_conversion_cast"));
        let read = grid
            || b.use_vec(mem).into_iter().any(|u| {
                let writes = b.op_is(u.op, "memref.store") && b.operand(u.op, 1) == mem;
                let harmless =
                    b.op_is(u.op, "memref.dim") || b.op_name_str(u.op).starts_with("soac.");
                !(writes || harmless)
            });
        if read {
            let mt = b.value_type(mem);
            let shape = match b.type_kind(mt) {
                tail_ir::TypeKind::MemRef { shape, .. } => shape.clone(),
                _ => unreachable!("a host memref"),
            };
            let dyns: Vec<_> = shape
                .iter()
                .zip(&ext)
                .filter(|(&s, _)| s == tail_ir::DYNAMIC)
                .map(|(_, &e)| e)
                .collect();
            let copy = mk1(b, "memref.alloc", &dyns, mt, &[]);
            mk(b, "memref.copy", &[mem, copy], &[], &[], Vec::new());
            mem = copy;
        }
        tail_builtin::memref::StoreOp::create(b, value, mem, &idx);
        let r = b.result(op, 0);
        self.arrs.insert(r, Arr::Host { mem, ext });
        Ok(())
    }

    /// Converts the ops of every branch of a top-level `scf.if` yielding scalars in place.
    pub(super) fn nested(
        &mut self,
        b: &mut Builder<'_>,
        op: OpId,
        dead: &mut Vec<OpId>,
    ) -> CResult {
        for r in b.regions(op).to_vec() {
            for blk in b.region_blocks(r).to_vec() {
                for o in b.block_op_vec(blk) {
                    self.convert_op(b, o, dead)?;
                }
            }
        }
        Ok(())
    }
}
