//! Primitive and system functions: scalar functions (pervasive, with scalar extension and
//! numeric widening) and the structural primitives, each mapped to the TAIL primitive apltail
//! uses for it.

use tail_ir::Value;

use super::{El, Elab, Res, Sh, Val};
use crate::ast::Pos;

/// The scalar primitive functions (applied element-wise).
pub(crate) fn is_scalar_prim(c: char, dyadic: bool) -> bool {
    if dyadic {
        "+-×÷⋆*|⌈⌊<≤=≥>≠∧∨⍱⍲○".contains(c)
    } else {
        "+-×÷⋆*|⌈⌊~○⍟?".contains(c)
    }
}

fn glyph_name(c: char, dyadic: bool) -> &'static str {
    match (c, dyadic) {
        ('⍴', false) => "shape",
        ('⍴', true) => "reshape",
        ('⍳', false) => "iota",
        ('⍳', true) => "index-of",
        (',', false) => "ravel",
        (',', true) => "catenate",
        ('⍪', false) => "table",
        ('⍪', true) => "catenate-first",
        ('⍉', _) => "transpose",
        ('↑', false) => "mix/first",
        ('↑', true) => "take",
        ('↓', false) => "split",
        ('↓', true) => "drop",
        ('⌽', false) => "reverse",
        ('⌽', true) => "rotate",
        ('⊖', false) => "reverse-first",
        ('⊖', true) => "rotate-first",
        ('⊃', false) => "first",
        ('⊃', true) => "pick",
        ('⌷', false) => "materialize",
        ('⌷', true) => "index",
        ('≢', false) => "tally",
        ('≢', true) => "not-match",
        ('≡', _) => "match/depth",
        ('⍋', false) => "grade-up",
        ('⍒', false) => "grade-down",
        ('⍋', true) | ('⍒', true) => "dyadic grade",
        ('⍕', false) => "format",
        ('⍕', true) => "format by specification",
        ('/', true) => "compress/replicate",
        ('⌿', true) => "compress/replicate-first",
        ('\\', true) => "expand",
        ('⍀', true) => "expand-first",
        ('~', true) => "without",
        ('⊂', _) => "enclose",
        ('∊', _) => "membership/enlist",
        ('∪', _) => "union/unique",
        ('∩', _) => "intersection",
        ('⍷', _) => "find",
        ('⊥', _) => "decode",
        ('⊤', _) => "encode",
        ('!', _) => "factorial/binomial",
        ('⍎', _) => "execute",
        ('⍟', true) => "logarithm",
        ('?', true) => "deal",
        ('⌹', false) => "matrix inverse",
        ('⌹', true) => "matrix divide",
        ('⍸', false) => "where",
        ('⍸', true) => "interval index",
        ('⊆', _) => "nest/partition",
        _ => "function",
    }
}

