//! Indexing and index-space views: `index`, `dim`, `slice`, `reshape`, `transpose`, `rotate`.
//!
//! `slice`, `reshape`, `transpose` and `rotate` are *views*: their result is the source with a
//! different index function, never a copy. Following the hybrid pull arrays of the thesis
//! (§3.4, Fig. 3.9), a view is a function from result indices to source indices:
//!
//! * `transpose p`: shaped, `r[i_0, …, i_{k-1}] = x[j]` with `j_{p[a]} = i_a` (free on the
//!   shaped form);
//! * `rotate o`: shaped, `r[i…] = x[(i_a + o_a) mod n_a …]`;
//! * `slice off size stride`: shaped, `r[i…] = x[off_a + i_a · stride_a …]` (a negative
//!   stride reverses an axis);
//! * `reshape`: flat, `flat(r)[i] = flat(x)[i]`, or with `cyclic`, `flat(x)[i mod |x|]`
//!   (APL's reshape, the thesis' `extend`; free on the flat form).
//!
//! A chain of views composes into one index function, and an array is only *forced*
//! (materialized) where a consumer needs memory: a lowering to loops or kernels reads the
//! source through the composed index function. Values are immutable, so views and copies are
//! indistinguishable to the program; the interpreter simply forces each view. Canonicalization
//! composes `transpose ∘ transpose` and `reshape ∘ reshape` (when the inner one is not
//! cyclic), and removes identity views.

use smallvec::{smallvec, SmallVec};
use tail_ir::constraints::*;
use tail_ir::{Context, FoldResult, OpId, TypeKind, Value, ValueDef, DYNAMIC};
use tail_ir_macros::op;

use crate::ops::create::{check_dynamic_extents, extent_operand};
use crate::types::{array_parts, extents_agree, Shaped, SoacArray, SoacValue};
use crate::util::*;
use crate::SoacDialect;

type Folded = Option<SmallVec<[FoldResult; 1]>>;

/// `x[i, …]`: the element (as many indices as the rank) or the sub-array (fewer indices) at
/// the given indices. An index outside the extent is a runtime error.
///
/// ```mlir
/// %e = soac.index %m[%i, %j] : tensor<?x4xf64> -> f64
/// %row = soac.index %m[%i] : tensor<?x4xf64> -> tensor<4xf64>
/// ```
#[op(dialect = SoacDialect, name = "index", traits(Pure),
     format = "$source `[` $indices `]` attr-dict `:` type($source) `->` type($result)", verify)]
pub struct IndexOp {
    /// The array.
    #[operand]
    source: SoacArray,
    /// One index per leading axis (at least one).
    #[operand(variadic)]
    indices: Index,
    /// The element or sub-array.
    #[result]
    result: SoacValue,
}

impl IndexOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let a = array(ctx, op, "the source", self.source(ctx))?;
        let k = self.indices(ctx).len();
        if k == 0 || k > a.rank() {
            return Err(err(
                ctx,
                op,
                format!(
                    "expects between 1 and {} indices (the source rank), but got {k}",
                    a.rank()
                ),
            ));
        }
        let expected = Shaped {
            shape: a.shape[k..].to_vec(),
            elem: a.elem,
        };
        let rt = ctx.value_type(self.result(ctx));
        if !expected.matches(ctx, rt) {
            return Err(err(
                ctx,
                op,
                format!(
                    "expects the result type to be '{}', but got {}",
                    expected.to_string(ctx),
                    quoted(ctx, rt)
                ),
            ));
        }
        Ok(())
    }
}

/// `dim x d`: the extent of axis `d` of `x`, as an `index`.
///
/// ```mlir
/// %n = soac.dim %m, 0 : tensor<?x4xf64>
/// ```
#[op(dialect = SoacDialect, name = "dim", traits(Pure),
     format = "$source `,` $axis attr-dict `:` type($source)", verify, fold)]
pub struct DimOp {
    /// The array.
    #[operand]
    source: SoacArray,
    /// The axis.
    #[attr]
    axis: I64Attr,
    /// The extent.
    #[result]
    result: Index,
}

