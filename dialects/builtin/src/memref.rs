//! The `memref` dialect subset: allocation (`memref.alloc`, `memref.alloca`,
//! `memref.dealloc`), element access (`memref.load`, `memref.store`, `memref.atomic_rmw`
//! with upstream's kinds), shape queries
//! (`memref.dim`), casts and copies, and global buffers (`memref.global`,
//! `memref.get_global`).
//!
//! Mirrors `mlir/include/mlir/Dialect/MemRef/IR/MemRefOps.td` with the same custom syntax
//! (`memref.load %m[%i, %j] : memref<4x4xf32>`,
//! `memref.global "private" constant @g : memref<2xf32> = dense<[1.0, 2.0]>`) and verifier
//! messages. Affine layout maps and symbol operands of `memref.alloc` are not supported: the
//! lowerings of tail only produce identity layouts.
//!
//! Folding: `memref.dim` of a static dimension is a constant, of a dynamic dimension of an
//! `alloc`/`alloca` the corresponding size operand; `memref.cast` to the same type (or back)
//! disappears. An allocation whose only uses are stores into it and its deallocation is
//! removed.

use std::fmt::{self, Write as _};

use smallvec::{smallvec, SmallVec};
use tail_ir::parser::{ParseResult, Parser};
use tail_ir::printer::Printer;
use tail_ir::{
    AttrKind, Attribute, Builder, Context, Diagnostic, FoldResult, NamedAttr, OpId, OperationState,
    PatternRewriter, RewritePatternSet, Type, TypeKind, Value, DYNAMIC,
};
use tail_ir_macros::{dialect, op};

use crate::arith::arith_materialize;
use crate::constraints::*;
use crate::util::{self, add_patterns, op_error, quoted, str_attr};

/// The memref dialect.
#[dialect(name = "memref", summary = "Buffers: allocation, loads and stores", materialize_constant = arith_materialize)]
pub struct MemRefDialect;

type Folded = Option<SmallVec<[FoldResult; 1]>>;

/// `(shape, element type, memory space)` of a ranked memref type.
pub fn memref_parts(ctx: &Context, ty: Type) -> Option<(&[i64], Type, Option<Attribute>)> {
    match ctx.type_kind(ty) {
        TypeKind::MemRef {
            shape,
            elem,
            memory_space,
            ..
        } => Some((shape, *elem, *memory_space)),
        _ => None,
    }
}

/// The element type of a (ranked or unranked) memref type.
pub fn memref_element_type(ctx: &Context, ty: Type) -> Option<Type> {
    match ctx.type_kind(ty) {
        TypeKind::MemRef { elem, .. } | TypeKind::UnrankedMemRef { elem, .. } => Some(*elem),
        _ => None,
    }
}

// ----- alloc / alloca / dealloc ------------------------------------------------------------------

/// Verifies an `alloc`-like op: one size operand per dynamic dimension.
fn verify_alloc_like(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let ty = ctx.value_type(ctx.result(op, 0));
    let Some((shape, _, _)) = memref_parts(ctx, ty) else {
        return Err(op_error(ctx, op, "result must be a memref"));
    };
    let dynamic = shape.iter().filter(|&&d| d == DYNAMIC).count();
    if ctx.num_operands(op) != dynamic {
        return Err(op_error(
            ctx,
            op,
            format!(
                "incorrect number of dynamic sizes, has {}, expected {dynamic}",
                ctx.num_operands(op)
            ),
        ));
    }
    if let Some(a) = ctx.attr(op, "alignment").and_then(|a| ctx.attr_as_int(a)) {
        if a <= 0 || (a & (a - 1)) != 0 {
            return Err(op_error(ctx, op, "attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0"));
        }
    }
    Ok(())
}

fn build_alloc_like(b: &mut Builder<'_>, name: &str, ty: Type, dynamic_sizes: &[Value]) -> Value {
    let mut state = b.state(name);
    state.operands = dynamic_sizes.to_vec();
    state.result_types.push(ty);
    let op = b.insert(state);
    b.result(op, 0)
}

