//! Lowering of the TAIL AST into the `tail` dialect.
//!
//! Types are inferred bottom-up from the op type schemes; TAIL's subtyping is made explicit
//! with coercion ops where a use site needs a supertype (`tail.vec_to_array`,
//! `tail.sv_to_vec`, `tail.s_to_scalar`). Literals are plain `tail.const`s unless the use site
//! needs a singleton type (`iotaV(5)`, `takeV`/`dropV` counts, `b2iV(tt)`, a `let` declared
//! `S(int,n)`), where they become `tail.sconst`.

use tail_dialect::types::{classify, ArrayType, CharType, SType, SVType, Shape, TailType, VecType};
use tail_ir::{
    Attribute, BlockId, Context, Diagnostic, InsertPoint, Location, OpId, OperationState, RegionId,
    Type, TypeKind, Value,
};

use crate::syntax::{Base, Expr, ExprKind, Pos, Ty};

type Res<T> = Result<T, Diagnostic>;

/// An argument of a primitive: an expression still to lower, or a value already lowered
/// (the parameters of an eta-expanded primitive).
#[derive(Clone, Copy)]
enum Arg<'e> {
    E(&'e Expr),
    V(Value, Pos),
}

impl Arg<'_> {
    fn pos(&self) -> Pos {
        match self {
            Arg::E(e) => e.pos,
            Arg::V(_, p) => *p,
        }
    }
}

/// Scalar kinds of the fixed-type scalar primitives.
#[derive(Clone, Copy)]
enum K {
    I,
    D,
    B,
    C,
    X,
}

/// The signature of a scalar primitive (`addi : int → int → int`).
fn scalar_sig(name: &str) -> Option<(&'static [K], K)> {
    use K::*;
    Some(match name {
        "addi" | "subi" | "muli" | "divi" | "resi" | "maxi" | "mini" | "andi" | "ori" | "xori"
        | "shli" | "shri" | "shari" => (&[I, I], I),
        "addd" | "subd" | "muld" | "divd" | "resd" | "powd" | "maxd" | "mind" => (&[D, D], D),
        "andb" | "orb" | "xorb" | "eqb" | "nandb" | "norb" => (&[B, B], B),
        "addx" | "subx" | "mulx" => (&[X, X], X),
        "lti" | "ltei" | "gti" | "gtei" | "eqi" | "neqi" => (&[I, I], B),
        "ltd" | "lted" | "gtd" | "gted" | "eqd" | "neqd" => (&[D, D], B),
        "ltc" | "ltec" | "gtc" | "gtec" | "eqc" | "neqc" => (&[C, C], B),
        "negi" | "absi" | "signi" | "noti" | "nowi" => (&[I], I),
        "negd" | "absd" | "expd" | "ln" | "sin" | "cos" | "tan" | "asin" | "acos" | "atan"
        | "sinh" | "cosh" | "tanh" => (&[D], D),
        "notb" => (&[B], B),
        "negx" | "conjx" | "expx" => (&[X], X),
        "floor" | "ceil" | "signd" => (&[D], I),
        "rex" | "imx" | "magnx" => (&[X], D),
        "d2x" => (&[D], X),
        "i2d" | "roll" => (&[I], D),
        "b2i" => (&[B], I),
        "injx" => (&[D, D], X),
        "pi" => (&[], D),
        _ => return None,
    })
}

/// Every primitive name the importer knows (for "used as a value" diagnostics).
fn is_primitive(name: &str) -> bool {
    scalar_sig(name).is_some()
        || matches!(
            name,
            "now"
                | "mod"
                | "iota"
                | "iotaV"
                | "shape"
                | "shapeV"
                | "reshape"
                | "reshape0"
                | "rav"
                | "zilde"
                | "take"
                | "takeV"
                | "drop"
                | "dropV"
                | "cat"
                | "catV"
                | "cons"
                | "consV"
                | "snoc"
                | "snocV"
                | "first"
                | "firstV"
                | "transp"
                | "transp2"
                | "rotate"
                | "rotateV"
                | "vrotate"
                | "vrotateV"
                | "reverse"
                | "vreverse"
                | "vreverseV"
                | "each"
                | "eachV"
                | "zipWith"
                | "reduce"
                | "scan"
                | "power"
                | "powerScl"
                | "condScl"
                | "compress"
                | "replicate"
                | "idx"
                | "idxS"
                | "idxassign"
                | "gradeUp"
                | "gradeDown"
                | "mem"
                | "memScl"
                | "b2iV"
                | "prArrI"
                | "prArrB"
                | "prArrD"
                | "prArrC"
                | "prArrX"
                | "prSclI"
                | "prSclB"
                | "prSclD"
                | "prSclC"
                | "prSclX"
                | "formatI"
                | "formatD"
                | "readFile"
                | "readIntVecFile"
                | "readDoubleVecFile"
                | "bench"
        )
}

/// How a function argument's parameters are bound.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Params {
    /// One (curried) lambda parameter per region argument.
    Curried,
    /// One lambda parameter bound to the tuple of all region arguments (`power` over tuples).
    Tupled,
}

/// The lowering state: the context, the block being filled and the variables in scope.
pub(crate) struct Lowerer<'c> {
    ctx: &'c mut Context,
    file: String,
    block: BlockId,
    env: Vec<(String, Value)>,
}

impl<'c> Lowerer<'c> {
    pub(crate) fn new(ctx: &'c mut Context, file: &str, block: BlockId) -> Self {
        Lowerer {
            ctx,
            file: file.to_string(),
            block,
            env: Vec::new(),
        }
    }

    // ----- helpers --------------------------------------------------------------------------

    pub(crate) fn loc(&mut self, p: Pos) -> Location {
        self.ctx.file_loc(&self.file, p.line, p.col)
    }

    pub(crate) fn error(&mut self, p: Pos, msg: impl Into<String>) -> Diagnostic {
        let loc = self.loc(p);
        Diagnostic::error(loc, msg)
    }

    fn ts(&self, t: Type) -> String {
        format!("'{}'", self.ctx.type_to_string(t))
    }

    fn tuple_of(&self, t: Type) -> Option<Vec<Type>> {
        match self.ctx.type_kind(t) {
            TypeKind::Tuple(ts) => Some(ts.to_vec()),
            _ => None,
        }
    }

    fn ty_of(&self, v: Value) -> Type {
        self.ctx.value_type(v)
    }

    fn emit(
        &mut self,
        name: &str,
        operands: Vec<Value>,
        results: Vec<Type>,
        attrs: Vec<(&str, Attribute)>,
        regions: Vec<RegionId>,
        pos: Pos,
    ) -> OpId {
        let loc = self.loc(pos);
        let mut st = OperationState::new(self.ctx, name, loc);
        st.operands = operands;
        st.result_types = results;
        for (n, a) in attrs {
            st.add_attr(self.ctx, n, a);
        }
        st.regions = regions;
        let op = self.ctx.create_op(st);
        self.ctx.insert_op(op, InsertPoint::BlockEnd(self.block));
        op
    }

    fn emit1(&mut self, name: &str, operands: Vec<Value>, result: Type, pos: Pos) -> Value {
        let op = self.emit(name, operands, vec![result], Vec::new(), Vec::new(), pos);
        self.ctx.result(op, 0)
    }

    fn i32t(&mut self) -> Type {
        self.ctx.int_type(32)
    }
    fn f64t(&mut self) -> Type {
        self.ctx.f64_type()
    }
    fn i1t(&mut self) -> Type {
        self.ctx.i1_type()
    }
    fn chart(&mut self) -> Type {
        CharType::get(self.ctx)
    }
    fn cplxt(&mut self) -> Type {
        let f = self.ctx.f64_type();
        self.ctx.intern_type(TypeKind::Complex(f))
    }
    fn k_ty(&mut self, k: K) -> Type {
        match k {
            K::I => self.i32t(),
            K::D => self.f64t(),
            K::B => self.i1t(),
            K::C => self.chart(),
            K::X => self.cplxt(),
        }
    }
    fn base_ty(&mut self, b: Base) -> Type {
        match b {
            Base::Int => self.i32t(),
            Base::Double => self.f64t(),
            Base::Bool => self.i1t(),
            Base::Char => self.chart(),
            Base::Complex => self.cplxt(),
        }
    }
    /// `[κ]^r`, spelled as the base type when `r = 0`.
    fn arr_ty(&mut self, e: Type, r: i64) -> Type {
        if r == 0 {
            e
        } else {
            ArrayType::get(self.ctx, e, Shape::constant(r))
        }
    }
    fn vec_ty(&mut self, e: Type, n: i64) -> Type {
        VecType::get(self.ctx, e, Shape::constant(n))
    }

