//! Array primitives (thesis Figs. 3.2–3.4 and apltail), their `V` variants over vectors of
//! known length, the explicit subtyping coercions (3.3)–(3.5), literals and tuples.
//!
//! Rank-polymorphic operands are `!tail.array<κ, ρ>`, or a base scalar `κ` where the rank is
//! 0. Operands and results are printed with `functional-type` unless all types are equal:
//!
//! ```mlir
//! %v = tail.iota %n : (i32) -> !tail.array<i32, 1>
//! %t = tail.take %k, %d, %a : (i32, i32, !tail.array<i32, 2>) -> !tail.array<i32, 2>
//! %w = tail.consV %x, %v3 : (i32, !tail.vec<i32, 3>) -> !tail.vec<i32, 4>
//! ```

use std::fmt::{self, Write as _};

use tail_ir::constraints::*;
use tail_ir::parser::{ParseResult, Parser};
use tail_ir::printer::Printer;
use tail_ir::{AttrKind, OperationState, TypeKind};
use tail_ir_macros::op;

use crate::ops::util::*;
use crate::types::{
    classify, is_base, is_bool, is_int, quoted, AnyTail, ArrayLike, BaseType, Shape, TailType,
};
use crate::TailDialect;

/// Declares an op whose operands and result are printed with `functional-type` and whose
/// verifier is the hand-written `verify` implementing the type scheme.
macro_rules! tail_op {
    ($(#[doc = $doc:tt])* $name:ident $mn:tt $fmt:tt [$($traits:ident),*] $([$($flag:ident),*])? { $($(#[doc = $fd:tt])* $f:ident : $c:ident),* } -> $r:ident) => {
        $(#[doc = $doc])*
        #[op(dialect = TailDialect, name = $mn, traits($($traits),*), format = $fmt, verify $($(, $flag)*)?)]
        pub struct $name {
            $($(#[doc = $fd])* #[operand] $f: $c,)*
            #[result]
            $r: AnyTail,
        }
    };
}

// ----- subtyping coercions ----------------------------------------------------------------------

macro_rules! cast_op {
    ($(#[doc = $doc:tt])* $name:ident $mn:tt) => {
        $(#[doc = $doc])*
        #[op(dialect = TailDialect, name = $mn, traits(Pure),
             format = "$input attr-dict `:` type($input) `to` type($result)", verify, fold)]
        pub struct $name {
            /// The value to coerce.
            #[operand]
            input: AnyTail,
            #[result]
            result: AnyTail,
        }
    };
}

cast_op! {
    /// Subtyping (3.3), `⟨κ⟩^n ⊆ [κ]^1`: a vector of known length as a rank-1 array.
    ///
    /// ```mlir
    /// %a = tail.vec_to_array %v : !tail.vec<i32, 3> to !tail.array<i32, 1>
    /// ```
    VecToArrayOp "vec_to_array"
}
cast_op! {
    /// Subtyping (3.4), `SV(κ,n) ⊆ ⟨κ⟩^1`. Per §3.1.5 this is a copying coercion: the result
    /// is a fresh array, so updating it cannot break the singleton invariant.
    ///
    /// ```mlir
    /// %v = tail.sv_to_vec %s : !tail.sv<i32, 3> to !tail.vec<i32, 1>
    /// ```
    SvToVecOp "sv_to_vec"
}
cast_op! {
    /// Subtyping (3.5), `S(κ,n) ⊆ κ` (`= [κ]^0`): forget the static value of a scalar.
    ///
    /// ```mlir
    /// %i = tail.s_to_scalar %s : !tail.s<i32, 3> to i32
    /// ```
    SToScalarOp "s_to_scalar"
}
cast_op! {
    /// `κ` as the rank-0 array `[κ]^0` (the same TAIL type, a different spelling).
    ///
    /// ```mlir
    /// %a = tail.scalar_to_array %x : f64 to !tail.array<f64, 0>
    /// ```
    ScalarToArrayOp "scalar_to_array"
}
cast_op! {
    /// A rank-0 array `[κ]^0` as the scalar `κ`.
    ///
    /// ```mlir
    /// %x = tail.array_to_scalar %a : !tail.array<f64, 0> to f64
    /// ```
    ArrayToScalarOp "array_to_scalar"
}

fn cast_error(
    ctx: &tail_ir::Context,
    op: tail_ir::OpId,
    from: tail_ir::Type,
    to: tail_ir::Type,
) -> tail_ir::Diagnostic {
    err(
        ctx,
        op,
        format!("cannot coerce {} to {}", quoted(ctx, from), quoted(ctx, to)),
    )
}

macro_rules! cast_verify {
    ($name:ident, |$ctx:ident, $from:ident, $to:ident| $ok:expr) => {
        impl $name {
            fn verify(self, $ctx: &tail_ir::Context) -> VResult {
                let (fv, tv) = (self.input($ctx), self.result($ctx));
                let (ft, tt) = ($ctx.value_type(fv), $ctx.value_type(tv));
                let ($from, $to) = (classify($ctx, ft), classify($ctx, tt));
                if $ok {
                    Ok(())
                } else {
                    Err(cast_error($ctx, self.op(), ft, tt))
                }
            }
        }
    };
}

cast_verify!(VecToArrayOp, |ctx, f, t| matches!((f, t),
    (Some(TailType::Vec(a, _)), Some(TailType::Array(b, r))) if a == b && r.known_eq(&Shape::constant(1)) != Some(false)));
cast_verify!(SvToVecOp, |ctx, f, t| matches!((f, t),
    (Some(TailType::SV(a, _)), Some(TailType::Vec(b, n))) if a == b && n.known_eq(&Shape::constant(1)) != Some(false)));
cast_verify!(SToScalarOp, |ctx, f, t| matches!((f, t),
    (Some(TailType::S(a, _)), Some(TailType::Scalar(b))) if a == b));
cast_verify!(ScalarToArrayOp, |ctx, f, t| matches!((f, t),
    (Some(TailType::Scalar(a)), Some(TailType::Array(b, r))) if a == b && r.known_eq(&Shape::constant(0)) != Some(false)));
cast_verify!(ArrayToScalarOp, |ctx, f, t| matches!((f, t),
    (Some(TailType::Array(a, r)), Some(TailType::Scalar(b))) if a == b && r.known_eq(&Shape::constant(0)) != Some(false)));

// ----- literals -----------------------------------------------------------------------------------

/// An array literal `[1, 2, 3]` (rules (3.22)/(3.23)): a `!tail.vec<κ, n>` of the given
/// constants, or a `!tail.array<κ, 1>`. Elements are integers (`i32`, `!tail.char` code
/// points), `true`/`false` (`i1`) or floats (`f64`).
///
/// ```mlir
/// %v = tail.lit [1, 2, 3] : !tail.vec<i32, 3>
/// %d = tail.lit [1.5, -2.0] : !tail.array<f64, 1>
/// ```
#[op(dialect = TailDialect, name = "lit", traits(Pure, ConstantLike), custom_assembly, verify, fold)]
pub struct LitOp {
    /// The elements, an array of typed attributes.
    #[attr]
    value: ArrayAttr,
    #[result]
    result: AnyTail,
}

impl LitOp {
    fn print(self, p: &mut Printer<'_>) -> fmt::Result {
        let ctx = p.ctx;
        let elems = match ctx.attr_kind(self.value(ctx)) {
            AttrKind::Array(v) => v.clone(),
            _ => Vec::new(),
        };
        p.write_str(" [")?;
        for (i, &a) in elems.iter().enumerate() {
            if i > 0 {
                p.write_str(", ")?;
            }
            p.print_attr_without_type(a)?;
        }
        p.write_str("]")?;
        p.print_optional_attr_dict(self.op(), &["value"])?;
        p.write_str(" : ")?;
        p.print_type(ctx.value_type(self.result(ctx)))
    }

    fn parse(p: &mut Parser<'_>, st: &mut OperationState) -> ParseResult<()> {
        enum Lit {
            Int(i64),
            Float(f64),
            Bool(bool),
        }
        p.parse_punct("[")?;
        let mut lits = Vec::new();
        if !p.parse_optional_punct("]") {
            loop {
                if p.parse_optional_keyword("true") {
                    lits.push(Lit::Bool(true));
                } else if p.parse_optional_keyword("false") {
                    lits.push(Lit::Bool(false));
                } else {
                    let neg = p.parse_optional_punct("-");
                    let text = p.token_text().to_string();
                    let sign = if neg { -1 } else { 1 };
                    if !text.starts_with("0x") && text.contains(['.', 'e', 'E']) {
                        lits.push(Lit::Float(sign as f64 * p.parse_float()?));
                    } else {
                        lits.push(Lit::Int(sign * p.parse_integer()?));
                    }
                }
                if !p.parse_optional_punct(",") {
                    break;
                }
            }
            p.parse_punct("]")?;
        }
        p.parse_optional_attr_dict(&mut st.attrs)?;
        p.parse_punct(":")?;
        let ty = p.parse_type()?;
        let elem = match classify(p.ctx, ty) {
            Some(TailType::Vec(e, _) | TailType::Array(e, _)) => e,
            _ => return Err(p.error_here("expected a !tail.vec or !tail.array literal type")),
        };
        let is_f64 = matches!(p.ctx.type_kind(elem), TypeKind::Float(_));
        let i32t = p.ctx.int_type(32);
        let mut attrs = Vec::new();
        for l in lits {
            let a = match l {
                Lit::Bool(b) => {
                    let t = p.ctx.i1_type();
                    p.ctx.int_attr(t, b as i64)
                }
                Lit::Float(f) if is_f64 => p.ctx.float_attr(elem, f),
                Lit::Int(i) if is_f64 => p.ctx.float_attr(elem, i as f64),
                Lit::Float(_) => {
                    return Err(p.error_here("expected integer literals for a non-f64 element type"))
                }
                Lit::Int(i) if is_bool(p.ctx, elem) => p.ctx.int_attr(elem, i),
                Lit::Int(i) => p.ctx.int_attr(i32t, i),
            };
            attrs.push(a);
        }
        let arr = p.ctx.array_attr(attrs);
        st.add_attr(p.ctx, "value", arr);
        st.result_types.push(ty);
        Ok(())
    }

    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let ty = ctx.value_type(self.result(ctx));
        let elems = match ctx.attr_kind(self.value(ctx)) {
            AttrKind::Array(v) => v.clone(),
            _ => Vec::new(),
        };
        let (elem, len) = match classify(ctx, ty) {
            Some(TailType::Vec(e, n)) => (e, Some(n)),
            Some(TailType::Array(e, r)) => {
                shape_rel(
                    ctx,
                    op,
                    "rank",
                    "result",
                    &r,
                    "literal",
                    &Shape::constant(1),
                    0,
                )?;
                (e, None)
            }
            _ => {
                return Err(err(
                    ctx,
                    op,
                    format!(
                        "expects a !tail.vec or !tail.array result, but got {}",
                        quoted(ctx, ty)
                    ),
                ))
            }
        };
        if let Some(n) = len {
            shape_rel(
                ctx,
                op,
                "length",
                "result",
                &n,
                "literal",
                &Shape::constant(elems.len() as i64),
                0,
            )?;
        }
        let char_ok = crate::types::CharType::from_type(ctx, elem).is_some();
        for (i, &a) in elems.iter().enumerate() {
            let at = ctx.attr_type(a);
            let ok = if char_ok {
                at.is_some_and(|t| is_int(ctx, t))
            } else {
                at == Some(elem)
            };
            if !ok {
                return Err(err(
                    ctx,
                    op,
                    format!(
                        "expects element #{i} to have the element type {}",
                        quoted(ctx, elem)
                    ),
                ));
            }
        }
        if !(is_int(ctx, elem)
            || is_bool(ctx, elem)
            || char_ok
            || matches!(ctx.type_kind(elem), TypeKind::Float(_)))
        {
            return Err(err(
                ctx,
                op,
                format!(
                    "does not support literals of element type {}",
                    quoted(ctx, elem)
                ),
            ));
        }
        Ok(())
    }
}

// ----- vectors built from values, zilde, tuples ---------------------------------------------------

/// A vector expression `[e1, …, en]` of scalar values (rules (3.22)/(3.23)): a
/// `!tail.vec<κ, n>` or a `!tail.array<κ, 1>`.
///
/// ```mlir
/// %v = tail.vector %a, %b : (i32, i32) -> !tail.vec<i32, 2>
/// ```
#[op(dialect = TailDialect, name = "vector", traits(Pure),
     format = "$elems attr-dict `:` functional-type($elems, results)", verify, fold)]
pub struct VectorOp {
    /// The elements.
    #[operand(variadic)]
    elems: BaseType,
    #[result]
    result: AnyTail,
}

impl VectorOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let elems = self.elems(ctx);
        let ty = ctx.value_type(self.result(ctx));
        let elem = match classify(ctx, ty) {
            Some(TailType::Vec(e, n)) => {
                shape_rel(
                    ctx,
                    op,
                    "length",
                    "result",
                    &n,
                    "element",
                    &Shape::constant(elems.len() as i64),
                    0,
                )?;
                e
            }
            Some(TailType::Array(e, r)) => {
                shape_rel(
                    ctx,
                    op,
                    "rank",
                    "result",
                    &r,
                    "vector",
                    &Shape::constant(1),
                    0,
                )?;
                e
            }
            _ => {
                return Err(err(
                    ctx,
                    op,
                    format!(
                        "expects a !tail.vec or !tail.array result, but got {}",
                        quoted(ctx, ty)
                    ),
                ))
            }
        };
        for (i, &v) in elems.iter().enumerate() {
            scalar_eq(ctx, op, &format!("element #{i}"), v, elem)?;
        }
        Ok(())
    }
}

