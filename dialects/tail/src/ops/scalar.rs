//! Scalar primitives: arithmetic, comparisons, boolean, character and complex operations,
//! conversions and constants, named exactly after the TAIL primitives.
//!
//! TAIL's base types are builtin types (`int` = `i32`, `double` = `f64`, `bool` = `i1`,
//! `complex` = `complex<f64>`) plus `!tail.char`, so every op's type scheme is fixed by the
//! declared operand and result constraints:
//!
//! ```mlir
//! %s = tail.addi %a, %b : i32                 // int → int → int
//! %c = tail.lti %a, %b : i32                  // int → int → bool
//! %f = tail.floor %d : f64 -> i32             // double → int
//! %k = tail.const 3 : i32
//! %n = tail.sconst : !tail.s<i32, 3>          // the literal 3 at type S(int,3)
//! ```

use std::fmt::{self, Write as _};

use tail_ir::constraints::*;
use tail_ir::parser::{ParseResult, Parser};
use tail_ir::printer::Printer;
use tail_ir::{Context, Diagnostic, OperationState};
use tail_ir_macros::op;

use crate::ops::util::{err, VResult};
use crate::types::{classify, is_bool, is_int, quoted, Char, ComplexF64, TailType};
use crate::TailDialect;

/// Binary ops `κ → κ → κ`.
macro_rules! binary_ops {
    ($c:ident, $scheme:tt, $ty:tt: $($name:ident $mn:tt $doc:tt $([$($flag:ident),*])?;)*) => {$(
        #[doc = $doc]
        #[doc = ""]
        #[doc = concat!("Type scheme: `", $scheme, "`.")]
        #[doc = ""]
        #[doc = concat!("```mlir\n%r = tail.", $mn, " %a, %b : ", $ty, "\n```")]
        #[op(dialect = TailDialect, name = $mn, traits(Pure, SameOperandsAndResultType),
             format = "$lhs `,` $rhs attr-dict `:` type($result)" $($(, $flag)*)?)]
        pub struct $name {
            /// The left operand.
            #[operand]
            lhs: $c,
            /// The right operand.
            #[operand]
            rhs: $c,
            #[result]
            result: $c,
        }
    )*};
}

/// Comparisons `κ → κ → bool`.
macro_rules! compare_ops {
    ($c:ident, $scheme:tt, $ty:tt: $($name:ident $mn:tt $doc:tt $([$($flag:ident),*])?;)*) => {$(
        #[doc = $doc]
        #[doc = ""]
        #[doc = concat!("Type scheme: `", $scheme, "`.")]
        #[doc = ""]
        #[doc = concat!("```mlir\n%r = tail.", $mn, " %a, %b : ", $ty, "\n```")]
        #[op(dialect = TailDialect, name = $mn, traits(Pure, SameTypeOperands),
             format = "$lhs `,` $rhs attr-dict `:` type($lhs)" $($(, $flag)*)?)]
        pub struct $name {
            /// The left operand.
            #[operand]
            lhs: $c,
            /// The right operand.
            #[operand]
            rhs: $c,
            #[result]
            result: I1,
        }
    )*};
}

/// Unary ops `κ → κ`.
macro_rules! unary_ops {
    ($c:ident, $scheme:tt, $ty:tt: $($name:ident $mn:tt $doc:tt $([$($flag:ident),*])?;)*) => {$(
        #[doc = $doc]
        #[doc = ""]
        #[doc = concat!("Type scheme: `", $scheme, "`.")]
        #[doc = ""]
        #[doc = concat!("```mlir\n%r = tail.", $mn, " %a : ", $ty, "\n```")]
        #[op(dialect = TailDialect, name = $mn, traits(Pure, SameOperandsAndResultType),
             format = "$operand attr-dict `:` type($result)" $($(, $flag)*)?)]
        pub struct $name {
            /// The operand.
            #[operand]
            operand: $c,
            #[result]
            result: $c,
        }
    )*};
}