impl Elab<'_> {
    fn unsupported(&mut self, c: char, dyadic: bool, pos: Pos) -> tail_ir::Diagnostic {
        let how = if dyadic { "dyadic" } else { "monadic" };
        self.err(
            pos,
            format!(
                "unsupported primitive: {how} {c} ({})",
                glyph_name(c, dyadic)
            ),
        )
    }

    /// Applies the primitive function `c`.
    pub(crate) fn prim(&mut self, c: char, left: Option<Val>, right: Val, pos: Pos) -> Res<Val> {
        let dyadic = left.is_some();
        // Identity functions work on tuples too.
        match (c, &left) {
            ('⊢', _) => return Ok(right),
            ('⊣', Some(l)) => return Ok(l.clone()),
            ('⊣', None) => return Ok(right),
            _ => {}
        }
        let y = self.arr_of(right, pos)?;
        let x = match left {
            Some(l) => Some(self.arr_of(l, pos)?),
            None => None,
        };
        if is_scalar_prim(c, dyadic) {
            return Ok(Val::A(match x {
                Some(x) => self.map2(x, y, pos, &mut |el, a, b| el.scalar2(c, a, b, pos))?,
                None => self.map1(y, pos, &mut |el, a| el.scalar1(c, a, pos))?,
            }));
        }
        let r = match (c, x) {
            ('⍴', None) => self.shape(y, pos),
            ('⍴', Some(x)) => self.reshape(x, y, pos)?,
            ('⍳', None) => self.iota(y, pos)?,
            (',', None) if self.rank(y) <= 1 => {
                // The ravel of a scalar is a vector of length 1; of a vector, itself.
                let y = self.norm(y, pos);
                self.vec_if_scalar(y, pos)
            }
            (',', None) => {
                let a = self.as_arr(y, pos);
                let e = self.el(a);
                let t = self.arr_ty(e, 1);
                self.emit1("tail.rav", vec![a], t, pos)
            }
            (',', Some(x)) => self.cat(x, y, pos)?,
            ('⍪', Some(x)) => self.cat_first(x, y, pos)?,
            ('⍉', None) => self.transp(y, pos),
            ('⍉', Some(x)) => self.transp2(x, y, pos)?,
            ('↑', Some(x)) => self.take(x, y, pos)?,
            ('↓', Some(x)) => self.drop(x, y, pos)?,
            ('⌽', None) => self.reverse(y, false, pos),
            ('⊖', None) => self.reverse(y, true, pos),
            ('⌽', Some(x)) => self.rotate(x, y, false, pos)?,
            ('⊖', Some(x)) => self.rotate(x, y, true, pos)?,
            ('⊃', None) => self.first(y, pos),
            ('≢', None) => self.tally(y, pos)?,
            ('⍋', None) | ('⍒', None) => self.grade(y, c == '⍋', pos)?,
            ('⍕', None) => self.format(y, pos)?,
            ('⌷', None) => {
                let y = self.as_arr(y, pos);
                let t = self.ctx.value_type(y);
                let name = if self.is_scalar(y) {
                    "tail.memScl"
                } else {
                    "tail.mem"
                };
                self.emit1(name, vec![y], t, pos)
            }
            ('/', Some(x)) | ('⌿', Some(x)) => self.compress(x, y, c == '⌿', pos)?,
            (c, x) => return Err(self.unsupported(c, x.is_some(), pos)),
        };
        Ok(Val::A(r))
    }

    /// System functions (`⎕ReadFile`, `⎕INT32AND`, `⎕NOW`, …).
    pub(crate) fn sys(&mut self, n: &str, left: Option<Val>, right: Val, pos: Pos) -> Res<Val> {
        let y = self.arr_of(right, pos)?;
        let x = match left {
            Some(l) => Some(self.arr_of(l, pos)?),
            None => None,
        };
        let up = n.to_ascii_uppercase();
        let bin = match up.as_str() {
            "⎕INT32AND" => Some("tail.andi"),
            "⎕INT32OR" => Some("tail.ori"),
            "⎕INT32XOR" => Some("tail.xori"),
            "⎕INT32SHL" => Some("tail.shli"),
            "⎕INT32SHR" => Some("tail.shri"),
            "⎕INT32SHAR" => Some("tail.shari"),
            _ => None,
        };
        let it = self.el_ty(El::I);
        if let Some(op) = bin {
            let Some(x) = x else {
                return Err(self.err(
                    pos,
                    format!("{n} is dyadic; it is applied monadically here"),
                ));
            };
            let nm = n.to_string();
            let r = self.map2(x, y, pos, &mut |el, a, b| {
                for v in [a, b] {
                    if el.el(v) > El::I {
                        return Err(el.err(
                            pos,
                            format!("{nm} expects integer arguments, but got {}", el.describe(v)),
                        ));
                    }
                }
                let a = el.conv_scalar(a, El::I, pos)?;
                let b = el.conv_scalar(b, El::I, pos)?;
                Ok(el.emit1(op, vec![a, b], it, pos))
            })?;
            return Ok(Val::A(r));
        }
        if x.is_some() {
            return Err(self.err(
                pos,
                format!("{n} is monadic; it is applied dyadically here"),
            ));
        }
        match up.as_str() {
            "⎕INT32NOT" | "⎕NOW" => {
                let op = if up == "⎕NOW" {
                    "tail.nowi"
                } else {
                    "tail.noti"
                };
                let nm = n.to_string();
                let r = self.map1(y, pos, &mut |el, a| {
                    if el.el(a) > El::I {
                        return Err(el.err(
                            pos,
                            format!(
                                "{nm} expects an integer argument, but got {}",
                                el.describe(a)
                            ),
                        ));
                    }
                    let a = el.conv_scalar(a, El::I, pos)?;
                    Ok(el.emit1(op, vec![a], it, pos))
                })?;
                Ok(Val::A(r))
            }
            "⎕READFILE" | "⎕READINTVECFILE" | "⎕READDOUBLEVECFILE" => {
                let (e, sh) = self.info(y);
                if e != El::C || sh.rank() != 1 {
                    return Err(self.err(
                        pos,
                        format!(
                            "{n} expects a character vector (a file name), but got {}",
                            self.describe(y)
                        ),
                    ));
                }
                let y = self.as_arr(y, pos);
                let (op, re) = match up.as_str() {
                    "⎕READFILE" => ("tail.readFile", El::C),
                    "⎕READINTVECFILE" => ("tail.readIntVecFile", El::I),
                    _ => ("tail.readDoubleVecFile", El::D),
                };
                let t = self.arr_ty(re, 1);
                Ok(Val::A(self.emit1(op, vec![y], t, pos)))
            }
            _ => Err(self.err(pos, format!("unsupported system function {n}"))),
        }
    }

    // ----- scalar functions -----------------------------------------------------------------

    fn numeric_arg(&mut self, c: char, v: Value, pos: Pos) -> Res<El> {
        let e = self.el(v);
        if e.numeric() {
            Ok(e)
        } else {
            Err(self.err(
                pos,
                format!(
                    "domain error: {c} expects numeric arguments, but got {}",
                    self.describe(v)
                ),
            ))
        }
    }

    fn cplx_only(&mut self, c: char, pos: Pos) -> tail_ir::Diagnostic {
        self.err(pos, format!("{c} is not supported on complex numbers"))
    }

    /// A monadic scalar primitive on a base scalar.
    pub(crate) fn scalar1(&mut self, c: char, a: Value, pos: Pos) -> Res<Value> {
        let e = self.numeric_arg(c, a, pos)?;
        let (it, dt, bt, xt) = (
            self.el_ty(El::I),
            self.el_ty(El::D),
            self.el_ty(El::B),
            self.el_ty(El::X),
        );
        Ok(match c {
            '+' => match e {
                El::X => self.emit1("tail.conjx", vec![a], xt, pos),
                El::B => self.conv_scalar(a, El::I, pos)?,
                _ => a,
            },
            '-' => match e {
                El::X => self.emit1("tail.negx", vec![a], xt, pos),
                El::D => self.emit1("tail.negd", vec![a], dt, pos),
                _ => {
                    let a = self.conv_scalar(a, El::I, pos)?;
                    if let Some(n) = self.static_int(a) {
                        self.c_int(-n, pos)?
                    } else {
                        self.emit1("tail.negi", vec![a], it, pos)
                    }
                }
            },
            '×' => match e {
                El::X => return Err(self.cplx_only(c, pos)),
                El::D => self.emit1("tail.signd", vec![a], it, pos),
                _ => {
                    let a = self.conv_scalar(a, El::I, pos)?;
                    self.emit1("tail.signi", vec![a], it, pos)
                }
            },
            '|' => match e {
                El::X => self.emit1("tail.magnx", vec![a], dt, pos),
                El::D => self.emit1("tail.absd", vec![a], dt, pos),
                _ => {
                    let a = self.conv_scalar(a, El::I, pos)?;
                    self.emit1("tail.absi", vec![a], it, pos)
                }
            },
            '⌈' | '⌊' => match e {
                El::X => return Err(self.cplx_only(c, pos)),
                El::D => {
                    let n = if c == '⌈' {
                        "tail.ceil"
                    } else {
                        "tail.floor"
                    };
                    self.emit1(n, vec![a], it, pos)
                }
                _ => self.conv_scalar(a, El::I, pos)?,
            },
            '~' => {
                if e != El::B {
                    return Err(self.err(
                        pos,
                        format!(
                            "domain error: ~ (not) expects booleans, but got {}",
                            self.describe(a)
                        ),
                    ));
                }
                self.emit1("tail.notb", vec![a], bt, pos)
            }
            '⋆' | '*' => match e {
                El::X => self.emit1("tail.expx", vec![a], xt, pos),
                _ => {
                    let a = self.conv_scalar(a, El::D, pos)?;
                    self.emit1("tail.expd", vec![a], dt, pos)
                }
            },
            '÷' | '○' | '⍟' => {
                if e == El::X {
                    return Err(self.cplx_only(c, pos));
                }
                let a = self.conv_scalar(a, El::D, pos)?;
                match c {
                    '÷' => {
                        let one = self.c_f64(1.0, pos);
                        self.emit1("tail.divd", vec![one, a], dt, pos)
                    }
                    '○' => {
                        let pi = self.emit1("tail.pi", vec![], dt, pos);
                        self.emit1("tail.muld", vec![a, pi], dt, pos)
                    }
                    _ => self.emit1("tail.ln", vec![a], dt, pos),
                }
            }
            '?' => {
                if e > El::I {
                    return Err(self.err(
                        pos,
                        format!(
                            "domain error: ? (roll) expects integers, but got {}",
                            self.describe(a)
                        ),
                    ));
                }
                let a = self.conv_scalar(a, El::I, pos)?;
                self.emit1("tail.roll", vec![a], dt, pos)
            }
            _ => return Err(self.unsupported(c, false, pos)),
        })
    }

    /// A dyadic scalar primitive on base scalars.
    pub(crate) fn scalar2(&mut self, c: char, a: Value, b: Value, pos: Pos) -> Res<Value> {
        let (ea, eb) = (self.el(a), self.el(b));
        let bt = self.el_ty(El::B);
        // Comparisons.
        if "<≤=≥>≠".contains(c) {
            if ea == El::C || eb == El::C {
                if ea != eb {
                    if c == '=' || c == '≠' {
                        return Ok(self.c_bool(c == '≠', pos));
                    }
                    return Err(self.err(
                        pos,
                        format!("domain error: {c} compares a character with a number"),
                    ));
                }
                let n = cmp_name(c, "c");
                return Ok(self.emit1(&n, vec![a, b], bt, pos));
            }
            if ea == El::B && eb == El::B && (c == '=' || c == '≠') {
                let n = if c == '=' { "tail.eqb" } else { "tail.xorb" };
                return Ok(self.emit1(n, vec![a, b], bt, pos));
            }
            let t = ea.max(eb).max(El::I);
            if t == El::X {
                return Err(self.cplx_only(c, pos));
            }
            let a = self.conv_scalar(a, t, pos)?;
            let b = self.conv_scalar(b, t, pos)?;
            let n = cmp_name(c, if t == El::I { "i" } else { "d" });
            return Ok(self.emit1(&n, vec![a, b], bt, pos));
        }
        if "∧∨⍱⍲".contains(c) {
            if ea != El::B || eb != El::B {
                return Err(self.err(
                    pos,
                    format!(
                        "domain error: {c} expects booleans, but got {} and {}",
                        self.describe(a),
                        self.describe(b)
                    ),
                ));
            }
            let n = match c {
                '∧' => "tail.andb",
                '∨' => "tail.orb",
                '⍱' => "tail.norb",
                _ => "tail.nandb",
            };
            return Ok(self.emit1(n, vec![a, b], bt, pos));
        }
        self.numeric_arg(c, a, pos)?;
        self.numeric_arg(c, b, pos)?;
        if c == '○' {
            return self.circular(a, b, pos);
        }
        let mut t = ea.max(eb).max(El::I);
        if c == '÷' || c == '⋆' || c == '*' {
            t = t.max(El::D);
        }
        if t == El::X {
            let n = match c {
                '+' => "tail.addx",
                '-' => "tail.subx",
                '×' => "tail.mulx",
                _ => return Err(self.cplx_only(c, pos)),
            };
            let a = self.conv_scalar(a, t, pos)?;
            let b = self.conv_scalar(b, t, pos)?;
            let xt = self.el_ty(El::X);
            return Ok(self.emit1(n, vec![a, b], xt, pos));
        }
        let a = self.conv_scalar(a, t, pos)?;
        let b = self.conv_scalar(b, t, pos)?;
        let s = if t == El::I { "i" } else { "d" };
        let base = match c {
            '+' => "add",
            '-' => "sub",
            '×' => "mul",
            '÷' => "div",
            '⋆' | '*' => "pow",
            '|' => "res",
            '⌈' => "max",
            '⌊' => "min",
            _ => return Err(self.unsupported(c, true, pos)),
        };
        if t == El::I {
            if let (Some(x), Some(y)) = (self.static_int(a), self.static_int(b)) {
                let r = match c {
                    '+' => x.checked_add(y),
                    '-' => x.checked_sub(y),
                    '×' => x.checked_mul(y),
                    '⌈' => Some(x.max(y)),
                    '⌊' => Some(x.min(y)),
                    _ => None,
                };
                if let Some(r) = r.filter(|r| i32::try_from(*r).is_ok()) {
                    return self.c_int(r, pos);
                }
            }
        }
        let ty = self.el_ty(t);
        Ok(self.emit1(&format!("tail.{base}{s}"), vec![a, b], ty, pos))
    }

    /// `k○x` for a static `k`.
    fn circular(&mut self, k: Value, x: Value, pos: Pos) -> Res<Value> {
        let Some(k) = self.static_int(k).filter(|_| self.el(k) <= El::I) else {
            return Err(self.err(
                pos,
                "the left argument of dyadic ○ must be a statically known integer",
            ));
        };
        if self.el(x) == El::X {
            return Err(self.cplx_only('○', pos));
        }
        let x = self.conv_scalar(x, El::D, pos)?;
        let dt = self.el_ty(El::D);
        let one = |el: &mut Self| el.c_f64(1.0, pos);
        let sq = |el: &mut Self, v: Value| {
            let two = el.c_f64(2.0, pos);
            el.emit1("tail.powd", vec![v, two], dt, pos)
        };
        let sqrt = |el: &mut Self, v: Value| {
            let h = el.c_f64(0.5, pos);
            el.emit1("tail.powd", vec![v, h], dt, pos)
        };
        let un = |el: &mut Self, n: &str| el.emit1(n, vec![x], dt, pos);
        Ok(match k {
            -3 => un(self, "tail.atan"),
            -2 => un(self, "tail.acos"),
            -1 => un(self, "tail.asin"),
            0 => {
                let o = one(self);
                let s = sq(self, x);
                let d = self.emit1("tail.subd", vec![o, s], dt, pos);
                sqrt(self, d)
            }
            1 => un(self, "tail.sin"),
            2 => un(self, "tail.cos"),
            3 => un(self, "tail.tan"),
            4 => {
                let o = one(self);
                let s = sq(self, x);
                let d = self.emit1("tail.addd", vec![o, s], dt, pos);
                sqrt(self, d)
            }
            5 => un(self, "tail.sinh"),
            6 => un(self, "tail.cosh"),
            7 => un(self, "tail.tanh"),
            _ => {
                return Err(self.err(
                    pos,
                    format!("unsupported left argument {k} of dyadic ○ (supported: ¯3 to 7)"),
                ))
            }
        })
    }

    // ----- structural primitives ------------------------------------------------------------

    fn int_scalar(&mut self, v: Value, what: &str, pos: Pos) -> Res<Value> {
        let v = self.norm(v, pos);
        if !self.is_scalar(v) || self.el(v) > El::I {
            return Err(self.err(
                pos,
                format!(
                    "{what} must be an integer scalar, but got {}",
                    self.describe(v)
                ),
            ));
        }
        self.conv_scalar(v, El::I, pos)
    }

    /// `⍴y`: `shape` (`shapeV` for a vector of known length), `⍬` for a scalar.
    pub(crate) fn shape(&mut self, y: Value, pos: Pos) -> Value {
        match self.info(y).1 {
            Sh::Scalar => self.zilde(El::I, pos),
            Sh::Vec(n) => {
                let it = self.el_ty(El::I);
                let t = tail_dialect::types::SVType::get(
                    self.ctx,
                    it,
                    tail_dialect::types::Shape::constant(n),
                );
                let s = self.emit1("tail.shapeV", vec![y], t, pos);
                self.norm(s, pos)
            }
            Sh::Arr(r) => {
                let t = self.vec_ty(El::I, r);
                self.emit1("tail.shape", vec![y], t, pos)
            }
        }
    }

    /// An int vector of known length from `x` (a scalar or a vector of known length).
    pub(crate) fn shape_vec(&mut self, x: Value, what: &str, pos: Pos) -> Res<Value> {
        let x = self.norm(x, pos);
        let (e, sh) = self.info(x);
        if e > El::I {
            return Err(self.err(
                pos,
                format!("{what} must contain integers, but got {}", self.describe(x)),
            ));
        }
        match sh {
            Sh::Scalar => {
                let i = self.conv_scalar(x, El::I, pos)?;
                self.vector(&[(i, pos)], El::I, pos)
            }
            Sh::Vec(_) => {
                if e == El::B {
                    if let Some(ns) = self.static_ints(x) {
                        return Ok(self.lit_ints(El::I, &ns, pos));
                    }
                }
                self.conv(x, El::I, pos)
            }
            Sh::Arr(_) => Err(self.err(
                pos,
                format!(
                    "{what} must be a vector of statically known length (the rank of the result must be known), but got {}",
                    self.describe(x)
                ),
            )),
        }
    }

    /// `x⍴y`: `reshape`.
    fn reshape(&mut self, x: Value, y: Value, pos: Pos) -> Res<Value> {
        let s = self.shape_vec(x, "the left argument of ⍴ (reshape)", pos)?;
        let k = self.known_len(s).unwrap_or(0);
        let y = self.as_arr(y, pos);
        let e = self.el(y);
        let d = self.default_of(e, pos);
        let t = self.arr_ty(e, k);
        Ok(self.emit1("tail.reshape", vec![s, d, y], t, pos))
    }

    /// `⍳y`: `iotaV` for a static count, `iota` otherwise.
    fn iota(&mut self, y: Value, pos: Pos) -> Res<Value> {
        let y = self.norm(y, pos);
        if !self.is_scalar(y) {
            if let Some(1) = self.known_len(y) {
                let it = self.el_ty(El::I);
                let a = self.as_arr(y, pos);
                let d = self.c_int(0, pos)?;
                let s = self.emit1("tail.first", vec![d, a], it, pos);
                return self.iota(s, pos);
            }
            return Err(self.err(
                pos,
                format!("⍳ (iota) expects an integer scalar, but got {} (⍳ of a vector is not supported)", self.describe(y)),
            ));
        }
        let n = self.int_scalar(y, "the argument of ⍳ (iota)", pos)?;
        if let Some(k) = self.static_int(n) {
            if k < 0 {
                return Err(self.err(pos, format!("domain error: ⍳ of a negative number ({k})")));
            }
            let s = self.sconst(k, pos);
            let t = self.vec_ty(El::I, k);
            return Ok(self.emit1("tail.iotaV", vec![s], t, pos));
        }
        let t = self.arr_ty(El::I, 1);
        Ok(self.emit1("tail.iota", vec![n], t, pos))
    }

    /// Brings two values to a common element type (for catenation).
    fn unify_el(&mut self, x: Value, y: Value, what: &str, pos: Pos) -> Res<(Value, Value, El)> {
        let (ex, ey) = (self.el(x), self.el(y));
        if (ex == El::C) != (ey == El::C) {
            return Err(self.err(
                pos,
                format!(
                    "domain error: {what} of {} and {}",
                    self.describe(x),
                    self.describe(y)
                ),
            ));
        }
        let e = ex.max(ey);
        Ok((self.conv(x, e, pos)?, self.conv(y, e, pos)?, e))
    }

    /// `x,y`: `cat`/`catV`, `cons`/`consV`, `snoc`/`snocV` (last axis).
    pub(crate) fn cat(&mut self, x: Value, y: Value, pos: Pos) -> Res<Value> {
        let (x, y, e) = self.unify_el(x, y, ", (catenate)", pos)?;
        let (sx, sy) = (self.info(x).1, self.info(y).1);
        match (sx, sy) {
            (Sh::Vec(a), Sh::Vec(b)) => {
                let t = self.vec_ty(e, a + b);
                Ok(self.emit1("tail.catV", vec![x, y], t, pos))
            }
            (Sh::Scalar, Sh::Vec(b)) => {
                let t = self.vec_ty(e, b + 1);
                Ok(self.emit1("tail.consV", vec![x, y], t, pos))
            }
            (Sh::Vec(a), Sh::Scalar) => {
                let t = self.vec_ty(e, a + 1);
                Ok(self.emit1("tail.snocV", vec![x, y], t, pos))
            }
            (Sh::Scalar, Sh::Scalar) => self.vector(&[(x, pos), (y, pos)], e, pos),
            (Sh::Scalar, _) if sy.rank() == 1 => {
                let t = self.arr_ty(e, 1);
                let y = self.as_arr(y, pos);
                Ok(self.emit1("tail.cons", vec![x, y], t, pos))
            }
            (_, Sh::Scalar) if sx.rank() == 1 => {
                let t = self.arr_ty(e, 1);
                let x = self.as_arr(x, pos);
                Ok(self.emit1("tail.snoc", vec![x, y], t, pos))
            }
            _ if sx.rank() == sy.rank() + 1 || (sy == Sh::Scalar && sx.rank() > 1) => {
                let y = self.as_last_column(y, x, pos)?;
                self.cat(x, y, pos)
            }
            _ if sy.rank() == sx.rank() + 1 || (sx == Sh::Scalar && sy.rank() > 1) => {
                let x = self.as_last_column(x, y, pos)?;
                self.cat(x, y, pos)
            }
            _ if sx.rank() == sy.rank() => {
                let t = self.arr_ty(e, sx.rank());
                let x = self.as_arr(x, pos);
                let y = self.as_arr(y, pos);
                Ok(self.emit1("tail.cat", vec![x, y], t, pos))
            }
            _ => Err(self.err(
                pos,
                format!(
                    "rank error: , (catenate) of {} and {} (ranks must be equal, or one side a scalar with a vector)",
                    self.describe(x),
                    self.describe(y)
                ),
            )),
        }
    }

    /// `v` (of rank one less than `a`, or a scalar) as an array of `a`'s rank whose last axis
    /// has length 1: `(⍴v),1` for an array, `(¯1↓⍴a),1` for a scalar.
    fn as_last_column(&mut self, v: Value, a: Value, pos: Pos) -> Res<Value> {
        let e = self.el(v);
        let r = self.rank(a);
        let one = self.c_int(1, pos)?;
        let s = if self.is_scalar(v) {
            let sa = self.shape(a, pos);
            let m1 = self.sconst(-1, pos);
            let vt = self.vec_ty(El::I, r - 1);
            let s = self.emit1("tail.dropV", vec![m1, sa], vt, pos);
            self.cat(s, one, pos)?
        } else {
            let sv = self.shape(v, pos);
            self.cat(sv, one, pos)?
        };
        let v = self.as_arr(v, pos);
        let d = self.default_of(e, pos);
        let t = self.arr_ty(e, r);
        Ok(self.emit1("tail.reshape", vec![s, d, v], t, pos))
    }

    /// `x⍪y`: catenation along the first axis (`transp ∘ cat ∘ transp`).
    fn cat_first(&mut self, x: Value, y: Value, pos: Pos) -> Res<Value> {
        let (rx, ry) = (self.rank(x), self.rank(y));
        if rx <= 1 && ry <= 1 {
            return self.cat(x, y, pos);
        }
        if rx != ry && rx + 1 != ry && ry + 1 != rx && rx != 0 && ry != 0 {
            return Err(self.err(
                pos,
                format!(
                    "rank error: ⍪ (catenate-first) of {} and {}",
                    self.describe(x),
                    self.describe(y)
                ),
            ));
        }
        let tx = self.transp(x, pos);
        let ty = self.transp(y, pos);
        let c = self.cat(tx, ty, pos)?;
        Ok(self.transp(c, pos))
    }

    /// `⍉y`: `transp` (the identity on scalars and vectors).
    pub(crate) fn transp(&mut self, y: Value, pos: Pos) -> Value {
        if self.rank(y) <= 1 {
            return y;
        }
        let t = self.ctx.value_type(y);
        self.emit1("tail.transp", vec![y], t, pos)
    }

    /// `p⍉y`: `transp2` with a permutation of known length (checked when static).
    pub(crate) fn transp2(&mut self, p: Value, y: Value, pos: Pos) -> Res<Value> {
        let p = self.shape_vec(p, "the left argument of dyadic ⍉ (transpose)", pos)?;
        let n = self.known_len(p).unwrap_or(0);
        let y = self.as_arr(y, pos);
        let r = self.rank(y);
        if n != r {
            return Err(self.err(
                pos,
                format!(
                    "rank error: dyadic ⍉ (transpose) needs one axis per dimension: a permutation of length {r} for {}, but got length {n}",
                    self.describe(y)
                ),
            ));
        }
        if let Some(ps) = self.static_ints(p) {
            let mut sorted = ps.clone();
            sorted.sort();
            if sorted != (1..=r).collect::<Vec<_>>() {
                return Err(self.err(
                    pos,
                    format!("domain error: the left argument of dyadic ⍉ must be a permutation of 1..{r}, but got {ps:?}"),
                ));
            }
            if r <= 1 || ps == (1..=r).collect::<Vec<_>>() {
                return Ok(y);
            }
        }
        let t = self.ctx.value_type(y);
        Ok(self.emit1("tail.transp2", vec![p, y], t, pos))
    }

    /// `x↑y`: `takeV` for a static count of a vector, `take` otherwise.
    fn take(&mut self, x: Value, y: Value, pos: Pos) -> Res<Value> {
        let x = self.norm(x, pos);
        if !self.is_scalar(x) {
            return self.take_drop_axes(x, y, true, pos);
        }
        let n = self.int_scalar(x, "the left argument of ↑ (take)", pos)?;
        let y = self.vec_if_scalar(y, pos);
        let e = self.el(y);
        if self.rank(y) == 1 {
            if let Some(k) = self.static_int(n) {
                let s = self.sconst(k, pos);
                let a = self.as_arr(y, pos);
                let t = self.vec_ty(e, k.abs());
                return Ok(self.emit1("tail.takeV", vec![s, a], t, pos));
            }
        }
        let a = self.as_arr(y, pos);
        let d = self.default_of(e, pos);
        let t = self.ctx.value_type(a);
        Ok(self.emit1("tail.take", vec![n, d, a], t, pos))
    }

    fn vec_if_scalar(&mut self, y: Value, pos: Pos) -> Value {
        let y = self.norm(y, pos);
        if self.is_scalar(y) {
            let e = self.el(y);
            let vt = self.vec_ty(e, 1);
            self.emit1("tail.vector", vec![y], vt, pos)
        } else {
            y
        }
    }

    /// `x↓y`: `dropV` for a static count of a vector of known length, `drop` otherwise.
    fn drop(&mut self, x: Value, y: Value, pos: Pos) -> Res<Value> {
        let x = self.norm(x, pos);
        if !self.is_scalar(x) {
            return self.take_drop_axes(x, y, false, pos);
        }
        let n = self.int_scalar(x, "the left argument of ↓ (drop)", pos)?;
        let y = self.vec_if_scalar(y, pos);
        let e = self.el(y);
        if let (Some(k), Some(m)) = (self.static_int(n), self.known_len(y)) {
            let s = self.sconst(k, pos);
            let t = self.vec_ty(e, (m - k.abs()).max(0));
            return Ok(self.emit1("tail.dropV", vec![s, y], t, pos));
        }
        let a = self.as_arr(y, pos);
        let t = self.ctx.value_type(a);
        Ok(self.emit1("tail.drop", vec![n, a], t, pos))
    }

    /// `⌽y` / `⊖y`.
    fn reverse(&mut self, y: Value, first: bool, pos: Pos) -> Value {
        let (_, sh) = self.info(y);
        let t = self.ctx.value_type(y);
        match sh {
            Sh::Scalar => y,
            Sh::Vec(_) => self.emit1("tail.vreverseV", vec![y], t, pos),
            _ => {
                let n = if first {
                    "tail.vreverse"
                } else {
                    "tail.reverse"
                };
                self.emit1(n, vec![y], t, pos)
            }
        }
    }

    /// `x⌽y` / `x⊖y`.
    fn rotate(&mut self, x: Value, y: Value, first: bool, pos: Pos) -> Res<Value> {
        let what = if first {
            "the left argument of ⊖ (rotate-first)"
        } else {
            "the left argument of ⌽ (rotate)"
        };
        let n = self.int_scalar(x, what, pos)?;
        let (_, sh) = self.info(y);
        let t = self.ctx.value_type(y);
        Ok(match sh {
            Sh::Scalar => y,
            Sh::Vec(_) => {
                let name = if first {
                    "tail.vrotateV"
                } else {
                    "tail.rotateV"
                };
                self.emit1(name, vec![n, y], t, pos)
            }
            _ => {
                let name = if first { "tail.vrotate" } else { "tail.rotate" };
                self.emit1(name, vec![n, y], t, pos)
            }
        })
    }

    /// `⊃y`: the first element (`first` with the default element for empty arrays).
    fn first(&mut self, y: Value, pos: Pos) -> Value {
        let (e, sh) = self.info(y);
        let et = self.el_ty(e);
        if let Some(&k) = self.static_ints(y).as_ref().and_then(|ns| ns.first()) {
            match e {
                El::B => return self.c_bool(k != 0, pos),
                El::I => {
                    if let Ok(v) = self.c_int(k, pos) {
                        return v;
                    }
                }
                _ => {}
            }
        }
        match sh {
            Sh::Scalar => y,
            Sh::Vec(n) if n > 0 => self.emit1("tail.firstV", vec![y], et, pos),
            _ => {
                let a = self.as_arr(y, pos);
                let d = self.default_of(e, pos);
                self.emit1("tail.first", vec![d, a], et, pos)
            }
        }
    }

    /// `≢y`: the length of the first axis (1 for a scalar).
    fn tally(&mut self, y: Value, pos: Pos) -> Res<Value> {
        match self.info(y).1 {
            Sh::Scalar => self.c_int(1, pos),
            Sh::Vec(n) => self.c_int(n, pos),
            Sh::Arr(_) => {
                let s = self.shape(y, pos);
                Ok(self.first(s, pos))
            }
        }
    }

    /// `⍋y` / `⍒y` on vectors.
    fn grade(&mut self, y: Value, up: bool, pos: Pos) -> Res<Value> {
        if self.rank(y) != 1 {
            return Err(self.err(
                pos,
                format!(
                    "rank error: {} expects a vector, but got {}",
                    if up { "⍋" } else { "⍒" },
                    self.describe(y)
                ),
            ));
        }
        let a = self.as_arr(y, pos);
        let t = self.arr_ty(El::I, 1);
        let n = if up { "tail.gradeUp" } else { "tail.gradeDown" };
        Ok(self.emit1(n, vec![a], t, pos))
    }

    /// `⍕y` on numeric scalars.
    fn format(&mut self, y: Value, pos: Pos) -> Res<Value> {
        let (e, sh) = self.info(y);
        if sh != Sh::Scalar || !matches!(e, El::B | El::I | El::D) {
            return Err(self.err(
                pos,
                format!(
                    "⍕ (format) expects a numeric scalar, but got {}",
                    self.describe(y)
                ),
            ));
        }
        let t = self.arr_ty(El::C, 1);
        if e == El::D {
            Ok(self.emit1("tail.formatD", vec![y], t, pos))
        } else {
            let i = self.conv_scalar(y, El::I, pos)?;
            Ok(self.emit1("tail.formatI", vec![i], t, pos))
        }
    }

    /// `x/y` (compress with booleans, replicate with integers) along the last axis: `compress`
    /// or `replicate` with one entry of `x` per item of that axis (a scalar `x` is extended to
    /// that length). `x⌿y` acts along the first axis: on an array of rank ≥ 2 it is `x/` between
    /// two `transp`s (which reverse the axes, so the first axis is the last one in between).
    fn compress(&mut self, x: Value, y: Value, first: bool, pos: Pos) -> Res<Value> {
        let g = if first { '⌿' } else { '/' };
        let ex = self.el(x);
        if ex > El::I {
            return Err(self.err(
                pos,
                format!("domain error: the left argument of {g} must be booleans or integers, but got {}", self.describe(x)),
            ));
        }
        let y = self.vec_if_scalar(y, pos);
        let ry = self.rank(y);
        if first && ry > 1 {
            let t = self.transp(y, pos);
            let c = self.compress(x, t, false, pos)?;
            return Ok(self.transp(c, pos));
        }
        let a = self.as_arr(y, pos);
        let e = self.el(a);
        let t = self.ctx.value_type(a);
        let mut m = self.as_arr(x, pos);
        if self.is_scalar(m) {
            // A scalar count applies to every item of the last axis: reshape it to a vector
            // of that axis' length (the shape of a vector; the last element of a larger shape).
            let mut s = self.shape(a, pos);
            if ry > 1 {
                let k = self.sconst(-1, pos);
                let sa = self.as_arr(s, pos);
                let st = self.vec_ty(El::I, 1);
                s = self.emit1("tail.takeV", vec![k, sa], st, pos);
            }
            let d = self.default_of(ex, pos);
            let mt = self.arr_ty(ex, 1);
            m = self.emit1("tail.reshape", vec![s, d, m], mt, pos);
        }
        if self.rank(m) != 1 {
            return Err(self.err(
                pos,
                format!(
                    "rank error: the left argument of {g} must be a scalar or a vector (one entry per item of the {} axis), but got {}",
                    if first { "first" } else { "last" },
                    self.describe(m)
                ),
            ));
        }
        if ex == El::B {
            Ok(self.emit1("tail.compress", vec![m, a], t, pos))
        } else {
            let d = self.default_of(e, pos);
            Ok(self.emit1("tail.replicate", vec![d, m, a], t, pos))
        }
    }
}

fn cmp_name(c: char, s: &str) -> String {
    let base = match c {
        '<' => "lt",
        '≤' => "lte",
        '=' => "eq",
        '≥' => "gte",
        '>' => "gt",
        _ => "neq",
    };
    format!("tail.{base}{s}")
}
