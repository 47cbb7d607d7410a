//! The [`Context`]: owner of every IR object and of the uniqued types, attributes and locations.
//!
//! Operations, blocks, regions and values live in arenas inside the context and are named by
//! `Copy` handles ([`OpId`], [`BlockId`], [`RegionId`], [`Value`]). Operations in a block form an
//! intrusive doubly linked list, so insertion and erasure are O(1). Every operand slot is a node
//! in its value's intrusive use list, so replacing or dropping a use is O(1) as well.
//!
//! Mutation goes through `&mut Context`. When a [`Journal`] is enabled (the greedy rewrite
//! driver does this), every structural change is recorded so that drivers can keep worklists
//! up to date without the mutating code having to know about them.

use std::hash::{BuildHasher, Hash};

use rustc_hash::{FxBuildHasher, FxHashMap};
use smallvec::SmallVec;

use crate::attrs::{AttrKind, Attribute, NamedAttr};
use crate::diagnostic::{Diagnostic, SourceManager};
use crate::entity::{Arena, EntityId};
use crate::intern::{Interner, Symbol};
use crate::location::{LocKind, Location};
use crate::registry::{OpInfo, OpTraits, Registry};
use crate::types::{DialectType, FloatKind, Signedness, Type, TypeKind};

crate::entity_id! {
    /// An operation.
    pub struct OpId, "op";
}
crate::entity_id! {
    /// A basic block.
    pub struct BlockId, "bb";
}
crate::entity_id! {
    /// A region (a list of blocks owned by an operation).
    pub struct RegionId, "region";
}
crate::entity_id! {
    /// An SSA value: an operation result or a block argument.
    pub struct Value, "%";
}

/// One use of a value: operand `index` of operation `op`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct OpOperand {
    /// The using operation.
    pub op: OpId,
    /// Which operand.
    pub index: u32,
}

/// Where a value comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ValueDef {
    /// Result `index` of `op`.
    OpResult {
        /// The defining operation.
        op: OpId,
        /// Result number.
        index: u32,
    },
    /// Argument `index` of `block`.
    BlockArg {
        /// The owning block.
        block: BlockId,
        /// Argument number.
        index: u32,
    },
    /// A forward reference created by the parser, replaced once the definition is seen.
    Placeholder,
}

#[derive(Clone, Copy, Debug)]
struct OperandSlot {
    value: Value,
    prev_use: Option<OpOperand>,
    next_use: Option<OpOperand>,
}

struct ValueData {
    ty: Type,
    def: ValueDef,
    first_use: Option<OpOperand>,
}

/// An operation name: the interned string and, when registered, its definition.
#[derive(Copy, Clone, Debug)]
pub struct OpName {
    /// The full name, e.g. `arith.addi`.
    pub sym: Symbol,
    /// The registered definition, or `None` for an unregistered op.
    pub info: Option<&'static OpInfo>,
}

struct OperationData {
    name: OpName,
    operands: SmallVec<[OperandSlot; 3]>,
    results: SmallVec<[Value; 1]>,
    attrs: SmallVec<[NamedAttr; 2]>,
    regions: SmallVec<[RegionId; 1]>,
    successors: SmallVec<[BlockId; 1]>,
    loc: Location,
    parent: Option<BlockId>,
    prev: Option<OpId>,
    next: Option<OpId>,
}

struct BlockData {
    args: SmallVec<[Value; 2]>,
    first: Option<OpId>,
    last: Option<OpId>,
    parent: Option<RegionId>,
}

struct RegionData {
    blocks: Vec<BlockId>,
    parent: Option<OpId>,
}

/// Everything needed to create an operation.
#[derive(Clone, Debug)]
pub struct OperationState {
    /// Full op name.
    pub name: Symbol,
    /// Location.
    pub loc: Location,
    /// Operands.
    pub operands: Vec<Value>,
    /// Result types.
    pub result_types: Vec<Type>,
    /// Attributes (any order; the op keeps them sorted by name).
    pub attrs: Vec<NamedAttr>,
    /// Regions, created detached (see [`Context::create_region`]).
    pub regions: Vec<RegionId>,
    /// Successor blocks.
    pub successors: Vec<BlockId>,
}

impl OperationState {
    /// A state for op `name` at `loc` with nothing else.
    pub fn new(ctx: &mut Context, name: &str, loc: Location) -> Self {
        OperationState {
            name: ctx.intern(name),
            loc,
            operands: Vec::new(),
            result_types: Vec::new(),
            attrs: Vec::new(),
            regions: Vec::new(),
            successors: Vec::new(),
        }
    }
    /// Adds an attribute.
    pub fn add_attr(&mut self, ctx: &mut Context, name: &str, value: Attribute) {
        let name = ctx.intern(name);
        self.attrs.retain(|a| a.name != name);
        self.attrs.push(NamedAttr { name, value });
    }
}

/// Where new operations go.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InsertPoint {
    /// Nowhere: the op stays detached.
    Detached,
    /// At the start of a block.
    BlockStart(BlockId),
    /// At the end of a block.
    BlockEnd(BlockId),
    /// Immediately before an op.
    Before(OpId),
    /// Immediately after an op.
    After(OpId),
}

/// A structural change, as recorded by the [`Journal`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IrEvent {
    /// An op was inserted into a block.
    Inserted(OpId),
    /// An op's operands, attributes, or result types changed.
    Modified(OpId),
    /// An op is about to be erased.
    Erased(OpId),
    /// The use list of a value lost a user (its producer may now be dead).
    UseDropped(Value),
}

/// A log of structural changes, enabled by drivers that need to react to them.
#[derive(Default, Debug)]
pub struct Journal {
    /// The recorded events, oldest first.
    pub events: Vec<IrEvent>,
}

struct Uniquer<K: EntityId, V: Hash + Eq> {
    items: Vec<V>,
    index: FxHashMap<u64, SmallVec<[K; 1]>>,
}

impl<K: EntityId, V: Hash + Eq> Default for Uniquer<K, V> {
    fn default() -> Self {
        Uniquer {
            items: Vec::new(),
            index: FxHashMap::default(),
        }
    }
}

impl<K: EntityId, V: Hash + Eq> Uniquer<K, V> {
    fn get_or_insert(&mut self, v: V) -> K {
        let h = FxBuildHasher.hash_one(&v);
        let bucket = self.index.entry(h).or_default();
        for &k in bucket.iter() {
            if self.items[k.index()] == v {
                return k;
            }
        }
        let k = K::from_index(self.items.len());
        self.items.push(v);
        bucket.push(k);
        k
    }
    fn get(&self, k: K) -> &V {
        &self.items[k.index()]
    }
}

/// The change count at which a block's ops were numbered, and their positions.
type BlockOrder = (u64, FxHashMap<OpId, u32>);

