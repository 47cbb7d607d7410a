//! `gpu-thread-storage`: a thread's storage of a size known only when the kernel is launched
//! (a `memref.alloca` with dynamic sizes in a kernel: the prefixes of a scan, the kept
//! elements of a filter, a loop's carried array in a thread, module `seq`) becomes a slice of
//! one global buffer per launch.
//!
//! A GPU thread has no stack large enough for a row of run-time length, and device-side
//! `malloc` draws from a small heap. So each such alloca of `n` elements becomes a kernel
//! parameter `%s : memref<?xT>`; every launch of the kernel allocates `n · G` elements
//! (`G = grid_size_x · block_size_x`, the launch's threads) with `gpu.alloc` before it and
//! frees them with `gpu.dealloc` after it (the runtime's cache makes that an ordered reuse on
//! the launch's stream, not a device allocation per launch). Element `j` of thread
//! `g = block_id.x · block_dim.x + thread_id.x` is `%s[j · G + g]`: at each step `j` the
//! threads of a warp touch consecutive elements (coalesced).
//!
//! Requirements (else an error located at the op):
//! - the alloca is rank 1, and its only users are `memref.load` and `memref.store` of it;
//! - its size is computed from the kernel's parameters and constants by `arith`/`index`
//!   ops other than divisions, which the host computes again from the launch's arguments;
//! - the kernel is launched only by host `gpu.launch_func`s with one-dimensional grids and
//!   blocks (y and z extents the constant 1) and no async object.
//!
//! The CPU backend runs instead `convert-gpu-to-cpu`, which gives such an alloca a heap
//! buffer per thread (docs/CPU.md).

use tail_gpu::attrs::DimKw;
use tail_gpu::ops::LaunchFuncOp;
use tail_ir::pass::{pass, AnalysisManager, PassResult, PassRun, Statistic};
use tail_ir::{BlockId, Builder, Context, Diagnostic, InsertPoint, OpId, Type, TypeKind, Value};

use rustc_hash::FxHashMap;

use crate::launch_facts::kernel_launches;
use crate::util::*;

mod sizes;

/// Give the run-time-sized storage of kernel threads (`memref.alloca` with dynamic sizes) a
/// global buffer per launch.
#[pass(
    argument = "gpu-thread-storage",
    summary = "Run-time-sized memref.alloca in kernels (a scan's prefixes in a thread) → one global buffer per launch, element j of thread g at j·threads + g",
    anchor = "builtin.module",
    name = "GpuThreadStorage"
)]
pub struct GpuThreadStorage {
    #[statistic(
        name = "num-buffers",
        description = "Number of thread storages given a global buffer"
    )]
    num_buffers: Statistic,
    #[statistic(
        name = "num-sizing-kernels",
        description = "Number of kernels sizing thread storage before a kernel's launches"
    )]
    num_sizing_kernels: Statistic,
}

pub(crate) fn err(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    tail_ir::op_error(
        ctx,
        op,
        format!("cannot be lowered by gpu-thread-storage: {msg}"),
    )
}

/// A run-time-sized alloca of a kernel: the op, its element type, its size, and whether the
/// host can compute that size from the launch's arguments (else a sizing kernel does).
struct Storage {
    op: OpId,
    elem: Type,
    size: Value,
    on_host: bool,
}

/// Index of the kernel-operand group in `gpu.launch_func`'s operand segments.
const KERNEL_OPERANDS: usize = 11;
/// Index of the async-object group.
const ASYNC_OBJECT: usize = 12;

