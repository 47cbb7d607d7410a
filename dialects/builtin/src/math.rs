//! The `math` dialect: elementary functions on floating-point scalars (`math.sqrt %x : f32`)
//! and integer absolute value, all `Pure` and `SameOperandsAndResultType`.
//!
//! Mirrors `mlir/include/mlir/Dialect/Math/IR/MathOps.td`. Ops on constants fold, computed in
//! the precision of the type (`f32` through Rust's `f32` functions, which call the host's
//! single-precision libm like upstream's folders do). As upstream, square roots and logarithms
//! of negative numbers are not folded; other NaN results fold to the canonical quiet NaN.
//! Unlike upstream, `atan2(±0, ±0)` folds to libm's result (`±0` or `±π`) rather than NaN.
//! `f16`/`bf16` values and `math.erf` (no `erf` in Rust's standard library) are not folded.
//! Constants are materialized as `arith.constant`.

use smallvec::{smallvec, SmallVec};
use tail_ir::{Attribute, Context, FloatKind, FoldResult, OpId};
use tail_ir_macros::{dialect, op};

use crate::arith::arith_materialize;
use crate::arith::FastMathFlags;
use crate::constraints::*;
use crate::util;

/// The math dialect.
#[dialect(name = "math", summary = "Elementary mathematical functions", materialize_constant = arith_materialize)]
pub struct MathDialect;

type Folded = Option<SmallVec<[FoldResult; 1]>>;

/// The unary functions of the dialect.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UnaryFn {
    /// `math.absf`
    AbsF,
    /// `math.sqrt`
    Sqrt,
    /// `math.rsqrt`
    Rsqrt,
    /// `math.exp`
    Exp,
    /// `math.exp2`
    Exp2,
    /// `math.expm1`
    ExpM1,
    /// `math.log`
    Log,
    /// `math.log2`
    Log2,
    /// `math.log10`
    Log10,
    /// `math.log1p`
    Log1p,
    /// `math.sin`
    Sin,
    /// `math.cos`
    Cos,
    /// `math.tan`
    Tan,
    /// `math.tanh`
    Tanh,
    /// `math.sinh`
    Sinh,
    /// `math.cosh`
    Cosh,
    /// `math.asin`
    Asin,
    /// `math.acos`
    Acos,
    /// `math.atan`
    Atan,
    /// `math.cbrt`
    Cbrt,
    /// `math.erf`
    Erf,
    /// `math.floor`
    Floor,
    /// `math.ceil`
    Ceil,
    /// `math.round`
    Round,
    /// `math.roundeven`
    RoundEven,
    /// `math.trunc`
    Trunc,
}

/// The binary functions of the dialect.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BinaryFn {
    /// `math.atan2`
    Atan2,
    /// `math.powf`
    PowF,
    /// `math.copysign`
    CopySign,
}

macro_rules! in_precision {
    ($x:expr, $kind:expr, |$v:ident| $body:expr) => {
        match $kind {
            FloatKind::F64 => {
                let $v: f64 = $x;
                Some($body as f64)
            }
            FloatKind::F32 => {
                let $v: f32 = $x as f32;
                Some($body as f64)
            }
            FloatKind::F16 | FloatKind::BF16 => None,
        }
    };
}