/// The empty vector `⍬` (`zilde`): a `!tail.vec<κ, 0>` or `!tail.array<κ, 1>`.
///
/// ```mlir
/// %z = tail.zilde : !tail.vec<f64, 0>
/// ```
#[op(dialect = TailDialect, name = "zilde", traits(Pure), format = "attr-dict `:` type($result)", verify)]
pub struct ZildeOp {
    #[result]
    result: AnyTail,
}

impl ZildeOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let ty = ctx.value_type(self.result(ctx));
        match classify(ctx, ty) {
            Some(TailType::Vec(_, n)) => shape_rel(
                ctx,
                op,
                "length",
                "result",
                &n,
                "empty",
                &Shape::constant(0),
                0,
            ),
            Some(TailType::Array(_, r)) => shape_rel(
                ctx,
                op,
                "rank",
                "result",
                &r,
                "vector",
                &Shape::constant(1),
                0,
            ),
            _ => Err(err(
                ctx,
                op,
                format!(
                    "expects a !tail.vec or !tail.array result, but got {}",
                    quoted(ctx, ty)
                ),
            )),
        }
    }
}

/// A tuple `(e1, …, en)` of TAIL values, as a builtin `tuple<…>`.
///
/// ```mlir
/// %t = tail.tuple %a, %v : (i32, !tail.array<f64, 1>) -> tuple<i32, !tail.array<f64, 1>>
/// ```
#[op(dialect = TailDialect, name = "tuple", traits(Pure),
     format = "$elems attr-dict `:` functional-type($elems, results)", verify)]