/// Conversions `κ → κ'` (printed with both types).
macro_rules! convert_ops {
    ($a:ident -> $b:ident, $scheme:tt, $ty:tt: $($name:ident $mn:tt $doc:tt $([$($flag:ident),*])?;)*) => {$(
        #[doc = $doc]
        #[doc = ""]
        #[doc = concat!("Type scheme: `", $scheme, "`.")]
        #[doc = ""]
        #[doc = concat!("```mlir\n%r = tail.", $mn, " %a : ", $ty, "\n```")]
        #[op(dialect = TailDialect, name = $mn, traits(Pure),
             format = "$operand attr-dict `:` type($operand) `->` type($result)" $($(, $flag)*)?)]
        pub struct $name {
            /// The operand.
            #[operand]
            operand: $a,
            #[result]
            result: $b,
        }
    )*};
}

binary_ops! { I32, "int → int → int", "i32":
    AddIOp "addi" "Integer addition." [fold];
    SubIOp "subi" "Integer subtraction." [fold];
    MulIOp "muli" "Integer multiplication." [fold];
    DivIOp "divi" "Integer division (rounding towards negative infinity, as APL)." [fold];
    ResIOp "resi" "Integer residue (APL `|`): `resi(a, b)` is `b` modulo `a`." [fold];
    MaxIOp "maxi" "Integer maximum." [fold];
    MinIOp "mini" "Integer minimum." [fold];
    AndIOp "andi" "Bitwise and (`⎕INT32AND`)." [fold];
    OrIOp "ori" "Bitwise or (`⎕INT32OR`)." [fold];
    XorIOp "xori" "Bitwise exclusive or (`⎕INT32XOR`)." [fold];
    ShlIOp "shli" "Shift left (`⎕INT32SHL`)." [fold];
    ShrIOp "shri" "Logical shift right (`⎕INT32SHR`)." [fold];
    ShArIOp "shari" "Arithmetic shift right (`⎕INT32SHAR`)." [fold];
}

binary_ops! { F64, "double → double → double", "f64":
    AddDOp "addd" "Double addition." [fold];
    SubDOp "subd" "Double subtraction." [fold];
    MulDOp "muld" "Double multiplication." [fold];
    DivDOp "divd" "Double division." [fold];
    ResDOp "resd" "Double residue (APL `|`): `resd(a, b)` is `b` modulo `a`.";
    PowDOp "powd" "Double power (APL `⋆`).";
    MaxDOp "maxd" "Double maximum." [fold];
    MinDOp "mind" "Double minimum." [fold];
}

binary_ops! { I1, "bool → bool → bool", "i1":
    AndBOp "andb" "Boolean and." [fold];
    OrBOp "orb" "Boolean or." [fold];
    XorBOp "xorb" "Boolean exclusive or." [fold];
    EqBOp "eqb" "Boolean equality." [fold];
    NandBOp "nandb" "Boolean nand (APL `⍲`)." [fold];
    NorBOp "norb" "Boolean nor (APL `⍱`)." [fold];
}

binary_ops! { ComplexF64, "complex → complex → complex", "complex<f64>":
    AddXOp "addx" "Complex addition.";
    SubXOp "subx" "Complex subtraction.";
    MulXOp "mulx" "Complex multiplication.";
}

compare_ops! { I32, "int → int → bool", "i32":
    LtIOp "lti" "Integer less-than." [fold];
    LteIOp "ltei" "Integer less-or-equal." [fold];
    GtIOp "gti" "Integer greater-than." [fold];
    GteIOp "gtei" "Integer greater-or-equal." [fold];
    EqIOp "eqi" "Integer equality." [fold];
    NeqIOp "neqi" "Integer inequality." [fold];
}

compare_ops! { F64, "double → double → bool", "f64":
    LtDOp "ltd" "Double less-than." [fold];
    LteDOp "lted" "Double less-or-equal." [fold];
    GtDOp "gtd" "Double greater-than." [fold];
    GteDOp "gted" "Double greater-or-equal." [fold];
    EqDOp "eqd" "Double equality." [fold];
    NeqDOp "neqd" "Double inequality." [fold];
}

