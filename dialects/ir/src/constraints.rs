//! Type and attribute constraints used by `#[op]` declarations, and the [`DialectDef`] trait
//! implemented by `#[dialect]`.
//!
//! An op field's Rust type names its constraint: `#[operand] lhs: AnySignlessIntegerOrIndex`.
//! The generated verifier checks every operand and result type with [`TypeConstraint::check`]
//! and every attribute with [`AttrConstraint::check`], reporting failures with MLIR's wording
//! (`'arith.addi' op operand #0 must be signless integer or index, but got 'f32'`), where the
//! text after "must be" is the constraint's [`DESCRIPTION`](TypeConstraint::DESCRIPTION).
//!
//! New constraints are ordinary unit structs implementing the traits; the
//! [`type_constraint!`](crate::type_constraint) and [`attr_constraint!`](crate::attr_constraint)
//! macros declare the common kinds in one line each:
//!
//! ```
//! use tail_ir::{type_constraint, TypeKind};
//! type_constraint! {
//!     /// A one-dimensional ranked tensor.
//!     pub Tensor1D: "1-d tensor" = |ctx, ty| matches!(ctx.type_kind(ty), TypeKind::RankedTensor { shape, .. } if shape.len() == 1);
//! }
//! ```
//!
//! An attribute constraint also decides how `$attr` prints and parses in an assembly format
//! ([`AttrConstraint::print`], [`AttrConstraint::parse`]): by default as any attribute
//! (`42 : i32`), `SymbolNameAttr` as `@name`, `TypeAttr` as a bare type, `I64Attr` without its
//! `: i64` suffix, `DenseI64ArrayAttr` as `[1, 2]`. A dialect can declare enum-like attributes
//! (`slt`, `ule`, ...) by overriding these.

use std::fmt;

use crate::attrs::{AttrKind, Attribute, DenseValues};
use crate::context::Context;
use crate::parser::{ParseResult, Parser};
use crate::printer::Printer;
use crate::types::{FloatKind, Signedness, Type, TypeKind};

/// A dialect declared with `#[dialect]`: gives ops, types and attributes their namespace.
pub trait DialectDef {
    /// Namespace, e.g. `"arith"`.
    const NAME: &'static str;
    /// One-line summary.
    const SUMMARY: &'static str;
}

/// A predicate on types, used as the Rust type of `#[operand]` and `#[result]` fields.
pub trait TypeConstraint {
    /// What the constraint accepts, as it reads after "must be" in an error
    /// (`signless integer or index`).
    const DESCRIPTION: &'static str;
    /// Whether `ty` satisfies the constraint.
    fn check(ctx: &Context, ty: Type) -> bool;
    /// Whether exactly one type satisfies the constraint ([`build`](Self::build) returns it);
    /// an assembly format may then omit `type($x)`.
    const BUILDABLE: bool = false;
    /// The single type satisfying the constraint, when [`BUILDABLE`](Self::BUILDABLE).
    fn build(_ctx: &mut Context) -> Option<Type> {
        None
    }
}

/// A predicate on attributes, used as the Rust type of `#[attr]` fields. Also decides how
/// the attribute prints and parses where an assembly format names it (`$value`).
pub trait AttrConstraint {
    /// What the constraint accepts (`string attribute`).
    const DESCRIPTION: &'static str;
    /// Whether `a` satisfies the constraint.
    fn check(ctx: &Context, a: Attribute) -> bool;
    /// Prints the attribute where an op's assembly format names it. Default: the full
    /// attribute syntax (`1 : i32`, `"s"`, `[1, 2]`).
    fn print(p: &mut Printer<'_>, a: Attribute) -> fmt::Result {
        p.print_attr(a)
    }
    /// Parses what [`print`](Self::print) prints.
    fn parse(p: &mut Parser<'_>) -> ParseResult<Attribute> {
        parse_support::parse_attribute(p)
    }
    /// Parses the attribute if the next token can start it (used when the attribute is the
    /// first element of an optional group). Default: any attribute, if one starts here.
    fn parse_optional(p: &mut Parser<'_>) -> ParseResult<Option<Attribute>> {
        parse_support::parse_optional_attribute(p)
    }
}

