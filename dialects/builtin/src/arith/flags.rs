//! `#arith.overflow<…>` and `#arith.fastmath<…>`: upstream's bit-enum attributes
//! (`ArithBase.td`), held by the `overflowFlags` attribute of `addi`, `subi`, `muli`, `shli`
//! and `trunci` and the `fastmath` attribute of the float arith ops, `cmpf` and the float
//! math ops. Both default to `none`, which the custom forms leave out
//! (`arith.addi %a, %b overflow<nsw, nuw> : i32`, `arith.addf %x, %y fastmath<fast> : f32`).
//!
//! Printing follows upstream's bit-enum printer: the set cases in declaration order, `none`
//! for no flag and `fast` for all fast-math flags; the separator is `, ` for overflow flags and
//! `,` for fast-math flags.

use std::fmt::{self, Write as _};

use tail_ir::parser::{ParseResult, Parser};
use tail_ir::printer::Printer;
use tail_ir::{attr_def, Attribute, Context, Diagnostic};

use super::ArithDialect;

/// One of upstream's bit enums: its C++ name, cases in declaration order (bit, keyword), the
/// name of the all-bits case, and the separator it prints between cases.
struct BitEnum {
    cpp_name: &'static str,
    cases: &'static [(u32, &'static str)],
    all: Option<(u32, &'static str)>,
    separator: &'static str,
}

const OVERFLOW: BitEnum = BitEnum {
    cpp_name: "::mlir::arith::IntegerOverflowFlags",
    cases: &[(1, "nsw"), (2, "nuw")],
    all: None,
    separator: ", ",
};

const FASTMATH: BitEnum = BitEnum {
    cpp_name: "::mlir::arith::FastMathFlags",
    cases: &[
        (1, "reassoc"),
        (2, "nnan"),
        (4, "ninf"),
        (8, "nsz"),
        (16, "arcp"),
        (32, "contract"),
        (64, "afn"),
    ],
    all: Some((127, "fast")),
    separator: ",",
};

impl BitEnum {
    fn print(&self, p: &mut Printer<'_>, bits: u32) -> fmt::Result {
        if bits == 0 {
            return p.write_str("none");
        }
        if let Some((all, name)) = self.all {
            if bits == all {
                return p.write_str(name);
            }
        }
        let mut first = true;
        for &(bit, name) in self.cases {
            if bits & bit != 0 {
                if !first {
                    p.write_str(self.separator)?;
                }
                first = false;
                p.write_str(name)?;
            }
        }
        Ok(())
    }

    /// Parses `kw (, kw)*` (what is between the angle brackets).
    fn parse(&self, p: &mut Parser<'_>) -> ParseResult<u32> {
        let mut bits = 0;
        loop {
            let loc = p.loc();
            let Some(kw) = p.parse_optional_any_keyword() else {
                return Err(p.error_here("expected valid keyword or string"));
            };
            bits |= self.bits_of(&kw).ok_or_else(|| {
                let mut names = vec!["none"];
                names.extend(self.cases.iter().map(|c| c.1));
                names.extend(self.all.map(|a| a.1));
                Diagnostic::error(
                    loc,
                    format!(
                        "expected {} to be one of: {}",
                        self.cpp_name,
                        names.join(", ")
                    ),
                )
            })?;
            if !p.parse_optional_punct(",") {
                return Ok(bits);
            }
        }
    }

    fn bits_of(&self, kw: &str) -> Option<u32> {
        if kw == "none" {
            return Some(0);
        }
        self.cases
            .iter()
            .chain(self.all.iter())
            .find(|c| c.1 == kw)
            .map(|c| c.0)
    }
}

/// `#arith.overflow<nsw, nuw>`: the integer overflow flags (`nsw` = bit 0, `nuw` = bit 1).
#[attr_def(dialect = ArithDialect, mnemonic = "overflow", custom_assembly)]
pub struct IntegerOverflowAttr {
    /// The set flags.
    pub flags: u32,
}

impl IntegerOverflowAttr {
    /// No signed wrap.
    pub const NSW: u32 = 1;
    /// No unsigned wrap.
    pub const NUW: u32 = 2;
    fn print_body(&self, p: &mut Printer<'_>) -> fmt::Result {
        p.write_char('<')?;
        OVERFLOW.print(p, self.flags)?;
        p.write_char('>')
    }
    fn parse_body(p: &mut Parser<'_>) -> ParseResult<Self> {
        p.parse_punct("<")?;
        let flags = OVERFLOW.parse(p)?;
        p.parse_punct(">")?;
        Ok(IntegerOverflowAttr { flags })
    }
}

/// `#arith.fastmath<nnan,ninf>`: the fast-math flags (`reassoc` = bit 0 … `afn` = bit 6).
#[attr_def(dialect = ArithDialect, mnemonic = "fastmath", custom_assembly)]
pub struct FastMathAttr {
    /// The set flags.
    pub flags: u32,
}

impl FastMathAttr {
    /// All flags (`fast`).
    pub const FAST: u32 = 127;
    fn print_body(&self, p: &mut Printer<'_>) -> fmt::Result {
        p.write_char('<')?;
        FASTMATH.print(p, self.flags)?;
        p.write_char('>')
    }
    fn parse_body(p: &mut Parser<'_>) -> ParseResult<Self> {
        p.parse_punct("<")?;
        let flags = FASTMATH.parse(p)?;
        p.parse_punct(">")?;
        Ok(FastMathAttr { flags })
    }
}

