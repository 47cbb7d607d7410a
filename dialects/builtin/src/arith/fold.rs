//! Constant folding and algebraic simplification for `arith`.
//!
//! The evaluation functions at the top of this module are pure: integers are passed as the
//! `i64` stored in an integer attribute (sign-extended to 64 bits, see
//! [`tail_ir::context::wrap_int`]) together with the bit width of their type (`index` counts as
//! 64 bits, like MLIR's `IndexType::kInternalStorageBitWidth`), and every result is wrapped back
//! to that width. They follow the semantics of LLVM's `APInt`/`APFloat` as used by
//! `mlir/lib/Dialect/Arith/IR/ArithOps.cpp`:
//!
//! - integer arithmetic wraps around at the type width (two's complement);
//! - division and remainder by zero, and signed division overflow (`INT_MIN / -1`), are
//!   undefined behaviour in `arith` and are therefore *not* folded;
//! - shifts by the bit width or more produce poison and are not folded;
//! - `f32` arithmetic is carried out in `f32` so that rounding matches the target exactly;
//!   `f16`/`bf16` values are not folded.
//!
//! The op-level `fold` hooks further down combine these with the usual identities
//! (`x + 0`, `x * 1`, `x - x`, ...), returning either a constant attribute or an existing value.

use tail_ir::FloatKind;

/// Bit mask of the low `w` bits.
pub fn mask(w: u32) -> u64 {
    if w >= 64 {
        u64::MAX
    } else {
        (1u64 << w) - 1
    }
}

/// The low `w` bits of `v`, zero-extended.
pub fn as_unsigned(v: i64, w: u32) -> u64 {
    (v as u64) & mask(w)
}

/// The low `w` bits of `v`, sign-extended.
pub fn as_signed(v: i64, w: u32) -> i64 {
    if w >= 64 || w == 0 {
        return v;
    }
    let u = as_unsigned(v, w);
    let sign = 1u64 << (w - 1);
    if u & sign != 0 {
        (u | !mask(w)) as i64
    } else {
        u as i64
    }
}

/// Largest signed value of width `w`.
pub fn signed_max(w: u32) -> i64 {
    if w >= 64 {
        i64::MAX
    } else {
        ((1u64 << (w - 1)) - 1) as i64
    }
}

/// Smallest signed value of width `w`.
pub fn signed_min(w: u32) -> i64 {
    if w >= 64 {
        i64::MIN
    } else {
        -(1i64 << (w - 1))
    }
}

/// Integer binary operations of `arith`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IntBinOp {
    /// `arith.addi`
    Add,
    /// `arith.subi`
    Sub,
    /// `arith.muli`
    Mul,
    /// `arith.divsi`
    DivS,
    /// `arith.divui`
    DivU,
    /// `arith.remsi`
    RemS,
    /// `arith.remui`
    RemU,
    /// `arith.ceildivsi`
    CeilDivS,
    /// `arith.floordivsi`
    FloorDivS,
    /// `arith.andi`
    And,
    /// `arith.ori`
    Or,
    /// `arith.xori`
    Xor,
    /// `arith.shli`
    Shl,
    /// `arith.shrsi`
    ShrS,
    /// `arith.shrui`
    ShrU,
    /// `arith.maxsi`
    MaxS,
    /// `arith.minsi`
    MinS,
    /// `arith.maxui`
    MaxU,
    /// `arith.minui`
    MinU,
}

/// Evaluates `a op b` at width `w` (1..=64). Returns the result sign-extended, or `None` where
/// the operation is undefined (division by zero, signed overflow of division, over-wide shift).
pub fn eval_int_binop(op: IntBinOp, a: i64, b: i64, w: u32) -> Option<i64> {
    if w == 0 || w > 64 {
        return None;
    }
    let (sa, sb) = (as_signed(a, w) as i128, as_signed(b, w) as i128);
    let (ua, ub) = (as_unsigned(a, w), as_unsigned(b, w));
    let wrap = |v: i128| as_signed(v as i64, w);
    let fits = |q: i128| q >= signed_min(w) as i128 && q <= signed_max(w) as i128;
    let r = match op {
        IntBinOp::Add => wrap(sa + sb),
        IntBinOp::Sub => wrap(sa - sb),
        IntBinOp::Mul => wrap(sa.wrapping_mul(sb)),
        IntBinOp::DivS => {
            if sb == 0 {
                return None;
            }
            let q = sa / sb;
            if !fits(q) {
                return None;
            }
            wrap(q)
        }
        IntBinOp::DivU => {
            if ub == 0 {
                return None;
            }
            as_signed((ua / ub) as i64, w)
        }
        IntBinOp::RemS => {
            if sb == 0 {
                return None;
            }
            wrap(sa % sb)
        }
        IntBinOp::RemU => {
            if ub == 0 {
                return None;
            }
            as_signed((ua % ub) as i64, w)
        }
        IntBinOp::CeilDivS => {
            if sb == 0 {
                return None;
            }
            let (q, r) = (sa / sb, sa % sb);
            let q = if r != 0 && ((r > 0) == (sb > 0)) {
                q + 1
            } else {
                q
            };
            if !fits(q) {
                return None;
            }
            wrap(q)
        }
        IntBinOp::FloorDivS => {
            if sb == 0 {
                return None;
            }
            let (q, r) = (sa / sb, sa % sb);
            let q = if r != 0 && ((r < 0) != (sb < 0)) {
                q - 1
            } else {
                q
            };
            if !fits(q) {
                return None;
            }
            wrap(q)
        }
        IntBinOp::And => as_signed((ua & ub) as i64, w),
        IntBinOp::Or => as_signed((ua | ub) as i64, w),
        IntBinOp::Xor => as_signed((ua ^ ub) as i64, w),
        IntBinOp::Shl => {
            if ub >= w as u64 {
                return None;
            }
            as_signed((ua << ub) as i64, w)
        }
        IntBinOp::ShrS => {
            if ub >= w as u64 {
                return None;
            }
            as_signed((sa >> ub) as i64, w)
        }
        IntBinOp::ShrU => {
            if ub >= w as u64 {
                return None;
            }
            as_signed((ua >> ub) as i64, w)
        }
        IntBinOp::MaxS => wrap(sa.max(sb)),
        IntBinOp::MinS => wrap(sa.min(sb)),
        IntBinOp::MaxU => as_signed(ua.max(ub) as i64, w),
        IntBinOp::MinU => as_signed(ua.min(ub) as i64, w),
    };
    Some(r)
}

