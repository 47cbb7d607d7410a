//! The parallel SOACs, after Futhark's: `map`, `reduce`, `scan` (inclusive), `redomap`,
//! `scanomap`, `filter` and `scatter`, and the lambdas' terminator `soac.yield`.
//!
//! Every SOAC works on the outer dimension of its input arrays: a lambda receives one *row*
//! of each input (a scalar for a rank-1 array, a `tensor<…>` of the remaining extents
//! otherwise), so a map over a rank-2 array is written as a map whose lambda maps over the
//! row (FHPC'16 §4: each TAIL primitive becomes a nest of maps around a SOAC). Lambdas are
//! single-block regions that may use values defined outside (they are not isolated), and end
//! in `soac.yield`.
//!
//! Operators of `reduce`, `scan`, `redomap` and `scanomap` must be associative with the given
//! neutral elements (Futhark's contract); `comm` declares them commutative as well, which lets
//! a lowering reorder the reduction. The reference semantics (and the interpreter) is the left
//! fold from the neutral elements: `reduce ⊕ ne [x0, …, xn-1] = (…(ne ⊕ x0) ⊕ …) ⊕ xn-1`.

use std::fmt;

use tail_ir::constraints::*;
use tail_ir::parser::{ParseResult, Parser};
use tail_ir::printer::Printer;
use tail_ir::{Context, OperationState, Value, DYNAMIC};
use tail_ir_macros::op;

use crate::ops::asm::{self, Neutral, Syntax};
use crate::types::{extent_str, Shaped, SoacArray, SoacValue};
use crate::util::*;
use crate::SoacDialect;

/// Returns the values of one application of a SOAC's lambda (or of a `soac.loop` body).
///
/// ```mlir
/// soac.yield %s, %t : f64, tensor<4xi32>
/// ```
#[op(dialect = SoacDialect, name = "yield", traits(Pure, Terminator, ReturnLike),
     parents("soac.map", "soac.reduce", "soac.scan", "soac.redomap", "soac.scanomap",
             "soac.filter", "soac.loop"),
     format = "attr-dict ($values^ `:` type($values))?")]
pub struct YieldOp {
    /// The returned values.
    #[operand(variadic)]
    values: AnyType,
}

/// The arrays of `vs` (named `input #i`), each checked to be a `soac` array.
fn input_arrays(ctx: &Context, op: tail_ir::OpId, vs: &[Value]) -> VResult<Vec<Shaped>> {
    if vs.is_empty() {
        return Err(err(ctx, op, "expects at least one input array"));
    }
    vs.iter()
        .enumerate()
        .map(|(i, &v)| array(ctx, op, &format!("input #{i}"), v))
        .collect()
}

/// The row types of `arrays`.
fn rows(arrays: &[Shaped]) -> Vec<Shaped> {
    arrays.iter().map(Shaped::row).collect()
}

/// Checks one neutral element per input, each of the input's row type; returns their types.
fn check_neutral_per_input(
    ctx: &Context,
    op: tail_ir::OpId,
    inputs: &[Shaped],
    neutral: &[Value],
) -> VResult<Vec<Shaped>> {
    if neutral.len() != inputs.len() {
        return Err(err(
            ctx,
            op,
            format!(
                "expects one neutral element per input array, but got {} neutral elements for {} inputs",
                neutral.len(),
                inputs.len()
            ),
        ));
    }
    let rows = rows(inputs);
    for (i, (&v, row)) in neutral.iter().zip(&rows).enumerate() {
        if !row.matches(ctx, ctx.value_type(v)) {
            return Err(err(
                ctx,
                op,
                format!(
                    "expects neutral element #{i} to have type '{}' (the row type of input #{i}), but got {}",
                    row.to_string(ctx),
                    quoted(ctx, ctx.value_type(v))
                ),
            ));
        }
    }
    Ok(rows)
}

/// Checks the result count.
fn check_result_count(ctx: &Context, op: tail_ir::OpId, expected: usize, what: &str) -> VResult {
    let n = ctx.num_results(op);
    if n != expected {
        return Err(err(
            ctx,
            op,
            format!("expects {expected} results ({what}), but got {n}"),
        ));
    }
    Ok(())
}

