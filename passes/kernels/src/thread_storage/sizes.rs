//! Sizing kernels: thread storage whose size a thread computes (`{+/ 2 / (⍵ ⍴ V) × 3}¨`: the
//! replicate's destination has `2 · ⍵` elements, `⍵` the thread's element) cannot be sized
//! on the host from the launch's arguments. Before each launch of such a kernel `@k`, a
//! kernel `@k_sizes` runs on the same grid: a copy of `@k` reduced to what the sizes need
//! (a backward slice), each storage's size folded into one element of a small device buffer
//! by `memref.atomic_rmw maxs`. The host reads the maxima back and sizes each storage
//! buffer `max · threads`; element `j` of thread `g` stays at `j · threads + g`.
//!
//! The slice keeps, in `@k`'s order and control flow:
//! - each storage's `memref.alloca` (replaced by the atomic maximum of its size), the ops its
//!   size is computed from, and every op enclosing one of those (`scf.if`, `scf.for`,
//!   `scf.while`, with their terminators and what those use);
//! - the run-time checks (`func.call @tail_rt_check_…`) in the blocks it keeps, where what they
//!   check can be computed too: a thread that fails a check before its storage stops the
//!   sizing kernel the same way, and the host reports the failure when it reads the sizes
//!   back (instead of allocating for a size computed from the failing values);
//! - private arrays (`memref.alloca` of a static shape) that kept ops read, with their stores.
//!
//! A kept op must be pure arithmetic (`arith`, `math`, `index`), a thread or block position,
//! structured control flow, `memref.dim`, or a `memref.load` of a private array, of a
//! constant global, or of a kernel parameter that the kernel only reads and that no launch
//! binds to the buffer of a written one (the sizing kernel runs before the kernel writes
//! anything). Otherwise (a size read from another storage, from
//! workgroup memory, from a buffer the kernel writes) the storage is an error located at its
//! op, naming what the sizes depend on.

use rustc_hash::{FxHashMap, FxHashSet};
use tail_ir::{BlockId, Builder, Context, Diagnostic, InsertPoint, OpId, Value};

use super::err;
use crate::util::*;

/// What a slice cannot compute: the op and why.
type Unsliceable = (OpId, &'static str);

/// The ops of kernel `k` that a slice keeps.
struct Slice<'a> {
    ctx: &'a Context,
    k: OpId,
    kblock: BlockId,
    /// The storages whose sizes the slice computes.
    sinks: &'a FxHashSet<OpId>,
    /// Kernel parameters used other than by `memref.load` and `memref.dim` (written, or
    /// passed on).
    written: FxHashSet<Value>,
    /// The workgroup attributions (after the parameters).
    workgroup: FxHashSet<Value>,
    live: FxHashSet<OpId>,
    /// The results of kept `scf.for`/`scf.if`/`scf.while` ops that the slice uses (with a
    /// loop's carried values): (op, result number).
    needed: FxHashSet<(OpId, usize)>,
}

/// A slice being extended: kept ops, needed results, ops to visit.
struct Closure {
    live: FxHashSet<OpId>,
    needed: FxHashSet<(OpId, usize)>,
    work: Vec<OpId>,
}

impl<'a> Slice<'a> {
    fn new(
        ctx: &'a Context,
        k: OpId,
        kblock: BlockId,
        nparams: usize,
        sinks: &'a FxHashSet<OpId>,
        launches: &[OpId],
    ) -> Self {
        let args = ctx.block_args(kblock);
        let mut written: FxHashSet<Value> = args[..nparams]
            .iter()
            .copied()
            .filter(|&p| {
                ctx.uses(p).any(|u| {
                    !((ctx.op_is(u.op, "memref.load") || ctx.op_is(u.op, "memref.dim"))
                        && u.index == 0)
                })
            })
            .collect();
        // A parameter that some launch binds to the buffer it binds to a written one is
        // written too (the kernel may read back what a thread wrote through the other).
        for &l in launches {
            let ops = tail_gpu::ops::LaunchFuncOp::from_op(ctx, l)
                .expect("a launch")
                .kernel_operands(ctx)
                .to_vec();
            let host = |p: Value| {
                args[..nparams]
                    .iter()
                    .position(|&a| a == p)
                    .and_then(|i| ops.get(i).copied())
            };
            let written_bufs: Vec<Value> = written.iter().filter_map(|&p| host(p)).collect();
            for &p in &args[..nparams] {
                if host(p).is_some_and(|b| written_bufs.contains(&b)) {
                    written.insert(p);
                }
            }
        }
        let workgroup = args[nparams..].iter().copied().collect();
        Slice {
            ctx,
            k,
            kblock,
            sinks,
            written,
            workgroup,
            live: FxHashSet::default(),
            needed: FxHashSet::default(),
        }
    }

