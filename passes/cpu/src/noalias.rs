//! Which kernels' memref parameters are `noalias` on the CPU (a child module of
//! `convert-gpu-to-cpu`).
//!
//! A kernel's function gets the unit attribute `llvm.noalias` on each of its memref
//! parameters when, at every launch, each memref the kernel writes is a fresh allocation that
//! no other memref argument can reach:
//!
//! * the written argument's root (the value below its views: `memref.cast`, `subview`,
//!   `reinterpret_cast`, `collapse_shape`, `expand_shape`, `transpose`, `view`,
//!   `memory_space_cast`) is the result of a `gpu.alloc`, `memref.alloc` or `memref.alloca`
//!   in the launch's block or in a block around it;
//! * every other memref argument has another root, and that root is an allocation too (a
//!   buffer of its own) or was defined before the written one's allocation ran: a block
//!   argument of the allocation's block or of a block around it (the state a loop carries,
//!   a function's parameter), or the result of an op before the allocation in its block or in
//!   a block around it. Such a value cannot hold the new buffer: it holds an older live one
//!   (a distinct buffer) or a released one (which the program may not use).
//!
//! A parameter is written when it (or a view of it, in the kernel) is used by anything but
//! `memref.load`, `memref.dim` and views: stores, atomics, copies and any op not known are
//! writes. Memory that a function only reads may be reached through several `noalias`
//! parameters (LLVM's `noalias` constrains only memory that the function modifies), so
//! read-only arguments may be the same buffer.
//!
//! The host code generation (`tail_codegen::host`) puts LLVM's `noalias` on the aligned
//! pointer of each such parameter: LLVM then vectorizes the kernels' loops without run-time
//! alias checks, and loops whose accesses it cannot bound (a reversal's descending indices)
//! at all.

use tail_ir::{BlockId, Context, OpId, TypeKind, Value};

/// The attribute on a `func.func` argument that marks it `noalias`.
pub const NOALIAS_ATTR: &str = "llvm.noalias";

/// The memref ops whose result is a view of their first operand.
const VIEWS: [&str; 8] = [
    "memref.cast",
    "memref.subview",
    "memref.reinterpret_cast",
    "memref.collapse_shape",
    "memref.expand_shape",
    "memref.transpose",
    "memref.view",
    "memref.memory_space_cast",
];

/// The ops that make a new buffer.
const ALLOCS: [&str; 3] = ["gpu.alloc", "memref.alloc", "memref.alloca"];

fn is_memref(ctx: &Context, v: Value) -> bool {
    matches!(
        ctx.type_kind(ctx.value_type(v)),
        TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. }
    )
}

/// Whether the memref `v` (a kernel parameter or a view of one) is used for anything but
/// reading.
fn written(ctx: &Context, v: Value) -> bool {
    ctx.uses(v).any(|u| {
        let name = ctx.op_name_str(u.op);
        if VIEWS.contains(&name) && u.index == 0 {
            return ctx.results(u.op).iter().any(|&r| written(ctx, r));
        }
        !(name == "memref.dim" || (name == "memref.load" && u.index == 0))
    })
}

/// The parameters of the kernel `k` (a `gpu.func`): the first entry block arguments, as many
/// as its function type has inputs (its workgroup attributions follow them).
fn params(ctx: &Context, k: OpId) -> Vec<Value> {
    let inputs = ctx
        .attr(k, "function_type")
        .and_then(|a| ctx.attr_as_type(a))
        .and_then(|t| match ctx.type_kind(t) {
            TypeKind::Function { inputs, .. } => Some(inputs.len()),
            _ => None,
        })
        .unwrap_or(0);
    let Some(entry) = ctx.entry_block(ctx.region(k, 0)) else {
        return Vec::new();
    };
    ctx.block_args(entry).iter().take(inputs).copied().collect()
}

/// The value below the views of `v`.
fn root(ctx: &Context, mut v: Value) -> Value {
    while let Some(d) = ctx.defining_op(v) {
        if !VIEWS.contains(&ctx.op_name_str(d)) {
            break;
        }
        v = ctx.operand(d, 0);
    }
    v
}

/// The allocation op whose result `r` is, if any.
fn allocation(ctx: &Context, r: Value) -> Option<OpId> {
    ctx.defining_op(r)
        .filter(|&d| ALLOCS.contains(&ctx.op_name_str(d)))
}

/// Whether block `outer` is the op `op`'s block or holds it (through its ops' regions).
fn encloses(ctx: &Context, outer: BlockId, op: OpId) -> bool {
    let mut at = ctx.op_parent_block(op);
    while let Some(b) = at {
        if b == outer {
            return true;
        }
        at = ctx.block_parent_op(b).and_then(|p| ctx.op_parent_block(p));
    }
    false
}

