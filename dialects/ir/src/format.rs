//! The runtime behind `#[op]`, `#[type_def]` and `#[attr_def]`: op specifications
//! ([`OpSpec`]), the structural verifier ([`verify_op`]), operand/result group ranges, and the
//! interpreter of declarative assembly formats ([`print_op`], [`parse_op`]).
//!
//! The `#[op]` macro turns a declaration into a static [`OpSpec`]: one [`ValueSpec`] per operand
//! and result group, one [`AttrSpec`] per attribute, the regions and successors, and, when the
//! op has `format = "..."`, the format compiled to [`FormatElem`]s. The format is validated at
//! compile time; spacing decisions (MLIR's "space before this element" rules) are computed
//! by the macro too and stored in each element, so printing is a straight walk.
//!
//! Operand groups: an op whose operands are `a`, `b(variadic)`, `c` has three groups. When at
//! most one group is variadic or optional, group sizes follow from the operand count; with
//! several, the op carries `operandSegmentSizes = array<i32: ...>` (likewise
//! `resultSegmentSizes`), maintained by the generated builder and parser and checked by
//! [`verify_op`].

use std::fmt::{self, Write as _};
use std::ops::Range;

use crate::attrs::{AttrKind, Attribute, DenseValues, NamedAttr};
use crate::context::{Context, OpId, OperationState, Value};
use crate::diagnostic::Diagnostic;
use crate::parser::{ParseResult, Parser};
use crate::printer::Printer;
use crate::registry::OpTraits;
use crate::types::Type;

pub use crate::constraints::{AttrConstraint, DialectDef, TypeConstraint};

/// Name of the attribute holding operand group sizes.
pub const OPERAND_SEGMENTS: &str = "operandSegmentSizes";
/// Name of the attribute holding result group sizes.
pub const RESULT_SEGMENTS: &str = "resultSegmentSizes";

/// How many values (or regions, successors) a declared group holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Arity {
    /// Exactly one.
    Single,
    /// Zero or one.
    Optional,
    /// Any number.
    Variadic,
}

/// A declared operand or result group.
pub struct ValueSpec {
    /// Field name.
    pub name: &'static str,
    /// Arity.
    pub arity: Arity,
    /// The constraint's description (`signless integer or index`).
    pub constraint: &'static str,
    /// The constraint's predicate.
    pub check: fn(&Context, Type) -> bool,
    /// The constraint's single type, if it has one ([`TypeConstraint::build`]).
    pub build: fn(&mut Context) -> Option<Type>,
    /// The group's type is that of another group (`type_from = other, via = f`).
    pub type_from: Option<TypeFrom>,
}

/// A type relation between two groups (MLIR's `TypesMatchWith`): every value of the group has
/// the type of the first value of group `name`, transformed by `via` (e.g. the element type of
/// a memref). Used to resolve types when parsing, by builders, and checked by the verifier.
pub struct TypeFrom {
    /// The source is an operand group (else a result group).
    pub operand: bool,
    /// Source group index.
    pub group: u16,
    /// Source group name.
    pub name: &'static str,
    /// Transformation of the source type (`None`: the same type).
    pub via: Option<fn(&Context, Type) -> Type>,
    /// How the relation reads in errors ("element type", "type").
    pub what: &'static str,
}

impl TypeFrom {
    /// The type the group must have, given the source group's first type.
    pub fn apply(&self, ctx: &Context, source: Type) -> Type {
        match self.via {
            Some(f) => f(ctx, source),
            None => source,
        }
    }
}

/// Whether an attribute must be present.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AttrArity {
    /// Must be present.
    Required,
    /// May be absent.
    Optional,
    /// May be absent, meaning the default value.
    Default,
}

