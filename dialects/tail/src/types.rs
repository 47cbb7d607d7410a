//! TAIL's types: `!tail.char`, the four array types and their shape expressions, and helpers
//! that classify a [`Type`] as a TAIL type.
//!
//! ```mlir
//! !tail.array<i32, 2>      // [int]^2
//! !tail.array<f64, ?a+1>   // [double]^(γ+1)
//! !tail.vec<i32, 3>        // <int>^3
//! !tail.s<i32, 3>          // S(int,3)
//! !tail.sv<i32, 3>         // SV(int,3)
//! ```

use std::fmt::{self, Write as _};

use tail_ir::format::DefParam;
use tail_ir::parser::{ParseResult, Parser};
use tail_ir::printer::Printer;
use tail_ir::{type_def, Context, Diagnostic, FloatKind, Type, TypeKind};

use crate::TailDialect;

/// A shape expression: a rank or a vector length, `offset` or `?var+offset`.
///
/// Shapes are identified modulo evaluation of constant sums, so `?a+1+1` is `?a+2`. Only one
/// variable per expression is representable, which covers every type scheme of TAIL.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    /// The shape variable, if any (without the `?`).
    pub var: Option<String>,
    /// The constant part.
    pub offset: i64,
}

impl Shape {
    /// The constant shape `n`.
    pub fn constant(n: i64) -> Self {
        Shape {
            var: None,
            offset: n,
        }
    }
    /// The shape variable `?name`.
    pub fn var(name: &str) -> Self {
        Shape {
            var: Some(name.to_string()),
            offset: 0,
        }
    }
    /// The value, when the shape is a constant.
    pub fn as_const(&self) -> Option<i64> {
        if self.var.is_none() {
            Some(self.offset)
        } else {
            None
        }
    }
    /// `self + k`.
    pub fn plus(&self, k: i64) -> Self {
        Shape {
            var: self.var.clone(),
            offset: self.offset + k,
        }
    }
    /// Whether `self` and `other` are known to be equal (`Some(true)`), known to differ
    /// (`Some(false)`), or undecidable without unification (`None`).
    pub fn known_eq(&self, other: &Shape) -> Option<bool> {
        if self.var == other.var {
            Some(self.offset == other.offset)
        } else {
            None
        }
    }
    /// Whether `self == other + k` is known to be false (shape variables are accepted).
    pub fn differs_from(&self, other: &Shape, k: i64) -> bool {
        self.known_eq(&other.plus(k)) == Some(false)
    }
    /// Whether `self` may be the sum `a + b` (false only when decidably not).
    pub fn may_be_sum(&self, a: &Shape, b: &Shape) -> bool {
        match (&a.var, &b.var) {
            (Some(_), Some(_)) => true,
            (None, _) => self.known_eq(&b.plus(a.offset)) != Some(false),
            (_, None) => self.known_eq(&a.plus(b.offset)) != Some(false),
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.var {
            None => write!(f, "{}", self.offset),
            Some(v) if self.offset > 0 => write!(f, "?{v}+{}", self.offset),
            Some(v) if self.offset < 0 => write!(f, "?{v}-{}", -self.offset),
            Some(v) => write!(f, "?{v}"),
        }
    }
}

impl DefParam for Shape {
    fn print_param(&self, p: &mut Printer<'_>) -> fmt::Result {
        write!(p, "{self}")
    }
    fn parse_param(p: &mut Parser<'_>) -> ParseResult<Self> {
        if p.parse_optional_punct("?") {
            let name = p.parse_any_keyword()?;
            let mut offset = 0;
            if p.parse_optional_punct("+") {
                offset = p.parse_integer()?;
            } else if p.parse_optional_punct("-") {
                offset = -p.parse_integer()?;
            }
            Ok(Shape {
                var: Some(name),
                offset,
            })
        } else {
            // Negative constants are the values of singletons (`!tail.s<i32, -1>`, the count
            // of `takeV(~1, v)`); ranks and lengths are never printed negative.
            Ok(Shape::constant(p.parse_integer()?))
        }
    }
}

/// TAIL's `char`: a character (a Unicode code point).
#[type_def(dialect = TailDialect, mnemonic = "char")]
pub struct CharType;

/// `[κ]^ρ`: a multi-dimensional array of rank `rank` (`!tail.array<i32, 2>`). A constant rank
/// is never negative: the parser rejects `!tail.array<i32, -1>` at the rank, and op verifiers
/// reject such a type built programmatically.
#[type_def(dialect = TailDialect, mnemonic = "array", custom_assembly)]
pub struct ArrayType {
    /// The element (base) type.
    pub elem: Type,
    /// The rank.
    pub rank: Shape,
}

impl ArrayType {
    fn print_body(&self, p: &mut Printer<'_>) -> fmt::Result {
        print_elem_shape(p, self.elem, &self.rank)
    }
    fn parse_body(p: &mut Parser<'_>) -> ParseResult<Self> {
        let (elem, rank) = parse_elem_extent(p, "array", "rank")?;
        Ok(ArrayType { elem, rank })
    }
}

/// `⟨κ⟩^n`: a vector of statically known length `len` (`!tail.vec<i32, 3>`). A constant length
/// is never negative (checked like [`ArrayType`]'s rank).
#[type_def(dialect = TailDialect, mnemonic = "vec", custom_assembly)]
pub struct VecType {
    /// The element (base) type.
    pub elem: Type,
    /// The length.
    pub len: Shape,
}

impl VecType {
    fn print_body(&self, p: &mut Printer<'_>) -> fmt::Result {
        print_elem_shape(p, self.elem, &self.len)
    }
    fn parse_body(p: &mut Parser<'_>) -> ParseResult<Self> {
        let (elem, len) = parse_elem_extent(p, "vec", "length")?;
        Ok(VecType { elem, len })
    }
}

/// `<elem, shape>`.
fn print_elem_shape(p: &mut Printer<'_>, elem: Type, shape: &Shape) -> fmt::Result {
    p.write_str("<")?;
    p.print_type(elem)?;
    write!(p, ", {shape}>")
}

/// `<elem, extent>` where the extent (a rank or a length) must not be a negative constant; the
/// error points at the extent.
fn parse_elem_extent(p: &mut Parser<'_>, mnemonic: &str, what: &str) -> ParseResult<(Type, Shape)> {
    p.parse_punct("<")?;
    let elem = p.parse_type()?;
    p.parse_punct(",")?;
    let loc = p.loc();
    let extent = Shape::parse_param(p)?;
    if let Some(n) = extent.as_const().filter(|&n| n < 0) {
        return Err(Diagnostic::error(
            loc,
            format!("'!tail.{mnemonic}' {what} must be non-negative, but got {n}"),
        ));
    }
    p.parse_punct(">")?;
    Ok((elem, extent))
}

/// The negative constant rank or length of a `!tail.array`/`!tail.vec` type, if it has one
/// (such a type can only be built programmatically; op verifiers reject it).
pub fn negative_extent(ctx: &Context, ty: Type) -> Option<i64> {
    match classify(ctx, ty)? {
        TailType::Array(_, s) | TailType::Vec(_, s) => s.as_const().filter(|&n| n < 0),
        _ => None,
    }
}

/// `S(κ,n)`: an `int` or `bool` scalar whose value is `value` (`!tail.s<i32, 3>`).
#[type_def(dialect = TailDialect, mnemonic = "s", format = "`<` $elem `,` $value `>`")]
pub struct SType {
    /// `i32` or `i1`.
    pub elem: Type,
    /// The value.
    pub value: Shape,
}

/// `SV(κ,n)`: a one-element vector holding `value` (`!tail.sv<i32, 3>`).
#[type_def(dialect = TailDialect, mnemonic = "sv", format = "`<` $elem `,` $value `>`")]
pub struct SVType {
    /// `i32` or `i1`.
    pub elem: Type,
    /// The value of the element.
    pub value: Shape,
}

/// A TAIL type, classified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TailType {
    /// A base type used as a scalar (`κ`, i.e. `[κ]^0`).
    Scalar(Type),
    /// `[κ]^ρ`.
    Array(Type, Shape),
    /// `⟨κ⟩^n`.
    Vec(Type, Shape),
    /// `S(κ,n)`.
    S(Type, Shape),
    /// `SV(κ,n)`.
    SV(Type, Shape),
}