/// `arith.cmpi` predicates, numbered as in upstream's `Arith_CmpIPredicateAttr`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CmpIPredicate {
    /// `eq` (0)
    Eq = 0,
    /// `ne` (1)
    Ne = 1,
    /// `slt` (2)
    Slt = 2,
    /// `sle` (3)
    Sle = 3,
    /// `sgt` (4)
    Sgt = 4,
    /// `sge` (5)
    Sge = 5,
    /// `ult` (6)
    Ult = 6,
    /// `ule` (7)
    Ule = 7,
    /// `ugt` (8)
    Ugt = 8,
    /// `uge` (9)
    Uge = 9,
}

impl CmpIPredicate {
    /// All predicates in numbering order.
    pub const ALL: [CmpIPredicate; 10] = [
        CmpIPredicate::Eq,
        CmpIPredicate::Ne,
        CmpIPredicate::Slt,
        CmpIPredicate::Sle,
        CmpIPredicate::Sgt,
        CmpIPredicate::Sge,
        CmpIPredicate::Ult,
        CmpIPredicate::Ule,
        CmpIPredicate::Ugt,
        CmpIPredicate::Uge,
    ];
    /// The keyword printed in the custom form.
    pub fn keyword(self) -> &'static str {
        [
            "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
        ][self as usize]
    }
    /// Parses a keyword.
    pub fn from_keyword(s: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|p| p.keyword() == s)
    }
    /// The predicate with attribute value `v`.
    pub fn from_i64(v: i64) -> Option<Self> {
        usize::try_from(v)
            .ok()
            .and_then(|i| Self::ALL.get(i).copied())
    }
    /// The predicate that holds for `(b, a)` whenever `self` holds for `(a, b)`.
    pub fn swapped(self) -> Self {
        use CmpIPredicate::*;
        match self {
            Eq => Eq,
            Ne => Ne,
            Slt => Sgt,
            Sle => Sge,
            Sgt => Slt,
            Sge => Sle,
            Ult => Ugt,
            Ule => Uge,
            Ugt => Ult,
            Uge => Ule,
        }
    }
    /// The negated predicate.
    pub fn inverted(self) -> Self {
        use CmpIPredicate::*;
        match self {
            Eq => Ne,
            Ne => Eq,
            Slt => Sge,
            Sle => Sgt,
            Sgt => Sle,
            Sge => Slt,
            Ult => Uge,
            Ule => Ugt,
            Ugt => Ule,
            Uge => Ult,
        }
    }
    /// Whether `x pred x` holds.
    pub fn holds_for_equal(self) -> bool {
        use CmpIPredicate::*;
        matches!(self, Eq | Sle | Sge | Ule | Uge)
    }
}

/// Evaluates `a pred b` at width `w`.
pub fn eval_cmpi(pred: CmpIPredicate, a: i64, b: i64, w: u32) -> bool {
    let (sa, sb) = (as_signed(a, w), as_signed(b, w));
    let (ua, ub) = (as_unsigned(a, w), as_unsigned(b, w));
    use CmpIPredicate::*;
    match pred {
        Eq => ua == ub,
        Ne => ua != ub,
        Slt => sa < sb,
        Sle => sa <= sb,
        Sgt => sa > sb,
        Sge => sa >= sb,
        Ult => ua < ub,
        Ule => ua <= ub,
        Ugt => ua > ub,
        Uge => ua >= ub,
    }
}

/// `arith.cmpf` predicates, numbered as in upstream's `Arith_CmpFPredicateAttr`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CmpFPredicate {
    /// `false` (0): always false.
    AlwaysFalse = 0,
    /// `oeq` (1)
    Oeq = 1,
    /// `ogt` (2)
    Ogt = 2,
    /// `oge` (3)
    Oge = 3,
    /// `olt` (4)
    Olt = 4,
    /// `ole` (5)
    Ole = 5,
    /// `one` (6)
    One = 6,
    /// `ord` (7): neither operand is NaN.
    Ord = 7,
    /// `ueq` (8)
    Ueq = 8,
    /// `ugt` (9)
    Ugt = 9,
    /// `uge` (10)
    Uge = 10,
    /// `ult` (11)
    Ult = 11,
    /// `ule` (12)
    Ule = 12,
    /// `une` (13)
    Une = 13,
    /// `uno` (14): either operand is NaN.
    Uno = 14,
    /// `true` (15): always true.
    AlwaysTrue = 15,
}

impl CmpFPredicate {
    /// All predicates in numbering order.
    pub const ALL: [CmpFPredicate; 16] = [
        CmpFPredicate::AlwaysFalse,
        CmpFPredicate::Oeq,
        CmpFPredicate::Ogt,
        CmpFPredicate::Oge,
        CmpFPredicate::Olt,
        CmpFPredicate::Ole,
        CmpFPredicate::One,
        CmpFPredicate::Ord,
        CmpFPredicate::Ueq,
        CmpFPredicate::Ugt,
        CmpFPredicate::Uge,
        CmpFPredicate::Ult,
        CmpFPredicate::Ule,
        CmpFPredicate::Une,
        CmpFPredicate::Uno,
        CmpFPredicate::AlwaysTrue,
    ];
    /// The keyword printed in the custom form.
    pub fn keyword(self) -> &'static str {
        [
            "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult",
            "ule", "une", "uno", "true",
        ][self as usize]
    }
    /// Parses a keyword.
    pub fn from_keyword(s: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|p| p.keyword() == s)
    }
    /// The predicate with attribute value `v`.
    pub fn from_i64(v: i64) -> Option<Self> {
        usize::try_from(v)
            .ok()
            .and_then(|i| Self::ALL.get(i).copied())
    }
}