/// A declared attribute.
pub struct AttrSpec {
    /// Attribute (and field) name.
    pub name: &'static str,
    /// Presence.
    pub arity: AttrArity,
    /// The constraint's description.
    pub constraint: &'static str,
    /// The constraint's predicate.
    pub check: fn(&Context, Attribute) -> bool,
    /// Prints the attribute where a format names it.
    pub print: fn(&mut Printer<'_>, Attribute) -> fmt::Result,
    /// Parses the attribute where a format names it.
    pub parse: fn(&mut Parser<'_>) -> ParseResult<Attribute>,
    /// Parses the attribute if present (first element of an optional group).
    pub parse_optional: fn(&mut Parser<'_>) -> ParseResult<Option<Attribute>>,
    /// Builds the default value (for [`AttrArity::Default`]).
    pub default: Option<fn(&mut Context) -> Attribute>,
}

/// A declared region group.
pub struct RegionSpec {
    /// Field name.
    pub name: &'static str,
    /// Any number of regions (at most one variadic group per op).
    pub variadic: bool,
    /// Each region has at most one block.
    pub single_block: bool,
    /// Op appended by the parser to blocks lacking a terminator, and elided by the printer
    /// when it has no operands, results or attributes; empty for none.
    pub implicit_terminator: &'static str,
}

/// A declared successor group.
pub struct SuccessorSpec {
    /// Field name.
    pub name: &'static str,
    /// Any number of successors (at most one variadic group per op).
    pub variadic: bool,
}

/// Result-type inference hook (`infer_result_types`).
pub type InferFn = fn(&mut Context, &[Value], &[NamedAttr]) -> Result<Vec<Type>, String>;

/// Everything `#[op]` declares about an op, used by the generated verifier, accessors,
/// builder, printer and parser.
pub struct OpSpec {
    /// Full name (`arith.addi`).
    pub name: &'static str,
    /// Traits.
    pub traits: OpTraits,
    /// Operand groups, in declaration order.
    pub operands: &'static [ValueSpec],
    /// Result groups, in declaration order.
    pub results: &'static [ValueSpec],
    /// Attributes.
    pub attrs: &'static [AttrSpec],
    /// Region groups.
    pub regions: &'static [RegionSpec],
    /// Successor groups.
    pub successors: &'static [SuccessorSpec],
    /// Whether operand group sizes are stored in `operandSegmentSizes`.
    pub operand_segments: bool,
    /// Whether result group sizes are stored in `resultSegmentSizes`.
    pub result_segments: bool,
    /// Result-type inference.
    pub infer_result_types: Option<InferFn>,
    /// The declarative assembly format, if any.
    pub format: Option<OpFormat>,
}

/// A compiled declarative assembly format.
pub struct OpFormat {
    /// The elements, in order.
    pub elems: &'static [FormatElem],
    /// Attributes that `attr-dict` leaves out (those the format prints elsewhere, and the
    /// segment sizes).
    pub elided_attrs: &'static [&'static str],
    /// The format string as declared.
    pub source: &'static str,
}

/// Which types a `type(...)` or `functional-type(...)` directive refers to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TypeRef {
    /// The types of operand group `n`.
    Operand(u16),
    /// The types of result group `n`.
    Result(u16),
    /// All operand types.
    Operands,
    /// All result types.
    Results,
}

/// What decides whether an optional group is present.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// A non-empty optional/variadic operand group.
    Operand(u16),
    /// A non-empty optional/variadic result group.
    Result(u16),
    /// A present attribute (index into [`OpSpec::attrs`]).
    Attr(u16),
    /// A non-empty region (or non-empty variadic region group).
    Region(u16),
    /// A non-empty successor group.
    Successor(u16),
}

