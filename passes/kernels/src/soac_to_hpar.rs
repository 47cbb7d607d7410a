//! `convert-soac-to-hpar`: kernel extraction. Top-level SOACs of a function become `hpar` grid
//! programs, each `force<grid>` of which is one kernel.
//!
//! # Sources
//! The programs are written in the FCL style of Dybdal's thesis (*Array abstractions for GPU
//! programming*, 2017): Chapter 5's levels, push/pull arrays and `force` (§5.2–5.3), and the
//! reduction of §5.2.3 whose first step is taken while loading ("first add during load"),
//! here generalised to a per-thread sequential pre-reduction as in Chapter 4's discussion of
//! GPU reductions. Element `j` of thread `t` in block `b` reads position `(b·k + j)·B + t`,
//! so consecutive threads read consecutive addresses at every step (coalescing: FHPC'16,
//! Elsman, Henriksen, Serup, *APL on GPUs*, §6).
//!
//! # What is lowered
//! The pass runs on `builtin.module` (it changes function signatures). In every `func.func`
//! (one block), tensors become memrefs in the signature, and the top-level ops are rewritten in
//! order:
//!
//! | `soac` op | `hpar` program | `tail.par` |
//! | --- | --- | --- |
//! | `map` over rank-1 arrays, scalar lambda | `generate n` + `push<grid>` + `force<grid>` | `grid-thread` |
//! | `map` of `map` over rank-2 arrays | the same over the flattened `n·m` index space | `grid-thread` |
//! | `reduce`/`redomap` (comm, one value or a tuple) over a rank-1 array | two programs: `concat<block>` of per-thread `reduce<thread>` pre-reductions, `force<block>`, `reduce<block>`; then the same with one block over the block results | `block-tree` |
//! | `map` over a rank-2 array whose lambda is a `reduce`/`redomap` of its row | one block per row, as above | `block-row` |
//! | `map` nest of depth `d` down to a scalar lambda | one program over the product of the `d` outer extents | `grid-thread` |
//! | `map` nest whose lambda holds SOACs that are no perfect nest nor row reduction | one thread per element of the nest, the inner SOACs as loops in it (module `seq`) | `thread-seq` |
//! | `soac.dim` | the extent (`memref.dim`, or the producer's) | |
//! | views, `replicate`, `iota`, `concat`, `scf.if` choosing arrays | no program: an index function (module `arr`) read inside the consumers' kernels | |
//! | `loop` | a host `scf.for` whose body is converted the same way (module `loops`) | |
//! | `update` of an element, `scf.if` yielding scalars | a host store; the branches converted in place (module `update`) | |
//! | `scan`/`scanomap` (one scanned value) over a rank-1 array | three-phase scan (module `scan`): two programs, the adjustment an index function | `block-scan` |
//! | `map` over a rank-2 array whose lambda is a `scan`/`scanomap` of its row | one block per row, `scan<block>` | `block-row-scan` |
//! | `filter` | scan of the flags, count read on the host, one `interleave<block>` scatter per result | `block-scan`, `grid-scatter` |
//! | `scatter` | `last_write<grid>` of the indices (which write wins), then a gather over the destination (module `scatter`) | `grid-atomic`, `grid-thread` |
//!
//! Inputs are read inside the index functions of `generate`: `memref.load` for function
//! arguments, `hpar.index` for the result of an earlier program (row-major, flat). A program's
//! result is `!hpar.pull<τ, grid>`; where a function returns it, a
//! `builtin.unrealized_conversion_cast %pull, %extents… : … to memref<…>` states that the
//! array is returned as a memref of those extents (resolved by `convert-hpar-to-gpu`). A
//! reduction's scalar is read on the host with `hpar.index %r[0]`.
//!
//! Host I/O (`tail.prArr*`, `formatI`, file input, which `tail-to-soac` keeps as `tail` ops
//! behind `builtin.unrealized_conversion_cast`s) stays on the host: a tensor cast to a `tail`
//! type is replaced by its host memref (`host_mem`: the cast above, made once per array), so
//! the cast reads `memref<…> to !tail.array<…>`; a cast from a `tail` type to a tensor yields
//! a host memref instead, an input like a function argument.
//!
//! A reduction of a tuple of `k` scalars uses the same programs with `k` results: a
//! `generate` yielding the tuple, `reduce<thread>`/`reduce<block>` of tuples, one
//! `force<block>` per value and one `concat<block>` writing the `k` block results. A
//! redomap's mapped-out results are written by the first of its programs (`reduce_program`),
//! and a reduction of the rows' reductions is flattened (module `mapout`).
//!
//! Characters, complex numbers and random numbers are rewritten first (modules `chars`,
//! `complex`, `roll`): a character is its code point (`i32`), a complex array is two `f64`
//! arrays (real and imaginary parts), and the rolls (`tail.roll`) of a map lambda are split
//! into a map that runs as a sequential loop on the host (`host_map`), in the order the
//! program draws them, whose buffer the kernels read.
//!
//! The block reduction needs a commutative operator (pre-reduction and tree combine elements
//! out of order); `hpar.reduce` carries the `comm` unit attribute to say so. Lambdas may read
//! elements of free top-level arrays (`soac.index`, `soac.dim`); those reads are lowered after
//! the program is built (`lower_free`). Anything else (a SOAC in a lambda that module `seq`
//! cannot run sequentially, a non-commutative top-level reduction, several scanned
//! values, mapped-out results of a row reduction, an update of a row, …) is reported as an
//! error located at the op.

use rustc_hash::FxHashMap;
use tail_ir::pass::{pass, AnalysisManager, PassResult, PassRun, Statistic};
use tail_ir::{Builder, Context, Diagnostic, InsertPoint, OpId, Type, TypeKind, Value, DYNAMIC};

use tail_hpar::types::{Level, LevelAttr, PullType, PushType};

use crate::arr::{self, Arr};
use crate::util::*;

mod loops;
mod mapout;
mod rows;
#[path = "scan.rs"]
mod scan;
mod scatter;
mod update;

/// Kernel extraction: lower top-level `soac` maps, reductions, scans, filters and loops of
/// each function to `hpar` grid programs.
#[pass(
    argument = "convert-soac-to-hpar",
    summary = "Extract kernels: soac maps, reductions, scans and filters to hpar grid programs",
    anchor = "builtin.module",
    name = "ConvertSoacToHPar"
)]
pub struct ConvertSoacToHPar {
    #[option(
        name = "block-size",
        default = 256,
        description = "Threads per block of the block reductions (a power of two, 32 to 1024)"
    )]
    block_size: usize,
    #[option(
        name = "max-blocks",
        default = 1024,
        description = "Most blocks of the first step of a full reduction"
    )]
    max_blocks: usize,
    #[option(
        name = "sequential-scans",
        default = false,
        description = "Scan each chunk of a scan (and each row of a row scan) with one thread, sequentially, instead of with the block's threads (the CPU backend's form)"
    )]
    sequential_scans: bool,
    #[option(
        name = "fold-block-size",
        default = 0,
        description = "Threads per block of the program of a map nest of two or more levels whose lambda folds sequentially (a matrix product: rows by columns, a redomap over the contracted axis), as a hint to convert-hpar-to-gpu (tail.block_size); 0: its block-size. The CPU backend sets 1024: a block then covers whole rows of the product, whose folds read the same rows of the right argument"
    )]
    fold_block_size: usize,
    #[statistic(
        name = "num-programs",
        description = "Number of hpar grid programs built"
    )]
    num_programs: Statistic,
}

impl PassRun for ConvertSoacToHPar {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        _am: &mut AnalysisManager,
    ) -> PassResult {
        let b = self.block_size;
        if !(32..=1024).contains(&b) || !b.is_power_of_two() {
            return Err(Diagnostic::error(
                ctx.op_loc(op),
                format!("convert-soac-to-hpar: block-size must be a power of two from 32 to 1024, got {b}"),
            )
            .into());
        }
        let fb = self.fold_block_size;
        if fb != 0 && (!(32..=1024).contains(&fb) || !fb.is_power_of_two()) {
            return Err(Diagnostic::error(
                ctx.op_loc(op),
                format!("convert-soac-to-hpar: fold-block-size must be 0 or a power of two from 32 to 1024, got {fb}"),
            )
            .into());
        }
        let funcs: Vec<OpId> = ctx
            .walk_preorder(op)
            .into_iter()
            .filter(|&o| ctx.op_is(o, "func.func"))
            .collect();
        for f in funcs {
            let mut cx = Cx {
                arrs: FxHashMap::default(),
                host: FxHashMap::default(),
                block: self.block_size as i64,
                max_blocks: self.max_blocks.max(1) as i64,
                sequential_scans: self.sequential_scans,
                fold_block: fb as i64,
                programs: 0,
            };
            cx.convert_func(ctx, f)?;
            self.num_programs.add(cx.programs as u64);
        }
        Ok(())
    }
}

struct Cx {
    arrs: FxHashMap<Value, Arr>,
    /// The host memref of each tensor already needed on the host (`host_mem`).
    host: FxHashMap<Value, Value>,
    block: i64,
    max_blocks: i64,
    /// Scans run one thread per chunk or row (option `sequential-scans`).
    sequential_scans: bool,
    /// The block size hinted to the programs of map nests that fold in their lambda (option
    /// `fold-block-size`; 0: none).
    fold_block: i64,
    programs: usize,
}

/// The attribute of an `hpar.program` with the threads per block its kernel should have
/// (option `fold-block-size`), which `convert-hpar-to-gpu` takes for a `push<grid>` program.
pub const BLOCK_SIZE_HINT: &str = "tail.block_size";

/// Whether a map's `lambda` folds sequentially: a `reduce` or `redomap` directly in it, and no
/// loop (a thread's carried state, which a larger block would spread over more memory).
fn folds(ctx: &Context, lambda: tail_ir::BlockId) -> bool {
    let ops = ctx.block_op_vec(lambda);
    ops.iter()
        .any(|&o| ctx.op_is(o, "soac.redomap") || ctx.op_is(o, "soac.reduce"))
        && !ops.iter().any(|&o| {
            ctx.walk_preorder(o)
                .into_iter()
                .any(|q| ctx.op_is(q, "soac.loop"))
        })
}

/// The most `arith`/`math` operations (constants not counted) of a map's lambda that
/// [`Cx::generated_map`] recomputes at every read instead of storing the map's result.
const GENERATED_MAP_OPS: usize = 16;

/// The fewest constant elements of a host literal (a `soac.concat` of constant scalars) that
/// are stored in a constant global and copied from it, instead of one `memref.store` each:
/// a literal of 40,000 numbers otherwise becomes 40,000 stores for LLVM to compile.
const LITERAL_GLOBAL_MIN: usize = 16;

/// The elements of a literal whose parts are all constants of element type `elem` (integers
/// of 8 bits or more, floats); `None` for anything else (booleans, which
/// `widen-bool-memrefs` stores as bytes, and computed parts).
fn constant_elements(ctx: &Context, vals: &[Value], elem: Type) -> Option<tail_ir::DenseValues> {
    use tail_builtin::util::{constant_float, constant_int, float_kind};
    if ctx.int_width(elem).is_some_and(|w| w >= 8) {
        let ints = vals.iter().map(|&v| constant_int(ctx, v));
        return ints.collect::<Option<_>>().map(tail_ir::DenseValues::Ints);
    }
    if float_kind(ctx, elem).is_some() {
        let floats = vals.iter().map(|&v| constant_float(ctx, v));
        return floats
            .collect::<Option<_>>()
            .map(tail_ir::DenseValues::Floats);
    }
    None
}

