//! The translation engine: value map, type conversion, op emission, lambdas and map nests,
//! function conversion and the generic clone of non-`tail` ops.

use rustc_hash::FxHashMap;
use tail_dialect::types::{classify, TailType};
use tail_ir::verifier::op_error;
use tail_ir::{
    Attribute, BlockId, Context, Diagnostic, InsertPoint, Location, OpId, OperationState, RegionId,
    Type, TypeKind, Value, DYNAMIC,
};

use super::ConversionStats;

/// Result of a lowering step.
pub(super) type R<T> = Result<T, Diagnostic>;

/// The converted types of a TAIL (or any) type; `Err` names what cannot be instantiated.
pub(super) fn convert_type(ctx: &mut Context, ty: Type) -> Result<Vec<Type>, String> {
    if let TypeKind::Tuple(ts) = ctx.type_kind(ty) {
        let ts = ts.clone();
        let mut out = Vec::new();
        for t in ts {
            out.extend(convert_type(ctx, t)?);
        }
        return Ok(out);
    }
    let Some(tt) = classify(ctx, ty) else {
        return Ok(vec![ty]);
    };
    Ok(vec![match tt {
        TailType::Scalar(t) | TailType::S(t, _) => t,
        TailType::Array(e, r) => match r.as_const() {
            Some(0) => e,
            Some(k) if k > 0 => ctx.tensor_type(vec![DYNAMIC; k as usize], e),
            _ => {
                return Err(format!(
                "has type '{}' whose rank is not a known constant, which cannot be instantiated",
                ctx.type_to_string(ty)
            ))
            }
        },
        TailType::Vec(e, n) => match n.as_const() {
            Some(k) if k >= 0 => ctx.tensor_type(vec![k], e),
            _ => ctx.tensor_type(vec![DYNAMIC], e),
        },
        TailType::SV(e, _) => ctx.tensor_type(vec![1], e),
    }])
}

/// The extents and element type of a ranked tensor.
pub(super) fn tensor_parts(ctx: &Context, ty: Type) -> Option<(Vec<i64>, Type)> {
    match ctx.type_kind(ty) {
        TypeKind::RankedTensor { shape, elem } => Some((shape.clone(), *elem)),
        _ => None,
    }
}

/// The function a map nest applies at its innermost level.
pub(super) type Body<'f, 'c> = dyn FnMut(&mut Lowerer<'c>, &[Value]) -> R<Vec<Value>> + 'f;

/// The translator of one module.
pub(super) struct Lowerer<'c> {
    pub ctx: &'c mut Context,
    /// Old value → new values.
    pub map: FxHashMap<Value, Vec<Value>>,
    /// Where new ops go (appended).
    pub block: BlockId,
    /// The location given to new ops (the op being lowered).
    pub loc: Location,
    /// The op being lowered (for error locations).
    pub cur: Option<OpId>,
    /// The source block being translated.
    pub src_block: Option<BlockId>,
    pub stats: ConversionStats,
    /// The run-time checks emitted ([`CHECK_COUNT`], [`CHECK_EXTENT32`], [`CHECK_EXTENTS`]),
    /// to be declared.
    pub checks: Vec<&'static str>,
    /// How many lambdas of parallel SOACs the ops being built are nested in (0: host code,
    /// possibly inside `soac.loop`s and `scf.if`s).
    pub par_depth: usize,
    /// Grades of booleans, ints and doubles in host code as radix sorts (option
    /// `radix-grade`), not merge sorts.
    pub radix_grade: bool,
}

/// The runtime function that checks an `iota` count at run time (`count ≥ 0`).
pub(super) const CHECK_COUNT: &str = "tail_rt_check_count";
/// The runtime function that checks that an extent fits in the 32-bit int that `⍴` gives
/// (`extent ≤ 2³¹−1`).
pub(super) const CHECK_EXTENT32: &str = "tail_rt_check_extent32";
/// The runtime function that checks that two extents agree (`expected`, `got`, what they
/// are the extents of: [`tail_format::what`]).
pub(super) const CHECK_EXTENTS: &str = "tail_rt_check_extents";

