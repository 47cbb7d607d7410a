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
//! | `reduce`/`redomap` (comm, one result) over a rank-1 array | two programs: `concat<block>` of per-thread `reduce<thread>` pre-reductions, `force<block>`, `reduce<block>`; then the same with one block over the block results | `block-tree` |
//! | `map` over a rank-2 array whose lambda is a `reduce`/`redomap` of its row | one block per row, as above | `block-row` |
//! | `soac.dim` | the extent (`memref.dim`, or the producer's) | |
//!
//! Inputs are read inside the index functions of `generate`: `memref.load` for function
//! arguments, `hpar.index` for the result of an earlier program (row-major, flat). A program's
//! result is `!hpar.pull<τ, grid>`; where a function returns it, a
//! `builtin.unrealized_conversion_cast %pull, %extents… : … to memref<…>` states that the
//! array is returned as a memref of those extents (resolved by `convert-hpar-to-gpu`). A
//! reduction's scalar is read on the host with `hpar.index %r[0]`.
//!
//! The block reduction needs a commutative operator (pre-reduction and tree combine elements
//! out of order); `hpar.reduce` carries the `comm` unit attribute to say so. Anything else (a
//! lambda holding a SOAC or a tensor, a `scan`, a view, a non-commutative reduction, several
//! reduced values, `soac.iota`, …) is reported as an error located at the op.

use rustc_hash::FxHashMap;
use tail_ir::pass::{pass, AnalysisManager, PassResult, PassRun, Statistic};
use tail_ir::{Builder, Context, Diagnostic, InsertPoint, OpId, Type, TypeKind, Value, DYNAMIC};

use tail_hpar::types::{Level, LevelAttr, PullType, PushType};

use crate::util::*;

/// Kernel extraction: lower top-level `soac` maps and reductions of each function to `hpar`
/// grid programs.
#[pass(
    argument = "convert-soac-to-hpar",
    summary = "Extract kernels: soac maps and reductions to hpar grid programs",
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
        let funcs: Vec<OpId> = ctx
            .walk_preorder(op)
            .into_iter()
            .filter(|&o| ctx.op_is(o, "func.func"))
            .collect();
        for f in funcs {
            let mut cx = Cx {
                arrs: FxHashMap::default(),
                block: self.block_size as i64,
                max_blocks: self.max_blocks.max(1) as i64,
                programs: 0,
            };
            cx.convert_func(ctx, f)?;
            self.num_programs.add(cx.programs as u64);
        }
        Ok(())
    }
}

/// Where an array lives after conversion, with its extents (host `index` values).
#[derive(Clone)]
enum Arr {
    /// A function argument: a memref.
    Host { mem: Value, ext: Vec<Value> },
    /// The result of a grid program: a flat, row-major `!hpar.pull<τ, grid>`.
    Grid { pull: Value, ext: Vec<Value> },
}

impl Arr {
    fn ext(&self) -> &[Value] {
        match self {
            Arr::Host { ext, .. } | Arr::Grid { ext, .. } => ext,
        }
    }
}

struct Cx {
    arrs: FxHashMap<Value, Arr>,
    block: i64,
    max_blocks: i64,
    programs: usize,
}

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

/// A reduction to lower: `reduce`/`redomap` with one reduced value.
struct Red {
    op: OpId,
    input_vals: Vec<Value>,
    ne: Value,
    elem: Type,
    opr: tail_ir::BlockId,
    /// The map lambda of a `redomap` (inputs → the reduced value).
    map: Option<tail_ir::BlockId>,
}

