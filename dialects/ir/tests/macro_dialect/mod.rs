//! A small `test` dialect exercising every feature of `#[dialect]`, `#[op]`, `#[type_def]` and
//! `#[attr_def]`; shared by the `macro_*` integration tests.
#![allow(dead_code)]

use std::fmt::{self, Write as _};

use smallvec::{smallvec, SmallVec};
use tail_ir::constraints::*;
use tail_ir::parser::{ParseResult, Parser};
use tail_ir::printer::Printer;
use tail_ir::{
    attr_def, dialect, op, type_def, AttrKind, Attribute, Builder, Context, Diagnostic, FoldResult,
    Location, OpId, OperationState, RewritePatternSet, Type, TypeKind,
};

/// The test dialect.
///
/// Exercises the macros.
#[dialect(
    name = "test",
    materialize_constant = materialize,
    parse_attribute = parse_depth_attr,
    parse_type = parse_box_type
)]
pub struct TestDialect;

fn materialize(b: &mut Builder<'_>, value: Attribute, _ty: Type, _loc: Location) -> Option<OpId> {
    Some(ConstantOp::build(b, value).0)
}

/// A constant.
#[op(dialect = TestDialect, name = "constant", traits(Pure, ConstantLike), format = "attr-dict $value",
     infer_result_types, fold)]
pub struct ConstantOp {
    /// The value.
    #[attr]
    value: TypedAttr,
    #[result]
    result: AnyType,
}

impl ConstantOp {
    fn infer_result_types(
        ctx: &mut Context,
        _operands: &[tail_ir::Value],
        attrs: &[tail_ir::NamedAttr],
    ) -> Result<Vec<Type>, String> {
        let v = attrs
            .iter()
            .find(|a| ctx.str(a.name) == "value")
            .ok_or("missing value")?;
        ctx.attr_type(v.value)
            .map(|t| vec![t])
            .ok_or_else(|| "value has no type".to_string())
    }
    fn fold(
        self,
        ctx: &mut Context,
        _operands: &[Option<Attribute>],
    ) -> Option<SmallVec<[FoldResult; 1]>> {
        Some(smallvec![FoldResult::Attr(self.value(ctx))])
    }
}

/// Integer addition.
#[op(dialect = TestDialect, name = "addi", traits(Pure, Commutative, SameOperandsAndResultType),
     format = "$lhs `,` $rhs attr-dict `:` type($result)", fold, canonicalize)]
pub struct AddIOp {
    /// Left operand.
    #[operand]
    lhs: AnySignlessIntegerOrIndex,
    #[operand]
    rhs: AnySignlessIntegerOrIndex,
    #[result]
    result: AnySignlessIntegerOrIndex,
}

impl AddIOp {
    fn fold(
        self,
        ctx: &mut Context,
        operands: &[Option<Attribute>],
    ) -> Option<SmallVec<[FoldResult; 1]>> {
        let (a, b) = (operands[0]?, operands[1]?);
        let (x, y) = (ctx.attr_as_int(a)?, ctx.attr_as_int(b)?);
        let ty = ctx.value_type(self.result(ctx));
        Some(smallvec![FoldResult::Attr(
            ctx.int_attr(ty, x.wrapping_add(y))
        )])
    }
    fn canonicalization_patterns(_set: &mut RewritePatternSet) {}
}

/// An enum-like predicate attribute printed as a keyword (`slt`), stored as an `i64`.
pub struct CmpPredicateAttr;
const PREDICATES: [&str; 4] = ["eq", "ne", "slt", "sgt"];
impl tail_ir::AttrConstraint for CmpPredicateAttr {
    const DESCRIPTION: &'static str = "comparison predicate";
    fn check(ctx: &Context, a: Attribute) -> bool {
        matches!(ctx.attr_kind(a), AttrKind::Integer { value, .. } if (0..4).contains(value))
    }
    fn print(p: &mut Printer<'_>, a: Attribute) -> fmt::Result {
        let v = p.ctx.attr_as_int(a).unwrap_or(0) as usize;
        p.write_str(PREDICATES.get(v).copied().unwrap_or("?"))
    }
    fn parse(p: &mut Parser<'_>) -> ParseResult<Attribute> {
        parse_predicate(p)
    }
}