pub(super) fn convert_module(
    ctx: &mut Context,
    module: OpId,
    radix_grade: bool,
) -> R<ConversionStats> {
    let loc = ctx.op_loc(module);
    let scratch = ctx.create_block(&[]);
    let mut l = Lowerer {
        ctx,
        map: FxHashMap::default(),
        block: scratch,
        loc,
        cur: None,
        src_block: None,
        stats: ConversionStats::default(),
        checks: Vec::new(),
        par_depth: 0,
        radix_grade,
    };
    let funcs: Vec<OpId> = l
        .ctx
        .regions(module)
        .to_vec()
        .into_iter()
        .flat_map(|r| l.ctx.region_blocks(r).to_vec())
        .flat_map(|b| l.ctx.block_op_vec(b))
        .filter(|&o| l.ctx.op_is(o, "func.func"))
        .collect();
    let result = funcs.into_iter().try_for_each(|f| l.convert_func(f));
    let stats = l.stats;
    let checks = std::mem::take(&mut l.checks);
    ctx.erase_block(scratch);
    for name in checks {
        if tail_ir::symbol::lookup_symbol_in(ctx, module, name).is_some() {
            continue;
        }
        if let Some(mblock) = ctx.entry_block(ctx.region(module, 0)) {
            let mut b = tail_ir::Builder::at_end(ctx, mblock, loc);
            let (i64t, i32t, idx) = (b.int_type(64), b.int_type(32), b.index_type());
            let params = if name == CHECK_EXTENTS {
                vec![idx, idx, i64t, i32t, i32t]
            } else {
                vec![i64t, i32t, i32t]
            };
            let fty = b.function_type(params, vec![]);
            tail_builtin::func::FuncOp::create_declaration(&mut b, name, fty);
        }
    }
    result.map(|()| stats)
}

impl<'c> Lowerer<'c> {
    /// A located error at the op being lowered.
    pub fn error(&self, msg: impl std::fmt::Display) -> Diagnostic {
        match self.cur {
            Some(op) => op_error(self.ctx, op, msg),
            None => Diagnostic::error(self.loc, msg.to_string()),
        }
    }

    /// The converted types of `ty`, errors located at the current op.
    pub fn conv(&mut self, ty: Type) -> R<Vec<Type>> {
        convert_type(self.ctx, ty).map_err(|m| self.error(m))
    }

    /// The single converted type of `ty`.
    pub fn conv1(&mut self, ty: Type) -> R<Type> {
        let ts = self.conv(ty)?;
        match ts.as_slice() {
            [t] => Ok(*t),
            _ => Err(self.error(format!(
                "expects a single value, not the tuple '{}'",
                self.ctx.type_to_string(ty)
            ))),
        }
    }

    fn convert_func(&mut self, f: OpId) -> R<()> {
        self.cur = Some(f);
        self.loc = self.ctx.op_loc(f);
        let fty = self
            .ctx
            .attr(f, "function_type")
            .and_then(|a| self.ctx.attr_as_type(a))
            .ok_or_else(|| self.error("has no function type"))?;
        let (inputs, results) = match self.ctx.type_kind(fty) {
            TypeKind::Function { inputs, results } => (inputs.clone(), results.clone()),
            _ => return Err(self.error("has no function type")),
        };
        let mut new_inputs = Vec::new();
        let mut groups = Vec::new();
        for &t in inputs.iter() {
            let ts = self.conv(t)?;
            groups.push(ts.len());
            new_inputs.extend(ts);
        }
        let mut new_results = Vec::new();
        for &t in results.iter() {
            new_results.extend(self.conv(t)?);
        }
        let new_fty = self.ctx.function_type(new_inputs.clone(), new_results);
        let body = self.ctx.region(f, 0);
        let blocks = self.ctx.region_blocks(body).to_vec();
        if blocks.len() > 1 {
            return Err(
                self.error("has several blocks, which convert-tail-to-soac does not handle")
            );
        }
        if let Some(&entry) = blocks.first() {
            let new_region = self.ctx.create_region();
            let nb = self.ctx.append_new_block(new_region, &new_inputs);
            let old_args = self.ctx.block_args(entry).to_vec();
            let new_args = self.ctx.block_args(nb).to_vec();
            let mut k = 0;
            for (a, n) in old_args.into_iter().zip(groups) {
                self.map.insert(a, new_args[k..k + n].to_vec());
                k += n;
            }
            let saved = self.block;
            self.block = nb;
            let r = self.translate_ops(entry);
            self.block = saved;
            r?;
            self.ctx.erase_block(entry);
            self.ctx.take_region_blocks(new_region, body);
        }
        let a = self.ctx.type_attr(new_fty);
        self.ctx.set_attr(f, "function_type", a);
        Ok(())
    }

