//! The `func` dialect: functions, returns and calls.
//!
//! Mirrors `mlir/include/mlir/Dialect/Func/IR/FuncOps.td` and
//! `mlir/lib/Interfaces/FunctionImplementation.cpp`. `func.func` prints its signature with
//! named entry-block arguments (`func.func @f(%arg0: i32) -> i32 {...}`) or, for a
//! declaration, bare types (`func.func private @g(i32) -> i32`); argument and result
//! attributes live in `arg_attrs`/`res_attrs` arrays of dictionaries and print next to their
//! types. Inside a function body the `func.` prefix is omitted (`return`, `call`).
//!
//! Verification follows upstream's messages: entry-block arguments must match the signature,
//! `func.return` operands must match the enclosing function's results, and `func.call` must
//! name an existing function with matching types.

use std::fmt::{self, Write as _};

use smallvec::SmallVec;
use tail_ir::parser::{Argument, ParseResult, Parser};
use tail_ir::printer::Printer;
use tail_ir::{
    AttrKind, Attribute, BlockId, Builder, Context, Diagnostic, FoldResult, InsertPoint, Location,
    OpId, OperationState, Type, TypeKind, Value,
};
use tail_ir_macros::{dialect, op};

use crate::constraints::*;
use crate::util::{self, op_error, plain_error, quoted, str_attr, types_of};

/// The func dialect: functions and calls.
#[dialect(name = "func", summary = "Functions, calls and returns", materialize_constant = func_materialize)]
pub struct FuncDialect;

/// Materializes a symbol reference constant as `func.constant` (used by folding).
pub fn func_materialize(
    b: &mut Builder<'_>,
    value: Attribute,
    ty: Type,
    loc: Location,
) -> Option<OpId> {
    if !matches!(b.attr_kind(value), AttrKind::SymbolRef { .. })
        || !matches!(b.type_kind(ty), TypeKind::Function { .. })
    {
        return None;
    }
    let mut state = OperationState::new(b, "func.constant", loc);
    state.add_attr(b, "value", value);
    state.result_types.push(ty);
    Some(b.insert(state))
}

/// A function: a symbol with a signature (`function_type`) and a body region whose entry
/// block arguments are the parameters. A function without a body is a declaration.
///
/// ```mlir
/// func.func @add(%arg0: i32, %arg1: i32) -> i32 {
///   %0 = arith.addi %arg0, %arg1 : i32
///   return %0 : i32
/// }
/// func.func private @decl(i32) -> i32
/// ```
#[op(dialect = FuncDialect, name = "func", traits(IsolatedFromAbove, Symbol, Callable),
     default_dialect = "func", custom_assembly, verify)]
pub struct FuncOp {
    #[attr]
    sym_name: StringAttr,
    #[attr]
    function_type: FunctionTypeAttr,
    #[attr(optional)]
    sym_visibility: StringAttr,
    #[attr(optional)]
    arg_attrs: ArrayAttr,
    #[attr(optional)]
    res_attrs: ArrayAttr,
    #[region]
    body: RegionId,
}

/// The parameter and result types of a function type.
pub fn function_signature(ctx: &Context, fn_type: Type) -> Option<(&[Type], &[Type])> {
    match ctx.type_kind(fn_type) {
        TypeKind::Function { inputs, results } => Some((inputs, results)),
        _ => None,
    }
}

impl FuncOp {
    /// Creates a function `@name` of type `fn_type` at the builder's insertion point, with an
    /// entry block whose arguments match the parameters. Returns the op and its entry block.
    pub fn create(b: &mut Builder<'_>, name: &str, fn_type: Type) -> (FuncOp, BlockId) {
        let inputs = function_signature(b, fn_type)
            .map(|(i, _)| i.to_vec())
            .unwrap_or_default();
        let mut state = b.state("func.func");
        let n = b.string_attr(name);
        state.add_attr(b, "sym_name", n);
        let t = b.type_attr(fn_type);
        state.add_attr(b, "function_type", t);
        let r = b.create_region();
        let entry = b.append_new_block(r, &inputs);
        state.regions.push(r);
        let op = b.insert(state);
        (FuncOp::from_op(b, op).expect("registered"), entry)
    }

