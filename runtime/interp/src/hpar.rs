//! Evaluation of the `hpar` dialect (`tail_hpar`), so that `convert-soac-to-hpar` can be
//! checked by running a program before and after it.
//!
//! The semantics is FCL's (Dybdal 2017, Chapter 5), evaluated sequentially:
//!
//! * **Pull arrays are delayed.** `generate n f` is a length and an index function: nothing is
//!   computed until an element is read (`index`, `push`, a reduction). The index function is
//!   the op's region together with the values it uses from outside, captured when the array is
//!   built, so it may be evaluated anywhere and any number of times. `map f a` composes `f`
//!   after `a`'s index function, `split_at k a` gives two index-shifted views (`k` beyond the
//!   length is an error).
//! * **Push arrays** are the elements a program writes, in position order: `push⟨l⟩ a` reads
//!   every element of `a`, `concat⟨l⟩ n c` runs its `n` sub-programs (in order; they are
//!   independent) and places element `j` of sub-program `i` at `i·c + j` (each must write
//!   exactly `c` elements), `interleave` places it at `place(i, j)` (every position must be
//!   written exactly once: the placement is a permutation), `map` over a push array applies
//!   its function as the elements are written.
//! * **`last_write⟨l⟩ is m`** writes, for every position `p < m`, the largest `j` with
//!   `is[j] = p` (`-1` for none; indices outside `[0, m)` are ignored).
//! * **`force⟨l⟩`** materialises a push array; the result is a manifest pull array (the level
//!   says which memory it would live in, which does not change values). `program⟨l⟩` runs its
//!   body and gives what `hpar.return` gives.
//! * **Loops.** `seqfor a n f` starts from the contents of `a` and, for `i < n`, writes the value
//!   `f` yields at the position it yields (in range, else an error); `power⟨l⟩ n f p` forces `p`
//!   and runs the body `n` times on the iteration number and the current array; `while⟨l⟩`
//!   runs the body while the condition holds. A step may shrink the array but not enlarge it
//!   beyond the buffer the initial array was forced into.
//! * **Reductions.** `reduce⟨l⟩` is the left fold from the neutral element
//!   (`(ne ⊕ a0) ⊕ a1 …`), `scan⟨l⟩` its inclusive prefixes; over segments (a pull array of pull
//!   arrays) one fold or scan per segment, the results (or the scanned segments one after the
//!   other) as a push array. The operator is associative (and `comm` ones commutative), so this
//!   is every parallel evaluation order up to floating-point rounding.
//!
//! Grid arrays returned to the host appear as `builtin.unrealized_conversion_cast %pull,
//! %extents… : !hpar.pull<τ, grid>, index… to memref<…>`: a copy of the array's elements into
//! a fresh memref of those extents (the element counts must agree).

use std::cell::RefCell;
use std::rc::Rc;

use tail_hpar::types::{pull_parts, push_parts};
use tail_ir::{OpId, RegionId, ValueDef};

use super::{kind_of, shape_str, Interp, IrValue, R};
use crate::value::{Array, Captured, Kind, Pull, Scalar, Value};