pub struct TupleOp {
    /// The components.
    #[operand(variadic)]
    elems: AnyTail,
    #[result]
    result: AnyType,
}

impl TupleOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let ty = ctx.value_type(self.result(ctx));
        let tys: Vec<_> = self.elems(ctx).iter().map(|&v| ctx.value_type(v)).collect();
        match ctx.type_kind(ty) {
            TypeKind::Tuple(ts) if *ts == tys => Ok(()),
            _ => Err(err(
                ctx,
                self.op(),
                format!(
                    "expects the result type to be the tuple of the operand types, but got {}",
                    quoted(ctx, ty)
                ),
            )),
        }
    }
}

/// Projection `Prj(i, t)` out of a tuple; `index` is 0-based, as apltail's `Prj` counts.
///
/// ```mlir
/// %a = tail.prj %t[0] : tuple<i32, f64> -> i32
/// ```
#[op(dialect = TailDialect, name = "prj", traits(Pure),
     format = "$tuple `[` $index `]` attr-dict `:` type($tuple) `->` type($result)", verify, fold)]
pub struct PrjOp {
    /// The tuple.
    #[operand]
    tuple: AnyType,
    /// The component, from 0.
    #[attr]
    index: I64Attr,
    #[result]
    result: AnyTail,
}

impl PrjOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let tt = ctx.value_type(self.tuple(ctx));
        let TypeKind::Tuple(ts) = ctx.type_kind(tt) else {
            return Err(err(
                ctx,
                op,
                format!("expects a tuple operand, but got {}", quoted(ctx, tt)),
            ));
        };
        let i = ctx.attr_as_int(self.index(ctx)).unwrap_or(-1);
        let Some(&t) = usize::try_from(i).ok().and_then(|i| ts.get(i)) else {
            return Err(err(
                ctx,
                op,
                format!("expects an index below {}, but got {i}", ts.len()),
            ));
        };
        scalar_eq(ctx, op, "result", self.result(ctx), t)
    }
}

// ----- shapes -------------------------------------------------------------------------------------

tail_op! {
    /// `iota(n)` = `[1, …, n]` (APL `⍳`, 1-based).
    ///
    /// Type scheme: `int → [int]^1`.
    ///
    /// ```mlir
    /// %v = tail.iota %n : (i32) -> !tail.array<i32, 1>
    /// ```
    IotaOp "iota" "$n attr-dict `:` functional-type(operands, results)" [Pure] [fold] { n: I32 } -> result
}

impl IotaOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let (e, r) = arr(ctx, op, "result", self.result(ctx))?;
        elem_int(ctx, op, "result", e)?;
        shape_rel(
            ctx,
            op,
            "rank",
            "result",
            &r,
            "vector",
            &Shape::constant(1),
            0,
        )
    }
}

tail_op! {
    /// `iotaV(n)`: `iota` on a statically known length.
    ///
    /// Type scheme: `∀γ. S_int(γ) → ⟨int⟩^γ`.
    ///
    /// ```mlir
    /// %v = tail.iotaV %n : (!tail.s<i32, 5>) -> !tail.vec<i32, 5>
    /// ```
    IotaVOp "iotaV" "$n attr-dict `:` functional-type(operands, results)" [Pure] [fold] { n: AnyTail } -> result
}

impl IotaVOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let (ne, n) = sing(ctx, op, "operand", self.n(ctx))?;
        elem_int(ctx, op, "operand", ne)?;
        let (e, len) = vec(ctx, op, "result", self.result(ctx))?;
        elem_int(ctx, op, "result", e)?;
        shape_rel(ctx, op, "length", "result", &len, "operand", &n, 0)
    }
}

tail_op! {
    /// `shape(a)`: the extents of an array (APL monadic `⍴`).
    ///
    /// Type scheme: `∀αγ. [α]^γ → ⟨int⟩^γ`.
    ///
    /// ```mlir
    /// %s = tail.shape %a : (!tail.array<f64, 2>) -> !tail.vec<i32, 2>
    /// ```
    ShapeOp "shape" "$input attr-dict `:` functional-type(operands, results)" [Pure] [fold, canonicalize] { input: ArrayLike } -> result
}

impl ShapeOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let (_, r) = arr(ctx, op, "input", self.input(ctx))?;
        let (e, len) = vec(ctx, op, "result", self.result(ctx))?;
        elem_int(ctx, op, "result", e)?;
        shape_rel(ctx, op, "length", "result", &len, "input", &r, 0)
    }
}

tail_op! {
    /// `shapeV(v)`: the length of a vector of known length, as a singleton vector.
    ///
    /// Type scheme: `∀αγ. ⟨α⟩^γ → SV_int(γ)`.
    ///
    /// ```mlir
    /// %s = tail.shapeV %v : (!tail.vec<f64, 3>) -> !tail.sv<i32, 3>
    /// ```
    ShapeVOp "shapeV" "$input attr-dict `:` functional-type(operands, results)" [Pure] [fold] { input: AnyTail } -> result
}

impl ShapeVOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let (_, n) = vec(ctx, op, "input", self.input(ctx))?;
        let (e, v) = sing_vec(ctx, op, "result", self.result(ctx))?;
        elem_int(ctx, op, "result", e)?;
        shape_rel(ctx, op, "value", "result", &v, "input length", &n, 0)
    }
}

