//! Sequential ops: `loop` (a counted loop with loop-carried values, arrays included, for
//! APL's `⍣` / TAIL's `power`) and `update` (indexed assignment).

use std::fmt::{self, Write as _};

use tail_ir::constraints::*;
use tail_ir::parser::{ParseResult, Parser};
use tail_ir::printer::Printer;
use tail_ir::{Context, OperationState};
use tail_ir_macros::op;

use crate::types::{Shaped, SoacArray, SoacValue};
use crate::util::*;
use crate::SoacDialect;

/// `loop`: runs the body `count` times (not at all when `count ≤ 0`), threading the
/// loop-carried values; the body receives the iteration number (from 0) and the current
/// values and yields the next ones. The results are the final values.
///
/// ```mlir
/// %r = soac.loop %i < %n iter_args(%acc = %xs) -> (tensor<?xf64>) {
///   %next = soac.map %acc : tensor<?xf64> -> tensor<?xf64> { … }
///   soac.yield %next : tensor<?xf64>
/// }
/// ```
#[op(dialect = SoacDialect, name = "loop", traits(RecursiveMemoryEffects, SingleBlock, LoopLike),
     custom_assembly, verify)]
pub struct LoopOp {
    /// The trip count.
    #[operand]
    count: Index,
    /// The initial values.
    #[operand(variadic)]
    inits: AnyType,
    /// The final values.
    #[result(variadic)]
    results: AnyType,
    /// The body: `(iteration: index, values…) -> values…`.
    #[region(single_block)]
    body: Region,
}

impl LoopOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let inits = types_of(ctx, &self.inits(ctx));
        let results = types_of(ctx, &self.results(ctx));
        if inits != results {
            return Err(err(
                ctx,
                op,
                "expects the result types to equal the types of the initial values",
            ));
        }
        let Some(block) = ctx.entry_block(self.body(ctx)) else {
            return Err(err(ctx, op, "expects a non-empty body"));
        };
        let args = types_of(ctx, ctx.block_args(block));
        let idx = ctx.value_type(self.count(ctx));
        if args.len() != inits.len() + 1 || args[0] != idx || args[1..] != inits[..] {
            return Err(err(
                ctx,
                op,
                "expects the body to take the iteration number ('index') and the loop-carried values",
            ));
        }
        let Some(term) = ctx.last_op(block).filter(|&t| ctx.op_is(t, "soac.yield")) else {
            return Err(err(ctx, op, "expects the body to end with 'soac.yield'"));
        };
        let ys = types_of(ctx, &ctx.operand_vec(term));
        if ys != inits {
            return Err(err(
                ctx,
                op,
                format!(
                    "expects the body to yield the loop-carried values' types ({}), but it yields ({})",
                    list(ctx, &inits),
                    list(ctx, &ys)
                ),
            ));
        }
        Ok(())
    }

    fn print(self, p: &mut Printer<'_>) -> fmt::Result {
        if !tail_builtin::util::printable(p, Self::spec(), self.op())? {
            return Ok(());
        }
        let ctx = p.ctx;
        let op = self.op();
        let Some(block) = ctx.entry_block(self.body(ctx)) else {
            return p.write_str(" <<malformed op>>");
        };
        let args = ctx.block_args(block).to_vec();
        let inits = self.inits(ctx);
        if args.len() != inits.len() + 1 {
            return p.write_str(" <<malformed op>>");
        }
        p.write_char(' ')?;
        p.print_value(args[0])?;
        p.write_str(" < ")?;
        p.print_value(self.count(ctx))?;
        if !inits.is_empty() {
            p.write_str(" iter_args(")?;
            for (i, (&a, &v)) in args[1..].iter().zip(&inits).enumerate() {
                if i > 0 {
                    p.write_str(", ")?;
                }
                p.print_value(a)?;
                p.write_str(" = ")?;
                p.print_value(v)?;
            }
            p.write_str(") -> (")?;
            p.print_types(&types_of(ctx, &inits))?;
            p.write_char(')')?;
        }
        p.write_char(' ')?;
        p.print_region(self.body(ctx), false, true)?;
        p.print_optional_attr_dict(op, &[])
    }

    fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        let iv = p.parse_argument(false)?;
        p.parse_punct("<")?;
        let count = p.parse_operand()?;
        let idx = p.ctx.index_type();
        let c = p.resolve_operand(&count, idx)?;
        state.operands.push(c);
        let mut args = vec![tail_ir::parser::Argument {
            ty: Some(idx),
            ..iv
        }];
        if p.parse_optional_keyword("iter_args") {
            p.parse_punct("(")?;
            let mut inner = Vec::new();
            let mut outer = Vec::new();
            loop {
                inner.push(p.parse_argument(false)?);
                p.parse_punct("=")?;
                outer.push(p.parse_operand()?);
                if !p.parse_optional_punct(",") {
                    break;
                }
            }
            p.parse_punct(")")?;
            let loc = p.loc();
            let tys = p.parse_arrow_type_list()?;
            let vs = p.resolve_operands(&outer, &tys, loc)?;
            state.operands.extend(vs);
            for (mut a, &t) in inner.into_iter().zip(&tys) {
                a.ty = Some(t);
                args.push(a);
            }
            state.result_types = tys;
        }
        let r = p.ctx.create_region();
        p.parse_region(r, &args)?;
        state.regions.push(r);
        p.parse_optional_attr_dict(&mut state.attrs)
    }
}

fn list(ctx: &Context, tys: &[tail_ir::Type]) -> String {
    tys.iter()
        .map(|&t| ctx.type_to_string(t))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `update`: the destination with the element (as many indices as its rank) or the row (fewer
/// indices) at the given indices replaced by `value` — indexed assignment (TAIL's
/// `idxassign`). The destination is consumed (it must not be used afterwards), so the update
/// can happen in place; an index out of bounds is a runtime error.
///
/// ```mlir
/// %r = soac.update %v into %m[%i, %j] : f64 -> tensor<?x4xf64>
/// ```
#[op(dialect = SoacDialect, name = "update", traits(Pure),
     format = "$value `into` $dest `[` $indices `]` attr-dict `:` type($value) `->` type($dest)",
     verify)]
pub struct UpdateOp {
    /// The element or row written.
    #[operand]
    value: SoacValue,
    /// The array updated (consumed).
    #[operand(consumed)]
    dest: SoacArray,
    /// One index per leading axis (at least one).
    #[operand(variadic)]
    indices: Index,
    /// The updated array.
    #[result(type_from = dest)]
    result: SoacArray,
}

impl UpdateOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let a = array(ctx, op, "the destination", self.dest(ctx))?;
        let k = self.indices(ctx).len();
        if k == 0 || k > a.rank() {
            return Err(err(
                ctx,
                op,
                format!(
                    "expects between 1 and {} indices (the destination rank), but got {k}",
                    a.rank()
                ),
            ));
        }
        let expected = Shaped {
            shape: a.shape[k..].to_vec(),
            elem: a.elem,
        };
        let vt = ctx.value_type(self.value(ctx));
        if !expected.matches(ctx, vt) {
            return Err(err(
                ctx,
                op,
                format!(
                    "expects the value to have type '{}', but got {}",
                    expected.to_string(ctx),
                    quoted(ctx, vt)
                ),
            ));
        }
        check_consumed(ctx, op, self.dest(ctx))
    }
}
