//! Constant folding for the `tail` dialect, and the dialect's constant materializer.
//!
//! Constants are `tail.const` (`i32`, `f64`, `i1`), `tail.const_char`, `tail.lit` (vectors and
//! rank-1 arrays, an array attribute of element attributes) and `tail.sconst` (`S(κ,n)` and
//! `SV(κ,n)`, whose value is in the type). As attributes, a scalar is an integer or float
//! attribute (a `!tail.char` is its code point as an `i32` attribute), a vector an array
//! attribute of scalars, and an `S(κ,n)`/`SV(κ,n)` value the integer attribute `n : κ`.
//!
//! Singleton types carry their value, so any value of type `!tail.s<κ, n>` or
//! `!tail.sv<κ, n>` with a constant `n`, and any `!tail.vec<κ, 0>`, is a constant whatever its
//! producer ([`type_const`]); the folders below use that to make `firstV(shapeV(v))`,
//! `b2iV(tt)`, `s_to_scalar` and friends static.
//!
//! Rules (folds; the one pattern that builds ops is in `canon`):
//!
//! * scalars: `addi subi muli divi resi maxi mini andi ori xori shli shri shari negi absi
//!   signi noti`, `addd subd muld divd maxd mind negd absd`, `andb orb xorb eqb nandb norb
//!   notb`, the int/double/char comparisons, `i2d b2i floor ceil signd`; identities `x+0`,
//!   `x-0`, `x*1`, `x*0`, `x÷1`, `max(x,x)`, `min(x,x)`, `x and -1`, `x or 0`, `x xor 0`,
//!   shifts by 0;
//! * singletons: `sconst`, `shapeV`, `firstV`, `b2iV`, `prj` with an `S`/`SV` result of
//!   constant value; `s_to_scalar`, `sv_to_vec` of those;
//! * vectors: `iotaV`, `iota`, `vector`, `vec_to_array`, `dropV`, `takeV`, `catV`, `consV`,
//!   `snocV`, `vreverseV`, `rotateV`, `vrotateV`, `firstV`, `first`, `take`, `drop`, `cat`,
//!   `cons`, `snoc`, `reverse`, `vreverse`, `rotate`, `vrotate` and rank-1 `reshape`/`reshape0`
//!   on constants; `dropV`/`drop` by 0, `catV` with an empty vector;
//! * shapes: `shape(a)` when `a`'s extents are known ([`known_shape`]), `shape(reshape(s, …))`
//!   = `s`, `shape(f(a))` = `shape(a)` for shape-preserving `f`; a reshape to the known shape
//!   of its input is the input;
//! * structure: `transp(transp(x))`, `reverse(reverse(x))`, `vreverse(vreverse(x))`,
//!   `vreverseV(vreverseV(x))` = `x`; `transp` of rank ≤ 1, `transp2` by the identity
//!   permutation, rotations by 0, `rav` of a rank-1 array = `x`;
//!   `scalar_to_array`/`array_to_scalar` round trips; `prj(tuple(…), i)`.
//!
//! Integer arithmetic is TAIL's `int`, 32 bits with two's-complement wrap-around. Operations
//! whose result the interpreter defines by a runtime error or that depend on conventions not
//! fixed by the thesis (division by zero, `resi` with a non-positive modulus, over-wide shifts,
//! `divi` overflow) are not folded.

use smallvec::{smallvec, SmallVec};
use tail_ir::{AttrKind, Attribute, Builder, Context, FoldResult, Location, OpId, Type, Value};

use crate::ops::array::*;
use crate::ops::scalar::*;
use crate::types::{classify, is_bool, is_int, CharType, TailType};

/// The result of a fold hook.
pub(crate) type Folded = Option<SmallVec<[FoldResult; 1]>>;

/// The largest vector `iota`/`iotaV` are folded to.
pub const MAX_FOLDED_IOTA: i64 = 4096;

fn attr(a: Attribute) -> Folded {
    Some(smallvec![FoldResult::Attr(a)])
}

fn value(v: Value) -> Folded {
    Some(smallvec![FoldResult::Value(v)])
}

fn result_type(ctx: &Context, op: OpId) -> Type {
    ctx.value_type(ctx.result(op, 0))
}

/// `v` itself as the fold result, if it has the type of `op`'s result.
fn value_if_same_type(ctx: &Context, op: OpId, v: Value) -> Folded {
    if ctx.value_type(v) == result_type(ctx, op) {
        value(v)
    } else {
        None
    }
}

/// The value a type determines on its own: `n : κ` for `S(κ,n)` and `SV(κ,n)` with a constant
/// `n`, and `[]` for `!tail.vec<κ, 0>`.
pub fn type_const(ctx: &mut Context, ty: Type) -> Option<Attribute> {
    match classify(ctx, ty)? {
        TailType::S(e, v) | TailType::SV(e, v) => {
            let n = v.as_const()?;
            if is_bool(ctx, e) && !(0..=1).contains(&n) {
                return None;
            }
            Some(ctx.int_attr(e, n))
        }
        TailType::Vec(_, n) if n.as_const() == Some(0) => Some(ctx.array_attr(Vec::new())),
        _ => None,
    }
}

