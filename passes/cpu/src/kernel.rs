//! One `gpu.func` kernel → one `func.func` that runs one block of it on the CPU.
//!
//! The function takes the block's coordinates, the grid's extents, the block's extents (unless
//! the kernel's `known_block_size` fixes them) and the kernel's parameters, and runs every
//! thread of the block in *thread loops* (`scf.for %t = 0 to %threads`, `%t` the linear thread
//! id). The body is cut into *phases* at every `gpu.barrier` and every `gpu.shuffle`; each
//! phase is one thread loop (MCUDA's loop fission), so all threads finish a phase before any
//! thread starts the next, which is what the barrier asks for.
//!
//! * **Block-uniform values** (constants, block ids and extents, kernel parameters, and pure
//!   ops on them, found by a forward analysis) are computed once, outside the thread loops.
//! * **Per-thread values** live in the thread loop of the phase that defines them. A use in a
//!   later phase either recomputes the value there (a pure op on thread ids and uniform values,
//!   up to [`REMAT_DEPTH`] ops deep) or reads it from a *per-thread buffer* (one element per
//!   thread, stored right after the definition, loaded at the top of the using phase).
//! * **Control flow with barriers inside** stays outside the thread loops when its condition or
//!   bounds are block-uniform: `scf.if`, `scf.for` and `scf.while` (module `split_while`) are
//!   rebuilt around the phases of their regions (loop-carried per-thread values and per-thread
//!   results go through per-thread buffers). A barrier under thread-dependent control flow is an error located at the
//!   barrier (CUDA leaves such programs undefined).
//! * **`gpu.shuffle`** exchanges values between the lanes of a warp (32 consecutive linear ids,
//!   as the interpreter and the hardware have them): the phase before it stores each thread's
//!   value into an exchange buffer, the phase after it reads the source lane's slot. An
//!   `scf.if` with a thread-dependent condition around shuffles (the warp-level step of a
//!   block reduction runs under `thread_id < 32`) becomes a per-thread predicate: every phase
//!   of its regions runs `scf.if <condition>` (negated for the else region) inside its thread
//!   loop, and its results go through per-thread buffers.
//! * A thread loop whose whole body is `scf.if %t < %u` (the tree and warp steps of a block
//!   reduction) runs to `min(%u, threads)` without the `scf.if`.
//! * Workgroup attributions become block-local buffers (`memref.alloca`, or `memref.alloc` +
//!   `memref.dealloc` when larger than [`STACK_LIMIT`] bytes or of dynamic size, which is also
//!   the rule for the per-thread buffers).
//!
//! Anything else that synchronizes (a barrier in an `scf.while` with a thread-dependent
//! condition, a shuffle under a thread-dependent loop, private attributions, other `gpu` ops)
//! is an error located at the op.

use rustc_hash::{FxHashMap, FxHashSet};
use tail_builtin::arith::CmpIPredicate;
use tail_gpu::attrs::GpuEnumAttr;
use tail_ir::{
    AttrKind, BlockId, Builder, Context, DenseValues, Diagnostic, InsertPoint, Location, OpId,
    OperationState, Type, TypeKind, Value, DYNAMIC,
};

mod split_while;

/// Result type of the conversion.
pub type CResult<T = ()> = Result<T, Diagnostic>;

/// Buffers up to this many bytes are `memref.alloca`s; larger (or dynamic) ones are
/// `memref.alloc` + `memref.dealloc`.
pub const STACK_LIMIT: i64 = 64 * 1024;

/// How many pure ops deep a per-thread value is recomputed in a later phase instead of being
/// kept in a per-thread buffer.
pub const REMAT_DEPTH: usize = 3;

/// Threads per warp (lanes exchanged by `gpu.shuffle`).
const WARP: i64 = 32;

/// Ops that may trap (division by zero): never hoisted out of a per-thread predicate.
const TRAPPING: &[&str] = tail_builtin::arith::TRAPPING_OPS;

/// What the host needs to call a kernel function.
#[derive(Clone, Debug)]
pub struct KernelFn {
    /// The `func.func`'s name.
    pub name: String,
    /// Coordinates passed per kind (1: x only; 3: x, y, z).
    pub dims: usize,
    /// The block extents the function is specialized for (`known_block_size`); without it the
    /// block extents are parameters.
    pub known_block: Option<[i64; 3]>,
    /// Thread loops (phases) created.
    pub phases: usize,
    /// Consecutive blocks of the launch that one call runs (see
    /// [`coarsen`](crate::gpu_to_cpu)); 1 for most kernels.
    pub coarsen: i64,
}

/// The axis (0, 1, 2) of an id op's `dimension` attribute.
pub fn axis(ctx: &Context, op: OpId) -> usize {
    let kw = ctx
        .attr(op, "dimension")
        .and_then(|a| GpuEnumAttr::from_attr(ctx, a))
        .map(|e| e.keyword)
        .unwrap_or("x");
    match kw {
        "y" => 1,
        "z" => 2,
        _ => 0,
    }
}

/// The kernel's `known_block_size`, if it has one.
pub fn known_block_size(ctx: &Context, kernel: OpId) -> Option<[i64; 3]> {
    match ctx
        .attr(kernel, "known_block_size")
        .map(|a| ctx.attr_kind(a))
    {
        Some(AttrKind::DenseArray {
            values: DenseValues::Ints(v),
            ..
        }) if v.len() == 3 => Some([v[0], v[1], v[2]]),
        _ => None,
    }
}

/// Whether the kernel reads a y or z coordinate (thread or block id, block or grid extent).
pub fn uses_yz(ctx: &Context, kernel: OpId) -> bool {
    ctx.walk_preorder(kernel).into_iter().any(|o| {
        matches!(
            ctx.op_name_str(o),
            "gpu.thread_id" | "gpu.block_id" | "gpu.block_dim" | "gpu.grid_dim"
        ) && axis(ctx, o) != 0
    })
}

/// The values used inside `op` (its operands and those of nested ops) that are defined outside
/// it, in order of first use.
pub fn captured(ctx: &Context, op: OpId) -> Vec<Value> {
    let mut seen = FxHashSet::default();
    let mut out = Vec::new();
    for n in ctx.walk_preorder(op) {
        for v in ctx.operands(n) {
            let inside = match ctx.defining_op(v) {
                Some(d) => ctx.is_ancestor(op, d),
                None => ctx
                    .value_parent_block(v)
                    .and_then(|b| ctx.block_parent_op(b))
                    .is_some_and(|o| ctx.is_ancestor(op, o)),
            };
            if !inside && seen.insert(v) {
                out.push(v);
            }
        }
    }
    out
}