/// Evaluates a unary function in the precision of `kind`; `None` where it is not folded.
pub fn eval_unary(f: UnaryFn, x: f64, kind: FloatKind) -> Option<f64> {
    use UnaryFn::*;
    let r = match f {
        AbsF => in_precision!(x, kind, |v| v.abs()),
        Sqrt => in_precision!(x, kind, |v| v.sqrt()),
        Rsqrt => in_precision!(x, kind, |v| 1.0 / v.sqrt()),
        Exp => in_precision!(x, kind, |v| v.exp()),
        Exp2 => in_precision!(x, kind, |v| v.exp2()),
        ExpM1 => in_precision!(x, kind, |v| v.exp_m1()),
        Log => in_precision!(x, kind, |v| v.ln()),
        Log2 => in_precision!(x, kind, |v| v.log2()),
        Log10 => in_precision!(x, kind, |v| v.log10()),
        Log1p => in_precision!(x, kind, |v| v.ln_1p()),
        Sin => in_precision!(x, kind, |v| v.sin()),
        Cos => in_precision!(x, kind, |v| v.cos()),
        Tan => in_precision!(x, kind, |v| v.tan()),
        Tanh => in_precision!(x, kind, |v| v.tanh()),
        Sinh => in_precision!(x, kind, |v| v.sinh()),
        Cosh => in_precision!(x, kind, |v| v.cosh()),
        Asin => in_precision!(x, kind, |v| v.asin()),
        Acos => in_precision!(x, kind, |v| v.acos()),
        Atan => in_precision!(x, kind, |v| v.atan()),
        Cbrt => in_precision!(x, kind, |v| v.cbrt()),
        Erf => None,
        Floor => in_precision!(x, kind, |v| v.floor()),
        Ceil => in_precision!(x, kind, |v| v.ceil()),
        Round => in_precision!(x, kind, |v| v.round()),
        RoundEven => in_precision!(x, kind, |v| v.round_ties_even()),
        Trunc => in_precision!(x, kind, |v| v.trunc()),
    }?;
    // Like upstream, square roots and logarithms of negative numbers are left to run time;
    // other domain errors (`asin(2)`) fold to the canonical quiet NaN.
    if r.is_nan() && !x.is_nan() && matches!(f, Sqrt | Rsqrt | Log | Log2 | Log10 | Log1p) {
        return None;
    }
    Some(canonical_nan(r))
}

/// Replaces any NaN by the positive quiet NaN, so folded values do not depend on the host's
/// NaN sign and payload conventions.
fn canonical_nan(v: f64) -> f64 {
    if v.is_nan() {
        f64::NAN
    } else {
        v
    }
}

/// Evaluates a binary function in the precision of `kind`.
pub fn eval_binary(f: BinaryFn, a: f64, b: f64, kind: FloatKind) -> Option<f64> {
    let r = match (f, kind) {
        (_, FloatKind::F16 | FloatKind::BF16) => return None,
        (BinaryFn::Atan2, FloatKind::F64) => a.atan2(b),
        (BinaryFn::Atan2, FloatKind::F32) => (a as f32).atan2(b as f32) as f64,
        (BinaryFn::PowF, FloatKind::F64) => a.powf(b),
        (BinaryFn::PowF, FloatKind::F32) => (a as f32).powf(b as f32) as f64,
        (BinaryFn::CopySign, FloatKind::F64) => a.copysign(b),
        (BinaryFn::CopySign, FloatKind::F32) => (a as f32).copysign(b as f32) as f64,
    };
    Some(canonical_nan(r))
}

fn float_operand(ctx: &Context, operands: &[Option<Attribute>], i: usize) -> Option<f64> {
    operands
        .get(i)
        .copied()
        .flatten()
        .and_then(|a| ctx.attr_as_float(a))
}

fn fold_unary(ctx: &mut Context, op: OpId, f: UnaryFn, operands: &[Option<Attribute>]) -> Folded {
    let ty = ctx.value_type(ctx.result(op, 0));
    let kind = util::float_kind(ctx, ty)?;
    let x = float_operand(ctx, operands, 0)?;
    let r = eval_unary(f, x, kind)?;
    Some(smallvec![FoldResult::Attr(ctx.float_attr(ty, r))])
}

fn fold_binary(ctx: &mut Context, op: OpId, f: BinaryFn, operands: &[Option<Attribute>]) -> Folded {
    let ty = ctx.value_type(ctx.result(op, 0));
    let kind = util::float_kind(ctx, ty)?;
    let a = float_operand(ctx, operands, 0)?;
    let b = float_operand(ctx, operands, 1)?;
    let r = eval_binary(f, a, b, kind)?;
    Some(smallvec![FoldResult::Attr(ctx.float_attr(ty, r))])
}