/// Evaluates `a pred b` with IEEE semantics (ordered predicates are false on NaN, unordered
/// ones true).
pub fn eval_cmpf(pred: CmpFPredicate, a: f64, b: f64) -> bool {
    use CmpFPredicate::*;
    let unordered = a.is_nan() || b.is_nan();
    match pred {
        AlwaysFalse => false,
        AlwaysTrue => true,
        Ord => !unordered,
        Uno => unordered,
        Oeq => !unordered && a == b,
        Ogt => !unordered && a > b,
        Oge => !unordered && a >= b,
        Olt => !unordered && a < b,
        Ole => !unordered && a <= b,
        One => !unordered && a != b,
        Ueq => unordered || a == b,
        Ugt => unordered || a > b,
        Uge => unordered || a >= b,
        Ult => unordered || a < b,
        Ule => unordered || a <= b,
        Une => unordered || a != b,
    }
}

/// Float binary operations of `arith`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FloatBinOp {
    /// `arith.addf`
    Add,
    /// `arith.subf`
    Sub,
    /// `arith.mulf`
    Mul,
    /// `arith.divf`
    Div,
    /// `arith.remf` (C `fmod`)
    Rem,
    /// `arith.maximumf`: NaN-propagating, `-0 < +0`.
    Maximum,
    /// `arith.minimumf`: NaN-propagating, `-0 < +0`.
    Minimum,
    /// `arith.maxnumf`: IEEE `maxNum`, a NaN operand is ignored.
    MaxNum,
    /// `arith.minnumf`: IEEE `minNum`, a NaN operand is ignored.
    MinNum,
}

/// `arith.maximumf` of two doubles: NaN-propagating, `-0 < +0`.
pub fn maximum(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        return f64::NAN;
    }
    if a == b && a == 0.0 {
        return if a.is_sign_negative() { b } else { a };
    }
    if a > b {
        a
    } else {
        b
    }
}

/// `arith.minimumf` of two doubles: NaN-propagating, `-0 < +0`.
pub fn minimum(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        return f64::NAN;
    }
    if a == b && a == 0.0 {
        return if a.is_sign_negative() { a } else { b };
    }
    if a < b {
        a
    } else {
        b
    }
}

fn maxnum(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        return b;
    }
    if b.is_nan() {
        return a;
    }
    maximum(a, b)
}

fn minnum(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        return b;
    }
    if b.is_nan() {
        return a;
    }
    minimum(a, b)
}

/// Evaluates `a op b` in the precision of `kind`; `None` for formats not folded (`f16`, `bf16`).
pub fn eval_float_binop(op: FloatBinOp, a: f64, b: f64, kind: FloatKind) -> Option<f64> {
    match kind {
        FloatKind::F64 => Some(match op {
            FloatBinOp::Add => a + b,
            FloatBinOp::Sub => a - b,
            FloatBinOp::Mul => a * b,
            FloatBinOp::Div => a / b,
            FloatBinOp::Rem => a % b,
            FloatBinOp::Maximum => maximum(a, b),
            FloatBinOp::Minimum => minimum(a, b),
            FloatBinOp::MaxNum => maxnum(a, b),
            FloatBinOp::MinNum => minnum(a, b),
        }),
        FloatKind::F32 => {
            let (x, y) = (a as f32, b as f32);
            Some(match op {
                FloatBinOp::Add => (x + y) as f64,
                FloatBinOp::Sub => (x - y) as f64,
                FloatBinOp::Mul => (x * y) as f64,
                FloatBinOp::Div => (x / y) as f64,
                FloatBinOp::Rem => (x % y) as f64,
                // Exact on f32 values: compare in f64 then narrow losslessly.
                FloatBinOp::Maximum => maximum(x as f64, y as f64),
                FloatBinOp::Minimum => minimum(x as f64, y as f64),
                FloatBinOp::MaxNum => maxnum(x as f64, y as f64),
                FloatBinOp::MinNum => minnum(x as f64, y as f64),
            })
        }
        FloatKind::F16 | FloatKind::BF16 => None,
    }
}

/// Rounds `v` to the precision of `kind` (nearest-even); `None` for formats not folded.
pub fn round_to_kind(v: f64, kind: FloatKind) -> Option<f64> {
    match kind {
        FloatKind::F64 => Some(v),
        FloatKind::F32 => Some(v as f32 as f64),
        FloatKind::F16 | FloatKind::BF16 => None,
    }
}

/// Converts a signed (`signed = true`) or unsigned integer of width `w` to a float of `kind`
/// with a single rounding.
pub fn int_to_float(v: i64, w: u32, signed: bool, kind: FloatKind) -> Option<f64> {
    match kind {
        FloatKind::F64 => Some(if signed {
            as_signed(v, w) as f64
        } else {
            as_unsigned(v, w) as f64
        }),
        FloatKind::F32 => Some(if signed {
            as_signed(v, w) as f32 as f64
        } else {
            as_unsigned(v, w) as f32 as f64
        }),
        FloatKind::F16 | FloatKind::BF16 => None,
    }
}

/// Converts a float to an integer of width `w`, rounding toward zero; `None` when the value
/// is NaN or out of range (APFloat's `opInvalidOp`), as upstream's `fptosi`/`fptoui` folders.
pub fn float_to_int(v: f64, w: u32, signed: bool) -> Option<i64> {
    if v.is_nan() || w == 0 || w > 64 {
        return None;
    }
    let t = v.trunc();
    if signed {
        let (lo, hi) = (signed_min(w) as f64, signed_max(w) as f64 + 1.0);
        if t < lo || t >= hi {
            return None;
        }
        Some(t as i64)
    } else {
        let hi = if w == 64 {
            18446744073709551616.0
        } else {
            (1u64 << w) as f64
        };
        if t < 0.0 && t != 0.0 || t >= hi {
            return None;
        }
        Some(as_signed(t as u64 as i64, w))
    }
}

/// The bits of a float value of `kind` as an integer (`arith.bitcast` float -> int).
pub fn float_to_bits(v: f64, kind: FloatKind) -> Option<i64> {
    match kind {
        FloatKind::F64 => Some(v.to_bits() as i64),
        FloatKind::F32 => Some(as_signed((v as f32).to_bits() as i64, 32)),
        FloatKind::F16 | FloatKind::BF16 => None,
    }
}

