//! Verifier helpers shared by the op families: classify operands as TAIL types and report
//! type-scheme violations with MLIR's wording (`'tail.reduce' op expects …`).

use tail_ir::verifier::op_error;
use tail_ir::{Context, Diagnostic, OpId, RegionId, Type, Value};

use crate::types::{array_like, quoted, s_like, sv_like, vec_like, Shape};

pub(crate) type VResult<T = ()> = Result<T, Diagnostic>;

/// `'op' op {msg}`.
pub(crate) fn err(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    op_error(ctx, op, msg)
}

fn ty(ctx: &Context, v: Value) -> Type {
    ctx.value_type(v)
}

/// Rejects a `!tail.array`/`!tail.vec` with a negative constant rank or length.
fn extent_ok(ctx: &Context, op: OpId, what: &str, v: Value) -> VResult {
    match crate::types::negative_extent(ctx, ty(ctx, v)) {
        Some(n) => Err(err(
            ctx,
            op,
            format!(
                "expects the {what} type {} to have a non-negative rank or length, but it has {n}",
                quoted(ctx, ty(ctx, v))
            ),
        )),
        None => Ok(()),
    }
}

/// `v` as a rank-polymorphic array (`!tail.array` or base scalar).
pub(crate) fn arr(ctx: &Context, op: OpId, what: &str, v: Value) -> VResult<(Type, Shape)> {
    extent_ok(ctx, op, what, v)?;
    array_like(ctx, ty(ctx, v)).ok_or_else(|| {
        err(
            ctx,
            op,
            format!(
                "expects the {what} to be a TAIL array, but got {}",
                quoted(ctx, ty(ctx, v))
            ),
        )
    })
}

/// `v` as a `!tail.vec`.
pub(crate) fn vec(ctx: &Context, op: OpId, what: &str, v: Value) -> VResult<(Type, Shape)> {
    extent_ok(ctx, op, what, v)?;
    vec_like(ctx, ty(ctx, v)).ok_or_else(|| {
        err(
            ctx,
            op,
            format!(
                "expects the {what} to be a !tail.vec, but got {}",
                quoted(ctx, ty(ctx, v))
            ),
        )
    })
}

/// `v` as a `!tail.s`.
pub(crate) fn sing(ctx: &Context, op: OpId, what: &str, v: Value) -> VResult<(Type, Shape)> {
    s_like(ctx, ty(ctx, v)).ok_or_else(|| {
        err(
            ctx,
            op,
            format!(
                "expects the {what} to be a !tail.s, but got {}",
                quoted(ctx, ty(ctx, v))
            ),
        )
    })
}

/// `v` as a `!tail.sv`.
pub(crate) fn sing_vec(ctx: &Context, op: OpId, what: &str, v: Value) -> VResult<(Type, Shape)> {
    sv_like(ctx, ty(ctx, v)).ok_or_else(|| {
        err(
            ctx,
            op,
            format!(
                "expects the {what} to be a !tail.sv, but got {}",
                quoted(ctx, ty(ctx, v))
            ),
        )
    })
}

/// Checks that the `what` element type is `expected`.
pub(crate) fn elem_eq(ctx: &Context, op: OpId, what: &str, expected: Type, got: Type) -> VResult {
    if expected == got {
        Ok(())
    } else {
        Err(err(
            ctx,
            op,
            format!(
                "expects the {what} element type to be {}, but got {}",
                quoted(ctx, expected),
                quoted(ctx, got)
            ),
        ))
    }
}

/// Checks `a == b + k` for ranks/lengths (accepted when shape variables make it undecidable).
#[allow(clippy::too_many_arguments)]
pub(crate) fn shape_rel(
    ctx: &Context,
    op: OpId,
    kind: &str,
    an: &str,
    a: &Shape,
    bn: &str,
    b: &Shape,
    k: i64,
) -> VResult {
    if !a.differs_from(b, k) {
        return Ok(());
    }
    let rel = match k {
        0 => String::new(),
        k if k > 0 => format!(" + {k}"),
        k => format!(" - {}", -k),
    };
    Err(err(
        ctx,
        op,
        format!("expects the {an} {kind} to be the {bn} {kind}{rel}, but got {a} and {b}"),
    ))
}

