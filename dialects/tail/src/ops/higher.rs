//! Higher-order primitives. The function argument is a single-block region whose arguments
//! are the element values and which ends in `tail.yield`:
//!
//! ```mlir
//! %s = tail.reduce %zero, %v : (i32, !tail.array<i32, 1>) -> i32 {
//! ^bb0(%x: i32, %y: i32):
//!   %r = tail.addi %x, %y : i32
//!   tail.yield %r : i32
//! }
//! ```

use std::fmt::{self, Write as _};

use tail_ir::constraints::*;
use tail_ir::parser::{ParseResult, Parser};
use tail_ir::printer::Printer;
use tail_ir::{Context, OperationState, RegionId, Type, Value};
use tail_ir_macros::op;

use crate::ops::util::*;
use crate::types::{AnyTail, ArrayLike, BaseType};
use crate::TailDialect;

/// Returns values from the function region of a higher-order op.
///
/// ```mlir
/// tail.yield %r : i32
/// ```
#[op(dialect = TailDialect, name = "yield", traits(Pure, Terminator, ReturnLike),
     format = "attr-dict ($values^ `:` type($values))?")]
pub struct YieldOp {
    /// The returned values.
    #[operand(variadic)]
    values: AnyType,
}

fn ty(ctx: &Context, v: Value) -> Type {
    ctx.value_type(v)
}

/// `each(f, a)`: `f` applied to every element (APL `¨`, scalar extension).
///
/// Type scheme: `∀αβγ. (α → β) → [α]^γ → [β]^γ`.
///
/// ```mlir
/// %r = tail.each %a : (!tail.array<i32, 1>) -> !tail.array<f64, 1> {
/// ^bb0(%x: i32):
///   %d = tail.i2d %x : i32 -> f64
///   tail.yield %d : f64
/// }
/// ```
#[op(dialect = TailDialect, name = "each", traits(RecursiveMemoryEffects),
     format = "$input attr-dict `:` functional-type(operands, results) $body", verify)]
pub struct EachOp {
    /// The array.
    #[operand]
    input: ArrayLike,
    #[result]
    result: ArrayLike,
    /// The function `α → β`.
    #[region(single_block)]
    body: Region,
}

impl EachOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let (a, ar) = arr(ctx, op, "input", self.input(ctx))?;
        let (b, br) = arr(ctx, op, "result", self.result(ctx))?;
        shape_rel(ctx, op, "rank", "result", &br, "input", &ar, 0)?;
        check_region(ctx, op, self.body(ctx), &[a], &[b])
    }
}

/// `eachV(f, v)`: `each` on a vector of known length.
///
/// Type scheme: `∀αβγ. (α → β) → ⟨α⟩^γ → ⟨β⟩^γ`.
///
/// ```mlir
/// %r = tail.eachV %v : (!tail.vec<i32, 3>) -> !tail.vec<i32, 3> {
/// ^bb0(%x: i32):
///   tail.yield %x : i32
/// }
/// ```
#[op(dialect = TailDialect, name = "eachV", traits(RecursiveMemoryEffects),
     format = "$input attr-dict `:` functional-type(operands, results) $body", verify)]
pub struct EachVOp {
    /// The vector.
    #[operand]
    input: AnyTail,
    #[result]
    result: AnyTail,
    /// The function `α → β`.
    #[region(single_block)]
    body: Region,
}

impl EachVOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let (a, an) = vec(ctx, op, "input", self.input(ctx))?;
        let (b, bn) = vec(ctx, op, "result", self.result(ctx))?;
        shape_rel(ctx, op, "length", "result", &bn, "input", &an, 0)?;
        check_region(ctx, op, self.body(ctx), &[a], &[b])
    }
}

/// `zipWith(f, a, b)`: `f` applied to corresponding elements of two arrays of equal shape.
///
/// Type scheme: `∀α1α2βγ. (α1 → α2 → β) → [α1]^γ → [α2]^γ → [β]^γ`.
///
/// ```mlir
/// %r = tail.zipWith %a, %b : (!tail.array<i32, 1>, !tail.array<i32, 1>) -> !tail.array<i32, 1> {
/// ^bb0(%x: i32, %y: i32):
///   %m = tail.muli %x, %y : i32
///   tail.yield %m : i32
/// }
/// ```
#[op(dialect = TailDialect, name = "zipWith", traits(RecursiveMemoryEffects),
     format = "$lhs `,` $rhs attr-dict `:` functional-type(operands, results) $body", verify)]