/// The constant value of operand `i` of `op`: the attribute of its constant producer, or the
/// value its type determines ([`type_const`]).
pub(crate) fn operand_const(
    ctx: &mut Context,
    op: OpId,
    operands: &[Option<Attribute>],
    i: usize,
) -> Option<Attribute> {
    if let Some(a) = operands.get(i).copied().flatten() {
        return Some(a);
    }
    let ty = ctx.value_type(ctx.operand(op, i));
    type_const(ctx, ty)
}

/// The integer value of an integer attribute (`i1` as 0/1).
pub(crate) fn int_of(ctx: &Context, a: Option<Attribute>) -> Option<i64> {
    ctx.attr_as_int(a?)
}

fn float_of(ctx: &Context, a: Option<Attribute>) -> Option<f64> {
    ctx.attr_as_float(a?)
}

/// The elements of an array attribute.
pub(crate) fn elems_of(ctx: &Context, a: Option<Attribute>) -> Option<Vec<Attribute>> {
    match ctx.attr_kind(a?) {
        AttrKind::Array(v) => Some(v.clone()),
        _ => None,
    }
}

/// The elements of an array attribute of integers.
pub(crate) fn ints_of(ctx: &Context, a: Option<Attribute>) -> Option<Vec<i64>> {
    elems_of(ctx, a)?
        .into_iter()
        .map(|e| ctx.attr_as_int(e))
        .collect()
}

fn const_int(ctx: &mut Context, op: OpId, operands: &[Option<Attribute>], i: usize) -> Option<i64> {
    let a = operand_const(ctx, op, operands, i);
    int_of(ctx, a)
}

fn const_float(
    ctx: &mut Context,
    op: OpId,
    operands: &[Option<Attribute>],
    i: usize,
) -> Option<f64> {
    let a = operand_const(ctx, op, operands, i);
    float_of(ctx, a)
}

fn const_elems(
    ctx: &mut Context,
    op: OpId,
    operands: &[Option<Attribute>],
    i: usize,
) -> Option<Vec<Attribute>> {
    let a = operand_const(ctx, op, operands, i);
    elems_of(ctx, a)
}

fn const_ints(
    ctx: &mut Context,
    op: OpId,
    operands: &[Option<Attribute>],
    i: usize,
) -> Option<Vec<i64>> {
    let a = operand_const(ctx, op, operands, i);
    ints_of(ctx, a)
}

fn i32_array(ctx: &mut Context, vals: &[i64]) -> Attribute {
    let i32t = ctx.int_type(32);
    let elems = vals.iter().map(|&v| ctx.int_attr(i32t, v)).collect();
    ctx.array_attr(elems)
}

fn wrap32(v: i64) -> i64 {
    v as i32 as i64
}

fn i32_result(ctx: &mut Context, v: i64) -> Folded {
    let t = ctx.int_type(32);
    attr(ctx.int_attr(t, wrap32(v)))
}

fn bool_result(ctx: &mut Context, b: bool) -> Folded {
    attr(ctx.bool_attr(b))
}

fn f64_result(ctx: &mut Context, v: f64) -> Folded {
    let t = ctx.f64_type();
    attr(ctx.float_attr(t, v))
}

// ----- the materializer -------------------------------------------------------------------------

/// Whether `a` is a valid element attribute of a `tail.lit` of element type `elem`.
fn is_elem_attr(ctx: &Context, a: Attribute, elem: Type) -> bool {
    let at = ctx.attr_type(a);
    if CharType::from_type(ctx, elem).is_some() {
        at.is_some_and(|t| is_int(ctx, t))
    } else {
        at == Some(elem)
    }
}

/// The `tail` dialect's constant materializer: `tail.sconst` for `S(κ,n)`/`SV(κ,n)` (the
/// attribute must be `n`), `tail.const` for `i32`/`f64`/`i1`, `tail.const_char` for
/// `!tail.char`, `tail.lit` for `!tail.vec<κ, n>` and `!tail.array<κ, 1>`.
pub fn materialize_constant(
    b: &mut Builder<'_>,
    value: Attribute,
    ty: Type,
    loc: Location,
) -> Option<OpId> {
    let kind = classify(b, ty)?;
    let name = match &kind {
        TailType::S(..) | TailType::SV(..) => {
            if type_const(b, ty) != Some(value) {
                return None;
            }
            "tail.sconst"
        }
        TailType::Scalar(t) => {
            if CharType::from_type(b, *t).is_some() {
                let i32t = b.int_type(32);
                let c = b.attr_as_int(value)?;
                if b.attr_type(value) != Some(i32t) || c < 0 || char::from_u32(c as u32).is_none() {
                    return None;
                }
                "tail.const_char"
            } else {
                let is_f64 = matches!(
                    b.type_kind(*t),
                    tail_ir::TypeKind::Float(tail_ir::FloatKind::F64)
                );
                if b.attr_type(value) != Some(*t) || !(is_int(b, *t) || is_bool(b, *t) || is_f64) {
                    return None;
                }
                "tail.const"
            }
        }
        TailType::Vec(e, _) | TailType::Array(e, _) => {
            let elems = elems_of(b, Some(value))?;
            match &kind {
                TailType::Vec(_, n) if n.as_const() != Some(elems.len() as i64) => return None,
                TailType::Array(_, r) if r.as_const() != Some(1) => return None,
                _ => {}
            }
            let lit_ok = is_int(b, *e)
                || is_bool(b, *e)
                || CharType::from_type(b, *e).is_some()
                || matches!(
                    b.type_kind(*e),
                    tail_ir::TypeKind::Float(tail_ir::FloatKind::F64)
                );
            if !lit_ok || !elems.iter().all(|&a| is_elem_attr(b, a, *e)) {
                return None;
            }
            "tail.lit"
        }
    };
    let mut state = tail_ir::OperationState::new(b, name, loc);
    if name != "tail.sconst" {
        state.add_attr(b, "value", value);
    }
    state.result_types.push(ty);
    Some(b.insert(state))
}

