//! Selections along one axis of an array of any rank, built from apltail's primitives:
//!
//! * `x↑y` / `x↓y` with a vector `x`: one single-axis `take`/`drop` per entry of `x`, each
//!   applied with its axis moved to the front by `transp2` (TAIL's `take` and `drop` act on the
//!   first axis) and moved back afterwards. `≢x` may be smaller than the rank of `y` (the
//!   trailing axes are kept whole); a scalar `y` is first reshaped to `(≢x)⍴1`, as APL does.
//! * `A[…;I;…]` with an index array `I` on an axis `d` of an array of rank ≥ 2: item `(j, q)`
//!   of an `(≢,I) × m` array (`m` the number of items of one cell, the array without axis
//!   `d`) is item `q` of the ravelled cell `idxS(d, (,I)[j], A)` (a `zipWith` over the index
//!   repeated along the rows and `⍳m` along the columns), reshaped to `(⍴I),` the cell shape
//!   and moved back to axis `d`. The result has the axis replaced by the axes of `I`; an
//!   index out of range is checked against axis `d`, as the program wrote it (not as a
//!   position in the ravel).

use std::rc::Rc;

use tail_ir::Value;

use super::{El, Elab, FunObj, FunV, Res, Val};
use crate::ast::Pos;

impl Elab<'_> {
    /// The APL permutation (`p⍉a`) that moves axis `d` (1-based) of a rank-`r` array to the
    /// front, keeping the order of the others.
    fn front_perm(d: i64, r: i64) -> Vec<i64> {
        (1..=r)
            .map(|a| match a {
                a if a == d => 1,
                a if a < d => a + 1,
                a => a,
            })
            .collect()
    }

    /// The APL permutation that moves the `k` leading axes of a rank-`r` array to positions
    /// `d … d+k-1`, moving the `d-1` axes after them to the front (undoes `front_perm` when
    /// the moved axis became `k` axes).
    fn back_perm(d: i64, k: i64, r: i64) -> Vec<i64> {
        (1..=r)
            .map(|a| {
                if a <= k {
                    d + a - 1
                } else if a < k + d {
                    a - k
                } else {
                    a
                }
            })
            .collect()
    }

    /// `p⍉a` for a static permutation (nothing for the identity).
    fn permute(&mut self, perm: &[i64], a: Value, pos: Pos) -> Res<Value> {
        if perm.iter().enumerate().all(|(i, &p)| p == i as i64 + 1) {
            return Ok(a);
        }
        let p = self.lit_ints(El::I, perm, pos);
        self.transp2(p, a, pos)
    }

    /// Entry `j` (0-based) of an int vector of known length, as an int scalar.
    fn nth_int(&mut self, x: Value, j: usize, pos: Pos) -> Res<Value> {
        if let Some(ns) = self.static_ints(x) {
            return self.c_int(ns[j], pos);
        }
        let a = self.as_arr(x, pos);
        let i = self.c_int(j as i64 + 1, pos)?;
        let v = self.idx(a, 1, i, pos)?;
        let v = self.norm(v, pos);
        self.conv_scalar(v, El::I, pos)
    }

    /// `x↑y` (`take`) or `x↓y` (`drop`) with a vector `x` of known length: one count per
    /// leading axis of `y`.
    pub(crate) fn take_drop_axes(
        &mut self,
        x: Value,
        y: Value,
        take: bool,
        pos: Pos,
    ) -> Res<Value> {
        let g = if take { "↑ (take)" } else { "↓ (drop)" };
        let what = format!("the left argument of {g}");
        let x = self.shape_vec(x, &what, pos)?;
        let k = self.known_len(x).unwrap_or(0);
        let mut a = self.norm(y, pos);
        let r = self.rank(a);
        if k == 0 {
            return Ok(a);
        }
        if r > 0 && r < k {
            return Err(self.err(
                pos,
                format!(
                    "rank error: the left argument of {g} has {k} entries (one per axis), but the right argument is {}",
                    self.describe(a)
                ),
            ));
        }
        if r < k {
            // A scalar is extended to an array of k axes of length 1.
            let ones = vec![1i64; (k - r) as usize];
            let lead = self.lit_ints(El::I, &ones, pos);
            let s = self.shape(a, pos);
            let s = self.cat(lead, s, pos)?;
            a = self.prim_v('⍴', Some(s), a, pos)?;
        }
        let r = self.rank(a).max(k);
        let e = self.el(a);
        for j in 0..k as usize {
            let n = self.nth_int(x, j, pos)?;
            let d = j as i64 + 1;
            let front = Self::front_perm(d, r);
            let t = self.permute(&front, a, pos)?;
            let t = self.as_arr(t, pos);
            let ty = self.ctx.value_type(t);
            let s = if take {
                let dflt = self.default_of(e, pos);
                self.emit1("tail.take", vec![n, dflt, t], ty, pos)
            } else {
                self.emit1("tail.drop", vec![n, t], ty, pos)
            };
            let back = Self::back_perm(d, 1, r);
            a = self.permute(&back, s, pos)?;
        }
        Ok(a)
    }

    /// A primitive applied to arrays, as an array.
    fn prim_v(&mut self, c: char, x: Option<Value>, y: Value, pos: Pos) -> Res<Value> {
        match self.prim(c, x.map(Val::A), Val::A(y), pos)? {
            Val::A(v) => Ok(v),
            Val::T(_) => unreachable!("a primitive function returns an array"),
        }
    }

    /// `A[…;I;…]`: the items of `a` (an array of rank ≥ 1) at the int index array `i` along
    /// axis `d` (1-based); the axis is replaced by the axes of `i`.
    pub(crate) fn select_axis(&mut self, a: Value, d: i64, i: Value, pos: Pos) -> Res<Value> {
        let a = self.norm(a, pos);
        let a = self.as_arr(a, pos);
        let r = self.rank(a);
        let ki = self.rank(i);
        // The cell shape (the other axes' lengths, in order) and m, its number of items.
        let front = Self::front_perm(d, r);
        let t = self.permute(&front, a, pos)?;
        let t = self.as_arr(t, pos);
        let sh = self.shape(t, pos);
        let one = self.c_int(1, pos)?;
        let cell = self.prim_v('↓', Some(one), sh, pos)?;
        let times = Rc::new(FunObj {
            kind: FunV::Prim('×'),
            pos,
        });
        let m = self.reduce(&times, cell, false, pos)?;
        let iv = self.prim_v(',', None, i, pos)?;
        let iv = self.conv(iv, El::I, pos)?;
        let l = self.prim_v('≢', None, iv, pos)?;
        // Item (j, q) of the l×m result: item q of the ravelled cell of `a` at index iv[j]
        // on axis d, so that an index out of range is checked against that axis, as the
        // program wrote it.
        let ml = self.vector(&[(m, pos), (l, pos)], El::I, pos)?;
        let ks = self.prim_v('⍴', Some(ml), iv, pos)?;
        let ks = self.transp(ks, pos);
        let lm = self.vector(&[(l, pos), (m, pos)], El::I, pos)?;
        let q = self.prim_v('⍳', None, m, pos)?;
        let qs = self.prim_v('⍴', Some(lm), q, pos)?;
        let items = self.map2(ks, qs, pos, &mut |el, k, q| {
            let c = el.idx(a, d, k, pos)?;
            let c = if r > 2 {
                let c = el.prim_v(',', None, c, pos)?;
                el.as_arr(c, pos)
            } else {
                c
            };
            if r > 1 {
                el.idx(c, 1, q, pos)
            } else {
                Ok(c)
            }
        })?;
        // Reshape to (⍴i), cell shape, and move the axes of i back to position d.
        let ishape = if ki == 0 {
            self.zilde(El::I, pos)
        } else {
            self.shape(i, pos)
        };
        let ns = self.cat(ishape, cell, pos)?;
        let res = self.prim_v('⍴', Some(ns), items, pos)?;
        let rr = self.rank(res);
        let back = Self::back_perm(d, ki, rr);
        self.permute(&back, res, pos)
    }
}