compare_ops! { Char, "char → char → bool", "!tail.char":
    LtCOp "ltc" "Character less-than (by code point)." [fold];
    LteCOp "ltec" "Character less-or-equal." [fold];
    GtCOp "gtc" "Character greater-than." [fold];
    GteCOp "gtec" "Character greater-or-equal." [fold];
    EqCOp "eqc" "Character equality." [fold];
    NeqCOp "neqc" "Character inequality." [fold];
}

unary_ops! { I32, "int → int", "i32":
    AbsIOp "absi" "Integer absolute value." [fold];
    SignIOp "signi" "Integer sign, APL's `×`: `-1`, `0` or `1` (`signi(0)` is `0`; apltail's evaluator answers `1`, a bug the project does not follow)." [fold];
    NotIOp "noti" "Bitwise complement (`⎕INT32NOT`)." [fold];
}

/// Integer negation; the negation of a singleton `S(int,n)` is the singleton `S(int,-n)`.
///
/// Type scheme: `int → int` and `∀γ. S_int(γ) → S_int(-γ)` (apltail's `negi`, which keeps
/// negated singletons static: Fig. 3.6's `dropV(negi(v11), …)`). A shape variable's negation
/// is not expressible, so with a variable the result singleton is accepted as is.
///
/// ```mlir
/// %r = tail.negi %a : i32
/// %m = tail.negi %s : !tail.s<i32, 2> -> !tail.s<i32, -2>
/// ```
#[op(dialect = TailDialect, name = "negi", traits(Pure), custom_assembly, verify, fold)]
pub struct NegIOp {
    /// The operand.
    #[operand]
    operand: AnyTail,
    #[result]
    result: AnyTail,
}

impl NegIOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let (at, rt) = (
            ctx.value_type(self.operand(ctx)),
            ctx.value_type(self.result(ctx)),
        );
        let ok = match (classify(ctx, at), classify(ctx, rt)) {
            (Some(TailType::Scalar(a)), Some(TailType::Scalar(r))) => is_int(ctx, a) && a == r,
            (Some(TailType::S(a, n)), Some(TailType::S(r, m))) => {
                is_int(ctx, a)
                    && is_int(ctx, r)
                    && match (n.as_const(), m.as_const()) {
                        (Some(n), Some(m)) => n.checked_neg() == Some(m),
                        _ => true,
                    }
            }
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            Err(err(
                ctx,
                op,
                format!(
                    "expects 'i32' to 'i32' or '!tail.s<i32, n>' to '!tail.s<i32, -n>', but got {} to {}",
                    quoted(ctx, at),
                    quoted(ctx, rt)
                ),
            ))
        }
    }

    fn print(self, p: &mut Printer<'_>) -> fmt::Result {
        let ctx = p.ctx;
        let op = self.op();
        if tail_ir::format::verify_op(Self::spec(), ctx, op).is_err() {
            return p.write_str(" <<malformed op>>");
        }
        p.write_char(' ')?;
        p.print_value(ctx.operand(op, 0))?;
        p.print_optional_attr_dict(op, &[])?;
        let (at, rt) = (
            ctx.value_type(ctx.operand(op, 0)),
            ctx.value_type(ctx.result(op, 0)),
        );
        p.write_str(" : ")?;
        p.print_type(at)?;
        if at != rt {
            p.write_str(" -> ")?;
            p.print_type(rt)?;
        }
        Ok(())
    }

    fn parse(p: &mut Parser<'_>, st: &mut OperationState) -> ParseResult<()> {
        let a = p.parse_operand()?;
        p.parse_optional_attr_dict(&mut st.attrs)?;
        p.parse_punct(":")?;
        let at = p.parse_type()?;
        let rt = if p.parse_optional_punct("->") {
            p.parse_type()?
        } else {
            at
        };
        let v = p.resolve_operand(&a, at)?;
        st.operands.push(v);
        st.result_types.push(rt);
        Ok(())
    }
}