impl DimOp {
    /// The axis as a number.
    pub fn axis_value(self, ctx: &Context) -> i64 {
        ctx.attr_as_int(self.axis(ctx)).unwrap_or(-1)
    }

    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let a = array(ctx, op, "the source", self.source(ctx))?;
        let d = self.axis_value(ctx);
        if d < 0 || d as usize >= a.rank() {
            return Err(err(
                ctx,
                op,
                format!("expects the axis to be in [0, {}), but got {d}", a.rank()),
            ));
        }
        Ok(())
    }

    /// `dim` of a static extent is a constant; of an array created with an extent operand,
    /// that operand; through views and maps, the extent of their source (in place).
    fn fold(self, ctx: &mut Context, _operands: &[Option<tail_ir::Attribute>]) -> Folded {
        let op = self.op();
        let src = self.source(ctx);
        let d = usize::try_from(self.axis_value(ctx)).ok()?;
        let shape = array_parts(ctx, ctx.value_type(src))?.0.to_vec();
        let e = *shape.get(d)?;
        if e != DYNAMIC {
            let idx = ctx.index_type();
            return Some(smallvec![FoldResult::Attr(ctx.int_attr(idx, e))]);
        }
        let def = ctx.defining_op(src)?;
        let name = ctx.op_name_str(def).to_string();
        let in_place = |ctx: &mut Context, x: tail_ir::Value, axis: usize| -> Folded {
            ctx.set_operand(op, 0, x);
            let i64t = ctx.int_type(64);
            let a = ctx.int_attr(i64t, axis as i64);
            ctx.set_attr(op, "axis", a);
            Some(smallvec![FoldResult::Value(ctx.result(op, 0))])
        };
        match name.as_str() {
            "soac.iota" | "soac.replicate" | "soac.reshape" => {
                let n_fixed = usize::from(name != "soac.iota");
                let extents: Vec<_> = ctx.operand_vec(def)[n_fixed..].to_vec();
                extent_operand(ctx, &extents, &shape, d).map(|v| smallvec![FoldResult::Value(v)])
            }
            "soac.transpose" => {
                let perm = TransposeOp(def).perm(ctx);
                let x = ctx.operand(def, 0);
                in_place(ctx, x, *perm.get(d)? as usize)
            }
            "soac.rotate" => {
                let x = ctx.operand(def, 0);
                in_place(ctx, x, d)
            }
            // Along the joined axis, the sum of the inputs' static extents; across it, the
            // first input's extent.
            "soac.concat" => {
                let ins = ctx.operand_vec(def);
                if d as i64 != crate::ops::create::ConcatOp::from_op(ctx, def)?.axis(ctx) {
                    return in_place(ctx, ins[0], d);
                }
                let mut total = 0i64;
                for x in ins {
                    let e = *array_parts(ctx, ctx.value_type(x))?.0.get(d)?;
                    if e == DYNAMIC {
                        return None;
                    }
                    total += e;
                }
                let idx = ctx.index_type();
                Some(smallvec![FoldResult::Attr(ctx.int_attr(idx, total))])
            }
            "soac.map" | "soac.scan" | "soac.scanomap" if d == 0 => {
                let x = ctx.operand(def, 0);
                in_place(ctx, x, 0)
            }
            "soac.map" => {
                let ValueDef::OpResult { index, .. } = ctx.value_def(src) else {
                    return None;
                };
                let (x, axis) = map_nest_axis(ctx, def, index as usize, d)?;
                in_place(ctx, x, axis)
            }
            _ => None,
        }
    }
}

