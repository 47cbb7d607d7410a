//! The lowering of each `tail` op (see the module documentation of
//! [`tail_to_soac`](super) for the scheme of every family).

use std::collections::HashMap;

use tail_dialect::types::{classify, TailType};
use tail_ir::{AttrKind, OpId, Type, TypeKind, Value, DYNAMIC};

use super::core::{tensor_parts, Lowerer, R};

/// How deep [`fold_to_constant`] follows operand chains.
const MAX_FOLD_DEPTH: u32 = 64;

/// The compile-time value of `v`: the attribute of a constant-like op, or the result of the
/// defining op's fold hook applied to the (recursively folded) constant values of its operands.
/// Only single-result ops are folded; a fold that returns another SSA value is followed. Each
/// value is folded once (shape arithmetic is a DAG: `catV(v, v)` must not fold `v` twice).
/// `(start, step)` when `elems` are at least three integers `start + step·i` (a folded `iota`,
/// typically), with every element within `i32`.
fn progression(ctx: &tail_ir::Context, elems: &[tail_ir::Attribute]) -> Option<(i64, i64)> {
    let ints: Vec<i64> = elems
        .iter()
        .map(|&a| match ctx.attr_kind(a) {
            AttrKind::Integer { value, .. } => i32::try_from(*value).ok().map(i64::from),
            _ => None,
        })
        .collect::<Option<_>>()?;
    if ints.len() < 3 {
        return None;
    }
    let step = ints[1] - ints[0];
    ints.windows(2)
        .all(|w| w[1] - w[0] == step)
        .then_some((ints[0], step))
}

fn fold_to_constant(ctx: &mut tail_ir::Context, v: Value) -> Option<tail_ir::Attribute> {
    fold_to_constant_memo(ctx, v, 0, &mut HashMap::new())
}

fn fold_to_constant_memo(
    ctx: &mut tail_ir::Context,
    v: Value,
    depth: u32,
    memo: &mut HashMap<Value, Option<tail_ir::Attribute>>,
) -> Option<tail_ir::Attribute> {
    if let Some(&known) = memo.get(&v) {
        return known;
    }
    let folded = if depth > MAX_FOLD_DEPTH {
        None
    } else {
        fold_defining_op(ctx, v, depth, memo)
    };
    memo.insert(v, folded);
    folded
}

fn fold_defining_op(
    ctx: &mut tail_ir::Context,
    v: Value,
    depth: u32,
    memo: &mut HashMap<Value, Option<tail_ir::Attribute>>,
) -> Option<tail_ir::Attribute> {
    let op = ctx.defining_op(v)?;
    if let Some(a) = tail_ir::greedy::op_constant_value(ctx, op) {
        return Some(a);
    }
    if ctx.num_results(op) != 1 {
        return None;
    }
    let fold = ctx.op_def(op)?.fold?;
    let operands = ctx.operand_vec(op);
    let consts: Vec<Option<tail_ir::Attribute>> = operands
        .iter()
        .map(|&o| fold_to_constant_memo(ctx, o, depth + 1, memo))
        .collect();
    match fold(ctx, op, &consts)?.first()? {
        tail_ir::registry::FoldResult::Attr(a) => Some(*a),
        tail_ir::registry::FoldResult::Value(w) if *w != v => {
            fold_to_constant_memo(ctx, *w, depth + 1, memo)
        }
        tail_ir::registry::FoldResult::Value(_) => None,
    }
}

/// Ops kept as they are: no `soac`/`arith` form (I/O, timing, random numbers, character and
/// complex scalar operations). Their operands and results are scalars, or arrays bridged by
/// casts. (`yield` is only reached as the terminator of a kept `bench`; the regions of the
/// lowered higher-order ops are inlined, their `yield` consumed by the inlining.)
const KEPT: &[&str] = &[
    "prSclI",
    "prSclB",
    "prSclD",
    "prSclC",
    "prSclX",
    "prArrI",
    "prArrB",
    "prArrD",
    "prArrC",
    "prArrX",
    "formatI",
    "formatD",
    "readFile",
    "readIntVecFile",
    "readDoubleVecFile",
    "nowi",
    "roll",
    "bench",
    "yield",
    "const_char",
    "ltc",
    "ltec",
    "gtc",
    "gtec",
    "eqc",
    "neqc",
    "addx",
    "subx",
    "mulx",
    "negx",
    "conjx",
    "expx",
    "rex",
    "imx",
    "magnx",
    "d2x",
    "injx",
];

/// Known associative and commutative primitives: name, `arith` identity (as i64 bits for
/// ints/bools, or f64).
fn identity(name: &str) -> Option<Ident> {
    Some(match name {
        "tail.addi" | "tail.ori" | "tail.xori" => Ident::I32(0),
        "tail.muli" => Ident::I32(1),
        "tail.maxi" => Ident::I32(i32::MIN as i64),
        "tail.mini" => Ident::I32(i32::MAX as i64),
        "tail.andi" => Ident::I32(-1),
        "tail.andb" | "tail.eqb" => Ident::I1(true),
        "tail.orb" | "tail.xorb" => Ident::I1(false),
        "tail.addd" => Ident::F64(0.0),
        "tail.muld" => Ident::F64(1.0),
        "tail.maxd" => Ident::F64(f64::NEG_INFINITY),
        "tail.mind" => Ident::F64(f64::INFINITY),
        _ => return None,
    })
}

#[derive(Clone, Copy, PartialEq)]
enum Ident {
    I32(i64),
    I1(bool),
    F64(f64),
}

impl<'c> Lowerer<'c> {
    /// Lowers one op of a source block.
    pub fn lower_op(&mut self, op: OpId) -> R<()> {
        self.cur = Some(op);
        self.loc = self.ctx.op_loc(op);
        let name = self.ctx.op_name_str(op).to_string();
        let Some(n) = name.strip_prefix("tail.") else {
            return self.clone_converted(op);
        };
        if KEPT.contains(&n) {
            return self.keep_bridged(op);
        }
        let vals = self.lower_tail(op, n)?;
        self.stats.lowered += 1;
        self.bind(op, vals)
    }