/// The types of `vs` as [`Shaped`], checked to be SOAC values (scalars or arrays).
fn shaped_values(
    ctx: &Context,
    op: tail_ir::OpId,
    what: &str,
    vs: &[Value],
) -> VResult<Vec<Shaped>> {
    vs.iter()
        .enumerate()
        .map(|(i, &v)| {
            Shaped::of(ctx, ctx.value_type(v)).ok_or_else(|| {
                err(
                    ctx,
                    op,
                    format!(
                        "expects {what} #{i} to be a TAIL scalar or array, but got {}",
                        quoted(ctx, ctx.value_type(v))
                    ),
                )
            })
        })
        .collect()
}

/// The combining lambda's signature: `(acc…, x…) -> acc…` over `tys`.
fn combine_args(tys: &[Shaped]) -> Vec<Shaped> {
    tys.iter().chain(tys).cloned().collect()
}

// ----- map ---------------------------------------------------------------------------------------

/// `map f xs…`: applies the lambda to the rows of the inputs at each index of their (equal)
/// outer extent; each result collects one yielded value per index.
///
/// ```mlir
/// %r = soac.map %xs, %ys : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
/// ^bb0(%x: f64, %y: f64):
///   %s = arith.addf %x, %y : f64
///   soac.yield %s : f64
/// }
/// ```
#[op(dialect = SoacDialect, name = "map", traits(RecursiveMemoryEffects, SingleBlock),
     custom_assembly, verify)]
pub struct MapOp {
    /// The arrays mapped over (at least one).
    #[operand(variadic)]
    inputs: SoacArray,
    /// One array per yielded value.
    #[result(variadic)]
    results: SoacArray,
    /// The lambda: rows of the inputs to rows of the results.
    #[region(single_block)]
    body: Region,
}

fn map_syntax() -> Syntax {
    Syntax {
        spec: MapOp::spec,
        neutral: Neutral::None,
        comm: false,
        regions: &[None],
    }
}

impl MapOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let ins = input_arrays(ctx, op, &self.inputs(ctx))?;
        let n = common_outer_extent(ctx, op, "input", &ins)?;
        let results = self.results(ctx);
        let outs = results
            .iter()
            .enumerate()
            .map(|(i, &r)| array(ctx, op, &format!("result #{i}"), r))
            .collect::<VResult<Vec<_>>>()?;
        check_lambda(ctx, op, self.body(ctx), "map", &rows(&ins), &rows(&outs))?;
        for (i, o) in outs.iter().enumerate() {
            check_array_result(ctx, op, &format!("result #{i}"), results[i], &o.row(), n)?;
        }
        Ok(())
    }

    fn print(self, p: &mut Printer<'_>) -> fmt::Result {
        asm::print(p, self.op(), &map_syntax())
    }

    fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        asm::parse(p, state, &map_syntax())
    }
}

// ----- reduce, scan ------------------------------------------------------------------------------

/// `reduce ⊕ ne xs…`: combines the rows of the inputs with an associative operator whose
/// neutral elements are `ne…` (one per input; several inputs reduce a tuple of arrays at
/// once). An empty input gives the neutral elements. `comm` declares `⊕` commutative.
///
/// ```mlir
/// %s = soac.reduce %xs init(%zero) comm : tensor<?xf64> -> f64 {
/// ^bb0(%acc: f64, %x: f64):
///   %r = arith.addf %acc, %x : f64
///   soac.yield %r : f64
/// }
/// ```
#[op(dialect = SoacDialect, name = "reduce", traits(RecursiveMemoryEffects, SingleBlock),
     custom_assembly, verify)]
pub struct ReduceOp {
    /// The arrays reduced.
    #[operand(variadic)]
    inputs: SoacArray,
    /// The neutral elements, one per input, of the inputs' row types.
    #[operand(variadic)]
    neutral: SoacValue,
    /// Whether the operator is commutative.
    #[attr(optional)]
    comm: UnitAttr,
    /// The reductions, of the inputs' row types.
    #[result(variadic)]
    results: SoacValue,
    /// The operator: `(acc…, x…) -> acc…`.
    #[region(single_block)]
    body: Region,
}

