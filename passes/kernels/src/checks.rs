//! `soac-runtime-checks`: the run-time checks of the `soac` level that kernel extraction would
//! drop, made explicit on the host as calls of runtime functions.
//!
//! **Extents.** The `soac` level checks that a SOAC's inputs have equal outer extents when it
//! runs (the interpreter reports `extent mismatch`); a kernel instead iterates over the first
//! input's extent and would read past the end of a shorter input. So before
//! `convert-soac-to-hpar`, every top-level (host) `soac.map`,
//! `soac.redomap` and `soac.scanomap` (in a function's body or in the body of a `soac.loop`,
//! a host loop) with several inputs gets, for each input `k ≥ 1` whose
//! outer extent is not known to equal input 0's,
//!
//! ```mlir
//! %e0 = soac.dim %in0, 0 : tensor<?xi32>
//! %ek = soac.dim %ink, 0 : tensor<?xi32>
//! func.call @tail_rt_check_extents(%e0, %ek, %k, %line, %col) : (index, index, i64, i32, i32) -> ()
//! ```
//!
//! (`line`/`col`: the SOAC's source location, 0 when it has none). The runtime function
//! (`runtime/rt`, and the interpreter for the levels it runs) ends the program with
//! `prog.apl:<line>:<col>: error: extent mismatch: input #0 has 3 rows but input #1 has 2` and
//! the source line when the extents differ (docs/RUNTIME.md).
//!
//! **Extents in lambdas.** A nested `soac.map`/`redomap`/`scanomap`/`filter` whose inputs'
//! outer extents are computed in the lambda (`{+/ (⍳⍵) × v}¨`, a compression in a dfn) gets
//! the same call in the lambda, right before it, for each input `k ≥ 1` not known to agree
//! with input 0 (in a lambda yielding scalars, not under an `scf.if` that yields arrays; a
//! lambda yielding arrays must stay a plain map over rows); it stays in the kernel, as the
//! index checks in lambdas below do. A top-level `soac.filter` (a compression) gets the host
//! check too. A filter's check reads as APL's compression:
//! `@tail_rt_check_extents(%ek, %e0, -1, …)` (`tail_format::what::REPLICATE_COUNTS`), `error:
//! length mismatch: 30 counts for an axis of length 32`.
//!
//! **Indices.** A top-level `soac.index %a[%i, …]` (an element or row read on the host, which
//! becomes a load from a copy of a device buffer) gets `func.call @tail_rt_check_index(%i,
//! %extent, %axis, %origin, %line, %col)` per index that is not a constant within a static
//! extent: `prog.apl:4:7: error: index 4 is out of bounds for axis 1 of extent 3`. The
//! message counts the index and the axis from the option `index-origin` (`tail-to-gpu` sets
//! 1: APL's `v[4]` is `soac.index %v[3]`), the check itself from 0. A top-level
//! `soac.update` (an indexed assignment, `v[4] ← 7`) gets the same checks of its indices, in a
//! lambda too (`{v ← ⍳ 5 ⋄ v[⍵] ← 0 ⋄ +/ v}¨`, checked in the kernel like the reads below).
//!
//! **Inner extents.** Inside a host SOAC, a nested `soac.map`/`redomap`/`scanomap` zips rows:
//! an input that is a row of a host array `x` at depth `d` (an argument of the map lambdas
//! around it) has extent `soac.dim %x, d`, one defined outside the host SOAC its outer extent.
//! Before the host SOAC, each such input `k ≥ 1` gets the same `@tail_rt_check_extents`
//! against input 0 (located at the nested SOAC) unless both are the same extent of the same
//! array or equal static extents: `(3 4⍴⍳12)+3 5⍴⍳15` stops with
//! `prog.apl:3:8: error: extent mismatch: input #0 has 4 rows but input #1 has 5`, as the interpreter
//! stops at the `zipWith` (even when there are no rows to zip).
//!
//! **Indices in kernels.** A `soac.index` inside a SOAC's lambda, of a host array (`{A[⍵]}¨`,
//! `{+/ m[;⍵]}¨`) or of an array the lambda made (`{(⍳ ⍵)[⍵ + 1]}¨`), gets the same call,
//! inside the lambda (one that folds away where the extent turns out constant, as a loop
//! state's `⍵[1]` does once the loop is in registers): `convert-hpar-to-gpu` keeps it in the kernel and
//! defines `tail_rt_check_index` in the `gpu.module`: a failing thread records the failure in
//! the module's `__tail_fault` global and ends, and the CUDA runtime reports it, with the
//! program's position, when it waits for the kernels; `convert-gpu-to-cpu` drops that
//! definition and the record, so kernels on the CPU call the runtime's
//! function and stop with the same message as a host read. Not checked: an index inside an
//! `scf.if` that yields arrays (a thread computes both branches' index functions and selects
//! per element, so the branch not taken must not fail).