// ----- constants --------------------------------------------------------------------------------

impl LitOp {
    pub(crate) fn fold(self, ctx: &mut Context, _operands: &[Option<Attribute>]) -> Folded {
        attr(self.value(ctx))
    }
}

impl SConstOp {
    pub(crate) fn fold(self, ctx: &mut Context, _operands: &[Option<Attribute>]) -> Folded {
        let ty = result_type(ctx, self.op());
        attr(type_const(ctx, ty)?)
    }
}

// ----- scalar arithmetic --------------------------------------------------------------------------

/// Folds an `int → int → int` op: constant evaluation by `eval` (on sign-extended 32-bit
/// values; the result is wrapped to 32 bits), then the identities `identity(x, c)` for a
/// constant right (`Right`) or left (`Left`) operand.
fn fold_int_bin(
    ctx: &mut Context,
    op: OpId,
    operands: &[Option<Attribute>],
    eval: fn(i64, i64) -> Option<i64>,
    identity: fn(Side, i64) -> Identity,
) -> Folded {
    let a = const_int(ctx, op, operands, 0);
    let b = const_int(ctx, op, operands, 1);
    match (a, b) {
        (Some(a), Some(b)) => i32_result(ctx, eval(a, b)?),
        (None, Some(c)) => apply_identity(ctx, op, identity(Side::Right, c), 0),
        (Some(c), None) => apply_identity(ctx, op, identity(Side::Left, c), 1),
        (None, None) => {
            let (x, y) = (ctx.operand(op, 0), ctx.operand(op, 1));
            if x == y && identity(Side::Same, 0) == Identity::Other {
                return value(x);
            }
            None
        }
    }
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Side {
    Left,
    Right,
    /// Both operands are the same value (`c` is meaningless).
    Same,
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Identity {
    None,
    /// The result is the non-constant operand.
    Other,
    /// The result is this constant.
    Const(i64),
}

fn apply_identity(ctx: &mut Context, op: OpId, id: Identity, other: usize) -> Folded {
    match id {
        Identity::None => None,
        Identity::Other => value(ctx.operand(op, other)),
        Identity::Const(c) => i32_result(ctx, c),
    }
}

fn floor_div(a: i64, b: i64) -> Option<i64> {
    if b == 0 {
        return None;
    }
    let q = a / b;
    let q = if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    };
    (i32::MIN as i64..=i32::MAX as i64)
        .contains(&q)
        .then_some(q)
}

macro_rules! int_bin_folders {
    ($($op:ident: |$a:ident, $b:ident| $eval:expr, |$side:ident, $c:ident| $id:expr;)*) => {$(
        impl $op {
            pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
                #[allow(unused_variables)]
                fn eval($a: i64, $b: i64) -> Option<i64> { $eval }
                #[allow(unused_variables)]
                fn identity($side: Side, $c: i64) -> Identity { $id }
                fold_int_bin(ctx, self.op(), operands, eval, identity)
            }
        }
    )*};
}

int_bin_folders! {
    AddIOp: |a, b| Some(a + b), |s, c| if c == 0 && s != Side::Same { Identity::Other } else { Identity::None };
    SubIOp: |a, b| Some(a - b), |s, c| if s == Side::Right && c == 0 { Identity::Other } else { Identity::None };
    MulIOp: |a, b| Some(a.wrapping_mul(b)), |s, c| match (s, c) {
        (Side::Same, _) => Identity::None,
        (_, 1) => Identity::Other,
        (_, 0) => Identity::Const(0),
        _ => Identity::None,
    };
    DivIOp: |a, b| floor_div(a, b), |s, c| if s == Side::Right && c == 1 { Identity::Other } else { Identity::None };
    ResIOp: |a, b| if a > 0 { Some(b.rem_euclid(a)) } else { None }, |s, c| Identity::None;
    MaxIOp: |a, b| Some(a.max(b)), |s, c| if s == Side::Same { Identity::Other } else { Identity::None };
    MinIOp: |a, b| Some(a.min(b)), |s, c| if s == Side::Same { Identity::Other } else { Identity::None };
    AndIOp: |a, b| Some(a & b), |s, c| match (s, c) {
        (Side::Same, _) | (_, -1) => Identity::Other,
        (_, 0) => Identity::Const(0),
        _ => Identity::None,
    };
    OrIOp: |a, b| Some(a | b), |s, c| match (s, c) {
        (Side::Same, _) | (_, 0) => Identity::Other,
        _ => Identity::None,
    };
    XorIOp: |a, b| Some(a ^ b), |s, c| if s != Side::Same && c == 0 { Identity::Other } else { Identity::None };
    ShlIOp: |a, b| if (0..32).contains(&b) { Some(((a as u32) << b) as i32 as i64) } else { None },
        |s, c| if s == Side::Right && c == 0 { Identity::Other } else { Identity::None };
    ShrIOp: |a, b| if (0..32).contains(&b) { Some(((a as u32) >> b) as i32 as i64) } else { None },
        |s, c| if s == Side::Right && c == 0 { Identity::Other } else { Identity::None };
    ShArIOp: |a, b| if (0..32).contains(&b) { Some(((a as i32) >> b) as i64) } else { None },
        |s, c| if s == Side::Right && c == 0 { Identity::Other } else { Identity::None };
}

