//! The `scf` dialect: structured control flow — `scf.for`, `scf.if`, `scf.while`,
//! `scf.parallel` with `scf.reduce`, `scf.execute_region`, and their terminators.
//!
//! Mirrors `mlir/include/mlir/Dialect/SCF/IR/SCFOps.td` and `mlir/lib/Dialect/SCF/IR/SCF.cpp`,
//! including the custom syntax:
//!
//! ```mlir
//! %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %init) -> (f32) {
//!   %n = arith.addf %acc, %x : f32
//!   scf.yield %n : f32
//! }
//! %v = scf.if %c -> (i32) { scf.yield %a : i32 } else { scf.yield %b : i32 }
//! %w = scf.while (%a = %init) : (i32) -> i32 {
//!   scf.condition(%c) %a : i32
//! } do {
//! ^bb0(%x: i32):
//!   scf.yield %x : i32
//! }
//! ```
//!
//! A `scf.yield` without operands is implicit: the printer hides it (for loops and ifs without
//! results) and the parser adds it back ([`Parser::ensure_terminator`]). Region terminators are
//! checked as MLIR's `RegionBranchOpInterface` verifier does (`along control flow edge from
//! Region #0 to parent results: ...`).
//!
//! Canonicalizations: `scf.for` with a zero-trip constant range is replaced by its inits, a
//! single-trip loop is inlined, loop-carried values that are just forwarded are removed;
//! `scf.if` with a constant condition inlines the taken branch, results yielded equal in both
//! branches (or computable with `arith.select` outside) are replaced, unused results and empty
//! `else` branches are dropped, an `scf.if` with nothing inside is erased, and (our own
//! patterns) two branches that only compute indices and load from the same buffer become one
//! load at selected indices, an `scf.if` inside a branch of an `scf.if` on the same condition
//! takes the branch the condition is known to take, `x < n ? x : x mod n` with a constant
//! `n` is `x mod n`;
//! `scf.execute_region` with one block is inlined; `scf.parallel` with a zero-trip dimension is
//! replaced by its inits.

use std::fmt::{self, Write as _};

use tail_ir::parser::{Argument, ParseResult, Parser, UnresolvedOperand};
use tail_ir::printer::Printer;
use tail_ir::{
    BlockId, Builder, Context, Diagnostic, InsertPoint, OpId, OperationState, PatternRewriter,
    RegionId, RewritePatternSet, Type, Value,
};
use tail_ir_macros::{dialect, op};

use crate::constraints::*;
use crate::util::{add_patterns, constant_int, op_error, quoted, types_of};

/// The scf dialect.
#[dialect(
    name = "scf",
    summary = "Structured control flow: loops and conditionals"
)]
pub struct ScfDialect;

// ----- shared helpers ----------------------------------------------------------------------------

/// Prints `prefix(%inner = %outer, ...)` (upstream's `printInitializationList`).
fn print_init_list(
    p: &mut Printer<'_>,
    inner: &[Value],
    outer: &[Value],
    prefix: &str,
) -> fmt::Result {
    if outer.is_empty() {
        return Ok(());
    }
    p.write_str(prefix)?;
    p.write_char('(')?;
    for (i, (&a, &b)) in inner.iter().zip(outer).enumerate() {
        if i > 0 {
            p.write_str(", ")?;
        }
        p.print_value(a)?;
        p.write_str(" = ")?;
        p.print_value(b)?;
    }
    p.write_char(')')
}

/// Parses `(%inner = %outer, ...)` (upstream's `parseAssignmentList`), without the `(` when
/// `open_parsed`.
fn parse_assignment_list(
    p: &mut Parser<'_>,
    open_parsed: bool,
) -> ParseResult<(Vec<Argument>, Vec<UnresolvedOperand>)> {
    if !open_parsed {
        p.parse_punct("(")?;
    }
    let mut inner = Vec::new();
    let mut outer = Vec::new();
    if p.parse_optional_punct(")") {
        return Ok((inner, outer));
    }
    loop {
        inner.push(p.parse_argument(false)?);
        p.parse_punct("=")?;
        outer.push(p.parse_operand()?);
        if !p.parse_optional_punct(",") {
            break;
        }
    }
    p.parse_punct(")")?;
    Ok((inner, outer))
}

/// Parses `(%a, %b)` into unresolved operands.
fn parse_paren_operands(p: &mut Parser<'_>) -> ParseResult<Vec<UnresolvedOperand>> {
    p.parse_punct("(")?;
    let v = p.parse_operand_list()?;
    p.parse_punct(")")?;
    Ok(v)
}

fn with_types(mut args: Vec<Argument>, tys: &[Type]) -> Vec<Argument> {
    for (a, &t) in args.iter_mut().zip(tys) {
        a.ty = Some(t);
    }
    args
}

/// Prints ` -> t` or ` -> (t, u)` when there are results (`printOptionalArrowTypeList`).
fn print_optional_arrow_types(p: &mut Printer<'_>, tys: &[Type]) -> fmt::Result {
    if tys.is_empty() {
        return Ok(());
    }
    p.write_str(" -> ")?;
    p.print_result_types(tys)
}

/// Where control comes from along a region-branch edge.
#[derive(Copy, Clone)]
enum EdgeFrom {
    /// The op itself (entering a region).
    Parent,
    /// A region terminator.
    Terminator(OpId),
}

/// Where control goes along a region-branch edge.
#[derive(Copy, Clone)]
enum EdgeTo {
    /// Back to the op (its results).
    Parent,
    /// The entry block of region `n`.
    Region(usize),
}

/// Checks that `values` can flow into `targets`, with the messages of MLIR's
/// `RegionBranchOpInterface` verifier (`along control flow edge from Operation scf.yield to
/// parent: ...`, plus a "region branch point" note).
fn verify_edge(
    ctx: &Context,
    op: OpId,
    from: EdgeFrom,
    to: EdgeTo,
    values: &[Type],
    targets: &[Type],
) -> Result<(), Diagnostic> {
    let edge = |msg: String| -> Diagnostic {
        let (from_s, note_loc) = match from {
            EdgeFrom::Parent => ("parent".to_string(), ctx.op_loc(op)),
            EdgeFrom::Terminator(t) => (format!("Operation {}", ctx.op_name_str(t)), ctx.op_loc(t)),
        };
        let to_s = match to {
            EdgeTo::Parent => "parent".to_string(),
            EdgeTo::Region(n) => format!("Region #{n}"),
        };
        op_error(
            ctx,
            op,
            format!("along control flow edge from {from_s} to {to_s}: {msg}"),
        )
        .with_note(note_loc, "region branch point")
    };
    if values.len() != targets.len() {
        return Err(edge(format!(
            "region branch point has {} operands, but region successor needs {} inputs",
            values.len(),
            targets.len()
        )));
    }
    for (i, (&s, &t)) in values.iter().zip(targets).enumerate() {
        if s != t {
            return Err(edge(format!(
                "successor operand type #{i} {} should match successor input type #{i} {}",
                quoted(ctx, s),
                quoted(ctx, t)
            )));
        }
    }
    Ok(())
}

