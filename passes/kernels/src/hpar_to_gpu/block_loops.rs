//! FCL's block-level iteration and views in `convert-hpar-to-gpu`: `power<block>`,
//! `while<block>`, `split_at` and a thread's `seqfor` (Dybdal 2017, §5.2: `power`/`while`
//! force the array of every step, `splitAt` is index arithmetic).
//!
//! # `power<block>` and `while<block>`
//! The initial push array is written into the first half of a workgroup buffer of twice its
//! length (which must be a constant: the capacity), then the steps run in an `scf.for` (`power`, `count` times) or an
//! `scf.while` (`while`, as long as the condition region yields true of the current array).
//! Each step reads the current array and writes the push array it returns into the *other*
//! half of one shared buffer of twice the capacity (the loop carries which half is current),
//! followed by a barrier: a step may read any element of the current array (the scan
//! step reads `x[i - 2^k]`), so it cannot write in place. The loop also carries the current
//! length: a step may shrink the array (the reduction's halving step does); `hpar` requires
//! that it never grows, and the kernel clamps the length to the capacity so that a step
//! breaking that rule cannot write past its half. The result is a view of the final half.
//!
//! # `seqfor`
//! A thread's sequential loop over a thread-private array (FCL's `seqfor`, used for the
//! accumulators of tiled matrix multiplication): the initial push array (of constant length)
//! is written into a private buffer (`memref.alloca`, registers after LLVM's scalar
//! replacement when the length is small), then iteration `i < n` runs the step on the current
//! contents and stores the value it yields at the position it yields; pushing the result
//! copies the buffer to the sink.
//!
//! # Views
//! `split_at a, k` gives `a[0, k)` and `a[k, len)`: [`View`]s (source, offset, length) that
//! `eval` and `len` read through; the source is a workgroup buffer or any pull array.

use super::*;

/// A window of `len` elements from `off` in a buffer or a pull array.
#[derive(Clone, Copy)]
pub(super) struct View {
    src: ViewSrc,
    off: Value,
    len: Value,
}

#[derive(Clone, Copy)]
enum ViewSrc {
    /// A workgroup (or global) buffer in the kernel.
    Mem(Value),
    /// An `hpar` pull array, evaluated element by element.
    Arr(Value),
}

impl Kernel<'_, '_> {
    /// Element `i` of a view, or `None` when `a` is not one.
    pub(super) fn eval_view(&mut self, user: OpId, a: Value, i: Value) -> CResult<Option<Value>> {
        let Some(v) = self.views.get(&a).copied() else {
            return Ok(None);
        };
        let j = bin(&mut self.b, "arith.addi", v.off, i);
        Ok(Some(match v.src {
            ViewSrc::Mem(m) => self.load(m, j),
            ViewSrc::Arr(x) => self.eval(user, x, j)?,
        }))
    }

    /// The length of a view, or `None` when `a` is not one.
    pub(super) fn view_len(&self, a: Value) -> Option<Value> {
        self.views.get(&a).map(|v| v.len)
    }

    /// `split_at a, k`: two views of `a` (`k` clamped to `[0, len a]`).
    pub(super) fn split_at(&mut self, o: OpId) -> CResult {
        let (a, k) = (self.b.operand(o, 0), self.b.operand(o, 1));
        let k = self.kval(o, k)?;
        let n = self.len(o, a)?;
        let z = cidx(&mut self.b, 0);
        let k = bin(&mut self.b, "arith.maxsi", k, z);
        let k = bin(&mut self.b, "arith.minsi", k, n);
        let (src, base) = match self.views.get(&a).copied() {
            Some(v) => (v.src, v.off),
            None => match self.buffer(o, a)? {
                Some(m) => (ViewSrc::Mem(m), z),
                None => (ViewSrc::Arr(a), z),
            },
        };
        let hi_off = bin(&mut self.b, "arith.addi", base, k);
        let hi_len = bin(&mut self.b, "arith.subi", n, k);
        let (lo, hi) = (self.b.result(o, 0), self.b.result(o, 1));
        self.views.insert(
            lo,
            View {
                src,
                off: base,
                len: k,
            },
        );
        self.views.insert(
            hi,
            View {
                src,
                off: hi_off,
                len: hi_len,
            },
        );
        Ok(())
    }