macro_rules! int_un_folders {
    ($($op:ident: |$a:ident| $eval:expr;)*) => {$(
        impl $op {
            pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
                let $a = const_int(ctx, self.op(), operands, 0)?;
                i32_result(ctx, $eval)
            }
        }
    )*};
}

impl NegIOp {
    /// `negi` of a constant; of an `S(int,n)` the value `-n` of its result type.
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        if let Some(TailType::S(..)) = classify(ctx, result_type(ctx, op)) {
            return fold_by_result_type(ctx, op);
        }
        let a = const_int(ctx, op, operands, 0)?;
        i32_result(ctx, a.wrapping_neg())
    }
}

int_un_folders! {
    AbsIOp: |a| a.abs();
    SignIOp: |a| a.signum();
    NotIOp: |a| !a;
}

macro_rules! cmp_folders {
    ($($op:ident: $get:ident, $f:expr;)*) => {$(
        impl $op {
            pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
                let a = $get(ctx, self.op(), operands, 0)?;
                let b = $get(ctx, self.op(), operands, 1)?;
                let f: fn(_, _) -> bool = $f;
                bool_result(ctx, f(a, b))
            }
        }
    )*};
}

cmp_folders! {
    LtIOp: const_int, |a: i64, b: i64| a < b;
    LteIOp: const_int, |a: i64, b: i64| a <= b;
    GtIOp: const_int, |a: i64, b: i64| a > b;
    GteIOp: const_int, |a: i64, b: i64| a >= b;
    EqIOp: const_int, |a: i64, b: i64| a == b;
    NeqIOp: const_int, |a: i64, b: i64| a != b;
    LtCOp: const_int, |a: i64, b: i64| a < b;
    LteCOp: const_int, |a: i64, b: i64| a <= b;
    GtCOp: const_int, |a: i64, b: i64| a > b;
    GteCOp: const_int, |a: i64, b: i64| a >= b;
    EqCOp: const_int, |a: i64, b: i64| a == b;
    NeqCOp: const_int, |a: i64, b: i64| a != b;
    LtDOp: const_float, |a: f64, b: f64| a < b;
    LteDOp: const_float, |a: f64, b: f64| a <= b;
    GtDOp: const_float, |a: f64, b: f64| a > b;
    GteDOp: const_float, |a: f64, b: f64| a >= b;
    EqDOp: const_float, |a: f64, b: f64| a == b;
    NeqDOp: const_float, |a: f64, b: f64| a != b;
}

macro_rules! bool_folders {
    ($($op:ident: $f:expr;)*) => {$(
        impl $op {
            pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
                let a = const_int(ctx, self.op(), operands, 0)? != 0;
                let b = const_int(ctx, self.op(), operands, 1)? != 0;
                let f: fn(bool, bool) -> bool = $f;
                bool_result(ctx, f(a, b))
            }
        }
    )*};
}

bool_folders! {
    AndBOp: |a, b| a && b;
    OrBOp: |a, b| a || b;
    XorBOp: |a, b| a != b;
    EqBOp: |a, b| a == b;
    NandBOp: |a, b| !(a && b);
    NorBOp: |a, b| !(a || b);
}

impl NotBOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let a = const_int(ctx, self.op(), operands, 0)? != 0;
        bool_result(ctx, !a)
    }
}

macro_rules! f64_bin_folders {
    ($($op:ident: |$a:ident, $b:ident| $eval:expr;)*) => {$(
        impl $op {
            pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
                let $a = const_float(ctx, self.op(), operands, 0)?;
                let $b = const_float(ctx, self.op(), operands, 1)?;
                let r: Option<f64> = $eval;
                f64_result(ctx, r?)
            }
        }
    )*};
}

f64_bin_folders! {
    AddDOp: |a, b| Some(a + b);
    SubDOp: |a, b| Some(a - b);
    MulDOp: |a, b| Some(a * b);
    DivDOp: |a, b| if b != 0.0 { Some(a / b) } else { None };
    MaxDOp: |a, b| if a.is_nan() || b.is_nan() { None } else { Some(a.max(b)) };
    MinDOp: |a, b| if a.is_nan() || b.is_nan() { None } else { Some(a.min(b)) };
}

impl NegDOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let a = const_float(ctx, self.op(), operands, 0)?;
        f64_result(ctx, -a)
    }
}

impl AbsDOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let a = const_float(ctx, self.op(), operands, 0)?;
        f64_result(ctx, a.abs())
    }
}

