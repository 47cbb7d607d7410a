//! Staging copies that the CPU does not need: on a GPU the host copies its input arrays into
//! device buffers before the kernels (`gpu.memcpy %dev, %host`) and the results back after
//! them (`gpu.memcpy %host, %dev`); on the CPU both buffers are host memory, so
//! `convert-gpu-to-cpu` first removes the copies whose two sides can be one buffer:
//!
//! * **Inputs.** `%d = gpu.alloc` filled from `%s` by a `gpu.memcpy`, then only read (by
//!   kernels whose parameter is only loaded from, and `memref.dim`) and deallocated, where
//!   `%s` (an allocation or a parameter of the function) is only read from the copy on: the
//!   kernels read `%s`, and `%d`, its copy and its `dealloc` go.
//! * **Results.** `%h = memref.alloc` filled from `%d` (a `gpu.alloc`) by a `gpu.memcpy`, where
//!   `%h` is not used before the copy and `%d` only deallocated after it: `%d` is the result,
//!   and `%h`'s allocation, the copy and `%d`'s `dealloc` go.
//!
//! * **Reads.** `%h = memref.alloc` filled from `%s` by a `gpu.memcpy`, then only loaded
//!   from (the host reading an element of an array that kernels go on using: `s[n]` of a
//!   scan `s` that a reduction then sums), and freed, where nothing writes `%s` from the copy
//!   to `%h`'s last use: the loads read `%s`, and `%h`, the copy and its `dealloc` go.
//!
//! Every use of the buffers must be in the copy's block or nested in ops of it; anything else
//! (a store on the host, a kernel that writes the buffer, a call) keeps the copy.

use tail_gpu::ops::LaunchFuncOp;
use tail_ir::{AttrKind, BlockId, Context, OpId, Value, ValueDef};

/// The `gpu.func` a launch runs, among the kernels of `gmods`.
fn launched_kernel(ctx: &Context, gmods: &[OpId], launch: OpId) -> Option<OpId> {
    let (root, kernel) = match ctx.attr(launch, "kernel").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::SymbolRef { root, nested }) if nested.len() == 1 => (*root, nested[0]),
        _ => return None,
    };
    let sym = |o: OpId| tail_builtin::util::str_attr(ctx, o, "sym_name");
    let g = gmods
        .iter()
        .copied()
        .find(|&g| sym(g) == Some(ctx.str(root)))?;
    let block = ctx.entry_block(ctx.region(g, 0))?;
    ctx.block_op_vec(block)
        .into_iter()
        .find(|&k| ctx.op_is(k, "gpu.func") && sym(k) == Some(ctx.str(kernel)))
}

/// Whether every kernel parameter that `launch` passes `v` to is only loaded from (or asked
/// its extents) in the kernel.
fn kernel_only_reads(ctx: &Context, gmods: &[OpId], launch: OpId, v: Value) -> bool {
    let Some(l) = LaunchFuncOp::from_op(ctx, launch) else {
        return false;
    };
    let Some(k) = launched_kernel(ctx, gmods, launch) else {
        return false;
    };
    let Some(entry) = ctx.entry_block(ctx.region(k, 0)) else {
        return false;
    };
    // The entry block's arguments are the kernel's parameters, then its attributions.
    let params = ctx.block_args(entry);
    let operands = l.kernel_operands(ctx);
    if operands.len() > params.len() {
        return false;
    }
    operands
        .iter()
        .zip(params)
        .filter(|(&o, _)| o == v)
        .all(|(_, &p)| {
            ctx.uses(p).all(|u| {
                (ctx.op_is(u.op, "memref.load") && u.index == 0) || ctx.op_is(u.op, "memref.dim")
            })
        })
}

/// Whether `v` is only read where it is used other than by `except`: as a `memref.dim`, a
/// `memref.load`, the source of a `gpu.memcpy`, or a parameter that kernels only read.
fn only_read(ctx: &Context, gmods: &[OpId], v: Value, except: &[OpId]) -> bool {
    ctx.uses(v)
        .all(|u| except.contains(&u.op) || reads(ctx, gmods, u.op, v))
}

