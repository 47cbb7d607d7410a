//! Declarations of the `arith` ops, their custom assembly and their verifiers.
//!
//! Binary ops use `$lhs, $rhs attr-dict : type($result)`, casts `$input attr-dict :
//! type($input) to type($out)`, exactly upstream's assembly formats. `arith.constant`,
//! `arith.cmpi`, `arith.cmpf` and `arith.select` have hand-written printers and parsers
//! matching upstream's output (predicates print as keywords).

use std::fmt::{self, Write as _};

use tail_ir::parser::{ParseResult, Parser};
use tail_ir::printer::Printer;
use tail_ir::{Context, Diagnostic, OperationState, Type};
use tail_ir_macros::op;

use super::flags::{FastMathFlags, OverflowFlags, RoundingModeAttr};
use super::fold::{CmpFPredicate, CmpIPredicate};
use super::ArithDialect;
use crate::constraints::*;
use crate::util::{op_error, quoted};

// ----- constant ----------------------------------------------------------------------------

/// An integer, index, float or dense elements constant.
///
/// ```mlir
/// %c42 = arith.constant 42 : i32
/// %cst = arith.constant 1.500000e+00 : f64
/// %true = arith.constant true
/// %d = arith.constant dense<[1, 2]> : tensor<2xi32>
/// ```
#[op(dialect = ArithDialect, name = "constant", traits(Pure, ConstantLike), custom_assembly, fold, verify)]
pub struct ConstantOp {
    #[attr]
    value: TypedAttr,
    #[result]
    result: AnyType,
}

impl ConstantOp {
    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let op = self.op();
        let ty = ctx.value_type(ctx.result(op, 0));
        let Some(value) = ctx.attr(op, "value") else {
            return Err(op_error(ctx, op, "requires attribute 'value'"));
        };
        let Some(vty) = ctx.attr_type(value) else {
            return Err(op_error(
                ctx,
                op,
                "value must be an integer, float, or elements attribute",
            ));
        };
        if vty != ty {
            return Err(op_error(
                ctx,
                op,
                "failed to verify that all of {value, result} have same type",
            ));
        }
        if ctx.int_width(ty).is_some() && !crate::util::is_signless_int(ctx, ty) {
            return Err(op_error(ctx, op, "integer return type must be signless"));
        }
        Ok(())
    }

    pub(crate) fn print(self, p: &mut Printer<'_>) -> fmt::Result {
        if !crate::util::printable(p, Self::spec(), self.0)? {
            return Ok(());
        }
        let ctx = p.ctx;
        let op = self.op();
        p.print_optional_attr_dict(op, &["value"])?;
        p.write_char(' ')?;
        match ctx.attr(op, "value") {
            Some(v) => p.print_attr(v),
            None => p.write_str("<<NULL ATTRIBUTE>>"),
        }
    }

    pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        p.parse_optional_attr_dict(&mut state.attrs)?;
        let loc = p.loc();
        let value = p.parse_attribute()?;
        let Some(ty) = p.ctx.attr_type(value) else {
            return Err(Diagnostic::error(
                loc,
                "expected an integer, float or elements attribute with a type",
            ));
        };
        state.add_attr(p.ctx, "value", value);
        state.result_types.push(ty);
        Ok(())
    }
}

// ----- integer binary ops --------------------------------------------------------------------

/// Integer addition, wrapping around at the bit width.
///
/// ```mlir
/// %0 = arith.addi %a, %b : i32
/// ```
#[op(dialect = ArithDialect, name = "addi", traits(Pure, Commutative, SameOperandsAndResultType),
     format = "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)", fold, canonicalize)]
pub struct AddIOp {
    #[operand]
    lhs: SignlessIntegerLike,
    #[operand]
    rhs: SignlessIntegerLike,
    #[result]
    result: SignlessIntegerLike,
    /// Integer overflow flags (default `none`).
    #[attr(default = OverflowFlags::none(ctx))]
    overflowFlags: OverflowFlags,
}

/// Integer subtraction, wrapping around at the bit width.
///
/// ```mlir
/// %0 = arith.subi %a, %b : i32
/// ```
#[op(dialect = ArithDialect, name = "subi", traits(Pure, SameOperandsAndResultType),
     format = "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)", fold, canonicalize)]
