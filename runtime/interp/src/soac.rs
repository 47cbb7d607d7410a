//! Evaluation of the `soac` dialect (`tail_soac`), so that a lowering `tail → soac` can be
//! checked by running a program before and after it.
//!
//! Arrays are the interpreter's row-major [`Array`]s; the row of a rank-1 array is a scalar.
//! The semantics is the reference one of the dialect's documentation:
//!
//! * `map`, `filter`, `scatter` work row by row on the outer dimension; every input of a SOAC
//!   must have the same number of rows, else the op fails with an *extent mismatch*;
//! * `reduce`, `scan`, `redomap`, `scanomap` are left folds from the neutral elements
//!   (`(ne ⊕ x0) ⊕ x1 …`), which is every parallel evaluation order for the associative
//!   operators the dialect requires;
//! * `scatter` ignores indices outside the destination (Futhark's rule), later writes win;
//! * views (`slice`, `reshape`, `transpose`, `rotate`) are forced on the spot: values are
//!   immutable, so a view and its copy are indistinguishable;
//! * `update` and `scatter` produce a new array (their destination is consumed, so no one can
//!   observe the difference from an in-place write).
//!
//! Runtime errors name the op and carry its location: an index out of bounds, a shape that
//! contradicts a static extent of a result type, an extent mismatch between the inputs of a
//! SOAC, a reshape whose element counts differ.

use tail_ir::{OpId, RegionId, Type, TypeKind, DYNAMIC};
use tail_soac::ops::create::ConcatOp;
use tail_soac::ops::view::{DimOp, TransposeOp};

use super::{kind_of, shape_str, Interp, R};
use crate::value::{part_count, Array, Kind, Scalar, Value};

/// The static description of an array type: extents (`None` = dynamic) and element kind.
struct TypeShape {
    dims: Vec<Option<usize>>,
    kind: Kind,
}

fn type_shape(ctx: &tail_ir::Context, ty: Type) -> Option<TypeShape> {
    match ctx.type_kind(ty) {
        TypeKind::RankedTensor { shape, elem } => Some(TypeShape {
            dims: shape
                .iter()
                .map(|&d| (d != DYNAMIC).then_some(d as usize))
                .collect(),
            kind: kind_of(ctx, *elem),
        }),
        _ => None,
    }
}

/// Row `i` of `a`: a scalar for rank 1, else the sub-array.
fn row(a: &Array, i: usize) -> Value {
    let inner = &a.shape[1..];
    let size = part_count(inner);
    if inner.is_empty() {
        return Value::Scalar(a.data[i]);
    }
    Value::from_array(Array::new(
        a.kind,
        inner.to_vec(),
        a.data[i * size..(i + 1) * size].to_vec(),
    ))
}

/// Row-major strides of `shape`.
fn strides(shape: &[usize]) -> Vec<usize> {
    let mut s = vec![1usize; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1].saturating_mul(shape[i + 1]);
    }
    s
}

/// The multi-index of flat position `flat` in `shape`.
fn unravel(mut flat: usize, shape: &[usize]) -> Vec<usize> {
    let mut idx = vec![0; shape.len()];
    for a in (0..shape.len()).rev() {
        if shape[a] > 0 {
            idx[a] = flat % shape[a];
            flat /= shape[a];
        }
    }
    idx
}