    fn lower_tail(&mut self, op: OpId, n: &str) -> R<Vec<Value>> {
        if let Some(v) = self.lower_scalar(op, n)? {
            return Ok(vec![v]);
        }
        let x = |s: &Self, i: usize| s.opnd(op, i);
        Ok(vec![match n {
            // ----- constants, literals, tuples, coercions -----------------------------------
            "const" => {
                let a = self.ctx.attr(op, "value").expect("verified");
                let t = self.ctx.value_type(self.ctx.result(op, 0));
                self.emit1("arith.constant", &[], t, &[("value", a)])
            }
            "pi" => self.cf64(std::f64::consts::PI),
            "sconst" => {
                let ty = self.ctx.value_type(self.ctx.result(op, 0));
                match classify(self.ctx, ty) {
                    Some(TailType::S(e, v)) | Some(TailType::SV(e, v)) => {
                        let k = v
                            .as_const()
                            .ok_or_else(|| self.error("has no constant value"))?;
                        let c = self.cint(e, k);
                        if matches!(classify(self.ctx, ty), Some(TailType::SV(..))) {
                            self.replicate_static(c, 1)
                        } else {
                            c
                        }
                    }
                    _ => return Err(self.error("expects a singleton type")),
                }
            }
            "lit" => {
                let rt = self.ctx.value_type(self.ctx.result(op, 0));
                let t = self.conv1(rt)?;
                let (_, e) = tensor_parts(self.ctx, t)
                    .ok_or_else(|| self.error("expects an array result"))?;
                let a = self.ctx.attr(op, "value").expect("verified");
                let elems = match self.ctx.attr_kind(a) {
                    AttrKind::Array(es) => es.clone(),
                    _ => return Err(self.error("expects an array attribute")),
                };
                let i32t = self.i32t();
                if let Some((start, step)) = progression(self.ctx, &elems).filter(|_| e == i32t) {
                    // An integer progression (a folded `iota`) stays an iota: `start + step·i`.
                    let n = elems.len() as i64;
                    let it = self.ctx.tensor_type(vec![n], i32t);
                    let io = self.emit1("soac.iota", &[], it, &[]);
                    let (c0, c1) = (self.ci32(start), self.ci32(step));
                    return self.map_nest(&[io], 1, &mut |s, xs| {
                        let m = s.bin("arith.muli", xs[0], c1);
                        Ok(vec![s.bin("arith.addi", m, c0)])
                    });
                }
                let mut parts = Vec::new();
                for el in elems.iter().copied() {
                    let lit = match self.ctx.attr_kind(el) {
                        AttrKind::Float { value, .. } => Ok(*value),
                        AttrKind::Integer { value, .. } => Err(*value),
                        _ => return Err(self.error("has an unsupported literal element")),
                    };
                    let s = match lit {
                        Ok(f) => self.cf64(f),
                        Err(i) => self.scalar_const(e, i)?,
                    };
                    parts.push(self.replicate_static(s, 1));
                }
                self.vector_of(parts, e)?
            }
            "vector" => {
                let rt = self.ctx.value_type(self.ctx.result(op, 0));
                let t = self.conv1(rt)?;
                let (_, e) = tensor_parts(self.ctx, t)
                    .ok_or_else(|| self.error("expects an array result"))?;
                let mut parts = Vec::new();
                for i in 0..self.ctx.num_operands(op) {
                    let v = x(self, i)?;
                    parts.push(self.replicate_static(v, 1));
                }
                self.vector_of(parts, e)?
            }
            "zilde" => {
                let rt = self.ctx.value_type(self.ctx.result(op, 0));
                let t = self.conv1(rt)?;
                let (_, e) = tensor_parts(self.ctx, t)
                    .ok_or_else(|| self.error("expects an array result"))?;
                self.vector_of(vec![], e)?
            }
            "tuple" => {
                let mut out = Vec::new();
                for v in self.ctx.operand_vec(op) {
                    out.extend(self.get_all(v)?);
                }
                return Ok(out);
            }
            "prj" => {
                let t = self.ctx.operand(op, 0);
                let tt = self.ctx.value_type(t);
                let ts = match self.ctx.type_kind(tt) {
                    TypeKind::Tuple(ts) => ts.clone(),
                    _ => return Err(self.error("expects a tuple")),
                };
                let k = self
                    .ctx
                    .attr(op, "index")
                    .and_then(|a| self.ctx.attr_as_int(a))
                    .unwrap_or(0) as usize;
                let mut start = 0;
                for &c in &ts[..k] {
                    start += self.conv(c)?.len();
                }
                let len = self.conv(ts[k])?.len();
                let all = self.get_all(t)?;
                return Ok(all[start..start + len].to_vec());
            }
            "vec_to_array" | "s_to_scalar" | "scalar_to_array" | "array_to_scalar" | "memScl"
            | "sv_to_vec" => x(self, 0)?,
            "mem" => self.copy(x(self, 0)?)?,
            "b2iV" => {
                let v = x(self, 0)?;
                let t = self.i32t();
                self.emit1("arith.extui", &[v], t, &[])
            }
            // ----- higher-order ---------------------------------------------------------------
            "each" | "eachV" => {
                let a = x(self, 0)?;
                let body = self.ctx.region(op, 0);
                let depth = self.rank(a);
                return self.map_nest(&[a], depth, &mut |s, xs| s.inline_region(body, xs));
            }
            "zipWith" => {
                let (a, b) = (x(self, 0)?, x(self, 1)?);
                let body = self.ctx.region(op, 0);
                if self.rank(a) != self.rank(b) {
                    return Err(self.error("expects arrays of equal rank"));
                }
                let depth = self.rank(a);
                // The zip's shapes agree (APL's shape mismatch), checked here at the zip:
                // simplification may later leave the map unused, or fusion push takes and
                // drops through it onto each input, and the mismatch would go unseen.
                for axis in 0..depth {
                    self.check_extents((a, axis), (b, axis), 1);
                }
                return self.map_nest(&[a, b], depth, &mut |s, xs| s.inline_region(body, xs));
            }
            "reduce" => return self.lower_reduce(op),
            "scan" => return self.lower_scan(op),
            "power" | "powerScl" => {
                let c = x(self, 0)?;
                let count = self.index_of_i32(c);
                let mut inits = Vec::new();
                for v in self.ctx.operand_vec(op).into_iter().skip(1) {
                    inits.extend(self.get_all(v)?);
                }
                let body = self.ctx.region(op, 0);
                return self.loop_(count, &inits, |s, _, vs| s.inline_region(body, vs));
            }
            "condScl" => {
                let (b, v) = (x(self, 0)?, x(self, 1)?);
                let body = self.ctx.region(op, 0);
                return self.if_else(b, |s| s.inline_region(body, &[v]), |_| Ok(vec![v]));
            }
            "if" => {
                let c = x(self, 0)?;
                let (rt, re) = (self.ctx.region(op, 0), self.ctx.region(op, 1));
                let mut tys = Vec::new();
                for r in self.ctx.results(op).to_vec() {
                    tys.extend(self.conv(self.ctx.value_type(r))?);
                }
                let t2 = tys.clone();
                return self.if_else(
                    c,
                    |s| {
                        let vs = s.inline_region(rt, &[])?;
                        vs.iter().zip(&tys).map(|(&v, &t)| s.coerce(v, t)).collect()
                    },
                    |s| {
                        let vs = s.inline_region(re, &[])?;
                        vs.iter().zip(&t2).map(|(&v, &t)| s.coerce(v, t)).collect()
                    },
                );
            }
            // ----- structural -----------------------------------------------------------------
            "iota" | "iotaV" => {
                let nv = x(self, 0)?;
                let nv = if self.rank(nv) > 0 {
                    let z = self.cidx(0);
                    self.index(nv, &[z])
                } else {
                    nv
                };
                // A count not known to be ≥ 0 is checked at run time, as the interpreter
                // checks it (`negative argument`), since the levels below read a negative
                // count as 0.
                if tail_builtin::util::constant_int(self.ctx, nv).is_none_or(|c| c < 0) {
                    self.check_count(nv);
                }
                let n = self.index_of_i32(nv);
                let i32t = self.i32t();
                let it = self.ctx.tensor_type(vec![DYNAMIC], i32t);
                let io = self.emit1("soac.iota", &[n], it, &[]);
                let one = self.ci32(1);
                return self.map_nest(&[io], 1, &mut |s, xs| {
                    Ok(vec![s.bin("arith.addi", xs[0], one)])
                });
            }
            "shape" | "shapeV" => {
                let a = x(self, 0)?;
                let mut parts = Vec::new();
                for d in self.dims(a) {
                    // An extent beyond 2³¹−1 (a ravel of a large fused array, never stored)
                    // has no `i32`: stop the program rather than wrap.
                    if tail_builtin::util::constant_int(self.ctx, d)
                        .is_none_or(|c| c > i32::MAX as i64)
                    {
                        self.check_extent32(d);
                    }
                    let i = self.i32_of_index(d);
                    parts.push(self.replicate_static(i, 1));
                }
                let t = self.i32t();
                self.vector_of(parts, t)?
            }
            "reshape0" | "reshape" => {
                let shape = x(self, 0)?;
                let (default, a) = if n == "reshape" {
                    (Some(x(self, 1)?), x(self, 2)?)
                } else {
                    (None, x(self, 1)?)
                };
                self.lower_reshape(op, shape, default, a)?
            }
            "rav" => {
                let a = x(self, 0)?;
                if self.rank(a) == 0 {
                    self.as_vec(a)
                } else {
                    let ds = self.dims(a);
                    let p = self.product(&ds);
                    self.reshape(a, vec![DYNAMIC], &[p], false)
                }
            }
            "take" | "takeV" => {
                let cnt = x(self, 0)?;
                let (d, a) = if n == "take" {
                    (x(self, 1)?, x(self, 2)?)
                } else {
                    let a = x(self, 1)?;
                    let e = self.elem(a);
                    (self.default_of(e)?, a)
                };
                self.lower_take(cnt, d, a)?
            }
            "drop" | "dropV" => {
                let cnt = x(self, 0)?;
                let a = x(self, 1)?;
                self.lower_drop(cnt, a)
            }
            "cat" | "catV" => {
                let (a, b) = (x(self, 0)?, x(self, 1)?);
                let (a, b) = (self.as_vec(a), self.as_vec(b));
                let r = self.rank(a);
                self.check_catenation(a, b, r - 1);
                self.concat(&[a, b], r - 1)
            }
            "cons" | "consV" | "snoc" | "snocV" => {
                let cons = n.starts_with("cons");
                let (e, a) = if cons {
                    (x(self, 0)?, x(self, 1)?)
                } else {
                    (x(self, 1)?, x(self, 0)?)
                };
                let a = self.as_vec(a);
                let row = self.replicate_static(e, 1);
                let parts = if cons { [row, a] } else { [a, row] };
                self.check_catenation(parts[0], parts[1], 0);
                self.concat(&parts, 0)
            }
            "first" | "firstV" => {
                let (d, a) = if n == "first" {
                    (x(self, 0)?, x(self, 1)?)
                } else {
                    let a = x(self, 0)?;
                    let e = self.elem(a);
                    (self.default_of(e)?, a)
                };
                self.first_of(d, a)?
            }
            "reverse" | "vreverse" | "vreverseV" => {
                let a = x(self, 0)?;
                let r = self.rank(a);
                if r == 0 {
                    a
                } else {
                    let axis = if n == "reverse" { r - 1 } else { 0 };
                    self.reverse_axis(a, axis)
                }
            }
            "rotate" | "rotateV" | "vrotate" | "vrotateV" => {
                let c = x(self, 0)?;
                let a = x(self, 1)?;
                let r = self.rank(a);
                if r == 0 {
                    a
                } else {
                    let axis = if n.starts_with("rotate") { r - 1 } else { 0 };
                    let z = self.cidx(0);
                    let ci = self.index_of_i32(c);
                    let offs: Vec<Value> = (0..r).map(|k| if k == axis { ci } else { z }).collect();
                    let t = self.ty(a);
                    let mut ops = vec![a];
                    ops.extend(offs);
                    self.emit1("soac.rotate", &ops, t, &[])
                }
            }
            "transp" => {
                let a = x(self, 0)?;
                let r = self.rank(a);
                let perm: Vec<usize> = (0..r).rev().collect();
                self.transpose(a, &perm)
            }
            "transp2" => {
                let p = self.static_ints(self.ctx.operand(op, 0))?;
                let a = x(self, 1)?;
                let r = self.rank(a);
                let mut src = vec![usize::MAX; r];
                for (k, &pk) in p.iter().enumerate() {
                    if p.len() != r
                        || pk < 1
                        || pk as usize > r
                        || src[pk as usize - 1] != usize::MAX
                    {
                        return Err(self.error(format!(
                            "expects a permutation of 1..{r} as axis vector, but got {p:?}"
                        )));
                    }
                    src[pk as usize - 1] = k;
                }
                self.transpose(a, &src)
            }
            "compress" => {
                let (m, a) = (x(self, 0)?, x(self, 1)?);
                self.lower_compress(m, a)?
            }
            "replicate" => {
                let (d, c, a) = (x(self, 0)?, x(self, 1)?, x(self, 2)?);
                self.lower_replicate(d, c, a)?
            }
            "idx" | "idxS" => {
                let d = self.static_int(self.ctx.operand(op, 0))?;
                let i = x(self, 1)?;
                let a = x(self, 2)?;
                let r = self.rank(a);
                if d < 1 || d as usize > r {
                    return Err(
                        self.error(format!("axis {d} out of range for an array of rank {r}"))
                    );
                }
                let d = d as usize - 1;
                let mut perm = vec![d];
                perm.extend((0..r).filter(|&k| k != d));
                let t = self.transpose(a, &perm);
                let one = self.ci32(1);
                let i0 = self.bin("arith.subi", i, one);
                let ii = self.index_of_i32(i0);
                self.index(t, &[ii])
            }
            "idxassign" => return self.lower_idxassign(op),
            "gradeUp" | "gradeDown" => {
                let a = x(self, 0)?;
                self.lower_grade(a, n == "gradeUp")?
            }
            _ => {
                return Err(self.error(
                    "has no lowering to the soac dialect (convert-tail-to-soac does not handle it)",
                ))
            }
        }])
    }