/// A fresh host buffer of type `mt` holding `values`: `memref.copy` from a private constant
/// `memref.global` (`__tail_lit_K`) added to the module around `at`. The buffer is fresh
/// because host arrays may be updated in place (`soac.update`) and an executable's main
/// function may run several times (`--runs`).
fn literal_global(b: &mut Builder<'_>, at: OpId, mt: Type, values: tail_ir::DenseValues) -> Value {
    let module = tail_builtin::util::nearest_symbol_table(b.ctx, at).expect("ops are in a module");
    let mut k = 0;
    let name = loop {
        let name = format!("__tail_lit_{k}");
        if tail_builtin::util::lookup_symbol_in(b.ctx, module, &name).is_none() {
            break name;
        }
        k += 1;
    };
    let (shape, elem) = match b.ctx.type_kind(mt) {
        TypeKind::MemRef { shape, elem, .. } => (shape.clone(), *elem),
        _ => unreachable!("a memref type"),
    };
    let tt = b.ctx.tensor_type(shape, elem);
    let init = b
        .ctx
        .intern_attr(tail_ir::AttrKind::DenseElements { ty: tt, values });
    let body = b.ctx.region(module, 0);
    let blk = b.ctx.entry_block(body).expect("a module has its block");
    let here = b.insertion_point();
    let first = b.ctx.block_op_vec(blk).first().copied();
    b.set_insertion_point(first.map_or(InsertPoint::BlockEnd(blk), InsertPoint::Before));
    let mut g = b.state("memref.global");
    for (key, a) in [
        ("sym_name", b.ctx.string_attr(&name)),
        ("sym_visibility", b.ctx.string_attr("private")),
        ("type", b.ctx.type_attr(mt)),
        ("initial_value", init),
        ("constant", b.ctx.unit_attr()),
    ] {
        g.add_attr(b, key, a);
    }
    b.insert(g);
    b.set_insertion_point(here);
    let sym = b.ctx.symbol_ref_attr(&name);
    let global = mk1(b, "memref.get_global", &[], mt, &[("name", sym)]);
    let mem = mk1(b, "memref.alloc", &[], mt, &[]);
    mk(b, "memref.copy", &[global, mem], &[], &[], Vec::new());
    mem
}

/// The `math` ops cheap enough for [`Cx::generated_map`] to recompute (a power, an
/// exponential or a logarithm costs tens of cycles: such maps are stored).
const CHEAP_MATH: [&str; 5] = [
    "math.floor",
    "math.ceil",
    "math.absf",
    "math.absi",
    "math.copysign",
];

fn err(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    tail_ir::op_error(ctx, op, format!("{msg}"))
}

fn tensor_parts(ctx: &Context, ty: Type) -> Option<(Vec<i64>, Type)> {
    match ctx.type_kind(ty) {
        TypeKind::RankedTensor { shape, elem } => Some((shape.clone(), *elem)),
        _ => None,
    }
}

fn is_tensor(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_kind(ty),
        TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. }
    )
}

/// `tensor<…xτ>` → `memref<…xτ>`.
fn to_memref(ctx: &mut Context, ty: Type) -> Type {
    match tensor_parts(ctx, ty) {
        Some((shape, elem)) => ctx.memref_type(shape, elem),
        None => ty,
    }
}

fn level(ctx: &mut Context, l: Level) -> tail_ir::Attribute {
    LevelAttr::get(ctx, l)
}

fn pull_ty(ctx: &mut Context, elem: Type, l: Option<Level>) -> Type {
    PullType::get(ctx, elem, l)
}

fn push_ty(ctx: &mut Context, elem: Type, l: Level) -> Type {
    PushType::get(ctx, elem, l)
}

