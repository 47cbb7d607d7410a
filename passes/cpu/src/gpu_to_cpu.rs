//! `convert-gpu-to-cpu`: the `gpu` level (host code with `gpu.alloc`/`memcpy`/`launch_func`/
//! `dealloc` and a `gpu.module` of kernels) → plain host IR that runs the same kernels on the
//! CPU.
//!
//! * Each kernel `gpu.func @k` of a `gpu.module` becomes `func.func @k_cpu`, which runs one
//!   block of the grid (see the [`kernel`](crate::kernel) module):
//!   `@k_cpu(%block_id_x, %grid_dim_x, [%block_dim_x,] <kernel parameters>)`, with y and z
//!   after each x when the kernel reads a y or z coordinate or a launch of it is not
//!   one-dimensional; the block extents are parameters only when the kernel has no
//!   `known_block_size` (with one, the function is specialized for it, and every launch must
//!   use it: constant block extents equal to it, else an error at the launch).
//! * `gpu.launch_func @m::@k blocks in (gx, gy, gz) threads in (…) args(…)` becomes
//!   `scf.parallel` over the blocks (`(%bx) = (0) to (gx)`, or x, y, z) whose body calls
//!   `@k_cpu`: the blocks of a grid are independent, so a later step can hand them to a
//!   thread pool; the reference interpreter runs them in order.
//! * **Coarsening.** A kernel whose threads are independent and see only their grid-wide
//!   index (see [`coarsening`]: no barrier, shuffle, workgroup memory or sequential loop, the
//!   ids used only in `block_id · block_dim + thread_id`) runs 4096 threads per call (more,
//!   up to 32768, to end each call at a row's end: [`coarse_threads`]), consecutive blocks
//!   as one (`known_block_size` scaled, what follows the index guarded by
//!   `index < grid_dim · block`); the launch makes ⌈grid / factor⌉ calls and passes the
//!   launch's grid. The thread loops are longer (segments of a row, whole vectors of bytes)
//!   and the per-call work (segment set-up, loop prologues) is paid less often.
//! * `gpu.alloc` → `memref.alloc`, `gpu.dealloc` → `memref.dealloc`, `gpu.memcpy dst, src` →
//!   `memref.copy src, dst`. First, the copies that stage inputs into device buffers the
//!   kernels only read, and results out of device buffers that are then only freed, go:
//!   the kernels read the input itself and the device buffer is the result (see
//!   [`staging`](crate::staging)).
//! * The `gpu.module`s and the module's `gpu.container_module` attribute are removed.
//! * Each call of a run-time check of the runtime (`tail_rt_check_index`, …) runs only when
//!   the check fails: `scf.if` on the failing comparison inline ([`guard_checks`]).
//!
//! The result holds only `func`, `scf`, `arith`, `math`, `memref` and `index` ops besides the
//! host I/O ops (and their casts) the levels above leave on the host. Asynchronous forms
//! (tokens, streams), clusters, dynamic shared memory, device functions that are not kernels
//! and other `gpu` ops are errors located at the op.

use rustc_hash::FxHashMap;
use tail_gpu::ops::{LaunchFuncOp, CONTAINER_MODULE_ATTR, KERNEL_ATTR};
use tail_ir::pass::{pass, AnalysisManager, PassResult, PassRun, Statistic};
use tail_ir::{AttrKind, Builder, Context, InsertPoint, OpId, Type, TypeKind, Value};

use crate::kernel::{self, CResult, KernelFn};

/// Run `gpu` kernels on the CPU: kernels become block functions with thread loops, launches
/// `scf.parallel` loops over the blocks, device buffers host buffers.
#[pass(
    argument = "convert-gpu-to-cpu",
    summary = "Lower gpu kernels and launches to host code: one function per kernel running a block as thread loops, scf.parallel over the blocks",
    anchor = "builtin.module",
    name = "ConvertGpuToCpu"
)]
pub struct ConvertGpuToCpu {
    #[statistic(name = "num-kernels", description = "Number of kernels converted")]
    num_kernels: Statistic,
    #[statistic(
        name = "num-thread-loops",
        description = "Number of thread loops (phases between barriers and shuffles) created"
    )]
    num_thread_loops: Statistic,
    #[statistic(
        name = "num-copies-elided",
        description = "Number of host-device staging copies removed (inputs read in place, device results kept)"
    )]
    num_copies_elided: Statistic,
    #[statistic(
        name = "num-noalias-kernels",
        description = "Number of kernels whose memref parameters are marked llvm.noalias"
    )]
    num_noalias: Statistic,
}