/// MLIR's `LoopLikeOpInterface` verifier: inits, region iter_args, yielded values and
/// results agree in number and type.
fn verify_loop_like(
    ctx: &Context,
    op: OpId,
    inits: &[Value],
    iter_args: &[Value],
    yielded: &[Value],
    results: Option<&[Value]>,
) -> Result<(), Diagnostic> {
    if inits.len() != iter_args.len() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "different number of inits and region iter_args: {} != {}",
                inits.len(),
                iter_args.len()
            ),
        ));
    }
    if !yielded.is_empty() && iter_args.len() != yielded.len() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "different number of region iter_args and yielded values: {} != {}",
                iter_args.len(),
                yielded.len()
            ),
        ));
    }
    if let Some(rs) = results {
        if rs.len() != iter_args.len() {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "different number of loop results and region iter_args: {} != {}",
                    rs.len(),
                    iter_args.len()
                ),
            ));
        }
    }
    let ty = |v: Value| ctx.value_type(v);
    for (i, (&init, &arg)) in inits.iter().zip(iter_args).enumerate() {
        if ty(init) != ty(arg) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "{i}-th init and {i}-th region iter_arg have different type: {} != {}",
                    quoted(ctx, ty(init)),
                    quoted(ctx, ty(arg))
                ),
            ));
        }
        if !yielded.is_empty() && ty(arg) != ty(yielded[i]) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "{i}-th region iter_arg and {i}-th yielded value have different type: {} != {}",
                    quoted(ctx, ty(arg)),
                    quoted(ctx, ty(yielded[i]))
                ),
            ));
        }
    }
    if let Some(rs) = results {
        for (i, (&arg, &r)) in iter_args.iter().zip(rs).enumerate() {
            if ty(arg) != ty(r) {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "{i}-th region iter_arg and {i}-th loop result have different type: {} != {}",
                        quoted(ctx, ty(arg)),
                        quoted(ctx, ty(r))
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// ODS's `SizedRegion<1>` check: region `index` (declared as `name`) has exactly one block.
fn verify_one_block(ctx: &Context, op: OpId, index: usize, name: &str) -> Result<(), Diagnostic> {
    if ctx.region_blocks(ctx.region(op, index)).len() != 1 {
        return Err(op_error(
            ctx,
            op,
            format!("region #{index} ('{name}') failed to verify constraint: region with 1 blocks"),
        ));
    }
    Ok(())
}

/// The terminator of the first block of `r` if it is named `name`.
fn terminator_named(ctx: &Context, r: RegionId, name: &str) -> Option<OpId> {
    let b = ctx.entry_block(r)?;
    ctx.last_op(b).filter(|&t| ctx.op_is(t, name))
}

/// Reports a region not ending in the expected terminator (upstream's
/// `verifyAndGetTerminator`).
fn missing_terminator(ctx: &Context, op: OpId, r: RegionId, msg: &str) -> Diagnostic {
    let d = op_error(ctx, op, msg);
    match ctx.entry_block(r).and_then(|b| ctx.last_op(b)) {
        Some(t) => d.with_note(ctx.op_loc(t), "terminator here"),
        None => d,
    }
}

/// Replaces `op` with the contents of the single block of `region`: the block arguments
/// become `args`, the terminator's operands replace `op`'s results (upstream's
/// `replaceOpWithRegion`).
fn inline_region_before(ctx: &mut Context, op: OpId, region: RegionId, args: &[Value]) {
    let Some(block) = ctx.entry_block(region) else {
        ctx.erase_op(op);
        return;
    };
    let block_args = ctx.block_args(block).to_vec();
    for (a, &v) in block_args.into_iter().zip(args) {
        ctx.replace_all_uses_with(a, v);
    }
    let results = match ctx.last_op(block) {
        Some(term) => {
            let vs = ctx.operand_vec(term);
            ctx.erase_op(term);
            vs
        }
        None => Vec::new(),
    };
    ctx.move_block_ops(block, InsertPoint::Before(op));
    if results.len() == ctx.num_results(op) {
        ctx.replace_op(op, &results);
    } else {
        ctx.erase_op(op);
    }
}

// ----- scf.yield, scf.condition ------------------------------------------------------------------

/// Yields values from a region of `scf.for`, `scf.if`, `scf.while` (`after`) or
/// `scf.execute_region` to the parent op. Implicit (and not printed) when it has no operands.
///
/// ```mlir
/// scf.yield %a, %b : i32, f32
/// ```
#[op(dialect = ScfDialect, name = "yield", traits(Pure, Terminator, ReturnLike),
     parents("scf.execute_region", "scf.for", "scf.if", "scf.index_switch", "scf.while"),
     format = "attr-dict ($results^ `:` type($results))?")]
pub struct YieldOp {
    #[operand(variadic)]
    results: AnyType,
}

impl YieldOp {
    /// Creates `scf.yield values` at the builder's insertion point.
    pub fn create(b: &mut Builder<'_>, values: &[Value]) -> YieldOp {
        let mut state = b.state("scf.yield");
        state.operands = values.to_vec();
        let op = b.insert(state);
        YieldOp(op)
    }
}

/// Ends the `before` region of `scf.while`: continue with the `after` region (passing `args`)
/// if the condition holds, else leave the loop with `args` as results.
///
/// ```mlir
/// scf.condition(%cond) %a, %b : i32, f32
/// ```
#[op(dialect = ScfDialect, name = "condition", traits(Pure, Terminator), parents("scf.while"),
     format = "`(` $condition `)` attr-dict ($args^ `:` type($args))?")]
pub struct ConditionOp {
    #[operand]
    condition: I1,
    #[operand(variadic)]
    args: AnyType,
}

impl ConditionOp {
    /// Creates `scf.condition(cond) args`.
    pub fn create(b: &mut Builder<'_>, cond: Value, args: &[Value]) -> ConditionOp {
        let mut state = b.state("scf.condition");
        state.operands.push(cond);
        state.operands.extend_from_slice(args);
        let op = b.insert(state);
        ConditionOp(op)
    }
}

// ----- scf.for -----------------------------------------------------------------------------------

/// A counted loop from `lower_bound` (inclusive) to `upper_bound` (exclusive) by a positive
/// `step`, with optional loop-carried values (`iter_args`). The body's arguments are the
/// induction variable and the carried values; it ends with `scf.yield` of the next values.
///
/// ```mlir
/// %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
///   %x = memref.load %buf[%i] : memref<?xf32>
///   %next = arith.addf %acc, %x : f32
///   scf.yield %next : f32
/// }
/// scf.for %j = %lb to %ub step %s : i32 {
/// }
/// ```
#[op(dialect = ScfDialect, name = "for", traits(LoopLike, RecursiveMemoryEffects, SingleBlock),
     custom_assembly, verify, canonicalize)]
pub struct ForOp {
    #[operand]
    lower_bound: AnySignlessIntegerOrIndex,
    #[operand]
    upper_bound: AnySignlessIntegerOrIndex,
    #[operand]
    step: AnySignlessIntegerOrIndex,
    #[operand(variadic)]
    init_args: AnyType,
    #[result(variadic)]
    results: AnyType,
    #[region(single_block, implicit_terminator = "scf.yield")]
    region: RegionId,
}

impl ForOp {
    /// Creates a loop with its body block (arguments: induction variable, then one per init).
    /// Without inits the body gets its `scf.yield`; with inits the caller adds it.
    pub fn create(
        b: &mut Builder<'_>,
        lb: Value,
        ub: Value,
        step: Value,
        inits: &[Value],
    ) -> (ForOp, BlockId) {
        let iv_ty = b.value_type(lb);
        let mut arg_types = vec![iv_ty];
        arg_types.extend(types_of(b, inits));
        let mut state = b.state("scf.for");
        state.operands = vec![lb, ub, step];
        state.operands.extend_from_slice(inits);
        state.result_types = types_of(b, inits);
        let r = b.create_region();
        let body = b.append_new_block(r, &arg_types);
        state.regions.push(r);
        let op = b.insert(state);
        if inits.is_empty() {
            let loc = b.loc;
            let y = OperationState::new(b, "scf.yield", loc);
            let y = b.create_op(y);
            b.insert_op(y, InsertPoint::BlockEnd(body));
        }
        (ForOp(op), body)
    }

    /// The loop body block.
    pub fn body(self, ctx: &Context) -> BlockId {
        ctx.entry_block(ctx.region(self.0, 0))
            .expect("scf.for has a body block")
    }

    /// The induction variable.
    pub fn induction_var(self, ctx: &Context) -> Value {
        ctx.block_arg(self.body(ctx), 0)
    }

    /// The body arguments carrying loop values (after the induction variable).
    pub fn region_iter_args(self, ctx: &Context) -> Vec<Value> {
        ctx.block_args(self.body(ctx))[1..].to_vec()
    }

