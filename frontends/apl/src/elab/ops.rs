//! Operators (reduce, scan, each, outer and inner product, power, compose, commute), trains,
//! identity items, and the checking of `⍝:` annotations.

use std::collections::HashMap;
use std::rc::Rc;

use tail_ir::{Type, Value};

use super::{El, Elab, FunObj, FunV, Opnd, Res, Sh, Val};
use crate::ast::{AnnDim, AnnElem, AnnType, Annotation, Pos, PrimOp};

fn op_glyph(op: PrimOp) -> &'static str {
    match op {
        PrimOp::Reduce => "/",
        PrimOp::ReduceFirst => "⌿",
        PrimOp::Scan => "\\",
        PrimOp::ScanFirst => "⍀",
        PrimOp::Each => "¨",
        PrimOp::OuterProduct => "∘.",
        PrimOp::InnerProduct => ".",
        PrimOp::Power => "⍣",
        PrimOp::Compose => "∘",
        PrimOp::Commute => "⍨",
    }
}

impl Elab<'_> {
    fn fun_operand(&mut self, o: &Opnd, op: PrimOp, _pos: Pos) -> Res<Rc<FunObj>> {
        match o {
            Opnd::F(f) => Ok(f.clone()),
            Opnd::A(_, p) => Err(self.err(
                *p,
                format!(
                    "the operator {} expects a function operand here, but got an array",
                    op_glyph(op)
                ),
            )),
        }
    }

    /// Applies a function derived by a primitive operator.
    pub(crate) fn derived(
        &mut self,
        op: PrimOp,
        l: &Opnd,
        r: Option<&Opnd>,
        left: Option<Val>,
        right: Val,
        pos: Pos,
    ) -> Res<Val> {
        match op {
            PrimOp::Reduce | PrimOp::ReduceFirst | PrimOp::Scan | PrimOp::ScanFirst => {
                let f = self.fun_operand(l, op, pos)?;
                if left.is_some() {
                    return Err(self.err(
                        pos,
                        format!(
                            "unsupported: dyadic (windowed) use of the operator {}",
                            op_glyph(op)
                        ),
                    ));
                }
                let y = self.arr_of(right, pos)?;
                let first = matches!(op, PrimOp::ReduceFirst | PrimOp::ScanFirst);
                let v = if matches!(op, PrimOp::Reduce | PrimOp::ReduceFirst) {
                    self.reduce(&f, y, first, pos)?
                } else {
                    self.scan(&f, y, first, pos)?
                };
                Ok(Val::A(v))
            }
            PrimOp::Each => {
                let f = self.fun_operand(l, op, pos)?;
                let y = self.arr_of(right, pos)?;
                Ok(Val::A(match left {
                    None => self.map1(y, pos, &mut |el, a| el.apply_v(&f, None, a, pos))?,
                    Some(x) => {
                        let x = self.arr_of(x, pos)?;
                        self.map2(x, y, pos, &mut |el, a, b| el.apply_v(&f, Some(a), b, pos))?
                    }
                }))
            }
            PrimOp::OuterProduct => {
                let f = self.fun_operand(l, op, pos)?;
                let Some(x) = left else {
                    return Err(self.err(pos, "∘. (outer product) derives a dyadic function; it is applied monadically here"));
                };
                let x = self.arr_of(x, pos)?;
                let y = self.arr_of(right, pos)?;
                Ok(Val::A(self.outer(&f, x, y, pos)?))
            }
            PrimOp::InnerProduct => {
                let f = self.fun_operand(l, op, pos)?;
                let g = match r {
                    Some(r) => self.fun_operand(r, op, pos)?,
                    None => return Err(self.err(pos, "inner product needs two function operands")),
                };
                let Some(x) = left else {
                    return Err(self.err(pos, "f.g (inner product) derives a dyadic function; it is applied monadically here"));
                };
                let x = self.arr_of(x, pos)?;
                let y = self.arr_of(right, pos)?;
                Ok(Val::A(self.inner(&f, &g, x, y, pos)?))
            }
            PrimOp::Power => {
                let f = self.fun_operand(l, op, pos)?;
                let n = self.count_operand(r, pos)?;
                self.power(&f, n, left, right, false, pos)
            }
            PrimOp::Compose => {
                let r = match r {
                    Some(r) => r,
                    None => return Err(self.err(pos, "∘ needs two operands")),
                };
                match (l, r) {
                    (Opnd::F(f), Opnd::F(g)) => {
                        // ⍺ f∘g ⍵  =  ⍺ f (g ⍵)
                        let gy = self.apply(g, None, right, pos)?;
                        self.apply(f, left, gy, pos)
                    }
                    (Opnd::A(a, _), Opnd::F(g)) => {
                        if left.is_some() {
                            return Err(self.err(
                                pos,
                                "a function with a bound left argument (A∘f) is applied dyadically",
                            ));
                        }
                        self.apply(g, Some(a.clone()), right, pos)
                    }
                    (Opnd::F(f), Opnd::A(a, _)) => {
                        if left.is_some() {
                            return Err(self.err(pos, "a function with a bound right argument (f∘A) is applied dyadically"));
                        }
                        self.apply(f, Some(right), a.clone(), pos)
                    }
                    (Opnd::A(_, p), Opnd::A(..)) => {
                        Err(self.err(*p, "∘ needs at least one function operand"))
                    }
                }
            }
            PrimOp::Commute => {
                let f = self.fun_operand(l, op, pos)?;
                match left {
                    Some(x) => self.apply(&f, Some(right), x, pos),
                    None => self.apply(&f, Some(right.clone()), right, pos),
                }
            }
        }
    }

    /// The array right operand of `⍣` or `⎕BENCH`.
    fn count_operand(&mut self, r: Option<&Opnd>, pos: Pos) -> Res<(Value, Pos)> {
        match r {
            Some(Opnd::A(Val::A(n), p)) => Ok((*n, *p)),
            Some(Opnd::A(Val::T(_), p)) => Err(self.err(
                *p,
                "the right operand of ⍣ must be an integer scalar, but got a tuple",
            )),
            Some(Opnd::F(g)) => Err(self.err(
                g.pos,
                "unsupported: ⍣ with a function right operand (fixpoint iteration)",
            )),
            None => Err(self.err(pos, "⍣ needs a right operand")),
        }
    }

    /// `(f ⎕BENCH n) x`: apltail's benchmarking loop, `tail.bench` (scalar states only).
    pub(crate) fn bench(
        &mut self,
        l: &Opnd,
        r: Option<&Opnd>,
        left: Option<Val>,
        right: Val,
        pos: Pos,
    ) -> Res<Val> {
        let f = self.fun_operand(l, PrimOp::Power, pos)?;
        let n = self.count_operand(r, pos)?;
        self.power(&f, n, left, right, true, pos)
    }

    /// Applies a train.
    pub(crate) fn train(
        &mut self,
        items: &[Opnd],
        left: Option<Val>,
        right: Val,
        pos: Pos,
    ) -> Res<Val> {
        let fun = |el: &mut Self, o: &Opnd| -> Res<Rc<FunObj>> {
            match o {
                Opnd::F(f) => Ok(f.clone()),
                Opnd::A(_, p) => Err(el.err(*p, "this train item must be a function")),
            }
        };
        match items {
            [g, h] => {
                let g = fun(self, g)?;
                let h = fun(self, h)?;
                let hy = self.apply(&h, left, right, pos)?;
                self.apply(&g, None, hy, pos)
            }
            [f, g, h] => {
                let g = fun(self, g)?;
                let h = fun(self, h)?;
                let hy = self.apply(&h, left.clone(), right.clone(), pos)?;
                let fy = match f {
                    Opnd::A(a, _) => a.clone(),
                    Opnd::F(f) => self.apply(f, left, right, pos)?,
                };
                self.apply(&g, Some(fy), hy, pos)
            }
            _ => Err(self.err(
                pos,
                format!("a train of {} items is not supported", items.len()),
            )),
        }
    }

    // ----- reduce and scan ------------------------------------------------------------------

    /// The identity item of `f` for element type `e` (apltail's: `+` 0, `×` 1, `⌊` the
    /// largest value, `⌈` the smallest, `∧` 1, `∨` 0, …; 0 for other functions).
    fn identity(&mut self, f: &Rc<FunObj>, e: El, pos: Pos) -> Res<Value> {
        let c = match &f.kind {
            FunV::Prim(c) => *c,
            _ => '\0',
        };
        Ok(match (c, e) {
            ('×' | '÷' | '⋆' | '*' | '≤' | '=' | '≥' | '∧', El::B) => {
                self.c_bool(true, pos)
            }
            ('×' | '÷' | '⋆' | '*' | '≤' | '=' | '≥' | '∧', El::I) => {
                self.c_int(1, pos)?
            }
            ('×' | '÷' | '⋆' | '*' | '≤' | '=' | '≥' | '∧', El::D) => {
                self.c_f64(1.0, pos)
            }
            ('⌈', El::I) => self.c_int(i32::MIN as i64, pos)?,
            ('⌈', El::D) => self.c_f64(f64::NEG_INFINITY, pos),
            ('⌊', El::I) => self.c_int(i32::MAX as i64, pos)?,
            ('⌊', El::D) => self.c_f64(f64::INFINITY, pos),
            ('×', El::X) => self.c_complex(1.0, 0.0, pos),
            (_, e) => self.default_of(e, pos),
        })
    }

    /// The identity item of a fold region that applies one primitive to its two arguments
    /// (`{⍺×⍵}` is `muli(x, y)`: 1).
    fn region_identity(
        &mut self,
        region: tail_ir::RegionId,
        e: El,
        pos: Pos,
    ) -> Res<Option<Value>> {
        let b = self.ctx.region_blocks(region)[0];
        let args = self.ctx.block_args(b).to_vec();
        let Some(y) = self.ctx.last_op(b) else {
            return Ok(None);
        };
        let Some(&v) = self.ctx.operand_vec(y).first() else {
            return Ok(None);
        };
        let Some(d) = self.ctx.defining_op(v) else {
            return Ok(None);
        };
        let ops = self.ctx.operand_vec(d);
        let name = self.ctx.op_name_str(d).to_string();
        let commutative = matches!(
            name.as_str(),
            "tail.addi"
                | "tail.addd"
                | "tail.muli"
                | "tail.muld"
                | "tail.maxi"
                | "tail.maxd"
                | "tail.mini"
                | "tail.mind"
                | "tail.andb"
                | "tail.orb"
                | "tail.xorb"
                | "tail.eqb"
                | "tail.addx"
                | "tail.mulx"
        );
        let direct = ops == args;
        let swapped = ops.len() == 2 && ops[0] == args[1] && ops[1] == args[0];
        if !(direct || (swapped && commutative)) {
            return Ok(None);
        }
        let c = match name.as_str() {
            "tail.addi" | "tail.addd" | "tail.addx" | "tail.orb" | "tail.xorb" => '+',
            "tail.subi" | "tail.subd" | "tail.subx" if direct => '+',
            "tail.muli" | "tail.muld" | "tail.mulx" | "tail.andb" | "tail.eqb" => '×',
            "tail.divd" | "tail.powd" if direct => '×',
            "tail.maxi" | "tail.maxd" => '⌈',
            "tail.mini" | "tail.mind" => '⌊',
            _ => return Ok(None),
        };
        let prim = std::rc::Rc::new(FunObj {
            kind: FunV::Prim(c),
            pos,
        });
        Ok(Some(self.identity(&prim, e, pos)?))
    }

    /// Builds the region `α → α → α` of `f` for a reduction or scan over elements of type `e`.
    /// Returns the region and the element type it works on (which may be wider than `e`, when
    /// `f` widens: `÷/` on ints works on doubles, `+/` on booleans on ints).
    fn fold_region(&mut self, f: &Rc<FunObj>, mut e: El, pos: Pos) -> Res<(tail_ir::RegionId, El)> {
        for _ in 0..4 {
            let t = self.el_ty(e);
            let mut wider = None;
            let region = self.region(&[t, t], pos, &mut |el, args| {
                let r = el.apply_v(f, Some(args[0]), args[1], pos)?;
                let r = el.scalar_result(r, pos)?;
                let re = el.el(r);
                if re == e {
                    return Ok(vec![r]);
                }
                if re.numeric() && e.numeric() && re < e {
                    return Ok(vec![el.conv_scalar(r, e, pos)?]);
                }
                if re.numeric() && e.numeric() {
                    wider = Some(re);
                }
                Err(el.err(
                    pos,
                    format!(
                        "the function of a reduction or scan must return {} for {} arguments, but returns {}",
                        e.article_name(),
                        e.name(),
                        re.article_name()
                    ),
                ))
            });
            match (region, wider) {
                (Ok(r), _) => return Ok((r, e)),
                (Err(_), Some(w)) => e = w,
                (Err(d), None) => return Err(d),
            }
        }
        Err(self.err(
            pos,
            "the function of a reduction does not settle on an element type",
        ))
    }

    /// `f/y` (last axis) or `f⌿y` (first axis, through `transp`): `reduce` with the identity
    /// item of `f`.
    pub(crate) fn reduce(&mut self, f: &Rc<FunObj>, y: Value, first: bool, pos: Pos) -> Res<Value> {
        let y = self.norm(y, pos);
        let (e, sh) = self.info(y);
        if sh == Sh::Scalar {
            return Ok(y);
        }
        if e == El::C {
            return Err(self.err(pos, "domain error: reduction of a character array"));
        }
        if sh == Sh::Vec(0) {
            // A statically empty vector: the identity item itself (`∧/⍬` is 1).
            let e = match f.kind {
                FunV::Prim('∧' | '∨' | '⍱' | '⍲') => El::B,
                _ => e,
            };
            return self.identity(f, e, pos);
        }
        let r = sh.rank();
        let mut a = self.as_arr(y, pos);
        if first && r > 1 {
            a = self.transp(a, pos);
        }
        let (region, w) = self.fold_region(f, e, pos)?;
        if w != e {
            a = self.conv(a, w, pos)?;
        }
        let n = match f.kind {
            FunV::Prim(_) => self.identity(f, w, pos)?,
            _ => match self.region_identity(region, w, pos)? {
                Some(n) => n,
                None if r == 1 => {
                    // No identity item known: fold the last element into the others
                    // (`f/a` = `(¯1↓a) f/ ⊃⌽a` for a non-empty vector).
                    let t = self.ctx.value_type(a);
                    let rev = self.emit1("tail.reverse", vec![a], t, pos);
                    let d = self.default_of(w, pos);
                    let et = self.el_ty(w);
                    let last = self.emit1("tail.first", vec![d, rev], et, pos);
                    let m1 = self.c_int(-1, pos)?;
                    a = self.emit1("tail.drop", vec![m1, a], t, pos);
                    last
                }
                None => self.identity(f, w, pos)?,
            },
        };
        let rt = self.arr_ty(w, r - 1);
        let op = self.emit_r("tail.reduce", vec![n, a], vec![rt], region, pos);
        let mut v = self.ctx.result(op, 0);
        if first && r > 2 {
            v = self.transp(v, pos);
        }
        Ok(v)
    }

    /// `f\y` (last axis) or `f⍀y` (first axis, through `transp`).
    pub(crate) fn scan(&mut self, f: &Rc<FunObj>, y: Value, first: bool, pos: Pos) -> Res<Value> {
        let y = self.norm(y, pos);
        let (e, sh) = self.info(y);
        if sh == Sh::Scalar {
            return Ok(y);
        }
        if e == El::C {
            return Err(self.err(pos, "domain error: scan of a character array"));
        }
        let r = sh.rank();
        let mut a = self.as_arr(y, pos);
        if first && r > 1 {
            a = self.transp(a, pos);
        }
        let (region, w) = self.fold_region(f, e, pos)?;
        if w != e {
            a = self.conv(a, w, pos)?;
        }
        let rt = self.arr_ty(w, r);
        let op = self.emit_r("tail.scan", vec![a], vec![rt], region, pos);
        let mut v = self.ctx.result(op, 0);
        if first && r > 1 {
            v = self.transp(v, pos);
        }
        Ok(v)
    }

    // ----- outer and inner product ----------------------------------------------------------

    /// `x ∘.f y`: `zipWith f` of `x` replicated and transposed to `(⍴x),⍴y` and `y` replicated
    /// to `(⍴x),⍴y`.
    fn outer(&mut self, f: &Rc<FunObj>, x: Value, y: Value, pos: Pos) -> Res<Value> {
        let (rx, ry) = (self.rank(x), self.rank(y));
        if rx == 0 || ry == 0 {
            return self.map2(x, y, pos, &mut |el, a, b| el.apply_v(f, Some(a), b, pos));
        }
        let x = self.as_arr(x, pos);
        let y = self.as_arr(y, pos);
        let sx = self.shape(x, pos);
        let sy = self.shape(y, pos);
        // X ← (⍴y),⍴x reshaped, then axes of y moved after those of x.
        let s_yx = self.cat(sy, sx, pos)?;
        let xr = self.reshape_to(s_yx, x, pos)?;
        let perm: Vec<i64> = (0..ry)
            .map(|j| rx + j + 1)
            .chain((0..rx).map(|i| i + 1))
            .collect();
        let xr = self.transp_static(&perm, xr, pos)?;
        let s_xy = self.cat(sx, sy, pos)?;
        let yr = self.reshape_to(s_xy, y, pos)?;
        self.map2(xr, yr, pos, &mut |el, a, b| el.apply_v(f, Some(a), b, pos))
    }

    fn reshape_to(&mut self, s: Value, a: Value, pos: Pos) -> Res<Value> {
        let k = self.known_len(s).unwrap_or(0);
        let e = self.el(a);
        let d = self.default_of(e, pos);
        let t = self.arr_ty(e, k);
        Ok(self.emit1("tail.reshape", vec![s, d, a], t, pos))
    }

    fn transp_static(&mut self, perm: &[i64], a: Value, pos: Pos) -> Res<Value> {
        if perm.iter().enumerate().all(|(i, &p)| p == i as i64 + 1) {
            return Ok(a);
        }
        let p = self.lit_ints(El::I, perm, pos);
        self.transp2(p, a, pos)
    }

    /// `x f.g y` (thesis §3.2): both arguments are replicated (`reshape`) and transposed
    /// (`transp2`) into the combined rank with the contracted axis last, then
    /// `reduce f (zipWith g TA TB)`.
    fn inner(
        &mut self,
        f: &Rc<FunObj>,
        g: &Rc<FunObj>,
        x: Value,
        y: Value,
        pos: Pos,
    ) -> Res<Value> {
        let (rx, ry) = (self.rank(x), self.rank(y));
        if rx == 0 || ry == 0 {
            let z = self.map2(x, y, pos, &mut |el, a, b| el.apply_v(g, Some(a), b, pos))?;
            return self.reduce(f, z, false, pos);
        }
        let x = self.as_arr(x, pos);
        let y = self.as_arr(y, pos);
        let (ta, tb) = if rx == 1 && ry == 1 {
            (x, y)
        } else {
            let sx = self.shape(x, pos);
            let sy = self.shape(y, pos);
            let one = self.sconst(1, pos);
            let it = self.el_ty(El::I);
            // WA ← (1↓⍴y),⍴x ; TA ← ZA⍉WA⍴x
            let vt = self.vec_ty(El::I, ry - 1);
            let sy1 = self.emit1("tail.dropV", vec![one, sy], vt, pos);
            let wa = self.cat(sy1, sx, pos)?;
            let ra = self.reshape_to(wa, x, pos)?;
            let za: Vec<i64> = (0..ry - 1)
                .map(|j| rx + j)
                .chain((0..rx - 1).map(|i| i + 1))
                .chain(std::iter::once(rx + ry - 1))
                .collect();
            let ta = self.transp_static(&za, ra, pos)?;
            // WB ← (¯1↓⍴x),⍴y ; TB ← ZB⍉WB⍴y
            let m1 = self.sconst(-1, pos);
            let vt = self.vec_ty(El::I, rx - 1);
            let sx1 = self.emit1("tail.dropV", vec![m1, sx], vt, pos);
            let _ = it;
            let wb = self.cat(sx1, sy, pos)?;
            let rb = self.reshape_to(wb, y, pos)?;
            let zb: Vec<i64> = (0..rx - 1)
                .map(|i| i + 1)
                .chain(std::iter::once(rx + ry - 1))
                .chain((0..ry - 1).map(|j| rx + j))
                .collect();
            let tb = self.transp_static(&zb, rb, pos)?;
            (ta, tb)
        };
        let z = self.map2(ta, tb, pos, &mut |el, a, b| el.apply_v(g, Some(a), b, pos))?;
        self.reduce(f, z, false, pos)
    }

    // ----- power ----------------------------------------------------------------------------

    /// `f⍣n`: `power` (over all components of a tuple state), `powerScl` on a scalar,
    /// `condScl` for a boolean count on a scalar.
    fn power(
        &mut self,
        f: &Rc<FunObj>,
        n: (Value, Pos),
        left: Option<Val>,
        right: Val,
        bench: bool,
        pos: Pos,
    ) -> Res<Val> {
        let (n, np) = n;
        let n = self.norm(n, np);
        if !self.is_scalar(n) || self.el(n) > El::I {
            return Err(self.err(
                np,
                format!(
                    "the right operand of ⍣ must be an integer or boolean scalar, but got {}",
                    self.describe(n)
                ),
            ));
        }
        let is_bool = self.el(n) == El::B;
        // The state: the leaves of the argument, in order.
        let mut leaves = Vec::new();
        flatten(&right, &mut leaves);
        let mut state: Vec<Value> = Vec::new();
        for v in leaves {
            let v = self.as_arr(v, pos);
            state.push(v);
        }
        if state.is_empty() {
            return Err(self.err(pos, "⍣ applied to an empty tuple"));
        }
        for _ in 0..4 {
            let tys: Vec<Type> = state.iter().map(|&v| self.ctx.value_type(v)).collect();
            let mut widen: Option<(usize, El)> = None;
            let shape_of = right.clone();
            let left_c = left.clone();
            let region = self.region(&tys, pos, &mut |el, args| {
                let mut it = args.iter().copied();
                let arg = rebuild(&shape_of, &mut it);
                let r = el.apply(f, left_c.clone(), arg, pos)?;
                let mut out = Vec::new();
                flatten(&r, &mut out);
                if out.len() != args.len() {
                    return Err(el.err(
                        pos,
                        format!(
                            "the function iterated by ⍣ must return a value of the shape of its argument ({} components), but returns {}",
                            args.len(),
                            out.len()
                        ),
                    ));
                }
                let mut ys = Vec::new();
                for (i, (o, &a)) in out.into_iter().zip(args).enumerate() {
                    let o = el.as_arr(o, pos);
                    let (ea, sa) = el.info(a);
                    let (eo, so) = el.info(o);
                    if sa.rank() != so.rank() {
                        return Err(el.err(
                            pos,
                            format!(
                                "rank error: the function iterated by ⍣ takes {} but returns {}",
                                el.describe(a),
                                el.describe(o)
                            ),
                        ));
                    }
                    let o = if eo == ea {
                        o
                    } else if eo.numeric() && ea.numeric() && eo < ea {
                        el.conv(o, ea, pos)?
                    } else {
                        if eo.numeric() && ea.numeric() {
                            widen = Some((i, eo));
                        }
                        return Err(el.err(
                            pos,
                            format!(
                                "the function iterated by ⍣ takes {} but returns {}",
                                el.describe(a),
                                el.describe(o)
                            ),
                        ));
                    };
                    ys.push(o);
                }
                Ok(ys)
            });
            let region = match (region, widen) {
                (Ok(r), _) => r,
                (Err(_), Some((i, w))) => {
                    state[i] = self.conv(state[i], w, pos)?;
                    continue;
                }
                (Err(d), None) => return Err(d),
            };
            let scalar_state = state.len() == 1 && self.is_scalar(state[0]);
            if bench && !scalar_state {
                self.discard_region(region);
                return Err(self.err(pos, "⎕BENCH works only on scalar values (as in apltail)"));
            }
            let results: Vec<Value> = if scalar_state {
                let t = tys[0];
                let (name, cnt) = if bench {
                    ("tail.bench", self.conv_scalar(n, El::I, np)?)
                } else if is_bool {
                    ("tail.condScl", n)
                } else {
                    ("tail.powerScl", n)
                };
                let op = self.emit_r(name, vec![cnt, state[0]], vec![t], region, pos);
                vec![self.ctx.result(op, 0)]
            } else {
                let cnt = self.conv_scalar(n, El::I, np)?;
                let mut operands = vec![cnt];
                operands.extend(state.iter().copied());
                let op = self.emit_r("tail.power", operands, tys.clone(), region, pos);
                self.ctx.results(op).to_vec()
            };
            let mut it = results.into_iter();
            return Ok(rebuild(&right, &mut it));
        }
        Err(self.err(pos, "the state of ⍣ does not settle on an element type"))
    }

    // ----- annotations ----------------------------------------------------------------------

    /// Checks (and coerces) the arguments of a dfn application against its annotation.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn check_ann_args(
        &mut self,
        ann: &Annotation,
        u: &mut Unifier,
        aa: &Option<Opnd>,
        ww: &Option<Opnd>,
        left: Option<Val>,
        right: Val,
        pos: Pos,
        what: &str,
    ) -> Res<(Option<Val>, Val)> {
        let parts = arrows(&ann.ty);
        let nops = aa.is_some() as usize + ww.is_some() as usize;
        let nargs = 1 + left.is_some() as usize;
        if parts.len() != nops + nargs + 1 {
            return Err(self.err_note(
                pos,
                format!(
                    "{what} is applied with {} operand(s) and {nargs} argument(s), but its annotation describes {} parameter(s)",
                    nops,
                    parts.len() - 1
                ),
                ann.pos,
                "the annotation is here",
            ));
        }
        for (o, t) in [aa, ww].into_iter().flatten().zip(&parts) {
            let ok = matches!((o, t), (Opnd::F(_), AnnType::Fun(..)))
                || matches!((o, t), (Opnd::A(..), t) if !matches!(t, AnnType::Fun(..)));
            if !ok {
                return Err(self.err_note(
                    pos,
                    format!(
                        "an operand of {what} does not match its annotation '{}'",
                        show_ann(t)
                    ),
                    ann.pos,
                    "the annotation is here",
                ));
            }
        }
        let mut k = nops;
        let left = match left {
            Some(l) => {
                let l = self.check_ann_val(
                    parts[k],
                    u,
                    l,
                    ann.pos,
                    pos,
                    &format!("the left argument (⍺) of {what}"),
                )?;
                k += 1;
                Some(l)
            }
            None => None,
        };
        let right = self.check_ann_val(
            parts[k],
            u,
            right,
            ann.pos,
            pos,
            &format!("the right argument (⍵) of {what}"),
        )?;
        Ok((left, right))
    }

    /// Checks (and coerces) a dfn's result against its annotation.
    pub(crate) fn check_ann_result(
        &mut self,
        ann: &Annotation,
        u: &mut Unifier,
        v: Val,
        pos: Pos,
        what: &str,
    ) -> Res<Val> {
        let parts = arrows(&ann.ty);
        let t = parts[parts.len() - 1];
        let v = self.check_ann_val(t, u, v, ann.pos, pos, &format!("the result of {what}"))?;
        // Every dimension equation must hold now that all are known.
        if let Err(m) = u.solve() {
            return Err(self.err_note(
                pos,
                format!("{what} does not match its annotation: {m}"),
                ann.pos,
                "the annotation is here",
            ));
        }
        Ok(v)
    }

    fn check_ann_val(
        &mut self,
        t: &AnnType,
        u: &mut Unifier,
        v: Val,
        ann_pos: Pos,
        pos: Pos,
        what: &str,
    ) -> Res<Val> {
        let fail = |el: &mut Self, got: String| {
            el.err_note(
                pos,
                format!(
                    "{what} does not match its annotation: expected {}, got {got}",
                    show_ann(t)
                ),
                ann_pos,
                "the annotation is here",
            )
        };
        let a = match &v {
            Val::A(a) => self.norm(*a, pos),
            Val::T(_) => return Err(fail(self, "a tuple".to_string())),
        };
        let (e, sh) = self.info(a);
        let (elem, ok_shape) = match t {
            AnnType::Fun(..) => return Err(fail(self, self.describe(a))),
            AnnType::Scalar(k) => (k, sh == Sh::Scalar),
            AnnType::Array { elem, rank } => {
                u.eqs.push((rank.clone(), sh.rank()));
                (elem, true)
            }
            AnnType::Vector { elem, len } => {
                if let Sh::Vec(n) = sh {
                    u.eqs.push((len.clone(), n));
                }
                (elem, sh.rank() == 1)
            }
        };
        if !ok_shape {
            return Err(fail(self, self.describe(a)));
        }
        if let Err(m) = u.solve_partial() {
            return Err(self.err_note(
                pos,
                format!("{what} does not match its annotation: {m}"),
                ann_pos,
                "the annotation is here",
            ));
        }
        let want = match elem {
            AnnElem::Var(k) => match u.elems.get(k) {
                Some(&w) => w,
                None => {
                    u.elems.insert(k.clone(), e);
                    e
                }
            },
            AnnElem::Int => El::I,
            AnnElem::Double => El::D,
            AnnElem::Bool => El::B,
            AnnElem::Char => El::C,
            AnnElem::Complex => El::X,
        };
        if want == e {
            return Ok(Val::A(a));
        }
        if e.numeric() && want.numeric() && e < want {
            return Ok(Val::A(self.conv(a, want, pos)?));
        }
        Err(fail(self, self.describe(a)))
    }
}