    /// A scalar constant of element type `e` with integer value `v`.
    fn scalar_const(&mut self, e: Type, v: i64) -> R<Value> {
        match self.ctx.type_kind(e) {
            TypeKind::Integer { .. } => Ok(self.cint(e, v)),
            TypeKind::Float(_) => Ok(self.cf64(v as f64)),
            TypeKind::Complex(_) => {
                let f = self.cf64(v as f64);
                Ok(self.emit1("tail.d2x", &[f], e, &[]))
            }
            _ => {
                let i32t = self.i32t();
                let a = self.ctx.int_attr(i32t, v);
                Ok(self.emit1("tail.const_char", &[], e, &[("value", a)]))
            }
        }
    }

    /// APL's default element of an element type (`0`, `0.0`, `false`, `' '`, `0j0`).
    fn default_of(&mut self, e: Type) -> R<Value> {
        match self.ctx.type_kind(e) {
            TypeKind::Integer { .. } | TypeKind::Float(_) | TypeKind::Complex(_) => {
                self.scalar_const(e, 0)
            }
            _ => self.scalar_const(e, ' ' as i64),
        }
    }

    /// Joins one-element vectors into a vector (an empty one for no parts).
    fn vector_of(&mut self, parts: Vec<Value>, e: Type) -> R<Value> {
        match parts.len() {
            0 => {
                let d = self.default_of(e)?;
                let t = self.ctx.tensor_type(vec![0], e);
                Ok(self.emit1("soac.replicate", &[d], t, &[]))
            }
            1 => Ok(parts[0]),
            _ => Ok(self.concat(&parts, 0)),
        }
    }

    /// A fresh copy of an array (a map over its flattening), so that a later `soac.update`
    /// never writes into storage that another value uses.
    fn copy(&mut self, a: Value) -> R<Value> {
        if self.rank(a) == 0 {
            return Ok(a);
        }
        let ds = self.dims(a);
        let p = self.product(&ds);
        let flat = self.reshape(a, vec![DYNAMIC], &[p], false);
        let c = self.map_nest(&[flat], 1, &mut |_, xs| Ok(vec![xs[0]]))?[0];
        let r = self.rank(a);
        Ok(self.reshape(c, vec![DYNAMIC; r], &ds, false))
    }

    /// The constant integer an old value is defined by (`tail.const`, `tail.sconst`,
    /// `arith.constant`), or a located error.
    fn static_int(&mut self, v: Value) -> R<i64> {
        let ty = self.ctx.value_type(v);
        if let Some(TailType::S(_, s)) = classify(self.ctx, ty) {
            if let Some(k) = s.as_const() {
                return Ok(k);
            }
        }
        fold_to_constant(self.ctx, v)
            .and_then(|a| self.ctx.attr_as_int(a))
            .ok_or_else(|| self.error("expects a constant axis, which the program does not give"))
    }

    /// The constant integer vector an old value evaluates to at compile time: a `tail.lit`,
    /// or shape arithmetic over literals that the `tail` folders reduce to one (`catV`,
    /// `dropV`, `rotateV`, … of literal vectors), so the pass does not depend on a
    /// canonicalization having run before it.
    fn static_ints(&mut self, v: Value) -> R<Vec<i64>> {
        let a = fold_to_constant(self.ctx, v)
            .ok_or_else(|| self.error("expects a literal axis vector"))?;
        let AttrKind::Array(es) = self.ctx.attr_kind(a) else {
            return Err(self.error("expects a literal axis vector"));
        };
        es.iter()
            .map(|&e| self.ctx.attr_as_int(e))
            .collect::<Option<_>>()
            .ok_or_else(|| self.error("expects an integer axis vector"))
    }

    fn reverse_axis(&mut self, a: Value, axis: usize) -> Value {
        let r = self.rank(a);
        let ds = self.dims(a);
        let z = self.cidx(0);
        let one = self.cidx(1);
        let m1 = self.cidx(-1);
        let last = self.bin("arith.subi", ds[axis], one);
        let last = self.bin("arith.maxsi", last, z);
        let offs: Vec<Value> = (0..r).map(|k| if k == axis { last } else { z }).collect();
        let strides: Vec<Value> = (0..r).map(|k| if k == axis { m1 } else { one }).collect();
        self.slice(a, &offs, &ds, &strides)
    }

    fn lower_reshape(
        &mut self,
        op: OpId,
        shape: Value,
        default: Option<Value>,
        a: Value,
    ) -> R<Value> {
        let rt = self.ctx.value_type(self.ctx.result(op, 0));
        let t = self.conv1(rt)?;
        let rr = self.rank_of_type(t);
        if rr == 0 {
            // `⍬⍴a`: the first element (of the ravel), the default of an empty `a`.
            let d = match default {
                Some(d) => d,
                None => {
                    let e = self.elem(a);
                    self.default_of(e)?
                }
            };
            return self.first_of(d, a);
        }
        let mut dims = Vec::new();
        for k in 0..rr {
            let ki = self.cidx(k as i64);
            let e = self.index(shape, &[ki]);
            // A negative extent would size the result as a huge unsigned one.
            self.check_count(e);
            dims.push(self.index_of_i32(e));
        }
        if self.rank(a) == 0 {
            return Ok(self.fill(a, &dims));
        }
        let ds = self.dims(a);
        let size = self.product(&ds);
        match default {
            Some(d) => {
                let z = self.cidx(0);
                let empty = self.cmpi(0, size, z);
                let dims2 = dims.clone();
                Ok(self.if_else(
                    empty,
                    |s| Ok(vec![s.fill(d, &dims2)]),
                    |s| Ok(vec![s.reshape(a, vec![DYNAMIC; rr], &dims, true)]),
                )?[0])
            }
            None => Ok(self.reshape(a, vec![DYNAMIC; rr], &dims, true)),
        }
    }

    /// The first element of `a` in row-major order (`a` itself when a scalar), `d` when `a`
    /// is empty.
    fn first_of(&mut self, d: Value, a: Value) -> R<Value> {
        if self.rank(a) == 0 {
            return Ok(a);
        }
        let ds = self.dims(a);
        let size = self.product(&ds);
        let flat = self.reshape(a, vec![DYNAMIC], &[size], false);
        let z = self.cidx(0);
        let empty = self.cmpi(0, size, z);
        Ok(self.if_else(empty, |_| Ok(vec![d]), |s| Ok(vec![s.index(flat, &[z])]))?[0])
    }

