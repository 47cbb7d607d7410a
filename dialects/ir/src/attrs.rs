//! Attributes: compile-time constants attached to operations, uniqued in the
//! [`Context`](crate::Context) and named by a `Copy` [`Attribute`] handle.
//!
//! The builtin attributes follow MLIR's syntax: `unit`, `true` (an `i1` integer), `42 : i32`, `1.5 : f64`,
//! `"text"`, `i32` (a type), `[a, b]`, `{k = v}`, `@sym::@nested`, `array<i64: 1, 2>`,
//! `dense<[1, 2]> : tensor<2xi32>`. Dialects add attributes through [`DialectAttr`].

use std::fmt;
use std::hash::{Hash, Hasher};

use crate::intern::Symbol;
use crate::printer::Printer;
use crate::types::{DynEqHash, Type};

crate::entity_id! {
    /// A uniqued attribute. Two equal attributes always have the same handle.
    pub struct Attribute, "attr";
}

/// An attribute with a name, as held in an op's attribute dictionary.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct NamedAttr {
    /// The name.
    pub name: Symbol,
    /// The value.
    pub value: Attribute,
}

/// The payload of a dense elements attribute.
#[derive(Clone, Debug, PartialEq)]
pub enum DenseValues {
    /// Integer elements (booleans are 0/1).
    Ints(Vec<i64>),
    /// Floating-point elements.
    Floats(Vec<f64>),
}

impl DenseValues {
    /// Number of stored elements (1 for a splat).
    pub fn len(&self) -> usize {
        match self {
            DenseValues::Ints(v) => v.len(),
            DenseValues::Floats(v) => v.len(),
        }
    }
    /// Whether no element is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Eq for DenseValues {}
impl Hash for DenseValues {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match self {
            DenseValues::Ints(v) => {
                0u8.hash(state);
                v.hash(state)
            }
            DenseValues::Floats(v) => {
                1u8.hash(state);
                for f in v {
                    f.to_bits().hash(state)
                }
            }
        }
    }
}

/// The structure of an attribute.
#[derive(Debug)]
pub enum AttrKind {
    /// `unit`: presence is the information.
    Unit,
    /// `42 : i64`; the value is stored sign-extended (`i1` true is 1, printed `true`).
    Integer {
        /// The value, wrapped to the type's width.
        value: i64,
        /// An integer or `index` type.
        ty: Type,
    },
    /// `1.5 : f32`; the value is kept as an `f64`.
    Float {
        /// The value.
        value: f64,
        /// A float type.
        ty: Type,
    },
    /// `"text"`.
    String(String),
    /// A type used as an attribute (`i32`, `(i32) -> i32`).
    Type(Type),
    /// `[a, b, …]`.
    Array(Vec<Attribute>),
    /// `{a = 1, b}`; entries are sorted by name.
    Dictionary(Vec<NamedAttr>),
    /// `@root::@nested`.
    SymbolRef {
        /// The root symbol.
        root: Symbol,
        /// Nested references.
        nested: Vec<Symbol>,
    },
    /// `array<i64: 1, 2>` (also `i32`, `i1`, `f32`, `f64` element types).
    DenseArray {
        /// Element type.
        elem: Type,
        /// Elements.
        values: DenseValues,
    },
    /// `dense<…> : tensor<…>`: a splat if one value is stored for a larger shape.
    DenseElements {
        /// A ranked tensor or vector type.
        ty: Type,
        /// The elements (one for a splat).
        values: DenseValues,
    },
    /// An attribute defined by a registered dialect.
    Dialect(Box<dyn DialectAttr>),
    /// `#dialect.body` of an unregistered dialect, kept verbatim.
    Opaque {
        /// Dialect namespace.
        dialect: String,
        /// Everything after `#dialect.`.
        body: String,
    },
}

impl PartialEq for AttrKind {
    fn eq(&self, other: &Self) -> bool {
        use AttrKind::*;
        match (self, other) {
            (Unit, Unit) => true,
            (Integer { value: a, ty: s }, Integer { value: b, ty: t }) => a == b && s == t,
            (Float { value: a, ty: s }, Float { value: b, ty: t }) => {
                a.to_bits() == b.to_bits() && s == t
            }
            (String(a), String(b)) => a == b,
            (Type(a), Type(b)) => a == b,
            (Array(a), Array(b)) => a == b,
            (Dictionary(a), Dictionary(b)) => a == b,
            (SymbolRef { root: a, nested: x }, SymbolRef { root: b, nested: y }) => {
                a == b && x == y
            }
            (DenseArray { elem: a, values: x }, DenseArray { elem: b, values: y }) => {
                a == b && x == y
            }
            (DenseElements { ty: a, values: x }, DenseElements { ty: b, values: y }) => {
                a == b && x == y
            }
            (Dialect(a), Dialect(b)) => DynEqHash::eq_dyn(a.as_ref(), b.as_any()),
            (
                Opaque {
                    dialect: a,
                    body: x,
                },
                Opaque {
                    dialect: b,
                    body: y,
                },
            ) => a == b && x == y,
            _ => false,
        }
    }
}
impl Eq for AttrKind {}

impl Hash for AttrKind {
    fn hash<H: Hasher>(&self, state: &mut H) {
        use AttrKind::*;
        std::mem::discriminant(self).hash(state);
        match self {
            Unit => {}
            Integer { value, ty } => (value, ty).hash(state),
            Float { value, ty } => (value.to_bits(), ty).hash(state),
            String(s) => s.hash(state),
            Type(t) => t.hash(state),
            Array(a) => a.hash(state),
            Dictionary(d) => d.hash(state),
            SymbolRef { root, nested } => (root, nested).hash(state),
            DenseArray { elem, values } => (elem, values).hash(state),
            DenseElements { ty, values } => (ty, values).hash(state),
            Dialect(d) => {
                d.dialect().hash(state);
                d.mnemonic().hash(state);
                let mut bytes = Vec::new();
                d.hash_dyn(&mut VecHasher(&mut bytes));
                bytes.hash(state);
            }
            Opaque { dialect, body } => (dialect, body).hash(state),
        }
    }
}

/// Collects hashed bytes so a `dyn Hasher` can feed a generic one.
struct VecHasher<'a>(&'a mut Vec<u8>);
impl Hasher for VecHasher<'_> {
    fn finish(&self) -> u64 {
        0
    }
    fn write(&mut self, bytes: &[u8]) {
        self.0.extend_from_slice(bytes)
    }
}

/// An attribute contributed by a dialect (`#hpar.level<block>`).
pub trait DialectAttr: DynEqHash + fmt::Debug + Send + Sync {
    /// Dialect namespace.
    fn dialect(&self) -> &'static str;
    /// Mnemonic after the namespace; empty for a dialect-level attribute, printed `#dialect<…>`
    /// and parsed by the dialect's `parse_attribute` hook.
    fn mnemonic(&self) -> &'static str;
    /// Prints what follows the mnemonic (typically `<…>`).
    fn print_body(&self, p: &mut Printer<'_>) -> fmt::Result;
}
