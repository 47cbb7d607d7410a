//! Types: uniqued in the [`Context`](crate::Context) and named by a `Copy` [`Type`] handle.
//!
//! The builtin types mirror MLIR's builtin dialect (`i32`, `index`, `f64`, `tensor<?x4xf32>`,
//! `memref<8xf32, 3>`, `(i32) -> f32`, `tuple<…>`, `complex<f64>`, `none`). Dialects add their own
//! types by implementing [`DialectType`] (usually through `#[type_def]`); a type of a dialect that
//! is not registered is kept as [`TypeKind::Opaque`] text, as MLIR does under
//! `--allow-unregistered-dialect`.

use std::any::Any;
use std::fmt;
use std::hash::{Hash, Hasher};

use crate::attrs::Attribute;
use crate::printer::Printer;

crate::entity_id! {
    /// A uniqued type. Two equal types always have the same handle.
    pub struct Type, "type";
}

/// The extent MLIR uses for a dynamic (`?`) dimension.
pub const DYNAMIC: i64 = i64::MIN;

/// Signedness semantics of an integer type (`i32`, `si32`, `ui32`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Signedness {
    /// `iN`: no signedness.
    Signless,
    /// `siN`.
    Signed,
    /// `uiN`.
    Unsigned,
}

/// The builtin floating-point formats.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FloatKind {
    /// `f16`
    F16,
    /// `bf16`
    BF16,
    /// `f32`
    F32,
    /// `f64`
    F64,
}

impl FloatKind {
    /// The keyword MLIR uses for this format.
    pub fn keyword(self) -> &'static str {
        match self {
            FloatKind::F16 => "f16",
            FloatKind::BF16 => "bf16",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
        }
    }
    /// Bit width.
    pub fn width(self) -> u32 {
        match self {
            FloatKind::F16 | FloatKind::BF16 => 16,
            FloatKind::F32 => 32,
            FloatKind::F64 => 64,
        }
    }
}

/// The structure of a type.
#[derive(Debug)]
pub enum TypeKind {
    /// `iN`, `siN`, `uiN`.
    Integer {
        /// Bit width (1 for `i1`).
        width: u32,
        /// Signedness semantics.
        signedness: Signedness,
    },
    /// `index`.
    Index,
    /// `f16`, `bf16`, `f32`, `f64`.
    Float(FloatKind),
    /// `none`.
    None,
    /// `(inputs) -> results`.
    Function {
        /// Argument types.
        inputs: Vec<Type>,
        /// Result types.
        results: Vec<Type>,
    },
    /// `tuple<…>`.
    Tuple(Vec<Type>),
    /// `complex<elem>`.
    Complex(Type),
    /// `tensor<4x?xf32>`; [`DYNAMIC`] marks `?`.
    RankedTensor {
        /// Extents.
        shape: Vec<i64>,
        /// Element type.
        elem: Type,
    },
    /// `tensor<*xf32>`.
    UnrankedTensor {
        /// Element type.
        elem: Type,
    },
    /// `vector<4xf32>`.
    Vector {
        /// Extents (all static).
        shape: Vec<i64>,
        /// Element type.
        elem: Type,
    },
    /// `memref<4x?xf32, layout, space>`.
    MemRef {
        /// Extents.
        shape: Vec<i64>,
        /// Element type.
        elem: Type,
        /// Optional layout attribute.
        layout: Option<Attribute>,
        /// Optional memory space attribute (e.g. `3` for GPU shared memory).
        memory_space: Option<Attribute>,
    },
    /// `memref<*xf32, space>`.
    UnrankedMemRef {
        /// Element type.
        elem: Type,
        /// Optional memory space.
        memory_space: Option<Attribute>,
    },
    /// A type defined by a registered dialect.
    Dialect(Box<dyn DialectType>),
    /// `!dialect.body` of a dialect that is not registered, kept verbatim.
    Opaque {
        /// Dialect namespace.
        dialect: String,
        /// Everything after `!dialect.`.
        body: String,
    },
}