/// Integer absolute value; `abs(INT_MIN)` is `INT_MIN` (wrap-around).
///
/// ```mlir
/// %0 = math.absi %x : i32
/// ```
#[op(dialect = MathDialect, name = "absi", traits(Pure, SameOperandsAndResultType),
     format = "$operand attr-dict `:` type($result)", fold)]
pub struct AbsIOp {
    #[operand]
    operand: SignlessIntegerLike,
    #[result]
    result: SignlessIntegerLike,
}

impl AbsIOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        let ty = ctx.value_type(ctx.result(op, 0));
        let w = util::int_or_index_width(ctx, ty)?;
        let v = operands
            .first()
            .copied()
            .flatten()
            .and_then(|a| ctx.attr_as_int(a))?;
        let s = crate::arith::fold::as_signed(v, w);
        let r = crate::arith::fold::as_signed(s.wrapping_abs(), w);
        Some(smallvec![FoldResult::Attr(ctx.int_attr(ty, r))])
    }
}

/// Fused multiply-add `a * b + c` with a single rounding.
///
/// ```mlir
/// %0 = math.fma %a, %b, %c : f32
/// ```
#[op(dialect = MathDialect, name = "fma", traits(Pure, SameOperandsAndResultType),
     format = "$a `,` $b `,` $c (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct FmaOp {
    #[operand]
    a: FloatLike,
    #[operand]
    b: FloatLike,
    #[operand]
    c: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl FmaOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        let ty = ctx.value_type(ctx.result(op, 0));
        let kind = util::float_kind(ctx, ty)?;
        let (a, b, c) = (
            float_operand(ctx, operands, 0)?,
            float_operand(ctx, operands, 1)?,
            float_operand(ctx, operands, 2)?,
        );
        let r = match kind {
            FloatKind::F64 => a.mul_add(b, c),
            FloatKind::F32 => (a as f32).mul_add(b as f32, c as f32) as f64,
            _ => return None,
        };
        Some(smallvec![FoldResult::Attr(ctx.float_attr(ty, r))])
    }
}

/// Floating-point absolute value.
///
/// ```mlir
/// %0 = math.absf %x : f32
/// ```
#[op(dialect = MathDialect, name = "absf", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct AbsFOp {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl AbsFOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::AbsF, operands)
    }
}

/// Square root.
///
/// ```mlir
/// %0 = math.sqrt %x : f32
/// ```
#[op(dialect = MathDialect, name = "sqrt", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct SqrtOp {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl SqrtOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::Sqrt, operands)
    }
}

/// Reciprocal square root, `1 / sqrt(x)`.
///
/// ```mlir
/// %0 = math.rsqrt %x : f32
/// ```
#[op(dialect = MathDialect, name = "rsqrt", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct RsqrtOp {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl RsqrtOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::Rsqrt, operands)
    }
}

/// Base-e exponential.
///
/// ```mlir
/// %0 = math.exp %x : f32
/// ```
#[op(dialect = MathDialect, name = "exp", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct ExpOp {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl ExpOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::Exp, operands)
    }
}

/// Base-2 exponential.
///
/// ```mlir
/// %0 = math.exp2 %x : f32
/// ```
#[op(dialect = MathDialect, name = "exp2", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct Exp2Op {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl Exp2Op {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::Exp2, operands)
    }
}

/// `exp(x) - 1`, accurate near zero.
///
/// ```mlir
/// %0 = math.expm1 %x : f32
/// ```
#[op(dialect = MathDialect, name = "expm1", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct ExpM1Op {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl ExpM1Op {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::ExpM1, operands)
    }
}

/// Natural logarithm.
///
/// ```mlir
/// %0 = math.log %x : f32
/// ```
#[op(dialect = MathDialect, name = "log", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct LogOp {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl LogOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::Log, operands)
    }
}

/// Base-2 logarithm.
///
/// ```mlir
/// %0 = math.log2 %x : f32
/// ```
#[op(dialect = MathDialect, name = "log2", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct Log2Op {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl Log2Op {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::Log2, operands)
    }
}