tail_op! {
    /// `reshape0(s, a)`: `a`'s elements, cycled, in shape `s`; `a` must not be empty.
    ///
    /// Type scheme: `∀αγγ'. ⟨int⟩^γ' → [α]^γ → [α]^γ'`.
    ///
    /// ```mlir
    /// %r = tail.reshape0 %s, %a : (!tail.vec<i32, 2>, !tail.array<i32, 1>) -> !tail.array<i32, 2>
    /// ```
    Reshape0Op "reshape0" "$shape `,` $input attr-dict `:` functional-type(operands, results)" [Pure] [fold]
        { shape: AnyTail, input: ArrayLike } -> result
}

impl Reshape0Op {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        verify_reshape(
            ctx,
            self.op(),
            self.shape(ctx),
            None,
            self.input(ctx),
            self.result(ctx),
        )
    }
}

tail_op! {
    /// `reshape(s, d, a)`: `a`'s elements, cycled, in shape `s`; an empty `a` gives copies of
    /// the default element `d` (APL dyadic `⍴`).
    ///
    /// Type scheme: `∀αγγ'. ⟨int⟩^γ' → α → [α]^γ → [α]^γ'`.
    ///
    /// ```mlir
    /// %r = tail.reshape %s, %d, %a : (!tail.vec<i32, 2>, i32, !tail.array<i32, 1>) -> !tail.array<i32, 2>
    /// ```
    ReshapeOp "reshape" "$shape `,` $default `,` $input attr-dict `:` functional-type(operands, results)" [Pure] [fold]
        { shape: AnyTail, default: BaseType, input: ArrayLike } -> result
}

impl ReshapeOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        verify_reshape(
            ctx,
            self.op(),
            self.shape(ctx),
            Some(self.default(ctx)),
            self.input(ctx),
            self.result(ctx),
        )
    }
}

fn verify_reshape(
    ctx: &tail_ir::Context,
    op: tail_ir::OpId,
    shape: tail_ir::Value,
    default: Option<tail_ir::Value>,
    input: tail_ir::Value,
    result: tail_ir::Value,
) -> VResult {
    let (se, sl) = vec(ctx, op, "shape operand", shape)?;
    elem_int(ctx, op, "shape operand", se)?;
    let (e, _) = arr(ctx, op, "input", input)?;
    if let Some(d) = default {
        scalar_eq(ctx, op, "default element", d, e)?;
    }
    let (re, rr) = arr(ctx, op, "result", result)?;
    elem_eq(ctx, op, "result", e, re)?;
    shape_rel(
        ctx,
        op,
        "rank",
        "result",
        &rr,
        "shape vector's length, which is the",
        &sl,
        0,
    )
}

tail_op! {
    /// `rav(a)`: the elements of `a` as a vector, in row-major order (APL monadic `,`).
    ///
    /// Type scheme: `∀αγ. [α]^γ → [α]^1`.
    ///
    /// ```mlir
    /// %v = tail.rav %a : (!tail.array<i32, 3>) -> !tail.array<i32, 1>
    /// ```
    RavOp "rav" "$input attr-dict `:` functional-type(operands, results)" [Pure] [fold] { input: ArrayLike } -> result
}

impl RavOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let (e, _) = arr(ctx, op, "input", self.input(ctx))?;
        let (re, rr) = arr(ctx, op, "result", self.result(ctx))?;
        elem_eq(ctx, op, "result", e, re)?;
        shape_rel(
            ctx,
            op,
            "rank",
            "result",
            &rr,
            "vector",
            &Shape::constant(1),
            0,
        )
    }
}

// ----- take / drop --------------------------------------------------------------------------------

tail_op! {
    /// `take(n, d, a)`: the first `n` (last `-n` if negative) major cells of `a`, padded with
    /// the default element `d` (APL `↑`).
    ///
    /// Type scheme: `∀αγ. int → α → [α]^γ → [α]^γ`.
    ///
    /// ```mlir
    /// %t = tail.take %n, %d, %a : (i32, i32, !tail.array<i32, 1>) -> !tail.array<i32, 1>
    /// ```
    TakeOp "take" "$n `,` $default `,` $input attr-dict `:` functional-type(operands, results)" [Pure] [fold]
        { n: I32, default: BaseType, input: ArrayLike } -> result
}

impl TakeOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let a = arr(ctx, op, "input", self.input(ctx))?;
        scalar_eq(ctx, op, "default element", self.default(ctx), a.0)?;
        let r = arr(ctx, op, "result", self.result(ctx))?;
        same_array(ctx, op, r, a)
    }
}

tail_op! {
    /// `takeV(n, v)`: take with a statically known count; the result has length `|n|`.
    ///
    /// Type scheme: `∀αγ. S_int(γ) → [α]^1 → ⟨α⟩^γ` (length `|γ|` for negative counts).
    ///
    /// ```mlir
    /// %t = tail.takeV %n, %v : (!tail.s<i32, 2>, !tail.array<i32, 1>) -> !tail.vec<i32, 2>
    /// ```
    TakeVOp "takeV" "$n `,` $input attr-dict `:` functional-type(operands, results)" [Pure] [fold]
        { n: AnyTail, input: ArrayLike } -> result
}

impl TakeVOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let (ne, n) = sing(ctx, op, "count", self.n(ctx))?;
        elem_int(ctx, op, "count", ne)?;
        let (e, r) = arr(ctx, op, "input", self.input(ctx))?;
        shape_rel(
            ctx,
            op,
            "rank",
            "input",
            &r,
            "vector",
            &Shape::constant(1),
            0,
        )?;
        let (re, len) = vec(ctx, op, "result", self.result(ctx))?;
        elem_eq(ctx, op, "result", e, re)?;
        let n = match n.as_const() {
            Some(k) => Shape::constant(k.abs()),
            None => n,
        };
        shape_rel(
            ctx,
            op,
            "length",
            "result",
            &len,
            "absolute count, which is the",
            &n,
            0,
        )
    }
}

tail_op! {
    /// `drop(n, a)`: `a` without its first `n` (last `-n`) major cells (APL `↓`).
    ///
    /// Type scheme: `∀αγ. int → [α]^γ → [α]^γ`.
    ///
    /// ```mlir
    /// %t = tail.drop %n, %a : (i32, !tail.array<f64, 2>) -> !tail.array<f64, 2>
    /// ```
    DropOp "drop" "$n `,` $input attr-dict `:` functional-type(operands, results)" [Pure] [fold]
        { n: I32, input: ArrayLike } -> result
}

impl DropOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let a = arr(ctx, op, "input", self.input(ctx))?;
        let r = arr(ctx, op, "result", self.result(ctx))?;
        same_array(ctx, op, r, a)
    }
}

tail_op! {
    /// `dropV(n, v)`: drop on a vector of known length; the result has length `max(0, m - |n|)`.
    ///
    /// Type scheme: `∀αγγ'. S_int(γ) → ⟨α⟩^(γ+γ') → ⟨α⟩^γ'`.
    ///
    /// ```mlir
    /// %t = tail.dropV %n, %v : (!tail.s<i32, 1>, !tail.vec<i32, 3>) -> !tail.vec<i32, 2>
    /// ```
    DropVOp "dropV" "$n `,` $input attr-dict `:` functional-type(operands, results)" [Pure] [fold]
        { n: AnyTail, input: AnyTail } -> result
}

