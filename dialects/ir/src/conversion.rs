//! Dialect conversion (MLIR's `DialectConversion`): legalize the ops under a root according to
//! a [`ConversionTarget`], with [`ConversionPattern`]s and a [`TypeConverter`].
//!
//! # How it works
//! [`apply_partial_conversion`] / [`apply_full_conversion`] walk the ops under (and including)
//! the root in pre-order. An op the target deems legal is left alone (if it is *recursively*
//! legal, so is everything nested in it). Any other op is first folded — accepted only if the
//! constants this materializes are legal — and otherwise handed to the patterns rooted at its
//! name (then the any-op patterns), highest benefit first. Ops a successful pattern creates are
//! legalized recursively right away; a pattern is not applied again to ops it created
//! (directly or transitively) unless it declares
//! [`has_bounded_recursion`](ConversionPattern::has_bounded_recursion). If the pattern updated
//! the op in place and it is still illegal, the remaining patterns are tried.
//!
//! Patterns see *remapped operands*: an operand produced by an op that was replaced through
//! [`ConversionRewriter::replace_op`] is given as the replacement value, and an operand whose
//! type the [`TypeConverter`] converts is given with the converted type (through a target
//! materialization when no converted value exists yet).
//!
//! Replacement is eager: [`ConversionRewriter::replace_op`] immediately rewires the users of
//! the old results. Where the replacement's type differs from the old result's, the users get a
//! *source materialization* (by default a `builtin.unrealized_conversion_cast` back to the old
//! type) and the conversion remembers that the cast stands for the new value. Block argument
//! type conversion ([`ConversionRewriter::apply_signature_conversion`],
//! [`ConversionRewriter::convert_region_types`]) works the same way.
//!
//! When the walk is done, the casts the conversion created are cleaned up: unused ones are
//! erased, `A -> A` casts and `A -> B -> A` round trips fold away. Casts that still bridge
//! different types stay (as in MLIR, for a later `reconcile-unrealized-casts`).
//!
//! Finally, a full conversion fails with `failed to legalize operation 'x.y'` (located at the op)
//! on the first op (in pre-order) that is not legal; a partial conversion fails only on ops
//! explicitly marked illegal (`failed to legalize operation 'x.y' that was explicitly marked
//! illegal`) and leaves ops of unknown legality alone.
//!
//! # The no-rollback contract
//! Unlike MLIR, changes are not transactional: **a pattern that returns `false` must not have
//! changed the IR**, and a pattern that returns `true` commits its changes even if ops it
//! created cannot be legalized (the final legality check then reports them). Patterns should
//! therefore check everything they need (including that types convert) before mutating.

use std::cell::RefCell;

use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

use crate::builder::Builder;
use crate::context::{
    BlockId, Context, InsertPoint, IrEvent, OpId, OperationState, RegionId, Value, ValueDef,
};
use crate::diagnostic::Diagnostic;
use crate::greedy::{fold_op, is_constant_like, materialize_constant, would_op_be_trivially_dead};
use crate::location::Location;
use crate::registry::FoldResult;
use crate::rewrite::{PatternRewriter, RewritePattern};
use crate::types::{Type, TypeKind};

/// Name of the default materialization op.
pub const UNREALIZED_CAST: &str = "builtin.unrealized_conversion_cast";

/// Creates `builtin.unrealized_conversion_cast` from `inputs` to `result_types` at the builder's
/// insertion point.
pub fn create_unrealized_cast(
    b: &mut Builder<'_>,
    result_types: &[Type],
    inputs: &[Value],
    loc: Location,
) -> OpId {
    let mut st = OperationState::new(b.ctx, UNREALIZED_CAST, loc);
    st.operands = inputs.to_vec();
    st.result_types = result_types.to_vec();
    b.insert(st)
}

// ----- target -------------------------------------------------------------------------------

/// A dynamic legality callback.
pub type LegalityFn = Box<dyn Fn(&Context, OpId) -> bool>;

enum Action {
    Legal,
    Illegal,
    Dynamic(LegalityFn),
}

impl Action {
    fn eval(&self, ctx: &Context, op: OpId) -> bool {
        match self {
            Action::Legal => true,
            Action::Illegal => false,
            Action::Dynamic(f) => f(ctx, op),
        }
    }
}

/// Which ops are legal after a conversion (MLIR's `ConversionTarget`). Op-specific settings
/// override dialect settings, which override the unknown-op callback; an op none of them
/// covers has *unknown* legality.
#[derive(Default)]
pub struct ConversionTarget {
    ops: FxHashMap<String, Action>,
    dialects: FxHashMap<String, Action>,
    unknown: Option<LegalityFn>,
    recursively_legal: FxHashSet<String>,
}