fn err(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> tail_ir::Diagnostic {
    tail_ir::op_error(
        ctx,
        op,
        format!("cannot be converted by convert-gpu-to-cpu: {msg}"),
    )
}

/// `(module, kernel)` of a launch's `kernel` attribute.
fn kernel_ref(ctx: &Context, launch: OpId) -> Option<(String, String)> {
    match ctx.attr(launch, "kernel").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::SymbolRef { root, nested }) if nested.len() == 1 => {
            Some((ctx.str(*root).to_string(), ctx.str(nested[0]).to_string()))
        }
        _ => None,
    }
}

fn const_int(ctx: &Context, v: Value) -> Option<i64> {
    let d = ctx.defining_op(v)?;
    if !ctx.op_is(d, "arith.constant") {
        return None;
    }
    ctx.attr(d, "value").and_then(|a| ctx.attr_as_int(a))
}

fn sym_name(ctx: &Context, op: OpId) -> String {
    tail_builtin::util::str_attr(ctx, op, "sym_name")
        .unwrap_or("")
        .to_string()
}

impl PassRun for ConvertGpuToCpu {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        module: OpId,
        _am: &mut AnalysisManager,
    ) -> PassResult {
        let Some(mblock) = ctx.entry_block(ctx.region(module, 0)) else {
            return Ok(());
        };
        let gmods: Vec<OpId> = ctx
            .block_op_vec(mblock)
            .into_iter()
            .filter(|&o| ctx.op_is(o, "gpu.module"))
            .collect();
        // The host code: every op outside the `gpu.module`s, walked once.
        let host_ops: Vec<OpId> = ctx
            .block_op_vec(mblock)
            .into_iter()
            .filter(|&o| !ctx.op_is(o, "gpu.module"))
            .flat_map(|o| ctx.walk_preorder(o))
            .collect();
        let elided = crate::staging::elide_staging_copies(ctx, &gmods, &host_ops);
        self.num_copies_elided.add(elided as u64);
        // The run-time checks of the host code (the kernels' are found as they are converted).
        let mut checks: Vec<OpId> = host_ops
            .iter()
            .copied()
            .filter(|&o| ctx.op_exists(o) && check_call(ctx, o).is_some())
            .collect();
        let host_gpu: Vec<OpId> = host_ops
            .into_iter()
            .filter(|&o| ctx.op_exists(o) && ctx.op_name_str(o).starts_with("gpu."))
            .collect();
        // Kernels launched with y/z extents other than constant 1 get x, y, z coordinates;
        // each kernel's launches are kept for the `noalias` analysis of its parameters.
        let mut multi: FxHashMap<(String, String), bool> = FxHashMap::default();
        let mut launches: FxHashMap<(String, String), Vec<OpId>> = FxHashMap::default();
        for &o in &host_gpu {
            if ctx.op_is(o, "gpu.launch_func") {
                let Some(k) = kernel_ref(ctx, o) else {
                    return Err(err(ctx, o, "expects a kernel reference @module::@kernel").into());
                };
                launches.entry(k.clone()).or_default().push(o);
                let l = LaunchFuncOp::from_op(ctx, o).expect("a launch");
                let yz = [
                    l.grid_size_y(ctx),
                    l.grid_size_z(ctx),
                    l.block_size_y(ctx),
                    l.block_size_z(ctx),
                ];
                let is3 = yz.iter().any(|&v| const_int(ctx, v) != Some(1));
                *multi.entry(k).or_default() |= is3;
            }
        }
        let mut fns: FxHashMap<(String, String), KernelFn> = FxHashMap::default();
        for &g in &gmods {
            let gname = sym_name(ctx, g);
            let gblock = ctx.entry_block(ctx.region(g, 0));
            for k in gblock.map(|b| ctx.block_op_vec(b)).unwrap_or_default() {
                if !ctx.op_is(k, "gpu.func") {
                    if ctx
                        .op_def(k)
                        .is_some_and(|d| d.traits.contains(tail_ir::OpTraits::TERMINATOR))
                    {
                        continue;
                    }
                    // The device's run-time checks and their fault record
                    // (`convert-hpar-to-gpu`): on the host the kernels call the runtime's
                    // functions of those names instead, which report the failure themselves.
                    // Likewise its math functions (`hypot`: the C library's).
                    let name = ctx.attr(k, "sym_name").and_then(|a| ctx.attr_as_str(a));
                    if (ctx.op_is(k, "func.func")
                        && (tail_kernels::hpar_to_gpu::is_device_check(name)
                            || tail_kernels::hpar_to_gpu::is_device_math(name)))
                        || (ctx.op_is(k, "memref.global")
                            && name == Some(tail_kernels::hpar_to_gpu::FAULT_RECORD))
                    {
                        continue;
                    }
                    return Err(err(
                        ctx,
                        k,
                        "only kernels ('gpu.func' with 'gpu.kernel') may be in a gpu.module",
                    )
                    .into());
                }
                if ctx.attr(k, KERNEL_ATTR).is_none() {
                    return Err(err(ctx, k, "only kernels ('gpu.func' with 'gpu.kernel') are supported, not device functions").into());
                }
                let kname = sym_name(ctx, k);
                let name = format!("{kname}_cpu");
                if tail_builtin::util::lookup_symbol_in(ctx, module, &name).is_some() {
                    return Err(err(
                        ctx,
                        k,
                        format!("the module already defines the symbol '@{name}'"),
                    )
                    .into());
                }
                let key = (gname.clone(), kname);
                // A thread loop runs many threads, and stack buffers would pile up until the
                // block function returns.
                tail_kernels::heap_allocas(ctx, k);
                let known = kernel::known_block_size(ctx, k);
                let dims = if kernel::uses_yz(ctx, k)
                    || multi.get(&key).copied().unwrap_or(false)
                    || known.is_some_and(|b| b[1] != 1 || b[2] != 1)
                {
                    3
                } else {
                    1
                };
                let coarsen = match coarsening(ctx, k) {
                    Some((c, g_index)) if dims == 1 => {
                        coarsen_kernel(ctx, k, c, g_index);
                        c
                    }
                    _ => 1,
                };
                // Whether the kernel's memref parameters may be `noalias` (decided on the
                // kernel before its conversion).
                let noalias = crate::noalias::alias_free_params(
                    ctx,
                    k,
                    launches.get(&key).map_or(&[], |l| l.as_slice()),
                );
                let mut kf = kernel::convert_kernel(ctx, k, &name, dims, InsertPoint::Before(g))?;
                if let Some(f) = tail_builtin::util::lookup_symbol_in(ctx, module, &name) {
                    checks.extend(
                        ctx.walk_preorder(f)
                            .into_iter()
                            .filter(|&o| check_call(ctx, o).is_some()),
                    );
                    if let Some(memrefs) = noalias {
                        crate::noalias::mark(ctx, f, &memrefs);
                        self.num_noalias.add(1);
                    }
                }
                kf.coarsen = coarsen;
                self.num_kernels.add(1);
                self.num_thread_loops.add(kf.phases as u64);
                fns.insert(key, kf);
            }
        }
        for o in host_gpu {
            self.host_op(ctx, o, &fns)?;
        }
        for g in gmods {
            ctx.erase_op(g);
        }
        ctx.remove_attr(module, CONTAINER_MODULE_ATTR);
        guard_checks(ctx, &checks);
        Ok(())
    }
}

