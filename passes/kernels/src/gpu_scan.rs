//! Scans and placements for `convert-hpar-to-gpu` (a child module of `hpar_to_gpu`).
//!
//! * `scan<thread> xs init(ne)` written to a sink: a sequential `scf.for` carrying the prefix
//!   (`acc = ne`, then `acc = acc ⊕ xs[j]`, element `j` = `acc`), the left fold of the
//!   reference semantics.
//! * `scan<block> xs init(ne)` written to a sink: the array is scanned in tiles of `B`
//!   elements (one per thread, `B` = block-size; a single tile when the length is a constant
//!   of at most `B`). In a tile, thread `t` holds `x = xs[base + t]` (the neutral element past
//!   the end; consecutive threads read consecutive elements), each warp scans its 32 values
//!   with five `gpu.shuffle up` steps (1, 2, 4, 8, 16; lane `l ≥ off` combines the value of
//!   lane `l − off` on the left), the last lane of each warp stores the warp's total in a
//!   workgroup array of `B/32` elements, warp 0 scans those totals the same way, and thread
//!   `t` combines the totals of the warps before its own, the carry of the tiles before
//!   (`carry ⊕ …`, `carry` starting at `ne`), and its value; the tile's total is added to the
//!   carry. The order of the operands is kept everywhere, so the operator need only be
//!   associative. Integers narrower than 32 bits cross the shuffles widened to `i32`.

use tail_builtin::arith::CmpIPredicate;
use tail_gpu::attrs::ShuffleModeKw;
use tail_ir::{InsertPoint, OpId, Type, TypeKind, Value};

use super::{err, Kernel, Sink};
use crate::util::*;

impl Kernel<'_, '_> {
    /// `cond ? t() : e()` as an `scf.if` yielding one value of type `ty`.
    fn if_value(
        &mut self,
        cond: Value,
        ty: Type,
        t: impl FnOnce(&mut Self) -> CResult<Value>,
        e: impl FnOnce(&mut Self) -> CResult<Value>,
    ) -> CResult<Value> {
        let (ifop, tb, eb) = tail_builtin::scf::IfOp::create(&mut self.b, cond, &[ty], true);
        let saved = self.b.insertion_point();
        self.b.set_insertion_point(InsertPoint::BlockEnd(tb));
        let v = t(self)?;
        mk(&mut self.b, "scf.yield", &[v], &[], &[], Vec::new());
        self.b
            .set_insertion_point(InsertPoint::BlockEnd(eb.expect("else")));
        let v = e(self)?;
        mk(&mut self.b, "scf.yield", &[v], &[], &[], Vec::new());
        self.b.set_insertion_point(saved);
        Ok(self.b.result(ifop.op(), 0))
    }

    /// The operator region of `o` applied to one value on each side.
    fn combine1(&mut self, o: OpId, x: Value, y: Value) -> CResult<Value> {
        Ok(self.combine(o, &[x], &[y])?[0])
    }

    /// `scan<thread>` into `sink`: a sequential loop.
    pub(super) fn scan_thread(&mut self, o: OpId, sink: &Sink) -> CResult {
        let (xs, ne) = (self.b.operand(o, 0), self.b.operand(o, 1));
        let ne = self.kval(o, ne)?;
        let n = self.len(o, xs)?;
        let (z, one) = (cidx(&mut self.b, 0), cidx(&mut self.b, 1));
        let (_, body) = tail_builtin::scf::ForOp::create(&mut self.b, z, n, one, &[ne]);
        let saved = self.b.insertion_point();
        self.b.set_insertion_point(InsertPoint::BlockEnd(body));
        let (j, acc) = (self.b.block_arg(body, 0), self.b.block_arg(body, 1));
        let x = self.eval(o, xs, j)?;
        let r = self.combine1(o, acc, x)?;
        self.store(sink, j, r)?;
        mk(&mut self.b, "scf.yield", &[r], &[], &[], Vec::new());
        self.b.set_insertion_point(saved);
        Ok(())
    }

    /// Whether elements of `elem` cross a shuffle widened to `i32` (`None`: no shuffle).
    /// Integers narrower than 32 bits (booleans, …) travel widened (`arith.extui`, then
    /// `arith.trunci` back: the low bits are kept exactly).
    pub(super) fn shuffle_widen(&self, elem: Type) -> Option<bool> {
        match self.b.type_kind(elem) {
            TypeKind::Integer { width: 32 | 64, .. }
            | TypeKind::Float(tail_ir::FloatKind::F32 | tail_ir::FloatKind::F64) => Some(false),
            TypeKind::Integer { width, .. } if *width < 32 => Some(true),
            _ => None,
        }
    }

    /// `gpu.shuffle <mode>` of `v` (of type `elem`) by `off` lanes in a warp of 32, widened to
    /// `i32` and back when `widen` (see [`Self::shuffle_widen`]); the shuffled value.
    pub(super) fn shuffle(
        &mut self,
        mode: &str,
        v: Value,
        off: i64,
        elem: Type,
        widen: bool,
    ) -> Value {
        let offv = ci32(&mut self.b, off);
        let width = ci32(&mut self.b, 32);
        let i1 = self.b.i1_type();
        let mode = ShuffleModeKw::get(self.b.ctx, mode);
        let (sv, sty) = if widen {
            let i32t = self.b.int_type(32);
            (mk1(&mut self.b, "arith.extui", &[v], i32t, &[]), i32t)
        } else {
            (v, elem)
        };
        let sop = mk(
            &mut self.b,
            "gpu.shuffle",
            &[sv, offv, width],
            &[sty, i1],
            &[("mode", mode)],
            Vec::new(),
        );
        let r = self.b.result(sop, 0);
        if widen {
            mk1(&mut self.b, "arith.trunci", &[r], elem, &[])
        } else {
            r
        }
    }