/// Declares unit-struct [`TypeConstraint`]s.
///
/// ```
/// use tail_ir::type_constraint;
/// type_constraint! {
///     /// Any signless integer at most 64 bits wide.
///     pub SmallInt: "signless integer of at most 64 bits" = |ctx, ty| ctx.int_width(ty).is_some_and(|w| w <= 64);
///     /// `i8`, the only type it accepts, so formats may omit its type.
///     pub I8: "8-bit signless integer" = |ctx, ty| ty == ctx_i8(ctx), build = |ctx| ctx.int_type(8);
/// }
/// # fn ctx_i8(_: &tail_ir::Context) -> tail_ir::Type { unreachable!() }
/// ```
#[macro_export]
macro_rules! type_constraint {
    ($($(#[$m:meta])* $vis:vis $name:ident : $desc:literal = |$ctx:ident, $ty:ident| $check:expr $(, build = |$bctx:ident| $build:expr)? ;)*) => {$(
        $(#[$m])*
        #[doc = ""]
        #[doc = concat!("Type constraint: ", $desc, ".")]
        #[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
        $vis struct $name;
        impl $crate::constraints::TypeConstraint for $name {
            const DESCRIPTION: &'static str = $desc;
            #[allow(unused_variables)]
            fn check($ctx: &$crate::Context, $ty: $crate::Type) -> bool {
                $check
            }
            $(
                const BUILDABLE: bool = true;
                fn build($bctx: &mut $crate::Context) -> Option<$crate::Type> {
                    Some($build)
                }
            )?
        }
    )*};
}

/// Declares unit-struct [`AttrConstraint`]s with the default print/parse behaviour.
///
/// ```
/// use tail_ir::{attr_constraint, AttrKind};
/// attr_constraint! {
///     /// A non-empty string.
///     pub NonEmptyStringAttr: "non-empty string attribute" = |ctx, a| matches!(ctx.attr_kind(a), AttrKind::String(s) if !s.is_empty());
/// }
/// ```
#[macro_export]
macro_rules! attr_constraint {
    ($($(#[$m:meta])* $vis:vis $name:ident : $desc:literal = |$ctx:ident, $a:ident| $check:expr;)*) => {$(
        $(#[$m])*
        #[doc = ""]
        #[doc = concat!("Attribute constraint: ", $desc, ".")]
        #[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
        $vis struct $name;
        impl $crate::constraints::AttrConstraint for $name {
            const DESCRIPTION: &'static str = $desc;
            #[allow(unused_variables)]
            fn check($ctx: &$crate::Context, $a: $crate::Attribute) -> bool {
                $check
            }
        }
    )*};
}

/// The element type of a shaped type (tensor, vector, memref), or the type itself: for
/// `#[operand(type_from = memref, via = element_type)]`.
pub fn element_type(ctx: &Context, ty: Type) -> Type {
    ctx.element_type_or_self(ty)
}

fn is_int(ctx: &Context, ty: Type, width: u32, sign: Signedness) -> bool {
    matches!(ctx.type_kind(ty), TypeKind::Integer { width: w, signedness: s } if *w == width && *s == sign)
}

fn is_signless_int(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_kind(ty),
        TypeKind::Integer {
            signedness: Signedness::Signless,
            ..
        }
    )
}

crate::type_constraint! {
    /// Any type.
    pub AnyType: "any type" = |ctx, ty| true;
    /// Any integer type: signless (`i32`), signed (`si32`) or unsigned (`ui32`).
    pub AnyInteger: "integer" = |ctx, ty| matches!(ctx.type_kind(ty), TypeKind::Integer { .. });
    /// A signless integer type (`i1`, `i32`, ...).
    pub AnySignlessInteger: "signless integer" = |ctx, ty| is_signless_int(ctx, ty);
    /// A signless integer type or `index`.
    pub AnySignlessIntegerOrIndex: "signless integer or index" =
        |ctx, ty| is_signless_int(ctx, ty) || matches!(ctx.type_kind(ty), TypeKind::Index);
    /// `index`.
    pub Index: "index" = |ctx, ty| matches!(ctx.type_kind(ty), TypeKind::Index), build = |ctx| ctx.index_type();
    /// `i1`.
    pub I1: "1-bit signless integer" = |ctx, ty| is_int(ctx, ty, 1, Signedness::Signless), build = |ctx| ctx.i1_type();
    /// `i32`.
    pub I32: "32-bit signless integer" = |ctx, ty| is_int(ctx, ty, 32, Signedness::Signless), build = |ctx| ctx.int_type(32);
    /// `i64`.
    pub I64: "64-bit signless integer" = |ctx, ty| is_int(ctx, ty, 64, Signedness::Signless), build = |ctx| ctx.int_type(64);
    /// Any floating-point type.
    pub AnyFloat: "floating-point" = |ctx, ty| matches!(ctx.type_kind(ty), TypeKind::Float(_));
    /// `f32`.
    pub F32: "32-bit float" = |ctx, ty| matches!(ctx.type_kind(ty), TypeKind::Float(FloatKind::F32)), build = |ctx| ctx.f32_type();
    /// `f64`.
    pub F64: "64-bit float" = |ctx, ty| matches!(ctx.type_kind(ty), TypeKind::Float(FloatKind::F64)), build = |ctx| ctx.f64_type();
    /// A signless integer, `index` or floating-point type.
    pub AnyIntOrFloat: "signless integer, index or floating-point" = |ctx, ty| is_signless_int(ctx, ty)
        || matches!(ctx.type_kind(ty), TypeKind::Index | TypeKind::Float(_));
    /// A ranked or unranked tensor.
    pub AnyTensor: "tensor of any type values" =
        |ctx, ty| matches!(ctx.type_kind(ty), TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. });
    /// A ranked tensor.
    pub AnyRankedTensor: "ranked tensor of any type values" =
        |ctx, ty| matches!(ctx.type_kind(ty), TypeKind::RankedTensor { .. });
    /// A ranked or unranked memref.
    pub AnyMemRef: "memref of any type values" =
        |ctx, ty| matches!(ctx.type_kind(ty), TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. });
    /// A tensor, vector or memref.
    pub AnyShaped: "shaped of any type values" = |ctx, ty| matches!(ctx.type_kind(ty),
        TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. } | TypeKind::Vector { .. }
        | TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. });
    /// `complex<...>`.
    pub AnyComplex: "complex-type" = |ctx, ty| matches!(ctx.type_kind(ty), TypeKind::Complex(_));
    /// A function type.
    pub AnyFunctionType: "function type" = |ctx, ty| matches!(ctx.type_kind(ty), TypeKind::Function { .. });
}