/// The run-time check that `op` calls (`tail_rt_check_index`, `…_extents`, `…_count`,
/// `…_extent32`), if it is such a call.
fn check_call(ctx: &Context, op: OpId) -> Option<&'static str> {
    use tail_kernels::checks::{CHECK_COUNT, CHECK_EXTENT32, CHECK_EXTENTS, CHECK_INDEX};
    let callee = tail_builtin::func::CallOp::from_op(ctx, op)?.callee_name(ctx)?;
    [CHECK_INDEX, CHECK_EXTENTS, CHECK_COUNT, CHECK_EXTENT32]
        .into_iter()
        .find(|&n| n == callee)
}

/// Each of the check `calls` (host code and kernels) becomes `scf.if %fails { func.call … }`,
/// with the comparison of [`tail_kernels::checks::check_fails`] inline: the runtime's
/// function, which reports the failure, runs only when the check fails, and a kernel's loop
/// that reads an array at computed positions (`{A[⍵]}¨`, a gather) pays a comparison per
/// read, not a call.
fn guard_checks(ctx: &mut Context, calls: &[OpId]) {
    for &call in calls {
        let name = check_call(ctx, call).expect("a check call");
        let args: Vec<Value> = ctx.operands(call).collect();
        let loc = ctx.op_loc(call);
        let mut b = Builder::new(ctx, InsertPoint::Before(call), loc);
        let fails = tail_kernels::checks::check_fails(&mut b, name, &args);
        let (_, then_b, _) = tail_builtin::scf::IfOp::create(&mut b, fails, &[], false);
        let y = ctx.last_op(then_b).expect("scf.yield");
        ctx.move_op(call, InsertPoint::Before(y));
    }
}