    /// Creates a private declaration `func.func private @name(...)` (no body).
    pub fn create_declaration(b: &mut Builder<'_>, name: &str, fn_type: Type) -> FuncOp {
        let mut state = b.state("func.func");
        let n = b.string_attr(name);
        state.add_attr(b, "sym_name", n);
        let t = b.type_attr(fn_type);
        state.add_attr(b, "function_type", t);
        let v = b.string_attr("private");
        state.add_attr(b, "sym_visibility", v);
        let r = b.create_region();
        state.regions.push(r);
        let op = b.insert(state);
        FuncOp::from_op(b, op).expect("registered")
    }

    /// Declares `func.func private @name : fn_type` at the end of `module`'s body unless the
    /// module already has a symbol `name` (a runtime function declared on first use).
    pub fn declare_once(b: &mut Builder<'_>, module: OpId, name: &str, fn_type: Type) {
        if util::lookup_symbol_in(b.ctx, module, name).is_some() {
            return;
        }
        let Some(blk) = b.ctx.entry_block(b.ctx.region(module, 0)) else {
            return;
        };
        let saved = b.insertion_point();
        b.set_insertion_point(InsertPoint::BlockEnd(blk));
        FuncOp::create_declaration(b, name, fn_type);
        b.set_insertion_point(saved);
    }

    /// The function's name.
    pub fn name(self, ctx: &Context) -> &str {
        util::symbol_name(ctx, self.op()).unwrap_or("")
    }

    /// The function type.
    pub fn fn_type(self, ctx: &Context) -> Option<Type> {
        ctx.attr(self.op(), "function_type")
            .and_then(|a| ctx.attr_as_type(a))
    }

    /// Parameter types.
    pub fn argument_types(self, ctx: &Context) -> Vec<Type> {
        self.fn_type(ctx)
            .and_then(|t| function_signature(ctx, t))
            .map(|(i, _)| i.to_vec())
            .unwrap_or_default()
    }

    /// Result types.
    pub fn result_types(self, ctx: &Context) -> Vec<Type> {
        self.fn_type(ctx)
            .and_then(|t| function_signature(ctx, t))
            .map(|(_, r)| r.to_vec())
            .unwrap_or_default()
    }

    /// Whether the function has no body.
    pub fn is_declaration(self, ctx: &Context) -> bool {
        ctx.region_is_empty(ctx.region(self.op(), 0))
    }