/// The input array and axis whose extent is axis `d` of result `k` of `soac.map` `map`: axis 0
/// is the extent of the first input; axis `d > 0` is followed into the lambda when result `k`
/// is yielded by an inner `soac.map` of the lambda that traverses the row of one of `map`'s
/// inputs (a map nest), whose axis `d - 1` is that input's axis `d`.
fn map_nest_axis(ctx: &Context, map: OpId, k: usize, d: usize) -> Option<(Value, usize)> {
    if d == 0 {
        return Some((ctx.operand(map, 0), 0));
    }
    let body = ctx.entry_block(ctx.region(map, 0))?;
    let yield_op = *ctx.block_op_vec(body).last()?;
    let y = *ctx.operand_vec(yield_op).get(k)?;
    let ValueDef::OpResult { op: inner, index } = ctx.value_def(y) else {
        return None;
    };
    if !ctx.op_is(inner, "soac.map") || ctx.op_parent_block(inner) != Some(body) {
        return None;
    }
    let (v, axis) = map_nest_axis(ctx, inner, index as usize, d - 1)?;
    let ValueDef::BlockArg { block, index: j } = ctx.value_def(v) else {
        return None;
    };
    if block != body {
        return None;
    }
    Some((*ctx.operand_vec(map).get(j as usize)?, axis + 1))
}

/// `x[off : off + size·stride : stride, …]`: a view of the source selecting, on every axis,
/// `size` indices from `off` in steps of `stride` (negative strides walk backwards, so
/// `off = n-1, stride = -1` reverses). Accessing outside the source is a runtime error.
///
/// ```mlir
/// %r = soac.slice %xs[%off] [%len] [%c1] : tensor<?xf64> -> tensor<?xf64>
/// ```
#[op(dialect = SoacDialect, name = "slice", traits(Pure),
     format = "$source `[` $offsets `]` `[` $sizes `]` `[` $strides `]` attr-dict `:` type($source) `->` type($result)",
     verify)]
pub struct SliceOp {
    /// The array.
    #[operand]
    source: SoacArray,
    /// The first index on each axis.
    #[operand(variadic)]
    offsets: Index,
    /// The result extent on each axis.
    #[operand(variadic)]
    sizes: Index,
    /// The step on each axis.
    #[operand(variadic)]
    strides: Index,
    /// The view.
    #[result]
    result: SoacArray,
}

impl SliceOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let a = array(ctx, op, "the source", self.source(ctx))?;
        let r = array(ctx, op, "the result", self.result(ctx))?;
        if r.rank() != a.rank() || r.elem != a.elem {
            return Err(err(
                ctx,
                op,
                format!(
                    "expects the result to have the element type and rank of the source, but got {}",
                    quoted(ctx, ctx.value_type(self.result(ctx)))
                ),
            ));
        }
        for (what, vs) in [
            ("offsets", self.offsets(ctx)),
            ("sizes", self.sizes(ctx)),
            ("strides", self.strides(ctx)),
        ] {
            if vs.len() != a.rank() {
                return Err(err(
                    ctx,
                    op,
                    format!(
                        "expects {} {what} (one per axis), but got {}",
                        a.rank(),
                        vs.len()
                    ),
                ));
            }
        }
        for (axis, (&s, &e)) in self.sizes(ctx).iter().zip(&r.shape).enumerate() {
            if let Some(c) = tail_builtin::util::constant_int(ctx, s) {
                if !extents_agree(c, e) {
                    return Err(err(
                        ctx,
                        op,
                        format!("expects the result extent on axis {axis} to be the size {c}, but got {e}"),
                    ));
                }
            }
        }
        Ok(())
    }
}

/// `reshape x`: a view of `x`'s elements, in row-major order, with the result's extents (one
/// `index` operand per dynamic extent). The element counts must agree, unless `cyclic`: then
/// the source's elements repeat as often as needed (APL's `⍴`; an empty source cannot be
/// extended). A count mismatch is a runtime error.
///
/// ```mlir
/// %m = soac.reshape %xs to (%n) : tensor<?xf64> -> tensor<?x4xf64>
/// %c = soac.reshape %xs cyclic : tensor<?xf64> -> tensor<2x3xf64>
/// ```
#[op(dialect = SoacDialect, name = "reshape", traits(Pure),
     format = "$source (`to` `(` $extents^ `)`)? (`cyclic` $cyclic^)? attr-dict `:` type($source) `->` type($result)",
     verify, fold)]
