//! Registration of dialects, operations, types and attributes.
//!
//! Definitions are submitted at link time with [`inventory`] (the `#[op]`, `#[dialect]`,
//! `#[type_def]` and `#[attr_def]` macros do this) and collected into a [`Registry`] when a
//! [`Context`](crate::Context) is created, so every dialect crate linked into a binary is
//! available without explicit registration calls.

use std::fmt;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::attrs::Attribute;
use crate::builder::Builder;
use crate::context::{Context, OpId, OperationState, Value};
use crate::diagnostic::Diagnostic;
use crate::intern::{Interner, Symbol};
use crate::location::Location;
use crate::parser::{ParseResult, Parser};
use crate::printer::Printer;
use crate::rewrite::RewritePatternSet;
use crate::types::Type;

bitflags::bitflags! {
    /// Op traits: static properties that generic code (verifier, passes) relies on.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
    pub struct OpTraits: u32 {
        /// No side effects: removable when unused, subject to CSE.
        const PURE = 1 << 0;
        /// Must be the last op of its block.
        const TERMINATOR = 1 << 1;
        /// Regions may not use values defined outside the op.
        const ISOLATED_FROM_ABOVE = 1 << 2;
        /// Blocks of the op's regions need no terminator.
        const NO_TERMINATOR = 1 << 3;
        /// Each region has at most one block.
        const SINGLE_BLOCK = 1 << 4;
        /// The op's region holds a symbol table (`builtin.module`).
        const SYMBOL_TABLE = 1 << 5;
        /// The op defines a symbol through its `sym_name` attribute.
        const SYMBOL = 1 << 6;
        /// The op materializes a constant; its fold returns the constant attribute.
        const CONSTANT_LIKE = 1 << 7;
        /// A binary op whose operands may be swapped.
        const COMMUTATIVE = 1 << 8;
        /// All operands and results have the same type.
        const SAME_OPERANDS_AND_RESULT_TYPE = 1 << 9;
        /// A terminator that returns control to the parent op (`func.return`, `scf.yield`).
        const RETURN_LIKE = 1 << 10;
        /// Side effects are those of the ops nested in the regions.
        const RECURSIVE_MEMORY_EFFECTS = 1 << 11;
        /// Reads memory.
        const MEM_READ = 1 << 12;
        /// Writes memory.
        const MEM_WRITE = 1 << 13;
        /// Allocates memory (removable when unused).
        const MEM_ALLOC = 1 << 14;
        /// Frees memory.
        const MEM_FREE = 1 << 15;
        /// A function-like op: region 0 is the body, `function_type` the signature.
        const CALLABLE = 1 << 16;
        /// A call: the `callee` attribute names the function; operands are the arguments.
        const CALL = 1 << 17;
        /// `f(f(x)) = x`.
        const INVOLUTION = 1 << 18;
        /// `f(f(x)) = f(x)`.
        const IDEMPOTENT = 1 << 19;
        /// All operands have the same type.
        const SAME_TYPE_OPERANDS = 1 << 20;
        /// Regions are graph regions (no dominance requirement).
        const GRAPH_REGION = 1 << 21;
        /// Values defined in the regions may not be used by the parent's following ops, and
        /// the op's block arguments are its induction variables (loops).
        const LOOP_LIKE = 1 << 22;
    }
}

/// One result of folding: a constant or an existing value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FoldResult {
    /// The result is this constant.
    Attr(Attribute),
    /// The result is this existing value (the op's own result means "updated in place").
    Value(Value),
}

/// Folding hook: given the op and the constant values of its operands (`None` where not
/// constant), returns one fold result per op result, or `None` if it does not fold.
pub type FoldFn = fn(&mut Context, OpId, &[Option<Attribute>]) -> Option<SmallVec<[FoldResult; 1]>>;