/// Whether `ty` is a TAIL base type: `i32`, `f64`, `i1`, `!tail.char` or `complex<f64>`.
pub fn is_base(ctx: &Context, ty: Type) -> bool {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } => *width == 32 || *width == 1,
        TypeKind::Float(FloatKind::F64) => true,
        TypeKind::Complex(e) => matches!(ctx.type_kind(*e), TypeKind::Float(FloatKind::F64)),
        TypeKind::Dialect(_) => CharType::from_type(ctx, ty).is_some(),
        _ => false,
    }
}

/// Whether `ty` is `i32` (TAIL's `int`).
pub fn is_int(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_kind(ty), TypeKind::Integer { width: 32, .. })
}

/// Whether `ty` is `i1` (TAIL's `bool`).
pub fn is_bool(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_kind(ty), TypeKind::Integer { width: 1, .. })
}

/// Classifies `ty` as a TAIL value type.
pub fn classify(ctx: &Context, ty: Type) -> Option<TailType> {
    if is_base(ctx, ty) {
        return Some(TailType::Scalar(ty));
    }
    if let Some(a) = ArrayType::from_type(ctx, ty) {
        return Some(TailType::Array(a.elem, a.rank.clone()));
    }
    if let Some(v) = VecType::from_type(ctx, ty) {
        return Some(TailType::Vec(v.elem, v.len.clone()));
    }
    if let Some(s) = SType::from_type(ctx, ty) {
        return Some(TailType::S(s.elem, s.value.clone()));
    }
    SVType::from_type(ctx, ty).map(|s| TailType::SV(s.elem, s.value.clone()))
}