    fn rank_of_type(&self, t: Type) -> usize {
        tensor_parts(self.ctx, t).map_or(0, |(s, _)| s.len())
    }

    /// `|n|` of an index whose sign `nonneg` (`n ≥ 0`) is known: `nonneg ? n : 0 - n`, in
    /// `arith` (upstream's GPU lowering has no `math.absi` of `index`).
    fn abs_index(&mut self, n: Value, nonneg: Value) -> Value {
        let z = self.cidx(0);
        let neg = self.bin("arith.subi", z, n);
        self.select(nonneg, n, neg)
    }

    /// `take` along the first axis: a slice when `|n| ≤ k`, else the array padded with
    /// default rows (at the back for `n ≥ 0`, at the front for `n < 0`).
    fn lower_take(&mut self, cnt: Value, d: Value, a: Value) -> R<Value> {
        let a = self.as_vec(a);
        let r = self.rank(a);
        let ds = self.dims(a);
        let k = ds[0];
        let n = self.index_of_i32(cnt);
        let z = self.cidx(0);
        let one = self.cidx(1);
        let nonneg = self.cmpi(5, n, z);
        let m = self.abs_index(n, nonneg);
        let fits = self.cmpi(3, m, k);
        let ds2 = ds.clone();
        Ok(self.if_else(
            fits,
            |s| {
                let from = s.bin("arith.subi", k, m);
                let off = s.select(nonneg, z, from);
                let mut offs = vec![off];
                offs.extend(std::iter::repeat_n(z, r - 1));
                let mut sizes = vec![m];
                sizes.extend_from_slice(&ds[1..]);
                let strides = vec![one; r];
                Ok(vec![s.slice(a, &offs, &sizes, &strides)])
            },
            |s| {
                let pad = s.bin("arith.subi", m, k);
                let mut pdims = vec![pad];
                pdims.extend_from_slice(&ds2[1..]);
                let fill = s.fill(d, &pdims);
                let dt = s.dyn_tensor(r, s.elem(a));
                let a2 = s.coerce(a, dt)?;
                s.if_else(
                    nonneg,
                    |s| Ok(vec![s.concat(&[a2, fill], 0)]),
                    |s| Ok(vec![s.concat(&[fill, a2], 0)]),
                )
            },
        )?[0])
    }

    /// `drop` along the first axis: the slice `[from, from + max(0, k - |n|))`.
    fn lower_drop(&mut self, cnt: Value, a: Value) -> Value {
        let a = self.as_vec(a);
        let r = self.rank(a);
        let ds = self.dims(a);
        let k = ds[0];
        let n = self.index_of_i32(cnt);
        let z = self.cidx(0);
        let one = self.cidx(1);
        let nonneg = self.cmpi(5, n, z);
        let m = self.abs_index(n, nonneg);
        let rest = self.bin("arith.subi", k, m);
        let keep = self.bin("arith.maxsi", rest, z);
        let nk = self.bin("arith.minsi", n, k);
        let from = self.select(nonneg, nk, z);
        let mut offs = vec![from];
        offs.extend(std::iter::repeat_n(z, r - 1));
        let mut sizes = vec![keep];
        sizes.extend_from_slice(&ds[1..]);
        let strides = vec![one; r];
        self.slice(a, &offs, &sizes, &strides)
    }

    /// The permutation bringing the last axis of a rank-`r` array to the front, and back.
    fn last_to_front(r: usize) -> (Vec<usize>, Vec<usize>) {
        let mut to = vec![r - 1];
        to.extend(0..r - 1);
        let mut back: Vec<usize> = (1..r).collect();
        back.push(0);
        (to, back)
    }

    fn lower_compress(&mut self, mask: Value, a: Value) -> R<Value> {
        let a = self.as_vec(a);
        let r = self.rank(a);
        let (to, back) = Self::last_to_front(r);
        let at = self.transpose(a, &to);
        let rows = {
            let mt = self.ty(mask);
            let m_row = self.row_type(mt);
            let at_t = self.ty(at);
            let a_row = self.row_type(at_t);
            let (region, _) =
                self.lambda(&[m_row, a_row], "soac.yield", |_, xs| Ok(vec![xs[0]]))?;
            let mres = self.ctx.tensor_type(vec![DYNAMIC], m_row);
            let (s, e) = tensor_parts(self.ctx, at_t).expect("array");
            let mut rs = vec![DYNAMIC];
            rs.extend_from_slice(&s[1..]);
            let ares = self.ctx.tensor_type(rs, e);
            let op = self.emit("soac.filter", &[mask, at], &[mres, ares], &[], vec![region]);
            self.ctx.result(op, 1)
        };
        Ok(self.transpose(rows, &back))
    }

    /// APL's replicate along the last axis: count `c ≥ 0` repeats an item, `c < 0` inserts
    /// `|c|` default items. Each output position finds its source item through the segment
    /// starts: exclusive scan of `|c|`, scatter of item numbers to the starts, max-scan.
    fn lower_replicate(&mut self, d: Value, counts: Value, a: Value) -> R<Value> {
        let a = self.as_vec(a);
        let r = self.rank(a);
        let counts = self.as_vec(counts);
        // As many counts as the last axis has items.
        self.check_extents((a, r - 1), (counts, 0), tail_format::what::REPLICATE_COUNTS);
        let i32t = self.i32t();
        let counts = if self.elem(counts) != i32t {
            self.map_nest(&[counts], 1, &mut |s, xs| {
                let t = s.i32t();
                Ok(vec![s.emit1("arith.extui", &[xs[0]], t, &[])])
            })?[0]
        } else {
            counts
        };
        let absc = self.map_nest(&[counts], 1, &mut |s, xs| {
            let t = s.i32t();
            Ok(vec![s.emit1("math.absi", &[xs[0]], t, &[])])
        })?[0];
        let zero = self.ci32(0);
        let add = |s: &mut Self, ys: &[Value]| Ok(vec![s.bin("arith.addi", ys[0], ys[1])]);
        let ends = self.scan_with(absc, zero, add)?;
        let total = self.reduce_with(absc, zero, add)?;
        let big = total;
        let starts = self.map_nest(&[ends, absc], 1, &mut |s, xs| {
            let st = s.bin("arith.subi", xs[0], xs[1]);
            let z = s.ci32(0);
            let pos = s.cmpi(4, xs[1], z);
            Ok(vec![s.select(pos, st, big)])
        })?[0];
        let n = self.dim(counts, 0);
        let it = self.ctx.tensor_type(vec![DYNAMIC], i32t);
        let items = self.emit1("soac.iota", &[n], it, &[]);
        let total_i = self.index_of_i32(total);
        let dest = self.replicate(zero, total_i);
        let seg = self.emit1("soac.scatter", &[items, dest, starts], it, &[]);
        let imin = self.ci32(i32::MIN as i64);
        let src = self.scan_with(seg, imin, |s, ys| {
            Ok(vec![s.bin("arith.maxsi", ys[0], ys[1])])
        })?;
        let (to, back) = Self::last_to_front(r);
        let at = self.transpose(a, &to);
        let out = self.map_nest(&[src], 1, &mut |s, xs| {
            let j = s.index_of_i32(xs[0]);
            let c = s.index(counts, &[j]);
            let z = s.ci32(0);
            let neg = s.cmpi(2, c, z);
            let item = s.index(at, &[j]);
            if r == 1 {
                Ok(vec![s.select(neg, d, item)])
            } else {
                // The item's row with each element replaced by the default one where the
                // count is negative: the row has the item's extents in either case (an
                // `scf.if` of a filled row and the item's had extents that kernels could
                // only compute in the thread).
                let t = s.dyn_tensor(r - 1, s.elem(item));
                let item = s.coerce(item, t)?;
                let row = s.map_nest(&[item], r - 1, &mut |s, xs| {
                    Ok(vec![s.select(neg, d, xs[0])])
                })?;
                Ok(vec![row[0]])
            }
        })?[0];
        Ok(self.transpose(out, &back))
    }

    /// `soac.scan` of a rank-1 array with the lambda `f(acc, x)`.
    fn scan_with(
        &mut self,
        a: Value,
        ne: Value,
        f: impl FnOnce(&mut Self, &[Value]) -> R<Vec<Value>>,
    ) -> R<Value> {
        let e = self.ty(ne);
        let (region, _) = self.lambda(&[e, e], "soac.yield", f)?;
        let t = self.ty(a);
        let seg = self.segments(&[1, 1]);
        let op = self.emit(
            "soac.scan",
            &[a, ne],
            &[t],
            &[("operandSegmentSizes", seg)],
            vec![region],
        );
        Ok(self.ctx.result(op, 0))
    }