    /// The values yielded by the body's terminator.
    pub fn yielded_values(self, ctx: &Context) -> Vec<Value> {
        ctx.last_op(self.body(ctx))
            .map(|t| ctx.operand_vec(t))
            .unwrap_or_default()
    }

    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let op = self.0;
        let operands = ctx.operand_vec(op);
        let inits = &operands[3..];
        if inits.len() != ctx.num_results(op) {
            return Err(op_error(
                ctx,
                op,
                "mismatch in number of loop-carried values and defined values",
            ));
        }
        verify_one_block(ctx, op, 0, "region")?;
        let region = ctx.region(op, 0);
        let body = ctx.entry_block(region).expect("checked");
        let args = ctx.block_args(body).to_vec();
        if args.is_empty() {
            return Err(op_error(
                ctx,
                op,
                "expected induction variable to be same type as bounds and step",
            ));
        }
        let iter_args = &args[1..];
        let yield_op = terminator_named(ctx, region, "scf.yield");
        let yielded = yield_op.map(|y| ctx.operand_vec(y)).unwrap_or_default();
        let results = ctx.results(op).to_vec();
        verify_loop_like(ctx, op, inits, iter_args, &yielded, Some(&results))?;
        if let Some(y) = yield_op {
            let ys = types_of(ctx, &yielded);
            verify_edge(
                ctx,
                op,
                EdgeFrom::Terminator(y),
                EdgeTo::Region(0),
                &ys,
                &types_of(ctx, iter_args),
            )?;
            verify_edge(
                ctx,
                op,
                EdgeFrom::Terminator(y),
                EdgeTo::Parent,
                &ys,
                &types_of(ctx, &results),
            )?;
        }
        if ctx.value_type(args[0]) != ctx.value_type(operands[0]) {
            return Err(op_error(
                ctx,
                op,
                "expected induction variable to be same type as bounds and step",
            ));
        }
        for (i, (&init, &res)) in inits.iter().zip(&results).enumerate() {
            if ctx.value_type(init) != ctx.value_type(res) {
                return Err(op_error(
                    ctx,
                    op,
                    format!("types mismatch between {i}th iter operand and defined value"),
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
        if ctx
            .entry_block(ctx.region(self.0, 0))
            .is_none_or(|b| ctx.block_args(b).is_empty())
        {
            return p.write_str(" <<malformed op>>");
        }
        let op = self.0;
        let operands = ctx.operand_vec(op);
        p.write_char(' ')?;
        p.print_value(self.induction_var(ctx))?;
        p.write_str(" = ")?;
        p.print_value(operands[0])?;
        p.write_str(" to ")?;
        p.print_value(operands[1])?;
        p.write_str(" step ")?;
        p.print_value(operands[2])?;
        let inits = &operands[3..];
        print_init_list(p, &self.region_iter_args(ctx), inits, " iter_args")?;
        if !inits.is_empty() {
            p.write_str(" -> (")?;
            p.print_types(&types_of(ctx, inits))?;
            p.write_char(')')?;
        }
        p.write_char(' ')?;
        let iv_ty = ctx.value_type(self.induction_var(ctx));
        if !crate::util::is_index(ctx, iv_ty) {
            // Upstream prints `step %s  : i32 {` (two spaces); kept for identical output.
            p.write_str(" : ")?;
            p.print_type(iv_ty)?;
            p.write_char(' ')?;
        }
        p.print_region(ctx.region(op, 0), false, !inits.is_empty())?;
        p.print_optional_attr_dict(op, &[])
    }

    pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        let name_loc = state.loc;
        let iv = p.parse_argument(false)?;
        p.parse_punct("=")?;
        let lb = p.parse_operand()?;
        p.parse_keyword("to")?;
        let ub = p.parse_operand()?;
        p.parse_keyword("step")?;
        let step = p.parse_operand()?;
        let (mut iter_args, mut inits) = (Vec::new(), Vec::new());
        if p.parse_optional_keyword("iter_args") {
            (iter_args, inits) = parse_assignment_list(p, false)?;
            state.result_types = p.parse_arrow_type_list()?;
        }
        if iter_args.len() != state.result_types.len() {
            return Err(Diagnostic::error(
                name_loc,
                "mismatch in number of loop-carried values and defined values",
            ));
        }
        let ty = if p.parse_optional_punct(":") {
            p.parse_type()?
        } else {
            p.ctx.index_type()
        };
        for u in [&lb, &ub, &step] {
            let v = p.resolve_operand(u, ty)?;
            state.operands.push(v);
        }
        let result_types = state.result_types.clone();
        for (u, &t) in inits.iter().zip(&result_types) {
            let v = p.resolve_operand(u, t)?;
            state.operands.push(v);
        }
        let mut args = vec![Argument { ty: Some(ty), ..iv }];
        args.extend(with_types(std::mem::take(&mut iter_args), &result_types));
        let r = p.ctx.create_region();
        state.regions.push(r);
        p.parse_region(r, &args)?;
        p.ensure_terminator(r, "scf.yield", name_loc);
        p.parse_optional_attr_dict(&mut state.attrs)
    }
}

/// `(lb, ub, step)` as constants, if all are.
fn constant_bounds(ctx: &Context, lb: Value, ub: Value, step: Value) -> Option<(i64, i64, i64)> {
    Some((
        constant_int(ctx, lb)?,
        constant_int(ctx, ub)?,
        constant_int(ctx, step)?,
    ))
}

/// The constant `ub - lb` (upstream's `computeConstDiff`), from constants or `ub = lb + c`.
fn constant_diff(ctx: &Context, lb: Value, ub: Value) -> Option<i128> {
    if let (Some(l), Some(u)) = (constant_int(ctx, lb), constant_int(ctx, ub)) {
        return Some(u as i128 - l as i128);
    }
    let add = ctx
        .defining_op(ub)
        .filter(|&d| ctx.op_is(d, "arith.addi"))?;
    let (a, b) = (ctx.operand(add, 0), ctx.operand(add, 1));
    if a == lb {
        return constant_int(ctx, b).map(|c| c as i128);
    }
    if b == lb {
        return constant_int(ctx, a).map(|c| c as i128);
    }
    None
}

/// Zero-trip loops are replaced by their inits; one-trip loops are inlined; an empty loop that
/// runs at least once and yields values defined outside is replaced by them
/// (upstream's `SimplifyTrivialLoops`).
fn for_simplify_trivial(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let ops = r.operand_vec(op);
    let (lb, ub, step, inits) = (ops[0], ops[1], ops[2], ops[3..].to_vec());
    if lb == ub {
        r.replace_op(op, &inits);
        return true;
    }
    let Some(diff) = constant_diff(r, lb, ub) else {
        return false;
    };
    if diff <= 0 {
        r.replace_op(op, &inits);
        return true;
    }
    let Some(s) = constant_int(r, step) else {
        return false;
    };
    if s as i128 >= diff {
        let mut args = vec![lb];
        args.extend(inits);
        let region = r.region(op, 0);
        inline_region_before(r, op, region, &args);
        return true;
    }
    let body = ForOp(op).body(r);
    if r.first_op(body) != r.last_op(body) {
        return false;
    }
    let yielded = ForOp(op).yielded_values(r);
    if !yielded
        .iter()
        .all(|&v| crate::util::is_defined_outside(r, v, op))
    {
        return false;
    }
    r.replace_op(op, &yielded);
    true
}

/// Removes loop-carried values that are just forwarded: the body yields its own iter arg, or
/// the iter arg is unused and the loop yields the init or the result is unused (upstream's
/// `ForOpIterArgsFolder`).
fn for_remove_forwarded_iter_args(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let f = ForOp(op);
    let ops = r.operand_vec(op);
    let inits = ops[3..].to_vec();
    if inits.is_empty() {
        return false;
    }
    let iter_args = f.region_iter_args(r);
    let yielded = f.yielded_values(r);
    let results = r.results(op).to_vec();
    if yielded.len() != inits.len() || iter_args.len() != inits.len() {
        return false;
    }
    let forwarded: Vec<bool> = (0..inits.len())
        .map(|i| {
            yielded[i] == iter_args[i]
                || (!r.has_uses(iter_args[i])
                    && (yielded[i] == inits[i] || !r.has_uses(results[i])))
        })
        .collect();
    if !forwarded.iter().any(|&x| x) {
        return false;
    }
    let body = f.body(r);
    let term = r.last_op(body).expect("terminator");
    // Inside the loop a forwarded value is always its init.
    for i in 0..inits.len() {
        if forwarded[i] {
            r.replace_all_uses_with(iter_args[i], inits[i]);
        }
    }
    let keep = |v: &[Value]| -> Vec<Value> {
        v.iter()
            .zip(&forwarded)
            .filter(|(_, &fw)| !fw)
            .map(|(&x, _)| x)
            .collect()
    };
    let new_yield = keep(&r.operand_vec(term));
    r.set_operands(term, &new_yield);
    for i in (0..inits.len()).rev() {
        if forwarded[i] {
            r.erase_block_arg(body, i + 1);
        }
    }
    // A new loop with the remaining values takes over the body.
    let kept_inits = keep(&inits);
    let mut state = r.state("scf.for");
    state.operands = vec![ops[0], ops[1], ops[2]];
    state.operands.extend_from_slice(&kept_inits);
    state.result_types = types_of(r, &kept_inits);
    state.attrs = r.attrs(op).to_vec();
    let new_region = r.create_region();
    state.regions.push(new_region);
    let old_region = r.region(op, 0);
    r.take_region_blocks(old_region, new_region);
    let new_op = r.insert(state);
    let mut repl = Vec::new();
    let mut k = 0;
    for i in 0..inits.len() {
        if forwarded[i] {
            repl.push(inits[i]);
        } else {
            repl.push(r.result(new_op, k));
            k += 1;
        }
    }
    r.replace_op(op, &repl);
    true
}

impl ForOp {
    pub(crate) fn canonicalization_patterns(set: &mut RewritePatternSet) {
        add_patterns(
            set,
            "scf.for",
            &[
                ("ForOpIterArgsFolder", for_remove_forwarded_iter_args),
                ("SimplifyTrivialLoops", for_simplify_trivial),
            ],
        );
    }
}

// ----- scf.if ------------------------------------------------------------------------------------

/// Runs the `then` region if the condition holds, else the `else` region (which may be
/// empty when the op has no results). Results are yielded by both regions.
///
/// ```mlir
/// %x = scf.if %cond -> (f32) {
///   scf.yield %a : f32
/// } else {
///   scf.yield %b : f32
/// }
/// scf.if %cond {
///   memref.store %v, %m[%i] : memref<4xf32>
/// }
/// ```
#[op(dialect = ScfDialect, name = "if", traits(RecursiveMemoryEffects, SingleBlock), custom_assembly, verify,
     canonicalize)]