impl PassRun for GpuThreadStorage {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        module: OpId,
        _am: &mut AnalysisManager,
    ) -> PassResult {
        let launched: FxHashMap<OpId, Vec<OpId>> =
            kernel_launches(ctx, module).into_iter().collect();
        // The kernels: the `gpu.func`s of the module's `gpu.module`s.
        let mblock = ctx.entry_block(ctx.region(module, 0));
        let kernels: Vec<OpId> = mblock
            .map(|blk| ctx.block_op_vec(blk))
            .unwrap_or_default()
            .into_iter()
            .filter(|&g| ctx.op_is(g, "gpu.module"))
            .filter_map(|g| ctx.entry_block(ctx.region(g, 0)))
            .flat_map(|blk| ctx.block_op_vec(blk))
            .filter(|&k| ctx.op_is(k, "gpu.func"))
            .collect();
        for k in kernels {
            let storages = storages(ctx, k)?;
            let Some(first) = storages.first() else {
                continue;
            };
            let Some(launches) = launched.get(&k) else {
                return Err(err(
                    ctx,
                    first.op,
                    "the kernel is not launched only by host launches",
                )
                .into());
            };
            for &l in launches {
                check_launch(ctx, l)?;
            }
            let kblock = ctx.entry_block(ctx.region(k, 0)).expect("kernel body");
            let nparams = num_params(ctx, k, kblock);
            // Sizes computed in the threads: a sizing kernel before each launch.
            let in_threads: Vec<OpId> = storages
                .iter()
                .filter(|s| !s.on_host)
                .map(|s| s.op)
                .collect();
            let mut sized: FxHashMap<OpId, Vec<Value>> = FxHashMap::default();
            let mut slots = Vec::new();
            if !in_threads.is_empty() {
                let (name, n, slot) =
                    sizes::sizing_kernel(ctx, k, kblock, nparams, &in_threads, launches)?;
                for &l in launches {
                    sized.insert(l, sizing_launch(ctx, l, &name, n));
                }
                slots = slot;
                self.num_sizing_kernels.add(1);
            }
            for s in &storages {
                let np = num_params(ctx, k, kblock);
                let param = add_param(ctx, k, kblock, np, s.elem);
                let nth = in_threads.iter().position(|&o| o == s.op);
                for &l in launches {
                    let n = nth.map(|i| sized[&l][slots[i]]);
                    host_buffer(ctx, kblock, l, s, nparams, n)?;
                }
                rewrite(ctx, s, param);
                self.num_buffers.add(1);
            }
        }
        Ok(())
    }
}

/// The run-time-sized allocas of kernel `k`, checked.
fn storages(ctx: &Context, k: OpId) -> Result<Vec<Storage>, Diagnostic> {
    let mut out = Vec::new();
    let kblock = ctx.entry_block(ctx.region(k, 0));
    for o in ctx.walk_preorder(k) {
        if !ctx.op_is(o, "memref.alloca") || ctx.num_operands(o) == 0 {
            continue;
        }
        let r = ctx.result(o, 0);
        let elem = match ctx.type_kind(ctx.value_type(r)) {
            TypeKind::MemRef { shape, elem, .. } if shape.len() == 1 => *elem,
            _ => {
                return Err(err(
                    ctx,
                    o,
                    "thread storage of run-time size must be of rank 1",
                ))
            }
        };
        for u in ctx.use_vec(r) {
            let ok = (ctx.op_is(u.op, "memref.load") && u.index == 0)
                || (ctx.op_is(u.op, "memref.store") && u.index == 1);
            if !ok {
                return Err(err(
                    ctx,
                    u.op,
                    "thread storage of run-time size may only be loaded from and stored to",
                ));
            }
        }
        let size = ctx.operand(o, 0);
        let on_host = launch_invariant(ctx, kblock, size, 0);
        out.push(Storage {
            op: o,
            elem,
            size,
            on_host,
        });
    }
    Ok(out)
}

/// Whether `v` is computed from the kernel's parameters (arguments of `kblock`) and
/// constants by `arith`/`index` ops without regions, other than divisions.
fn launch_invariant(ctx: &Context, kblock: Option<BlockId>, v: Value, depth: usize) -> bool {
    if depth > 32 {
        return false;
    }
    let Some(d) = ctx.defining_op(v) else {
        return ctx.value_parent_block(v) == kblock;
    };
    recomputable_arith(ctx, d)
        && ctx
            .operand_vec(d)
            .into_iter()
            .all(|x| launch_invariant(ctx, kblock, x, depth + 1))
}

/// The number of parameters of kernel `k` (its entry block's arguments before the workgroup
/// attributions).
fn num_params(ctx: &Context, k: OpId, kblock: BlockId) -> usize {
    let nw = ctx
        .attr(k, "workgroup_attributions")
        .and_then(|a| ctx.attr_as_int(a))
        .unwrap_or(0) as usize;
    ctx.block_args(kblock).len() - nw
}

/// Launch `l` is one-dimensional and has no async object.
fn check_launch(ctx: &Context, l: OpId) -> Result<(), Diagnostic> {
    let lf = LaunchFuncOp::from_op(ctx, l).expect("a launch");
    let yz = [
        lf.grid_size_y(ctx),
        lf.grid_size_z(ctx),
        lf.block_size_y(ctx),
        lf.block_size_z(ctx),
    ];
    let segs = tail_ir::format::segment_sizes(ctx, l, tail_ir::format::OPERAND_SEGMENTS);
    let async_obj = segs.map_or(1, |s| s.get(ASYNC_OBJECT).copied().unwrap_or(1));
    if yz
        .iter()
        .any(|&v| tail_builtin::util::constant_int(ctx, v) != Some(1))
        || async_obj != 0
    {
        return Err(err(
            ctx,
            l,
            "a kernel with thread storage of run-time size must be launched with one-dimensional grids and blocks, without an async object",
        ));
    }
    Ok(())
}