/// Allocates a buffer on the heap; one `index` operand per dynamic dimension.
///
/// ```mlir
/// %m = memref.alloc(%n) : memref<?x4xf32>
/// %a = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
/// ```
#[op(dialect = MemRefDialect, name = "alloc", traits(MemAlloc),
     format = "`(` $dynamic_sizes `)` attr-dict `:` type($memref)", verify, canonicalize)]
pub struct AllocOp {
    #[operand(variadic)]
    dynamic_sizes: IndexType,
    #[attr(optional)]
    alignment: I64Attr,
    #[result]
    memref: MemRefLike,
}

impl AllocOp {
    /// Builds `memref.alloc(dynamic_sizes) : ty`.
    pub fn create(b: &mut Builder<'_>, ty: Type, dynamic_sizes: &[Value]) -> Value {
        build_alloc_like(b, "memref.alloc", ty, dynamic_sizes)
    }

    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        verify_alloc_like(ctx, self.op())
    }
}

/// Allocates a buffer on the stack, freed when the enclosing function returns.
///
/// ```mlir
/// %t = memref.alloca() : memref<16xf32>
/// ```
#[op(dialect = MemRefDialect, name = "alloca", traits(MemAlloc),
     format = "`(` $dynamic_sizes `)` attr-dict `:` type($memref)", verify, canonicalize)]
pub struct AllocaOp {
    #[operand(variadic)]
    dynamic_sizes: IndexType,
    #[attr(optional)]
    alignment: I64Attr,
    #[result]
    memref: MemRefLike,
}

impl AllocaOp {
    /// Builds `memref.alloca(dynamic_sizes) : ty`.
    pub fn create(b: &mut Builder<'_>, ty: Type, dynamic_sizes: &[Value]) -> Value {
        build_alloc_like(b, "memref.alloca", ty, dynamic_sizes)
    }

    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        verify_alloc_like(ctx, self.op())
    }
}

/// Frees a buffer allocated by `memref.alloc`.
///
/// ```mlir
/// memref.dealloc %m : memref<?x4xf32>
/// ```
#[op(dialect = MemRefDialect, name = "dealloc", traits(MemFree), format = "$memref attr-dict `:` type($memref)")]
pub struct DeallocOp {
    #[operand]
    memref: MemRefLike,
}

/// An allocation used only by stores into it and by its deallocation is dead (upstream's
/// `SimplifyDeadAlloc`): the allocation and those users are erased.
fn dead_alloc(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let m = r.result(op, 0);
    let uses = r.use_vec(m);
    let removable = uses.iter().all(|u| {
        r.op_is(u.op, "memref.dealloc") || (r.op_is(u.op, "memref.store") && u.index == 1)
    });
    if !removable {
        return false;
    }
    let mut users: Vec<OpId> = uses.iter().map(|u| u.op).collect();
    users.dedup();
    for u in users {
        if r.op_exists(u) {
            r.erase_op(u);
        }
    }
    r.erase_op(op);
    true
}

impl AllocOp {
    pub(crate) fn canonicalization_patterns(set: &mut RewritePatternSet) {
        add_patterns(set, "memref.alloc", &[("SimplifyDeadAlloc", dead_alloc)]);
    }
}

impl AllocaOp {
    pub(crate) fn canonicalization_patterns(set: &mut RewritePatternSet) {
        add_patterns(set, "memref.alloca", &[("SimplifyDeadAlloc", dead_alloc)]);
    }
}

// ----- load / store ----------------------------------------------------------------------------

/// Reads one element; there is one `index` per dimension.
///
/// ```mlir
/// %v = memref.load %m[%i, %j] : memref<4x4xf32>
/// ```
#[op(dialect = MemRefDialect, name = "load", traits(MemRead),
     format = "$memref `[` $indices `]` attr-dict `:` type($memref)", infer_result_types, verify)]