/// The leaves of a value (tuples flattened).
fn flatten(v: &Val, out: &mut Vec<Value>) {
    match v {
        Val::A(a) => out.push(*a),
        Val::T(items) => {
            for i in items {
                flatten(i, out);
            }
        }
    }
}

/// A value of the tuple structure of `like` with leaves taken from `it`.
fn rebuild(like: &Val, it: &mut dyn Iterator<Item = Value>) -> Val {
    match like {
        Val::A(_) => Val::A(it.next().expect("as many leaves as the structure")),
        Val::T(items) => Val::T(items.iter().map(|i| rebuild(i, it)).collect()),
    }
}

/// The parameters and result of an annotation: `a → b → c` gives `[a, b, c]`.
fn arrows(t: &AnnType) -> Vec<&AnnType> {
    let mut out = Vec::new();
    let mut t = t;
    while let AnnType::Fun(a, b) = t {
        out.push(&**a);
        t = b;
    }
    out.push(t);
    out
}

fn show_elem(e: &AnnElem) -> String {
    match e {
        AnnElem::Var(v) => v.clone(),
        AnnElem::Int => "int".into(),
        AnnElem::Double => "double".into(),
        AnnElem::Bool => "bool".into(),
        AnnElem::Char => "char".into(),
        AnnElem::Complex => "complex".into(),
    }
}