/// `nowi(0)`: the milliseconds elapsed since the program started, as an `int` (APL's
/// `⎕NOW 0`, apltail's `nowi`).
///
/// Type scheme: `int → int`. As in apltail (its TAIL evaluator and its C back end), the
/// argument must be `0` at run time; any other value is a runtime error. The op reads a clock,
/// so it is not `Pure`: it is never folded, hoisted, merged with another `nowi` or erased.
///
/// ```mlir
/// %t = tail.nowi %zero : i32
/// ```
#[op(dialect = TailDialect, name = "nowi", traits(MemWrite, SameOperandsAndResultType),
     format = "$operand attr-dict `:` type($result)")]
pub struct NowIOp {
    /// The argument, `0`.
    #[operand]
    operand: I32,
    #[result]
    result: I32,
}

unary_ops! { F64, "double → double", "f64":
    NegDOp "negd" "Double negation." [fold];
    AbsDOp "absd" "Double absolute value." [fold];
    ExpDOp "expd" "Exponential.";
    LnOp "ln" "Natural logarithm.";
    SinOp "sin" "Sine.";
    CosOp "cos" "Cosine.";
    TanOp "tan" "Tangent.";
    AsinOp "asin" "Arc sine.";
    AcosOp "acos" "Arc cosine.";
    AtanOp "atan" "Arc tangent.";
    SinhOp "sinh" "Hyperbolic sine.";
    CoshOp "cosh" "Hyperbolic cosine.";
    TanhOp "tanh" "Hyperbolic tangent.";
}

unary_ops! { I1, "bool → bool", "i1":
    NotBOp "notb" "Boolean negation." [fold];
}

unary_ops! { ComplexF64, "complex → complex", "complex<f64>":
    NegXOp "negx" "Complex negation.";
    ConjXOp "conjx" "Complex conjugate.";
    ExpXOp "expx" "Complex exponential.";
}

convert_ops! { F64 -> I32, "double → int", "f64 -> i32":
    FloorOp "floor" "Floor, as an int." [fold];
    CeilOp "ceil" "Ceiling, as an int." [fold];
    SignDOp "signd" "Sign of a double as an int, APL's `×`: `-1`, `0` (for `0.0` and `-0.0`) or `1`." [fold];
}

convert_ops! { ComplexF64 -> F64, "complex → double", "complex<f64> -> f64":
    ReXOp "rex" "Real part.";
    ImXOp "imx" "Imaginary part.";
    MagnXOp "magnx" "Magnitude.";
}

convert_ops! { F64 -> ComplexF64, "double → complex", "f64 -> complex<f64>":
    D2XOp "d2x" "A double as a complex number with imaginary part 0.";
}

convert_ops! { I32 -> F64, "int → double", "i32 -> f64":
    I2DOp "i2d" "Int to double." [fold];
}

/// A random double in `[0, n)` (`0` gives `[0, 1)`), APL's `?`: the next number of the
/// program's one random sequence, so it writes that state (`MemWrite`): two rolls are never
/// one, a roll is not moved across another or dropped when its value is unused, and a map
/// holding one is not recomputed.
///
/// Type scheme: `int → double`.
///
/// ```mlir
/// %r = tail.roll %a : i32 -> f64
/// ```
#[op(dialect = TailDialect, name = "roll", traits(MemWrite),
     format = "$operand attr-dict `:` type($operand) `->` type($result)")]
pub struct RollOp {
    /// The operand.
    #[operand]
    operand: I32,
    #[result]
    result: F64,
}

convert_ops! { I1 -> I32, "bool → int", "i1 -> i32":
    B2IOp "b2i" "Bool to int." [fold];
}

/// A complex number from its real and imaginary parts.
///
/// Type scheme: `double → double → complex`.
///
/// ```mlir
/// %z = tail.injx %re, %im : f64 -> complex<f64>
/// ```
#[op(dialect = TailDialect, name = "injx", traits(Pure, SameTypeOperands),
     format = "$re `,` $im attr-dict `:` type($re) `->` type($result)")]
pub struct InjXOp {
    /// The real part.
    #[operand]
    re: F64,
    /// The imaginary part.
    #[operand]
    im: F64,
    #[result]
    result: ComplexF64,
}

/// The constant π.
///
/// Type scheme: `double`.
///
/// ```mlir
/// %p = tail.pi : f64
/// ```
#[op(dialect = TailDialect, name = "pi", traits(Pure), format = "attr-dict `:` type($result)")]
pub struct PiOp {
    #[result]
    result: F64,
}