pub struct LoadOp {
    #[operand]
    memref: MemRefLike,
    #[operand(variadic)]
    indices: IndexType,
    #[attr(optional)]
    nontemporal: BoolAttr,
    #[result]
    result: AnyType,
}

impl LoadOp {
    /// Builds `memref.load memref[indices]`.
    pub fn create(b: &mut Builder<'_>, memref: Value, indices: &[Value]) -> Value {
        let ty = b.value_type(memref);
        let elem = memref_element_type(b, ty).expect("memref.load of a memref");
        let mut state = b.state("memref.load");
        state.operands.push(memref);
        state.operands.extend_from_slice(indices);
        state.result_types.push(elem);
        let op = b.insert(state);
        b.result(op, 0)
    }

    pub(crate) fn infer_result_types(
        ctx: &mut Context,
        operands: &[Value],
        _attrs: &[NamedAttr],
    ) -> Result<Vec<Type>, String> {
        let ty = ctx.value_type(*operands.first().ok_or("expected a memref operand")?);
        memref_element_type(ctx, ty)
            .map(|e| vec![e])
            .ok_or_else(|| format!("expected a memref, got '{}'", ctx.type_to_string(ty)))
    }

    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let op = self.op();
        let mty = ctx.value_type(ctx.operand(op, 0));
        if let Some((shape, _, _)) = memref_parts(ctx, mty) {
            let n = ctx.num_operands(op) - 1;
            if n != shape.len() {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "incorrect number of indices for load, expected {} but got {n}",
                        shape.len()
                    ),
                ));
            }
        }
        if memref_element_type(ctx, mty) != Some(ctx.value_type(ctx.result(op, 0))) {
            return Err(op_error(
                ctx,
                op,
                "failed to verify that result type matches element type of 'memref'",
            ));
        }
        Ok(())
    }
}

/// Writes one element; there is one `index` per dimension.
///
/// ```mlir
/// memref.store %v, %m[%i] : memref<4xf32>
/// ```
#[op(dialect = MemRefDialect, name = "store", traits(MemWrite), custom_assembly, verify)]
pub struct StoreOp {
    #[operand]
    value: AnyType,
    #[operand]
    memref: MemRefLike,
    #[operand(variadic)]
    indices: IndexType,
    #[attr(optional)]
    nontemporal: BoolAttr,
}