/// One element of a compiled assembly format. `space` says whether a space is printed
/// before the element (computed at compile time with MLIR's rules).
#[derive(Copy, Clone, Debug)]
pub enum FormatElem {
    /// A literal keyword or punctuation (`` `to` ``, `` `:` ``).
    Literal {
        /// The text.
        text: &'static str,
        /// Space before.
        space: bool,
    },
    /// `` ` ` `` (prints a space) or ` `` ` (prints nothing, suppresses the next space).
    Whitespace(&'static str),
    /// `$operand`: the group's values, comma separated.
    Operand {
        /// Operand group.
        group: u16,
        /// Space before.
        space: bool,
    },
    /// `$attr`.
    Attr {
        /// Index into [`OpSpec::attrs`].
        index: u16,
        /// Space before.
        space: bool,
    },
    /// `$region`: the group's regions, comma separated.
    Region {
        /// Region group.
        group: u16,
        /// Space before.
        space: bool,
    },
    /// `$successor`: the group's blocks, comma separated.
    Successor {
        /// Successor group.
        group: u16,
        /// Space before.
        space: bool,
    },
    /// `type($x)`, `type(operands)`, `type(results)`.
    Type {
        /// Whose types.
        of: TypeRef,
        /// Space before.
        space: bool,
    },
    /// `functional-type(inputs, results)`: `(i32, i32) -> i32`.
    FunctionalType {
        /// Input types.
        inputs: TypeRef,
        /// Result types.
        results: TypeRef,
        /// Space before.
        space: bool,
    },
    /// `attr-dict` / `attr-dict-with-keyword`.
    AttrDict {
        /// Print `attributes` before the dictionary.
        with_keyword: bool,
    },
    /// `( ... )?`: printed only when the anchor is present.
    Optional {
        /// The anchor (`^`).
        anchor: Anchor,
        /// The group's elements.
        elems: &'static [FormatElem],
        /// The anchor is a unit attribute that the group does not print itself: its
        /// presence is the group's presence.
        elide_unit_anchor: bool,
    },
}

// ----- group ranges ----------------------------------------------------------------------------

/// The sizes stored in a segment attribute (`operandSegmentSizes`).
pub fn segment_sizes<'c>(ctx: &'c Context, op: OpId, attr: &str) -> Option<&'c [i64]> {
    match ctx.attr(op, attr).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray {
            values: DenseValues::Ints(v),
            ..
        }) => Some(v),
        _ => None,
    }
}

fn group_range(single: &[bool], sizes: Option<&[i64]>, total: usize, g: usize) -> Range<usize> {
    if let Some(s) = sizes.filter(|s| s.len() == single.len()) {
        let start = s[..g]
            .iter()
            .map(|&x| x.max(0) as usize)
            .sum::<usize>()
            .min(total);
        return start..(start + s[g].max(0) as usize).min(total);
    }
    let fixed = single.iter().filter(|&&x| x).count();
    let var = total.saturating_sub(fixed);
    let mut start = 0;
    for (i, &one) in single.iter().enumerate() {
        let n = if one { 1 } else { var };
        if i == g {
            return start.min(total)..(start + n).min(total);
        }
        start += n;
    }
    total..total
}