/// The float of `kind` with the given bits (`arith.bitcast` int -> float).
pub fn bits_to_float(bits: i64, kind: FloatKind) -> Option<f64> {
    match kind {
        FloatKind::F64 => Some(f64::from_bits(bits as u64)),
        FloatKind::F32 => Some(f32::from_bits(as_unsigned(bits, 32) as u32) as f64),
        FloatKind::F16 | FloatKind::BF16 => None,
    }
}

// ----- op-level folders ----------------------------------------------------------------------

use smallvec::{smallvec, SmallVec};
use tail_ir::{AttrKind, Attribute, Context, FoldResult, OpId, Type, Value};

use super::ops::*;
use crate::util::{self, int_or_index_width};

type Folded = Option<SmallVec<[FoldResult; 1]>>;

fn attr(a: Attribute) -> Folded {
    Some(smallvec![FoldResult::Attr(a)])
}

fn value(v: Value) -> Folded {
    Some(smallvec![FoldResult::Value(v)])
}

fn int_of(ctx: &Context, a: Option<Attribute>) -> Option<i64> {
    match ctx.attr_kind(a?) {
        AttrKind::Integer { value, .. } => Some(*value),
        _ => None,
    }
}

fn float_of(ctx: &Context, a: Option<Attribute>) -> Option<f64> {
    ctx.attr_as_float(a?)
}

fn operand_attr(operands: &[Option<Attribute>], i: usize) -> Option<Attribute> {
    operands.get(i).copied().flatten()
}

/// The op defining `v`, if it is named `name`.
pub(crate) fn def_named(ctx: &Context, v: Value, name: &str) -> Option<OpId> {
    ctx.defining_op(v).filter(|&d| ctx.op_is(d, name))
}

/// Moves a constant left operand of a commutative op to the right, in place (MLIR's
/// `foldCommutative`), so that later patterns only look for constants on the right.
fn move_constant_right(ctx: &mut Context, op: OpId, operands: &[Option<Attribute>]) -> Folded {
    if operand_attr(operands, 0).is_some() && operand_attr(operands, 1).is_none() {
        let (l, r) = (ctx.operand(op, 0), ctx.operand(op, 1));
        ctx.set_operands(op, &[r, l]);
        return value(ctx.result(op, 0));
    }
    None
}

/// The fold of the integer binary ops: constant evaluation, then identities.
pub(crate) fn fold_int_binary(
    ctx: &mut Context,
    op: OpId,
    kind: IntBinOp,
    operands: &[Option<Attribute>],
) -> Folded {
    let (lhs, rhs) = (ctx.operand(op, 0), ctx.operand(op, 1));
    let ty = ctx.value_type(ctx.result(op, 0));
    let w = int_or_index_width(ctx, ty)?;
    if w > 64 {
        return None;
    }
    let ca = int_of(ctx, operand_attr(operands, 0));
    let cb = int_of(ctx, operand_attr(operands, 1));
    if let (Some(a), Some(b)) = (ca, cb) {
        if let Some(r) = eval_int_binop(kind, a, b, w) {
            return attr(ctx.int_attr(ty, r));
        }
        // Undefined (e.g. division by zero): only the identities below may still apply.
    }
    let is = |c: Option<i64>, v: i64| c.is_some_and(|c| as_unsigned(c, w) == as_unsigned(v, w));
    let all_ones = -1i64;
    let zero = |ctx: &mut Context| ctx.int_attr(ty, 0);
    let commutative = matches!(
        kind,
        IntBinOp::Add
            | IntBinOp::Mul
            | IntBinOp::And
            | IntBinOp::Or
            | IntBinOp::Xor
            | IntBinOp::MaxS
            | IntBinOp::MinS
            | IntBinOp::MaxU
            | IntBinOp::MinU
    );
    // For commutative ops, look at both orders: (x, c) and (c, x).
    let mut sides = vec![(lhs, cb, operand_attr(operands, 1))];
    if commutative {
        sides.push((rhs, ca, operand_attr(operands, 0)));
    }
    for (x, c, c_attr) in sides {
        let folded = match kind {
            IntBinOp::Add if is(c, 0) => value(x),
            IntBinOp::Sub if is(c, 0) => value(x),
            IntBinOp::Mul if is(c, 0) => c_attr.and_then(attr),
            IntBinOp::Mul if is(c, 1) => value(x),
            IntBinOp::DivS | IntBinOp::DivU | IntBinOp::CeilDivS | IntBinOp::FloorDivS
                if is(c, 1) =>
            {
                value(x)
            }
            IntBinOp::RemS | IntBinOp::RemU if is(c, 1) => attr(zero(ctx)),
            IntBinOp::And if is(c, 0) => c_attr.and_then(attr),
            IntBinOp::And if is(c, all_ones) => value(x),
            IntBinOp::Or if is(c, 0) => value(x),
            IntBinOp::Or if is(c, all_ones) => c_attr.and_then(attr),
            IntBinOp::Xor if is(c, 0) => value(x),
            IntBinOp::Shl | IntBinOp::ShrS | IntBinOp::ShrU if is(c, 0) => value(x),
            IntBinOp::MaxS if is(c, signed_max(w)) => c_attr.and_then(attr),
            IntBinOp::MaxS if is(c, signed_min(w)) => value(x),
            IntBinOp::MinS if is(c, signed_min(w)) => c_attr.and_then(attr),
            IntBinOp::MinS if is(c, signed_max(w)) => value(x),
            IntBinOp::MaxU if is(c, all_ones) => c_attr.and_then(attr),
            IntBinOp::MaxU if is(c, 0) => value(x),
            IntBinOp::MinU if is(c, 0) => c_attr.and_then(attr),
            IntBinOp::MinU if is(c, all_ones) => value(x),
            _ => None,
        };
        if folded.is_some() {
            return folded;
        }
    }
    // Identities on equal operands.
    if lhs == rhs {
        match kind {
            IntBinOp::Sub | IntBinOp::Xor => return attr(zero(ctx)),
            IntBinOp::And
            | IntBinOp::Or
            | IntBinOp::MaxS
            | IntBinOp::MinS
            | IntBinOp::MaxU
            | IntBinOp::MinU => return value(lhs),
            _ => {}
        }
    }
    // Structural identities.
    match kind {
        IntBinOp::Add => {
            // add(sub(a, b), b) -> a ; add(b, sub(a, b)) -> a
            for (s, other) in [(lhs, rhs), (rhs, lhs)] {
                if let Some(sub) = def_named(ctx, s, "arith.subi") {
                    if ctx.operand(sub, 1) == other {
                        return value(ctx.operand(sub, 0));
                    }
                }
            }
        }
        IntBinOp::Sub => {
            // sub(add(a, b), b) -> a ; sub(add(a, b), a) -> b
            if let Some(add) = def_named(ctx, lhs, "arith.addi") {
                if ctx.operand(add, 1) == rhs {
                    return value(ctx.operand(add, 0));
                }
                if ctx.operand(add, 0) == rhs {
                    return value(ctx.operand(add, 1));
                }
            }
            // sub(a, sub(a, b)) -> b
            if let Some(sub) = def_named(ctx, rhs, "arith.subi") {
                if ctx.operand(sub, 0) == lhs {
                    return value(ctx.operand(sub, 1));
                }
            }
        }
        IntBinOp::Xor => {
            // xor(xor(x, a), a) -> x ; xor(a, xor(x, a)) -> x
            for (inner, other) in [(lhs, rhs), (rhs, lhs)] {
                if let Some(x) = def_named(ctx, inner, "arith.xori") {
                    if ctx.operand(x, 1) == other {
                        return value(ctx.operand(x, 0));
                    }
                    if ctx.operand(x, 0) == other {
                        return value(ctx.operand(x, 1));
                    }
                }
            }
        }
        IntBinOp::And => {
            // and(x, not(x)) -> 0, where not(x) = xor(x, -1)
            for (a, b) in [(lhs, rhs), (rhs, lhs)] {
                if let Some(x) = def_named(ctx, b, "arith.xori") {
                    let ones = util::constant_int(ctx, ctx.operand(x, 1))
                        .is_some_and(|c| as_unsigned(c, w) == mask(w));
                    if ones && ctx.operand(x, 0) == a {
                        return attr(zero(ctx));
                    }
                }
            }
        }
        _ => {}
    }
    if commutative {
        return move_constant_right(ctx, op, operands);
    }
    None
}