/// Integer comparison: `rhs` gets its type from `lhs`, the result is inferred.
#[op(dialect = TestDialect, name = "cmpi", traits(Pure, SameTypeOperands),
     format = "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)", infer_result_types)]
pub struct CmpIOp {
    #[attr]
    predicate: CmpPredicateAttr,
    #[operand]
    lhs: AnySignlessIntegerOrIndex,
    #[operand]
    rhs: AnySignlessIntegerOrIndex,
    #[result]
    result: I1,
}

impl CmpIOp {
    fn infer_result_types(
        ctx: &mut Context,
        _o: &[tail_ir::Value],
        _a: &[tail_ir::NamedAttr],
    ) -> Result<Vec<Type>, String> {
        Ok(vec![ctx.i1_type()])
    }
}

/// Several variable-length operand groups: `operandSegmentSizes`.
#[op(dialect = TestDialect, name = "seg",
     format = "$a (`[` $idx^ `]`)? (`opt` $c^)? attr-dict `:` functional-type(operands, results)")]
pub struct SegOp {
    #[operand(variadic)]
    a: AnyType,
    #[operand(variadic)]
    idx: Index,
    #[operand(optional)]
    c: AnyType,
    #[result(variadic)]
    res: AnyType,
}

/// Several variable-length result groups (generic form only): `resultSegmentSizes`.
#[op(dialect = TestDialect, name = "multi_res")]
pub struct MultiResOp {
    #[operand]
    x: AnyType,
    #[result(optional)]
    first: AnyInteger,
    #[result(variadic)]
    rest: AnyFloat,
    #[result]
    last: AnyType,
}

/// A region with an implicit terminator and a unit-attribute flag.
#[op(dialect = TestDialect, name = "region_op", traits(RecursiveMemoryEffects),
     format = "$input (`unit` $flag^)? attr-dict-with-keyword `:` type($input) $body")]
pub struct RegionOp {
    #[operand]
    input: AnyType,
    #[attr(optional)]
    flag: UnitAttr,
    #[region(single_block, implicit_terminator = "test.yield")]
    body: Region,
}

/// Terminator with optional values.
#[op(dialect = TestDialect, name = "yield", traits(Terminator, ReturnLike, Pure),
     format = "attr-dict ($values^ `:` type($values))?")]
pub struct YieldOp {
    #[operand(variadic)]
    values: AnyType,
}

/// Branch with a successor and forwarded operands.
#[op(dialect = TestDialect, name = "br", traits(Terminator),
     format = "$dest (`(` $args^ `:` type($args) `)`)? attr-dict")]
pub struct BrOp {
    #[successor]
    dest: Successor,
    #[operand(variadic)]
    args: AnyType,
}

/// Conditional branch: `cond` is `i1`, so its type is not in the format.
#[op(dialect = TestDialect, name = "cond_br", traits(Terminator), format = "$cond `,` $dests attr-dict")]
pub struct CondBrOp {
    #[operand]
    cond: I1,
    #[successor(variadic)]
    dests: Successor,
}

/// A function-like op: symbol name, function type, body.
#[op(dialect = TestDialect, name = "func", traits(IsolatedFromAbove, Symbol), default_dialect = "test",
     format = "$sym_name attr-dict-with-keyword `:` $function_type $body")]
pub struct FuncOp {
    #[attr]
    sym_name: SymbolNameAttr,
    #[attr]
    function_type: FunctionTypeAttr,
    #[attr(optional)]
    sym_visibility: StringAttr,
    #[region]
    body: Region,
}

/// Attributes with fixed-type integers, dense arrays, defaults and a hand-written verifier.
#[op(dialect = TestDialect, name = "attrs", format = "$count `,` $dims (`note` $note^)? attr-dict", verify)]
pub struct AttrsOp {
    #[attr]
    count: I64Attr,
    #[attr]
    dims: DenseI64ArrayAttr,
    #[attr(default = ctx.bool_attr(false))]
    flag: BoolAttr,
    #[attr(optional)]
    note: StringAttr,
}