/// Where the converted value of a kernel value lives.
#[derive(Clone, Copy)]
enum Loc {
    /// Block-uniform: computed outside the thread loops.
    Uniform(Value),
    /// Computed in thread loop `phase` (its thread id `t`), under `preds` predicates.
    Thread {
        phase: usize,
        val: Value,
        t: Value,
        preds: usize,
    },
    /// In a per-thread buffer, at the thread's linear id.
    Buffer(Value),
    /// `gpu.thread_id` along an axis.
    ThreadId(usize),
    /// `gpu.lane_id`.
    Lane,
}

/// The open thread loop.
struct Phase {
    id: usize,
    op: OpId,
    t: Value,
    /// Thread ops go before this terminator (of the loop body or of the innermost predicate).
    term: OpId,
    /// Kernel values already available in this phase.
    cache: FxHashMap<Value, Value>,
}

/// The lowering of one kernel.
struct Lower<'c> {
    ctx: &'c mut Context,
    loc: Location,
    entry: BlockId,
    /// Outside ops go before this op (the terminator of the current outer block).
    anchor: OpId,
    phase: Option<Phase>,
    /// Per-thread predicates of the current phases: (kernel condition, negated).
    preds: Vec<(Value, bool)>,
    locs: FxHashMap<Value, Loc>,
    /// Block-uniform kernel values.
    uniform: FxHashSet<Value>,
    /// Ops that are or contain a barrier or a shuffle.
    sync: FxHashSet<OpId>,
    /// Ops that are or contain a barrier.
    barrier: FxHashSet<OpId>,
    next_phase: usize,
    dims: usize,
    bid: Vec<Value>,
    grid: Vec<Value>,
    bdim: [Value; 3],
    threads: Value,
    static_threads: Option<i64>,
    deallocs: Vec<Value>,
    /// The thread loops created.
    loops: Vec<OpId>,
}

fn err(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    tail_ir::op_error(
        ctx,
        op,
        format!("cannot be converted by convert-gpu-to-cpu: {msg}"),
    )
}

fn mk(
    ctx: &mut Context,
    ip: InsertPoint,
    loc: Location,
    name: &str,
    operands: &[Value],
    results: &[Type],
) -> OpId {
    let mut st = OperationState::new(ctx, name, loc);
    st.operands = operands.to_vec();
    st.result_types = results.to_vec();
    let op = ctx.create_op(st);
    ctx.insert_op(op, ip);
    op
}

fn byte_size(ctx: &Context, ty: Type) -> i64 {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } => i64::from(width.div_ceil(8)),
        TypeKind::Float(k) => match k {
            tail_ir::FloatKind::F16 | tail_ir::FloatKind::BF16 => 2,
            tail_ir::FloatKind::F32 => 4,
            _ => 8,
        },
        _ => 8,
    }
}

fn is_scalar(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_kind(ty),
        TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_)
    )
}

/// Converts `kernel` into a `func.func` named `name` inserted at `ip`.
pub fn convert_kernel(
    ctx: &mut Context,
    kernel: OpId,
    name: &str,
    dims: usize,
    ip: InsertPoint,
) -> CResult<KernelFn> {
    let body = ctx.region(kernel, 0);
    let blocks = ctx.region_blocks(body).to_vec();
    let [kentry] = blocks[..] else {
        return Err(err(
            ctx,
            kernel,
            "only kernels with a single block are supported",
        ));
    };
    let (inputs, results) = match ctx
        .attr(kernel, "function_type")
        .and_then(|a| ctx.attr_as_type(a))
        .map(|t| ctx.type_kind(t))
    {
        Some(TypeKind::Function { inputs, results }) => (inputs.clone(), results.clone()),
        _ => return Err(err(ctx, kernel, "the kernel has no function type")),
    };
    if !results.is_empty() {
        return Err(err(ctx, kernel, "a kernel must not return values"));
    }
    let nw = ctx
        .attr(kernel, "workgroup_attributions")
        .and_then(|a| ctx.attr_as_int(a))
        .unwrap_or(0)
        .max(0) as usize;
    let kargs = ctx.block_args(kentry).to_vec();
    if kargs.len() != inputs.len() + nw {
        return Err(err(ctx, kernel, "private attributions are not supported"));
    }
    // Memrefs in a memory space other than their attribution's.
    for o in ctx.walk_preorder(kernel) {
        if o == kernel {
            continue;
        }
        let spaced = ctx.results(o).iter().any(|&r| {
            matches!(
                ctx.type_kind(ctx.value_type(r)),
                TypeKind::MemRef {
                    memory_space: Some(_),
                    ..
                }
            )
        });
        if spaced {
            return Err(err(
                ctx,
                o,
                "only workgroup attributions may live in a memory space (a view of one is not supported)",
            ));
        }
    }
    let known = known_block_size(ctx, kernel);
    let loc = ctx.op_loc(kernel);
    let idx = ctx.index_type();
    let mut ftys = vec![idx; 2 * dims];
    if known.is_none() {
        ftys.extend(vec![idx; dims]);
    }
    ftys.extend(inputs.iter().copied());
    let fty = ctx.function_type(ftys, vec![]);
    let (_, entry) = {
        let mut b = Builder::new(ctx, ip, loc);
        tail_builtin::func::FuncOp::create(&mut b, name, fty)
    };
    let ret = mk(
        ctx,
        InsertPoint::BlockEnd(entry),
        loc,
        "func.return",
        &[],
        &[],
    );
    let fargs = ctx.block_args(entry).to_vec();
    let bid = fargs[..dims].to_vec();
    let grid = fargs[dims..2 * dims].to_vec();
    let mut next = 2 * dims;
    let (bdim, threads, static_threads) = {
        let mut b = Builder::new(ctx, InsertPoint::Before(ret), loc);
        match known {
            Some(k) => {
                let c = [
                    tail_builtin::arith::build_constant_index(&mut b, k[0]),
                    tail_builtin::arith::build_constant_index(&mut b, k[1]),
                    tail_builtin::arith::build_constant_index(&mut b, k[2]),
                ];
                let n = k[0] * k[1] * k[2];
                let nv = tail_builtin::arith::build_constant_index(&mut b, n);
                (c, nv, Some(n))
            }
            None => {
                let one = tail_builtin::arith::build_constant_index(&mut b, 1);
                let mut c = [one; 3];
                c[..dims].copy_from_slice(&fargs[next..next + dims]);
                next += dims;
                let n = if dims == 1 {
                    c[0]
                } else {
                    let xy = tail_builtin::arith::build_binary(&mut b, "arith.muli", c[0], c[1]);
                    tail_builtin::arith::build_binary(&mut b, "arith.muli", xy, c[2])
                };
                (c, n, None)
            }
        }
    };
    let params = fargs[next..].to_vec();
    let mut l = Lower {
        ctx,
        loc,
        entry,
        anchor: ret,
        phase: None,
        preds: Vec::new(),
        locs: FxHashMap::default(),
        uniform: FxHashSet::default(),
        sync: FxHashSet::default(),
        barrier: FxHashSet::default(),
        next_phase: 0,
        dims,
        bid,
        grid,
        bdim,
        threads,
        static_threads,
        deallocs: Vec::new(),
        loops: Vec::new(),
    };
    for (&k, &p) in kargs.iter().zip(&params) {
        l.locs.insert(k, Loc::Uniform(p));
        l.uniform.insert(k);
    }
    for &a in &kargs[inputs.len()..] {
        let ty = l.ctx.value_type(a);
        let TypeKind::MemRef {
            shape,
            elem,
            layout,
            ..
        } = l.ctx.type_kind(ty)
        else {
            return Err(err(l.ctx, kernel, "an attribution is not a memref"));
        };
        if shape.contains(&DYNAMIC) {
            return Err(err(
                l.ctx,
                kernel,
                "a workgroup attribution must have a static shape",
            ));
        }
        let (shape, elem, layout) = (shape.clone(), *elem, *layout);
        let local = l.ctx.intern_type(TypeKind::MemRef {
            shape: shape.clone(),
            elem,
            layout,
            memory_space: None,
        });
        let bytes = shape.iter().product::<i64>() * byte_size(l.ctx, elem);
        let v = l.allocate(local, bytes, &[]);
        l.locs.insert(a, Loc::Uniform(v));
        l.uniform.insert(a);
    }
    for o in l.ctx.walk_preorder(kernel) {
        if matches!(l.ctx.op_name_str(o), "gpu.barrier" | "gpu.shuffle") {
            let is_barrier = l.ctx.op_is(o, "gpu.barrier");
            let mut cur = Some(o);
            while let Some(c) = cur.filter(|&c| c != kernel) {
                l.sync.insert(c);
                if is_barrier {
                    l.barrier.insert(c);
                }
                cur = l.ctx.op_parent_op(c);
            }
        }
    }
    l.analyze(kentry, false);
    l.emit_block(kentry)?;
    l.end_phase();
    for lp in std::mem::take(&mut l.loops) {
        while crate::thread_loops::hoist_uniform_guard(l.ctx, lp) {}
        crate::thread_loops::single_iteration(l.ctx, lp);
        crate::thread_loops::flatten_block_stride(l.ctx, lp);
        narrow(l.ctx, lp);
        // A coarsened kernel's guard of the launch's threads, then the kernel's own bound.
        while crate::thread_loops::narrow_global(l.ctx, lp) {}
        for lp in side_by_side(l.ctx, lp, 2) {
            if crate::thread_loops::reduce_divisions(l.ctx, lp) == lp {
                crate::thread_loops::split_compares(l.ctx, lp);
            }
        }
    }
    for m in std::mem::take(&mut l.deallocs) {
        mk(
            l.ctx,
            InsertPoint::Before(ret),
            loc,
            "memref.dealloc",
            &[m],
            &[],
        );
    }
    Ok(KernelFn {
        name: name.to_string(),
        dims,
        known_block: known,
        phases: l.next_phase,
        coarsen: 1,
    })
}