/// The owner of all IR: see the module documentation.
pub struct Context {
    pub(crate) interner: Interner,
    types: Uniquer<Type, TypeKind>,
    attrs: Uniquer<Attribute, AttrKind>,
    locs: Uniquer<Location, LocKind>,
    ops: Arena<OpId, OperationData>,
    blocks: Arena<BlockId, BlockData>,
    regions: Arena<RegionId, RegionData>,
    values: Arena<Value, ValueData>,
    pub(crate) registry: Registry,
    pub(crate) diagnostics: Vec<Diagnostic>,
    pub(crate) error_count: usize,
    pub(crate) sources: SourceManager,
    /// Accept operations (and types/attributes) of dialects that are not registered.
    pub allow_unregistered: bool,
    journal: Option<Journal>,
    change_count: u64,
    /// The positions of the ops of blocks that [`Context::is_before_in_block`] compared far
    /// apart, each valid while the change count is the one recorded with it (inserting,
    /// moving or erasing an op changes it).
    order: std::cell::RefCell<FxHashMap<BlockId, BlockOrder>>,
    /// Default values of defaulted op attributes, by (op, attribute) name.
    default_attrs: FxHashMap<(&'static str, &'static str), Attribute>,
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

impl Context {
    /// A context with every linked dialect registered.
    pub fn new() -> Self {
        let mut ctx = Context {
            interner: Interner::default(),
            types: Uniquer::default(),
            attrs: Uniquer::default(),
            locs: Uniquer::default(),
            ops: Arena::new(),
            blocks: Arena::new(),
            regions: Arena::new(),
            values: Arena::new(),
            registry: Registry::default(),
            diagnostics: Vec::new(),
            error_count: 0,
            sources: SourceManager::default(),
            allow_unregistered: false,
            journal: None,
            change_count: 0,
            order: Default::default(),
            default_attrs: FxHashMap::default(),
        };
        let registry = Registry::collect(&mut ctx.interner);
        ctx.registry = registry;
        for d in inventory::iter::<crate::registry::DefaultAttrInfo> {
            let a = (d.build)(&mut ctx);
            ctx.default_attrs.insert((d.op, d.attr), a);
        }
        ctx
    }

    /// The default value of attribute `attr` of op `op` declared with `#[attr(default = …)]`
    /// (MLIR's `DefaultValuedAttr`), if it is one.
    pub fn default_attr_value(&self, op: &str, attr: &str) -> Option<Attribute> {
        self.default_attrs.get(&(op, attr)).copied()
    }

    // ----- interning -------------------------------------------------------------------------

    /// Interns a string.
    pub fn intern(&mut self, s: &str) -> Symbol {
        self.interner.intern(s)
    }
    /// The string behind a symbol.
    pub fn str(&self, sym: Symbol) -> &str {
        self.interner.resolve(sym)
    }
    /// The symbol for `s` if it was ever interned.
    pub fn lookup_symbol(&self, s: &str) -> Option<Symbol> {
        self.interner.lookup(s)
    }

    // ----- types -----------------------------------------------------------------------------

    /// Uniques a type.
    pub fn intern_type(&mut self, kind: TypeKind) -> Type {
        self.types.get_or_insert(kind)
    }
    /// The structure of a type.
    pub fn type_kind(&self, ty: Type) -> &TypeKind {
        self.types.get(ty)
    }
    /// `iN` (signless).
    pub fn int_type(&mut self, width: u32) -> Type {
        self.intern_type(TypeKind::Integer {
            width,
            signedness: Signedness::Signless,
        })
    }
    /// `i1`.
    pub fn i1_type(&mut self) -> Type {
        self.int_type(1)
    }
    /// `index`.
    pub fn index_type(&mut self) -> Type {
        self.intern_type(TypeKind::Index)
    }
    /// A float type.
    pub fn float_type(&mut self, kind: FloatKind) -> Type {
        self.intern_type(TypeKind::Float(kind))
    }
    /// `f32`.
    pub fn f32_type(&mut self) -> Type {
        self.float_type(FloatKind::F32)
    }
    /// `f64`.
    pub fn f64_type(&mut self) -> Type {
        self.float_type(FloatKind::F64)
    }
    /// `none`.
    pub fn none_type(&mut self) -> Type {
        self.intern_type(TypeKind::None)
    }
    /// `(inputs) -> results`.
    pub fn function_type(&mut self, inputs: Vec<Type>, results: Vec<Type>) -> Type {
        self.intern_type(TypeKind::Function { inputs, results })
    }
    /// `tensor<shape x elem>`.
    pub fn tensor_type(&mut self, shape: Vec<i64>, elem: Type) -> Type {
        self.intern_type(TypeKind::RankedTensor { shape, elem })
    }
    /// `memref<shape x elem>` with no layout or memory space.
    pub fn memref_type(&mut self, shape: Vec<i64>, elem: Type) -> Type {
        self.intern_type(TypeKind::MemRef {
            shape,
            elem,
            layout: None,
            memory_space: None,
        })
    }
    /// Uniques a dialect type.
    pub fn dialect_type(&mut self, t: impl DialectType) -> Type {
        self.intern_type(TypeKind::Dialect(Box::new(t)))
    }
    /// The dialect type behind `ty` if it is a `T`.
    pub fn type_as<T: DialectType>(&self, ty: Type) -> Option<&T> {
        match self.type_kind(ty) {
            TypeKind::Dialect(d) => d.as_any().downcast_ref::<T>(),
            _ => None,
        }
    }
    /// Whether `ty` is a signless/signed/unsigned integer type; returns its width.
    pub fn int_width(&self, ty: Type) -> Option<u32> {
        match self.type_kind(ty) {
            TypeKind::Integer { width, .. } => Some(*width),
            _ => None,
        }
    }
    /// Whether `ty` is an integer or `index` type.
    pub fn is_int_or_index(&self, ty: Type) -> bool {
        matches!(
            self.type_kind(ty),
            TypeKind::Integer { .. } | TypeKind::Index
        )
    }
    /// Whether `ty` is a float type.
    pub fn is_float(&self, ty: Type) -> bool {
        matches!(self.type_kind(ty), TypeKind::Float(_))
    }
    /// The element type of a shaped type (tensor, vector, memref) or `ty` itself.
    pub fn element_type_or_self(&self, ty: Type) -> Type {
        match self.type_kind(ty) {
            TypeKind::RankedTensor { elem, .. }
            | TypeKind::UnrankedTensor { elem }
            | TypeKind::Vector { elem, .. }
            | TypeKind::MemRef { elem, .. }
            | TypeKind::UnrankedMemRef { elem, .. } => *elem,
            _ => ty,
        }
    }

    // ----- attributes ------------------------------------------------------------------------