pub struct SubIOp {
    #[operand]
    lhs: SignlessIntegerLike,
    #[operand]
    rhs: SignlessIntegerLike,
    #[result]
    result: SignlessIntegerLike,
    /// Integer overflow flags (default `none`).
    #[attr(default = OverflowFlags::none(ctx))]
    overflowFlags: OverflowFlags,
}

/// Integer multiplication, wrapping around at the bit width.
///
/// ```mlir
/// %0 = arith.muli %a, %b : index
/// ```
#[op(dialect = ArithDialect, name = "muli", traits(Pure, Commutative, SameOperandsAndResultType),
     format = "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)", fold, canonicalize)]
pub struct MulIOp {
    #[operand]
    lhs: SignlessIntegerLike,
    #[operand]
    rhs: SignlessIntegerLike,
    #[result]
    result: SignlessIntegerLike,
    /// Integer overflow flags (default `none`).
    #[attr(default = OverflowFlags::none(ctx))]
    overflowFlags: OverflowFlags,
}

/// Signed integer division, rounding toward zero. Division by zero and `INT_MIN / -1` are
/// undefined.
///
/// ```mlir
/// %0 = arith.divsi %a, %b : i32
/// ```
#[op(dialect = ArithDialect, name = "divsi", traits(Pure, SameOperandsAndResultType),
     format = "$lhs `,` $rhs attr-dict `:` type($result)", fold)]
pub struct DivSIOp {
    #[operand]
    lhs: SignlessIntegerLike,
    #[operand]
    rhs: SignlessIntegerLike,
    #[result]
    result: SignlessIntegerLike,
}

/// Unsigned integer division. Division by zero is undefined.
///
/// ```mlir
/// %0 = arith.divui %a, %b : i32
/// ```
#[op(dialect = ArithDialect, name = "divui", traits(Pure, SameOperandsAndResultType),
     format = "$lhs `,` $rhs attr-dict `:` type($result)", fold)]
pub struct DivUIOp {
    #[operand]
    lhs: SignlessIntegerLike,
    #[operand]
    rhs: SignlessIntegerLike,
    #[result]
    result: SignlessIntegerLike,
}

/// Signed integer remainder; the result has the sign of the dividend.
///
/// ```mlir
/// %0 = arith.remsi %a, %b : i32
/// ```
#[op(dialect = ArithDialect, name = "remsi", traits(Pure, SameOperandsAndResultType),
     format = "$lhs `,` $rhs attr-dict `:` type($result)", fold)]
pub struct RemSIOp {
    #[operand]
    lhs: SignlessIntegerLike,
    #[operand]
    rhs: SignlessIntegerLike,
    #[result]
    result: SignlessIntegerLike,
}

/// Unsigned integer remainder.
///
/// ```mlir
/// %0 = arith.remui %a, %b : i32
/// ```
#[op(dialect = ArithDialect, name = "remui", traits(Pure, SameOperandsAndResultType),
     format = "$lhs `,` $rhs attr-dict `:` type($result)", fold)]
pub struct RemUIOp {
    #[operand]
    lhs: SignlessIntegerLike,
    #[operand]
    rhs: SignlessIntegerLike,
    #[result]
    result: SignlessIntegerLike,
}

/// Signed integer division rounding toward positive infinity.
///
/// ```mlir
/// %0 = arith.ceildivsi %a, %b : i32
/// ```
#[op(dialect = ArithDialect, name = "ceildivsi", traits(Pure, SameOperandsAndResultType),
     format = "$lhs `,` $rhs attr-dict `:` type($result)", fold)]
pub struct CeilDivSIOp {
    #[operand]
    lhs: SignlessIntegerLike,
    #[operand]
    rhs: SignlessIntegerLike,
    #[result]
    result: SignlessIntegerLike,
}

/// Signed integer division rounding toward negative infinity.
///
/// ```mlir
/// %0 = arith.floordivsi %a, %b : i32
/// ```
#[op(dialect = ArithDialect, name = "floordivsi", traits(Pure, SameOperandsAndResultType),
     format = "$lhs `,` $rhs attr-dict `:` type($result)", fold)]
pub struct FloorDivSIOp {
    #[operand]
    lhs: SignlessIntegerLike,
    #[operand]
    rhs: SignlessIntegerLike,
    #[result]
    result: SignlessIntegerLike,
}

/// Bitwise and.
///
/// ```mlir
/// %0 = arith.andi %a, %b : i1
/// ```
#[op(dialect = ArithDialect, name = "andi", traits(Pure, Commutative, Idempotent, SameOperandsAndResultType),
     format = "$lhs `,` $rhs attr-dict `:` type($result)", fold, canonicalize)]