crate::attr_constraint! {
    /// Any attribute.
    pub AnyAttr: "any attribute" = |ctx, a| true;
    /// An integer attribute of any integer type (also `i1` booleans).
    pub IntegerAttr: "arbitrary integer attribute" = |ctx, a| matches!(ctx.attr_kind(a), AttrKind::Integer { ty, .. }
        if matches!(ctx.type_kind(*ty), TypeKind::Integer { .. }));
    /// A float attribute.
    pub FloatAttr: "arbitrary float attribute" = |ctx, a| matches!(ctx.attr_kind(a), AttrKind::Float { .. });
    /// An attribute with a type: integer, float or dense elements (`arith.constant` values).
    pub TypedAttr: "typed attribute" = |ctx, a| matches!(ctx.attr_kind(a),
        AttrKind::Integer { .. } | AttrKind::Float { .. } | AttrKind::DenseElements { .. });
    /// A symbol reference, possibly nested (`@a::@b`).
    pub SymbolRefAttr: "symbol reference attribute" = |ctx, a| matches!(ctx.attr_kind(a), AttrKind::SymbolRef { .. });
    /// A flat symbol reference (`@a`).
    pub FlatSymbolRefAttr: "flat symbol reference attribute" =
        |ctx, a| matches!(ctx.attr_kind(a), AttrKind::SymbolRef { nested, .. } if nested.is_empty());
    /// An array attribute.
    pub ArrayAttr: "array attribute" = |ctx, a| matches!(ctx.attr_kind(a), AttrKind::Array(_));
    /// A dictionary attribute.
    pub DictionaryAttr: "dictionary of named attribute values" = |ctx, a| matches!(ctx.attr_kind(a), AttrKind::Dictionary(_));
    /// `true` or `false` (an `i1` integer attribute).
    pub BoolAttr: "bool attribute" = |ctx, a| matches!(ctx.attr_kind(a), AttrKind::Integer { ty, .. }
        if is_int(ctx, *ty, 1, Signedness::Signless));
    /// A dense elements attribute (`dense<...> : tensor<...>`).
    pub DenseElementsAttr: "constant vector/tensor attribute" = |ctx, a| matches!(ctx.attr_kind(a), AttrKind::DenseElements { .. });
}