impl ConversionTarget {
    /// A target with nothing specified.
    pub fn new() -> Self {
        Self::default()
    }
    /// Marks op `name` legal.
    pub fn add_legal_op(&mut self, name: &str) -> &mut Self {
        self.ops.insert(name.to_string(), Action::Legal);
        self
    }
    /// Marks op `name` illegal.
    pub fn add_illegal_op(&mut self, name: &str) -> &mut Self {
        self.ops.insert(name.to_string(), Action::Illegal);
        self
    }
    /// Makes op `name` legal when `f` returns true.
    pub fn add_dynamically_legal_op(
        &mut self,
        name: &str,
        f: impl Fn(&Context, OpId) -> bool + 'static,
    ) -> &mut Self {
        self.ops
            .insert(name.to_string(), Action::Dynamic(Box::new(f)));
        self
    }
    /// Marks every op of `dialect` legal (unless overridden per op).
    pub fn add_legal_dialect(&mut self, dialect: &str) -> &mut Self {
        self.dialects.insert(dialect.to_string(), Action::Legal);
        self
    }
    /// Marks every op of `dialect` illegal (unless overridden per op).
    pub fn add_illegal_dialect(&mut self, dialect: &str) -> &mut Self {
        self.dialects.insert(dialect.to_string(), Action::Illegal);
        self
    }
    /// Makes the ops of `dialect` legal when `f` returns true (unless overridden per op).
    pub fn add_dynamically_legal_dialect(
        &mut self,
        dialect: &str,
        f: impl Fn(&Context, OpId) -> bool + 'static,
    ) -> &mut Self {
        self.dialects
            .insert(dialect.to_string(), Action::Dynamic(Box::new(f)));
        self
    }
    /// Ops not covered by any op or dialect setting are legal when `f` returns true.
    pub fn mark_unknown_ops_dynamically_legal(
        &mut self,
        f: impl Fn(&Context, OpId) -> bool + 'static,
    ) -> &mut Self {
        self.unknown = Some(Box::new(f));
        self
    }
    /// When op `name` is legal, so is everything nested in it.
    pub fn mark_op_recursively_legal(&mut self, name: &str) -> &mut Self {
        self.recursively_legal.insert(name.to_string());
        self
    }
    fn action(&self, name: &str) -> Option<&Action> {
        if let Some(a) = self.ops.get(name) {
            return Some(a);
        }
        let dialect = name.split_once('.').map(|(d, _)| d).unwrap_or("");
        self.dialects.get(dialect)
    }
    /// `Some(true)` if legal, `Some(false)` if illegal, `None` if unknown.
    pub fn legality(&self, ctx: &Context, op: OpId) -> Option<bool> {
        let name = ctx.op_name_str(op);
        match self.action(name) {
            Some(a) => Some(a.eval(ctx, op)),
            None => self.unknown.as_ref().map(|f| f(ctx, op)),
        }
    }
    /// Whether `op` is legal.
    pub fn is_legal(&self, ctx: &Context, op: OpId) -> bool {
        self.legality(ctx, op) == Some(true)
    }
    /// Whether `op` is *explicitly* illegal: marked illegal, or dynamically legal with a
    /// callback returning false (MLIR's `isIllegal`).
    pub fn is_illegal(&self, ctx: &Context, op: OpId) -> bool {
        match self.action(ctx.op_name_str(op)) {
            Some(a) => !a.eval(ctx, op),
            None => false,
        }
    }
    /// Whether `op` is legal and everything nested in it is legal too.
    pub fn is_recursively_legal(&self, ctx: &Context, op: OpId) -> bool {
        self.recursively_legal.contains(ctx.op_name_str(op)) && self.is_legal(ctx, op)
    }
}

// ----- type converter -----------------------------------------------------------------------

/// A type conversion callback: `None` = "not handled here, try the next"; `Some(types)` =
/// converted (to several types for 1:N conversions, none to drop the type).
pub type TypeConversionFn = Box<dyn Fn(&mut Context, Type) -> Option<Vec<Type>>>;