impl PartialEq for TypeKind {
    fn eq(&self, other: &Self) -> bool {
        use TypeKind::*;
        match (self, other) {
            (
                Integer {
                    width: a,
                    signedness: s,
                },
                Integer {
                    width: b,
                    signedness: t,
                },
            ) => a == b && s == t,
            (Index, Index) | (None, None) => true,
            (Float(a), Float(b)) => a == b,
            (
                Function {
                    inputs: a,
                    results: r,
                },
                Function {
                    inputs: b,
                    results: s,
                },
            ) => a == b && r == s,
            (Tuple(a), Tuple(b)) => a == b,
            (Complex(a), Complex(b)) => a == b,
            (RankedTensor { shape: a, elem: e }, RankedTensor { shape: b, elem: f }) => {
                a == b && e == f
            }
            (UnrankedTensor { elem: a }, UnrankedTensor { elem: b }) => a == b,
            (Vector { shape: a, elem: e }, Vector { shape: b, elem: f }) => a == b && e == f,
            (
                MemRef {
                    shape: a,
                    elem: e,
                    layout: l,
                    memory_space: m,
                },
                MemRef {
                    shape: b,
                    elem: f,
                    layout: k,
                    memory_space: n,
                },
            ) => a == b && e == f && l == k && m == n,
            (
                UnrankedMemRef {
                    elem: a,
                    memory_space: m,
                },
                UnrankedMemRef {
                    elem: b,
                    memory_space: n,
                },
            ) => a == b && m == n,
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
impl Eq for TypeKind {}

impl Hash for TypeKind {
    fn hash<H: Hasher>(&self, state: &mut H) {
        use TypeKind::*;
        std::mem::discriminant(self).hash(state);
        match self {
            Integer { width, signedness } => (width, signedness).hash(state),
            Index | None => {}
            Float(k) => k.hash(state),
            Function { inputs, results } => (inputs, results).hash(state),
            Tuple(ts) => ts.hash(state),
            Complex(t) => t.hash(state),
            RankedTensor { shape, elem } | Vector { shape, elem } => (shape, elem).hash(state),
            UnrankedTensor { elem } => elem.hash(state),
            MemRef {
                shape,
                elem,
                layout,
                memory_space,
            } => (shape, elem, layout, memory_space).hash(state),
            UnrankedMemRef { elem, memory_space } => (elem, memory_space).hash(state),
            Dialect(d) => {
                d.dialect().hash(state);
                d.mnemonic().hash(state);
                let mut h = DynHasher(state);
                d.hash_dyn(&mut h);
            }
            Opaque { dialect, body } => (dialect, body).hash(state),
        }
    }
}

/// Adapts a generic hasher to `&mut dyn Hasher`.
struct DynHasher<'a, H: Hasher>(&'a mut H);
impl<H: Hasher> Hasher for DynHasher<'_, H> {
    fn finish(&self) -> u64 {
        self.0.finish()
    }
    fn write(&mut self, bytes: &[u8]) {
        self.0.write(bytes)
    }
}

/// Equality and hashing through a trait object; implemented for every `PartialEq + Hash` type.
pub trait DynEqHash: Any {
    /// Structural equality with another object of possibly different concrete type.
    fn eq_dyn(&self, other: &dyn Any) -> bool;
    /// Feeds the structure into `state`.
    fn hash_dyn(&self, state: &mut dyn Hasher);
    /// Upcast for downcasting.
    fn as_any(&self) -> &dyn Any;
}

impl<T: PartialEq + Hash + Any> DynEqHash for T {
    fn eq_dyn(&self, other: &dyn Any) -> bool {
        other.downcast_ref::<T>().is_some_and(|o| o == self)
    }
    fn hash_dyn(&self, mut state: &mut dyn Hasher) {
        self.hash(&mut state)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A type contributed by a dialect (`!tail.array<i64, 2>`).
///
/// The printed form is `!dialect.mnemonic` followed by [`print_body`](Self::print_body);
/// the dialect's registered type parser reads the body back.
pub trait DialectType: DynEqHash + fmt::Debug + Send + Sync {
    /// Dialect namespace, e.g. `"tail"`.
    fn dialect(&self) -> &'static str;
    /// Mnemonic after the namespace, e.g. `"array"`; empty for a dialect-level type, printed
    /// `!dialect<…>` and parsed by the dialect's `parse_type` hook.
    fn mnemonic(&self) -> &'static str;
    /// Prints what follows the mnemonic (typically `<…>`; may print nothing).
    fn print_body(&self, p: &mut Printer<'_>) -> fmt::Result;
}
