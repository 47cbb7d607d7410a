//! Host loops of kernels: an `scf.for` of a function's body (or of such a loop's body) that
//! holds `hpar` programs (a *device loop*, as `convert-soac-to-hpar` builds for `soac.loop`)
//! keeps its loop-carried arrays on the device, and its body is lowered like the function's
//! body: one launch per kernel per iteration.
//!
//! * **Carried arrays are device buffers.** A carried memref (a host memref at the `hpar`
//!   level) is a `gpu.alloc` buffer at the `gpu` level, owned by the loop: the initial buffer
//!   is the grid array's own buffer when nothing else reads it (the array is forced right
//!   before the loop and only carried), else a fresh copy (`gpu.alloc` + `gpu.memcpy`, from
//!   the device copy of a host memref or from another buffer). A yielded array is the buffer
//!   its kernel wrote in this iteration (the `builtin.unrealized_conversion_cast` that
//!   returned it to the host is not copied back), the carried buffer itself when the body
//!   yields its argument unchanged, or else a fresh copy. So no buffer is copied back to the
//!   host in an iteration unless the host reads it.
//! * **No buffer outlives its iteration.** Before the body's `scf.yield`, every device
//!   buffer allocated in the body and not yielded is freed (`gpu.dealloc`), and so is every
//!   carried buffer that is replaced by a new one; host buffers allocated at the body's top
//!   level (copies back, host tables) are freed (`memref.dealloc`). The final buffers belong
//!   to the scope around the loop (freed before `func.return`).
//! * **Host memrefs are copied once.** A host memref that a kernel in the body reads is copied
//!   to the device before the outermost loop that does not define it.
//! * **Host reads.** Where host code reads a carried array (a print in the body, `memref.load`)
//!   or a loop result (a print, `func.return`), it reads one host copy (`memref.alloc` +
//!   `gpu.memcpy`) made before the first such read; kernels, `memref.dim`, a device loop's
//!   initial value or yield read the device buffer.
//!
//! Loops with only host code (no `hpar` op) stay as they are: their memrefs are host memrefs.

use rustc_hash::FxHashSet;
use tail_ir::{BlockId, Builder, Context, OpId, OpOperand, Type, Value, DYNAMIC};

use tail_hpar::types::pull_parts;

use super::{err, gpu_alloc, memref_shape, Host};
use crate::util::*;

/// The host loops around the op being lowered.
#[derive(Default)]
pub(super) struct Scopes {
    /// The device loops being converted, innermost last, each with the device buffers owned
    /// by the scope around it (its `allocs`, set aside while the loop's body is lowered).
    stack: Vec<(OpId, Vec<Value>)>,
    /// Device buffers that only a device loop's initial value reads, which the loop may take
    /// over.
    sole: FxHashSet<Value>,
}

/// Whether `op` is an `scf.for` holding `hpar` ops (or uses of grid arrays).
pub(super) fn is_device_loop(ctx: &Context, op: OpId) -> bool {
    ctx.op_is(op, "scf.for")
        && ctx.walk_preorder(op).into_iter().any(|n| {
            ctx.op_name_str(n).starts_with("hpar.")
                || ctx
                    .operands(n)
                    .any(|v| pull_parts(ctx, ctx.value_type(v)).is_some())
        })
}

/// Whether use `u` carries an array from one iteration of a device loop to the next: an
/// initial value of a device loop or an operand of its body's `scf.yield`.
fn carried_use(ctx: &Context, u: OpOperand) -> bool {
    let o = u.op;
    if ctx.op_is(o, "scf.for") {
        return u.index >= 3 && is_device_loop(ctx, o);
    }
    ctx.op_is(o, "scf.yield") && ctx.op_parent_op(o).is_some_and(|p| is_device_loop(ctx, p))
}

/// Whether use `u` of a device buffer reads it on the device (or only its extents).
fn device_use(ctx: &Context, u: OpOperand) -> bool {
    ctx.ancestor_named(u.op, "hpar.program").is_some()
        || ctx.op_is(u.op, "memref.dim")
        || carried_use(ctx, u)
}

/// Whether `v` is defined inside `op` (a result of a nested op, or an argument of one of its
/// blocks).
fn defined_in(ctx: &Context, op: OpId, v: Value) -> bool {
    match ctx.defining_op(v) {
        Some(d) => ctx.is_ancestor(op, d),
        None => ctx
            .value_parent_block(v)
            .and_then(|b| ctx.block_parent_op(b))
            .is_some_and(|o| ctx.is_ancestor(op, o)),
    }
}