fn f64_to_i32(v: f64) -> Option<i64> {
    if v.is_finite() && v >= i32::MIN as f64 && v <= i32::MAX as f64 {
        Some(v as i64)
    } else {
        None
    }
}

impl FloorOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let a = const_float(ctx, self.op(), operands, 0)?;
        i32_result(ctx, f64_to_i32(a.floor())?)
    }
}

impl CeilOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let a = const_float(ctx, self.op(), operands, 0)?;
        i32_result(ctx, f64_to_i32(a.ceil())?)
    }
}

impl SignDOp {
    /// APL's `×` of a double: `-1`, `0` (for both zeros) or `1`; NaN is left to run time.
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let a = const_float(ctx, self.op(), operands, 0)?;
        if a.is_nan() {
            return None;
        }
        let s = if a > 0.0 {
            1
        } else if a < 0.0 {
            -1
        } else {
            0
        };
        i32_result(ctx, s)
    }
}

impl I2DOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let a = const_int(ctx, self.op(), operands, 0)?;
        f64_result(ctx, a as f64)
    }
}

impl B2IOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let a = const_int(ctx, self.op(), operands, 0)?;
        i32_result(ctx, (a != 0) as i64)
    }
}

// ----- coercions ----------------------------------------------------------------------------------

impl VecToArrayOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let a = operand_const(ctx, self.op(), operands, 0)?;
        elems_of(ctx, Some(a))?;
        attr(a)
    }
}

impl SvToVecOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let a = operand_const(ctx, self.op(), operands, 0)?;
        attr(ctx.array_attr(vec![a]))
    }
}

impl SToScalarOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        attr(operand_const(ctx, self.op(), operands, 0)?)
    }
}

impl ScalarToArrayOp {
    pub(crate) fn fold(self, ctx: &mut Context, _operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        let inner = ctx.defining_op(ctx.operand(op, 0))?;
        if !ctx.op_is(inner, ArrayToScalarOp::NAME) {
            return None;
        }
        let x = ctx.operand(inner, 0);
        value_if_same_type(ctx, op, x)
    }
}

impl ArrayToScalarOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        if let Some(a) = operands.first().copied().flatten() {
            if ctx.attr_type(a) == Some(result_type(ctx, op)) {
                return attr(a);
            }
        }
        let inner = ctx.defining_op(ctx.operand(op, 0))?;
        if !ctx.op_is(inner, ScalarToArrayOp::NAME) {
            return None;
        }
        let x = ctx.operand(inner, 0);
        value_if_same_type(ctx, op, x)
    }
}

// ----- vectors ------------------------------------------------------------------------------------

impl VectorOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        let elems = (0..ctx.num_operands(op))
            .map(|i| operand_const(ctx, op, operands, i))
            .collect::<Option<Vec<_>>>()?;
        attr(ctx.array_attr(elems))
    }
}

impl IotaOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let n = const_int(ctx, self.op(), operands, 0)?;
        if !(0..=MAX_FOLDED_IOTA).contains(&n) {
            return None;
        }
        let v: Vec<i64> = (1..=n).collect();
        attr(i32_array(ctx, &v))
    }
}

impl IotaVOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let n = const_int(ctx, self.op(), operands, 0)?;
        if !(0..=MAX_FOLDED_IOTA).contains(&n) {
            return None;
        }
        let v: Vec<i64> = (1..=n).collect();
        attr(i32_array(ctx, &v))
    }
}

/// The S/SV-typed result of `op`, when its type determines it.
fn fold_by_result_type(ctx: &mut Context, op: OpId) -> Folded {
    let ty = result_type(ctx, op);
    attr(type_const(ctx, ty)?)
}

impl ShapeVOp {
    pub(crate) fn fold(self, ctx: &mut Context, _operands: &[Option<Attribute>]) -> Folded {
        fold_by_result_type(ctx, self.op())
    }
}

impl B2IVOp {
    pub(crate) fn fold(self, ctx: &mut Context, _operands: &[Option<Attribute>]) -> Folded {
        fold_by_result_type(ctx, self.op())
    }
}

impl PrjOp {
    /// A singleton-typed component is its value; `prj(tuple(x0, …), i)` is `xi`.
    pub(crate) fn fold(self, ctx: &mut Context, _operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        if let Some(f) = fold_by_result_type(ctx, op) {
            return Some(f);
        }
        let def = ctx.defining_op(ctx.operand(op, 0))?;
        if !ctx.op_is(def, TupleOp::NAME) {
            return None;
        }
        let i = usize::try_from(ctx.attr_as_int(self.index(ctx))?).ok()?;
        let x = *ctx.operand_vec(def).get(i)?;
        value_if_same_type(ctx, op, x)
    }
}

impl FirstVOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        if let Some(f) = fold_by_result_type(ctx, op) {
            return Some(f);
        }
        let elems = const_elems(ctx, op, operands, 0)?;
        attr(*elems.first()?)
    }
}

impl FirstOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        let input = ctx.operand(op, 1);
        if crate::types::is_base(ctx, ctx.value_type(input)) {
            return value_if_same_type(ctx, op, input);
        }
        let elems = const_elems(ctx, op, operands, 1)?;
        match elems.first() {
            Some(&e) => attr(e),
            None => value(ctx.operand(op, 0)),
        }
    }
}

