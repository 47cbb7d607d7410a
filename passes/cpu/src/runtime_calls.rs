//! From the CPU form (`tail-to-cpu`) to host IR that upstream MLIR lowers to LLVM: the two
//! passes that replace what only the tail interpreter understands by calls of the runtime
//! library (`runtime/rt`, docs/RUNTIME.md).
//!
//! **`convert-tail-io-to-rt`** replaces the `tail` ops the levels above leave on the host:
//!
//! | tail op | host IR |
//! | --- | --- |
//! | `tail.prArr{I,D,B,C}` of a cast memref | `memref.cast` to an unranked memref, `func.call @tail_rt_print_memref_{i32,i64,f64,bool,char}` |
//! | `tail.prArrX` of two cast memrefs | `func.call @tail_rt_print_memref_complex(re, im)` |
//! | `tail.prScl{I,D,B,C,X}` | `func.call @tail_rt_print_{i32,i64,f64,bool,char,complex}` |
//! | `tail.formatI`/`formatD`, `tail.readFile`/`readIntVecFile`/`readDoubleVecFile` | `%n = func.call @tail_rt_…_begin(…)`, `memref.alloc(%n)`, `func.call @tail_rt_take_{i32,f64}` |
//! | `tail.bench %n, %x { body }` | `scf.for` from 0 to `n` carrying the value |
//! | `tail.roll`, `tail.nowi` | `func.call @tail_rt_roll`, `func.call @tail_rt_nowi` |
//! | `tail.const_char` | `arith.constant` (`i32` code point) |
//! | `scf.if`/`arith.select` of chars (constants or code points) | the same of `i32` code points |
//! | `tail.eqc`, `neqc`, `ltc`, `ltec`, `gtc`, `gtec` | `arith.cmpi` of the code points |
//! | `tail.const` (a kept op folded by canonicalization) | `arith.constant` |
//! | complex scalars (`injx`, `d2x`, `addx`, `subx`, `mulx`, `negx`, `conjx`, `expx`, `rex`, `imx`, `magnx`) | pairs of `f64` computed with `arith`/`math` (`magnx` with C's `hypot`, as the interpreter) |
//!
//! `builtin.unrealized_conversion_cast` pairs that only re-type a value (memref → tail array →
//! memref) fold away. A host buffer that nothing frees (one `tail_rt_take_*` filled, a kernel
//! result only printed) is freed at the end of its block where nothing carries or returns it
//! (`free_unowned`). It then renames every function `@f` of the module to `@tail.f` (no
//! clash with C names such as `main` or `exp`) and adds **`func.func @tail_program()`**,
//! which calls the entry function (`@main` unless given) on the program's `--input` values
//! (`tail_rt_check_inputs`, `tail_rt_input_*`; vectors allocated and filled through the
//! two-call protocol below) and prints its result as the
//! interpreter prints a program's result (several results as one tuple, `(a,b)`), then
//! frees the input and result arrays (`tail_rt_release_*`, each buffer once however they
//! alias; `tail_rt_release_end`). What is left of the `tail` dialect afterwards (a
//! complex value carried through a loop, a `tail` op without a runtime form) is an error
//! located at the op.
//!
//! **`convert-parallel-to-rt`** outlines every `scf.parallel` (the grid of blocks of a
//! kernel launch) for the runtime's thread pool: its body becomes
//! `func.func private @F.parK(%start: index, %end: index, <captured values>)`, running
//! the iterations `start ≤ i < end` of the linearized iteration space (first dimension
//! fastest, as the interpreter runs them); the loop becomes
//! `func.call @F.parK.launch(%count, <captured values>)` of a declaration that the LLVM step
//! (`tail_codegen::host`) defines: it packs the captured values and calls
//! `tail_rt_parallel_for_ranges(count, trampoline, context)`. Constants are cloned into the
//! body instead of captured. Reductions (`scf.reduce` with operands) are errors.

use rustc_hash::{FxHashMap, FxHashSet};
use tail_builtin::arith::{build_binary, build_constant_float, build_constant_index, build_unary};
use tail_builtin::func::{CallOp, FuncOp, ReturnOp};
use tail_ir::pass::{pass, AnalysisManager, PassResult, PassRun, Statistic};
use tail_ir::{Builder, Context, Diagnostic, InsertPoint, OpId, Type, TypeKind, Value, ValueDef};

fn err(ctx: &Context, op: OpId, pass: &str, msg: impl std::fmt::Display) -> Diagnostic {
    tail_ir::op_error(ctx, op, format!("cannot be converted by {pass}: {msg}"))
}

const IO: &str = "convert-tail-io-to-rt";
const PAR: &str = "convert-parallel-to-rt";

/// Replace the host's `tail` I/O ops by runtime calls, rename functions to `@tail.*` and add
/// the program entry `@tail_program`.
#[pass(
    argument = "convert-tail-io-to-rt",
    summary = "Lower the host's tail I/O ops (printing, file input, formatting, roll, complex scalars) to runtime calls and add the program entry @tail_program",
    anchor = "builtin.module",
    name = "ConvertTailIoToRt"
)]
pub struct ConvertTailIoToRt {
    #[option(
        name = "entry",
        default = "main",
        description = "The function @tail_program runs"
    )]
    entry: String,
    #[statistic(name = "num-calls", description = "Number of runtime calls created")]
    num_calls: Statistic,
}

/// Outline `scf.parallel` loops for the runtime's thread pool.
#[pass(
    argument = "convert-parallel-to-rt",
    summary = "Outline scf.parallel loops into range functions launched on the runtime's thread pool (tail_rt_parallel_for_ranges)",
    anchor = "builtin.module",
    name = "ConvertParallelToRt"
)]
pub struct ConvertParallelToRt {
    #[statistic(name = "num-loops", description = "Number of parallel loops outlined")]
    num_loops: Statistic,
}

/// The module's body block.
fn module_block(ctx: &Context, module: OpId) -> Option<tail_ir::BlockId> {
    ctx.entry_block(ctx.region(module, 0))
}

fn sym_name(ctx: &Context, op: OpId) -> String {
    tail_builtin::util::str_attr(ctx, op, "sym_name")
        .unwrap_or("")
        .to_string()
}

/// Declares `func.func private @name(args) -> results` at the module's end unless it exists.
fn declare(b: &mut Builder<'_>, module: OpId, name: &str, args: &[Type], results: &[Type]) {
    let fty = b.function_type(args.to_vec(), results.to_vec());
    FuncOp::declare_once(b, module, name, fty);
}