/// Whether `v` is defined before the op `alloc` runs: a block argument of a block that
/// encloses it, or the result of an op that comes before it in its block or before the op
/// that holds it in an enclosing block.
fn defined_before(ctx: &Context, v: Value, alloc: OpId) -> bool {
    match ctx.defining_op(v) {
        None => ctx
            .value_parent_block(v)
            .is_some_and(|b| encloses(ctx, b, alloc)),
        Some(d) => {
            let Some(db) = ctx.op_parent_block(d) else {
                return false;
            };
            // The op in `db` that is `alloc` or holds it.
            let mut at = alloc;
            loop {
                match ctx.op_parent_block(at) {
                    Some(b) if b == db => return ctx.is_before_in_block(d, at),
                    Some(b) => match ctx.block_parent_op(b) {
                        Some(p) => at = p,
                        None => return false,
                    },
                    None => return false,
                }
            }
        }
    }
}

/// Whether the launch `launch` (kernel operands `args`) passes each memref the kernel writes
/// (`written`, per kernel parameter) as a fresh allocation that no other memref argument
/// reaches (see the module documentation).
fn launch_alias_free(ctx: &Context, launch: OpId, args: &[Value], written: &[bool]) -> bool {
    if args.len() != written.len() {
        return false;
    }
    args.iter()
        .zip(written)
        .enumerate()
        .all(|(i, (&w, &writes))| {
            if !writes {
                return true;
            }
            let r = root(ctx, w);
            let Some(alloc) = allocation(ctx, r) else {
                return false;
            };
            let Some(ab) = ctx.op_parent_block(alloc) else {
                return false;
            };
            encloses(ctx, ab, launch)
                && args.iter().enumerate().all(|(j, &o)| {
                    if j == i || !is_memref(ctx, o) {
                        return true;
                    }
                    let ro = root(ctx, o);
                    ro != r && (allocation(ctx, ro).is_some() || defined_before(ctx, ro, alloc))
                })
        })
}

/// When every one of the `launches` (`gpu.launch_func`, at least one) of the kernel `k` (a
/// `gpu.func`) passes the memrefs it writes as fresh allocations that no other argument
/// reaches: for each parameter of `k`, whether it is a ranked memref (those get `noalias`).
pub fn alias_free_params(ctx: &Context, k: OpId, launches: &[OpId]) -> Option<Vec<bool>> {
    let params = params(ctx, k);
    let written: Vec<bool> = params
        .iter()
        .map(|&a| is_memref(ctx, a) && written(ctx, a))
        .collect();
    let free = !launches.is_empty()
        && launches.iter().all(|&l| {
            let args = tail_gpu::ops::LaunchFuncOp::from_op(ctx, l)
                .map(|l| l.kernel_operands(ctx))
                .unwrap_or_default();
            launch_alias_free(ctx, l, &args, &written)
        });
    free.then(|| {
        params
            .iter()
            .map(|&a| matches!(ctx.type_kind(ctx.value_type(a)), TypeKind::MemRef { .. }))
            .collect()
    })
}

/// Puts `llvm.noalias` on the last arguments of the function `f` (the kernel's parameters,
/// which it takes last) for which `memrefs` holds.
pub fn mark(ctx: &mut Context, f: OpId, memrefs: &[bool]) {
    let Some(entry) = ctx.entry_block(ctx.region(f, 0)) else {
        return;
    };
    let n = ctx.block_args(entry).len();
    let Some(first) = n.checked_sub(memrefs.len()) else {
        return;
    };
    let empty = ctx.dictionary_attr(Vec::new());
    let mut dicts: Vec<tail_ir::Attribute> = match ctx.attr(f, "arg_attrs") {
        Some(a) => match ctx.attr_kind(a) {
            tail_ir::AttrKind::Array(v) if v.len() == n => v.clone(),
            _ => return,
        },
        None => vec![empty; n],
    };
    let name = ctx.intern(NOALIAS_ATTR);
    let unit = ctx.unit_attr();
    for (k, _) in memrefs.iter().enumerate().filter(|(_, &m)| m) {
        let mut entries = match ctx.attr_kind(dicts[first + k]) {
            tail_ir::AttrKind::Dictionary(e) => e.clone(),
            _ => return,
        };
        if entries.iter().any(|e| e.name == name) {
            continue;
        }
        entries.push(tail_ir::NamedAttr { name, value: unit });
        dicts[first + k] = ctx.dictionary_attr(entries);
    }
    let arr = ctx.array_attr(dicts);
    ctx.set_attr(f, "arg_attrs", arr);
}