pub struct AndIOp {
    #[operand]
    lhs: SignlessIntegerLike,
    #[operand]
    rhs: SignlessIntegerLike,
    #[result]
    result: SignlessIntegerLike,
}

/// Bitwise or.
///
/// ```mlir
/// %0 = arith.ori %a, %b : i32
/// ```
#[op(dialect = ArithDialect, name = "ori", traits(Pure, Commutative, Idempotent, SameOperandsAndResultType),
     format = "$lhs `,` $rhs attr-dict `:` type($result)", fold, canonicalize)]
pub struct OrIOp {
    #[operand]
    lhs: SignlessIntegerLike,
    #[operand]
    rhs: SignlessIntegerLike,
    #[result]
    result: SignlessIntegerLike,
}

/// Bitwise exclusive or (`xori %x, %true` is logical not on `i1`).
///
/// ```mlir
/// %0 = arith.xori %a, %b : i32
/// ```
#[op(dialect = ArithDialect, name = "xori", traits(Pure, Commutative, SameOperandsAndResultType),
     format = "$lhs `,` $rhs attr-dict `:` type($result)", fold, canonicalize)]
pub struct XOrIOp {
    #[operand]
    lhs: SignlessIntegerLike,
    #[operand]
    rhs: SignlessIntegerLike,
    #[result]
    result: SignlessIntegerLike,
}

/// Shift left; shifting by the bit width or more gives poison.
///
/// ```mlir
/// %0 = arith.shli %a, %b : i32
/// ```
#[op(dialect = ArithDialect, name = "shli", traits(Pure, SameOperandsAndResultType),
     format = "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)", fold)]
pub struct ShLIOp {
    #[operand]
    lhs: SignlessIntegerLike,
    #[operand]
    rhs: SignlessIntegerLike,
    #[result]
    result: SignlessIntegerLike,
    /// Integer overflow flags (default `none`).
    #[attr(default = OverflowFlags::none(ctx))]
    overflowFlags: OverflowFlags,
}

/// Arithmetic (sign-filling) shift right.
///
/// ```mlir
/// %0 = arith.shrsi %a, %b : i32
/// ```
#[op(dialect = ArithDialect, name = "shrsi", traits(Pure, SameOperandsAndResultType),
     format = "$lhs `,` $rhs attr-dict `:` type($result)", fold)]
pub struct ShRSIOp {
    #[operand]
    lhs: SignlessIntegerLike,
    #[operand]
    rhs: SignlessIntegerLike,
    #[result]
    result: SignlessIntegerLike,
}

/// Logical (zero-filling) shift right.
///
/// ```mlir
/// %0 = arith.shrui %a, %b : i32
/// ```
#[op(dialect = ArithDialect, name = "shrui", traits(Pure, SameOperandsAndResultType),
     format = "$lhs `,` $rhs attr-dict `:` type($result)", fold)]
pub struct ShRUIOp {
    #[operand]
    lhs: SignlessIntegerLike,
    #[operand]
    rhs: SignlessIntegerLike,
    #[result]
    result: SignlessIntegerLike,
}

/// Signed integer maximum.
///
/// ```mlir
/// %0 = arith.maxsi %a, %b : i32
/// ```
#[op(dialect = ArithDialect, name = "maxsi", traits(Pure, Commutative, SameOperandsAndResultType),
     format = "$lhs `,` $rhs attr-dict `:` type($result)", fold)]
pub struct MaxSIOp {
    #[operand]
    lhs: SignlessIntegerLike,
    #[operand]
    rhs: SignlessIntegerLike,
    #[result]
    result: SignlessIntegerLike,
}

/// Signed integer minimum.
///
/// ```mlir
/// %0 = arith.minsi %a, %b : i32
/// ```
#[op(dialect = ArithDialect, name = "minsi", traits(Pure, Commutative, SameOperandsAndResultType),
     format = "$lhs `,` $rhs attr-dict `:` type($result)", fold)]
pub struct MinSIOp {
    #[operand]
    lhs: SignlessIntegerLike,
    #[operand]
    rhs: SignlessIntegerLike,
    #[result]
    result: SignlessIntegerLike,
}

