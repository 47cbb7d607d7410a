//! The level attribute and the array types of the `hpar` dialect.
//!
//! After FCL's types (Dybdal 2017, §5.3.1):
//!
//! ```text
//! bt ::= int | double | bool                (base types: here any integer, index or float)
//! τ  ::= bt | [τ] | [bt]⟨l⟩                  (pull arrays, push arrays)
//! ```
//!
//! * `#hpar.level<grid|block|warp|thread>` is a level `l`; [`Level`] orders them
//!   `thread < warp < block < grid`.
//! * `!hpar.pull<τ>` is a delayed pull array (a length and an index function) of any element
//!   type except functions (kinding rule 5.10: pull arrays nest); `!hpar.pull<τ, l>` is a pull
//!   array materialised by `force<l>` in the memory of level `l`.
//! * `!hpar.push<bt, l>` is a push array writable at level `l`; its elements are base types
//!   (kinding rule 5.11). The parser rejects other element types, and op verifiers check the
//!   rule again for types built programmatically.
//!
//! Levels print as keywords inside types and ops (`!hpar.push<f32, block>`,
//! `hpar.force<block>`); the full attribute `#hpar.level<block>` is accepted in types too.

use std::fmt::{self, Write as _};

use tail_ir::parser::{ParseResult, Parser};
use tail_ir::printer::Printer;
use tail_ir::{attr_def, type_def, Attribute, Context, Diagnostic, Type, TypeKind};

use crate::HParDialect;

/// A level of the GPU hierarchy, ordered `Thread < Warp < Block < Grid`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// One thread (FCL's `Z`): sequential code.
    Thread,
    /// A warp of threads running in lock step (not in FCL).
    Warp,
    /// A block (work-group) of threads sharing shared memory (FCL's `1+Z`).
    Block,
    /// The grid of blocks of one kernel launch (FCL's `1+(1+Z)`).
    Grid,
}

impl Level {
    /// All levels, innermost first.
    pub const ALL: [Level; 4] = [Level::Thread, Level::Warp, Level::Block, Level::Grid];

    /// The keyword: `grid`, `block`, `warp` or `thread`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Thread => "thread",
            Level::Warp => "warp",
            Level::Block => "block",
            Level::Grid => "grid",
        }
    }

    /// The level named `s`.
    pub fn from_name(s: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == s)
    }

    /// Whether `to` is exactly one level above `self` (FCL's `l ↦ 1+l`). A block is a group of
    /// warps or directly a group of threads, so a thread level rises to a warp or a block.
    pub fn raises_to(self, to: Level) -> bool {
        matches!(
            (self, to),
            (Level::Thread, Level::Warp)
                | (Level::Thread, Level::Block)
                | (Level::Warp, Level::Block)
                | (Level::Block, Level::Grid)
        )
    }

    /// Parses a level: a keyword (`block`) or the attribute `#hpar.level<block>`.
    pub fn parse(p: &mut Parser<'_>) -> ParseResult<Level> {
        let loc = p.loc();
        if let Some(kw) = p.parse_optional_any_keyword() {
            return Level::from_name(&kw).ok_or_else(|| bad_level(loc, &kw));
        }
        let a = p.parse_attribute()?;
        LevelAttr::from_attr(p.ctx, a)
            .map(|l| l.level)
            .ok_or_else(|| Diagnostic::error(loc, "expected a level (grid, block, warp or thread)"))
    }
}

fn bad_level(loc: tail_ir::Location, kw: &str) -> Diagnostic {
    Diagnostic::error(
        loc,
        format!("unknown level '{kw}', expected one of grid, block, warp, thread"),
    )
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level of the GPU hierarchy: `#hpar.level<block>`.
#[attr_def(dialect = HParDialect, mnemonic = "level", custom_assembly)]
pub struct LevelAttr {
    /// The level.
    pub level: Level,
}

impl LevelAttr {
    fn print_body(&self, p: &mut Printer<'_>) -> fmt::Result {
        write!(p, "<{}>", self.level)
    }
    fn parse_body(p: &mut Parser<'_>) -> ParseResult<Self> {
        p.parse_punct("<")?;
        let loc = p.loc();
        let kw = p.parse_any_keyword()?;
        let level = Level::from_name(&kw).ok_or_else(|| bad_level(loc, &kw))?;
        p.parse_punct(">")?;
        Ok(LevelAttr { level })
    }
}

/// The level held by a `#hpar.level` attribute.
pub fn level_of_attr(ctx: &Context, a: Attribute) -> Option<Level> {
    LevelAttr::from_attr(ctx, a).map(|l| l.level)
}

/// The `level` attribute of an op as a keyword in its assembly (`hpar.force<block>`).
pub struct LevelKw;

impl tail_ir::AttrConstraint for LevelKw {
    const DESCRIPTION: &'static str = "level of the GPU hierarchy (grid, block, warp or thread)";
    fn check(ctx: &Context, a: Attribute) -> bool {
        level_of_attr(ctx, a).is_some()
    }
    fn print(p: &mut Printer<'_>, a: Attribute) -> fmt::Result {
        match level_of_attr(p.ctx, a) {
            Some(l) => p.write_str(l.name()),
            None => p.print_attr(a),
        }
    }
    fn parse(p: &mut Parser<'_>) -> ParseResult<Attribute> {
        let l = Level::parse(p)?;
        Ok(LevelAttr::get(p.ctx, l))
    }
    fn parse_optional(p: &mut Parser<'_>) -> ParseResult<Option<Attribute>> {
        Self::parse(p).map(Some)
    }
}

/// Whether `ty` is a base type (FCL's kind BT): an integer, `index` or a float.
pub fn is_base(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_kind(ty),
        TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_)
    )
}