/// A materialization callback: builds a value of type `ty` from `inputs` at the builder's
/// insertion point, or returns `None` to let the next callback try.
pub type MaterializationFn =
    Box<dyn Fn(&mut Builder<'_>, Type, &[Value], Location) -> Option<Value>>;

/// Converts types and materializes conversions between old and new types (MLIR's
/// `TypeConverter`). Conversion callbacks are tried most recently added first, as in MLIR;
/// when none handles a type the conversion fails, unless the identity fallback is enabled.
/// Results are cached per type.
#[derive(Default)]
pub struct TypeConverter {
    conversions: Vec<TypeConversionFn>,
    source_materializations: Vec<MaterializationFn>,
    target_materializations: Vec<MaterializationFn>,
    identity_fallback: bool,
    cache: RefCell<FxHashMap<Type, Option<SmallVec<[Type; 1]>>>>,
}

impl TypeConverter {
    /// A converter with no conversions (every conversion fails).
    pub fn new() -> Self {
        Self::default()
    }
    /// A converter whose unhandled types convert to themselves.
    pub fn with_identity_fallback() -> Self {
        TypeConverter {
            identity_fallback: true,
            ..Self::default()
        }
    }
    /// Enables or disables the identity fallback.
    pub fn set_identity_fallback(&mut self, on: bool) {
        self.identity_fallback = on;
        self.cache.borrow_mut().clear();
    }
    /// Adds a 1:N conversion callback (tried before the ones added earlier).
    pub fn add_conversion(
        &mut self,
        f: impl Fn(&mut Context, Type) -> Option<Vec<Type>> + 'static,
    ) {
        self.conversions.push(Box::new(f));
        self.cache.borrow_mut().clear();
    }
    /// Adds a 1:1 conversion callback (tried before the ones added earlier).
    pub fn add_type_conversion(
        &mut self,
        f: impl Fn(&mut Context, Type) -> Option<Type> + 'static,
    ) {
        self.add_conversion(move |ctx, t| f(ctx, t).map(|t| vec![t]));
    }
    /// Adds a source materialization (new types → an old type), tried before earlier ones.
    pub fn add_source_materialization(
        &mut self,
        f: impl Fn(&mut Builder<'_>, Type, &[Value], Location) -> Option<Value> + 'static,
    ) {
        self.source_materializations.push(Box::new(f));
    }
    /// Adds a target materialization (an old value → a new type), tried before earlier ones.
    pub fn add_target_materialization(
        &mut self,
        f: impl Fn(&mut Builder<'_>, Type, &[Value], Location) -> Option<Value> + 'static,
    ) {
        self.target_materializations.push(Box::new(f));
    }

    /// Converts `ty` to zero or more types.
    pub fn convert_types(&self, ctx: &mut Context, ty: Type) -> Option<SmallVec<[Type; 1]>> {
        if let Some(r) = self.cache.borrow().get(&ty) {
            return r.clone();
        }
        let mut result = None;
        for f in self.conversions.iter().rev() {
            if let Some(tys) = f(ctx, ty) {
                result = Some(SmallVec::from_vec(tys));
                break;
            }
        }
        if result.is_none() && self.identity_fallback {
            result = Some(smallvec::smallvec![ty]);
        }
        self.cache.borrow_mut().insert(ty, result.clone());
        result
    }
    /// Converts `ty` to exactly one type.
    pub fn convert_type(&self, ctx: &mut Context, ty: Type) -> Option<Type> {
        match self.convert_types(ctx, ty)?.as_slice() {
            [t] => Some(*t),
            _ => None,
        }
    }
    /// Converts each type 1:N and concatenates the results.
    pub fn convert_type_list(&self, ctx: &mut Context, tys: &[Type]) -> Option<Vec<Type>> {
        let mut out = Vec::with_capacity(tys.len());
        for &t in tys {
            out.extend(self.convert_types(ctx, t)?);
        }
        Some(out)
    }
    /// Whether `ty` converts to itself.
    pub fn is_legal(&self, ctx: &mut Context, ty: Type) -> bool {
        self.convert_type(ctx, ty) == Some(ty)
    }
    /// Whether every type converts to itself.
    pub fn are_legal(&self, ctx: &mut Context, tys: &[Type]) -> bool {
        tys.iter().all(|&t| self.is_legal(ctx, t))
    }
    /// Whether every operand and result type of `op` is legal.
    pub fn is_legal_op(&self, ctx: &mut Context, op: OpId) -> bool {
        let tys: Vec<Type> = ctx
            .operands(op)
            .chain(ctx.results(op).iter().copied())
            .map(|v| ctx.value_type(v))
            .collect();
        self.are_legal(ctx, &tys)
    }
    /// Whether every block argument type in `region` is legal.
    pub fn is_legal_region(&self, ctx: &mut Context, region: RegionId) -> bool {
        let tys: Vec<Type> = ctx
            .region_blocks(region)
            .iter()
            .flat_map(|&b| ctx.block_args(b).iter().map(|&a| ctx.value_type(a)))
            .collect();
        self.are_legal(ctx, &tys)
    }
    /// Whether the inputs and results of function type `fn_ty` are legal.
    pub fn is_signature_legal(&self, ctx: &mut Context, fn_ty: Type) -> bool {
        let TypeKind::Function { inputs, results } = ctx.type_kind(fn_ty) else {
            return false;
        };
        let tys: Vec<Type> = inputs.iter().chain(results.iter()).copied().collect();
        self.are_legal(ctx, &tys)
    }
    /// A signature conversion for arguments of types `tys` (each converted 1:N).
    pub fn convert_signature_args(
        &self,
        ctx: &mut Context,
        tys: &[Type],
    ) -> Option<SignatureConversion> {
        let mut conv = SignatureConversion::new(tys.len());
        for (i, &t) in tys.iter().enumerate() {
            let c = self.convert_types(ctx, t)?;
            conv.add_inputs(i, &c);
        }
        Some(conv)
    }
    /// A signature conversion for the arguments of `block`.
    pub fn convert_block_signature(
        &self,
        ctx: &mut Context,
        block: BlockId,
    ) -> Option<SignatureConversion> {
        let tys: Vec<Type> = ctx
            .block_args(block)
            .iter()
            .map(|&a| ctx.value_type(a))
            .collect();
        self.convert_signature_args(ctx, &tys)
    }
    /// Converts function type `fn_ty`; also returns the argument signature conversion.
    pub fn convert_function_type(
        &self,
        ctx: &mut Context,
        fn_ty: Type,
    ) -> Option<(Type, SignatureConversion)> {
        let TypeKind::Function { inputs, results } = ctx.type_kind(fn_ty) else {
            return None;
        };
        let (inputs, results) = (inputs.clone(), results.clone());
        let conv = self.convert_signature_args(ctx, &inputs)?;
        let new_results = self.convert_type_list(ctx, &results)?;
        let ty = ctx.function_type(conv.converted_types().to_vec(), new_results);
        Some((ty, conv))
    }

    fn materialize(
        list: &[MaterializationFn],
        b: &mut Builder<'_>,
        ty: Type,
        inputs: &[Value],
        loc: Location,
    ) -> Value {
        for f in list.iter().rev() {
            if let Some(v) = f(b, ty, inputs, loc) {
                return v;
            }
        }
        let c = create_unrealized_cast(b, &[ty], inputs, loc);
        b.ctx.result(c, 0)
    }
    /// Builds a value of (old) type `ty` from values of converted types (default: an
    /// unrealized conversion cast).
    pub fn materialize_source(
        &self,
        b: &mut Builder<'_>,
        ty: Type,
        inputs: &[Value],
        loc: Location,
    ) -> Value {
        Self::materialize(&self.source_materializations, b, ty, inputs, loc)
    }
    /// Builds a value of (converted) type `ty` from a value of the original type (default: an
    /// unrealized conversion cast).
    pub fn materialize_target(
        &self,
        b: &mut Builder<'_>,
        ty: Type,
        inputs: &[Value],
        loc: Location,
    ) -> Value {
        Self::materialize(&self.target_materializations, b, ty, inputs, loc)
    }
}

/// How one original argument maps to the converted signature.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InputMapping {
    /// To `len` consecutive new arguments starting at `start` (`len == 0`: dropped).
    Types {
        /// First new argument.
        start: usize,
        /// Number of new arguments.
        len: usize,
    },
    /// Replaced by an existing value.
    Value(Value),
}

/// A conversion of a block's (or function's) argument list (MLIR's
/// `TypeConverter::SignatureConversion`).
#[derive(Clone, Debug, Default)]
pub struct SignatureConversion {
    inputs: Vec<Option<InputMapping>>,
    converted: Vec<Type>,
}

impl SignatureConversion {
    /// A conversion of `num_inputs` original arguments, none mapped yet.
    pub fn new(num_inputs: usize) -> Self {
        SignatureConversion {
            inputs: vec![None; num_inputs],
            converted: Vec::new(),
        }
    }
    /// Maps original argument `orig` to new arguments of types `types` (appended).
    pub fn add_inputs(&mut self, orig: usize, types: &[Type]) {
        let start = self.converted.len();
        self.converted.extend_from_slice(types);
        self.inputs[orig] = Some(InputMapping::Types {
            start,
            len: types.len(),
        });
    }
    /// Appends new arguments that no original argument maps to.
    pub fn append_inputs(&mut self, types: &[Type]) {
        self.converted.extend_from_slice(types);
    }
    /// Replaces original argument `orig` with `value`.
    pub fn remap_input(&mut self, orig: usize, value: Value) {
        self.inputs[orig] = Some(InputMapping::Value(value));
    }
    /// The new argument types.
    pub fn converted_types(&self) -> &[Type] {
        &self.converted
    }
    /// How original argument `orig` is mapped (`None`: dropped).
    pub fn input_mapping(&self, orig: usize) -> Option<InputMapping> {
        self.inputs.get(orig).copied().flatten()
    }
    /// Number of original arguments.
    pub fn num_original_inputs(&self) -> usize {
        self.inputs.len()
    }
    fn is_one_to_one_in_order(&self) -> bool {
        self.converted.len() == self.inputs.len()
            && self
                .inputs
                .iter()
                .enumerate()
                .all(|(i, m)| *m == Some(InputMapping::Types { start: i, len: 1 }))
    }
}

// ----- patterns -----------------------------------------------------------------------------

/// A rewrite used by dialect conversion: like [`RewritePattern`], but given the remapped
/// operands and a [`ConversionRewriter`]. A pattern returning `false` must not have changed
/// the IR (see the module documentation).
pub trait ConversionPattern {
    /// The op name this pattern applies to, or `None` for any op.
    fn root(&self) -> Option<&'static str>;
    /// Higher benefit is tried first.
    fn benefit(&self) -> u16 {
        1
    }
    /// A name for debugging.
    fn name(&self) -> &'static str {
        std::any::type_name::<Self>()
    }
    /// Whether the pattern may be applied to ops it created itself (it guarantees termination).
    fn has_bounded_recursion(&self) -> bool {
        false
    }
    /// Rewrites `op`; `operands` are its operands remapped to their converted values.
    fn match_and_rewrite(
        &self,
        op: OpId,
        operands: &[Value],
        rewriter: &mut ConversionRewriter<'_>,
    ) -> bool;
}

/// A plain [`RewritePattern`] used as a conversion pattern (it sees the original operands).
struct RewriteAsConversion(Box<dyn RewritePattern>);

impl ConversionPattern for RewriteAsConversion {
    fn root(&self) -> Option<&'static str> {
        self.0.root()
    }
    fn benefit(&self) -> u16 {
        self.0.benefit()
    }
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn match_and_rewrite(
        &self,
        op: OpId,
        _operands: &[Value],
        rewriter: &mut ConversionRewriter<'_>,
    ) -> bool {
        let ctx: &mut Context = rewriter;
        let mut rw = PatternRewriter::new(ctx, op);
        self.0.match_and_rewrite(op, &mut rw)
    }
}