impl DropVOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let (ne, n) = sing(ctx, op, "count", self.n(ctx))?;
        elem_int(ctx, op, "count", ne)?;
        let (e, m) = vec(ctx, op, "input", self.input(ctx))?;
        let (re, len) = vec(ctx, op, "result", self.result(ctx))?;
        elem_eq(ctx, op, "result", e, re)?;
        if let (Some(k), Some(m), Some(l)) = (n.as_const(), m.as_const(), len.as_const()) {
            let want = (m - k.abs()).max(0);
            if l != want {
                return Err(err(
                    ctx,
                    op,
                    format!("expects the result length to be {want}, but got {l}"),
                ));
            }
        }
        Ok(())
    }
}

// ----- catenation ---------------------------------------------------------------------------------

tail_op! {
    /// `cat(a, b)`: catenation along the last axis (APL `,`).
    ///
    /// Type scheme: `∀αγ. [α]^(γ+1) → [α]^(γ+1) → [α]^(γ+1)`.
    ///
    /// ```mlir
    /// %c = tail.cat %a, %b : (!tail.array<i32, 1>, !tail.array<i32, 1>) -> !tail.array<i32, 1>
    /// ```
    CatOp "cat" "$lhs `,` $rhs attr-dict `:` functional-type(operands, results)" [Pure] [fold]
        { lhs: ArrayLike, rhs: ArrayLike } -> result
}

impl CatOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let a = arr(ctx, op, "left operand", self.lhs(ctx))?;
        let b = arr(ctx, op, "right operand", self.rhs(ctx))?;
        rank_at_least(ctx, op, "left operand", &a.1, 1)?;
        elem_eq(ctx, op, "right operand", a.0, b.0)?;
        shape_rel(
            ctx,
            op,
            "rank",
            "right operand",
            &b.1,
            "left operand",
            &a.1,
            0,
        )?;
        let r = arr(ctx, op, "result", self.result(ctx))?;
        same_array(ctx, op, r, a)
    }
}

tail_op! {
    /// `catV(a, b)`: catenation of vectors of known lengths.
    ///
    /// Type scheme: `∀αγγ'. ⟨α⟩^γ → ⟨α⟩^γ' → ⟨α⟩^(γ+γ')`.
    ///
    /// ```mlir
    /// %c = tail.catV %a, %b : (!tail.vec<i32, 2>, !tail.vec<i32, 1>) -> !tail.vec<i32, 3>
    /// ```
    CatVOp "catV" "$lhs `,` $rhs attr-dict `:` functional-type(operands, results)" [Pure] [fold]
        { lhs: AnyTail, rhs: AnyTail } -> result
}

impl CatVOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let (ae, al) = vec(ctx, op, "left operand", self.lhs(ctx))?;
        let (be, bl) = vec(ctx, op, "right operand", self.rhs(ctx))?;
        elem_eq(ctx, op, "right operand", ae, be)?;
        let (re, rl) = vec(ctx, op, "result", self.result(ctx))?;
        elem_eq(ctx, op, "result", ae, re)?;
        if !rl.may_be_sum(&al, &bl) {
            return Err(err(ctx, op, format!("expects the result length to be the sum of the operand lengths, but got {rl}, {al} and {bl}")));
        }
        Ok(())
    }
}

tail_op! {
    /// `cons(x, a)`: prepend a cell of rank one less along the first axis.
    ///
    /// Type scheme: `∀αγ. [α]^γ → [α]^(γ+1) → [α]^(γ+1)`.
    ///
    /// ```mlir
    /// %c = tail.cons %x, %v : (i32, !tail.array<i32, 1>) -> !tail.array<i32, 1>
    /// ```
    ConsOp "cons" "$elem `,` $input attr-dict `:` functional-type(operands, results)" [Pure] [fold]
        { elem: ArrayLike, input: ArrayLike } -> result
}

impl ConsOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        verify_cons(ctx, op, self.elem(ctx), self.input(ctx), self.result(ctx))
    }
}

tail_op! {
    /// `snoc(a, x)`: append a cell of rank one less along the first axis.
    ///
    /// Type scheme: `∀αγ. [α]^(γ+1) → [α]^γ → [α]^(γ+1)`.
    ///
    /// ```mlir
    /// %c = tail.snoc %v, %x : (!tail.array<i32, 1>, i32) -> !tail.array<i32, 1>
    /// ```
    SnocOp "snoc" "$input `,` $elem attr-dict `:` functional-type(operands, results)" [Pure] [fold]
        { input: ArrayLike, elem: ArrayLike } -> result
}

impl SnocOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        verify_cons(ctx, op, self.elem(ctx), self.input(ctx), self.result(ctx))
    }
}

fn verify_cons(
    ctx: &tail_ir::Context,
    op: tail_ir::OpId,
    x: tail_ir::Value,
    a: tail_ir::Value,
    res: tail_ir::Value,
) -> VResult {
    let x = arr(ctx, op, "cell", x)?;
    let a = arr(ctx, op, "array operand", a)?;
    elem_eq(ctx, op, "cell", a.0, x.0)?;
    shape_rel(ctx, op, "rank", "array operand", &a.1, "cell", &x.1, 1)?;
    let r = arr(ctx, op, "result", res)?;
    same_array(ctx, op, r, a)
}

tail_op! {
    /// `consV(x, v)`: prepend an element to a vector of known length.
    ///
    /// Type scheme: `∀αγ. α → ⟨α⟩^γ → ⟨α⟩^(1+γ)`.
    ///
    /// ```mlir
    /// %c = tail.consV %x, %v : (i32, !tail.vec<i32, 3>) -> !tail.vec<i32, 4>
    /// ```
    ConsVOp "consV" "$elem `,` $input attr-dict `:` functional-type(operands, results)" [Pure] [fold]
        { elem: BaseType, input: AnyTail } -> result
}

impl ConsVOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        verify_cons_v(
            ctx,
            self.op(),
            self.elem(ctx),
            self.input(ctx),
            self.result(ctx),
        )
    }
}

tail_op! {
    /// `snocV(v, x)`: append an element to a vector of known length.
    ///
    /// Type scheme: `∀αγ. ⟨α⟩^γ → α → ⟨α⟩^(1+γ)`.
    ///
    /// ```mlir
    /// %c = tail.snocV %v, %x : (!tail.vec<i32, 3>, i32) -> !tail.vec<i32, 4>
    /// ```
    SnocVOp "snocV" "$input `,` $elem attr-dict `:` functional-type(operands, results)" [Pure] [fold]
        { input: AnyTail, elem: BaseType } -> result
}

impl SnocVOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        verify_cons_v(
            ctx,
            self.op(),
            self.elem(ctx),
            self.input(ctx),
            self.result(ctx),
        )
    }
}