    /// The IR type of a TAIL type annotation.
    fn map_ty(&mut self, t: &Ty, pos: Pos) -> Res<Type> {
        Ok(match t {
            Ty::Arr(k, r) => {
                let e = self.base_ty(*k);
                self.arr_ty(e, *r)
            }
            Ty::Vec(k, n) => {
                let e = self.base_ty(*k);
                self.vec_ty(e, *n)
            }
            Ty::S(k, n) | Ty::SV(k, n) => {
                if !matches!(k, Base::Int | Base::Bool) {
                    return Err(self.error(
                        pos,
                        format!("singleton type '{t}' needs an int or bool element type"),
                    ));
                }
                let e = self.base_ty(*k);
                if matches!(t, Ty::S(..)) {
                    SType::get(self.ctx, e, Shape::constant(*n))
                } else {
                    SVType::get(self.ctx, e, Shape::constant(*n))
                }
            }
            Ty::Tuple(ts) => {
                let mut v = Vec::new();
                for t in ts {
                    let m = self.map_ty(t, pos)?;
                    if let TypeKind::Tuple(_) = self.ctx.type_kind(m) {
                        return Err(self.error(pos, "nested tuple types are not supported"));
                    }
                    v.push(m);
                }
                self.ctx.intern_type(TypeKind::Tuple(v))
            }
        })
    }

    fn const_int(&mut self, n: i64, pos: Pos) -> Res<Value> {
        if i32::try_from(n).is_err() {
            return Err(self.error(
                pos,
                format!("integer literal {n} does not fit in a 32-bit int"),
            ));
        }
        let t = self.i32t();
        let a = self.ctx.int_attr(t, n);
        Ok(self.const_attr(a, t, pos))
    }
    fn const_attr(&mut self, a: Attribute, t: Type, pos: Pos) -> Value {
        let op = self.emit(
            "tail.const",
            Vec::new(),
            vec![t],
            vec![("value", a)],
            Vec::new(),
            pos,
        );
        self.ctx.result(op, 0)
    }
    fn const_f64(&mut self, d: f64, pos: Pos) -> Value {
        let t = self.f64t();
        let a = self.ctx.float_attr(t, d);
        self.const_attr(a, t, pos)
    }
    fn const_bool(&mut self, b: bool, pos: Pos) -> Value {
        let t = self.i1t();
        let a = self.ctx.int_attr(t, b as i64);
        self.const_attr(a, t, pos)
    }
    fn const_char(&mut self, c: u32, pos: Pos) -> Value {
        let it = self.i32t();
        let a = self.ctx.int_attr(it, c as i64);
        let t = self.chart();
        let op = self.emit(
            "tail.const_char",
            Vec::new(),
            vec![t],
            vec![("value", a)],
            Vec::new(),
            pos,
        );
        self.ctx.result(op, 0)
    }
    fn const_complex(&mut self, re: f64, im: f64, pos: Pos) -> Value {
        let a = self.const_f64(re, pos);
        let b = self.const_f64(im, pos);
        let t = self.cplxt();
        self.emit1("tail.injx", vec![a, b], t, pos)
    }
    fn sconst(&mut self, ty: Type, pos: Pos) -> Value {
        self.emit1("tail.sconst", Vec::new(), ty, pos)
    }

    /// The default element of a base type (`0`, `0.0`, `ff`, `' '`, `0j0`).
    fn default_of(&mut self, e: Type, pos: Pos) -> Res<Value> {
        match classify(self.ctx, e) {
            Some(TailType::Scalar(_)) => {}
            _ => return Err(self.error(pos, format!("no default element for type {}", self.ts(e)))),
        }
        let (i, d, b, c) = (self.i32t(), self.f64t(), self.i1t(), self.chart());
        Ok(if e == i {
            self.const_int(0, pos)?
        } else if e == d {
            self.const_f64(0.0, pos)
        } else if e == b {
            self.const_bool(false, pos)
        } else if e == c {
            self.const_char(' ' as u32, pos)
        } else {
            self.const_complex(0.0, 0.0, pos)
        })
    }

    // ----- coercions ------------------------------------------------------------------------

    /// Whether a value of type `from` can be coerced to `to` (subtyping (3.3)–(3.5), rank-0
    /// spellings, and tuples component-wise).
    fn can_coerce(&self, from: Type, to: Type) -> bool {
        if from == to {
            return true;
        }
        if let (TypeKind::Tuple(a), TypeKind::Tuple(b)) =
            (self.ctx.type_kind(from), self.ctx.type_kind(to))
        {
            return a.len() == b.len() && a.iter().zip(b).all(|(&x, &y)| self.can_coerce(x, y));
        }
        let (Some(f), Some(t)) = (classify(self.ctx, from), classify(self.ctx, to)) else {
            return false;
        };
        let one = Shape::constant(1);
        let zero = Shape::constant(0);
        match (f, t) {
            (TailType::S(a, _), TailType::Scalar(b)) => a == b,
            (TailType::S(a, _), TailType::Array(b, r)) => a == b && r == zero,
            (TailType::SV(a, _), TailType::Vec(b, n)) => a == b && n == one,
            (TailType::SV(a, _), TailType::Array(b, r)) => a == b && r == one,
            (TailType::Vec(a, _), TailType::Array(b, r)) => a == b && r == one,
            (TailType::Scalar(a), TailType::Array(b, r)) => a == b && r == zero,
            (TailType::Array(a, r), TailType::Scalar(b)) => a == b && r == zero,
            _ => false,
        }
    }

    /// Coerces `v` to `to`, or `None` (emitting nothing) when impossible.
    fn try_coerce(&mut self, v: Value, to: Type, pos: Pos) -> Option<Value> {
        let from = self.ty_of(v);
        if from == to {
            return Some(v);
        }
        if !self.can_coerce(from, to) {
            return None;
        }
        if let (Some(a), Some(b)) = (self.tuple_of(from), self.tuple_of(to)) {
            let mut comps = Vec::new();
            for (i, (&ft, &tt)) in a.iter().zip(&b).enumerate() {
                let c = self.prj(v, i, ft, pos);
                comps.push(self.try_coerce(c, tt, pos)?);
            }
            return Some(self.emit1("tail.tuple", comps, to, pos));
        }
        let f = classify(self.ctx, from)?;
        let t = classify(self.ctx, to)?;
        Some(match (f, t) {
            (TailType::S(..), TailType::Scalar(_)) => {
                self.emit1("tail.s_to_scalar", vec![v], to, pos)
            }
            (TailType::S(a, _), TailType::Array(..)) => {
                let s = self.emit1("tail.s_to_scalar", vec![v], a, pos);
                self.emit1("tail.scalar_to_array", vec![s], to, pos)
            }
            (TailType::SV(..), TailType::Vec(..)) => self.emit1("tail.sv_to_vec", vec![v], to, pos),
            (TailType::SV(a, _), TailType::Array(..)) => {
                let vt = self.vec_ty(a, 1);
                let s = self.emit1("tail.sv_to_vec", vec![v], vt, pos);
                self.emit1("tail.vec_to_array", vec![s], to, pos)
            }
            (TailType::Vec(..), TailType::Array(..)) => {
                self.emit1("tail.vec_to_array", vec![v], to, pos)
            }
            (TailType::Scalar(_), TailType::Array(..)) => {
                self.emit1("tail.scalar_to_array", vec![v], to, pos)
            }
            (TailType::Array(..), TailType::Scalar(_)) => {
                self.emit1("tail.array_to_scalar", vec![v], to, pos)
            }
            _ => return None,
        })
    }

    fn prj(&mut self, t: Value, i: usize, rt: Type, pos: Pos) -> Value {
        let i64t = self.ctx.int_type(64);
        let a = self.ctx.int_attr(i64t, i as i64);
        let op = self.emit(
            "tail.prj",
            vec![t],
            vec![rt],
            vec![("index", a)],
            Vec::new(),
            pos,
        );
        self.ctx.result(op, 0)
    }