    /// Translates every op of `src` (terminator included) into the current block.
    pub fn translate_ops(&mut self, src: BlockId) -> R<()> {
        let saved = self.src_block.replace(src);
        let r = self
            .ctx
            .block_op_vec(src)
            .into_iter()
            .try_for_each(|op| self.lower_op(op));
        self.src_block = saved;
        r
    }

    /// Translates a single-block TAIL function region whose arguments are bound to `args`
    /// (one new value per old argument, or the flattened values), returning the new values of
    /// its terminator's operands (flattened).
    pub fn inline_region(&mut self, region: RegionId, args: &[Value]) -> R<Vec<Value>> {
        let Some(b) = self.ctx.entry_block(region) else {
            return Ok(args.to_vec());
        };
        let old_args = self.ctx.block_args(b).to_vec();
        let mut k = 0;
        for a in old_args {
            let ty = self.ctx.value_type(a);
            let n = self.conv(ty)?.len();
            if k + n > args.len() {
                return Err(self.error("has a function region with more arguments than values"));
            }
            self.map.insert(a, args[k..k + n].to_vec());
            k += n;
        }
        let ops = self.ctx.block_op_vec(b);
        let Some((&term, body)) = ops.split_last() else {
            return Err(self.error("has an empty function region"));
        };
        let saved = self.src_block.replace(b);
        let saved_cur = self.cur;
        let r = body.iter().try_for_each(|&op| self.lower_op(op));
        self.cur = saved_cur;
        self.src_block = saved;
        r?;
        let mut out = Vec::new();
        for v in self.ctx.operand_vec(term) {
            out.extend(self.get_all(v)?);
        }
        Ok(out)
    }

    /// The new values of old value `v`.
    pub fn get_all(&self, v: Value) -> R<Vec<Value>> {
        self.map
            .get(&v)
            .cloned()
            .ok_or_else(|| self.error("uses a value that was not converted"))
    }

    /// The single new value of old value `v`.
    pub fn get(&self, v: Value) -> R<Value> {
        match self.get_all(v)?.as_slice() {
            [x] => Ok(*x),
            _ => Err(self.error("expects a single value where a tuple was given")),
        }
    }

    /// The new value of operand `i` of `op`.
    pub fn opnd(&self, op: OpId, i: usize) -> R<Value> {
        self.get(self.ctx.operand(op, i))
    }

    /// Binds the results of `op` to `vals`, coerced to their converted types.
    pub fn bind(&mut self, op: OpId, vals: Vec<Value>) -> R<()> {
        let results = self.ctx.results(op).to_vec();
        let mut k = 0;
        for r in results {
            let ty = self.ctx.value_type(r);
            let ts = self.conv(ty)?;
            let mut out = Vec::new();
            for t in ts {
                let v = *vals
                    .get(k)
                    .ok_or_else(|| self.error("lowered to too few values"))?;
                out.push(self.coerce(v, t)?);
                k += 1;
            }
            self.map.insert(r, out);
        }
        Ok(())
    }

    // ----- emission ---------------------------------------------------------------------------

    /// Appends a new op to the current block.
    pub fn emit(
        &mut self,
        name: &str,
        operands: &[Value],
        types: &[Type],
        attrs: &[(&str, Attribute)],
        regions: Vec<RegionId>,
    ) -> OpId {
        let mut st = OperationState::new(self.ctx, name, self.loc);
        st.operands = operands.to_vec();
        st.result_types = types.to_vec();
        for (n, a) in attrs {
            st.add_attr(self.ctx, n, *a);
        }
        st.regions = regions;
        let op = self.ctx.create_op(st);
        self.ctx.insert_op(op, InsertPoint::BlockEnd(self.block));
        op
    }

    /// `func.call @tail_rt_check_count(%n as i64, %line, %col)`: the run-time check that an
    /// `iota` count or a `reshape` extent `n` (an `i32`) is not negative, at the position of
    /// the op being lowered.
    pub fn check_count(&mut self, n: Value) {
        let i64t = self.ctx.int_type(64);
        let n64 = self.emit1("arith.extsi", &[n], i64t, &[]);
        self.check_call(CHECK_COUNT, &[n64]);
    }

    /// `func.call @tail_rt_check_extent32(%d as i64, %line, %col)`: the run-time check that
    /// extent `d` (an `index`) fits in the `i32` that `⍴` gives it as.
    pub fn check_extent32(&mut self, d: Value) {
        let i64t = self.ctx.int_type(64);
        let d64 = self.emit1("arith.index_cast", &[d], i64t, &[]);
        self.check_call(CHECK_EXTENT32, &[d64]);
    }