    /// `soac.reduce … comm` of a rank-1 array with the lambda `f(acc, x)`.
    fn reduce_with(
        &mut self,
        a: Value,
        ne: Value,
        f: impl FnOnce(&mut Self, &[Value]) -> R<Vec<Value>>,
    ) -> R<Value> {
        let e = self.ty(ne);
        let (region, _) = self.lambda(&[e, e], "soac.yield", f)?;
        let seg = self.segments(&[1, 1]);
        let unit = self.ctx.unit_attr();
        let op = self.emit(
            "soac.reduce",
            &[a, ne],
            &[e],
            &[("operandSegmentSizes", seg), ("comm", unit)],
            vec![region],
        );
        Ok(self.ctx.result(op, 0))
    }

    /// The known associative primitive a TAIL function region consists of (a single op on the
    /// two arguments, in either order, yielded).
    fn known_operator(&self, op: OpId) -> Option<(String, Ident)> {
        let b = self.ctx.entry_block(self.ctx.region(op, 0))?;
        let ops = self.ctx.block_op_vec(b);
        let args = self.ctx.block_args(b).to_vec();
        if ops.len() != 2 || args.len() != 2 {
            return None;
        }
        let name = self.ctx.op_name_str(ops[0]).to_string();
        let id = identity(&name)?;
        let o = self.ctx.operand_vec(ops[0]);
        let uses_args = o == args || o == [args[1], args[0]];
        (uses_args && self.ctx.operand_vec(ops[1]) == self.ctx.results(ops[0]))
            .then_some((name, id))
    }

    fn ident_value(&mut self, id: Ident) -> Value {
        match id {
            Ident::I32(v) => self.ci32(v),
            Ident::I1(b) => self.ci1(b),
            Ident::F64(f) => self.cf64(f),
        }
    }

    /// Whether old value `v` is a constant equal to the identity `id`.
    fn is_identity(&self, v: Value, id: Ident) -> bool {
        let Some(d) = self.ctx.defining_op(v) else {
            return false;
        };
        if !(self.ctx.op_is(d, "tail.const") || self.ctx.op_is(d, "arith.constant")) {
            return false;
        }
        let Some(a) = self.ctx.attr(d, "value") else {
            return false;
        };
        match (self.ctx.attr_kind(a), id) {
            (AttrKind::Integer { value, .. }, Ident::I32(k)) => *value == k,
            (AttrKind::Integer { value, .. }, Ident::I1(b)) => (*value != 0) == b,
            (AttrKind::Float { value, .. }, Ident::F64(f)) => value.to_bits() == f.to_bits(),
            _ => false,
        }
    }

    fn lower_reduce(&mut self, op: OpId) -> R<Vec<Value>> {
        let ne_old = self.ctx.operand(op, 0);
        let ne = self.opnd(op, 0)?;
        let a = self.opnd(op, 1)?;
        let r = self.rank(a);
        if r == 0 {
            return Ok(vec![a]);
        }
        let body = self.ctx.region(op, 0);
        let known = self.known_operator(op);
        let depth = r - 1;
        self.map_nest(&[a], depth, &mut |s, xs| {
            let row = xs[0];
            let e = s.elem(row);
            match known.clone() {
                Some((name, id)) => {
                    let exact_ne = s.is_identity(ne_old, id);
                    let neutral = if exact_ne { ne } else { s.ident_value(id) };
                    let reverse = name == "tail.addd" || name == "tail.muld";
                    let input = if reverse { s.reverse_axis(row, 0) } else { row };
                    // The lambda (acc, x) applies the TAIL function as f(x, acc).
                    let red = s.reduce_with(input, neutral, |s, ys| {
                        s.inline_region(body, &[ys[1], ys[0]])
                    })?;
                    if exact_ne {
                        Ok(vec![red])
                    } else {
                        Ok(vec![s.inline_region(body, &[red, ne])?[0]])
                    }
                }
                None => {
                    let m = s.dim(row, 0);
                    let one = s.cidx(1);
                    let last = s.bin("arith.subi", m, one);
                    let _ = e;
                    Ok(s.loop_(m, &[ne], |s, i, acc| {
                        let j = s.bin("arith.subi", last, i);
                        let x = s.index(row, &[j]);
                        s.inline_region(body, &[x, acc[0]])
                    })?)
                }
            }
        })
    }

    fn lower_scan(&mut self, op: OpId) -> R<Vec<Value>> {
        let a = self.opnd(op, 0)?;
        let r = self.rank(a);
        if r == 0 {
            return Ok(vec![a]);
        }
        if r > 2 {
            // Along the last axis of a rank-r array: the rows of its rank-2 view
            // (the leading extents' product × the last extent), scanned, seen at rank r again.
            let ds = self.dims(a);
            let (shape, _) = tensor_parts(self.ctx, self.ty(a)).expect("a tensor");
            let lead = self.product(&ds[..r - 1]);
            let flat = self.reshape(a, vec![DYNAMIC, DYNAMIC], &[lead, ds[r - 1]], false);
            let scanned = self.scan_rows(op, flat)?[0];
            return Ok(vec![self.reshape(scanned, shape, &ds, false)]);
        }
        self.scan_rows(op, a)
    }

    /// [`lower_scan`](Self::lower_scan) of an array of rank 1 or 2 (`a`, the operand or its
    /// rank-2 view).
    fn scan_rows(&mut self, op: OpId, a: Value) -> R<Vec<Value>> {
        let r = self.rank(a);
        let body = self.ctx.region(op, 0);
        let known = self.known_operator(op);
        // A function not known to be associative scans each element's prefix as a loop, in a
        // map over the positions of the row. Over the rows of a matrix (or higher rank) the
        // positions are the rows of a view of `a`'s shape holding each element's position in
        // its row (`⍳` of the last extent, reshaped cyclically), so that the map over rows
        // zips them with the rows of `a` and each row's inner map is over a row it is given.
        let positions = if known.is_none() && r > 1 {
            let ds = self.dims(a);
            let i32t = self.i32t();
            let it = self.ctx.tensor_type(vec![DYNAMIC], i32t);
            let iota = self.emit1("soac.iota", &[ds[r - 1]], it, &[]);
            Some(self.reshape(iota, vec![DYNAMIC; r], &ds, true))
        } else {
            None
        };
        let inputs: Vec<Value> = std::iter::once(a).chain(positions).collect();
        self.map_nest(&inputs, r - 1, &mut |s, xs| {
            let row = xs[0];
            match known.clone() {
                Some((_, id)) => {
                    let ne = s.ident_value(id);
                    Ok(vec![
                        s.scan_with(row, ne, |s, ys| s.inline_region(body, ys))?
                    ])
                }
                None => {
                    let pos = match xs.get(1) {
                        Some(&p) => p,
                        None => {
                            let m = s.dim(row, 0);
                            let i32t = s.i32t();
                            let it = s.ctx.tensor_type(vec![DYNAMIC], i32t);
                            s.emit1("soac.iota", &[m], it, &[])
                        }
                    };
                    s.map_nest(&[pos], 1, &mut |s, ps| {
                        let i = s.index_of_i32(ps[0]);
                        let xi = s.index(row, &[i]);
                        let one = s.cidx(1);
                        let last = s.bin("arith.subi", i, one);
                        s.loop_(i, &[xi], |s, k, acc| {
                            let j = s.bin("arith.subi", last, k);
                            let x = s.index(row, &[j]);
                            s.inline_region(body, &[x, acc[0]])
                        })
                    })
                }
            }
        })
    }

    fn lower_idxassign(&mut self, op: OpId) -> R<Vec<Value>> {
        let is = self.opnd(op, 0)?;
        let arr_old = self.ctx.operand(op, 1);
        let a = self.opnd(op, 1)?;
        let v = self.opnd(op, 2)?;
        let r = self.rank(a);
        if r == 0 {
            return Err(self.error("expects an array of rank at least 1 to update"));
        }
        let one = self.ci32(1);
        let mut idx = Vec::new();
        for k in 0..r {
            let ki = self.cidx(k as i64);
            let e = self.index(is, &[ki]);
            let e0 = self.bin("arith.subi", e, one);
            idx.push(self.index_of_i32(e0));
        }
        let mut ops = vec![v, a];
        ops.extend(idx);
        let t = self.ty(a);
        let updated = self.emit1("soac.update", &ops, t, &[]);
        // Rebind every TAIL value that denotes the updated array.
        let aliases: Vec<Value> = self
            .map
            .iter()
            .filter(|(_, nv)| nv.as_slice() == [a])
            .map(|(&k, _)| k)
            .collect();
        for old in aliases {
            if self.ctx.value_parent_block(old) != self.src_block {
                return Err(self.error(
                    "updates an array defined outside the block of the assignment, which convert-tail-to-soac does not handle",
                ));
            }
            self.map.insert(old, vec![updated]);
        }
        let _ = arr_old;
        Ok(vec![self.ci1(true)])
    }

    /// `gradeUp`/`gradeDown`: in host code a merge sort ([`Self::merge_grade`], O(n log² n)
    /// work in ⌈log₂ n⌉ maps); inside a parallel SOAC's lambda, where a loop cannot carry an
    /// array, the counting sort of [`Self::counting_grade`] (O(n²) work, no loop).
    fn lower_grade(&mut self, a: Value, up: bool) -> R<Value> {
        if self.par_depth == 0 {
            if self.radix_grade {
                if let Some(g) = self.radix_sort(a, up)? {
                    return Ok(g);
                }
            }
            self.merge_grade(a, up)
        } else {
            self.counting_grade(a, up)
        }
    }