    /// `v` as a rank-polymorphic array: `(value, element type, rank)`.
    fn as_array(&mut self, v: Value, op: &str, what: &str, pos: Pos) -> Res<(Value, Type, i64)> {
        let t = self.ty_of(v);
        match classify(self.ctx, t) {
            Some(TailType::Scalar(e)) => Ok((v, e, 0)),
            Some(TailType::Array(e, r)) => match r.as_const() {
                Some(r) => Ok((v, e, r)),
                None => Err(self.error(pos, format!("'{op}' cannot take a polymorphic rank"))),
            },
            Some(TailType::Vec(e, _) | TailType::SV(e, _)) => {
                let at = self.arr_ty(e, 1);
                let v = self.try_coerce(v, at, pos).unwrap_or(v);
                Ok((v, e, 1))
            }
            Some(TailType::S(e, _)) => {
                let v = self.try_coerce(v, e, pos).unwrap_or(v);
                Ok((v, e, 0))
            }
            None => Err(self.error(
                pos,
                format!(
                    "'{op}' expects {what} to be an array, but got {}",
                    self.ts(t)
                ),
            )),
        }
    }

    /// `v` as a vector of known length: `(value, element type, length)`.
    fn as_vec(&mut self, v: Value, op: &str, what: &str, pos: Pos) -> Res<(Value, Type, i64)> {
        let t = self.ty_of(v);
        match classify(self.ctx, t) {
            Some(TailType::Vec(e, n)) => match n.as_const() {
                Some(n) => Ok((v, e, n)),
                None => Err(self.error(pos, format!("'{op}' cannot take a polymorphic length"))),
            },
            Some(TailType::SV(e, _)) => {
                let vt = self.vec_ty(e, 1);
                let v = self.try_coerce(v, vt, pos).unwrap_or(v);
                Ok((v, e, 1))
            }
            _ => Err(self.error(
                pos,
                format!(
                    "'{op}' expects {what} to be a vector of known length (<κ>n), but got {}",
                    self.ts(t)
                ),
            )),
        }
    }

    /// `v` as a base scalar, of type `want` when given.
    fn as_scalar(
        &mut self,
        v: Value,
        want: Option<Type>,
        op: &str,
        what: &str,
        pos: Pos,
    ) -> Res<Value> {
        let t = self.ty_of(v);
        let base = match classify(self.ctx, t) {
            Some(TailType::Scalar(e) | TailType::S(e, _)) => Some(e),
            Some(TailType::Array(e, r)) if r.as_const() == Some(0) => Some(e),
            _ => None,
        };
        match base {
            Some(e) if want.is_none_or(|w| w == e) => Ok(self.try_coerce(v, e, pos).unwrap_or(v)),
            _ => {
                let want = match want {
                    Some(w) => self.ts(w),
                    None => "a scalar".to_string(),
                };
                Err(self.error(
                    pos,
                    format!(
                        "'{op}' expects {what} to have type {want}, but got {}",
                        self.ts(t)
                    ),
                ))
            }
        }
    }

    // ----- expressions ----------------------------------------------------------------------

    fn lookup(&self, x: &str) -> Option<Value> {
        self.env.iter().rev().find(|(n, _)| n == x).map(|&(_, v)| v)
    }

    fn hint_elem(&self, hint: Option<Type>) -> Option<Type> {
        match classify(self.ctx, hint?)? {
            TailType::Vec(e, _) | TailType::Array(e, _) | TailType::SV(e, _) => Some(e),
            _ => None,
        }
    }

    /// Lowers `e`; `hint` is the type the context expects (used only to type literals).
    pub(crate) fn expr(&mut self, e: &Expr, hint: Option<Type>) -> Res<Value> {
        let pos = e.pos;
        match &e.kind {
            ExprKind::Int(n) => {
                if let Some(h) = hint {
                    if let Some(TailType::S(se, sv)) = classify(self.ctx, h) {
                        if se == self.i32t() && sv.as_const() == Some(*n) {
                            return Ok(self.sconst(h, pos));
                        }
                    }
                }
                self.const_int(*n, pos)
            }
            ExprKind::Double(d) => Ok(self.const_f64(*d, pos)),
            ExprKind::Complex(a, b) => Ok(self.const_complex(*a, *b, pos)),
            ExprKind::Bool(b) => {
                if let Some(h) = hint {
                    if let Some(TailType::S(se, sv)) = classify(self.ctx, h) {
                        if se == self.i1t() && sv.as_const() == Some(*b as i64) {
                            return Ok(self.sconst(h, pos));
                        }
                    }
                }
                Ok(self.const_bool(*b, pos))
            }
            ExprKind::Char(c) => Ok(self.const_char(*c, pos)),
            ExprKind::Var(x) => match self.lookup(x) {
                Some(v) => Ok(v),
                // apltail prints nullary primitives without parentheses.
                None if x == "zilde" || x == "pi" => self.call(x, None, &[], pos, hint),
                None if is_primitive(x) => Err(self.error(
                    pos,
                    format!(
                        "primitive '{x}' used as a value; it can only be applied or passed to a higher-order primitive"
                    ),
                )),
                None => Err(self.error(pos, format!("unbound variable '{x}'"))),
            },
            ExprKind::Vector(elems) => self.vector(elems, hint, pos),
            ExprKind::Tuple(elems) => {
                if elems.is_empty() {
                    return Err(self.error(pos, "empty tuples are not supported"));
                }
                let hints: Vec<Option<Type>> = match hint.and_then(|h| self.tuple_of(h)) {
                    Some(ts) if ts.len() == elems.len() => {
                        ts.into_iter().map(Some).collect()
                    }
                    _ => vec![None; elems.len()],
                };
                let mut vs = Vec::new();
                let mut tys = Vec::new();
                for (x, h) in elems.iter().zip(hints) {
                    let v = self.expr(x, h)?;
                    let t = self.ty_of(v);
                    if classify(self.ctx, t).is_none() {
                        return Err(self.error(
                            x.pos,
                            format!("a tuple component must be an array or scalar, but got {}", self.ts(t)),
                        ));
                    }
                    vs.push(v);
                    tys.push(t);
                }
                let tt = self.ctx.intern_type(TypeKind::Tuple(tys));
                Ok(self.emit1("tail.tuple", vs, tt, pos))
            }
            ExprKind::Prj(i, x) => {
                let v = self.expr(x, None)?;
                let t = self.ty_of(v);
                let Some(ts) = self.tuple_of(t) else {
                    return Err(self.error(
                        pos,
                        format!("'Prj' expects a tuple, but got {}", self.ts(t)),
                    ));
                };
                if *i < 0 || *i as usize >= ts.len() {
                    return Err(self.error(
                        pos,
                        format!(
                            "'Prj' index {i} is out of range for a tuple of {} components (indices start at 0)",
                            ts.len()
                        ),
                    ));
                }
                let k = *i as usize;
                Ok(self.prj(v, k, ts[k], pos))
            }
            ExprKind::Let(..) => {
                // Iterative over a chain of `let`s (no stack growth per binding).
                let saved = self.env.len();
                let r = self.let_chain(e, hint);
                self.env.truncate(saved);
                r
            }
            ExprKind::If(c, a, b) => self.if_expr(c, a, b, hint, pos),
            ExprKind::Fn(..) => Err(self.error(
                pos,
                "a 'fn' lambda can only be an argument of a higher-order primitive",
            )),
            ExprKind::Call(name, inst, args) => {
                let args: Vec<Arg<'_>> = args.iter().map(Arg::E).collect();
                self.call(name, inst.as_deref(), &args, pos, hint)
            }
        }
    }

    /// `if c then a else b` as `tail.if`: the condition is a bool (an `S(bool,n)` is coerced),
    /// each branch is lowered into its own region, and both yield their join (apltail's
    /// `join`, see [`Lowerer::join`]).
    fn if_expr(
        &mut self,
        c: &Expr,
        a: &Expr,
        b: &Expr,
        hint: Option<Type>,
        pos: Pos,
    ) -> Res<Value> {
        let i1 = self.i1t();
        let cv = self.expr(c, Some(i1))?;
        let cv = self.as_scalar(cv, Some(i1), "if", "the condition", c.pos)?;
        let (ra, ba, va) = self.branch(a, hint)?;
        let (rb, bb, vb) = self.branch(b, hint)?;
        let (ta, tb) = (self.ty_of(va), self.ty_of(vb));
        let Some(t) = self.join(ta, tb) else {
            return Err(self.error(
                pos,
                format!(
                    "the branches of 'if' have incompatible types {} and {}",
                    self.ts(ta),
                    self.ts(tb)
                ),
            ));
        };
        for (blk, v, p) in [(ba, va, a.pos), (bb, vb, b.pos)] {
            let saved = std::mem::replace(&mut self.block, blk);
            let y = self.try_coerce(v, t, p);
            if let Some(y) = y {
                self.emit("tail.yield", vec![y], Vec::new(), Vec::new(), Vec::new(), p);
            }
            self.block = saved;
            if y.is_none() {
                let vt = self.ty_of(v);
                return Err(self.error(
                    p,
                    format!(
                        "an 'if' branch of type {} cannot be coerced to {}",
                        self.ts(vt),
                        self.ts(t)
                    ),
                ));
            }
        }
        let o = self.emit("tail.if", vec![cv], vec![t], Vec::new(), vec![ra, rb], pos);
        Ok(self.ctx.result(o, 0))
    }