impl OpSpec {
    /// Positions of operand group `g` among `op`'s operands.
    pub fn operand_range(&self, ctx: &Context, op: OpId, g: usize) -> Range<usize> {
        let single: smallvec::SmallVec<[bool; 8]> = self
            .operands
            .iter()
            .map(|v| v.arity == Arity::Single)
            .collect();
        let sizes = if self.operand_segments {
            segment_sizes(ctx, op, OPERAND_SEGMENTS)
        } else {
            None
        };
        group_range(&single, sizes, ctx.num_operands(op), g)
    }
    /// Positions of result group `g` among `op`'s results.
    pub fn result_range(&self, ctx: &Context, op: OpId, g: usize) -> Range<usize> {
        let single: smallvec::SmallVec<[bool; 8]> = self
            .results
            .iter()
            .map(|v| v.arity == Arity::Single)
            .collect();
        let sizes = if self.result_segments {
            segment_sizes(ctx, op, RESULT_SEGMENTS)
        } else {
            None
        };
        group_range(&single, sizes, ctx.num_results(op), g)
    }
    /// Positions of region group `g` among `op`'s regions.
    pub fn region_range(&self, ctx: &Context, op: OpId, g: usize) -> Range<usize> {
        let single: smallvec::SmallVec<[bool; 8]> =
            self.regions.iter().map(|r| !r.variadic).collect();
        group_range(&single, None, ctx.regions(op).len(), g)
    }
    /// Positions of successor group `g` among `op`'s successors.
    pub fn successor_range(&self, ctx: &Context, op: OpId, g: usize) -> Range<usize> {
        let single: smallvec::SmallVec<[bool; 8]> =
            self.successors.iter().map(|s| !s.variadic).collect();
        group_range(&single, None, ctx.successors(op).len(), g)
    }
    /// The values of operand group `g`.
    pub fn operand_group(&self, ctx: &Context, op: OpId, g: usize) -> Vec<Value> {
        self.operand_range(ctx, op, g)
            .map(|i| ctx.operand(op, i))
            .collect()
    }
    /// The values of result group `g`.
    pub fn result_group(&self, ctx: &Context, op: OpId, g: usize) -> Vec<Value> {
        let r = self.result_range(ctx, op, g);
        ctx.results(op)[r].to_vec()
    }
    /// The index of attribute `name` in [`attrs`](Self::attrs).
    pub fn attr_index(&self, name: &str) -> Option<usize> {
        self.attrs.iter().position(|a| a.name == name)
    }
}

// ----- verification ----------------------------------------------------------------------------

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Checks what the declaration of `op` implies, with MLIR's messages: operand, result, region
/// and successor counts (including segment attributes), operand and result type constraints,
/// required attributes and attribute constraints, single-block regions. Trait-level checks
/// (terminators, same types, isolation, parents) belong to the generic verifier.
pub fn verify_op(spec: &OpSpec, ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let err =
        |msg: String| Diagnostic::error(ctx.op_loc(op), format!("'{}' op {}", spec.name, msg));

    // Region count.
    let n_regions = ctx.regions(op).len();
    let fixed_regions = spec.regions.iter().filter(|r| !r.variadic).count();
    if spec.regions.iter().any(|r| r.variadic) {
        if n_regions < fixed_regions {
            return Err(err(format!("expected {fixed_regions} or more regions")));
        }
    } else if n_regions != fixed_regions {
        return Err(err(match fixed_regions {
            0 => "requires zero regions".to_string(),
            1 => "requires one region".to_string(),
            n => format!("expected {n} regions"),
        }));
    }

    // Result count.
    verify_value_count(
        ctx,
        op,
        spec.results,
        spec.result_segments,
        RESULT_SEGMENTS,
        "result",
        &err,
    )?;

    // Successor count.
    let n_succ = ctx.successors(op).len();
    let fixed_succ = spec.successors.iter().filter(|s| !s.variadic).count();
    if spec.successors.iter().any(|s| s.variadic) {
        if n_succ < fixed_succ {
            return Err(err(format!(
                "requires at least {fixed_succ} successors but found {n_succ}"
            )));
        }
    } else if n_succ != fixed_succ {
        return Err(err(format!(
            "requires {} but found {n_succ}",
            plural(fixed_succ, "successor", "successors")
        )));
    }

    // Operand count.
    verify_value_count(
        ctx,
        op,
        spec.operands,
        spec.operand_segments,
        OPERAND_SEGMENTS,
        "operand",
        &err,
    )?;

    // Attributes.
    for a in spec.attrs {
        match ctx.attr(op, a.name) {
            None if a.arity == AttrArity::Required => {
                return Err(err(format!("requires attribute '{}'", a.name)));
            }
            Some(v) if !(a.check)(ctx, v) => {
                return Err(err(format!(
                    "attribute '{}' failed to satisfy constraint: {}",
                    a.name, a.constraint
                )));
            }
            _ => {}
        }
    }

    // Operand and result types.
    for (g, v) in spec.operands.iter().enumerate() {
        for i in spec.operand_range(ctx, op, g) {
            let ty = ctx.value_type(ctx.operand(op, i));
            if !(v.check)(ctx, ty) {
                return Err(err(format!(
                    "operand #{i} must be {}, but got '{}'",
                    describe(v),
                    ctx.type_to_string(ty)
                )));
            }
        }
    }
    for (g, v) in spec.results.iter().enumerate() {
        for i in spec.result_range(ctx, op, g) {
            let ty = ctx.value_type(ctx.result(op, i));
            if !(v.check)(ctx, ty) {
                return Err(err(format!(
                    "result #{i} must be {}, but got '{}'",
                    describe(v),
                    ctx.type_to_string(ty)
                )));
            }
        }
    }

    // Type relations between groups.
    for (is_operand, groups) in [(true, spec.operands), (false, spec.results)] {
        for (g, v) in groups.iter().enumerate() {
            let Some(tf) = &v.type_from else { continue };
            let values = |operand: bool, g: usize| -> Vec<Value> {
                if operand {
                    spec.operand_group(ctx, op, g)
                } else {
                    spec.result_group(ctx, op, g)
                }
            };
            let Some(&src) = values(tf.operand, tf.group as usize).first() else {
                continue;
            };
            let expected = tf.apply(ctx, ctx.value_type(src));
            if values(is_operand, g)
                .iter()
                .any(|&x| ctx.value_type(x) != expected)
            {
                return Err(err(format!(
                    "failed to verify that type of '{}' matches {} of '{}'",
                    v.name, tf.what, tf.name
                )));
            }
        }
    }

    // Regions.
    for (g, r) in spec.regions.iter().enumerate() {
        if !r.single_block {
            continue;
        }
        for i in spec.region_range(ctx, op, g) {
            if ctx.region_blocks(ctx.region(op, i)).len() > 1 {
                return Err(err(format!("expects region #{i} to have 0 or 1 blocks")));
            }
        }
    }
    Ok(())
}