    /// The length of push array `q` (a `push` of a pull array, a `concat` of `n` chunks of `c`).
    pub(super) fn push_len(&mut self, user: OpId, q: Value) -> CResult<Value> {
        let d = self.b.defining_op(q);
        match d.map(|d| self.b.op_name_str(d).to_string()).as_deref() {
            Some("hpar.push") => {
                let d = d.unwrap();
                let a = self.b.operand(d, 0);
                self.len(d, a)
            }
            Some("hpar.concat" | "hpar.interleave") => {
                let d = d.unwrap();
                let r = self.b.results(d).iter().position(|&r| r == q).unwrap_or(0);
                let (n, c) = (self.b.operand(d, 0), chunk_of(self.b.ctx, d, r));
                let (n, c) = (self.kval(d, n)?, self.kval(d, c)?);
                Ok(bin(&mut self.b, "arith.muli", n, c))
            }
            _ => Err(err(
                self.b.ctx,
                d.unwrap_or(user),
                "cannot be lowered by convert-hpar-to-gpu: unknown length of a push array (supported: push, concat)",
            )),
        }
    }

    /// A fresh workgroup buffer of `n` elements of `elem`.
    pub(super) fn workgroup(&mut self, n: i64, elem: Type) -> Value {
        let space = AddressSpaceAttr::get(self.b.ctx, AddressSpace::Workgroup);
        let ty = self.b.intern_type(TypeKind::MemRef {
            shape: vec![n],
            elem,
            layout: None,
            memory_space: Some(space),
        });
        let ph = self.b.create_placeholder(ty);
        self.shared.push(ph);
        ph
    }

    /// `power<block>` / `while<block>` (see the module docs).
    pub(super) fn block_loop(&mut self, o: OpId) -> CResult {
        let is_while = self.b.op_is(o, "hpar.while");
        let init = self.b.operand(o, usize::from(!is_while));
        let (elem, _) = push_parts(self.b.ctx, self.b.value_type(init)).expect("push");
        let Some(cap) = self.static_push_len(init) else {
            return Err(err(self.b.ctx, o, "cannot be lowered by convert-hpar-to-gpu: the initial array of a block-level loop needs a constant length (it sizes the shared buffers)"));
        };
        // One shared buffer of two halves; `half` (0 or 1, carried by the loop) is the half
        // holding the current array, the step writes the other.
        let buf = self.workgroup(2 * cap, elem);
        self.push(o, init, Level::Block, &[Sink::Shared(buf)])?;
        mk(&mut self.b, "gpu.barrier", &[], &[], &[], Vec::new());
        let n0 = self.push_len(o, init)?;
        let capv = cidx(&mut self.b, cap);
        let n0 = bin(&mut self.b, "arith.minui", n0, capv);
        let h0 = cidx(&mut self.b, 0);
        let it = self.b.index_type();
        let body = self
            .b
            .entry_block(self.b.region(o, usize::from(is_while)))
            .unwrap();
        let ret = self.b.last_op(body).expect("hpar.return");
        let saved = self.b.insertion_point();
        let (len, half) = if is_while {
            let (w, before, after) =
                tail_builtin::scf::WhileOp::create(&mut self.b, &[n0, h0], &[it, it]);
            // Condition on the current array.
            self.b.set_insertion_point(InsertPoint::BlockEnd(before));
            let (n, h) = (self.b.block_arg(before, 0), self.b.block_arg(before, 1));
            let cond = self.b.entry_block(self.b.region(o, 0)).unwrap();
            let carg = self.b.block_arg(cond, 0);
            self.bind_half(carg, buf, h, capv, n);
            let c = self.lower_block(cond, false)?[0];
            tail_builtin::scf::ConditionOp::create(&mut self.b, c, &[n, h]);
            // One step.
            self.b.set_insertion_point(InsertPoint::BlockEnd(after));
            let (n, h) = (self.b.block_arg(after, 0), self.b.block_arg(after, 1));
            let barg = self.b.block_arg(body, 0);
            let (n2, h2) = self.step(body, ret, barg, None, buf, n, h, capv)?;
            tail_builtin::scf::YieldOp::create(&mut self.b, &[n2, h2]);
            (self.b.result(w.op(), 0), self.b.result(w.op(), 1))
        } else {
            let count = self.b.operand(o, 0);
            let count = self.kval(o, count)?;
            let (z, one) = (cidx(&mut self.b, 0), cidx(&mut self.b, 1));
            let (fo, fb) = tail_builtin::scf::ForOp::create(&mut self.b, z, count, one, &[n0, h0]);
            self.b.set_insertion_point(InsertPoint::BlockEnd(fb));
            let (i, n, h) = (
                self.b.block_arg(fb, 0),
                self.b.block_arg(fb, 1),
                self.b.block_arg(fb, 2),
            );
            let (iarg, barg) = (self.b.block_arg(body, 0), self.b.block_arg(body, 1));
            let (n2, h2) = self.step(body, ret, barg, Some((iarg, i)), buf, n, h, capv)?;
            tail_builtin::scf::YieldOp::create(&mut self.b, &[n2, h2]);
            (self.b.result(fo.op(), 0), self.b.result(fo.op(), 1))
        };
        self.b.set_insertion_point(saved);
        let r = self.b.result(o, 0);
        self.bind_half(r, buf, half, capv, len);
        Ok(())
    }