/// Unsigned integer maximum.
///
/// ```mlir
/// %0 = arith.maxui %a, %b : i32
/// ```
#[op(dialect = ArithDialect, name = "maxui", traits(Pure, Commutative, SameOperandsAndResultType),
     format = "$lhs `,` $rhs attr-dict `:` type($result)", fold)]
pub struct MaxUIOp {
    #[operand]
    lhs: SignlessIntegerLike,
    #[operand]
    rhs: SignlessIntegerLike,
    #[result]
    result: SignlessIntegerLike,
}

/// Unsigned integer minimum.
///
/// ```mlir
/// %0 = arith.minui %a, %b : i32
/// ```
#[op(dialect = ArithDialect, name = "minui", traits(Pure, Commutative, SameOperandsAndResultType),
     format = "$lhs `,` $rhs attr-dict `:` type($result)", fold)]
pub struct MinUIOp {
    #[operand]
    lhs: SignlessIntegerLike,
    #[operand]
    rhs: SignlessIntegerLike,
    #[result]
    result: SignlessIntegerLike,
}

// ----- float binary ops ----------------------------------------------------------------------

/// Floating-point addition.
///
/// ```mlir
/// %0 = arith.addf %a, %b : f32
/// ```
#[op(dialect = ArithDialect, name = "addf", traits(Pure, Commutative, SameOperandsAndResultType),
     format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct AddFOp {
    #[operand]
    lhs: FloatLike,
    #[operand]
    rhs: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

/// Floating-point subtraction.
///
/// ```mlir
/// %0 = arith.subf %a, %b : f32
/// ```
#[op(dialect = ArithDialect, name = "subf", traits(Pure, SameOperandsAndResultType),
     format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct SubFOp {
    #[operand]
    lhs: FloatLike,
    #[operand]
    rhs: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

/// Floating-point multiplication.
///
/// ```mlir
/// %0 = arith.mulf %a, %b : f64
/// ```
#[op(dialect = ArithDialect, name = "mulf", traits(Pure, Commutative, SameOperandsAndResultType),
     format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct MulFOp {
    #[operand]
    lhs: FloatLike,
    #[operand]
    rhs: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

/// Floating-point division.
///
/// ```mlir
/// %0 = arith.divf %a, %b : f32
/// ```
#[op(dialect = ArithDialect, name = "divf", traits(Pure, SameOperandsAndResultType),
     format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct DivFOp {
    #[operand]
    lhs: FloatLike,
    #[operand]
    rhs: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

/// Floating-point remainder (C `fmod`: the result has the sign of the dividend).
///
/// ```mlir
/// %0 = arith.remf %a, %b : f32
/// ```
#[op(dialect = ArithDialect, name = "remf", traits(Pure, SameOperandsAndResultType),
     format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct RemFOp {
    #[operand]
    lhs: FloatLike,
    #[operand]
    rhs: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

/// Floating-point maximum, propagating NaN and ordering `-0.0 < +0.0` (IEEE `maximum`).
///
/// ```mlir
/// %0 = arith.maximumf %a, %b : f32
/// ```
#[op(dialect = ArithDialect, name = "maximumf", traits(Pure, Commutative, SameOperandsAndResultType),
     format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct MaximumFOp {
    #[operand]
    lhs: FloatLike,
    #[operand]
    rhs: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

/// Floating-point minimum, propagating NaN and ordering `-0.0 < +0.0` (IEEE `minimum`).
///
/// ```mlir
/// %0 = arith.minimumf %a, %b : f32
/// ```
#[op(dialect = ArithDialect, name = "minimumf", traits(Pure, Commutative, SameOperandsAndResultType),
     format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct MinimumFOp {
    #[operand]
    lhs: FloatLike,
    #[operand]
    rhs: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

/// Floating-point maximum ignoring a NaN operand (IEEE `maxNum`).
///
/// ```mlir
/// %0 = arith.maxnumf %a, %b : f32
/// ```
#[op(dialect = ArithDialect, name = "maxnumf", traits(Pure, Commutative, SameOperandsAndResultType),
     format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct MaxNumFOp {
    #[operand]
    lhs: FloatLike,
    #[operand]
    rhs: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

/// Floating-point minimum ignoring a NaN operand (IEEE `minNum`).
///
/// ```mlir
/// %0 = arith.minnumf %a, %b : f32
/// ```
#[op(dialect = ArithDialect, name = "minnumf", traits(Pure, Commutative, SameOperandsAndResultType),
     format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct MinNumFOp {
    #[operand]
    lhs: FloatLike,
    #[operand]
    rhs: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

/// Floating-point negation.
///
/// ```mlir
/// %0 = arith.negf %a : f32
/// ```
#[op(dialect = ArithDialect, name = "negf", traits(Pure, Involution, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct NegFOp {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

// ----- comparisons and select ----------------------------------------------------------------

/// Integer comparison; the predicate prints as a keyword and is stored as an `i64`
/// (`eq`=0 … `uge`=9).
///
/// ```mlir
/// %0 = arith.cmpi slt, %a, %b : i32
/// ```
#[op(dialect = ArithDialect, name = "cmpi", traits(Pure, SameTypeOperands), custom_assembly, fold, canonicalize)]
pub struct CmpIOp {
    #[attr]
    predicate: CmpIPredicateAttr,
    #[operand]
    lhs: SignlessIntegerLike,
    #[operand]
    rhs: SignlessIntegerLike,
    #[result]
    result: BoolLike,
}

/// Floating-point comparison with ordered (`o*`) and unordered (`u*`) predicates, stored as
/// an `i64` (`false`=0 … `true`=15).
///
/// ```mlir
/// %0 = arith.cmpf olt, %a, %b : f32
/// ```
#[op(dialect = ArithDialect, name = "cmpf", traits(Pure, SameTypeOperands), custom_assembly, fold)]
pub struct CmpFOp {
    #[attr]
    predicate: CmpFPredicateAttr,
    #[operand]
    lhs: FloatLike,
    #[operand]
    rhs: FloatLike,
    #[result]
    result: BoolLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

/// The predicate of an `arith.cmpi`.
pub fn cmpi_predicate(ctx: &Context, op: tail_ir::OpId) -> Option<CmpIPredicate> {
    ctx.attr(op, "predicate")
        .and_then(|a| ctx.attr_as_int(a))
        .and_then(CmpIPredicate::from_i64)
}

/// The predicate of an `arith.cmpf`.
pub fn cmpf_predicate(ctx: &Context, op: tail_ir::OpId) -> Option<CmpFPredicate> {
    ctx.attr(op, "predicate")
        .and_then(|a| ctx.attr_as_int(a))
        .and_then(CmpFPredicate::from_i64)
}

fn print_compare(p: &mut Printer<'_>, op: tail_ir::OpId, keyword: &str) -> fmt::Result {
    let ctx = p.ctx;
    write!(p, " {keyword}, ")?;
    p.print_operands(op)?;
    // `cmpf`'s fast-math flags, left out when `none` (the default).
    let fastmath = ctx
        .attr(op, "fastmath")
        .filter(|&a| ctx.default_attr_value(ctx.op_name_str(op), "fastmath") != Some(a));
    if let Some(a) = fastmath {
        p.write_str(" fastmath")?;
        <FastMathFlags as tail_ir::AttrConstraint>::print(p, a)?;
    }
    p.print_optional_attr_dict(op, &["predicate", "fastmath"])?;
    p.write_str(" : ")?;
    p.print_type(ctx.value_type(ctx.operand(op, 0)))
}

fn parse_compare(
    p: &mut Parser<'_>,
    state: &mut OperationState,
    from_keyword: fn(&str) -> Option<i64>,
    cases: &str,
    with_fastmath: bool,
) -> ParseResult<()> {
    let loc = p.loc();
    let kw = match p.parse_optional_any_keyword() {
        Some(k) => k,
        None => p.parse_string()?,
    };
    let Some(pred) = from_keyword(&kw) else {
        return Err(Diagnostic::error(
            loc,
            format!("expected string or keyword containing one of the following enum values for attribute 'predicate' [{cases}]"),
        ));
    };
    p.parse_punct(",")?;
    let lhs = p.parse_operand()?;
    p.parse_punct(",")?;
    let rhs = p.parse_operand()?;
    if with_fastmath && p.parse_optional_keyword("fastmath") {
        let a = <FastMathFlags as tail_ir::AttrConstraint>::parse(p)?;
        state.add_attr(p.ctx, "fastmath", a);
    }
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.parse_punct(":")?;
    let ty = p.parse_type()?;
    let l = p.resolve_operand(&lhs, ty)?;
    let r = p.resolve_operand(&rhs, ty)?;
    state.operands.extend([l, r]);
    let i64t = p.ctx.int_type(64);
    let a = p.ctx.int_attr(i64t, pred);
    state.add_attr(p.ctx, "predicate", a);
    let i1 = p.ctx.i1_type();
    state.result_types.push(i1);
    Ok(())
}

impl CmpIOp {
    pub(crate) fn print(self, p: &mut Printer<'_>) -> fmt::Result {
        if !crate::util::printable(p, Self::spec(), self.0)? {
            return Ok(());
        }
        let kw = cmpi_predicate(p.ctx, self.op())
            .map(|x| x.keyword())
            .unwrap_or("<<invalid>>");
        print_compare(p, self.op(), kw)
    }

    pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        parse_compare(
            p,
            state,
            |k| CmpIPredicate::from_keyword(k).map(|x| x as i64),
            "eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge",
            false,
        )
    }
}

impl CmpFOp {
    pub(crate) fn print(self, p: &mut Printer<'_>) -> fmt::Result {
        if !crate::util::printable(p, Self::spec(), self.0)? {
            return Ok(());
        }
        let kw = cmpf_predicate(p.ctx, self.op())
            .map(|x| x.keyword())
            .unwrap_or("<<invalid>>");
        print_compare(p, self.op(), kw)
    }

    pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        parse_compare(
            p,
            state,
            |k| CmpFPredicate::from_keyword(k).map(|x| x as i64),
            "false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true",
            true,
        )
    }
}

/// Chooses between two values on an `i1` condition.
///
/// ```mlir
/// %0 = arith.select %cond, %a, %b : i32
/// ```
#[op(dialect = ArithDialect, name = "select", traits(Pure), custom_assembly, fold, canonicalize, verify)]
pub struct SelectOp {
    #[operand]
    condition: BoolLike,
    #[operand]
    true_value: AnyType,
    #[operand]
    false_value: AnyType,
    #[result]
    result: AnyType,
}

impl SelectOp {
    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let op = self.op();
        let (t, f, r) = (
            ctx.value_type(ctx.operand(op, 1)),
            ctx.value_type(ctx.operand(op, 2)),
            ctx.value_type(ctx.result(op, 0)),
        );
        if t != f || t != r {
            return Err(op_error(
                ctx,
                op,
                "failed to verify that all of {true_value, false_value, result} have same type",
            ));
        }
        Ok(())
    }

    pub(crate) fn print(self, p: &mut Printer<'_>) -> fmt::Result {
        if !crate::util::printable(p, Self::spec(), self.0)? {
            return Ok(());
        }
        let ctx = p.ctx;
        let op = self.op();
        p.write_char(' ')?;
        p.print_operands(op)?;
        p.print_optional_attr_dict(op, &[])?;
        p.write_str(" : ")?;
        let cond_ty = ctx.value_type(ctx.operand(op, 0));
        if !crate::util::is_i1(ctx, cond_ty) {
            p.print_type(cond_ty)?;
            p.write_str(", ")?;
        }
        p.print_type(ctx.value_type(ctx.result(op, 0)))
    }

    pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        let loc = p.loc();
        let ops = p.parse_operand_list()?;
        if ops.len() != 3 {
            return Err(Diagnostic::error(
                loc,
                format!("expected 3 operands, but found {}", ops.len()),
            ));
        }
        p.parse_optional_attr_dict(&mut state.attrs)?;
        p.parse_punct(":")?;
        let first = p.parse_type()?;
        let (cond_ty, ty): (Type, Type) = if p.parse_optional_punct(",") {
            let second = p.parse_type()?;
            (first, second)
        } else {
            (p.ctx.i1_type(), first)
        };
        let c = p.resolve_operand(&ops[0], cond_ty)?;
        let t = p.resolve_operand(&ops[1], ty)?;
        let f = p.resolve_operand(&ops[2], ty)?;
        state.operands.extend([c, t, f]);
        state.result_types.push(ty);
        Ok(())
    }
}

// ----- casts -----------------------------------------------------------------------------------

fn elem_int_width(ctx: &Context, ty: Type) -> Option<u32> {
    ctx.int_width(ty)
}

fn elem_float_width(ctx: &Context, ty: Type) -> Option<u32> {
    crate::util::float_kind(ctx, ty).map(|k| k.width())
}

/// MLIR's `areCastCompatible` for extensions and truncations (checked by the cast interface
/// before the op's own verifier): an extension must widen, a truncation narrow.
fn verify_width_change(
    ctx: &Context,
    op: tail_ir::OpId,
    width: fn(&Context, Type) -> Option<u32>,
    widen: bool,
) -> Result<(), Diagnostic> {
    let src = ctx.value_type(ctx.operand(op, 0));
    let dst = ctx.value_type(ctx.result(op, 0));
    let (Some(sw), Some(dw)) = (width(ctx, src), width(ctx, dst)) else {
        return Ok(());
    };
    if (widen && sw >= dw) || (!widen && sw <= dw) {
        return Err(cast_incompatible(ctx, op));
    }
    Ok(())
}

fn cast_incompatible(ctx: &Context, op: tail_ir::OpId) -> Diagnostic {
    let src = ctx.value_type(ctx.operand(op, 0));
    let dst = ctx.value_type(ctx.result(op, 0));
    op_error(
        ctx,
        op,
        format!(
            "operand type {} and result type {} are cast incompatible",
            quoted(ctx, src),
            quoted(ctx, dst)
        ),
    )
}

/// Sign-extends an integer to a wider type.
///
/// ```mlir
/// %0 = arith.extsi %a : i8 to i32
/// ```
#[op(dialect = ArithDialect, name = "extsi", traits(Pure),
     format = "$input attr-dict `:` type($input) `to` type($out)", fold, canonicalize, verify)]
pub struct ExtSIOp {
    #[operand]
    input: SignlessFixedWidthIntegerLike,
    #[result]
    out: SignlessFixedWidthIntegerLike,
}

impl ExtSIOp {
    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        verify_width_change(ctx, self.op(), elem_int_width, true)
    }
}

/// Zero-extends an integer to a wider type.
///
/// ```mlir
/// %0 = arith.extui %a : i1 to i32
/// ```
#[op(dialect = ArithDialect, name = "extui", traits(Pure),
     format = "$input attr-dict `:` type($input) `to` type($out)", fold, verify)]
pub struct ExtUIOp {
    #[operand]
    input: SignlessFixedWidthIntegerLike,
    #[result]
    out: SignlessFixedWidthIntegerLike,
}

impl ExtUIOp {
    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        verify_width_change(ctx, self.op(), elem_int_width, true)
    }
}