/// `(count, elements)` of a `takeV`/`dropV` with constant operands.
fn count_and_elems(
    ctx: &mut Context,
    op: OpId,
    operands: &[Option<Attribute>],
) -> Option<(i64, Option<Vec<Attribute>>)> {
    let k = const_int(ctx, op, operands, 0)?;
    let elems = const_elems(ctx, op, operands, 1);
    Some((k, elems))
}

impl TakeVOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let (k, elems) = count_and_elems(ctx, self.op(), operands)?;
        let elems = elems?;
        let n = k.unsigned_abs() as usize;
        if n > elems.len() {
            return None; // over-take pads with a default element
        }
        let taken = if k >= 0 {
            elems[..n].to_vec()
        } else {
            elems[elems.len() - n..].to_vec()
        };
        attr(ctx.array_attr(taken))
    }
}

impl DropVOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        let (k, elems) = count_and_elems(ctx, op, operands)?;
        if k == 0 {
            return value_if_same_type(ctx, op, ctx.operand(op, 1));
        }
        let elems = elems?;
        let n = (k.unsigned_abs() as usize).min(elems.len());
        let kept = if k >= 0 {
            elems[n..].to_vec()
        } else {
            elems[..elems.len() - n].to_vec()
        };
        attr(ctx.array_attr(kept))
    }
}

impl DropOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        let k = const_int(ctx, op, operands, 0)?;
        if k == 0 {
            return value_if_same_type(ctx, op, ctx.operand(op, 1));
        }
        let elems = const_elems(ctx, op, operands, 1)?;
        let n = (k.unsigned_abs() as usize).min(elems.len());
        let kept = if k >= 0 {
            elems[n..].to_vec()
        } else {
            elems[..elems.len() - n].to_vec()
        };
        attr(ctx.array_attr(kept))
    }
}

impl TakeOp {
    /// `take(k, d, a)` of a constant vector: the first `k` (last `-k`) elements, padded with
    /// the constant default `d` at the end (at the front for a negative count).
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        let k = const_int(ctx, op, operands, 0)?;
        let elems = const_elems(ctx, op, operands, 2)?;
        let n = k.unsigned_abs() as usize;
        if n as i64 > MAX_FOLDED_IOTA {
            return None;
        }
        let len = elems.len();
        let out = if n <= len {
            if k >= 0 {
                elems[..n].to_vec()
            } else {
                elems[len - n..].to_vec()
            }
        } else {
            let d = operand_const(ctx, op, operands, 1)?;
            let pad = vec![d; n - len];
            if k >= 0 {
                elems.into_iter().chain(pad).collect()
            } else {
                pad.into_iter().chain(elems).collect()
            }
        };
        attr(ctx.array_attr(out))
    }
}

impl CatOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        let mut a = const_elems(ctx, op, operands, 0)?;
        let b = const_elems(ctx, op, operands, 1)?;
        a.extend(b);
        attr(ctx.array_attr(a))
    }
}

impl ConsOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        let x = operand_const(ctx, op, operands, 0)?;
        let v = const_elems(ctx, op, operands, 1)?;
        elems_of(ctx, Some(x)).is_none().then_some(())?;
        let mut out = vec![x];
        out.extend(v);
        attr(ctx.array_attr(out))
    }
}

impl SnocOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        let mut v = const_elems(ctx, op, operands, 0)?;
        let x = operand_const(ctx, op, operands, 1)?;
        elems_of(ctx, Some(x)).is_none().then_some(())?;
        v.push(x);
        attr(ctx.array_attr(v))
    }
}

impl CatVOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        let a = const_elems(ctx, op, operands, 0);
        let b = const_elems(ctx, op, operands, 1);
        match (a, b) {
            (Some(mut a), Some(b)) => {
                a.extend(b);
                attr(ctx.array_attr(a))
            }
            (Some(a), None) if a.is_empty() => value_if_same_type(ctx, op, ctx.operand(op, 1)),
            (None, Some(b)) if b.is_empty() => value_if_same_type(ctx, op, ctx.operand(op, 0)),
            _ => None,
        }
    }
}

impl ConsVOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        let x = operand_const(ctx, op, operands, 0)?;
        let v = const_elems(ctx, op, operands, 1)?;
        let mut out = vec![x];
        out.extend(v);
        attr(ctx.array_attr(out))
    }
}

impl SnocVOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        let mut v = const_elems(ctx, op, operands, 0)?;
        let x = operand_const(ctx, op, operands, 1)?;
        v.push(x);
        attr(ctx.array_attr(v))
    }
}

/// `n ⌽ v` on a list: element `i` of the result is `v[(i + n) mod len]`.
fn rotated(v: &[Attribute], n: i64) -> Vec<Attribute> {
    if v.is_empty() {
        return Vec::new();
    }
    let len = v.len() as i64;
    let s = n.rem_euclid(len) as usize;
    v[s..].iter().chain(&v[..s]).copied().collect()
}