use tail_builtin::func::{CallOp, FuncOp};
use tail_fusion::simplify::{known_extent, known_extent_value};
use tail_ir::pass::{pass, AnalysisManager, PassResult, PassRun, Statistic};
use tail_ir::{Builder, Context, InsertPoint, OpId, Type, TypeKind, Value, DYNAMIC};

/// The runtime function of the extent checks.
pub const CHECK_EXTENTS: &str = "tail_rt_check_extents";
/// The runtime function of the index checks.
pub const CHECK_INDEX: &str = "tail_rt_check_index";
/// The runtime function of the `iota` count checks, `(n : i64, line : i32, col : i32)`, which
/// `convert-tail-to-soac` emits where a count is not a known non-negative constant (on the
/// host and in lambdas).
pub const CHECK_COUNT: &str = "tail_rt_check_count";
/// The runtime function of the checks that an extent fits in the 32-bit int `⍴` gives,
/// `(n : i64, line : i32, col : i32)`, which `convert-tail-to-soac` emits for an extent not
/// known to fit.
pub const CHECK_EXTENT32: &str = "tail_rt_check_extent32";

/// Check at run time what the `soac` level checks and kernels would not: equal outer extents
/// of the inputs of host-level maps, reductions and scans; indices read on the host.
#[pass(
    argument = "soac-runtime-checks",
    summary = "Insert run-time checks (tail_rt_check_extents, tail_rt_check_index) of the inputs' extents of top-level soac.map/redomap/scanomap and of soac.index and soac.update indices (on the host and in lambdas)",
    anchor = "builtin.module",
    name = "SoacRuntimeChecks"
)]
pub struct SoacRuntimeChecks {
    #[option(
        name = "index-origin",
        default = 0,
        description = "What the messages of failed index checks count indices and axes from: 1 for code lowered from the tail level (APL, TAIL), 0 for the soac level's own"
    )]
    index_origin: usize,
    #[statistic(name = "num-checks", description = "Number of checks inserted")]
    num_checks: Statistic,
}

/// The parameters of the runtime check `name`: `(index, index, i64, i32, i32)` for the extent
/// check, `(index, index, i64, i32, i32, i32)` (with the origin) for the index check,
/// `(i64, i32, i32)` for the checks of one value (an `iota` count, an extent `⍴` gives).
pub fn check_params(ctx: &mut Context, name: &str) -> Vec<Type> {
    let idx = ctx.index_type();
    let i64t = ctx.int_type(64);
    let i32t = ctx.int_type(32);
    if name == CHECK_COUNT || name == CHECK_EXTENT32 {
        return vec![i64t, i32t, i32t];
    }
    let mut params = vec![idx, idx, i64t, i32t, i32t];
    if name == CHECK_INDEX {
        params.push(i32t);
    }
    params
}