    /// Inclusive scan of `v` over the 32 lanes of a warp (lane = `lane`) with `o`'s operator.
    fn warp_scan(
        &mut self,
        o: OpId,
        v: Value,
        lane: Value,
        elem: Type,
        widen: bool,
    ) -> CResult<Value> {
        let mut v = v;
        for off in [1, 2, 4, 8, 16] {
            let left = self.shuffle("up", v, off, elem, widen);
            let offi = cidx(&mut self.b, off);
            let has_left =
                tail_builtin::arith::build_cmpi(&mut self.b, CmpIPredicate::Uge, lane, offi);
            let cur = v;
            v = self.if_value(has_left, elem, |k| k.combine1(o, left, cur), |_| Ok(cur))?;
        }
        Ok(v)
    }

    /// `scan<block>` into `sink` (see the module docs).
    pub(super) fn scan_block(&mut self, o: OpId, sink: &Sink) -> CResult {
        let (xs, ne) = (self.b.operand(o, 0), self.b.operand(o, 1));
        let elem = self.b.value_type(ne);
        let Some(widen) = self.shuffle_widen(elem) else {
            return Err(err(self.b.ctx, o, format!("cannot be lowered by convert-hpar-to-gpu: warp shuffles need integer (at most 64 bits), f32 or f64 elements, got '{}'", self.b.ctx.type_to_string(elem))));
        };
        let ne = self.kval(o, ne)?;
        let n = self.len(o, xs)?;
        let bsz = self.host.block;
        let nw = (bsz / 32).max(1);
        let w = self.workgroup(nw, elem);
        let tid = self.id("gpu.thread_id");
        let c32 = cidx(&mut self.b, 32);
        let lane = bin(&mut self.b, "arith.remui", tid, c32);
        let warp = bin(&mut self.b, "arith.divui", tid, c32);
        let nwv = cidx(&mut self.b, nw);
        let single = self
            .b
            .defining_op(n)
            .filter(|&d| self.b.op_is(d, "arith.constant"))
            .and_then(|d| self.b.attr(d, "value"))
            .and_then(|a| self.b.attr_as_int(a))
            .is_some_and(|c| c <= bsz);
        let tile = |k: &mut Self, base: Value, carry: Value| -> CResult<Value> {
            let i = bin(&mut k.b, "arith.addi", base, tid);
            let ok = ult(&mut k.b, i, n);
            let x = k.if_value(ok, elem, |k| k.eval(o, xs, i), |_| Ok(ne))?;
            let v = k.warp_scan(o, x, lane, elem, widen)?;
            let c31 = cidx(&mut k.b, 31);
            let last_lane = eq(&mut k.b, lane, c31);
            k.if_then(last_lane, |k| {
                tail_builtin::memref::StoreOp::create(&mut k.b, v, w, &[warp]);
                Ok(())
            })?;
            mk(&mut k.b, "gpu.barrier", &[], &[], &[], Vec::new());
            let warp0 = ult(&mut k.b, tid, c32);
            k.if_then(warp0, |k| {
                let has = ult(&mut k.b, lane, nwv);
                let u = k.if_value(
                    has,
                    elem,
                    |k| Ok(mk1(&mut k.b, "memref.load", &[w, lane], elem, &[])),
                    |_| Ok(ne),
                )?;
                let u = k.warp_scan(o, u, lane, elem, widen)?;
                k.if_then(has, |k| {
                    tail_builtin::memref::StoreOp::create(&mut k.b, u, w, &[lane]);
                    Ok(())
                })
            })?;
            mk(&mut k.b, "gpu.barrier", &[], &[], &[], Vec::new());
            let z = cidx(&mut k.b, 0);
            let first_warp = eq(&mut k.b, warp, z);
            let pre = k.if_value(
                first_warp,
                elem,
                |_| Ok(v),
                |k| {
                    let one = cidx(&mut k.b, 1);
                    let wp = bin(&mut k.b, "arith.subi", warp, one);
                    let before = mk1(&mut k.b, "memref.load", &[w, wp], elem, &[]);
                    k.combine1(o, before, v)
                },
            )?;
            let y = k.combine1(o, carry, pre)?;
            k.if_then(ok, |k| k.store(sink, i, y))?;
            if single {
                return Ok(carry);
            }
            let lastw = cidx(&mut k.b, nw - 1);
            let tot = mk1(&mut k.b, "memref.load", &[w, lastw], elem, &[]);
            let next = k.combine1(o, carry, tot)?;
            // The next tile overwrites the warp totals.
            mk(&mut k.b, "gpu.barrier", &[], &[], &[], Vec::new());
            Ok(next)
        };
        if single {
            let z = cidx(&mut self.b, 0);
            tile(self, z, ne)?;
            return Ok(());
        }
        let (z, bs) = (cidx(&mut self.b, 0), cidx(&mut self.b, bsz));
        let (_, body) = tail_builtin::scf::ForOp::create(&mut self.b, z, n, bs, &[ne]);
        let saved = self.b.insertion_point();
        self.b.set_insertion_point(InsertPoint::BlockEnd(body));
        let (base, carry) = (self.b.block_arg(body, 0), self.b.block_arg(body, 1));
        let next = tile(self, base, carry)?;
        mk(&mut self.b, "scf.yield", &[next], &[], &[], Vec::new());
        self.b.set_insertion_point(saved);
        Ok(())
    }
}