    /// One step of a block-level loop: the body reads the current half `half` of `buf` through
    /// its array argument `arg`, its returned push array goes to the other half, then a
    /// barrier. Returns the new length and half.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        body: BlockId,
        ret: OpId,
        arg: Value,
        iter: Option<(Value, Value)>,
        buf: Value,
        n: Value,
        half: Value,
        cap: Value,
    ) -> CResult<(Value, Value)> {
        if let Some((iarg, i)) = iter {
            self.kmap.insert(iarg, i);
        }
        self.bind_half(arg, buf, half, cap, n);
        let one = cidx(&mut self.b, 1);
        let other = bin(&mut self.b, "arith.subi", one, half);
        let sink = Sink::Offset(Box::new(Sink::Shared(buf)), other, cap);
        self.program(body, Level::Block, &[sink])?;
        let q = self.b.operand(ret, 0);
        let n2 = self.push_len(ret, q)?;
        let n2 = bin(&mut self.b, "arith.minui", n2, cap);
        mk(&mut self.b, "gpu.barrier", &[], &[], &[], Vec::new());
        Ok((n2, other))
    }

    /// Binds pull array `a` to the `len` elements of half `half` (of `cap` elements) of `buf`.
    fn bind_half(&mut self, a: Value, buf: Value, half: Value, cap: Value, len: Value) {
        let off = bin(&mut self.b, "arith.muli", half, cap);
        self.views.insert(
            a,
            View {
                src: ViewSrc::Mem(buf),
                off,
                len,
            },
        );
    }

    fn bind_view(&mut self, a: Value, m: Value, len: Value) {
        let off = cidx(&mut self.b, 0);
        self.views.insert(
            a,
            View {
                src: ViewSrc::Mem(m),
                off,
                len,
            },
        );
    }

    /// The constant length of push array `q`, when it has one (`push` of a `generate` of a
    /// constant count, `concat` of constant counts).
    pub(super) fn static_push_len(&self, q: Value) -> Option<i64> {
        let d = self.b.defining_op(q)?;
        match self.b.op_name_str(d) {
            "hpar.concat" | "hpar.interleave" => {
                let r = self.b.results(d).iter().position(|&r| r == q)?;
                Some(
                    const_index(self.b.ctx, self.b.operand(d, 0))?
                        * const_index(self.b.ctx, chunk_of(self.b.ctx, d, r))?,
                )
            }
            "hpar.push" | "hpar.scan" => {
                let a = self.b.operand(d, 0);
                let g = self
                    .b
                    .defining_op(a)
                    .filter(|&g| self.b.op_is(g, "hpar.generate"))?;
                const_index(self.b.ctx, self.b.operand(g, 0))
            }
            _ => None,
        }
    }

    /// Runs `hpar.seqfor` `d` and writes its final contents to `sink` (see the module docs).
    pub(super) fn seqfor(&mut self, d: OpId, sink: &Sink) -> CResult {
        let (init, count) = (self.b.operand(d, 0), self.b.operand(d, 1));
        let (elem, _) = push_parts(self.b.ctx, self.b.value_type(init)).expect("push");
        let Some(n) = self.static_push_len(init) else {
            return Err(err(self.b.ctx, d, "cannot be lowered by convert-hpar-to-gpu: the initial array of a seqfor needs a constant length (it sizes the thread's private buffer)"));
        };
        let ty = self.b.memref_type(vec![n], elem);
        let buf = mk1(&mut self.b, "memref.alloca", &[], ty, &[]);
        self.push(d, init, Level::Thread, &[Sink::Shared(buf)])?;
        let count = self.kval(d, count)?;
        let body = self.b.entry_block(self.b.region(d, 0)).unwrap();
        let (iarg, aarg) = (self.b.block_arg(body, 0), self.b.block_arg(body, 1));
        let len = cidx(&mut self.b, n);
        self.bind_view(aarg, buf, len);
        let (z, one) = (cidx(&mut self.b, 0), cidx(&mut self.b, 1));
        self.for_loop(z, count, one, |k, i| {
            k.kmap.insert(iarg, i);
            let ys = k.lower_block(body, false)?;
            tail_builtin::memref::StoreOp::create(&mut k.b, ys[1], buf, &[ys[0]]);
            Ok(())
        })?;
        self.for_loop(z, len, one, |k, j| {
            let v = k.load(buf, j);
            k.store(sink, j, v)
        })
    }
}