fn verify_cons_v(
    ctx: &tail_ir::Context,
    op: tail_ir::OpId,
    x: tail_ir::Value,
    v: tail_ir::Value,
    res: tail_ir::Value,
) -> VResult {
    let (e, n) = vec(ctx, op, "vector operand", v)?;
    scalar_eq(ctx, op, "element", x, e)?;
    let (re, rn) = vec(ctx, op, "result", res)?;
    elem_eq(ctx, op, "result", e, re)?;
    shape_rel(ctx, op, "length", "result", &rn, "operand", &n, 1)
}

// ----- first --------------------------------------------------------------------------------------

tail_op! {
    /// `first(d, a)`: the first element of `a` in row-major order, or `d` if `a` is empty
    /// (APL `⊃`).
    ///
    /// Type scheme: `∀αγ. α → [α]^γ → α`.
    ///
    /// ```mlir
    /// %x = tail.first %d, %a : (f64, !tail.array<f64, 2>) -> f64
    /// ```
    FirstOp "first" "$default `,` $input attr-dict `:` functional-type(operands, results)" [Pure] [fold]
        { default: BaseType, input: ArrayLike } -> result
}

impl FirstOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let (e, _) = arr(ctx, op, "input", self.input(ctx))?;
        scalar_eq(ctx, op, "default element", self.default(ctx), e)?;
        scalar_eq(ctx, op, "result", self.result(ctx), e)
    }
}

tail_op! {
    /// `firstV(v)`: the element of a singleton vector, keeping its static value; also the
    /// first element of a non-empty `!tail.vec` (apltail).
    ///
    /// Type scheme: `∀αγ. SV_α(γ) → S_α(γ)` (and `∀αγ. ⟨α⟩^(1+γ) → α`).
    ///
    /// ```mlir
    /// %x = tail.firstV %v : (!tail.sv<i32, 3>) -> !tail.s<i32, 3>
    /// ```
    FirstVOp "firstV" "$input attr-dict `:` functional-type(operands, results)" [Pure] [fold] { input: AnyTail } -> result
}

impl FirstVOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let it = ctx.value_type(self.input(ctx));
        match classify(ctx, it) {
            Some(TailType::SV(e, n)) => {
                let (re, rn) = sing(ctx, op, "result", self.result(ctx))?;
                elem_eq(ctx, op, "result", e, re)?;
                shape_rel(ctx, op, "value", "result", &rn, "input", &n, 0)
            }
            Some(TailType::Vec(e, n)) => {
                if n.as_const() == Some(0) {
                    return Err(err(ctx, op, "expects a non-empty vector"));
                }
                scalar_eq(ctx, op, "result", self.result(ctx), e)
            }
            _ => Err(err(
                ctx,
                op,
                format!(
                    "expects the input to be a !tail.sv or !tail.vec, but got {}",
                    quoted(ctx, it)
                ),
            )),
        }
    }
}

// ----- same-shape transformations -----------------------------------------------------------------

macro_rules! same_shape_op {
    ($(#[doc = $doc:tt])* $name:ident $mn:tt $([$($flag:ident),*])?) => {
        $(#[doc = $doc])*
        #[op(dialect = TailDialect, name = $mn, traits(Pure, SameOperandsAndResultType),
             format = "$input attr-dict `:` type($result)" $($(, $flag)*)?)]
        pub struct $name {
            /// The array.
            #[operand]
            input: ArrayLike,
            #[result]
            result: ArrayLike,
        }
    };
}

same_shape_op! {
    /// `reverse(a)`: reverse along the last axis (APL `⌽`). Type scheme: `∀αγ. [α]^γ → [α]^γ`.
    ///
    /// ```mlir
    /// %r = tail.reverse %a : !tail.array<i32, 2>
    /// ```
    ReverseOp "reverse" [fold]
}
same_shape_op! {
    /// `vreverse(a)`: reverse along the first axis (APL `⊖`). Type scheme: `∀αγ. [α]^γ → [α]^γ`.
    ///
    /// ```mlir
    /// %r = tail.vreverse %a : !tail.array<i32, 2>
    /// ```
    VReverseOp "vreverse" [fold]
}
/// `transp(a)`: reverse the axes (APL monadic `⍉`). Type scheme: `∀αγ. [α]^γ → [α]^γ`.
///
/// As in apltail, whose type checker types `transp` as the identity on any array-like type
/// (`(unArr' "transp" t; t)`), the operand may also be a vector of known length (`<κ>n`, as in
/// Fig. 3.6's `transp(vrotateV(v6, …))`), a singleton vector or a singleton: a value of rank
/// at most 1, which the transposition leaves unchanged, keeping its type.
///
/// ```mlir
/// %t = tail.transp %a : !tail.array<i32, 2>
/// %v = tail.transp %w : !tail.vec<i32, 3>
/// ```
#[op(dialect = TailDialect, name = "transp", traits(Pure, SameOperandsAndResultType),
     format = "$input attr-dict `:` type($result)", fold)]
pub struct TranspOp {
    /// The array.
    #[operand]
    input: AnyTail,
    #[result]
    result: AnyTail,
}
same_shape_op! {
    /// `mem(a)`: a fresh copy of `a` (a new store location, §3.1.5), so that it may be updated
    /// with `tail.idxassign`. Type scheme: `∀αγ. [α]^γ → [α]^γ`.
    ///
    /// ```mlir
    /// %m = tail.mem %a : !tail.array<i32, 1>
    /// ```
    MemOp "mem"
}

/// `memScl(x)`: a scalar materialized in its own location. Type scheme: `∀α. α → α`.
///
/// ```mlir
/// %m = tail.memScl %x : i32
/// ```
#[op(dialect = TailDialect, name = "memScl", traits(Pure, SameOperandsAndResultType),
     format = "$input attr-dict `:` type($result)")]
pub struct MemSclOp {
    /// The scalar.
    #[operand]
    input: BaseType,
    #[result]
    result: BaseType,
}

/// `vreverseV(v)`: reverse a vector of known length. Type scheme: `∀αγ. ⟨α⟩^γ → ⟨α⟩^γ`.
///
/// ```mlir
/// %r = tail.vreverseV %v : !tail.vec<i32, 3>
/// ```
#[op(dialect = TailDialect, name = "vreverseV", traits(Pure, SameOperandsAndResultType),
     format = "$input attr-dict `:` type($result)", verify, fold)]
pub struct VReverseVOp {
    /// The vector.
    #[operand]
    input: AnyTail,
    #[result]
    result: AnyTail,
}

impl VReverseVOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        vec(ctx, self.op(), "input", self.input(ctx)).map(|_| ())
    }
}