fn describe(v: &ValueSpec) -> String {
    match v.arity {
        Arity::Variadic => format!("variadic of {}", v.constraint),
        _ => v.constraint.to_string(),
    }
}

fn verify_value_count(
    ctx: &Context,
    op: OpId,
    groups: &[ValueSpec],
    segmented: bool,
    seg_attr: &str,
    what: &str,
    err: &dyn Fn(String) -> Diagnostic,
) -> Result<(), Diagnostic> {
    let total = if what == "operand" {
        ctx.num_operands(op)
    } else {
        ctx.num_results(op)
    };
    let fixed = groups.iter().filter(|v| v.arity == Arity::Single).count();
    if segmented {
        let Some(sizes) = segment_sizes(ctx, op, seg_attr) else {
            return Err(err(format!("requires attribute '{seg_attr}'")));
        };
        if sizes.len() != groups.len() {
            return Err(err(format!(
                "'{seg_attr}' attribute for specifying {what} segments must have {} elements, but got {}",
                groups.len(),
                sizes.len()
            )));
        }
        if sizes.iter().any(|&s| s < 0) {
            return Err(err(format!(
                "'{seg_attr}' attribute cannot have negative elements"
            )));
        }
        let sum: i64 = sizes.iter().sum();
        if sum as usize != total {
            return Err(err(format!(
                "{what} count ({total}) does not match with the total size ({sum}) specified in attribute '{seg_attr}'"
            )));
        }
        let mut start = 0usize;
        for (v, &s) in groups.iter().zip(sizes) {
            match v.arity {
                Arity::Single if s != 1 => {
                    return Err(err(format!(
                        "{what} group starting at #{start} requires 1 element, but found {s}"
                    )));
                }
                Arity::Optional if s > 1 => {
                    return Err(err(format!(
                        "{what} group starting at #{start} requires 0 or 1 element, but found {s}"
                    )));
                }
                _ => {}
            }
            start += s as usize;
        }
        return Ok(());
    }
    match groups.iter().position(|v| v.arity != Arity::Single) {
        None => {
            if total != fixed {
                return Err(err(match (what, fixed) {
                    ("operand", 0) => "requires zero operands".to_string(),
                    ("operand", 1) => "requires a single operand".to_string(),
                    (_, 0) => "requires zero results".to_string(),
                    (_, 1) => "requires one result".to_string(),
                    _ => format!("expected {fixed} {what}s, but found {total}"),
                }));
            }
        }
        Some(g) => {
            if total < fixed {
                return Err(err(format!(
                    "expected {fixed} or more {what}s, but found {total}"
                )));
            }
            if groups[g].arity == Arity::Optional && total - fixed > 1 {
                return Err(err(format!(
                    "{what} group starting at #{g} requires 0 or 1 element, but found {}",
                    total - fixed
                )));
            }
        }
    }
    Ok(())
}