fn reduce_syntax() -> Syntax {
    Syntax {
        spec: ReduceOp::spec,
        neutral: Neutral::ResultType,
        comm: true,
        regions: &[None],
    }
}

impl ReduceOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let ins = input_arrays(ctx, op, &self.inputs(ctx))?;
        common_outer_extent(ctx, op, "input", &ins)?;
        let rows = check_neutral_per_input(ctx, op, &ins, &self.neutral(ctx))?;
        check_result_count(ctx, op, ins.len(), "one per input array")?;
        for (i, (&r, row)) in self.results(ctx).iter().zip(&rows).enumerate() {
            if !row.matches(ctx, ctx.value_type(r)) {
                return Err(err(
                    ctx,
                    op,
                    format!(
                        "expects result #{i} to have type '{}' (the row type of input #{i}), but got {}",
                        row.to_string(ctx),
                        quoted(ctx, ctx.value_type(r))
                    ),
                ));
            }
        }
        check_lambda(
            ctx,
            op,
            self.body(ctx),
            "combining",
            &combine_args(&rows),
            &rows,
        )
    }

    fn print(self, p: &mut Printer<'_>) -> fmt::Result {
        asm::print(p, self.op(), &reduce_syntax())
    }

    fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        asm::parse(p, state, &reduce_syntax())
    }
}

/// `scan ⊕ ne xs…`: inclusive prefix combination of the rows of the inputs,
/// `[x0, x0 ⊕ x1, …]`, with an associative operator whose neutral elements are `ne…`.
///
/// ```mlir
/// %s = soac.scan %xs init(%zero) : tensor<?xi32> -> tensor<?xi32> {
/// ^bb0(%acc: i32, %x: i32):
///   %r = arith.addi %acc, %x : i32
///   soac.yield %r : i32
/// }
/// ```
#[op(dialect = SoacDialect, name = "scan", traits(RecursiveMemoryEffects, SingleBlock),
     custom_assembly, verify)]
pub struct ScanOp {
    /// The arrays scanned.
    #[operand(variadic)]
    inputs: SoacArray,
    /// The neutral elements, one per input, of the inputs' row types.
    #[operand(variadic)]
    neutral: SoacValue,
    /// Whether the operator is commutative.
    #[attr(optional)]
    comm: UnitAttr,
    /// The prefix combinations, one array per input.
    #[result(variadic)]
    results: SoacArray,
    /// The operator: `(acc…, x…) -> acc…`.
    #[region(single_block)]
    body: Region,
}

fn scan_syntax() -> Syntax {
    Syntax {
        spec: ScanOp::spec,
        neutral: Neutral::ResultRow,
        comm: true,
        regions: &[None],
    }
}

impl ScanOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let ins = input_arrays(ctx, op, &self.inputs(ctx))?;
        let n = common_outer_extent(ctx, op, "input", &ins)?;
        let rows = check_neutral_per_input(ctx, op, &ins, &self.neutral(ctx))?;
        check_result_count(ctx, op, ins.len(), "one per input array")?;
        for (i, (&r, row)) in self.results(ctx).iter().zip(&rows).enumerate() {
            check_array_result(ctx, op, &format!("result #{i}"), r, row, n)?;
        }
        check_lambda(
            ctx,
            op,
            self.body(ctx),
            "combining",
            &combine_args(&rows),
            &rows,
        )
    }

    fn print(self, p: &mut Printer<'_>) -> fmt::Result {
        asm::print(p, self.op(), &scan_syntax())
    }

    fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        asm::parse(p, state, &scan_syntax())
    }
}

// ----- redomap, scanomap -------------------------------------------------------------------------