impl ConvertGpuToCpu {
    fn host_op(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        fns: &FxHashMap<(String, String), KernelFn>,
    ) -> CResult {
        let name = ctx.op_name_str(op).to_string();
        let no_async = |ctx: &Context, n: usize| -> CResult {
            let tokens = ctx.operands(op).take(n).count()
                + ctx
                    .results(op)
                    .iter()
                    .filter(|&&r| {
                        !matches!(ctx.type_kind(ctx.value_type(r)), TypeKind::MemRef { .. })
                    })
                    .count();
            if tokens > 0 {
                return Err(err(
                    ctx,
                    op,
                    "asynchronous gpu ops (tokens) are not supported",
                ));
            }
            Ok(())
        };
        let mut b = Builder::before(ctx, op);
        match name.as_str() {
            "gpu.alloc" => {
                let a = tail_gpu::ops::AllocOp::from_op(b.ctx, op).expect("gpu.alloc");
                let deps = a.async_dependencies(b.ctx).len();
                no_async(b.ctx, deps)?;
                if !a.symbol_operands(b.ctx).is_empty() {
                    return Err(err(b.ctx, op, "symbol operands are not supported"));
                }
                let ty = b.value_type(a.memref(b.ctx));
                let dyns: Vec<Value> = a.dynamic_sizes(b.ctx).to_vec();
                let v = tail_builtin::memref::AllocOp::create(&mut b, ty, &dyns);
                let r = a.memref(b.ctx);
                b.ctx.replace_all_uses_with(r, v);
            }
            "gpu.dealloc" => {
                let d = tail_gpu::ops::DeallocOp::from_op(b.ctx, op).expect("gpu.dealloc");
                no_async(b.ctx, d.async_dependencies(b.ctx).len())?;
                let m = d.memref(b.ctx);
                let mut st = b.state("memref.dealloc");
                st.operands = vec![m];
                b.insert(st);
            }
            "gpu.memcpy" => {
                let c = tail_gpu::ops::MemcpyOp::from_op(b.ctx, op).expect("gpu.memcpy");
                no_async(b.ctx, c.async_dependencies(b.ctx).len())?;
                let (dst, src) = (c.dst(b.ctx), c.src(b.ctx));
                let mut st = b.state("memref.copy");
                st.operands = vec![src, dst];
                b.insert(st);
            }
            "gpu.launch_func" => self.launch(&mut b, op, fns)?,
            _ => {
                return Err(err(
                    b.ctx,
                    op,
                    "this gpu op is not supported on the host (supported: alloc, dealloc, memcpy, launch_func)",
                ))
            }
        }
        ctx.erase_op(op);
        Ok(())
    }