pub struct ZipWithOp {
    /// The first array.
    #[operand]
    lhs: ArrayLike,
    /// The second array.
    #[operand]
    rhs: ArrayLike,
    #[result]
    result: ArrayLike,
    /// The function `α1 → α2 → β`.
    #[region(single_block)]
    body: Region,
}

impl ZipWithOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let (a1, r1) = arr(ctx, op, "first input", self.lhs(ctx))?;
        let (a2, r2) = arr(ctx, op, "second input", self.rhs(ctx))?;
        shape_rel(ctx, op, "rank", "second input", &r2, "first input", &r1, 0)?;
        let (b, br) = arr(ctx, op, "result", self.result(ctx))?;
        shape_rel(ctx, op, "rank", "result", &br, "input", &r1, 0)?;
        check_region(ctx, op, self.body(ctx), &[a1, a2], &[b])
    }
}

/// `reduce(f, n, a)`: right fold of `f` along the last axis, with neutral element `n`
/// (APL `/`).
///
/// Type scheme: `∀αγ. (α → α → α) → α → [α]^(1+γ) → [α]^γ`.
///
/// ```mlir
/// %s = tail.reduce %zero, %m : (i32, !tail.array<i32, 2>) -> !tail.array<i32, 1> {
/// ^bb0(%x: i32, %y: i32):
///   %r = tail.addi %x, %y : i32
///   tail.yield %r : i32
/// }
/// ```
#[op(dialect = TailDialect, name = "reduce", traits(RecursiveMemoryEffects),
     format = "$neutral `,` $input attr-dict `:` functional-type(operands, results) $body", verify)]
pub struct ReduceOp {
    /// The neutral element.
    #[operand]
    neutral: BaseType,
    /// The array.
    #[operand]
    input: ArrayLike,
    #[result]
    result: ArrayLike,
    /// The function `α → α → α`.
    #[region(single_block)]
    body: Region,
}

impl ReduceOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let (a, ar) = arr(ctx, op, "input", self.input(ctx))?;
        rank_at_least(ctx, op, "input", &ar, 1)?;
        scalar_eq(ctx, op, "neutral element", self.neutral(ctx), a)?;
        let (b, br) = arr(ctx, op, "result", self.result(ctx))?;
        elem_eq(ctx, op, "result", a, b)?;
        shape_rel(ctx, op, "rank", "input", &ar, "result", &br, 1)?;
        check_region(ctx, op, self.body(ctx), &[a, a], &[a])
    }
}

/// `scan(f, a)`: prefix reductions of `f` along the last axis (APL `\`).
///
/// Type scheme: `∀αγ. (α → α → α) → [α]^γ → [α]^γ`.
///
/// ```mlir
/// %s = tail.scan %v : (!tail.array<i32, 1>) -> !tail.array<i32, 1> {
/// ^bb0(%x: i32, %y: i32):
///   %r = tail.addi %x, %y : i32
///   tail.yield %r : i32
/// }
/// ```
#[op(dialect = TailDialect, name = "scan", traits(RecursiveMemoryEffects),
     format = "$input attr-dict `:` functional-type(operands, results) $body", verify)]
pub struct ScanOp {
    /// The array.
    #[operand]
    input: ArrayLike,
    #[result]
    result: ArrayLike,
    /// The function `α → α → α`.
    #[region(single_block)]
    body: Region,
}

impl ScanOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let a = arr(ctx, op, "input", self.input(ctx))?;
        let r = arr(ctx, op, "result", self.result(ctx))?;
        same_array(ctx, op, r, a.clone())?;
        check_region(ctx, op, self.body(ctx), &[a.0, a.0], &[a.0])
    }
}

/// `power(f, n, x…)`: `f` applied `n` times to the state `x…` (APL `⍣`); the state may be
/// several values (power over tuples), which the region takes and yields.
///
/// Type scheme: `∀τ. (τ → τ) → int → τ → τ`.
///
/// ```mlir
/// %r:2 = tail.power %n, %a, %b : (i32, i32, f64) -> (i32, f64) {
/// ^bb0(%x: i32, %y: f64):
///   tail.yield %x, %y : i32, f64
/// }
/// ```
#[op(dialect = TailDialect, name = "power", traits(RecursiveMemoryEffects),
     format = "$count `,` $inits attr-dict `:` functional-type(operands, results) $body", verify)]
pub struct PowerOp {
    /// The number of iterations.
    #[operand]
    count: I32,
    /// The initial state.
    #[operand(variadic)]
    inits: AnyTail,
    #[result(variadic)]
    results: AnyTail,
    /// The step function.
    #[region(single_block)]
    body: Region,
}