pub struct IfOp {
    #[operand]
    condition: I1,
    #[result(variadic)]
    results: AnyType,
    #[region(single_block, implicit_terminator = "scf.yield")]
    then_region: RegionId,
    #[region(single_block, implicit_terminator = "scf.yield")]
    else_region: RegionId,
}

impl IfOp {
    /// Creates an `scf.if` with a `then` block and, if `with_else`, an `else` block. Without
    /// results both blocks get their `scf.yield`; with results the caller adds them.
    pub fn create(
        b: &mut Builder<'_>,
        cond: Value,
        result_types: &[Type],
        with_else: bool,
    ) -> (IfOp, BlockId, Option<BlockId>) {
        let mut state = b.state("scf.if");
        state.operands.push(cond);
        state.result_types = result_types.to_vec();
        let (then_r, else_r) = (b.create_region(), b.create_region());
        let then_b = b.append_new_block(then_r, &[]);
        let else_b = with_else.then(|| b.append_new_block(else_r, &[]));
        state.regions = vec![then_r, else_r];
        let op = b.insert(state);
        if result_types.is_empty() {
            let loc = b.loc;
            for blk in std::iter::once(then_b).chain(else_b) {
                let y = OperationState::new(b, "scf.yield", loc);
                let y = b.create_op(y);
                b.insert_op(y, InsertPoint::BlockEnd(blk));
            }
        }
        (IfOp(op), then_b, else_b)
    }

    /// The `then` block.
    pub fn then_block(self, ctx: &Context) -> Option<BlockId> {
        ctx.entry_block(ctx.region(self.0, 0))
    }

    /// The `else` block, if the op has one.
    pub fn else_block(self, ctx: &Context) -> Option<BlockId> {
        ctx.entry_block(ctx.region(self.0, 1))
    }

    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let op = self.0;
        verify_one_block(ctx, op, 0, "thenRegion")?;
        if ctx.num_results(op) != 0 && ctx.region_is_empty(ctx.region(op, 1)) {
            return Err(op_error(
                ctx,
                op,
                "must have an else block if defining values",
            ));
        }
        let rs = crate::util::result_types(ctx, op);
        for i in 0..2 {
            if let Some(y) = terminator_named(ctx, ctx.region(op, i), "scf.yield") {
                let ys = types_of(ctx, &ctx.operand_vec(y));
                verify_edge(ctx, op, EdgeFrom::Terminator(y), EdgeTo::Parent, &ys, &rs)?;
            }
        }
        Ok(())
    }

    pub(crate) fn print(self, p: &mut Printer<'_>) -> fmt::Result {
        if !crate::util::printable(p, Self::spec(), self.0)? {
            return Ok(());
        }
        let ctx = p.ctx;
        let op = self.0;
        p.write_char(' ')?;
        p.print_value(ctx.operand(op, 0))?;
        let results = crate::util::result_types(ctx, op);
        let print_terminators = !results.is_empty();
        if print_terminators {
            p.write_str(" -> (")?;
            p.print_types(&results)?;
            p.write_char(')')?;
        }
        p.write_char(' ')?;
        p.print_region(ctx.region(op, 0), false, print_terminators)?;
        let else_r = ctx.region(op, 1);
        if !ctx.region_is_empty(else_r) {
            p.write_str(" else ")?;
            p.print_region(else_r, false, print_terminators)?;
        }
        p.print_optional_attr_dict(op, &[])
    }

    pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        let loc = state.loc;
        let then_r = p.ctx.create_region();
        let else_r = p.ctx.create_region();
        state.regions = vec![then_r, else_r];
        let cond = p.parse_operand()?;
        let i1 = p.ctx.i1_type();
        let c = p.resolve_operand(&cond, i1)?;
        state.operands.push(c);
        state.result_types = p.parse_optional_arrow_type_list()?;
        p.parse_region(then_r, &[])?;
        p.ensure_terminator(then_r, "scf.yield", loc);
        if p.parse_optional_keyword("else") {
            p.parse_region(else_r, &[])?;
            p.ensure_terminator(else_r, "scf.yield", loc);
        }
        p.parse_optional_attr_dict(&mut state.attrs)
    }
}

/// A constant condition inlines the taken branch (upstream's `RemoveStaticCondition`).
fn if_static_condition(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let Some(c) = constant_int(r, r.operand(op, 0)) else {
        return false;
    };
    take_branch(op, r, c != 0)
}

/// Replaces the `scf.if` `op` by its `then` branch (`taken`) or its `else` branch: the
/// branch's ops are inlined before it; a missing `else` of an op without results erases it.
fn take_branch(op: OpId, r: &mut PatternRewriter<'_>, taken: bool) -> bool {
    let region = if taken {
        r.region(op, 0)
    } else {
        r.region(op, 1)
    };
    if r.region_is_empty(region) {
        if r.num_results(op) != 0 {
            return false;
        }
        r.erase_op(op);
        return true;
    }
    inline_region_before(r, op, region, &[]);
    true
}

/// `scf.if x < n { yield x } else { yield x mod n }` (unsigned, the form of a cyclic read's
/// position) with `n` a non-zero constant is `x mod n`: no branch, and the remainder by a
/// constant is a multiplication (our own pattern).
fn if_of_remainder(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    if r.num_results(op) != 1 {
        return false;
    }
    let Some((ty, ey)) = if_yields(r, op) else {
        return false;
    };
    let Some(cmp) = r
        .defining_op(r.operand(op, 0))
        .filter(|&d| r.op_is(d, "arith.cmpi"))
    else {
        return false;
    };
    let ult = r.attr(cmp, "predicate").and_then(|a| r.attr_as_int(a))
        == Some(crate::arith::CmpIPredicate::Ult as i64);
    let (x, n) = (r.operand(cmp, 0), r.operand(cmp, 1));
    let Some(rem) = r
        .defining_op(r.operand(ey, 0))
        .filter(|&d| r.op_is(d, "arith.remui"))
    else {
        return false;
    };
    let exact = ult
        && r.operand(ty, 0) == x
        && r.operand_vec(rem) == [x, n]
        && constant_int(r, n).is_some_and(|c| c != 0)
        && r.op_parent_op(rem) == Some(op);
    if !exact {
        return false;
    }
    let v = crate::arith::build_binary(r.builder(), "arith.remui", x, n);
    r.replace_op(op, &[v]);
    true
}