/// Adds a parameter `memref<?xelem>` to kernel `k` after its `nparams` parameters (before the
/// workgroup attributions) and returns it.
pub(crate) fn add_param(
    ctx: &mut Context,
    k: OpId,
    kblock: BlockId,
    nparams: usize,
    elem: Type,
) -> Value {
    let ty = ctx.memref_type(vec![tail_ir::DYNAMIC], elem);
    // Entry-block arguments are appended: the workgroup attributions move after the new one.
    let old: Vec<Value> = ctx.block_args(kblock)[nparams..].to_vec();
    let param = ctx.add_block_arg(kblock, ty);
    for w in old {
        let t = ctx.value_type(w);
        let moved = ctx.add_block_arg(kblock, t);
        ctx.replace_all_uses_with(w, moved);
        ctx.erase_block_arg(kblock, nparams);
    }
    let fty = ctx
        .attr(k, "function_type")
        .and_then(|a| ctx.attr_as_type(a))
        .expect("a kernel type");
    let (mut ins, outs) = match ctx.type_kind(fty) {
        TypeKind::Function { inputs, results } => (inputs.clone(), results.clone()),
        _ => unreachable!("gpu.func has a function type"),
    };
    ins.push(ty);
    let nf = ctx.function_type(ins, outs);
    let a = ctx.type_attr(nf);
    ctx.set_attr(k, "function_type", a);
    param
}

/// Before launch `l` of the kernel whose body is `kblock`: the buffer of storage `s` (its size times the launch's
/// threads), passed as the launch's last kernel operand, and freed after the launch. The size
/// is `sized` where a sizing kernel computed it, else computed again on the host.
fn host_buffer(
    ctx: &mut Context,
    kblock: BlockId,
    l: OpId,
    s: &Storage,
    nparams: usize,
    sized: Option<Value>,
) -> Result<(), Diagnostic> {
    let lf = LaunchFuncOp::from_op(ctx, l).expect("a launch");
    let args: Vec<Value> = lf.kernel_operands(ctx).to_vec();
    let (gx, bx) = (lf.grid_size_x(ctx), lf.block_size_x(ctx));
    let params: Vec<Value> = ctx.block_args(kblock)[..nparams].to_vec();
    let mut map = VMap::default();
    for (&p, &a) in params.iter().zip(&args) {
        map.insert(p, a);
    }
    let loc = ctx.op_loc(l);
    let mut b = Builder::new(ctx, InsertPoint::Before(l), loc);
    let n = match sized {
        Some(n) => n,
        None => clone_chain(&mut b, s.size, &mut map),
    };
    let threads = bin(&mut b, "arith.muli", gx, bx);
    let total = bin(&mut b, "arith.muli", n, threads);
    let buf = device_buffer(&mut b, total, s.elem);
    // The launch gets the buffer as its last kernel operand.
    push_kernel_operand(ctx, l, buf);
    let mut b = Builder::new(ctx, InsertPoint::After(l), loc);
    mk(&mut b, "gpu.dealloc", &[buf], &[], &[], Vec::new());
    Ok(())
}

/// The host copy of kernel value `v` ([`launch_invariant`]), parameters read through `map`.
fn clone_chain(b: &mut Builder<'_>, v: Value, map: &mut VMap) -> Value {
    if let Some(&h) = map.get(&v) {
        return h;
    }
    let d = b.defining_op(v).expect("a parameter is in the map");
    for x in b.operand_vec(d) {
        clone_chain(b, x, map);
    }
    let c = b.clone_op(d, map);
    let at = b.insertion_point();
    b.insert_op(c, at);
    let r = b.results(d).iter().position(|&r| r == v).expect("a result");
    b.result(c, r)
}

/// Replaces storage `s` by `param`: element `j` at `j · G + g`.
fn rewrite(ctx: &mut Context, s: &Storage, param: Value) {
    let loc = ctx.op_loc(s.op);
    let mut b = Builder::new(ctx, InsertPoint::Before(s.op), loc);
    let x = DimKw::get(b.ctx, "x");
    let it = b.index_type();
    let id = |b: &mut Builder<'_>, name: &str| mk1(b, name, &[], it, &[("dimension", x)]);
    let (bid, bdim, tid, gdim) = (
        id(&mut b, "gpu.block_id"),
        id(&mut b, "gpu.block_dim"),
        id(&mut b, "gpu.thread_id"),
        id(&mut b, "gpu.grid_dim"),
    );
    let g0 = bin(&mut b, "arith.muli", bid, bdim);
    let g = bin(&mut b, "arith.addi", g0, tid);
    let threads = bin(&mut b, "arith.muli", gdim, bdim);
    let r = ctx.result(s.op, 0);
    for u in ctx.use_vec(r) {
        let pos = if ctx.op_is(u.op, "memref.load") { 1 } else { 2 };
        let j = ctx.operand(u.op, pos);
        let mut b = Builder::new(ctx, InsertPoint::Before(u.op), loc);
        let jt = bin(&mut b, "arith.muli", j, threads);
        let at = bin(&mut b, "arith.addi", jt, g);
        let mut ops = ctx.operand_vec(u.op);
        ops[pos] = at;
        ops[pos - 1] = param;
        ctx.set_operands(u.op, &ops);
    }
    ctx.erase_op(s.op);
}