/// Whether the runtime check `name` fails for its arguments `args` ([`check_params`]), built
/// at `b`'s insertion point: `index ≥ extent` (unsigned, so a negative index fails too) for
/// the index check, `e0 ≠ ek` for the extent check, `n < 0` for the count check and
/// `n > 2³¹ − 1` for the 32-bit extent check. The device's definitions of the checks
/// (`convert-hpar-to-gpu`) branch on it, and so do the calls of the runtime's functions from
/// host code (`convert-gpu-to-cpu`), which then run only when the check fails.
pub fn check_fails(b: &mut Builder<'_>, name: &str, args: &[Value]) -> Value {
    use tail_builtin::arith::{build_cmpi, build_constant_int, CmpIPredicate};
    let i64t = b.int_type(64);
    match name {
        CHECK_INDEX => build_cmpi(b, CmpIPredicate::Uge, args[0], args[1]),
        CHECK_EXTENTS => build_cmpi(b, CmpIPredicate::Ne, args[0], args[1]),
        CHECK_COUNT => {
            let zero = build_constant_int(b, i64t, 0);
            build_cmpi(b, CmpIPredicate::Slt, args[0], zero)
        }
        _ => {
            debug_assert_eq!(name, CHECK_EXTENT32);
            let max = build_constant_int(b, i64t, i32::MAX as i64);
            build_cmpi(b, CmpIPredicate::Sgt, args[0], max)
        }
    }
}

/// Declares the runtime check `name` ([`check_params`]) unless it exists.
fn declare_check(b: &mut Builder<'_>, module: OpId, name: &str) {
    let params = check_params(b.ctx, name);
    let fty = b.function_type(params, vec![]);
    FuncOp::declare_once(b, module, name, fty);
}

/// Whether `op` or one of its ancestors satisfies `pred` (`false` for `None`).
fn inside(ctx: &Context, op: Option<OpId>, pred: impl Fn(&Context, OpId) -> bool) -> bool {
    let mut p = op;
    while let Some(q) = p {
        if pred(ctx, q) {
            return true;
        }
        p = ctx.op_parent_op(q);
    }
    false
}

/// `(line, col)` of an op's location as a check reports it (the line naming the file of a
/// program read from several: `tail_dialect::source::check_position`), `(0, 0)` without one.
pub fn line_col(ctx: &Context, op: OpId) -> (i64, i64) {
    tail_dialect::source::check_position(ctx, op)
}

/// The array whose extent `v`'s outer extent is: through the maps that produced it (a map's
/// results have its first input's extent).
fn extent_source(ctx: &Context, mut v: Value) -> Value {
    for _ in 0..64 {
        match ctx.defining_op(v) {
            Some(d) if ctx.op_is(d, "soac.map") && ctx.num_operands(d) > 0 => {
                v = ctx.operand(d, 0);
            }
            _ => break,
        }
    }
    v
}

/// The inputs of a host SOAC that must agree in extent.
fn soac_inputs(ctx: &Context, op: OpId) -> Option<Vec<Value>> {
    match ctx.op_name_str(op) {
        "soac.map" | "soac.filter" => Some(ctx.operand_vec(op)),
        "soac.redomap" => {
            tail_soac::ops::parallel::RedomapOp::from_op(ctx, op).map(|r| r.inputs(ctx).to_vec())
        }
        "soac.scanomap" => {
            tail_soac::ops::parallel::ScanomapOp::from_op(ctx, op).map(|r| r.inputs(ctx).to_vec())
        }
        _ => None,
    }
}

/// The inputs of a SOAC with a map lambda and that lambda's block, whose arguments are the
/// inputs' rows.
fn soac_lambda(ctx: &Context, op: OpId) -> Option<(Vec<Value>, tail_ir::BlockId)> {
    let inputs = soac_inputs(ctx, op)?;
    let region = if ctx.op_is(op, "soac.map") { 0 } else { 1 };
    let blk = ctx.entry_block(*ctx.regions(op).get(region)?)?;
    (ctx.block_args(blk).len() == inputs.len()).then_some((inputs, blk))
}

/// Extent `axis` of a host array: `(array, axis)`.
type Extent = (Value, usize);