    /// Uniques an attribute.
    pub fn intern_attr(&mut self, kind: AttrKind) -> Attribute {
        self.attrs.get_or_insert(kind)
    }
    /// The structure of an attribute.
    pub fn attr_kind(&self, attr: Attribute) -> &AttrKind {
        self.attrs.get(attr)
    }
    /// `unit`.
    pub fn unit_attr(&mut self) -> Attribute {
        self.intern_attr(AttrKind::Unit)
    }
    /// `true`/`false`: an `i1` integer attribute, as in MLIR.
    pub fn bool_attr(&mut self, b: bool) -> Attribute {
        let i1 = self.i1_type();
        self.intern_attr(AttrKind::Integer {
            value: b as i64,
            ty: i1,
        })
    }
    /// An integer attribute; the value is wrapped to the width of `ty`. `i1` values are stored
    /// as 0 or 1, so `int_attr(i1, 1)` and `bool_attr(true)` are the same attribute.
    pub fn int_attr(&mut self, ty: Type, value: i64) -> Attribute {
        let value = match self.type_kind(ty) {
            TypeKind::Integer { width: 1, .. } => value & 1,
            TypeKind::Integer { width, signedness } => wrap_int(value, *width, *signedness),
            _ => value,
        };
        self.intern_attr(AttrKind::Integer { value, ty })
    }
    /// A float attribute (rounded to `f32` precision when `ty` is `f32`).
    pub fn float_attr(&mut self, ty: Type, value: f64) -> Attribute {
        let value = match self.type_kind(ty) {
            TypeKind::Float(FloatKind::F32) => value as f32 as f64,
            _ => value,
        };
        self.intern_attr(AttrKind::Float { value, ty })
    }
    /// A string attribute.
    pub fn string_attr(&mut self, s: &str) -> Attribute {
        self.intern_attr(AttrKind::String(s.to_string()))
    }
    /// A type attribute.
    pub fn type_attr(&mut self, ty: Type) -> Attribute {
        self.intern_attr(AttrKind::Type(ty))
    }
    /// An array attribute.
    pub fn array_attr(&mut self, elems: Vec<Attribute>) -> Attribute {
        self.intern_attr(AttrKind::Array(elems))
    }
    /// A flat symbol reference `@name`.
    pub fn symbol_ref_attr(&mut self, name: &str) -> Attribute {
        let root = self.intern(name);
        self.intern_attr(AttrKind::SymbolRef {
            root,
            nested: Vec::new(),
        })
    }
    /// `array<i64: …>`.
    pub fn dense_i64_array_attr(&mut self, values: Vec<i64>) -> Attribute {
        let elem = self.int_type(64);
        self.intern_attr(AttrKind::DenseArray {
            elem,
            values: crate::attrs::DenseValues::Ints(values),
        })
    }
    /// `array<i32: …>` (used for `operandSegmentSizes`).
    pub fn dense_i32_array_attr(&mut self, values: Vec<i64>) -> Attribute {
        let elem = self.int_type(32);
        self.intern_attr(AttrKind::DenseArray {
            elem,
            values: crate::attrs::DenseValues::Ints(values),
        })
    }
    /// A dictionary attribute (entries are sorted by name).
    pub fn dictionary_attr(&mut self, mut entries: Vec<NamedAttr>) -> Attribute {
        let interner = &self.interner;
        entries.sort_by(|a, b| interner.resolve(a.name).cmp(interner.resolve(b.name)));
        self.intern_attr(AttrKind::Dictionary(entries))
    }
    /// The integer value of an integer (or `i1` bool) attribute.
    pub fn attr_as_int(&self, attr: Attribute) -> Option<i64> {
        match self.attr_kind(attr) {
            AttrKind::Integer { value, .. } => Some(*value),
            _ => None,
        }
    }
    /// The value of a float attribute.
    pub fn attr_as_float(&self, attr: Attribute) -> Option<f64> {
        match self.attr_kind(attr) {
            AttrKind::Float { value, .. } => Some(*value),
            _ => None,
        }
    }
    /// The text of a string attribute.
    pub fn attr_as_str(&self, attr: Attribute) -> Option<&str> {
        match self.attr_kind(attr) {
            AttrKind::String(s) => Some(s),
            _ => None,
        }
    }
    /// The type of a type attribute.
    pub fn attr_as_type(&self, attr: Attribute) -> Option<Type> {
        match self.attr_kind(attr) {
            AttrKind::Type(t) => Some(*t),
            _ => None,
        }
    }
    /// The root name of a symbol reference attribute.
    pub fn attr_as_symbol_ref(&self, attr: Attribute) -> Option<&str> {
        match self.attr_kind(attr) {
            AttrKind::SymbolRef { root, .. } => Some(self.str(*root)),
            _ => None,
        }
    }
    /// The type an attribute is typed with (integer, float, dense elements), if any.
    pub fn attr_type(&self, attr: Attribute) -> Option<Type> {
        match self.attr_kind(attr) {
            AttrKind::Integer { ty, .. }
            | AttrKind::Float { ty, .. }
            | AttrKind::DenseElements { ty, .. } => Some(*ty),
            _ => None,
        }
    }

    // ----- locations -------------------------------------------------------------------------

    /// Uniques a location.
    pub fn intern_loc(&mut self, kind: LocKind) -> Location {
        self.locs.get_or_insert(kind)
    }
    /// The structure of a location.
    pub fn loc_kind(&self, loc: Location) -> &LocKind {
        self.locs.get(loc)
    }
    /// `loc(unknown)`.
    pub fn unknown_loc(&mut self) -> Location {
        self.intern_loc(LocKind::Unknown)
    }
    /// `loc("file":line:col)`.
    pub fn file_loc(&mut self, file: &str, line: u32, col: u32) -> Location {
        let file = self.intern(file);
        self.intern_loc(LocKind::FileLineCol { file, line, col })
    }

    // ----- registry --------------------------------------------------------------------------

    /// The registered definition of op `name`.
    pub fn op_info(&self, name: Symbol) -> Option<&'static OpInfo> {
        self.registry.op(name)
    }
    /// The registry of dialects, ops, types and attributes.
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    // ----- journal ---------------------------------------------------------------------------

    /// Starts recording structural changes (replacing any journal in progress).
    pub fn enable_journal(&mut self) {
        self.journal = Some(Journal::default());
    }
    /// Stops recording and returns what was recorded.
    pub fn disable_journal(&mut self) -> Journal {
        self.journal.take().unwrap_or_default()
    }
    /// Whether a journal is recording.
    pub fn journal_enabled(&self) -> bool {
        self.journal.is_some()
    }
    /// Starts a fresh journal for a (possibly nested) driver and returns the one in progress,
    /// if any; give it back to [`Context::pop_journal`] when done.
    pub fn push_journal(&mut self) -> Option<Journal> {
        self.journal.replace(Journal::default())
    }
    /// Ends a journal started by [`Context::push_journal`] and restores `outer`. Events still
    /// recorded in the ending journal are appended to `outer`, so an enclosing driver sees
    /// every change made by the nested one.
    pub fn pop_journal(&mut self, outer: Option<Journal>) {
        let inner = self.journal.take();
        self.journal = outer.map(|mut o| {
            if let Some(i) = inner {
                o.events.extend(i.events);
            }
            o
        });
    }
    /// Drains the events recorded so far, if recording.
    pub fn drain_journal(&mut self) -> Vec<IrEvent> {
        self.journal
            .as_mut()
            .map(|j| std::mem::take(&mut j.events))
            .unwrap_or_default()
    }
    /// A counter bumped by every structural change; compare two readings to see whether
    /// anything changed in between.
    pub fn change_count(&self) -> u64 {
        self.change_count
    }
    #[inline]
    fn record(&mut self, ev: IrEvent) {
        self.change_count += 1;
        if let Some(j) = &mut self.journal {
            j.events.push(ev);
        }
    }