    /// The entry block, if the function has a body.
    pub fn entry_block(self, ctx: &Context) -> Option<BlockId> {
        ctx.entry_block(ctx.region(self.op(), 0))
    }

    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let op = self.op();
        verify_visibility(ctx, op)?;
        let Some(fn_type) = self.fn_type(ctx) else {
            return Err(op_error(ctx, op, "requires attribute 'function_type'"));
        };
        let Some((inputs, results)) = function_signature(ctx, fn_type) else {
            return Err(op_error(
                ctx,
                op,
                "requires a function type for 'function_type'",
            ));
        };
        verify_attr_array(ctx, op, "arg_attrs", inputs.len(), "argument")?;
        verify_attr_array(ctx, op, "res_attrs", results.len(), "result")?;
        let body = ctx.region(op, 0);
        let Some(entry) = ctx.entry_block(body) else {
            if str_attr(ctx, op, "sym_visibility").is_none_or(|v| v == "public") {
                return Err(op_error(
                    ctx,
                    op,
                    "symbol declaration cannot have public visibility",
                ));
            }
            return Ok(());
        };
        let args = ctx.block_args(entry);
        if args.len() != inputs.len() {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "entry block must have {} arguments to match function signature",
                    inputs.len()
                ),
            ));
        }
        for (i, (&a, &t)) in args.iter().zip(inputs).enumerate() {
            let at = ctx.value_type(a);
            if at != t {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "type of entry block argument #{i}({}) must match the type of the corresponding argument in function signature({})",
                        quoted(ctx, at),
                        quoted(ctx, t)
                    ),
                ));
            }
        }
        Ok(())
    }

    pub(crate) fn print(self, p: &mut Printer<'_>) -> fmt::Result {
        if !crate::util::printable(p, Self::spec(), self.0)? {
            return Ok(());
        }
        let ctx = p.ctx;
        let op = self.op();
        p.write_char(' ')?;
        if let Some(v) = str_attr(ctx, op, "sym_visibility") {
            p.write_str(v)?;
            p.write_char(' ')?;
        }
        p.print_symbol_name(self.name(ctx))?;
        let inputs = self.argument_types(ctx);
        let results = self.result_types(ctx);
        let arg_attrs = attr_array(ctx, op, "arg_attrs");
        let res_attrs = attr_array(ctx, op, "res_attrs");
        let body = ctx.region(op, 0);
        let entry = ctx.entry_block(body);
        p.write_char('(')?;
        for (i, &t) in inputs.iter().enumerate() {
            if i > 0 {
                p.write_str(", ")?;
            }
            match entry.filter(|&b| ctx.block_args(b).len() == inputs.len()) {
                Some(b) => p.print_block_arg_with_type(ctx.block_arg(b, i))?,
                None => p.print_type(t)?,
            }
            print_dict_entries(p, arg_attrs.as_ref().and_then(|v| v.get(i).copied()))?;
        }
        p.write_char(')')?;
        if !results.is_empty() {
            p.write_str(" -> ")?;
            let has_attrs = res_attrs
                .as_ref()
                .is_some_and(|v| v.first().is_some_and(|&d| !dict_is_empty(ctx, d)));
            let parens = results.len() > 1
                || matches!(ctx.type_kind(results[0]), TypeKind::Function { .. })
                || has_attrs;
            if parens {
                p.write_char('(')?;
            }
            for (i, &t) in results.iter().enumerate() {
                if i > 0 {
                    p.write_str(", ")?;
                }
                p.print_type(t)?;
                print_dict_entries(p, res_attrs.as_ref().and_then(|v| v.get(i).copied()))?;
            }
            if parens {
                p.write_char(')')?;
            }
        }
        p.print_optional_attr_dict_with_keyword(
            op,
            &[
                "sym_name",
                "function_type",
                "sym_visibility",
                "arg_attrs",
                "res_attrs",
            ],
        )?;
        if entry.is_some() {
            p.write_char(' ')?;
            p.print_region(body, false, true)?;
        }
        Ok(())
    }

    pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        parse_optional_visibility(p, state)?;
        let name = p.parse_symbol_name()?;
        let a = p.ctx.string_attr(&name);
        state.add_attr(p.ctx, "sym_name", a);

        // Arguments: `(%a: t {attrs}, ...)` with a body, or `(t {attrs}, ...)` without.
        p.parse_punct("(")?;
        let mut args: Vec<Argument> = Vec::new();
        let mut arg_types: Vec<Type> = Vec::new();
        let mut arg_dicts: Vec<Attribute> = Vec::new();
        let mut named: Option<bool> = None;
        if !p.parse_optional_punct(")") {
            loop {
                let loc = p.loc();
                match p.parse_optional_operand()? {
                    Some(ssa) => {
                        if named == Some(false) {
                            return Err(Diagnostic::error(
                                loc,
                                "expected type instead of SSA identifier",
                            ));
                        }
                        named = Some(true);
                        p.parse_punct(":")?;
                        let ty = p.parse_type()?;
                        arg_types.push(ty);
                        args.push(Argument {
                            name: ssa,
                            ty: Some(ty),
                            loc,
                        });
                    }
                    None => {
                        if named == Some(true) {
                            return Err(Diagnostic::error(loc, "expected SSA identifier"));
                        }
                        named = Some(false);
                        arg_types.push(p.parse_type()?);
                    }
                }
                let mut attrs = Vec::new();
                p.parse_optional_attr_dict(&mut attrs)?;
                let d = p.ctx.dictionary_attr(attrs);
                arg_dicts.push(d);
                if !p.parse_optional_punct(",") {
                    break;
                }
            }
            p.parse_punct(")")?;
        }

        // Results: `-> t`, `-> (t {attrs}, ...)`.
        let mut result_types = Vec::new();
        let mut res_dicts = Vec::new();
        if p.parse_optional_punct("->") {
            if p.parse_optional_punct("(") {
                if !p.parse_optional_punct(")") {
                    loop {
                        result_types.push(p.parse_type()?);
                        let mut attrs = Vec::new();
                        p.parse_optional_attr_dict(&mut attrs)?;
                        let d = p.ctx.dictionary_attr(attrs);
                        res_dicts.push(d);
                        if !p.parse_optional_punct(",") {
                            break;
                        }
                    }
                    p.parse_punct(")")?;
                }
            } else {
                result_types.push(p.parse_type()?);
                let d = p.ctx.dictionary_attr(Vec::new());
                res_dicts.push(d);
            }
        }
        let fn_type = p.ctx.function_type(arg_types, result_types);
        let t = p.ctx.type_attr(fn_type);
        state.add_attr(p.ctx, "function_type", t);

        let dict_loc = p.loc();
        let mut attrs = Vec::new();
        p.parse_optional_attr_dict_with_keyword(&mut attrs)?;
        for disallowed in ["sym_visibility", "sym_name", "function_type"] {
            if attrs.iter().any(|a| p.ctx.str(a.name) == disallowed) {
                return Err(Diagnostic::error(
                    dict_loc,
                    format!(
                        "'{disallowed}' is an inferred attribute and should not be specified in the explicit attribute dictionary"
                    ),
                ));
            }
        }
        state.attrs.extend(attrs);
        if arg_dicts.iter().any(|&d| !dict_is_empty(p.ctx, d)) {
            let a = p.ctx.array_attr(arg_dicts);
            state.add_attr(p.ctx, "arg_attrs", a);
        }
        if res_dicts.iter().any(|&d| !dict_is_empty(p.ctx, d)) {
            let a = p.ctx.array_attr(res_dicts);
            state.add_attr(p.ctx, "res_attrs", a);
        }

        let body = p.ctx.create_region();
        state.regions.push(body);
        let body_loc = p.loc();
        if named == Some(false) && !arg_types_empty(p.ctx, fn_type) {
            // A declaration: a body would need named arguments.
            if p.parse_optional_region(body, &[])? {
                return Err(Diagnostic::error(
                    body_loc,
                    "expected non-empty function body",
                ));
            }
            return Ok(());
        }
        if p.parse_optional_region(body, &args)? && p.ctx.region_is_empty(body) {
            return Err(Diagnostic::error(
                body_loc,
                "expected non-empty function body",
            ));
        }
        Ok(())
    }
}