/// The fold of the float binary ops: constant evaluation in the type's precision, then
/// IEEE-safe identities.
pub(crate) fn fold_float_binary(
    ctx: &mut Context,
    op: OpId,
    kind: FloatBinOp,
    operands: &[Option<Attribute>],
) -> Folded {
    let (lhs, rhs) = (ctx.operand(op, 0), ctx.operand(op, 1));
    let ty = ctx.value_type(ctx.result(op, 0));
    let fk = util::float_kind(ctx, ty)?;
    let ca = float_of(ctx, operand_attr(operands, 0));
    let cb = float_of(ctx, operand_attr(operands, 1));
    if let (Some(a), Some(b)) = (ca, cb) {
        let r = eval_float_binop(kind, a, b, fk)?;
        return attr(ctx.float_attr(ty, r));
    }
    let is = |c: Option<f64>, v: f64| {
        c.is_some_and(|c| c == v && c.is_sign_negative() == v.is_sign_negative())
    };
    let commutative = matches!(
        kind,
        FloatBinOp::Add
            | FloatBinOp::Mul
            | FloatBinOp::Maximum
            | FloatBinOp::Minimum
            | FloatBinOp::MaxNum
            | FloatBinOp::MinNum
    );
    let mut sides = vec![(lhs, cb)];
    if commutative {
        sides.push((rhs, ca));
    }
    for (x, c) in sides {
        let id = match kind {
            FloatBinOp::Add => is(c, -0.0),
            FloatBinOp::Sub => is(c, 0.0),
            FloatBinOp::Mul | FloatBinOp::Div => is(c, 1.0),
            FloatBinOp::Maximum | FloatBinOp::MaxNum => is(c, f64::NEG_INFINITY),
            FloatBinOp::Minimum | FloatBinOp::MinNum => is(c, f64::INFINITY),
            FloatBinOp::Rem => false,
        };
        if id {
            return value(x);
        }
    }
    if lhs == rhs
        && matches!(
            kind,
            FloatBinOp::Maximum | FloatBinOp::Minimum | FloatBinOp::MaxNum | FloatBinOp::MinNum
        )
    {
        return value(lhs);
    }
    if commutative {
        return move_constant_right(ctx, op, operands);
    }
    None
}

macro_rules! int_binary_folders {
    ($($op:ident => $kind:ident),* $(,)?) => {$(
        impl $op {
            pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
                fold_int_binary(ctx, self.op(), IntBinOp::$kind, operands)
            }
        }
    )*};
}

int_binary_folders! {
    AddIOp => Add, SubIOp => Sub, MulIOp => Mul, DivSIOp => DivS, DivUIOp => DivU, RemSIOp => RemS,
    RemUIOp => RemU, CeilDivSIOp => CeilDivS, FloorDivSIOp => FloorDivS, AndIOp => And, OrIOp => Or,
    XOrIOp => Xor, ShLIOp => Shl, ShRSIOp => ShrS, ShRUIOp => ShrU, MaxSIOp => MaxS, MinSIOp => MinS,
    MaxUIOp => MaxU, MinUIOp => MinU,
}

macro_rules! float_binary_folders {
    ($($op:ident => $kind:ident),* $(,)?) => {$(
        impl $op {
            pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
                fold_float_binary(ctx, self.op(), FloatBinOp::$kind, operands)
            }
        }
    )*};
}

float_binary_folders! {
    AddFOp => Add, SubFOp => Sub, MulFOp => Mul, DivFOp => Div, RemFOp => Rem,
    MaximumFOp => Maximum, MinimumFOp => Minimum, MaxNumFOp => MaxNum, MinNumFOp => MinNum,
}