    // ----- operations: queries ---------------------------------------------------------------

    /// Whether `op` names a live operation.
    pub fn op_exists(&self, op: OpId) -> bool {
        self.ops.contains(op)
    }
    /// The op's name.
    pub fn op_name(&self, op: OpId) -> OpName {
        self.ops.get(op).name
    }
    /// The op's full name as a string, e.g. `arith.addi`.
    pub fn op_name_str(&self, op: OpId) -> &str {
        self.str(self.ops.get(op).name.sym)
    }
    /// Whether the op is named `name`.
    pub fn op_is(&self, op: OpId, name: &str) -> bool {
        self.op_name_str(op) == name
    }
    /// The registered definition of the op, if any.
    pub fn op_def(&self, op: OpId) -> Option<&'static OpInfo> {
        self.ops.get(op).name.info
    }
    /// Whether the op is registered and has all of `traits`.
    pub fn op_has_traits(&self, op: OpId, traits: OpTraits) -> bool {
        self.op_def(op).is_some_and(|i| i.traits.contains(traits))
    }
    /// The op's location.
    pub fn op_loc(&self, op: OpId) -> Location {
        self.ops.get(op).loc
    }
    /// Sets the op's location.
    pub fn set_op_loc(&mut self, op: OpId, loc: Location) {
        self.ops.get_mut(op).loc = loc;
    }
    /// Number of operands.
    pub fn num_operands(&self, op: OpId) -> usize {
        self.ops.get(op).operands.len()
    }
    /// Operand `i`.
    pub fn operand(&self, op: OpId, i: usize) -> Value {
        self.ops.get(op).operands[i].value
    }
    /// All operands.
    pub fn operands(&self, op: OpId) -> impl ExactSizeIterator<Item = Value> + '_ {
        self.ops.get(op).operands.iter().map(|s| s.value)
    }
    /// All operands, collected.
    pub fn operand_vec(&self, op: OpId) -> Vec<Value> {
        self.operands(op).collect()
    }
    /// The results.
    pub fn results(&self, op: OpId) -> &[Value] {
        &self.ops.get(op).results
    }
    /// Result `i`.
    pub fn result(&self, op: OpId, i: usize) -> Value {
        self.ops.get(op).results[i]
    }
    /// Number of results.
    pub fn num_results(&self, op: OpId) -> usize {
        self.ops.get(op).results.len()
    }
    /// Attributes, sorted by name.
    pub fn attrs(&self, op: OpId) -> &[NamedAttr] {
        &self.ops.get(op).attrs
    }
    /// The attribute named `name`.
    pub fn attr(&self, op: OpId, name: &str) -> Option<Attribute> {
        let sym = self.interner.lookup(name)?;
        self.ops
            .get(op)
            .attrs
            .iter()
            .find(|a| a.name == sym)
            .map(|a| a.value)
    }
    /// The regions.
    pub fn regions(&self, op: OpId) -> &[RegionId] {
        &self.ops.get(op).regions
    }
    /// Region `i`.
    pub fn region(&self, op: OpId, i: usize) -> RegionId {
        self.ops.get(op).regions[i]
    }
    /// Successor blocks.
    pub fn successors(&self, op: OpId) -> &[BlockId] {
        &self.ops.get(op).successors
    }
    /// The block containing the op.
    pub fn op_parent_block(&self, op: OpId) -> Option<BlockId> {
        self.ops.get(op).parent
    }
    /// The op whose region contains this op.
    pub fn op_parent_op(&self, op: OpId) -> Option<OpId> {
        let b = self.ops.get(op).parent?;
        let r = self.blocks.get(b).parent?;
        self.regions.get(r).parent
    }
    /// The region containing the op.
    pub fn op_parent_region(&self, op: OpId) -> Option<RegionId> {
        let b = self.ops.get(op).parent?;
        self.blocks.get(b).parent
    }
    /// The next op in the same block.
    pub fn next_op(&self, op: OpId) -> Option<OpId> {
        self.ops.get(op).next
    }
    /// The previous op in the same block.
    pub fn prev_op(&self, op: OpId) -> Option<OpId> {
        self.ops.get(op).prev
    }
    /// The closest ancestor (including `op` itself) named `name`.
    pub fn ancestor_named(&self, op: OpId, name: &str) -> Option<OpId> {
        let mut cur = Some(op);
        while let Some(o) = cur {
            if self.op_is(o, name) {
                return Some(o);
            }
            cur = self.op_parent_op(o);
        }
        None
    }
    /// Whether `ancestor` is `op` or contains it.
    pub fn is_ancestor(&self, ancestor: OpId, op: OpId) -> bool {
        let mut cur = Some(op);
        while let Some(o) = cur {
            if o == ancestor {
                return true;
            }
            cur = self.op_parent_op(o);
        }
        false
    }
    /// Whether `op` comes before `other` in the same block: a walk of a few ops, else the
    /// block's op positions (numbered once per change of the IR), so that many comparisons
    /// in a long block (a literal of 40,000 elements stored one by one) are not quadratic.
    pub fn is_before_in_block(&self, op: OpId, other: OpId) -> bool {
        const WALK: usize = 64;
        let mut cur = self.next_op(op);
        for _ in 0..WALK {
            match cur {
                Some(o) if o == other => return true,
                Some(o) => cur = self.next_op(o),
                None => return false,
            }
        }
        let Some(block) = self.op_parent_block(op) else {
            return false;
        };
        if self.op_parent_block(other) != Some(block) {
            return false;
        }
        let mut order = self.order.borrow_mut();
        let stale = order
            .get(&block)
            .is_none_or(|(count, _)| *count != self.change_count);
        if stale {
            let mut pos = FxHashMap::default();
            let mut cur = self.blocks.get(block).first;
            let mut k = 0u32;
            while let Some(o) = cur {
                pos.insert(o, k);
                k += 1;
                cur = self.next_op(o);
            }
            order.insert(block, (self.change_count, pos));
        }
        let pos = &order[&block].1;
        pos[&op] < pos[&other]
    }
    /// Whether no result of the op has a use.
    pub fn op_results_unused(&self, op: OpId) -> bool {
        self.results(op).iter().all(|&v| !self.has_uses(v))
    }

    // ----- blocks and regions: queries -------------------------------------------------------

    /// Whether `b` names a live block.
    pub fn block_exists(&self, b: BlockId) -> bool {
        self.blocks.contains(b)
    }
    /// The block's arguments.
    pub fn block_args(&self, b: BlockId) -> &[Value] {
        &self.blocks.get(b).args
    }
    /// Argument `i` of the block.
    pub fn block_arg(&self, b: BlockId, i: usize) -> Value {
        self.blocks.get(b).args[i]
    }
    /// The first op of the block.
    pub fn first_op(&self, b: BlockId) -> Option<OpId> {
        self.blocks.get(b).first
    }
    /// The last op of the block (its terminator, when it has one).
    pub fn last_op(&self, b: BlockId) -> Option<OpId> {
        self.blocks.get(b).last
    }
    /// The ops of a block in order. The iterator reads links lazily: collect it before
    /// mutating the block.
    pub fn block_ops(&self, b: BlockId) -> BlockOps<'_> {
        BlockOps {
            ctx: self,
            next: self.blocks.get(b).first,
        }
    }
    /// The ops of a block, collected.
    pub fn block_op_vec(&self, b: BlockId) -> Vec<OpId> {
        self.block_ops(b).collect()
    }
    /// The region containing the block.
    pub fn block_parent_region(&self, b: BlockId) -> Option<RegionId> {
        self.blocks.get(b).parent
    }
    /// The op owning the region that contains the block.
    pub fn block_parent_op(&self, b: BlockId) -> Option<OpId> {
        self.blocks
            .get(b)
            .parent
            .and_then(|r| self.regions.get(r).parent)
    }
    /// The blocks of a region.
    pub fn region_blocks(&self, r: RegionId) -> &[BlockId] {
        &self.regions.get(r).blocks
    }
    /// The first block of a region.
    pub fn entry_block(&self, r: RegionId) -> Option<BlockId> {
        self.regions.get(r).blocks.first().copied()
    }
    /// The op owning a region.
    pub fn region_parent_op(&self, r: RegionId) -> Option<OpId> {
        self.regions.get(r).parent
    }
    /// Whether the region has no blocks.
    pub fn region_is_empty(&self, r: RegionId) -> bool {
        self.regions.get(r).blocks.is_empty()
    }
    /// Position of the region among its parent op's regions.
    pub fn region_index(&self, r: RegionId) -> Option<usize> {
        let p = self.regions.get(r).parent?;
        self.regions(p).iter().position(|&x| x == r)
    }

    // ----- values: queries -------------------------------------------------------------------

    /// The value's type.
    pub fn value_type(&self, v: Value) -> Type {
        self.values.get(v).ty
    }
    /// Where the value is defined.
    pub fn value_def(&self, v: Value) -> ValueDef {
        self.values.get(v).def
    }
    /// The op defining the value, if it is an op result.
    pub fn defining_op(&self, v: Value) -> Option<OpId> {
        match self.values.get(v).def {
            ValueDef::OpResult { op, .. } => Some(op),
            _ => None,
        }
    }
    /// The block in which the value is defined (the op's block, or the argument's block).
    pub fn value_parent_block(&self, v: Value) -> Option<BlockId> {
        match self.values.get(v).def {
            ValueDef::OpResult { op, .. } => self.op_parent_block(op),
            ValueDef::BlockArg { block, .. } => Some(block),
            ValueDef::Placeholder => None,
        }
    }
    /// Whether the value is used.
    pub fn has_uses(&self, v: Value) -> bool {
        self.values.get(v).first_use.is_some()
    }
    /// The uses of the value (most recent first).
    pub fn uses(&self, v: Value) -> Uses<'_> {
        Uses {
            ctx: self,
            next: self.values.get(v).first_use,
        }
    }
    /// The uses, collected.
    pub fn use_vec(&self, v: Value) -> Vec<OpOperand> {
        self.uses(v).collect()
    }
    /// Whether the value has exactly one use.
    pub fn has_one_use(&self, v: Value) -> bool {
        let mut u = self.uses(v);
        u.next().is_some() && u.next().is_none()
    }
    /// Whether `v` is a live value.
    pub fn value_exists(&self, v: Value) -> bool {
        self.values.contains(v)
    }

    // ----- creation ---------------------------------------------------------------------------

    /// Creates a detached operation from `state`; its regions become owned by it.
    pub fn create_op(&mut self, state: OperationState) -> OpId {
        let info = self.registry.op(state.name);
        let mut attrs: SmallVec<[NamedAttr; 2]> = SmallVec::new();
        for a in state.attrs {
            if let Some(slot) = attrs.iter_mut().find(|x| x.name == a.name) {
                slot.value = a.value;
            } else {
                attrs.push(a);
            }
        }
        let interner = &self.interner;
        attrs.sort_by(|a, b| interner.resolve(a.name).cmp(interner.resolve(b.name)));
        let op = self.ops.push(OperationData {
            name: OpName {
                sym: state.name,
                info,
            },
            operands: SmallVec::new(),
            results: SmallVec::new(),
            attrs,
            regions: state.regions.iter().copied().collect(),
            successors: state.successors.iter().copied().collect(),
            loc: state.loc,
            parent: None,
            prev: None,
            next: None,
        });
        for r in &state.regions {
            let rd = self.regions.get_mut(*r);
            assert!(rd.parent.is_none(), "region already owned by another op");
            rd.parent = Some(op);
        }
        let results: SmallVec<[Value; 1]> = state
            .result_types
            .iter()
            .enumerate()
            .map(|(i, &ty)| {
                self.values.push(ValueData {
                    ty,
                    def: ValueDef::OpResult {
                        op,
                        index: i as u32,
                    },
                    first_use: None,
                })
            })
            .collect();
        self.ops.get_mut(op).results = results;
        for v in state.operands {
            self.push_operand(op, v);
        }
        op
    }

    /// Creates a detached, empty region.
    pub fn create_region(&mut self) -> RegionId {
        self.regions.push(RegionData {
            blocks: Vec::new(),
            parent: None,
        })
    }

    /// Creates a detached block with arguments of the given types.
    pub fn create_block(&mut self, arg_types: &[Type]) -> BlockId {
        let b = self.blocks.push(BlockData {
            args: SmallVec::new(),
            first: None,
            last: None,
            parent: None,
        });
        for &t in arg_types {
            self.add_block_arg(b, t);
        }
        b
    }

    /// Creates a block with `arg_types` and appends it to region `r`.
    pub fn append_new_block(&mut self, r: RegionId, arg_types: &[Type]) -> BlockId {
        let b = self.create_block(arg_types);
        self.append_block(r, b);
        b
    }

    /// Appends a detached block to a region.
    pub fn append_block(&mut self, r: RegionId, b: BlockId) {
        assert!(
            self.blocks.get(b).parent.is_none(),
            "block already in a region"
        );
        self.blocks.get_mut(b).parent = Some(r);
        self.regions.get_mut(r).blocks.push(b);
    }

    /// Inserts a detached block into region `r` at position `index`.
    pub fn insert_block(&mut self, r: RegionId, index: usize, b: BlockId) {
        assert!(
            self.blocks.get(b).parent.is_none(),
            "block already in a region"
        );
        self.blocks.get_mut(b).parent = Some(r);
        self.regions.get_mut(r).blocks.insert(index, b);
    }

    /// Adds an argument of type `ty` to a block.
    pub fn add_block_arg(&mut self, b: BlockId, ty: Type) -> Value {
        let index = self.blocks.get(b).args.len() as u32;
        let v = self.values.push(ValueData {
            ty,
            def: ValueDef::BlockArg { block: b, index },
            first_use: None,
        });
        self.blocks.get_mut(b).args.push(v);
        v
    }

    /// Removes argument `i` of a block; it must have no uses.
    pub fn erase_block_arg(&mut self, b: BlockId, i: usize) {
        let v = self.blocks.get_mut(b).args.remove(i);
        assert!(
            !self.has_uses(v),
            "erasing a block argument that still has uses"
        );
        self.values.remove(v);
        let args: Vec<Value> = self.blocks.get(b).args.to_vec();
        for (j, a) in args.into_iter().enumerate().skip(i) {
            self.values.get_mut(a).def = ValueDef::BlockArg {
                block: b,
                index: j as u32,
            };
        }
    }

    /// Creates a placeholder value of type `ty` for a forward reference.
    pub fn create_placeholder(&mut self, ty: Type) -> Value {
        self.values.push(ValueData {
            ty,
            def: ValueDef::Placeholder,
            first_use: None,
        })
    }

    /// Deletes a placeholder value that has no remaining uses.
    pub fn erase_placeholder(&mut self, v: Value) {
        assert!(matches!(self.value_def(v), ValueDef::Placeholder) && !self.has_uses(v));
        self.values.remove(v);
    }

    // ----- placement --------------------------------------------------------------------------

    /// Inserts a detached op at `ip` (no-op for [`InsertPoint::Detached`]).
    pub fn insert_op(&mut self, op: OpId, ip: InsertPoint) {
        assert!(
            self.ops.get(op).parent.is_none(),
            "inserting an op that is already in a block"
        );
        let (block, prev, next) = match ip {
            InsertPoint::Detached => return,
            InsertPoint::BlockStart(b) => (b, None, self.blocks.get(b).first),
            InsertPoint::BlockEnd(b) => (b, self.blocks.get(b).last, None),
            InsertPoint::Before(o) => {
                let d = self.ops.get(o);
                (
                    d.parent.expect("insertion point op is detached"),
                    d.prev,
                    Some(o),
                )
            }
            InsertPoint::After(o) => {
                let d = self.ops.get(o);
                (
                    d.parent.expect("insertion point op is detached"),
                    Some(o),
                    d.next,
                )
            }
        };
        {
            let d = self.ops.get_mut(op);
            d.parent = Some(block);
            d.prev = prev;
            d.next = next;
        }
        match prev {
            Some(p) => self.ops.get_mut(p).next = Some(op),
            None => self.blocks.get_mut(block).first = Some(op),
        }
        match next {
            Some(n) => self.ops.get_mut(n).prev = Some(op),
            None => self.blocks.get_mut(block).last = Some(op),
        }
        self.record(IrEvent::Inserted(op));
    }

    /// Unlinks an op from its block, leaving it detached (and alive).
    pub fn detach_op(&mut self, op: OpId) {
        let (parent, prev, next) = {
            let d = self.ops.get(op);
            match d.parent {
                Some(p) => (p, d.prev, d.next),
                None => return,
            }
        };
        match prev {
            Some(p) => self.ops.get_mut(p).next = next,
            None => self.blocks.get_mut(parent).first = next,
        }
        match next {
            Some(n) => self.ops.get_mut(n).prev = prev,
            None => self.blocks.get_mut(parent).last = prev,
        }
        let d = self.ops.get_mut(op);
        d.parent = None;
        d.prev = None;
        d.next = None;
        self.change_count += 1;
    }

    /// Moves an op (attached or not) to `ip`.
    pub fn move_op(&mut self, op: OpId, ip: InsertPoint) {
        self.detach_op(op);
        self.insert_op(op, ip);
    }

    /// Erases an op and everything nested in it. Its results must be unused
    /// (replace them first); its operand uses are dropped.
    pub fn erase_op(&mut self, op: OpId) {
        for &r in self.results(op) {
            assert!(
                !self.has_uses(r),
                "erasing '{}' whose result still has uses",
                self.str(self.ops.get(op).name.sym)
            );
        }
        self.erase_op_unchecked(op);
    }

    fn erase_op_unchecked(&mut self, op: OpId) {
        self.record(IrEvent::Erased(op));
        self.detach_op(op);
        // Drop uses held by nested ops first: they may use values defined by other nested ops.
        let regions: SmallVec<[RegionId; 1]> = self.ops.get(op).regions.clone();
        for r in regions.iter().copied() {
            self.drop_region_uses(r);
        }
        for r in regions {
            self.erase_region_storage(r);
        }
        self.drop_operand_uses(op);
        let d = self.ops.remove(op).expect("op exists");
        for v in d.results {
            self.values.remove(v);
        }
    }

    fn drop_region_uses(&mut self, r: RegionId) {
        let blocks = self.regions.get(r).blocks.clone();
        for b in blocks {
            let mut cur = self.blocks.get(b).first;
            while let Some(o) = cur {
                cur = self.ops.get(o).next;
                let nested: SmallVec<[RegionId; 1]> = self.ops.get(o).regions.clone();
                for nr in nested {
                    self.drop_region_uses(nr);
                }
                self.drop_operand_uses(o);
            }
        }
    }

    fn erase_region_storage(&mut self, r: RegionId) {
        let blocks = std::mem::take(&mut self.regions.get_mut(r).blocks);
        for b in blocks {
            self.erase_block_storage(b);
        }
        self.regions.remove(r);
    }

    fn erase_block_storage(&mut self, b: BlockId) {
        let mut cur = self.blocks.get(b).first;
        while let Some(o) = cur {
            cur = self.ops.get(o).next;
            self.record(IrEvent::Erased(o));
            let nested: SmallVec<[RegionId; 1]> = self.ops.get(o).regions.clone();
            for nr in nested {
                self.erase_region_storage(nr);
            }
            let d = self.ops.remove(o).expect("op exists");
            for v in d.results {
                self.values.remove(v);
            }
        }
        let d = self.blocks.remove(b).expect("block exists");
        for v in d.args {
            self.values.remove(v);
        }
    }

    /// Erases a block (and its ops) from its region. Values it defines must be unused
    /// outside it.
    pub fn erase_block(&mut self, b: BlockId) {
        if let Some(r) = self.blocks.get(b).parent {
            self.regions.get_mut(r).blocks.retain(|&x| x != b);
            self.blocks.get_mut(b).parent = None;
        }
        let mut cur = self.blocks.get(b).first;
        while let Some(o) = cur {
            cur = self.ops.get(o).next;
            let nested: SmallVec<[RegionId; 1]> = self.ops.get(o).regions.clone();
            for nr in nested {
                self.drop_region_uses(nr);
            }
            self.drop_operand_uses(o);
        }
        self.erase_block_storage(b);
        self.change_count += 1;
    }

    /// Removes a block from its region without destroying it.
    pub fn detach_block(&mut self, b: BlockId) {
        if let Some(r) = self.blocks.get(b).parent {
            self.regions.get_mut(r).blocks.retain(|&x| x != b);
            self.blocks.get_mut(b).parent = None;
            self.change_count += 1;
        }
    }

    /// Moves every block of `from` to the end of `to`.
    pub fn take_region_blocks(&mut self, from: RegionId, to: RegionId) {
        let blocks = std::mem::take(&mut self.regions.get_mut(from).blocks);
        for b in blocks {
            self.blocks.get_mut(b).parent = Some(to);
            self.regions.get_mut(to).blocks.push(b);
        }
        self.change_count += 1;
    }

    /// Moves every op of block `from` to `ip` (which must not be inside `from`).
    pub fn move_block_ops(&mut self, from: BlockId, ip: InsertPoint) {
        let ops = self.block_op_vec(from);
        let mut ip = ip;
        for op in ops {
            self.detach_op(op);
            self.insert_op(op, ip);
            ip = InsertPoint::After(op);
        }
    }

    // ----- operands and uses --------------------------------------------------------------------

    fn link_use(&mut self, op: OpId, index: u32) {
        let v = self.ops.get(op).operands[index as usize].value;
        let head = self.values.get(v).first_use;
        let u = OpOperand { op, index };
        if let Some(h) = head {
            self.ops.get_mut(h.op).operands[h.index as usize].prev_use = Some(u);
        }
        let slot = &mut self.ops.get_mut(op).operands[index as usize];
        slot.prev_use = None;
        slot.next_use = head;
        self.values.get_mut(v).first_use = Some(u);
    }

    fn unlink_use(&mut self, op: OpId, index: u32) {
        let slot = self.ops.get(op).operands[index as usize];
        match slot.prev_use {
            Some(p) => self.ops.get_mut(p.op).operands[p.index as usize].next_use = slot.next_use,
            None => {
                if let Some(vd) = self.values.try_get(slot.value) {
                    debug_assert!(vd.first_use == Some(OpOperand { op, index }));
                    self.values.get_mut(slot.value).first_use = slot.next_use;
                }
            }
        }
        if let Some(n) = slot.next_use {
            self.ops.get_mut(n.op).operands[n.index as usize].prev_use = slot.prev_use;
        }
        if self.values.contains(slot.value) {
            self.record(IrEvent::UseDropped(slot.value));
        }
    }

    fn drop_operand_uses(&mut self, op: OpId) {
        let n = self.ops.get(op).operands.len();
        for i in 0..n {
            self.unlink_use(op, i as u32);
        }
        self.ops.get_mut(op).operands.clear();
    }

    /// Appends an operand.
    pub fn push_operand(&mut self, op: OpId, v: Value) {
        let index = self.ops.get(op).operands.len() as u32;
        self.ops.get_mut(op).operands.push(OperandSlot {
            value: v,
            prev_use: None,
            next_use: None,
        });
        self.link_use(op, index);
    }

    /// Sets operand `i` to `v`.
    pub fn set_operand(&mut self, op: OpId, i: usize, v: Value) {
        if self.ops.get(op).operands[i].value == v {
            return;
        }
        self.unlink_use(op, i as u32);
        self.ops.get_mut(op).operands[i].value = v;
        self.link_use(op, i as u32);
        self.record(IrEvent::Modified(op));
    }

    /// Replaces all operands.
    pub fn set_operands(&mut self, op: OpId, values: &[Value]) {
        self.drop_operand_uses(op);
        for &v in values {
            self.push_operand(op, v);
        }
        self.record(IrEvent::Modified(op));
    }

    /// Removes operand `i` (later operands shift down).
    pub fn erase_operand(&mut self, op: OpId, i: usize) {
        let mut vals = self.operand_vec(op);
        vals.remove(i);
        self.set_operands(op, &vals);
    }

    /// Replaces every use of `from` with `to`.
    pub fn replace_all_uses_with(&mut self, from: Value, to: Value) {
        if from == to {
            return;
        }
        while let Some(u) = self.values.get(from).first_use {
            self.set_operand(u.op, u.index as usize, to);
        }
    }

    /// Replaces the uses of `from` with `to` for which `pred` holds.
    pub fn replace_uses_where(
        &mut self,
        from: Value,
        to: Value,
        mut pred: impl FnMut(&Context, OpOperand) -> bool,
    ) {
        let uses = self.use_vec(from);
        for u in uses {
            if pred(self, u) {
                self.set_operand(u.op, u.index as usize, to);
            }
        }
    }

    /// Replaces each result of `op` with the corresponding value, then erases `op`.
    pub fn replace_op(&mut self, op: OpId, values: &[Value]) {
        let results: SmallVec<[Value; 1]> = self.ops.get(op).results.clone();
        assert_eq!(
            results.len(),
            values.len(),
            "replace_op: result count mismatch"
        );
        for (r, v) in results.into_iter().zip(values) {
            self.replace_all_uses_with(r, *v);
        }
        self.erase_op(op);
    }

    /// Sets (or adds) attribute `name`.
    pub fn set_attr(&mut self, op: OpId, name: &str, value: Attribute) {
        let sym = self.intern(name);
        self.set_attr_sym(op, sym, value)
    }

    /// Sets (or adds) the attribute named by `sym`.
    pub fn set_attr_sym(&mut self, op: OpId, sym: Symbol, value: Attribute) {
        let d = self.ops.get_mut(op);
        if let Some(a) = d.attrs.iter_mut().find(|a| a.name == sym) {
            a.value = value;
        } else {
            d.attrs.push(NamedAttr { name: sym, value });
            let interner = &self.interner;
            d.attrs
                .sort_by(|a, b| interner.resolve(a.name).cmp(interner.resolve(b.name)));
        }
        self.record(IrEvent::Modified(op));
    }

    /// Removes attribute `name`; returns whether it was present.
    pub fn remove_attr(&mut self, op: OpId, name: &str) -> bool {
        let Some(sym) = self.interner.lookup(name) else {
            return false;
        };
        let d = self.ops.get_mut(op);
        let before = d.attrs.len();
        d.attrs.retain(|a| a.name != sym);
        let removed = d.attrs.len() != before;
        if removed {
            self.record(IrEvent::Modified(op));
        }
        removed
    }

    /// Changes the type of a value (the caller keeps the IR consistent).
    pub fn set_value_type(&mut self, v: Value, ty: Type) {
        self.values.get_mut(v).ty = ty;
        if let ValueDef::OpResult { op, .. } = self.values.get(v).def {
            self.record(IrEvent::Modified(op));
        } else {
            self.change_count += 1;
        }
    }

    /// Replaces the successor list.
    pub fn set_successors(&mut self, op: OpId, succs: &[BlockId]) {
        self.ops.get_mut(op).successors = succs.iter().copied().collect();
        self.record(IrEvent::Modified(op));
    }

    /// Marks an op as modified in place (for drivers watching the journal).
    pub fn notify_modified(&mut self, op: OpId) {
        self.record(IrEvent::Modified(op));
    }

    // ----- cloning -------------------------------------------------------------------------------

    /// Deep-copies `op` (with its regions). Operands defined outside the op are remapped through
    /// `map` when present there; every value defined inside is mapped to its copy in `map`.
    /// The copy is detached.
    pub fn clone_op(&mut self, op: OpId, map: &mut FxHashMap<Value, Value>) -> OpId {
        let name = self.ops.get(op).name.sym;
        let loc = self.ops.get(op).loc;
        let operands: Vec<Value> = self
            .operands(op)
            .map(|v| *map.get(&v).unwrap_or(&v))
            .collect();
        let result_types: Vec<Type> = self
            .results(op)
            .iter()
            .map(|&r| self.value_type(r))
            .collect();
        let attrs: Vec<NamedAttr> = self.attrs(op).to_vec();
        let successors: Vec<BlockId> = self.successors(op).to_vec();
        let src_regions: Vec<RegionId> = self.regions(op).to_vec();
        let mut regions = Vec::with_capacity(src_regions.len());
        let mut block_map: FxHashMap<BlockId, BlockId> = FxHashMap::default();
        for r in src_regions {
            let nr = self.create_region();
            self.clone_region_into(r, nr, map, &mut block_map);
            regions.push(nr);
        }
        let successors = successors
            .into_iter()
            .map(|b| *block_map.get(&b).unwrap_or(&b))
            .collect();
        let new = self.create_op(OperationState {
            name,
            loc,
            operands,
            result_types,
            attrs,
            regions,
            successors,
        });
        let old_results: Vec<Value> = self.results(op).to_vec();
        for (i, r) in old_results.into_iter().enumerate() {
            map.insert(r, self.result(new, i));
        }
        new
    }

    /// Copies the blocks of `from` to the end of `to`, extending `map` with every value defined
    /// in `from`.
    pub fn clone_region_into(
        &mut self,
        from: RegionId,
        to: RegionId,
        map: &mut FxHashMap<Value, Value>,
        block_map: &mut FxHashMap<BlockId, BlockId>,
    ) {
        let blocks = self.region_blocks(from).to_vec();
        // Create all blocks first so successors and forward uses can be remapped.
        for &b in &blocks {
            let tys: Vec<Type> = self
                .block_args(b)
                .iter()
                .map(|&a| self.value_type(a))
                .collect();
            let nb = self.append_new_block(to, &tys);
            let (old, new) = (self.block_args(b).to_vec(), self.block_args(nb).to_vec());
            for (o, n) in old.into_iter().zip(new) {
                map.insert(o, n);
            }
            block_map.insert(b, nb);
        }
        for &b in &blocks {
            let nb = block_map[&b];
            for o in self.block_op_vec(b) {
                let c = self.clone_op(o, map);
                let succ: Vec<BlockId> = self
                    .successors(c)
                    .iter()
                    .map(|s| *block_map.get(s).unwrap_or(s))
                    .collect();
                if !succ.is_empty() {
                    self.ops.get_mut(c).successors = succ.into_iter().collect();
                }
                self.insert_op(c, InsertPoint::BlockEnd(nb));
            }
        }
    }

    // ----- walking ----------------------------------------------------------------------------

    /// Every op nested in `root` (including `root`), parents before children.
    pub fn walk_preorder(&self, root: OpId) -> Vec<OpId> {
        let mut out = Vec::new();
        let mut stack = vec![root];
        while let Some(op) = stack.pop() {
            out.push(op);
            // Push children in reverse so they pop in program order.
            for &r in self.regions(op).iter().rev() {
                for &b in self.region_blocks(r).iter().rev() {
                    let mut cur = self.last_op(b);
                    while let Some(o) = cur {
                        stack.push(o);
                        cur = self.prev_op(o);
                    }
                }
            }
        }
        out
    }

    /// Every op nested in `root` (including `root`), children before parents.
    pub fn walk_postorder(&self, root: OpId) -> Vec<OpId> {
        let mut out = Vec::new();
        self.postorder_into(root, &mut out);
        out
    }

    fn postorder_into(&self, op: OpId, out: &mut Vec<OpId>) {
        for &r in self.regions(op) {
            for &b in self.region_blocks(r) {
                let mut cur = self.first_op(b);
                while let Some(o) = cur {
                    self.postorder_into(o, out);
                    cur = self.next_op(o);
                }
            }
        }
        out.push(op);
    }

    /// Total number of live operations in the context.
    pub fn num_live_ops(&self) -> usize {
        self.ops.len()
    }
}