/// Checks that `block` (a lambda) holds only scalar code: no SOAC, no tensor.
fn check_scalar_lambda(ctx: &Context, block: tail_ir::BlockId, what: &str) -> CResult {
    for o in ctx.block_op_vec(block) {
        for n in ctx.walk_preorder(o) {
            // Element reads of free arrays are lowered inside the program (`lower_free`).
            if ctx.op_is(n, "soac.index") || ctx.op_is(n, "soac.dim") {
                continue;
            }
            if ctx.op_name_str(n).starts_with("soac.") && !ctx.op_is(n, "soac.yield") {
                return Err(err(
                    ctx,
                    n,
                    format!("cannot be lowered to a kernel by convert-soac-to-hpar: a {what} lambda may hold only scalar code"),
                ));
            }
            let tys = ctx
                .operands(n)
                .map(|v| ctx.value_type(v))
                .chain(ctx.results(n).iter().map(|&r| ctx.value_type(r)));
            for t in tys {
                if !is_scalar(ctx, t) {
                    return Err(err(
                        ctx,
                        n,
                        format!(
                            "cannot be lowered to a kernel by convert-soac-to-hpar: value of type '{}' in a {what} lambda (only integer, index and float scalars are supported)",
                            ctx.type_to_string(t)
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The operator of a reduction: its block, checked to be `(τ, τ) -> τ` scalar code.
fn operator(ctx: &Context, op: OpId, region: usize) -> CResult<tail_ir::BlockId> {
    let blk = ctx
        .entry_block(ctx.region(op, region))
        .ok_or_else(|| err(ctx, op, "has an empty operator region"))?;
    check_scalar_lambda(ctx, blk, "reduction operator")?;
    Ok(blk)
}

/// A reduction to lower: `reduce`/`redomap` of `k ≥ 1` scalar values (a tuple when `k > 1`).
struct Red {
    op: OpId,
    input_vals: Vec<Value>,
    /// The neutral elements, one per reduced value.
    nes: Vec<Value>,
    /// The types of the reduced values.
    elems: Vec<Type>,
    /// The operator `(acc…, x…) -> acc…`.
    opr: tail_ir::BlockId,
    /// The map lambda of a `redomap` (inputs → the reduced values, then the mapped-out ones).
    map: Option<tail_ir::BlockId>,
    /// The element types of the mapped-out results of a `redomap`.
    outs: Vec<Type>,
}

/// The number of reduced values of a `reduce`/`redomap` (its neutral elements): half the
/// operator's arguments.
fn neutral_count(ctx: &Context, op: OpId) -> usize {
    ctx.entry_block(ctx.region(op, 0))
        .map(|b| ctx.block_args(b).len() / 2)
        .unwrap_or(0)
}

fn analyse_reduce(ctx: &Context, op: OpId) -> CResult<Red> {
    let name = ctx.op_name_str(op).to_string();
    let k = neutral_count(ctx, op);
    if k == 0 || ctx.num_results(op) < k {
        return Err(err(
            ctx,
            op,
            "cannot be lowered by convert-soac-to-hpar: a reduction of no values",
        ));
    }
    if ctx.attr(op, "comm").is_none() {
        return Err(err(
            ctx,
            op,
            "cannot be lowered by convert-soac-to-hpar: the block reduction needs a commutative operator ('comm')",
        ));
    }
    let operands = ctx.operand_vec(op);
    let (inputs, nes) = operands.split_at(operands.len() - k);
    let elems: Vec<Type> = ctx.results(op)[..k]
        .iter()
        .map(|&r| ctx.value_type(r))
        .collect();
    for &elem in &elems {
        if !is_scalar(ctx, elem) {
            return Err(err(
                ctx,
                op,
                format!(
                    "cannot be lowered by convert-soac-to-hpar: reduction of '{}' values (only scalars are supported)",
                    ctx.type_to_string(elem)
                ),
            ));
        }
    }
    let opr = operator(ctx, op, 0)?;
    let mut outs = Vec::new();
    let map = if name == "soac.redomap" {
        let m = ctx
            .entry_block(ctx.region(op, 1))
            .ok_or_else(|| err(ctx, op, "has an empty map region"))?;
        // A map lambda taking rows or holding SOACs runs sequentially (module `seq`).
        if !crate::seq::needs_seq(ctx, m) {
            check_scalar_lambda(ctx, m, "map")?;
        }
        if let Some(y) = ctx.last_op(m) {
            outs = ctx.operand_vec(y)[k..]
                .iter()
                .map(|&v| ctx.value_type(v))
                .collect();
        }
        Some(m)
    } else {
        if inputs.len() != k {
            return Err(err(ctx, op, "cannot be lowered by convert-soac-to-hpar: a reduction of several arrays is not supported"));
        }
        None
    };
    Ok(Red {
        op,
        input_vals: inputs.to_vec(),
        nes: nes.to_vec(),
        elems,
        opr,
        map,
        outs,
    })
}

impl Cx {
    fn convert_func(&mut self, ctx: &mut Context, f: OpId) -> CResult {
        crate::chars::lower_chars(ctx, f)?;
        crate::complex::split_complex(ctx, f)?;
        loops::bench_to_loops(ctx, f);
        crate::roll::split_rolls(ctx, f)?;
        // Host I/O of arrays in a lambda has no kernel form (a scalar printed by a map's
        // function is drawn on the host like a roll, module `roll`): an error, not a kernel
        // that drops the output where the map's results are not read.
        if let Some(o) = ctx.walk_preorder(f).into_iter().find(|&o| {
            let n = ctx.op_name_str(o);
            (n.starts_with("tail.prArr")
                || matches!(
                    n,
                    "tail.formatI"
                        | "tail.formatD"
                        | "tail.readFile"
                        | "tail.readIntVecFile"
                        | "tail.readDoubleVecFile"
                ))
                && runs_in_kernel(ctx, f, o)
        }) {
            let what = if ctx.op_name_str(o).starts_with("tail.prArr") {
                "printing an array"
            } else {
                "formatting or file input"
            };
            return Err(err(
                ctx,
                o,
                format!("cannot be lowered by convert-soac-to-hpar: {what} inside a function applied to each element (a kernel); only scalars can be printed there"),
            ));
        }
        let body = ctx.region(f, 0);
        let blocks = ctx.region_blocks(body).to_vec();
        let Some(&entry) = blocks.first() else {
            return Ok(());
        };
        let has_soac = ctx
            .walk_preorder(f)
            .into_iter()
            .any(|o| ctx.op_name_str(o).starts_with("soac."));
        let fty = ctx
            .attr(f, "function_type")
            .and_then(|a| ctx.attr_as_type(a))
            .expect("func.func has a function_type");
        let (inputs, results) = match ctx.type_kind(fty) {
            TypeKind::Function { inputs, results } => (inputs.clone(), results.clone()),
            _ => unreachable!("function_type is a function type"),
        };
        let has_tensor = inputs
            .iter()
            .chain(results.iter())
            .any(|&t| is_tensor(ctx, t));
        if !has_soac && !has_tensor {
            return Ok(());
        }
        if blocks.len() != 1 {
            return Err(err(
                ctx,
                f,
                "cannot be converted by convert-soac-to-hpar: only single-block functions are supported",
            ));
        }
        let ops = ctx.block_op_vec(entry);
        if let Some(t) = inputs
            .iter()
            .chain(&results)
            .find(|&&t| is_tensor(ctx, t) && tensor_parts(ctx, t).is_none())
        {
            return Err(err(
                ctx,
                f,
                format!(
                    "cannot be converted by convert-soac-to-hpar: a parameter or result of unranked type '{}'",
                    ctx.type_to_string(*t)
                ),
            ));
        }
        // Signature.
        let new_in: Vec<Type> = inputs.iter().map(|&t| to_memref(ctx, t)).collect();
        let new_out: Vec<Type> = results.iter().map(|&t| to_memref(ctx, t)).collect();
        let nfty = ctx.function_type(new_in.clone(), new_out);
        let a = ctx.type_attr(nfty);
        ctx.set_attr(f, "function_type", a);
        let args = ctx.block_args(entry).to_vec();
        let loc = ctx.op_loc(f);
        let mut b = Builder::new(ctx, InsertPoint::BlockStart(entry), loc);
        for (&arg, &t) in args.iter().zip(&new_in) {
            let old = b.value_type(arg);
            if !is_tensor(b.ctx, old) {
                continue;
            }
            b.set_value_type(arg, t);
            let (shape, _) = tensor_parts(b.ctx, old).expect("ranked (checked above)");
            let ext = shape
                .iter()
                .enumerate()
                .map(|(d, &s)| {
                    if s == DYNAMIC {
                        let dv = cidx(&mut b, d as i64);
                        tail_builtin::memref::DimOp::create(&mut b, arg, dv)
                    } else {
                        cidx(&mut b, s)
                    }
                })
                .collect();
            self.arrs.insert(arg, Arr::Host { mem: arg, ext });
        }
        let mut dead = Vec::new();
        for op in ops {
            self.convert_op(&mut b, op, &mut dead)?;
        }
        for op in dead.into_iter().rev() {
            b.erase_op(op);
        }
        Ok(())
    }

    /// The extents of `res` (a tensor): static ones from its type, dynamic ones taken in order
    /// from `dyns`.
    fn result_ext(b: &mut Builder<'_>, res: Value, dyns: &[Value]) -> Vec<Value> {
        let (shape, _) = tensor_parts(b.ctx, b.value_type(res)).expect("ranked tensor");
        let mut k = 0;
        shape
            .iter()
            .map(|&s| {
                if s == DYNAMIC {
                    k += 1;
                    dyns[k - 1]
                } else {
                    cidx(b, s)
                }
            })
            .collect()
    }

    /// Rewrites one top-level op of a function (or one hoisted out of a top-level `scf.if`);
    /// ops with no further use are pushed on `dead`.
    fn convert_op(&mut self, b: &mut Builder<'_>, op: OpId, dead: &mut Vec<OpId>) -> CResult {
        let name = b.op_name_str(op).to_string();
        b.set_insertion_point(InsertPoint::Before(op));
        b.loc = b.op_loc(op);
        let operands = b.operand_vec(op);
        let view = |this: &mut Self, b: &mut Builder<'_>, a: Arr| {
            let r = b.result(op, 0);
            this.arrs.insert(r, a);
        };
        match name.as_str() {
            "soac.map" => {
                if !self.generated_map(b, op) {
                    self.convert_map(b, op)?;
                }
                dead.push(op);
            }
            "soac.loop" => self.convert_loop(b, op, dead)?,
            "soac.reduce" | "soac.redomap" => {
                if self.flatten_nested(b, op)? {
                    dead.push(op);
                    return Ok(());
                }
                let split = self.split_mapped_out_rows(b, op, dead)?;
                let mut red = analyse_reduce(b.ctx, op)?;
                if split {
                    red.outs.clear();
                }
                let s = self.full_reduce(b, &red, None, None)?;
                for (i, s) in s.into_iter().enumerate() {
                    let r = b.result(op, i);
                    b.replace_all_uses_with(r, s);
                }
                dead.push(op);
            }
            "soac.scan" | "soac.scanomap" => {
                self.convert_scan(b, op)?;
                dead.push(op);
            }
            "soac.scatter" => {
                // Converted already when an earlier permutation scatter wrote it too.
                if !self.arrs.contains_key(&b.result(op, 0)) {
                    self.convert_scatter(b, op)?;
                }
                dead.push(op);
            }
            "soac.filter" => {
                self.convert_filter(b, op)?;
                dead.push(op);
            }
            "soac.dim" => {
                let src = operands[0];
                let axis = b
                    .attr(op, "axis")
                    .and_then(|a| b.attr_as_int(a))
                    .unwrap_or(0) as usize;
                let e = self.arr(b.ctx, op, src)?.ext()[axis];
                let r = b.result(op, 0);
                b.replace_all_uses_with(r, e);
                dead.push(op);
            }
            "soac.iota" => {
                let r = b.result(op, 0);
                let ext = Self::result_ext(b, r, &operands);
                let (_, elem) = tensor_parts(b.ctx, b.value_type(r)).expect("tensor");
                view(
                    self,
                    b,
                    Arr::Iota {
                        start: 0,
                        step: 1,
                        elem,
                        ext,
                    },
                );
                dead.push(op);
            }
            "soac.replicate" => {
                let r = b.result(op, 0);
                let v = operands[0];
                let a = if is_tensor(b.ctx, b.value_type(v)) {
                    // The count operand is the outer extent's; the rows' are the value's.
                    let (shape, _) = tensor_parts(b.ctx, b.value_type(r)).expect("a tensor");
                    let n = match shape[0] {
                        DYNAMIC => operands[1],
                        s => cidx(b, s),
                    };
                    let row = self.arr(b.ctx, op, v)?;
                    let mut e = vec![n];
                    e.extend_from_slice(row.ext());
                    Arr::Repl {
                        row: Box::new(row),
                        ext: e,
                    }
                } else {
                    let ext = Self::result_ext(b, r, &operands[1..]);
                    Arr::Scalar { v, ext }
                };
                view(self, b, a);
                dead.push(op);
            }
            "soac.reshape" => {
                let r = b.result(op, 0);
                let src = self.arr(b.ctx, op, operands[0])?;
                let ext = Self::result_ext(b, r, &operands[1..]);
                let cyclic =
                    b.attr(op, "cyclic").is_some() && !arr::same_count(b.ctx, src.ext(), &ext);
                let a = match src {
                    Arr::Scalar { v, .. } => Arr::Scalar { v, ext },
                    // The same extents: the source itself.
                    src if !cyclic && arr::same_extents(b.ctx, src.ext(), &ext) => src,
                    src => Arr::Reshape {
                        src: Box::new(src),
                        ext,
                        cyclic,
                    },
                };
                view(self, b, a);
                dead.push(op);
            }
            "soac.slice" => {
                let src = self.arr(b.ctx, op, operands[0])?;
                let k = src.ext().len();
                let off = operands[1..1 + k].to_vec();
                let ext = operands[1 + k..1 + 2 * k].to_vec();
                let stride = operands[1 + 2 * k..1 + 3 * k].to_vec();
                view(
                    self,
                    b,
                    Arr::Slice {
                        src: Box::new(src),
                        off,
                        stride,
                        ext,
                    },
                );
                dead.push(op);
            }
            "soac.rotate" => {
                let src = self.arr(b.ctx, op, operands[0])?;
                let ext = src.ext().to_vec();
                let off = operands[1..].to_vec();
                view(
                    self,
                    b,
                    Arr::Rotate {
                        src: Box::new(src),
                        off,
                        ext,
                    },
                );
                dead.push(op);
            }
            "soac.transpose" => {
                let src = self.arr(b.ctx, op, operands[0])?;
                let perm: Vec<usize> = tail_soac::ops::view::TransposeOp::from_op(b.ctx, op)
                    .expect("soac.transpose")
                    .perm(b.ctx)
                    .into_iter()
                    .map(|p| p as usize)
                    .collect();
                let ext = perm.iter().map(|&p| src.ext()[p]).collect();
                view(
                    self,
                    b,
                    Arr::Transpose {
                        src: Box::new(src),
                        perm,
                        ext,
                    },
                );
                dead.push(op);
            }
            "soac.index" => {
                let src = self.arr(b.ctx, op, operands[0])?;
                let idx = operands[1..].to_vec();
                let r = b.result(op, 0);
                if idx.len() == src.ext().len() {
                    let t = b.value_type(r);
                    let v = arr::read(b, &src, &idx, t);
                    b.replace_all_uses_with(r, v);
                } else {
                    let ext = src.ext()[idx.len()..].to_vec();
                    view(
                        self,
                        b,
                        Arr::Fix {
                            src: Box::new(src),
                            prefix: idx,
                            ext,
                        },
                    );
                }
                dead.push(op);
            }
            "soac.concat" => {
                let a = self.concat(b, op)?;
                view(self, b, a);
                dead.push(op);
            }
            "scf.if"
                if b.results(op)
                    .iter()
                    .any(|&r| is_tensor(b.ctx, b.value_type(r))) =>
            {
                self.select(b, op, dead)?;
            }
            "scf.if" => self.nested(b, op, dead)?,
            "soac.update" => {
                self.update(b, op)?;
                dead.push(op);
            }
            "func.return" => {
                for (i, v) in operands.into_iter().enumerate() {
                    if is_tensor(b.ctx, b.value_type(v)) {
                        let nv = self.host_mem(b, op, v)?;
                        b.set_operand(op, i, nv);
                    }
                }
            }
            // Host I/O that `tail-to-soac` keeps as `tail` ops (`tail.prArr*`, `formatI`, …):
            // an array given to it crosses from the kernels' memref to the `tail` type on the
            // host; an array it produces (`⎕ReadFile`, …) is a host memref for the kernels.
            "builtin.unrealized_conversion_cast" => {
                let tensor_in = operands.iter().any(|&v| is_tensor(b.ctx, b.value_type(v)));
                let results = b.results(op).to_vec();
                let tensor_out = results.iter().any(|&r| is_tensor(b.ctx, b.value_type(r)));
                if tensor_in && tensor_out {
                    return Err(err(
                        b.ctx,
                        op,
                        "cannot be lowered by convert-soac-to-hpar: a cast from a tensor to a tensor",
                    ));
                }
                for (i, v) in operands.into_iter().enumerate() {
                    if is_tensor(b.ctx, b.value_type(v)) {
                        let nv = self.host_mem(b, op, v)?;
                        b.set_operand(op, i, nv);
                    }
                }
                if tensor_out {
                    b.set_insertion_point(InsertPoint::After(op));
                    for r in results {
                        let t = b.value_type(r);
                        if !is_tensor(b.ctx, t) {
                            continue;
                        }
                        let Some((shape, _)) = tensor_parts(b.ctx, t) else {
                            return Err(err(
                                b.ctx,
                                op,
                                "cannot be lowered by convert-soac-to-hpar: a cast to an unranked tensor",
                            ));
                        };
                        let mt = to_memref(b.ctx, t);
                        b.set_value_type(r, mt);
                        let ext = shape
                            .iter()
                            .enumerate()
                            .map(|(d, &s)| {
                                if s == DYNAMIC {
                                    let dv = cidx(b, d as i64);
                                    tail_builtin::memref::DimOp::create(b, r, dv)
                                } else {
                                    cidx(b, s)
                                }
                            })
                            .collect();
                        self.arrs.insert(r, Arr::Host { mem: r, ext });
                    }
                }
            }
            _ => {
                let bad = b.walk_preorder(op).into_iter().find(|&n| {
                    b.op_name_str(n).starts_with("soac.")
                        || b.operands(n).any(|v| is_tensor(b.ctx, b.value_type(v)))
                        || b.results(n)
                            .iter()
                            .any(|&r| is_tensor(b.ctx, b.value_type(r)))
                });
                if let Some(n) = bad {
                    return Err(err(
                        b.ctx,
                        n,
                        "cannot be lowered by convert-soac-to-hpar (supported at the top level: soac.map nests, soac.reduce/redomap, views, replicate, iota, concat, index, dim, scf.if choosing between arrays)",
                    ));
                }
            }
        }
        Ok(())
    }

    /// The host memref holding tensor `v` (for `user`, a host op): a function argument or a
    /// host input as it is; a program's grid array, or a view forced by a new program, through
    /// `builtin.unrealized_conversion_cast %pull, %extents… : … to memref<…>` (copied back by
    /// `convert-hpar-to-gpu`). Made once per tensor, so every host use (printing it, returning
    /// it) shares the memref.
    fn host_mem(&mut self, b: &mut Builder<'_>, user: OpId, v: Value) -> CResult<Value> {
        if let Some(&m) = self.host.get(&v) {
            return Ok(m);
        }
        let t = b.value_type(v);
        let mt = to_memref(b.ctx, t);
        let nv = match self.arr(b.ctx, user, v)? {
            Arr::Host { mem, .. } => mem,
            a => {
                let (pull, ext) = match a {
                    Arr::Grid { pull, ext } => (pull, ext),
                    a => {
                        let (_, elem) = tensor_parts(b.ctx, t).expect("tensor");
                        self.force(b, &a, elem)?
                    }
                };
                let mut ops = vec![pull];
                ops.extend(ext);
                mk1(b, "builtin.unrealized_conversion_cast", &ops, mt, &[])
            }
        };
        self.host.insert(v, nv);
        Ok(nv)
    }

    /// A `grid-thread` program storing every element of view `a` (flat, row-major).
    fn force(&mut self, b: &mut Builder<'_>, a: &Arr, elem: Type) -> CResult<(Value, Vec<Value>)> {
        let ext = a.ext().to_vec();
        let n = arr::count(b, &ext);
        let a2 = a.clone();
        let pull = self.program(b, elem, "grid-thread", |b| {
            let gen = generate(b, n, elem, |b, i| Ok(arr::read_flat(b, &a2, i, elem)))?;
            Ok(push(b, gen, elem, Level::Grid))
        })?;
        Ok((pull, ext))
    }

    /// `soac.concat`: a view choosing the part by the index on the axis; a concatenation of
    /// single scalars is an arithmetic progression (`Iota`) when its elements are integer
    /// constants in one, else a host table (`memref.alloc` + `memref.store`).
    fn concat(&mut self, b: &mut Builder<'_>, op: OpId) -> CResult<Arr> {
        let operands = b.operand_vec(op);
        let axis = b
            .attr(op, "dim")
            .and_then(|a| b.attr_as_int(a))
            .unwrap_or(0) as usize;
        let parts: Vec<Arr> = operands
            .iter()
            .map(|&v| self.arr(b.ctx, op, v))
            .collect::<CResult<_>>()?;
        let r = b.result(op, 0);
        let (_, elem) = tensor_parts(b.ctx, b.value_type(r)).expect("tensor");
        let singles: Option<Vec<Value>> = parts
            .iter()
            .map(|p| match p {
                Arr::Scalar { v, ext }
                    if ext.len() == 1
                        && tail_builtin::util::constant_int(b.ctx, ext[0]) == Some(1) =>
                {
                    Some(*v)
                }
                _ => None,
            })
            .collect();
        if let Some(vals) = singles.filter(|v| v.len() > 2) {
            let n = vals.len() as i64;
            let ext = vec![cidx(b, n)];
            let consts: Option<Vec<i64>> = vals
                .iter()
                .map(|&v| {
                    let t = b.value_type(v);
                    if b.ctx.int_width(t).is_some() {
                        tail_builtin::util::constant_int(b.ctx, v)
                    } else {
                        None
                    }
                })
                .collect();
            if let Some(c) = consts {
                let step = c[1].wrapping_sub(c[0]);
                if c.windows(2).all(|w| w[1].wrapping_sub(w[0]) == step) {
                    return Ok(Arr::Iota {
                        start: c[0],
                        step,
                        elem,
                        ext,
                    });
                }
            }
            let mt = b.ctx.memref_type(vec![n], elem);
            if vals.len() >= LITERAL_GLOBAL_MIN {
                if let Some(values) = constant_elements(b.ctx, &vals, elem) {
                    let mem = literal_global(b, op, mt, values);
                    return Ok(Arr::Host { mem, ext });
                }
            }
            let mem = mk1(b, "memref.alloc", &[], mt, &[]);
            for (i, &v) in vals.iter().enumerate() {
                let iv = cidx(b, i as i64);
                tail_builtin::memref::StoreOp::create(b, v, mem, &[iv]);
            }
            return Ok(Arr::Host { mem, ext });
        }
        let rank = parts[0].ext().len();
        let mut starts = Vec::new();
        let mut at = cidx(b, 0);
        for p in &parts {
            starts.push(at);
            at = bin(b, "arith.addi", at, p.ext()[axis]);
        }
        let mut ext = parts[0].ext().to_vec();
        if axis >= rank {
            return Err(err(
                b.ctx,
                op,
                "cannot be lowered by convert-soac-to-hpar: concatenation axis out of range",
            ));
        }
        ext[axis] = at;
        Ok(Arr::Concat {
            parts,
            starts,
            axis,
            ext,
        })
    }

    /// A top-level `scf.if` yielding arrays: both branches must hold only views, array
    /// creation, such `scf.if`s (a take by a count known at run time) and scalar code; they are hoisted before the `if` (they compute nothing but
    /// index functions) and each array result becomes a `Select` on the condition.
    fn select(&mut self, b: &mut Builder<'_>, op: OpId, dead: &mut Vec<OpId>) -> CResult {
        let mut branches = Vec::new();
        for r in 0..2 {
            let blk = b.entry_block(b.region(op, r)).ok_or_else(|| {
                err(b.ctx, op, "cannot be lowered by convert-soac-to-hpar: an scf.if yielding arrays needs both branches")
            })?;
            let ops = b.block_op_vec(blk);
            let (term, body) = ops.split_last().expect("terminator");
            for &o in body {
                for n in b.walk_preorder(o) {
                    let nm = b.op_name_str(n);
                    // A nested `scf.if` (a take by a count known at run time: a slice, or
                    // the array padded before or after) is selected the same way; the walk
                    // checks the ops of its branches.
                    let ok = crate::arr::VIEW_OPS.contains(&nm)
                        || nm == "scf.if"
                        || (!nm.starts_with("soac.")
                            && b.ctx.regions(n).is_empty()
                            && tail_ir::greedy::is_memory_effect_free(b.ctx, n));
                    if !ok {
                        return Err(err(b.ctx, n, "cannot be lowered by convert-soac-to-hpar inside an scf.if yielding arrays (only views, replicate, iota, concat and pure scalar code are supported there)"));
                    }
                }
            }
            for &o in body {
                b.move_op(o, InsertPoint::Before(op));
                self.convert_op(b, o, dead)?;
            }
            branches.push(b.operand_vec(*term));
        }
        b.set_insertion_point(InsertPoint::Before(op));
        b.loc = b.op_loc(op);
        let cond = b.operand(op, 0);
        for (i, r) in b.results(op).to_vec().into_iter().enumerate() {
            let (x, y) = (branches[0][i], branches[1][i]);
            if is_tensor(b.ctx, b.value_type(r)) {
                let (xa, ya) = (self.arr(b.ctx, op, x)?, self.arr(b.ctx, op, y)?);
                let ext = xa
                    .ext()
                    .iter()
                    .zip(ya.ext())
                    .map(|(&p, &q)| tail_builtin::arith::build_select(b, cond, p, q))
                    .collect();
                self.arrs.insert(
                    r,
                    Arr::Select {
                        cond,
                        a: Box::new(xa),
                        b: Box::new(ya),
                        ext,
                    },
                );
            } else {
                let s = tail_builtin::arith::build_select(b, cond, x, y);
                b.replace_all_uses_with(r, s);
            }
        }
        dead.push(op);
        Ok(())
    }

    fn arr(&self, ctx: &Context, user: OpId, v: Value) -> CResult<Arr> {
        self.arrs.get(&v).cloned().ok_or_else(|| {
            let what = ctx
                .defining_op(v)
                .map(|d| format!("'{}'", ctx.op_name_str(d)))
                .unwrap_or_else(|| "a block argument".into());
            err(
                ctx,
                user,
                format!("cannot be lowered by convert-soac-to-hpar: its array operand is produced by {what}, which has no kernel lowering"),
            )
        })
    }

    /// Element `idx` (one index per axis) of `a`.
    fn read(b: &mut Builder<'_>, a: &Arr, idx: &[Value], _flat: Value, elem: Type) -> Value {
        arr::read(b, a, idx, elem)
    }

    /// Builds `hpar.program<grid> { … }` with attribute `tail.par = par`, runs `body` inside
    /// it to get the returned pull array, and returns the program's result.
    fn program(
        &mut self,
        b: &mut Builder<'_>,
        elem: Type,
        par: &str,
        body: impl FnOnce(&mut Builder<'_>) -> CResult<Value>,
    ) -> CResult<Value> {
        Ok(self.program_n(b, &[elem], par, |b| Ok(vec![body(b)?]))?[0])
    }

    /// `program` with one result per element type: `body` gives one grid push array per
    /// result (written by one kernel when they are the results of one `concat<block>`).
    fn program_n(
        &mut self,
        b: &mut Builder<'_>,
        elems: &[Type],
        par: &str,
        body: impl FnOnce(&mut Builder<'_>) -> CResult<Vec<Value>>,
    ) -> CResult<Vec<Value>> {
        let (r, blk) = region(b.ctx, &[]);
        let rts: Vec<Type> = elems
            .iter()
            .map(|&e| pull_ty(b.ctx, e, Some(Level::Grid)))
            .collect();
        let lv = level(b.ctx, Level::Grid);
        let pa = b.string_attr(par);
        let prog = mk(
            b,
            "hpar.program",
            &[],
            &rts,
            &[("level", lv), ("tail.par", pa)],
            vec![r],
        );
        let saved = b.insertion_point();
        b.set_insertion_point(InsertPoint::BlockEnd(blk));
        let pushed = body(b)?;
        let lv = level(b.ctx, Level::Grid);
        let forced: Vec<Value> = pushed
            .iter()
            .zip(&rts)
            .map(|(&p, &rt)| mk1(b, "hpar.force", &[p], rt, &[("level", lv)]))
            .collect();
        mk(b, "hpar.return", &forced, &[], &[], Vec::new());
        b.set_insertion_point(saved);
        self.programs += 1;
        self.lower_free(b, prog)?;
        Ok(b.results(prog).to_vec())
    }

    /// Inside program `prog`, the lambdas' reads of free arrays (`soac.index` with one index
    /// per axis, `soac.dim`) become reads of those arrays' index functions; anything else
    /// holding a SOAC or a tensor is an error located at the op. An index function may
    /// itself read free arrays (a scanomap's mapped-out values evaluate its lambda where they
    /// are read): the walk is repeated until no read is left.
    fn lower_free(&mut self, b: &mut Builder<'_>, prog: OpId) -> CResult {
        while self.lower_free_once(b, prog)? {}
        Ok(())
    }

    /// One walk of [`Self::lower_free`]; whether a lowered read brought new reads of free
    /// arrays (the code of an index function it inlined).
    fn lower_free_once(&mut self, b: &mut Builder<'_>, prog: OpId) -> CResult<bool> {
        let saved = b.insertion_point();
        let mut again = false;
        for n in b.walk_preorder(prog) {
            let name = b.op_name_str(n).to_string();
            match name.as_str() {
                "soac.index" | "soac.dim" => {
                    let src = b.operand(n, 0);
                    let Some(a) = self.arrs.get(&src).cloned() else {
                        return Err(err(b.ctx, n, "cannot be lowered to a kernel by convert-soac-to-hpar: reads an array that is not a top-level array of the function"));
                    };
                    b.set_insertion_point(InsertPoint::Before(n));
                    let r = b.result(n, 0);
                    let v = if name == "soac.dim" {
                        let axis = b
                            .attr(n, "axis")
                            .and_then(|x| b.attr_as_int(x))
                            .unwrap_or(0) as usize;
                        a.ext()[axis]
                    } else {
                        let idx = b.operand_vec(n)[1..].to_vec();
                        if idx.len() != a.ext().len() {
                            return Err(err(b.ctx, n, "cannot be lowered to a kernel by convert-soac-to-hpar: a sub-array of a free array in a kernel (only elements can be read)"));
                        }
                        let t = b.value_type(r);
                        let before = b.prev_op(n);
                        let v = arr::read(b, &a, &idx, t);
                        // The ops the read inserted before `n`: any free read among them?
                        let mut cur = match before {
                            Some(p) => b.next_op(p),
                            None => b.op_parent_block(n).and_then(|blk| b.first_op(blk)),
                        };
                        while let Some(o) = cur.filter(|&o| o != n) {
                            again |= b
                                .walk_preorder(o)
                                .into_iter()
                                .any(|x| b.op_is(x, "soac.index") || b.op_is(x, "soac.dim"));
                            cur = b.next_op(o);
                        }
                        v
                    };
                    b.replace_all_uses_with(r, v);
                    b.erase_op(n);
                }
                _ => {
                    let tensor = b.operands(n).any(|v| is_tensor(b.ctx, b.value_type(v)))
                        || b.results(n)
                            .iter()
                            .any(|&r| is_tensor(b.ctx, b.value_type(r)));
                    if name.starts_with("soac.") || tensor {
                        b.set_insertion_point(saved);
                        return Err(err(b.ctx, n, "cannot be lowered to a kernel by convert-soac-to-hpar: a kernel may hold only scalar code and element reads of free arrays"));
                    }
                }
            }
        }
        b.set_insertion_point(saved);
        Ok(again)
    }

    /// A map nest: `map` whose lambda is one inner `map` over (some of) its rows, as deep as
    /// it goes, down to a lambda of scalars. The nest is flattened: one thread per element of
    /// the `d` outer axes, the indices delinearised (row-major). Lambda arguments of any level
    /// that are scalars are read at that level's index prefix. A rank-2 map whose lambda is a
    /// reduction of its row is a row reduction.
    /// A rank-1 `soac.map` of arrays that read no memory (iotas, replicated scalars, views of
    /// them) with a lambda of at most [`GENERATED_MAP_OPS`] `arith` and cheap `math`
    /// operations ([`CHEAP_MATH`]; constants not counted) is not computed into a buffer: each of its results becomes an
    /// index function ([`Arr::Code`]) that computes the element where a kernel reads it. Such
    /// a map costs a few operations per read against a write and reads of memory (Signal's
    /// samples `100|7×⍳n`, read three times by the same reduction). Returns whether `op` was
    /// taken so.
    fn generated_map(&mut self, b: &mut Builder<'_>, op: OpId) -> bool {
        let Some(lam) = b.entry_block(b.region(op, 0)) else {
            return false;
        };
        let args = b.block_args(lam).to_vec();
        let inputs = b.operand_vec(op);
        let Some(arrs) = inputs
            .iter()
            .map(|v| self.arrs.get(v).cloned())
            .collect::<Option<Vec<Arr>>>()
        else {
            return false;
        };
        if arrs.is_empty()
            || arrs.iter().any(|a| a.ext().len() != 1 || a.reads_memory())
            || args.iter().any(|&a| is_tensor(b.ctx, b.value_type(a)))
        {
            return false;
        }
        let ops = b.block_op_vec(lam);
        let (_, body) = ops.split_last().expect("terminator");
        let mut counted = 0;
        for &o in body {
            let name = b.op_name_str(o);
            let cheap = name.starts_with("arith.") || CHEAP_MATH.contains(&name);
            if !cheap || !b.regions(o).is_empty() {
                return false;
            }
            if name != "arith.constant" {
                counted += 1;
            }
        }
        if counted > GENERATED_MAP_OPS {
            return false;
        }
        let ext = arrs[0].ext().to_vec();
        let elems: Vec<Type> = args.iter().map(|&a| b.value_type(a)).collect();
        let arrs = std::rc::Rc::new(arrs);
        for k in 0..b.num_results(op) {
            let (arrs, elems) = (arrs.clone(), elems.clone());
            let f: arr::CodeFn = std::rc::Rc::new(move |b: &mut Builder<'_>, idx: &[Value]| {
                let mut map = VMap::default();
                let largs = b.block_args(lam).to_vec();
                for ((a, arr), &et) in largs.iter().zip(arrs.iter()).zip(&elems) {
                    let v = arr::read(b, arr, idx, et);
                    map.insert(*a, v);
                }
                inline_block(b, lam, &mut map)[k]
            });
            let r = b.result(op, k);
            self.arrs.insert(
                r,
                Arr::Code {
                    f,
                    ext: ext.clone(),
                },
            );
        }
        true
    }

    fn convert_map(&mut self, b: &mut Builder<'_>, op: OpId) -> CResult {
        let all: Vec<usize> = (0..b.num_results(op)).collect();
        self.convert_map_outs(b, op, &all)
    }

    /// [`Self::convert_map`] for the results `res_idx` of `op` (only the lambda ops they need
    /// count). A lambda that is not a perfect nest (nor a row reduction) runs in one thread per
    /// element of the nest so far, its inner SOACs sequentially (module `seq`, `thread-seq`);
    /// the results are then taken one by one, so that those that are perfect nests stay so.
    fn convert_map_outs(&mut self, b: &mut Builder<'_>, op: OpId, res_idx: &[usize]) -> CResult {
        let inputs = b.operand_vec(op);
        let arrs: Vec<Arr> = inputs
            .iter()
            .map(|&v| self.arr(b.ctx, op, v))
            .collect::<CResult<_>>()?;
        // (lambda argument, input, depth) of the scalar arguments.
        let mut binds: Vec<(Value, usize, usize)> = Vec::new();
        // The same for the row arguments (read by a `thread-seq` lambda).
        let mut row_binds: Vec<(Value, usize, usize)> = Vec::new();
        let mut rows: FxHashMap<Value, usize> = FxHashMap::default();
        let mut outs: Vec<usize> = res_idx.to_vec();
        let mut cur = op;
        let mut depth = 1;
        let mut threaded = false;
        let lambda = loop {
            // The map lambda: a redomap's or scanomap's is its second region.
            let lam_region = usize::from(!b.op_is(cur, "soac.map"));
            let body = b
                .entry_block(b.region(cur, lam_region))
                .expect("map has a body");
            let args = b.block_args(body).to_vec();
            let level_ops = b.operand_vec(cur);
            let mut level_rows = Vec::new();
            for (k, (&arg, &v)) in args.iter().zip(&level_ops).enumerate() {
                let src = if cur == op { k } else { rows[&v] };
                if is_tensor(b.ctx, b.value_type(arg)) {
                    rows.insert(arg, src);
                    level_rows.push(arg);
                    row_binds.push((arg, src, depth));
                } else {
                    if arrs[src].ext().len() != depth {
                        return Err(err(b.ctx, cur, format!("cannot be lowered by convert-soac-to-hpar: a map nest reading a rank-{} input as a scalar at depth {depth}", arrs[src].ext().len())));
                    }
                    binds.push((arg, src, depth));
                }
            }
            if level_rows.is_empty() {
                break body;
            }
            let term = *b.block_op_vec(body).last().expect("terminator");
            let yielded = b.operand_vec(term);
            let need: Vec<Value> = outs.iter().map(|&o| yielded[o]).collect();
            let mut ops = crate::seq::live_ops(b.ctx, body, &need);
            ops.push(term);
            let inner = ops[0];
            let inner_name = b.op_name_str(inner).to_string();
            let over_rows = |b: &Builder<'_>, n: usize| {
                b.operand_vec(inner)
                    .iter()
                    .take(n)
                    .all(|v| level_rows.contains(v))
            };
            // A redomap or scanomap whose mapped-out results alone are needed is a map over
            // the rows (a split-off part of a reduction: `split_mapped_out_rows`); its
            // lambda yields them at their result positions.
            let mapped_out_only = (inner_name == "soac.redomap" || inner_name == "soac.scanomap")
                && {
                    let kc = neutral_count(b.ctx, inner);
                    outs.iter().all(|&o| {
                        b.results(inner)
                            .iter()
                            .position(|&r| r == yielded[o])
                            .is_some_and(|p| p >= kc)
                    }) && over_rows(b, b.num_operands(inner) - kc)
                };
            if ops.len() == 2
                && (mapped_out_only || (inner_name == "soac.map" && over_rows(b, usize::MAX)))
            {
                let pos: Option<Vec<usize>> = outs
                    .iter()
                    .map(|&o| b.results(inner).iter().position(|&r| r == yielded[o]))
                    .collect();
                let Some(pos) = pos else {
                    return Err(err(b.ctx, ops[1], "cannot be lowered by convert-soac-to-hpar: a map nest must yield the results of its inner soac.map"));
                };
                outs = pos;
                cur = inner;
                depth += 1;
                continue;
            }
            // The extents of the input whose rows the inner SOAC reads first (the map's
            // first input may be a vector beside them: a sibling's split result).
            let row_ext = b
                .operand_vec(inner)
                .first()
                .and_then(|v| rows.get(v))
                .map(|&k| arrs[k].ext().to_vec())
                .unwrap_or_default();
            // Row reductions and scans read rows only: no scalar of the map's lambda (a
            // result of this map split from a sibling's, `(+/m)×2` beside `+\m`, may bind
            // some it does not read).
            let reads_binds = binds
                .iter()
                .any(|&(a, ..)| used_inside(b.ctx, a, inner) || b.operand_vec(inner).contains(&a));
            let is_red = inner_name == "soac.reduce" || inner_name == "soac.redomap";
            // The results wanted of a row reduction: (result index, inner result position).
            let inner_pos: Option<Vec<(usize, usize)>> = outs
                .iter()
                .zip(res_idx)
                .map(|(&o, &r)| {
                    b.results(inner)
                        .iter()
                        .position(|&x| x == yielded[o])
                        .map(|p| (r, p))
                })
                .collect();
            let kc = if is_red {
                neutral_count(b.ctx, inner)
            } else {
                0
            };
            // Each reduced value wanted once, in order (mapped-out rows aside).
            let reduced: Option<Vec<usize>> =
                inner_pos.as_ref().filter(|_| is_red).and_then(|ps| {
                    let red: Vec<(usize, usize)> =
                        ps.iter().copied().filter(|&(_, p)| p < kc).collect();
                    (red.len() == kc && red.iter().enumerate().all(|(i, &(_, p))| p == i))
                        .then(|| red.iter().map(|&(r, _)| r).collect())
                });
            if let (true, Some(reduced)) = (
                ops.len() == 2
                    && is_red
                    && cur == op
                    && !reads_binds
                    && row_ext.len() == 2
                    && over_rows(b, b.num_operands(inner) - kc),
                reduced,
            ) {
                // Mapped-out rows of the row reduction are a map over the rows of their own
                // (a block per row stores no mapped-out values): `⌈/ m` beside `m`, the
                // matrix `(⍳ 3) ∘.- ⍳ 4` fused into the reduction and printed too.
                let mapped: Vec<usize> = inner_pos
                    .iter()
                    .flatten()
                    .filter(|&&(_, p)| p >= kc)
                    .map(|&(r, _)| r)
                    .collect();
                if !mapped.is_empty() {
                    self.convert_map_outs(b, op, &mapped)?;
                }
                let mut red = analyse_reduce(b.ctx, inner)?;
                red.outs.clear();
                let nin = b.num_operands(inner) - red.nes.len();
                let sel: Vec<Arr> = b.operand_vec(inner)[..nin]
                    .iter()
                    .map(|v| arrs[rows[v]].clone())
                    .collect();
                let ext = row_ext.clone();
                let r = self.row_reduce(b, &red, &sel, &ext)?;
                for (pull, &ri) in r.into_iter().zip(&reduced) {
                    let res = b.result(op, ri);
                    self.arrs.insert(
                        res,
                        Arr::Grid {
                            pull,
                            ext: vec![ext[0]],
                        },
                    );
                }
                return Ok(());
            }
            let is_scan = inner_name == "soac.scan" || inner_name == "soac.scanomap";
            if ops.len() == 2
                && is_scan
                && cur == op
                && !reads_binds
                && outs.len() == 1
                && row_ext.len() == 2
                && b.num_results(inner) == 1
                && Some(&yielded[outs[0]]) == b.results(inner).first()
                && over_rows(b, b.num_operands(inner) - 1)
            {
                let sel: Vec<Arr> = b.operand_vec(inner)[..b.num_operands(inner) - 1]
                    .iter()
                    .map(|v| arrs[rows[v]].clone())
                    .collect();
                let ext = row_ext.clone();
                let pull = self.row_scan(b, inner, &sel, &ext)?;
                let res = b.result(op, res_idx[0]);
                self.arrs.insert(res, Arr::Grid { pull, ext });
                return Ok(());
            }
            let array_out = outs
                .iter()
                .any(|&o| is_tensor(b.ctx, b.value_type(yielded[o])));
            if array_out && res_idx.len() > 1 {
                // Array results first: a thread-seq result then reads them (below) instead of
                // recomputing them.
                // (yields a scalar, result): arrays sort first.
                let mut order: Vec<(bool, usize)> = res_idx
                    .iter()
                    .zip(&outs)
                    .map(|(&r, &o)| (!is_tensor(b.ctx, b.value_type(yielded[o])), r))
                    .collect();
                order.sort();
                for (_, r) in order {
                    self.convert_map_outs(b, op, &[r])?;
                }
                return Ok(());
            }
            if array_out {
                let at = if ops.len() == 2 && inner_name.starts_with("soac.") {
                    inner
                } else {
                    cur
                };
                return Err(err(b.ctx, at, "cannot be lowered by convert-soac-to-hpar: the lambda of a map over rows must be one inner soac.map over them (or, at rank 2, one soac.reduce/redomap of its row) where it yields an array"));
            }
            threaded = true;
            break body;
        };
        // A scalar lambda reading a row of an outer level by position (`⌽\` of a matrix
        // fused into an elementwise map: the row's element at a computed index) runs as a
        // thread does, the rows bound.
        let reads_rows = row_binds.iter().any(|&(a, ..)| used_inside(b.ctx, a, cur));
        let threaded = threaded || reads_rows || crate::seq::holds_soac(b.ctx, lambda);
        // The nest's extents: those of an input whose rows it descended (the first input
        // may be a vector beside them, read as a scalar at depth 1).
        let Some(ext) = arrs
            .iter()
            .find(|a| a.ext().len() >= depth)
            .map(|a| a.ext()[..depth].to_vec())
        else {
            return Err(err(b.ctx, op, format!("cannot be lowered by convert-soac-to-hpar: a map nest of depth {depth} with no input of that rank")));
        };
        // Host code (a character printed by a map's function is a `!tail.char` there).
        if crate::roll::holds_roll(b.ctx, lambda) {
            return self.host_map(b, op, &arrs, &ext, lambda, (&binds, &row_binds), &outs);
        }
        if !threaded {
            check_scalar_lambda(b.ctx, lambda, "map")?;
        }
        let n = arr::count(b, &ext);
        let mut arrs = arrs;
        if threaded && depth == 1 {
            // Arrays the lambda yields for results already lowered (a split map): their rows
            // are read from those results.
            let term = *b.block_op_vec(lambda).last().expect("terminator");
            for (k, y) in b.operand_vec(term).into_iter().enumerate() {
                let done = self.arrs.get(&b.result(op, k)).cloned();
                if let (true, Some(a)) = (is_tensor(b.ctx, b.value_type(y)), done) {
                    row_binds.push((y, arrs.len(), 1));
                    arrs.push(a);
                }
            }
        }
        let rb: &[(Value, usize, usize)] = if threaded { &row_binds } else { &[] };
        self.map_programs(b, op, &arrs, &ext, n, lambda, &binds, rb, &outs, res_idx)
    }

    /// A map whose lambda draws random numbers (`tail.roll`): a loop on the host (module
    /// `roll`); each result is a host array.
    #[allow(clippy::too_many_arguments)]
    fn host_map(
        &mut self,
        b: &mut Builder<'_>,
        op: OpId,
        arrs: &[Arr],
        ext: &[Value],
        lambda: tail_ir::BlockId,
        binds: (&[Bind], &[Bind]),
        outs: &[usize],
    ) -> CResult {
        let elems: Vec<Type> = (0..outs.len())
            .map(|k| {
                tensor_parts(b.ctx, b.value_type(b.result(op, k)))
                    .expect("tensor")
                    .1
            })
            .collect();
        // The host loop reads its inputs and the arrays its lambda reads from outside on the
        // host: one given as kernel code (a generated map's index function) is computed into
        // a buffer first.
        let lam_op = b.block_parent_op(lambda).expect("a lambda");
        let mut used: Vec<Value> = Vec::new();
        for o in b.ctx.walk_preorder(lam_op).into_iter().skip(1) {
            for v in b.operand_vec(o) {
                if self.arrs.contains_key(&v)
                    && !used.contains(&v)
                    && tail_builtin::util::is_defined_outside(b.ctx, v, lam_op)
                {
                    used.push(v);
                }
            }
        }
        let mut frees = FxHashMap::default();
        for v in used {
            let mut a = self.arrs[&v].clone();
            if !crate::roll::host_readable(&a) {
                let (_, elem) = tensor_parts(b.ctx, b.value_type(v)).expect("a tensor");
                let (pull, ext) = self.force(b, &a, elem)?;
                a = Arr::Grid { pull, ext };
            }
            frees.insert(v, a);
        }
        let mut arrs = arrs.to_vec();
        for (k, a) in arrs.iter_mut().enumerate() {
            if !crate::roll::host_readable(a) {
                let input = b.operand(op, k);
                let (_, elem) = tensor_parts(b.ctx, b.value_type(input)).expect("a tensor");
                let (pull, ext) = self.force(b, a, elem)?;
                *a = Arr::Grid { pull, ext };
            }
        }
        let mems = crate::roll::host_map(b, &arrs, ext, lambda, binds, outs, &elems, &frees)?;
        for (k, mem) in mems.into_iter().enumerate() {
            let r = b.result(op, k);
            self.arrs.insert(
                r,
                Arr::Host {
                    mem,
                    ext: ext.to_vec(),
                },
            );
        }
        Ok(())
    }

    /// One `grid-thread` program per result of a map: `generate n` whose index function
    /// reads every input at the (delinearised) position and runs `lambda`; `thread-seq` when
    /// the lambda takes rows (`row_binds`) or holds SOACs, run sequentially (module `seq`).
    #[allow(clippy::too_many_arguments)]
    fn map_programs(
        &mut self,
        b: &mut Builder<'_>,
        op: OpId,
        arrs: &[Arr],
        ext: &[Value],
        n: Value,
        lambda: tail_ir::BlockId,
        binds: &[(Value, usize, usize)],
        row_binds: &[(Value, usize, usize)],
        outs: &[usize],
        res_idx: &[usize],
    ) -> CResult {
        // With row arguments or SOACs in the lambda, it runs sequentially in the thread.
        let threaded = !row_binds.is_empty() || crate::seq::holds_soac(b.ctx, lambda);
        let par = if threaded {
            "thread-seq"
        } else {
            "grid-thread"
        };
        let seq = self.seq_for(b.ctx, threaded.then_some(lambda));
        for (k, &out) in outs.iter().enumerate() {
            let res = b.result(op, res_idx[k]);
            // No kernel for a result nothing reads (e.g. the unread part of a complex map).
            if b.uses(res).next().is_none() {
                continue;
            }
            let (_, elem) = tensor_parts(b.ctx, b.value_type(res)).expect("tensor result");
            if !is_scalar(b.ctx, elem) {
                return Err(err(
                    b.ctx,
                    op,
                    format!(
                        "cannot be lowered by convert-soac-to-hpar: elements of type '{}'",
                        b.ctx.type_to_string(elem)
                    ),
                ));
            }
            let term = *b.block_op_vec(lambda).last().expect("terminator");
            if is_tensor(b.ctx, b.value_type(b.operand(term, out))) {
                self.row_map_program(b, op, arrs, ext, lambda, binds, row_binds, out, res, elem)?;
                continue;
            }
            let ext_v = ext.to_vec();
            let pull = self.program(b, elem, par, |b| {
                let gen = generate(b, n, elem, |b, i| {
                    let idx = if ext_v.len() == 1 {
                        vec![i]
                    } else {
                        arr::delinearize(b, i, &ext_v)
                    };
                    let mut map = VMap::default();
                    for &(a, s, d) in binds {
                        let et = b.value_type(a);
                        let v = arr::read(b, &arrs[s], &idx[..d], et);
                        map.insert(a, v);
                    }
                    if threaded {
                        let mut env = crate::seq::Env {
                            vals: map,
                            ..Default::default()
                        };
                        for &(a, s, d) in row_binds {
                            let row = Arr::Fix {
                                src: Box::new(arrs[s].clone()),
                                prefix: idx[..d].to_vec(),
                                ext: arrs[s].ext()[d..].to_vec(),
                            };
                            env.arrs.insert(a, row);
                        }
                        return Ok(seq.lambda(b, lambda, &mut env, &[out])?[0]);
                    }
                    let ys = inline_block(b, lambda, &mut map);
                    Ok(ys[out])
                })?;
                Ok(push(b, gen, elem, Level::Grid))
            })?;
            if self.fold_block > 0 && ext.len() >= 2 && folds(b.ctx, lambda) {
                if let Some(prog) = b.defining_op(pull).filter(|&p| b.op_is(p, "hpar.program")) {
                    let i64t = b.int_type(64);
                    let a = b.int_attr(i64t, self.fold_block);
                    b.ctx.set_attr(prog, BLOCK_SIZE_HINT, a);
                }
            }
            self.arrs.insert(
                res,
                Arr::Grid {
                    pull,
                    ext: ext.to_vec(),
                },
            );
        }
        Ok(())
    }

    /// A full reduction: a first program of `nb` blocks, each thread pre-reducing `k`
    /// elements, then a second program of one block over the `nb` block results; the scalars
    /// (one per reduced value) are read on the host.
    ///
    /// The mapped-out results of a redomap are written by the first program, where its
    /// threads compute them (element `(b·k + j)·B + t` by thread `t` of block `b`, placed there
    /// by an `interleave<thread>`): a grid array of `nb·k·B ≥ n` elements (those past `n` are
    /// padding, never read) seen through a slice of its first `n` (reshaped to `out_ext`, the
    /// extents of a flattened reduction's results). `inputs` replaces the arrays of
    /// `red.input_vals` (a flattened reduction's rank-1 views).
    fn full_reduce(
        &mut self,
        b: &mut Builder<'_>,
        red: &Red,
        inputs: Option<Vec<Arr>>,
        out_ext: Option<Vec<Value>>,
    ) -> CResult<Vec<Value>> {
        let arrs: Vec<Arr> = match inputs {
            Some(a) => a,
            None => red
                .input_vals
                .iter()
                .map(|&v| self.arr(b.ctx, red.op, v))
                .collect::<CResult<_>>()?,
        };
        // A redomap's map lambda may take the rows of higher-rank inputs (and the elements
        // of rank-1 ones beside them: `+/v×+/M`).
        let rows_ok = red.map.is_some_and(|m| {
            let params = b.block_args(m).to_vec();
            params.len() == arrs.len()
                && params
                    .iter()
                    .zip(&arrs)
                    .all(|(&p, a)| a.ext().len() == 1 || is_tensor(b.ctx, b.value_type(p)))
        });
        for a in &arrs {
            if a.ext().len() != 1 && !rows_ok {
                return Err(err(b.ctx, red.op, format!("cannot be lowered by convert-soac-to-hpar: reduction over a rank-{} array (rank 1 is supported; a rank-2 reduction must be the lambda of a map)", a.ext().len())));
            }
        }
        let n = arrs[0].ext()[0];
        let bs = cidx(b, self.block);
        let maxb = cidx(b, self.max_blocks);
        let one = cidx(b, 1);
        let want = ceildiv(b, n, bs);
        let nb = bin(b, "arith.minui", want, maxb);
        let nb = bin(b, "arith.maxui", nb, one);
        let per_round = bin(b, "arith.muli", nb, bs);
        let k = ceildiv(b, n, per_round);
        let elems = red.elems.clone();
        let block = self.block;
        let seq = self.seq_for(b.ctx, red.map);
        let first = self.reduce_program(
            b,
            red,
            "block-tree",
            nb,
            k,
            &|b, blk, t, j| {
                // position (blk·k + j)·B + t: coalesced across the threads of a block
                let bs = cidx(b, block);
                let r = bin(b, "arith.muli", blk, k);
                let r = bin(b, "arith.addi", r, j);
                let r = bin(b, "arith.muli", r, bs);
                let idx = bin(b, "arith.addi", r, t);
                let ok = ult(b, idx, n);
                Ok((ok, idx))
            },
            &|b, idx| Self::apply_map(b, red, &arrs, &[idx], idx, &seq),
            &red.outs,
        )?;
        let v = red.elems.len();
        if first.len() > v {
            let padded = bin(b, "arith.muli", per_round, k);
            let zero = cidx(b, 0);
            let one = cidx(b, 1);
            for (i, &pull) in first[v..].iter().enumerate() {
                let grid = Arr::Grid {
                    pull,
                    ext: vec![padded],
                };
                let mut a = Arr::Slice {
                    src: Box::new(grid),
                    off: vec![zero],
                    stride: vec![one],
                    ext: vec![n],
                };
                if let Some(e) = out_ext.as_ref().filter(|e| e.len() != 1) {
                    a = Arr::Reshape {
                        src: Box::new(a),
                        ext: e.clone(),
                        cyclic: false,
                    };
                }
                let r = b.result(red.op, v + i);
                self.arrs.insert(r, a);
            }
        }
        let first = first[..v].to_vec();
        let k2 = ceildiv(b, nb, bs);
        let one = cidx(b, 1);
        let second = self.reduce_program(
            b,
            red,
            "block-tree",
            one,
            k2,
            &|b, _blk, t, j| {
                let bs = cidx(b, block);
                let r = bin(b, "arith.muli", j, bs);
                let idx = bin(b, "arith.addi", r, t);
                let ok = ult(b, idx, nb);
                Ok((ok, idx))
            },
            &|b, idx| {
                Ok(first
                    .iter()
                    .zip(&elems)
                    .map(|(&f, &e)| mk1(b, "hpar.index", &[f, idx], e, &[]))
                    .collect())
            },
            &[],
        )?;
        let zero = cidx(b, 0);
        Ok(second
            .iter()
            .zip(&red.elems)
            .map(|(&s, &e)| mk1(b, "hpar.index", &[s, zero], e, &[]))
            .collect())
    }

    /// Row reductions of a rank-2 array: one block per row; one array per reduced value.
    fn row_reduce(
        &mut self,
        b: &mut Builder<'_>,
        red: &Red,
        arrs: &[Arr],
        ext: &[Value],
    ) -> CResult<Vec<Value>> {
        if !red.outs.is_empty() {
            return Err(err(
                b.ctx,
                red.op,
                "cannot be lowered by convert-soac-to-hpar: mapped-out results of a row reduction are not supported",
            ));
        }
        let (rows, m) = (ext[0], ext[1]);
        let bs = cidx(b, self.block);
        let k = ceildiv(b, m, bs);
        let block = self.block;
        let seq = self.seq_for(b.ctx, red.map);
        // The row index is the block index: carried from `pos` to `elem` through a cell.
        let row = std::cell::Cell::new(None::<Value>);
        self.reduce_program(
            b,
            red,
            "block-row",
            rows,
            k,
            &|b, blk, t, j| {
                let bs = cidx(b, block);
                let r = bin(b, "arith.muli", j, bs);
                let idx = bin(b, "arith.addi", r, t);
                let ok = ult(b, idx, m);
                row.set(Some(blk));
                Ok((ok, idx))
            },
            &|b, idx| {
                let r = row.get().expect("position computed first");
                let flat = bin(b, "arith.muli", r, m);
                let flat = bin(b, "arith.addi", flat, idx);
                Self::apply_map(b, red, arrs, &[r, idx], flat, &seq)
            },
            &[],
        )
    }

    /// The sequential lowering (module `seq`) for lambda `lam`: it may read every top-level
    /// array converted so far (none are copied where `lam` needs no sequential lowering).
    fn seq_for(&self, ctx: &Context, lam: Option<tail_ir::BlockId>) -> crate::seq::Seq {
        let needed = lam.is_some_and(|l| crate::seq::needs_seq(ctx, l));
        crate::seq::Seq::new(if needed {
            self.arrs.clone()
        } else {
            FxHashMap::default()
        })
    }

    /// The values a reduction reduces at position `idx` of its inputs: the inputs themselves
    /// (one per reduced value), or the redomap's map lambda applied to the inputs (the reduced
    /// values, then the mapped-out ones).
    fn apply_map(
        b: &mut Builder<'_>,
        red: &Red,
        arrs: &[Arr],
        idx: &[Value],
        flat: Value,
        seq: &crate::seq::Seq,
    ) -> CResult<Vec<Value>> {
        match red.map {
            None => Ok(arrs
                .iter()
                .zip(&red.elems)
                .map(|(a, &e)| Self::read(b, a, idx, flat, e))
                .collect()),
            Some(lam) if crate::seq::needs_seq(b.ctx, lam) => {
                let mut env = crate::seq::Env::default();
                for (&a, arr) in b.block_args(lam).to_vec().iter().zip(arrs) {
                    let et = b.value_type(a);
                    if is_tensor(b.ctx, et) {
                        let row = Arr::Fix {
                            src: Box::new(arr.clone()),
                            prefix: idx.to_vec(),
                            ext: arr.ext()[idx.len()..].to_vec(),
                        };
                        env.arrs.insert(a, row);
                    } else {
                        let v = Self::read(b, arr, idx, flat, et);
                        env.vals.insert(a, v);
                    }
                }
                // The reduced values and the mapped-out ones still computed here (none when
                // they were split into a map of their own).
                let all: Vec<usize> = (0..red.elems.len() + red.outs.len()).collect();
                seq.lambda(b, lam, &mut env, &all)
            }
            Some(lam) => {
                let mut map = VMap::default();
                let largs = b.block_args(lam).to_vec();
                for (a, arr) in largs.iter().zip(arrs) {
                    let et = b.value_type(*a);
                    let v = Self::read(b, arr, idx, flat, et);
                    map.insert(*a, v);
                }
                // The reduced values and the mapped-out ones still computed here.
                let mut ys = inline_block(b, lam, &mut map);
                ys.truncate(red.elems.len() + red.outs.len());
                Ok(ys)
            }
        }
    }

    /// `nb` blocks; thread `t` of block `blk` pre-reduces the `k` elements `j < k` at
    /// `pos(blk, t, j)` (those out of bounds count as the neutral element) with a
    /// `reduce<thread>`; the block's `B` partial results are forced to shared memory (one array
    /// per reduced value) and combined by `reduce<block>`; one result per block and value, all
    /// written by the one kernel (a `concat<block>` with one result per value).
    ///
    /// With mapped-out values (element types `outs`; `elem_at` gives them after the reduced
    /// ones), the thread program is an `interleave<thread>` that also returns them: element
    /// `j` of thread `t` goes to `j·B + t` of its block's `k·B` (out-of-range elements are
    /// zeros), and the program has one more result per mapped-out value.
    #[allow(clippy::too_many_arguments, clippy::type_complexity)]
    fn reduce_program(
        &mut self,
        b: &mut Builder<'_>,
        red: &Red,
        par: &str,
        nb: Value,
        k: Value,
        pos: &dyn Fn(&mut Builder<'_>, Value, Value, Value) -> CResult<(Value, Value)>,
        elem_at: &dyn Fn(&mut Builder<'_>, Value) -> CResult<Vec<Value>>,
        outs: &[Type],
    ) -> CResult<Vec<Value>> {
        let elems = red.elems.clone();
        let v = elems.len();
        let all: Vec<Type> = elems.iter().chain(outs).copied().collect();
        let nes = red.nes.clone();
        let block = self.block;
        self.program_n(b, &all, par, |b| {
            let one = cidx(b, 1);
            let chunks = if outs.is_empty() {
                vec![one]
            } else {
                // A block's mapped-out elements: k·B.
                let bs = cidx(b, block);
                let kb = bin(b, "arith.muli", k, bs);
                (0..all.len())
                    .map(|i| if i < v { one } else { kb })
                    .collect()
            };
            concat_n(b, Level::Block, nb, &chunks, &all, |b, blk| {
                let bs = cidx(b, block);
                let one = cidx(b, 1);
                let thread = |b: &mut Builder<'_>, t: Value| -> CResult<Vec<Value>> {
                    let xs = generate_n(b, k, &all, |b, j| {
                        let (ok, idx) = pos(b, blk, t, j)?;
                        let (ifop, tb, eb) = tail_builtin::scf::IfOp::create(b, ok, &all, true);
                        let ip = b.insertion_point();
                        b.set_insertion_point(InsertPoint::BlockEnd(tb));
                        let vs = elem_at(b, idx)?;
                        mk(b, "scf.yield", &vs, &[], &[], Vec::new());
                        b.set_insertion_point(InsertPoint::BlockEnd(eb.expect("else")));
                        let mut pad = nes.clone();
                        for &o in outs {
                            pad.push(zero(b, o));
                        }
                        mk(b, "scf.yield", &pad, &[], &[], Vec::new());
                        b.set_insertion_point(ip);
                        Ok(b.results(ifop.op()).to_vec())
                    })?;
                    let s = reduce(b, Level::Thread, &xs[..v], &nes, &elems, red.opr);
                    let mut ret = cells(b, &s, &elems, Level::Thread)?;
                    for (&x, &o) in xs[v..].iter().zip(outs) {
                        ret.push(push(b, x, o, Level::Thread));
                    }
                    Ok(ret)
                };
                let pre = if outs.is_empty() {
                    concat_n(b, Level::Thread, bs, &[one], &elems, thread)?
                } else {
                    let mut ch = vec![one; v];
                    ch.extend(std::iter::repeat_n(k, outs.len()));
                    // (t, j) ↦ t for the partial results, j·B + t for the mapped-out ones.
                    interleave_n(b, Level::Thread, bs, &ch, &all, thread, |b, t, j| {
                        let bs = cidx(b, block);
                        let jb = bin(b, "arith.muli", j, bs);
                        let p = bin(b, "arith.addi", jb, t);
                        let mut ps = vec![t; v];
                        ps.extend(std::iter::repeat_n(p, outs.len()));
                        Ok(ps)
                    })?
                };
                let lv = level(b.ctx, Level::Block);
                let shared: Vec<Value> = pre[..v]
                    .iter()
                    .zip(&elems)
                    .map(|(&p, &e)| {
                        let pt = pull_ty(b.ctx, e, Some(Level::Block));
                        mk1(b, "hpar.force", &[p], pt, &[("level", lv)])
                    })
                    .collect();
                let s = reduce(b, Level::Block, &shared, &nes, &elems, red.opr);
                let mut ret = cells(b, &s, &elems, Level::Block)?;
                ret.extend_from_slice(&pre[v..]);
                Ok(ret)
            })
        })
    }
}

/// One push array at `l` of one element per value: `push<l> (generate 1 (_ ↦ v))`.
fn cells(b: &mut Builder<'_>, vs: &[Value], elems: &[Type], l: Level) -> CResult<Vec<Value>> {
    let mut out = Vec::new();
    for (&v, &e) in vs.iter().zip(elems) {
        let one = cidx(b, 1);
        let cell = generate(b, one, e, |_, _| Ok(v))?;
        out.push(push(b, cell, e, l));
    }
    Ok(out)
}

/// `hpar.generate n { ^bb0(%i: index): … hpar.yield f(%i) }`.
fn generate(
    b: &mut Builder<'_>,
    n: Value,
    elem: Type,
    f: impl FnOnce(&mut Builder<'_>, Value) -> CResult<Value>,
) -> CResult<Value> {
    Ok(generate_n(b, n, &[elem], |b, i| Ok(vec![f(b, i)?]))?[0])
}

/// `hpar.generate n` of a tuple: one pull array per element type, sharing the index function.
fn generate_n(
    b: &mut Builder<'_>,
    n: Value,
    elems: &[Type],
    f: impl FnOnce(&mut Builder<'_>, Value) -> CResult<Vec<Value>>,
) -> CResult<Vec<Value>> {
    let it = b.index_type();
    let (r, blk) = region(b.ctx, &[it]);
    let ip = b.insertion_point();
    b.set_insertion_point(InsertPoint::BlockEnd(blk));
    let i = b.block_arg(blk, 0);
    let vs = f(b, i)?;
    mk(b, "hpar.yield", &vs, &[], &[], Vec::new());
    b.set_insertion_point(ip);
    let ts: Vec<Type> = elems.iter().map(|&e| pull_ty(b.ctx, e, None)).collect();
    let op = mk(b, "hpar.generate", &[n], &ts, &[], vec![r]);
    Ok(b.results(op).to_vec())
}

/// `hpar.push<l> a`.
fn push(b: &mut Builder<'_>, a: Value, elem: Type, l: Level) -> Value {
    let t = push_ty(b.ctx, elem, l);
    let lv = level(b.ctx, l);
    mk1(b, "hpar.push", &[a], t, &[("level", lv)])
}

/// `hpar.concat<l> count, chunk` of one result (see [`concat_n`]).
fn concat(
    b: &mut Builder<'_>,
    l: Level,
    count: Value,
    chunk: Value,
    elem: Type,
    body: impl FnOnce(&mut Builder<'_>, Value) -> CResult<Value>,
) -> CResult<Value> {
    Ok(concat_n(b, l, count, &[chunk], &[elem], |b, i| Ok(vec![body(b, i)?]))?[0])
}

/// `hpar.concat<l> count, chunk { ^bb0(%i: index): … hpar.return body(%i) }` with one result
/// per element type (the body returns one push array per result).
fn concat_n(
    b: &mut Builder<'_>,
    l: Level,
    count: Value,
    chunks: &[Value],
    elems: &[Type],
    body: impl FnOnce(&mut Builder<'_>, Value) -> CResult<Vec<Value>>,
) -> CResult<Vec<Value>> {
    let it = b.index_type();
    let (r, blk) = region(b.ctx, &[it]);
    let ip = b.insertion_point();
    b.set_insertion_point(InsertPoint::BlockEnd(blk));
    let i = b.block_arg(blk, 0);
    let vs = body(b, i)?;
    mk(b, "hpar.return", &vs, &[], &[], Vec::new());
    b.set_insertion_point(ip);
    let up = match l {
        Level::Thread => Level::Block,
        _ => Level::Grid,
    };
    let ts: Vec<Type> = elems.iter().map(|&e| push_ty(b.ctx, e, up)).collect();
    let lv = level(b.ctx, l);
    let mut operands = vec![count];
    operands.extend_from_slice(chunks);
    let op = mk(b, "hpar.concat", &operands, &ts, &[("level", lv)], vec![r]);
    Ok(b.results(op).to_vec())
}

/// `hpar.interleave<l> count, chunks… { ^bb0(%i): … hpar.return body(%i) } place { ^bb0(%i,
/// %j): hpar.yield place(%i, %j)… }`: one result per element type, each with its chunk
/// length and its position among those `place` yields.
#[allow(clippy::too_many_arguments)]
fn interleave_n(
    b: &mut Builder<'_>,
    l: Level,
    count: Value,
    chunks: &[Value],
    elems: &[Type],
    body: impl FnOnce(&mut Builder<'_>, Value) -> CResult<Vec<Value>>,
    place: impl FnOnce(&mut Builder<'_>, Value, Value) -> CResult<Vec<Value>>,
) -> CResult<Vec<Value>> {
    let it = b.index_type();
    let (r, blk) = region(b.ctx, &[it]);
    let ip = b.insertion_point();
    b.set_insertion_point(InsertPoint::BlockEnd(blk));
    let i = b.block_arg(blk, 0);
    let vs = body(b, i)?;
    mk(b, "hpar.return", &vs, &[], &[], Vec::new());
    let (pr, pblk) = region(b.ctx, &[it, it]);
    b.set_insertion_point(InsertPoint::BlockEnd(pblk));
    let (pi, pj) = (b.block_arg(pblk, 0), b.block_arg(pblk, 1));
    let ps = place(b, pi, pj)?;
    mk(b, "hpar.yield", &ps, &[], &[], Vec::new());
    b.set_insertion_point(ip);
    let up = match l {
        Level::Thread => Level::Block,
        _ => Level::Grid,
    };
    let ts: Vec<Type> = elems.iter().map(|&e| push_ty(b.ctx, e, up)).collect();
    let lv = level(b.ctx, l);
    let mut operands = vec![count];
    operands.extend_from_slice(chunks);
    let op = mk(
        b,
        "hpar.interleave",
        &operands,
        &ts,
        &[("level", lv)],
        vec![r, pr],
    );
    Ok(b.results(op).to_vec())
}

/// `hpar.reduce<l> xs… init(ne…) {comm} { operator }`, the operator cloned from `opr`
/// (`(acc…, x…) -> acc…`); one result per reduced value.
fn reduce(
    b: &mut Builder<'_>,
    l: Level,
    xs: &[Value],
    nes: &[Value],
    elems: &[Type],
    opr: tail_ir::BlockId,
) -> Vec<Value> {
    let args: Vec<Type> = elems.iter().chain(elems).copied().collect();
    let (r, blk) = region(b.ctx, &args);
    let ip = b.insertion_point();
    b.set_insertion_point(InsertPoint::BlockEnd(blk));
    let mut map = VMap::default();
    let (oargs, nargs) = (b.block_args(opr).to_vec(), b.block_args(blk).to_vec());
    for (o, n) in oargs.into_iter().zip(nargs) {
        map.insert(o, n);
    }
    let ys = inline_block(b, opr, &mut map);
    mk(b, "hpar.yield", &ys, &[], &[], Vec::new());
    b.set_insertion_point(ip);
    let lv = level(b.ctx, l);
    let u = b.unit_attr();
    let k = xs.len() as i64;
    let seg = b.dense_i32_array_attr(vec![k, k]);
    let mut operands = xs.to_vec();
    operands.extend_from_slice(nes);
    let op = mk(
        b,
        "hpar.reduce",
        &operands,
        elems,
        &[
            ("level", lv),
            ("comm", u),
            (tail_ir::format::OPERAND_SEGMENTS, seg),
        ],
        vec![r],
    );
    b.results(op).to_vec()
}