    /// Lowers one branch of an `if` into a new single-block region (without its terminator).
    fn branch(&mut self, e: &Expr, hint: Option<Type>) -> Res<(RegionId, BlockId, Value)> {
        let region = self.ctx.create_region();
        let block = self.ctx.append_new_block(region, &[]);
        let saved_block = std::mem::replace(&mut self.block, block);
        let saved_env = self.env.len();
        let r = self.expr(e, hint);
        self.block = saved_block;
        self.env.truncate(saved_env);
        Ok((region, block, r?))
    }

    /// apltail's `join` of the types of two `if` branches (`tail_type.sml`): equal types join
    /// to themselves; two singletons `S(κ,n)`/`S(κ,m)` with `n ≠ m` join to `κ`, and an
    /// `S(κ,n)` with anything else joins as `κ`; likewise `SV(κ,n)` joins as `<κ>1` and
    /// `<κ>n` as `[κ]1` once they differ; tuples join component-wise.
    pub(crate) fn join(&mut self, t1: Type, t2: Type) -> Option<Type> {
        if t1 == t2 {
            return Some(t1);
        }
        if let (Some(a), Some(b)) = (self.tuple_of(t1), self.tuple_of(t2)) {
            if a.len() != b.len() {
                return None;
            }
            let mut ts = Vec::new();
            for (x, y) in a.into_iter().zip(b) {
                ts.push(self.join(x, y)?);
            }
            return Some(self.ctx.intern_type(TypeKind::Tuple(ts)));
        }
        let (c1, c2) = (classify(self.ctx, t1)?, classify(self.ctx, t2)?);
        match (c1, c2) {
            (TailType::S(a, _), TailType::S(b, _)) => (a == b).then_some(a),
            (TailType::S(a, _), _) => self.join(a, t2),
            (_, TailType::S(b, _)) => self.join(t1, b),
            (TailType::SV(a, _), TailType::SV(b, _)) => (a == b).then(|| self.vec_ty(a, 1)),
            (TailType::SV(a, _), _) => {
                let v = self.vec_ty(a, 1);
                self.join(v, t2)
            }
            (_, TailType::SV(b, _)) => {
                let v = self.vec_ty(b, 1);
                self.join(t1, v)
            }
            (TailType::Vec(a, _), TailType::Vec(b, _)) => (a == b).then(|| self.arr_ty(a, 1)),
            (TailType::Vec(a, _), _) => {
                let v = self.arr_ty(a, 1);
                self.join(v, t2)
            }
            (_, TailType::Vec(b, _)) => {
                let v = self.arr_ty(b, 1);
                self.join(t1, v)
            }
            _ => None,
        }
    }

    fn let_chain(&mut self, e: &Expr, hint: Option<Type>) -> Res<Value> {
        let mut e = e;
        while let ExprKind::Let(x, ann, rhs, body) = &e.kind {
            let at = match ann {
                Some(t) => Some(self.map_ty(t, e.pos)?),
                None => None,
            };
            let mut v = self.expr(rhs, at)?;
            if let (Some(t), Some(at)) = (ann, at) {
                let vt = self.ty_of(v);
                v = match self.try_coerce(v, at, rhs.pos) {
                    Some(v) => v,
                    None => {
                        let msg = format!(
                            "'{x}' is declared '{t}' ({}), but its value has type {}",
                            self.ts(at),
                            self.ts(vt)
                        );
                        return Err(self.error(rhs.pos, msg));
                    }
                };
            }
            self.env.push((x.clone(), v));
            e = body;
        }
        self.expr(e, hint)
    }

    fn vector(&mut self, elems: &[Expr], hint: Option<Type>, pos: Pos) -> Res<Value> {
        // `[n]` where `SV(int,n)` is expected (rule (3.19)).
        if let (Some(h), [one]) = (hint, elems) {
            if let Some(TailType::SV(se, sv)) = classify(self.ctx, h) {
                let lit = match one.kind {
                    ExprKind::Int(n) if se == self.i32t() => Some(n),
                    ExprKind::Bool(b) if se == self.i1t() => Some(b as i64),
                    _ => None,
                };
                if lit.is_some() && lit == sv.as_const() {
                    return Ok(self.sconst(h, pos));
                }
            }
        }
        let all_lit = elems.iter().all(|x| {
            matches!(
                x.kind,
                ExprKind::Int(_) | ExprKind::Double(_) | ExprKind::Bool(_) | ExprKind::Char(_)
            )
        });
        if all_lit {
            let he = self.hint_elem(hint);
            let (i, d, b, c) = (self.i32t(), self.f64t(), self.i1t(), self.chart());
            let mut elem: Option<Type> = None;
            for x in elems {
                let t = match x.kind {
                    ExprKind::Int(_) => i,
                    ExprKind::Double(_) => d,
                    ExprKind::Bool(_) => b,
                    _ => c,
                };
                elem = match elem {
                    None => Some(t),
                    Some(p) if p == t => Some(p),
                    Some(p) if (p == i && t == d) || (p == d && t == i) => Some(d),
                    Some(p) => {
                        return Err(self.error(
                            x.pos,
                            format!(
                                "vector literal mixes element types {} and {}",
                                self.ts(p),
                                self.ts(t)
                            ),
                        ))
                    }
                };
            }
            let mut elem = elem.or(he).unwrap_or(i);
            if elem == i && he == Some(d) {
                elem = d;
            }
            let mut attrs = Vec::new();
            for x in elems {
                let a = match x.kind {
                    ExprKind::Int(n) if elem == d => self.ctx.float_attr(d, n as f64),
                    ExprKind::Int(n) => {
                        if i32::try_from(n).is_err() {
                            return Err(self.error(
                                x.pos,
                                format!("integer literal {n} does not fit in a 32-bit int"),
                            ));
                        }
                        self.ctx.int_attr(i, n)
                    }
                    ExprKind::Double(f) => self.ctx.float_attr(d, f),
                    ExprKind::Bool(v) => self.ctx.int_attr(b, v as i64),
                    ExprKind::Char(ch) => self.ctx.int_attr(i, ch as i64),
                    _ => unreachable!("checked above"),
                };
                attrs.push(a);
            }
            let arr = self.ctx.array_attr(attrs);
            let vt = self.vec_ty(elem, elems.len() as i64);
            let op = self.emit(
                "tail.lit",
                Vec::new(),
                vec![vt],
                vec![("value", arr)],
                Vec::new(),
                pos,
            );
            return Ok(self.ctx.result(op, 0));
        }
        let he = self.hint_elem(hint);
        let mut vs = Vec::new();
        let mut elem: Option<Type> = None;
        for x in elems {
            let v = self.expr(x, he)?;
            let v = self.as_scalar(v, elem, "[…]", "every vector element", x.pos)?;
            elem = Some(self.ty_of(v));
            vs.push(v);
        }
        let elem = match elem {
            Some(e) => e,
            None => self.i32t(),
        };
        let vt = self.vec_ty(elem, vs.len() as i64);
        Ok(self.emit1("tail.vector", vs, vt, pos))
    }

    fn arg(&mut self, a: Arg<'_>, hint: Option<Type>) -> Res<Value> {
        match a {
            Arg::E(e) => self.expr(e, hint),
            Arg::V(v, _) => Ok(v),
        }
    }