/// Base-10 logarithm.
///
/// ```mlir
/// %0 = math.log10 %x : f32
/// ```
#[op(dialect = MathDialect, name = "log10", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct Log10Op {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl Log10Op {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::Log10, operands)
    }
}

/// `log(1 + x)`, accurate near zero.
///
/// ```mlir
/// %0 = math.log1p %x : f32
/// ```
#[op(dialect = MathDialect, name = "log1p", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct Log1pOp {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl Log1pOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::Log1p, operands)
    }
}

/// Sine.
///
/// ```mlir
/// %0 = math.sin %x : f32
/// ```
#[op(dialect = MathDialect, name = "sin", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct SinOp {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl SinOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::Sin, operands)
    }
}

/// Cosine.
///
/// ```mlir
/// %0 = math.cos %x : f32
/// ```
#[op(dialect = MathDialect, name = "cos", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct CosOp {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl CosOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::Cos, operands)
    }
}

/// Tangent.
///
/// ```mlir
/// %0 = math.tan %x : f32
/// ```
#[op(dialect = MathDialect, name = "tan", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct TanOp {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl TanOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::Tan, operands)
    }
}

/// Hyperbolic tangent.
///
/// ```mlir
/// %0 = math.tanh %x : f32
/// ```
#[op(dialect = MathDialect, name = "tanh", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct TanhOp {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl TanhOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::Tanh, operands)
    }
}

/// Hyperbolic sine.
///
/// ```mlir
/// %0 = math.sinh %x : f32
/// ```
#[op(dialect = MathDialect, name = "sinh", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct SinhOp {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl SinhOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::Sinh, operands)
    }
}

/// Hyperbolic cosine.
///
/// ```mlir
/// %0 = math.cosh %x : f32
/// ```
#[op(dialect = MathDialect, name = "cosh", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct CoshOp {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl CoshOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::Cosh, operands)
    }
}

/// Arcsine.
///
/// ```mlir
/// %0 = math.asin %x : f32
/// ```
#[op(dialect = MathDialect, name = "asin", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct AsinOp {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl AsinOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::Asin, operands)
    }
}

/// Arccosine.
///
/// ```mlir
/// %0 = math.acos %x : f32
/// ```
#[op(dialect = MathDialect, name = "acos", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct AcosOp {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl AcosOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::Acos, operands)
    }
}

/// Arctangent.
///
/// ```mlir
/// %0 = math.atan %x : f32
/// ```
#[op(dialect = MathDialect, name = "atan", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct AtanOp {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl AtanOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::Atan, operands)
    }
}

/// Cube root.
///
/// ```mlir
/// %0 = math.cbrt %x : f32
/// ```
#[op(dialect = MathDialect, name = "cbrt", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct CbrtOp {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl CbrtOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::Cbrt, operands)
    }
}

/// Error function (not folded: no correctly rounded `erf` is available).
///
/// ```mlir
/// %0 = math.erf %x : f32
/// ```
#[op(dialect = MathDialect, name = "erf", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct ErfOp {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl ErfOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::Erf, operands)
    }
}

/// Rounds toward negative infinity.
///
/// ```mlir
/// %0 = math.floor %x : f32
/// ```
#[op(dialect = MathDialect, name = "floor", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct FloorOp {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl FloorOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::Floor, operands)
    }
}

/// Rounds toward positive infinity.
///
/// ```mlir
/// %0 = math.ceil %x : f32
/// ```
#[op(dialect = MathDialect, name = "ceil", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct CeilOp {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl CeilOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::Ceil, operands)
    }
}

/// Rounds to nearest, ties away from zero.
///
/// ```mlir
/// %0 = math.round %x : f32
/// ```
#[op(dialect = MathDialect, name = "round", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct RoundOp {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl RoundOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::Round, operands)
    }
}

/// Rounds to nearest, ties to even.
///
/// ```mlir
/// %0 = math.roundeven %x : f32
/// ```
#[op(dialect = MathDialect, name = "roundeven", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct RoundEvenOp {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl RoundEvenOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::RoundEven, operands)
    }
}