fn arg_types_empty(ctx: &Context, fn_type: Type) -> bool {
    function_signature(ctx, fn_type).is_none_or(|(i, _)| i.is_empty())
}

/// Parses `private`, `public` or `nested` into `sym_visibility`.
fn parse_optional_visibility(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
    for v in ["private", "public", "nested"] {
        if p.parse_optional_keyword(v) {
            let a = p.ctx.string_attr(v);
            state.add_attr(p.ctx, "sym_visibility", a);
            break;
        }
    }
    Ok(())
}

/// Checks `sym_visibility` holds one of MLIR's visibilities.
pub(crate) fn verify_visibility(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if let Some(a) = ctx.attr(op, "sym_visibility") {
        match ctx.attr_as_str(a) {
            Some("public" | "private" | "nested") => {}
            Some(other) => {
                return Err(op_error(
                    ctx,
                    op,
                    format!("visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"{other}\""),
                ))
            }
            None => return Err(op_error(ctx, op, "requires visibility attribute 'sym_visibility' to be a string attribute")),
        }
    }
    Ok(())
}

fn attr_array(ctx: &Context, op: OpId, name: &str) -> Option<Vec<Attribute>> {
    match ctx.attr(op, name).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(v)) => Some(v.clone()),
        _ => None,
    }
}

fn verify_attr_array(
    ctx: &Context,
    op: OpId,
    name: &str,
    expected: usize,
    what: &str,
) -> Result<(), Diagnostic> {
    let Some(v) = attr_array(ctx, op, name) else {
        return Ok(());
    };
    if v.len() != expected {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects {what} attribute array to have the same number of elements as the number of function {what}s, got {}, but expected {expected}",
                v.len()
            ),
        ));
    }
    if v.iter()
        .any(|&d| !matches!(ctx.attr_kind(d), AttrKind::Dictionary(_)))
    {
        return Err(op_error(
            ctx,
            op,
            format!("expects {what} attribute array elements to be dictionaries"),
        ));
    }
    Ok(())
}

fn dict_is_empty(ctx: &Context, d: Attribute) -> bool {
    matches!(ctx.attr_kind(d), AttrKind::Dictionary(e) if e.is_empty())
}

/// Prints ` {a = 1, b}` for a non-empty dictionary attribute.
fn print_dict_entries(p: &mut Printer<'_>, d: Option<Attribute>) -> fmt::Result {
    let Some(d) = d else { return Ok(()) };
    if dict_is_empty(p.ctx, d) {
        return Ok(());
    }
    p.write_char(' ')?;
    p.print_attr(d)
}

/// Returns from a function: the operands are the function's results.
///
/// ```mlir
/// func.return %0, %1 : i32, f32
/// return
/// ```
#[op(dialect = FuncDialect, name = "return", traits(Pure, Terminator, ReturnLike), parents("func.func"),
     format = "attr-dict ($operands^ `:` type($operands))?", verify)]