impl Interp<'_> {
    /// Executes `hpar.<n>`.
    pub(super) fn exec_hpar(&mut self, op: OpId, n: &str) -> R<Vec<Value>> {
        let ctx = self.ctx;
        match n {
            "program" => self.run_region(ctx.region(op, 0), vec![]),
            "generate" => {
                let len = self.count(op, 0)?;
                let captured = self.capture(op);
                Ok((0..ctx.num_results(op))
                    .map(|out| {
                        Value::Pull(Rc::new(Pull::Generate {
                            len,
                            func: ctx.region(op, 0),
                            captured: captured.clone(),
                            out,
                        }))
                    })
                    .collect())
            }
            "index" => {
                let p = self.pull_operand(op, 0)?;
                let i = self.count(op, 1)?;
                Ok(vec![self.pull_elem(op, &p, i)?])
            }
            "length" => {
                let n = match self.arg(op, 0)? {
                    Value::Pull(p) => p.len(),
                    Value::Push(a) => a.data.len(),
                    _ => return Err(self.err(op, "expects a pull or push array")),
                };
                Ok(vec![Value::Scalar(Scalar::Index(n as i64))])
            }
            "map" => {
                let f = ctx.region(op, 0);
                match self.arg(op, 0)? {
                    Value::Pull(input) => {
                        let captured = self.capture(op);
                        Ok(vec![Value::Pull(Rc::new(Pull::Map {
                            input,
                            func: f,
                            captured,
                        }))])
                    }
                    Value::Push(a) => {
                        let mut data = Vec::with_capacity(a.data.len());
                        for &x in &a.data {
                            data.push(self.apply_scalar(op, f, vec![Value::Scalar(x)])?);
                        }
                        let k = self.push_kind(op, &data);
                        Ok(vec![Value::Push(Rc::new(Array::vector(k, data)))])
                    }
                    _ => Err(self.err(op, "expects a pull or push array")),
                }
            }
            "split_at" => {
                let p = self.pull_operand(op, 0)?;
                let k = self.count(op, 1)?;
                let len = p.len();
                if k > len {
                    return Err(self.err(op, format!("splits an array of {len} elements at {k}")));
                }
                let lo = Pull::Slice {
                    input: p.clone(),
                    start: 0,
                    len: k,
                };
                let hi = Pull::Slice {
                    input: p,
                    start: k,
                    len: len - k,
                };
                Ok(vec![Value::Pull(Rc::new(lo)), Value::Pull(Rc::new(hi))])
            }
            "push" => {
                let p = self.pull_operand(op, 0)?;
                let data = self.pull_scalars(op, &p)?;
                let k = self.push_kind(op, &data);
                Ok(vec![Value::Push(Rc::new(Array::vector(k, data)))])
            }
            "last_write" => {
                let p = self.pull_operand(op, 0)?;
                let m = self.count(op, 1)?;
                let is = self.pull_scalars(op, &p)?;
                let mut w = self.new_filled(op, m, Scalar::Int(-1))?;
                for (j, ix) in is.iter().enumerate() {
                    let Some(t) = ix.as_i64() else {
                        return Err(self.err(op, "expects integer indices"));
                    };
                    if (0..m as i64).contains(&t) {
                        w[t as usize] = Scalar::Int(j as i32);
                    }
                }
                Ok(vec![Value::Push(Rc::new(Array::vector(Kind::Int, w)))])
            }
            "force" => {
                let a = self.push_operand(op, 0)?;
                Ok(vec![manifest((*a).clone())])
            }
            "concat" | "interleave" => self.hpar_concat(op, n == "interleave"),
            "seqfor" => self.hpar_seqfor(op),
            "power" | "while" => self.hpar_loop(op, n == "while"),
            "reduce" | "scan" => self.hpar_combine(op, n == "scan"),
            _ => Err(self.err(op, "is not supported by the interpreter")),
        }
    }

    /// Operand `i` as a non-negative count or position (an `index`).
    fn count(&self, op: OpId, i: usize) -> R<usize> {
        let v = self.int(op, i)?;
        usize::try_from(v).map_err(|_| {
            self.err(
                op,
                format!("expects operand #{i} to be non-negative, got {v}"),
            )
        })
    }

    fn pull_operand(&self, op: OpId, i: usize) -> R<Rc<Pull>> {
        match self.arg(op, i)? {
            Value::Pull(p) => Ok(p),
            _ => Err(self.err(op, format!("expects operand #{i} to be a pull array"))),
        }
    }

    fn push_operand(&self, op: OpId, i: usize) -> R<Rc<Array>> {
        match self.arg(op, i)? {
            Value::Push(a) => Ok(a),
            _ => Err(self.err(op, format!("expects operand #{i} to be a push array"))),
        }
    }

    /// The element kind of the push array `op` produces (its result type), else of `data`.
    fn push_kind(&self, op: OpId, data: &[Scalar]) -> Kind {
        let ctx = self.ctx;
        ctx.results(op)
            .first()
            .and_then(|&r| push_parts(ctx, ctx.value_type(r)))
            .map(|(e, _)| kind_of(ctx, e))
            .or_else(|| data.first().map(|s| s.kind()))
            .unwrap_or(Kind::Index)
    }

    /// The values used inside `op`'s regions that are defined outside `op`, with their current
    /// values (computed once per op, looked up at each evaluation).
    pub(super) fn capture(&mut self, op: OpId) -> Captured {
        let ctx = self.ctx;
        let free = self
            .free_values
            .entry(op)
            .or_insert_with(|| {
                let mut out: Vec<IrValue> = Vec::new();
                for n in ctx.walk_preorder(op) {
                    if n == op {
                        continue;
                    }
                    for v in ctx.operands(n) {
                        let owner = match ctx.value_def(v) {
                            ValueDef::OpResult { op: d, .. } => Some(d),
                            ValueDef::BlockArg { block, .. } => ctx.block_parent_op(block),
                            ValueDef::Placeholder => None,
                        };
                        let inside = owner.is_some_and(|o| ctx.is_ancestor(op, o));
                        if !inside && !out.contains(&v) {
                            out.push(v);
                        }
                    }
                }
                Rc::from(out)
            })
            .clone();
        Rc::new(
            free.iter()
                .filter_map(|&v| self.env.get(&v).map(|x| (v, x.clone())))
                .collect(),
        )
    }

    /// Runs the function region `f` in the environment `captured` (the caller's is restored).
    fn run_captured(
        &mut self,
        f: RegionId,
        captured: &Captured,
        args: Vec<Value>,
    ) -> R<Vec<Value>> {
        let env = captured.iter().cloned().collect();
        let saved = std::mem::replace(&mut self.env, env);
        let r = self.run_region(f, args);
        self.env = saved;
        r
    }

    /// Element `i` of pull array `p` (`op` is blamed for errors).
    pub(super) fn pull_elem(&mut self, op: OpId, p: &Pull, i: usize) -> R<Value> {
        let len = p.len();
        if i >= len {
            return Err(self.err(
                op,
                format!("index {i} out of bounds for a pull array of {len} elements"),
            ));
        }
        match p {
            Pull::Generate {
                func,
                captured,
                out,
                ..
            } => {
                let r = self.run_captured(
                    *func,
                    captured,
                    vec![Value::Scalar(Scalar::Index(i as i64))],
                )?;
                r.into_iter()
                    .nth(*out)
                    .ok_or_else(|| self.err(op, "expects an index function to yield a value"))
            }
            Pull::Map {
                input,
                func,
                captured,
            } => {
                let x = self.pull_elem(op, input, i)?;
                let mut r = self.run_captured(*func, captured, vec![x])?;
                r.pop()
                    .ok_or_else(|| self.err(op, "expects a mapped function to yield a value"))
            }
            Pull::Slice { input, start, .. } => self.pull_elem(op, input, start + i),
            Pull::Manifest(a) => Ok(Value::Scalar(a.borrow().data[i])),
        }
    }

    /// Every element of `p`, which must be scalars.
    fn pull_scalars(&mut self, op: OpId, p: &Pull) -> R<Vec<Scalar>> {
        if let Pull::Manifest(a) = p {
            return Ok(a.borrow().data.clone());
        }
        let mut out = self.new_vec(op, p.len())?;
        for i in 0..p.len() {
            match self.pull_elem(op, p, i)? {
                Value::Scalar(s) => out.push(s),
                _ => return Err(self.err(op, format!("expects element {i} to be a scalar"))),
            }
        }
        Ok(out)
    }

    /// Runs the pure function `f` (captured now) on `args`, expecting one scalar.
    fn apply_scalar(&mut self, op: OpId, f: RegionId, args: Vec<Value>) -> R<Scalar> {
        let r = self.run_region(f, args)?;
        match r.first() {
            Some(Value::Scalar(s)) => Ok(*s),
            _ => Err(self.err(op, "expects its function to yield a scalar")),
        }
    }

    /// `concat⟨l⟩ n c` and `interleave⟨l⟩ n c … place`.
    fn hpar_concat(&mut self, op: OpId, interleave: bool) -> R<Vec<Value>> {
        let ctx = self.ctx;
        let n = self.count(op, 0)?;
        let nres = ctx.num_results(op);
        // One chunk length for all results, or one per result.
        let chunks = (1..ctx.num_operands(op))
            .map(|k| self.count(op, k))
            .collect::<R<Vec<usize>>>()?;
        let chunk = |r: usize| {
            if chunks.len() == 1 {
                chunks[0]
            } else {
                chunks[r]
            }
        };
        let mut datas: Vec<Vec<Option<Scalar>>> = Vec::new();
        for r in 0..nres {
            let total = self.new_count(op, &[n, chunk(r)])?;
            datas.push(self.new_filled(op, total, None)?);
        }
        for i in 0..n {
            let idx = Value::Scalar(Scalar::Index(i as i64));
            let r = self.run_region(ctx.region(op, 0), vec![idx])?;
            if r.len() != nres {
                return Err(self.err(
                    op,
                    format!("expects sub-program {i} to return {nres} push arrays"),
                ));
            }
            for (res, v) in r.iter().enumerate() {
                let c = chunk(res);
                let Value::Push(a) = v else {
                    return Err(self.err(
                        op,
                        format!("expects sub-program {i} to return a push array"),
                    ));
                };
                if a.data.len() != c {
                    return Err(self.err(
                        op,
                        format!(
                            "sub-program {i} wrote {} elements, but each must write {c}",
                            a.data.len()
                        ),
                    ));
                }
                let total = datas[res].len();
                for (j, &x) in a.data.iter().enumerate() {
                    let pos = if interleave {
                        let args = vec![
                            Value::Scalar(Scalar::Index(i as i64)),
                            Value::Scalar(Scalar::Index(j as i64)),
                        ];
                        let ps = self.run_region(ctx.region(op, 1), args)?;
                        let p = match ps.get(res) {
                            Some(Value::Scalar(p)) => p.as_i64().unwrap_or(-1),
                            _ => -1,
                        };
                        match usize::try_from(p) {
                            Ok(p) if p < total => p,
                            _ => {
                                return Err(self.err(
                                    op,
                                    format!("places element {j} of sub-program {i} at {p}, outside [0, {total})"),
                                ))
                            }
                        }
                    } else {
                        i * c + j
                    };
                    if datas[res][pos].is_some() {
                        return Err(self.err(
                            op,
                            format!("writes position {pos} twice (element {j} of sub-program {i})"),
                        ));
                    }
                    datas[res][pos] = Some(x);
                }
            }
        }
        let mut out = Vec::new();
        for data in datas {
            if let Some(p) = data.iter().position(|x| x.is_none()) {
                return Err(self.err(op, format!("never writes position {p}")));
            }
            let data: Vec<Scalar> = data.into_iter().map(|x| x.expect("checked")).collect();
            let k = self.push_kind(op, &data);
            out.push(Value::Push(Rc::new(Array::vector(k, data))));
        }
        Ok(out)
    }

    /// `seqfor a n f`.
    fn hpar_seqfor(&mut self, op: OpId) -> R<Vec<Value>> {
        let ctx = self.ctx;
        let init = self.push_operand(op, 0)?;
        let n = self.count(op, 1)?;
        let buf = Rc::new(RefCell::new((*init).clone()));
        for i in 0..n {
            let cur = Value::Pull(Rc::new(Pull::Manifest(Rc::new(RefCell::new(
                buf.borrow().clone(),
            )))));
            let r = self.run_region(
                ctx.region(op, 0),
                vec![Value::Scalar(Scalar::Index(i as i64)), cur],
            )?;
            let (Some(pos), Some(Value::Scalar(v))) = (
                r.first()
                    .and_then(|v| v.as_scalar())
                    .and_then(|s| s.as_i64()),
                r.get(1),
            ) else {
                return Err(self.err(op, "expects the step to yield a position and a scalar"));
            };
            let len = buf.borrow().data.len();
            match usize::try_from(pos) {
                Ok(p) if p < len => buf.borrow_mut().data[p] = *v,
                _ => {
                    return Err(self.err(
                        op,
                        format!("step {i} writes position {pos} of an array of {len} elements"),
                    ))
                }
            }
        }
        let a = buf.borrow().clone();
        Ok(vec![Value::Push(Rc::new(a))])
    }

    /// `power⟨l⟩ n f p` and `while⟨l⟩ c f p`.
    fn hpar_loop(&mut self, op: OpId, is_while: bool) -> R<Vec<Value>> {
        let ctx = self.ctx;
        let (init_i, n) = if is_while {
            (0, 0)
        } else {
            (1, self.count(op, 0)?)
        };
        let init = self.push_operand(op, init_i)?;
        let cap = init.data.len();
        let mut cur = manifest((*init).clone());
        let body = ctx.region(op, if is_while { 1 } else { 0 });
        let mut i = 0usize;
        loop {
            if is_while {
                let c = self.run_region(ctx.region(op, 0), vec![cur.clone()])?;
                let go = c
                    .first()
                    .and_then(|v| v.as_scalar())
                    .and_then(|s| s.as_i64());
                if go.ok_or_else(|| self.err(op, "expects the condition to yield an i1"))? == 0 {
                    break;
                }
            } else if i == n {
                break;
            }
            let mut args = Vec::new();
            if !is_while {
                args.push(Value::Scalar(Scalar::Index(i as i64)));
            }
            args.push(cur);
            let r = self.run_region(body, args)?;
            let Some(Value::Push(next)) = r.into_iter().next() else {
                return Err(self.err(op, "expects the body to return a push array"));
            };
            if next.data.len() > cap {
                return Err(self.err(
                    op,
                    format!(
                        "step {i} writes {} elements into a buffer of {cap}",
                        next.data.len()
                    ),
                ));
            }
            cur = manifest((*next).clone());
            i += 1;
        }
        Ok(vec![cur])
    }

    /// `reduce⟨l⟩` and `scan⟨l⟩`, plain or segmented.
    fn hpar_combine(&mut self, op: OpId, scan: bool) -> R<Vec<Value>> {
        let ctx = self.ctx;
        if !scan && ctx.num_results(op) > 1 {
            return self.hpar_reduce_tuple(op);
        }
        let p = self.pull_operand(op, 0)?;
        let ne = self.scalar(op, 1)?;
        let f = ctx.region(op, 0);
        let it = ctx.value_type(ctx.operand(op, 0));
        let segmented = pull_parts(ctx, it)
            .and_then(|(e, _)| pull_parts(ctx, e))
            .is_some();
        let mut segments = self.new_vec(op, if segmented { p.len() } else { 0 })?;
        if segmented {
            for i in 0..p.len() {
                match self.pull_elem(op, &p, i)? {
                    Value::Pull(s) => segments.push(s),
                    _ => {
                        return Err(self.err(op, format!("expects segment {i} to be a pull array")))
                    }
                }
            }
        }
        let segs: Vec<Vec<Scalar>> = if segmented {
            let mut out = Vec::new();
            for s in &segments {
                out.push(self.pull_scalars(op, s)?);
            }
            out
        } else {
            vec![self.pull_scalars(op, &p)?]
        };
        let mut results = Vec::new();
        for seg in segs {
            let mut acc = ne;
            for x in seg {
                acc = self.apply_scalar(op, f, vec![Value::Scalar(acc), Value::Scalar(x)])?;
                if scan {
                    results.push(acc);
                }
            }
            if !scan {
                results.push(acc);
            }
        }
        if !scan && !segmented {
            return Ok(vec![Value::Scalar(results[0])]);
        }
        let k = self.push_kind(op, &results);
        Ok(vec![Value::Push(Rc::new(Array::vector(k, results)))])
    }

    /// `reduce⟨l⟩` of tuples: `k` arrays zipped, `k` neutral elements, the left fold of the
    /// tuples.
    fn hpar_reduce_tuple(&mut self, op: OpId) -> R<Vec<Value>> {
        let ctx = self.ctx;
        let k = ctx.num_results(op);
        let mut cols = Vec::new();
        for i in 0..k {
            let p = self.pull_operand(op, i)?;
            cols.push(self.pull_scalars(op, &p)?);
        }
        let n = cols[0].len();
        if cols.iter().any(|c| c.len() != n) {
            return Err(self.err(op, "expects input arrays of equal length"));
        }
        let mut acc: Vec<Value> = (0..k)
            .map(|i| self.scalar(op, k + i).map(Value::Scalar))
            .collect::<R<_>>()?;
        for j in 0..n {
            let mut args = acc.clone();
            args.extend(cols.iter().map(|c| Value::Scalar(c[j])));
            acc = self.run_region(ctx.region(op, 0), args)?;
            if acc.len() != k {
                return Err(self.err(op, format!("expects its operator to yield {k} values")));
            }
        }
        Ok(acc)
    }

    /// `builtin.unrealized_conversion_cast %pull, %extents… to memref<…>`: a copy of the
    /// array's elements into a fresh memref of those extents.
    pub(super) fn cast_pull_to_memref(&mut self, op: OpId) -> R<Vec<Value>> {
        let ctx = self.ctx;
        let p = self.pull_operand(op, 0)?;
        let shape = (1..ctx.num_operands(op))
            .map(|i| self.count(op, i))
            .collect::<R<Vec<usize>>>()?;
        let data = self.pull_scalars(op, &p)?;
        if crate::value::element_count(&shape) != Some(data.len()) {
            return Err(self.err(
                op,
                format!(
                    "cannot view a pull array of {} elements as a memref of shape {}",
                    data.len(),
                    shape_str(&shape)
                ),
            ));
        }
        let rt = ctx.value_type(ctx.result(op, 0));
        let k = match ctx.type_kind(rt) {
            tail_ir::TypeKind::MemRef { elem, .. } => kind_of(ctx, *elem),
            _ => data.first().map(|s| s.kind()).unwrap_or(Kind::Index),
        };
        let a = Array::new(k, shape, data);
        self.check_memref_shape(op, &a.shape, rt)?;
        Ok(vec![Value::Array(Rc::new(RefCell::new(a)))])
    }
}

/// A manifest pull array holding `a`'s elements.
fn manifest(a: Array) -> Value {
    Value::Pull(Rc::new(Pull::Manifest(Rc::new(RefCell::new(a)))))
}