/// A scalar constant of type `int`, `double` or `bool`.
///
/// ```mlir
/// %a = tail.const 3 : i32
/// %b = tail.const 2.5 : f64
/// %c = tail.const true
/// ```
#[op(dialect = TailDialect, name = "const", traits(Pure, ConstantLike), format = "$value attr-dict",
     infer_result_types, verify)]
pub struct ConstOp {
    /// The value; its type is the result type.
    #[attr]
    value: TypedAttr,
    #[result]
    result: AnyType,
}

impl ConstOp {
    fn infer_result_types(
        ctx: &mut Context,
        _operands: &[tail_ir::Value],
        attrs: &[tail_ir::NamedAttr],
    ) -> Result<Vec<tail_ir::Type>, String> {
        let v = attrs
            .iter()
            .find(|a| ctx.str(a.name) == "value")
            .ok_or("missing value")?;
        ctx.attr_type(v.value)
            .map(|t| vec![t])
            .ok_or_else(|| "value has no type".to_string())
    }
    fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let ty = ctx.value_type(self.result(ctx));
        let f64_ok = matches!(
            ctx.type_kind(ty),
            tail_ir::TypeKind::Float(tail_ir::FloatKind::F64)
        );
        if is_int(ctx, ty) || is_bool(ctx, ty) || f64_ok {
            Ok(())
        } else {
            Err(err(
                ctx,
                self.op(),
                format!(
                    "expects an i32, i1 or f64 value, but got type '{}'",
                    ctx.type_to_string(ty)
                ),
            ))
        }
    }
}

/// A character constant, given by its Unicode code point.
///
/// ```mlir
/// %c = tail.const_char 65
/// ```
#[op(dialect = TailDialect, name = "const_char", traits(Pure, ConstantLike), format = "$value attr-dict",
     verify)]
pub struct ConstCharOp {
    /// The code point.
    #[attr]
    value: I32Attr,
    #[result]
    result: Char,
}

impl ConstCharOp {
    fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let v = ctx.attr_as_int(self.value(ctx)).unwrap_or(-1);
        if char::from_u32(v as u32).is_some() && v >= 0 {
            Ok(())
        } else {
            Err(err(
                ctx,
                self.op(),
                format!("expects a Unicode code point, but got {v}"),
            ))
        }
    }
}

/// A literal at a singleton type: `S(int,n)`, `S(bool,n)` (rules (3.13)–(3.15)) or
/// `SV(κ,n)` (rule (3.16)). The value is the one in the type.
///
/// ```mlir
/// %n = tail.sconst : !tail.s<i32, 3>
/// %t = tail.sconst : !tail.s<i1, 1>
/// %v = tail.sconst : !tail.sv<i32, 5>
/// ```
#[op(dialect = TailDialect, name = "sconst", traits(Pure, ConstantLike), format = "attr-dict `:` type($result)", verify, fold)]
pub struct SConstOp {
    #[result]
    result: AnyTail,
}

impl SConstOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let ty = ctx.value_type(self.result(ctx));
        let (elem, value) = match classify(ctx, ty) {
            Some(TailType::S(e, v) | TailType::SV(e, v)) => (e, v),
            _ => {
                return Err(err(
                    ctx,
                    op,
                    format!(
                        "expects a !tail.s or !tail.sv result, but got '{}'",
                        ctx.type_to_string(ty)
                    ),
                ))
            }
        };
        let Some(n) = value.as_const() else {
            return Err(err(
                ctx,
                op,
                format!("expects a constant value in the result type, but got {value}"),
            ));
        };
        if is_bool(ctx, elem) && !(0..=1).contains(&n) {
            return Err(err(
                ctx,
                op,
                format!("expects a bool value of 0 or 1, but got {n}"),
            ));
        }
        if !is_int(ctx, elem) && !is_bool(ctx, elem) {
            return Err(err(ctx, op, "expects an i32 or i1 element type"));
        }
        Ok(())
    }
}

use crate::types::AnyTail;