pub struct ReshapeOp {
    /// The array.
    #[operand]
    source: SoacArray,
    /// The dynamic extents of the result.
    #[operand(variadic)]
    extents: Index,
    /// Whether the source repeats cyclically.
    #[attr(optional)]
    cyclic: UnitAttr,
    /// The view.
    #[result]
    result: SoacArray,
}

impl ReshapeOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let a = array(ctx, op, "the source", self.source(ctx))?;
        let r = array(ctx, op, "the result", self.result(ctx))?;
        if r.elem != a.elem {
            return Err(err(
                ctx,
                op,
                format!(
                    "expects the result element type to be {}, but got {}",
                    quoted(ctx, a.elem),
                    quoted(ctx, r.elem)
                ),
            ));
        }
        check_dynamic_extents(ctx, op, &r, &self.extents(ctx))?;
        let count = |s: &[i64]| -> Option<i64> {
            s.iter()
                .try_fold(1i64, |p, &e| (e != DYNAMIC).then(|| p.saturating_mul(e)))
        };
        if self.cyclic(ctx).is_none() {
            if let (Some(x), Some(y)) = (count(&a.shape), count(&r.shape)) {
                if x != y {
                    return Err(err(
                        ctx,
                        op,
                        format!("expects the result to have as many elements as the source ({x}), but it has {y}"),
                    ));
                }
            }
        }
        Ok(())
    }

    /// A reshape to the source's static type is the source; a reshape of a (non-cyclic)
    /// reshape reshapes the inner source (in place).
    fn fold(self, ctx: &mut Context, _operands: &[Option<tail_ir::Attribute>]) -> Folded {
        let op = self.op();
        let src = self.source(ctx);
        let rt = ctx.value_type(self.result(ctx));
        let static_ty = |ctx: &Context, t| matches!(ctx.type_kind(t), TypeKind::RankedTensor { shape, .. } if !shape.contains(&DYNAMIC));
        if ctx.value_type(src) == rt && static_ty(ctx, rt) {
            return Some(smallvec![FoldResult::Value(src)]);
        }
        let inner = ctx
            .defining_op(src)
            .filter(|&d| ctx.op_is(d, "soac.reshape"))?;
        if ReshapeOp(inner).cyclic(ctx).is_some() {
            return None;
        }
        let x = ctx.operand(inner, 0);
        if ctx.value_type(x) == rt && static_ty(ctx, rt) {
            return Some(smallvec![FoldResult::Value(x)]);
        }
        ctx.set_operand(op, 0, x);
        Some(smallvec![FoldResult::Value(ctx.result(op, 0))])
    }
}

/// `transpose p x`: the view with axes permuted, result axis `a` being source axis `p[a]`.
///
/// ```mlir
/// %t = soac.transpose %m [1, 0] : tensor<?x4xf64> -> tensor<4x?xf64>
/// ```
#[op(dialect = SoacDialect, name = "transpose", traits(Pure),
     format = "$source $permutation attr-dict `:` type($source) `->` type($result)",
     verify, fold)]
pub struct TransposeOp {
    /// The array.
    #[operand]
    source: SoacArray,
    /// The permutation.
    #[attr]
    permutation: DenseI64ArrayAttr,
    /// The view.
    #[result]
    result: SoacArray,
}