/// Truncates an integer to a narrower type (keeps the low bits).
///
/// ```mlir
/// %0 = arith.trunci %a : i32 to i8
/// ```
#[op(dialect = ArithDialect, name = "trunci", traits(Pure),
     format = "$input (`overflow` `` $overflowFlags^)? attr-dict `:` type($input) `to` type($out)", fold, verify)]
pub struct TruncIOp {
    #[operand]
    input: SignlessFixedWidthIntegerLike,
    #[result]
    out: SignlessFixedWidthIntegerLike,
    /// Integer overflow flags (default `none`).
    #[attr(default = OverflowFlags::none(ctx))]
    overflowFlags: OverflowFlags,
}

impl TruncIOp {
    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        verify_width_change(ctx, self.op(), elem_int_width, false)
    }
}

/// Converts a signed integer to floating point (rounding to nearest).
///
/// ```mlir
/// %0 = arith.sitofp %a : i32 to f32
/// ```
#[op(dialect = ArithDialect, name = "sitofp", traits(Pure),
     format = "$input attr-dict `:` type($input) `to` type($out)", fold, canonicalize)]
pub struct SIToFPOp {
    #[operand]
    input: SignlessFixedWidthIntegerLike,
    #[result]
    out: FloatLike,
}

/// Converts an unsigned integer to floating point (rounding to nearest).
///
/// ```mlir
/// %0 = arith.uitofp %a : i32 to f32
/// ```
#[op(dialect = ArithDialect, name = "uitofp", traits(Pure),
     format = "$input attr-dict `:` type($input) `to` type($out)", fold, canonicalize)]
