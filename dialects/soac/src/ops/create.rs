//! Ops that create arrays: `iota`, `replicate`, `concat`.
//!
//! An op that creates an array takes one `index` operand per dynamic (`?`) extent of its
//! result type, in order (MLIR's `tensor.empty` convention); static extents are in the type
//! only. `soac.dim` of such a result folds to the operand.

use tail_ir::constraints::*;
use tail_ir::{Context, Value, DYNAMIC};
use tail_ir_macros::op;

use crate::types::{extent_str, Shaped, SoacArray, SoacValue};
use crate::util::*;
use crate::SoacDialect;

/// Checks that `extents` has one operand per dynamic extent of `result`.
pub(crate) fn check_dynamic_extents(
    ctx: &Context,
    op: tail_ir::OpId,
    result: &Shaped,
    extents: &[Value],
) -> VResult {
    let dynamic = result.shape.iter().filter(|&&e| e == DYNAMIC).count();
    if dynamic != extents.len() {
        return Err(err(
            ctx,
            op,
            format!(
                "expects one extent operand per dynamic extent of the result ({dynamic}), but got {}",
                extents.len()
            ),
        ));
    }
    Ok(())
}

/// The extent operand of `op` (an op following the dynamic-extent convention) for axis
/// `axis` of its result `ty`, if that axis is dynamic.
pub(crate) fn extent_operand(
    ctx: &Context,
    extents: &[Value],
    shape: &[i64],
    axis: usize,
) -> Option<Value> {
    if shape.get(axis) != Some(&DYNAMIC) {
        return None;
    }
    let pos = shape[..axis].iter().filter(|&&e| e == DYNAMIC).count();
    let _ = ctx;
    extents.get(pos).copied()
}

/// `iota n`: the array `[0, 1, …, n-1]` of `i32` (0-based, as Futhark's; APL's 1-based `⍳`
/// adds one in a map).
///
/// ```mlir
/// %r = soac.iota %n : tensor<?xi32>
/// %s = soac.iota : tensor<5xi32>
/// ```
#[op(dialect = SoacDialect, name = "iota", traits(Pure),
     format = "($extents^)? attr-dict `:` type($result)", verify)]
pub struct IotaOp {
    /// The length, when the result type's extent is dynamic.
    #[operand(variadic)]
    extents: Index,
    /// A rank-1 array of `i32`.
    #[result]
    result: SoacArray,
}

impl IotaOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let r = array(ctx, op, "the result", self.result(ctx))?;
        if r.rank() != 1 || !tail_dialect::types::is_int(ctx, r.elem) {
            return Err(err(
                ctx,
                op,
                format!(
                    "expects the result to be a rank-1 array of 'i32', but got {}",
                    quoted(ctx, ctx.value_type(self.result(ctx)))
                ),
            ));
        }
        check_dynamic_extents(ctx, op, &r, &self.extents(ctx))
    }
}

/// `replicate n v`: the array of `n` copies of `v` (a scalar or an array, which becomes the
/// rows).
///
/// ```mlir
/// %r = soac.replicate %v times %n : f64 -> tensor<?xf64>
/// %m = soac.replicate %row : tensor<3xi32> -> tensor<2x3xi32>
/// ```
#[op(dialect = SoacDialect, name = "replicate", traits(Pure),
     format = "$value (`times` $extents^)? attr-dict `:` type($value) `->` type($result)", verify)]
pub struct ReplicateOp {
    /// The row.
    #[operand]
    value: SoacValue,
    /// The number of copies, when the result's outer extent is dynamic.
    #[operand(variadic)]
    extents: Index,
    /// The array of copies.
    #[result]
    result: SoacArray,
}

impl ReplicateOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let r = array(ctx, op, "the result", self.result(ctx))?;
        let v = ctx.value_type(self.value(ctx));
        if !r.row().matches(ctx, v) {
            return Err(err(
                ctx,
                op,
                format!(
                    "expects the value to be a row of the result ('{}'), but got {}",
                    r.row().to_string(ctx),
                    quoted(ctx, v)
                ),
            ));
        }
        let outer = Shaped {
            shape: vec![r.shape[0]],
            elem: r.elem,
        };
        check_dynamic_extents(ctx, op, &outer, &self.extents(ctx))
    }
}

/// `concat xs… along d`: the inputs joined along axis `d`; the other extents agree.
///
/// ```mlir
/// %r = soac.concat %a, %b along 0 : tensor<?xf64>, tensor<3xf64> -> tensor<?xf64>
/// ```
#[op(dialect = SoacDialect, name = "concat", traits(Pure),
     format = "$inputs `along` $dim attr-dict `:` type($inputs) `->` type($result)",
     verify, fold)]
pub struct ConcatOp {
    /// The arrays joined (at least one).
    #[operand(variadic)]
    inputs: SoacArray,
    /// The axis.
    #[attr]
    dim: I64Attr,
    /// The joined array.
    #[result]
    result: SoacArray,
}

impl ConcatOp {
    /// The axis as a number.
    pub fn axis(self, ctx: &Context) -> i64 {
        ctx.attr_as_int(self.dim(ctx)).unwrap_or(0)
    }

    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let ins = self.inputs(ctx);
        if ins.is_empty() {
            return Err(err(ctx, op, "expects at least one input array"));
        }
        let r = array(ctx, op, "the result", self.result(ctx))?;
        let d = self.axis(ctx);
        if d < 0 || d as usize >= r.rank() {
            return Err(err(
                ctx,
                op,
                format!("expects the axis to be in [0, {}), but got {d}", r.rank()),
            ));
        }
        let d = d as usize;
        let mut total = Some(0i64);
        for (i, &v) in ins.iter().enumerate() {
            let a = array(ctx, op, &format!("input #{i}"), v)?;
            if a.elem != r.elem || a.rank() != r.rank() {
                return Err(err(
                    ctx,
                    op,
                    format!(
                        "expects input #{i} to have the element type and rank of the result, but got {}",
                        quoted(ctx, ctx.value_type(v))
                    ),
                ));
            }
            for (k, (&x, &y)) in a.shape.iter().zip(&r.shape).enumerate() {
                if k != d && !crate::types::extents_agree(x, y) {
                    return Err(err(
                        ctx,
                        op,
                        format!(
                            "expects input #{i} to have extent {} on axis {k}, but got {x}",
                            extent_str(y)
                        ),
                    ));
                }
            }
            total = match (total, a.shape[d]) {
                (Some(t), e) if e != DYNAMIC => Some(t + e),
                _ => None,
            };
        }
        if let Some(t) = total {
            if r.shape[d] != DYNAMIC && r.shape[d] != t {
                return Err(err(
                    ctx,
                    op,
                    format!(
                        "expects the result extent on axis {d} to be the sum of the inputs' ({t}), but got {}",
                        r.shape[d]
                    ),
                ));
            }
        }
        Ok(())
    }

    fn fold(
        self,
        ctx: &mut Context,
        _operands: &[Option<tail_ir::Attribute>],
    ) -> Option<smallvec::SmallVec<[tail_ir::FoldResult; 1]>> {
        let ins = self.inputs(ctx);
        match ins.as_slice() {
            [x] if ctx.value_type(*x) == ctx.value_type(self.result(ctx)) => {
                Some(smallvec::smallvec![tail_ir::FoldResult::Value(*x)])
            }
            _ => None,
        }
    }
}