    /// `gpu.launch_func` → `scf.parallel` over the blocks calling the kernel's function.
    fn launch(
        &mut self,
        b: &mut Builder<'_>,
        op: OpId,
        fns: &FxHashMap<(String, String), KernelFn>,
    ) -> CResult {
        let l = LaunchFuncOp::from_op(b.ctx, op).expect("gpu.launch_func");
        let extra = !l.async_dependencies(b.ctx).is_empty()
            || b.num_results(op) > 0
            || l.async_object(b.ctx).is_some();
        if extra {
            return Err(err(b.ctx, op, "asynchronous launches are not supported"));
        }
        if l.cluster_size_x(b.ctx).is_some() {
            return Err(err(b.ctx, op, "thread-block clusters are not supported"));
        }
        if l.dynamic_shared_memory_size(b.ctx).is_some() {
            return Err(err(b.ctx, op, "dynamic shared memory is not supported"));
        }
        let key = kernel_ref(b.ctx, op).expect("checked");
        let Some(kf) = fns.get(&key) else {
            return Err(err(
                b.ctx,
                op,
                format!("launches an unknown kernel @{}::@{}", key.0, key.1),
            ));
        };
        let grid = [
            l.grid_size_x(b.ctx),
            l.grid_size_y(b.ctx),
            l.grid_size_z(b.ctx),
        ];
        let block = [
            l.block_size_x(b.ctx),
            l.block_size_y(b.ctx),
            l.block_size_z(b.ctx),
        ];
        let args: Vec<Value> = l.kernel_operands(b.ctx).to_vec();
        if let Some(mut k) = kf.known_block {
            k[0] /= kf.coarsen;
            let got: Vec<Option<i64>> = block.iter().map(|&v| const_int(b.ctx, v)).collect();
            if got.iter().zip(k).any(|(g, k)| *g != Some(k)) {
                return Err(err(
                    b.ctx,
                    op,
                    format!(
                        "the kernel is specialized for its known_block_size {k:?}: the launch's block extents must be constants equal to it"
                    ),
                ));
            }
        }
        let idx = b.index_type();
        let to_index = |b: &mut Builder<'_>, v: Value| -> Value {
            if b.value_type(v) == idx {
                v
            } else {
                tail_builtin::arith::build_unary(b, "arith.index_cast", v, idx)
            }
        };
        let d = kf.dims;
        let grid: Vec<Value> = grid[..d].iter().map(|&v| to_index(b, v)).collect();
        let block: Vec<Value> = block[..d].iter().map(|&v| to_index(b, v)).collect();
        let z = tail_builtin::arith::build_constant_index(b, 0);
        let one = tail_builtin::arith::build_constant_index(b, 1);
        // A coarsened kernel's call runs `coarsen` blocks: ⌈grid / coarsen⌉ calls, each told
        // the launch's grid.
        let mut calls = grid.clone();
        if kf.coarsen > 1 {
            let c = tail_builtin::arith::build_constant_index(b, kf.coarsen);
            let c1 = tail_builtin::arith::build_constant_index(b, kf.coarsen - 1);
            let up = tail_builtin::arith::build_binary(b, "arith.addi", grid[0], c1);
            calls[0] = tail_builtin::arith::build_binary(b, "arith.divui", up, c);
        }
        let (_, body) =
            tail_builtin::scf::ParallelOp::create(b, &vec![z; d], &calls, &vec![one; d], &[]);
        let ivs = b.block_args(body).to_vec();
        let mut cargs = ivs;
        cargs.extend(&grid);
        if kf.known_block.is_none() {
            cargs.extend(&block);
        }
        cargs.extend(args);
        let term = b.last_op(body).expect("scf.reduce");
        let saved = b.insertion_point();
        b.set_insertion_point(InsertPoint::Before(term));
        let no: [Type; 0] = [];
        tail_builtin::func::CallOp::create(b, &kf.name, &cargs, &no);
        b.set_insertion_point(saved);
        Ok(())
    }
}

/// The threads one call of a coarsened kernel's function runs at least (see [`coarsening`]).
const COARSE_THREADS: i64 = 4096;
/// The most threads one call runs to end its range at a row's end (see [`coarse_threads`]).
const MAX_COARSE_THREADS: i64 = 32768;

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The threads per call of a coarsened kernel with block extent `b` (its ops `ops`) whose
/// grid-wide index `g` (the result of `add`) is divided by constants (`arith.divui`/`remui`:
/// a row's length, a plane's): the smallest multiple of `b` and of every such divisor that
/// is at least [`COARSE_THREADS`], when that is at most [`MAX_COARSE_THREADS`], so that no
/// call's range ends inside a row (each segment of a call's threads is then a whole row, with one set-up
/// each: Life's 1200-cell rows in calls of 19200 threads, not 1552 segments a generation for
/// 1200 rows); else [`COARSE_THREADS`].
fn coarse_threads(ctx: &Context, ops: &[OpId], add: OpId, b: i64) -> i64 {
    let g = ctx.result(add, 0);
    let mut l = b;
    for &o in ops {
        if (ctx.op_is(o, "arith.divui") || ctx.op_is(o, "arith.remui")) && ctx.operand(o, 0) == g {
            let Some(w) = const_int(ctx, ctx.operand(o, 1)).filter(|&w| w > 0) else {
                continue;
            };
            l = match (l / gcd(l, w)).checked_mul(w) {
                Some(m) if m <= MAX_COARSE_THREADS => m,
                _ => return COARSE_THREADS,
            };
        }
    }
    let n = l * (COARSE_THREADS as u64).div_ceil(l as u64) as i64;
    if n <= MAX_COARSE_THREADS {
        n
    } else {
        COARSE_THREADS
    }
}