fn show_dim(d: &AnnDim) -> String {
    match d {
        AnnDim::Var(v) => v.clone(),
        AnnDim::Const(n) => n.to_string(),
        AnnDim::Add(a, b) => format!("{}+{}", show_dim(a), show_dim(b)),
        AnnDim::Sub(a, b) => format!("{}-{}", show_dim(a), show_dim(b)),
    }
}

fn show_ann(t: &AnnType) -> String {
    let dim = |d: &AnnDim| match d {
        AnnDim::Var(_) | AnnDim::Const(_) => show_dim(d),
        _ => format!("({})", show_dim(d)),
    };
    match t {
        AnnType::Scalar(e) => show_elem(e),
        AnnType::Array { elem, rank } => format!("[{}]{}", show_elem(elem), dim(rank)),
        AnnType::Vector { elem, len } => format!("<{}>{}", show_elem(elem), dim(len)),
        AnnType::Fun(a, b) => {
            let l = match **a {
                AnnType::Fun(..) => format!("({})", show_ann(a)),
                _ => show_ann(a),
            };
            format!("{l} → {}", show_ann(b))
        }
    }
}

/// Bindings of annotation variables and the dimension equations seen so far.
#[derive(Default)]
pub(crate) struct Unifier {
    elems: HashMap<String, El>,
    dims: HashMap<String, i64>,
    eqs: Vec<(AnnDim, i64)>,
}