/// Runs the threads of thread loop `lp` side by side where a sequential loop lets them
/// ([`crate::thread_loops::interchange`]), first splitting off a guard that yields values
/// around such a loop ([`crate::thread_loops::split_guard`]); the thread loops that an
/// interchange leaves inside the sequential loop are treated the same way, `depth` levels
/// down (a reduction's block-stride steps, each element of which runs a loop of its own:
/// `+/ +/` of Mandelbrot's counts). Returns the thread loops that replace `lp`.
fn side_by_side(ctx: &mut Context, lp: OpId, depth: usize) -> Vec<OpId> {
    let pieces = match crate::thread_loops::split_guard(ctx, lp) {
        Some((pass, rest)) => vec![pass, rest],
        None => vec![lp],
    };
    let mut out = Vec::new();
    for p in pieces {
        let loops = crate::thread_loops::interchange(ctx, p);
        if depth > 0 && loops != [p] {
            for l in loops {
                out.extend(side_by_side(ctx, l, depth - 1));
            }
        } else {
            out.extend(loops);
        }
    }
    out
}

/// `arith.cmpi`'s `ult` predicate.
const ULT: i64 = CmpIPredicate::Ult as i64;

/// Narrows thread loop `lp` while its whole body is `scf.if %t < %u { … }` (`ult`, `%u`
/// defined outside the loop, no else region, no results): the loop runs to `min(%u, end)`
/// and the if's body becomes the loop's. The warp step of a block reduction (`t < 32`) and
/// its tree steps (`t < s`) become loops over exactly the threads that work.
fn narrow(ctx: &mut Context, lp: OpId) {
    let body = ctx.entry_block(ctx.region(lp, 0)).expect("loop body");
    let t = ctx.block_arg(body, 0);
    loop {
        let ops = ctx.block_op_vec(body);
        let [cmp, iff, term] = ops[..] else {
            return;
        };
        let is_ult = ctx.op_is(cmp, "arith.cmpi")
            && ctx.attr(cmp, "predicate").and_then(|a| ctx.attr_as_int(a)) == Some(ULT)
            && ctx.operand(cmp, 0) == t;
        if !is_ult {
            return;
        }
        let u = ctx.operand(cmp, 1);
        let outside = match ctx.defining_op(u) {
            Some(d) => !ctx.is_ancestor(lp, d),
            None => ctx
                .value_parent_block(u)
                .and_then(|b| ctx.block_parent_op(b))
                .is_none_or(|o| !ctx.is_ancestor(lp, o)),
        };
        let plain_if = crate::thread_loops::plain_if(ctx, iff, ctx.result(cmp, 0));
        if !(is_ult && outside && plain_if) {
            return;
        }
        let ub = ctx.operand(lp, 1);
        let loc = ctx.op_loc(lp);
        let mut b = Builder::new(ctx, InsertPoint::Before(lp), loc);
        let n = tail_builtin::arith::build_binary(&mut b, "arith.minui", u, ub);
        crate::thread_loops::unwrap_if(ctx, lp, n, cmp, iff, term);
    }
}