/// A set of conversion patterns.
#[derive(Default)]
pub struct ConversionPatternSet {
    patterns: Vec<Box<dyn ConversionPattern>>,
}

impl ConversionPatternSet {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }
    /// Adds a pattern.
    pub fn add(&mut self, p: impl ConversionPattern + 'static) {
        self.patterns.push(Box::new(p));
    }
    /// Adds a boxed pattern.
    pub fn add_boxed(&mut self, p: Box<dyn ConversionPattern>) {
        self.patterns.push(p);
    }
    /// Adds an ordinary rewrite pattern (it receives the original operands).
    pub fn add_rewrite_pattern(&mut self, p: impl RewritePattern + 'static) {
        self.patterns
            .push(Box::new(RewriteAsConversion(Box::new(p))));
    }
    /// The patterns, in insertion order.
    pub fn patterns(&self) -> &[Box<dyn ConversionPattern>] {
        &self.patterns
    }
    /// Number of patterns.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }
    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }
}

// ----- rewriter -----------------------------------------------------------------------------

#[derive(Default)]
struct ConversionState {
    /// Value replacements: a key stands for its value (chains are followed).
    mapping: FxHashMap<Value, Value>,
    /// Materializations created by the conversion, in creation order.
    materializations: Vec<OpId>,
    materialization_set: FxHashSet<OpId>,
    /// Target materializations already built: (value, type) -> converted value.
    target_cache: FxHashMap<(Value, Type), Value>,
}

impl ConversionState {
    fn chain(&self, v: Value) -> SmallVec<[Value; 4]> {
        let mut out: SmallVec<[Value; 4]> = smallvec::smallvec![v];
        let mut cur = v;
        while let Some(&n) = self.mapping.get(&cur) {
            cur = n;
            out.push(n);
            if out.len() > 1024 {
                break;
            }
        }
        out
    }
}

