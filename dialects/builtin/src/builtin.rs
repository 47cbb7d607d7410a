//! The `builtin` dialect: `builtin.module`, the top-level container, and
//! `builtin.unrealized_conversion_cast`, the placeholder cast of partial dialect conversions.
//!
//! Mirrors `mlir/include/mlir/IR/BuiltinOps.td` and `mlir/lib/IR/BuiltinDialect.cpp`: the
//! module prints as `module @name attributes {...} {...}` (the printer drops the `builtin.`
//! prefix), and a chain of casts `A -> B -> A` folds away.

use std::fmt::{self, Write as _};

use smallvec::SmallVec;
use tail_ir::parser::{ParseResult, Parser};
use tail_ir::printer::Printer;
use tail_ir::{Attribute, Builder, Context, FoldResult, Location, OpId, OperationState, Value};
use tail_ir_macros::{dialect, op};

use crate::constraints::*;
use crate::util::{str_attr, types_of};

/// The builtin dialect: modules and unrealized conversion casts.
#[dialect(
    name = "builtin",
    summary = "The builtin dialect: modules and unrealized conversion casts"
)]
pub struct BuiltinDialect;

/// A top-level container of operations: a single-block graph region that is a symbol table.
///
/// ```mlir
/// module @kernels attributes {gpu.container_module} {
///   func.func @f() { return }
/// }
/// ```
#[op(dialect = BuiltinDialect, name = "module",
     traits(IsolatedFromAbove, NoTerminator, SymbolTable, SingleBlock, GraphRegion),
     custom_assembly, verify)]
pub struct ModuleOp {
    #[attr(optional)]
    sym_name: StringAttr,
    #[attr(optional)]
    sym_visibility: StringAttr,
    #[region(single_block)]
    body: RegionId,
}

impl ModuleOp {
    /// Creates a detached, empty module (one empty block), optionally named.
    pub fn create_empty(ctx: &mut Context, name: Option<&str>, loc: Location) -> ModuleOp {
        let mut state = OperationState::new(ctx, "builtin.module", loc);
        if let Some(n) = name {
            let a = ctx.string_attr(n);
            state.add_attr(ctx, "sym_name", a);
        }
        let r = ctx.create_region();
        ctx.append_new_block(r, &[]);
        state.regions.push(r);
        let op = ctx.create_op(state);
        ModuleOp::from_op(ctx, op).expect("builtin.module is registered")
    }

    /// The single block of the module body.
    pub fn body_block(self, ctx: &Context) -> tail_ir::BlockId {
        ctx.entry_block(ctx.region(self.op(), 0))
            .expect("module has a body block")
    }

    pub(crate) fn verify(self, ctx: &Context) -> Result<(), tail_ir::Diagnostic> {
        let op = self.op();
        let r = ctx.region(op, 0);
        if let Some(b) = ctx.entry_block(r) {
            if !ctx.block_args(b).is_empty() {
                return Err(crate::util::op_error(
                    ctx,
                    op,
                    "region should have no arguments",
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
        if let Some(name) = str_attr(ctx, op, "sym_name") {
            p.write_char(' ')?;
            p.print_symbol_name(name)?;
        }
        p.print_optional_attr_dict_with_keyword(op, &["sym_name"])?;
        p.write_char(' ')?;
        p.print_region(ctx.region(op, 0), false, true)
    }

    pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        if let Some(name) = p.parse_optional_symbol_name() {
            let a = p.ctx.string_attr(&name);
            state.add_attr(p.ctx, "sym_name", a);
        }
        p.parse_optional_attr_dict_with_keyword(&mut state.attrs)?;
        let r = p.ctx.create_region();
        state.regions.push(r);
        p.parse_region(r, &[])?;
        if p.ctx.region_is_empty(r) {
            p.ctx.append_new_block(r, &[]);
        }
        Ok(())
    }
}

/// A cast between unrelated types, left behind by partial dialect conversions and expected to
/// fold away once both sides are converted.
///
/// ```mlir
/// %1 = builtin.unrealized_conversion_cast %0 : i64 to index
/// %2:2 = builtin.unrealized_conversion_cast %a, %b : i32, i32 to i64, i64
/// ```
#[op(dialect = BuiltinDialect, name = "unrealized_conversion_cast", traits(Pure),
     format = "($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict", fold)]
pub struct UnrealizedConversionCastOp {
    #[operand(variadic)]
    inputs: AnyType,
    #[result(variadic)]
    outputs: AnyType,
}

impl UnrealizedConversionCastOp {
    /// Creates a cast of `inputs` to `result_types` at the builder's insertion point.
    pub fn create(b: &mut Builder<'_>, inputs: &[Value], result_types: &[tail_ir::Type]) -> Self {
        let mut state = b.state("builtin.unrealized_conversion_cast");
        state.operands = inputs.to_vec();
        state.result_types = result_types.to_vec();
        let op = b.insert(state);
        Self::from_op(b, op).expect("registered")
    }

    /// Folds identity casts (`A -> A`) and round trips (`A -> B -> A`).
    pub(crate) fn fold(
        self,
        ctx: &mut Context,
        _operands: &[Option<Attribute>],
    ) -> Option<SmallVec<[FoldResult; 1]>> {
        fold_cast_chain(ctx, self.op())
    }
}

/// The fold of `builtin.unrealized_conversion_cast` (see upstream
/// `UnrealizedConversionCastOp::fold`).
pub fn fold_cast_chain(ctx: &Context, op: OpId) -> Option<SmallVec<[FoldResult; 1]>> {
    let inputs = ctx.operand_vec(op);
    let outs = crate::util::result_types(ctx, op);
    if inputs.is_empty() {
        return None;
    }
    if types_of(ctx, &inputs) == outs {
        return Some(inputs.into_iter().map(FoldResult::Value).collect());
    }
    let def = ctx.defining_op(inputs[0])?;
    if !ctx.op_is(def, "builtin.unrealized_conversion_cast")
        || ctx.results(def) != inputs.as_slice()
    {
        return None;
    }
    let def_inputs = ctx.operand_vec(def);
    if types_of(ctx, &def_inputs) != outs {
        return None;
    }
    Some(def_inputs.into_iter().map(FoldResult::Value).collect())
}