impl PowerOp {
    fn verify(self, ctx: &Context) -> VResult {
        verify_loop(
            ctx,
            self.op(),
            &self.inits(ctx),
            &self.results(ctx),
            self.body(ctx),
        )
    }
}

fn verify_loop(
    ctx: &Context,
    op: tail_ir::OpId,
    inits: &[Value],
    results: &[Value],
    body: tail_ir::RegionId,
) -> VResult {
    let it: Vec<Type> = inits.iter().map(|&v| ty(ctx, v)).collect();
    let rt: Vec<Type> = results.iter().map(|&v| ty(ctx, v)).collect();
    if it != rt {
        return Err(err(
            ctx,
            op,
            "expects the result types to equal the state types",
        ));
    }
    check_region(ctx, op, body, &it, &it)
}

/// `powerScl(f, n, x)`: `power` on a scalar state.
///
/// Type scheme: `∀α. (α → α) → int → α → α`.
///
/// ```mlir
/// %r = tail.powerScl %n, %x : (i32, f64) -> f64 {
/// ^bb0(%y: f64):
///   tail.yield %y : f64
/// }
/// ```
#[op(dialect = TailDialect, name = "powerScl", traits(RecursiveMemoryEffects),
     format = "$count `,` $init attr-dict `:` functional-type(operands, results) $body", verify)]
pub struct PowerSclOp {
    /// The number of iterations.
    #[operand]
    count: I32,
    /// The initial state.
    #[operand]
    init: BaseType,
    #[result]
    result: BaseType,
    /// The step function.
    #[region(single_block)]
    body: Region,
}

impl PowerSclOp {
    fn verify(self, ctx: &Context) -> VResult {
        verify_loop(
            ctx,
            self.op(),
            &[self.init(ctx)],
            &[self.result(ctx)],
            self.body(ctx),
        )
    }
}

/// `bench(f, n, x)`: apltail's benchmarking loop (APL's `f ⎕BENCH n`): `f` applied `n` times
/// to the scalar `x`, exactly like `powerScl`, but marked as having side effects so that the
/// iterations are never folded, merged or removed, whatever the result's uses.
///
/// Type scheme: `∀α. (α → α) → int → α → α` (apltail's `Tail.bench`, built by `⎕BENCH` where
/// `powerScl` would be, and over `b2i(b)` where `condScl` would be; its instance list is that
/// of `powerScl`).
///
/// ```mlir
/// %r = tail.bench %n, %x : (i32, i32) -> i32 {
/// ^bb0(%y: i32):
///   tail.yield %y : i32
/// }
/// ```
#[op(dialect = TailDialect, name = "bench", traits(MemWrite),
     format = "$count `,` $init attr-dict `:` functional-type(operands, results) $body", verify)]
pub struct BenchOp {
    /// The number of iterations.
    #[operand]
    count: I32,
    /// The initial state.
    #[operand]
    init: BaseType,
    #[result]
    result: BaseType,
    /// The step function.
    #[region(single_block)]
    body: Region,
}

impl BenchOp {
    fn verify(self, ctx: &Context) -> VResult {
        verify_loop(
            ctx,
            self.op(),
            &[self.init(ctx)],
            &[self.result(ctx)],
            self.body(ctx),
        )
    }
}

/// `condScl(f, b, x)`: `f(x)` if `b`, otherwise `x`.
///
/// Type scheme: `∀α. (α → α) → bool → α → α`.
///
/// ```mlir
/// %r = tail.condScl %b, %x : (i1, i32) -> i32 {
/// ^bb0(%y: i32):
///   %z = tail.negi %y : i32
///   tail.yield %z : i32
/// }
/// ```
#[op(dialect = TailDialect, name = "condScl", traits(RecursiveMemoryEffects),
     format = "$cond `,` $init attr-dict `:` functional-type(operands, results) $body", verify)]
pub struct CondSclOp {
    /// The condition.
    #[operand]
    cond: I1,
    /// The argument.
    #[operand]
    init: BaseType,
    #[result]
    result: BaseType,
    /// The function.
    #[region(single_block)]
    body: Region,
}

impl CondSclOp {
    fn verify(self, ctx: &Context) -> VResult {
        verify_loop(
            ctx,
            self.op(),
            &[self.init(ctx)],
            &[self.result(ctx)],
            self.body(ctx),
        )
    }
}