/// Whether `op` only reads `v`: a `memref.dim`, a `memref.load` of it, a `gpu.memcpy` from
/// it, a launch of kernels that only read it.
fn reads(ctx: &Context, gmods: &[OpId], op: OpId, v: Value) -> bool {
    ctx.op_is(op, "memref.dim")
        || (ctx.op_is(op, "memref.load") && ctx.operand(op, 0) == v)
        || (ctx.op_is(op, "gpu.memcpy") && ctx.operand(op, 1) == v && ctx.operand(op, 0) != v)
        || (ctx.op_is(op, "gpu.launch_func") && kernel_only_reads(ctx, gmods, op, v))
}

/// Whether every use of `v` is in `block` (or nested in an op of it), after `op` of `block`.
fn used_after(ctx: &Context, v: Value, op: OpId) -> bool {
    let Some(block) = ctx.op_parent_block(op) else {
        return false;
    };
    ctx.uses(v).all(|u| {
        u.op == op
            || ancestor_in(ctx, u.op, block)
                .is_some_and(|a| a != op && ctx.is_before_in_block(op, a))
    })
}

/// The ancestor of `op` (or `op` itself) that is an op of `block`.
fn ancestor_in(ctx: &Context, mut op: OpId, block: BlockId) -> Option<OpId> {
    loop {
        if ctx.op_parent_block(op) == Some(block) {
            return Some(op);
        }
        op = ctx.op_parent_op(op)?;
    }
}

/// Whether `v` is a buffer of its own: an allocation, or a parameter of the function.
fn own_buffer(ctx: &Context, v: Value) -> bool {
    match ctx.value_def(v) {
        ValueDef::OpResult { op, .. } => {
            ctx.op_is(op, "memref.alloc") || ctx.op_is(op, "gpu.alloc")
        }
        ValueDef::BlockArg { block, .. } => ctx
            .block_parent_op(block)
            .is_some_and(|f| ctx.op_is(f, "func.func")),
        ValueDef::Placeholder => false,
    }
}

/// The ops that use `v` before `op` (they or their ancestors are ops of `op`'s block before
/// it), and `op` itself: what they do to `v` happens before `op` reads it.
fn earlier_uses(ctx: &Context, v: Value, op: OpId) -> Vec<OpId> {
    let Some(block) = ctx.op_parent_block(op) else {
        return vec![op];
    };
    let mut out: Vec<OpId> = ctx
        .uses(v)
        .map(|u| u.op)
        .filter(|&u| ancestor_in(ctx, u, block).is_some_and(|a| ctx.is_before_in_block(a, op)))
        .collect();
    out.push(op);
    out
}

/// The `gpu.dealloc`s of `v`.
fn deallocs(ctx: &Context, v: Value) -> Vec<OpId> {
    ctx.uses(v)
        .map(|u| u.op)
        .filter(|&o| ctx.op_is(o, "gpu.dealloc") && ctx.num_operands(o) == 1)
        .collect()
}

/// Whether `v` is the result of an op named `name` without other operands than sizes.
fn allocated_by(ctx: &Context, v: Value, name: &str) -> Option<OpId> {
    ctx.defining_op(v)
        .filter(|&d| ctx.op_is(d, name) && ctx.num_results(d) == 1)
}

/// Makes the destination of copy `copy` its source: erases `frees` (the `gpu.dealloc`s of the
/// buffer that goes on living as both), the copy and `alloc` (the destination's allocation).
fn merge(ctx: &mut Context, copy: OpId, frees: &[OpId], alloc: OpId) {
    let (dst, src) = (ctx.operand(copy, 0), ctx.operand(copy, 1));
    for &f in frees {
        ctx.erase_op(f);
    }
    ctx.erase_op(copy);
    ctx.replace_all_uses_with(dst, src);
    ctx.erase_op(alloc);
}