pub struct UIToFPOp {
    #[operand]
    input: SignlessFixedWidthIntegerLike,
    #[result]
    out: FloatLike,
}

/// Converts floating point to a signed integer, rounding toward zero.
///
/// ```mlir
/// %0 = arith.fptosi %a : f32 to i32
/// ```
#[op(dialect = ArithDialect, name = "fptosi", traits(Pure),
     format = "$input attr-dict `:` type($input) `to` type($out)", fold, canonicalize)]
pub struct FPToSIOp {
    #[operand]
    input: FloatLike,
    #[result]
    out: SignlessFixedWidthIntegerLike,
}

/// Converts floating point to an unsigned integer, rounding toward zero.
///
/// ```mlir
/// %0 = arith.fptoui %a : f32 to i32
/// ```
#[op(dialect = ArithDialect, name = "fptoui", traits(Pure),
     format = "$input attr-dict `:` type($input) `to` type($out)", fold)]
pub struct FPToUIOp {
    #[operand]
    input: FloatLike,
    #[result]
    out: SignlessFixedWidthIntegerLike,
}

/// Extends a float to a wider format (exact).
///
/// ```mlir
/// %0 = arith.extf %a : f32 to f64
/// ```
#[op(dialect = ArithDialect, name = "extf", traits(Pure),
     format = "$input (`fastmath` `` $fastmath^)? attr-dict `:` type($input) `to` type($out)", fold, verify)]