/// The extent `axis` of a host array, when static.
fn static_extent(ctx: &Context, x: Value, axis: usize) -> Option<i64> {
    match ctx.type_kind(ctx.value_type(x)) {
        TypeKind::RankedTensor { shape, .. } | TypeKind::MemRef { shape, .. } => {
            shape.get(axis).copied().filter(|&d| d != DYNAMIC)
        }
        _ => None,
    }
}

/// Whether arrays `x` and `y` (in a lambda) have the same outer extent as far as can be seen:
/// the same array, equal static extents, or the results of maps of the same array.
fn same_outer_extent(ctx: &Context, x: Value, y: Value) -> bool {
    let (sx, sy) = (static_extent(ctx, x, 0), static_extent(ctx, y, 0));
    x == y || (sx.is_some() && sx == sy) || extent_source(ctx, x) == extent_source(ctx, y)
}

/// The rank of an array type.
fn rank(ctx: &Context, x: Value) -> usize {
    match ctx.type_kind(ctx.value_type(x)) {
        TypeKind::RankedTensor { shape, .. } | TypeKind::MemRef { shape, .. } => shape.len(),
        _ => 0,
    }
}

impl PassRun for SoacRuntimeChecks {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        module: OpId,
        _am: &mut AnalysisManager,
    ) -> PassResult {
        // One walk: the index reads and host-level SOACs, in order. An index read on the host
        // is checked there; one of a host array inside a SOAC's lambda (`{A[⍵]}¨`) in the
        // kernel, unless it is inside an `scf.if` that yields arrays: a thread computes both
        // of its branches (index functions, selected per element), so a check there would
        // run for the branch not taken.
        // A SOAC's lambda is kernel code; the body of a `soac.loop` (a host loop) is not.
        let soac = |ctx: &Context, q: OpId| {
            let n = ctx.op_name_str(q);
            n.starts_with("soac.") && n != "soac.loop"
        };
        let array_if = |ctx: &Context, q: OpId| {
            ctx.op_is(q, "scf.if")
                && ctx.results(q).iter().any(|&r| {
                    matches!(
                        ctx.type_kind(ctx.value_type(r)),
                        TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. }
                    )
                })
        };
        let (mut indexes, mut inner, mut ops) = (Vec::new(), Vec::new(), Vec::new());
        // The callees of the calls already there (the checks `convert-tail-to-soac` emitted
        // and `soac-simplify` kept).
        let mut called = rustc_hash::FxHashSet::default();
        for o in ctx.walk_preorder(module) {
            let name = ctx.op_name_str(o);
            if name == "func.call" {
                if let Some(c) = ctx
                    .attr(o, "callee")
                    .and_then(|a| ctx.attr_as_symbol_ref(a))
                {
                    called.insert(c.to_string());
                }
                continue;
            }
            if !matches!(
                name,
                "soac.index"
                    | "soac.update"
                    | "soac.map"
                    | "soac.redomap"
                    | "soac.scanomap"
                    | "soac.filter"
            ) {
                continue;
            }
            let on_host = !inside(ctx, ctx.op_parent_op(o), soac);
            match name {
                "soac.index" | "soac.update" if on_host => indexes.push(o),
                // An element or row read in a lambda, of a host array or of one the lambda
                // made (`{(⍳ ⍵)[⍵ + 1]}¨`).
                "soac.index" if !inside(ctx, ctx.op_parent_op(o), array_if) => inner.push(o),
                // An indexed assignment in a lambda (`{v[⍵] ← 0 ⋄ …}¨`) updates the
                // thread's own copy: checked like an inner read.
                "soac.update" if !inside(ctx, ctx.op_parent_op(o), array_if) => inner.push(o),
                "soac.map" | "soac.redomap" | "soac.scanomap" | "soac.filter" if on_host => {
                    ops.push(o)
                }
                _ => {}
            }
        }
        // Before any check is inserted: each inserted one declares its function again.
        drop_unused_declarations(ctx, module, &called);
        for op in indexes {
            self.check_index(ctx, module, op);
        }
        for op in inner {
            self.check_index(ctx, module, op);
        }
        for &op in &ops {
            let Some(inputs) = soac_inputs(ctx, op) else {
                continue;
            };
            if inputs.len() < 2 {
                continue;
            }
            let (line, col) = line_col(ctx, op);
            let first = inputs[0];
            let first_static = static_extent(ctx, first, 0);
            let first_src = extent_source(ctx, first);
            for (k, &x) in inputs.iter().enumerate().skip(1) {
                let xs = static_extent(ctx, x, 0);
                if xs.is_some() && xs == first_static {
                    continue;
                }
                if extent_source(ctx, x) == first_src {
                    continue;
                }
                let loc = ctx.op_loc(op);
                let filter = ctx.op_is(op, "soac.filter");
                let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
                if extent_check(
                    &mut b,
                    module,
                    ((first, 0), (x, 0)),
                    (k, filter),
                    (line, col),
                ) {
                    self.num_checks.add(1);
                }
            }
        }
        for op in ops {
            self.check_inner(ctx, module, op, &array_if);
        }
        Ok(())
    }
}