impl TransposeOp {
    /// The permutation as numbers.
    pub fn perm(self, ctx: &Context) -> Vec<i64> {
        match ctx.attr_kind(self.permutation(ctx)) {
            tail_ir::AttrKind::DenseArray {
                values: tail_ir::DenseValues::Ints(values),
                ..
            } => values.clone(),
            _ => vec![],
        }
    }

    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let a = array(ctx, op, "the source", self.source(ctx))?;
        let p = self.perm(ctx);
        let mut seen = vec![false; a.rank()];
        let valid = p.len() == a.rank()
            && p.iter().all(|&i| {
                usize::try_from(i)
                    .ok()
                    .filter(|&i| i < seen.len() && !seen[i])
                    .map(|i| seen[i] = true)
                    .is_some()
            });
        if !valid {
            let ps: Vec<String> = p.iter().map(|i| i.to_string()).collect();
            return Err(err(
                ctx,
                op,
                format!(
                    "expects the permutation to be a permutation of [0, {}), but got [{}]",
                    a.rank(),
                    ps.join(", ")
                ),
            ));
        }
        let expected = Shaped {
            shape: p.iter().map(|&i| a.shape[i as usize]).collect(),
            elem: a.elem,
        };
        let rt = ctx.value_type(self.result(ctx));
        if !expected.matches(ctx, rt) {
            return Err(err(
                ctx,
                op,
                format!(
                    "expects the result type to be '{}', but got {}",
                    expected.to_string(ctx),
                    quoted(ctx, rt)
                ),
            ));
        }
        Ok(())
    }

    /// The identity permutation is the source; `transpose q (transpose p x)` is
    /// `transpose (p ∘ q) x` (in place), or `x` when that is the identity.
    fn fold(self, ctx: &mut Context, _operands: &[Option<tail_ir::Attribute>]) -> Folded {
        let op = self.op();
        let p = self.perm(ctx);
        let identity = |p: &[i64]| p.iter().enumerate().all(|(i, &x)| x == i as i64);
        if identity(&p) {
            return Some(smallvec![FoldResult::Value(self.source(ctx))]);
        }
        let inner = ctx
            .defining_op(self.source(ctx))
            .filter(|&d| ctx.op_is(d, "soac.transpose"))?;
        let q = TransposeOp(inner).perm(ctx);
        // r[i] = t[j] with j[p[a]] = i[a]; t[j] = x[k] with k[q[b]] = j[b]:
        // result axis a is source axis q[p[a]].
        let composed: Vec<i64> = p
            .iter()
            .map(|&a| q.get(a as usize).copied())
            .collect::<Option<_>>()?;
        let x = ctx.operand(inner, 0);
        if identity(&composed) {
            return Some(smallvec![FoldResult::Value(x)]);
        }
        ctx.set_operand(op, 0, x);
        let attr = ctx.dense_i64_array_attr(composed);
        ctx.set_attr(op, "permutation", attr);
        Some(smallvec![FoldResult::Value(ctx.result(op, 0))])
    }
}

/// `rotate o x`: the view rotating every axis `a` left by `o[a]` (any integer; negative
/// rotates right): `r[i…] = x[(i_a + o_a) mod n_a …]` (APL's `⌽` and `⊖`).
///
/// ```mlir
/// %r = soac.rotate %m [%c1, %c0] : tensor<?x4xi32>
/// ```
#[op(dialect = SoacDialect, name = "rotate", traits(Pure),
     format = "$source `[` $offsets `]` attr-dict `:` type($source)", verify, fold)]
pub struct RotateOp {
    /// The array.
    #[operand]
    source: SoacArray,
    /// One offset per axis.
    #[operand(variadic)]
    offsets: Index,
    /// The view.
    #[result(type_from = source)]
    result: SoacArray,
}

impl RotateOp {
    fn verify(self, ctx: &Context) -> VResult {
        let op = self.op();
        let a = array(ctx, op, "the source", self.source(ctx))?;
        let n = self.offsets(ctx).len();
        if n != a.rank() {
            return Err(err(
                ctx,
                op,
                format!("expects {} offsets (one per axis), but got {n}", a.rank()),
            ));
        }
        Ok(())
    }

    /// Rotating by constant zeros is the identity.
    fn fold(self, ctx: &mut Context, operands: &[Option<tail_ir::Attribute>]) -> Folded {
        let zeros = operands
            .iter()
            .skip(1)
            .all(|a| a.and_then(|a| ctx.attr_as_int(a)) == Some(0));
        zeros.then(|| smallvec![FoldResult::Value(self.source(ctx))])
    }
}