/// Whether two `i1` values are equal: the same value, or `arith.cmpi` of the same predicate
/// and operands.
fn same_condition(ctx: &Context, a: Value, b: Value) -> bool {
    if a == b {
        return true;
    }
    let cmp = |v| ctx.defining_op(v).filter(|&d| ctx.op_is(d, "arith.cmpi"));
    match (cmp(a), cmp(b)) {
        (Some(x), Some(y)) => {
            ctx.attr(x, "predicate") == ctx.attr(y, "predicate")
                && ctx.operand_vec(x) == ctx.operand_vec(y)
        }
        _ => false,
    }
}

/// An `scf.if` inside a branch of an enclosing `scf.if` on the same condition value: the
/// condition is known there (true in the `then` branch, false in the `else` branch), so the
/// branch it takes is inlined (our own pattern; a bounds check `i < n` around a cyclic read's
/// `i < n ? i : i mod n`).
fn if_condition_from_parent(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let cond = r.operand(op, 0);
    let mut cur = op;
    let known = loop {
        let Some(region) = r.op_parent_region(cur) else {
            return false;
        };
        let Some(parent) = r.region_parent_op(region) else {
            return false;
        };
        if r.op_is(parent, "scf.if") && same_condition(r, r.operand(parent, 0), cond) {
            break region == r.region(parent, 0);
        }
        cur = parent;
    };
    take_branch(op, r, known)
}

/// The yields of both branches, when the op has an `else` branch.
fn if_yields(r: &PatternRewriter<'_>, op: OpId) -> Option<(OpId, OpId)> {
    let t = terminator_named(r, r.region(op, 0), "scf.yield")?;
    let e = terminator_named(r, r.region(op, 1), "scf.yield")?;
    Some((t, e))
}

/// A result yielded as the same value by both branches is that value; one yielded as
/// `true`/`false` is the condition (or its negation); one yielded as values defined outside
/// the `scf.if` becomes an `arith.select` (upstream's `ReplaceIfYieldWithConditionOrValue`
/// and `ConvertTrivialIfToSelect`). The then-unused results are removed by
/// [`if_remove_unused_results`].
fn if_replace_trivial_results(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    if r.num_results(op) == 0 {
        return false;
    }
    let Some((ty, ey)) = if_yields(r, op) else {
        return false;
    };
    let (tv, ev) = (r.operand_vec(ty), r.operand_vec(ey));
    let cond = r.operand(op, 0);
    let results = r.results(op).to_vec();
    let mut changed = false;
    for (i, &res) in results.iter().enumerate() {
        if !r.has_uses(res) {
            continue;
        }
        let (a, b) = (tv[i], ev[i]);
        let replacement = if a == b {
            a
        } else if crate::util::is_i1(r, r.value_type(res))
            && constant_int(r, a).is_some_and(|x| x & 1 == 1)
            && constant_int(r, b) == Some(0)
        {
            cond
        } else if crate::util::is_i1(r, r.value_type(res))
            && constant_int(r, a) == Some(0)
            && constant_int(r, b).is_some_and(|x| x & 1 == 1)
        {
            let bld = r.builder();
            let i1 = bld.i1_type();
            let one = crate::arith::build_constant_int(bld, i1, 1);
            crate::arith::build_binary(bld, "arith.xori", cond, one)
        } else if crate::util::is_defined_outside(r, a, op)
            && crate::util::is_defined_outside(r, b, op)
        {
            crate::arith::build_select(r.builder(), cond, a, b)
        } else {
            continue;
        };
        r.replace_all_uses_with(res, replacement);
        changed = true;
    }
    changed
}

/// Drops results without uses (upstream's `RemoveUnusedResults`).
fn if_remove_unused_results(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let results = r.results(op).to_vec();
    if results.is_empty() || results.iter().all(|&v| r.has_uses(v)) {
        return false;
    }
    let Some((ty, ey)) = if_yields(r, op) else {
        return false;
    };
    let used: Vec<bool> = results.iter().map(|&v| r.has_uses(v)).collect();
    for y in [ty, ey] {
        let vs: Vec<Value> = r
            .operand_vec(y)
            .into_iter()
            .zip(&used)
            .filter(|(_, &u)| u)
            .map(|(v, _)| v)
            .collect();
        r.set_operands(y, &vs);
    }
    let mut state = r.state("scf.if");
    state.operands.push(r.operand(op, 0));
    state.result_types = results
        .iter()
        .zip(&used)
        .filter(|(_, &u)| u)
        .map(|(&v, _)| r.value_type(v))
        .collect();
    state.attrs = r.attrs(op).to_vec();
    for i in 0..2 {
        let nr = r.create_region();
        let old = r.region(op, i);
        r.take_region_blocks(old, nr);
        state.regions.push(nr);
    }
    let new_op = r.insert(state);
    let mut k = 0;
    for (i, &u) in used.iter().enumerate() {
        if u {
            let to = r.result(new_op, k);
            r.replace_all_uses_with(results[i], to);
            k += 1;
        }
    }
    r.erase_op(op);
    true
}

/// An `else` block holding only `scf.yield` is removed when the op has no results
/// (upstream's `RemoveEmptyElseBranch`); an `scf.if` with nothing in either branch is erased.
fn if_remove_empty_branches(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    if r.num_results(op) != 0 {
        return false;
    }
    let only_yield = |r: &PatternRewriter<'_>, b: Option<BlockId>| {
        b.is_none_or(|b| {
            r.first_op(b) == r.last_op(b) && r.last_op(b).is_none_or(|t| r.num_operands(t) == 0)
        })
    };
    let then_b = IfOp(op).then_block(r);
    let else_b = IfOp(op).else_block(r);
    if only_yield(r, then_b) && only_yield(r, else_b) {
        r.erase_op(op);
        return true;
    }
    if let Some(e) = else_b {
        if only_yield(r, Some(e)) {
            r.erase_block(e);
            r.notify_modified(op);
            return true;
        }
    }
    false
}

/// Ops a branch of [`if_of_loads`] may compute its load's indices with: pure, no regions,
/// never undefined behaviour whatever their operands (no division, no shift).
const INDEX_ARITH: [&str; 15] = [
    "arith.constant",
    "arith.addi",
    "arith.subi",
    "arith.muli",
    "arith.andi",
    "arith.ori",
    "arith.xori",
    "arith.select",
    "arith.cmpi",
    "arith.index_cast",
    "arith.index_castui",
    "arith.minsi",
    "arith.minui",
    "arith.maxsi",
    "arith.maxui",
];

/// `(index arithmetic, load)` of a branch that is index arithmetic ([`INDEX_ARITH`]), one
/// `memref.load` and the yield of the load's value.
fn branch_load(r: &PatternRewriter<'_>, region: RegionId) -> Option<(Vec<OpId>, OpId)> {
    let block = r.entry_block(region)?;
    let ops = r.block_op_vec(block);
    let (&yield_op, rest) = ops.split_last()?;
    let (&load, arith) = rest.split_last()?;
    if !r.op_is(load, "memref.load") {
        return None;
    }
    let loaded = r.result(load, 0);
    if r.operand_vec(yield_op) != [loaded] || r.uses(loaded).count() != 1 {
        return None;
    }
    let plain = arith
        .iter()
        .all(|&o| INDEX_ARITH.iter().any(|n| r.op_is(o, n)) && r.regions(o).is_empty());
    plain.then(|| (arith.to_vec(), load))
}

/// `scf.if %c { …; %a = memref.load %m[i…]; yield %a } else { …; %b = memref.load %m[j…];
/// yield %b }` over the same buffer `%m` (defined outside), each branch only index arithmetic
/// besides the load, becomes one `memref.load %m[select(%c, i, j)…]` after the arithmetic of
/// both branches (our own pattern; exact: the arithmetic cannot fault and exactly one element
/// is read, as before). A stencil's clamped neighbour reads become straight-line code that
/// vectorizers handle, and a nest of such `if`s folds from the inside out.
fn if_of_loads(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    if r.num_results(op) != 1 || r.regions(op).len() != 2 {
        return false;
    }
    let (Some((ta, tl)), Some((ea, el))) = (
        branch_load(r, r.region(op, 0)),
        branch_load(r, r.region(op, 1)),
    ) else {
        return false;
    };
    let m = r.operand(tl, 0);
    if r.operand(el, 0) != m || !crate::util::is_defined_outside(r, m, op) {
        return false;
    }
    for o in ta.into_iter().chain(ea) {
        r.move_op(o, tail_ir::InsertPoint::Before(op));
    }
    let cond = r.operand(op, 0);
    let (ti, ei) = (r.operand_vec(tl), r.operand_vec(el));
    let b = r.builder();
    let idx: Vec<Value> = ti[1..]
        .iter()
        .zip(&ei[1..])
        .map(|(&i, &j)| {
            if i == j {
                i
            } else {
                crate::arith::build_select(b, cond, i, j)
            }
        })
        .collect();
    let v = crate::memref::LoadOp::create(b, m, &idx);
    r.replace_op(op, &[v]);
    true
}