/// Removes the staging copies of the module's host code `host_ops` (see the module
/// documentation); returns how many went. `gmods` are the module's `gpu.module`s.
pub(crate) fn elide_staging_copies(ctx: &mut Context, gmods: &[OpId], host_ops: &[OpId]) -> usize {
    let copies: Vec<OpId> = host_ops
        .iter()
        .copied()
        .filter(|&o| ctx.op_is(o, "gpu.memcpy") && ctx.num_operands(o) == 2)
        .collect();
    let mut removed = 0;
    for m in copies {
        let (dst, src) = (ctx.operand(m, 0), ctx.operand(m, 1));
        if dst == src || ctx.value_type(dst) != ctx.value_type(src) {
            continue;
        }
        // An input: the device buffer `dst` is a read-only copy of `src`.
        if let Some(alloc) = allocated_by(ctx, dst, "gpu.alloc") {
            let frees = deallocs(ctx, dst);
            let mut except = frees.clone();
            except.push(m);
            if ctx.op_parent_block(alloc) == ctx.op_parent_block(m)
                && used_after(ctx, dst, m)
                && only_read(ctx, gmods, dst, &except)
                && own_buffer(ctx, src)
                && only_read(ctx, gmods, src, &earlier_uses(ctx, src, m))
            {
                merge(ctx, m, &frees, alloc);
                removed += 1;
                continue;
            }
        }
        // A result: the host buffer `dst` is a copy of the device buffer `src`, which is only
        // freed afterwards.
        if let (Some(host), Some(_)) = (
            allocated_by(ctx, dst, "memref.alloc"),
            allocated_by(ctx, src, "gpu.alloc"),
        ) {
            let frees = deallocs(ctx, src);
            let src_after_only_freed = ctx.uses(src).all(|u| {
                u.op == m
                    || frees.contains(&u.op)
                    || ctx.op_parent_block(u.op) == ctx.op_parent_block(m)
                        && ctx.is_before_in_block(u.op, m)
            });
            let frees_after = frees.iter().all(|&f| {
                ctx.op_parent_block(f) == ctx.op_parent_block(m) && ctx.is_before_in_block(m, f)
            });
            if ctx.op_parent_block(host) == ctx.op_parent_block(m)
                && used_after(ctx, dst, m)
                && src_after_only_freed
                && frees_after
            {
                merge(ctx, m, &frees, host);
                removed += 1;
                continue;
            }
        }
        // A read: the host buffer `dst` is a copy of `src` that the host only reads (an
        // element of an array that kernels go on using), while `src` is only read.
        if let Some(host) = allocated_by(ctx, dst, "memref.alloc") {
            if let Some(frees) = read_copy(ctx, gmods, m, host) {
                for f in frees {
                    ctx.erase_op(f);
                }
                ctx.erase_op(m);
                ctx.replace_all_uses_with(dst, src);
                ctx.erase_op(host);
                removed += 1;
            }
        }
    }
    removed
}

/// For copy `m` into the host buffer that `host` allocates: its `memref.dealloc`s when every
/// use of the buffer is in the copy's block (or nested in an op of it) after the copy, a
/// `memref.load`, a `memref.dim` or a `memref.dealloc`, and the source is an allocation
/// (no other name for it) used only by loads, stores, `memref.dim`, copies, launches and
/// deallocations (no view of it), those between the copy and the buffer's last use reading
/// it ([`reads`]): the loads can read the source instead.
fn read_copy(ctx: &Context, gmods: &[OpId], m: OpId, host: OpId) -> Option<Vec<OpId>> {
    let (dst, src) = (ctx.operand(m, 0), ctx.operand(m, 1));
    let block = ctx.op_parent_block(m)?;
    let allocated = allocated_by(ctx, src, "gpu.alloc")
        .or_else(|| allocated_by(ctx, src, "memref.alloc"))
        .is_some();
    if !allocated || ctx.op_parent_block(host) != Some(block) || !used_after(ctx, dst, m) {
        return None;
    }
    let mut frees = Vec::new();
    let mut last = m;
    for u in ctx.uses(dst) {
        if u.op == m {
            continue;
        }
        match ctx.op_name_str(u.op) {
            "memref.dealloc" => frees.push(u.op),
            "memref.dim" => {}
            "memref.load" if u.index == 0 => {}
            _ => return None,
        }
        let a = ancestor_in(ctx, u.op, block)?;
        if ctx.is_before_in_block(last, a) {
            last = a;
        }
    }
    let src_ok = ctx.uses(src).all(|u| {
        let kind = ctx.op_name_str(u.op);
        let known = matches!(
            kind,
            "memref.load"
                | "memref.dim"
                | "memref.store"
                | "gpu.memcpy"
                | "gpu.launch_func"
                | "gpu.dealloc"
                | "memref.dealloc"
        );
        let between = u.op != m
            && ancestor_in(ctx, u.op, block)
                .is_some_and(|a| ctx.is_before_in_block(m, a) && !ctx.is_before_in_block(last, a));
        known && (!between || reads(ctx, gmods, u.op, src))
    });
    src_ok.then_some(frees)
}
