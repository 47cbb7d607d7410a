//! Evaluation of `builtin.unrealized_conversion_cast` between a `tail` type and its `soac`
//! form, as `convert-tail-to-soac` leaves them around the ops it keeps (printing, formatting,
//! file input): `!tail.array<κ, r>`, `!tail.vec<κ, n>` and `!tail.sv<κ, n>` ↔ a ranked
//! `tensor`, `!tail.s<κ, n>` ↔ `κ`, a `tuple<…>` ↔ its components' values (flattened, in
//! order, nested tuples too).
//!
//! The cast is a real conversion of the runtime value, not a pass-through:
//!
//! * the operands are flattened into the leaves of their types and the results rebuilt from
//!   the leaves of theirs, so the number of leaves must agree, and each result leaf takes the
//!   operand leaf at the same position (but for complex parts, below);
//! * every operand leaf is checked against its static type and the value it becomes against
//!   the result leaf's type: the rank, every static extent (`tensor<3xi32>`, `!tail.vec<i32,
//!   3>`, `!tail.sv<i32, 1>`'s one element), the element kind, and the value of a singleton
//!   (`!tail.s<i32, 5>` must hold 5). A disagreement is a runtime error located at the cast;
//! * complex numbers and their parts: a leaf of complex numbers (`complex<f64>`, or a `tail`
//!   array or tensor of them) corresponds to two consecutive `f64` leaves of its shape on the
//!   other side, its real and imaginary parts (kernels hold complex arrays as two `f64`
//!   arrays, see `tail-kernels`' `complex` module);
//! * characters and their code points: where one side's leaf holds `!tail.char` and the
//!   other's `i32` (a kernel's memref of characters), each element is converted (`'a'` ↔ 97;
//!   an `i32` that is no Unicode scalar value is an error);
//! * an array is copied into a fresh store: a `tail` array is a store location shared by its
//!   aliases and updated in place by `tail.idxassign` (§3.1.5), a tensor is immutable, so a
//!   value crossing the cast must not share storage with the other side.

use tail_dialect::types::{classify, TailType};
use tail_ir::{OpId, Type, TypeKind, DYNAMIC};

use super::{kind_of, shape_str, Interp, R};
use crate::value::{Kind, Scalar, Value};

/// What a type says about the value of one leaf.
struct LeafType {
    /// The rank, when the type fixes it (`None`: a shape variable).
    rank: Option<usize>,
    /// Static extents (`None` = dynamic or unknown); as long as `rank` when it is known.
    dims: Vec<Option<usize>>,
    /// The element kind.
    kind: Kind,
    /// The value a singleton type fixes (`S(κ,n)`, `SV(κ,n)` with a constant `n`).
    singleton: Option<i64>,
}

fn dim(n: i64) -> Option<usize> {
    usize::try_from(n).ok()
}