impl IfOp {
    pub(crate) fn canonicalization_patterns(set: &mut RewritePatternSet) {
        add_patterns(
            set,
            "scf.if",
            &[
                ("RemoveStaticCondition", if_static_condition),
                (
                    "ReplaceIfYieldWithConditionOrValue",
                    if_replace_trivial_results,
                ),
                ("RemoveUnusedResults", if_remove_unused_results),
                ("RemoveEmptyBranches", if_remove_empty_branches),
                ("IfOfLoads", if_of_loads),
                ("IfConditionFromParent", if_condition_from_parent),
                ("IfOfRemainder", if_of_remainder),
            ],
        );
    }
}

// ----- scf.while ---------------------------------------------------------------------------------

/// A general loop: the `before` region computes the condition and ends with
/// `scf.condition`, whose extra operands go to the `after` region (or become the results when
/// the condition is false); the `after` region yields the next values of the `before` region's
/// arguments.
///
/// ```mlir
/// %res = scf.while (%arg1 = %init1) : (f32) -> f32 {
///   %condition = func.call @evaluate_condition(%arg1) : (f32) -> i1
///   scf.condition(%condition) %arg1 : f32
/// } do {
/// ^bb0(%arg2: f32):
///   %next = func.call @payload(%arg2) : (f32) -> f32
///   scf.yield %next : f32
/// }
/// ```
#[op(dialect = ScfDialect, name = "while", traits(LoopLike, RecursiveMemoryEffects, SingleBlock), custom_assembly,
     verify)]
pub struct WhileOp {
    #[operand(variadic)]
    inits: AnyType,
    #[result(variadic)]
    results: AnyType,
    #[region(single_block)]
    before: RegionId,
    #[region(single_block)]
    after: RegionId,
}

impl WhileOp {
    /// Creates a while loop with a `before` block (arguments typed as `inits`) and an `after`
    /// block (arguments typed as the results); the caller fills both, including terminators.
    pub fn create(
        b: &mut Builder<'_>,
        inits: &[Value],
        result_types: &[Type],
    ) -> (WhileOp, BlockId, BlockId) {
        let mut state = b.state("scf.while");
        state.operands = inits.to_vec();
        state.result_types = result_types.to_vec();
        let (br, ar) = (b.create_region(), b.create_region());
        let init_tys = types_of(b, inits);
        let before = b.append_new_block(br, &init_tys);
        let after = b.append_new_block(ar, result_types);
        state.regions = vec![br, ar];
        let op = b.insert(state);
        (WhileOp(op), before, after)
    }

    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let op = self.0;
        verify_one_block(ctx, op, 0, "before")?;
        verify_one_block(ctx, op, 1, "after")?;
        let (before, after) = (ctx.region(op, 0), ctx.region(op, 1));
        let Some(cond) = terminator_named(ctx, before, "scf.condition") else {
            return Err(missing_terminator(
                ctx,
                op,
                before,
                "expects the 'before' region to terminate with 'scf.condition'",
            ));
        };
        let Some(yield_op) = terminator_named(ctx, after, "scf.yield") else {
            return Err(missing_terminator(
                ctx,
                op,
                after,
                "expects the 'after' region to terminate with 'scf.yield'",
            ));
        };
        let inits = ctx.operand_vec(op);
        let before_args = ctx
            .block_args(ctx.entry_block(before).expect("checked"))
            .to_vec();
        let yielded = ctx.operand_vec(yield_op);
        verify_loop_like(ctx, op, &inits, &before_args, &yielded, None)?;
        let before_tys = types_of(ctx, &before_args);
        let after_args = types_of(
            ctx,
            ctx.block_args(ctx.entry_block(after).expect("checked")),
        );
        let cond_args = types_of(ctx, &ctx.operand_vec(cond)[1..]);
        let results = crate::util::result_types(ctx, op);
        verify_edge(
            ctx,
            op,
            EdgeFrom::Parent,
            EdgeTo::Region(0),
            &types_of(ctx, &inits),
            &before_tys,
        )?;
        verify_edge(
            ctx,
            op,
            EdgeFrom::Terminator(cond),
            EdgeTo::Parent,
            &cond_args,
            &results,
        )?;
        verify_edge(
            ctx,
            op,
            EdgeFrom::Terminator(cond),
            EdgeTo::Region(1),
            &cond_args,
            &after_args,
        )?;
        verify_edge(
            ctx,
            op,
            EdgeFrom::Terminator(yield_op),
            EdgeTo::Region(0),
            &types_of(ctx, &yielded),
            &before_tys,
        )
    }

    pub(crate) fn print(self, p: &mut Printer<'_>) -> fmt::Result {
        if !crate::util::printable(p, Self::spec(), self.0)? {
            return Ok(());
        }
        let ctx = p.ctx;
        let op = self.0;
        let (before, after) = (ctx.region(op, 0), ctx.region(op, 1));
        let inits = ctx.operand_vec(op);
        let before_args = ctx
            .entry_block(before)
            .map(|b| ctx.block_args(b).to_vec())
            .unwrap_or_default();
        print_init_list(p, &before_args, &inits, " ")?;
        p.write_str(" : (")?;
        p.print_types(&types_of(ctx, &inits))?;
        p.write_str(") -> ")?;
        p.print_result_types(&crate::util::result_types(ctx, op))?;
        p.write_char(' ')?;
        p.print_region(before, false, true)?;
        p.write_str(" do ")?;
        p.print_region(after, true, true)?;
        p.print_optional_attr_dict_with_keyword(op, &[])
    }

    pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        let (mut args, mut inits) = (Vec::new(), Vec::new());
        if p.parse_optional_punct("(") {
            (args, inits) = parse_assignment_list(p, true)?;
        }
        p.parse_punct(":")?;
        let type_loc = p.loc();
        let (input_types, result_types) = p.parse_function_type()?;
        if input_types.len() != inits.len() {
            return Err(Diagnostic::error(
                type_loc,
                format!(
                    "expected as many input types as operands (expected {} got {})",
                    inits.len(),
                    input_types.len()
                ),
            ));
        }
        let vs = p.resolve_operands(&inits, &input_types, type_loc)?;
        state.operands = vs;
        state.result_types = result_types;
        let args = with_types(args, &input_types);
        let (before, after) = (p.ctx.create_region(), p.ctx.create_region());
        state.regions = vec![before, after];
        p.parse_region(before, &args)?;
        p.parse_keyword("do")?;
        p.parse_region(after, &[])?;
        p.parse_optional_attr_dict_with_keyword(&mut state.attrs)
    }
}

// ----- scf.parallel, scf.reduce ----------------------------------------------------------------

/// A multi-dimensional parallel loop. Each dimension has a lower bound, upper bound and step;
/// the body's arguments are the induction variables. Values reduced across iterations start
/// from `init` and are combined by the regions of the `scf.reduce` terminator.
///
/// ```mlir
/// %sum = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) init (%zero) -> f32 {
///   %x = memref.load %a[%i, %j] : memref<?x?xf32>
///   scf.reduce(%x : f32) {
///   ^bb0(%lhs: f32, %rhs: f32):
///     %s = arith.addf %lhs, %rhs : f32
///     scf.reduce.return %s : f32
///   }
/// }
/// ```
#[op(dialect = ScfDialect, name = "parallel", traits(LoopLike, RecursiveMemoryEffects, SingleBlock), custom_assembly,
     verify, canonicalize)]
pub struct ParallelOp {
    #[operand(variadic)]
    lower_bound: IndexType,
    #[operand(variadic)]
    upper_bound: IndexType,
    #[operand(variadic)]
    step: IndexType,
    #[operand(variadic)]
    init_vals: AnyType,
    #[result(variadic)]
    results: AnyType,
    #[region(single_block, implicit_terminator = "scf.reduce")]
    region: RegionId,
}