/// Checks the lambdas and results shared by `redomap` and `scanomap`: the map lambda takes
/// the inputs' rows and yields `k` values of the neutral elements' types followed by `m`
/// mapped-out values; the combining lambda is `(acc…, x…) -> acc…` over the neutral types.
/// The first `k` results are checked by `combined`; the last `m` are arrays of the
/// mapped-out values.
fn verify_fused(
    ctx: &Context,
    op: tail_ir::OpId,
    inputs: &[Value],
    neutral: &[Value],
    red: tail_ir::RegionId,
    map: tail_ir::RegionId,
    combined: impl Fn(usize, Value, &Shaped, i64) -> VResult,
) -> VResult {
    let ins = input_arrays(ctx, op, inputs)?;
    let n = common_outer_extent(ctx, op, "input", &ins)?;
    let ne = shaped_values(ctx, op, "neutral element", neutral)?;
    let results = ctx.results(op).to_vec();
    if results.len() < ne.len() {
        return Err(err(
            ctx,
            op,
            format!(
                "expects at least {} results (one per neutral element), but got {}",
                ne.len(),
                results.len()
            ),
        ));
    }
    let mut map_out = Vec::new();
    for (i, &r) in results.iter().enumerate() {
        if i < ne.len() {
            combined(i, r, &ne[i], n)?;
        } else {
            let a = array(ctx, op, &format!("result #{i}"), r)?;
            check_array_result(ctx, op, &format!("result #{i}"), r, &a.row(), n)?;
            map_out.push(a.row());
        }
    }
    let map_results: Vec<Shaped> = ne.iter().cloned().chain(map_out).collect();
    check_lambda(ctx, op, map, "map", &rows(&ins), &map_results)?;
    check_lambda(ctx, op, red, "combining", &combine_args(&ne), &ne)
}

/// `redomap ⊕ f ne xs…`: `reduce ⊕ ne (map f xs…)` without the intermediate arrays
/// (Futhark's redomap, the result of fusing a map into a reduction). The map lambda yields
/// `k` values that are reduced (`k` = the number of neutral elements), then any number of
/// *mapped-out* values collected into arrays, the producer's results that other consumers
/// still need.
///
/// ```mlir
/// %dot = soac.redomap %xs, %ys init(%zero) comm : tensor<?xf64>, tensor<?xf64> -> f64
///   reduce {
///   ^bb0(%a: f64, %b: f64):
///     %s = arith.addf %a, %b : f64
///     soac.yield %s : f64
///   } map {
///   ^bb0(%x: f64, %y: f64):
///     %p = arith.mulf %x, %y : f64
///     soac.yield %p : f64
///   }
/// ```
#[op(dialect = SoacDialect, name = "redomap", traits(RecursiveMemoryEffects, SingleBlock),
     custom_assembly, verify)]
pub struct RedomapOp {
    /// The arrays mapped over.
    #[operand(variadic)]
    inputs: SoacArray,
    /// The neutral elements of the reductions.
    #[operand(variadic)]
    neutral: SoacValue,
    /// Whether the operator is commutative.
    #[attr(optional)]
    comm: UnitAttr,
    /// The reductions, then the mapped-out arrays.
    #[result(variadic)]
    results: SoacValue,
    /// The operator: `(acc…, x…) -> acc…`.
    #[region(single_block)]
    red: Region,
    /// The map lambda: rows of the inputs to the reduced values and the mapped-out values.
    #[region(single_block)]
    map: Region,
}

fn redomap_syntax() -> Syntax {
    Syntax {
        spec: RedomapOp::spec,
        neutral: Neutral::ResultType,
        comm: true,
        regions: &[Some("reduce"), Some("map")],
    }
}

impl RedomapOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        verify_fused(
            ctx,
            op,
            &self.inputs(ctx),
            &self.neutral(ctx),
            self.red(ctx),
            self.map(ctx),
            |i, r, ne, _| {
                if ne.matches(ctx, ctx.value_type(r)) {
                    Ok(())
                } else {
                    Err(err(
                        ctx,
                        op,
                        format!(
                            "expects result #{i} to have type '{}' (the type of neutral element #{i}), but got {}",
                            ne.to_string(ctx),
                            quoted(ctx, ctx.value_type(r))
                        ),
                    ))
                }
            },
        )
    }

    fn print(self, p: &mut Printer<'_>) -> fmt::Result {
        asm::print(p, self.op(), &redomap_syntax())
    }

    fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        asm::parse(p, state, &redomap_syntax())
    }
}