impl StoreOp {
    /// Builds `memref.store value, memref[indices]`.
    pub fn create(b: &mut Builder<'_>, value: Value, memref: Value, indices: &[Value]) -> StoreOp {
        let mut state = b.state("memref.store");
        state.operands = vec![value, memref];
        state.operands.extend_from_slice(indices);
        let op = b.insert(state);
        StoreOp(op)
    }

    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let op = self.op();
        let mty = ctx.value_type(ctx.operand(op, 1));
        if let Some((shape, _, _)) = memref_parts(ctx, mty) {
            if ctx.num_operands(op) != 2 + shape.len() {
                return Err(op_error(
                    ctx,
                    op,
                    "store index operand count not equal to memref rank",
                ));
            }
        }
        if memref_element_type(ctx, mty) != Some(ctx.value_type(ctx.operand(op, 0))) {
            return Err(op_error(
                ctx,
                op,
                "failed to verify that type of 'value' matches element type of 'memref'",
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
        let ops = ctx.operand_vec(op);
        p.write_char(' ')?;
        p.print_value(ops[0])?;
        p.write_str(", ")?;
        p.print_value(ops[1])?;
        p.write_char('[')?;
        p.print_values(ops[2..].iter().copied())?;
        p.write_char(']')?;
        p.print_optional_attr_dict(op, &[])?;
        p.write_str(" : ")?;
        p.print_type(ctx.value_type(ops[1]))
    }

    pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        let value = p.parse_operand()?;
        p.parse_punct(",")?;
        let memref = p.parse_operand()?;
        p.parse_punct("[")?;
        let indices = p.parse_operand_list()?;
        p.parse_punct("]")?;
        p.parse_optional_attr_dict(&mut state.attrs)?;
        p.parse_punct(":")?;
        let loc = p.loc();
        let ty = p.parse_type()?;
        let Some(elem) = memref_element_type(p.ctx, ty) else {
            return Err(Diagnostic::error(loc, "expected a memref type"));
        };
        let v = p.resolve_operand(&value, elem)?;
        let m = p.resolve_operand(&memref, ty)?;
        let idx = p.ctx.index_type();
        state.operands = vec![v, m];
        for u in &indices {
            let i = p.resolve_operand(u, idx)?;
            state.operands.push(i);
        }
        Ok(())
    }
}

// ----- atomic_rmw --------------------------------------------------------------------------------

/// The kinds of `memref.atomic_rmw` (upstream's `arith::AtomicRMWKind`), by value.
pub const ATOMIC_RMW_KINDS: &[&str] = &[
    "addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu", "minimumf", "minnumf",
    "mins", "minu", "mulf", "muli", "ori", "xori",
];

/// The kind of an atomic read-modify-write (`kind = 0 : i64` is `addf`), printed as its
/// keyword.
pub struct AtomicRMWKindAttr;

impl AtomicRMWKindAttr {
    /// The kind's keyword, if `a` is a valid kind.
    pub fn keyword(ctx: &Context, a: Attribute) -> Option<&'static str> {
        match ctx.attr_kind(a) {
            AttrKind::Integer { value, ty }
                if util::int_or_index_width(ctx, *ty) == Some(64)
                    && util::is_signless_int(ctx, *ty) =>
            {
                usize::try_from(*value)
                    .ok()
                    .and_then(|v| ATOMIC_RMW_KINDS.get(v).copied())
            }
            _ => None,
        }
    }
}

impl tail_ir::AttrConstraint for AtomicRMWKindAttr {
    const DESCRIPTION: &'static str =
        "allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15";
    fn check(ctx: &Context, a: Attribute) -> bool {
        Self::keyword(ctx, a).is_some()
    }
    fn print(p: &mut Printer<'_>, a: Attribute) -> fmt::Result {
        match Self::keyword(p.ctx, a) {
            Some(k) => p.write_str(k),
            None => p.print_attr(a),
        }
    }
    fn parse(p: &mut Parser<'_>) -> ParseResult<Attribute> {
        let loc = p.loc();
        let kw = match p.parse_optional_any_keyword() {
            Some(k) => k,
            None => p.parse_string()?,
        };
        let Some(v) = ATOMIC_RMW_KINDS.iter().position(|&k| k == kw) else {
            return Err(Diagnostic::error(
                loc,
                format!(
                    "expected string or keyword containing one of the following enum values for attribute 'kind' [{}]",
                    ATOMIC_RMW_KINDS.join(", ")
                ),
            ));
        };
        let i64t = p.ctx.int_type(64);
        Ok(p.ctx.int_attr(i64t, v as i64))
    }
}

/// Atomically combines `value` with the element at the given indices (one `index` per
/// dimension) by `kind`, stores the result, and returns the element's previous value.
///
/// ```mlir
/// %old = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<10xf32>) -> f32
/// ```
#[op(dialect = MemRefDialect, name = "atomic_rmw", traits(MemRead, MemWrite),
     format = "$kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,` type($memref) `)` `->` type($result)",
     verify)]
pub struct AtomicRMWOp {
    /// The combining operation.
    #[attr]
    kind: AtomicRMWKindAttr,
    /// The value combined with the element.
    #[operand]
    value: SignlessIntegerOrFloat,
    /// The buffer read from and written to.
    #[operand]
    memref: MemRefOfSignlessIntegerOrFloat,
    /// One index per dimension.
    #[operand(variadic)]
    indices: IndexType,
    /// The element's previous value.
    #[result]
    result: SignlessIntegerOrFloat,
}