/// The `operandSegmentSizes` of a parallel loop: `[lbs, ubs, steps, inits]`.
fn parallel_segments(ctx: &Context, op: OpId) -> Option<[usize; 4]> {
    let s = tail_ir::format::segment_sizes(ctx, op, tail_ir::format::OPERAND_SEGMENTS)?;
    if s.len() != 4 {
        return None;
    }
    Some([s[0] as usize, s[1] as usize, s[2] as usize, s[3] as usize])
}

impl ParallelOp {
    /// Creates a parallel loop with its body block (one `index` argument per dimension).
    /// Without inits the body gets its `scf.reduce`; with inits the caller adds it.
    pub fn create(
        b: &mut Builder<'_>,
        lbs: &[Value],
        ubs: &[Value],
        steps: &[Value],
        inits: &[Value],
    ) -> (ParallelOp, BlockId) {
        let mut state = b.state("scf.parallel");
        for g in [lbs, ubs, steps, inits] {
            state.operands.extend_from_slice(g);
        }
        let seg = b.dense_i32_array_attr(vec![
            lbs.len() as i64,
            ubs.len() as i64,
            steps.len() as i64,
            inits.len() as i64,
        ]);
        state.add_attr(b, tail_ir::format::OPERAND_SEGMENTS, seg);
        state.result_types = types_of(b, inits);
        let r = b.create_region();
        let idx = b.index_type();
        let body = b.append_new_block(r, &vec![idx; steps.len()]);
        state.regions.push(r);
        let op = b.insert(state);
        if inits.is_empty() {
            let loc = b.loc;
            let t = OperationState::new(b, "scf.reduce", loc);
            let t = b.create_op(t);
            b.insert_op(t, InsertPoint::BlockEnd(body));
        }
        (ParallelOp(op), body)
    }

    /// The operand groups `(lower bounds, upper bounds, steps, inits)`.
    pub fn groups(self, ctx: &Context) -> (Vec<Value>, Vec<Value>, Vec<Value>, Vec<Value>) {
        let ops = ctx.operand_vec(self.0);
        let [a, b, c, _] = parallel_segments(ctx, self.0).unwrap_or([0, 0, 0, ops.len()]);
        (
            ops[..a].to_vec(),
            ops[a..a + b].to_vec(),
            ops[a + b..a + b + c].to_vec(),
            ops[a + b + c..].to_vec(),
        )
    }

    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let op = self.0;
        let (lbs, ubs, steps, inits) = self.groups(ctx);
        if steps.is_empty() {
            return Err(op_error(
                ctx,
                op,
                "needs at least one tuple element for lowerBound, upperBound and step",
            ));
        }
        if lbs.len() != steps.len() || ubs.len() != steps.len() {
            return Err(op_error(
                ctx,
                op,
                "expects the same number of lower bounds, upper bounds and steps",
            ));
        }
        for &s in &steps {
            if constant_int(ctx, s).is_some_and(|c| c <= 0) {
                return Err(op_error(ctx, op, "constant step operand must be positive"));
            }
        }
        verify_one_block(ctx, op, 0, "region")?;
        let region = ctx.region(op, 0);
        let body = ctx.entry_block(region).expect("checked");
        let args = ctx.block_args(body);
        if args.len() != steps.len() {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expects the same number of induction variables: {} as bound and step values: {}",
                    args.len(),
                    steps.len()
                ),
            ));
        }
        if args
            .iter()
            .any(|&a| !crate::util::is_index(ctx, ctx.value_type(a)))
        {
            return Err(op_error(
                ctx,
                op,
                "expects arguments for the induction variable to be of index type",
            ));
        }
        let Some(reduce) = terminator_named(ctx, region, "scf.reduce") else {
            return Err(missing_terminator(
                ctx,
                op,
                region,
                "expects body to terminate with 'scf.reduce'",
            ));
        };
        let n_results = ctx.num_results(op);
        let n_reductions = ctx.regions(reduce).len();
        if n_results != n_reductions {
            return Err(op_error(
                ctx,
                op,
                format!("expects number of results: {n_results} to be the same as number of reductions: {n_reductions}"),
            ));
        }
        if n_results != inits.len() {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expects number of results: {n_results} to be the same as number of initial values: {}",
                    inits.len()
                ),
            ));
        }
        for i in 0..n_results.min(ctx.num_operands(reduce)) {
            let rt = ctx.value_type(ctx.result(op, i));
            let ot = ctx.value_type(ctx.operand(reduce, i));
            if rt != ot {
                return Err(op_error(
                    ctx,
                    reduce,
                    format!(
                        "expects type of {i}-th reduction operand: {} to be the same as the {i}-th result type: {}",
                        quoted(ctx, ot),
                        quoted(ctx, rt)
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
        let op = self.0;
        let (lbs, ubs, steps, inits) = self.groups(ctx);
        let region = ctx.region(op, 0);
        let ivs = ctx
            .entry_block(region)
            .map(|b| ctx.block_args(b).to_vec())
            .unwrap_or_default();
        p.write_str(" (")?;
        p.print_values(ivs)?;
        p.write_str(") = (")?;
        p.print_values(lbs)?;
        p.write_str(") to (")?;
        p.print_values(ubs)?;
        p.write_str(") step (")?;
        p.print_values(steps)?;
        p.write_char(')')?;
        if !inits.is_empty() {
            p.write_str(" init (")?;
            p.print_values(inits)?;
            p.write_char(')')?;
        }
        print_optional_arrow_types(p, &crate::util::result_types(ctx, op))?;
        p.write_char(' ')?;
        p.print_region(region, false, true)?;
        p.print_optional_attr_dict(op, &[tail_ir::format::OPERAND_SEGMENTS])
    }

    pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        let loc = state.loc;
        let ivs = p.parse_argument_list(false)?;
        let idx = p.ctx.index_type();
        p.parse_punct("=")?;
        let lower = parse_paren_operands(p)?;
        p.parse_keyword("to")?;
        let upper = parse_paren_operands(p)?;
        p.parse_keyword("step")?;
        let steps = parse_paren_operands(p)?;
        for (what, g) in [
            ("lower bounds", &lower),
            ("upper bounds", &upper),
            ("steps", &steps),
        ] {
            if g.len() != ivs.len() {
                return Err(Diagnostic::error(
                    loc,
                    format!(
                        "expected {} {what} to match the induction variables, but found {}",
                        ivs.len(),
                        g.len()
                    ),
                ));
            }
        }
        for g in [&lower, &upper, &steps] {
            for u in g.iter() {
                let v = p.resolve_operand(u, idx)?;
                state.operands.push(v);
            }
        }
        let mut init_vals = Vec::new();
        if p.parse_optional_keyword("init") {
            init_vals = parse_paren_operands(p)?;
        }
        state.result_types = p.parse_optional_arrow_type_list()?;
        let r = p.ctx.create_region();
        state.regions.push(r);
        let n = ivs.len();
        let args = with_types(ivs, &vec![idx; n]);
        p.parse_region(r, &args)?;
        let seg = p.ctx.dense_i32_array_attr(vec![
            lower.len() as i64,
            upper.len() as i64,
            steps.len() as i64,
            init_vals.len() as i64,
        ]);
        state.add_attr(p.ctx, tail_ir::format::OPERAND_SEGMENTS, seg);
        p.parse_optional_attr_dict(&mut state.attrs)?;
        let tys = state.result_types.clone();
        let vs = p.resolve_operands(&init_vals, &tys, loc)?;
        state.operands.extend(vs);
        p.ensure_terminator(r, "scf.reduce", loc);
        Ok(())
    }
}

/// A dimension with a constant zero trip count makes the whole loop a no-op: it is replaced
/// by its inits (part of upstream's `ParallelOpSingleOrZeroIterationDimsFolder`).
fn parallel_zero_trip(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let (lbs, ubs, steps, inits) = ParallelOp(op).groups(r);
    for ((&lb, &ub), &st) in lbs.iter().zip(&ubs).zip(&steps) {
        let zero = lb == ub
            || constant_bounds(r, lb, ub, st).is_some_and(|(l, u, _)| u <= l)
            || constant_diff(r, lb, ub).is_some_and(|d| d <= 0);
        if zero {
            r.replace_op(op, &inits);
            return true;
        }
    }
    false
}

impl ParallelOp {
    pub(crate) fn canonicalization_patterns(set: &mut RewritePatternSet) {
        add_patterns(
            set,
            "scf.parallel",
            &[("ParallelOpZeroTripFolder", parallel_zero_trip)],
        );
    }
}

/// Terminates the body of `scf.parallel`, giving one value per reduction; each region
/// combines two partial values (`^bb0(%lhs, %rhs)`) with `scf.reduce.return`. Without
/// operands it is implicit.
///
/// ```mlir
/// scf.reduce(%x, %y : f32, i32) {
/// ^bb0(%a: f32, %b: f32):
///   %s = arith.addf %a, %b : f32
///   scf.reduce.return %s : f32
/// }, {
/// ^bb0(%a: i32, %b: i32):
///   %m = arith.maxsi %a, %b : i32
///   scf.reduce.return %m : i32
/// }
/// ```
#[op(dialect = ScfDialect, name = "reduce", traits(Terminator, RecursiveMemoryEffects), parents("scf.parallel"),
     custom_assembly, verify)]