    /// `func.call @tail_rt_check_extents(%expected, %got, %what, %line, %col)`: the run-time
    /// check that extent `a` of `x` and extent `b` of `y` agree, where `what`
    /// ([`tail_format::what`]) says what they are the extents of. None when both are static
    /// and equal.
    pub fn check_extents(&mut self, (x, a): (Value, usize), (y, b): (Value, usize), what: i64) {
        let (sx, sy) = (self.shape(x)[a], self.shape(y)[b]);
        if sx != DYNAMIC && sx == sy {
            return;
        }
        let (expected, got) = (self.dim(x, a), self.dim(y, b));
        let i64t = self.ctx.int_type(64);
        let w = self.cint(i64t, what);
        self.check_call(CHECK_EXTENTS, &[expected, got, w]);
    }

    /// `func.call @name(%args…, %line, %col)` at the position of the op being lowered.
    fn check_call(&mut self, name: &'static str, args: &[Value]) {
        let i32t = self.i32t();
        let (line, col) = self.cur.map_or((0, 0), |o| {
            tail_dialect::source::check_position(self.ctx, o)
        });
        let lv = self.cint(i32t, line);
        let cv = self.cint(i32t, col);
        let callee = self.ctx.symbol_ref_attr(name);
        let mut operands = args.to_vec();
        operands.extend([lv, cv]);
        self.emit("func.call", &operands, &[], &[("callee", callee)], vec![]);
        if !self.checks.contains(&name) {
            self.checks.push(name);
        }
    }

    /// Appends a one-result op and returns the result.
    pub fn emit1(
        &mut self,
        name: &str,
        operands: &[Value],
        ty: Type,
        attrs: &[(&str, Attribute)],
    ) -> Value {
        let op = self.emit(name, operands, &[ty], attrs, vec![]);
        self.ctx.result(op, 0)
    }

    /// `operandSegmentSizes`.
    pub fn segments(&mut self, sizes: &[usize]) -> Attribute {
        self.ctx
            .dense_i32_array_attr(sizes.iter().map(|&s| s as i64).collect())
    }

    pub fn ty(&self, v: Value) -> Type {
        self.ctx.value_type(v)
    }

    pub fn i32t(&mut self) -> Type {
        self.ctx.int_type(32)
    }
    pub fn i1t(&mut self) -> Type {
        self.ctx.i1_type()
    }
    pub fn idxt(&mut self) -> Type {
        self.ctx.index_type()
    }
    pub fn f64t(&mut self) -> Type {
        self.ctx.f64_type()
    }

    /// `arith.constant` of an integer type.
    pub fn cint(&mut self, ty: Type, v: i64) -> Value {
        let a = self.ctx.int_attr(ty, v);
        self.emit1("arith.constant", &[], ty, &[("value", a)])
    }
    pub fn cidx(&mut self, v: i64) -> Value {
        let t = self.idxt();
        self.cint(t, v)
    }
    pub fn ci32(&mut self, v: i64) -> Value {
        let t = self.i32t();
        self.cint(t, v)
    }
    pub fn ci1(&mut self, v: bool) -> Value {
        let t = self.i1t();
        self.cint(t, v as i64)
    }
    pub fn cf64(&mut self, v: f64) -> Value {
        let t = self.f64t();
        let a = self.ctx.float_attr(t, v);
        self.emit1("arith.constant", &[], t, &[("value", a)])
    }

    /// A binary `arith`/`math` op whose result has the operands' type.
    pub fn bin(&mut self, name: &str, a: Value, b: Value) -> Value {
        let t = self.ty(a);
        self.emit1(name, &[a, b], t, &[])
    }
    /// `arith.cmpi` with an upstream predicate number.
    pub fn cmpi(&mut self, pred: i64, a: Value, b: Value) -> Value {
        let i64t = self.ctx.int_type(64);
        let p = self.ctx.int_attr(i64t, pred);
        let t = self.i1t();
        self.emit1("arith.cmpi", &[a, b], t, &[("predicate", p)])
    }
    /// `arith.cmpf` with an upstream predicate number.
    pub fn cmpf(&mut self, pred: i64, a: Value, b: Value) -> Value {
        let i64t = self.ctx.int_type(64);
        let p = self.ctx.int_attr(i64t, pred);
        let t = self.i1t();
        self.emit1("arith.cmpf", &[a, b], t, &[("predicate", p)])
    }
    pub fn select(&mut self, c: Value, a: Value, b: Value) -> Value {
        let t = self.ty(a);
        self.emit1("arith.select", &[c, a, b], t, &[])
    }
    /// `i32` → `index`.
    pub fn index_of_i32(&mut self, v: Value) -> Value {
        let t = self.idxt();
        if self.ty(v) == t {
            return v;
        }
        self.emit1("arith.index_cast", &[v], t, &[])
    }
    /// `index` → `i32`.
    pub fn i32_of_index(&mut self, v: Value) -> Value {
        let t = self.i32t();
        self.emit1("arith.index_cast", &[v], t, &[])
    }