/// Erases the declarations of the run-time checks that no call uses (the callees of the
/// module's calls: `called`); `convert-tail-to-soac` declares the checks it emits, and
/// `soac-simplify` may then drop all calls of one (a constant count, one extent against
/// itself).
fn drop_unused_declarations(
    ctx: &mut Context,
    module: OpId,
    called: &rustc_hash::FxHashSet<String>,
) {
    for name in [CHECK_EXTENTS, CHECK_INDEX, CHECK_COUNT, CHECK_EXTENT32] {
        let Some(f) = tail_ir::symbol::lookup_symbol_in(ctx, module, name) else {
            continue;
        };
        if !called.contains(name) && FuncOp::from_op(ctx, f).is_some_and(|f| f.is_declaration(ctx))
        {
            ctx.erase_op(f);
        }
    }
}

impl SoacRuntimeChecks {
    /// The checks of the inner extents of the SOACs nested in the host SOAC `top`: on the
    /// host for inputs that are rows of host arrays, else in the lambda, before the nested
    /// SOAC (not under an `scf.if` that yields arrays: `array_if`).
    fn check_inner(
        &mut self,
        ctx: &mut Context,
        module: OpId,
        top: OpId,
        array_if: &dyn Fn(&Context, OpId) -> bool,
    ) {
        // Rows of host arrays: a lambda argument → (host array, the axis of its extent).
        let mut origin: rustc_hash::FxHashMap<Value, Extent> = Default::default();
        // (nested SOAC, extent of its input 0, extent of its input k, k).
        let mut pairs: Vec<(OpId, Extent, Extent, usize)> = Vec::new();
        // (nested SOAC, its input 0, its input k, k): extents computed in the lambda.
        let mut local: Vec<(OpId, Value, Value, usize)> = Vec::new();
        for s in ctx.walk_preorder(top) {
            if s != top && ctx.op_is(s, "soac.filter") && ctx.num_operands(s) > 1 {
                let ins = ctx.operand_vec(s);
                for (k, &x) in ins.iter().enumerate().skip(1) {
                    if !same_outer_extent(ctx, ins[0], x) {
                        local.push((s, ins[0], x, k));
                    }
                }
                continue;
            }
            let Some((ins, blk)) = soac_lambda(ctx, s) else {
                continue;
            };
            // (A map's result in the lambda has its first input's extent.)
            let exts: Vec<Option<Extent>> = ins
                .iter()
                .map(|&v| {
                    if s == top || tail_builtin::util::is_defined_outside(ctx, v, top) {
                        Some((v, 0))
                    } else {
                        origin.get(&extent_source(ctx, v)).copied()
                    }
                })
                .collect();
            if s != top {
                for (k, e) in exts.iter().enumerate().skip(1) {
                    if (exts[0].is_none() || e.is_none()) && !same_outer_extent(ctx, ins[0], ins[k])
                    {
                        local.push((s, ins[0], ins[k], k));
                    }
                }
                if let Some(&Some(e0)) = exts.first() {
                    for (k, e) in exts.iter().enumerate().skip(1) {
                        let Some(e) = *e else { continue };
                        let statics =
                            (static_extent(ctx, e0.0, e0.1), static_extent(ctx, e.0, e.1));
                        let equal = matches!(statics, (Some(a), Some(b)) if a == b);
                        if e != e0 && !equal && !pairs.iter().any(|p| p.1 == e0 && p.2 == e) {
                            pairs.push((s, e0, e, k));
                        }
                    }
                }
            }
            let args = ctx.block_args(blk).to_vec();
            for (&a, e) in args.iter().zip(&exts) {
                if let Some((x, axis)) = *e {
                    if axis + 1 < rank(ctx, x) {
                        origin.insert(a, (x, axis + 1));
                    }
                }
            }
        }
        for (s, e0, ek, k) in pairs {
            let at = line_col(ctx, s);
            let loc = ctx.op_loc(s);
            let mut b = Builder::new(ctx, InsertPoint::Before(top), loc);
            if extent_check(&mut b, module, (e0, ek), (k, false), at) {
                self.num_checks.add(1);
            }
        }
        for (s, x0, xk, k) in local {
            // Not under an `scf.if` choosing arrays, and only in a lambda that yields scalars
            // (one run sequentially in a thread): a lambda yielding arrays must stay a plain
            // map over rows for its kernel.
            let yields_arrays = ctx
                .op_parent_block(s)
                .and_then(|blk| ctx.last_op(blk))
                .is_none_or(|t| ctx.operands(t).any(|v| rank(ctx, v) > 0));
            if yields_arrays || inside(ctx, ctx.op_parent_op(s), array_if) {
                continue;
            }
            let at = line_col(ctx, s);
            let loc = ctx.op_loc(s);
            let filter = ctx.op_is(s, "soac.filter");
            let mut b = Builder::new(ctx, InsertPoint::Before(s), loc);
            if extent_check(&mut b, module, ((x0, 0), (xk, 0)), (k, filter), at) {
                self.num_checks.add(1);
            }
        }
    }