/// Whether kernel `k`'s threads are independent and see only their grid-wide index, so that
/// one call of its CPU function may run several consecutive blocks as one: a one-dimensional
/// `known_block_size` below [`COARSE_THREADS`] dividing it, no workgroup memory, barriers,
/// shuffles or sequential loops (whose per-thread buffers would grow with the block), no
/// y or z coordinate, the thread id, block id and block extent used only in one grid-wide
/// index `block_id · block_dim + thread_id` (the block extent or its constant value) in the
/// kernel's entry block, and only pure `arith` and id ops before it. Returns the number of
/// blocks per call and that index's `arith.addi`.
fn coarsening(ctx: &Context, k: OpId) -> Option<(i64, OpId)> {
    let b = kernel::known_block_size(ctx, k)?;
    if b[1] != 1 || b[2] != 1 || b[0] <= 0 || b[0] >= COARSE_THREADS || COARSE_THREADS % b[0] != 0 {
        return None;
    }
    let nw = ctx
        .attr(k, "workgroup_attributions")
        .and_then(|a| ctx.attr_as_int(a))
        .unwrap_or(0);
    if nw != 0 || kernel::uses_yz(ctx, k) {
        return None;
    }
    let entry = ctx.entry_block(ctx.region(k, 0))?;
    let ops = ctx.walk_preorder(k);
    let mut index: Option<OpId> = None;
    for &o in ops.iter().skip(1) {
        let name = ctx.op_name_str(o);
        match name {
            "scf.for" | "scf.while" | "gpu.barrier" | "gpu.shuffle" => return None,
            "gpu.thread_id" | "gpu.block_id" | "gpu.block_dim" => {
                // Used only by the grid-wide index.
                for u in ctx.use_vec(ctx.result(o, 0)) {
                    let add = if name == "gpu.thread_id" {
                        u.op
                    } else {
                        let mul = u.op;
                        if !ctx.op_is(mul, "arith.muli") || !ctx.has_one_use(ctx.result(mul, 0)) {
                            return None;
                        }
                        ctx.use_vec(ctx.result(mul, 0))[0].op
                    };
                    if !grid_index_add(ctx, add, b[0]) || index.is_some_and(|i| i != add) {
                        return None;
                    }
                    index = Some(add);
                }
            }
            "gpu.return" | "gpu.grid_dim" => {}
            _ if name.starts_with("gpu.") => return None,
            _ => {}
        }
    }
    let add = index?;
    if ctx.op_parent_block(add) != Some(entry) {
        return None;
    }
    // What comes before the index runs for the extra threads too: only pure ops.
    let before_pure = ctx
        .block_op_vec(entry)
        .into_iter()
        .take_while(|&o| o != add)
        .all(|o| {
            let n = ctx.op_name_str(o);
            ctx.regions(o).is_empty()
                && (n.starts_with("arith.")
                    || matches!(
                        n,
                        "gpu.thread_id" | "gpu.block_id" | "gpu.block_dim" | "gpu.grid_dim"
                    ))
        });
    before_pure.then_some((coarse_threads(ctx, &ops, add, b[0]) / b[0], add))
}