/// Rounds toward zero.
///
/// ```mlir
/// %0 = math.trunc %x : f32
/// ```
#[op(dialect = MathDialect, name = "trunc", traits(Pure, SameOperandsAndResultType),
     format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct TruncOp {
    #[operand]
    operand: FloatLike,
    #[result]
    result: FloatLike,
    /// Fast-math flags (default `none`).
    #[attr(default = FastMathFlags::none(ctx))]
    fastmath: FastMathFlags,
}

impl TruncOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_unary(ctx, self.op(), UnaryFn::Trunc, operands)
    }
}

/// Two-argument arctangent `atan(lhs / rhs)` with the quadrant of `(rhs, lhs)`.
///
/// ```mlir
/// %0 = math.atan2 %a, %b : f32
/// ```
#[op(dialect = MathDialect, name = "atan2", traits(Pure, SameOperandsAndResultType),
     format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct Atan2Op {
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

impl Atan2Op {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_binary(ctx, self.op(), BinaryFn::Atan2, operands)
    }
}

/// `lhs` raised to the power `rhs`.
///
/// ```mlir
/// %0 = math.powf %a, %b : f32
/// ```
#[op(dialect = MathDialect, name = "powf", traits(Pure, SameOperandsAndResultType),
     format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct PowFOp {
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

impl PowFOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_binary(ctx, self.op(), BinaryFn::PowF, operands)
    }
}

/// The magnitude of `lhs` with the sign of `rhs`.
///
/// ```mlir
/// %0 = math.copysign %a, %b : f32
/// ```
#[op(dialect = MathDialect, name = "copysign", traits(Pure, SameOperandsAndResultType),
     format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)", fold)]
pub struct CopySignOp {
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

impl CopySignOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_binary(ctx, self.op(), BinaryFn::CopySign, operands)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unary_folds_in_precision() {
        assert_eq!(
            eval_unary(UnaryFn::Sqrt, 2.0, FloatKind::F32),
            Some(2f32.sqrt() as f64)
        );
        assert_eq!(
            eval_unary(UnaryFn::Sqrt, 2.0, FloatKind::F64),
            Some(2f64.sqrt())
        );
        assert_eq!(eval_unary(UnaryFn::Sqrt, -1.0, FloatKind::F64), None);
        assert_eq!(eval_unary(UnaryFn::Log, -1.0, FloatKind::F64), None);
        assert_eq!(
            eval_unary(UnaryFn::Log, 0.0, FloatKind::F64),
            Some(f64::NEG_INFINITY)
        );
        assert_eq!(eval_unary(UnaryFn::Round, 2.5, FloatKind::F64), Some(3.0));
        assert_eq!(eval_unary(UnaryFn::Round, -2.5, FloatKind::F64), Some(-3.0));
        assert_eq!(
            eval_unary(UnaryFn::RoundEven, 2.5, FloatKind::F64),
            Some(2.0)
        );
        assert_eq!(eval_unary(UnaryFn::Floor, -1.5, FloatKind::F32), Some(-2.0));
        assert_eq!(eval_unary(UnaryFn::Erf, 0.5, FloatKind::F64), None);
        assert_eq!(eval_unary(UnaryFn::Exp, 1.0, FloatKind::F16), None);
        assert!(eval_unary(UnaryFn::Sin, f64::NAN, FloatKind::F64)
            .unwrap()
            .is_nan());
    }

    #[test]
    fn binary_folds() {
        assert_eq!(
            eval_binary(BinaryFn::PowF, 2.0, 10.0, FloatKind::F32),
            Some(1024.0)
        );
        assert_eq!(
            eval_binary(BinaryFn::CopySign, 3.0, -0.0, FloatKind::F64),
            Some(-3.0)
        );
        assert!(eval_binary(BinaryFn::PowF, -8.0, 0.5, FloatKind::F64)
            .unwrap()
            .is_nan());
        assert!(eval_unary(UnaryFn::Asin, 2.0, FloatKind::F32)
            .unwrap()
            .is_nan());
    }
}