    /// The checks of the indices of `soac.index` `op` (or of `soac.update` `op`, whose
    /// indices follow the value and the array).
    fn check_index(&mut self, ctx: &mut Context, module: OpId, op: OpId) {
        let at = usize::from(ctx.op_is(op, "soac.update"));
        let src = ctx.operand(op, at);
        let shape = match ctx.type_kind(ctx.value_type(src)) {
            TypeKind::RankedTensor { shape, .. } | TypeKind::MemRef { shape, .. } => shape.clone(),
            _ => return,
        };
        let (line, col) = line_col(ctx, op);
        // The message names the axis of the array the program indexes: through a transpose
        // (`m[2;n]` indexes a view with axis 2 first), that axis of its source.
        let perm = ctx
            .defining_op(src)
            .and_then(|d| tail_soac::ops::view::TransposeOp::from_op(ctx, d))
            .map(|t| t.perm(ctx));
        for (axis, i) in ctx.operand_vec(op).into_iter().skip(at + 1).enumerate() {
            let known = tail_builtin::util::constant_int(ctx, i);
            let ext = shape.get(axis).copied().filter(|&d| d != DYNAMIC);
            if let (Some(i), Some(n)) = (known, ext) {
                if (0..n).contains(&i) {
                    continue;
                }
            }
            let loc = ctx.op_loc(op);
            let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
            let idx = b.index_type();
            let i64t = b.int_type(64);
            let i32t = b.int_type(32);
            let n = dim_at(&mut b, src, axis as i64, idx);
            let shown = perm.as_ref().and_then(|p| p.get(axis).copied());
            let av =
                tail_builtin::arith::build_constant_int(&mut b, i64t, shown.unwrap_or(axis as i64));
            let origin = self.index_origin as i64;
            let ov = tail_builtin::arith::build_constant_int(&mut b, i32t, origin);
            let lv = tail_builtin::arith::build_constant_int(&mut b, i32t, line);
            let cv = tail_builtin::arith::build_constant_int(&mut b, i32t, col);
            let iv = if b.value_type(i) == idx {
                i
            } else {
                tail_builtin::arith::build_unary(&mut b, "arith.index_cast", i, idx)
            };
            declare_check(&mut b, module, CHECK_INDEX);
            CallOp::create(&mut b, CHECK_INDEX, &[iv, n, av, ov, lv, cv], &[]);
            self.num_checks.add(1);
        }
    }
}