fn analyse_reduce(ctx: &Context, op: OpId) -> CResult<Red> {
    let name = ctx.op_name_str(op).to_string();
    let neutral_count = if name == "soac.reduce" {
        ctx.num_results(op)
    } else {
        // redomap: inputs…, neutral…; results = neutral count + mapped-out.
        let res = ctx.num_results(op);
        // The number of reduced values is half the combining lambda's arguments.
        let blk = ctx.entry_block(ctx.region(op, 0));
        let k = blk.map(|b| ctx.block_args(b).len() / 2).unwrap_or(0);
        if res != k {
            return Err(err(
                ctx,
                op,
                "cannot be lowered by convert-soac-to-hpar: mapped-out results of a redomap are not supported yet",
            ));
        }
        k
    };
    if neutral_count != 1 {
        return Err(err(
            ctx,
            op,
            format!("cannot be lowered by convert-soac-to-hpar: only reductions of one value are supported, got {neutral_count}"),
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
    let (inputs, ne) = operands.split_at(operands.len() - 1);
    let ne = ne[0];
    let elem = ctx.value_type(ctx.result(op, 0));
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
    let opr = operator(ctx, op, 0)?;
    let map = if name == "soac.redomap" {
        let m = ctx
            .entry_block(ctx.region(op, 1))
            .ok_or_else(|| err(ctx, op, "has an empty map region"))?;
        check_scalar_lambda(ctx, m, "map")?;
        Some(m)
    } else {
        if inputs.len() != 1 {
            return Err(err(ctx, op, "cannot be lowered by convert-soac-to-hpar: a reduction of several arrays is not supported"));
        }
        None
    };
    Ok(Red {
        op,
        input_vals: inputs.to_vec(),
        ne,
        elem,
        opr,
        map,
    })
}

impl Cx {
    fn convert_func(&mut self, ctx: &mut Context, f: OpId) -> CResult {
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
            let (shape, _) = tensor_parts(b.ctx, old).expect("ranked");
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
            let name = b.op_name_str(op).to_string();
            b.set_insertion_point(InsertPoint::Before(op));
            b.loc = b.op_loc(op);
            match name.as_str() {
                "soac.map" => {
                    self.convert_map(&mut b, op)?;
                    dead.push(op);
                }
                "soac.reduce" | "soac.redomap" => {
                    let red = analyse_reduce(b.ctx, op)?;
                    let s = self.full_reduce(&mut b, &red)?;
                    let r = b.result(op, 0);
                    b.replace_all_uses_with(r, s);
                    dead.push(op);
                }
                "soac.dim" => {
                    let src = b.operand(op, 0);
                    let axis = b
                        .attr(op, "axis")
                        .and_then(|a| b.attr_as_int(a))
                        .unwrap_or(0) as usize;
                    let e = self.arr(b.ctx, op, src)?.ext()[axis];
                    let r = b.result(op, 0);
                    b.replace_all_uses_with(r, e);
                    dead.push(op);
                }
                "func.return" => {
                    for (i, v) in b.operand_vec(op).into_iter().enumerate() {
                        let t = b.value_type(v);
                        if !is_tensor(b.ctx, t) {
                            continue;
                        }
                        let mt = to_memref(b.ctx, t);
                        let nv = match self.arr(b.ctx, op, v)? {
                            Arr::Host { mem, .. } => mem,
                            Arr::Grid { pull, ext } => {
                                let mut ops = vec![pull];
                                ops.extend(ext);
                                mk1(&mut b, "builtin.unrealized_conversion_cast", &ops, mt, &[])
                            }
                        };
                        b.set_operand(op, i, nv);
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
                            "cannot be lowered by convert-soac-to-hpar (supported: soac.map nests of scalar code over rank-1/rank-2 arrays, soac.reduce/redomap, soac.dim)",
                        ));
                    }
                }
            }
        }
        for op in dead.into_iter().rev() {
            b.erase_op(op);
        }
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

    /// Element `idx` (one index per dimension; `flat` is the row-major position) of `a`.
    fn read(b: &mut Builder<'_>, a: &Arr, idx: &[Value], flat: Value, elem: Type) -> Value {
        match a {
            Arr::Host { mem, .. } => mk1(
                b,
                "memref.load",
                &{
                    let mut v = vec![*mem];
                    v.extend_from_slice(idx);
                    v
                },
                elem,
                &[],
            ),
            Arr::Grid { pull, .. } => mk1(b, "hpar.index", &[*pull, flat], elem, &[]),
        }
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
        let (r, blk) = region(b.ctx, &[]);
        let rt = pull_ty(b.ctx, elem, Some(Level::Grid));
        let lv = level(b.ctx, Level::Grid);
        let pa = b.string_attr(par);
        let prog = mk(
            b,
            "hpar.program",
            &[],
            &[rt],
            &[("level", lv), ("tail.par", pa)],
            vec![r],
        );
        let saved = b.insertion_point();
        b.set_insertion_point(InsertPoint::BlockEnd(blk));
        let pushed = body(b)?;
        let lv = level(b.ctx, Level::Grid);
        let forced = mk1(b, "hpar.force", &[pushed], rt, &[("level", lv)]);
        mk(b, "hpar.return", &[forced], &[], &[], Vec::new());
        b.set_insertion_point(saved);
        self.programs += 1;
        Ok(b.result(prog, 0))
    }

    fn convert_map(&mut self, b: &mut Builder<'_>, op: OpId) -> CResult {
        let inputs = b.operand_vec(op);
        let arrs: Vec<Arr> = inputs
            .iter()
            .map(|&v| self.arr(b.ctx, op, v))
            .collect::<CResult<_>>()?;
        let rank = arrs[0].ext().len();
        let body = b.entry_block(b.region(op, 0)).expect("map has a body");
        let ext = arrs[0].ext().to_vec();
        match rank {
            1 => {
                check_scalar_lambda(b.ctx, body, "map")?;
                let srcs: Vec<usize> = (0..inputs.len()).collect();
                let outs: Vec<usize> = (0..b.num_results(op)).collect();
                let n = ext[0];
                self.map_programs(b, op, &arrs, &ext, n, body, &srcs, &outs)
            }
            2 => {
                let ops = b.block_op_vec(body);
                let inner = ops[0];
                let outer_args = b.block_args(body).to_vec();
                let inner_name = b.op_name_str(inner).to_string();
                if ops.len() != 2 {
                    return Err(err(b.ctx, op, "cannot be lowered by convert-soac-to-hpar: the lambda of a rank-2 map must be one inner soac.map, soac.reduce or soac.redomap over its rows"));
                }
                let srcs: Vec<usize> = b
                    .operand_vec(inner)
                    .iter()
                    .take(if inner_name == "soac.map" { usize::MAX } else { b.num_operands(inner) - 1 })
                    .map(|v| outer_args.iter().position(|a| a == v))
                    .collect::<Option<_>>()
                    .ok_or_else(|| err(b.ctx, inner, "cannot be lowered by convert-soac-to-hpar: the inner SOAC of a rank-2 map must traverse the rows of the outer map's inputs"))?;
                let yielded = b.operand_vec(ops[1]);
                let outs: Vec<usize> = yielded
                    .iter()
                    .map(|v| b.results(inner).iter().position(|r| r == v))
                    .collect::<Option<_>>()
                    .ok_or_else(|| err(b.ctx, ops[1], "cannot be lowered by convert-soac-to-hpar: a rank-2 map must yield the results of its inner SOAC"))?;
                match inner_name.as_str() {
                    "soac.map" => {
                        let ib = b.entry_block(b.region(inner, 0)).expect("map has a body");
                        check_scalar_lambda(b.ctx, ib, "map")?;
                        let n = bin(b, "arith.muli", ext[0], ext[1]);
                        self.map_programs(b, op, &arrs, &ext, n, ib, &srcs, &outs)
                    }
                    "soac.reduce" | "soac.redomap" => {
                        let red = analyse_reduce(b.ctx, inner)?;
                        let sel: Vec<Arr> = srcs.iter().map(|&s| arrs[s].clone()).collect();
                        let r = self.row_reduce(b, &red, &sel, &ext)?;
                        let res = b.result(op, 0);
                        self.arrs.insert(res, Arr::Grid { pull: r, ext: vec![ext[0]] });
                        Ok(())
                    }
                    _ => Err(err(b.ctx, inner, "cannot be lowered by convert-soac-to-hpar inside a rank-2 map (supported: soac.map, soac.reduce, soac.redomap)")),
                }
            }
            _ => Err(err(
                b.ctx,
                op,
                format!("cannot be lowered by convert-soac-to-hpar: maps over rank-{rank} arrays are not supported (rank 1 and 2 are)"),
            )),
        }
    }

    /// One `grid-thread` program per result of a map: `generate n` whose index function
    /// reads every input at the (delinearised) position and runs `lambda`.
    #[allow(clippy::too_many_arguments)]
    fn map_programs(
        &mut self,
        b: &mut Builder<'_>,
        op: OpId,
        arrs: &[Arr],
        ext: &[Value],
        n: Value,
        lambda: tail_ir::BlockId,
        srcs: &[usize],
        outs: &[usize],
    ) -> CResult {
        for (k, &out) in outs.iter().enumerate() {
            let res = b.result(op, k);
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
            let ext_v = ext.to_vec();
            let pull = self.program(b, elem, "grid-thread", |b| {
                let gen = generate(b, n, elem, |b, i| {
                    let idx = if ext_v.len() == 2 {
                        let r = bin(b, "arith.divui", i, ext_v[1]);
                        let c = bin(b, "arith.remui", i, ext_v[1]);
                        vec![r, c]
                    } else {
                        vec![i]
                    };
                    let mut map = VMap::default();
                    let largs = b.block_args(lambda).to_vec();
                    for (a, &s) in largs.iter().zip(srcs) {
                        let et = b.value_type(*a);
                        let v = Self::read(b, &arrs[s], &idx, i, et);
                        map.insert(*a, v);
                    }
                    let ys = inline_block(b, lambda, &mut map);
                    Ok(ys[out])
                })?;
                Ok(push(b, gen, elem, Level::Grid))
            })?;
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
    /// elements, then a second program of one block over the `nb` block results; the scalar
    /// is read on the host.
    fn full_reduce(&mut self, b: &mut Builder<'_>, red: &Red) -> CResult<Value> {
        let arrs: Vec<Arr> = red
            .input_vals
            .iter()
            .map(|&v| self.arr(b.ctx, red.op, v))
            .collect::<CResult<_>>()?;
        for a in &arrs {
            if a.ext().len() != 1 {
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
        let elem = red.elem;
        let block = self.block;
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
            &|b, idx| Self::apply_map(b, red, &arrs, &[idx], idx),
        )?;
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
            &|b, idx| Ok(mk1(b, "hpar.index", &[first, idx], elem, &[])),
        )?;
        let zero = cidx(b, 0);
        Ok(mk1(b, "hpar.index", &[second, zero], elem, &[]))
    }

    /// Row reductions of a rank-2 array: one block per row.
    fn row_reduce(
        &mut self,
        b: &mut Builder<'_>,
        red: &Red,
        arrs: &[Arr],
        ext: &[Value],
    ) -> CResult<Value> {
        let (rows, m) = (ext[0], ext[1]);
        let bs = cidx(b, self.block);
        let k = ceildiv(b, m, bs);
        let block = self.block;
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
                Self::apply_map(b, red, arrs, &[r, idx], flat)
            },
        )
    }

    /// The value a reduction reduces at position `idx` of its inputs: the input itself, or the
    /// redomap's map lambda applied to the inputs.
    fn apply_map(
        b: &mut Builder<'_>,
        red: &Red,
        arrs: &[Arr],
        idx: &[Value],
        flat: Value,
    ) -> CResult<Value> {
        match red.map {
            None => Ok(Self::read(b, &arrs[0], idx, flat, red.elem)),
            Some(lam) => {
                let mut map = VMap::default();
                let largs = b.block_args(lam).to_vec();
                for (a, arr) in largs.iter().zip(arrs) {
                    let et = b.value_type(*a);
                    let v = Self::read(b, arr, idx, flat, et);
                    map.insert(*a, v);
                }
                Ok(inline_block(b, lam, &mut map)[0])
            }
        }
    }

    /// `nb` blocks; thread `t` of block `blk` pre-reduces the `k` elements `j < k` at
    /// `pos(blk, t, j)` (those out of bounds count as the neutral element) with a
    /// `reduce<thread>`; the block's `B` partial results are forced to shared memory and
    /// combined by `reduce<block>`; one result per block.
    #[allow(clippy::too_many_arguments, clippy::type_complexity)]
    fn reduce_program(
        &mut self,
        b: &mut Builder<'_>,
        red: &Red,
        par: &str,
        nb: Value,
        k: Value,
        pos: &dyn Fn(&mut Builder<'_>, Value, Value, Value) -> CResult<(Value, Value)>,
        elem_at: &dyn Fn(&mut Builder<'_>, Value) -> CResult<Value>,
    ) -> CResult<Value> {
        let elem = red.elem;
        let ne = red.ne;
        let block = self.block;
        self.program(b, elem, par, |b| {
            let one = cidx(b, 1);
            concat(b, Level::Block, nb, one, elem, |b, blk| {
                let bs = cidx(b, block);
                let one = cidx(b, 1);
                let pre = concat(b, Level::Thread, bs, one, elem, |b, t| {
                    let xs = generate(b, k, elem, |b, j| {
                        let (ok, idx) = pos(b, blk, t, j)?;
                        let (ifop, tb, eb) = tail_builtin::scf::IfOp::create(b, ok, &[elem], true);
                        let ip = b.insertion_point();
                        b.set_insertion_point(InsertPoint::BlockEnd(tb));
                        let v = elem_at(b, idx)?;
                        mk(b, "scf.yield", &[v], &[], &[], Vec::new());
                        b.set_insertion_point(InsertPoint::BlockEnd(eb.expect("else")));
                        mk(b, "scf.yield", &[ne], &[], &[], Vec::new());
                        b.set_insertion_point(ip);
                        Ok(b.result(ifop.op(), 0))
                    })?;
                    let s = reduce(b, Level::Thread, xs, ne, elem, red.opr);
                    let one = cidx(b, 1);
                    let cell = generate(b, one, elem, |_, _| Ok(s))?;
                    Ok(push(b, cell, elem, Level::Thread))
                })?;
                let pt = pull_ty(b.ctx, elem, Some(Level::Block));
                let lv = level(b.ctx, Level::Block);
                let shared = mk1(b, "hpar.force", &[pre], pt, &[("level", lv)]);
                let s = reduce(b, Level::Block, shared, ne, elem, red.opr);
                let cell = generate(b, one, elem, |_, _| Ok(s))?;
                Ok(push(b, cell, elem, Level::Block))
            })
        })
    }
}

/// `hpar.generate n { ^bb0(%i: index): … hpar.yield f(%i) }`.
fn generate(
    b: &mut Builder<'_>,
    n: Value,
    elem: Type,
    f: impl FnOnce(&mut Builder<'_>, Value) -> CResult<Value>,
) -> CResult<Value> {
    let it = b.index_type();
    let (r, blk) = region(b.ctx, &[it]);
    let ip = b.insertion_point();
    b.set_insertion_point(InsertPoint::BlockEnd(blk));
    let i = b.block_arg(blk, 0);
    let v = f(b, i)?;
    mk(b, "hpar.yield", &[v], &[], &[], Vec::new());
    b.set_insertion_point(ip);
    let t = pull_ty(b.ctx, elem, None);
    let op = mk(b, "hpar.generate", &[n], &[t], &[], vec![r]);
    Ok(b.result(op, 0))
}

/// `hpar.push<l> a`.
fn push(b: &mut Builder<'_>, a: Value, elem: Type, l: Level) -> Value {
    let t = push_ty(b.ctx, elem, l);
    let lv = level(b.ctx, l);
    mk1(b, "hpar.push", &[a], t, &[("level", lv)])
}

/// `hpar.concat<l> count, chunk { ^bb0(%i: index): … hpar.return body(%i) }`.
fn concat(
    b: &mut Builder<'_>,
    l: Level,
    count: Value,
    chunk: Value,
    elem: Type,
    body: impl FnOnce(&mut Builder<'_>, Value) -> CResult<Value>,
) -> CResult<Value> {
    let it = b.index_type();
    let (r, blk) = region(b.ctx, &[it]);
    let ip = b.insertion_point();
    b.set_insertion_point(InsertPoint::BlockEnd(blk));
    let i = b.block_arg(blk, 0);
    let v = body(b, i)?;
    mk(b, "hpar.return", &[v], &[], &[], Vec::new());
    b.set_insertion_point(ip);
    let up = match l {
        Level::Thread => Level::Block,
        _ => Level::Grid,
    };
    let t = push_ty(b.ctx, elem, up);
    let lv = level(b.ctx, l);
    let op = mk(
        b,
        "hpar.concat",
        &[count, chunk],
        &[t],
        &[("level", lv)],
        vec![r],
    );
    Ok(b.result(op, 0))
}

/// `hpar.reduce<l> xs init(ne) {comm} { operator }`, the operator cloned from `opr`.
fn reduce(
    b: &mut Builder<'_>,
    l: Level,
    xs: Value,
    ne: Value,
    elem: Type,
    opr: tail_ir::BlockId,
) -> Value {
    let (r, blk) = region(b.ctx, &[elem, elem]);
    let ip = b.insertion_point();
    b.set_insertion_point(InsertPoint::BlockEnd(blk));
    let mut map = VMap::default();
    let (oargs, nargs) = (b.block_args(opr).to_vec(), b.block_args(blk).to_vec());
    for (o, n) in oargs.into_iter().zip(nargs) {
        map.insert(o, n);
    }
    let ys = inline_block(b, opr, &mut map);
    mk(b, "hpar.yield", &[ys[0]], &[], &[], Vec::new());
    b.set_insertion_point(ip);
    let lv = level(b.ctx, l);
    let u = b.unit_attr();
    let op = mk(
        b,
        "hpar.reduce",
        &[xs, ne],
        &[elem],
        &[("level", lv), ("comm", u)],
        vec![r],
    );
    b.result(op, 0)
}