    /// Adds `seeds` and everything they need to the slice (on a copy of it: unchanged on an
    /// error).
    fn close(&mut self, seeds: &[OpId]) -> Result<(), Unsliceable> {
        let mut st = Closure {
            live: self.live.clone(),
            needed: self.needed.clone(),
            work: seeds.to_vec(),
        };
        while let Some(o) = st.work.pop() {
            if o == self.k || !st.live.insert(o) {
                continue;
            }
            self.visit(o, &mut st)?;
        }
        self.live = st.live;
        self.needed = st.needed;
        Ok(())
    }

    /// The needs of `o`, newly kept: its parent, the values it uses, its regions'
    /// terminators, the stores of a private array it reads.
    fn visit(&self, o: OpId, st: &mut Closure) -> Result<(), Unsliceable> {
        let ctx = self.ctx;
        self.sliceable(o)?;
        if let Some(p) = ctx.op_parent_op(o) {
            st.work.push(p);
        }
        st.work.extend(terminators(ctx, o));
        let parent_is = |name: &str| ctx.op_parent_op(o).is_some_and(|p| ctx.op_is(p, name));
        let used: Vec<Value> = if ctx.op_is(o, "scf.for") {
            // Bounds and step; the initial values where their results are needed.
            ctx.operand_vec(o)[..3].to_vec()
        } else if ctx.op_is(o, "scf.yield") && (parent_is("scf.for") || parent_is("scf.if")) {
            // What the loop carries or the branches yield: where needed (`need_result`).
            Vec::new()
        } else {
            ctx.operand_vec(o)
        };
        for v in used {
            self.need(v, o, st)?;
        }
        // Results other than scalars are needed (an unneeded one becomes a zero constant).
        for i in 0..ctx.num_results(o) {
            let r = ctx.result(o, i);
            if ctx.op_is(o, "scf.while") || !is_scalar(ctx, ctx.value_type(r)) {
                self.need_result(o, i, st)?;
            }
        }
        // A private array read: its stores with it.
        if ctx.op_is(o, "memref.load") {
            let m = ctx.operand(o, 0);
            if let Some(a) = ctx
                .defining_op(m)
                .filter(|&a| ctx.op_is(a, "memref.alloca") && ctx.num_operands(a) == 0)
            {
                st.work.push(a);
                st.work.extend(
                    ctx.uses(m)
                        .filter(|u| ctx.op_is(u.op, "memref.store") && u.index == 1)
                        .map(|u| u.op),
                );
            }
        }
        Ok(())
    }