/// Before launch `l`: launch `@<name>` (the sizing kernel of `l`'s kernel) on the same grid
/// with the same arguments and a zeroed device buffer of `n` 64-bit maxima, and read the
/// maxima back on the host: the `n` sizes, as `index` values.
fn sizing_launch(ctx: &mut Context, l: OpId, name: &str, n: usize) -> Vec<Value> {
    let loc = ctx.op_loc(l);
    let mut b = Builder::new(ctx, InsertPoint::Before(l), loc);
    let i64t = b.int_type(64);
    let ty = b.memref_type(vec![tail_ir::DYNAMIC], i64t);
    let len = cidx(&mut b, n as i64);
    let host = mk1(&mut b, "memref.alloc", &[len], ty, &[]);
    let zero = tail_builtin::arith::build_constant_int(&mut b, i64t, 0);
    let at: Vec<Value> = (0..n).map(|i| cidx(&mut b, i as i64)).collect();
    for &i in &at {
        mk(
            &mut b,
            "memref.store",
            &[zero, host, i],
            &[],
            &[],
            Vec::new(),
        );
    }
    let dev = device_buffer(&mut b, len, i64t);
    mk(&mut b, "gpu.memcpy", &[dev, host], &[], &[], Vec::new());
    // The sizing launch: a copy of `l` naming the sizing kernel, the maxima's buffer last.
    let mut map = VMap::default();
    let sl = b.ctx.clone_op(l, &mut map);
    b.insert_op(sl, InsertPoint::Before(l));
    let kref = b.ctx.attr(l, "kernel").expect("a launch names its kernel");
    let root = match b.ctx.attr_kind(kref) {
        tail_ir::AttrKind::SymbolRef { root, .. } => *root,
        _ => unreachable!("a launch's kernel is a symbol reference"),
    };
    let leaf = b.ctx.intern(name);
    let nref = b.intern_attr(tail_ir::AttrKind::SymbolRef {
        root,
        nested: vec![leaf].into_iter().collect(),
    });
    b.ctx.set_attr(sl, "kernel", nref);
    push_kernel_operand(b.ctx, sl, dev);
    mk(&mut b, "gpu.memcpy", &[host, dev], &[], &[], Vec::new());
    let it = b.index_type();
    let sizes = at
        .iter()
        .map(|&i| {
            let m = mk1(&mut b, "memref.load", &[host, i], i64t, &[]);
            mk1(&mut b, "arith.index_cast", &[m], it, &[])
        })
        .collect();
    mk(&mut b, "gpu.dealloc", &[dev], &[], &[], Vec::new());
    mk(&mut b, "memref.dealloc", &[host], &[], &[], Vec::new());
    sizes
}

/// `gpu.alloc(n) : memref<?xelem>` at the builder's place.
fn device_buffer(b: &mut Builder<'_>, n: Value, elem: Type) -> Value {
    let ty = b.memref_type(vec![tail_ir::DYNAMIC], elem);
    let seg = b.dense_i32_array_attr(vec![0, 1, 0]);
    mk1(
        b,
        "gpu.alloc",
        &[n],
        ty,
        &[(tail_ir::format::OPERAND_SEGMENTS, seg)],
    )
}

/// Appends `v` to the kernel operands of launch `l` (its last operand group but the async
/// object, which a checked launch does not have).
fn push_kernel_operand(ctx: &mut Context, l: OpId, v: Value) {
    let mut ops = ctx.operand_vec(l);
    ops.push(v);
    ctx.set_operands(l, &ops);
    let mut segs = tail_ir::format::segment_sizes(ctx, l, tail_ir::format::OPERAND_SEGMENTS)
        .expect("checked")
        .to_vec();
    segs[KERNEL_OPERANDS] += 1;
    let a = ctx.dense_i32_array_attr(segs);
    ctx.set_attr(l, tail_ir::format::OPERAND_SEGMENTS, a);
}