pub struct ReduceOp {
    #[operand(variadic)]
    operands: AnyType,
    #[region(variadic, single_block)]
    reductions: RegionId,
}

impl ReduceOp {
    /// Creates `scf.reduce(values)` with one reduction region per value, each with a block
    /// `^bb0(%lhs: T, %rhs: T)` for the caller to fill. Returns the op and the blocks.
    pub fn create(b: &mut Builder<'_>, values: &[Value]) -> (ReduceOp, Vec<BlockId>) {
        let mut state = b.state("scf.reduce");
        state.operands = values.to_vec();
        let mut blocks = Vec::new();
        for &v in values {
            let t = b.value_type(v);
            let r = b.create_region();
            blocks.push(b.append_new_block(r, &[t, t]));
            state.regions.push(r);
        }
        let op = b.insert(state);
        (ReduceOp(op), blocks)
    }

    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let op = self.0;
        let regions = ctx.regions(op);
        if regions.len() != ctx.num_operands(op) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expects one reduction region per operand: {} operands, but {} regions",
                    ctx.num_operands(op),
                    regions.len()
                ),
            ));
        }
        for (i, &r) in regions.iter().enumerate() {
            let ty = ctx.value_type(ctx.operand(op, i));
            let Some(block) = ctx.entry_block(r).filter(|&b| ctx.first_op(b).is_some()) else {
                return Err(op_error(
                    ctx,
                    op,
                    format!("{i}-th reduction has an empty body"),
                ));
            };
            let args = ctx.block_args(block);
            if args.len() != 2 || args.iter().any(|&a| ctx.value_type(a) != ty) {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "expected two block arguments with type {} in the {i}-th reduction region",
                        quoted(ctx, ty)
                    ),
                ));
            }
            if !ctx
                .last_op(block)
                .is_some_and(|t| ctx.op_is(t, "scf.reduce.return"))
            {
                return Err(op_error(
                    ctx,
                    op,
                    "reduction bodies must be terminated with an 'scf.reduce.return' op",
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
        let op = self.0;
        let operands = ctx.operand_vec(op);
        if !operands.is_empty() {
            p.write_char('(')?;
            p.print_values(operands.iter().copied())?;
            p.write_str(" : ")?;
            p.print_types(&types_of(ctx, &operands))?;
            p.write_char(')')?;
        }
        // Like upstream's declarative printer, `$reductions` is preceded by a space even when
        // there are no regions (`scf.reduce ` for the implicit terminator).
        p.write_char(' ')?;
        for (i, &r) in ctx.regions(op).iter().enumerate() {
            if i > 0 {
                p.write_str(", ")?;
            }
            p.print_region(r, true, true)?;
        }
        p.print_optional_attr_dict(op, &[])
    }

    pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        if p.parse_optional_punct("(") {
            let us = p.parse_operand_list()?;
            p.parse_punct(":")?;
            let loc = p.loc();
            let tys = p.parse_type_list()?;
            p.parse_punct(")")?;
            let vs = p.resolve_operands(&us, &tys, loc)?;
            state.operands = vs;
        }
        loop {
            let r = p.ctx.create_region();
            if !p.parse_optional_region(r, &[])? {
                break;
            }
            state.regions.push(r);
            if !p.parse_optional_punct(",") {
                break;
            }
        }
        p.parse_optional_attr_dict(&mut state.attrs)
    }
}

/// Returns the combined value from a reduction region of `scf.reduce`.
///
/// ```mlir
/// scf.reduce.return %s : f32
/// ```
#[op(dialect = ScfDialect, name = "reduce.return", traits(Pure, Terminator), parents("scf.reduce"),
     format = "$result attr-dict `:` type($result)", verify)]
pub struct ReduceReturnOp {
    #[operand]
    result: AnyType,
}

impl ReduceReturnOp {
    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let op = self.0;
        let Some(block) = ctx.op_parent_block(op) else {
            return Ok(());
        };
        let Some(&arg) = ctx.block_args(block).first() else {
            return Ok(());
        };
        let expected = ctx.value_type(arg);
        if expected != ctx.value_type(ctx.operand(op, 0)) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "must have type {} (the type of the reduction inputs)",
                    quoted(ctx, expected)
                ),
            ));
        }
        Ok(())
    }
}

// ----- scf.execute_region ------------------------------------------------------------------------

/// Runs its region, which may have several blocks, exactly once; `scf.yield`s give the
/// results. Lets unstructured control flow live inside single-block regions.
///
/// ```mlir
/// %y = scf.execute_region -> i32 {
///   %x = memref.load %A[%i] : memref<128xi32>
///   scf.yield %x : i32
/// }
/// ```
#[op(dialect = ScfDialect, name = "execute_region", traits(RecursiveMemoryEffects), custom_assembly, verify,
     canonicalize)]
pub struct ExecuteRegionOp {
    #[result(variadic)]
    results: AnyType,
    #[region]
    region: RegionId,
}

impl ExecuteRegionOp {
    pub(crate) fn verify(self, ctx: &Context) -> Result<(), Diagnostic> {
        let op = self.0;
        let r = ctx.region(op, 0);
        let Some(entry) = ctx.entry_block(r) else {
            return Err(op_error(ctx, op, "region needs to have at least one block"));
        };
        if !ctx.block_args(entry).is_empty() {
            return Err(op_error(ctx, op, "region cannot have any arguments"));
        }
        let rs = crate::util::result_types(ctx, op);
        for &b in ctx.region_blocks(r) {
            if let Some(y) = ctx.last_op(b).filter(|&t| ctx.op_is(t, "scf.yield")) {
                verify_edge(
                    ctx,
                    op,
                    EdgeFrom::Terminator(y),
                    EdgeTo::Parent,
                    &types_of(ctx, &ctx.operand_vec(y)),
                    &rs,
                )?;
            }
        }
        Ok(())
    }

    pub(crate) fn print(self, p: &mut Printer<'_>) -> fmt::Result {
        if !crate::util::printable(p, Self::spec(), self.0)? {
            return Ok(());
        }
        let ctx = p.ctx;
        let op = self.0;
        print_optional_arrow_types(p, &crate::util::result_types(ctx, op))?;
        p.write_char(' ')?;
        if ctx.attr(op, "no_inline").is_some() {
            p.write_str("no_inline ")?;
        }
        p.print_region(ctx.region(op, 0), false, true)?;
        p.print_optional_attr_dict(op, &["no_inline"])
    }

    pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OperationState) -> ParseResult<()> {
        state.result_types = p.parse_optional_arrow_type_list()?;
        if p.parse_optional_keyword("no_inline") {
            let u = p.ctx.unit_attr();
            state.add_attr(p.ctx, "no_inline", u);
        }
        let r = p.ctx.create_region();
        state.regions.push(r);
        p.parse_region(r, &[])?;
        p.parse_optional_attr_dict(&mut state.attrs)
    }
}

/// A single-block `scf.execute_region` is inlined (upstream's `SingleBlockExecuteInliner`).
fn execute_region_inline(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    if r.attr(op, "no_inline").is_some() {
        return false;
    }
    let region = r.region(op, 0);
    if r.region_blocks(region).len() != 1 {
        return false;
    }
    inline_region_before(r, op, region, &[]);
    true
}

impl ExecuteRegionOp {
    pub(crate) fn canonicalization_patterns(set: &mut RewritePatternSet) {
        add_patterns(
            set,
            "scf.execute_region",
            &[("SingleBlockExecuteInliner", execute_region_inline)],
        );
    }
}