    // ----- arrays -----------------------------------------------------------------------------

    /// The rank of a new value (0 for a scalar).
    pub fn rank(&self, v: Value) -> usize {
        tensor_parts(self.ctx, self.ty(v)).map_or(0, |(s, _)| s.len())
    }
    /// The element type of a new value.
    pub fn elem(&self, v: Value) -> Type {
        tensor_parts(self.ctx, self.ty(v)).map_or(self.ty(v), |(_, e)| e)
    }
    pub fn shape(&self, v: Value) -> Vec<i64> {
        tensor_parts(self.ctx, self.ty(v)).map_or(vec![], |(s, _)| s)
    }
    /// `tensor<?x…xelem>` of rank `r` (`elem` itself for rank 0).
    pub fn dyn_tensor(&mut self, r: usize, elem: Type) -> Type {
        if r == 0 {
            elem
        } else {
            self.ctx.tensor_type(vec![DYNAMIC; r], elem)
        }
    }
    /// `tensor<shape x elem>`, or `elem` for an empty shape.
    pub fn tensor(&mut self, shape: Vec<i64>, elem: Type) -> Type {
        if shape.is_empty() {
            elem
        } else {
            self.ctx.tensor_type(shape, elem)
        }
    }
    /// The type of the rows of an array type.
    pub fn row_type(&mut self, ty: Type) -> Type {
        let (s, e) = tensor_parts(self.ctx, ty).expect("an array");
        self.tensor(s[1..].to_vec(), e)
    }

    /// `soac.dim v, axis`.
    pub fn dim(&mut self, v: Value, axis: usize) -> Value {
        let i64t = self.ctx.int_type(64);
        let a = self.ctx.int_attr(i64t, axis as i64);
        let t = self.idxt();
        self.emit1("soac.dim", &[v], t, &[("axis", a)])
    }
    pub fn dims(&mut self, v: Value) -> Vec<Value> {
        (0..self.rank(v)).map(|a| self.dim(v, a)).collect()
    }
    /// The product of `index` values (1 when empty).
    pub fn product(&mut self, vs: &[Value]) -> Value {
        let mut p = self.cidx(1);
        for &v in vs {
            p = self.bin("arith.muli", p, v);
        }
        p
    }

    /// `soac.reshape` of `v` to a tensor of `shape` (static extents kept), with the dynamic
    /// extents taken from `extents` (one per axis).
    pub fn reshape(&mut self, v: Value, shape: Vec<i64>, extents: &[Value], cyclic: bool) -> Value {
        let elem = self.elem(v);
        let ty = self.ctx.tensor_type(shape.clone(), elem);
        let dynamic: Vec<Value> = shape
            .iter()
            .zip(extents)
            .filter(|(&s, _)| s == DYNAMIC)
            .map(|(_, &e)| e)
            .collect();
        let mut attrs = vec![];
        if cyclic {
            attrs.push(("cyclic", self.ctx.unit_attr()));
        }
        let mut ops = vec![v];
        ops.extend(dynamic);
        self.emit1("soac.reshape", &ops, ty, &attrs)
    }

    /// Coerces `v` to type `ty`: equal types pass, arrays of equal rank and element type are
    /// reshaped (a view).
    pub fn coerce(&mut self, v: Value, ty: Type) -> R<Value> {
        let vt = self.ty(v);
        if vt == ty {
            return Ok(v);
        }
        match (tensor_parts(self.ctx, vt), tensor_parts(self.ctx, ty)) {
            (Some((s, e)), Some((t, f))) if s.len() == t.len() && e == f => {
                let ext = self.dims(v);
                Ok(self.reshape(v, t, &ext, false))
            }
            _ => Err(self.error(format!(
                "lowered to a value of type '{}' where '{}' was expected",
                self.ctx.type_to_string(vt),
                self.ctx.type_to_string(ty)
            ))),
        }
    }

    /// `v` as an array: a scalar becomes a one-element vector (APL's scalar extension).
    pub fn as_vec(&mut self, v: Value) -> Value {
        if self.rank(v) > 0 {
            return v;
        }
        self.replicate_static(v, 1)
    }