    /// `gradeUp`/`gradeDown` of booleans, ints or doubles as a least-significant-digit radix
    /// sort of the positions by their keys, one bit a pass (`None` for other element types).
    ///
    /// The key of an element is an unsigned integer whose order is the grade's: an int with
    /// its sign bit flipped, a boolean as 0 or 1 (32 bits); a double's bits with the sign bit
    /// set when it is positive and all bits flipped when it is negative, after `-0.0` became
    /// `0.0`, which APL compares equal to it (64 bits, kept in arrays of doubles: arrays of
    /// 64-bit integers are not TAIL's, and the bits only move); a downward grade flips every
    /// bit of the key. The keys minus the smallest one fit in `b` bits, `b` the bit length of
    /// the largest difference (the smallest key is the complement of the largest complement,
    /// so both reductions are `maxui` with the neutral 0). Pass `p` (`b` passes, a `soac.loop`
    /// carrying the permutation and the keys in its order) moves the elements whose bit `p` is
    /// 0 before those whose bit is 1, each group in its order: an element with bit 0 goes to
    /// the number of 0s before it (a `soac.scan`), one with bit 1 to the number of 0s in all
    /// (the scan's last element) plus the number of 1s before it (two
    /// `soac.scatter {permutation}`s, the permutation and the keys). Each pass keeps the order
    /// of equal bits, so the sort is stable, as APL's grade is. O(n · b) work; the result is
    /// the permutation plus one (1-based, [`Self::one_based`]).
    fn radix_sort(&mut self, a: Value, up: bool) -> R<Option<Value>> {
        let e = self.elem(a);
        let f64t = self.f64t();
        // 1: booleans, 32: ints, 64: doubles.
        let kind = match self.ctx.type_kind(e) {
            TypeKind::Integer { width: 1, .. } => 1,
            TypeKind::Integer { width: 32, .. } => 32,
            TypeKind::Float(_) if e == f64t => 64,
            _ => return Ok(None),
        };
        let double = kind == 64;
        // `kt`: the keys as integers; `st`: as stored in arrays.
        let kt = self.ctx.int_type(kind.max(32));
        let st = if double { f64t } else { kt };
        let to_k = move |s: &mut Self, v: Value| {
            if double {
                s.emit1("arith.bitcast", &[v], kt, &[])
            } else {
                v
            }
        };
        let from_k = move |s: &mut Self, v: Value| {
            if double {
                s.emit1("arith.bitcast", &[v], st, &[])
            } else {
                v
            }
        };
        let keys = self.map_nest(&[a], 1, &mut |s, xs| {
            let x = xs[0];
            let ones = s.cint(kt, -1);
            let key = match kind {
                1 => s.emit1("arith.extui", &[x], kt, &[]),
                32 => {
                    let sign = s.cint(kt, i32::MIN as i64);
                    s.bin("arith.xori", x, sign)
                }
                _ => {
                    let zero = s.cf64(0.0);
                    let is_zero = s.cmpf(1, x, zero);
                    let x = s.select(is_zero, zero, x);
                    let bits = s.emit1("arith.bitcast", &[x], kt, &[]);
                    let zero_k = s.cint(kt, 0);
                    let neg = s.cmpi(2, bits, zero_k);
                    let sign = s.cint(kt, i64::MIN);
                    let flipped = s.bin("arith.xori", bits, ones);
                    let signed = s.bin("arith.xori", bits, sign);
                    s.select(neg, flipped, signed)
                }
            };
            let key = if up {
                key
            } else {
                s.bin("arith.xori", key, ones)
            };
            Ok(vec![from_k(s, key)])
        })?[0];
        let complements = self.map_nest(&[keys], 1, &mut |s, xs| {
            let k = to_k(s, xs[0]);
            let ones = s.cint(kt, -1);
            let c = s.bin("arith.xori", k, ones);
            Ok(vec![from_k(s, c)])
        })?[0];
        let largest = |s: &mut Self, xs: Value| {
            let zero = s.cint(kt, 0);
            let zero = from_k(s, zero);
            s.reduce_with(xs, zero, |s, ys| {
                let (x, y) = (to_k(s, ys[0]), to_k(s, ys[1]));
                let m = s.bin("arith.maxui", x, y);
                Ok(vec![from_k(s, m)])
            })
        };
        let hi = largest(self, keys)?;
        let hi = to_k(self, hi);
        let lo = largest(self, complements)?;
        let lo = to_k(self, lo);
        let ones = self.cint(kt, -1);
        let lo = self.bin("arith.xori", lo, ones);
        let span = self.bin("arith.subi", hi, lo);
        // The passes: how many of bits 0, 1, … of the key have a set bit of `span` at or
        // above them.
        let bits = self.cidx(kind.max(32) as i64);
        let zero = self.ci32(0);
        let passes = self.loop_(bits, &[zero], |s, k, acc| {
            let k = s.emit1("arith.index_cast", &[k], kt, &[]);
            let rest = s.bin("arith.shrui", span, k);
            let zero_k = s.cint(kt, 0);
            let above = s.cmpi(1, rest, zero_k);
            let i32t = s.i32t();
            let add = s.emit1("arith.extui", &[above], i32t, &[]);
            Ok(vec![s.bin("arith.addi", acc[0], add)])
        })?[0];
        let passes = self.index_of_i32(passes);
        let rel = self.map_nest(&[keys], 1, &mut |s, xs| {
            let k = to_k(s, xs[0]);
            let r = s.bin("arith.subi", k, lo);
            Ok(vec![from_k(s, r)])
        })?[0];
        let n = self.dim(a, 0);
        let i32t = self.i32t();
        let it = self.ctx.tensor_type(vec![DYNAMIC], i32t);
        let pos = self.emit1("soac.iota", &[n], it, &[]);
        let sorted = self.loop_(passes, &[pos, rel], |s, p, state| {
            let (perm, ks) = (state[0], state[1]);
            let p = s.emit1("arith.index_cast", &[p], kt, &[]);
            // 1 where bit `p` of the key is 0.
            let zeros = s.map_nest(&[ks], 1, &mut |s, xs| {
                let k = to_k(s, xs[0]);
                let bit = s.bin("arith.shrui", k, p);
                let one = s.cint(kt, 1);
                let bit = s.bin("arith.andi", bit, one);
                let zero = s.bin("arith.xori", bit, one);
                let i32t = s.i32t();
                Ok(vec![if double {
                    s.emit1("arith.trunci", &[zero], i32t, &[])
                } else {
                    zero
                }])
            })?[0];
            let zero = s.ci32(0);
            let add = |s: &mut Self, ys: &[Value]| Ok(vec![s.bin("arith.addi", ys[0], ys[1])]);
            let upto = s.scan_with(zeros, zero, add)?;
            // The number of 0s: the scan's last element (none in an empty array).
            let c0 = s.cidx(0);
            let empty = s.cmpi(0, n, c0);
            let total = s.if_else(
                empty,
                |s| Ok(vec![s.ci32(0)]),
                |s| {
                    let c1 = s.cidx(1);
                    let last = s.bin("arith.subi", n, c1);
                    Ok(vec![s.index(upto, &[last])])
                },
            )?[0];
            let dest = s.map_nest(&[zeros, upto, pos], 1, &mut |s, xs| {
                let (z, upto, i) = (xs[0], xs[1], xs[2]);
                let before = s.bin("arith.subi", upto, z);
                let ones_before = s.bin("arith.subi", i, before);
                let after = s.bin("arith.addi", total, ones_before);
                let zero = s.ci32(0);
                let is_zero = s.cmpi(1, z, zero);
                Ok(vec![s.select(is_zero, before, after)])
            })?[0];
            // Two fresh destinations, filled differently so that `cse` keeps them apart when
            // the keys are `i32`s too (each scatter consumes its own); `dest` is a
            // permutation, so every row of them is written.
            let unit = s.ctx.unit_attr();
            let attrs = [("permutation", unit)];
            let zero = s.ci32(0);
            let perm_dest = s.replicate(zero, n);
            let new_perm = s.emit1("soac.scatter", &[perm, perm_dest, dest], it, &attrs);
            let fill = if double { s.cf64(0.0) } else { s.ci32(-1) };
            let keys_dest = s.replicate(fill, n);
            let kty = s.ty(ks);
            let new_keys = s.emit1("soac.scatter", &[ks, keys_dest, dest], kty, &attrs);
            Ok(vec![new_perm, new_keys])
        })?[0];
        Ok(Some(self.one_based(sorted)?))
    }

    /// The 1-based positions of a sort's 0-based permutation `perm` (each plus one).
    fn one_based(&mut self, perm: Value) -> R<Value> {
        Ok(self.map_nest(&[perm], 1, &mut |s, xs| {
            let one = s.ci32(1);
            Ok(vec![s.bin("arith.addi", xs[0], one)])
        })?[0])
    }

