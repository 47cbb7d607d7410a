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
//!   operand leaf at the same position;
//! * every operand leaf is checked against its static type and the value it becomes against
//!   the result leaf's type: the rank, every static extent (`tensor<3xi32>`, `!tail.vec<i32,
//!   3>`, `!tail.sv<i32, 1>`'s one element), the element kind, and the value of a singleton
//!   (`!tail.s<i32, 5>` must hold 5). A disagreement is a runtime error located at the cast;
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
        if src_tys.len() != dst_tys.len() {
            return Err(self.err(
                op,
                format!(
                    "cannot convert {} value(s) into {} value(s)",
                    src_tys.len(),
                    dst_tys.len()
                ),
            ));
        }
        let mut converted = Vec::with_capacity(src_vals.len());
        for (k, ((v, &st), &dt)) in src_vals.into_iter().zip(&src_tys).zip(&dst_tys).enumerate() {
            self.check_leaf(op, &v, st, &format!("operand value #{k}"))?;
            let to_memref = matches!(ctx.type_kind(dt), TypeKind::MemRef { .. });
            let nv = match v {
                Value::Array(a) if to_memref => super::memref::memref_value(a.borrow().clone()),
                Value::Scalar(s) if to_memref => {
                    super::memref::memref_value(crate::value::Array::new(s.kind(), vec![], vec![s]))
                }
                Value::Array(a) => Value::from_array(a.borrow().clone()),
                v => v,
            };
            let nv = self.convert_chars(op, nv, st, dt)?;
            self.check_leaf(op, &nv, dt, &format!("result value #{k}"))?;
            converted.push(nv);
        }
        let mut it = converted.into_iter();
        Ok(ctx
            .results(op)
            .iter()
            .map(|&r| self.rebuild(ctx.value_type(r), &mut it))
            .collect())
    }
}