impl ConstantOp {
    pub(crate) fn fold(self, ctx: &mut Context, _operands: &[Option<Attribute>]) -> Folded {
        ctx.attr(self.op(), "value").and_then(attr)
    }
}

impl NegFOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        let ty = ctx.value_type(ctx.result(op, 0));
        if let Some(a) = float_of(ctx, operand_attr(operands, 0)) {
            return attr(ctx.float_attr(ty, -a));
        }
        // negf(negf(x)) -> x
        def_named(ctx, ctx.operand(op, 0), "arith.negf")
            .and_then(|inner| value(ctx.operand(inner, 0)))
    }
}

impl CmpIOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        let pred = cmpi_predicate(ctx, op)?;
        let (lhs, rhs) = (ctx.operand(op, 0), ctx.operand(op, 1));
        if lhs == rhs {
            return attr(ctx.bool_attr(pred.holds_for_equal()));
        }
        let w = int_or_index_width(ctx, ctx.value_type(lhs))?;
        let ca = int_of(ctx, operand_attr(operands, 0));
        let cb = int_of(ctx, operand_attr(operands, 1));
        if let (Some(a), Some(b)) = (ca, cb) {
            return attr(ctx.bool_attr(eval_cmpi(pred, a, b, w)));
        }
        // cmpi(ne, ext(x : i1), 0) -> x
        if pred == CmpIPredicate::Ne && cb == Some(0) {
            for ext in ["arith.extui", "arith.extsi"] {
                if let Some(e) = def_named(ctx, lhs, ext) {
                    let src = ctx.operand(e, 0);
                    if util::is_i1(ctx, ctx.value_type(src)) {
                        return value(src);
                    }
                }
            }
        }
        // Move a constant to the right-hand side, swapping the predicate.
        if ca.is_some() && cb.is_none() {
            let i64t = ctx.int_type(64);
            let p = ctx.int_attr(i64t, pred.swapped() as i64);
            ctx.set_operands(op, &[rhs, lhs]);
            ctx.set_attr(op, "predicate", p);
            return value(ctx.result(op, 0));
        }
        None
    }
}

impl CmpFOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        use CmpFPredicate::*;
        let op = self.op();
        let pred = cmpf_predicate(ctx, op)?;
        match pred {
            AlwaysFalse => return attr(ctx.bool_attr(false)),
            AlwaysTrue => return attr(ctx.bool_attr(true)),
            _ => {}
        }
        let (lhs, rhs) = (ctx.operand(op, 0), ctx.operand(op, 1));
        if let (Some(a), Some(b)) = (
            float_of(ctx, operand_attr(operands, 0)),
            float_of(ctx, operand_attr(operands, 1)),
        ) {
            return attr(ctx.bool_attr(eval_cmpf(pred, a, b)));
        }
        if lhs == rhs {
            // x > x is false whether or not x is NaN; x u== x is true either way.
            match pred {
                Ogt | Olt | One => return attr(ctx.bool_attr(false)),
                Ueq | Uge | Ule => return attr(ctx.bool_attr(true)),
                _ => {}
            }
        }
        None
    }
}

impl SelectOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        let (cond, t, f) = (ctx.operand(op, 0), ctx.operand(op, 1), ctx.operand(op, 2));
        if t == f {
            return value(t);
        }
        if let Some(c) = int_of(ctx, operand_attr(operands, 0)) {
            return value(if c != 0 { t } else { f });
        }
        // select(c, true, false) -> c
        let ty = ctx.value_type(t);
        if util::is_i1(ctx, ty) {
            let (ct, cf) = (
                int_of(ctx, operand_attr(operands, 1)),
                int_of(ctx, operand_attr(operands, 2)),
            );
            if ct.is_some_and(|v| v != 0) && cf == Some(0) {
                return value(cond);
            }
        }
        // select(x == y, x, y) -> y ; select(x != y, x, y) -> x
        if let Some(cmp) = def_named(ctx, cond, "arith.cmpi") {
            let (a, b) = (ctx.operand(cmp, 0), ctx.operand(cmp, 1));
            if (a == t && b == f) || (a == f && b == t) {
                match cmpi_predicate(ctx, cmp) {
                    Some(CmpIPredicate::Eq) => return value(f),
                    Some(CmpIPredicate::Ne) => return value(t),
                    _ => {}
                }
            }
        }
        None
    }
}

/// Folds an integer-to-integer cast of a constant.
fn fold_int_cast(
    ctx: &mut Context,
    op: OpId,
    operands: &[Option<Attribute>],
    signed: bool,
) -> Folded {
    let src_ty = ctx.value_type(ctx.operand(op, 0));
    let dst_ty = ctx.value_type(ctx.result(op, 0));
    let c = int_of(ctx, operand_attr(operands, 0))?;
    let sw = int_or_index_width(ctx, src_ty)?;
    let v = if signed {
        as_signed(c, sw)
    } else {
        as_unsigned(c, sw) as i64
    };
    attr(ctx.int_attr(dst_ty, v))
}

/// `op(op'(x))` where both are the same extension: fold in place to `op(x)`.
fn fold_double_ext(ctx: &mut Context, op: OpId, name: &str) -> Folded {
    let inner = def_named(ctx, ctx.operand(op, 0), name)?;
    let src = ctx.operand(inner, 0);
    ctx.set_operand(op, 0, src);
    value(ctx.result(op, 0))
}

impl ExtSIOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_int_cast(ctx, self.op(), operands, true)
            .or_else(|| fold_double_ext(ctx, self.op(), "arith.extsi"))
    }
}

impl ExtUIOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_int_cast(ctx, self.op(), operands, false)
            .or_else(|| fold_double_ext(ctx, self.op(), "arith.extui"))
    }
}

