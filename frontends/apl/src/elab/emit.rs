//! IR emission helpers of the elaborator: types, constants, coercions between TAIL's type
//! spellings, element conversions (`b2i`, `i2d`, `d2x`), static values and regions.

use tail_dialect::types::{classify, ArrayType, CharType, SType, Shape, TailType, VecType};
use tail_ir::{
    AttrKind, Attribute, Diagnostic, InsertPoint, OpId, OperationState, RegionId, Type, TypeKind,
    Value,
};

use super::{El, Elab, Res};
use crate::ast::Pos;

/// The shape class of an IR value, as the elaborator sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sh {
    /// A base scalar (rank 0).
    Scalar,
    /// A vector of statically known length (`!tail.vec<κ, n>`).
    Vec(i64),
    /// An array of a (statically known) rank.
    Arr(i64),
}

impl Sh {
    pub(crate) fn rank(self) -> i64 {
        match self {
            Sh::Scalar => 0,
            Sh::Vec(_) => 1,
            Sh::Arr(r) => r,
        }
    }
}

impl Elab<'_> {
    // ----- errors and locations -------------------------------------------------------------

    /// The location of `p`.
    pub(crate) fn loc(&mut self, p: Pos) -> tail_ir::Location {
        let k = usize::try_from(p.file).unwrap_or(usize::MAX);
        let file = self
            .files
            .get(k)
            .or(self.files.last())
            .map_or("", |f| f.as_str());
        self.ctx.file_loc(file, p.line.max(1), p.col.max(1))
    }

    /// An error located at `p`.
    pub(crate) fn err(&mut self, p: Pos, msg: impl Into<String>) -> Diagnostic {
        let loc = self.loc(p);
        Diagnostic::error(loc, msg)
    }

    /// An error located at `p` with a note located at `note_pos`.
    pub(crate) fn err_note(
        &mut self,
        p: Pos,
        msg: impl Into<String>,
        note_pos: Pos,
        note: impl Into<String>,
    ) -> Diagnostic {
        let d = self.err(p, msg);
        let loc = self.loc(note_pos);
        d.with_note(loc, note)
    }

    // ----- types ----------------------------------------------------------------------------

    pub(crate) fn el_ty(&mut self, e: El) -> Type {
        match e {
            El::B => self.ctx.i1_type(),
            El::I => self.ctx.int_type(32),
            El::D => self.ctx.f64_type(),
            El::X => {
                let f = self.ctx.f64_type();
                self.ctx.intern_type(TypeKind::Complex(f))
            }
            El::C => CharType::get(self.ctx),
        }
    }

    pub(crate) fn ty_el(&self, t: Type) -> Option<El> {
        match self.ctx.type_kind(t) {
            TypeKind::Integer { width: 1, .. } => Some(El::B),
            TypeKind::Integer { width: 32, .. } => Some(El::I),
            TypeKind::Float(tail_ir::FloatKind::F64) => Some(El::D),
            TypeKind::Complex(_) => Some(El::X),
            TypeKind::Dialect(_) if CharType::from_type(self.ctx, t).is_some() => Some(El::C),
            _ => None,
        }
    }

    /// `[κ]^r`, spelled as the base type when `r = 0`.
    pub(crate) fn arr_ty(&mut self, e: El, r: i64) -> Type {
        let t = self.el_ty(e);
        if r == 0 {
            t
        } else {
            ArrayType::get(self.ctx, t, Shape::constant(r))
        }
    }

    pub(crate) fn vec_ty(&mut self, e: El, n: i64) -> Type {
        let t = self.el_ty(e);
        VecType::get(self.ctx, t, Shape::constant(n))
    }

    pub(crate) fn s_ty(&mut self, n: i64) -> Type {
        let t = self.ctx.int_type(32);
        SType::get(self.ctx, t, Shape::constant(n))
    }

    /// Element type and shape class of a value (after [`Elab::norm`]).
    pub(crate) fn info(&self, v: Value) -> (El, Sh) {
        let t = self.ctx.value_type(v);
        match classify(self.ctx, t) {
            Some(TailType::Scalar(e)) | Some(TailType::S(e, _)) => {
                (self.ty_el(e).unwrap_or(El::I), Sh::Scalar)
            }
            Some(TailType::Array(e, r)) => {
                let r = r.as_const().unwrap_or(1);
                let e = self.ty_el(e).unwrap_or(El::I);
                if r == 0 {
                    (e, Sh::Scalar)
                } else {
                    (e, Sh::Arr(r))
                }
            }
            Some(TailType::Vec(e, n)) => (
                self.ty_el(e).unwrap_or(El::I),
                Sh::Vec(n.as_const().unwrap_or(0)),
            ),
            Some(TailType::SV(e, _)) => (self.ty_el(e).unwrap_or(El::I), Sh::Vec(1)),
            None => (El::I, Sh::Scalar),
        }
    }

    pub(crate) fn el(&self, v: Value) -> El {
        self.info(v).0
    }

    pub(crate) fn rank(&self, v: Value) -> i64 {
        self.info(v).1.rank()
    }

    pub(crate) fn is_scalar(&self, v: Value) -> bool {
        self.info(v).1 == Sh::Scalar
    }

    /// A human description of a value's type (`an int array of rank 2`).
    pub(crate) fn describe(&self, v: Value) -> String {
        let (e, s) = self.info(v);
        match s {
            Sh::Scalar => format!("{} scalar", e.article_name()),
            Sh::Vec(n) => format!("{} vector of length {n}", e.article_name()),
            Sh::Arr(r) => format!("{} array of rank {r}", e.article_name()),
        }
    }

    // ----- emission -------------------------------------------------------------------------

    pub(crate) fn emit(
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

    pub(crate) fn emit1(
        &mut self,
        name: &str,
        operands: Vec<Value>,
        result: Type,
        pos: Pos,
    ) -> Value {
        let op = self.emit(name, operands, vec![result], Vec::new(), Vec::new(), pos);
        self.ctx.result(op, 0)
    }

    /// An op with one region.
    pub(crate) fn emit_r(
        &mut self,
        name: &str,
        operands: Vec<Value>,
        results: Vec<Type>,
        region: RegionId,
        pos: Pos,
    ) -> OpId {
        self.emit(name, operands, results, Vec::new(), vec![region], pos)
    }

    // ----- constants ------------------------------------------------------------------------

    pub(crate) fn c_int(&mut self, n: i64, pos: Pos) -> Res<Value> {
        if i32::try_from(n).is_err() {
            return Err(self.err(pos, format!("integer {n} does not fit in a 32-bit int")));
        }
        let t = self.ctx.int_type(32);
        let a = self.ctx.int_attr(t, n);
        Ok(self.c_attr(a, t, pos))
    }

    pub(crate) fn c_bool(&mut self, b: bool, pos: Pos) -> Value {
        let t = self.ctx.i1_type();
        let a = self.ctx.int_attr(t, b as i64);
        self.c_attr(a, t, pos)
    }

    pub(crate) fn c_f64(&mut self, d: f64, pos: Pos) -> Value {
        let t = self.ctx.f64_type();
        let a = self.ctx.float_attr(t, d);
        self.c_attr(a, t, pos)
    }

    fn c_attr(&mut self, a: Attribute, t: Type, pos: Pos) -> Value {
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

    pub(crate) fn c_char(&mut self, c: char, pos: Pos) -> Value {
        let it = self.ctx.int_type(32);
        let a = self.ctx.int_attr(it, c as i64);
        let t = self.el_ty(El::C);
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

    pub(crate) fn c_complex(&mut self, re: f64, im: f64, pos: Pos) -> Value {
        let a = self.c_f64(re, pos);
        let b = self.c_f64(im, pos);
        let t = self.el_ty(El::X);
        self.emit1("tail.injx", vec![a, b], t, pos)
    }

    /// `tail.sconst : !tail.s<i32, n>`.
    pub(crate) fn sconst(&mut self, n: i64, pos: Pos) -> Value {
        let t = self.s_ty(n);
        self.emit1("tail.sconst", Vec::new(), t, pos)
    }

    /// A vector literal `tail.lit` of ints (`El::I`), bools or chars (code points).
    pub(crate) fn lit_ints(&mut self, e: El, ns: &[i64], pos: Pos) -> Value {
        if ns.is_empty() {
            return self.zilde(e, pos);
        }
        let at = match e {
            El::B => self.ctx.i1_type(),
            _ => self.ctx.int_type(32),
        };
        let attrs: Vec<Attribute> = ns.iter().map(|&n| self.ctx.int_attr(at, n)).collect();
        let arr = self.ctx.array_attr(attrs);
        let vt = self.vec_ty(e, ns.len() as i64);
        let op = self.emit(
            "tail.lit",
            Vec::new(),
            vec![vt],
            vec![("value", arr)],
            Vec::new(),
            pos,
        );
        self.ctx.result(op, 0)
    }

    /// A vector literal `tail.lit` of doubles.
    pub(crate) fn lit_f64s(&mut self, ds: &[f64], pos: Pos) -> Value {
        if ds.is_empty() {
            return self.zilde(El::D, pos);
        }
        let ft = self.ctx.f64_type();
        let attrs: Vec<Attribute> = ds.iter().map(|&d| self.ctx.float_attr(ft, d)).collect();
        let arr = self.ctx.array_attr(attrs);
        let vt = self.vec_ty(El::D, ds.len() as i64);
        let op = self.emit(
            "tail.lit",
            Vec::new(),
            vec![vt],
            vec![("value", arr)],
            Vec::new(),
            pos,
        );
        self.ctx.result(op, 0)
    }

    pub(crate) fn zilde(&mut self, e: El, pos: Pos) -> Value {
        let t = self.vec_ty(e, 0);
        self.emit1("tail.zilde", Vec::new(), t, pos)
    }

    /// The default element of an element type (`0`, `0.0`, `ff`, `' '`, `0J0`).
    pub(crate) fn default_of(&mut self, e: El, pos: Pos) -> Value {
        match e {
            El::B => self.c_bool(false, pos),
            El::I => self.c_int(0, pos).expect("0 fits"),
            El::D => self.c_f64(0.0, pos),
            El::C => self.c_char(' ', pos),
            El::X => self.c_complex(0.0, 0.0, pos),
        }
    }

    // ----- static values --------------------------------------------------------------------

    /// The value of a statically known int or bool scalar.
    pub(crate) fn static_int(&self, v: Value) -> Option<i64> {
        let op = self.ctx.defining_op(v)?;
        match self.ctx.op_name_str(op) {
            "tail.const" => {
                let a = self.ctx.attr(op, "value")?;
                match self.ctx.attr_kind(a) {
                    AttrKind::Integer { .. } => self.ctx.attr_as_int(a),
                    _ => None,
                }
            }
            "tail.sconst" => match classify(self.ctx, self.ctx.value_type(v))? {
                TailType::S(_, n) => n.as_const(),
                _ => None,
            },
            "tail.b2i" | "tail.s_to_scalar" | "tail.memScl" => {
                self.static_int(self.ctx.operand(op, 0))
            }
            _ => None,
        }
    }

    /// The elements of a statically known int or bool vector.
    pub(crate) fn static_ints(&self, v: Value) -> Option<Vec<i64>> {
        let op = self.ctx.defining_op(v)?;
        match self.ctx.op_name_str(op) {
            "tail.lit" => {
                let a = self.ctx.attr(op, "value")?;
                let AttrKind::Array(items) = self.ctx.attr_kind(a) else {
                    return None;
                };
                items
                    .iter()
                    .map(|&x| match self.ctx.attr_kind(x) {
                        AttrKind::Integer { .. } => self.ctx.attr_as_int(x),
                        _ => None,
                    })
                    .collect()
            }
            "tail.zilde" => Some(Vec::new()),
            "tail.vector" => self
                .ctx
                .operand_vec(op)
                .iter()
                .map(|&x| self.static_int(x))
                .collect(),
            "tail.vec_to_array" | "tail.sv_to_vec" => self.static_ints(self.ctx.operand(op, 0)),
            "tail.sconst" => match classify(self.ctx, self.ctx.value_type(v))? {
                TailType::SV(_, n) => n.as_const().map(|n| vec![n]),
                _ => None,
            },
            "tail.shapeV" => match self.info(self.ctx.operand(op, 0)).1 {
                Sh::Vec(n) => Some(vec![n]),
                _ => None,
            },
            _ => None,
        }
    }

    // ----- coercions ------------------------------------------------------------------------

    /// Removes singleton spellings: `S(κ,n)` becomes `κ`, `SV(κ,n)` becomes `⟨κ⟩^1`,
    /// `[κ]^0` becomes `κ`.
    pub(crate) fn norm(&mut self, v: Value, pos: Pos) -> Value {
        let t = self.ctx.value_type(v);
        match classify(self.ctx, t) {
            Some(TailType::S(e, _)) => self.emit1("tail.s_to_scalar", vec![v], e, pos),
            Some(TailType::SV(e, _)) => {
                let vt = VecType::get(self.ctx, e, Shape::constant(1));
                self.emit1("tail.sv_to_vec", vec![v], vt, pos)
            }
            Some(TailType::Array(e, r)) if r.as_const() == Some(0) => {
                self.emit1("tail.array_to_scalar", vec![v], e, pos)
            }
            _ => v,
        }
    }

    /// `v` as a rank-polymorphic array operand: a vector of known length becomes
    /// `!tail.array<κ, 1>`; scalars stay base scalars (rank 0).
    pub(crate) fn as_arr(&mut self, v: Value, pos: Pos) -> Value {
        let v = self.norm(v, pos);
        match self.info(v) {
            (e, Sh::Vec(_)) => {
                let t = self.arr_ty(e, 1);
                self.emit1("tail.vec_to_array", vec![v], t, pos)
            }
            _ => v,
        }
    }

    /// `v` (a rank-1 value) as a vector of known length when it is one, else `None`.
    pub(crate) fn known_len(&self, v: Value) -> Option<i64> {
        match self.info(v).1 {
            Sh::Vec(n) => Some(n),
            _ => None,
        }
    }

    /// Converts a base scalar to a wider element type (`b2i`, `i2d`, `d2x`).
    pub(crate) fn conv_scalar(&mut self, v: Value, to: El, pos: Pos) -> Res<Value> {
        let v = self.norm(v, pos);
        let from = self.el(v);
        if from == to {
            return Ok(v);
        }
        let (it, dt, xt) = (self.el_ty(El::I), self.el_ty(El::D), self.el_ty(El::X));
        match (from, to) {
            (El::B, _) => {
                let i = if let Some(n) = self.static_int(v) {
                    self.c_int(n, pos)?
                } else {
                    self.emit1("tail.b2i", vec![v], it, pos)
                };
                self.conv_scalar(i, to, pos)
            }
            (El::I, El::D) | (El::I, El::X) => {
                let d = self.emit1("tail.i2d", vec![v], dt, pos);
                self.conv_scalar(d, to, pos)
            }
            (El::D, El::X) => Ok(self.emit1("tail.d2x", vec![v], xt, pos)),
            _ => Err(self.err(
                pos,
                format!(
                    "cannot convert {} value to {}",
                    from.article_name(),
                    to.name()
                ),
            )),
        }
    }

    /// Converts the elements of any value to a wider element type (each with a conversion).
    pub(crate) fn conv(&mut self, v: Value, to: El, pos: Pos) -> Res<Value> {
        let v = self.norm(v, pos);
        if self.el(v) == to {
            return Ok(v);
        }
        self.map1(v, pos, &mut |el, x| el.conv_scalar(x, to, pos))
    }

    // ----- regions --------------------------------------------------------------------------

    /// Builds a single-block region with arguments of types `args`; `body` fills it and returns
    /// the values to yield. On error nothing is left behind.
    #[allow(clippy::type_complexity)]
    pub(crate) fn region(
        &mut self,
        args: &[Type],
        pos: Pos,
        body: &mut dyn FnMut(&mut Self, &[Value]) -> Res<Vec<Value>>,
    ) -> Res<RegionId> {
        let region = self.ctx.create_region();
        let block = self.ctx.append_new_block(region, args);
        let params: Vec<Value> = self.ctx.block_args(block).to_vec();
        let saved = std::mem::replace(&mut self.block, block);
        let r = body(self, &params);
        match r {
            Ok(vals) => {
                self.emit("tail.yield", vals, Vec::new(), Vec::new(), Vec::new(), pos);
                self.block = saved;
                Ok(region)
            }
            Err(d) => {
                self.block = saved;
                self.discard_region(region);
                Err(d)
            }
        }
    }

    /// Erases a region that was built but is not attached to an op.
    pub(crate) fn discard_region(&mut self, r: RegionId) {
        for b in self.ctx.region_blocks(r).to_vec() {
            self.ctx.erase_block(b);
        }
    }

    /// The types yielded by a region built with [`Elab::region`].
    pub(crate) fn yielded(&self, r: RegionId) -> Vec<Type> {
        let b = self.ctx.region_blocks(r)[0];
        let y = self.ctx.last_op(b).expect("region ends in a yield");
        self.ctx
            .operand_vec(y)
            .iter()
            .map(|&v| self.ctx.value_type(v))
            .collect()
    }

    // ----- element-wise application ---------------------------------------------------------

    /// Applies the scalar function `f` to every element of `x` (`each`, `eachV`, or `f` itself
    /// for a scalar).
    pub(crate) fn map1(
        &mut self,
        x: Value,
        pos: Pos,
        f: &mut dyn FnMut(&mut Self, Value) -> Res<Value>,
    ) -> Res<Value> {
        let x = self.norm(x, pos);
        let (e, sh) = self.info(x);
        if sh == Sh::Scalar {
            let r = f(self, x)?;
            return self.scalar_result(r, pos);
        }
        let et = self.el_ty(e);
        let region = self.region(&[et], pos, &mut |el, args| {
            let r = f(el, args[0])?;
            Ok(vec![el.scalar_result(r, pos)?])
        })?;
        let yt = self.yielded(region)[0];
        let re = self.ty_el(yt).unwrap_or(El::I);
        let (name, rt) = match sh {
            Sh::Vec(n) => ("tail.eachV", self.vec_ty(re, n)),
            _ => ("tail.each", self.arr_ty(re, sh.rank())),
        };
        let op = self.emit_r(name, vec![x], vec![rt], region, pos);
        Ok(self.ctx.result(op, 0))
    }

    /// Applies the scalar function `f` to corresponding elements of `x` and `y`, with scalar
    /// extension (`zipWith`, or `each` capturing the scalar side).
    pub(crate) fn map2(
        &mut self,
        x: Value,
        y: Value,
        pos: Pos,
        f: &mut dyn FnMut(&mut Self, Value, Value) -> Res<Value>,
    ) -> Res<Value> {
        let x = self.norm(x, pos);
        let y = self.norm(y, pos);
        let (sx, sy) = (self.is_scalar(x), self.is_scalar(y));
        if sx && sy {
            let r = f(self, x, y)?;
            return self.scalar_result(r, pos);
        }
        if sx {
            return self.map1(y, pos, &mut |el, b| f(el, x, b));
        }
        if sy {
            return self.map1(x, pos, &mut |el, a| f(el, a, y));
        }
        let (rx, ry) = (self.rank(x), self.rank(y));
        if rx != ry {
            return Err(self.err(
                pos,
                format!(
                    "rank error: arguments of ranks {rx} and {ry} (left: {}, right: {})",
                    self.describe(x),
                    self.describe(y)
                ),
            ));
        }
        let x = self.as_arr(x, pos);
        let y = self.as_arr(y, pos);
        let (tx, ty) = (self.el_ty(self.el(x)), self.el_ty(self.el(y)));
        let region = self.region(&[tx, ty], pos, &mut |el, args| {
            let r = f(el, args[0], args[1])?;
            Ok(vec![el.scalar_result(r, pos)?])
        })?;
        let yt = self.yielded(region)[0];
        let re = self.ty_el(yt).unwrap_or(El::I);
        let rt = self.arr_ty(re, rx);
        let op = self.emit_r("tail.zipWith", vec![x, y], vec![rt], region, pos);
        Ok(self.ctx.result(op, 0))
    }

    /// Checks that a function result used element-wise is a scalar.
    pub(crate) fn scalar_result(&mut self, v: Value, pos: Pos) -> Res<Value> {
        let v = self.norm(v, pos);
        if self.is_scalar(v) {
            Ok(v)
        } else {
            Err(self.err(
                pos,
                format!(
                    "a function applied element-wise must return a scalar, but it returns {} (nested arrays are not supported)",
                    self.describe(v)
                ),
            ))
        }
    }
}