/// `func.call @name(args)` (declared on first use); its results.
fn call(
    b: &mut Builder<'_>,
    module: OpId,
    name: &str,
    args: &[Value],
    results: &[Type],
) -> Vec<Value> {
    let tys: Vec<Type> = args.iter().map(|&a| b.value_type(a)).collect();
    declare(b, module, name, &tys, results);
    let c = CallOp::create(b, name, args, results);
    b.results(c.op()).to_vec()
}

/// The element type and rank of a memref type.
fn memref_parts(ctx: &Context, ty: Type) -> Option<(Type, usize)> {
    match ctx.type_kind(ty) {
        TypeKind::MemRef { shape, elem, .. } => Some((*elem, shape.len())),
        _ => None,
    }
}

/// `memref.cast %m : memref<…xT> to memref<*xT>`.
fn unranked(b: &mut Builder<'_>, m: Value) -> Value {
    let ty = b.value_type(m);
    let (elem, _) = memref_parts(b.ctx, ty).expect("a memref");
    let uty = b.intern_type(TypeKind::UnrankedMemRef {
        elem,
        memory_space: None,
    });
    let mut st = b.state("memref.cast");
    st.operands = vec![m];
    st.result_types = vec![uty];
    let op = b.insert(st);
    b.result(op, 0)
}

/// The runtime's name for a memref element type: `i32`, `i64` (also `index`), `f64`, `bool`.
fn elem_suffix(ctx: &Context, elem: Type) -> Option<&'static str> {
    match ctx.type_kind(elem) {
        TypeKind::Integer { width: 32, .. } => Some("i32"),
        TypeKind::Integer { width: 64, .. } | TypeKind::Index => Some("i64"),
        TypeKind::Integer { width: 1, .. } => Some("bool"),
        TypeKind::Float(tail_ir::FloatKind::F64) => Some("f64"),
        _ => None,
    }
}

/// The operands of the `builtin.unrealized_conversion_cast` that defines `v`.
fn cast_sources(ctx: &Context, v: Value) -> Option<Vec<Value>> {
    let d = ctx.defining_op(v)?;
    ctx.op_is(d, "builtin.unrealized_conversion_cast")
        .then(|| ctx.operand_vec(d))
}

/// `builtin.unrealized_conversion_cast %vs to ty`.
fn cast_to(b: &mut Builder<'_>, vs: &[Value], ty: Type) -> Value {
    let mut st = b.state("builtin.unrealized_conversion_cast");
    st.operands = vs.to_vec();
    st.result_types = vec![ty];
    let op = b.insert(st);
    b.result(op, 0)
}

impl PassRun for ConvertTailIoToRt {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        module: OpId,
        _am: &mut AnalysisManager,
    ) -> PassResult {
        let Some(mblock) = module_block(ctx, module) else {
            return Ok(());
        };
        // `tail.bench` loops first (innermost first), so the ops of their bodies are converted
        // where they end up.
        let benches: Vec<OpId> = ctx
            .walk_postorder(module)
            .into_iter()
            .filter(|&o| ctx.op_is(o, "tail.bench"))
            .collect();
        for op in benches {
            bench_loop(ctx, op)?;
            self.num_calls.add(1);
        }
        choose_code_points(ctx, module);
        let mut complex: FxHashMap<Value, (Value, Value)> = FxHashMap::default();
        let ops: Vec<OpId> = ctx
            .walk_preorder(module)
            .into_iter()
            .filter(|&o| ctx.op_name_str(o).starts_with("tail."))
            .collect();
        for op in ops {
            self.convert(ctx, module, op, &mut complex)?;
        }
        fold_casts(ctx, module);
        free_printed_copies(ctx, module);
        free_unowned(ctx, module);
        // Whatever still has a tail type or is a tail op has no runtime form.
        for o in ctx.walk_preorder(module) {
            let name = ctx.op_name_str(o);
            let tail_typed = ctx
                .results(o)
                .iter()
                .chain(ctx.operand_vec(o).iter())
                .any(|&v| is_tail_type(ctx, ctx.value_type(v)));
            if name.starts_with("tail.") || (tail_typed && name != "func.func") {
                return Err(err(
                    ctx,
                    o,
                    IO,
                    "this value has no form in compiled host code (a tail value that is not printed, read or computed on the host)",
                )
                .into());
            }
        }
        // Rename the module's functions (`@f` → `@tail.f`) and their calls.
        let funcs: Vec<OpId> = ctx
            .block_op_vec(mblock)
            .into_iter()
            .filter(|&o| ctx.op_is(o, "func.func"))
            .filter(|&o| !FuncOp::from_op(ctx, o).is_some_and(|f| f.is_declaration(ctx)))
            .collect();
        let mut renamed: FxHashMap<String, String> = FxHashMap::default();
        for &f in &funcs {
            let old = sym_name(ctx, f);
            let new = format!("tail.{old}");
            let a = ctx.string_attr(&new);
            ctx.set_attr(f, "sym_name", a);
            renamed.insert(old, new);
        }
        for o in ctx.walk_preorder(module) {
            if !ctx.op_is(o, "func.call") && !ctx.op_is(o, "func.constant") {
                continue;
            }
            let key = if ctx.op_is(o, "func.call") {
                "callee"
            } else {
                "value"
            };
            let callee = ctx.attr(o, key).and_then(|a| ctx.attr_as_symbol_ref(a));
            if let Some(new) = callee.and_then(|c| renamed.get(c)).cloned() {
                let a = ctx.symbol_ref_attr(&new);
                ctx.set_attr(o, key, a);
            }
        }
        self.add_entry(ctx, module, &renamed)
    }
}

/// The `i32` code point of char `v`, built at `b`'s insertion point: a constant's, or the
/// code point a cast made a char of.
fn code_point(b: &mut Builder<'_>, v: Value) -> Option<Value> {
    if let Some(d) = b.defining_op(v) {
        if b.op_is(d, "tail.const_char") {
            let c = b.attr(d, "value").and_then(|a| b.attr_as_int(a))?;
            let i32t = b.int_type(32);
            return Some(tail_builtin::arith::build_constant_int(b, i32t, c));
        }
    }
    match cast_sources(b.ctx, v).as_deref() {
        Some([s]) if b.int_width(b.value_type(*s)) == Some(32) => Some(*s),
        _ => None,
    }
}

/// Whether [`code_point`] finds the code point of char `v`.
fn known_code(ctx: &Context, v: Value) -> bool {
    ctx.defining_op(v).is_some_and(|d| {
        ctx.op_is(d, "tail.const_char")
            && ctx
                .attr(d, "value")
                .and_then(|a| ctx.attr_as_int(a))
                .is_some()
    }) || cast_sources(ctx, v)
        .as_deref()
        .is_some_and(|s| s.len() == 1 && ctx.int_width(ctx.value_type(s[0])) == Some(32))
}

