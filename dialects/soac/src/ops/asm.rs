//! The custom assembly shared by the SOACs with lambdas (`map`, `filter`, `reduce`, `scan`,
//! `redomap`, `scanomap`):
//!
//! ```text
//! soac.<name> %in, … [init(%ne, …)] [comm] [attr-dict] : <input types> -> <result types>
//!     [<keyword>] { lambda } [<keyword> { lambda }]
//! ```
//!
//! The lambdas are printed with their entry block header (`^bb0(%x: f64):`), so their
//! arguments read like a λ's parameters; the types of the neutral elements are not written:
//! they are the first result types (`reduce`, `redomap`) or those results' row types (`scan`,
//! `scanomap`).

use std::fmt::{self, Write as _};

use tail_ir::format::{OpSpec, OPERAND_SEGMENTS};
use tail_ir::parser::{ParseResult, Parser};
use tail_ir::printer::Printer;
use tail_ir::{OpId, OperationState, Type};

use crate::types::Shaped;
use crate::util::types_of;

/// How the neutral elements' types follow from the result types.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(crate) enum Neutral {
    /// No neutral elements (`map`, `filter`).
    None,
    /// Neutral element `i` has the type of result `i` (`reduce`, `redomap`).
    ResultType,
    /// Neutral element `i` has the row type of result `i` (`scan`, `scanomap`).
    ResultRow,
}

/// The shape of an op's syntax.
pub(crate) struct Syntax {
    /// The op's declaration (for the malformed-op guard).
    pub spec: fn() -> &'static OpSpec,
    /// Whether and how neutral elements are written.
    pub neutral: Neutral,
    /// Whether the op has the `comm` unit attribute.
    pub comm: bool,
    /// One entry per region: the keyword printed before it, if any.
    pub regions: &'static [Option<&'static str>],
}

/// Prints the op (after its name).
pub(crate) fn print(p: &mut Printer<'_>, op: OpId, syn: &Syntax) -> fmt::Result {
    if !tail_builtin::util::printable(p, (syn.spec)(), op)? {
        return Ok(());
    }
    let ctx = p.ctx;
    let operands = ctx.operand_vec(op);
    let n_neutral = if syn.neutral == Neutral::None {
        0
    } else {
        neutral_count(ctx, op)
    };
    let (inputs, neutral) = operands.split_at(operands.len() - n_neutral);
    p.write_char(' ')?;
    p.print_values(inputs.iter().copied())?;
    if syn.neutral != Neutral::None {
        p.write_str(" init(")?;
        p.print_values(neutral.iter().copied())?;
        p.write_char(')')?;
    }
    if syn.comm && ctx.attr(op, "comm").is_some() {
        p.write_str(" comm")?;
    }
    p.print_optional_attr_dict(op, &["comm", OPERAND_SEGMENTS])?;
    p.write_str(" : ")?;
    p.print_types(&types_of(ctx, inputs))?;
    p.write_str(" -> ")?;
    p.print_result_types(&types_of(ctx, ctx.results(op)))?;
    for (i, kw) in syn.regions.iter().enumerate() {
        p.write_char(' ')?;
        if let Some(kw) = kw {
            p.write_str(kw)?;
            p.write_char(' ')?;
        }
        p.print_region(ctx.region(op, i), true, true)?;
    }
    Ok(())
}

/// The number of neutral elements (the second operand segment).
fn neutral_count(ctx: &tail_ir::Context, op: OpId) -> usize {
    ctx.attr(op, OPERAND_SEGMENTS)
        .and_then(|a| match ctx.attr_kind(a) {
            tail_ir::AttrKind::DenseArray {
                values: tail_ir::DenseValues::Ints(values),
                ..
            } => values.get(1).map(|&v| v as usize),
            _ => None,
        })
        .unwrap_or(0)
}

/// Parses the op (after its name).
pub(crate) fn parse(
    p: &mut Parser<'_>,
    state: &mut OperationState,
    syn: &Syntax,
) -> ParseResult<()> {
    let loc = state.loc;
    let inputs = p.parse_operand_list()?;
    let mut neutral = Vec::new();
    if syn.neutral != Neutral::None {
        p.parse_keyword("init")?;
        p.parse_punct("(")?;
        neutral = p.parse_operand_list()?;
        p.parse_punct(")")?;
    }
    if syn.comm && p.parse_optional_keyword("comm") {
        let u = p.ctx.unit_attr();
        state.add_attr(p.ctx, "comm", u);
    }
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let type_loc = p.loc();
    let input_types = p.parse_colon_type_list()?;
    state.result_types = p.parse_arrow_type_list()?;
    let vs = p.resolve_operands(&inputs, &input_types, type_loc)?;
    state.operands.extend(vs);
    if syn.neutral != Neutral::None {
        if neutral.len() > state.result_types.len() {
            return Err(tail_ir::Diagnostic::error(
                type_loc,
                format!(
                    "{} neutral elements but only {} result types to take their types from",
                    neutral.len(),
                    state.result_types.len()
                ),
            ));
        }
        let mut tys: Vec<Type> = Vec::new();
        for &t in &state.result_types[..neutral.len()] {
            tys.push(match syn.neutral {
                Neutral::ResultRow => match Shaped::of(p.ctx, t) {
                    Some(s) if s.rank() > 0 => s.row().to_type(p.ctx),
                    _ => {
                        return Err(tail_ir::Diagnostic::error(
                            type_loc,
                            format!(
                                "expected an array result type to take a neutral element's type from, but got '{}'",
                                p.ctx.type_to_string(t)
                            ),
                        ))
                    }
                },
                _ => t,
            });
        }
        let vs = p.resolve_operands(&neutral, &tys, type_loc)?;
        state.operands.extend(vs);
        let seg = p
            .ctx
            .dense_i32_array_attr(vec![inputs.len() as i64, neutral.len() as i64]);
        state.add_attr(p.ctx, OPERAND_SEGMENTS, seg);
    }
    for kw in syn.regions {
        if let Some(kw) = kw {
            p.parse_keyword(kw)?;
        }
        let r = p.ctx.create_region();
        p.parse_region(r, &[])?;
        state.regions.push(r);
    }
    let _ = loc;
    Ok(())
}
