//! `gpu-launch-facts`: facts the host knows about the extents and scalars it passes to kernels,
//! propagated into the kernels.
//!
//! A kernel (`gpu.func`) sees its arguments as opaque `index` values and `memref<?x…>` buffers,
//! so it divides by extents that are constants on the host or equal to other arguments. The
//! pass rewrites, exactly and only where proven:
//!
//! 0. **Host buffers of constants.** A host `memref.load` at constant indices of a local buffer
//!    (`memref.alloc`/`memref.alloca` of static shape used only by loads, stores and
//!    `memref.dealloc`; e.g. a shape vector) is replaced by the value of the last
//!    `memref.store` at the same indices before it, in its block or in an enclosing block when
//!    the ops in between store nothing into the buffer.
//! 1. **Loop-invariant extents of host loops.** For a memref carried by a host `scf.for` or
//!    `scf.while` whose yielded value is an allocation (`memref.alloc`, `gpu.alloc`,
//!    `memref.alloca`) with extent `k` equal to extent `k` of the carried value itself
//!    (`gpu.alloc(%d0, %d1)` with `%d0 = memref.dim %carried, 0`), or the carried value itself,
//!    every iteration's value has the extent of the initial value. `memref.dim` of the carried
//!    value and of the loop's result along `k` (for `scf.while`, of the after region's
//!    argument and of the result that the condition forwards it to) then become that extent:
//!    the initial allocation's size operand, or a `memref.dim` of the initial value taken
//!    before the loop. All carried memrefs of a loop are
//!    assumed invariant and the assumptions that their yields do not justify are dropped until a
//!    fixed point (so values exchanged between carried buffers are covered); the loops of a
//!    function are processed until no more change, then the host code is canonicalized (a
//!    `memref.dim` of an allocation with constant sizes folds to the constant).
//! 2. **Kernel arguments.** For each kernel all of whose uses are `gpu.launch_func`s of the
//!    module (the `gpu.module` is referenced by nothing else): an argument that receives the
//!    same constant at every launch becomes that constant in the kernel; an argument that
//!    receives the same value as an earlier argument at every launch becomes that argument;
//!    `memref.dim %arg, k` of a memref argument becomes a constant when the launched buffer's
//!    extent `k` is that constant at every launch, or the index argument `j` when at every launch
//!    the buffer's extent `k` is the value passed as argument `j`. Host values are compared
//!    through `memref.dim` of allocations and of static shapes (an extent is the allocation's
//!    size operand) and constants.
//!
//! The kernels keep their signatures (an argument made redundant is unused). The
//! `tail-to-gpu` pipeline runs the pass last, followed by `canonicalize,cse`.

use rustc_hash::FxHashMap;
use tail_builtin::util::{constant_attr, constant_int};
use tail_gpu::ops::{LaunchFuncOp, KERNEL_ATTR};
use tail_ir::greedy::{apply_patterns_greedily, collect_canonicalization_patterns, GreedyConfig};
use tail_ir::pass::{pass, AnalysisManager, PassResult, PassRun, Statistic};
use tail_ir::{
    AttrKind, Attribute, BlockId, Builder, Context, FrozenRewritePatternSet, InsertPoint, OpId,
    TypeKind, Value, DYNAMIC,
};

/// Propagate host facts (constant and equal arguments, buffer extents, loop-invariant extents)
/// into the kernels launched by `gpu.launch_func`.
#[pass(
    argument = "gpu-launch-facts",
    summary = "Propagate host facts into gpu kernels: loop-invariant extents of host loops, arguments constant or equal at every launch, extents of buffer arguments",
    anchor = "builtin.module",
    name = "GpuLaunchFacts"
)]
pub struct GpuLaunchFacts {
    #[statistic(
        name = "num-forwarded",
        description = "Number of host loads of local buffers replaced by the stored value"
    )]
    num_forwarded: Statistic,
    #[statistic(
        name = "num-loop-extents",
        description = "Number of loop-carried memref extents found loop-invariant"
    )]
    num_loop_extents: Statistic,
    #[statistic(
        name = "num-kernel-args",
        description = "Number of kernel arguments replaced by a constant or an earlier argument"
    )]
    num_kernel_args: Statistic,
    #[statistic(
        name = "num-kernel-dims",
        description = "Number of memref.dim ops of kernel arguments replaced"
    )]
    num_kernel_dims: Statistic,
}

