//! `force<grid>` of `hpar.last_write<grid> is, m` (module of `convert-hpar-to-gpu`): which
//! write of a scatter wins at each of `m` positions, by two kernels into the forced buffer:
//!
//! 1. `fill`: one thread per position stores `-1`;
//! 2. `last_write`: thread `j < len is` reads `p = is[j]` and, where `0 ≤ p < m`, does
//!    `memref.atomic_rmw maxs j` at `p` (a PTX `atom.global.max.s32`).
//!
//! The order in which the atomics land does not matter: position `p` ends up holding the
//! largest `j` writing it, as the sequential semantics says, so the result is deterministic.

use super::*;

impl Host {
    /// The numbers of blocks of the two kernels (over the `m` positions, over the indices).
    pub(super) fn last_write_blocks(
        &self,
        hb: &mut Builder<'_>,
        force: OpId,
        pdef: OpId,
        one: Value,
        bs: Value,
    ) -> CResult<(Value, Value)> {
        if tail_hpar::scope::op_level(hb.ctx, pdef) != Some(Level::Grid) {
            return Err(err(
                hb.ctx,
                pdef,
                "cannot be lowered to a kernel by convert-hpar-to-gpu (supported: last_write<grid>)",
            ));
        }
        let m = self.hval(hb.operand(pdef, 1));
        let n = self.host_len(hb.ctx, force, hb.operand(pdef, 0))?;
        let fill = ceildiv(hb, m, bs);
        let fill = bin(hb, "arith.maxui", fill, one);
        let writes = ceildiv(hb, n, bs);
        let writes = bin(hb, "arith.maxui", writes, one);
        Ok((fill, writes))
    }
}

impl Kernel<'_, '_> {
    /// The body of kernel `kind` (`fill` or `last_write`) of `last_write` op `pdef` writing
    /// `sink` (a global buffer).
    pub(super) fn last_write_body(&mut self, pdef: OpId, sink: &Sink, kind: &str) -> CResult {
        let Sink::Global(out) = *sink else {
            return Err(err(
                self.b.ctx,
                pdef,
                "cannot be lowered by convert-hpar-to-gpu: last_write must be forced at the grid level",
            ));
        };
        let bid = self.id("gpu.block_id");
        let bdim = self.id("gpu.block_dim");
        let tid = self.id("gpu.thread_id");
        let g = bin(&mut self.b, "arith.muli", bid, bdim);
        let gid = bin(&mut self.b, "arith.addi", g, tid);
        let m = self.b.operand(pdef, 1);
        let m = self.kval(pdef, m)?;
        let i32t = self.b.int_type(32);
        if kind == "fill" {
            let ok = ult(&mut self.b, gid, m);
            return self.if_then(ok, |k| {
                let none = tail_builtin::arith::build_constant_int(&mut k.b, i32t, -1);
                k.store(&Sink::Global(out), gid, none)
            });
        }
        let is = self.b.operand(pdef, 0);
        let n = self.len(pdef, is)?;
        let ok = ult(&mut self.b, gid, n);
        self.if_then(ok, |k| {
            let p = k.eval(pdef, is, gid)?;
            let it = k.b.index_type();
            // A negative index becomes a huge unsigned one: one comparison checks both ends.
            let p = mk1(&mut k.b, "arith.index_cast", &[p], it, &[]);
            let inside = ult(&mut k.b, p, m);
            k.if_then(inside, |k| {
                let j = mk1(&mut k.b, "arith.index_cast", &[gid], i32t, &[]);
                let maxs = tail_builtin::memref::ATOMIC_RMW_KINDS
                    .iter()
                    .position(|&s| s == "maxs")
                    .expect("maxs") as i64;
                let i64t = k.b.int_type(64);
                let kattr = k.b.int_attr(i64t, maxs);
                mk1(
                    &mut k.b,
                    "memref.atomic_rmw",
                    &[j, out, p],
                    i32t,
                    &[("kind", kattr)],
                );
                Ok(())
            })
        })
    }
}