/// The insertion point right after `v`'s definition.
fn ip_after_def(ctx: &Context, v: Value) -> InsertPoint {
    match ctx.value_def(v) {
        ValueDef::OpResult { op, .. } => InsertPoint::After(op),
        ValueDef::BlockArg { block, .. } => InsertPoint::BlockStart(block),
        ValueDef::Placeholder => InsertPoint::Detached,
    }
}

fn record_materialization(ctx: &Context, state: &mut ConversionState, v: Value) {
    if let Some(op) = ctx.defining_op(v) {
        if state.materialization_set.insert(op) {
            state.materializations.push(op);
        }
    }
}

fn source_materialize(
    ctx: &mut Context,
    state: &mut ConversionState,
    tc: &TypeConverter,
    ip: InsertPoint,
    ty: Type,
    inputs: &[Value],
    loc: Location,
) -> Value {
    let mut b = Builder::new(ctx, ip, loc);
    let v = tc.materialize_source(&mut b, ty, inputs, loc);
    record_materialization(ctx, state, v);
    v
}

/// The rewriter handed to [`ConversionPattern`]s: a [`Builder`] positioned before the matched
/// op, plus the conversion's value mapping and type converter.
pub struct ConversionRewriter<'a> {
    builder: Builder<'a>,
    state: &'a mut ConversionState,
    type_converter: &'a TypeConverter,
}

impl<'a> ConversionRewriter<'a> {
    /// The type converter of the conversion.
    pub fn type_converter(&self) -> &'a TypeConverter {
        self.type_converter
    }
    /// The underlying builder.
    pub fn builder(&mut self) -> &mut Builder<'a> {
        &mut self.builder
    }
    /// Converts `ty` to one type with the conversion's type converter.
    pub fn convert_type(&mut self, ty: Type) -> Option<Type> {
        self.type_converter.convert_type(self.builder.ctx, ty)
    }
    /// Converts `ty` 1:N with the conversion's type converter.
    pub fn convert_types(&mut self, ty: Type) -> Option<SmallVec<[Type; 1]>> {
        self.type_converter.convert_types(self.builder.ctx, ty)
    }
    /// Converts each type 1:N and concatenates.
    pub fn convert_type_list(&mut self, tys: &[Type]) -> Option<Vec<Type>> {
        self.type_converter.convert_type_list(self.builder.ctx, tys)
    }
    /// The latest (still existing) value `v` was replaced by, or `v`.
    pub fn lookup(&self, v: Value) -> Value {
        let ctx: &Context = &self.builder;
        self.state
            .chain(v)
            .into_iter()
            .rev()
            .find(|x| ctx.value_exists(*x))
            .unwrap_or(v)
    }
    /// Records that `from` stands for `to` (later users of `from` get `to` as operand).
    pub fn map_value(&mut self, from: Value, to: Value) {
        if from != to {
            self.state.mapping.insert(from, to);
        }
    }
    /// Creates the op described by `state` at the insertion point.
    pub fn create(&mut self, state: OperationState) -> OpId {
        self.builder.insert(state)
    }
    /// Replaces the results of `op` with `values` and erases `op`. A value whose type differs
    /// from the result it replaces reaches the old users through a source materialization,
    /// and the conversion remembers it as the result's replacement.
    pub fn replace_op(&mut self, op: OpId, values: &[Value]) {
        let ctx = &mut *self.builder.ctx;
        let results = ctx.results(op).to_vec();
        assert_eq!(
            results.len(),
            values.len(),
            "replace_op: result count mismatch"
        );
        let loc = ctx.op_loc(op);
        for (r, &v) in results.into_iter().zip(values) {
            let (rt, vt) = (ctx.value_type(r), ctx.value_type(v));
            if rt == vt {
                ctx.replace_all_uses_with(r, v);
            } else if ctx.has_uses(r) {
                let ip = ip_after_def(ctx, v);
                let c = source_materialize(ctx, self.state, self.type_converter, ip, rt, &[v], loc);
                ctx.replace_all_uses_with(r, c);
                if c != v {
                    self.state.mapping.insert(c, v);
                }
            }
        }
        ctx.erase_op(op);
    }
    /// Creates the op described by `state` at the insertion point and replaces `op` with its
    /// results (see [`replace_op`](Self::replace_op)). Returns the new op.
    pub fn replace_op_with_new(&mut self, op: OpId, state: OperationState) -> OpId {
        let new = self.builder.insert(state);
        let results = self.builder.ctx.results(new).to_vec();
        self.replace_op(op, &results);
        new
    }
    /// Erases `op`, whose results must be unused.
    pub fn erase_op(&mut self, op: OpId) {
        self.builder.ctx.erase_op(op);
    }
    /// Runs `f` to update `op` in place and reports the modification.
    pub fn modify_op_in_place<R>(&mut self, op: OpId, f: impl FnOnce(&mut Context) -> R) -> R {
        let r = f(self.builder.ctx);
        self.builder.ctx.notify_modified(op);
        r
    }
    /// Moves the blocks of `region` into `dest` before `before` (at the end when `None`).
    pub fn inline_region_before(
        &mut self,
        region: RegionId,
        dest: RegionId,
        before: Option<BlockId>,
    ) {
        crate::rewrite::inline_region_before(self.builder.ctx, region, dest, before);
    }
    /// Builds a value of the converted type `ty` from `v` right after `v`'s definition.
    pub fn materialize_target(&mut self, v: Value, ty: Type) -> Value {
        materialize_target_cached(self.builder.ctx, self.state, self.type_converter, v, ty)
    }
    /// Converts the argument types of every block of `region` with the type converter.
    /// Returns `false` (changing nothing) if some type does not convert.
    pub fn convert_region_types(&mut self, region: RegionId) -> bool {
        let blocks = self.builder.ctx.region_blocks(region).to_vec();
        let mut convs = Vec::with_capacity(blocks.len());
        for &b in &blocks {
            match self
                .type_converter
                .convert_block_signature(self.builder.ctx, b)
            {
                Some(c) => convs.push(c),
                None => return false,
            }
        }
        for (b, c) in blocks.into_iter().zip(convs) {
            self.apply_signature_conversion(b, &c);
        }
        true
    }
    /// Rewrites the arguments of `block` according to `conv`. Arguments converted 1:1 keep
    /// their identity and just change type; otherwise new arguments are created and the old
    /// ones erased. Old uses reach the new arguments through source materializations, which
    /// the conversion remembers, so converted users get the new arguments directly. Returns
    /// `block`.
    pub fn apply_signature_conversion(
        &mut self,
        block: BlockId,
        conv: &SignatureConversion,
    ) -> BlockId {
        let ctx = &mut *self.builder.ctx;
        let orig: Vec<Value> = ctx.block_args(block).to_vec();
        assert_eq!(
            orig.len(),
            conv.num_original_inputs(),
            "signature conversion: argument count mismatch"
        );
        let loc = match ctx.block_parent_op(block) {
            Some(p) => ctx.op_loc(p),
            None => ctx.unknown_loc(),
        };
        let mut ip = InsertPoint::BlockStart(block);
        let advance = |ctx: &Context, v: Value, ip: &mut InsertPoint| {
            if let Some(d) = ctx.defining_op(v) {
                if ctx.op_parent_block(d) == Some(block) {
                    *ip = InsertPoint::After(d);
                }
            }
        };
        if conv.is_one_to_one_in_order() {
            for (i, &a) in orig.iter().enumerate() {
                let new_ty = conv.converted[i];
                let old_ty = ctx.value_type(a);
                if new_ty == old_ty {
                    continue;
                }
                ctx.set_value_type(a, new_ty);
                if ctx.has_uses(a) {
                    let c = source_materialize(
                        ctx,
                        self.state,
                        self.type_converter,
                        ip,
                        old_ty,
                        &[a],
                        loc,
                    );
                    advance(ctx, c, &mut ip);
                    let cast_op = ctx.defining_op(c);
                    ctx.replace_uses_where(a, c, |_, u| Some(u.op) != cast_op);
                    self.state.mapping.insert(c, a);
                }
            }
            return block;
        }
        let new_args: Vec<Value> = conv
            .converted
            .iter()
            .map(|&t| ctx.add_block_arg(block, t))
            .collect();
        for (i, &a) in orig.iter().enumerate() {
            let old_ty = ctx.value_type(a);
            match conv.input_mapping(i) {
                None => {
                    if ctx.has_uses(a) {
                        let c = source_materialize(
                            ctx,
                            self.state,
                            self.type_converter,
                            ip,
                            old_ty,
                            &[],
                            loc,
                        );
                        advance(ctx, c, &mut ip);
                        ctx.replace_all_uses_with(a, c);
                    }
                }
                Some(InputMapping::Value(v)) => ctx.replace_all_uses_with(a, v),
                Some(InputMapping::Types { start, len }) => {
                    let vals = &new_args[start..start + len];
                    if len == 1 && ctx.value_type(vals[0]) == old_ty {
                        ctx.replace_all_uses_with(a, vals[0]);
                    } else if ctx.has_uses(a) {
                        let c = source_materialize(
                            ctx,
                            self.state,
                            self.type_converter,
                            ip,
                            old_ty,
                            vals,
                            loc,
                        );
                        advance(ctx, c, &mut ip);
                        ctx.replace_all_uses_with(a, c);
                        if len == 1 {
                            self.state.mapping.insert(c, vals[0]);
                        }
                    }
                }
            }
        }
        for _ in 0..orig.len() {
            ctx.erase_block_arg(block, 0);
        }
        block
    }
}