    /// `soac.replicate v` with a static count.
    pub fn replicate_static(&mut self, v: Value, n: i64) -> Value {
        let (s, e) = match tensor_parts(self.ctx, self.ty(v)) {
            Some((s, e)) => (s, e),
            None => (vec![], self.ty(v)),
        };
        let mut shape = vec![n];
        shape.extend(s);
        let t = self.ctx.tensor_type(shape, e);
        self.emit1("soac.replicate", &[v], t, &[])
    }

    /// `soac.replicate v times n` (dynamic count).
    pub fn replicate(&mut self, v: Value, n: Value) -> Value {
        let (s, e) = match tensor_parts(self.ctx, self.ty(v)) {
            Some((s, e)) => (s, e),
            None => (vec![], self.ty(v)),
        };
        let mut shape = vec![DYNAMIC];
        shape.extend(s);
        let t = self.ctx.tensor_type(shape, e);
        self.emit1("soac.replicate", &[v, n], t, &[])
    }

    /// An array of extents `dims` (at least one) filled with the scalar `x`.
    pub fn fill(&mut self, x: Value, dims: &[Value]) -> Value {
        if dims.len() == 1 {
            return self.replicate(x, dims[0]);
        }
        let total = self.product(dims);
        let flat = self.replicate(x, total);
        self.reshape(flat, vec![DYNAMIC; dims.len()], dims, false)
    }

    /// The run-time checks that arrays `a` and `b` of one rank, to be catenated along
    /// `axis`, agree on their other axes.
    pub fn check_catenation(&mut self, a: Value, b: Value, axis: usize) {
        for k in (0..self.rank(a)).filter(|&k| k != axis) {
            self.check_extents((a, k), (b, k), tail_format::what::CATENATION);
        }
    }

    /// `soac.concat` along `axis` (result extents all dynamic).
    pub fn concat(&mut self, vs: &[Value], axis: usize) -> Value {
        let r = self.rank(vs[0]);
        let e = self.elem(vs[0]);
        let t = self.dyn_tensor(r, e);
        let i64t = self.ctx.int_type(64);
        let a = self.ctx.int_attr(i64t, axis as i64);
        self.emit1("soac.concat", vs, t, &[("dim", a)])
    }

    /// `soac.transpose` with result axis `a` being source axis `perm[a]`.
    pub fn transpose(&mut self, v: Value, perm: &[usize]) -> Value {
        if perm.iter().enumerate().all(|(i, &p)| i == p) {
            return v;
        }
        let s = self.shape(v);
        let e = self.elem(v);
        let t = self
            .ctx
            .tensor_type(perm.iter().map(|&p| s[p]).collect(), e);
        let a = self
            .ctx
            .dense_i64_array_attr(perm.iter().map(|&p| p as i64).collect());
        self.emit1("soac.transpose", &[v], t, &[("permutation", a)])
    }

    /// `soac.slice v[offsets][sizes][strides]` (result extents all dynamic).
    pub fn slice(&mut self, v: Value, offs: &[Value], sizes: &[Value], strides: &[Value]) -> Value {
        let r = self.rank(v);
        let e = self.elem(v);
        let t = self.dyn_tensor(r, e);
        let seg = self.segments(&[1, offs.len(), sizes.len(), strides.len()]);
        let mut ops = vec![v];
        ops.extend_from_slice(offs);
        ops.extend_from_slice(sizes);
        ops.extend_from_slice(strides);
        self.emit1("soac.slice", &ops, t, &[("operandSegmentSizes", seg)])
    }

    /// `soac.index v[is…]`.
    pub fn index(&mut self, v: Value, is: &[Value]) -> Value {
        let s = self.shape(v);
        let e = self.elem(v);
        let t = self.tensor(s[is.len()..].to_vec(), e);
        let mut ops = vec![v];
        ops.extend_from_slice(is);
        self.emit1("soac.index", &ops, t, &[])
    }

    /// Builds a lambda region taking `arg_types`, whose body `f` computes the yielded values
    /// (ending in `term`, `soac.yield` or `scf.yield`). Returns the region and the yielded
    /// types.
    pub fn lambda(
        &mut self,
        arg_types: &[Type],
        term: &str,
        f: impl FnOnce(&mut Self, &[Value]) -> R<Vec<Value>>,
    ) -> R<(RegionId, Vec<Type>)> {
        self.region_of(arg_types, term, term == "soac.yield", f)
    }