pub struct ReturnOp {
    #[operand(variadic)]
    operands: AnyType,
}

impl ReturnOp {
    /// Creates `func.return values` at the builder's insertion point.
    pub fn create(b: &mut Builder<'_>, values: &[Value]) -> ReturnOp {
        let mut state = b.state("func.return");
        state.operands = values.to_vec();
        let op = b.insert(state);
        ReturnOp::from_op(b, op).expect("registered")
    }

    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let op = self.op();
        let Some(f) = ctx.op_parent_op(op).and_then(|p| FuncOp::from_op(ctx, p)) else {
            return Ok(());
        };
        let results = f.result_types(ctx);
        let operands = ctx.operand_vec(op);
        if operands.len() != results.len() {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "has {} operands, but enclosing function (@{}) returns {}",
                    operands.len(),
                    f.name(ctx),
                    results.len()
                ),
            ));
        }
        for (i, (&v, &t)) in operands.iter().zip(&results).enumerate() {
            let vt = ctx.value_type(v);
            if vt != t {
                return Err(plain_error(
                    ctx,
                    op,
                    format!(
                        "type of return operand {i} ({}) doesn't match function result type ({}) in function @{}",
                        quoted(ctx, vt),
                        quoted(ctx, t),
                        f.name(ctx)
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// Calls a function by symbol.
///
/// ```mlir
/// %r = func.call @f(%a, %b) : (i32, i32) -> i32
/// ```
#[op(dialect = FuncDialect, name = "call", traits(Call),
     format = "$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)", verify)]
pub struct CallOp {
    #[attr]
    callee: FlatSymbolRefAttr,
    #[operand(variadic)]
    operands: AnyType,
    #[result(variadic)]
    results: AnyType,
}

impl CallOp {
    /// Creates `func.call @callee(args)` returning `result_types`.
    pub fn create(
        b: &mut Builder<'_>,
        callee: &str,
        args: &[Value],
        result_types: &[Type],
    ) -> CallOp {
        let mut state = b.state("func.call");
        let c = b.symbol_ref_attr(callee);
        state.add_attr(b, "callee", c);
        state.operands = args.to_vec();
        state.result_types = result_types.to_vec();
        let op = b.insert(state);
        CallOp::from_op(b, op).expect("registered")
    }

    /// The callee's name.
    pub fn callee_name(self, ctx: &Context) -> Option<&str> {
        ctx.attr(self.op(), "callee")
            .and_then(|a| ctx.attr_as_symbol_ref(a))
    }

    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let op = self.op();
        let Some(callee) = ctx
            .attr(op, "callee")
            .filter(|&a| matches!(ctx.attr_kind(a), AttrKind::SymbolRef { .. }))
        else {
            return Err(op_error(
                ctx,
                op,
                "requires a 'callee' symbol reference attribute",
            ));
        };
        let name = ctx.attr_as_symbol_ref(callee).unwrap_or("");
        let Some(f) =
            util::lookup_symbol_ref(ctx, op, callee).and_then(|o| FuncOp::from_op(ctx, o))
        else {
            return Err(op_error(
                ctx,
                op,
                format!("'{name}' does not reference a valid function"),
            ));
        };
        let inputs = f.argument_types(ctx);
        let results = f.result_types(ctx);
        verify_call_types(ctx, op, &inputs, &results)
    }
}

/// Checks a `func.call`'s operand and result types against the callee's signature.
fn verify_call_types(
    ctx: &Context,
    op: OpId,
    inputs: &[Type],
    results: &[Type],
) -> Result<(), Diagnostic> {
    let args: Vec<Value> = ctx.operand_vec(op);
    if args.len() != inputs.len() {
        return Err(op_error(ctx, op, "incorrect number of operands for callee"));
    }
    for (i, (&a, &t)) in args.iter().zip(inputs).enumerate() {
        let at = ctx.value_type(a);
        if at != t {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "operand type mismatch: expected operand type {}, but provided {} for operand number {i}",
                    quoted(ctx, t),
                    quoted(ctx, at)
                ),
            ));
        }
    }
    if ctx.num_results(op) != results.len() {
        return Err(op_error(ctx, op, "incorrect number of results for callee"));
    }
    for (i, (&r, &t)) in ctx.results(op).iter().zip(results).enumerate() {
        if ctx.value_type(r) != t {
            let own = util::result_types(ctx, op);
            return Err(
                op_error(ctx, op, format!("result type mismatch at index {i}"))
                    .with_note(
                        ctx.op_loc(op),
                        format!(
                            "      op result types: {}",
                            util::type_list_string(ctx, &own)
                        ),
                    )
                    .with_note(
                        ctx.op_loc(op),
                        format!(
                            "function result types: {}",
                            util::type_list_string(ctx, results)
                        ),
                    ),
            );
        }
    }
    Ok(())
}