// ----- printing --------------------------------------------------------------------------------

/// Prints `op` (everything after its name) with the declarative format of `spec`.
pub fn print_op(spec: &OpSpec, p: &mut Printer<'_>, op: OpId) -> fmt::Result {
    let fmt = spec.format.as_ref().expect("op has no declarative format");
    print_elems(spec, fmt, fmt.elems, p, op)
}

fn anchor_present(spec: &OpSpec, ctx: &Context, op: OpId, a: Anchor) -> bool {
    match a {
        Anchor::Operand(g) => !spec.operand_range(ctx, op, g as usize).is_empty(),
        Anchor::Result(g) => !spec.result_range(ctx, op, g as usize).is_empty(),
        // MLIR prints a group anchored on a `DefaultValuedAttr` only when the attribute differs
        // from its default.
        Anchor::Attr(i) => {
            let a = &spec.attrs[i as usize];
            match ctx.attr(op, a.name) {
                None => false,
                Some(v) if a.arity == AttrArity::Default => {
                    ctx.default_attr_value(spec.name, a.name) != Some(v)
                }
                Some(_) => true,
            }
        }
        Anchor::Region(g) => {
            let r = spec.region_range(ctx, op, g as usize);
            if spec.regions[g as usize].variadic {
                !r.is_empty()
            } else {
                r.clone()
                    .any(|i| !ctx.region_blocks(ctx.region(op, i)).is_empty())
            }
        }
        Anchor::Successor(g) => !spec.successor_range(ctx, op, g as usize).is_empty(),
    }
}

fn type_ref_types(spec: &OpSpec, ctx: &Context, op: OpId, t: TypeRef) -> Vec<Type> {
    match t {
        TypeRef::Operand(g) => spec
            .operand_range(ctx, op, g as usize)
            .map(|i| ctx.value_type(ctx.operand(op, i)))
            .collect(),
        TypeRef::Result(g) => spec
            .result_range(ctx, op, g as usize)
            .map(|i| ctx.value_type(ctx.result(op, i)))
            .collect(),
        TypeRef::Operands => ctx.operands(op).map(|v| ctx.value_type(v)).collect(),
        TypeRef::Results => ctx.results(op).iter().map(|&v| ctx.value_type(v)).collect(),
    }
}

fn space(p: &mut Printer<'_>, s: bool) -> fmt::Result {
    if s {
        p.write_char(' ')?;
    }
    Ok(())
}

