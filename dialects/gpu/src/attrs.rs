//! Attributes and types of the `gpu` dialect, spelled as upstream's (`GPUBase.td`,
//! `GPUOps.td`).
//!
//! * `#gpu.address_space<global|workgroup|private>` ([`AddressSpaceAttr`]): the memory space
//!   of a memref (`memref<32xf32, #gpu.address_space<workgroup>>` is shared memory);
//! * `#gpu<dim x|y|z>` ([`DimKw`]) and `#gpu<shuffle_mode xor|down|up|idx>`
//!   ([`ShuffleModeKw`]): upstream's enum attributes, dialect-level attributes
//!   ([`GpuEnumAttr`], parsed by the dialect's `parse_attribute` hook) printed as keywords in
//!   the ops' custom forms;
//! * `!gpu.async.token` ([`AsyncTokenType`]).

use std::fmt::{self, Write as _};

use tail_ir::parser::{ParseResult, Parser};
use tail_ir::printer::Printer;
use tail_ir::{attr_def, type_def, AttrKind, Attribute, Context, Diagnostic, Type, TypeKind};

use crate::GpuDialect;

/// A GPU memory space.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AddressSpace {
    /// Global (device) memory.
    Global,
    /// Memory shared by the threads of a workgroup (block): CUDA's shared memory.
    Workgroup,
    /// Memory private to a thread.
    Private,
}

impl AddressSpace {
    /// The keyword.
    pub fn name(self) -> &'static str {
        match self {
            AddressSpace::Global => "global",
            AddressSpace::Workgroup => "workgroup",
            AddressSpace::Private => "private",
        }
    }
}

/// `#gpu.address_space<workgroup>`.
#[attr_def(dialect = GpuDialect, mnemonic = "address_space", custom_assembly)]
pub struct AddressSpaceAttr {
    /// The memory space.
    pub space: AddressSpace,
}

impl AddressSpaceAttr {
    fn print_body(&self, p: &mut Printer<'_>) -> fmt::Result {
        write!(p, "<{}>", self.space.name())
    }
    fn parse_body(p: &mut Parser<'_>) -> ParseResult<Self> {
        p.parse_punct("<")?;
        let loc = p.loc();
        let kw = p.parse_any_keyword()?;
        let space = [
            AddressSpace::Global,
            AddressSpace::Workgroup,
            AddressSpace::Private,
        ]
        .into_iter()
        .find(|s| s.name() == kw)
        .ok_or_else(|| {
            Diagnostic::error(
                loc,
                format!(
                    "expected one of [global, workgroup, private] for gpu address space, got: {kw}"
                ),
            )
        })?;
        p.parse_punct(">")?;
        Ok(AddressSpaceAttr { space })
    }
}

/// The address space of a memref type (`None` for the default memory space or a non-memref).
pub fn memref_address_space(ctx: &Context, ty: Type) -> Option<AddressSpace> {
    match ctx.type_kind(ty) {
        TypeKind::MemRef {
            memory_space: Some(m),
            ..
        }
        | TypeKind::UnrankedMemRef {
            memory_space: Some(m),
            ..
        } => AddressSpaceAttr::from_attr(ctx, *m).map(|a| a.space),
        _ => None,
    }
}

/// `!gpu.async.token`: orders asynchronous GPU operations.
#[type_def(dialect = GpuDialect, mnemonic = "async.token")]
pub struct AsyncTokenType;

tail_ir::type_constraint! {
    /// `!gpu.async.token`.
    pub AsyncToken: "async token type" =
        |ctx, ty| AsyncTokenType::from_type(ctx, ty).is_some(),
        build = |ctx| AsyncTokenType::get(ctx);
    /// An integer or float of 32 or 64 bits (what `gpu.shuffle` moves).
    pub ShuffleValue: "i32, i64, f32 or f64" = |ctx, ty| matches!(ctx.type_kind(ty),
        TypeKind::Integer { width: 32 | 64, .. }
        | TypeKind::Float(tail_ir::FloatKind::F32 | tail_ir::FloatKind::F64));
}

/// One of upstream's enum attributes, the dialect-level attribute `#gpu<{name} {keyword}>`
/// (`#gpu<dim x>`, `#gpu<shuffle_mode xor>`): it has no mnemonic after a dot, so it is parsed by
/// the dialect's `parse_attribute` hook ([`parse_gpu_attribute`]) and prints as `#gpu<…>`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GpuEnumAttr {
    /// The enum's name (`dim`, `shuffle_mode`).
    pub name: &'static str,
    /// The case (`x`, `xor`).
    pub keyword: &'static str,
}

impl tail_ir::attrs::DialectAttr for GpuEnumAttr {
    fn dialect(&self) -> &'static str {
        "gpu"
    }
    fn mnemonic(&self) -> &'static str {
        ""
    }
    fn print_body(&self, p: &mut Printer<'_>) -> fmt::Result {
        write!(p, "<{} {}>", self.name, self.keyword)
    }
}