impl Interp<'_> {
    /// The leaves of `ty` (a tuple's components, recursively; any other type is one leaf).
    fn leaves(&self, ty: Type, out: &mut Vec<Type>) {
        match self.ctx.type_kind(ty) {
            TypeKind::Tuple(ts) => {
                for &t in ts.iter() {
                    self.leaves(t, out);
                }
            }
            _ => out.push(ty),
        }
    }

    /// The static description of a leaf type.
    fn leaf_type(&self, op: OpId, ty: Type) -> R<LeafType> {
        let ctx = self.ctx;
        if let TypeKind::RankedTensor { shape, elem } | TypeKind::MemRef { shape, elem, .. } =
            ctx.type_kind(ty)
        {
            return Ok(LeafType {
                rank: Some(shape.len()),
                dims: shape
                    .iter()
                    .map(|&d| if d == DYNAMIC { None } else { dim(d) })
                    .collect(),
                kind: kind_of(ctx, *elem),
                singleton: None,
            });
        }
        let Some(t) = classify(ctx, ty) else {
            // Other scalars (`index`, `i64`, …) are leaves of their own kind.
            if matches!(
                ctx.type_kind(ty),
                TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_)
            ) {
                return Ok(LeafType {
                    rank: Some(0),
                    dims: vec![],
                    kind: kind_of(ctx, ty),
                    singleton: None,
                });
            }
            return Err(self.err(
                op,
                format!(
                    "cannot convert a value of type '{}' (neither a tail type nor a ranked tensor)",
                    ctx.type_to_string(ty)
                ),
            ));
        };
        Ok(match t {
            TailType::Scalar(e) => LeafType {
                rank: Some(0),
                dims: vec![],
                kind: kind_of(ctx, e),
                singleton: None,
            },
            TailType::Array(e, r) => {
                let rank = r.as_const().and_then(dim);
                LeafType {
                    rank,
                    dims: vec![None; rank.unwrap_or(0)],
                    kind: kind_of(ctx, e),
                    singleton: None,
                }
            }
            TailType::Vec(e, n) => LeafType {
                rank: Some(1),
                dims: vec![n.as_const().and_then(dim)],
                kind: kind_of(ctx, e),
                singleton: None,
            },
            TailType::S(e, n) => LeafType {
                rank: Some(0),
                dims: vec![],
                kind: kind_of(ctx, e),
                singleton: n.as_const(),
            },
            TailType::SV(e, n) => LeafType {
                rank: Some(1),
                dims: vec![Some(1)],
                kind: kind_of(ctx, e),
                singleton: n.as_const(),
            },
        })
    }

    /// Checks `v` against the leaf type `ty`; `what` names the value in the message.
    fn check_leaf(&self, op: OpId, v: &Value, ty: Type, what: &str) -> R<()> {
        let ctx = self.ctx;
        let lt = self.leaf_type(op, ty)?;
        let bad = |why: String| {
            self.err(
                op,
                format!(
                    "{what} {why}, which contradicts its type '{}'",
                    ctx.type_to_string(ty)
                ),
            )
        };
        let (shape, kind, first) = match v {
            Value::Scalar(s) => (vec![], s.kind(), Some(*s)),
            Value::Array(a) => {
                let a = a.borrow();
                (a.shape.clone(), a.kind, a.data.first().copied())
            }
            Value::Tuple(vs) => return Err(bad(format!("is a tuple of {} values", vs.len()))),
            Value::Pull(_) | Value::Push(_) => return Err(bad("is an hpar array".to_string())),
        };
        if let Some(r) = lt.rank {
            let ok = shape.len() == r
                && shape
                    .iter()
                    .zip(&lt.dims)
                    .all(|(&s, d)| d.is_none_or(|d| d == s));
            if !ok {
                return Err(bad(format!("has shape {}", shape_str(&shape))));
            }
        }
        if kind != lt.kind {
            return Err(bad(format!("has elements of kind {kind:?}")));
        }
        if let (Some(n), Some(s)) = (lt.singleton, first) {
            if s.as_i64() != Some(n) && !matches!(s, Scalar::Double(d) if d == n as f64) {
                return Err(bad(format!("holds {s:?}")));
            }
        }
        Ok(())
    }

    /// Flattens `v` of type `ty` into the values of its leaves.
    fn flatten(&self, op: OpId, v: Value, ty: Type, out: &mut Vec<Value>) -> R<()> {
        match (self.ctx.type_kind(ty), v) {
            (TypeKind::Tuple(ts), Value::Tuple(vs)) if ts.len() == vs.len() => {
                for (&t, v) in ts.iter().zip(vs) {
                    self.flatten(op, v, t, out)?;
                }
                Ok(())
            }
            (TypeKind::Tuple(ts), v) => Err(self.err(
                op,
                format!(
                    "expects a tuple of {} values for type '{}', got {}",
                    ts.len(),
                    self.ctx.type_to_string(ty),
                    match v {
                        Value::Tuple(vs) => format!("a tuple of {}", vs.len()),
                        _ => "a non-tuple value".to_string(),
                    }
                ),
            )),
            (_, v) => {
                out.push(v);
                Ok(())
            }
        }
    }

    /// Builds a value of type `ty` from the leaves `it` yields.
    fn rebuild(&self, ty: Type, it: &mut impl Iterator<Item = Value>) -> Value {
        match self.ctx.type_kind(ty) {
            TypeKind::Tuple(ts) => Value::Tuple(ts.iter().map(|&t| self.rebuild(t, it)).collect()),
            _ => it.next().expect("leaf counts checked"),
        }
    }

    /// `v` as a value of leaf type `dt`: a fresh copy of an array (a memref where `dt` is one).
    fn to_leaf(&self, v: Value, dt: Type) -> Value {
        let to_memref = matches!(self.ctx.type_kind(dt), TypeKind::MemRef { .. });
        match v {
            Value::Array(a) if to_memref => super::memref::memref_value(a.borrow().clone()),
            Value::Scalar(s) if to_memref => {
                super::memref::memref_value(crate::value::Array::new(s.kind(), vec![], vec![s]))
            }
            Value::Array(a) => Value::from_array(a.borrow().clone()),
            v => v,
        }
    }

    /// The complex value (scalar or array) whose real and imaginary parts are `re` and `im`
    /// (`f64` scalars, or arrays of one shape).
    fn join_parts(&self, op: OpId, re: Value, im: Value) -> R<Value> {
        let parts = |v: &Value| -> Option<(Vec<usize>, Vec<f64>)> {
            match v {
                Value::Scalar(Scalar::Double(x)) => Some((vec![], vec![*x])),
                Value::Array(a) => {
                    let a = a.borrow();
                    let xs: Option<Vec<f64>> = a
                        .data
                        .iter()
                        .map(|s| match s {
                            Scalar::Double(x) => Some(*x),
                            _ => None,
                        })
                        .collect();
                    Some((a.shape.clone(), xs?))
                }
                _ => None,
            }
        };
        let (Some((s1, xs)), Some((s2, ys))) = (parts(&re), parts(&im)) else {
            return Err(self.err(
                op,
                "expects two f64 values or arrays as the parts of a complex value",
            ));
        };
        if s1 != s2 {
            return Err(self.err(
                op,
                format!(
                    "cannot join parts of shapes {} and {} into complex numbers",
                    shape_str(&s1),
                    shape_str(&s2)
                ),
            ));
        }
        let data: Vec<Scalar> = xs
            .into_iter()
            .zip(ys)
            .map(|(x, y)| Scalar::Complex(x, y))
            .collect();
        Ok(Value::from_array(crate::value::Array::new(
            Kind::Complex,
            s1,
            data,
        )))
    }

    /// Converts the elements of leaf `v` between characters and their code points where one
    /// side of the cast holds `!tail.char` and the other `i32` (kernels hold a character as its
    /// Unicode scalar value in an `i32`, see `tail-kernels`' `chars` module); any other leaf
    /// is returned as it is. An `i32` that is no Unicode scalar value is an error.
    fn convert_chars(&self, op: OpId, v: Value, st: Type, dt: Type) -> R<Value> {
        let (from, to) = (self.leaf_type(op, st)?.kind, self.leaf_type(op, dt)?.kind);
        let conv = |s: Scalar| -> R<Scalar> {
            match (s, to) {
                (Scalar::Char(c), Kind::Int) => Ok(Scalar::Int(c as i32)),
                (Scalar::Int(i), Kind::Char) => u32::try_from(i)
                    .ok()
                    .and_then(char::from_u32)
                    .map(Scalar::Char)
                    .ok_or_else(|| {
                        self.err(
                            op,
                            format!(
                                "cannot convert {i} to a character (not a Unicode scalar value)"
                            ),
                        )
                    }),
                _ => Ok(s),
            }
        };
        if !matches!(
            (from, to),
            (Kind::Char, Kind::Int) | (Kind::Int, Kind::Char)
        ) {
            return Ok(v);
        }
        match v {
            Value::Scalar(s) => Ok(Value::Scalar(conv(s)?)),
            Value::Array(a) => {
                {
                    let mut a = a.borrow_mut();
                    if a.kind == from {
                        a.kind = to;
                        for x in a.data.iter_mut() {
                            *x = conv(*x)?;
                        }
                    }
                }
                Ok(Value::Array(a))
            }
            v => Ok(v),
        }
    }

    /// Executes `builtin.unrealized_conversion_cast` (see the module documentation).
    pub(super) fn exec_cast(&mut self, op: OpId) -> R<Vec<Value>> {
        let ctx = self.ctx;
        let mut src_tys = Vec::new();
        let mut src_vals = Vec::new();
        for (i, v) in ctx.operand_vec(op).into_iter().enumerate() {
            let t = ctx.value_type(v);
            let val = self.arg(op, i)?;
            let mut ls = Vec::new();
            self.leaves(t, &mut ls);
            src_tys.extend(ls);
            self.flatten(op, val, t, &mut src_vals)?;
        }
        let mut dst_tys = Vec::new();
        for &r in ctx.results(op) {
            self.leaves(ctx.value_type(r), &mut dst_tys);
        }
        let count_err = || {
            self.err(
                op,
                format!(
                    "cannot convert {} value(s) into {} value(s)",
                    src_tys.len(),
                    dst_tys.len()
                ),
            )
        };
        let kind = |t: Type| self.leaf_type(op, t).map(|l| l.kind);
        let mut converted = Vec::with_capacity(dst_tys.len());
        let mut src = src_vals.into_iter();
        let (mut si, mut di) = (0, 0);
        while si < src_tys.len() && di < dst_tys.len() {
            let (st, dt) = (src_tys[si], dst_tys[di]);
            let (sk, dk) = (kind(st)?, kind(dt)?);
            let next_double = |tys: &[Type], i: usize| -> R<bool> {
                Ok(i < tys.len() && kind(tys[i])? == Kind::Double)
            };
            if dk == Kind::Complex && sk == Kind::Double && next_double(&src_tys, si + 1)? {
                // Two part leaves (real, imaginary) into one complex leaf.
                let (re, im) = (src.next().expect("counted"), src.next().expect("counted"));
                self.check_leaf(op, &re, st, &format!("operand value #{si}"))?;
                self.check_leaf(
                    op,
                    &im,
                    src_tys[si + 1],
                    &format!("operand value #{}", si + 1),
                )?;
                let z = self.join_parts(op, re, im)?;
                let nv = self.to_leaf(z, dt);
                self.check_leaf(op, &nv, dt, &format!("result value #{di}"))?;
                converted.push(nv);
                si += 2;
                di += 1;
            } else if sk == Kind::Complex && dk == Kind::Double && next_double(&dst_tys, di + 1)? {
                // One complex leaf into its two part leaves.
                let z = src.next().expect("counted");
                self.check_leaf(op, &z, st, &format!("operand value #{si}"))?;
                let (re, im) = split_parts(z);
                for (k, v) in [re, im].into_iter().enumerate() {
                    let t = dst_tys[di + k];
                    let nv = self.to_leaf(v, t);
                    self.check_leaf(op, &nv, t, &format!("result value #{}", di + k))?;
                    converted.push(nv);
                }
                si += 1;
                di += 2;
            } else {
                let v = src.next().expect("counted");
                self.check_leaf(op, &v, st, &format!("operand value #{si}"))?;
                let nv = self.to_leaf(v, dt);
                let nv = self.convert_chars(op, nv, st, dt)?;
                self.check_leaf(op, &nv, dt, &format!("result value #{di}"))?;
                converted.push(nv);
                si += 1;
                di += 1;
            }
        }
        if si != src_tys.len() || di != dst_tys.len() {
            return Err(count_err());
        }
        let mut it = converted.into_iter();
        Ok(ctx
            .results(op)
            .iter()
            .map(|&r| self.rebuild(ctx.value_type(r), &mut it))
            .collect())
    }
}

/// The real and imaginary parts of a complex value (a scalar or an array; other values, which
/// the caller's type check rejects, are returned as they are, twice).
fn split_parts(z: Value) -> (Value, Value) {
    match z {
        Value::Scalar(Scalar::Complex(a, b)) => (
            Value::Scalar(Scalar::Double(a)),
            Value::Scalar(Scalar::Double(b)),
        ),
        Value::Array(a) => {
            let a = a.borrow();
            let part = |f: fn(f64, f64) -> f64| {
                let data = a
                    .data
                    .iter()
                    .map(|s| match *s {
                        Scalar::Complex(x, y) => Scalar::Double(f(x, y)),
                        s => s,
                    })
                    .collect();
                Value::from_array(crate::value::Array::new(
                    Kind::Double,
                    a.shape.clone(),
                    data,
                ))
            };
            (part(|x, _| x), part(|_, y| y))
        }
        v => (v.clone(), v),
    }
}