/// Calls a function value (produced by `func.constant`).
///
/// ```mlir
/// %f = func.constant @g : (i32) -> i32
/// %r = func.call_indirect %f(%a) : (i32) -> i32
/// ```
#[op(dialect = FuncDialect, name = "call_indirect", traits(Call), custom_assembly, verify)]
pub struct CallIndirectOp {
    #[operand]
    callee: AnyFunctionType,
    #[operand(variadic)]
    callee_operands: AnyType,
    #[result(variadic)]
    results: AnyType,
}

impl CallIndirectOp {
    pub(crate) fn print(self, p: &mut Printer<'_>) -> fmt::Result {
        if !crate::util::printable(p, Self::spec(), self.0)? {
            return Ok(());
        }
        let ctx = p.ctx;
        let op = self.op();
        let operands = ctx.operand_vec(op);
        p.write_char(' ')?;
        p.print_value(operands[0])?;
        p.write_char('(')?;
        p.print_values(operands[1..].iter().copied())?;
        p.write_char(')')?;
        p.print_optional_attr_dict(op, &[])?;
        p.write_str(" : ")?;
        p.print_type(ctx.value_type(operands[0]))
    }

    pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        let callee = p.parse_operand()?;
        p.parse_punct("(")?;
        let args = p.parse_operand_list()?;
        p.parse_punct(")")?;
        p.parse_optional_attr_dict(&mut state.attrs)?;
        p.parse_punct(":")?;
        let ty_loc = p.loc();
        let fn_type = p.parse_type()?;
        let Some((inputs, results)) = function_signature(p.ctx, fn_type) else {
            return Err(Diagnostic::error(ty_loc, "expected function type"));
        };
        let (inputs, results) = (inputs.to_vec(), results.to_vec());
        let f = p.resolve_operand(&callee, fn_type)?;
        state.operands.push(f);
        let vs = p.resolve_operands(&args, &inputs, ty_loc)?;
        state.operands.extend(vs);
        state.result_types = results;
        Ok(())
    }

    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let op = self.op();
        let callee_ty = ctx.value_type(ctx.operand(op, 0));
        let Some((inputs, results)) = function_signature(ctx, callee_ty) else {
            return Ok(());
        };
        let args = types_of(ctx, &ctx.operand_vec(op)[1..]);
        if args != inputs {
            return Err(op_error(
                ctx,
                op,
                "failed to verify that callee input types match argument types",
            ));
        }
        if util::result_types(ctx, op) != results {
            return Err(op_error(
                ctx,
                op,
                "failed to verify that callee result types match result types",
            ));
        }
        Ok(())
    }
}

/// A function value: a reference to a function by symbol.
///
/// ```mlir
/// %f = func.constant @g : (i32) -> i32
/// ```
#[op(dialect = FuncDialect, name = "constant", traits(Pure, ConstantLike),
     format = "attr-dict $value `:` type(results)", fold, verify)]
pub struct ConstantOp {
    #[attr]
    value: FlatSymbolRefAttr,
    #[result]
    result: AnyFunctionType,
}

impl ConstantOp {
    pub(crate) fn fold(
        self,
        ctx: &mut Context,
        _operands: &[Option<Attribute>],
    ) -> Option<SmallVec<[FoldResult; 1]>> {
        ctx.attr(self.op(), "value")
            .map(|a| smallvec::smallvec![FoldResult::Attr(a)])
    }

    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let op = self.op();
        let Some(sym) = ctx.attr(op, "value") else {
            return Ok(());
        };
        let name = ctx.attr_as_symbol_ref(sym).unwrap_or("");
        let Some(f) = util::lookup_symbol_ref(ctx, op, sym).and_then(|o| FuncOp::from_op(ctx, o))
        else {
            return Err(op_error(
                ctx,
                op,
                format!("reference to undefined function '{name}'"),
            ));
        };
        let ty = ctx.value_type(ctx.result(op, 0));
        if f.fn_type(ctx) != Some(ty) {
            return Err(op_error(
                ctx,
                op,
                "reference to function with mismatched type",
            ));
        }
        Ok(())
    }
}
