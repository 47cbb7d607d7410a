//! `scf.while` around barriers or shuffles (FCL's `while<block>`: the halving steps of a block
//! reduction run in an `scf.while` on the current length, with a barrier after each step).
//!
//! A while loop whose condition is block-uniform stays outside the thread loops and is rebuilt
//! around the phases of its two regions, like a split `scf.for`:
//!
//! * the `before` region's arguments that stay block-uniform (a fixed point over the carried
//!   values) remain arguments of the rebuilt loop; the per-thread ones live in per-thread
//!   buffers, initialized by a thread loop before the loop and written back by the last phase
//!   of the `after` region (after all of that iteration's reads);
//! * the values `scf.condition` forwards (the `after` region's arguments and the loop's
//!   results) are SSA values of the rebuilt loop when block-uniform; a per-thread one is read
//!   from the buffer of the `before` argument it forwards unchanged, or else from a per-thread
//!   buffer written by the last phase of the `before` region.
//!
//! A thread-dependent condition means that threads may leave the loop at different iterations:
//! a barrier inside is an error located at the barrier (CUDA leaves it undefined).

use super::*;

impl Lower<'_> {
    /// The `before` and `after` blocks of `scf.while` `op`, and the `before` terminator
    /// (`scf.condition`).
    fn while_parts(&self, op: OpId) -> (BlockId, BlockId, OpId) {
        let before = self
            .ctx
            .entry_block(self.ctx.region(op, 0))
            .expect("before");
        let after = self.ctx.entry_block(self.ctx.region(op, 1)).expect("after");
        let cond = self.ctx.last_op(before).expect("scf.condition");
        (before, after, cond)
    }

    /// Whether the condition of `scf.while` `op` is block-uniform (after [`Self::analyze`]).
    pub(super) fn while_cond_uniform(&self, op: OpId) -> bool {
        let (_, _, cond) = self.while_parts(op);
        self.uniform.contains(&self.ctx.operand(cond, 0))
    }

    /// An `scf.while` around barriers or shuffles: the carried values that stay block-uniform
    /// (a fixed point, starting from the uniform initial values), then the uniform forwarded
    /// values, which are the `after` arguments and the results.
    pub(super) fn analyze_while(&mut self, op: OpId, predicated: bool) {
        let (before, after, cond) = self.while_parts(op);
        let bargs = self.ctx.block_args(before).to_vec();
        let aargs = self.ctx.block_args(after).to_vec();
        let inits = self.ctx.operand_vec(op);
        let mut assume: Vec<bool> = inits.iter().map(|v| self.uniform.contains(v)).collect();
        loop {
            for (&a, &u) in bargs.iter().zip(&assume) {
                if u {
                    self.uniform.insert(a);
                } else {
                    self.uniform.remove(&a);
                }
            }
            self.analyze(before, predicated);
            for (k, &a) in aargs.iter().enumerate() {
                if self.uniform.contains(&self.ctx.operand(cond, k + 1)) {
                    self.uniform.insert(a);
                } else {
                    self.uniform.remove(&a);
                }
            }
            self.analyze(after, predicated);
            let term = self.ctx.last_op(after).expect("scf.yield");
            let mut changed = false;
            for (k, a) in assume.iter_mut().enumerate() {
                if *a && !self.uniform.contains(&self.ctx.operand(term, k)) {
                    *a = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
            self.forget_inside(op);
        }
        for k in 0..self.ctx.num_results(op) {
            if self.uniform.contains(&self.ctx.operand(cond, k + 1)) {
                let r = self.ctx.result(op, k);
                self.uniform.insert(r);
            }
        }
    }

    /// `scf.while` with a block-uniform condition around barriers or shuffles: rebuilt outside
    /// the thread loops around the phases of its regions (see the module docs).
    pub(super) fn split_while(&mut self, op: OpId) -> CResult {
        self.end_phase();
        let (before, after, cond) = self.while_parts(op);
        let bargs = self.ctx.block_args(before).to_vec();
        let aargs = self.ctx.block_args(after).to_vec();
        let inits = self.ctx.operand_vec(op);
        let fwd = self.ctx.operand_vec(cond)[1..].to_vec();
        // Carried values: uniform ones stay iter values, per-thread ones get buffers.
        let mut bbufs = Vec::new();
        let mut uinits = Vec::new();
        let mut stores = Vec::new();
        for (k, &a) in bargs.iter().enumerate() {
            if self.uniform.contains(&a) {
                uinits.push(self.uniform_val(op, inits[k])?);
                bbufs.push(None);
            } else {
                let ty = self.ctx.value_type(a);
                let buf = self.thread_buffer(op, ty)?;
                stores.push((inits[k], buf));
                bbufs.push(Some(buf));
            }
        }
        self.store_values(op, &stores)?;
        self.end_phase();
        // Forwarded values: uniform ones are the rebuilt loop's `after` arguments and results;
        // per-thread ones are read from a buffer (`true`: written at the end of `before`).
        let mut abufs: Vec<Option<(Value, bool)>> = Vec::new();
        let mut utys = Vec::new();
        for (k, &v) in fwd.iter().enumerate() {
            if self.uniform.contains(&aargs[k]) {
                utys.push(self.ctx.value_type(aargs[k]));
                abufs.push(None);
            } else if let Some(buf) = bargs.iter().position(|&a| a == v).and_then(|j| bbufs[j]) {
                abufs.push(Some((buf, false)));
            } else {
                let ty = self.ctx.value_type(aargs[k]);
                abufs.push(Some((self.thread_buffer(op, ty)?, true)));
            }
        }
        let ip = self.outer_ip();
        let (w, nbefore, nafter) = {
            let mut b = Builder::new(self.ctx, ip, self.ctx.op_loc(op));
            tail_builtin::scf::WhileOp::create(&mut b, &uinits, &utys)
        };
        let saved = self.anchor;
        // The `before` region, up to the condition.
        let nc = mk(
            self.ctx,
            InsertPoint::BlockEnd(nbefore),
            self.ctx.op_loc(cond),
            "scf.condition",
            &[],
            &[],
        );
        let nbargs = self.ctx.block_args(nbefore).to_vec();
        let mut k = 0;
        for (i, &a) in bargs.iter().enumerate() {
            let loc = match bbufs[i] {
                None => {
                    k += 1;
                    Loc::Uniform(nbargs[k - 1])
                }
                Some(buf) => Loc::Buffer(buf),
            };
            self.locs.insert(a, loc);
        }
        self.anchor = nc;
        self.emit_block(before)?;
        let mut cvals = vec![self.uniform_val(cond, self.ctx.operand(cond, 0))?];
        let mut stores = Vec::new();
        for (k, &v) in fwd.iter().enumerate() {
            match abufs[k] {
                None => cvals.push(self.uniform_val(cond, v)?),
                Some((buf, true)) => stores.push((v, buf)),
                Some((_, false)) => {}
            }
        }
        self.store_values(cond, &stores)?;
        self.end_phase();
        self.ctx.set_operands(nc, &cvals);
        // The `after` region: one step, then the carried values for the next test.
        let y = self.yield_at(nafter);
        let naargs = self.ctx.block_args(nafter).to_vec();
        let mut k = 0;
        for (i, &a) in aargs.iter().enumerate() {
            let loc = match abufs[i] {
                None => {
                    k += 1;
                    Loc::Uniform(naargs[k - 1])
                }
                Some((buf, _)) => Loc::Buffer(buf),
            };
            self.locs.insert(a, loc);
        }
        self.anchor = y;
        self.emit_block(after)?;
        let term = self.ctx.last_op(after).expect("scf.yield");
        let mut uvals = Vec::new();
        let mut stores = Vec::new();
        for (i, &v) in self.ctx.operand_vec(term).iter().enumerate() {
            match bbufs[i] {
                None => uvals.push(self.uniform_val(term, v)?),
                Some(buf) => stores.push((v, buf)),
            }
        }
        self.store_values(term, &stores)?;
        self.end_phase();
        self.ctx.set_operands(y, &uvals);
        self.anchor = saved;
        let mut k = 0;
        for (i, &r) in self.ctx.results(op).to_vec().iter().enumerate() {
            let loc = match abufs[i] {
                None => {
                    k += 1;
                    Loc::Uniform(self.ctx.result(w.op(), k - 1))
                }
                Some((buf, _)) => Loc::Buffer(buf),
            };
            self.locs.insert(r, loc);
        }
        Ok(())
    }
}