/// A linear form: constant plus variables with coefficients.
fn linear(d: &AnnDim, sign: i64, c: &mut i64, vars: &mut HashMap<String, i64>) {
    match d {
        AnnDim::Const(n) => *c += sign * n,
        AnnDim::Var(v) => *vars.entry(v.clone()).or_insert(0) += sign,
        AnnDim::Add(a, b) => {
            linear(a, sign, c, vars);
            linear(b, sign, c, vars);
        }
        AnnDim::Sub(a, b) => {
            linear(a, sign, c, vars);
            linear(b, -sign, c, vars);
        }
    }
}

impl Unifier {
    /// Solves the equations that have at most one unknown; fails on a contradiction.
    fn solve_partial(&mut self) -> Result<(), String> {
        let eqs = self.eqs.clone();
        loop {
            let mut progress = false;
            for (d, actual) in &eqs {
                let mut c = 0;
                let mut vars = HashMap::new();
                linear(d, 1, &mut c, &mut vars);
                let mut unknown = Vec::new();
                let mut sum = c;
                for (v, k) in &vars {
                    if *k == 0 {
                        continue;
                    }
                    match self.dims.get(v) {
                        Some(x) => sum += k * x,
                        None => unknown.push((v.clone(), *k)),
                    }
                }
                match unknown.as_slice() {
                    [] if sum != *actual => {
                        return Err(format!(
                            "{} is {sum} here, but the argument has {actual}",
                            show_dim(d)
                        ));
                    }
                    [] => {}
                    [(v, k)] if (actual - sum) % k == 0 => {
                        let x = (actual - sum) / k;
                        if x < 0 {
                            return Err(format!(
                                "{} = {actual} needs {v} = {x}, which is negative",
                                show_dim(d)
                            ));
                        }
                        self.dims.insert(v.clone(), x);
                        progress = true;
                    }
                    [(v, _)] => {
                        return Err(format!(
                            "{} = {actual} has no integer solution for {v}",
                            show_dim(d)
                        ))
                    }
                    _ => {}
                }
            }
            if !progress {
                return Ok(());
            }
        }
    }

    /// Solves all equations (unknowns left over are unconstrained).
    fn solve(&mut self) -> Result<(), String> {
        self.solve_partial()
    }
}