/// The element type and rank of a rank-polymorphic array operand: `!tail.array<κ, ρ>` gives
/// `(κ, ρ)` and a base scalar `κ` gives `(κ, 0)` (the thesis identifies `κ` with `[κ]^0`).
pub fn array_like(ctx: &Context, ty: Type) -> Option<(Type, Shape)> {
    match classify(ctx, ty)? {
        TailType::Scalar(t) => Some((t, Shape::constant(0))),
        TailType::Array(t, r) => Some((t, r)),
        _ => None,
    }
}

/// The element type and length of a `!tail.vec`.
pub fn vec_like(ctx: &Context, ty: Type) -> Option<(Type, Shape)> {
    VecType::from_type(ctx, ty).map(|v| (v.elem, v.len.clone()))
}

/// The element type and value of a `!tail.s`.
pub fn s_like(ctx: &Context, ty: Type) -> Option<(Type, Shape)> {
    SType::from_type(ctx, ty).map(|v| (v.elem, v.value.clone()))
}

/// The element type and value of a `!tail.sv`.
pub fn sv_like(ctx: &Context, ty: Type) -> Option<(Type, Shape)> {
    SVType::from_type(ctx, ty).map(|v| (v.elem, v.value.clone()))
}

tail_ir::type_constraint! {
    /// A TAIL base type.
    pub BaseType: "TAIL base type (i32, f64, i1, !tail.char or complex<f64>)" = |ctx, ty| is_base(ctx, ty);
    /// A rank-polymorphic array: `!tail.array` or a base scalar (rank 0).
    pub ArrayLike: "TAIL array or base scalar" = |ctx, ty| array_like(ctx, ty).is_some();
    /// Any TAIL value type.
    pub AnyTail: "TAIL type" = |ctx, ty| classify(ctx, ty).is_some();
    /// `complex<f64>`.
    pub ComplexF64: "complex<f64>" = |ctx, ty| matches!(ctx.type_kind(ty), TypeKind::Complex(e) if matches!(ctx.type_kind(*e), TypeKind::Float(FloatKind::F64))),
        build = |ctx| { let f = ctx.f64_type(); ctx.intern_type(TypeKind::Complex(f)) };
    /// `!tail.char`.
    pub Char: "!tail.char" = |ctx, ty| CharType::from_type(ctx, ty).is_some(), build = |ctx| CharType::get(ctx);
}

/// Prints a type as MLIR would, for diagnostics (`'i32'`).
pub fn quoted(ctx: &Context, ty: Type) -> String {
    format!("'{}'", ctx.type_to_string(ty))
}