fn materialize_target_cached(
    ctx: &mut Context,
    state: &mut ConversionState,
    tc: &TypeConverter,
    v: Value,
    ty: Type,
) -> Value {
    if let Some(&c) = state.target_cache.get(&(v, ty)) {
        if ctx.value_exists(c) {
            return c;
        }
    }
    let loc = match ctx.value_def(v) {
        ValueDef::OpResult { op, .. } => ctx.op_loc(op),
        ValueDef::BlockArg { block, .. } => match ctx.block_parent_op(block) {
            Some(p) => ctx.op_loc(p),
            None => ctx.unknown_loc(),
        },
        ValueDef::Placeholder => ctx.unknown_loc(),
    };
    let ip = ip_after_def(ctx, v);
    let mut b = Builder::new(ctx, ip, loc);
    let c = tc.materialize_target(&mut b, ty, &[v], loc);
    record_materialization(ctx, state, c);
    state.target_cache.insert((v, ty), c);
    c
}

impl<'a> std::ops::Deref for ConversionRewriter<'a> {
    type Target = Builder<'a>;
    fn deref(&self) -> &Builder<'a> {
        &self.builder
    }
}

impl std::ops::DerefMut for ConversionRewriter<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.builder
    }
}

// ----- driver -------------------------------------------------------------------------------

#[derive(Copy, Clone, PartialEq, Eq)]
enum Mode {
    Partial,
    Full,
}

struct Driver<'a> {
    ctx: &'a mut Context,
    target: &'a ConversionTarget,
    patterns: &'a ConversionPatternSet,
    tc: &'a TypeConverter,
    by_root: FxHashMap<&'static str, Vec<usize>>,
    any_root: Vec<usize>,
    state: ConversionState,
    ignored: FxHashSet<OpId>,
    active: Vec<usize>,
    depth: usize,
}

