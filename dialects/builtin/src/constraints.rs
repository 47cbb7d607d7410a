//! Type and attribute constraints of the upstream dialects, with upstream's descriptions so
//! that verifier messages read exactly like MLIR's
//! (`'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'`).
//!
//! Only scalars are accepted where upstream also accepts vectors and tensors ("-like"): the
//! lowerings of tail never produce vector or tensor arithmetic. (`arith.constant`, like
//! upstream, constrains its result only through its verifier, so `dense<...>` tensor constants
//! are accepted.) The tail_ir constraints (`AnyType`, `I1`, `StringAttr`, ...) are re-exported.

use tail_ir::{attr_constraint, type_constraint, AttrKind, Signedness, TypeKind};

pub use tail_ir::constraints::*;

fn signless_int(ctx: &tail_ir::Context, ty: tail_ir::Type) -> bool {
    matches!(
        ctx.type_kind(ty),
        TypeKind::Integer {
            signedness: Signedness::Signless,
            ..
        }
    )
}

type_constraint! {
    /// A signless integer or `index` (upstream `SignlessIntegerOrIndexLike`, scalars only).
    pub SignlessIntegerLike: "signless-integer-like" =
        |ctx, ty| signless_int(ctx, ty) || matches!(ctx.type_kind(ty), TypeKind::Index);
    /// A signless integer, not `index` (upstream `SignlessFixedWidthIntegerLike`, scalars only).
    pub SignlessFixedWidthIntegerLike: "signless-fixed-width-integer-like" = |ctx, ty| signless_int(ctx, ty);
    /// A floating-point type (upstream `FloatLike`, scalars only).
    pub FloatLike: "floating-point-like" = |ctx, ty| matches!(ctx.type_kind(ty), TypeKind::Float(_));
    /// `i1` (upstream `BoolLike`, scalars only).
    pub BoolLike: "bool-like" = |ctx, ty| matches!(ctx.type_kind(ty),
        TypeKind::Integer { width: 1, signedness: Signedness::Signless }), build = |ctx| ctx.i1_type();
    /// A signless integer, `index` or float (`arith.select` operands, `arith.bitcast`).
    pub SignlessIntegerOrFloatLike: "signless-integer-or-float-like" = |ctx, ty| signless_int(ctx, ty)
        || matches!(ctx.type_kind(ty), TypeKind::Index | TypeKind::Float(_));
    /// `index`, as a block argument/bounds type of loops (upstream `Index`).
    pub IndexType: "index" = |ctx, ty| matches!(ctx.type_kind(ty), TypeKind::Index), build = |ctx| ctx.index_type();
    /// A ranked or unranked memref (upstream `AnyMemRef`).
    pub MemRefLike: "memref of any type values" =
        |ctx, ty| matches!(ctx.type_kind(ty), TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. });
    /// A signless integer or float (upstream `AnyTypeOf<[AnySignlessInteger, AnyFloat]>`).
    pub SignlessIntegerOrFloat: "signless integer or floating-point" = |ctx, ty| signless_int(ctx, ty)
        || matches!(ctx.type_kind(ty), TypeKind::Float(_));
    /// A memref of signless integers or floats (upstream
    /// `MemRefOf<[AnySignlessInteger, AnyFloat]>`).
    pub MemRefOfSignlessIntegerOrFloat: "memref of signless integer or floating-point values" =
        |ctx, ty| matches!(ctx.type_kind(ty),
            TypeKind::MemRef { elem, .. } | TypeKind::UnrankedMemRef { elem, .. }
                if signless_int(ctx, *elem) || matches!(ctx.type_kind(*elem), TypeKind::Float(_)));
    /// A statically shaped memref (`memref.global`).
    pub StaticShapeMemRef: "statically shaped memref of any type values" =
        |ctx, ty| matches!(ctx.type_kind(ty), TypeKind::MemRef { shape, .. } if !shape.contains(&tail_ir::DYNAMIC));
}

attr_constraint! {
    /// An integer attribute holding an `arith.cmpi` predicate (an `i64`).
    pub CmpIPredicateAttr: "allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9" =
        |ctx, a| matches!(ctx.attr_kind(a), AttrKind::Integer { value, .. } if (0..=9).contains(value));
    /// An integer attribute holding an `arith.cmpf` predicate (an `i64`).
    pub CmpFPredicateAttr: "allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15" =
        |ctx, a| matches!(ctx.attr_kind(a), AttrKind::Integer { value, .. } if (0..=15).contains(value));
    /// The initial value of a `memref.global`: `unit` (`uninitialized`) or dense elements.
    pub GlobalInitialValueAttr: "unit or elements attribute" =
        |ctx, a| matches!(ctx.attr_kind(a), AttrKind::Unit | AttrKind::DenseElements { .. });
}