    /// [`Self::lambda`], counted in [`Self::par_depth`] when `parallel` (the body of a
    /// parallel SOAC, not of a `soac.loop` or an `scf.if`).
    fn region_of(
        &mut self,
        arg_types: &[Type],
        term: &str,
        parallel: bool,
        f: impl FnOnce(&mut Self, &[Value]) -> R<Vec<Value>>,
    ) -> R<(RegionId, Vec<Type>)> {
        let region = self.ctx.create_region();
        let b = self.ctx.append_new_block(region, arg_types);
        let args = self.ctx.block_args(b).to_vec();
        let saved = self.block;
        self.block = b;
        self.par_depth += parallel as usize;
        let r = f(self, &args);
        self.par_depth -= parallel as usize;
        let r = r.map(|vals| {
            let tys: Vec<Type> = vals.iter().map(|&v| self.ty(v)).collect();
            self.emit(term, &vals, &[], &[], vec![]);
            tys
        });
        self.block = saved;
        Ok((region, r?))
    }

    /// A nest of `depth` `soac.map`s over the common leading axes of `inputs`; `f` receives
    /// the elements (or sub-arrays) at depth `depth` and returns the values to collect.
    pub fn map_nest(
        &mut self,
        inputs: &[Value],
        depth: usize,
        f: &mut Body<'_, 'c>,
    ) -> R<Vec<Value>> {
        if depth == 0 {
            return f(self, inputs);
        }
        let rows: Vec<Type> = inputs
            .iter()
            .map(|&v| {
                let t = self.ty(v);
                self.row_type(t)
            })
            .collect();
        // The mapped extent: static when any input's outer extent is (they are all equal).
        let outer = inputs
            .iter()
            .filter_map(|&v| tensor_parts(self.ctx, self.ty(v)))
            .map(|(s, _)| s.first().copied().unwrap_or(DYNAMIC))
            .find(|&d| d != DYNAMIC)
            .unwrap_or(DYNAMIC);
        let (region, ys) = self.lambda(&rows, "soac.yield", |s, args| {
            s.map_nest(args, depth - 1, f)
        })?;
        let res: Vec<Type> = ys
            .iter()
            .map(|&y| {
                let (s, e) = tensor_parts(self.ctx, y).unwrap_or((vec![], y));
                let mut shape = vec![outer];
                shape.extend(s);
                self.ctx.tensor_type(shape, e)
            })
            .collect();
        let op = self.emit("soac.map", inputs, &res, &[], vec![region]);
        Ok(self.ctx.results(op).to_vec())
    }

    /// `scf.if c` with both branches built by closures yielding values of equal types.
    pub fn if_else(
        &mut self,
        c: Value,
        then_f: impl FnOnce(&mut Self) -> R<Vec<Value>>,
        else_f: impl FnOnce(&mut Self) -> R<Vec<Value>>,
    ) -> R<Vec<Value>> {
        let (rt, tys) = self.lambda(&[], "scf.yield", |s, _| then_f(s))?;
        let mut else_tys = vec![];
        let (re, _) = self.lambda(&[], "scf.yield", |s, _| {
            let vs = else_f(s)?;
            else_tys = vs.iter().map(|&v| s.ty(v)).collect();
            Ok(vs)
        })?;
        if tys != else_tys {
            return Err(self.error("lowered to an scf.if whose branches yield different types"));
        }
        let op = self.emit("scf.if", &[c], &tys, &[], vec![rt, re]);
        Ok(self.ctx.results(op).to_vec())
    }

    /// `soac.loop` running `count` (an `index`) times over `inits`; `f` gets the iteration
    /// number and the current values.
    pub fn loop_(
        &mut self,
        count: Value,
        inits: &[Value],
        f: impl FnOnce(&mut Self, Value, &[Value]) -> R<Vec<Value>>,
    ) -> R<Vec<Value>> {
        let mut tys = vec![self.idxt()];
        tys.extend(inits.iter().map(|&v| self.ty(v)));
        let init_tys = tys[1..].to_vec();
        let (region, ys) = self.region_of(&tys, "soac.yield", false, |s, args| {
            let out = f(s, args[0], &args[1..])?;
            out.iter()
                .zip(&init_tys)
                .map(|(&v, &t)| s.coerce(v, t))
                .collect()
        })?;
        let mut ops = vec![count];
        ops.extend_from_slice(inits);
        let op = self.emit("soac.loop", &ops, &ys, &[], vec![region]);
        Ok(self.ctx.results(op).to_vec())
    }