/// What is known about an `index` value on the host: two values with equal facts are equal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Fact {
    /// A constant.
    Const(i64),
    /// Extent `k` of a memref (not an allocation's, not static).
    Dim(Value, usize),
    /// The value itself.
    Val(Value),
}

/// Assumed extents: (memref value, axis) → the fact of that extent.
type Assumed = FxHashMap<(Value, usize), Fact>;

/// Recursion bound of the fact walks (chains of `memref.dim` of allocations).
const MAX_DEPTH: usize = 64;

/// The shape of a memref type.
fn memref_shape(ctx: &Context, v: Value) -> Option<Vec<i64>> {
    match ctx.type_kind(ctx.value_type(v)) {
        TypeKind::MemRef { shape, .. } => Some(shape.clone()),
        _ => None,
    }
}

/// Whether `v` is of type `index`.
fn is_index(ctx: &Context, v: Value) -> bool {
    matches!(ctx.type_kind(ctx.value_type(v)), TypeKind::Index)
}

/// The size operand of extent `k` of an allocation `op` (`memref.alloc`, `memref.alloca`,
/// `gpu.alloc`) of a memref with `shape`, when the extent is dynamic.
fn alloc_size(ctx: &Context, op: OpId, shape: &[i64], k: usize) -> Option<Value> {
    let sizes: Vec<Value> = match ctx.op_name_str(op) {
        "memref.alloc" | "memref.alloca" => ctx.operand_vec(op),
        "gpu.alloc" => tail_gpu::ops::AllocOp::from_op(ctx, op)?
            .dynamic_sizes(ctx)
            .to_vec(),
        _ => return None,
    };
    let pos = shape[..k].iter().filter(|&&d| d == DYNAMIC).count();
    (shape.iter().filter(|&&d| d == DYNAMIC).count() == sizes.len())
        .then(|| sizes.get(pos).copied())
        .flatten()
}

/// The fact of the `index` value `v`.
fn canon(ctx: &Context, v: Value, assumed: &Assumed, depth: usize) -> Fact {
    if depth > MAX_DEPTH || !is_index(ctx, v) {
        return Fact::Val(v);
    }
    if let Some(c) = constant_int(ctx, v) {
        return Fact::Const(c);
    }
    if let Some(d) = ctx.defining_op(v) {
        if ctx.op_is(d, "memref.dim") {
            if let Some(k) = constant_int(ctx, ctx.operand(d, 1)) {
                if k >= 0 {
                    return extent(ctx, ctx.operand(d, 0), k as usize, assumed, depth + 1);
                }
            }
        }
    }
    Fact::Val(v)
}

/// The fact of extent `k` of the memref `x`.
fn extent(ctx: &Context, x: Value, k: usize, assumed: &Assumed, depth: usize) -> Fact {
    let Some(shape) = memref_shape(ctx, x) else {
        return Fact::Dim(x, k);
    };
    match shape.get(k) {
        Some(&d) if d != DYNAMIC => return Fact::Const(d),
        Some(_) => {}
        None => return Fact::Dim(x, k),
    }
    if depth > MAX_DEPTH {
        return Fact::Dim(x, k);
    }
    if let Some(&f) = assumed.get(&(x, k)) {
        return f;
    }
    if let Some(d) = ctx.defining_op(x) {
        if let Some(s) = alloc_size(ctx, d, &shape, k) {
            return canon(ctx, s, assumed, depth + 1);
        }
    }
    Fact::Dim(x, k)
}

/// The `memref.dim` ops reading extent `k` of `x` (constant axis).
fn dims_of(ctx: &Context, x: Value, k: usize) -> Vec<OpId> {
    ctx.uses(x)
        .filter(|u| u.index == 0 && ctx.op_is(u.op, "memref.dim"))
        .map(|u| u.op)
        .filter(|&d| constant_int(ctx, ctx.operand(d, 1)) == Some(k as i64))
        .collect()
}