    /// A statically known int or bool argument (`S(κ,n)`): a literal or an `S`-typed value.
    fn static_arg(&mut self, a: Arg<'_>, elem: Type, op: &str) -> Res<Value> {
        let pos = a.pos();
        if let Arg::E(e) = a {
            let lit = match e.kind {
                ExprKind::Int(n) if elem == self.i32t() => Some(n),
                ExprKind::Bool(b) if elem == self.i1t() => Some(b as i64),
                _ => None,
            };
            if let Some(n) = lit {
                let t = SType::get(self.ctx, elem, Shape::constant(n));
                return Ok(self.sconst(t, pos));
            }
            // `negi` of a static operand is the singleton `tail.negi : S(int,n) → S(int,-n)`
            // (`dropV(negi(v11), …)` in Fig. 3.6; a literal operand is taken at its singleton
            // type, as apltail types every literal). As an extension of apltail, whose `addi`,
            // `subi` and `muli` always give `int`, those are computed here when a primitive
            // needs a static count and both operands are static.
            if let ExprKind::Call(name, _, args) = &e.kind {
                let i32t = self.i32t();
                if name == "negi" && args.len() == 1 && elem == i32t {
                    let v = self.static_arg(Arg::E(&args[0]), i32t, name)?;
                    return self.negi(v, name, args[0].pos, pos);
                }
                let arity = match name.as_str() {
                    "addi" | "subi" | "muli" => 2,
                    _ => 0,
                };
                if elem == i32t && arity > 0 && args.len() == arity {
                    let mut ns = Vec::new();
                    for x in args {
                        let v = self.static_arg(Arg::E(x), i32t, name)?;
                        ns.push(self.s_value(v));
                    }
                    let n = match (name.as_str(), ns.as_slice()) {
                        ("addi", [a, b]) => a.checked_add(*b),
                        ("subi", [a, b]) => a.checked_sub(*b),
                        ("muli", [a, b]) => a.checked_mul(*b),
                        _ => None,
                    };
                    let Some(n) = n.filter(|n| i32::try_from(*n).is_ok()) else {
                        return Err(self.error(pos, format!("static '{name}' overflows")));
                    };
                    let t = SType::get(self.ctx, elem, Shape::constant(n));
                    return Ok(self.sconst(t, pos));
                }
            }
        }
        let v = self.arg(a, None)?;
        let t = self.ty_of(v);
        match classify(self.ctx, t) {
            Some(TailType::S(e, n)) if e == elem && n.as_const().is_some() => Ok(v),
            _ => {
                let k = if elem == self.i1t() { "bool" } else { "int" };
                let msg = format!(
                    "'{op}' expects a statically known {} (a literal or an S({k},n) value), but got {}",
                    self.ts(elem),
                    self.ts(t)
                );
                Err(self.error(pos, msg))
            }
        }
    }

    /// `tail.negi` of `v`: `S(int,n) → S(int,-n)` for a singleton, `int → int` otherwise.
    fn negi(&mut self, v: Value, name: &str, arg_pos: Pos, pos: Pos) -> Res<Value> {
        let i32t = self.i32t();
        if let Some(TailType::S(e, n)) = classify(self.ctx, self.ty_of(v)) {
            if e == i32t {
                let Some(k) = n
                    .as_const()
                    .and_then(i64::checked_neg)
                    .filter(|k| i32::try_from(*k).is_ok())
                else {
                    return Err(self.error(pos, format!("static '{name}' overflows")));
                };
                let t = SType::get(self.ctx, e, Shape::constant(k));
                return Ok(self.emit1("tail.negi", vec![v], t, pos));
            }
        }
        let v = self.as_scalar(v, Some(i32t), name, "argument #1", arg_pos)?;
        Ok(self.emit1("tail.negi", vec![v], i32t, pos))
    }

    fn s_value(&self, v: Value) -> i64 {
        match classify(self.ctx, self.ty_of(v)) {
            Some(TailType::S(_, n)) => n.as_const().unwrap_or(0),
            _ => 0,
        }
    }

    fn checked_len(&mut self, n: Option<i64>, pos: Pos) -> Res<i64> {
        n.ok_or_else(|| self.error(pos, "vector length overflows"))
    }