impl AtomicRMWOp {
    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let op = self.op();
        let vty = ctx.value_type(self.value(ctx));
        if vty != ctx.value_type(self.result(ctx)) {
            return Err(op_error(
                ctx,
                op,
                "failed to verify that all of {value, result} have same type",
            ));
        }
        let mty = ctx.value_type(self.memref(ctx));
        if memref_element_type(ctx, mty) != Some(vty) {
            return Err(op_error(
                ctx,
                op,
                "failed to verify that value type matches element type of memref",
            ));
        }
        if let Some((shape, _, _)) = memref_parts(ctx, mty) {
            if self.indices(ctx).len() != shape.len() {
                return Err(op_error(
                    ctx,
                    op,
                    "expects the number of subscripts to be equal to memref rank",
                ));
            }
        }
        let kind = AtomicRMWKindAttr::keyword(ctx, self.kind(ctx)).unwrap_or_default();
        let is_float = util::float_kind(ctx, vty).is_some();
        let wants = match kind {
            "addf" | "maximumf" | "minimumf" | "mulf" | "maxnumf" | "minnumf" => Some(true),
            "addi" | "maxs" | "maxu" | "mins" | "minu" | "muli" | "ori" | "andi" | "xori" => {
                Some(false)
            }
            _ => None,
        };
        match wants {
            Some(true) if !is_float => Err(op_error(
                ctx,
                op,
                format!("with kind '{kind}' expects a floating-point type"),
            )),
            Some(false) if is_float => Err(op_error(
                ctx,
                op,
                format!("with kind '{kind}' expects an integer type"),
            )),
            _ => Ok(()),
        }
    }
}

// ----- dim, cast, copy -------------------------------------------------------------------------

/// The size of a dimension of a memref.
///
/// ```mlir
/// %c0 = arith.constant 0 : index
/// %n = memref.dim %m, %c0 : memref<?xf32>
/// ```
#[op(dialect = MemRefDialect, name = "dim", traits(Pure),
     format = "attr-dict $source `,` $index `:` type($source)", fold)]
pub struct DimOp {
    #[operand]
    source: MemRefLike,
    #[operand]
    index: IndexType,
    #[result]
    result: IndexType,
}

impl DimOp {
    /// Builds `memref.dim source, index`.
    pub fn create(b: &mut Builder<'_>, source: Value, index: Value) -> Value {
        let idx = b.index_type();
        let mut state = b.state("memref.dim");
        state.operands = vec![source, index];
        state.result_types.push(idx);
        let op = b.insert(state);
        b.result(op, 0)
    }

    pub(crate) fn fold(self, ctx: &mut Context, operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        let source = ctx.operand(op, 0);
        let ty = ctx.value_type(source);
        let k = operands
            .get(1)
            .copied()
            .flatten()
            .and_then(|a| ctx.attr_as_int(a))?;
        let shape = memref_parts(ctx, ty)?.0.to_vec();
        let d = usize::try_from(k).ok().filter(|&d| d < shape.len())?;
        if shape[d] != DYNAMIC {
            let idx = ctx.index_type();
            return Some(smallvec![FoldResult::Attr(ctx.int_attr(idx, shape[d]))]);
        }
        // The size operand of the allocation for this dynamic dimension.
        if let Some(alloc) = ctx.defining_op(source) {
            if ctx.op_is(alloc, "memref.alloc") || ctx.op_is(alloc, "memref.alloca") {
                let pos = shape[..d].iter().filter(|&&x| x == DYNAMIC).count();
                if pos < ctx.num_operands(alloc) {
                    return Some(smallvec![FoldResult::Value(ctx.operand(alloc, pos))]);
                }
            }
            // dim(cast(x)) -> dim(x), in place.
            if ctx.op_is(alloc, "memref.cast") {
                let x = ctx.operand(alloc, 0);
                if memref_parts(ctx, ctx.value_type(x)).is_some() {
                    ctx.set_operand(op, 0, x);
                    return Some(smallvec![FoldResult::Value(ctx.result(op, 0))]);
                }
            }
        }
        None
    }
}