const MAX_DEPTH: usize = 256;

impl<'a> Driver<'a> {
    fn new(
        ctx: &'a mut Context,
        target: &'a ConversionTarget,
        patterns: &'a ConversionPatternSet,
        tc: &'a TypeConverter,
    ) -> Self {
        let mut order: Vec<usize> = (0..patterns.patterns.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(patterns.patterns[i].benefit()));
        let mut by_root: FxHashMap<&'static str, Vec<usize>> = FxHashMap::default();
        let mut any_root = Vec::new();
        for &i in &order {
            match patterns.patterns[i].root() {
                Some(r) => by_root.entry(r).or_default().push(i),
                None => any_root.push(i),
            }
        }
        if !any_root.is_empty() {
            let rank: FxHashMap<usize, usize> =
                order.iter().enumerate().map(|(k, &i)| (i, k)).collect();
            for list in by_root.values_mut() {
                list.extend_from_slice(&any_root);
                list.sort_by_key(|i| rank[i]);
            }
        }
        Driver {
            ctx,
            target,
            patterns,
            tc,
            by_root,
            any_root,
            state: ConversionState::default(),
            ignored: FxHashSet::default(),
            active: Vec::new(),
            depth: 0,
        }
    }

    fn candidates(&self, name: &str) -> Vec<usize> {
        self.by_root.get(name).unwrap_or(&self.any_root).clone()
    }

    fn mark_nested_ignored(&mut self, op: OpId) {
        let nested = self.ctx.walk_preorder(op);
        self.ignored.extend(nested.into_iter().skip(1));
    }

    fn remap_operands(&mut self, op: OpId) -> Vec<Value> {
        let operands = self.ctx.operand_vec(op);
        let mut out = Vec::with_capacity(operands.len());
        for v in operands {
            let mut chain = self.state.chain(v);
            chain.retain(|x| self.ctx.value_exists(*x));
            let latest = chain.last().copied().unwrap_or(v);
            let orig_ty = self.ctx.value_type(v);
            match self.tc.convert_type(self.ctx, orig_ty) {
                None => out.push(latest),
                Some(want) => {
                    if let Some(&x) = chain
                        .iter()
                        .rev()
                        .find(|&&x| self.ctx.value_type(x) == want)
                    {
                        out.push(x);
                    } else {
                        let c = materialize_target_cached(
                            self.ctx,
                            &mut self.state,
                            self.tc,
                            latest,
                            want,
                        );
                        out.push(c);
                    }
                }
            }
        }
        out
    }

    /// Folds `op` if that yields legal IR. Returns whether `op` is now gone or legal.
    fn try_fold(&mut self, op: OpId) -> bool {
        if is_constant_like(self.ctx, op) {
            return false;
        }
        let Some(results) = fold_op(self.ctx, op) else {
            return false;
        };
        if !self.ctx.op_exists(op) {
            return true;
        }
        let own = self.ctx.results(op).to_vec();
        if results.is_empty()
            || results
                .iter()
                .any(|r| matches!(r, FoldResult::Value(v) if own.contains(v)))
        {
            return self.target.is_legal(self.ctx, op);
        }
        if results.len() != own.len() {
            return false;
        }
        let dialect = self.ctx.op_def(op).map(|i| i.dialect).unwrap_or("");
        let loc = self.ctx.op_loc(op);
        let mut created = Vec::new();
        let mut values = Vec::with_capacity(own.len());
        let mut ok = true;
        for (i, fr) in results.iter().enumerate() {
            let ty = self.ctx.value_type(own[i]);
            match *fr {
                FoldResult::Value(v) => {
                    if !self.ctx.value_exists(v) || self.ctx.value_type(v) != ty {
                        ok = false;
                        break;
                    }
                    values.push(v);
                }
                FoldResult::Attr(a) => {
                    match materialize_constant(
                        self.ctx,
                        dialect,
                        a,
                        ty,
                        loc,
                        InsertPoint::Before(op),
                    ) {
                        Some(c) => {
                            created.push(c);
                            if !self.target.is_legal(self.ctx, c) {
                                ok = false;
                                break;
                            }
                            values.push(self.ctx.result(c, 0));
                        }
                        None => {
                            ok = false;
                            break;
                        }
                    }
                }
            }
        }
        if !ok {
            for c in created.into_iter().rev() {
                if self.ctx.op_exists(c) && self.ctx.op_results_unused(c) {
                    self.ctx.erase_op(c);
                }
            }
            return false;
        }
        for (r, v) in own.into_iter().zip(values) {
            self.ctx.replace_all_uses_with(r, v);
        }
        self.ctx.erase_op(op);
        true
    }

    /// Tries to make `op` legal; returns whether it ended up legal (or erased).
    fn legalize(&mut self, op: OpId) -> bool {
        if !self.ctx.op_exists(op)
            || self.ignored.contains(&op)
            || self.state.materialization_set.contains(&op)
        {
            return true;
        }
        if self.target.is_legal(self.ctx, op) {
            if self.target.is_recursively_legal(self.ctx, op) {
                self.mark_nested_ignored(op);
            }
            return true;
        }
        if self.depth >= MAX_DEPTH {
            return false;
        }
        self.depth += 1;
        let r = self.legalize_illegal(op);
        self.depth -= 1;
        r
    }