fn print_elems(
    spec: &OpSpec,
    fmt: &OpFormat,
    elems: &[FormatElem],
    p: &mut Printer<'_>,
    op: OpId,
) -> fmt::Result {
    let ctx = p.ctx;
    for e in elems {
        match *e {
            FormatElem::Literal { text, space: s } => {
                space(p, s)?;
                p.write_str(text)?;
            }
            FormatElem::Whitespace(w) => p.write_str(w)?,
            FormatElem::Operand { group, space: s } => {
                space(p, s)?;
                let vs = spec.operand_group(ctx, op, group as usize);
                p.print_values(vs)?;
            }
            FormatElem::Attr { index, space: s } => {
                space(p, s)?;
                let a = &spec.attrs[index as usize];
                match ctx.attr(op, a.name) {
                    Some(v) => (a.print)(p, v)?,
                    None => p.write_str("<<NULL ATTRIBUTE>>")?,
                }
            }
            FormatElem::Region { group, space: s } => {
                space(p, s)?;
                let rs = &spec.regions[group as usize];
                let print_terminators = rs.implicit_terminator.is_empty();
                for (n, i) in spec.region_range(ctx, op, group as usize).enumerate() {
                    if n > 0 {
                        p.write_str(", ")?;
                    }
                    p.print_region(ctx.region(op, i), true, print_terminators)?;
                }
            }
            FormatElem::Successor { group, space: s } => {
                space(p, s)?;
                for (n, i) in spec.successor_range(ctx, op, group as usize).enumerate() {
                    if n > 0 {
                        p.write_str(", ")?;
                    }
                    p.print_block_name(ctx.successors(op)[i])?;
                }
            }
            FormatElem::Type { of, space: s } => {
                space(p, s)?;
                let tys = type_ref_types(spec, ctx, op, of);
                p.print_types(&tys)?;
            }
            FormatElem::FunctionalType {
                inputs,
                results,
                space: s,
            } => {
                space(p, s)?;
                let ins = type_ref_types(spec, ctx, op, inputs);
                let outs = type_ref_types(spec, ctx, op, results);
                p.write_char('(')?;
                p.print_types(&ins)?;
                p.write_str(") -> ")?;
                p.print_result_types(&outs)?;
            }
            FormatElem::AttrDict { with_keyword } => {
                if with_keyword {
                    p.print_optional_attr_dict_with_keyword(op, fmt.elided_attrs)?;
                } else {
                    p.print_optional_attr_dict(op, fmt.elided_attrs)?;
                }
            }
            FormatElem::Optional {
                anchor,
                elems,
                elide_unit_anchor,
            } => {
                if !anchor_present(spec, ctx, op, anchor) {
                    continue;
                }
                if elide_unit_anchor {
                    let Anchor::Attr(ai) = anchor else {
                        unreachable!()
                    };
                    let inner: Vec<FormatElem> = elems
                        .iter()
                        .copied()
                        .filter(|e| !matches!(e, FormatElem::Attr { index, .. } if *index == ai))
                        .collect();
                    print_elems(spec, fmt, &inner, p, op)?;
                } else {
                    print_elems(spec, fmt, elems, p, op)?;
                }
            }
        }
    }
    Ok(())
}

// ----- dialect type / attribute parameters -----------------------------------------------------