    // ----- generic ops ------------------------------------------------------------------------

    /// Clones a non-`tail` op with its operands remapped, its result and block-argument types
    /// converted and its regions translated.
    pub fn clone_converted(&mut self, op: OpId) -> R<()> {
        if !self.ctx.successors(op).is_empty() {
            return Err(self.error("has successors, which convert-tail-to-soac does not handle"));
        }
        let mut operands = Vec::new();
        for v in self.ctx.operand_vec(op) {
            operands.extend(self.get_all(v)?);
        }
        let mut types = Vec::new();
        let mut groups = Vec::new();
        for r in self.ctx.results(op).to_vec() {
            let ts = self.conv(self.ctx.value_type(r))?;
            groups.push(ts.len());
            types.extend(ts);
        }
        let regions = self.translate_regions(op)?;
        let name = self.ctx.op_name_str(op).to_string();
        let attrs: Vec<(String, Attribute)> = self
            .ctx
            .attrs(op)
            .iter()
            .map(|a| (self.ctx.str(a.name).to_string(), a.value))
            .collect();
        let attrs: Vec<(&str, Attribute)> = attrs.iter().map(|(n, a)| (n.as_str(), *a)).collect();
        let new = self.emit(&name, &operands, &types, &attrs, regions);
        let rs = self.ctx.results(new).to_vec();
        let mut k = 0;
        for (r, n) in self.ctx.results(op).to_vec().into_iter().zip(groups) {
            self.map.insert(r, rs[k..k + n].to_vec());
            k += n;
        }
        Ok(())
    }

    /// Translates the regions of `op` (block arguments converted, every op lowered).
    pub fn translate_regions(&mut self, op: OpId) -> R<Vec<RegionId>> {
        let mut regions = Vec::new();
        for r in self.ctx.regions(op).to_vec() {
            let nr = self.ctx.create_region();
            for b in self.ctx.region_blocks(r).to_vec() {
                let mut tys = Vec::new();
                let mut groups = Vec::new();
                for a in self.ctx.block_args(b).to_vec() {
                    let ts = self.conv(self.ctx.value_type(a))?;
                    groups.push(ts.len());
                    tys.extend(ts);
                }
                let nb = self.ctx.append_new_block(nr, &tys);
                let nargs = self.ctx.block_args(nb).to_vec();
                let mut k = 0;
                for (a, n) in self.ctx.block_args(b).to_vec().into_iter().zip(groups) {
                    self.map.insert(a, nargs[k..k + n].to_vec());
                    k += n;
                }
                let saved = self.block;
                let saved_cur = self.cur;
                self.block = nb;
                let res = self.translate_ops(b);
                self.block = saved;
                self.cur = saved_cur;
                res?;
            }
            regions.push(nr);
        }
        Ok(regions)
    }

    /// Keeps a `tail` op that has no `soac` form: operands whose type changed are cast back to
    /// their TAIL type with `builtin.unrealized_conversion_cast`, and results forward.
    pub fn keep_bridged(&mut self, op: OpId) -> R<()> {
        let mut operands = Vec::new();
        for v in self.ctx.operand_vec(op) {
            let nv = self.get(v)?;
            let ot = self.ctx.value_type(v);
            operands.push(if self.ty(nv) == ot {
                nv
            } else {
                self.emit1("builtin.unrealized_conversion_cast", &[nv], ot, &[])
            });
        }
        let types: Vec<Type> = self
            .ctx
            .results(op)
            .iter()
            .map(|&r| self.ctx.value_type(r))
            .collect();
        let regions = self.translate_regions(op)?;
        let name = self.ctx.op_name_str(op).to_string();
        let attrs: Vec<(String, Attribute)> = self
            .ctx
            .attrs(op)
            .iter()
            .map(|a| (self.ctx.str(a.name).to_string(), a.value))
            .collect();
        let attrs: Vec<(&str, Attribute)> = attrs.iter().map(|(n, a)| (n.as_str(), *a)).collect();
        let new = self.emit(&name, &operands, &types, &attrs, regions);
        for (i, r) in self.ctx.results(op).to_vec().into_iter().enumerate() {
            let nr = self.ctx.result(new, i);
            let t = self.conv1(self.ctx.value_type(r))?;
            let v = if t == self.ty(nr) {
                nr
            } else {
                self.emit1("builtin.unrealized_conversion_cast", &[nr], t, &[])
            };
            self.map.insert(r, vec![v]);
        }
        self.stats.kept += 1;
        Ok(())
    }
}