/// The `overflowFlags` attribute: an [`IntegerOverflowAttr`], printed `<nsw, nuw>` after the
/// `overflow` keyword in custom forms; defaults to `none`.
pub struct OverflowFlags;

impl OverflowFlags {
    /// `#arith.overflow<none>`.
    pub fn none(ctx: &mut Context) -> Attribute {
        IntegerOverflowAttr::get(ctx, 0)
    }
}

impl tail_ir::AttrConstraint for OverflowFlags {
    const DESCRIPTION: &'static str = "Integer overflow arith flags";
    fn check(ctx: &Context, a: Attribute) -> bool {
        IntegerOverflowAttr::from_attr(ctx, a).is_some()
    }
    fn print(p: &mut Printer<'_>, a: Attribute) -> fmt::Result {
        match IntegerOverflowAttr::from_attr(p.ctx, a) {
            Some(f) => f.clone().print_body(p),
            None => p.print_attr(a),
        }
    }
    fn parse(p: &mut Parser<'_>) -> ParseResult<Attribute> {
        let v = IntegerOverflowAttr::parse_body(p)?;
        Ok(IntegerOverflowAttr::get(p.ctx, v.flags))
    }
    fn parse_optional(p: &mut Parser<'_>) -> ParseResult<Option<Attribute>> {
        Self::parse(p).map(Some)
    }
}

/// The `fastmath` attribute: a [`FastMathAttr`], printed `<fast>` after the `fastmath`
/// keyword in custom forms; defaults to `none`.
pub struct FastMathFlags;

impl FastMathFlags {
    /// `#arith.fastmath<none>`.
    pub fn none(ctx: &mut Context) -> Attribute {
        FastMathAttr::get(ctx, 0)
    }
}

impl tail_ir::AttrConstraint for FastMathFlags {
    const DESCRIPTION: &'static str = "Floating point fast math flags";
    fn check(ctx: &Context, a: Attribute) -> bool {
        FastMathAttr::from_attr(ctx, a).is_some()
    }
    fn print(p: &mut Printer<'_>, a: Attribute) -> fmt::Result {
        match FastMathAttr::from_attr(p.ctx, a) {
            Some(f) => f.clone().print_body(p),
            None => p.print_attr(a),
        }
    }
    fn parse(p: &mut Parser<'_>) -> ParseResult<Attribute> {
        let v = FastMathAttr::parse_body(p)?;
        Ok(FastMathAttr::get(p.ctx, v.flags))
    }
    fn parse_optional(p: &mut Parser<'_>) -> ParseResult<Option<Attribute>> {
        Self::parse(p).map(Some)
    }
}

/// The optional `roundingmode` attribute of `arith.truncf`: upstream's `RoundingMode` enum,
/// stored as an `i32` (`to_nearest_even` = 0, `downward`, `upward`, `toward_zero`,
/// `to_nearest_away` = 4) and printed as its keyword.
pub struct RoundingModeAttr;

impl RoundingModeAttr {
    /// The keywords, by value.
    pub const KEYWORDS: &'static [&'static str] = &[
        "to_nearest_even",
        "downward",
        "upward",
        "toward_zero",
        "to_nearest_away",
    ];
    /// The value of `a` if it is a rounding mode.
    pub fn value(ctx: &Context, a: Attribute) -> Option<i64> {
        match ctx.attr_kind(a) {
            tail_ir::AttrKind::Integer { value, ty }
                if matches!(
                    ctx.type_kind(*ty),
                    tail_ir::TypeKind::Integer {
                        width: 32,
                        signedness: tail_ir::Signedness::Signless
                    }
                ) && (0..Self::KEYWORDS.len() as i64).contains(value) =>
            {
                Some(*value)
            }
            _ => None,
        }
    }
}

impl tail_ir::AttrConstraint for RoundingModeAttr {
    const DESCRIPTION: &'static str = "Floating point rounding mode";
    fn check(ctx: &Context, a: Attribute) -> bool {
        Self::value(ctx, a).is_some()
    }
    fn print(p: &mut Printer<'_>, a: Attribute) -> fmt::Result {
        match Self::value(p.ctx, a) {
            Some(v) => p.write_str(Self::KEYWORDS[v as usize]),
            None => p.print_attr(a),
        }
    }
    fn parse(p: &mut Parser<'_>) -> ParseResult<Attribute> {
        match Self::parse_optional(p)? {
            Some(a) => Ok(a),
            None => Err(p.error_here(format!(
                "expected ::mlir::arith::RoundingMode to be one of: {}",
                Self::KEYWORDS.join(", ")
            ))),
        }
    }
    fn parse_optional(p: &mut Parser<'_>) -> ParseResult<Option<Attribute>> {
        let Some(v) = Self::KEYWORDS
            .iter()
            .position(|k| p.parse_optional_keyword(k))
        else {
            return Ok(None);
        };
        let i32t = p.ctx.int_type(32);
        Ok(Some(p.ctx.int_attr(i32t, v as i64)))
    }
}