/// A parameter of a `#[type_def]` / `#[attr_def]` struct: how a field prints and parses where
/// its format names it (`$elem`). Implemented for `Type`, `Attribute`, `i64`, `u32`, `bool`,
/// `String`, `Vec<Type>` and `Vec<i64>`; implement it for other field types.
pub trait DefParam: Sized {
    /// Prints the value.
    fn print_param(&self, p: &mut Printer<'_>) -> fmt::Result;
    /// Parses the value.
    fn parse_param(p: &mut Parser<'_>) -> ParseResult<Self>;
}

impl DefParam for Type {
    fn print_param(&self, p: &mut Printer<'_>) -> fmt::Result {
        p.print_type(*self)
    }
    fn parse_param(p: &mut Parser<'_>) -> ParseResult<Self> {
        parse_impl::parse_type(p)
    }
}
impl DefParam for Attribute {
    fn print_param(&self, p: &mut Printer<'_>) -> fmt::Result {
        p.print_attr(*self)
    }
    fn parse_param(p: &mut Parser<'_>) -> ParseResult<Self> {
        parse_impl::parse_attribute(p)
    }
}
impl DefParam for i64 {
    fn print_param(&self, p: &mut Printer<'_>) -> fmt::Result {
        write!(p, "{self}")
    }
    fn parse_param(p: &mut Parser<'_>) -> ParseResult<Self> {
        parse_impl::parse_integer(p)
    }
}
impl DefParam for u32 {
    fn print_param(&self, p: &mut Printer<'_>) -> fmt::Result {
        write!(p, "{self}")
    }
    fn parse_param(p: &mut Parser<'_>) -> ParseResult<Self> {
        parse_impl::parse_u32(p)
    }
}
impl DefParam for bool {
    fn print_param(&self, p: &mut Printer<'_>) -> fmt::Result {
        p.write_str(if *self { "true" } else { "false" })
    }
    fn parse_param(p: &mut Parser<'_>) -> ParseResult<Self> {
        parse_impl::parse_bool(p)
    }
}
impl DefParam for String {
    fn print_param(&self, p: &mut Printer<'_>) -> fmt::Result {
        p.print_string(self)
    }
    fn parse_param(p: &mut Parser<'_>) -> ParseResult<Self> {
        parse_impl::parse_string(p)
    }
}
impl DefParam for Vec<Type> {
    fn print_param(&self, p: &mut Printer<'_>) -> fmt::Result {
        p.print_types(self)
    }
    fn parse_param(p: &mut Parser<'_>) -> ParseResult<Self> {
        parse_impl::parse_type_list_opt(p)
    }
}
impl DefParam for Vec<i64> {
    fn print_param(&self, p: &mut Printer<'_>) -> fmt::Result {
        for (i, v) in self.iter().enumerate() {
            if i > 0 {
                p.write_str(", ")?;
            }
            write!(p, "{v}")?;
        }
        Ok(())
    }
    fn parse_param(p: &mut Parser<'_>) -> ParseResult<Self> {
        parse_impl::parse_int_list_opt(p)
    }
}

/// Uniques a dialect type built by a generated type parser.
pub fn parsed_type<T: crate::types::DialectType>(p: &mut Parser<'_>, t: T) -> ParseResult<Type> {
    parse_impl::parsed_type(p, t)
}

/// Uniques a dialect attribute built by a generated attribute parser.
pub fn parsed_attr<T: crate::attrs::DialectAttr>(
    p: &mut Parser<'_>,
    a: T,
) -> ParseResult<Attribute> {
    parse_impl::parsed_attr(p, a)
}

/// Parses a literal of a format: punctuation with `parse_punct`, a keyword with
/// `parse_keyword`.
pub fn parse_literal(p: &mut Parser<'_>, text: &str) -> ParseResult<()> {
    parse_impl::parse_literal(p, text)
}

// ----- parsing ---------------------------------------------------------------------------------

/// Parses `op` (everything after its name) with the declarative format of `spec` into `state`.
pub fn parse_op(spec: &OpSpec, p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
    parse_impl::parse_op(spec, p, state)
}

#[path = "format/parse.rs"]
mod parse_impl;

// ----- const string concatenation (op names) ---------------------------------------------------

/// Total length of `parts` (used by generated `NAME` constants).
#[doc(hidden)]
pub const fn concat_len(parts: &[&str]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < parts.len() {
        n += parts[i].len();
        i += 1;
    }
    n
}

/// The bytes of `parts` concatenated; `N` must be [`concat_len`]`(parts)`.
#[doc(hidden)]
pub const fn concat_bytes<const N: usize>(parts: &[&str]) -> [u8; N] {
    let mut out = [0u8; N];
    let mut k = 0;
    let mut i = 0;
    while i < parts.len() {
        let b = parts[i].as_bytes();
        let mut j = 0;
        while j < b.len() {
            out[k] = b[j];
            k += 1;
            j += 1;
        }
        i += 1;
    }
    assert!(k == N, "concat_bytes: length mismatch");
    out
}

/// `bytes` as a `str` (they come from concatenated `str`s).
#[doc(hidden)]
pub const fn str_from_utf8(bytes: &'static [u8]) -> &'static str {
    match std::str::from_utf8(bytes) {
        Ok(s) => s,
        Err(_) => panic!("invalid UTF-8 in concatenated name"),
    }
}