/// `if c then e1 else e2` (apltail's `Iff`): the value of the `then` region if `c` is true,
/// otherwise that of the `else` region. Only the taken region is evaluated.
///
/// Type scheme: `∀τ. bool → τ → τ → τ`. Each region is one block without arguments that
/// computes its branch and ends in `tail.yield` of values of the result types; where TAIL's
/// branches have different types (`S(int,1)` and `S(int,2)`), the importer coerces both to
/// their join (apltail's `join`: `int`), so the yielded types always agree.
///
/// ```mlir
/// %r = tail.if %c -> (f64) {
///   %x = tail.const 1.0 : f64
///   tail.yield %x : f64
/// } else {
///   %y = tail.const 2.0 : f64
///   tail.yield %y : f64
/// }
/// ```
#[op(dialect = TailDialect, name = "if", traits(RecursiveMemoryEffects), custom_assembly,
     verify, canonicalize)]
pub struct IfOp {
    /// The condition.
    #[operand]
    cond: I1,
    /// The value of the taken branch (TAIL values or tuples of them).
    #[result(variadic)]
    results: AnyType,
    /// The `then` branch.
    #[region(single_block)]
    then_region: Region,
    /// The `else` branch.
    #[region(single_block)]
    else_region: Region,
}

impl IfOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let rt: Vec<Type> = self.results(ctx).iter().map(|&v| ty(ctx, v)).collect();
        for &t in &rt {
            let tail_value = |t: Type| crate::types::classify(ctx, t).is_some();
            let ok = match ctx.type_kind(t) {
                tail_ir::TypeKind::Tuple(ts) => ts.iter().all(|&c| tail_value(c)),
                _ => tail_value(t),
            };
            if !ok {
                return Err(err(
                    ctx,
                    op,
                    format!(
                        "expects TAIL values or tuples of them as results, but got {}",
                        crate::types::quoted(ctx, t)
                    ),
                ));
            }
        }
        for (region, name) in [
            (self.then_region(ctx), "then"),
            (self.else_region(ctx), "else"),
        ] {
            let Some(block) = ctx.entry_block(region) else {
                return Err(err(ctx, op, format!("expects a non-empty '{name}' region")));
            };
            let nargs = ctx.block_args(block).len();
            if nargs != 0 {
                return Err(err(
                    ctx,
                    op,
                    format!(
                        "expects the '{name}' region to take no arguments, but it takes {nargs}"
                    ),
                ));
            }
            let Some(term) = ctx
                .last_op(block)
                .filter(|&t| ctx.op_name_str(t) == "tail.yield")
            else {
                return Err(err(
                    ctx,
                    op,
                    format!("expects the '{name}' region to end with 'tail.yield'"),
                ));
            };
            let yt: Vec<Type> = ctx.operand_vec(term).iter().map(|&v| ty(ctx, v)).collect();
            if yt != rt {
                let show = |ts: &[Type]| {
                    let v: Vec<String> = ts.iter().map(|&t| ctx.type_to_string(t)).collect();
                    format!("({})", v.join(", "))
                };
                return Err(err(
                    ctx,
                    op,
                    format!(
                        "expects the '{name}' region to yield the result types {}, but it yields {}",
                        show(&rt),
                        show(&yt)
                    ),
                ));
            }
        }
        Ok(())
    }

    fn print(self, p: &mut Printer<'_>) -> fmt::Result {
        let ctx = p.ctx;
        let op = self.op();
        if tail_ir::format::verify_op(Self::spec(), ctx, op).is_err() {
            return p.write_str(" <<malformed op>>");
        }
        p.write_char(' ')?;
        p.print_value(ctx.operand(op, 0))?;
        let results: Vec<Type> = ctx.results(op).iter().map(|&v| ctx.value_type(v)).collect();
        if !results.is_empty() {
            p.write_str(" -> (")?;
            p.print_types(&results)?;
            p.write_char(')')?;
        }
        p.write_char(' ')?;
        p.print_region(ctx.region(op, 0), false, true)?;
        p.write_str(" else ")?;
        p.print_region(ctx.region(op, 1), false, true)?;
        p.print_optional_attr_dict(op, &[])
    }

    fn parse(p: &mut Parser<'_>, st: &mut OperationState) -> ParseResult<()> {
        let then_r: RegionId = p.ctx.create_region();
        let else_r: RegionId = p.ctx.create_region();
        st.regions = vec![then_r, else_r];
        let cond = p.parse_operand()?;
        let i1 = p.ctx.i1_type();
        let c = p.resolve_operand(&cond, i1)?;
        st.operands.push(c);
        st.result_types = p.parse_optional_arrow_type_list()?;
        p.parse_region(then_r, &[])?;
        p.parse_keyword("else")?;
        p.parse_region(else_r, &[])?;
        p.parse_optional_attr_dict(&mut st.attrs)
    }
}