/// Verifies one op.
pub type VerifyFn = fn(&Context, OpId) -> Result<(), Diagnostic>;
/// Prints the custom form of an op after its name.
pub type PrintFn = fn(&mut Printer<'_>, OpId) -> fmt::Result;
/// Parses the custom form of an op after its name.
pub type ParseFn = fn(&mut Parser<'_>, &mut OperationState) -> ParseResult<()>;
/// The positions of the operands that an op consumes (see [`OpInfo::consumed_operands`]).
pub type ConsumedOperandsFn = fn(&Context, OpId) -> SmallVec<[usize; 2]>;
/// Builds a constant op producing `value` of type `ty`.
pub type MaterializeConstantFn = fn(&mut Builder<'_>, Attribute, Type, Location) -> Option<OpId>;

/// The registered definition of an operation.
pub struct OpInfo {
    /// Full name, e.g. `arith.addi`.
    pub name: &'static str,
    /// Dialect namespace.
    pub dialect: &'static str,
    /// One-line summary.
    pub summary: &'static str,
    /// Traits.
    pub traits: OpTraits,
    /// Names of the ops this op may be nested directly in (empty: anywhere).
    pub parents: &'static [&'static str],
    /// Dialect whose prefix may be omitted for ops nested in this op's regions
    /// (`func.func` bodies print `return` for `func.return`); empty for none.
    pub default_dialect: &'static str,
    /// Structural and semantic verification (generated from the declaration plus any
    /// hand-written `verify`).
    pub verify: Option<VerifyFn>,
    /// Custom-form printer: prints everything after the op name.
    pub print: Option<PrintFn>,
    /// Custom-form parser: parses everything after the op name into the state.
    pub parse: Option<ParseFn>,
    /// Folding hook.
    pub fold: Option<FoldFn>,
    /// Adds the op's canonicalization patterns.
    pub canonicalize: Option<fn(&mut RewritePatternSet)>,
    /// The positions of the operands the op *consumes* (`#[operand(consumed)]`): an in-place
    /// update of its operand, after which the value must not be used again (Futhark's
    /// uniqueness rule). `None`: the op consumes nothing.
    pub consumed_operands: Option<ConsumedOperandsFn>,
}

inventory::collect!(OpInfo);

impl fmt::Debug for OpInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OpInfo")
            .field("name", &self.name)
            .field("traits", &self.traits)
            .finish_non_exhaustive()
    }
}