impl GpuEnumAttr {
    /// The parameters of `a` if it is a gpu enum attribute.
    pub fn from_attr(ctx: &Context, a: Attribute) -> Option<&GpuEnumAttr> {
        match ctx.attr_kind(a) {
            AttrKind::Dialect(d) => tail_ir::types::DynEqHash::as_any(&**d).downcast_ref(),
            _ => None,
        }
    }
}

/// The enums of `#gpu<…>`: name, cases, and upstream's C++ enum (named in diagnostics).
const GPU_ENUMS: &[(&str, &[&str], &str)] = &[
    ("dim", DimKw::KEYWORDS, "::mlir::gpu::Dimension"),
    (
        "shuffle_mode",
        ShuffleModeKw::KEYWORDS,
        "::mlir::gpu::ShuffleMode",
    ),
];

/// The keyword of upstream enum attribute `#gpu<{enum_name} {kw}>`, if `a` is one.
fn enum_keyword<'c>(ctx: &'c Context, a: Attribute, enum_name: &str) -> Option<&'c str> {
    GpuEnumAttr::from_attr(ctx, a)
        .filter(|e| e.name == enum_name)
        .map(|e| e.keyword)
}

/// Upstream's enum attribute `#gpu<{enum_name} {kw}>`; `None` if `kw` is not one of its cases.
pub fn enum_attr(ctx: &mut Context, enum_name: &str, kw: &str) -> Option<Attribute> {
    let (name, cases, _) = GPU_ENUMS.iter().find(|(n, _, _)| *n == enum_name)?;
    let keyword = cases.iter().find(|&&c| c == kw)?;
    Some(ctx.intern_attr(AttrKind::Dialect(Box::new(GpuEnumAttr { name, keyword }))))
}

/// The gpu dialect's `parse_attribute` hook: `#gpu<dim x>`, `#gpu<shuffle_mode xor>`, with
/// upstream's diagnostics.
pub fn parse_gpu_attribute(p: &mut Parser<'_>) -> ParseResult<Attribute> {
    p.parse_punct("<")?;
    let loc = p.loc();
    let name = p.parse_any_keyword()?;
    let Some(&(enum_name, cases, desc)) = GPU_ENUMS.iter().find(|(n, _, _)| *n == name) else {
        return Err(Diagnostic::error(
            loc,
            format!("unknown attribute `{name}` in dialect `gpu`"),
        ));
    };
    let loc = p.loc();
    let kw = p.parse_any_keyword()?;
    let Some(a) = enum_attr(p.ctx, enum_name, &kw) else {
        return Err(Diagnostic::error(
            loc,
            format!("expected {desc} to be one of: {}", cases.join(", ")),
        ));
    };
    p.parse_punct(">")?;
    Ok(a)
}

/// Defines a keyword-printed constraint over one of upstream's enum attributes.
macro_rules! enum_kw {
    ($(#[$m:meta])* $name:ident, $enum_name:literal, $desc:literal, [$($kw:literal),*]) => {
        $(#[$m])*
        pub struct $name;

        impl $name {
            /// The accepted keywords.
            pub const KEYWORDS: &'static [&'static str] = &[$($kw),*];
            /// The attribute for keyword `kw`.
            ///
            /// Panics if `kw` is not one of [`KEYWORDS`](Self::KEYWORDS).
            pub fn get(ctx: &mut Context, kw: &str) -> Attribute {
                enum_attr(ctx, $enum_name, kw)
                    .unwrap_or_else(|| panic!("`{kw}` is not a {}", $enum_name))
            }
            /// The keyword of `a`, if it is one of these attributes.
            pub fn keyword(ctx: &Context, a: Attribute) -> Option<&str> {
                enum_keyword(ctx, a, $enum_name).filter(|k| Self::KEYWORDS.contains(k))
            }
        }

        impl tail_ir::AttrConstraint for $name {
            const DESCRIPTION: &'static str = $desc;
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
                let kw = p.parse_any_keyword()?;
                if !Self::KEYWORDS.contains(&kw.as_str()) {
                    return Err(Diagnostic::error(
                        loc,
                        format!(
                            "expected one of [{}] for {}, got: {kw}",
                            Self::KEYWORDS.join(", "),
                            $desc
                        ),
                    ));
                }
                Ok(Self::get(p.ctx, &kw))
            }
            fn parse_optional(p: &mut Parser<'_>) -> ParseResult<Option<Attribute>> {
                Self::parse(p).map(Some)
            }
        }
    };
}

enum_kw!(
    /// A dimension of the thread/block grid, `#gpu<dim x>`, printed `x` in custom forms.
    DimKw, "dim", "a dimension, either 'x', 'y', or 'z'", ["x", "y", "z"]
);

enum_kw!(
    /// A shuffle mode, `#gpu<shuffle_mode xor>`, printed `xor` in custom forms.
    ShuffleModeKw, "shuffle_mode", "Indexing modes supported by gpu.shuffle.", ["xor", "up", "down", "idx"]
);