/// Whether two memref types may be cast into each other: same element type and memory space,
/// same rank with agreeing static sizes, or one side unranked.
pub fn memref_cast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    match (ctx.type_kind(a), ctx.type_kind(b)) {
        (
            TypeKind::MemRef {
                shape: s1,
                elem: e1,
                memory_space: m1,
                layout: l1,
            },
            TypeKind::MemRef {
                shape: s2,
                elem: e2,
                memory_space: m2,
                layout: l2,
            },
        ) => {
            e1 == e2
                && m1 == m2
                && (l1 == l2 || l1.is_none() || l2.is_none())
                && s1.len() == s2.len()
                && s1
                    .iter()
                    .zip(s2)
                    .all(|(&x, &y)| x == y || x == DYNAMIC || y == DYNAMIC)
        }
        (
            TypeKind::MemRef {
                elem: e1,
                memory_space: m1,
                ..
            },
            TypeKind::UnrankedMemRef {
                elem: e2,
                memory_space: m2,
            },
        )
        | (
            TypeKind::UnrankedMemRef {
                elem: e1,
                memory_space: m1,
            },
            TypeKind::MemRef {
                elem: e2,
                memory_space: m2,
                ..
            },
        ) => e1 == e2 && m1 == m2,
        _ => false,
    }
}

/// Converts a memref to an equivalent type with more or less static information.
///
/// ```mlir
/// %d = memref.cast %s : memref<4xf32> to memref<?xf32>
/// ```
#[op(dialect = MemRefDialect, name = "cast", traits(Pure),
     format = "$source attr-dict `:` type($source) `to` type($dest)", fold, verify)]
pub struct CastOp {
    #[operand]
    source: MemRefLike,
    #[result]
    dest: MemRefLike,
}

impl CastOp {
    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let op = self.op();
        let (a, b) = (
            ctx.value_type(ctx.operand(op, 0)),
            ctx.value_type(ctx.result(op, 0)),
        );
        if !memref_cast_compatible(ctx, a, b) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "operand type {} and result type {} are cast incompatible",
                    quoted(ctx, a),
                    quoted(ctx, b)
                ),
            ));
        }
        Ok(())
    }

    pub(crate) fn fold(self, ctx: &mut Context, _operands: &[Option<Attribute>]) -> Folded {
        let op = self.op();
        let src = ctx.operand(op, 0);
        let dst_ty = ctx.value_type(ctx.result(op, 0));
        if ctx.value_type(src) == dst_ty {
            return Some(smallvec![FoldResult::Value(src)]);
        }
        let inner = ctx
            .defining_op(src)
            .filter(|&d| ctx.op_is(d, "memref.cast"))?;
        let x = ctx.operand(inner, 0);
        if ctx.value_type(x) == dst_ty {
            return Some(smallvec![FoldResult::Value(x)]);
        }
        None
    }
}

/// Copies all elements of one memref into another of the same shape and element type.
///
/// ```mlir
/// memref.copy %src, %dst : memref<?xf32> to memref<?xf32>
/// ```
#[op(dialect = MemRefDialect, name = "copy", traits(MemRead, MemWrite),
     format = "$source `,` $target attr-dict `:` type($source) `to` type($target)", verify)]
pub struct CopyOp {
    #[operand]
    source: MemRefLike,
    #[operand]
    target: MemRefLike,
}

impl CopyOp {
    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let op = self.op();
        let (a, b) = (
            ctx.value_type(ctx.operand(op, 0)),
            ctx.value_type(ctx.operand(op, 1)),
        );
        if memref_element_type(ctx, a) != memref_element_type(ctx, b) {
            return Err(op_error(
                ctx,
                op,
                "requires the same element type for all operands",
            ));
        }
        if let (Some((s1, _, _)), Some((s2, _, _))) = (memref_parts(ctx, a), memref_parts(ctx, b)) {
            let ok = s1.len() == s2.len()
                && s1
                    .iter()
                    .zip(s2)
                    .all(|(&x, &y)| x == y || x == DYNAMIC || y == DYNAMIC);
            if !ok {
                return Err(op_error(
                    ctx,
                    op,
                    "requires the same shape for all operands",
                ));
            }
        }
        Ok(())
    }
}