    /// Whether key `x` sorts strictly before key `y` (`x < y` up, `x > y` down).
    fn sorts_before(&mut self, e: Type, up: bool, x: Value, y: Value) -> R<Value> {
        Ok(if up {
            self.compare(e, x, y)?.0
        } else {
            self.compare(e, y, x)?.0
        })
    }

    /// A stable merge sort of the positions `0, 1, …, n − 1` of `a` by their keys, bottom up:
    /// pass `p` (`⌈log₂ n⌉` passes, a `soac.loop` carrying the permutation) merges the sorted
    /// runs of width `w = 2^p` pairwise, each output position `r` by itself (a `soac.map`, no
    /// scatter): with `d = r − base` its offset in the pair of runs `L = perm[base, base + nL)`
    /// and `R = perm[base + w, base + w + nR)`, a bisection (`p + 1` steps, a `soac.loop` of
    /// two `i32`s) finds `k`, how many of the merged pair's first `d` come from `L` (the merge
    /// path: `L[m]` goes before `R[d − 1 − m]` unless `R`'s key sorts strictly before, so ties
    /// keep `L` first and the sort is stable), and position `r` takes `L[k]` or `R[d − k]`.
    /// The loop carries the keys in the permutation's order beside it, so that a bisection
    /// step reads a key directly, not through the permutation. The result is the permutation
    /// plus one (1-based).
    fn merge_grade(&mut self, a: Value, up: bool) -> R<Value> {
        let e = self.elem(a);
        let n_idx = self.dim(a, 0);
        let n = self.i32_of_index(n_idx);
        let i32t = self.i32t();
        let it = self.ctx.tensor_type(vec![DYNAMIC], i32t);
        let pos = self.emit1("soac.iota", &[n_idx], it, &[]);
        // The number of passes: how many of 2^0 … 2^30 are below n.
        let bits = self.cidx(31);
        let zero = self.ci32(0);
        let passes = self.loop_(bits, &[zero], |s, k, acc| {
            let one = s.ci32(1);
            let k = s.i32_of_index(k);
            let pw = s.bin("arith.shli", one, k);
            let below = s.cmpi(2, pw, n);
            let add = s.emit1("arith.extui", &[below], i32t, &[]);
            Ok(vec![s.bin("arith.addi", acc[0], add)])
        })?[0];
        let passes = self.index_of_i32(passes);
        let sorted = self.loop_(passes, &[pos, a], |s, p, state| {
            let (perm, keys) = (state[0], state[1]);
            let one = s.ci32(1);
            let p32 = s.i32_of_index(p);
            let w = s.bin("arith.shli", one, p32);
            let two_w = s.bin("arith.shli", w, one);
            let one_idx = s.cidx(1);
            let steps = s.bin("arith.addi", p, one_idx);
            let last = s.bin("arith.subi", n, one);
            s.map_nest(&[pos], 1, &mut |s, rs| {
                let r = rs[0];
                let zero = s.ci32(0);
                let q = s.bin("arith.divsi", r, two_w);
                let base = s.bin("arith.muli", q, two_w);
                let mid = s.bin("arith.addi", base, w);
                let left = s.bin("arith.subi", n, base);
                let nl = s.bin("arith.minsi", w, left);
                let right = s.bin("arith.subi", n, mid);
                let nr = s.bin("arith.minsi", w, right);
                let nr = s.bin("arith.maxsi", nr, zero);
                let d = s.bin("arith.subi", r, base);
                // The key at position `x` of the runs, `x` clamped into the array.
                let at = |s: &mut Self, x: Value| {
                    let (zero, last) = (s.ci32(0), last);
                    let x = s.bin("arith.minsi", x, last);
                    let x = s.bin("arith.maxsi", x, zero);
                    s.index_of_i32(x)
                };
                // Positions `l` (left run) and `r` (right run), clamped, their keys, and
                // whether the right key sorts strictly before the left one (and not).
                let compare = |s: &mut Self, l: Value, r: Value| -> R<[Value; 6]> {
                    let li = at(s, l);
                    let lk = s.index(keys, &[li]);
                    let ri = at(s, r);
                    let rk = s.index(keys, &[ri]);
                    let r_first = s.sorts_before(e, up, rk, lk)?;
                    let t = s.ci1(true);
                    let l_first = s.bin("arith.xori", r_first, t);
                    Ok([li, lk, ri, rk, r_first, l_first])
                };
                let lo0 = s.bin("arith.subi", d, nr);
                let lo0 = s.bin("arith.maxsi", lo0, zero);
                let hi0 = s.bin("arith.minsi", d, nl);
                let bounds = s.loop_(steps, &[lo0, hi0], |s, _, lh| {
                    let (lo, hi) = (lh[0], lh[1]);
                    let one = s.ci32(1);
                    let sum = s.bin("arith.addi", lo, hi);
                    let m = s.bin("arith.shrsi", sum, one);
                    let lm = s.bin("arith.addi", base, m);
                    let rm = s.bin("arith.addi", mid, d);
                    let rm = s.bin("arith.subi", rm, one);
                    let rm = s.bin("arith.subi", rm, m);
                    let [_, _, _, _, r_first, l_first] = compare(s, lm, rm)?;
                    let active = s.cmpi(2, lo, hi);
                    let raise = s.bin("arith.andi", active, l_first);
                    let lower = s.bin("arith.andi", active, r_first);
                    let m1 = s.bin("arith.addi", m, one);
                    Ok(vec![s.select(raise, m1, lo), s.select(lower, m, hi)])
                })?;
                let k = bounds[0];
                let li = s.bin("arith.addi", base, k);
                let dk = s.bin("arith.subi", d, k);
                let ri = s.bin("arith.addi", mid, dk);
                let [li, lk, ri, rk, _, l_first] = compare(s, li, ri)?;
                let l_left = s.cmpi(2, k, nl);
                let r_done = s.cmpi(5, dk, nr);
                let l_wins = s.bin("arith.ori", r_done, l_first);
                let take_l = s.bin("arith.andi", l_left, l_wins);
                let lj = s.index(perm, &[li]);
                let rj = s.index(perm, &[ri]);
                Ok(vec![s.select(take_l, lj, rj), s.select(take_l, lk, rk)])
            })
        })?[0];
        self.one_based(sorted)
    }

    /// `gradeUp`/`gradeDown` as a counting sort: the rank of element `i` is the number of `j`
    /// with `a[j]` strictly before `a[i]` (or equal and `j < i`, for stability); position `r`
    /// of the result gathers `i + 1` from the `i` of rank `r`.
    fn counting_grade(&mut self, a: Value, up: bool) -> R<Value> {
        let n = self.dim(a, 0);
        let i32t = self.i32t();
        let it = self.ctx.tensor_type(vec![DYNAMIC], i32t);
        let pos = self.emit1("soac.iota", &[n], it, &[]);
        let e = self.elem(a);
        let ranks = self.map_nest(&[pos], 1, &mut |s, is| {
            let i = is[0];
            let ii = s.index_of_i32(i);
            let ai = s.index(a, &[ii]);
            let before = s.map_nest(&[pos], 1, &mut |s, js| {
                let j = js[0];
                let jj = s.index_of_i32(j);
                let aj = s.index(a, &[jj]);
                let (lt, eq) = if up {
                    s.compare(e, aj, ai)?
                } else {
                    s.compare(e, ai, aj)?
                };
                let jlt = s.cmpi(2, j, i);
                let tie = s.bin("arith.andi", eq, jlt);
                let b = s.bin("arith.ori", lt, tie);
                let t = s.i32t();
                Ok(vec![s.emit1("arith.extui", &[b], t, &[])])
            })?[0];
            let z = s.ci32(0);
            Ok(vec![s.reduce_with(before, z, |s, ys| {
                Ok(vec![s.bin("arith.addi", ys[0], ys[1])])
            })?])
        })?[0];
        // The inverse permutation, gathered rather than scattered: position `r` holds `i + 1`
        // for the one `i` whose rank is `r` (a sum of `select`s). A scatter would need a fresh
        // destination array, and `cse` merges two identical destinations (two grades of one
        // array), which the consumption rule of `soac.scatter` then rejects.
        Ok(self.map_nest(&[pos], 1, &mut |s, rs| {
            let r = rs[0];
            let hits = s.map_nest(&[ranks, pos], 1, &mut |s, xs| {
                let one = s.ci32(1);
                let z = s.ci32(0);
                let i1 = s.bin("arith.addi", xs[1], one);
                let hit = s.cmpi(0, xs[0], r);
                Ok(vec![s.select(hit, i1, z)])
            })?[0];
            let z = s.ci32(0);
            Ok(vec![s.reduce_with(hits, z, |s, ys| {
                Ok(vec![s.bin("arith.addi", ys[0], ys[1])])
            })?])
        })?[0])
    }