impl Interp<'_> {
    /// Executes `soac.<n>`.
    pub(super) fn exec_soac(&mut self, op: OpId, n: &str) -> R<Vec<Value>> {
        let results = match n {
            "map" => self.soac_map(op)?,
            "reduce" => self.soac_fold(op, false)?,
            "scan" => self.soac_fold(op, true)?,
            "redomap" => self.soac_fused(op, false)?,
            "scanomap" => self.soac_fused(op, true)?,
            "filter" => self.soac_filter(op)?,
            "scatter" => vec![self.soac_scatter(op)?],
            "iota" => vec![self.soac_iota(op)?],
            "replicate" => vec![self.soac_replicate(op)?],
            "concat" => vec![self.soac_concat(op)?],
            "index" => vec![self.soac_index(op)?],
            "dim" => vec![self.soac_dim(op)?],
            "slice" => vec![self.soac_slice(op)?],
            "reshape" => vec![self.soac_reshape(op)?],
            "transpose" => vec![self.soac_transpose(op)?],
            "rotate" => vec![self.soac_rotate(op)?],
            "loop" => self.soac_loop(op)?,
            "update" => vec![self.soac_update(op)?],
            _ => return Err(self.err(op, "is not supported by the interpreter")),
        };
        self.check_result_shapes(op, &results)?;
        Ok(results)
    }

    /// Checks computed arrays against the static extents of the result types.
    fn check_result_shapes(&self, op: OpId, results: &[Value]) -> R<()> {
        let ctx = self.ctx;
        for (i, (v, &r)) in results.iter().zip(ctx.results(op)).enumerate() {
            let ty = ctx.value_type(r);
            let Some(ts) = type_shape(ctx, ty) else {
                continue;
            };
            let shape = match v {
                Value::Array(a) => a.borrow().shape.clone(),
                _ => vec![],
            };
            let ok = shape.len() == ts.dims.len()
                && shape
                    .iter()
                    .zip(&ts.dims)
                    .all(|(&s, d)| d.is_none_or(|d| d == s));
            if !ok {
                return Err(self.err(
                    op,
                    format!(
                        "result #{i} has shape {}, which contradicts its type '{}'",
                        shape_str(&shape),
                        ctx.type_to_string(ty)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Operand `i` as an array of rank ≥ 1.
    fn soac_array(&self, op: OpId, i: usize) -> R<Array> {
        let a = self.array(op, i)?;
        if a.shape.is_empty() {
            return Err(self.err(op, format!("expects operand #{i} to be an array")));
        }
        Ok(a)
    }

    /// Operands `range` as arrays, checked to have one outer extent; returns them and it.
    fn soac_inputs(&self, op: OpId, range: std::ops::Range<usize>) -> R<(Vec<Array>, usize)> {
        let arrays: Vec<Array> = range.map(|i| self.soac_array(op, i)).collect::<R<_>>()?;
        let n = arrays.first().map(|a| a.shape[0]).unwrap_or(0);
        for (i, a) in arrays.iter().enumerate() {
            if a.shape[0] != n {
                return Err(self.err(
                    op,
                    tail_format::extent_mismatch(n as i64, a.shape[0] as i64, i as i64),
                ));
            }
        }
        Ok((arrays, n))
    }

    /// The operands of `op` from `from` on.
    fn args_from(&self, op: OpId, from: usize) -> R<Vec<Value>> {
        (from..self.ctx.num_operands(op))
            .map(|i| self.arg(op, i))
            .collect()
    }

    /// Runs a lambda (a single block ending in `soac.yield`) on `args`.
    fn run_lambda(&mut self, op: OpId, region: RegionId, args: Vec<Value>) -> R<Vec<Value>> {
        let ctx = self.ctx;
        let Some(block) = ctx.entry_block(region) else {
            return Err(self.err(op, "has an empty lambda"));
        };
        for (&a, v) in ctx.block_args(block).iter().zip(args) {
            self.env.insert(a, v);
        }
        for o in ctx.block_ops(block) {
            if ctx.op_is(o, "soac.yield") {
                return ctx.operands(o).map(|v| self.get(o, v)).collect();
            }
            let rs = self.exec(o)?;
            for (&r, v) in ctx.results(o).iter().zip(rs) {
                self.env.insert(r, v);
            }
        }
        Err(self.err(op, "has a lambda that does not end with 'soac.yield'"))
    }

    /// Stacks `rows` (values of one result) into an array of result type `ty`.
    fn stack(&self, op: OpId, ty: Type, rows: &[Value]) -> R<Value> {
        let ts = type_shape(self.ctx, ty).ok_or_else(|| self.err(op, "expects array results"))?;
        let row_shape: Vec<usize> = match rows.first() {
            Some(Value::Array(a)) => a.borrow().shape.clone(),
            Some(_) => vec![],
            // No rows: the row extents come from the type (dynamic ones are empty).
            None => ts.dims[1..].iter().map(|d| d.unwrap_or(0)).collect(),
        };
        let mut shape = vec![rows.len()];
        shape.extend(row_shape);
        let mut data = self.new_vec(op, self.new_count(op, &shape)?)?;
        let row_shape = &shape[1..];
        for (i, r) in rows.iter().enumerate() {
            let a = r
                .to_array()
                .ok_or_else(|| self.err(op, "expects array or scalar values"))?;
            if a.shape[..] != *row_shape {
                return Err(self.err(
                    op,
                    format!(
                        "extent mismatch: row #{i} has shape {} but row #0 has shape {}",
                        shape_str(&a.shape),
                        shape_str(row_shape)
                    ),
                ));
            }
            data.extend(a.data);
        }
        Ok(Value::from_array(Array::new(ts.kind, shape, data)))
    }

    /// Stacks per-result columns of rows into the results `first..` of `op`.
    fn stack_results(&self, op: OpId, first: usize, columns: &[Vec<Value>]) -> R<Vec<Value>> {
        let ctx = self.ctx;
        columns
            .iter()
            .enumerate()
            .map(|(j, rows)| self.stack(op, ctx.value_type(ctx.result(op, first + j)), rows))
            .collect()
    }

    /// `k` empty columns with room for `n` rows each.
    fn columns(&self, op: OpId, k: usize, n: usize) -> R<Vec<Vec<Value>>> {
        (0..k).map(|_| self.new_vec(op, n)).collect()
    }

    fn soac_map(&mut self, op: OpId) -> R<Vec<Value>> {
        let ctx = self.ctx;
        let (ins, n) = self.soac_inputs(op, 0..ctx.num_operands(op))?;
        let k = ctx.num_results(op);
        let mut columns = self.columns(op, k, n)?;
        for i in 0..n {
            let args = ins.iter().map(|a| row(a, i)).collect();
            let ys = self.run_lambda(op, ctx.region(op, 0), args)?;
            for (c, y) in columns.iter_mut().zip(ys) {
                c.push(y);
            }
        }
        self.stack_results(op, 0, &columns)
    }

    /// The number of neutral elements (the second operand segment).
    fn neutral_count(&self, op: OpId) -> usize {
        let ctx = self.ctx;
        ctx.attr(op, tail_ir::format::OPERAND_SEGMENTS)
            .and_then(|a| match ctx.attr_kind(a) {
                tail_ir::AttrKind::DenseArray {
                    values: tail_ir::DenseValues::Ints(v),
                    ..
                } => v.get(1).map(|&x| x as usize),
                _ => None,
            })
            .unwrap_or(0)
    }

    /// `reduce` (`scan = false`) and `scan`: left folds from the neutral elements.
    fn soac_fold(&mut self, op: OpId, scan: bool) -> R<Vec<Value>> {
        let ctx = self.ctx;
        let k = self.neutral_count(op);
        let n_in = ctx.num_operands(op).saturating_sub(k);
        let (ins, n) = self.soac_inputs(op, 0..n_in)?;
        let mut acc = self.args_from(op, n_in)?;
        let mut columns = self.columns(op, if scan { k } else { 0 }, n)?;
        for i in 0..n {
            let mut args = acc;
            args.extend(ins.iter().map(|a| row(a, i)));
            acc = self.run_lambda(op, ctx.region(op, 0), args)?;
            if scan {
                for (c, y) in columns.iter_mut().zip(&acc) {
                    c.push(y.clone());
                }
            }
        }
        if scan {
            self.stack_results(op, 0, &columns)
        } else {
            Ok(acc)
        }
    }

    /// `redomap` and `scanomap`: the map lambda (region 1) gives `k` values to combine with
    /// region 0 and the mapped-out values.
    fn soac_fused(&mut self, op: OpId, scan: bool) -> R<Vec<Value>> {
        let ctx = self.ctx;
        let k = self.neutral_count(op);
        let n_in = ctx.num_operands(op).saturating_sub(k);
        let (ins, n) = self.soac_inputs(op, 0..n_in)?;
        let mut acc = self.args_from(op, n_in)?;
        let m = ctx.num_results(op).saturating_sub(k);
        let mut scanned = self.columns(op, if scan { k } else { 0 }, n)?;
        let mut mapped = self.columns(op, m, n)?;
        for i in 0..n {
            let args = ins.iter().map(|a| row(a, i)).collect();
            let mut ys = self.run_lambda(op, ctx.region(op, 1), args)?;
            let outs = ys.split_off(k.min(ys.len()));
            for (c, y) in mapped.iter_mut().zip(outs) {
                c.push(y);
            }
            let mut args = acc;
            args.extend(ys);
            acc = self.run_lambda(op, ctx.region(op, 0), args)?;
            for (c, y) in scanned.iter_mut().zip(&acc) {
                c.push(y.clone());
            }
        }
        let mut results = if scan {
            self.stack_results(op, 0, &scanned)?
        } else {
            acc
        };
        results.extend(self.stack_results(op, k, &mapped)?);
        Ok(results)
    }

    fn soac_filter(&mut self, op: OpId) -> R<Vec<Value>> {
        let ctx = self.ctx;
        let (ins, n) = self.soac_inputs(op, 0..ctx.num_operands(op))?;
        let mut columns = vec![Vec::new(); ins.len()];
        for i in 0..n {
            let rows: Vec<Value> = ins.iter().map(|a| row(a, i)).collect();
            let p = self.run_lambda(op, ctx.region(op, 0), rows.clone())?;
            let keep = p
                .first()
                .and_then(Value::as_scalar)
                .and_then(Scalar::as_i64)
                .ok_or_else(|| self.err(op, "expects its predicate to yield a boolean"))?;
            if keep != 0 {
                for (c, r) in columns.iter_mut().zip(rows) {
                    c.push(r);
                }
            }
        }
        // An empty result keeps the inputs' row extents.
        let mut out = Vec::new();
        for (j, (c, a)) in columns.iter().zip(&ins).enumerate() {
            if c.is_empty() {
                let mut shape = a.shape.clone();
                shape[0] = 0;
                let kind = type_shape(ctx, ctx.value_type(ctx.result(op, j)))
                    .map(|t| t.kind)
                    .unwrap_or(a.kind);
                out.push(Value::from_array(Array::new(kind, shape, vec![])));
            } else {
                out.push(self.stack(op, ctx.value_type(ctx.result(op, j)), c)?);
            }
        }
        Ok(out)
    }

    fn soac_scatter(&mut self, op: OpId) -> R<Value> {
        let vs = self.soac_array(op, 0)?;
        let mut dest = self.soac_array(op, 1)?;
        let is = self.soac_array(op, 2)?;
        if is.shape[0] != vs.shape[0] {
            return Err(self.err(
                op,
                format!(
                    "extent mismatch: {} indices for {} values",
                    is.shape[0], vs.shape[0]
                ),
            ));
        }
        if vs.shape[1..] != dest.shape[1..] {
            return Err(self.err(
                op,
                format!(
                    "extent mismatch: values of shape {} do not fit rows of shape {}",
                    shape_str(&vs.shape),
                    shape_str(&dest.shape)
                ),
            ));
        }
        let permutation = self.ctx.attr(op, "permutation").is_some();
        if permutation && is.shape[0] != dest.shape[0] {
            return Err(self.err(
                op,
                format!(
                    "extent mismatch: {} indices for a permutation of {} rows",
                    is.shape[0], dest.shape[0]
                ),
            ));
        }
        let mut seen = vec![false; if permutation { dest.shape[0] } else { 0 }];
        let size = part_count(&dest.shape[1..]);
        for (j, ix) in is.data.iter().enumerate() {
            let Some(t) = ix.as_i64() else {
                return Err(self.err(op, "expects integer indices"));
            };
            if permutation && (t < 0 || t as usize >= dest.shape[0] || seen[t as usize]) {
                return Err(self.err(
                    op,
                    format!("index {t} at {j} of a permutation is out of range or repeated"),
                ));
            }
            if t < 0 || t as usize >= dest.shape[0] {
                continue;
            }
            let t = t as usize;
            if permutation {
                seen[t] = true;
            }
            dest.data[t * size..(t + 1) * size].copy_from_slice(&vs.data[j * size..(j + 1) * size]);
        }
        Ok(Value::from_array(dest))
    }

    /// The result extents of an op following the dynamic-extent convention: static ones from
    /// the type, dynamic ones from operands `first..`.
    fn created_extents(&self, op: OpId, first: usize) -> R<(Vec<usize>, Kind)> {
        let ctx = self.ctx;
        let ty = ctx.value_type(ctx.result(op, 0));
        let ts = type_shape(ctx, ty).ok_or_else(|| self.err(op, "expects an array result"))?;
        let mut next = first;
        let mut dims = Vec::new();
        for d in ts.dims {
            match d {
                Some(d) => dims.push(d),
                None => {
                    let e = self.int(op, next)?;
                    next += 1;
                    if e < 0 {
                        return Err(self.err(op, format!("negative extent {e}")));
                    }
                    dims.push(e as usize);
                }
            }
        }
        Ok((dims, ts.kind))
    }

    fn soac_iota(&mut self, op: OpId) -> R<Value> {
        let (dims, kind) = self.created_extents(op, 0)?;
        let mut data = self.new_vec(op, self.new_count(op, &dims)?)?;
        data.extend((0..dims[0]).map(|i| Scalar::Int(i as i32)));
        Ok(Value::from_array(Array::new(kind, dims, data)))
    }

    /// `replicate n v`: the count is the result type's outer extent or, when that is dynamic,
    /// the operand; the rows' extents are the value's (checked against the type's static ones).
    fn soac_replicate(&mut self, op: OpId) -> R<Value> {
        let ctx = self.ctx;
        let ty = ctx.value_type(ctx.result(op, 0));
        let ts = type_shape(ctx, ty).ok_or_else(|| self.err(op, "expects an array result"))?;
        let kind = ts.kind;
        let count = match ts.dims.first().copied().flatten() {
            Some(d) => d,
            None => {
                let e = self.int(op, 1)?;
                if e < 0 {
                    return Err(self.err(op, format!("negative extent {e}")));
                }
                e as usize
            }
        };
        let v = self
            .arg(op, 0)?
            .to_array()
            .ok_or_else(|| self.err(op, "expects an array or scalar value"))?;
        let mut shape = vec![count];
        shape.extend(&v.shape);
        let dims: Vec<usize> = ts
            .dims
            .iter()
            .zip(shape.iter().chain(std::iter::repeat(&0)))
            .map(|(d, &s)| d.unwrap_or(s))
            .collect();
        if shape != dims {
            return Err(self.err(
                op,
                format!(
                    "extent mismatch: rows of shape {} for a result of shape {}",
                    shape_str(&v.shape),
                    shape_str(&dims)
                ),
            ));
        }
        let mut data = self.new_vec(op, self.new_count(op, &shape)?)?;
        if !v.data.is_empty() {
            for _ in 0..dims[0] {
                data.extend_from_slice(&v.data);
            }
        }
        Ok(Value::from_array(Array::new(kind, shape, data)))
    }

    fn soac_concat(&mut self, op: OpId) -> R<Value> {
        let ctx = self.ctx;
        let d = ConcatOp::from_op(ctx, op)
            .map(|c| c.axis(ctx))
            .and_then(|d| usize::try_from(d).ok())
            .ok_or_else(|| self.err(op, "has no valid axis"))?;
        let ins: Vec<Array> = (0..ctx.num_operands(op))
            .map(|i| self.soac_array(op, i))
            .collect::<R<_>>()?;
        let Some(first) = ins.first().filter(|a| d < a.rank()) else {
            return Err(self.err(op, format!("has no axis {d} to join along")));
        };
        let mut shape = first.shape.clone();
        shape[d] = 0;
        for (i, a) in ins.iter().enumerate() {
            let same = a.shape.len() == first.shape.len()
                && (0..a.shape.len()).all(|k| k == d || a.shape[k] == first.shape[k]);
            if !same {
                return Err(self.err(
                    op,
                    format!(
                        "extent mismatch: input #{i} has shape {} but input #0 has shape {}",
                        shape_str(&a.shape),
                        shape_str(&first.shape)
                    ),
                ));
            }
            shape[d] += a.shape[d];
        }
        let count = self.new_count(op, &shape)?;
        let mut data = self.new_vec(op, count)?;
        if count > 0 {
            let outer = part_count(&shape[..d]);
            for o in 0..outer {
                for a in &ins {
                    let block = part_count(&a.shape[d..]);
                    data.extend_from_slice(&a.data[o * block..(o + 1) * block]);
                }
            }
        }
        let kind = type_shape(ctx, ctx.value_type(ctx.result(op, 0)))
            .map(|t| t.kind)
            .unwrap_or(first.kind);
        Ok(Value::from_array(Array::new(kind, shape, data)))
    }

    /// Operands `first..` as indices into the leading axes of `shape`, bounds checked.
    fn indices(&self, op: OpId, first: usize, shape: &[usize]) -> R<Vec<usize>> {
        let mut out = Vec::new();
        for (axis, i) in (first..self.ctx.num_operands(op)).enumerate() {
            let x = self.int(op, i)?;
            let n = shape.get(axis).copied().unwrap_or(0);
            if x < 0 || x as usize >= n {
                return Err(self.err(
                    op,
                    tail_format::index_out_of_bounds(x, axis as i64, n as i64, 0),
                ));
            }
            out.push(x as usize);
        }
        Ok(out)
    }

    /// The flat offset and size of the sub-array at leading indices `idx`.
    fn sub_array(shape: &[usize], idx: &[usize]) -> (usize, usize) {
        let st = strides(shape);
        let offset = idx.iter().zip(&st).map(|(i, s)| i * s).sum();
        let size = part_count(&shape[idx.len()..]);
        (offset, size)
    }

    fn soac_index(&mut self, op: OpId) -> R<Value> {
        let a = self.soac_array(op, 0)?;
        let idx = self.indices(op, 1, &a.shape)?;
        let (off, size) = Self::sub_array(&a.shape, &idx);
        Ok(Value::from_array(Array::new(
            a.kind,
            a.shape[idx.len()..].to_vec(),
            a.data[off..off + size].to_vec(),
        )))
    }

    fn soac_dim(&mut self, op: OpId) -> R<Value> {
        let a = self.soac_array(op, 0)?;
        let d = DimOp::from_op(self.ctx, op).map_or(-1, |o| o.axis_value(self.ctx));
        let e = usize::try_from(d)
            .ok()
            .and_then(|d| a.shape.get(d))
            .ok_or_else(|| self.err(op, format!("axis {d} is out of range")))?;
        Ok(Value::Scalar(Scalar::Index(*e as i64)))
    }

    fn soac_slice(&mut self, op: OpId) -> R<Value> {
        let a = self.soac_array(op, 0)?;
        let r = a.rank();
        if self.ctx.num_operands(op) != 1 + 3 * r {
            return Err(self.err(op, "expects an offset, a size and a stride per axis"));
        }
        let mut off = Vec::new();
        let mut size = Vec::new();
        let mut step = Vec::new();
        for axis in 0..r {
            let (o, s, t) = (
                self.int(op, 1 + axis)?,
                self.int(op, 1 + r + axis)?,
                self.int(op, 1 + 2 * r + axis)?,
            );
            if s < 0 {
                return Err(self.err(op, format!("negative size {s} on axis {axis}")));
            }
            let n = a.shape[axis] as i64;
            let last = (s - 1).checked_mul(t).and_then(|d| d.checked_add(o));
            let inside = |x: i64| (0..n).contains(&x);
            if s > 0 && !(inside(o) && last.is_some_and(inside)) {
                return Err(self.err(
                    op,
                    format!("slice {o}:{s}:{t} is out of bounds for axis {axis} of extent {n}"),
                ));
            }
            off.push(o);
            size.push(s as usize);
            step.push(t);
        }
        let st = strides(&a.shape);
        // A stride of 0 repeats an element, so the result may be larger than the source.
        let count = self.new_count(op, &size)?;
        let mut data = self.new_vec(op, count)?;
        data.extend((0..count).map(|f| {
            let i = unravel(f, &size);
            let src: i64 = (0..r)
                .map(|k| (off[k] + i[k] as i64 * step[k]) * st[k] as i64)
                .sum();
            a.data[src as usize]
        }));
        Ok(Value::from_array(Array::new(a.kind, size, data)))
    }

    fn soac_reshape(&mut self, op: OpId) -> R<Value> {
        let a = self.soac_array(op, 0)?;
        let (dims, kind) = self.created_extents(op, 1)?;
        let count = self.new_count(op, &dims)?;
        let cyclic = self.ctx.attr(op, "cyclic").is_some();
        let n = a.data.len();
        let data = if cyclic {
            if n == 0 && count > 0 {
                return Err(self.err(
                    op,
                    format!(
                        "cannot cyclically extend an empty array to shape {}",
                        shape_str(&dims)
                    ),
                ));
            }
            let mut data = self.new_vec(op, count)?;
            data.extend((0..count).map(|i| a.data[i % n]));
            data
        } else {
            if n != count {
                return Err(self.err(
                    op,
                    format!(
                        "cannot reshape {n} elements (shape {}) into shape {}",
                        shape_str(&a.shape),
                        shape_str(&dims)
                    ),
                ));
            }
            a.data
        };
        Ok(Value::from_array(Array::new(kind, dims, data)))
    }

    fn soac_transpose(&mut self, op: OpId) -> R<Value> {
        let a = self.soac_array(op, 0)?;
        let p: Vec<usize> = TransposeOp::from_op(self.ctx, op)
            .map(|t| t.perm(self.ctx))
            .unwrap_or_default()
            .iter()
            .map(|&x| x as usize)
            .collect();
        if p.len() != a.rank() {
            return Err(self.err(op, "expects a permutation of the source's axes"));
        }
        let shape: Vec<usize> = p.iter().map(|&x| a.shape[x]).collect();
        let st = strides(&a.shape);
        let count = a.data.len();
        let data = (0..count)
            .map(|f| {
                let i = unravel(f, &shape);
                let src: usize = (0..p.len()).map(|k| i[k] * st[p[k]]).sum();
                a.data[src]
            })
            .collect();
        Ok(Value::from_array(Array::new(a.kind, shape, data)))
    }

    fn soac_rotate(&mut self, op: OpId) -> R<Value> {
        let a = self.soac_array(op, 0)?;
        let r = a.rank();
        let offs: Vec<i64> = (0..r).map(|k| self.int(op, 1 + k)).collect::<R<_>>()?;
        let st = strides(&a.shape);
        let data = (0..a.data.len())
            .map(|f| {
                let i = unravel(f, &a.shape);
                let src: usize = (0..r)
                    .map(|k| {
                        let n = a.shape[k] as i64;
                        ((i[k] as i64 + offs[k]).rem_euclid(n)) as usize * st[k]
                    })
                    .sum();
                a.data[src]
            })
            .collect();
        Ok(Value::from_array(Array::new(a.kind, a.shape.clone(), data)))
    }

    fn soac_loop(&mut self, op: OpId) -> R<Vec<Value>> {
        let n = self.int(op, 0)?;
        let mut state = self.args_from(op, 1)?;
        for it in 0..n.max(0) {
            let mut args = vec![Value::Scalar(Scalar::Index(it))];
            args.extend(state);
            state = self.run_lambda(op, self.ctx.region(op, 0), args)?;
        }
        Ok(state)
    }

    fn soac_update(&mut self, op: OpId) -> R<Value> {
        let v = self
            .arg(op, 0)?
            .to_array()
            .ok_or_else(|| self.err(op, "expects an array or scalar value"))?;
        let mut dest = self.soac_array(op, 1)?;
        let idx = self.indices(op, 2, &dest.shape)?;
        if v.shape[..] != dest.shape[idx.len()..] {
            return Err(self.err(
                op,
                format!(
                    "extent mismatch: a value of shape {} for a row of shape {}",
                    shape_str(&v.shape),
                    shape_str(&dest.shape[idx.len()..])
                ),
            ));
        }
        let (off, size) = Self::sub_array(&dest.shape, &idx);
        dest.data[off..off + size].copy_from_slice(&v.data);
        Ok(Value::from_array(dest))
    }
}