/// A string attribute.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct StringAttr;
impl AttrConstraint for StringAttr {
    const DESCRIPTION: &'static str = "string attribute";
    fn check(ctx: &Context, a: Attribute) -> bool {
        matches!(ctx.attr_kind(a), AttrKind::String(_))
    }
    fn parse_optional(p: &mut Parser<'_>) -> ParseResult<Option<Attribute>> {
        parse_support::parse_optional_string_attr(p)
    }
}

/// A unit attribute: its presence is the information. As the anchor of an optional group in
/// an assembly format it is not printed itself (`(`nsw` $nsw^)?`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct UnitAttr;
impl AttrConstraint for UnitAttr {
    const DESCRIPTION: &'static str = "unit attribute";
    fn check(ctx: &Context, a: Attribute) -> bool {
        matches!(ctx.attr_kind(a), AttrKind::Unit)
    }
}

/// A symbol's own name (`sym_name`): a string attribute printed `@name` in assembly formats.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SymbolNameAttr;
impl AttrConstraint for SymbolNameAttr {
    const DESCRIPTION: &'static str = "string attribute";
    fn check(ctx: &Context, a: Attribute) -> bool {
        matches!(ctx.attr_kind(a), AttrKind::String(_))
    }
    fn print(p: &mut Printer<'_>, a: Attribute) -> fmt::Result {
        match p.ctx.attr_as_str(a) {
            Some(s) => p.print_symbol_name(s),
            None => p.print_attr(a),
        }
    }
    fn parse(p: &mut Parser<'_>) -> ParseResult<Attribute> {
        parse_support::parse_symbol_name_attr(p)
    }
    fn parse_optional(p: &mut Parser<'_>) -> ParseResult<Option<Attribute>> {
        parse_support::parse_optional_symbol_name_attr(p)
    }
}

/// A type used as an attribute; printed as the bare type in assembly formats.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TypeAttr;
impl AttrConstraint for TypeAttr {
    const DESCRIPTION: &'static str = "any type attribute";
    fn check(ctx: &Context, a: Attribute) -> bool {
        matches!(ctx.attr_kind(a), AttrKind::Type(_))
    }
    fn parse(p: &mut Parser<'_>) -> ParseResult<Attribute> {
        parse_support::parse_type_attr(p)
    }
    fn parse_optional(p: &mut Parser<'_>) -> ParseResult<Option<Attribute>> {
        parse_support::parse_optional_type_attr(p)
    }
}