impl TruncIOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        if let Some(r) = fold_int_cast(ctx, op, operands, true) {
            return Some(r);
        }
        let src = ctx.operand(op, 0);
        let dst_ty = ctx.value_type(ctx.result(op, 0));
        // trunci(extsi(x)) / trunci(extui(x)) -> x when x already has the result type.
        for ext in ["arith.extsi", "arith.extui"] {
            if let Some(e) = def_named(ctx, src, ext) {
                let x = ctx.operand(e, 0);
                if ctx.value_type(x) == dst_ty {
                    return value(x);
                }
            }
        }
        // trunci(trunci(x)) -> trunci(x), in place.
        fold_double_ext(ctx, op, "arith.trunci")
    }
}

impl IndexCastOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_int_cast(ctx, self.op(), operands, true)
    }
}

impl IndexCastUIOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_int_cast(ctx, self.op(), operands, false)
    }
}

fn fold_int_to_float(
    ctx: &mut Context,
    op: OpId,
    operands: &[Option<Attribute>],
    signed: bool,
) -> Folded {
    let src_ty = ctx.value_type(ctx.operand(op, 0));
    let dst_ty: Type = ctx.value_type(ctx.result(op, 0));
    let c = int_of(ctx, operand_attr(operands, 0))?;
    let w = int_or_index_width(ctx, src_ty)?;
    let f = int_to_float(c, w, signed, util::float_kind(ctx, dst_ty)?)?;
    attr(ctx.float_attr(dst_ty, f))
}

fn fold_float_to_int(
    ctx: &mut Context,
    op: OpId,
    operands: &[Option<Attribute>],
    signed: bool,
) -> Folded {
    let dst_ty = ctx.value_type(ctx.result(op, 0));
    let c = float_of(ctx, operand_attr(operands, 0))?;
    let w = int_or_index_width(ctx, dst_ty)?;
    let v = float_to_int(c, w, signed)?;
    attr(ctx.int_attr(dst_ty, v))
}

impl SIToFPOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_int_to_float(ctx, self.op(), operands, true)
    }
}

impl UIToFPOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_int_to_float(ctx, self.op(), operands, false)
    }
}

impl FPToSIOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_float_to_int(ctx, self.op(), operands, true)
    }
}

impl FPToUIOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_float_to_int(ctx, self.op(), operands, false)
    }
}

fn fold_float_cast(ctx: &mut Context, op: OpId, operands: &[Option<Attribute>]) -> Folded {
    let dst_ty = ctx.value_type(ctx.result(op, 0));
    let c = float_of(ctx, operand_attr(operands, 0))?;
    let r = round_to_kind(c, util::float_kind(ctx, dst_ty)?)?;
    attr(ctx.float_attr(dst_ty, r))
}

impl ExtFOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_float_cast(ctx, self.op(), operands)
    }
}

impl TruncFOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        // Only the default rounding (to nearest even) is folded.
        if self
            .roundingmode(ctx)
            .is_some_and(|a| super::flags::RoundingModeAttr::value(ctx, a) != Some(0))
        {
            return None;
        }
        fold_float_cast(ctx, self.op(), operands)
    }
}

impl BitcastOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        let src = ctx.operand(op, 0);
        let src_ty = ctx.value_type(src);
        let dst_ty = ctx.value_type(ctx.result(op, 0));
        if src_ty == dst_ty {
            return value(src);
        }
        if let Some(a) = operand_attr(operands, 0) {
            match (
                ctx.attr_kind(a),
                util::float_kind(ctx, src_ty),
                util::float_kind(ctx, dst_ty),
            ) {
                (AttrKind::Integer { value: v, .. }, None, Some(k)) => {
                    let v = *v;
                    let f = bits_to_float(v, k)?;
                    return attr(ctx.float_attr(dst_ty, f));
                }
                (AttrKind::Float { value: f, .. }, Some(k), None) => {
                    let f = *f;
                    let bits = float_to_bits(f, k)?;
                    return attr(ctx.int_attr(dst_ty, bits));
                }
                (AttrKind::Integer { value: v, .. }, None, None) => {
                    let v = *v;
                    return attr(ctx.int_attr(dst_ty, v));
                }
                _ => {}
            }
        }
        // bitcast(bitcast(x)) -> x when the types round-trip, else bitcast(x) in place.
        let inner = def_named(ctx, src, "arith.bitcast")?;
        let x = ctx.operand(inner, 0);
        if ctx.value_type(x) == dst_ty {
            return value(x);
        }
        ctx.set_operand(op, 0, x);
        value(ctx.result(op, 0))
    }
}

#[cfg(test)]
mod semantics_tests {
    use super::*;
    use IntBinOp::*;

    #[test]
    fn wraps_at_width() {
        assert_eq!(eval_int_binop(Add, 127, 1, 8), Some(-128));
        assert_eq!(eval_int_binop(Add, -1, 1, 8), Some(0));
        assert_eq!(eval_int_binop(Sub, -128, 1, 8), Some(127));
        assert_eq!(eval_int_binop(Mul, 16, 16, 8), Some(0));
        assert_eq!(eval_int_binop(Mul, i64::MAX, 2, 64), Some(-2));
        assert_eq!(eval_int_binop(Add, i64::MAX, 1, 64), Some(i64::MIN));
        assert_eq!(eval_int_binop(Add, 1, 1, 1), Some(0));
    }

    #[test]
    fn division() {
        assert_eq!(eval_int_binop(DivS, 7, -2, 32), Some(-3));
        assert_eq!(eval_int_binop(DivS, 7, 0, 32), None);
        assert_eq!(eval_int_binop(DivS, -128, -1, 8), None);
        assert_eq!(eval_int_binop(DivS, i64::MIN, -1, 64), None);
        assert_eq!(eval_int_binop(DivU, -1, 2, 8), Some(127));
        assert_eq!(eval_int_binop(DivU, 5, 0, 8), None);
        assert_eq!(eval_int_binop(RemS, -7, 2, 32), Some(-1));
        assert_eq!(eval_int_binop(RemS, -128, -1, 8), Some(0));
        assert_eq!(eval_int_binop(RemU, -1, 10, 8), Some(5));
        assert_eq!(eval_int_binop(RemU, 3, 0, 8), None);
        assert_eq!(eval_int_binop(CeilDivS, 7, 2, 32), Some(4));
        assert_eq!(eval_int_binop(CeilDivS, -7, 2, 32), Some(-3));
        assert_eq!(eval_int_binop(CeilDivS, 7, -2, 32), Some(-3));
        assert_eq!(eval_int_binop(CeilDivS, -7, -2, 32), Some(4));
        assert_eq!(eval_int_binop(CeilDivS, -128, -1, 8), None);
        assert_eq!(eval_int_binop(FloorDivS, 7, 2, 32), Some(3));
        assert_eq!(eval_int_binop(FloorDivS, -7, 2, 32), Some(-4));
        assert_eq!(eval_int_binop(FloorDivS, 7, -2, 32), Some(-4));
        assert_eq!(eval_int_binop(FloorDivS, -8, 2, 32), Some(-4));
        assert_eq!(eval_int_binop(FloorDivS, 1, 0, 32), None);
    }

