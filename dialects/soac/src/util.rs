//! Verifier helpers shared by the op families: lambda signatures, extents of array operands,
//! and the consumption rule of in-place ops, reported with MLIR's wording
//! (`'soac.map' op expects …`).

use tail_ir::verifier::op_error;
use tail_ir::{Context, Diagnostic, OpId, RegionId, Type, Value};

use crate::types::{array_parts, extent_str, extents_agree, Shaped};

/// Result of a verifier check.
pub(crate) type VResult<T = ()> = Result<T, Diagnostic>;

/// `'soac.op' op {msg}`.
pub(crate) fn err(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    op_error(ctx, op, msg)
}

/// A type quoted as MLIR's diagnostics print it: `'i32'`.
pub(crate) fn quoted(ctx: &Context, ty: Type) -> String {
    format!("'{}'", ctx.type_to_string(ty))
}

/// The types of `vs`.
pub(crate) fn types_of(ctx: &Context, vs: &[Value]) -> Vec<Type> {
    vs.iter().map(|&v| ctx.value_type(v)).collect()
}

/// `v` as an array (extents and element type), or an error naming it `what`.
pub(crate) fn array(ctx: &Context, op: OpId, what: &str, v: Value) -> VResult<Shaped> {
    let ty = ctx.value_type(v);
    match array_parts(ctx, ty) {
        Some((s, e)) => Ok(Shaped {
            shape: s.to_vec(),
            elem: e,
        }),
        None => Err(err(
            ctx,
            op,
            format!(
                "expects {what} to be a ranked tensor of rank >= 1 with a TAIL element type, but got {}",
                quoted(ctx, ty)
            ),
        )),
    }
}

/// Checks that the arrays `vs` (named `what #i`) have one outer extent (equal where static);
/// returns it ([`tail_ir::DYNAMIC`] when no operand knows it statically).
pub(crate) fn common_outer_extent(
    ctx: &Context,
    op: OpId,
    what: &str,
    arrays: &[Shaped],
) -> VResult<i64> {
    let mut known: Option<(usize, i64)> = None;
    for (i, a) in arrays.iter().enumerate() {
        let e = a.shape[0];
        if e == tail_ir::DYNAMIC {
            continue;
        }
        match known {
            Some((j, k)) if k != e => {
                return Err(err(
                    ctx,
                    op,
                    format!(
                        "expects all {what}s to have the same outer extent, but {what} #{j} has {k} and {what} #{i} has {e}"
                    ),
                ))
            }
            None => known = Some((i, e)),
            _ => {}
        }
    }
    Ok(known.map(|(_, e)| e).unwrap_or(tail_ir::DYNAMIC))
}

/// Checks that result `r` (named `what`) is an array of `n` rows of type `row`, its outer
/// extent agreeing with `n`.
pub(crate) fn check_array_result(
    ctx: &Context,
    op: OpId,
    what: &str,
    r: Value,
    row: &Shaped,
    n: i64,
) -> VResult {
    let a = array(ctx, op, what, r)?;
    if !row.matches_row_of(&a) {
        return Err(err(
            ctx,
            op,
            format!(
                "expects {what} to be an array of {}, but got {}",
                row.to_string(ctx),
                quoted(ctx, ctx.value_type(r))
            ),
        ));
    }
    if !extents_agree(a.shape[0], n) {
        return Err(err(
            ctx,
            op,
            format!(
                "expects {what} to have outer extent {}, but got {}",
                extent_str(n),
                a.shape[0]
            ),
        ));
    }
    Ok(())
}

impl Shaped {
    /// Whether `self` is exactly the row type of array `a`.
    pub(crate) fn matches_row_of(&self, a: &Shaped) -> bool {
        a.row() == *self
    }
}

/// Checks a lambda region of `op` (named `name` in messages): one block taking `args` and
/// ending in `soac.yield` of `results`.
pub(crate) fn check_lambda(
    ctx: &Context,
    op: OpId,
    region: RegionId,
    name: &str,
    args: &[Shaped],
    results: &[Shaped],
) -> VResult {
    let Some(block) = ctx.entry_block(region) else {
        return Err(err(ctx, op, format!("expects a non-empty {name} lambda")));
    };
    let bargs = ctx.block_args(block);
    if bargs.len() != args.len() {
        return Err(err(
            ctx,
            op,
            format!(
                "expects the {name} lambda to take {} arguments, but it takes {}",
                args.len(),
                bargs.len()
            ),
        ));
    }
    for (i, (&a, t)) in bargs.iter().zip(args).enumerate() {
        if !t.matches(ctx, ctx.value_type(a)) {
            return Err(err(
                ctx,
                op,
                format!(
                    "expects {name} lambda argument #{i} to have type '{}', but got {}",
                    t.to_string(ctx),
                    quoted(ctx, ctx.value_type(a))
                ),
            ));
        }
    }
    let Some(term) = ctx.last_op(block).filter(|&t| ctx.op_is(t, "soac.yield")) else {
        return Err(err(
            ctx,
            op,
            format!("expects the {name} lambda to end with 'soac.yield'"),
        ));
    };
    let yielded = ctx.operand_vec(term);
    if yielded.len() != results.len() {
        return Err(err(
            ctx,
            op,
            format!(
                "expects the {name} lambda to yield {} values, but it yields {}",
                results.len(),
                yielded.len()
            ),
        ));
    }
    for (i, (&v, t)) in yielded.iter().zip(results).enumerate() {
        if !t.matches(ctx, ctx.value_type(v)) {
            return Err(err(
                ctx,
                op,
                format!(
                    "expects {name} lambda result #{i} to have type '{}', but got {}",
                    t.to_string(ctx),
                    quoted(ctx, ctx.value_type(v))
                ),
            ));
        }
    }
    Ok(())
}

/// The yielded values' types of a lambda (empty if it has no `soac.yield`).
pub(crate) fn lambda_yield_types(ctx: &Context, region: RegionId) -> Vec<Type> {
    ctx.entry_block(region)
        .and_then(|b| ctx.last_op(b))
        .filter(|&t| ctx.op_is(t, "soac.yield"))
        .map(|t| types_of(ctx, &ctx.operand_vec(t)))
        .unwrap_or_default()
}

/// The consumption rule of `soac.update` and `soac.scatter` (Futhark's uniqueness types, in
/// the form that needs no type system): the destination array is consumed, so no op after
/// `op` in the same block may use it (in its operands or inside its regions). This is what
/// lets a lowering update the destination's storage in place.
pub(crate) fn check_consumed(ctx: &Context, op: OpId, dest: Value) -> VResult {
    let Some(block) = ctx.op_parent_block(op) else {
        return Ok(());
    };
    for u in ctx.use_vec(dest) {
        let mut user = u.op;
        // The ancestor of the user that sits in `op`'s block.
        while ctx.op_parent_block(user) != Some(block) {
            match ctx.op_parent_op(user) {
                Some(p) => user = p,
                None => break,
            }
        }
        if user != op
            && ctx.op_parent_block(user) == Some(block)
            && ctx.is_before_in_block(op, user)
        {
            return Err(err(
                ctx,
                op,
                "consumes its destination array, which must not be used afterwards",
            )
            .with_note(ctx.op_loc(u.op), "used here"));
        }
    }
    Ok(())
}