/// Chars chosen on the host (`⊃ C` of a file's text: its first character, or a blank where
/// the text is empty) as code points: an `scf.if` result or an `arith.select` of chars whose
/// alternatives are constants or code points becomes the `i32` code point, cast to a char
/// for its uses (innermost first, so a choice of choices is one too). A char that is neither
/// stays, and the op that reads it reports it.
fn choose_code_points(ctx: &mut Context, module: OpId) {
    let char_ty = |ctx: &Context, v: Value| {
        tail_dialect::types::CharType::from_type(ctx, ctx.value_type(v)).is_some()
    };
    // The host functions (not the kernels of a `gpu.module`).
    let Some(mblock) = module_block(ctx, module) else {
        return;
    };
    let funcs: Vec<OpId> = ctx
        .block_op_vec(mblock)
        .into_iter()
        .filter(|&f| ctx.op_is(f, "func.func"))
        .collect();
    let ops: Vec<OpId> = funcs
        .into_iter()
        .flat_map(|f| ctx.walk_postorder(f))
        .collect();
    for o in ops {
        if !ctx.op_exists(o) {
            continue;
        }
        let loc = ctx.op_loc(o);
        if ctx.op_is(o, "scf.if") {
            let yields: Vec<OpId> = ctx
                .regions(o)
                .to_vec()
                .into_iter()
                .filter_map(|r| ctx.region_blocks(r).first().copied())
                .filter_map(|blk| ctx.last_op(blk))
                .collect();
            if yields.len() != 2 {
                continue;
            }
            for (k, r) in ctx.results(o).to_vec().into_iter().enumerate() {
                if !char_ty(ctx, r) {
                    continue;
                }
                if !yields.iter().all(|&y| known_code(ctx, ctx.operand(y, k))) {
                    continue;
                }
                for &y in &yields {
                    let v = ctx.operand(y, k);
                    let mut b = Builder::new(ctx, InsertPoint::Before(y), loc);
                    let c = code_point(&mut b, v).expect("checked above");
                    ctx.set_operand(y, k, c);
                }
                let i32t = ctx.int_type(32);
                let char_t = ctx.value_type(r);
                ctx.set_value_type(r, i32t);
                let mut b = Builder::new(ctx, InsertPoint::After(o), loc);
                let back = cast_to(&mut b, &[r], char_t);
                let cast = ctx.defining_op(back).expect("a cast");
                ctx.replace_uses_where(r, back, |_, u| u.op != cast);
            }
        } else if ctx.op_is(o, "arith.select") && char_ty(ctx, ctx.result(o, 0)) {
            let r = ctx.result(o, 0);
            let (c, x, y) = (ctx.operand(o, 0), ctx.operand(o, 1), ctx.operand(o, 2));
            if !(known_code(ctx, x) && known_code(ctx, y)) {
                continue;
            }
            let char_t = ctx.value_type(r);
            let mut b = Builder::new(ctx, InsertPoint::Before(o), loc);
            let x = code_point(&mut b, x).expect("checked above");
            let y = code_point(&mut b, y).expect("checked above");
            let sel = tail_builtin::arith::build_select(&mut b, c, x, y);
            let back = cast_to(&mut b, &[sel], char_t);
            ctx.replace_all_uses_with(r, back);
            ctx.erase_op(o);
        }
    }
}

/// `tail.bench %n, %x { body }` (apply the body `n` times, starting from `x`) → `scf.for` from
/// 0 to `n` carrying the value.
fn bench_loop(ctx: &mut Context, op: OpId) -> PassResult {
    let ops = ctx.operand_vec(op);
    let body = ctx.entry_block(ctx.region(op, 0));
    let (Some(body), [n, x]) = (body, ops.as_slice()) else {
        return Err(err(ctx, op, IO, "expects a count, an initial value and a body").into());
    };
    let (n, x) = (*n, *x);
    let mut b = Builder::before(ctx, op);
    let idx = b.index_type();
    let zero = build_constant_index(&mut b, 0);
    let one = build_constant_index(&mut b, 1);
    let count = if b.value_type(n) == idx {
        n
    } else {
        build_unary(&mut b, "arith.index_cast", n, idx)
    };
    let (for_op, lbody) = tail_builtin::scf::ForOp::create(&mut b, zero, count, one, &[x]);
    let mut map: FxHashMap<Value, Value> = FxHashMap::default();
    let arg = b.block_args(body)[0];
    map.insert(arg, b.block_args(lbody)[1]);
    for o in b.block_op_vec(body) {
        if b.op_is(o, "tail.yield") {
            let vals: Vec<Value> = b
                .operand_vec(o)
                .iter()
                .map(|v| *map.get(v).unwrap_or(v))
                .collect();
            b.set_insertion_point(InsertPoint::BlockEnd(lbody));
            tail_builtin::scf::YieldOp::create(&mut b, &vals);
            continue;
        }
        let cl = b.clone_op(o, &mut map);
        b.insert_op(cl, InsertPoint::BlockEnd(lbody));
    }
    let r = b.result(for_op.op(), 0);
    let old = b.result(op, 0);
    ctx.replace_all_uses_with(old, r);
    ctx.erase_op(op);
    Ok(())
}

/// The `memref.alloc` ops of `module`.
fn allocs(ctx: &Context, module: OpId) -> Vec<OpId> {
    ctx.walk_preorder(module)
        .into_iter()
        .filter(|&o| ctx.op_is(o, "memref.alloc"))
        .collect()
}

/// `memref.dealloc %m` at `ip`.
fn dealloc(ctx: &mut Context, m: Value, ip: InsertPoint, loc: tail_ir::Location) {
    let mut b = Builder::new(ctx, ip, loc);
    let mut st = b.state("memref.dealloc");
    st.operands = vec![m];
    b.insert(st);
}

/// Frees the host copies made only to be printed: a `memref.alloc` whose uses are one copy
/// into it (`memref.copy` or `gpu.memcpy`, the copy of a device array to the host) and
/// `memref.cast`s used only by `tail_rt_print_memref_*` calls, all in its block, is
/// deallocated after the last of those calls.
fn free_printed_copies(ctx: &mut Context, module: OpId) {
    for a in allocs(ctx, module) {
        let m = ctx.result(a, 0);
        let blk = ctx.op_parent_block(a);
        let mut copies = 0;
        let mut last_print: Option<OpId> = None;
        let mut ok = true;
        for u in ctx.use_vec(m) {
            let name = ctx.op_name_str(u.op);
            let copy_dst =
                (name == "memref.copy" && u.index == 1) || (name == "gpu.memcpy" && u.index == 0);
            if copy_dst && ctx.op_parent_block(u.op) == blk {
                copies += 1;
                continue;
            }
            if name != "memref.cast" || ctx.op_parent_block(u.op) != blk {
                ok = false;
                break;
            }
            for cu in ctx.use_vec(ctx.result(u.op, 0)) {
                let printer = CallOp::from_op(ctx, cu.op)
                    .and_then(|c| c.callee_name(ctx))
                    .is_some_and(|n| n.starts_with("tail_rt_print_memref_"));
                if !printer || ctx.op_parent_block(cu.op) != blk {
                    ok = false;
                    break;
                }
                if last_print.is_none_or(|l| ctx.is_before_in_block(l, cu.op)) {
                    last_print = Some(cu.op);
                }
            }
        }
        let Some(last) = last_print.filter(|_| ok && copies == 1) else {
            continue;
        };
        dealloc(ctx, m, InsertPoint::After(last), ctx.op_loc(last));
    }
}