/// The dynamic extents of memref `m`, as `memref.dim`s.
fn dyn_dims(b: &mut Builder<'_>, m: Value) -> Vec<Value> {
    let (shape, _) = memref_shape(b.ctx, b.value_type(m)).expect("memref");
    shape
        .iter()
        .enumerate()
        .filter(|(_, &s)| s == DYNAMIC)
        .map(|(i, _)| {
            let c = cidx(b, i as i64);
            tail_builtin::memref::DimOp::create(b, m, c)
        })
        .collect()
}

impl Host {
    /// Where to copy host memref `m` to the device for a program at `before`: before the
    /// outermost enclosing loop that does not define `m`, and the scope that owns the copy
    /// (`None`: the current one, `Some(k)`: the one around loop `k` of the stack).
    pub(super) fn hoist_point(
        &self,
        ctx: &Context,
        m: Value,
        before: OpId,
    ) -> (OpId, Option<usize>) {
        let mut at = (before, None);
        for (k, &(lp, _)) in self.loops.stack.iter().enumerate().rev() {
            if defined_in(ctx, lp, m) {
                break;
            }
            at = (lp, Some(k));
        }
        at
    }

    /// Makes device buffer `d` owned by scope `scope` (see `hoist_point`).
    pub(super) fn own(&mut self, d: Value, scope: Option<usize>) {
        match scope {
            None => self.allocs.push(d),
            Some(k) => self.loops.stack[k].1.push(d),
        }
    }

    /// For `op`, a host use of a grid array: where it is a cast to a memref, its uses that
    /// carry the array in a device loop (initial values, yields) read the grid array's device
    /// buffer instead. Returns whether other uses remain (to be lowered by `host_use`).
    pub(super) fn redirect_device_uses(&mut self, ctx: &mut Context, op: OpId) -> bool {
        if !ctx.op_is(op, "builtin.unrealized_conversion_cast") {
            return true;
        }
        let src = ctx.operand(op, 0);
        let d = self.dev[&src];
        let r = ctx.result(op, 0);
        let uses = ctx.use_vec(r);
        let carried: Vec<OpOperand> = uses
            .iter()
            .copied()
            .filter(|&u| carried_use(ctx, u))
            .collect();
        if carried.len() == 1 && uses.len() == 1 && ctx.use_vec(src).len() == 1 {
            self.loops.sole.insert(d);
        }
        for u in &carried {
            ctx.set_operand(u.op, u.index as usize, d);
        }
        carried.len() < uses.len()
    }

    /// Gives the host uses of device buffer `v` (see `device_use`) one host copy, made in
    /// `block` before the first of them.
    fn host_copy(&mut self, ctx: &mut Context, v: Value, block: BlockId) {
        let host: Vec<OpOperand> = ctx
            .use_vec(v)
            .into_iter()
            .filter(|&u| !device_use(ctx, u))
            .collect();
        if host.is_empty() {
            return;
        }
        // The users' ancestors in `block`, and the first of them.
        let mut first: Option<OpId> = None;
        for u in &host {
            let mut a = u.op;
            while ctx.op_parent_block(a) != Some(block) {
                a = ctx
                    .op_parent_op(a)
                    .expect("a use is inside the value's block");
            }
            if first.is_none_or(|f| ctx.is_before_in_block(a, f)) {
                first = Some(a);
            }
        }
        let mut b = Builder::before(ctx, first.expect("a host use"));
        let ty = b.value_type(v);
        let ds = dyn_dims(&mut b, v);
        let h = mk1(&mut b, "memref.alloc", &ds, ty, &[]);
        mk(&mut b, "gpu.memcpy", &[h, v], &[], &[], Vec::new());
        for u in host {
            ctx.set_operand(u.op, u.index as usize, h);
        }
    }

    /// A fresh device buffer of type `ty` holding a copy of `v` (a device buffer, or a host
    /// memref through its device copy), made before `before`.
    fn fresh_copy(
        &mut self,
        ctx: &mut Context,
        at: OpId,
        v: Value,
        ty: Type,
        before: OpId,
    ) -> CResult<Value> {
        let src = *self.dev.get(&v).unwrap_or(&v);
        if ctx.value_type(src) != ty {
            return Err(err(
                ctx,
                at,
                format!(
                    "cannot be lowered by convert-hpar-to-gpu: a loop-carried array of type '{}' is in a device buffer of type '{}'",
                    ctx.type_to_string(ty),
                    ctx.type_to_string(ctx.value_type(src))
                ),
            ));
        }
        let mut b = Builder::before(ctx, before);
        let ds = dyn_dims(&mut b, src);
        let n = gpu_alloc(&mut b, ty, &ds);
        mk(&mut b, "gpu.memcpy", &[n, src], &[], &[], Vec::new());
        Ok(n)
    }