/// A pull array: `!hpar.pull<f32>` (delayed) or `!hpar.pull<f32, block>` (materialised by
/// `force<block>`).
#[type_def(dialect = HParDialect, mnemonic = "pull", custom_assembly)]
pub struct PullType {
    /// The element type (a base type, a pull array or a push array).
    pub elem: Type,
    /// Where the array is materialised; `None` for a delayed array.
    pub level: Option<Level>,
}

impl PullType {
    fn print_body(&self, p: &mut Printer<'_>) -> fmt::Result {
        p.write_str("<")?;
        p.print_type(self.elem)?;
        if let Some(l) = self.level {
            write!(p, ", {l}")?;
        }
        p.write_str(">")
    }
    fn parse_body(p: &mut Parser<'_>) -> ParseResult<Self> {
        p.parse_punct("<")?;
        let loc = p.loc();
        let elem = p.parse_type()?;
        if matches!(p.ctx.type_kind(elem), TypeKind::Function { .. }) {
            return Err(Diagnostic::error(
                loc,
                "'!hpar.pull' element type must not be a function type",
            ));
        }
        let level = if p.parse_optional_punct(",") {
            Some(Level::parse(p)?)
        } else {
            None
        };
        p.parse_punct(">")?;
        Ok(PullType { elem, level })
    }
}

/// A push array writable at a level: `!hpar.push<f32, block>`. The element type is a base type.
#[type_def(dialect = HParDialect, mnemonic = "push", custom_assembly)]
pub struct PushType {
    /// The element type (a base type).
    pub elem: Type,
    /// The level at which it is written.
    pub level: Level,
}

impl PushType {
    fn print_body(&self, p: &mut Printer<'_>) -> fmt::Result {
        p.write_str("<")?;
        p.print_type(self.elem)?;
        write!(p, ", {}>", self.level)
    }
    fn parse_body(p: &mut Parser<'_>) -> ParseResult<Self> {
        p.parse_punct("<")?;
        let loc = p.loc();
        let elem = p.parse_type()?;
        if !is_base(p.ctx, elem) {
            return Err(Diagnostic::error(
                loc,
                format!(
                    "'!hpar.push' element type must be a base type (integer, index or float), but got '{}'",
                    p.ctx.type_to_string(elem)
                ),
            ));
        }
        p.parse_punct(",")?;
        let level = Level::parse(p)?;
        p.parse_punct(">")?;
        Ok(PushType { elem, level })
    }
}

/// `(element type, level)` of a pull array type.
pub fn pull_parts(ctx: &Context, ty: Type) -> Option<(Type, Option<Level>)> {
    PullType::from_type(ctx, ty).map(|p| (p.elem, p.level))
}

/// `(element type, level)` of a push array type.
pub fn push_parts(ctx: &Context, ty: Type) -> Option<(Type, Level)> {
    PushType::from_type(ctx, ty).map(|p| (p.elem, p.level))
}

/// The element type of a pull or push array type (`ty` itself for anything else).
pub fn array_elem(ctx: &Context, ty: Type) -> Type {
    pull_parts(ctx, ty)
        .map(|(e, _)| e)
        .or_else(|| push_parts(ctx, ty).map(|(e, _)| e))
        .unwrap_or(ty)
}

tail_ir::type_constraint! {
    /// A pull array.
    pub AnyPull: "pull array" = |ctx, ty| PullType::from_type(ctx, ty).is_some();
    /// A push array.
    pub AnyPush: "push array" = |ctx, ty| PushType::from_type(ctx, ty).is_some();
    /// A pull or push array.
    pub AnyHParArray: "pull or push array" =
        |ctx, ty| PullType::from_type(ctx, ty).is_some() || PushType::from_type(ctx, ty).is_some();
    /// A base type (integer, index or float).
    pub BaseType: "base type (integer, index or float)" = |ctx, ty| is_base(ctx, ty);
}