pub struct ExtFOp {
    #[operand]
    input: FloatLike,
    #[result]
    out: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl ExtFOp {
    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        verify_width_change(ctx, self.op(), elem_float_width, true)
    }
}

/// Truncates a float to a narrower format (rounding to nearest even).
///
/// ```mlir
/// %0 = arith.truncf %a : f64 to f32
/// ```
#[op(dialect = ArithDialect, name = "truncf", traits(Pure),
     format = "$input ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($input) `to` type($out)", fold, verify)]
pub struct TruncFOp {
    #[operand]
    input: FloatLike,
    #[result]
    out: FloatLike,
    /// How to round (absent: the current rounding mode, to nearest even).
    #[attr(optional)]
    roundingmode: RoundingModeAttr,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl TruncFOp {
    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        verify_width_change(ctx, self.op(), elem_float_width, false)
    }
}

/// `index_cast`/`index_castui` are compatible when exactly one side is `index`.
fn verify_index_cast(ctx: &Context, op: tail_ir::OpId) -> Result<(), Diagnostic> {
    let src = ctx.value_type(ctx.operand(op, 0));
    let dst = ctx.value_type(ctx.result(op, 0));
    if crate::util::is_index(ctx, src) == crate::util::is_index(ctx, dst) {
        return Err(cast_incompatible(ctx, op));
    }
    Ok(())
}