/// Frees the host buffers that nothing frees: a `memref.alloc` with no `memref.dealloc`, whose
/// every use (through its views: `memref.cast`, `subview`, `reinterpret_cast`,
/// `collapse_shape`, `expand_shape`) is in its block or nested in an op of it and reads,
/// writes or copies it (`memref.load`, `store`, `copy`, `dim`, a `func.call` returning no
/// memref: a runtime call, a kernel), is deallocated at the end of its block. Such are the
/// buffers `tail_rt_take_*` fills (file input, formatting: one per iteration of a loop
/// reading a file) and the kernel results the program only prints (the CPU's staging made
/// them the printed arrays and dropped their `dealloc` with the host copy's). A buffer that
/// escapes (a loop carries it, the function returns it) or any other use keeps it.
fn free_unowned(ctx: &mut Context, module: OpId) {
    for a in allocs(ctx, module) {
        let m = ctx.result(a, 0);
        let Some(blk) = ctx.op_parent_block(a) else {
            continue;
        };
        let mut stack = vec![m];
        let mut ok = true;
        while let Some(v) = stack.pop() {
            for u in ctx.use_vec(v) {
                let mut cur = Some(u.op);
                while let Some(o) = cur {
                    if ctx.op_parent_block(o) == Some(blk) {
                        break;
                    }
                    cur = ctx.op_parent_op(o);
                }
                let known = match ctx.op_name_str(u.op) {
                    "memref.cast"
                    | "memref.subview"
                    | "memref.reinterpret_cast"
                    | "memref.collapse_shape"
                    | "memref.expand_shape" => {
                        stack.push(ctx.result(u.op, 0));
                        true
                    }
                    "memref.load" | "memref.store" | "memref.copy" | "memref.dim" => true,
                    "func.call" => ctx
                        .results(u.op)
                        .iter()
                        .all(|&r| memref_parts(ctx, ctx.value_type(r)).is_none()),
                    _ => false,
                };
                if cur.is_none() || !known {
                    ok = false;
                }
            }
        }
        let Some(term) = ctx.last_op(blk).filter(|_| ok) else {
            continue;
        };
        dealloc(ctx, m, InsertPoint::Before(term), ctx.op_loc(term));
    }
}

fn is_tail_type(ctx: &Context, ty: Type) -> bool {
    match ctx.type_kind(ty) {
        TypeKind::Dialect(d) => d.dialect() == "tail",
        TypeKind::Complex(_) => true,
        _ => false,
    }
}