impl AttrsOp {
    fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        if ctx.attr_as_int(self.count(ctx)).unwrap_or(0) < 0 {
            return Err(Diagnostic::error(
                ctx.op_loc(self.0),
                "'test.attrs' op count must be non-negative",
            ));
        }
        Ok(())
    }
}

/// Variadic regions, no format.
#[op(dialect = TestDialect, name = "switch", traits(RecursiveMemoryEffects))]
pub struct SwitchOp {
    #[operand]
    value: Index,
    #[region(single_block)]
    default_region: Region,
    #[region(variadic)]
    cases: Region,
}

/// Hand-written syntax: `test.custom %x <<` with the type implied (`i32`).
#[op(dialect = TestDialect, name = "custom", custom_assembly)]
pub struct CustomOp {
    #[operand]
    x: I32,
    #[result]
    r: I32,
}

impl CustomOp {
    fn print(self, p: &mut Printer<'_>) -> fmt::Result {
        p.write_str(" ")?;
        p.print_value(self.x(p.ctx))?;
        p.write_str(" <<")
    }
    fn parse(p: &mut Parser<'_>, st: &mut OperationState) -> ParseResult<()> {
        parse_custom(p, st)
    }
}

/// A store: the value's type is the memref's element type (`type_from`/`via`).
#[op(dialect = TestDialect, name = "store", traits(MemWrite),
     format = "$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)")]
pub struct StoreOp {
    #[operand(type_from = memref, via = element_type)]
    value: AnyType,
    #[operand]
    memref: AnyMemRef,
    #[operand(variadic)]
    indices: Index,
}

/// A load: the result type is the memref's element type, so `build` takes no result type.
#[op(dialect = TestDialect, name = "load", traits(MemRead),
     format = "$memref `[` $indices `]` attr-dict `:` type($memref)")]
pub struct LoadOp {
    #[operand]
    memref: AnyMemRef,
    #[operand(variadic)]
    indices: Index,
    #[result(type_from = memref, via = element_type)]
    result: AnyType,
}

/// A call: symbol reference and `functional-type`.
#[op(dialect = TestDialect, name = "call", traits(Call),
     format = "$callee `(` $args `)` attr-dict `:` functional-type($args, results)")]
pub struct CallOp {
    #[attr]
    callee: FlatSymbolRefAttr,
    #[operand(variadic)]
    args: AnyType,
    #[result(variadic)]
    results: AnyType,
}

/// Dialect types and attributes as constraints.
#[op(dialect = TestDialect, name = "make_array", format = "$elems attr-dict `:` type($result) $level")]
pub struct MakeArrayOp {
    #[operand(variadic, type_from = result, via = array_elem)]
    elems: AnyType,
    #[attr]
    level: LevelAttr,
    #[result]
    result: ArrayType,
}

/// The element type of an `!test.array`.
pub fn array_elem(ctx: &Context, t: Type) -> Type {
    ArrayType::from_type(ctx, t).map_or(t, |a| a.elem)
}

/// An array type.
#[type_def(dialect = TestDialect, mnemonic = "array", format = "`<` $elem `,` $rank `>`")]
pub struct ArrayType {
    pub elem: Type,
    pub rank: i64,
}

/// A parameterless type.
#[type_def(dialect = TestDialect, mnemonic = "token")]
pub struct TokenType;

/// A type with hand-written syntax: `!test.pair<i32 x f32>`.
#[type_def(dialect = TestDialect, mnemonic = "pair", custom_assembly)]
pub struct PairType {
    pub a: Type,
    pub b: Type,
}

impl PairType {
    fn print_body(&self, p: &mut Printer<'_>) -> fmt::Result {
        p.write_str("<")?;
        p.print_type(self.a)?;
        p.write_str(" x ")?;
        p.print_type(self.b)?;
        p.write_str(">")
    }
    fn parse_body(p: &mut Parser<'_>) -> ParseResult<Self> {
        parse_pair(p)
    }
}

/// A parallelism level attribute.
#[attr_def(dialect = TestDialect, mnemonic = "level", format = "`<` $name `,` $dims `>`")]
pub struct LevelAttr {
    pub name: String,
    pub dims: Vec<i64>,
}