/// `func.call @tail_rt_check_extents(dim(x0, a0), dim(xk, ak), k, line, col)`: extent `a0`
/// of `x0` against extent `ak` of `xk` (input `k` of the SOAC at `line:col`). For a
/// `soac.filter` (`filter`), whose input 0 is the flags of a compression, the check reads as
/// the interpreter's of APL's compression: `(dim(xk, ak), dim(x0, a0),
/// tail_format::what::REPLICATE_COUNTS)`, "30 counts for an axis of length 32".
fn extent_check(
    b: &mut Builder<'_>,
    module: OpId,
    ((x0, a0), (xk, ak)): (Extent, Extent),
    (k, filter): (usize, bool),
    (line, col): (i64, i64),
) -> bool {
    if checked_before(b, (x0, a0), (xk, ak)) {
        return false;
    }
    let idx = b.index_type();
    let e0 = dim_at(b, x0, a0 as i64, idx);
    let ek = dim_at(b, xk, ak as i64, idx);
    let (e0, ek, what) = if filter {
        (ek, e0, tail_format::what::REPLICATE_COUNTS)
    } else {
        (e0, ek, k as i64)
    };
    let i64t = b.int_type(64);
    let i32t = b.int_type(32);
    let kv = tail_builtin::arith::build_constant_int(b, i64t, what);
    let lv = tail_builtin::arith::build_constant_int(b, i32t, line);
    let cv = tail_builtin::arith::build_constant_int(b, i32t, col);
    declare_check(b, module, CHECK_EXTENTS);
    CallOp::create(b, CHECK_EXTENTS, &[e0, ek, kv, lv, cv], &[]);
    true
}

/// Whether a `tail_rt_check_extents` before `b`'s insertion point in its block already
/// compares the two extents (`convert-tail-to-soac` checks the shapes of every zip where it
/// lowers it, and simplification may have read its extents off their arrays' definitions).
fn checked_before(b: &Builder<'_>, e0: Extent, ek: Extent) -> bool {
    let ctx = &*b.ctx;
    let InsertPoint::Before(at) = b.insertion_point() else {
        return false;
    };
    let Some(block) = ctx.op_parent_block(at) else {
        return false;
    };
    let known = |(x, a): Extent| {
        known_extent(ctx, x, a).unwrap_or(tail_fusion::simplify::AxisExtent::DimOf(x, a))
    };
    let want = (known(e0), known(ek));
    for o in ctx.block_op_vec(block) {
        if o == at {
            break;
        }
        let callee = ctx
            .attr(o, "callee")
            .and_then(|a| ctx.attr_as_symbol_ref(a));
        if !ctx.op_is(o, "func.call") || callee != Some(CHECK_EXTENTS) || ctx.num_operands(o) < 2 {
            continue;
        }
        let p = known_extent_value(ctx, ctx.operand(o, 0));
        let q = known_extent_value(ctx, ctx.operand(o, 1));
        if (p, q) == want || (q, p) == want {
            return true;
        }
    }
    false
}

/// `soac.dim %x, axis`.
fn dim_at(b: &mut Builder<'_>, x: Value, axis: i64, idx: Type) -> Value {
    let mut st = b.state("soac.dim");
    st.operands = vec![x];
    let i64t = b.int_type(64);
    let a = b.int_attr(i64t, axis);
    st.add_attr(b, "axis", a);
    st.result_types = vec![idx];
    let op = b.insert(st);
    b.result(op, 0)
}