/// The fold of a rotation `rot(n, a)`: by 0 (or of a scalar) it is `a`; constants rotate.
fn fold_rotate(ctx: &mut Context, op: OpId, operands: &[Option<Attribute>]) -> Folded {
    let input = ctx.operand(op, 1);
    let n = const_int(ctx, op, operands, 0);
    let rank0 = crate::types::array_like(ctx, ctx.value_type(input))
        .is_some_and(|(_, r)| r.as_const() == Some(0));
    if n == Some(0) || rank0 {
        return value_if_same_type(ctx, op, input);
    }
    let n = n?;
    let v = const_elems(ctx, op, operands, 1)?;
    attr(ctx.array_attr(rotated(&v, n)))
}

impl RotateOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_rotate(ctx, self.op(), operands)
    }
}

impl RotateVOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_rotate(ctx, self.op(), operands)
    }
}

impl VRotateOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_rotate(ctx, self.op(), operands)
    }
}

impl VRotateVOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_rotate(ctx, self.op(), operands)
    }
}

/// `f(f(x)) = x` for an involution `f` named `name` (same types), and `f(x) = x` for inputs
/// of rank at most `max_id_rank`; a constant rank-1 input is reversed when `reverse_const`.
fn fold_involution(
    ctx: &mut Context,
    op: OpId,
    operands: &[Option<Attribute>],
    name: &str,
    max_id_rank: i64,
    reverse_const: bool,
) -> Folded {
    let input = ctx.operand(op, 0);
    if let Some(inner) = ctx.defining_op(input) {
        if ctx.op_is(inner, name) {
            let x = ctx.operand(inner, 0);
            return value_if_same_type(ctx, op, x);
        }
    }
    let ty = ctx.value_type(input);
    let rank = match classify(ctx, ty) {
        Some(TailType::Scalar(_)) => Some(0),
        Some(TailType::Array(_, r)) => r.as_const(),
        _ => None,
    };
    if rank.is_some_and(|r| r <= max_id_rank) {
        return value_if_same_type(ctx, op, input);
    }
    if reverse_const {
        let mut v = const_elems(ctx, op, operands, 0)?;
        v.reverse();
        return attr(ctx.array_attr(v));
    }
    None
}

impl ReverseOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_involution(ctx, self.op(), operands, ReverseOp::NAME, 0, true)
    }
}

impl VReverseOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_involution(ctx, self.op(), operands, VReverseOp::NAME, 0, true)
    }
}

impl VReverseVOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_involution(ctx, self.op(), operands, VReverseVOp::NAME, -1, true)
    }
}

impl TranspOp {
    /// `transp(transp(x))` and `transp` of a value of rank at most 1 (also `<κ>n`, `SV`, `S`)
    /// are the operand.
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        let input = ctx.operand(op, 0);
        if let Some(TailType::Vec(..) | TailType::SV(..) | TailType::S(..)) =
            classify(ctx, ctx.value_type(input))
        {
            return value_if_same_type(ctx, op, input);
        }
        fold_involution(ctx, op, operands, TranspOp::NAME, 1, false)
    }
}

impl Transp2Op {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        let perm = const_ints(ctx, op, operands, 0)?;
        if perm.iter().enumerate().all(|(i, &p)| p == i as i64 + 1) {
            return value_if_same_type(ctx, op, ctx.operand(op, 1));
        }
        None
    }
}

impl RavOp {
    pub(crate) fn fold(self, ctx: &mut Context, _operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        value_if_same_type(ctx, op, ctx.operand(op, 0))
    }
}

// ----- shapes -------------------------------------------------------------------------------------

/// The extents of `v` when they are known from its type or its producer: a scalar (`[]`), a
/// literal, `vec_to_array` of a vector of known length, `iota` of a constant, a reshape by a
/// constant shape vector, and shape-preserving or shape-permuting ops of those.
pub fn known_shape(ctx: &mut Context, v: Value) -> Option<Vec<i64>> {
    known_shape_depth(ctx, v, 0)
}

fn known_shape_depth(ctx: &mut Context, v: Value, depth: u32) -> Option<Vec<i64>> {
    if depth > 64 {
        return None;
    }
    let ty = ctx.value_type(v);
    match classify(ctx, ty)? {
        TailType::Scalar(_) => return Some(Vec::new()),
        TailType::Array(_, r) if r.as_const() == Some(0) => return Some(Vec::new()),
        TailType::Vec(_, n) => return n.as_const().map(|n| vec![n]),
        TailType::Array(..) => {}
        _ => return None,
    }
    let op = ctx.defining_op(v)?;
    let name = ctx.op_name_str(op).to_string();
    let operand_const_of = |ctx: &mut Context, i: usize| -> Option<Attribute> {
        let x = ctx.operand(op, i);
        let d = ctx.defining_op(x);
        match d.and_then(|d| tail_ir::greedy::op_constant_value(ctx, d)) {
            Some(a) => Some(a),
            None => {
                let t = ctx.value_type(x);
                type_const(ctx, t)
            }
        }
    };
    match name.as_str() {
        "tail.lit" => {
            let a = LitOp::from_op(ctx, op)?.value(ctx);
            Some(vec![elems_of(ctx, Some(a))?.len() as i64])
        }
        "tail.vector" => Some(vec![ctx.num_operands(op) as i64]),
        "tail.vec_to_array" => known_shape_depth(ctx, ctx.operand(op, 0), depth + 1),
        "tail.iota" => {
            let a = operand_const_of(ctx, 0);
            let n = int_of(ctx, a)?;
            (n >= 0).then(|| vec![n])
        }
        "tail.reshape0" | "tail.reshape" => {
            let a = operand_const_of(ctx, 0);
            let s = ints_of(ctx, a)?;
            s.iter().all(|&e| e >= 0).then_some(s)
        }
        "tail.transp" => {
            let mut s = known_shape_depth(ctx, ctx.operand(op, 0), depth + 1)?;
            s.reverse();
            Some(s)
        }
        "tail.transp2" => {
            let a = operand_const_of(ctx, 0);
            let perm = ints_of(ctx, a)?;
            let s = known_shape_depth(ctx, ctx.operand(op, 1), depth + 1)?;
            permuted_shape(&perm, &s)
        }
        "tail.reverse" | "tail.vreverse" | "tail.mem" | "tail.each" => {
            known_shape_depth(ctx, ctx.operand(op, 0), depth + 1)
        }
        "tail.rotate" | "tail.vrotate" => known_shape_depth(ctx, ctx.operand(op, 1), depth + 1),
        // Both shapes known and equal: a zip of others fails (APL's shape mismatch), and its
        // shape read alone must not take the zip, and the failure, away.
        "tail.zipWith" => {
            let a = known_shape_depth(ctx, ctx.operand(op, 0), depth + 1)?;
            let b = known_shape_depth(ctx, ctx.operand(op, 1), depth + 1)?;
            (a == b).then_some(a)
        }
        _ => None,
    }
}

