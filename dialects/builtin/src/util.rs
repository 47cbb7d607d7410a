//! Helpers shared by the dialects of this crate: MLIR-style verifier messages, symbol lookup,
//! constant matching and small IR queries.

use tail_ir::{AttrKind, Attribute, Context, OpId, OpTraits, Type, TypeKind, Value};

pub use tail_ir::symbol::{lookup_symbol_in, symbol_name};
pub use tail_ir::verifier::{op_error, op_plain_error as plain_error};

/// A type quoted as MLIR's diagnostics print it: `'i32'`.
pub fn quoted(ctx: &Context, ty: Type) -> String {
    format!("'{}'", ctx.type_to_string(ty))
}

/// Types of a list of values.
pub fn types_of(ctx: &Context, vs: &[Value]) -> Vec<Type> {
    vs.iter().map(|&v| ctx.value_type(v)).collect()
}

/// The types of `op`'s results.
pub fn result_types(ctx: &Context, op: OpId) -> Vec<Type> {
    ctx.results(op).iter().map(|&v| ctx.value_type(v)).collect()
}

/// Comma-separated quoted types, as MLIR's diagnostics print a type range: `'i32', 'f32'`.
pub fn type_list_string(ctx: &Context, tys: &[Type]) -> String {
    tys.iter()
        .map(|&t| quoted(ctx, t))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The string value of attribute `name` on `op`.
pub fn str_attr<'c>(ctx: &'c Context, op: OpId, name: &str) -> Option<&'c str> {
    ctx.attr(op, name).and_then(|a| ctx.attr_as_str(a))
}

/// The closest ancestor of `op` (excluding `op`) that is a symbol table.
pub fn nearest_symbol_table(ctx: &Context, op: OpId) -> Option<OpId> {
    let mut cur = ctx.op_parent_op(op);
    while let Some(o) = cur {
        if ctx.op_has_traits(o, OpTraits::SYMBOL_TABLE) {
            return Some(o);
        }
        cur = ctx.op_parent_op(o);
    }
    None
}

/// Resolves a symbol reference attribute (`@a` or `@a::@b`) from `from`'s nearest symbol
/// table, as MLIR's `SymbolTable::lookupNearestSymbolFrom`.
pub fn lookup_symbol_ref(ctx: &Context, from: OpId, sym: Attribute) -> Option<OpId> {
    let AttrKind::SymbolRef { root, nested } = ctx.attr_kind(sym) else {
        return None;
    };
    let mut table = Some(from);
    // Search outward for the root symbol.
    let mut found = None;
    while let Some(t) = table.and_then(|t| nearest_symbol_table(ctx, t)) {
        if let Some(o) = lookup_symbol_in(ctx, t, ctx.str(*root)) {
            found = Some(o);
            break;
        }
        table = Some(t);
    }
    let mut cur = found?;
    for n in nested {
        cur = lookup_symbol_in(ctx, cur, ctx.str(*n))?;
    }
    Some(cur)
}

/// The attribute of the constant op defining `v` (an op with the `ConstantLike` trait and a
/// `value` attribute), like MLIR's `m_Constant`.
pub fn constant_attr(ctx: &Context, v: Value) -> Option<Attribute> {
    let op = ctx.defining_op(v)?;
    if !ctx.op_has_traits(op, OpTraits::CONSTANT_LIKE) {
        return None;
    }
    ctx.attr(op, "value")
}

/// The integer value of a constant integer/index/i1 value.
pub fn constant_int(ctx: &Context, v: Value) -> Option<i64> {
    let a = constant_attr(ctx, v)?;
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => Some(*value),
        _ => None,
    }
}

/// The float value of a constant float value.
pub fn constant_float(ctx: &Context, v: Value) -> Option<f64> {
    let a = constant_attr(ctx, v)?;
    ctx.attr_as_float(a)
}

/// The bit width used for folding: `iN` gives N, `index` gives 64.
pub fn int_or_index_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Index => Some(64),
        _ => None,
    }
}

/// Whether `ty` is a signless integer type (`iN`).
pub fn is_signless_int(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_kind(ty),
        TypeKind::Integer {
            signedness: tail_ir::Signedness::Signless,
            ..
        }
    )
}

/// Whether `ty` is `index`.
pub fn is_index(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_kind(ty), TypeKind::Index)
}