// Parsing helpers of the hand-written syntax above.
fn parse_predicate(p: &mut Parser<'_>) -> ParseResult<Attribute> {
    parsing_impl::parse_predicate(p)
}
fn parse_custom(p: &mut Parser<'_>, st: &mut OperationState) -> ParseResult<()> {
    parsing_impl::parse_custom(p, st)
}
fn parse_pair(p: &mut Parser<'_>) -> ParseResult<PairType> {
    parsing_impl::parse_pair(p)
}

mod parsing_impl {
    use super::*;
    pub fn parse_predicate(p: &mut Parser<'_>) -> ParseResult<Attribute> {
        let loc = p.loc();
        let kw = p.parse_any_keyword()?;
        let i = PREDICATES
            .iter()
            .position(|x| *x == kw)
            .ok_or_else(|| Diagnostic::error(loc, format!("unknown predicate '{kw}'")))?;
        let i64t = p.ctx.int_type(64);
        Ok(p.ctx.int_attr(i64t, i as i64))
    }
    pub fn parse_custom(p: &mut Parser<'_>, st: &mut OperationState) -> ParseResult<()> {
        let u = p.parse_operand()?;
        p.parse_punct("<")?;
        p.parse_punct("<")?;
        let i32t = p.ctx.int_type(32);
        let v = p.resolve_operand(&u, i32t)?;
        st.operands.push(v);
        st.result_types.push(i32t);
        Ok(())
    }
    pub fn parse_pair(p: &mut Parser<'_>) -> ParseResult<PairType> {
        p.parse_punct("<")?;
        let a = p.parse_type()?;
        p.parse_keyword("x")?;
        let b = p.parse_type()?;
        p.parse_punct(">")?;
        Ok(PairType { a, b })
    }
}

/// Whether `ty` is an `!test.array`.
pub fn is_array(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_kind(ty), TypeKind::Dialect(_)) && ArrayType::from_type(ctx, ty).is_some()
}

/// An optional group anchored on a variadic result's types: absent means no results.
#[op(dialect = TestDialect, name = "opt_results",
     format = "($args^ `:` type($args))? attr-dict (`->` type($results)^)?")]
pub struct OptResultsOp {
    /// Anything.
    #[operand(variadic)]
    args: AnyType,
    /// Zero or more results.
    #[result(variadic)]
    results: AnyType,
}

// ----- dialect-level attributes and types (`#test<…>`, `!test<…>`) -----------------------------

/// `#test<depth N>`: a dialect-level attribute (empty mnemonic).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DepthAttr(pub i64);

impl tail_ir::attrs::DialectAttr for DepthAttr {
    fn dialect(&self) -> &'static str {
        "test"
    }
    fn mnemonic(&self) -> &'static str {
        ""
    }
    fn print_body(&self, p: &mut Printer<'_>) -> fmt::Result {
        write!(p, "<depth {}>", self.0)
    }
}

fn parse_depth_attr(p: &mut Parser<'_>) -> ParseResult<Attribute> {
    p.parse_punct("<")?;
    p.parse_keyword("depth")?;
    let n = p.parse_integer()?;
    p.parse_punct(">")?;
    Ok(p.ctx.intern_attr(AttrKind::Dialect(Box::new(DepthAttr(n)))))
}

/// `!test<box T>`: a dialect-level type (empty mnemonic).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoxType(pub Type);

impl tail_ir::DialectType for BoxType {
    fn dialect(&self) -> &'static str {
        "test"
    }
    fn mnemonic(&self) -> &'static str {
        ""
    }
    fn print_body(&self, p: &mut Printer<'_>) -> fmt::Result {
        p.write_str("<box ")?;
        p.print_type(self.0)?;
        p.write_str(">")
    }
}

fn parse_box_type(p: &mut Parser<'_>) -> ParseResult<Type> {
    p.parse_punct("<")?;
    p.parse_keyword("box")?;
    let t = p.parse_type()?;
    p.parse_punct(">")?;
    Ok(p.ctx.intern_type(TypeKind::Dialect(Box::new(BoxType(t)))))
}