impl Lower<'_> {
    // ----- analysis ------------------------------------------------------------------------------

    /// Marks the block-uniform values defined in `blk` (`predicated`: under a per-thread
    /// predicate, where ops that may trap are not hoisted).
    fn analyze(&mut self, blk: BlockId, predicated: bool) {
        for op in self.ctx.block_op_vec(blk) {
            let name = self.ctx.op_name_str(op);
            match name {
                "gpu.block_id" | "gpu.grid_dim" | "gpu.block_dim" => {
                    let r = self.ctx.result(op, 0);
                    self.uniform.insert(r);
                }
                _ if self.sync.contains(&op) => match name {
                    "scf.if" => {
                        let uc = self.uniform.contains(&self.ctx.operand(op, 0));
                        let blocks = self.region_blocks(op);
                        for &b in blocks.iter().flatten() {
                            self.analyze(b, predicated || !uc);
                        }
                        if uc {
                            for k in 0..self.ctx.num_results(op) {
                                let all = blocks.iter().all(|b| {
                                    b.is_some_and(|b| {
                                        let t = self.ctx.last_op(b).expect("terminator");
                                        self.uniform.contains(&self.ctx.operand(t, k))
                                    })
                                });
                                if all {
                                    let r = self.ctx.result(op, k);
                                    self.uniform.insert(r);
                                }
                            }
                        }
                    }
                    "scf.for"
                        if (0..3).all(|i| self.uniform.contains(&self.ctx.operand(op, i))) =>
                    {
                        self.analyze_for(op, predicated);
                    }
                    "scf.while" => self.analyze_while(op, predicated),
                    _ => {}
                },
                _ => {
                    if self.hoistable(op, predicated) {
                        for &r in self.ctx.results(op) {
                            self.uniform.insert(r);
                        }
                    }
                }
            }
        }
    }

    /// The blocks of `op`'s regions (`None` for an empty region).
    fn region_blocks(&self, op: OpId) -> Vec<Option<BlockId>> {
        self.ctx
            .regions(op)
            .iter()
            .map(|&r| self.ctx.entry_block(r))
            .collect()
    }

    /// A loop with block-uniform bounds around barriers or shuffles: the carried values that
    /// stay block-uniform (a fixed point, starting from the uniform initial values).
    fn analyze_for(&mut self, op: OpId, predicated: bool) {
        let body = self.ctx.entry_block(self.ctx.region(op, 0)).expect("body");
        let args = self.ctx.block_args(body).to_vec();
        let inits = self.ctx.operand_vec(op)[3..].to_vec();
        let mut assume: Vec<bool> = inits.iter().map(|v| self.uniform.contains(v)).collect();
        loop {
            self.uniform.insert(args[0]);
            for (k, &a) in args[1..].iter().enumerate() {
                if assume[k] {
                    self.uniform.insert(a);
                } else {
                    self.uniform.remove(&a);
                }
            }
            self.analyze(body, predicated);
            let term = self.ctx.last_op(body).expect("terminator");
            if !self.demote(&mut assume, term) {
                break;
            }
            self.forget_inside(op);
        }
        for (k, &a) in assume.iter().enumerate() {
            if a {
                let r = self.ctx.result(op, k);
                self.uniform.insert(r);
            }
        }
    }

    /// One step of a loop's carried-value fixed point: the carried values assumed uniform whose
    /// yielded value (operand `k` of the body's terminator `term`) is not uniform are assumed
    /// uniform no more. Returns whether an assumption changed.
    pub(crate) fn demote(&self, assume: &mut [bool], term: OpId) -> bool {
        let mut changed = false;
        for (k, a) in assume.iter_mut().enumerate() {
            if *a && !self.uniform.contains(&self.ctx.operand(term, k)) {
                *a = false;
                changed = true;
            }
        }
        changed
    }

    /// Unmarks every value defined inside `op` (results of nested ops and block arguments of
    /// its regions), before the fixed point of a loop's carried values analyzes it again.
    fn forget_inside(&mut self, op: OpId) {
        for n in self.ctx.walk_preorder(op) {
            for &r in self.ctx.results(n) {
                self.uniform.remove(&r);
            }
            for &rg in self.ctx.regions(n) {
                for &b in self.ctx.region_blocks(rg) {
                    for &a in self.ctx.block_args(b) {
                        self.uniform.remove(&a);
                    }
                }
            }
        }
    }

    /// Whether `op` is computed once for the block: it has results, no memory effects, no
    /// `gpu` ops inside, and uses only block-uniform values.
    fn hoistable(&self, op: OpId, predicated: bool) -> bool {
        let ctx = &*self.ctx;
        if ctx.num_results(op) == 0 || !tail_ir::greedy::is_memory_effect_free(ctx, op) {
            return false;
        }
        let bad = ctx.walk_preorder(op).into_iter().any(|n| {
            let nm = ctx.op_name_str(n);
            nm.starts_with("gpu.")
                || !ctx.successors(n).is_empty()
                || (predicated && TRAPPING.contains(&nm))
        });
        !bad && captured(ctx, op).iter().all(|v| self.uniform.contains(v))
    }

    // ----- emission ------------------------------------------------------------------------------

    /// Emits the ops of kernel block `blk` (not its terminator).
    fn emit_block(&mut self, blk: BlockId) -> CResult {
        let ops = self.ctx.block_op_vec(blk);
        let Some((_, body)) = ops.split_last() else {
            return Ok(());
        };
        for &op in body {
            self.emit_op(op)?;
        }
        Ok(())
    }

    fn emit_op(&mut self, op: OpId) -> CResult {
        let name = self.ctx.op_name_str(op).to_string();
        match name.as_str() {
            "gpu.barrier" => {
                if !self.preds.is_empty() {
                    return Err(self.thread_dependent_barrier(op));
                }
                self.end_phase();
                Ok(())
            }
            "gpu.shuffle" => self.shuffle(op),
            "gpu.thread_id" => {
                let d = axis(self.ctx, op);
                self.set(op, Loc::ThreadId(d));
                Ok(())
            }
            "gpu.lane_id" => {
                self.set(op, Loc::Lane);
                Ok(())
            }
            "gpu.block_id" | "gpu.grid_dim" | "gpu.block_dim" => {
                let v = self.id_value(op)?;
                self.set(op, Loc::Uniform(v));
                Ok(())
            }
            _ if self.sync.contains(&op) => {
                let uniform_operands =
                    |l: &Self, n: usize| (0..n).all(|i| l.uniform.contains(&l.ctx.operand(op, i)));
                match name.as_str() {
                    "scf.if" if uniform_operands(self, 1) => self.split_if(op),
                    "scf.if" if self.barrier.contains(&op) => {
                        Err(self.thread_dependent_barrier(op))
                    }
                    "scf.if" => self.predicated_if(op),
                    "scf.for" if uniform_operands(self, 3) => self.split_for(op),
                    "scf.while" if self.while_cond_uniform(op) => self.split_while(op),
                    "scf.while" if self.barrier.contains(&op) => {
                        Err(self.thread_dependent_barrier(op))
                    }
                    _ => {
                        let inner = self.first_sync_inside(op);
                        Err(err(
                            self.ctx,
                            inner,
                            format!(
                                "a {} inside '{name}' (only 'scf.if', 'scf.for' and 'scf.while' with block-uniform conditions and bounds, and 'scf.if' around shuffles, may hold them)",
                                if self.ctx.op_is(inner, "gpu.barrier") { "barrier" } else { "shuffle" }
                            ),
                        ))
                    }
                }
            }
            _ if name.starts_with("gpu.") => Err(err(
                self.ctx,
                op,
                "this gpu op is not supported in kernels (supported: thread_id, block_id, block_dim, grid_dim, lane_id, barrier, shuffle)",
            )),
            _ => {
                let results = self.ctx.results(op);
                if !results.is_empty() && results.iter().all(|r| self.uniform.contains(r)) {
                    self.emit_uniform(op)
                } else {
                    self.emit_thread(op)
                }
            }
        }
    }

    fn set(&mut self, op: OpId, loc: Loc) {
        let r = self.ctx.result(op, 0);
        self.locs.insert(r, loc);
    }

    /// The first barrier or shuffle nested in `op`.
    fn first_sync_inside(&self, op: OpId) -> OpId {
        self.ctx
            .walk_preorder(op)
            .into_iter()
            .find(|&o| matches!(self.ctx.op_name_str(o), "gpu.barrier" | "gpu.shuffle"))
            .unwrap_or(op)
    }

    fn thread_dependent_barrier(&self, at: OpId) -> Diagnostic {
        let b = self
            .ctx
            .walk_preorder(at)
            .into_iter()
            .find(|&o| self.ctx.op_is(o, "gpu.barrier"))
            .unwrap_or(at);
        err(
            self.ctx,
            b,
            "a barrier under thread-dependent control flow (a condition that depends on the thread id or on per-thread values); only block-uniform control flow may hold barriers",
        )
    }

    /// The uniform value of a block id, block extent or grid extent.
    fn id_value(&self, op: OpId) -> CResult<Value> {
        let d = axis(self.ctx, op);
        if d >= self.dims && !self.ctx.op_is(op, "gpu.block_dim") {
            return Err(err(
                self.ctx,
                op,
                "internal: a y/z coordinate in a 1-D kernel",
            ));
        }
        Ok(match self.ctx.op_name_str(op) {
            "gpu.block_id" => self.bid[d],
            "gpu.grid_dim" => self.grid[d],
            _ => self.bdim[d],
        })
    }

    /// The converted value of kernel value `v` outside the thread loops.
    fn uniform_val(&self, user: OpId, v: Value) -> CResult<Value> {
        match self.locs.get(&v) {
            Some(Loc::Uniform(u)) => Ok(*u),
            _ => Err(err(
                self.ctx,
                user,
                "internal: a per-thread value is used outside the thread loops",
            )),
        }
    }

    /// Where outside ops go: before the open thread loop, else before the anchor.
    fn outer_ip(&self) -> InsertPoint {
        match &self.phase {
            Some(p) => InsertPoint::Before(p.op),
            None => InsertPoint::Before(self.anchor),
        }
    }

    /// A buffer of type `ty` (`bytes` large) for the block, with its dynamic sizes `dyns`.
    fn allocate(&mut self, ty: Type, bytes: i64, dyns: &[Value]) -> Value {
        let ip = match dyns.iter().find_map(|&d| self.ctx.defining_op(d)) {
            Some(d) => InsertPoint::After(d),
            None => InsertPoint::BlockStart(self.entry),
        };
        let mut b = Builder::new(self.ctx, ip, self.loc);
        if dyns.is_empty() && bytes <= STACK_LIMIT {
            tail_builtin::memref::AllocaOp::create(&mut b, ty, dyns)
        } else {
            let v = tail_builtin::memref::AllocOp::create(&mut b, ty, dyns);
            self.deallocs.push(v);
            v
        }
    }

    /// A per-thread buffer of `elem`s.
    fn thread_buffer(&mut self, user: OpId, elem: Type) -> CResult<Value> {
        if !is_scalar(self.ctx, elem) {
            return Err(err(
                self.ctx,
                user,
                format!(
                    "a per-thread value of type '{}' lives across a barrier (only integer, index and float values can)",
                    self.ctx.type_to_string(elem)
                ),
            ));
        }
        Ok(match self.static_threads {
            Some(n) => {
                let ty = self.ctx.memref_type(vec![n], elem);
                let bytes = n * byte_size(self.ctx, elem);
                self.allocate(ty, bytes, &[])
            }
            None => {
                let ty = self.ctx.memref_type(vec![DYNAMIC], elem);
                self.allocate(ty, i64::MAX, &[self.threads])
            }
        })
    }

    /// Opens a thread loop (with the current predicates) unless one is open.
    fn open_phase(&mut self, user: OpId) -> CResult {
        if self.phase.is_some() {
            return Ok(());
        }
        let ip = InsertPoint::Before(self.anchor);
        let mut b = Builder::new(self.ctx, ip, self.loc);
        let z = tail_builtin::arith::build_constant_index(&mut b, 0);
        let one = tail_builtin::arith::build_constant_index(&mut b, 1);
        let (f, body) = tail_builtin::scf::ForOp::create(&mut b, z, self.threads, one, &[]);
        let t = self.ctx.block_arg(body, 0);
        let term = self.ctx.last_op(body).expect("scf.yield");
        self.loops.push(f.op());
        self.phase = Some(Phase {
            id: self.next_phase,
            op: f.op(),
            t,
            term,
            cache: FxHashMap::default(),
        });
        self.next_phase += 1;
        for (c, neg) in self.preds.clone() {
            let mut cv = self.resolve(user, c)?;
            let term = self.cur().term;
            let mut b = Builder::new(self.ctx, InsertPoint::Before(term), self.loc);
            if neg {
                let i1 = b.i1_type();
                let tr = tail_builtin::arith::build_constant_int(&mut b, i1, 1);
                cv = tail_builtin::arith::build_binary(&mut b, "arith.xori", cv, tr);
            }
            let (_, then_b, _) = tail_builtin::scf::IfOp::create(&mut b, cv, &[], false);
            let t = self.ctx.last_op(then_b).expect("scf.yield");
            self.cur_mut().term = t;
        }
        Ok(())
    }

    fn end_phase(&mut self) {
        self.phase = None;
    }

    fn cur(&self) -> &Phase {
        self.phase.as_ref().expect("an open thread loop")
    }

    fn cur_mut(&mut self) -> &mut Phase {
        self.phase.as_mut().expect("an open thread loop")
    }

    /// A builder at the current thread-op insertion point.
    fn tb(&mut self) -> Builder<'_> {
        let term = self.cur().term;
        Builder::new(self.ctx, InsertPoint::Before(term), self.loc)
    }

    /// The value of kernel value `v` in the open thread loop.
    fn resolve(&mut self, user: OpId, v: Value) -> CResult<Value> {
        if let Some(&c) = self.cur().cache.get(&v) {
            return Ok(c);
        }
        let id = self.cur().id;
        let r = match self.locs.get(&v).copied() {
            None => {
                return Err(err(
                    self.ctx,
                    user,
                    "internal: uses a value that has not been converted",
                ))
            }
            Some(Loc::Uniform(u)) => return Ok(u),
            Some(Loc::Thread { phase, val, .. }) if phase == id => return Ok(val),
            Some(Loc::Thread { val, t, .. }) => {
                if self.can_remat(v, REMAT_DEPTH) {
                    self.remat(user, v)?
                } else {
                    let buf = self.spill(user, v, val, t)?;
                    self.load(buf)
                }
            }
            Some(Loc::Buffer(buf)) => self.load(buf),
            Some(Loc::ThreadId(d)) => self.thread_id(d),
            Some(Loc::Lane) => {
                let t = self.cur().t;
                let mut b = self.tb();
                let w = tail_builtin::arith::build_constant_index(&mut b, WARP);
                tail_builtin::arith::build_binary(&mut b, "arith.remui", t, w)
            }
        };
        self.cur_mut().cache.insert(v, r);
        Ok(r)
    }

    /// `gpu.thread_id` along axis `d` from the linear id.
    fn thread_id(&mut self, d: usize) -> Value {
        let t = self.cur().t;
        if self.dims == 1 {
            return t;
        }
        let [bx, by, _] = self.bdim;
        let mut b = self.tb();
        match d {
            0 => tail_builtin::arith::build_binary(&mut b, "arith.remui", t, bx),
            1 => {
                let q = tail_builtin::arith::build_binary(&mut b, "arith.divui", t, bx);
                tail_builtin::arith::build_binary(&mut b, "arith.remui", q, by)
            }
            _ => {
                let xy = tail_builtin::arith::build_binary(&mut b, "arith.muli", bx, by);
                tail_builtin::arith::build_binary(&mut b, "arith.divui", t, xy)
            }
        }
    }

    /// `buf[t]` in the open thread loop.
    fn load(&mut self, buf: Value) -> Value {
        let t = self.cur().t;
        let mut b = self.tb();
        tail_builtin::memref::LoadOp::create(&mut b, buf, &[t])
    }

    /// Whether per-thread `v` (defined in another phase) can be recomputed here: a pure op
    /// without regions on uniform values, thread ids and such values, `depth` ops deep.
    fn can_remat(&self, v: Value, depth: usize) -> bool {
        let id = self.cur().id;
        match self.locs.get(&v) {
            Some(Loc::Uniform(_) | Loc::ThreadId(_) | Loc::Lane) => true,
            Some(Loc::Thread { phase, .. }) if *phase == id => true,
            Some(Loc::Thread { .. }) if depth > 0 => {
                let Some(d) = self.ctx.defining_op(v) else {
                    return false;
                };
                let nm = self.ctx.op_name_str(d);
                self.ctx.regions(d).is_empty()
                    && !nm.starts_with("gpu.")
                    && !TRAPPING.contains(&nm)
                    && tail_ir::greedy::is_memory_effect_free(self.ctx, d)
                    && self
                        .ctx
                        .operands(d)
                        .all(|o| self.cur().cache.contains_key(&o) || self.can_remat(o, depth - 1))
            }
            _ => false,
        }
    }

    /// Recomputes `v` (see [`Self::can_remat`]) in the open thread loop.
    fn remat(&mut self, user: OpId, v: Value) -> CResult<Value> {
        let d = self.ctx.defining_op(v).expect("checked by can_remat");
        let mut map = FxHashMap::default();
        for o in self.ctx.operand_vec(d) {
            let x = self.resolve(user, o)?;
            map.insert(o, x);
        }
        let c = self.ctx.clone_op(d, &mut map);
        let term = self.cur().term;
        self.ctx.insert_op(c, InsertPoint::Before(term));
        for (&r, &n) in self
            .ctx
            .results(d)
            .to_vec()
            .iter()
            .zip(self.ctx.results(c).to_vec().iter())
        {
            self.cur_mut().cache.insert(r, n);
        }
        Ok(map[&v])
    }

    /// Moves per-thread `v` (converted `val`, in the loop of thread id `t`) into a per-thread
    /// buffer: stored right after its definition.
    fn spill(&mut self, user: OpId, v: Value, val: Value, t: Value) -> CResult<Value> {
        let Some(def) = self.ctx.defining_op(val) else {
            return Err(err(
                self.ctx,
                user,
                "internal: a per-thread value without a defining op",
            ));
        };
        let ty = self.ctx.value_type(val);
        let buf = self.thread_buffer(user, ty)?;
        let mut b = Builder::new(self.ctx, InsertPoint::After(def), self.loc);
        tail_builtin::memref::StoreOp::create(&mut b, val, buf, &[t]);
        self.locs.insert(v, Loc::Buffer(buf));
        Ok(buf)
    }

    /// Stores the values `vs` (resolved first, all of them) into their per-thread buffers.
    fn store_values(&mut self, user: OpId, vs: &[(Value, Value)]) -> CResult {
        if vs.is_empty() {
            return Ok(());
        }
        self.open_phase(user)?;
        let mut got = Vec::new();
        for &(v, buf) in vs {
            got.push((self.resolve(user, v)?, buf));
        }
        let t = self.cur().t;
        let mut b = self.tb();
        for (x, buf) in got {
            tail_builtin::memref::StoreOp::create(&mut b, x, buf, &[t]);
        }
        Ok(())
    }

    /// A pure op on block-uniform values, computed once outside the thread loops.
    fn emit_uniform(&mut self, op: OpId) -> CResult {
        let mut map = FxHashMap::default();
        for v in captured(self.ctx, op) {
            map.insert(v, self.uniform_val(op, v)?);
        }
        let c = self.ctx.clone_op(op, &mut map);
        let ip = self.outer_ip();
        self.ctx.insert_op(c, ip);
        for (&r, &n) in self
            .ctx
            .results(op)
            .to_vec()
            .iter()
            .zip(self.ctx.results(c).to_vec().iter())
        {
            self.locs.insert(r, Loc::Uniform(n));
        }
        Ok(())
    }

    /// An op run by every thread, in the open thread loop.
    fn emit_thread(&mut self, op: OpId) -> CResult {
        self.open_phase(op)?;
        let mut map = FxHashMap::default();
        for v in captured(self.ctx, op) {
            let x = self.resolve(op, v)?;
            map.insert(v, x);
        }
        // `gpu` id ops nested in the op: their values here.
        let mut ids = Vec::new();
        for n in self.ctx.walk_preorder(op) {
            if n == op {
                continue;
            }
            let nm = self.ctx.op_name_str(n);
            let x = match nm {
                "gpu.thread_id" => {
                    let d = axis(self.ctx, n);
                    self.thread_id(d)
                }
                "gpu.lane_id" => {
                    let r = self.ctx.result(n, 0);
                    self.locs.insert(r, Loc::Lane);
                    self.resolve(n, r)?
                }
                "gpu.block_id" | "gpu.grid_dim" | "gpu.block_dim" => self.id_value(n)?,
                _ if nm.starts_with("gpu.") => {
                    return Err(err(
                        self.ctx,
                        n,
                        "this gpu op is not supported in kernels (supported: thread_id, block_id, block_dim, grid_dim, lane_id, barrier, shuffle)",
                    ))
                }
                _ => continue,
            };
            ids.push((self.ctx.result(n, 0), x));
        }
        let c = self.ctx.clone_op(op, &mut map);
        let term = self.cur().term;
        self.ctx.insert_op(c, InsertPoint::Before(term));
        for (r, x) in ids {
            let cr = map[&r];
            let cop = self.ctx.defining_op(cr).expect("a cloned id op");
            self.ctx.replace_all_uses_with(cr, x);
            self.ctx.erase_op(cop);
        }
        let (id, t, preds) = (self.cur().id, self.cur().t, self.preds.len());
        for (&r, &n) in self
            .ctx
            .results(op)
            .to_vec()
            .iter()
            .zip(self.ctx.results(c).to_vec().iter())
        {
            self.locs.insert(
                r,
                Loc::Thread {
                    phase: id,
                    val: n,
                    t,
                    preds,
                },
            );
        }
        Ok(())
    }

    /// `gpu.shuffle`: the value goes into an exchange buffer at the end of this phase; the
    /// next phase reads the source lane's slot.
    fn shuffle(&mut self, op: OpId) -> CResult {
        let mode = self
            .ctx
            .attr(op, "mode")
            .and_then(|a| GpuEnumAttr::from_attr(self.ctx, a))
            .map(|e| e.keyword)
            .unwrap_or("xor")
            .to_string();
        let (v, off, width) = (
            self.ctx.operand(op, 0),
            self.ctx.operand(op, 1),
            self.ctx.operand(op, 2),
        );
        self.open_phase(op)?;
        let val = self.resolve(op, v)?;
        let ty = self.ctx.value_type(val);
        let xbuf = self.thread_buffer(op, ty)?;
        let t = self.cur().t;
        {
            let mut b = self.tb();
            tail_builtin::memref::StoreOp::create(&mut b, val, xbuf, &[t]);
        }
        // The thread's own value stays readable from the exchange buffer (for the threads of
        // this predicate, which are the ones that can use `v` later).
        if let Some(Loc::Thread { preds, .. }) = self.locs.get(&v) {
            if *preds == self.preds.len() {
                self.locs.insert(v, Loc::Buffer(xbuf));
            }
        }
        self.end_phase();
        self.open_phase(op)?;
        let offv = self.resolve(op, off)?;
        let widthv = self.resolve(op, width)?;
        let (t, threads) = (self.cur().t, self.threads);
        let mut b = self.tb();
        let idx = b.index_type();
        let w = tail_builtin::arith::build_constant_index(&mut b, WARP);
        let lane = tail_builtin::arith::build_binary(&mut b, "arith.remui", t, w);
        let offx = tail_builtin::arith::build_unary(&mut b, "arith.index_cast", offv, idx);
        let widthx = tail_builtin::arith::build_unary(&mut b, "arith.index_cast", widthv, idx);
        let src = match mode.as_str() {
            "xor" => tail_builtin::arith::build_binary(&mut b, "arith.xori", lane, offx),
            "down" => tail_builtin::arith::build_binary(&mut b, "arith.addi", lane, offx),
            "up" => tail_builtin::arith::build_binary(&mut b, "arith.subi", lane, offx),
            _ => offx,
        };
        let z = tail_builtin::arith::build_constant_index(&mut b, 0);
        let ge = tail_builtin::arith::build_cmpi(&mut b, CmpIPredicate::Sge, src, z);
        let lt = tail_builtin::arith::build_cmpi(&mut b, CmpIPredicate::Slt, src, widthx);
        let valid = tail_builtin::arith::build_binary(&mut b, "arith.andi", ge, lt);
        let base = tail_builtin::arith::build_binary(&mut b, "arith.subi", t, lane);
        let st = tail_builtin::arith::build_binary(&mut b, "arith.addi", base, src);
        let exists = tail_builtin::arith::build_cmpi(&mut b, CmpIPredicate::Ult, st, threads);
        let ok = tail_builtin::arith::build_binary(&mut b, "arith.andi", valid, exists);
        let at = tail_builtin::arith::build_select(&mut b, ok, st, t);
        let r = tail_builtin::memref::LoadOp::create(&mut b, xbuf, &[at]);
        let (id, preds) = (self.cur().id, self.preds.len());
        let rs = self.ctx.results(op).to_vec();
        for (k, x) in [r, valid].into_iter().enumerate() {
            self.locs.insert(
                rs[k],
                Loc::Thread {
                    phase: id,
                    val: x,
                    t,
                    preds,
                },
            );
        }
        Ok(())
    }

    /// Creates `scf.yield` (no operands) at the end of `blk` and returns it.
    fn yield_at(&mut self, blk: BlockId) -> OpId {
        mk(
            self.ctx,
            InsertPoint::BlockEnd(blk),
            self.loc,
            "scf.yield",
            &[],
            &[],
        )
    }

    /// `scf.if` on a block-uniform condition around barriers: rebuilt outside the thread loops
    /// around the phases of its regions.
    fn split_if(&mut self, op: OpId) -> CResult {
        self.end_phase();
        let cond = self.uniform_val(op, self.ctx.operand(op, 0))?;
        let results = self.ctx.results(op).to_vec();
        let uni: Vec<bool> = results.iter().map(|r| self.uniform.contains(r)).collect();
        let utys: Vec<Type> = results
            .iter()
            .zip(&uni)
            .filter(|(_, &u)| u)
            .map(|(&r, _)| self.ctx.value_type(r))
            .collect();
        let mut bufs = Vec::new();
        for (&r, &u) in results.iter().zip(&uni) {
            bufs.push(if u {
                None
            } else {
                let ty = self.ctx.value_type(r);
                Some(self.thread_buffer(op, ty)?)
            });
        }
        let blocks = self.region_blocks(op);
        let mut st = OperationState::new(self.ctx, "scf.if", self.ctx.op_loc(op));
        st.operands = vec![cond];
        st.result_types = utys;
        let (tr, er) = (self.ctx.create_region(), self.ctx.create_region());
        let tb = self.ctx.append_new_block(tr, &[]);
        let eb = blocks[1].map(|_| self.ctx.append_new_block(er, &[]));
        st.regions = vec![tr, er];
        let new = self.ctx.create_op(st);
        let ip = self.outer_ip();
        self.ctx.insert_op(new, ip);
        for (orig, nb) in [(blocks[0], Some(tb)), (blocks[1], eb)] {
            let (Some(orig), Some(nb)) = (orig, nb) else {
                continue;
            };
            let y = self.yield_at(nb);
            let saved = self.anchor;
            self.anchor = y;
            self.emit_block(orig)?;
            let term = self.ctx.last_op(orig).expect("scf.yield");
            let yv = self.ctx.operand_vec(term);
            let mut uvals = Vec::new();
            let mut stores = Vec::new();
            for (k, &v) in yv.iter().enumerate() {
                match bufs[k] {
                    None => uvals.push(self.uniform_val(term, v)?),
                    Some(buf) => stores.push((v, buf)),
                }
            }
            self.store_values(term, &stores)?;
            self.end_phase();
            self.ctx.set_operands(y, &uvals);
            self.anchor = saved;
        }
        let mut k = 0;
        for (i, &r) in results.iter().enumerate() {
            let loc = match bufs[i] {
                None => {
                    k += 1;
                    Loc::Uniform(self.ctx.result(new, k - 1))
                }
                Some(buf) => Loc::Buffer(buf),
            };
            self.locs.insert(r, loc);
        }
        Ok(())
    }

    /// `scf.for` with block-uniform bounds around barriers or shuffles: rebuilt outside the
    /// thread loops around the phases of its body; per-thread carried values go through
    /// per-thread buffers.
    fn split_for(&mut self, op: OpId) -> CResult {
        self.end_phase();
        let ops = self.ctx.operand_vec(op);
        let lb = self.uniform_val(op, ops[0])?;
        let ub = self.uniform_val(op, ops[1])?;
        let step = self.uniform_val(op, ops[2])?;
        let inits = ops[3..].to_vec();
        let body = self.ctx.entry_block(self.ctx.region(op, 0)).expect("body");
        let args = self.ctx.block_args(body).to_vec();
        let uni: Vec<bool> = args[1..].iter().map(|a| self.uniform.contains(a)).collect();
        let mut bufs = Vec::new();
        let mut uinits = Vec::new();
        let mut stores = Vec::new();
        for (k, &u) in uni.iter().enumerate() {
            if u {
                uinits.push(self.uniform_val(op, inits[k])?);
                bufs.push(None);
            } else {
                let ty = self.ctx.value_type(args[k + 1]);
                let buf = self.thread_buffer(op, ty)?;
                stores.push((inits[k], buf));
                bufs.push(Some(buf));
            }
        }
        self.store_values(op, &stores)?;
        self.end_phase();
        let ip = self.outer_ip();
        let (f, nbody) = {
            let mut b = Builder::new(self.ctx, ip, self.ctx.op_loc(op));
            tail_builtin::scf::ForOp::create(&mut b, lb, ub, step, &uinits)
        };
        let y = if uinits.is_empty() {
            self.ctx.last_op(nbody).expect("scf.yield")
        } else {
            self.yield_at(nbody)
        };
        let nargs = self.ctx.block_args(nbody).to_vec();
        self.locs.insert(args[0], Loc::Uniform(nargs[0]));
        let mut k = 1;
        for (i, &a) in args[1..].iter().enumerate() {
            let loc = match bufs[i] {
                None => {
                    k += 1;
                    Loc::Uniform(nargs[k - 1])
                }
                Some(buf) => Loc::Buffer(buf),
            };
            self.locs.insert(a, loc);
        }
        let saved = self.anchor;
        self.anchor = y;
        self.emit_block(body)?;
        let term = self.ctx.last_op(body).expect("scf.yield");
        let yv = self.ctx.operand_vec(term);
        let mut uvals = Vec::new();
        let mut stores = Vec::new();
        for (i, &v) in yv.iter().enumerate() {
            match bufs[i] {
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
            let loc = match bufs[i] {
                None => {
                    k += 1;
                    Loc::Uniform(self.ctx.result(f.op(), k - 1))
                }
                Some(buf) => Loc::Buffer(buf),
            };
            self.locs.insert(r, loc);
        }
        Ok(())
    }

    /// `scf.if` on a per-thread condition around shuffles (no barriers): its regions run as
    /// phases under the per-thread predicate (negated for the else region); its results go
    /// through per-thread buffers.
    fn predicated_if(&mut self, op: OpId) -> CResult {
        self.end_phase();
        let cond = self.ctx.operand(op, 0);
        let mut bufs = Vec::new();
        for r in self.ctx.results(op).to_vec() {
            let ty = self.ctx.value_type(r);
            bufs.push(self.thread_buffer(op, ty)?);
        }
        let blocks = self.region_blocks(op);
        for (blk, neg) in [(blocks[0], false), (blocks[1], true)] {
            let Some(blk) = blk else {
                continue;
            };
            self.preds.push((cond, neg));
            self.emit_block(blk)?;
            let term = self.ctx.last_op(blk).expect("scf.yield");
            let stores: Vec<(Value, Value)> = self
                .ctx
                .operand_vec(term)
                .into_iter()
                .zip(bufs.iter().copied())
                .collect();
            self.store_values(term, &stores)?;
            self.end_phase();
            self.preds.pop();
        }
        for (r, buf) in self.ctx.results(op).to_vec().into_iter().zip(bufs) {
            self.locs.insert(r, Loc::Buffer(buf));
        }
        Ok(())
    }
}