/// `scanomap ⊕ f ne xs…`: `scan ⊕ ne (map f xs…)` without the intermediate arrays
/// (Futhark's scanomap), with mapped-out values as in `soac.redomap`.
///
/// ```mlir
/// %s = soac.scanomap %xs init(%zero) : tensor<?xi32> -> tensor<?xi32>
///   scan {
///   ^bb0(%a: i32, %b: i32):
///     %s = arith.addi %a, %b : i32
///     soac.yield %s : i32
///   } map {
///   ^bb0(%x: i32):
///     %sq = arith.muli %x, %x : i32
///     soac.yield %sq : i32
///   }
/// ```
#[op(dialect = SoacDialect, name = "scanomap", traits(RecursiveMemoryEffects, SingleBlock),
     custom_assembly, verify)]
pub struct ScanomapOp {
    /// The arrays mapped over.
    #[operand(variadic)]
    inputs: SoacArray,
    /// The neutral elements of the scans.
    #[operand(variadic)]
    neutral: SoacValue,
    /// Whether the operator is commutative.
    #[attr(optional)]
    comm: UnitAttr,
    /// The scans, then the mapped-out arrays.
    #[result(variadic)]
    results: SoacArray,
    /// The operator: `(acc…, x…) -> acc…`.
    #[region(single_block)]
    scan: Region,
    /// The map lambda: rows of the inputs to the scanned values and the mapped-out values.
    #[region(single_block)]
    map: Region,
}

fn scanomap_syntax() -> Syntax {
    Syntax {
        spec: ScanomapOp::spec,
        neutral: Neutral::ResultRow,
        comm: true,
        regions: &[Some("scan"), Some("map")],
    }
}

impl ScanomapOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        verify_fused(
            ctx,
            op,
            &self.inputs(ctx),
            &self.neutral(ctx),
            self.scan(ctx),
            self.map(ctx),
            |i, r, ne, n| check_array_result(ctx, op, &format!("result #{i}"), r, ne, n),
        )
    }

    fn print(self, p: &mut Printer<'_>) -> fmt::Result {
        asm::print(p, self.op(), &scanomap_syntax())
    }

    fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        asm::parse(p, state, &scanomap_syntax())
    }
}

// ----- filter ------------------------------------------------------------------------------------

/// `filter p xs…`: keeps the rows (at the same indices in every input) for which the predicate
/// holds, in order. The results' outer extent is dynamic. APL's compression `bs/xs` is
/// `filter (λb x. b) bs xs` with the first result unused.
///
/// ```mlir
/// %bs2, %xs2 = soac.filter %bs, %xs : tensor<?xi1>, tensor<?xf64> -> (tensor<?xi1>, tensor<?xf64>) {
/// ^bb0(%b: i1, %x: f64):
///   soac.yield %b : i1
/// }
/// ```
#[op(dialect = SoacDialect, name = "filter", traits(RecursiveMemoryEffects, SingleBlock),
     custom_assembly, verify)]
pub struct FilterOp {
    /// The arrays filtered.
    #[operand(variadic)]
    inputs: SoacArray,
    /// The kept rows of each input.
    #[result(variadic)]
    results: SoacArray,
    /// The predicate: rows of the inputs to `i1`.
    #[region(single_block)]
    body: Region,
}

fn filter_syntax() -> Syntax {
    Syntax {
        spec: FilterOp::spec,
        neutral: Neutral::None,
        comm: false,
        regions: &[None],
    }
}

impl FilterOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let ins = input_arrays(ctx, op, &self.inputs(ctx))?;
        common_outer_extent(ctx, op, "input", &ins)?;
        check_result_count(ctx, op, ins.len(), "one per input array")?;
        for (i, (&r, a)) in self.results(ctx).iter().zip(&ins).enumerate() {
            check_array_result(ctx, op, &format!("result #{i}"), r, &a.row(), DYNAMIC)?;
            if array(ctx, op, "result", r)?.shape[0] != DYNAMIC {
                return Err(err(
                    ctx,
                    op,
                    format!(
                        "expects result #{i} to have a dynamic outer extent, but got {}",
                        quoted(ctx, ctx.value_type(r))
                    ),
                ));
            }
        }
        let i1 = Shaped {
            shape: vec![],
            elem: i1_of(ctx, op)?,
        };
        check_lambda(ctx, op, self.body(ctx), "predicate", &rows(&ins), &[i1])
    }

    fn print(self, p: &mut Printer<'_>) -> fmt::Result {
        asm::print(p, self.op(), &filter_syntax())
    }

    fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        asm::parse(p, state, &filter_syntax())
    }
}