    fn arity(&mut self, name: &str, args: &[Arg<'_>], ns: &[usize], pos: Pos) -> Res<()> {
        if ns.contains(&args.len()) {
            return Ok(());
        }
        let want = ns
            .iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(" or ");
        let plural = if ns == [1] { "" } else { "s" };
        Err(self.error(
            pos,
            format!(
                "'{name}' expects {want} argument{plural}, but got {}",
                args.len()
            ),
        ))
    }

    fn scalar_arg(&mut self, a: Arg<'_>, want: Type, op: &str, i: usize) -> Res<Value> {
        let v = self.arg(a, Some(want))?;
        self.as_scalar(v, Some(want), op, &format!("argument #{}", i + 1), a.pos())
    }

    fn array_arg(&mut self, a: Arg<'_>, op: &str, i: usize) -> Res<(Value, Type, i64)> {
        let v = self.arg(a, None)?;
        self.as_array(v, op, &format!("argument #{}", i + 1), a.pos())
    }

    fn vec_arg(&mut self, a: Arg<'_>, op: &str, i: usize) -> Res<(Value, Type, i64)> {
        let v = self.arg(a, None)?;
        self.as_vec(v, op, &format!("argument #{}", i + 1), a.pos())
    }

    fn int_vec_arg(&mut self, a: Arg<'_>, op: &str, i: usize) -> Res<(Value, i64)> {
        let (v, e, n) = self.vec_arg(a, op, i)?;
        if e != self.i32t() {
            return Err(self.error(
                a.pos(),
                format!(
                    "'{op}' expects argument #{} to be an int vector, but got {}",
                    i + 1,
                    self.ts(self.ty_of(v))
                ),
            ));
        }
        Ok((v, n))
    }

    // ----- function arguments ---------------------------------------------------------------

    /// Builds the region of a higher-order primitive from a function argument (a `fn` lambda or
    /// a primitive name, eta-expanded). Returns the region and the yielded types; results are
    /// coerced to `want` when given, otherwise to base scalars.
    fn function(
        &mut self,
        f: Arg<'_>,
        params: &[Type],
        mode: Params,
        want: Option<&[Type]>,
        op: &str,
    ) -> Res<(RegionId, Vec<Type>)> {
        let pos = f.pos();
        let Arg::E(fe) = f else {
            return Err(self.error(pos, format!("'{op}' expects a function argument")));
        };
        let region = self.ctx.create_region();
        let block = self.ctx.append_new_block(region, params);
        let args: Vec<Value> = self.ctx.block_args(block).to_vec();
        let saved_block = std::mem::replace(&mut self.block, block);
        let saved_env = self.env.len();
        let r = self.function_body(fe, &args, mode, want, op);
        self.block = saved_block;
        self.env.truncate(saved_env);
        let (body_pos, yielded) = r?;
        let tys: Vec<Type> = yielded.iter().map(|&v| self.ty_of(v)).collect();
        let saved_block = std::mem::replace(&mut self.block, block);
        self.emit(
            "tail.yield",
            yielded,
            Vec::new(),
            Vec::new(),
            Vec::new(),
            body_pos,
        );
        self.block = saved_block;
        // Tuples built only to be taken apart again (the body's `(e1, e2)` of a tuple power).
        for o in self.ctx.block_op_vec(block) {
            if self.ctx.op_name_str(o) == "tail.tuple" && self.ctx.op_results_unused(o) {
                self.ctx.erase_op(o);
            }
        }
        Ok((region, tys))
    }

    fn function_body(
        &mut self,
        fe: &Expr,
        args: &[Value],
        mode: Params,
        want: Option<&[Type]>,
        op: &str,
    ) -> Res<(Pos, Vec<Value>)> {
        let pos = fe.pos;
        // The parameter values as the lambda sees them.
        let param_vals: Vec<Value> = match mode {
            Params::Curried => args.to_vec(),
            Params::Tupled => {
                let tys: Vec<Type> = args.iter().map(|&v| self.ty_of(v)).collect();
                let tt = self.ctx.intern_type(TypeKind::Tuple(tys));
                vec![self.emit1("tail.tuple", args.to_vec(), tt, pos)]
            }
        };
        let (body_pos, result) = match &fe.kind {
            ExprKind::Fn(..) => {
                let mut e = fe;
                for &pv in &param_vals {
                    let ExprKind::Fn(x, ann, body) = &e.kind else {
                        return Err(self.error(
                            e.pos,
                            format!(
                                "'{op}' passes {} arguments to its function, but the lambda takes fewer",
                                param_vals.len()
                            ),
                        ));
                    };
                    let mut v = pv;
                    if let Some(t) = ann {
                        let at = self.map_ty(t, e.pos)?;
                        let vt = self.ty_of(pv);
                        v = match self.try_coerce(pv, at, e.pos) {
                            Some(v) => v,
                            None => {
                                return Err(self.error(
                                    e.pos,
                                    format!(
                                    "parameter '{x}' is declared '{t}' ({}), but '{op}' passes {}",
                                    self.ts(at),
                                    self.ts(vt)
                                ),
                                ))
                            }
                        };
                    }
                    self.env.push((x.clone(), v));
                    e = body;
                }
                if let ExprKind::Fn(..) = e.kind {
                    return Err(self.error(
                        e.pos,
                        format!(
                            "'{op}' passes {} argument{} to its function, but the lambda takes more",
                            param_vals.len(),
                            if param_vals.len() == 1 { "" } else { "s" }
                        ),
                    ));
                }
                let r = self.expr(e, None)?;
                (e.pos, r)
            }
            ExprKind::Var(name) if self.lookup(name).is_none() && is_primitive(name) => {
                let vargs: Vec<Arg<'_>> = param_vals.iter().map(|&v| Arg::V(v, pos)).collect();
                let r = self.call(name, None, &vargs, pos, None)?;
                (pos, r)
            }
            ExprKind::Var(name) if self.lookup(name).is_none() => {
                return Err(self.error(pos, format!("unknown function '{name}'")))
            }
            _ => {
                return Err(self.error(
                    pos,
                    format!(
                        "'{op}' expects a function argument (a 'fn' lambda or a primitive name)"
                    ),
                ))
            }
        };
        // The yielded values.
        let comps: Vec<Value> = match mode {
            Params::Curried => vec![result],
            Params::Tupled => {
                let rt = self.ty_of(result);
                let Some(ts) = self.tuple_of(rt) else {
                    return Err(self.error(
                        body_pos,
                        format!(
                            "'{op}' expects its function to return a tuple, but it returns {}",
                            self.ts(rt)
                        ),
                    ));
                };
                match self.ctx.defining_op(result) {
                    Some(d) if self.ctx.op_name_str(d) == "tail.tuple" => self.ctx.operand_vec(d),
                    _ => {
                        let mut v = Vec::new();
                        for (i, t) in ts.into_iter().enumerate() {
                            v.push(self.prj(result, i, t, body_pos));
                        }
                        v
                    }
                }
            }
        };
        let mut out = Vec::new();
        match want {
            Some(w) => {
                if w.len() != comps.len() {
                    return Err(self.error(
                        body_pos,
                        format!(
                            "'{op}' expects its function to return {} values, but it returns {}",
                            w.len(),
                            comps.len()
                        ),
                    ));
                }
                for (&c, &t) in comps.iter().zip(w) {
                    let ct = self.ty_of(c);
                    match self.try_coerce(c, t, body_pos) {
                        Some(v) => out.push(v),
                        None => {
                            return Err(self.error(
                                body_pos,
                                format!(
                                    "'{op}' expects its function to return {}, but it returns {}",
                                    self.ts(t),
                                    self.ts(ct)
                                ),
                            ))
                        }
                    }
                }
            }
            None => {
                for c in comps {
                    out.push(self.as_scalar(c, None, op, "its function's result", body_pos)?);
                }
            }
        }
        Ok((body_pos, out))
    }

    // ----- primitives -----------------------------------------------------------------------

    fn call(
        &mut self,
        name: &str,
        inst: Option<&[Base]>,
        args: &[Arg<'_>],
        pos: Pos,
        hint: Option<Type>,
    ) -> Res<Value> {
        // `now` is the name the apltail subset notes use for `nowi`.
        let name = if name == "now" { "nowi" } else { name };
        match name {
            // apltail's `mod(a, b)` is `a mod b`, the residue `resi(b, a)`.
            "mod" => {
                self.arity(name, args, &[2], pos)?;
                let swapped = [args[1], args[0]];
                return self.call("resi", None, &swapped, pos, hint);
            }
            // `negi : S(int,n) → S(int,-n)` (apltail keeps negated singletons static).
            "negi" if args.len() == 1 => {
                let v = self.arg(args[0], None)?;
                return self.negi(v, name, args[0].pos(), pos);
            }
            // `b2i : S(bool,n) → S(int,n)`, as `b2iV`.
            "b2i" if args.len() == 1 => {
                let v = self.arg(args[0], None)?;
                if let Some(TailType::S(..)) = classify(self.ctx, self.ty_of(v)) {
                    return self.call("b2iV", None, &[Arg::V(v, args[0].pos())], pos, hint);
                }
                let (i1, i32t) = (self.i1t(), self.i32t());
                let v = self.as_scalar(v, Some(i1), name, "argument #1", args[0].pos())?;
                return Ok(self.emit1("tail.b2i", vec![v], i32t, pos));
            }
            _ => {}
        }
        if let Some((params, res)) = scalar_sig(name) {
            self.arity(name, args, &[params.len()], pos)?;
            let mut vs = Vec::new();
            for (i, (&k, &a)) in params.iter().zip(args).enumerate() {
                let t = self.k_ty(k);
                vs.push(self.scalar_arg(a, t, name, i)?);
            }
            let rt = self.k_ty(res);
            return Ok(self.emit1(&format!("tail.{name}"), vs, rt, pos));
        }
        let op = format!("tail.{name}");
        let i32t = self.i32t();
        match name {
            "iota" => {
                self.arity(name, args, &[1], pos)?;
                let n = self.scalar_arg(args[0], i32t, name, 0)?;
                let rt = self.arr_ty(i32t, 1);
                Ok(self.emit1(&op, vec![n], rt, pos))
            }
            "iotaV" => {
                self.arity(name, args, &[1], pos)?;
                let n = self.static_arg(args[0], i32t, name)?;
                let k = self.s_value(n);
                if k < 0 {
                    return Err(
                        self.error(args[0].pos(), format!("'iotaV' of the negative count {k}"))
                    );
                }
                let rt = self.vec_ty(i32t, k);
                Ok(self.emit1(&op, vec![n], rt, pos))
            }
            "shape" => {
                self.arity(name, args, &[1], pos)?;
                let (a, _, r) = self.array_arg(args[0], name, 0)?;
                let rt = self.vec_ty(i32t, r);
                Ok(self.emit1(&op, vec![a], rt, pos))
            }
            "shapeV" => {
                self.arity(name, args, &[1], pos)?;
                let (v, _, n) = self.vec_arg(args[0], name, 0)?;
                let rt = SVType::get(self.ctx, i32t, Shape::constant(n));
                Ok(self.emit1(&op, vec![v], rt, pos))
            }
            "reshape" | "reshape0" => {
                let ns: &[usize] = if name == "reshape" { &[2, 3] } else { &[2] };
                self.arity(name, args, ns, pos)?;
                let (s, k) = self.int_vec_arg(args[0], name, 0)?;
                let last = args[args.len() - 1];
                let (a, e, _) = self.array_arg(last, name, args.len() - 1)?;
                let rt = self.arr_ty(e, k);
                let ops = if name == "reshape0" {
                    vec![s, a]
                } else {
                    let d = if args.len() == 3 {
                        self.scalar_arg(args[1], e, name, 1)?
                    } else {
                        self.default_of(e, pos)?
                    };
                    vec![s, d, a]
                };
                Ok(self.emit1(&op, ops, rt, pos))
            }
            "rav" => {
                self.arity(name, args, &[1], pos)?;
                let (a, e, _) = self.array_arg(args[0], name, 0)?;
                let rt = self.arr_ty(e, 1);
                Ok(self.emit1(&op, vec![a], rt, pos))
            }
            "zilde" => {
                self.arity(name, args, &[0], pos)?;
                let e = match inst.and_then(|i| i.first()) {
                    Some(&k) => self.base_ty(k),
                    None => match self.hint_elem(hint) {
                        Some(e) => e,
                        None => i32t,
                    },
                };
                let rt = self.vec_ty(e, 0);
                Ok(self.emit1(&op, Vec::new(), rt, pos))
            }
            "take" => {
                self.arity(name, args, &[2, 3], pos)?;
                let n = self.scalar_arg(args[0], i32t, name, 0)?;
                let last = args.len() - 1;
                let (a, e, r) = self.array_arg(args[last], name, last)?;
                let d = if args.len() == 3 {
                    self.scalar_arg(args[1], e, name, 1)?
                } else {
                    self.default_of(e, pos)?
                };
                let rt = self.arr_ty(e, r);
                Ok(self.emit1(&op, vec![n, d, a], rt, pos))
            }
            "takeV" => {
                self.arity(name, args, &[2], pos)?;
                let n = self.static_arg(args[0], i32t, name)?;
                let k = self.s_value(n);
                let (a, e, _) = self.array_arg(args[1], name, 1)?;
                let rt = self.vec_ty(e, k.abs());
                Ok(self.emit1(&op, vec![n, a], rt, pos))
            }
            "drop" => {
                self.arity(name, args, &[2], pos)?;
                let n = self.scalar_arg(args[0], i32t, name, 0)?;
                let (a, e, r) = self.array_arg(args[1], name, 1)?;
                let rt = self.arr_ty(e, r);
                Ok(self.emit1(&op, vec![n, a], rt, pos))
            }
            "dropV" => {
                self.arity(name, args, &[2], pos)?;
                let n = self.static_arg(args[0], i32t, name)?;
                let k = self.s_value(n);
                let (v, e, m) = self.vec_arg(args[1], name, 1)?;
                let rt = self.vec_ty(e, (m - k.abs()).max(0));
                Ok(self.emit1(&op, vec![n, v], rt, pos))
            }
            "cat" => {
                self.arity(name, args, &[2], pos)?;
                let (a, e, r) = self.array_arg(args[0], name, 0)?;
                let (b, _, _) = self.array_arg(args[1], name, 1)?;
                let rt = self.arr_ty(e, r);
                Ok(self.emit1(&op, vec![a, b], rt, pos))
            }
            "catV" => {
                self.arity(name, args, &[2], pos)?;
                let (a, e, n) = self.vec_arg(args[0], name, 0)?;
                let (b, _, m) = self.vec_arg(args[1], name, 1)?;
                let len = self.checked_len(n.checked_add(m), pos)?;
                let rt = self.vec_ty(e, len);
                Ok(self.emit1(&op, vec![a, b], rt, pos))
            }
            "cons" | "snoc" => {
                self.arity(name, args, &[2], pos)?;
                let (xi, ai) = if name == "cons" { (0, 1) } else { (1, 0) };
                let (a, e, r) = self.array_arg(args[ai], name, ai)?;
                let xv = self.arg(args[xi], Some(e))?;
                let (x, _, _) =
                    self.as_array(xv, name, &format!("argument #{}", xi + 1), args[xi].pos())?;
                let rt = self.arr_ty(e, r);
                let ops = if name == "cons" {
                    vec![x, a]
                } else {
                    vec![a, x]
                };
                Ok(self.emit1(&op, ops, rt, pos))
            }
            "consV" | "snocV" => {
                self.arity(name, args, &[2], pos)?;
                let (xi, vi) = if name == "consV" { (0, 1) } else { (1, 0) };
                let (v, e, n) = self.vec_arg(args[vi], name, vi)?;
                let x = self.scalar_arg(args[xi], e, name, xi)?;
                let len = self.checked_len(n.checked_add(1), pos)?;
                let rt = self.vec_ty(e, len);
                let ops = if name == "consV" {
                    vec![x, v]
                } else {
                    vec![v, x]
                };
                Ok(self.emit1(&op, ops, rt, pos))
            }
            "first" => {
                self.arity(name, args, &[1, 2], pos)?;
                let last = args.len() - 1;
                let (a, e, _) = self.array_arg(args[last], name, last)?;
                let d = if args.len() == 2 {
                    self.scalar_arg(args[0], e, name, 0)?
                } else {
                    self.default_of(e, pos)?
                };
                Ok(self.emit1(&op, vec![d, a], e, pos))
            }
            "firstV" => {
                self.arity(name, args, &[1], pos)?;
                let v = self.arg(args[0], None)?;
                let t = self.ty_of(v);
                let rt = match classify(self.ctx, t) {
                    Some(TailType::SV(e, n)) => SType::get(self.ctx, e, n),
                    Some(TailType::Vec(e, _)) => e,
                    _ => {
                        return Err(self.error(
                            args[0].pos(),
                            format!(
                                "'firstV' expects a singleton vector or a vector of known length, but got {}",
                                self.ts(t)
                            ),
                        ))
                    }
                };
                Ok(self.emit1(&op, vec![v], rt, pos))
            }
            "reverse" | "vreverse" | "transp" | "mem" | "gradeUp" | "gradeDown" => {
                self.arity(name, args, &[1], pos)?;
                if name == "transp" {
                    // apltail applies `transp` to vectors of known length (Fig. 3.6:
                    // `transp(vrotateV(v6, transp(dropV(~1, v7))))`) and singletons, and
                    // keeps their type; so does `tail.transp`.
                    let v = self.arg(args[0], None)?;
                    let t = self.ty_of(v);
                    if let Some(TailType::Vec(..) | TailType::SV(..) | TailType::S(..)) =
                        classify(self.ctx, t)
                    {
                        return Ok(self.emit1(&op, vec![v], t, pos));
                    }
                    let (a, e, r) = self.as_array(v, name, "argument #1", args[0].pos())?;
                    let rt = self.arr_ty(e, r);
                    return Ok(self.emit1(&op, vec![a], rt, pos));
                }
                let (a, e, r) = self.array_arg(args[0], name, 0)?;
                let rt = if name.starts_with("grade") {
                    self.arr_ty(i32t, 1)
                } else {
                    self.arr_ty(e, r)
                };
                Ok(self.emit1(&op, vec![a], rt, pos))
            }
            "memScl" => {
                self.arity(name, args, &[1], pos)?;
                let v = self.arg(args[0], None)?;
                let v = self.as_scalar(v, None, name, "argument #1", args[0].pos())?;
                let t = self.ty_of(v);
                Ok(self.emit1(&op, vec![v], t, pos))
            }
            "vreverseV" => {
                self.arity(name, args, &[1], pos)?;
                let (v, _, _) = self.vec_arg(args[0], name, 0)?;
                let t = self.ty_of(v);
                Ok(self.emit1(&op, vec![v], t, pos))
            }
            "rotate" | "vrotate" | "rotateV" | "vrotateV" => {
                self.arity(name, args, &[2], pos)?;
                let n = self.scalar_arg(args[0], i32t, name, 0)?;
                let a = if name.ends_with('V') {
                    self.vec_arg(args[1], name, 1)?.0
                } else {
                    self.array_arg(args[1], name, 1)?.0
                };
                let t = self.ty_of(a);
                Ok(self.emit1(&op, vec![n, a], t, pos))
            }
            "transp2" => {
                self.arity(name, args, &[2], pos)?;
                let (p, _) = self.int_vec_arg(args[0], name, 0)?;
                let (a, _, _) = self.array_arg(args[1], name, 1)?;
                let t = self.ty_of(a);
                Ok(self.emit1(&op, vec![p, a], t, pos))
            }
            "compress" => {
                self.arity(name, args, &[2], pos)?;
                let (m, _, _) = self.array_arg(args[0], name, 0)?;
                let (a, e, r) = self.array_arg(args[1], name, 1)?;
                let rt = self.arr_ty(e, r);
                Ok(self.emit1(&op, vec![m, a], rt, pos))
            }
            "replicate" => {
                self.arity(name, args, &[2, 3], pos)?;
                let last = args.len() - 1;
                let (c, _, _) = self.array_arg(args[last - 1], name, last - 1)?;
                let (a, e, r) = self.array_arg(args[last], name, last)?;
                let d = if args.len() == 3 {
                    self.scalar_arg(args[0], e, name, 0)?
                } else {
                    self.default_of(e, pos)?
                };
                let rt = self.arr_ty(e, r);
                Ok(self.emit1(&op, vec![d, c, a], rt, pos))
            }
            "idx" | "idxS" => {
                self.arity(name, args, &[3], pos)?;
                let d = if name == "idxS" {
                    self.static_arg(args[0], i32t, name)?
                } else {
                    self.scalar_arg(args[0], i32t, name, 0)?
                };
                let i = self.scalar_arg(args[1], i32t, name, 1)?;
                let (a, e, r) = self.array_arg(args[2], name, 2)?;
                if r < 1 {
                    return Err(self.error(
                        args[2].pos(),
                        format!("'{name}' expects an array of rank at least 1"),
                    ));
                }
                let rt = self.arr_ty(e, r - 1);
                Ok(self.emit1(&op, vec![d, i, a], rt, pos))
            }
            "idxassign" => {
                self.arity(name, args, &[3], pos)?;
                let (is, _) = self.int_vec_arg(args[0], name, 0)?;
                let (a, e, _) = self.array_arg(args[1], name, 1)?;
                let v = self.scalar_arg(args[2], e, name, 2)?;
                let rt = self.i1t();
                Ok(self.emit1(&op, vec![is, a, v], rt, pos))
            }
            "b2iV" => {
                self.arity(name, args, &[1], pos)?;
                let i1 = self.i1t();
                let b = self.static_arg(args[0], i1, name)?;
                let k = self.s_value(b);
                let rt = SType::get(self.ctx, i32t, Shape::constant(k));
                Ok(self.emit1(&op, vec![b], rt, pos))
            }
            "prArrI" | "prArrB" | "prArrD" | "prArrC" | "prArrX" => {
                self.arity(name, args, &[1], pos)?;
                let (a, _, _) = self.array_arg(args[0], name, 0)?;
                let t = self.ty_of(a);
                Ok(self.emit1(&op, vec![a], t, pos))
            }
            "prSclI" | "prSclB" | "prSclD" | "prSclC" | "prSclX" => {
                self.arity(name, args, &[1], pos)?;
                let k = match name.as_bytes().last() {
                    Some(b'I') => K::I,
                    Some(b'B') => K::B,
                    Some(b'D') => K::D,
                    Some(b'C') => K::C,
                    _ => K::X,
                };
                let t = self.k_ty(k);
                let v = self.scalar_arg(args[0], t, name, 0)?;
                Ok(self.emit1(&op, vec![v], t, pos))
            }
            "formatI" | "formatD" => {
                self.arity(name, args, &[1], pos)?;
                let t = if name == "formatI" { i32t } else { self.f64t() };
                let v = self.scalar_arg(args[0], t, name, 0)?;
                let c = self.chart();
                let rt = self.arr_ty(c, 1);
                Ok(self.emit1(&op, vec![v], rt, pos))
            }
            "readFile" | "readIntVecFile" | "readDoubleVecFile" => {
                self.arity(name, args, &[1], pos)?;
                let (a, _, _) = self.array_arg(args[0], name, 0)?;
                let e = match name {
                    "readFile" => self.chart(),
                    "readIntVecFile" => i32t,
                    _ => self.f64t(),
                };
                let rt = self.arr_ty(e, 1);
                Ok(self.emit1(&op, vec![a], rt, pos))
            }
            "each" | "eachV" => {
                self.arity(name, args, &[2], pos)?;
                let (a, e, r) = if name == "each" {
                    self.array_arg(args[1], name, 1)?
                } else {
                    self.vec_arg(args[1], name, 1)?
                };
                let (region, tys) = self.function(args[0], &[e], Params::Curried, None, name)?;
                let b = tys[0];
                let rt = if name == "each" {
                    self.arr_ty(b, r)
                } else {
                    self.vec_ty(b, r)
                };
                let o = self.emit(&op, vec![a], vec![rt], Vec::new(), vec![region], pos);
                Ok(self.ctx.result(o, 0))
            }
            "zipWith" => {
                self.arity(name, args, &[3], pos)?;
                let (a, e1, r) = self.array_arg(args[1], name, 1)?;
                let (b, e2, _) = self.array_arg(args[2], name, 2)?;
                let (region, tys) =
                    self.function(args[0], &[e1, e2], Params::Curried, None, name)?;
                let rt = self.arr_ty(tys[0], r);
                let o = self.emit(&op, vec![a, b], vec![rt], Vec::new(), vec![region], pos);
                Ok(self.ctx.result(o, 0))
            }
            "reduce" => {
                self.arity(name, args, &[3], pos)?;
                let (a, e, r) = self.array_arg(args[2], name, 2)?;
                if r < 1 {
                    return Err(self.error(
                        args[2].pos(),
                        "'reduce' expects an array of rank at least 1",
                    ));
                }
                let n = self.scalar_arg(args[1], e, name, 1)?;
                let (region, _) =
                    self.function(args[0], &[e, e], Params::Curried, Some(&[e]), name)?;
                let rt = self.arr_ty(e, r - 1);
                let o = self.emit(&op, vec![n, a], vec![rt], Vec::new(), vec![region], pos);
                Ok(self.ctx.result(o, 0))
            }
            "scan" => {
                self.arity(name, args, &[2], pos)?;
                let (a, e, r) = self.array_arg(args[1], name, 1)?;
                let (region, _) =
                    self.function(args[0], &[e, e], Params::Curried, Some(&[e]), name)?;
                let rt = self.arr_ty(e, r);
                let o = self.emit(&op, vec![a], vec![rt], Vec::new(), vec![region], pos);
                Ok(self.ctx.result(o, 0))
            }
            "powerScl" | "condScl" | "bench" => {
                self.arity(name, args, &[3], pos)?;
                let c = if name != "condScl" {
                    self.scalar_arg(args[1], i32t, name, 1)?
                } else {
                    let i1 = self.i1t();
                    self.scalar_arg(args[1], i1, name, 1)?
                };
                let xv = self.arg(args[2], None)?;
                let x = self.as_scalar(xv, None, name, "argument #3", args[2].pos())?;
                let e = self.ty_of(x);
                let (region, _) =
                    self.function(args[0], &[e], Params::Curried, Some(&[e]), name)?;
                let o = self.emit(&op, vec![c, x], vec![e], Vec::new(), vec![region], pos);
                Ok(self.ctx.result(o, 0))
            }
            "power" => {
                self.arity(name, args, &[3], pos)?;
                let n = self.scalar_arg(args[1], i32t, name, 1)?;
                self.power(args[0], n, args[2], pos)
            }
            _ => Err(self.error(pos, format!("unknown TAIL primitive '{name}'"))),
        }
    }

    /// `power(f, n, x)`, where the state `x` may be a tuple (then the region takes and yields
    /// its components).
    fn power(&mut self, f: Arg<'_>, n: Value, init: Arg<'_>, pos: Pos) -> Res<Value> {
        let ipos = init.pos();
        let (mut comps, tupled) = match init {
            Arg::E(Expr {
                kind: ExprKind::Tuple(elems),
                ..
            }) if !elems.is_empty() => {
                let mut v = Vec::new();
                for x in elems {
                    v.push(self.expr(x, None)?);
                }
                (v, true)
            }
            _ => {
                let v = self.arg(init, None)?;
                let t = self.ty_of(v);
                match self.tuple_of(t) {
                    Some(ts) => {
                        let mut c = Vec::new();
                        for (i, t) in ts.into_iter().enumerate() {
                            c.push(self.prj(v, i, t, ipos));
                        }
                        (c, true)
                    }
                    _ => (vec![v], false),
                }
            }
        };
        // The state types: the lambda's annotation when there is one, else the initial value's.
        let ann = match f {
            Arg::E(Expr {
                kind: ExprKind::Fn(_, Some(t), _),
                pos,
            }) => Some(self.map_ty(t, *pos)?),
            _ => None,
        };
        let state: Vec<Type> = match ann {
            Some(at) => match (self.tuple_of(at), tupled) {
                (Some(ts), true) if ts.len() == comps.len() => ts,
                (Some(_), _) | (_, true) => {
                    let got: Vec<String> = comps.iter().map(|&c| self.ts(self.ty_of(c))).collect();
                    return Err(self.error(
                        f.pos(),
                        format!(
                            "'power' function parameter has type {}, but the initial state has types ({})",
                            self.ts(at),
                            got.join(", ")
                        ),
                    ));
                }
                _ => vec![at],
            },
            None => comps.iter().map(|&c| self.ty_of(c)).collect(),
        };
        for (c, &t) in comps.iter_mut().zip(&state) {
            let ct = self.ty_of(*c);
            *c = match self.try_coerce(*c, t, ipos) {
                Some(v) => v,
                None => {
                    return Err(self.error(
                        ipos,
                        format!(
                            "'power' initial state has type {}, but the function takes {}",
                            self.ts(ct),
                            self.ts(t)
                        ),
                    ))
                }
            };
        }
        for &t in &state {
            if classify(self.ctx, t).is_none() {
                return Err(self.error(
                    ipos,
                    format!("'power' cannot iterate a state of type {}", self.ts(t)),
                ));
            }
        }
        let mode = if tupled {
            Params::Tupled
        } else {
            Params::Curried
        };
        let (region, _) = self.function(f, &state, mode, Some(&state), "power")?;
        let mut operands = vec![n];
        operands.extend(comps);
        let o = self.emit(
            "tail.power",
            operands,
            state.clone(),
            Vec::new(),
            vec![region],
            pos,
        );
        let results: Vec<Value> = self.ctx.results(o).to_vec();
        if tupled {
            let tt = self.ctx.intern_type(TypeKind::Tuple(state));
            Ok(self.emit1("tail.tuple", results, tt, pos))
        } else {
            Ok(results[0])
        }
    }

    /// Coerces the program's value to `f64`.
    pub(crate) fn finish(&mut self, v: Value, pos: Pos) -> Res<Value> {
        let f = self.f64t();
        let t = self.ty_of(v);
        match self.try_coerce(v, f, pos) {
            Some(v) => Ok(v),
            None => Err(self.error(
                pos,
                format!(
                    "the program must produce a [double]0 value, but it produces {}",
                    self.ts(t)
                ),
            )),
        }
    }

    pub(crate) fn ret(&mut self, v: Value, pos: Pos) {
        self.emit(
            "func.return",
            vec![v],
            Vec::new(),
            Vec::new(),
            Vec::new(),
            pos,
        );
    }
}