/// Replaces the results of the `memref.dim` ops `dims` with `v` and erases them; returns how
/// many.
fn replace_dims(ctx: &mut Context, dims: &[OpId], v: Value) -> u64 {
    for &d in dims {
        let r = ctx.result(d, 0);
        ctx.replace_all_uses_with(r, v);
        ctx.erase_op(d);
    }
    dims.len() as u64
}

/// Whether `op` lies in a `gpu.module` (device code).
/// The kernels (`gpu.func` with the `kernel` attribute) of the module's `gpu.module`s whose
/// only uses are host `gpu.launch_func`s, each with those launches (in program order), in the
/// order of the kernels; a kernel of a `gpu.module` that anything else references (a symbol
/// use other than a host launch) is left out, as are kernels never launched.
pub(crate) fn kernel_launches(ctx: &Context, module: OpId) -> Vec<(OpId, Vec<OpId>)> {
    let Some(mblock) = ctx.entry_block(ctx.region(module, 0)) else {
        return Vec::new();
    };
    let gmods: Vec<OpId> = ctx
        .block_op_vec(mblock)
        .into_iter()
        .filter(|&o| ctx.op_is(o, "gpu.module"))
        .collect();
    let gmod_name = |ctx: &Context, g: OpId| {
        ctx.attr(g, "sym_name")
            .and_then(|a| ctx.attr_as_str(a))
            .map(str::to_string)
    };
    let mut escaping: Vec<String> = Vec::new();
    let mut launches: FxHashMap<OpId, Vec<OpId>> = FxHashMap::default();
    for u in tail_ir::symbol::symbol_uses(ctx, module) {
        let name = ctx.str(u.root).to_string();
        if !gmods
            .iter()
            .any(|&g| gmod_name(ctx, g).as_deref() == Some(&name))
        {
            continue;
        }
        if !ctx.op_is(u.user, "gpu.launch_func") || in_device(ctx, u.user) {
            escaping.push(name);
            continue;
        }
        let target = tail_ir::symbol::lookup_symbol_ref_in(ctx, module, u.symbol_ref);
        match target {
            Some(k) if ctx.op_is(k, "gpu.func") => {
                launches.entry(k).or_default().push(u.user);
            }
            _ => escaping.push(name),
        }
    }
    let mut out = Vec::new();
    for g in gmods {
        if gmod_name(ctx, g).is_some_and(|n| escaping.contains(&n)) {
            continue;
        }
        let Some(gblock) = ctx.entry_block(ctx.region(g, 0)) else {
            continue;
        };
        for k in ctx.block_op_vec(gblock) {
            if !ctx.op_is(k, "gpu.func") || ctx.attr(k, KERNEL_ATTR).is_none() {
                continue;
            }
            if let Some(ls) = launches.remove(&k) {
                out.push((k, ls));
            }
        }
    }
    out
}

fn in_device(ctx: &Context, op: OpId) -> bool {
    let mut p = ctx.op_parent_op(op);
    while let Some(q) = p {
        if ctx.op_is(q, "gpu.module") {
            return true;
        }
        p = ctx.op_parent_op(q);
    }
    false
}

impl PassRun for GpuLaunchFacts {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        module: OpId,
        _am: &mut AnalysisManager,
    ) -> PassResult {
        let mut changed = self.forward_host_stores(ctx, module) > 0;
        for _ in 0..8 {
            let fors: Vec<OpId> = ctx
                .walk_preorder(module)
                .into_iter()
                .filter(|&o| {
                    (ctx.op_is(o, "scf.for") || ctx.op_is(o, "scf.while")) && !in_device(ctx, o)
                })
                .collect();
            let mut round = 0;
            for f in fors {
                round += self.loop_extents(ctx, f);
            }
            if round == 0 {
                break;
            }
            changed = true;
        }
        if changed {
            let patterns = FrozenRewritePatternSet::from(collect_canonicalization_patterns(ctx));
            let hosts: Vec<OpId> = ctx
                .entry_block(ctx.region(module, 0))
                .map(|b| ctx.block_op_vec(b))
                .unwrap_or_default()
                .into_iter()
                .filter(|&o| ctx.op_is(o, "func.func"))
                .collect();
            for f in hosts {
                // A canonicalization that does not converge leaves valid IR; the facts below
                // only use what it folded.
                let _ = apply_patterns_greedily(ctx, f, &patterns, GreedyConfig::default());
            }
        }
        self.kernel_facts(ctx, module);
        Ok(())
    }
}