// ----- global / get_global ----------------------------------------------------------------------

/// A global buffer: a symbol with a statically shaped memref type and an optional initial
/// value (`uninitialized`, or dense elements); `constant` globals are read-only.
///
/// ```mlir
/// memref.global "private" constant @lut : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]>
/// memref.global @buf : memref<16xi32> = uninitialized
/// memref.global "private" @ext : memref<4xf32>
/// ```
#[op(dialect = MemRefDialect, name = "global", traits(Symbol), custom_assembly, verify)]
pub struct GlobalOp {
    #[attr]
    sym_name: StringAttr,
    #[attr(optional)]
    sym_visibility: StringAttr,
    // `type` (a `TypeAttr`) is checked by `verify`: a Rust keyword cannot name a field.
    #[attr(optional)]
    initial_value: GlobalInitialValueAttr,
    #[attr(optional)]
    constant: UnitAttr,
    #[attr(optional)]
    alignment: I64Attr,
}

/// The tensor type matching a memref type's shape and element type (the type of a global's
/// initial value).
fn tensor_type_of(ctx: &mut Context, memref_ty: Type) -> Option<Type> {
    let (shape, elem, _) = memref_parts(ctx, memref_ty)?;
    let shape = shape.to_vec();
    Some(ctx.tensor_type(shape, elem))
}