macro_rules! rotate_op {
    ($(#[doc = $doc:tt])* $name:ident $mn:tt $vec:literal) => {
        $(#[doc = $doc])*
        #[op(dialect = TailDialect, name = $mn, traits(Pure),
             format = "$n `,` $input attr-dict `:` functional-type(operands, results)", verify, fold)]
        pub struct $name {
            /// The rotation count.
            #[operand]
            n: I32,
            /// The array.
            #[operand]
            input: AnyTail,
            #[result]
            result: AnyTail,
        }
        impl $name {
            fn verify(self, ctx: &tail_ir::Context) -> VResult {
                let op = self.op();
                let (i, r) = (self.input(ctx), self.result(ctx));
                if ctx.value_type(i) != ctx.value_type(r) {
                    return Err(err(ctx, op, "expects the result type to equal the input type"));
                }
                if $vec { vec(ctx, op, "input", i).map(|_| ()) } else { arr(ctx, op, "input", i).map(|_| ()) }
            }
        }
    };
}

rotate_op! {
    /// `rotate(n, a)`: rotate along the last axis (APL `⌽`). Type scheme: `∀αγ. int → [α]^γ → [α]^γ`.
    ///
    /// ```mlir
    /// %r = tail.rotate %n, %a : (i32, !tail.array<i32, 1>) -> !tail.array<i32, 1>
    /// ```
    RotateOp "rotate" false
}
rotate_op! {
    /// `rotateV(n, v)`: rotate a vector of known length. Type scheme: `∀αγ. int → ⟨α⟩^γ → ⟨α⟩^γ`.
    ///
    /// ```mlir
    /// %r = tail.rotateV %n, %v : (i32, !tail.vec<i32, 3>) -> !tail.vec<i32, 3>
    /// ```
    RotateVOp "rotateV" true
}
rotate_op! {
    /// `vrotate(n, a)`: rotate along the first axis (APL `⊖`). Type scheme: `∀αγ. int → [α]^γ → [α]^γ`.
    ///
    /// ```mlir
    /// %r = tail.vrotate %n, %a : (i32, !tail.array<i32, 2>) -> !tail.array<i32, 2>
    /// ```
    VRotateOp "vrotate" false
}
rotate_op! {
    /// `vrotateV(n, v)`: `vrotate` on a vector of known length. Type scheme: `∀αγ. int → ⟨α⟩^γ → ⟨α⟩^γ`.
    ///
    /// ```mlir
    /// %r = tail.vrotateV %n, %v : (i32, !tail.vec<i32, 3>) -> !tail.vec<i32, 3>
    /// ```
    VRotateVOp "vrotateV" true
}

tail_op! {
    /// `transp2(p, a)`: general transpose by the axis permutation `p` (APL dyadic `⍉`); `p`'s
    /// length must be `a`'s rank.
    ///
    /// Type scheme: `∀αγ. ⟨int⟩^γ → [α]^γ → [α]^γ`.
    ///
    /// ```mlir
    /// %t = tail.transp2 %p, %a : (!tail.vec<i32, 3>, !tail.array<i32, 3>) -> !tail.array<i32, 3>
    /// ```
    Transp2Op "transp2" "$perm `,` $input attr-dict `:` functional-type(operands, results)" [Pure] [fold]
        { perm: AnyTail, input: ArrayLike } -> result
}

impl Transp2Op {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let (pe, pl) = vec(ctx, op, "permutation", self.perm(ctx))?;
        elem_int(ctx, op, "permutation", pe)?;
        let a = arr(ctx, op, "input", self.input(ctx))?;
        shape_rel(
            ctx,
            op,
            "length",
            "permutation",
            &pl,
            "input rank, which is the",
            &a.1,
            0,
        )?;
        let r = arr(ctx, op, "result", self.result(ctx))?;
        same_array(ctx, op, r, a)
    }
}

/// Checks that the `what` operand of `compress`/`replicate` has rank 1 (one entry per item of
/// the input's last axis); a rank variable is accepted.
fn vector_rank(ctx: &tail_ir::Context, op: tail_ir::OpId, what: &str, rank: &Shape) -> VResult {
    match rank.as_const() {
        Some(r) if r != 1 => Err(err(
            ctx,
            op,
            format!("expects the {what} to be a vector (one entry per item of the input's last axis), but got an array of rank {r}"),
        )),
        _ => Ok(()),
    }
}

tail_op! {
    /// `compress(b, a)`: the items of `a` along its last axis where the boolean vector `b` is
    /// true (APL `b/a`; `b⌿a` is a `compress` between transposes). `b` has one entry per item
    /// of the last axis; the result has the rank of `a`.
    ///
    /// Type scheme: `∀αγ. [bool]^1 → [α]^(γ+1) → [α]^(γ+1)`. The thesis prints
    /// `[bool]^γ → [α]^γ → [α]^γ`, which agrees for vectors (γ = 1, where apltail's
    /// evaluator supports it); for rank ≥ 2 the mask is a vector over the last axis as APL
    /// defines `/`, and as the interpreter and the lowering to `soac.filter` implement it.
    ///
    /// ```mlir
    /// %c = tail.compress %b, %a : (!tail.array<i1, 1>, !tail.array<f64, 1>) -> !tail.array<f64, 1>
    /// %r = tail.compress %b, %m : (!tail.array<i1, 1>, !tail.array<f64, 2>) -> !tail.array<f64, 2>
    /// ```
    CompressOp "compress" "$mask `,` $input attr-dict `:` functional-type(operands, results)" [Pure]
        { mask: ArrayLike, input: ArrayLike } -> result
}

impl CompressOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let m = arr(ctx, op, "mask", self.mask(ctx))?;
        elem_bool(ctx, op, "mask", m.0)?;
        vector_rank(ctx, op, "mask", &m.1)?;
        let a = arr(ctx, op, "input", self.input(ctx))?;
        rank_at_least(ctx, op, "input", &a.1, 1)?;
        let r = arr(ctx, op, "result", self.result(ctx))?;
        same_array(ctx, op, r, a)
    }
}

tail_op! {
    /// `replicate(d, n, a)`: each item of `a` along its last axis repeated by the count in the
    /// int vector `n` (APL `n/a` with an int left argument); a negative count `-k` inserts `k`
    /// default items `d` (apltail). The result has the rank of `a`.
    ///
    /// Type scheme: `∀αγ. α → [int]^1 → [α]^(γ+1) → [α]^(γ+1)` (the counts are a vector over
    /// the last axis; see `compress` for the thesis' `[int]^γ`).
    ///
    /// ```mlir
    /// %r = tail.replicate %d, %n, %a : (i32, !tail.array<i32, 1>, !tail.array<i32, 1>) -> !tail.array<i32, 1>
    /// ```
    ReplicateOp "replicate" "$default `,` $counts `,` $input attr-dict `:` functional-type(operands, results)" [Pure]
        { default: BaseType, counts: ArrayLike, input: ArrayLike } -> result
}

impl ReplicateOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let c = arr(ctx, op, "counts", self.counts(ctx))?;
        elem_int(ctx, op, "counts", c.0)?;
        vector_rank(ctx, op, "counts", &c.1)?;
        let a = arr(ctx, op, "input", self.input(ctx))?;
        scalar_eq(ctx, op, "default element", self.default(ctx), a.0)?;
        rank_at_least(ctx, op, "input", &a.1, 1)?;
        let r = arr(ctx, op, "result", self.result(ctx))?;
        same_array(ctx, op, r, a)
    }
}