impl GpuLaunchFacts {
    /// Step 0: in host code, a `memref.load` at constant indices of a local buffer (a
    /// `memref.alloc`/`memref.alloca` of static shape used only by `memref.load`,
    /// `memref.store` and `memref.dealloc`) reads the value of the last `memref.store` at the
    /// same indices before it (in its block or, through ops that store nothing into the
    /// buffer, in an enclosing block). Returns the number of loads forwarded.
    fn forward_host_stores(&mut self, ctx: &mut Context, module: OpId) -> u64 {
        let bufs: Vec<Value> = ctx
            .walk_preorder(module)
            .into_iter()
            .filter(|&o| {
                (ctx.op_is(o, "memref.alloc") || ctx.op_is(o, "memref.alloca"))
                    && ctx.num_operands(o) == 0
                    && !in_device(ctx, o)
            })
            .map(|o| ctx.result(o, 0))
            .collect();
        let mut count = 0;
        for buf in bufs {
            let uses = ctx.use_vec(buf);
            let local = uses.iter().all(|u| match ctx.op_name_str(u.op) {
                "memref.load" | "memref.dealloc" => u.index == 0,
                "memref.store" => u.index == 1,
                _ => false,
            });
            if !local {
                continue;
            }
            let stores: Vec<OpId> = uses
                .iter()
                .filter(|u| ctx.op_is(u.op, "memref.store"))
                .map(|u| u.op)
                .collect();
            let loads: Vec<OpId> = uses
                .iter()
                .filter(|u| ctx.op_is(u.op, "memref.load"))
                .map(|u| u.op)
                .collect();
            let const_indices = |ctx: &Context, op: OpId, first: usize| -> Option<Vec<i64>> {
                ctx.operand_vec(op)[first..]
                    .iter()
                    .map(|&i| constant_int(ctx, i))
                    .collect()
            };
            for l in loads {
                let Some(at) = const_indices(ctx, l, 1) else {
                    continue;
                };
                let mut value = None;
                let mut cur = l;
                'walk: loop {
                    let mut p = ctx.prev_op(cur);
                    while let Some(o) = p {
                        if stores.contains(&o) {
                            match const_indices(ctx, o, 2) {
                                Some(i) if i == at => {
                                    value = Some(ctx.operand(o, 0));
                                    break 'walk;
                                }
                                Some(_) => {}
                                None => break 'walk,
                            }
                        } else if stores.iter().any(|&s| ctx.is_ancestor(o, s)) {
                            break 'walk;
                        }
                        p = ctx.prev_op(o);
                    }
                    match ctx.op_parent_op(cur) {
                        Some(q)
                            if !ctx.op_is(q, "func.func")
                                && q != module
                                && !stores.iter().any(|&s| ctx.is_ancestor(q, s)) =>
                        {
                            cur = q;
                        }
                        _ => break,
                    }
                }
                if let Some(v) = value {
                    let r = ctx.result(l, 0);
                    ctx.replace_all_uses_with(r, v);
                    ctx.erase_op(l);
                    count += 1;
                }
            }
        }
        self.num_forwarded.add(count);
        count
    }

    /// Step 1 on the host loop `f` (`scf.for` or `scf.while`): returns the number of
    /// `memref.dim` ops replaced.
    fn loop_extents(&mut self, ctx: &mut Context, f: OpId) -> u64 {
        let Some(lp) = CarriedLoop::of(ctx, f) else {
            return 0;
        };
        // Candidates: (position, axis) → the initial value's extent as a value defined before
        // the loop: the initial allocation's size operand, else a `memref.dim` built here
        // (erased below when unused).
        let loc = ctx.op_loc(f);
        let mut built: Vec<OpId> = Vec::new();
        let mut cand: FxHashMap<(usize, usize), Value> = FxHashMap::default();
        for (i, &init) in lp.inits.iter().enumerate() {
            let Some(shape) = memref_shape(ctx, init) else {
                continue;
            };
            let has_dim = |v: &Value| ctx.uses(*v).any(|u| ctx.op_is(u.op, "memref.dim"));
            if !has_dim(&lp.carried[i]) && !lp.results.iter().chain(&lp.forwarded_args).any(has_dim)
            {
                continue;
            }
            for (k, &d) in shape.iter().enumerate() {
                if d != DYNAMIC {
                    continue;
                }
                let size = ctx
                    .defining_op(init)
                    .and_then(|a| alloc_size(ctx, a, &shape, k));
                let e = match size {
                    Some(s) => s,
                    None => {
                        let mut b = Builder::new(ctx, InsertPoint::Before(f), loc);
                        let ck = tail_builtin::arith::build_constant_index(&mut b, k as i64);
                        let e = tail_builtin::memref::DimOp::create(&mut b, init, ck);
                        built.extend(ctx.defining_op(e));
                        built.extend(ctx.defining_op(ck));
                        e
                    }
                };
                cand.insert((i, k), e);
            }
        }
        // Assume every candidate; drop those whose yield does not keep the extent, to a fixed
        // point. What survives holds by induction over the iterations.
        let none = Assumed::default();
        let assume = |ctx: &Context, cand: &FxHashMap<(usize, usize), Value>| -> Assumed {
            let mut assumed: Assumed = cand
                .iter()
                .map(|(&(i, k), &e)| ((lp.carried[i], k), canon(ctx, e, &none, 0)))
                .collect();
            // `scf.while`: the after region's arguments are the values the condition forwards.
            let fwd: Vec<((Value, usize), Fact)> = lp
                .forwarded
                .iter()
                .zip(&lp.forwarded_args)
                .flat_map(|(&v, &a)| {
                    let rank = memref_shape(ctx, v).map_or(0, |s| s.len());
                    let assumed = &assumed;
                    (0..rank).map(move |k| ((a, k), extent(ctx, v, k, assumed, 0)))
                })
                .collect();
            assumed.extend(fwd);
            assumed
        };
        loop {
            let assumed = assume(ctx, &cand);
            let dropped: Vec<(usize, usize)> = cand
                .iter()
                .filter(|(&(i, k), &e)| {
                    extent(ctx, lp.yields[i], k, &assumed, 0) != canon(ctx, e, &none, 0)
                })
                .map(|(&key, _)| key)
                .collect();
            if dropped.is_empty() {
                break;
            }
            for key in dropped {
                cand.remove(&key);
            }
        }
        // Rewrite the extents of the carried values, and of the results (and, for
        // `scf.while`, of the after region's arguments) that are a proven extent.
        let mut keys: Vec<(usize, usize)> = cand.keys().copied().collect();
        keys.sort_unstable();
        let mut count = 0;
        let mut rewrite = |ctx: &mut Context, dims: Vec<OpId>, e: Value| {
            if !dims.is_empty() {
                count += replace_dims(ctx, &dims, e);
                self.num_loop_extents.add(1);
            }
        };
        for &(i, k) in &keys {
            let mut dims = dims_of(ctx, lp.carried[i], k);
            if !lp.is_while {
                dims.extend(dims_of(ctx, lp.results[i], k));
            }
            rewrite(ctx, dims, cand[&(i, k)]);
        }
        if lp.is_while {
            let assumed = assume(ctx, &cand);
            for (j, &v) in lp.forwarded.iter().enumerate() {
                let rank = memref_shape(ctx, v).map_or(0, |s| s.len());
                for k in 0..rank {
                    let fact = extent(ctx, v, k, &assumed, 0);
                    let e = keys
                        .iter()
                        .map(|key| cand[key])
                        .find(|&e| canon(ctx, e, &none, 0) == fact);
                    if let Some(e) = e {
                        let mut dims = dims_of(ctx, lp.forwarded_args[j], k);
                        dims.extend(dims_of(ctx, lp.results[j], k));
                        rewrite(ctx, dims, e);
                    }
                }
            }
        }
        for op in built {
            if ctx.op_results_unused(op) {
                ctx.erase_op(op);
            }
        }
        count
    }

    /// Step 2: constants, equal arguments and buffer extents of the kernels.
    fn kernel_facts(&mut self, ctx: &mut Context, module: OpId) {
        for (k, ls) in kernel_launches(ctx, module) {
            self.kernel(ctx, k, &ls);
        }
    }

    /// Step 2 for the kernel `k` launched by `launches`.
    fn kernel(&mut self, ctx: &mut Context, k: OpId, launches: &[OpId]) {
        let nparams = match ctx
            .attr(k, "function_type")
            .and_then(|a| ctx.attr_as_type(a))
            .map(|t| ctx.type_kind(t))
        {
            Some(TypeKind::Function { inputs, .. }) => inputs.len(),
            _ => return,
        };
        let Some(entry) = ctx.entry_block(ctx.region(k, 0)) else {
            return;
        };
        if ctx.block_args(entry).len() < nparams {
            return;
        }
        let params: Vec<Value> = ctx.block_args(entry)[..nparams].to_vec();
        let mut args: Vec<Vec<Value>> = Vec::new();
        for &l in launches {
            let Some(lf) = LaunchFuncOp::from_op(ctx, l) else {
                return;
            };
            let a = lf.kernel_operands(ctx).to_vec();
            if a.len() != nparams {
                return;
            }
            args.push(a);
        }
        let none = Assumed::default();
        let mut consts: FxHashMap<Attribute, Value> = FxHashMap::default();
        // Extents of buffer arguments.
        for (i, &p) in params.iter().enumerate() {
            let Some(shape) = memref_shape(ctx, p) else {
                continue;
            };
            for (axis, &d) in shape.iter().enumerate() {
                if d != DYNAMIC {
                    continue;
                }
                let dims = dims_of(ctx, p, axis);
                if dims.is_empty() {
                    continue;
                }
                let facts: Vec<Fact> = args
                    .iter()
                    .map(|a| extent(ctx, a[i], axis, &none, 0))
                    .collect();
                let replacement = if let Some(c) = Self::same_const(&facts) {
                    Some(Self::constant(ctx, entry, &mut consts, ConstOf::Index(c)))
                } else {
                    (0..nparams)
                        .find(|&j| {
                            is_index(ctx, params[j])
                                && args
                                    .iter()
                                    .zip(&facts)
                                    .all(|(a, f)| canon(ctx, a[j], &none, 0) == *f)
                        })
                        .map(|j| params[j])
                };
                if let Some(v) = replacement {
                    let n = replace_dims(ctx, &dims, v);
                    self.num_kernel_dims.add(n);
                }
            }
        }
        // Arguments constant at every launch, or equal to an earlier argument.
        for i in 0..nparams {
            let p = params[i];
            if !ctx.has_uses(p) {
                continue;
            }
            let constant = if is_index(ctx, p) {
                let facts: Vec<Fact> = args.iter().map(|a| canon(ctx, a[i], &none, 0)).collect();
                Self::same_const(&facts).map(ConstOf::Index)
            } else {
                let attrs: Vec<Option<Attribute>> =
                    args.iter().map(|a| constant_attr(ctx, a[i])).collect();
                match attrs.first() {
                    Some(&Some(a))
                        if attrs.iter().all(|&b| b == Some(a))
                            && matches!(
                                ctx.attr_kind(a),
                                AttrKind::Integer { .. } | AttrKind::Float { .. }
                            )
                            && ctx.attr_type(a) == Some(ctx.value_type(p)) =>
                    {
                        Some(ConstOf::Attr(a))
                    }
                    _ => None,
                }
            };
            let replacement = match constant {
                Some(c) => Some(Self::constant(ctx, entry, &mut consts, c)),
                None => (0..i)
                    .find(|&j| {
                        ctx.value_type(params[j]) == ctx.value_type(p)
                            && args.iter().all(|a| {
                                a[i] == a[j]
                                    || (is_index(ctx, p)
                                        && canon(ctx, a[i], &none, 0) == canon(ctx, a[j], &none, 0))
                            })
                    })
                    .map(|j| params[j]),
            };
            if let Some(v) = replacement {
                ctx.replace_all_uses_with(p, v);
                self.num_kernel_args.add(1);
            }
        }
    }

    /// The constant all `facts` are, if any.
    fn same_const(facts: &[Fact]) -> Option<i64> {
        match facts.first() {
            Some(&Fact::Const(c)) if facts.iter().all(|&f| f == Fact::Const(c)) => Some(c),
            _ => None,
        }
    }

    /// An `arith.constant` at the start of the kernel's entry block (one per value).
    fn constant(
        ctx: &mut Context,
        entry: BlockId,
        consts: &mut FxHashMap<Attribute, Value>,
        c: ConstOf,
    ) -> Value {
        let attr = match c {
            ConstOf::Attr(a) => a,
            ConstOf::Index(v) => {
                let t = ctx.index_type();
                ctx.int_attr(t, v)
            }
        };
        if let Some(&v) = consts.get(&attr) {
            return v;
        }
        let loc = ctx.unknown_loc();
        let mut b = Builder::new(ctx, InsertPoint::BlockStart(entry), loc);
        let v = tail_builtin::arith::build_constant(&mut b, attr);
        consts.insert(attr, v);
        v
    }
}