/// Whether `add` is `arith.addi(arith.muli(block_id x, block_dim x | bs), thread_id x)` (either
/// operand order).
fn grid_index_add(ctx: &Context, add: OpId, bs: i64) -> bool {
    if !ctx.op_is(add, "arith.addi") {
        return false;
    }
    let is = |v: Value, name: &str| ctx.defining_op(v).is_some_and(|d| ctx.op_is(d, name));
    let (a, c) = (ctx.operand(add, 0), ctx.operand(add, 1));
    let (mul, tid) = if is(c, "gpu.thread_id") {
        (a, c)
    } else {
        (c, a)
    };
    if !is(tid, "gpu.thread_id") {
        return false;
    }
    let Some(m) = ctx.defining_op(mul).filter(|&m| ctx.op_is(m, "arith.muli")) else {
        return false;
    };
    let (x, y) = (ctx.operand(m, 0), ctx.operand(m, 1));
    let extent = |v: Value| is(v, "gpu.block_dim") || const_int(ctx, v) == Some(bs);
    (is(x, "gpu.block_id") && extent(y)) || (is(y, "gpu.block_id") && extent(x))
}

/// Makes one call of kernel `k` (see [`coarsening`]) run `c` consecutive blocks as one: its
/// `known_block_size` becomes `c` times larger (the grid-wide index `g` counts on across the
/// blocks; a constant block extent in it is scaled too), and what follows `g` runs only for
/// `g < grid_dim · block`, the threads of the launch (the caller passes the launch's grid and
/// makes ⌈grid / c⌉ calls).
fn coarsen_kernel(ctx: &mut Context, k: OpId, c: i64, add: OpId) {
    let b = kernel::known_block_size(ctx, k).expect("checked")[0];
    let attr = ctx.attr(k, "known_block_size").expect("checked");
    let wide = match ctx.attr_kind(attr) {
        AttrKind::DenseArray { elem, .. } => ctx.int_width(*elem) == Some(64),
        _ => return,
    };
    let scaled = if wide {
        ctx.dense_i64_array_attr(vec![b * c, 1, 1])
    } else {
        ctx.dense_i32_array_attr(vec![b * c, 1, 1])
    };
    ctx.set_attr(k, "known_block_size", scaled);
    // A constant block extent in the index.
    let mul = index_mul(ctx, add);
    for i in 0..2 {
        let v = ctx.operand(mul, i);
        if const_int(ctx, v) == Some(b) {
            let mut bl = Builder::before(ctx, mul);
            let nc = tail_builtin::arith::build_constant_index(&mut bl, b * c);
            ctx.set_operand(mul, i, nc);
        }
    }
    // The guard.
    let entry = ctx.op_parent_block(add).expect("in the entry block");
    let ops = ctx.block_op_vec(entry);
    let at = ops.iter().position(|&o| o == add).expect("in the block");
    let (rest, term) = (&ops[at + 1..ops.len() - 1], ops[ops.len() - 1]);
    let g = ctx.result(add, 0);
    let mut bl = Builder::before(ctx, term);
    let mut st = bl.state("gpu.grid_dim");
    let block_id = [bl.ctx.operand(mul, 0), bl.ctx.operand(mul, 1)]
        .into_iter()
        .filter_map(|v| bl.ctx.defining_op(v))
        .find(|&d| bl.ctx.op_is(d, "gpu.block_id"))
        .expect("checked by grid_index_add");
    let dim_attr = bl.ctx.attr(block_id, "dimension").expect("a dimension");
    st.add_attr(bl.ctx, "dimension", dim_attr);
    st.result_types = vec![bl.index_type()];
    let gd = bl.insert(st);
    let gd = bl.result(gd, 0);
    let bc = tail_builtin::arith::build_constant_index(&mut bl, b);
    let lim = tail_builtin::arith::build_binary(&mut bl, "arith.muli", gd, bc);
    let ok =
        tail_builtin::arith::build_cmpi(&mut bl, tail_builtin::arith::CmpIPredicate::Ult, g, lim);
    let (_, then, _) = tail_builtin::scf::IfOp::create(&mut bl, ok, &[], false);
    let yield_op = bl.ctx.last_op(then).expect("scf.yield");
    for &o in rest {
        ctx.move_op(o, InsertPoint::Before(yield_op));
    }
}

/// The `arith.muli` (block id × block extent) of the grid-wide index `add` (see
/// [`grid_index_add`]).
fn index_mul(ctx: &Context, add: OpId) -> OpId {
    [ctx.operand(add, 0), ctx.operand(add, 1)]
        .into_iter()
        .filter_map(|v| ctx.defining_op(v))
        .find(|&d| ctx.op_is(d, "arith.muli"))
        .expect("checked by grid_index_add")
}