    #[test]
    fn bitwise_and_shifts() {
        assert_eq!(eval_int_binop(Xor, 5, 5, 32), Some(0));
        assert_eq!(eval_int_binop(And, -1, 0x0f, 8), Some(0x0f));
        assert_eq!(eval_int_binop(Or, 0x70, 0x0f, 8), Some(0x7f));
        assert_eq!(eval_int_binop(Shl, 1, 7, 8), Some(-128));
        assert_eq!(eval_int_binop(Shl, 1, 8, 8), None);
        assert_eq!(eval_int_binop(ShrS, -128, 7, 8), Some(-1));
        assert_eq!(eval_int_binop(ShrU, -128, 7, 8), Some(1));
        assert_eq!(eval_int_binop(ShrU, -1, 64, 64), None);
    }

    #[test]
    fn min_max() {
        assert_eq!(eval_int_binop(MaxS, -1, 1, 8), Some(1));
        assert_eq!(eval_int_binop(MaxU, -1, 1, 8), Some(-1));
        assert_eq!(eval_int_binop(MinS, -1, 1, 8), Some(-1));
        assert_eq!(eval_int_binop(MinU, -1, 1, 8), Some(1));
    }

    #[test]
    fn comparisons() {
        use CmpIPredicate::*;
        assert!(eval_cmpi(Slt, -1, 0, 32));
        assert!(!eval_cmpi(Ult, -1, 0, 32));
        assert!(eval_cmpi(Ugt, -1, 0, 32));
        // i1: true is -1 when read as signed.
        assert!(eval_cmpi(Slt, 1, 0, 1));
        for p in CmpIPredicate::ALL {
            assert_eq!(CmpIPredicate::from_keyword(p.keyword()), Some(p));
            assert_eq!(CmpIPredicate::from_i64(p as i64), Some(p));
            for (a, b) in [(1, 2), (2, 1), (-3, 4), (5, 5)] {
                assert_eq!(eval_cmpi(p, a, b, 32), eval_cmpi(p.swapped(), b, a, 32));
                assert_eq!(eval_cmpi(p, a, b, 32), !eval_cmpi(p.inverted(), a, b, 32));
            }
            assert_eq!(p.holds_for_equal(), eval_cmpi(p, 3, 3, 32));
        }
        assert_eq!(CmpFPredicate::from_keyword("uno"), Some(CmpFPredicate::Uno));
        assert_eq!(CmpFPredicate::AlwaysTrue as i64, 15);
        assert!(eval_cmpf(CmpFPredicate::Ult, f64::NAN, 1.0));
        assert!(!eval_cmpf(CmpFPredicate::Olt, f64::NAN, 1.0));
        assert!(eval_cmpf(CmpFPredicate::One, 1.0, 2.0));
        assert!(eval_cmpf(CmpFPredicate::Oeq, 0.0, -0.0));
    }

    #[test]
    fn floats() {
        let k = FloatKind::F32;
        assert_eq!(
            eval_float_binop(FloatBinOp::Add, 0.1f32 as f64, 0.2f32 as f64, k),
            Some((0.1f32 + 0.2f32) as f64)
        );
        assert_eq!(
            eval_float_binop(FloatBinOp::Add, 1.0, 1.0, FloatKind::F16),
            None
        );
        assert!(eval_float_binop(FloatBinOp::Maximum, f64::NAN, 1.0, k)
            .unwrap()
            .is_nan());
        assert_eq!(
            eval_float_binop(FloatBinOp::MaxNum, f64::NAN, 1.0, k),
            Some(1.0)
        );
        let m = eval_float_binop(FloatBinOp::Maximum, -0.0, 0.0, FloatKind::F64).unwrap();
        assert!(m == 0.0 && m.is_sign_positive());
        let m = eval_float_binop(FloatBinOp::Minimum, 0.0, -0.0, FloatKind::F64).unwrap();
        assert!(m == 0.0 && m.is_sign_negative());
        assert_eq!(
            eval_float_binop(FloatBinOp::Rem, -7.0, 2.0, FloatKind::F64),
            Some(-1.0)
        );
    }

    #[test]
    fn conversions() {
        assert_eq!(int_to_float(-1, 8, false, FloatKind::F64), Some(255.0));
        assert_eq!(int_to_float(-1, 8, true, FloatKind::F64), Some(-1.0));
        // One rounding: 2^24 + 1 is not representable in f32.
        assert_eq!(
            int_to_float(16_777_217, 32, true, FloatKind::F32),
            Some(16_777_216.0)
        );
        assert_eq!(float_to_int(-1.9, 32, true), Some(-1));
        assert_eq!(float_to_int(300.0, 8, true), None);
        assert_eq!(float_to_int(255.5, 8, false), Some(-1));
        assert_eq!(float_to_int(-0.5, 8, false), Some(0));
        assert_eq!(float_to_int(-1.5, 8, false), None);
        assert_eq!(float_to_int(f64::NAN, 32, true), None);
        assert_eq!(float_to_bits(1.0, FloatKind::F32), Some(0x3f80_0000));
        assert_eq!(bits_to_float(0x3f80_0000, FloatKind::F32), Some(1.0));
        assert_eq!(
            float_to_bits(-2.0, FloatKind::F32),
            Some(as_signed(0xc000_0000, 32))
        );
    }
}