/// The registered definition of a dialect.
pub struct DialectInfo {
    /// Namespace, e.g. `arith`.
    pub name: &'static str,
    /// One-line summary.
    pub summary: &'static str,
    /// Builds a constant op producing `value` of type `ty` (used by folding).
    pub materialize_constant: Option<MaterializeConstantFn>,
    /// Parses a dialect-level attribute `#dialect<…>` (upstream's `Dialect::parseAttribute`),
    /// called with the parser at the `<`. Such attributes implement
    /// [`DialectAttr`](crate::attrs::DialectAttr) with an empty mnemonic and print as
    /// `#dialect` followed by their body.
    pub parse_attribute: Option<fn(&mut Parser<'_>) -> ParseResult<Attribute>>,
    /// Parses a dialect-level type `!dialect<…>`, called with the parser at the `<`; such
    /// types have an empty mnemonic and print as `!dialect` followed by their body.
    pub parse_type: Option<fn(&mut Parser<'_>) -> ParseResult<Type>>,
}

inventory::collect!(DialectInfo);

/// A dialect type's parser, keyed by dialect and mnemonic.
pub struct TypeDefInfo {
    /// Dialect namespace.
    pub dialect: &'static str,
    /// Mnemonic.
    pub mnemonic: &'static str,
    /// Parses what follows `!dialect.mnemonic`.
    pub parse: fn(&mut Parser<'_>) -> ParseResult<Type>,
}

inventory::collect!(TypeDefInfo);

/// A dialect attribute's parser, keyed by dialect and mnemonic.
pub struct AttrDefInfo {
    /// Dialect namespace.
    pub dialect: &'static str,
    /// Mnemonic.
    pub mnemonic: &'static str,
    /// Parses what follows `#dialect.mnemonic`.
    pub parse: fn(&mut Parser<'_>) -> ParseResult<Attribute>,
}

inventory::collect!(AttrDefInfo);

/// The default value of a defaulted op attribute (`#[attr(default = …)]`), interned by every
/// [`Context`] (see [`Context::default_attr_value`]).
pub struct DefaultAttrInfo {
    /// Full op name.
    pub op: &'static str,
    /// Attribute name.
    pub attr: &'static str,
    /// Builds the default value.
    pub build: fn(&mut Context) -> Attribute,
}

inventory::collect!(DefaultAttrInfo);

/// Everything registered, indexed for lookup.
#[derive(Default)]
pub struct Registry {
    ops: FxHashMap<Symbol, &'static OpInfo>,
    dialects: FxHashMap<&'static str, &'static DialectInfo>,
    /// Dialect namespace → mnemonic → parser.
    type_defs: FxHashMap<&'static str, FxHashMap<&'static str, &'static TypeDefInfo>>,
    /// Dialect namespace → mnemonic → parser.
    attr_defs: FxHashMap<&'static str, FxHashMap<&'static str, &'static AttrDefInfo>>,
}

impl Registry {
    pub(crate) fn collect(interner: &mut Interner) -> Self {
        let mut r = Registry::default();
        for d in inventory::iter::<DialectInfo> {
            r.dialects.insert(d.name, d);
        }
        for op in inventory::iter::<OpInfo> {
            r.ops.insert(interner.intern(op.name), op);
        }
        for t in inventory::iter::<TypeDefInfo> {
            r.type_defs
                .entry(t.dialect)
                .or_default()
                .insert(t.mnemonic, t);
        }
        for a in inventory::iter::<AttrDefInfo> {
            r.attr_defs
                .entry(a.dialect)
                .or_default()
                .insert(a.mnemonic, a);
        }
        r
    }
    /// The definition of op `name`.
    pub fn op(&self, name: Symbol) -> Option<&'static OpInfo> {
        self.ops.get(&name).copied()
    }
    /// The dialect with namespace `name`.
    pub fn dialect(&self, name: &str) -> Option<&'static DialectInfo> {
        self.dialects.get(name).copied()
    }
    /// The parser of type `!dialect.mnemonic`.
    pub fn type_def(&self, dialect: &str, mnemonic: &str) -> Option<&'static TypeDefInfo> {
        self.type_defs.get(dialect)?.get(mnemonic).copied()
    }
    /// The parser of attribute `#dialect.mnemonic`.
    pub fn attr_def(&self, dialect: &str, mnemonic: &str) -> Option<&'static AttrDefInfo> {
        self.attr_defs.get(dialect)?.get(mnemonic).copied()
    }
    /// Every registered op definition, sorted by name.
    pub fn ops(&self) -> Vec<&'static OpInfo> {
        let mut v: Vec<_> = self.ops.values().copied().collect();
        v.sort_by_key(|i| i.name);
        v
    }
    /// Every registered dialect, sorted by name.
    pub fn dialects(&self) -> Vec<&'static DialectInfo> {
        let mut v: Vec<_> = self.dialects.values().copied().collect();
        v.sort_by_key(|d| d.name);
        v
    }
}

/// A typed handle to an operation of a known kind (generated by `#[op]`).
pub trait Op: Copy {
    /// Full op name.
    const NAME: &'static str;
    /// The handle if `op` is of this kind.
    fn from_op(ctx: &Context, op: OpId) -> Option<Self>;
    /// The underlying operation.
    fn op(self) -> OpId;
}

/// The positions of the operands of `op` that it consumes (declared with
/// `#[operand(consumed)]`); empty for ops that consume nothing and unregistered ops.
pub fn consumed_operands(ctx: &Context, op: OpId) -> SmallVec<[usize; 2]> {
    match ctx.op_def(op).and_then(|i| i.consumed_operands) {
        Some(f) => f(ctx, op),
        None => SmallVec::new(),
    }
}

/// Whether operand `index` of `op` is consumed by `op`.
pub fn is_operand_consumed(ctx: &Context, op: OpId, index: usize) -> bool {
    ctx.op_def(op)
        .and_then(|i| i.consumed_operands)
        .is_some_and(|f| f(ctx, op).contains(&index))
}

/// Whether some use of `value` consumes it.
pub fn is_value_consumed(ctx: &Context, value: Value) -> bool {
    ctx.uses(value)
        .any(|u| is_operand_consumed(ctx, u.op, u.index as usize))
}