    /// Value `v`, used by `user`, is needed.
    fn need(&self, v: Value, user: OpId, st: &mut Closure) -> Result<(), Unsliceable> {
        let ctx = self.ctx;
        if self.workgroup.contains(&v) {
            return Err((user, "a value in workgroup memory"));
        }
        match ctx.value_def(v) {
            tail_ir::ValueDef::OpResult { op: d, index } => {
                if ctx.op_is(d, "memref.alloca") && ctx.num_operands(d) > 0 {
                    return Err((user, "the contents of a thread's storage"));
                }
                st.work.push(d);
                if !ctx.regions(d).is_empty() {
                    self.need_result(d, index as usize, st)?;
                }
            }
            tail_ir::ValueDef::BlockArg { block, index } => {
                if block == self.kblock {
                    return Ok(());
                }
                let Some(p) = ctx.block_parent_op(block) else {
                    return Ok(());
                };
                st.work.push(p);
                if ctx.op_is(p, "scf.for") && index >= 1 {
                    self.need_result(p, index as usize - 1, st)?;
                } else if ctx.op_is(p, "scf.while") {
                    for i in 0..ctx.num_results(p) {
                        self.need_result(p, i, st)?;
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Result `i` of region op `d` (and, for a loop, its carried value `i`) is needed: what
    /// computes it in every iteration or branch.
    fn need_result(&self, d: OpId, i: usize, st: &mut Closure) -> Result<(), Unsliceable> {
        let ctx = self.ctx;
        if !st.needed.insert((d, i)) {
            return Ok(());
        }
        let yields = terminators(ctx, d);
        if ctx.op_is(d, "scf.while") {
            // Every value it carries, in both regions.
            for v in ctx.operand_vec(d) {
                self.need(v, d, st)?;
            }
            for y in yields {
                st.work.push(y);
                for v in ctx.operand_vec(y) {
                    self.need(v, y, st)?;
                }
            }
            return Ok(());
        }
        if ctx.op_is(d, "scf.for") {
            self.need(ctx.operand(d, 3 + i), d, st)?;
        }
        for y in yields {
            st.work.push(y);
            if i < ctx.num_operands(y) {
                self.need(ctx.operand(y, i), y, st)?;
            }
        }
        Ok(())
    }

    /// Whether the sizing kernel can run `o` (else why not).
    fn sliceable(&self, o: OpId) -> Result<(), Unsliceable> {
        let ctx = self.ctx;
        let name = ctx.op_name_str(o);
        let ok = match name {
            _ if self.sinks.contains(&o) => true,
            "memref.alloca" => ctx.num_operands(o) == 0,
            "memref.load" => {
                let m = ctx.operand(o, 0);
                match ctx.defining_op(m) {
                    Some(d) => {
                        ctx.op_is(d, "memref.alloca")
                            || (ctx.op_is(d, "memref.get_global") && self.constant_global(d))
                    }
                    None => {
                        if self.written.contains(&m) {
                            return Err((o, "a buffer the kernel writes"));
                        }
                        ctx.value_parent_block(m) == Some(self.kblock)
                    }
                }
            }
            "memref.store" => ctx
                .defining_op(ctx.operand(o, 1))
                .is_some_and(|d| ctx.op_is(d, "memref.alloca") && ctx.num_operands(d) == 0),
            "memref.dim" | "memref.get_global" | "scf.for" | "scf.if" | "scf.while"
            | "scf.yield" | "scf.condition" | "gpu.return" | "gpu.block_id" | "gpu.thread_id"
            | "gpu.block_dim" | "gpu.grid_dim" => true,
            _ => {
                (name.starts_with("arith.")
                    || name.starts_with("math.")
                    || name.starts_with("index."))
                    && ctx.regions(o).is_empty()
                    || tail_fusion::fuse::is_check_call(ctx, o)
            }
        };
        if ok {
            Ok(())
        } else {
            Err((o, "an operation a sizing kernel does not run"))
        }
    }

    /// Whether `get` reads a `memref.global` marked `constant`.
    fn constant_global(&self, get: OpId) -> bool {
        let ctx = self.ctx;
        let Some(name) = ctx
            .attr(get, "name")
            .and_then(|a| ctx.attr_as_symbol_ref(a))
        else {
            return false;
        };
        let Some(m) = ctx.op_parent_op(self.k) else {
            return false;
        };
        tail_ir::symbol::lookup_symbol_in(ctx, m, name)
            .is_some_and(|g| ctx.op_is(g, "memref.global") && ctx.attr(g, "constant").is_some())
    }

    /// Adds the run-time checks of the kept blocks that the slice can compute, until none is
    /// added.
    fn add_checks(&mut self) {
        let ctx = self.ctx;
        // The kernel's checks, found in one walk; each is tried once its block is kept.
        let mut left: Vec<OpId> = ctx
            .walk_preorder(self.k)
            .into_iter()
            .filter(|&c| tail_fusion::fuse::is_check_call(ctx, c))
            .collect();
        loop {
            let (ready, rest): (Vec<OpId>, Vec<OpId>) = left.into_iter().partition(|&c| {
                ctx.op_parent_op(c)
                    .is_some_and(|p| p == self.k || self.live.contains(&p))
            });
            left = rest;
            if ready.is_empty() {
                return;
            }
            for c in ready {
                // A check whose values the slice cannot compute is left out.
                let _ = self.close(&[c]);
            }
        }
    }
}

/// Creates `@<k>_sizes` beside kernel `k`: the slice of `k` computing the sizes of
/// `storages` (allocas of `k`), whose maxima over the threads it stores into a last
/// parameter `memref<?xi64>` (zero before the launch), one element per distinct size value.
/// Returns the new kernel's name, the number of elements, and each storage's element.
/// `launches` are the kernel's launches (a parameter bound to a written one's buffer is
/// written too).
pub(super) fn sizing_kernel(
    ctx: &mut Context,
    k: OpId,
    kblock: BlockId,
    nparams: usize,
    storages: &[OpId],
    launches: &[OpId],
) -> Result<(String, usize, Vec<usize>), Diagnostic> {
    let mut sizes: Vec<Value> = Vec::new();
    let slots: Vec<usize> = storages
        .iter()
        .map(|&st| {
            let v = ctx.operand(st, 0);
            sizes.iter().position(|&x| x == v).unwrap_or_else(|| {
                sizes.push(v);
                sizes.len() - 1
            })
        })
        .collect();
    let sinks: FxHashSet<OpId> = storages.iter().copied().collect();
    let live = {
        let mut s = Slice::new(ctx, k, kblock, nparams, &sinks, launches);
        let mut seeds: Vec<OpId> = storages.to_vec();
        seeds.extend(ctx.last_op(kblock));
        if let Err((o, what)) = s.close(&seeds) {
            // Located at the storage whose size needs `o`.
            let st = storages
                .iter()
                .copied()
                .find(|&st| s.close(&[st]).is_err())
                .unwrap_or(storages[0]);
            let note = format!("'{}' op: the size is computed from it", ctx.op_name_str(o));
            return Err(err(
                ctx,
                st,
                format!(
                    "the size of a thread's storage is computed in the thread from {what}, which a sizing kernel run before the kernel cannot compute"
                ),
            )
            .with_note(ctx.op_loc(o), note));
        }
        s.add_checks();
        (s.live, s.needed)
    };
    let (live, needed) = live;
    // The copy, beside the kernel.
    let base = ctx
        .attr(k, "sym_name")
        .and_then(|a| ctx.attr_as_str(a))
        .unwrap_or("kernel")
        .to_string();
    let gm = ctx.op_parent_op(k).expect("a kernel in a gpu.module");
    let mut name = format!("{base}_sizes");
    let mut i = 1;
    while tail_ir::symbol::lookup_symbol_in(ctx, gm, &name).is_some() {
        name = format!("{base}_sizes{i}");
        i += 1;
    }
    let mut map = VMap::default();
    let copy = ctx.clone_op(k, &mut map);
    let nm = ctx.string_attr(&name);
    ctx.set_attr(copy, "sym_name", nm);
    ctx.insert_op(copy, InsertPoint::After(k));
    // The copies of the kept ops (walks of `k` and of its copy visit ops in the same order).
    let originals = ctx.walk_preorder(k);
    let copies = ctx.walk_preorder(copy);
    let mut keep: FxHashSet<OpId> = FxHashSet::default();
    let mut sink_copies: Vec<OpId> = Vec::new();
    let index_of: FxHashMap<OpId, usize> =
        storages.iter().zip(&slots).map(|(&s, &i)| (s, i)).collect();
    let mut sink_pos: Vec<usize> = Vec::new();
    let mut unneeded: Vec<(OpId, usize)> = Vec::new();
    for (&o, &c) in originals.iter().zip(&copies) {
        if o == k || live.contains(&o) {
            keep.insert(c);
            if ctx.op_is(o, "scf.for") || ctx.op_is(o, "scf.if") {
                unneeded.extend(
                    (0..ctx.num_results(o))
                        .filter(|&i| !needed.contains(&(o, i)))
                        .map(|i| (c, i)),
                );
            }
        }
        if let Some(&i) = index_of.get(&o) {
            sink_copies.push(c);
            sink_pos.push(i);
        }
    }
    // A loop's carried value that is not needed is carried unchanged from a zero; a branch's
    // result that is not needed is a zero.
    for &(c, i) in &unneeded {
        let loc = ctx.op_loc(c);
        let ty = ctx.value_type(ctx.result(c, i));
        let mut b = Builder::new(ctx, InsertPoint::Before(c), loc);
        let z = zero(&mut b, ty);
        let yields = terminators(ctx, c);
        if ctx.op_is(c, "scf.for") {
            ctx.set_operand(c, 3 + i, z);
            let body = ctx.entry_block(ctx.region(c, 0)).expect("a loop body");
            let arg = ctx.block_arg(body, 1 + i);
            for y in yields {
                ctx.set_operand(y, i, arg);
            }
        } else {
            for y in yields {
                ctx.set_operand(y, i, z);
            }
        }
    }
    // Everything else goes, innermost and last first (a dropped op's results are used by
    // dropped ops only).
    for &c in copies.iter().rev() {
        if !keep.contains(&c) && ctx.op_parent_op(c).is_some_and(|p| keep.contains(&p)) {
            ctx.erase_op(c);
        }
    }
    let ckblock = ctx.entry_block(ctx.region(copy, 0)).expect("kernel body");
    let i64t = ctx.int_type(64);
    let out = super::add_param(ctx, copy, ckblock, nparams, i64t);
    let mut done: FxHashSet<usize> = FxHashSet::default();
    for (&c, &i) in sink_copies.iter().zip(&sink_pos) {
        if !done.insert(i) {
            ctx.erase_op(c);
            continue;
        }
        let loc = ctx.op_loc(c);
        let size = ctx.operand(c, 0);
        let mut b = Builder::new(ctx, InsertPoint::Before(c), loc);
        let n = mk1(&mut b, "arith.index_cast", &[size], i64t, &[]);
        let at = cidx(&mut b, i as i64);
        let maxs = tail_builtin::memref::ATOMIC_RMW_KINDS
            .iter()
            .position(|&s| s == "maxs")
            .expect("maxs") as i64;
        let kattr = b.int_attr(i64t, maxs);
        mk1(
            &mut b,
            "memref.atomic_rmw",
            &[n, out, at],
            i64t,
            &[("kind", kattr)],
        );
        ctx.erase_op(c);
    }
    Ok((name, sizes.len(), slots))
}

/// The terminators of the blocks of `op`'s regions.
fn terminators(ctx: &Context, op: OpId) -> Vec<OpId> {
    ctx.regions(op)
        .iter()
        .flat_map(|&r| ctx.region_blocks(r).to_vec())
        .filter_map(|blk| ctx.last_op(blk))
        .collect()
}