/// Checks that a result array has the element type and rank of an input array.
pub(crate) fn same_array(
    ctx: &Context,
    op: OpId,
    res: (Type, Shape),
    input: (Type, Shape),
) -> VResult {
    elem_eq(ctx, op, "result", input.0, res.0)?;
    shape_rel(ctx, op, "rank", "result", &res.1, "input", &input.1, 0)
}

/// Checks that `v` has type `expected` (a scalar operand `α` of a type scheme).
pub(crate) fn scalar_eq(ctx: &Context, op: OpId, what: &str, v: Value, expected: Type) -> VResult {
    let got = ty(ctx, v);
    if got == expected {
        Ok(())
    } else {
        Err(err(
            ctx,
            op,
            format!(
                "expects the {what} to have type {}, but got {}",
                quoted(ctx, expected),
                quoted(ctx, got)
            ),
        ))
    }
}

/// Checks that `s` is a known non-negative constant or a variable (a rank must be at least
/// `min`).
pub(crate) fn rank_at_least(ctx: &Context, op: OpId, what: &str, s: &Shape, min: i64) -> VResult {
    match s.as_const() {
        Some(r) if r < min => Err(err(
            ctx,
            op,
            format!("expects the {what} rank to be at least {min}, but got {r}"),
        )),
        _ => Ok(()),
    }
}

/// Checks the function region of a higher-order op: one block taking `args` and ending in
/// `tail.yield` of `results`.
pub(crate) fn check_region(
    ctx: &Context,
    op: OpId,
    region: RegionId,
    args: &[Type],
    results: &[Type],
) -> VResult {
    let Some(block) = ctx.entry_block(region) else {
        return Err(err(ctx, op, "expects a non-empty function region"));
    };
    let bargs = ctx.block_args(block);
    if bargs.len() != args.len() {
        return Err(err(
            ctx,
            op,
            format!(
                "expects the function region to take {} arguments, but it takes {}",
                args.len(),
                bargs.len()
            ),
        ));
    }
    for (i, (&a, &t)) in bargs.iter().zip(args).enumerate() {
        if ty(ctx, a) != t {
            return Err(err(
                ctx,
                op,
                format!(
                    "expects function region argument #{i} to have type {}, but got {}",
                    quoted(ctx, t),
                    quoted(ctx, ty(ctx, a))
                ),
            ));
        }
    }
    let Some(term) = ctx
        .last_op(block)
        .filter(|&t| ctx.op_name_str(t) == "tail.yield")
    else {
        return Err(err(
            ctx,
            op,
            "expects the function region to end with 'tail.yield'",
        ));
    };
    let yielded: Vec<Value> = ctx.operand_vec(term);
    if yielded.len() != results.len() {
        return Err(err(
            ctx,
            op,
            format!(
                "expects the function region to yield {} values, but it yields {}",
                results.len(),
                yielded.len()
            ),
        ));
    }
    for (i, (&v, &t)) in yielded.iter().zip(results).enumerate() {
        if ty(ctx, v) != t {
            return Err(err(
                ctx,
                op,
                format!(
                    "expects function region result #{i} to have type {}, but got {}",
                    quoted(ctx, t),
                    quoted(ctx, ty(ctx, v))
                ),
            ));
        }
    }
    Ok(())
}

/// Checks that the `what` element type is `i32`.
pub(crate) fn elem_int(ctx: &Context, op: OpId, what: &str, got: Type) -> VResult {
    if crate::types::is_int(ctx, got) {
        Ok(())
    } else {
        Err(err(
            ctx,
            op,
            format!(
                "expects the {what} element type to be 'i32', but got {}",
                quoted(ctx, got)
            ),
        ))
    }
}

/// Checks that the `what` element type is `i1`.
pub(crate) fn elem_bool(ctx: &Context, op: OpId, what: &str, got: Type) -> VResult {
    if crate::types::is_bool(ctx, got) {
        Ok(())
    } else {
        Err(err(
            ctx,
            op,
            format!(
                "expects the {what} element type to be 'i1', but got {}",
                quoted(ctx, got)
            ),
        ))
    }
}