/// Folds `unrealized_conversion_cast(unrealized_conversion_cast(xs))` back to `xs` when the
/// types match, and erases unused casts.
fn fold_casts(ctx: &mut Context, module: OpId) {
    loop {
        let mut changed = false;
        for o in ctx.walk_postorder(module) {
            if !ctx.op_exists(o) || !ctx.op_is(o, "builtin.unrealized_conversion_cast") {
                continue;
            }
            if ctx.results(o).iter().all(|&r| !ctx.has_uses(r)) {
                ctx.erase_op(o);
                changed = true;
                continue;
            }
            let srcs = ctx.operand_vec(o);
            let Some(d) = srcs.first().and_then(|&s| ctx.defining_op(s)) else {
                continue;
            };
            if !ctx.op_is(d, "builtin.unrealized_conversion_cast")
                || ctx.results(d) != srcs.as_slice()
            {
                continue;
            }
            let inner = ctx.operand_vec(d);
            let outs = ctx.results(o).to_vec();
            let same = inner.len() == outs.len()
                && inner
                    .iter()
                    .zip(&outs)
                    .all(|(&a, &b)| ctx.value_type(a) == ctx.value_type(b));
            if same {
                for (a, b) in inner.into_iter().zip(outs) {
                    ctx.replace_all_uses_with(b, a);
                }
                ctx.erase_op(o);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
}

impl ConvertTailIoToRt {
    /// The `f64` parts of a complex scalar computed on the host.
    fn parts(
        &self,
        ctx: &Context,
        op: OpId,
        v: Value,
        complex: &FxHashMap<Value, (Value, Value)>,
    ) -> Result<(Value, Value), Diagnostic> {
        complex.get(&v).copied().ok_or_else(|| {
            err(
                ctx,
                op,
                IO,
                "the complex operand is not computed by complex ops on the host (complex values carried through loops, branches or calls are not supported)",
            )
        })
    }

    /// The `i32` code point of a char scalar.
    fn char_code(&self, b: &mut Builder<'_>, op: OpId, v: Value) -> Result<Value, Diagnostic> {
        code_point(b, v).ok_or_else(|| {
            err(
                b.ctx,
                op,
                IO,
                "the char operand is not a constant or a code point computed on the host",
            )
        })
    }

    /// The memrefs behind an array operand (one, or real and imaginary parts).
    fn memrefs(&self, ctx: &Context, op: OpId, v: Value) -> Result<Vec<Value>, Diagnostic> {
        match cast_sources(ctx, v) {
            Some(ms)
                if !ms.is_empty()
                    && ms
                        .iter()
                        .all(|&m| memref_parts(ctx, ctx.value_type(m)).is_some()) =>
            {
                Ok(ms)
            }
            _ => Err(err(
                ctx,
                op,
                IO,
                "the array operand is not a memref converted to a tail array",
            )),
        }
    }

    fn convert(
        &mut self,
        ctx: &mut Context,
        module: OpId,
        op: OpId,
        complex: &mut FxHashMap<Value, (Value, Value)>,
    ) -> PassResult {
        let name = ctx
            .op_name_str(op)
            .strip_prefix("tail.")
            .unwrap_or("")
            .to_string();
        let operands = ctx.operand_vec(op);
        let mut b = Builder::before(ctx, op);
        let f64t = b.f64_type();
        let i64t = b.int_type(64);
        let i32t = b.int_type(32);
        let i8t = b.int_type(8);
        let result = b.results(op).first().copied();
        // What replaces the op's result (if anything).
        let mut replacement: Option<Value> = None;
        match name.as_str() {
            "prArrI" | "prArrD" | "prArrB" | "prArrC" | "prArrX" => {
                let ms = self.memrefs(b.ctx, op, operands[0])?;
                if name == "prArrX" {
                    if ms.len() != 2
                        || memref_parts(b.ctx, b.value_type(ms[0])).map(|p| p.0) != Some(f64t)
                    {
                        return Err(
                            err(b.ctx, op, IO, "a complex array must be two f64 memrefs").into(),
                        );
                    }
                    let (re, im) = (unranked(&mut b, ms[0]), unranked(&mut b, ms[1]));
                    call(
                        &mut b,
                        module,
                        "tail_rt_print_memref_complex",
                        &[re, im],
                        &[],
                    );
                } else {
                    let [m] = ms[..] else {
                        return Err(err(b.ctx, op, IO, "expects one memref").into());
                    };
                    let (elem, _) = memref_parts(b.ctx, b.value_type(m)).expect("memref");
                    let suffix = if name == "prArrC" {
                        (b.int_width(elem) == Some(32)).then_some("char")
                    } else {
                        elem_suffix(b.ctx, elem)
                    };
                    let Some(suffix) = suffix else {
                        return Err(
                            err(b.ctx, op, IO, "no runtime printer for this element type").into(),
                        );
                    };
                    let u = unranked(&mut b, m);
                    call(
                        &mut b,
                        module,
                        &format!("tail_rt_print_memref_{suffix}"),
                        &[u],
                        &[],
                    );
                }
                replacement = Some(operands[0]);
            }
            "prSclI" | "prSclD" | "prSclB" | "prSclC" | "prSclX" => {
                let x = operands[0];
                match name.as_str() {
                    "prSclX" => {
                        let (re, im) = self.parts(b.ctx, op, x, complex)?;
                        call(&mut b, module, "tail_rt_print_complex", &[re, im], &[]);
                    }
                    "prSclC" => {
                        let c = self.char_code(&mut b, op, x)?;
                        call(&mut b, module, "tail_rt_print_char", &[c], &[]);
                    }
                    "prSclB" => {
                        let byte = build_unary(&mut b, "arith.extui", x, i8t);
                        call(&mut b, module, "tail_rt_print_bool", &[byte], &[]);
                    }
                    _ => {
                        let ty = b.value_type(x);
                        let (fname, arg) = match b.type_kind(ty) {
                            TypeKind::Float(tail_ir::FloatKind::F64) => ("tail_rt_print_f64", x),
                            TypeKind::Integer { width: 32, .. } => ("tail_rt_print_i32", x),
                            TypeKind::Integer { width: 64, .. } => ("tail_rt_print_i64", x),
                            TypeKind::Index => (
                                "tail_rt_print_i64",
                                build_unary(&mut b, "arith.index_cast", x, i64t),
                            ),
                            _ => {
                                return Err(err(
                                    b.ctx,
                                    op,
                                    IO,
                                    "no runtime printer for this scalar type",
                                )
                                .into())
                            }
                        };
                        call(&mut b, module, fname, &[arg], &[]);
                    }
                }
                replacement = Some(x);
            }
            "formatI" | "formatD" => {
                let x = operands[0];
                let n = if name == "formatI" {
                    let w = b.int_width(b.value_type(x));
                    let x64 = match w {
                        Some(64) => x,
                        Some(_) => build_unary(&mut b, "arith.extsi", x, i64t),
                        None => build_unary(&mut b, "arith.index_cast", x, i64t),
                    };
                    call(&mut b, module, "tail_rt_format_int_begin", &[x64], &[i64t])[0]
                } else {
                    call(&mut b, module, "tail_rt_format_double_begin", &[x], &[i64t])[0]
                };
                let m = self.take(&mut b, module, n, i32t)?;
                let rty = b.value_type(result.expect("a result"));
                replacement = Some(cast_to(&mut b, &[m], rty));
            }
            "readFile" | "readIntVecFile" | "readDoubleVecFile" => {
                let ms = self.memrefs(b.ctx, op, operands[0])?;
                let [path] = ms[..] else {
                    return Err(err(b.ctx, op, IO, "expects a char vector file name").into());
                };
                let u = unranked(&mut b, path);
                let (begin, elem) = match name.as_str() {
                    "readFile" => ("tail_rt_read_file_begin", i32t),
                    "readIntVecFile" => ("tail_rt_read_int_vec_file_begin", i32t),
                    _ => ("tail_rt_read_double_vec_file_begin", f64t),
                };
                // The op's position, which the runtime's errors name (0: none).
                let (line, col) = tail_kernels::checks::line_col(b.ctx, op);
                let lv = tail_builtin::arith::build_constant_int(&mut b, i32t, line);
                let cv = tail_builtin::arith::build_constant_int(&mut b, i32t, col);
                let n = call(&mut b, module, begin, &[u, lv, cv], &[i64t])[0];
                let m = self.take(&mut b, module, n, elem)?;
                let rty = b.value_type(result.expect("a result"));
                replacement = Some(cast_to(&mut b, &[m], rty));
            }
            "nowi" => {
                let x = operands[0];
                if b.int_width(b.value_type(x)) != Some(32) {
                    return Err(err(b.ctx, op, IO, "expects an i32 operand").into());
                }
                replacement = Some(call(&mut b, module, "tail_rt_nowi", &[x], &[i32t])[0]);
            }
            "roll" => {
                let x = operands[0];
                if b.int_width(b.value_type(x)) != Some(32) {
                    return Err(err(b.ctx, op, IO, "expects an i32 operand").into());
                }
                replacement = Some(call(&mut b, module, "tail_rt_roll", &[x], &[f64t])[0]);
            }
            "const_char" => {
                let c = b.attr(op, "value").and_then(|a| b.attr_as_int(a));
                let Some(c) = c else {
                    return Err(err(b.ctx, op, IO, "expects an integer value").into());
                };
                let v = tail_builtin::arith::build_constant_int(&mut b, i32t, c);
                let rty = b.value_type(result.expect("a result"));
                replacement = Some(cast_to(&mut b, &[v], rty));
            }
            // A comparison of host characters (`c = 'y'` of an element read on the host): their
            // code points, the `i32`s that `const_char` and the kernels' characters are.
            "eqc" | "neqc" | "ltc" | "ltec" | "gtc" | "gtec" => {
                let pred = tail_kernels::char_compare(&format!("tail.{name}"))
                    .expect("a character comparison");
                let x = cast_to(&mut b, &[operands[0]], i32t);
                let y = cast_to(&mut b, &[operands[1]], i32t);
                replacement = Some(tail_builtin::arith::build_cmpi(&mut b, pred, x, y));
            }
            // A scalar constant that canonicalization folded a kept op into (a comparison of
            // two constant characters): the same value as an `arith.constant`.
            "const" => {
                let Some(a) = b.attr(op, "value") else {
                    return Err(err(b.ctx, op, IO, "expects a value").into());
                };
                replacement = Some(tail_builtin::arith::build_constant(&mut b, a));
            }
            "injx" | "d2x" | "addx" | "subx" | "mulx" | "negx" | "conjx" | "expx" => {
                let pair = match name.as_str() {
                    "injx" => (operands[0], operands[1]),
                    "d2x" => {
                        let x = operands[0];
                        let x = if b.is_float(b.value_type(x)) {
                            x
                        } else {
                            build_unary(&mut b, "arith.sitofp", x, f64t)
                        };
                        (x, build_constant_float(&mut b, f64t, 0.0))
                    }
                    _ => {
                        let (a, bb) = self.parts(b.ctx, op, operands[0], complex)?;
                        match name.as_str() {
                            "negx" => (
                                build_unary(&mut b, "arith.negf", a, f64t),
                                build_unary(&mut b, "arith.negf", bb, f64t),
                            ),
                            "conjx" => (a, build_unary(&mut b, "arith.negf", bb, f64t)),
                            "expx" => {
                                let e = build_unary(&mut b, "math.exp", a, f64t);
                                let c = build_unary(&mut b, "math.cos", bb, f64t);
                                let s = build_unary(&mut b, "math.sin", bb, f64t);
                                (
                                    build_binary(&mut b, "arith.mulf", e, c),
                                    build_binary(&mut b, "arith.mulf", e, s),
                                )
                            }
                            _ => {
                                let (c, d) = self.parts(b.ctx, op, operands[1], complex)?;
                                match name.as_str() {
                                    "addx" => (
                                        build_binary(&mut b, "arith.addf", a, c),
                                        build_binary(&mut b, "arith.addf", bb, d),
                                    ),
                                    "subx" => (
                                        build_binary(&mut b, "arith.subf", a, c),
                                        build_binary(&mut b, "arith.subf", bb, d),
                                    ),
                                    _ => {
                                        // (a·c − b·d, a·d + b·c), as the interpreter computes it.
                                        let ac = build_binary(&mut b, "arith.mulf", a, c);
                                        let bd = build_binary(&mut b, "arith.mulf", bb, d);
                                        let ad = build_binary(&mut b, "arith.mulf", a, d);
                                        let bc = build_binary(&mut b, "arith.mulf", bb, c);
                                        (
                                            build_binary(&mut b, "arith.subf", ac, bd),
                                            build_binary(&mut b, "arith.addf", ad, bc),
                                        )
                                    }
                                }
                            }
                        }
                    }
                };
                complex.insert(result.expect("a result"), pair);
            }
            "rex" | "imx" | "magnx" => {
                let (a, bb) = self.parts(b.ctx, op, operands[0], complex)?;
                replacement = Some(match name.as_str() {
                    "rex" => a,
                    "imx" => bb,
                    _ => call(&mut b, module, "hypot", &[a, bb], &[f64t])[0],
                });
            }
            _ => {
                return Err(err(
                    b.ctx,
                    op,
                    IO,
                    "this tail op has no runtime form on the host",
                )
                .into());
            }
        }
        self.num_calls.add(1);
        if let (Some(r), Some(v)) = (result, replacement) {
            ctx.replace_all_uses_with(r, v);
        }
        // Complex results stay until their users are converted; they are erased when unused.
        if ctx.results(op).iter().all(|&r| !ctx.has_uses(r)) {
            ctx.erase_op(op);
            self.erase_dead_complex(ctx, complex);
        }
        Ok(())
    }

    /// Erases the complex-valued tail ops whose results are no longer used.
    fn erase_dead_complex(&self, ctx: &mut Context, complex: &FxHashMap<Value, (Value, Value)>) {
        loop {
            let dead: Vec<OpId> = complex
                .keys()
                .filter(|&&v| ctx.value_exists(v) && !ctx.has_uses(v))
                .filter_map(|&v| ctx.defining_op(v))
                .filter(|&o| ctx.op_exists(o))
                .collect();
            if dead.is_empty() {
                return;
            }
            for o in dead {
                ctx.erase_op(o);
            }
        }
    }

    /// `memref.alloc(%n)` of `elem`s filled by `tail_rt_take_*`.
    fn take(
        &mut self,
        b: &mut Builder<'_>,
        module: OpId,
        n: Value,
        elem: Type,
    ) -> Result<Value, Diagnostic> {
        let idx = b.index_type();
        let n = build_unary(b, "arith.index_cast", n, idx);
        let mty = b.memref_type(vec![tail_ir::DYNAMIC], elem);
        let m = tail_builtin::memref::AllocOp::create(b, mty, &[n]);
        let u = unranked(b, m);
        let fname = if b.is_float(elem) {
            "tail_rt_take_f64"
        } else {
            "tail_rt_take_i32"
        };
        call(b, module, fname, &[u], &[]);
        Ok(m)
    }

    /// The entry function's arguments from the program's `--input` values (one per
    /// parameter, checked by `tail_rt_check_inputs`): scalars by `tail_rt_input_*`, rank-1
    /// memrefs allocated with the input's length and filled by `tail_rt_take_*`.
    fn inputs(
        &mut self,
        b: &mut Builder<'_>,
        module: OpId,
        f: OpId,
        params: &[Type],
    ) -> Result<Vec<Value>, Diagnostic> {
        let i64t = b.int_type(64);
        let n = tail_builtin::arith::build_constant_int(b, i64t, params.len() as i64);
        call(b, module, "tail_rt_check_inputs", &[n], &[]);
        let mut args = Vec::new();
        for (k, &ty) in params.iter().enumerate() {
            let kv = tail_builtin::arith::build_constant_int(b, i64t, k as i64);
            let (elem, shape) = match b.type_kind(ty) {
                TypeKind::MemRef { shape, elem, .. } => (*elem, Some(shape.clone())),
                _ => (ty, None),
            };
            let suffix = match b.type_kind(elem) {
                TypeKind::Integer { width: 32, .. } => "i32",
                TypeKind::Integer { width: 64, .. } | TypeKind::Index => "i64",
                TypeKind::Integer { width: 1, .. } => "bool",
                TypeKind::Float(tail_ir::FloatKind::F64) => "f64",
                _ => {
                    return Err(err(
                        b.ctx,
                        f,
                        IO,
                        format!(
                            "parameter #{} has a type that --input values cannot give",
                            k + 1
                        ),
                    ))
                }
            };
            match shape {
                None => {
                    let rt = match suffix {
                        "bool" => b.int_type(8),
                        "i64" => i64t,
                        _ => elem,
                    };
                    let v = call(b, module, &format!("tail_rt_input_{suffix}"), &[kv], &[rt])[0];
                    let v = match b.type_kind(ty) {
                        TypeKind::Index => build_unary(b, "arith.index_cast", v, ty),
                        TypeKind::Integer { width: 1, .. } => build_unary(b, "arith.trunci", v, ty),
                        _ => v,
                    };
                    args.push(v);
                }
                Some(shape) if shape.len() == 1 => {
                    let len = call(
                        b,
                        module,
                        &format!("tail_rt_input_begin_{suffix}"),
                        &[kv],
                        &[i64t],
                    )[0];
                    let idx = b.index_type();
                    let len = build_unary(b, "arith.index_cast", len, idx);
                    let dynamic: Vec<Value> = if shape[0] == tail_ir::DYNAMIC {
                        vec![len]
                    } else {
                        vec![]
                    };
                    let m = tail_builtin::memref::AllocOp::create(b, ty, &dynamic);
                    let u = unranked(b, m);
                    call(b, module, &format!("tail_rt_take_{suffix}"), &[u], &[]);
                    args.push(m);
                }
                Some(_) => {
                    return Err(err(
                        b.ctx,
                        f,
                        IO,
                        format!(
                        "parameter #{} is not a scalar or a vector (--input values are vectors)",
                        k + 1
                    ),
                    ))
                }
            }
        }
        Ok(args)
    }

    /// `func.func @tail_program()`: calls the entry function and prints its result.
    fn add_entry(
        &mut self,
        ctx: &mut Context,
        module: OpId,
        renamed: &FxHashMap<String, String>,
    ) -> PassResult {
        let Some(entry) = renamed.get(&self.entry).cloned() else {
            return Err(Diagnostic::error(
                ctx.op_loc(module),
                format!("{IO}: the module has no function @{} to run", self.entry),
            )
            .into());
        };
        let f = tail_builtin::util::lookup_symbol_in(ctx, module, &entry).expect("renamed");
        let fop = FuncOp::from_op(ctx, f).expect("a func.func");
        let params = fop.argument_types(ctx);
        let results = fop.result_types(ctx);
        if tail_builtin::util::lookup_symbol_in(ctx, module, "tail_program").is_some() {
            return Err(err(ctx, module, IO, "the module already defines @tail_program").into());
        }
        let blk = module_block(ctx, module).expect("module body");
        let loc = ctx.op_loc(f);
        let mut b = Builder::at_end(ctx, blk, loc);
        let fty = b.function_type(vec![], vec![]);
        let (_, body) = FuncOp::create(&mut b, "tail_program", fty);
        b.set_insertion_point(InsertPoint::BlockEnd(body));
        let args = self.inputs(&mut b, module, f, &params)?;
        let c = CallOp::create(&mut b, &entry, &args, &results);
        let vals = b.results(c.op()).to_vec();
        // The arrays of the inputs and the results, freed after printing: the program owns
        // them, and a run of `--runs N` must not keep N copies.
        let owned: Vec<Value> = args
            .iter()
            .chain(&vals)
            .copied()
            .filter(|&v| memref_parts(b.ctx, b.value_type(v)).is_some())
            .collect();
        // Several results print as one tuple, `(a,b)`.
        let tuple = vals.len() > 1;
        if tuple {
            call(&mut b, module, "tail_rt_tuple_begin", &[], &[]);
        }
        let i64t = b.int_type(64);
        let i8t = b.int_type(8);
        for v in vals {
            let ty = b.value_type(v);
            match b.type_kind(ty) {
                TypeKind::Float(tail_ir::FloatKind::F64) => {
                    call(&mut b, module, "tail_rt_print_f64", &[v], &[]);
                }
                TypeKind::Integer { width: 32, .. } => {
                    call(&mut b, module, "tail_rt_print_i32", &[v], &[]);
                }
                TypeKind::Integer { width: 64, .. } => {
                    call(&mut b, module, "tail_rt_print_i64", &[v], &[]);
                }
                TypeKind::Integer { width: 1, .. } => {
                    let x = build_unary(&mut b, "arith.extui", v, i8t);
                    call(&mut b, module, "tail_rt_print_bool", &[x], &[]);
                }
                TypeKind::Index => {
                    let x = build_unary(&mut b, "arith.index_cast", v, i64t);
                    call(&mut b, module, "tail_rt_print_i64", &[x], &[]);
                }
                TypeKind::MemRef { elem, .. } => {
                    let Some(s) = elem_suffix(b.ctx, *elem) else {
                        return Err(err(
                            b.ctx,
                            f,
                            IO,
                            "no runtime printer for the result's element type",
                        )
                        .into());
                    };
                    let u = unranked(&mut b, v);
                    call(
                        &mut b,
                        module,
                        &format!("tail_rt_print_memref_{s}"),
                        &[u],
                        &[],
                    );
                }
                _ => {
                    return Err(
                        err(b.ctx, f, IO, "no runtime printer for the result's type").into(),
                    );
                }
            }
        }
        if tuple {
            call(&mut b, module, "tail_rt_tuple_end", &[], &[]);
        }
        // Each buffer once, whatever aliases: the runtime frees the distinct allocated
        // pointers of the arrays it was given (a result may be an input, or a view of one).
        for &v in &owned {
            let (elem, _) = memref_parts(b.ctx, b.value_type(v)).expect("a memref");
            let Some(s) = elem_suffix(b.ctx, elem) else {
                continue;
            };
            let u = unranked(&mut b, v);
            call(&mut b, module, &format!("tail_rt_release_{s}"), &[u], &[]);
        }
        if !owned.is_empty() {
            call(&mut b, module, "tail_rt_release_end", &[], &[]);
        }
        ReturnOp::create(&mut b, &[]);
        Ok(())
    }
}

impl PassRun for ConvertParallelToRt {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        module: OpId,
        _am: &mut AnalysisManager,
    ) -> PassResult {
        let mut counter: FxHashMap<String, usize> = FxHashMap::default();
        // Innermost loops first, so an outer body captures the inner launch's values.
        let loops: Vec<OpId> = ctx
            .walk_postorder(module)
            .into_iter()
            .filter(|&o| ctx.op_is(o, "scf.parallel"))
            .collect();
        for l in loops {
            let f = ctx
                .ancestor_named(l, "func.func")
                .ok_or_else(|| err(ctx, l, PAR, "is not inside a function"))?;
            let fname = sym_name(ctx, f);
            let k = counter.entry(fname.clone()).or_default();
            let mut name = format!("{fname}.par{k}");
            *k += 1;
            while tail_builtin::util::lookup_symbol_in(ctx, module, &name).is_some() {
                let k = counter.get_mut(&fname).expect("entry");
                name = format!("{fname}.par{k}");
                *k += 1;
            }
            outline(ctx, module, f, l, &name)?;
            self.num_loops.add(1);
        }
        Ok(())
    }
}

/// Values used inside `op`'s regions but defined outside `op`, in first-use order.
fn captured(ctx: &Context, op: OpId) -> Vec<Value> {
    let mut seen = FxHashSet::default();
    let mut out = Vec::new();
    for o in ctx.walk_preorder(op) {
        if o == op {
            continue;
        }
        for v in ctx.operand_vec(o) {
            let inside = match ctx.value_def(v) {
                ValueDef::OpResult { op: d, .. } => ctx.is_ancestor(op, d),
                ValueDef::BlockArg { block, .. } => ctx
                    .block_parent_op(block)
                    .is_some_and(|p| p == op || ctx.is_ancestor(op, p)),
                _ => false,
            };
            if !inside && seen.insert(v) {
                out.push(v);
            }
        }
    }
    out
}

fn outline(ctx: &mut Context, module: OpId, func: OpId, par: OpId, name: &str) -> PassResult {
    let n = ctx.num_operands(par);
    let inits = n % 3;
    let d = n / 3;
    if inits != 0 || ctx.num_results(par) != 0 {
        return Err(err(
            ctx,
            par,
            PAR,
            "parallel loops with reductions are not supported",
        )
        .into());
    }
    let ops = ctx.operand_vec(par);
    let (lbs, ubs, steps) = (&ops[..d], &ops[d..2 * d], &ops[2 * d..3 * d]);
    let body_block = ctx
        .entry_block(ctx.region(par, 0))
        .expect("scf.parallel body");
    let ivs = ctx.block_args(body_block).to_vec();
    if let Some(t) = ctx.last_op(body_block) {
        if ctx.op_is(t, "scf.reduce") && ctx.num_operands(t) != 0 {
            return Err(err(
                ctx,
                t,
                PAR,
                "parallel loops with reductions are not supported",
            )
            .into());
        }
    }
    // Trip counts at the loop: ceil((ub − lb) / step) each, their product.
    let mut b = Builder::before(ctx, par);
    let idx = b.index_type();
    let mut counts = Vec::new();
    for k in 0..d {
        let (lb, ub, st) = (lbs[k], ubs[k], steps[k]);
        let c = if tail_builtin::util::constant_int(b.ctx, lb) == Some(0)
            && tail_builtin::util::constant_int(b.ctx, st) == Some(1)
        {
            ub
        } else {
            let span = build_binary(&mut b, "arith.subi", ub, lb);
            let zero = build_constant_index(&mut b, 0);
            let span = build_binary(&mut b, "arith.maxsi", span, zero);
            build_binary(&mut b, "arith.ceildivsi", span, st)
        };
        counts.push(c);
    }
    let mut total = counts[0];
    for &c in &counts[1..] {
        total = build_binary(&mut b, "arith.muli", total, c);
    }
    // What the body needs: captured values plus the bounds (constants are cloned instead).
    let mut needed: Vec<Value> = Vec::new();
    let push = |v: Value, needed: &mut Vec<Value>| {
        if !needed.contains(&v) {
            needed.push(v);
        }
    };
    for v in captured(b.ctx, par) {
        push(v, &mut needed);
    }
    for k in 0..d {
        push(lbs[k], &mut needed);
        push(steps[k], &mut needed);
        // The last dimension's count is not needed to delinearize.
        if k + 1 < d {
            push(counts[k], &mut needed);
        }
    }
    let is_const = |ctx: &Context, v: Value| {
        ctx.defining_op(v)
            .is_some_and(|o| ctx.op_is(o, "arith.constant"))
    };
    let caps: Vec<Value> = needed
        .iter()
        .copied()
        .filter(|&v| !is_const(b.ctx, v))
        .collect();
    let consts: Vec<Value> = needed
        .iter()
        .copied()
        .filter(|&v| is_const(b.ctx, v))
        .collect();
    let cap_tys: Vec<Type> = caps.iter().map(|&v| b.value_type(v)).collect();
    // The launch.
    let mut args = vec![total];
    args.extend(&caps);
    let launch = format!("{name}.launch");
    call(&mut b, module, &launch, &args, &[]);
    // The range function, after the parent function.
    let mut params = vec![idx, idx];
    params.extend(&cap_tys);
    let fty = b.function_type(params, vec![]);
    b.set_insertion_point(InsertPoint::After(func));
    let (fop, entry) = FuncOp::create(&mut b, name, fty);
    let vis = b.string_attr("private");
    b.set_attr(fop.op(), "sym_visibility", vis);
    b.set_insertion_point(InsertPoint::BlockEnd(entry));
    let eargs = b.block_args(entry).to_vec();
    let mut map: FxHashMap<Value, Value> = FxHashMap::default();
    for (&c, &a) in caps.iter().zip(&eargs[2..]) {
        map.insert(c, a);
    }
    for &c in &consts {
        let d = b.defining_op(c).expect("constant");
        let mut m = FxHashMap::default();
        let cl = b.clone_op(d, &mut m);
        b.insert_op(cl, InsertPoint::BlockEnd(entry));
        let r = b.result(cl, 0);
        map.insert(c, r);
    }
    let one = build_constant_index(&mut b, 1);
    let (_, lbody) = tail_builtin::scf::ForOp::create(&mut b, eargs[0], eargs[1], one, &[]);
    let yield_op = b.last_op(lbody).expect("scf.yield");
    b.set_insertion_point(InsertPoint::Before(yield_op));
    // Delinearize: first dimension fastest.
    let mut rest = b.block_args(lbody)[0];
    for k in 0..d {
        let coord = if k + 1 == d {
            rest
        } else {
            let cnt = map[&counts[k]];
            let c = build_binary(&mut b, "arith.remui", rest, cnt);
            rest = build_binary(&mut b, "arith.divui", rest, cnt);
            c
        };
        let scaled = build_binary(&mut b, "arith.muli", coord, map[&steps[k]]);
        let iv = build_binary(&mut b, "arith.addi", map[&lbs[k]], scaled);
        map.insert(ivs[k], iv);
    }
    for o in b.block_op_vec(body_block) {
        if b.op_is(o, "scf.reduce") {
            continue;
        }
        let cl = b.clone_op(o, &mut map);
        b.insert_op(cl, InsertPoint::Before(yield_op));
    }
    b.set_insertion_point(InsertPoint::BlockEnd(entry));
    ReturnOp::create(&mut b, &[]);
    ctx.erase_op(par);
    Ok(())
}