/// The values a host loop carries: position `i` starts as `inits[i]`, is `carried[i]` in
/// the loop and `yields[i]` at the end of an iteration. For `scf.while`, the condition
/// forwards `forwarded[j]` to the after region's argument `forwarded_args[j]` and to
/// `results[j]`; for `scf.for`, `results[i]` is position `i`'s final value.
struct CarriedLoop {
    is_while: bool,
    inits: Vec<Value>,
    carried: Vec<Value>,
    yields: Vec<Value>,
    forwarded: Vec<Value>,
    forwarded_args: Vec<Value>,
    results: Vec<Value>,
}

impl CarriedLoop {
    /// The carried values of the `scf.for` or `scf.while` `op`, if it is well formed.
    fn of(ctx: &Context, op: OpId) -> Option<CarriedLoop> {
        let block = |r: usize| ctx.entry_block(ctx.region(op, r));
        let terminator = |b: BlockId, name: &str| ctx.last_op(b).filter(|&t| ctx.op_is(t, name));
        let results = ctx.results(op).to_vec();
        let lp = if ctx.op_is(op, "scf.for") {
            let body = block(0)?;
            let term = terminator(body, "scf.yield")?;
            let inits = ctx.operand_vec(op).get(3..)?.to_vec();
            CarriedLoop {
                is_while: false,
                carried: ctx.block_args(body).get(1..)?.to_vec(),
                yields: ctx.operand_vec(term),
                forwarded: Vec::new(),
                forwarded_args: Vec::new(),
                inits,
                results,
            }
        } else {
            let (before, after) = (block(0)?, block(1)?);
            let cond = terminator(before, "scf.condition")?;
            let yields = ctx.operand_vec(terminator(after, "scf.yield")?);
            let forwarded = ctx.operand_vec(cond).get(1..)?.to_vec();
            let forwarded_args = ctx.block_args(after).to_vec();
            if forwarded.len() != forwarded_args.len() || forwarded.len() != results.len() {
                return None;
            }
            CarriedLoop {
                is_while: true,
                inits: ctx.operand_vec(op),
                carried: ctx.block_args(before).to_vec(),
                yields,
                forwarded,
                forwarded_args,
                results,
            }
        };
        let n = lp.inits.len();
        let ok =
            lp.carried.len() == n && lp.yields.len() == n && (lp.is_while || lp.results.len() == n);
        ok.then_some(lp)
    }
}

/// A constant to materialize in a kernel.
#[derive(Clone, Copy)]
enum ConstOf {
    /// An `index` constant.
    Index(i64),
    /// A constant attribute (integer or float of the argument's type).
    Attr(Attribute),
}