/// A type attribute holding a function type (`function_type` of `func.func`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct FunctionTypeAttr;
impl AttrConstraint for FunctionTypeAttr {
    const DESCRIPTION: &'static str = "type attribute of function type";
    fn check(ctx: &Context, a: Attribute) -> bool {
        matches!(ctx.attr_kind(a), AttrKind::Type(t) if matches!(ctx.type_kind(*t), TypeKind::Function { .. }))
    }
    fn parse(p: &mut Parser<'_>) -> ParseResult<Attribute> {
        parse_support::parse_type_attr(p)
    }
    fn parse_optional(p: &mut Parser<'_>) -> ParseResult<Option<Attribute>> {
        parse_support::parse_optional_type_attr(p)
    }
}

macro_rules! fixed_int_attr {
    ($(#[$m:meta])* $name:ident, $desc:literal, |$ctx:ident| $ty:expr, |$c2:ident, $t:ident| $check:expr) => {
        $(#[$m])*
        #[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;
        impl AttrConstraint for $name {
            const DESCRIPTION: &'static str = $desc;
            fn check(ctx: &Context, a: Attribute) -> bool {
                match ctx.attr_kind(a) {
                    AttrKind::Integer { ty: $t, .. } => {
                        let $c2 = ctx;
                        $check
                    }
                    _ => false,
                }
            }
            fn print(p: &mut Printer<'_>, a: Attribute) -> fmt::Result {
                if Self::check(p.ctx, a) {
                    p.print_attr_without_type(a)
                } else {
                    p.print_attr(a)
                }
            }
            fn parse(p: &mut Parser<'_>) -> ParseResult<Attribute> {
                parse_support::parse_int_attr_of_type(p, |$ctx| $ty)
            }
            fn parse_optional(p: &mut Parser<'_>) -> ParseResult<Option<Attribute>> {
                parse_support::parse_optional_int_attr_of_type(p, |$ctx| $ty)
            }
        }
    };
}

fixed_int_attr!(
    /// An integer attribute of type `index`; printed without `: index` in assembly formats.
    IndexAttr, "index attribute", |ctx| ctx.index_type(), |ctx, t| matches!(ctx.type_kind(*t), TypeKind::Index)
);
fixed_int_attr!(
    /// An `i32` integer attribute; printed without `: i32` in assembly formats.
    I32Attr, "32-bit signless integer attribute", |ctx| ctx.int_type(32), |ctx, t| is_int(ctx, *t, 32, Signedness::Signless)
);
fixed_int_attr!(
    /// An `i64` integer attribute; printed without `: i64` in assembly formats.
    I64Attr, "64-bit signless integer attribute", |ctx| ctx.int_type(64), |ctx, t| is_int(ctx, *t, 64, Signedness::Signless)
);

macro_rules! dense_array_attr {
    ($(#[$m:meta])* $name:ident, $desc:literal, $width:literal) => {
        $(#[$m])*
        #[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;
        impl AttrConstraint for $name {
            const DESCRIPTION: &'static str = $desc;
            fn check(ctx: &Context, a: Attribute) -> bool {
                matches!(ctx.attr_kind(a), AttrKind::DenseArray { elem, values: DenseValues::Ints(_) }
                    if is_int(ctx, *elem, $width, Signedness::Signless))
            }
            fn print(p: &mut Printer<'_>, a: Attribute) -> fmt::Result {
                match p.ctx.attr_kind(a) {
                    AttrKind::DenseArray { values: DenseValues::Ints(v), .. } => {
                        let mut s = String::from("[");
                        for (i, x) in v.iter().enumerate() {
                            if i > 0 {
                                s.push_str(", ");
                            }
                            s.push_str(&x.to_string());
                        }
                        s.push(']');
                        p.print_keyword(&s)
                    }
                    _ => p.print_attr(a),
                }
            }
            fn parse(p: &mut Parser<'_>) -> ParseResult<Attribute> {
                parse_support::parse_dense_int_array(p, $width)
            }
            fn parse_optional(p: &mut Parser<'_>) -> ParseResult<Option<Attribute>> {
                parse_support::parse_optional_dense_int_array(p, $width)
            }
        }
    };
}

dense_array_attr!(
    /// `array<i64: ...>`; printed `[1, 2]` in assembly formats.
    DenseI64ArrayAttr, "i64 dense array attribute", 64
);
dense_array_attr!(
    /// `array<i32: ...>`; printed `[1, 2]` in assembly formats.
    DenseI32ArrayAttr, "i32 dense array attribute", 32
);

/// Parsing helpers behind the constraints' default `parse` methods.
#[doc(hidden)]
pub mod parse_support {
    use super::*;

    pub fn parse_attribute(p: &mut Parser<'_>) -> ParseResult<Attribute> {
        p.parse_attribute()
    }
    pub fn parse_optional_attribute(p: &mut Parser<'_>) -> ParseResult<Option<Attribute>> {
        p.parse_optional_attribute()
    }
    pub fn parse_optional_string_attr(p: &mut Parser<'_>) -> ParseResult<Option<Attribute>> {
        Ok(p.parse_optional_string().map(|s| p.ctx.string_attr(&s)))
    }
    pub fn parse_symbol_name_attr(p: &mut Parser<'_>) -> ParseResult<Attribute> {
        let s = p.parse_symbol_name()?;
        Ok(p.ctx.string_attr(&s))
    }
    pub fn parse_optional_symbol_name_attr(p: &mut Parser<'_>) -> ParseResult<Option<Attribute>> {
        Ok(p.parse_optional_symbol_name()
            .map(|s| p.ctx.string_attr(&s)))
    }
    pub fn parse_type_attr(p: &mut Parser<'_>) -> ParseResult<Attribute> {
        let t = p.parse_type()?;
        Ok(p.ctx.type_attr(t))
    }
    pub fn parse_optional_type_attr(p: &mut Parser<'_>) -> ParseResult<Option<Attribute>> {
        Ok(p.parse_optional_type()?.map(|t| p.ctx.type_attr(t)))
    }
    pub fn parse_int_attr_of_type(
        p: &mut Parser<'_>,
        t: fn(&mut Context) -> Type,
    ) -> ParseResult<Attribute> {
        let ty = t(p.ctx);
        p.parse_attribute_of_type(ty)
    }
    pub fn parse_optional_int_attr_of_type(
        p: &mut Parser<'_>,
        t: fn(&mut Context) -> Type,
    ) -> ParseResult<Option<Attribute>> {
        let ty = t(p.ctx);
        Ok(p.parse_optional_integer()?.map(|v| p.ctx.int_attr(ty, v)))
    }
    fn dense(p: &mut Parser<'_>, w: u32, values: Vec<i64>) -> Attribute {
        if w == 64 {
            p.ctx.dense_i64_array_attr(values)
        } else {
            p.ctx.dense_i32_array_attr(values)
        }
    }
    fn int_list_tail(p: &mut Parser<'_>) -> ParseResult<Vec<i64>> {
        let mut values = Vec::new();
        if p.parse_optional_punct("]") {
            return Ok(values);
        }
        loop {
            values.push(p.parse_integer()?);
            if !p.parse_optional_punct(",") {
                break;
            }
        }
        p.parse_punct("]")?;
        Ok(values)
    }
    pub fn parse_dense_int_array(p: &mut Parser<'_>, w: u32) -> ParseResult<Attribute> {
        p.parse_punct("[")?;
        let values = int_list_tail(p)?;
        Ok(dense(p, w, values))
    }
    pub fn parse_optional_dense_int_array(
        p: &mut Parser<'_>,
        w: u32,
    ) -> ParseResult<Option<Attribute>> {
        if !p.parse_optional_punct("[") {
            return Ok(None);
        }
        let values = int_list_tail(p)?;
        Ok(Some(dense(p, w, values)))
    }
}