/// The shape of `transp2(perm, a)` for `a` of shape `s`: axis `i` of `a` becomes axis
/// `perm[i]` (1-based) of the result. `None` unless `perm` is a permutation of `1..=rank`.
pub fn permuted_shape(perm: &[i64], s: &[i64]) -> Option<Vec<i64>> {
    if perm.len() != s.len() {
        return None;
    }
    let mut out = vec![-1; s.len()];
    for (i, &p) in perm.iter().enumerate() {
        let j = usize::try_from(p - 1).ok().filter(|&j| j < s.len())?;
        if out[j] != -1 {
            return None;
        }
        out[j] = s[i];
    }
    Some(out)
}

/// Ops whose result has the shape of operand `.1`.
const SAME_SHAPE_OPS: &[(&str, usize)] = &[
    ("tail.reverse", 0),
    ("tail.vreverse", 0),
    ("tail.mem", 0),
    ("tail.each", 0),
    ("tail.rotate", 1),
    ("tail.vrotate", 1),
];

impl ShapeOp {
    pub(crate) fn fold(self, ctx: &mut Context, _operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        if let Some(f) = fold_by_result_type(ctx, op) {
            return Some(f);
        }
        let input = ctx.operand(op, 0);
        if let Some(s) = known_shape(ctx, input) {
            return attr(i32_array(ctx, &s));
        }
        let def = ctx.defining_op(input)?;
        if ctx.op_is(def, Reshape0Op::NAME) || ctx.op_is(def, ReshapeOp::NAME) {
            // shape(reshape(s, …)) = s
            return value_if_same_type(ctx, op, ctx.operand(def, 0));
        }
        let name = ctx.op_name_str(def).to_string();
        if let Some(&(_, i)) = SAME_SHAPE_OPS.iter().find(|(n, _)| *n == name) {
            // shape(f(x)) = shape(x), in place.
            let x = ctx.operand(def, i);
            if crate::types::array_like(ctx, ctx.value_type(x)).is_some() {
                ctx.set_operand(op, 0, x);
                return value(ctx.result(op, 0));
            }
        }
        None
    }
}

fn op_is_reshape0(ctx: &Context, op: OpId) -> bool {
    ctx.op_is(op, Reshape0Op::NAME)
}

/// `reshape(s, …, a)` is `a` when `s` is `a`'s (known) shape; a reshape of a constant to a
/// constant rank-1 shape `[n]` is the constant, cycled (or `n` copies of a constant default
/// element when the input is empty; `reshape0` of an empty array is an error and stays).
fn fold_reshape(ctx: &mut Context, op: OpId, operands: &[Option<Attribute>]) -> Folded {
    let s = const_ints(ctx, op, operands, 0)?;
    let last = ctx.num_operands(op) - 1;
    if let ([n], Some(elems)) = (s.as_slice(), const_elems(ctx, op, operands, last)) {
        let n = *n;
        if (0..=MAX_FOLDED_IOTA).contains(&n) {
            let n = n as usize;
            if !elems.is_empty() {
                let out = elems.iter().cycle().take(n).copied().collect();
                return attr(ctx.array_attr(out));
            }
            if last == 2 {
                if let Some(d) = operand_const(ctx, op, operands, 1) {
                    return attr(ctx.array_attr(vec![d; n]));
                }
            }
        }
    }
    let input = ctx.operand(op, ctx.num_operands(op) - 1);
    // `reshape0` of an empty array is an error even to an empty shape: keep it.
    if op_is_reshape0(ctx, op) && s.iter().product::<i64>() == 0 {
        return None;
    }
    if known_shape(ctx, input)? == s {
        return value_if_same_type(ctx, op, input);
    }
    None
}

impl Reshape0Op {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_reshape(ctx, self.op(), operands)
    }
}

impl ReshapeOp {
    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        fold_reshape(ctx, self.op(), operands)
    }
}