/// Wraps `value` to `width` bits with the given signedness (sign-extending signless and signed).
pub fn wrap_int(value: i64, width: u32, signedness: Signedness) -> i64 {
    if width >= 64 || width == 0 {
        return value;
    }
    let mask = (1u64 << width) - 1;
    let v = (value as u64) & mask;
    match signedness {
        Signedness::Unsigned => v as i64,
        _ => {
            let sign = 1u64 << (width - 1);
            if v & sign != 0 {
                (v | !mask) as i64
            } else {
                v as i64
            }
        }
    }
}

/// Iterator over the ops of a block.
pub struct BlockOps<'a> {
    ctx: &'a Context,
    next: Option<OpId>,
}

impl Iterator for BlockOps<'_> {
    type Item = OpId;
    fn next(&mut self) -> Option<OpId> {
        let cur = self.next?;
        self.next = self.ctx.ops.get(cur).next;
        Some(cur)
    }
}

/// Iterator over the uses of a value.
pub struct Uses<'a> {
    ctx: &'a Context,
    next: Option<OpOperand>,
}

impl Iterator for Uses<'_> {
    type Item = OpOperand;
    fn next(&mut self) -> Option<OpOperand> {
        let cur = self.next?;
        self.next = self.ctx.ops.get(cur.op).operands[cur.index as usize].next_use;
        Some(cur)
    }
}