    /// `(x < y, x == y)` for ordered scalars of type `e`.
    fn compare(&mut self, e: Type, x: Value, y: Value) -> R<(Value, Value)> {
        match self.ctx.type_kind(e) {
            TypeKind::Integer { width: 1, .. } => Ok((self.cmpi(6, x, y), self.cmpi(0, x, y))),
            TypeKind::Integer { .. } => Ok((self.cmpi(2, x, y), self.cmpi(0, x, y))),
            TypeKind::Float(_) => Ok((self.cmpf(4, x, y), self.cmpf(1, x, y))),
            _ => {
                let t = self.i1t();
                let lt = self.emit1("tail.ltc", &[x, y], t, &[]);
                let eq = self.emit1("tail.eqc", &[x, y], t, &[]);
                Ok((lt, eq))
            }
        }
    }

    // ----- scalars ----------------------------------------------------------------------------

    /// Lowers a scalar primitive to `arith`/`math`, or returns `None` if `n` is not one.
    fn lower_scalar(&mut self, op: OpId, n: &str) -> R<Option<Value>> {
        let bin_map = |n: &str| -> Option<&'static str> {
            Some(match n {
                "addi" => "arith.addi",
                "subi" => "arith.subi",
                "muli" => "arith.muli",
                "divi" => "arith.floordivsi",
                "maxi" => "arith.maxsi",
                "mini" => "arith.minsi",
                "andi" | "andb" => "arith.andi",
                "ori" | "orb" => "arith.ori",
                "xori" | "xorb" => "arith.xori",
                "addd" => "arith.addf",
                "subd" => "arith.subf",
                "muld" => "arith.mulf",
                "divd" => "arith.divf",
                // APL's ⌈ and ⌊ of doubles ignore a NaN operand (apltail's `Real.max`, the
                // interpreter's `f64::max`): IEEE maxNum/minNum, not NaN-propagating.
                "maxd" => "arith.maxnumf",
                "mind" => "arith.minnumf",
                "powd" => "math.powf",
                _ => return None,
            })
        };
        let cmp_i = |n: &str| -> Option<i64> {
            Some(match n {
                "eqi" | "eqb" => 0,
                "neqi" => 1,
                "lti" => 2,
                "ltei" => 3,
                "gti" => 4,
                "gtei" => 5,
                _ => return None,
            })
        };
        let cmp_f = |n: &str| -> Option<i64> {
            Some(match n {
                "eqd" => 1,
                "gtd" => 2,
                "gted" => 3,
                "ltd" => 4,
                "lted" => 5,
                "neqd" => 13,
                _ => return None,
            })
        };
        let un_f = |n: &str| -> Option<&'static str> {
            Some(match n {
                "negd" => "arith.negf",
                "absd" => "math.absf",
                "expd" => "math.exp",
                "ln" => "math.log",
                "sin" => "math.sin",
                "cos" => "math.cos",
                "tan" => "math.tan",
                "asin" => "math.asin",
                "acos" => "math.acos",
                "atan" => "math.atan",
                "sinh" => "math.sinh",
                "cosh" => "math.cosh",
                "tanh" => "math.tanh",
                _ => return None,
            })
        };
        let a = |s: &Self| s.opnd(op, 0);
        let b = |s: &Self| s.opnd(op, 1);
        if let Some(m) = bin_map(n) {
            let (x, y) = (a(self)?, b(self)?);
            return Ok(Some(self.bin(m, x, y)));
        }
        if let Some(p) = cmp_i(n) {
            let (x, y) = (a(self)?, b(self)?);
            return Ok(Some(self.cmpi(p, x, y)));
        }
        if let Some(p) = cmp_f(n) {
            let (x, y) = (a(self)?, b(self)?);
            return Ok(Some(self.cmpf(p, x, y)));
        }
        if let Some(m) = un_f(n) {
            let x = a(self)?;
            let t = self.ty(x);
            return Ok(Some(self.emit1(m, &[x], t, &[])));
        }
        Ok(Some(match n {
            "shli" | "shri" | "shari" => {
                let (x, y) = (a(self)?, b(self)?);
                let m = self.ci32(31);
                let y = self.bin("arith.andi", y, m);
                let name = match n {
                    "shli" => "arith.shli",
                    "shri" => "arith.shrui",
                    _ => "arith.shrsi",
                };
                self.bin(name, x, y)
            }
            "resi" => {
                // resi(a, b) = b mod a with the sign of a; b when a = 0.
                let (x, y) = (a(self)?, b(self)?);
                // A modulus 2ᵐ > 0 keeps the low m bits of the two's complement `b`
                // (`2|¯3` is 1): one `andi`.
                if let Some(m) = tail_builtin::util::constant_int(self.ctx, x)
                    .filter(|&m| m > 0 && m & (m - 1) == 0)
                {
                    let mask = self.ci32(m - 1);
                    return Ok(Some(self.bin("arith.andi", y, mask)));
                }
                let z = self.ci32(0);
                let one = self.ci32(1);
                let a0 = self.cmpi(0, x, z);
                let safe = self.select(a0, one, x);
                let r = self.bin("arith.remsi", y, safe);
                let rneg = self.cmpi(2, r, z);
                let aneg = self.cmpi(2, x, z);
                let differ = self.bin("arith.xori", rneg, aneg);
                let nz = self.cmpi(1, r, z);
                let fix = self.bin("arith.andi", differ, nz);
                let ra = self.bin("arith.addi", r, safe);
                let r2 = self.select(fix, ra, r);
                self.select(a0, y, r2)
            }
            "resd" => {
                let (x, y) = (a(self)?, b(self)?);
                let z = self.cf64(0.0);
                let one = self.cf64(1.0);
                let a0 = self.cmpf(1, x, z);
                let safe = self.select(a0, one, x);
                let r = self.bin("arith.remf", y, safe);
                let rneg = self.cmpf(4, r, z);
                let aneg = self.cmpf(4, x, z);
                let differ = self.bin("arith.xori", rneg, aneg);
                let nz = self.cmpf(6, r, z);
                let fix = self.bin("arith.andi", differ, nz);
                let ra = self.bin("arith.addf", r, safe);
                let r2 = self.select(fix, ra, r);
                self.select(a0, y, r2)
            }
            "nandb" | "norb" => {
                let (x, y) = (a(self)?, b(self)?);
                let v = self.bin(
                    if n == "nandb" {
                        "arith.andi"
                    } else {
                        "arith.ori"
                    },
                    x,
                    y,
                );
                let t = self.ci1(true);
                self.bin("arith.xori", v, t)
            }
            "notb" => {
                let x = a(self)?;
                let t = self.ci1(true);
                self.bin("arith.xori", x, t)
            }
            "negi" => {
                let x = a(self)?;
                let z = self.ci32(0);
                self.bin("arith.subi", z, x)
            }
            "absi" => {
                let x = a(self)?;
                let t = self.ty(x);
                self.emit1("math.absi", &[x], t, &[])
            }
            "noti" => {
                let x = a(self)?;
                let m = self.ci32(-1);
                self.bin("arith.xori", x, m)
            }
            "signi" | "signd" => {
                let x = a(self)?;
                let (gt, lt) = if n == "signi" {
                    let z = self.ci32(0);
                    (self.cmpi(4, x, z), self.cmpi(2, x, z))
                } else {
                    let z = self.cf64(0.0);
                    (self.cmpf(2, x, z), self.cmpf(4, x, z))
                };
                let t = self.i32t();
                let g = self.emit1("arith.extui", &[gt], t, &[]);
                let l = self.emit1("arith.extui", &[lt], t, &[]);
                self.bin("arith.subi", g, l)
            }
            "floor" | "ceil" => {
                let x = a(self)?;
                let t = self.ty(x);
                let f = self.emit1(
                    if n == "floor" {
                        "math.floor"
                    } else {
                        "math.ceil"
                    },
                    &[x],
                    t,
                    &[],
                );
                // `fptosi` is undefined beyond the 32-bit integers and on NaN: the value is
                // first clamped to them and NaN made 0, so every level agrees with the
                // interpreter's `⌊` (saturating, `⌊¯∞` is ¯2147483648, `⌊NaN` is 0).
                let lo = self.cf64(f64::from(i32::MIN));
                let hi = self.cf64(f64::from(i32::MAX));
                let c = self.bin("arith.maxnumf", f, lo);
                let c = self.bin("arith.minnumf", c, hi);
                let ordered = self.cmpf(7, f, f);
                let zero = self.cf64(0.0);
                let s = self.select(ordered, c, zero);
                let i = self.i32t();
                self.emit1("arith.fptosi", &[s], i, &[])
            }
            "i2d" => {
                let x = a(self)?;
                let t = self.f64t();
                self.emit1("arith.sitofp", &[x], t, &[])
            }
            "b2i" => {
                let x = a(self)?;
                let t = self.i32t();
                self.emit1("arith.extui", &[x], t, &[])
            }
            _ => return Ok(None),
        }))
    }
}