// ----- indexing -----------------------------------------------------------------------------------

tail_op! {
    /// `idx(d, i, a)` (the thesis' `index`): the slice of `a` at position `i` (1-based) of
    /// dimension `d` (1-based); `cube[;4;]` is `idx(2, 4, cube)`.
    ///
    /// Type scheme: `∀αγ. int → int → [α]^(γ+1) → [α]^γ`.
    ///
    /// ```mlir
    /// %s = tail.idx %d, %i, %a : (i32, i32, !tail.array<i32, 3>) -> !tail.array<i32, 2>
    /// ```
    IdxOp "idx" "$dim `,` $index `,` $input attr-dict `:` functional-type(operands, results)" [Pure]
        { dim: I32, index: I32, input: ArrayLike } -> result
}

impl IdxOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let a = arr(ctx, op, "input", self.input(ctx))?;
        let r = arr(ctx, op, "result", self.result(ctx))?;
        elem_eq(ctx, op, "result", a.0, r.0)?;
        shape_rel(ctx, op, "rank", "input", &a.1, "result", &r.1, 1)
    }
}

tail_op! {
    /// `idxS(d, i, a)`: `idx` with a statically known dimension `d` (`1 ≤ d ≤ rank`).
    ///
    /// Type scheme: `∀αγδ. S_int(δ) → int → [α]^(γ+1) → [α]^γ`.
    ///
    /// ```mlir
    /// %s = tail.idxS %d, %i, %a : (!tail.s<i32, 1>, i32, !tail.array<i32, 2>) -> !tail.array<i32, 1>
    /// ```
    IdxSOp "idxS" "$dim `,` $index `,` $input attr-dict `:` functional-type(operands, results)" [Pure]
        { dim: AnyTail, index: I32, input: ArrayLike } -> result
}

impl IdxSOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let (de, d) = sing(ctx, op, "dimension", self.dim(ctx))?;
        elem_int(ctx, op, "dimension", de)?;
        let a = arr(ctx, op, "input", self.input(ctx))?;
        let r = arr(ctx, op, "result", self.result(ctx))?;
        elem_eq(ctx, op, "result", a.0, r.0)?;
        shape_rel(ctx, op, "rank", "input", &a.1, "result", &r.1, 1)?;
        if let (Some(d), Some(rank)) = (d.as_const(), a.1.as_const()) {
            if d < 1 || d > rank {
                return Err(err(
                    ctx,
                    op,
                    format!("expects the dimension to be in [1, {rank}], but got {d}"),
                ));
            }
        }
        Ok(())
    }
}

tail_op! {
    /// `idxassign(is, a, v)` (the thesis' `update`, §3.1.5): writes `v` at the 1-based index
    /// vector `is` of `a`, in place, and returns `tt`.
    ///
    /// Type scheme: `∀αγ. ⟨int⟩^γ → [α]^γ → α → bool`.
    ///
    /// ```mlir
    /// %t = tail.idxassign %is, %a, %v : (!tail.vec<i32, 1>, !tail.array<i32, 1>, i32) -> i1
    /// ```
    IdxAssignOp "idxassign" "$indices `,` $array `,` $value attr-dict `:` functional-type(operands, results)" [MemWrite]
        { indices: AnyTail, array: ArrayLike, value: BaseType } -> result
}

impl IdxAssignOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let (ie, il) = vec(ctx, op, "index vector", self.indices(ctx))?;
        elem_int(ctx, op, "index vector", ie)?;
        let a = arr(ctx, op, "array", self.array(ctx))?;
        shape_rel(
            ctx,
            op,
            "length",
            "index vector",
            &il,
            "array rank, which is the",
            &a.1,
            0,
        )?;
        scalar_eq(ctx, op, "value", self.value(ctx), a.0)?;
        let rt = ctx.value_type(self.result(ctx));
        if !is_bool(ctx, rt) {
            return Err(err(
                ctx,
                op,
                format!("expects an 'i1' result, but got {}", quoted(ctx, rt)),
            ));
        }
        Ok(())
    }
}

macro_rules! grade_op {
    ($(#[doc = $doc:tt])* $name:ident $mn:tt) => {
        tail_op! {
            $(#[doc = $doc])*
            $name $mn "$input attr-dict `:` functional-type(operands, results)" [Pure] { input: ArrayLike } -> result
        }
        impl $name {
            fn verify(self, ctx: &tail_ir::Context) -> VResult {
                let op = self.op();
                let (e, r) = arr(ctx, op, "input", self.input(ctx))?;
                shape_rel(ctx, op, "rank", "input", &r, "vector", &Shape::constant(1), 0)?;
                if !is_base(ctx, e) || matches!(ctx.type_kind(e), TypeKind::Complex(_)) {
                    return Err(err(ctx, op, "expects ordered elements"));
                }
                let (re, rr) = arr(ctx, op, "result", self.result(ctx))?;
                elem_int(ctx, op, "result", re)?;
                shape_rel(ctx, op, "rank", "result", &rr, "vector", &Shape::constant(1), 0)
            }
        }
    };
}

grade_op! {
    /// `gradeUp(v)`: the 1-based permutation that sorts `v` ascending, stably (APL `⍋`).
    ///
    /// Type scheme: `∀α. [α]^1 → [int]^1`.
    ///
    /// ```mlir
    /// %g = tail.gradeUp %v : (!tail.array<f64, 1>) -> !tail.array<i32, 1>
    /// ```
    GradeUpOp "gradeUp"
}
grade_op! {
    /// `gradeDown(v)`: the 1-based permutation that sorts `v` descending, stably (APL `⍒`).
    ///
    /// Type scheme: `∀α. [α]^1 → [int]^1`.
    ///
    /// ```mlir
    /// %g = tail.gradeDown %v : (!tail.array<i32, 1>) -> !tail.array<i32, 1>
    /// ```
    GradeDownOp "gradeDown"
}

tail_op! {
    /// `b2iV(b)`: a singleton bool as a singleton int (`b2iV(tt) : S(int,1)`).
    ///
    /// Type scheme: `∀γ. S_bool(γ) → S_int(γ)`.
    ///
    /// ```mlir
    /// %i = tail.b2iV %b : (!tail.s<i1, 1>) -> !tail.s<i32, 1>
    /// ```
    B2IVOp "b2iV" "$input attr-dict `:` functional-type(operands, results)" [Pure] [fold] { input: AnyTail } -> result
}

impl B2IVOp {
    fn verify(self, ctx: &tail_ir::Context) -> VResult {
        let op = self.op();
        let (e, n) = sing(ctx, op, "input", self.input(ctx))?;
        elem_bool(ctx, op, "input", e)?;
        let (re, rn) = sing(ctx, op, "result", self.result(ctx))?;
        elem_int(ctx, op, "result", re)?;
        shape_rel(ctx, op, "value", "result", &rn, "input", &n, 0)
    }
}