/// The `i1` type, found without interning: the predicate's yielded value if it is `i1`,
/// otherwise an error reporting what it yields.
fn i1_of(ctx: &Context, op: tail_ir::OpId) -> VResult<tail_ir::Type> {
    let ys = lambda_yield_types(ctx, ctx.region(op, 0));
    match ys.as_slice() {
        [t] if tail_dialect::types::is_bool(ctx, *t) => Ok(*t),
        [t] => Err(err(
            ctx,
            op,
            format!(
                "expects predicate lambda result #0 to have type 'i1', but got {}",
                quoted(ctx, *t)
            ),
        )),
        _ => Err(err(
            ctx,
            op,
            format!(
                "expects the predicate lambda to yield 1 values, but it yields {}",
                ys.len()
            ),
        )),
    }
}

// ----- scatter -----------------------------------------------------------------------------------

/// `scatter dest is vs`: writes row `vs[j]` to `dest[is[j]]` for every `j`, in place (the
/// destination is consumed and must not be used afterwards). Indices outside
/// `[0, dim(dest, 0))` are ignored, as in Futhark, so a filter can be written as a scatter
/// to computed positions; when an index repeats, the last write wins.
///
/// `permutation` declares the indices a permutation of the destination's rows (as many
/// indices as rows, each row once): every row is written, by one write, so the destination's
/// contents do not matter and the writes do not collide (a lowering may write them directly;
/// the interpreter checks the claim).
///
/// ```mlir
/// %r = soac.scatter %vs into %dest[%is] : tensor<?xf64>, tensor<?xi32> -> tensor<8xf64>
/// %p = soac.scatter %vs into %dest[%is] {permutation} : tensor<?xf64>, tensor<?xi32> -> tensor<?xf64>
/// ```
#[op(dialect = SoacDialect, name = "scatter", traits(Pure),
     format = "$values `into` $dest `[` $indices `]` attr-dict `:` type($values) `,` type($indices) `->` type($dest)",
     verify)]
pub struct ScatterOp {
    /// The rows written.
    #[operand]
    values: SoacArray,
    /// The array written into (consumed).
    #[operand(consumed)]
    dest: SoacArray,
    /// Where each row goes: a rank-1 `i32` array as long as `values`.
    #[operand]
    indices: SoacArray,
    /// Whether the indices are a permutation of the destination's rows.
    #[attr(optional)]
    permutation: UnitAttr,
    /// The updated array.
    #[result(type_from = dest)]
    result: SoacArray,
}

impl ScatterOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let dest = array(ctx, op, "the destination", self.dest(ctx))?;
        let is = array(ctx, op, "the indices", self.indices(ctx))?;
        let vs = array(ctx, op, "the values", self.values(ctx))?;
        if is.rank() != 1 || !tail_dialect::types::is_int(ctx, is.elem) {
            return Err(err(
                ctx,
                op,
                format!(
                    "expects the indices to be a rank-1 array of 'i32', but got {}",
                    quoted(ctx, ctx.value_type(self.indices(ctx)))
                ),
            ));
        }
        if vs.row() != dest.row() {
            return Err(err(
                ctx,
                op,
                format!(
                    "expects the values to be rows of the destination ('{}'), but got {}",
                    dest.row().to_string(ctx),
                    quoted(ctx, ctx.value_type(self.values(ctx)))
                ),
            ));
        }
        if !crate::types::extents_agree(vs.shape[0], is.shape[0]) {
            return Err(err(
                ctx,
                op,
                format!(
                    "expects as many indices as values, but got {} and {}",
                    extent_str(is.shape[0]),
                    extent_str(vs.shape[0])
                ),
            ));
        }
        if self.permutation(ctx).is_some()
            && !crate::types::extents_agree(dest.shape[0], is.shape[0])
        {
            return Err(err(
                ctx,
                op,
                format!(
                    "expects as many indices as destination rows for a permutation, but got {} and {}",
                    extent_str(is.shape[0]),
                    extent_str(dest.shape[0])
                ),
            ));
        }
        check_consumed(ctx, op, self.dest(ctx))
    }
}