    /// Lowers device loop `op` (module doc); ops left unused are pushed on `dead`.
    pub(super) fn convert_loop(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        dead: &mut Vec<OpId>,
    ) -> CResult {
        let body = ctx
            .entry_block(ctx.region(op, 0))
            .expect("scf.for has a body");
        let args = ctx.block_args(body)[1..].to_vec();
        let inits = ctx.operand_vec(op)[3..].to_vec();
        let carried: Vec<usize> = (0..inits.len())
            .filter(|&i| memref_shape(ctx, ctx.value_type(inits[i])).is_some())
            .collect();
        // Arrays the body yields unchanged: the loop reads the initial buffer and owns nothing.
        let y = ctx.last_op(body).expect("scf.yield");
        let invariant: Vec<bool> = (0..inits.len())
            .map(|i| ctx.operand(y, i) == args[i])
            .collect();
        // Of those, the ones the body does not read (but for their extents): the result is the
        // initial value itself, on the host as on the device (nothing is copied).
        let unread: Vec<bool> = (0..inits.len())
            .map(|i| {
                invariant[i]
                    && ctx
                        .uses(args[i])
                        .all(|u| u.op == y || ctx.op_is(u.op, "memref.dim"))
            })
            .collect();
        let carried: Vec<usize> = carried.into_iter().filter(|&i| !unread[i]).collect();
        for i in (0..inits.len()).filter(|&i| unread[i]) {
            let r = ctx.result(op, i);
            ctx.replace_all_uses_with(r, inits[i]);
        }
        // Initial buffers, owned by the loop.
        for &i in &carried {
            let (v, ty) = (inits[i], ctx.value_type(args[i]));
            if invariant[i] {
                let d = match self.dev.get(&v) {
                    Some(&d) => d,
                    None if ctx
                        .defining_op(v)
                        .is_some_and(|d| ctx.op_is(d, "gpu.alloc")) =>
                    {
                        v
                    }
                    None => self.ensure_dev(ctx, v, op),
                };
                ctx.set_operand(op, 3 + i, d);
                continue;
            }
            let pos = self.allocs.iter().position(|&d| d == v);
            match pos {
                Some(p) if self.loops.sole.contains(&v) && ctx.value_type(v) == ty => {
                    self.allocs.remove(p);
                }
                _ => {
                    let n = self.fresh_copy(ctx, op, v, ty, op)?;
                    ctx.set_operand(op, 3 + i, n);
                }
            }
        }
        // The body, in a scope of its own.
        let outer = std::mem::take(&mut self.allocs);
        self.loops.stack.push((op, outer));
        for &i in &carried {
            self.dev.insert(args[i], args[i]);
            self.host_copy(ctx, args[i], body);
        }
        self.convert_block(ctx, body, dead)?;
        // The yielded buffers: a buffer of this iteration, or a carried buffer the loop owns,
        // is passed on as it is (once); anything else is copied.
        let mut owned: Vec<Value> = carried
            .iter()
            .filter(|&&i| !invariant[i])
            .map(|&i| args[i])
            .collect();
        let ys = ctx.operand_vec(y);
        for &i in &carried {
            if invariant[i] {
                continue;
            }
            let (ty, v) = (ctx.value_type(args[i]), ys[i]);
            if ctx.value_type(v) == ty {
                if let Some(p) = self.allocs.iter().position(|&d| d == v) {
                    self.allocs.remove(p);
                    continue;
                }
                if let Some(p) = owned.iter().position(|&d| d == v) {
                    owned.remove(p);
                    continue;
                }
            }
            let n = self.fresh_copy(ctx, y, v, ty, y)?;
            ctx.set_operand(y, i, n);
        }
        // Free the rest: this iteration's other buffers, the carried buffers not passed on.
        let ys = ctx.operand_vec(y);
        let mut b = Builder::before(ctx, y);
        for &d in self.allocs.iter().chain(&owned) {
            mk(&mut b, "gpu.dealloc", &[d], &[], &[], Vec::new());
        }
        for o in b.block_op_vec(body) {
            if b.op_is(o, "memref.alloc") {
                let m = b.result(o, 0);
                let freed = b.uses(m).any(|u| b.op_is(u.op, "memref.dealloc"));
                if !ys.contains(&m) && !freed {
                    mk(&mut b, "memref.dealloc", &[m], &[], &[], Vec::new());
                }
            }
        }
        let (_, outer) = self.loops.stack.pop().expect("pushed above");
        self.allocs = outer;
        // The final buffers.
        let parent = ctx.op_parent_block(op).expect("the loop is in a block");
        for &i in &carried {
            let r = ctx.result(op, i);
            self.dev.insert(r, r);
            if !invariant[i] {
                self.allocs.push(r);
            }
            self.host_copy(ctx, r, parent);
            let uses = ctx.use_vec(r);
            if uses.len() == 1 && carried_use(ctx, uses[0]) {
                self.loops.sole.insert(r);
            }
        }
        Ok(())
    }
}