/// Converts between `index` and a signless integer, sign-extending or truncating.
///
/// ```mlir
/// %0 = arith.index_cast %i : index to i32
/// %1 = arith.index_cast %n : i32 to index
/// ```
#[op(dialect = ArithDialect, name = "index_cast", traits(Pure),
     format = "$input attr-dict `:` type($input) `to` type($out)", fold, canonicalize, verify)]
pub struct IndexCastOp {
    #[operand]
    input: SignlessIntegerLike,
    #[result]
    out: SignlessIntegerLike,
}

impl IndexCastOp {
    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        verify_index_cast(ctx, self.op())
    }
}

/// Converts between `index` and a signless integer, zero-extending or truncating.
///
/// ```mlir
/// %0 = arith.index_castui %n : i32 to index
/// ```
#[op(dialect = ArithDialect, name = "index_castui", traits(Pure),
     format = "$input attr-dict `:` type($input) `to` type($out)", fold, canonicalize, verify)]
pub struct IndexCastUIOp {
    #[operand]
    input: SignlessIntegerLike,
    #[result]
    out: SignlessIntegerLike,
}

impl IndexCastUIOp {
    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        verify_index_cast(ctx, self.op())
    }
}

/// Reinterprets the bits of a value as another type of the same width.
///
/// ```mlir
/// %0 = arith.bitcast %f : f32 to i32
/// ```
#[op(dialect = ArithDialect, name = "bitcast", traits(Pure),
     format = "$input attr-dict `:` type($input) `to` type($out)", fold, verify)]
pub struct BitcastOp {
    #[operand]
    input: SignlessIntegerOrFloatLike,
    #[result]
    out: SignlessIntegerOrFloatLike,
}

impl BitcastOp {
    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let op = self.op();
        let width = |t: Type| -> Option<u32> {
            elem_int_width(ctx, t)
                .or_else(|| elem_float_width(ctx, t))
                .or(if crate::util::is_index(ctx, t) {
                    None
                } else {
                    Some(0)
                })
        };
        let src = ctx.value_type(ctx.operand(op, 0));
        let dst = ctx.value_type(ctx.result(op, 0));
        match (width(src), width(dst)) {
            (Some(a), Some(b)) if a == b => Ok(()),
            _ => Err(cast_incompatible(ctx, op)),
        }
    }
}