/// Whether `ty` is `i1`.
pub fn is_i1(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_kind(ty),
        TypeKind::Integer {
            width: 1,
            signedness: tail_ir::Signedness::Signless
        }
    )
}

/// The float format of `ty`, if it is a float type.
pub fn float_kind(ctx: &Context, ty: Type) -> Option<tail_ir::FloatKind> {
    match ctx.type_kind(ty) {
        TypeKind::Float(k) => Some(*k),
        _ => None,
    }
}

/// The memref type `ty` (ranked or unranked, layout and memory space kept) with element type
/// `elem`; `None` when `ty` is no memref.
pub fn memref_with_element(ctx: &mut Context, ty: Type, elem: Type) -> Option<Type> {
    let kind = match ctx.type_kind(ty) {
        TypeKind::MemRef {
            shape,
            layout,
            memory_space,
            ..
        } => TypeKind::MemRef {
            shape: shape.clone(),
            elem,
            layout: *layout,
            memory_space: *memory_space,
        },
        TypeKind::UnrankedMemRef { memory_space, .. } => TypeKind::UnrankedMemRef {
            elem,
            memory_space: *memory_space,
        },
        _ => return None,
    };
    Some(ctx.intern_type(kind))
}

/// Whether `v` is defined outside of `op` (not by `op` itself or anything nested in it).
pub fn is_defined_outside(ctx: &Context, v: Value, op: OpId) -> bool {
    match ctx.value_parent_block(v) {
        None => true,
        Some(b) => match ctx.block_parent_op(b) {
            None => true,
            Some(owner) => {
                if let Some(def) = ctx.defining_op(v) {
                    if def == op {
                        return true;
                    }
                }
                !ctx.is_ancestor(op, owner)
            }
        },
    }
}

/// The terminator (last op) of the entry block of `region`, if any.
pub fn entry_terminator(ctx: &Context, region: tail_ir::RegionId) -> Option<OpId> {
    ctx.entry_block(region).and_then(|b| ctx.last_op(b))
}

/// The shape of a ranked tensor/memref/vector type.
pub fn shape_of(ctx: &Context, ty: Type) -> Option<&[i64]> {
    match ctx.type_kind(ty) {
        TypeKind::RankedTensor { shape, .. }
        | TypeKind::MemRef { shape, .. }
        | TypeKind::Vector { shape, .. } => Some(shape),
        _ => None,
    }
}

/// The signature of a pattern written as a function: rewrite `op`, return whether the IR
/// changed.
pub type PatternFn = fn(OpId, &mut tail_ir::PatternRewriter<'_>) -> bool;

/// A rewrite pattern given by a function, so a dialect can declare its canonicalizations as
/// plain `fn(op, rewriter) -> bool` items.
pub struct FnPattern {
    /// The op name the pattern is rooted at.
    pub root: &'static str,
    /// Name for debugging output.
    pub name: &'static str,
    /// The rewrite: returns `true` iff it changed the IR.
    pub f: PatternFn,
}

impl tail_ir::RewritePattern for FnPattern {
    fn root(&self) -> Option<&'static str> {
        Some(self.root)
    }
    fn name(&self) -> &'static str {
        self.name
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut tail_ir::PatternRewriter<'_>) -> bool {
        (self.f)(op, rewriter)
    }
}

/// Adds `(name, f)` patterns rooted at `root`.
pub fn add_patterns(
    set: &mut tail_ir::RewritePatternSet,
    root: &'static str,
    patterns: &[(&'static str, PatternFn)],
) {
    for &(name, f) in patterns {
        set.add(FnPattern { root, name, f });
    }
}

/// Guards a custom printer against structurally broken IR (wrong operand or region counts,
/// which the verifier would reject): prints ` <<malformed op>>` and returns `false` instead of
/// letting the printer index out of bounds. Custom printers call it first.
pub fn printable(
    p: &mut tail_ir::printer::Printer<'_>,
    spec: &tail_ir::format::OpSpec,
    op: OpId,
) -> Result<bool, std::fmt::Error> {
    use std::fmt::Write as _;
    if tail_ir::format::verify_op(spec, p.ctx, op).is_ok() {
        return Ok(true);
    }
    p.write_str(" <<malformed op>>")?;
    Ok(false)
}