impl GlobalOp {
    /// The global's memref type.
    pub fn memref_type(self, ctx: &Context) -> Option<Type> {
        ctx.attr(self.op(), "type")
            .and_then(|a| ctx.attr_as_type(a))
    }

    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let op = self.op();
        crate::func::verify_visibility(ctx, op)?;
        let Some(ty) = self.memref_type(ctx) else {
            return Err(op_error(ctx, op, "requires attribute 'type'"));
        };
        let Some((shape, elem, _)) = memref_parts(ctx, ty) else {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "type should be static shaped memref, but got {}",
                    quoted(ctx, ty)
                ),
            ));
        };
        if shape.contains(&DYNAMIC) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "type should be static shaped memref, but got {}",
                    quoted(ctx, ty)
                ),
            ));
        }
        if let Some(init) = ctx.attr(op, "initial_value") {
            if let AttrKind::DenseElements { ty: t, .. } = ctx.attr_kind(init) {
                let (init_shape, init_elem) = match ctx.type_kind(*t) {
                    TypeKind::RankedTensor { shape, elem } => (shape.clone(), *elem),
                    _ => (Vec::new(), *t),
                };
                if init_elem != elem {
                    return Err(op_error(
                        ctx,
                        op,
                        format!(
                            "initial value element expected to be of type {}, but was of type {}",
                            quoted(ctx, elem),
                            quoted(ctx, init_elem)
                        ),
                    ));
                }
                if init_shape != shape {
                    let list = |s: &[i64]| {
                        s.iter()
                            .map(|d| d.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    };
                    return Err(op_error(
                        ctx,
                        op,
                        format!(
                            "initial value shape expected to be {} but was {}",
                            list(shape),
                            list(&init_shape)
                        ),
                    ));
                }
            }
        }
        if let Some(a) = ctx.attr(op, "alignment").and_then(|a| ctx.attr_as_int(a)) {
            if a <= 0 || (a & (a - 1)) != 0 {
                return Err(op_error(
                    ctx,
                    op,
                    format!("alignment attribute value {a} is not a power of 2"),
                ));
            }
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
        if let Some(v) = str_attr(ctx, op, "sym_visibility") {
            p.print_string(v)?;
            p.write_char(' ')?;
        }
        if ctx.attr(op, "constant").is_some() {
            p.write_str("constant ")?;
        }
        p.print_symbol_name(util::symbol_name(ctx, op).unwrap_or(""))?;
        p.write_str(" : ")?;
        if let Some(ty) = self.memref_type(ctx) {
            p.print_type(ty)?;
        }
        if let Some(init) = ctx.attr(op, "initial_value") {
            p.write_str(" = ")?;
            match ctx.attr_kind(init) {
                AttrKind::Unit => p.write_str("uninitialized")?,
                AttrKind::DenseElements { ty, .. } => {
                    // The type is implied by the memref type: print `dense<...>` alone.
                    let full = ctx.attr_to_string(init);
                    let suffix = format!(" : {}", ctx.type_to_string(*ty));
                    p.write_str(full.strip_suffix(&suffix).unwrap_or(&full))?;
                }
                _ => p.print_attr(init)?,
            }
        }
        p.print_optional_attr_dict(
            op,
            &[
                "sym_name",
                "sym_visibility",
                "type",
                "initial_value",
                "constant",
            ],
        )
    }

    pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        if let Some(v) = p.parse_optional_string() {
            let a = p.ctx.string_attr(&v);
            state.add_attr(p.ctx, "sym_visibility", a);
        }
        if p.parse_optional_keyword("constant") {
            let u = p.ctx.unit_attr();
            state.add_attr(p.ctx, "constant", u);
        }
        let name = p.parse_symbol_name()?;
        let a = p.ctx.string_attr(&name);
        state.add_attr(p.ctx, "sym_name", a);
        p.parse_punct(":")?;
        let loc = p.loc();
        let ty = p.parse_type()?;
        if !matches!(memref_parts(p.ctx, ty), Some((shape, _, _)) if !shape.contains(&DYNAMIC)) {
            return Err(Diagnostic::error(
                loc,
                format!(
                    "type should be static shaped memref, but got {}",
                    quoted(p.ctx, ty)
                ),
            ));
        }
        let ta = p.ctx.type_attr(ty);
        state.add_attr(p.ctx, "type", ta);
        if p.parse_optional_punct("=") {
            let init = if p.parse_optional_keyword("uninitialized") {
                p.ctx.unit_attr()
            } else {
                let Some(tensor) = tensor_type_of(p.ctx, ty) else {
                    return Err(Diagnostic::error(
                        loc,
                        "memref type required for global memref",
                    ));
                };
                p.parse_attribute_of_type(tensor)?
            };
            state.add_attr(p.ctx, "initial_value", init);
        }
        p.parse_optional_attr_dict(&mut state.attrs)
    }
}

/// The address of a global buffer as a memref value.
///
/// ```mlir
/// %m = memref.get_global @lut : memref<2xf32>
/// ```
#[op(dialect = MemRefDialect, name = "get_global", traits(Pure),
     format = "$name `:` type($result) attr-dict", verify)]
pub struct GetGlobalOp {
    #[attr]
    name: FlatSymbolRefAttr,
    #[result]
    result: StaticShapeMemRef,
}

impl GetGlobalOp {
    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let op = self.op();
        let Some(sym) = ctx.attr(op, "name") else {
            return Ok(());
        };
        let name = ctx.attr_as_symbol_ref(sym).unwrap_or("").to_string();
        let global =
            util::lookup_symbol_ref(ctx, op, sym).filter(|&g| ctx.op_is(g, "memref.global"));
        let Some(g) = global else {
            return Err(op_error(
                ctx,
                op,
                format!("'{name}' does not reference a valid global memref"),
            ));
        };
        let gty = GlobalOp(g).memref_type(ctx);
        let rty = ctx.value_type(ctx.result(op, 0));
        if gty != Some(rty) {
            let gs = gty.map(|t| quoted(ctx, t)).unwrap_or_default();
            return Err(op_error(
                ctx,
                op,
                format!(
                    "result type {} does not match type {gs} of the global memref @{name}",
                    quoted(ctx, rty)
                ),
            ));
        }
        Ok(())
    }
}