    fn legalize_illegal(&mut self, op: OpId) -> bool {
        if self.try_fold(op) {
            return true;
        }
        if !self.ctx.op_exists(op) {
            return true;
        }
        let mut tried: FxHashSet<usize> = FxHashSet::default();
        loop {
            let name = self.ctx.op_name_str(op).to_string();
            let mut applied = false;
            for pi in self.candidates(&name) {
                if !tried.insert(pi) {
                    continue;
                }
                let pattern = &self.patterns.patterns[pi];
                if self.active.contains(&pi) && !pattern.has_bounded_recursion() {
                    continue;
                }
                let operands = self.remap_operands(op);
                self.ctx.drain_journal();
                let ok = {
                    let loc = self.ctx.op_loc(op);
                    let mut rw = ConversionRewriter {
                        builder: Builder::new(self.ctx, InsertPoint::Before(op), loc),
                        state: &mut self.state,
                        type_converter: self.tc,
                    };
                    pattern.match_and_rewrite(op, &operands, &mut rw)
                };
                let events = self.ctx.drain_journal();
                if !ok {
                    continue;
                }
                let mut new_ops: Vec<OpId> = Vec::new();
                let mut seen: FxHashSet<OpId> = FxHashSet::default();
                for ev in events {
                    if let IrEvent::Inserted(o) = ev {
                        if o != op
                            && self.ctx.op_exists(o)
                            && !self.state.materialization_set.contains(&o)
                            && seen.insert(o)
                        {
                            new_ops.push(o);
                        }
                    }
                }
                self.active.push(pi);
                for o in new_ops {
                    self.legalize(o);
                }
                self.active.pop();
                if !self.ctx.op_exists(op) || self.target.is_legal(self.ctx, op) {
                    return true;
                }
                applied = true;
                break;
            }
            if !applied {
                return false;
            }
        }
    }

    fn cleanup_materializations(&mut self) {
        loop {
            let mut changed = false;
            for c in self.state.materializations.clone() {
                if !self.ctx.op_exists(c) {
                    continue;
                }
                let is_cast = self.ctx.op_is(c, UNREALIZED_CAST);
                if self.ctx.op_results_unused(c) {
                    if is_cast || would_op_be_trivially_dead(self.ctx, c) {
                        self.ctx.erase_op(c);
                        changed = true;
                    }
                    continue;
                }
                if !is_cast || self.ctx.num_operands(c) != 1 || self.ctx.num_results(c) != 1 {
                    continue;
                }
                let input = self.ctx.operand(c, 0);
                let out = self.ctx.result(c, 0);
                let out_ty = self.ctx.value_type(out);
                if self.ctx.value_type(input) == out_ty {
                    self.ctx.replace_all_uses_with(out, input);
                    self.ctx.erase_op(c);
                    changed = true;
                    continue;
                }
                if let Some(p) = self.ctx.defining_op(input) {
                    if self.ctx.op_is(p, UNREALIZED_CAST)
                        && self.ctx.num_operands(p) == 1
                        && self.ctx.num_results(p) == 1
                        && self.ctx.value_type(self.ctx.operand(p, 0)) == out_ty
                    {
                        let src = self.ctx.operand(p, 0);
                        self.ctx.replace_all_uses_with(out, src);
                        self.ctx.erase_op(c);
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }

    fn final_check(&self, root: OpId, mode: Mode) -> Result<(), Diagnostic> {
        if !self.ctx.op_exists(root) {
            return Ok(());
        }
        let ctx = &*self.ctx;
        let mut stack = vec![root];
        while let Some(op) = stack.pop() {
            if self.state.materialization_set.contains(&op) {
                continue;
            }
            let legal = self.target.is_legal(ctx, op);
            match mode {
                Mode::Full if !legal => {
                    return Err(Diagnostic::error(
                        ctx.op_loc(op),
                        format!("failed to legalize operation '{}'", ctx.op_name_str(op)),
                    ))
                }
                Mode::Partial if self.target.is_illegal(ctx, op) => {
                    return Err(Diagnostic::error(
                        ctx.op_loc(op),
                        format!(
                            "failed to legalize operation '{}' that was explicitly marked illegal",
                            ctx.op_name_str(op)
                        ),
                    ))
                }
                _ => {}
            }
            if legal && self.target.is_recursively_legal(ctx, op) {
                continue;
            }
            for &r in ctx.regions(op).iter().rev() {
                for &b in ctx.region_blocks(r).iter().rev() {
                    let mut cur = ctx.last_op(b);
                    while let Some(o) = cur {
                        stack.push(o);
                        cur = ctx.prev_op(o);
                    }
                }
            }
        }
        Ok(())
    }
}

fn apply_conversion(
    ctx: &mut Context,
    root: OpId,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
    type_converter: &TypeConverter,
    mode: Mode,
) -> Result<(), Diagnostic> {
    let outer = ctx.push_journal();
    let ops = ctx.walk_preorder(root);
    let mut driver = Driver::new(ctx, target, patterns, type_converter);
    for op in ops {
        driver.legalize(op);
    }
    driver.cleanup_materializations();
    let result = driver.final_check(root, mode);
    drop(driver);
    ctx.pop_journal(outer);
    result
}

/// Converts the ops under (and including) `root`, failing only if an op explicitly marked
/// illegal remains (MLIR's `applyPartialConversion`). See the [module documentation](self).
pub fn apply_partial_conversion(
    ctx: &mut Context,
    root: OpId,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
    type_converter: &TypeConverter,
) -> Result<(), Diagnostic> {
    apply_conversion(ctx, root, target, patterns, type_converter, Mode::Partial)
}

/// Converts the ops under (and including) `root`, failing if any op is not legal afterwards
/// (MLIR's `applyFullConversion`). See the [module documentation](self).
pub fn apply_full_conversion(
    ctx: &mut Context,
    root: OpId,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
    type_converter: &TypeConverter,
) -> Result<(), Diagnostic> {
    apply_conversion(ctx, root, target, patterns, type_converter, Mode::Full)
}
