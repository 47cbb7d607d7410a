//! The evaluator: a tree walk over the IR, one environment of SSA values per function frame.

use std::collections::HashMap;
use std::io::Write;
use std::time::Instant;

use tail_dialect::types::{classify, CharType, TailType};
use tail_format::input;
use tail_ir::verifier::{op_error, op_plain_error};
use tail_ir::{AttrKind, Context, Diagnostic, OpId, RegionId, Type, TypeKind};

use crate::format::{fmt_double, format_value};
use crate::value::{self, part_count, Array, Kind, Scalar, Value};

/// Evaluation of the `soac` dialect (a child module, so it shares the evaluator's state).
#[path = "soac.rs"]
mod soac;

/// Evaluation of `builtin.unrealized_conversion_cast` between `tail` and `soac` types.
#[path = "cast.rs"]
mod cast;

/// Evaluation of the `hpar` dialect: delayed pull arrays, push arrays, programs.
#[path = "hpar.rs"]
mod hpar;

/// Evaluation of the `memref` dialect and of `gpu`'s host-side memory ops.
#[path = "memref.rs"]
mod memref;

/// Evaluation of the `gpu` dialect: launches, blocks of threads in lockstep phases.
#[path = "gpu.rs"]
mod gpu;

type IrValue = tail_ir::Value;
type R<T> = Result<T, Diagnostic>;

pub(crate) struct Interp<'a> {
    ctx: &'a Context,
    module: OpId,
    out: &'a mut dyn Write,
    env: HashMap<IrValue, Value>,
    funcs: HashMap<String, OpId>,
    start: Instant,
    rng: u64,
    /// The values each `hpar` index function uses from outside (see `hpar::capture`).
    free_values: HashMap<OpId, std::rc::Rc<[IrValue]>>,
}

/// The kind of a scalar type (`i32`, `f64`, `i1`, `!tail.char`, `complex<f64>`, other ints).
fn kind_of(ctx: &Context, ty: Type) -> Kind {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width: 1, .. } => Kind::Bool,
        TypeKind::Integer { width: 32, .. } => Kind::Int,
        TypeKind::Integer { .. } | TypeKind::Index => Kind::Index,
        TypeKind::Float(_) => Kind::Double,
        TypeKind::Complex(_) => Kind::Complex,
        _ if CharType::from_type(ctx, ty).is_some() => Kind::Char,
        _ => Kind::Index,
    }
}

/// The element kind of a TAIL type (the type itself for scalars).
fn elem_kind(ctx: &Context, ty: Type) -> Kind {
    match classify(ctx, ty) {
        Some(
            TailType::Scalar(e)
            | TailType::Array(e, _)
            | TailType::Vec(e, _)
            | TailType::S(e, _)
            | TailType::SV(e, _),
        ) => kind_of(ctx, e),
        None => kind_of(ctx, ty),
    }
}

fn int_width(ctx: &Context, ty: Type) -> u32 {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } => *width,
        _ => 64,
    }
}

/// An integer of the given width as a scalar (wrapping).
fn make_int(width: u32, v: i64) -> Scalar {
    match width {
        1 => Scalar::Bool(v & 1 != 0),
        32 => Scalar::Int(v as i32),
        _ => Scalar::Index(v),
    }
}

fn conv(s: Scalar, k: Kind) -> Scalar {
    match (s, k) {
        (Scalar::Int(i), Kind::Double) => Scalar::Double(i as f64),
        (Scalar::Int(i), Kind::Bool) => Scalar::Bool(i != 0),
        (Scalar::Bool(b), Kind::Int) => Scalar::Int(b as i32),
        (Scalar::Int(i), Kind::Char) => Scalar::Char(char::from_u32(i as u32).unwrap_or(' ')),
        _ => s,
    }
}

fn shape_str(s: &[usize]) -> String {
    let v: Vec<String> = s.iter().map(|d| d.to_string()).collect();
    format!("[{}]", v.join(","))
}

fn cmp_scalar(a: Scalar, b: Scalar) -> std::cmp::Ordering {
    use std::cmp::Ordering::Equal;
    match (a, b) {
        (Scalar::Double(x), Scalar::Double(y)) => x.partial_cmp(&y).unwrap_or(Equal),
        (Scalar::Char(x), Scalar::Char(y)) => x.cmp(&y),
        (Scalar::Complex(a, b), Scalar::Complex(c, d)) => a
            .partial_cmp(&c)
            .unwrap_or(Equal)
            .then(b.partial_cmp(&d).unwrap_or(Equal)),
        _ => a.as_i64().unwrap_or(0).cmp(&b.as_i64().unwrap_or(0)),
    }
}

/// APL residue `a | b` (the result has the sign of `a`; `0 | b` is `b`).
fn resi(a: i32, b: i32) -> i32 {
    if a == 0 {
        return b;
    }
    let r = b.wrapping_rem(a);
    if r != 0 && ((r < 0) != (a < 0)) {
        r.wrapping_add(a)
    } else {
        r
    }
}

fn resd(a: f64, b: f64) -> f64 {
    if a == 0.0 {
        return b;
    }
    let r = b % a;
    if r != 0.0 && ((r < 0.0) != (a < 0.0)) {
        r + a
    } else {
        r
    }
}

/// Ops whose `scan` may be computed by a left accumulation (associative).
const ASSOCIATIVE: &[&str] = &[
    "tail.addi",
    "tail.muli",
    "tail.maxi",
    "tail.mini",
    "tail.andi",
    "tail.ori",
    "tail.xori",
    "tail.addd",
    "tail.muld",
    "tail.maxd",
    "tail.mind",
    "tail.andb",
    "tail.orb",
    "tail.xorb",
    "tail.eqb",
    "tail.addx",
    "tail.mulx",
];

impl<'a> Interp<'a> {
    pub(crate) fn new(ctx: &'a Context, module: OpId, out: &'a mut dyn Write) -> Self {
        let mut funcs = HashMap::new();
        for &r in ctx.regions(module) {
            for &b in ctx.region_blocks(r) {
                for op in ctx.block_ops(b) {
                    if ctx.op_is(op, "func.func") {
                        if let Some(n) = ctx.attr(op, "sym_name").and_then(|a| ctx.attr_as_str(a)) {
                            funcs.insert(n.to_string(), op);
                        }
                    }
                }
            }
        }
        Interp {
            ctx,
            module,
            out,
            env: HashMap::new(),
            funcs,
            start: Instant::now(),
            rng: 0x2545_f491_4f6c_dd1d,
            free_values: HashMap::new(),
        }
    }

    pub(crate) fn run_main(&mut self) -> R<Value> {
        let Some(&main) = self.funcs.get("main") else {
            return Err(op_error(
                self.ctx,
                self.module,
                "has no function @main to run",
            ));
        };
        let r = self.ctx.region(main, 0);
        let b = self.ctx.entry_block(r);
        if b.is_some_and(|b| !self.ctx.block_args(b).is_empty()) {
            return Err(op_error(self.ctx, main, "@main must take no arguments"));
        }
        let mut vs = self.call(main, vec![])?;
        Ok(if vs.len() == 1 {
            vs.pop().expect("one")
        } else {
            Value::Tuple(vs)
        })
    }

    pub(crate) fn run_named(&mut self, name: &str, args: Vec<Value>) -> R<Value> {
        let Some(&f) = self.funcs.get(name) else {
            return Err(op_error(
                self.ctx,
                self.module,
                format!("has no function @{name} to run"),
            ));
        };
        let want = self
            .ctx
            .entry_block(self.ctx.region(f, 0))
            .map_or(0, |b| self.ctx.block_args(b).len());
        if want != args.len() {
            return Err(op_error(
                self.ctx,
                f,
                format!("takes {want} arguments, but {} were given", args.len()),
            ));
        }
        let mut vs = self.call(f, args)?;
        Ok(if vs.len() == 1 {
            vs.pop().expect("one")
        } else {
            Value::Tuple(vs)
        })
    }

    fn call(&mut self, func: OpId, args: Vec<Value>) -> R<Vec<Value>> {
        let saved = std::mem::take(&mut self.env);
        let r = self.run_region(self.ctx.region(func, 0), args);
        self.env = saved;
        r
    }

    /// Runs a single-block region with `args` bound to its arguments; returns the operands of
    /// its terminator.
    fn run_region(&mut self, region: RegionId, args: Vec<Value>) -> R<Vec<Value>> {
        let ctx = self.ctx;
        let Some(block) = ctx.entry_block(region) else {
            return Ok(args);
        };
        for (&a, v) in ctx.block_args(block).iter().zip(args) {
            self.env.insert(a, v);
        }
        for op in ctx.block_ops(block) {
            match ctx.op_name_str(op) {
                "tail.yield" | "scf.yield" | "func.return" | "scf.condition" | "hpar.yield"
                | "hpar.return" | "scf.reduce" | "scf.reduce.return" => {
                    return ctx.operands(op).map(|v| self.get(op, v)).collect();
                }
                _ => {
                    let rs = self.exec(op)?;
                    for (&r, v) in ctx.results(op).iter().zip(rs) {
                        self.env.insert(r, v);
                    }
                }
            }
        }
        Ok(vec![])
    }

    fn get(&self, op: OpId, v: IrValue) -> R<Value> {
        self.env
            .get(&v)
            .cloned()
            .ok_or_else(|| op_error(self.ctx, op, "uses a value that has not been computed"))
    }

    fn arg(&self, op: OpId, i: usize) -> R<Value> {
        self.get(op, self.ctx.operand(op, i))
    }

    fn scalar(&self, op: OpId, i: usize) -> R<Scalar> {
        let v = self.arg(op, i)?;
        match v {
            Value::Scalar(s) => Ok(s),
            _ => Err(op_error(
                self.ctx,
                op,
                format!("expects operand #{i} to be a scalar"),
            )),
        }
    }

    fn int(&self, op: OpId, i: usize) -> R<i64> {
        let s = self.scalar(op, i)?;
        s.as_i64().ok_or_else(|| {
            op_error(
                self.ctx,
                op,
                format!("expects operand #{i} to be an integer"),
            )
        })
    }

    fn array(&self, op: OpId, i: usize) -> R<Array> {
        self.arg(op, i)?
            .to_array()
            .ok_or_else(|| op_error(self.ctx, op, format!("expects operand #{i} to be an array")))
    }

    /// An int vector operand (a shape or an index vector).
    fn ints(&self, op: OpId, i: usize) -> R<Vec<i64>> {
        let a = self.array(op, i)?;
        a.data
            .iter()
            .map(|s| {
                s.as_i64().ok_or_else(|| {
                    op_error(
                        self.ctx,
                        op,
                        format!("expects operand #{i} to hold integers"),
                    )
                })
            })
            .collect()
    }

    fn res_kind(&self, op: OpId) -> Kind {
        elem_kind(self.ctx, self.ctx.value_type(self.ctx.result(op, 0)))
    }

    fn err(&self, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
        op_error(self.ctx, op, msg)
    }

    /// An allocation failure at `op`: `out of memory: …` without the op prefix, as compiled
    /// programs report theirs (`error: out of memory: could not allocate …`).
    fn oom(&self, op: OpId, msg: String) -> Diagnostic {
        op_plain_error(self.ctx, op, msg)
    }

    /// The number of elements of the array of extents `shape` that `op` creates (an error when
    /// it exceeds `usize`).
    fn new_count(&self, op: OpId, shape: &[usize]) -> R<usize> {
        value::checked_count(shape).map_err(|m| self.oom(op, m))
    }

    /// An empty vector with room for the `n` elements of an array `op` creates, reserved at
    /// once (an error when the memory cannot be had).
    fn new_vec<T>(&self, op: OpId, n: usize) -> R<Vec<T>> {
        value::try_vec(n).map_err(|m| self.oom(op, m))
    }

    /// `n` copies of `x` for an array `op` creates, allocated like [`Self::new_vec`].
    fn new_filled<T: Clone>(&self, op: OpId, n: usize, x: T) -> R<Vec<T>> {
        value::try_filled(n, x).map_err(|m| self.oom(op, m))
    }

    fn print(&mut self, op: OpId, v: &Value) -> R<()> {
        let s = format_value(v);
        writeln!(self.out, "{s}").map_err(|e| self.err(op, format!("cannot write output: {e}")))
    }

    /// Calls the function region `i` of `op` on scalars, expecting one scalar back.
    fn apply(&mut self, op: OpId, args: Vec<Value>) -> R<Scalar> {
        let r = self.run_region(self.ctx.region(op, 0), args)?;
        match r.first() {
            Some(Value::Scalar(s)) => Ok(*s),
            Some(v) => v
                .as_scalar()
                .ok_or_else(|| self.err(op, "expects its function to return a scalar")),
            None => Err(self.err(op, "expects its function to return a value")),
        }
    }

    fn apply2(&mut self, op: OpId, a: Scalar, b: Scalar) -> R<Scalar> {
        self.apply(op, vec![Value::Scalar(a), Value::Scalar(b)])
    }

    fn one(v: Value) -> R<Vec<Value>> {
        Ok(vec![v])
    }

    fn arr(a: Array) -> R<Vec<Value>> {
        Ok(vec![Value::from_array(a)])
    }

    /// Executes a non-terminator op and returns its results.
    fn exec(&mut self, op: OpId) -> R<Vec<Value>> {
        let ctx = self.ctx;
        let name = ctx.op_name_str(op);
        if let Some(n) = name.strip_prefix("tail.") {
            return self.exec_tail(op, n);
        }
        if let Some(n) = name.strip_prefix("soac.") {
            return self.exec_soac(op, n);
        }
        if let Some(n) = name.strip_prefix("hpar.") {
            return self.exec_hpar(op, n);
        }
        if let Some(n) = name.strip_prefix("memref.") {
            return self.exec_memref(op, n);
        }
        if let Some(n) = name.strip_prefix("gpu.") {
            return self.exec_gpu(op, n);
        }
        self.exec_builtin(op, name)
    }

    fn exec_tail(&mut self, op: OpId, n: &str) -> R<Vec<Value>> {
        let ctx = self.ctx;
        match n {
            // ----- constants and literals ---------------------------------------------------
            "const" => {
                let a = ctx.attr(op, "value").expect("verified");
                let k = self.res_kind(op);
                let s = match ctx.attr_kind(a) {
                    AttrKind::Float { value, .. } => Scalar::Double(*value),
                    AttrKind::Integer { value, .. } => conv_int(k, *value),
                    _ => return Err(self.err(op, "has an unsupported value")),
                };
                Self::one(Value::Scalar(s))
            }
            "const_char" => {
                let a = ctx
                    .attr(op, "value")
                    .and_then(|a| ctx.attr_as_int(a))
                    .unwrap_or(32);
                Self::one(Value::Scalar(Scalar::Char(
                    char::from_u32(a as u32).unwrap_or(' '),
                )))
            }
            "pi" => Self::one(Value::double(std::f64::consts::PI)),
            "sconst" => {
                let ty = ctx.value_type(ctx.result(op, 0));
                match classify(ctx, ty) {
                    Some(TailType::S(e, v)) => {
                        let x = v
                            .as_const()
                            .ok_or_else(|| self.err(op, "has no constant value"))?;
                        Self::one(Value::Scalar(conv_int(kind_of(ctx, e), x)))
                    }
                    Some(TailType::SV(e, v)) => {
                        let x = v
                            .as_const()
                            .ok_or_else(|| self.err(op, "has no constant value"))?;
                        let k = kind_of(ctx, e);
                        Self::arr(Array::vector(k, vec![conv_int(k, x)]))
                    }
                    _ => Err(self.err(op, "expects a singleton type")),
                }
            }
            "lit" => {
                let k = self.res_kind(op);
                let a = ctx.attr(op, "value").expect("verified");
                let AttrKind::Array(elems) = ctx.attr_kind(a) else {
                    return Err(self.err(op, "expects an array attribute"));
                };
                let data = elems
                    .iter()
                    .map(|&e| match ctx.attr_kind(e) {
                        AttrKind::Float { value, .. } => Scalar::Double(*value),
                        AttrKind::Integer { value, .. } => conv_int(k, *value),
                        _ => k.default_scalar(),
                    })
                    .collect();
                Self::arr(Array::vector(k, data))
            }
            "vector" => {
                let k = self.res_kind(op);
                let mut data = Vec::new();
                for i in 0..ctx.num_operands(op) {
                    data.push(conv(self.scalar(op, i)?, k));
                }
                Self::arr(Array::vector(k, data))
            }
            "zilde" => Self::arr(Array::vector(self.res_kind(op), vec![])),
            "tuple" => {
                let vs = (0..ctx.num_operands(op))
                    .map(|i| self.arg(op, i))
                    .collect::<R<_>>()?;
                Self::one(Value::Tuple(vs))
            }
            "prj" => {
                let i = ctx
                    .attr(op, "index")
                    .and_then(|a| ctx.attr_as_int(a))
                    .unwrap_or(0);
                match self.arg(op, 0)? {
                    Value::Tuple(vs) => match vs.get(i as usize) {
                        Some(v) => Self::one(v.clone()),
                        None => Err(self.err(op, format!("index {i} out of range"))),
                    },
                    _ => Err(self.err(op, "expects a tuple")),
                }
            }
            // ----- coercions -----------------------------------------------------------------
            "vec_to_array" | "s_to_scalar" | "scalar_to_array" | "array_to_scalar" | "memScl" => {
                Self::one(self.arg(op, 0)?)
            }
            "sv_to_vec" | "mem" => {
                let v = self.arg(op, 0)?;
                Self::one(match v.to_array() {
                    Some(a) => Value::from_array(a),
                    None => v,
                })
            }
            "b2iV" => Self::one(Value::Scalar(conv(self.scalar(op, 0)?, Kind::Int))),
            // ----- printing, formatting, input -----------------------------------------------
            "prArrI" | "prArrB" | "prArrD" | "prArrC" | "prArrX" | "prSclI" | "prSclB"
            | "prSclD" | "prSclC" | "prSclX" => {
                let v = self.arg(op, 0)?;
                self.print(op, &v)?;
                Self::one(v)
            }
            "formatI" | "formatD" => {
                // apltail: `formatI` is its `pr_int` (`-` for minus), `formatD` its `pr_double`.
                let s = match self.scalar(op, 0)? {
                    Scalar::Double(d) => fmt_double(d),
                    s => s.as_i64().unwrap_or(0).to_string(),
                };
                Self::arr(Array::vector(
                    Kind::Char,
                    s.chars().map(Scalar::Char).collect(),
                ))
            }
            "readFile" | "readIntVecFile" | "readDoubleVecFile" => {
                let a = self.array(op, 0)?;
                let path: String = a
                    .data
                    .iter()
                    .map(|s| if let Scalar::Char(c) = s { *c } else { '?' })
                    .collect();
                let text = input::read_text(&path).map_err(|e| self.err(op, e))?;
                let data: Vec<Scalar> = match n {
                    "readFile" => text.chars().map(Scalar::Char).collect(),
                    "readIntVecFile" => input::parse_int_vec(&path, &text)
                        .map_err(|e| self.err(op, e))?
                        .into_iter()
                        .map(Scalar::Int)
                        .collect(),
                    _ => input::parse_double_vec(&path, &text)
                        .map_err(|e| self.err(op, e))?
                        .into_iter()
                        .map(Scalar::Double)
                        .collect(),
                };
                Self::arr(Array::vector(self.res_kind(op), data))
            }
            // ----- higher-order --------------------------------------------------------------
            "each" | "eachV" => {
                let a = self.array(op, 0)?;
                let k = self.res_kind(op);
                let mut data = Vec::with_capacity(a.data.len());
                for &x in &a.data {
                    data.push(self.apply(op, vec![Value::Scalar(x)])?);
                }
                Self::arr(Array::new(k, a.shape, data))
            }
            "zipWith" => {
                let (a, b) = (self.array(op, 0)?, self.array(op, 1)?);
                if a.shape != b.shape {
                    return Err(self.err(
                        op,
                        format!(
                            "shape mismatch: {} vs {}",
                            shape_str(&a.shape),
                            shape_str(&b.shape)
                        ),
                    ));
                }
                let k = self.res_kind(op);
                let mut data = Vec::with_capacity(a.data.len());
                for (&x, &y) in a.data.iter().zip(&b.data) {
                    data.push(self.apply2(op, x, y)?);
                }
                Self::arr(Array::new(k, a.shape, data))
            }
            "reduce" => {
                let neutral = self.scalar(op, 0)?;
                let a = self.array(op, 1)?;
                let k = self.res_kind(op);
                let Some((&m, outer)) = a.shape.split_last() else {
                    return Self::one(Value::Scalar(a.data[0]));
                };
                // Over an empty last axis the result may be larger than the argument.
                let rows = self.new_count(op, outer)?;
                let mut data = self.new_vec(op, rows)?;
                for r in 0..rows {
                    let mut acc = neutral;
                    for j in (0..m).rev() {
                        acc = self.apply2(op, a.data[r * m + j], acc)?;
                    }
                    data.push(acc);
                }
                Self::arr(Array::new(k, outer.to_vec(), data))
            }
            "scan" => {
                let a = self.array(op, 0)?;
                let k = self.res_kind(op);
                let Some(&m) = a.shape.last() else {
                    return Self::one(Value::Scalar(a.data[0]));
                };
                let assoc = self.region_is_single(op, ASSOCIATIVE);
                let mut data = Vec::with_capacity(a.data.len());
                for row in a.data.chunks(m.max(1)) {
                    for i in 0..row.len() {
                        let acc = if assoc {
                            if i == 0 {
                                row[0]
                            } else {
                                let prev = *data.last().expect("previous");
                                self.apply2(op, prev, row[i])?
                            }
                        } else {
                            let mut acc = row[i];
                            for j in (0..i).rev() {
                                acc = self.apply2(op, row[j], acc)?;
                            }
                            acc
                        };
                        data.push(acc);
                    }
                }
                Self::arr(Array::new(k, a.shape, data))
            }
            "power" | "powerScl" | "bench" => {
                let n = self.int(op, 0)?;
                let mut state: Vec<Value> = (1..ctx.num_operands(op))
                    .map(|i| self.arg(op, i))
                    .collect::<R<_>>()?;
                for _ in 0..n.max(0) {
                    state = self.run_region(ctx.region(op, 0), state)?;
                }
                Ok(state)
            }
            "if" => {
                let c = self.scalar(op, 0)?;
                let taken = c.as_i64().unwrap_or(0) != 0;
                self.run_region(ctx.region(op, if taken { 0 } else { 1 }), vec![])
            }
            "condScl" => {
                let b = self.scalar(op, 0)?;
                let x = self.arg(op, 1)?;
                if b.as_i64().unwrap_or(0) != 0 {
                    self.run_region(ctx.region(op, 0), vec![x])
                } else {
                    Self::one(x)
                }
            }
            _ => self.exec_array(op, n),
        }
    }

    /// Whether the function region of `op` is a single op of one of `names` applied to the
    /// two region arguments in order.
    fn region_is_single(&self, op: OpId, names: &[&str]) -> bool {
        let ctx = self.ctx;
        let Some(b) = ctx.entry_block(ctx.region(op, 0)) else {
            return false;
        };
        let ops = ctx.block_op_vec(b);
        let args = ctx.block_args(b);
        ops.len() == 2
            && names.contains(&ctx.op_name_str(ops[0]))
            && ctx.operand_vec(ops[0]) == args
            && ctx.operand_vec(ops[1]) == ctx.results(ops[0])
    }

    fn exec_array(&mut self, op: OpId, n: &str) -> R<Vec<Value>> {
        match n {
            "iota" | "iotaV" => {
                let x = self.int(op, 0)?;
                if x < 0 {
                    return Err(self.err(op, tail_format::negative_count(x)));
                }
                let mut data = self.new_vec(op, x as usize)?;
                data.extend((1..=x).map(|i| Scalar::Int(i as i32)));
                Self::arr(Array::vector(Kind::Int, data))
            }
            "shape" | "shapeV" => {
                let a = self.array(op, 0)?;
                Self::arr(Array::vector(
                    Kind::Int,
                    a.shape.iter().map(|&d| Scalar::Int(d as i32)).collect(),
                ))
            }
            "reshape0" | "reshape" => {
                let dims = self.ints(op, 0)?;
                if let Some(d) = dims.iter().find(|&&d| d < 0) {
                    return Err(self.err(op, format!("negative extent {d} in shape")));
                }
                let dims: Vec<usize> = dims.iter().map(|&d| d as usize).collect();
                let (default, a) = if n == "reshape" {
                    (Some(self.scalar(op, 1)?), self.array(op, 2)?)
                } else {
                    (None, self.array(op, 1)?)
                };
                let m = self.new_count(op, &dims)?;
                let data = if a.data.is_empty() {
                    match default {
                        Some(d) => self.new_filled(op, m, d)?,
                        None if m == 0 => vec![],
                        None => {
                            return Err(self
                                .err(op, "cannot reshape an empty array with no default element"))
                        }
                    }
                } else {
                    let mut data = self.new_vec(op, m)?;
                    data.extend((0..m).map(|i| a.data[i % a.data.len()]));
                    data
                };
                Self::arr(Array::new(a.kind, dims, data))
            }
            "rav" => {
                let a = self.array(op, 0)?;
                Self::arr(Array::vector(a.kind, a.data))
            }
            "take" | "takeV" => {
                let cnt = self.int(op, 0)?;
                let (default, a) = if n == "take" {
                    (self.scalar(op, 1)?, self.array(op, 2)?)
                } else {
                    let a = self.array(op, 1)?;
                    (a.kind.default_scalar(), a)
                };
                let a = as_vec_if_scalar(a);
                let mut shape = a.shape.clone();
                shape[0] = cnt.unsigned_abs() as usize;
                let data = self.new_vec(op, self.new_count(op, &shape)?)?;
                Self::arr(take(&a, cnt, default, shape, data))
            }
            "drop" | "dropV" => {
                let cnt = self.int(op, 0)?;
                let a = as_vec_if_scalar(self.array(op, 1)?);
                let k = a.shape[0] as i64;
                let cell = part_count(&a.shape[1..]);
                let keep = (k - cnt.abs()).max(0) as usize;
                let from = if cnt >= 0 { cnt.min(k) as usize } else { 0 };
                let mut shape = a.shape.clone();
                shape[0] = keep;
                let data = a.data[from * cell..(from + keep) * cell].to_vec();
                Self::arr(Array::new(a.kind, shape, data))
            }
            "cat" | "catV" => {
                let (a, b) = (self.array(op, 0)?, self.array(op, 1)?);
                let (a, b) = (as_vec_if_scalar(a), as_vec_if_scalar(b));
                let r = a.rank();
                if a.rank() != b.rank() || a.shape[..r - 1] != b.shape[..r - 1] {
                    return Err(self.err(
                        op,
                        format!(
                            "shape mismatch: {} vs {}",
                            shape_str(&a.shape),
                            shape_str(&b.shape)
                        ),
                    ));
                }
                let (la, lb) = (a.shape[r - 1], b.shape[r - 1]);
                let rows = part_count(&a.shape[..r - 1]);
                let mut data = Vec::with_capacity(a.data.len() + b.data.len());
                for i in 0..if la + lb > 0 { rows } else { 0 } {
                    data.extend_from_slice(&a.data[i * la..(i + 1) * la]);
                    data.extend_from_slice(&b.data[i * lb..(i + 1) * lb]);
                }
                let mut shape = a.shape.clone();
                shape[r - 1] = la + lb;
                Self::arr(Array::new(a.kind, shape, data))
            }
            "cons" | "consV" | "snoc" | "snocV" => {
                let cons = n.starts_with("cons");
                let (x, a) = if cons {
                    (self.array(op, 0)?, self.array(op, 1)?)
                } else {
                    (self.array(op, 1)?, self.array(op, 0)?)
                };
                let a = as_vec_if_scalar(a);
                if x.shape[..] != a.shape[1..] {
                    return Err(self.err(
                        op,
                        format!(
                            "shape mismatch: cell {} vs array {}",
                            shape_str(&x.shape),
                            shape_str(&a.shape)
                        ),
                    ));
                }
                let mut shape = a.shape.clone();
                shape[0] += 1;
                let data = if cons {
                    x.data.iter().chain(&a.data).copied().collect()
                } else {
                    a.data.iter().chain(&x.data).copied().collect()
                };
                Self::arr(Array::new(a.kind, shape, data))
            }
            "first" => {
                let d = self.scalar(op, 0)?;
                let a = self.array(op, 1)?;
                Self::one(Value::Scalar(a.data.first().copied().unwrap_or(d)))
            }
            "firstV" => {
                let a = self.array(op, 0)?;
                Self::one(Value::Scalar(
                    a.data.first().copied().unwrap_or(a.kind.default_scalar()),
                ))
            }
            "reverse" | "vreverse" | "vreverseV" => {
                let a = self.array(op, 0)?;
                Self::arr(rotate_like(&a, n == "reverse", |len, j| len - 1 - j))
            }
            "rotate" | "rotateV" | "vrotate" | "vrotateV" => {
                let cnt = self.int(op, 0)?;
                let a = self.array(op, 1)?;
                let last = n.starts_with("rotate");
                Self::arr(rotate_like(&a, last, |len, j| {
                    (j as i64 + cnt).rem_euclid(len as i64) as usize
                }))
            }
            "transp" => {
                let a = self.array(op, 0)?;
                let r = a.rank();
                Self::arr(permute(&a, &(0..r).rev().collect::<Vec<_>>()))
            }
            "transp2" => {
                let p = self.ints(op, 0)?;
                let a = self.array(op, 1)?;
                let r = a.rank();
                let bad = || {
                    let ps: Vec<String> = p.iter().map(|x| x.to_string()).collect();
                    format!(
                        "expects a permutation of 1..{r} as axis vector, but got [{}]",
                        ps.join(",")
                    )
                };
                if p.len() != r {
                    return Err(self.err(op, bad()));
                }
                // APL: axis k of the argument becomes axis p[k] of the result.
                let mut src = vec![usize::MAX; r];
                for (k, &pk) in p.iter().enumerate() {
                    if pk < 1 || pk as usize > r || src[pk as usize - 1] != usize::MAX {
                        return Err(self.err(op, bad()));
                    }
                    src[pk as usize - 1] = k;
                }
                Self::arr(permute(&a, &src))
            }
            "compress" | "replicate" => {
                let (default, counts, a) = if n == "compress" {
                    (None, self.array(op, 0)?, self.array(op, 1)?)
                } else {
                    (
                        Some(self.scalar(op, 0)?),
                        self.array(op, 1)?,
                        self.array(op, 2)?,
                    )
                };
                let a = as_vec_if_scalar(a);
                let r = a.rank();
                let m = a.shape[r - 1];
                let cs: Vec<i64> = counts
                    .data
                    .iter()
                    .map(|s| s.as_i64().unwrap_or(0))
                    .collect();
                if cs.len() != m {
                    return Err(self.err(
                        op,
                        format!(
                            "length mismatch: {} counts for an axis of length {m}",
                            cs.len()
                        ),
                    ));
                }
                if default.is_none() && cs.iter().any(|&c| c < 0) {
                    return Err(self.err(op, "negative count"));
                }
                let mut shape = a.shape.clone();
                shape[r - 1] = cs
                    .iter()
                    .try_fold(0usize, |s, c| s.checked_add(c.unsigned_abs() as usize))
                    .ok_or_else(|| {
                        self.oom(op, value::too_large(format!("more than {}", usize::MAX)))
                    })?;
                let mut data = self.new_vec(op, self.new_count(op, &shape)?)?;
                for row in a.data.chunks(m.max(1)) {
                    for (j, &c) in cs.iter().enumerate() {
                        let x = if c < 0 {
                            default.expect("replicate")
                        } else {
                            row[j]
                        };
                        data.extend(std::iter::repeat_n(x, c.unsigned_abs() as usize));
                    }
                }
                Self::arr(Array::new(a.kind, shape, data))
            }
            "idx" | "idxS" => {
                let d = self.int(op, 0)?;
                let i = self.int(op, 1)?;
                let a = self.array(op, 2)?;
                let r = a.rank() as i64;
                if d < 1 || d > r {
                    return Err(self.err(
                        op,
                        format!("axis {d} out of range for an array of rank {r}"),
                    ));
                }
                let d = d as usize - 1;
                let ext = a.shape[d];
                if i < 1 || i as usize > ext {
                    return Err(self.err(
                        op,
                        format!("index {i} out of range for axis {} of extent {ext}", d + 1),
                    ));
                }
                let mut shape = a.shape.clone();
                shape.remove(d);
                // Not larger than the argument (its axis `d` is not empty).
                let mut data = Vec::with_capacity(part_count(&shape));
                if !a.data.is_empty() {
                    let outer = part_count(&a.shape[..d]);
                    let inner = part_count(&a.shape[d + 1..]);
                    for o in 0..outer {
                        let base = (o * ext + (i as usize - 1)) * inner;
                        data.extend_from_slice(&a.data[base..base + inner]);
                    }
                }
                Self::arr(Array::new(a.kind, shape, data))
            }
            "idxassign" => {
                let is = self.ints(op, 0)?;
                let v = self.scalar(op, 2)?;
                let Value::Array(loc) = self.arg(op, 1)? else {
                    return Err(self.err(op, "expects an array of rank at least 1 to update"));
                };
                let mut a = loc.borrow_mut();
                if is.len() != a.rank() {
                    return Err(self.err(
                        op,
                        format!("expects {} indices, but got {}", a.rank(), is.len()),
                    ));
                }
                let mut flat = 0usize;
                for (k, (&i, &ext)) in is.iter().zip(&a.shape).enumerate() {
                    if i < 1 || i as usize > ext {
                        return Err(self.err(
                            op,
                            format!("index {i} out of range for axis {} of extent {ext}", k + 1),
                        ));
                    }
                    flat = flat * ext + (i as usize - 1);
                }
                let k = a.kind;
                a.data[flat] = conv(v, k);
                Self::one(Value::Scalar(Scalar::Bool(true)))
            }
            "gradeUp" | "gradeDown" => {
                let a = self.array(op, 0)?;
                let mut ix: Vec<usize> = (0..a.data.len()).collect();
                if n == "gradeUp" {
                    ix.sort_by(|&i, &j| cmp_scalar(a.data[i], a.data[j]));
                } else {
                    ix.sort_by(|&i, &j| cmp_scalar(a.data[j], a.data[i]));
                }
                Self::arr(Array::vector(
                    Kind::Int,
                    ix.into_iter().map(|i| Scalar::Int(i as i32 + 1)).collect(),
                ))
            }
            _ => self.exec_scalar(op, n),
        }
    }

    fn exec_scalar(&mut self, op: OpId, n: &str) -> R<Vec<Value>> {
        use Scalar::*;
        let ctx = self.ctx;
        let nops = ctx.num_operands(op);
        let a = if nops > 0 {
            self.scalar(op, 0)?
        } else {
            Int(0)
        };
        let b = if nops > 1 {
            Some(self.scalar(op, 1)?)
        } else {
            None
        };
        let unknown = || self.err(op, "is not supported by the interpreter");
        let r = match (a, b) {
            (Int(x), Some(Int(y))) => match n {
                "addi" => Int(x.wrapping_add(y)),
                "subi" => Int(x.wrapping_sub(y)),
                "muli" => Int(x.wrapping_mul(y)),
                "divi" => {
                    if y == 0 {
                        return Err(self.err(op, "division by zero"));
                    }
                    let q = x.wrapping_div(y);
                    Int(if x.wrapping_rem(y) != 0 && ((x < 0) != (y < 0)) {
                        q - 1
                    } else {
                        q
                    })
                }
                "resi" => Int(resi(x, y)),
                "maxi" => Int(x.max(y)),
                "mini" => Int(x.min(y)),
                "andi" => Int(x & y),
                "ori" => Int(x | y),
                "xori" => Int(x ^ y),
                "shli" => Int(x.wrapping_shl(y as u32)),
                "shri" => Int(((x as u32).wrapping_shr(y as u32)) as i32),
                "shari" => Int(x.wrapping_shr(y as u32)),
                "lti" => Bool(x < y),
                "ltei" => Bool(x <= y),
                "gti" => Bool(x > y),
                "gtei" => Bool(x >= y),
                "eqi" => Bool(x == y),
                "neqi" => Bool(x != y),
                _ => return Err(unknown()),
            },
            (Double(x), Some(Double(y))) => match n {
                "addd" => Double(x + y),
                "subd" => Double(x - y),
                "muld" => Double(x * y),
                "divd" => Double(x / y),
                "resd" => Double(resd(x, y)),
                "powd" => Double(x.powf(y)),
                "maxd" => Double(x.max(y)),
                "mind" => Double(x.min(y)),
                "ltd" => Bool(x < y),
                "lted" => Bool(x <= y),
                "gtd" => Bool(x > y),
                "gted" => Bool(x >= y),
                "eqd" => Bool(x == y),
                "neqd" => Bool(x != y),
                "injx" => Complex(x, y),
                _ => return Err(unknown()),
            },
            (Bool(x), Some(Bool(y))) => Bool(match n {
                "andb" => x && y,
                "orb" => x || y,
                "xorb" => x != y,
                "eqb" => x == y,
                "nandb" => !(x && y),
                "norb" => !(x || y),
                _ => return Err(unknown()),
            }),
            (Char(x), Some(Char(y))) => Bool(match n {
                "ltc" => x < y,
                "ltec" => x <= y,
                "gtc" => x > y,
                "gtec" => x >= y,
                "eqc" => x == y,
                "neqc" => x != y,
                _ => return Err(unknown()),
            }),
            (Complex(a, b), Some(Complex(c, d))) => match n {
                "addx" => Complex(a + c, b + d),
                "subx" => Complex(a - c, b - d),
                "mulx" => Complex(a * c - b * d, a * d + b * c),
                _ => return Err(unknown()),
            },
            (Int(x), None) => match n {
                "negi" => Int(x.wrapping_neg()),
                "absi" => Int(x.wrapping_abs()),
                // APL's ×: 0 for 0. apltail answers 1 there (`if i >= 0 then 1 else ~1`), which
                // the project treats as a bug (see the tail dialect's module docs).
                "signi" => Int(x.signum()),
                "noti" => Int(!x),
                "nowi" if x != 0 => {
                    return Err(self.err(
                        op,
                        format!(
                            "expects the argument 0 (milliseconds since the start), but got {x}"
                        ),
                    ))
                }
                "nowi" => Int(i32::try_from(self.start.elapsed().as_millis()).unwrap_or(i32::MAX)),
                "i2d" => Double(x as f64),
                "roll" => {
                    self.rng ^= self.rng << 13;
                    self.rng ^= self.rng >> 7;
                    self.rng ^= self.rng << 17;
                    let u = (self.rng >> 11) as f64 / (1u64 << 53) as f64;
                    Double(if x == 0 { u } else { u * x as f64 })
                }
                _ => return Err(unknown()),
            },
            (Double(x), None) => match n {
                "negd" => Double(-x),
                "absd" => Double(x.abs()),
                "expd" => Double(x.exp()),
                "ln" => Double(x.ln()),
                "sin" => Double(x.sin()),
                "cos" => Double(x.cos()),
                "tan" => Double(x.tan()),
                "asin" => Double(x.asin()),
                "acos" => Double(x.acos()),
                "atan" => Double(x.atan()),
                "sinh" => Double(x.sinh()),
                "cosh" => Double(x.cosh()),
                "tanh" => Double(x.tanh()),
                "floor" => Int(x.floor() as i32),
                "ceil" => Int(x.ceil() as i32),
                // APL's ×, as `signi`; NaN (no APL value) gives 0.
                "signd" => Int(if x > 0.0 {
                    1
                } else if x < 0.0 {
                    -1
                } else {
                    0
                }),
                "d2x" => Complex(x, 0.0),
                _ => return Err(unknown()),
            },
            (Bool(x), None) => match n {
                "notb" => Bool(!x),
                "b2i" => Int(x as i32),
                _ => return Err(unknown()),
            },
            (Complex(a, b), None) => match n {
                "negx" => Complex(-a, -b),
                "conjx" => Complex(a, -b),
                "expx" => {
                    let e = a.exp();
                    Complex(e * b.cos(), e * b.sin())
                }
                "rex" => Double(a),
                "imx" => Double(b),
                "magnx" => Double(a.hypot(b)),
                _ => return Err(unknown()),
            },
            _ => return Err(unknown()),
        };
        Self::one(Value::Scalar(r))
    }

    fn exec_builtin(&mut self, op: OpId, name: &str) -> R<Vec<Value>> {
        use Scalar::*;
        let ctx = self.ctx;
        let res_ty = (ctx.num_results(op) > 0).then(|| ctx.value_type(ctx.result(op, 0)));
        let width = res_ty.map(|t| int_width(ctx, t)).unwrap_or(64);
        let unknown = || self.err(op, "is not supported by the interpreter");
        match name {
            "builtin.unrealized_conversion_cast" => {
                let from_pull = ctx.num_operands(op) > 0
                    && tail_hpar::types::pull_parts(ctx, ctx.value_type(ctx.operand(op, 0)))
                        .is_some();
                if from_pull {
                    self.cast_pull_to_memref(op)
                } else {
                    self.exec_cast(op)
                }
            }
            "func.call" => {
                let callee = ctx
                    .attr(op, "callee")
                    .and_then(|a| ctx.attr_as_symbol_ref(a))
                    .unwrap_or("")
                    .to_string();
                if callee == "tail_rt_check_extents" {
                    // The run-time checks `soac-runtime-checks` inserts (the runtime library's
                    // functions in compiled programs).
                    let (a, b, k) = (self.int(op, 0)?, self.int(op, 1)?, self.int(op, 2)?);
                    if a != b {
                        return Err(self.err(op, tail_format::extent_mismatch(a, b, k)));
                    }
                    return Ok(vec![]);
                }
                if callee == "tail_rt_check_count" {
                    let n = self.int(op, 0)?;
                    if n < 0 {
                        return Err(self.err(op, tail_format::negative_count(n)));
                    }
                    return Ok(vec![]);
                }
                if callee == "tail_rt_check_extent32" {
                    let n = self.int(op, 0)?;
                    if n > i64::from(i32::MAX) {
                        return Err(self.err(op, tail_format::extent_too_large(n)));
                    }
                    return Ok(vec![]);
                }
                if callee == "hypot" {
                    // C's function, which the compiled host code and the kernels on the CPU
                    // call (the GPU's kernels their device's, `device_math`).
                    let (Double(x), Double(y)) = (self.scalar(op, 0)?, self.scalar(op, 1)?) else {
                        return Err(self.err(op, "expects two f64 arguments"));
                    };
                    return Self::one(Value::double(x.hypot(y)));
                }
                if callee == "tail_rt_check_index" {
                    let (i, n, axis) = (self.int(op, 0)?, self.int(op, 1)?, self.int(op, 2)?);
                    if i < 0 || i >= n {
                        let origin = self.int(op, 3)?;
                        let msg = tail_format::index_out_of_bounds(i, axis, n, origin);
                        return Err(self.err(op, msg));
                    }
                    return Ok(vec![]);
                }
                let Some(&f) = self.funcs.get(&callee) else {
                    return Err(self.err(op, format!("calls an unknown function @{callee}")));
                };
                let args = (0..ctx.num_operands(op))
                    .map(|i| self.arg(op, i))
                    .collect::<R<_>>()?;
                self.call(f, args)
            }
            "arith.constant" => {
                let a = ctx.attr(op, "value").expect("verified");
                match ctx.attr_kind(a) {
                    AttrKind::Integer { value, .. } => {
                        Self::one(Value::Scalar(make_int(width, *value)))
                    }
                    AttrKind::Float { value, .. } => Self::one(Value::double(*value)),
                    _ => Err(self.err(op, "has an unsupported value")),
                }
            }
            "scf.for" => {
                let (lb, ub, step) = (self.int(op, 0)?, self.int(op, 1)?, self.int(op, 2)?);
                if step <= 0 {
                    return Err(self.err(op, format!("step {step} is not positive")));
                }
                let ivw = int_width(ctx, ctx.value_type(ctx.operand(op, 0)));
                let mut state: Vec<Value> = (3..ctx.num_operands(op))
                    .map(|i| self.arg(op, i))
                    .collect::<R<_>>()?;
                let mut i = lb;
                while i < ub {
                    let mut args = vec![Value::Scalar(make_int(ivw, i))];
                    args.extend(state);
                    state = self.run_region(ctx.region(op, 0), args)?;
                    i += step;
                }
                Ok(state)
            }
            "scf.parallel" => self.parallel(op),
            "scf.if" => {
                let c = self.int(op, 0)? != 0;
                let r = ctx.region(op, if c { 0 } else { 1 });
                self.run_region(r, vec![])
            }
            "scf.while" => {
                let mut state: Vec<Value> = (0..ctx.num_operands(op))
                    .map(|i| self.arg(op, i))
                    .collect::<R<_>>()?;
                loop {
                    let mut c = self.run_region(ctx.region(op, 0), state)?;
                    let go = c
                        .first()
                        .and_then(|v| v.as_scalar())
                        .and_then(|s| s.as_i64());
                    let rest = c.split_off(1);
                    if go != Some(1) && go != Some(-1) {
                        return Ok(rest);
                    }
                    state = self.run_region(ctx.region(op, 1), rest)?;
                }
            }
            // `select` picks one of its operands whatever their type (memrefs included).
            "arith.select" => {
                let c = self.scalar(op, 0)?;
                let i = if c.as_i64() != Some(0) { 1 } else { 2 };
                Self::one(self.arg(op, i)?)
            }
            _ => {
                let nops = ctx.num_operands(op);
                let a = if nops > 0 {
                    self.scalar(op, 0)?
                } else {
                    Int(0)
                };
                let b = if nops > 1 {
                    Some(self.scalar(op, 1)?)
                } else {
                    None
                };
                let r = match (name, a, b) {
                    ("arith.cmpf", Double(x), Some(Double(y))) => {
                        let p = ctx
                            .attr(op, "predicate")
                            .and_then(|a| ctx.attr_as_int(a))
                            .unwrap_or(0);
                        let uno = x.is_nan() || y.is_nan();
                        Bool(match p {
                            0 => false,
                            1 => !uno && x == y,
                            2 => !uno && x > y,
                            3 => !uno && x >= y,
                            4 => !uno && x < y,
                            5 => !uno && x <= y,
                            6 => !uno && x != y,
                            7 => !uno,
                            8 => uno || x == y,
                            9 => uno || x > y,
                            10 => uno || x >= y,
                            11 => uno || x < y,
                            12 => uno || x <= y,
                            13 => uno || x != y,
                            14 => uno,
                            _ => true,
                        })
                    }
                    (_, Double(x), Some(Double(y))) => Double(match name {
                        "arith.addf" => x + y,
                        "arith.subf" => x - y,
                        "arith.mulf" => x * y,
                        "arith.divf" => x / y,
                        "arith.remf" => x % y,
                        "arith.maximumf" => tail_builtin::arith::fold::maximum(x, y),
                        "arith.minimumf" => tail_builtin::arith::fold::minimum(x, y),
                        "arith.maxnumf" => x.max(y),
                        "arith.minnumf" => x.min(y),
                        "math.powf" => x.powf(y),
                        "math.atan2" => x.atan2(y),
                        "math.copysign" => x.copysign(y),
                        _ => return Err(unknown()),
                    }),
                    (_, Double(x), None) => match name {
                        "arith.fptosi" => make_int(width, x as i64),
                        "arith.bitcast" => make_int(width, x.to_bits() as i64),
                        "arith.extf" | "arith.truncf" => Double(x),
                        _ => Double(match name {
                            "arith.negf" => -x,
                            "math.absf" => x.abs(),
                            "math.sqrt" => x.sqrt(),
                            "math.rsqrt" => 1.0 / x.sqrt(),
                            "math.exp" => x.exp(),
                            "math.exp2" => x.exp2(),
                            "math.expm1" => x.exp_m1(),
                            "math.log" => x.ln(),
                            "math.log2" => x.log2(),
                            "math.log10" => x.log10(),
                            "math.log1p" => x.ln_1p(),
                            "math.sin" => x.sin(),
                            "math.cos" => x.cos(),
                            "math.tan" => x.tan(),
                            "math.tanh" => x.tanh(),
                            "math.sinh" => x.sinh(),
                            "math.cosh" => x.cosh(),
                            "math.asin" => x.asin(),
                            "math.acos" => x.acos(),
                            "math.atan" => x.atan(),
                            "math.cbrt" => x.cbrt(),
                            "math.floor" => x.floor(),
                            "math.ceil" => x.ceil(),
                            "math.round" => x.round(),
                            "math.roundeven" => x.round_ties_even(),
                            "math.trunc" => x.trunc(),
                            _ => return Err(unknown()),
                        }),
                    },
                    (_, x, y) => {
                        let Some(x) = x.as_i64() else {
                            return Err(unknown());
                        };
                        let in_w = int_width(ctx, ctx.value_type(ctx.operand(op, 0)));
                        let sx = if in_w == 1 { -(x & 1) } else { x };
                        match y.and_then(|y| y.as_i64()) {
                            Some(y) => {
                                let sy = if in_w == 1 { -(y & 1) } else { y };
                                let ux = (x as u64) & mask(in_w);
                                let uy = (y as u64) & mask(in_w);
                                match name {
                                    "arith.cmpi" => {
                                        let p = ctx
                                            .attr(op, "predicate")
                                            .and_then(|a| ctx.attr_as_int(a))
                                            .unwrap_or(0);
                                        Bool(match p {
                                            0 => ux == uy,
                                            1 => ux != uy,
                                            2 => sx < sy,
                                            3 => sx <= sy,
                                            4 => sx > sy,
                                            5 => sx >= sy,
                                            6 => ux < uy,
                                            7 => ux <= uy,
                                            8 => ux > uy,
                                            _ => ux >= uy,
                                        })
                                    }
                                    _ => {
                                        let v = match name {
                                            "arith.addi" => x.wrapping_add(y),
                                            "arith.subi" => x.wrapping_sub(y),
                                            "arith.muli" => x.wrapping_mul(y),
                                            "arith.divsi" | "arith.remsi" | "arith.floordivsi"
                                            | "arith.ceildivsi"
                                                if sy == 0 =>
                                            {
                                                return Err(self.err(op, "division by zero"))
                                            }
                                            "arith.divsi" => sx.wrapping_div(sy),
                                            "arith.remsi" => sx.wrapping_rem(sy),
                                            "arith.divui" | "arith.remui" | "arith.ceildivui"
                                                if uy == 0 =>
                                            {
                                                return Err(self.err(op, "division by zero"))
                                            }
                                            "arith.divui" => (ux / uy) as i64,
                                            "arith.remui" => (ux % uy) as i64,
                                            "arith.ceildivui" => ux.div_ceil(uy) as i64,
                                            "arith.ceildivsi" => {
                                                let (q, r) =
                                                    (sx.wrapping_div(sy), sx.wrapping_rem(sy));
                                                q + i64::from(r != 0 && ((r > 0) == (sy > 0)))
                                            }
                                            "arith.maxui" => ux.max(uy) as i64,
                                            "arith.minui" => ux.min(uy) as i64,
                                            "arith.floordivsi" => {
                                                sx.div_euclid(sy)
                                                    - i64::from(sy < 0 && sx.rem_euclid(sy) != 0)
                                            }
                                            "arith.andi" => x & y,
                                            "arith.ori" => x | y,
                                            "arith.xori" => x ^ y,
                                            "arith.shli" => x.wrapping_shl(y as u32),
                                            "arith.shrsi" => sx.wrapping_shr(y as u32),
                                            "arith.shrui" => (ux >> (y as u32 % 64)) as i64,
                                            "arith.maxsi" => sx.max(sy),
                                            "arith.minsi" => sx.min(sy),
                                            _ => return Err(unknown()),
                                        };
                                        make_int(width, v)
                                    }
                                }
                            }
                            None => match name {
                                "arith.extsi" | "arith.index_cast" | "arith.trunci" => {
                                    make_int(width, sx)
                                }
                                "arith.extui" | "arith.index_castui" => {
                                    make_int(width, ((x as u64) & mask(in_w)) as i64)
                                }
                                "arith.sitofp" => Double(sx as f64),
                                "arith.bitcast" if in_w == 64 => Double(f64::from_bits(x as u64)),
                                "arith.uitofp" => Double(((x as u64) & mask(in_w)) as f64),
                                "math.absi" => make_int(width, sx.wrapping_abs()),
                                _ => return Err(unknown()),
                            },
                        }
                    }
                };
                Self::one(Value::Scalar(r))
            }
        }
    }
}

fn mask(w: u32) -> u64 {
    if w >= 64 {
        u64::MAX
    } else {
        (1u64 << w) - 1
    }
}

/// An integer attribute value at kind `k`.
fn conv_int(k: Kind, v: i64) -> Scalar {
    match k {
        Kind::Bool => Scalar::Bool(v != 0),
        Kind::Int => Scalar::Int(v as i32),
        Kind::Double => Scalar::Double(v as f64),
        Kind::Char => Scalar::Char(char::from_u32(v as u32).unwrap_or(' ')),
        Kind::Complex => Scalar::Complex(v as f64, 0.0),
        Kind::Index => Scalar::Index(v),
    }
}

/// A scalar (rank 0) as a one-element vector (APL scalar extension for the structural ops).
fn as_vec_if_scalar(a: Array) -> Array {
    if a.shape.is_empty() {
        Array::vector(a.kind, a.data)
    } else {
        a
    }
}

/// `take` along the first axis into `data` (empty, with room for the result of extents
/// `shape`): over-take pads with `default`, negative counts take from the end and pad at the
/// front.
fn take(a: &Array, cnt: i64, default: Scalar, shape: Vec<usize>, mut data: Vec<Scalar>) -> Array {
    let k = a.shape[0] as i64;
    let cell = part_count(&a.shape[1..]);
    let m = shape[0];
    if cell == 0 {
        return Array::new(a.kind, shape, data);
    }
    for i in 0..m as i64 {
        let src = if cnt >= 0 { i } else { k - m as i64 + i };
        if src >= 0 && src < k {
            let s = src as usize * cell;
            data.extend_from_slice(&a.data[s..s + cell]);
        } else {
            data.extend(std::iter::repeat_n(default, cell));
        }
    }
    Array::new(a.kind, shape, data)
}

/// Rearranges along the last axis (`last`) or the first axis: result position `j` of an axis
/// of length `len` takes source position `f(len, j)`.
fn rotate_like(a: &Array, last: bool, f: impl Fn(usize, usize) -> usize) -> Array {
    let r = a.rank();
    if r == 0 {
        return a.clone();
    }
    let axis = if last { r - 1 } else { 0 };
    let len = a.shape[axis];
    if len == 0 || a.data.is_empty() {
        return a.clone();
    }
    let outer = part_count(&a.shape[..axis]);
    let inner = part_count(&a.shape[axis + 1..]);
    let mut data = Vec::with_capacity(a.data.len());
    for o in 0..outer {
        for j in 0..len {
            let s = (o * len + f(len, j)) * inner;
            data.extend_from_slice(&a.data[s..s + inner]);
        }
    }
    Array::new(a.kind, a.shape.clone(), data)
}

/// Transposition: result axis `j` is source axis `src[j]`.
fn permute(a: &Array, src: &[usize]) -> Array {
    let r = a.rank();
    let mut strides = vec![1usize; r];
    for k in (0..r.saturating_sub(1)).rev() {
        strides[k] = strides[k + 1].saturating_mul(a.shape[k + 1]);
    }
    let shape: Vec<usize> = src.iter().map(|&k| a.shape[k]).collect();
    let rs: Vec<usize> = src.iter().map(|&k| strides[k]).collect();
    let n = a.data.len();
    let mut data = Vec::with_capacity(n);
    let mut idx = vec![0usize; r];
    for _ in 0..n {
        let off: usize = idx.iter().zip(&rs).map(|(i, s)| i * s).sum();
        data.push(a.data[off]);
        for j in (0..r).rev() {
            idx[j] += 1;
            if idx[j] < shape[j] {
                break;
            }
            idx[j] = 0;
        }
    }
    Array::new(a.kind, shape, data)
}

impl Interp<'_> {
    /// `scf.parallel`: the iterations run one after the other, the first dimension fastest
    /// (the order the `gpu` evaluation runs a grid's blocks in; a parallel loop must not
    /// depend on it). With reductions, the operands of each iteration's `scf.reduce` are
    /// combined into the accumulators, which start as the init values, by its regions in
    /// iteration order. A step that is not positive is an error.
    fn parallel(&mut self, op: OpId) -> R<Vec<Value>> {
        let ctx = self.ctx;
        let p = tail_builtin::scf::ParallelOp::from_op(ctx, op).expect("scf.parallel");
        let (lbs, ubs, steps, inits) = p.groups(ctx);
        let ints = |vs: &[IrValue]| -> R<Vec<i64>> {
            vs.iter()
                .map(|&v| {
                    self.get(op, v)?
                        .as_scalar()
                        .and_then(|s| s.as_i64())
                        .ok_or_else(|| self.err(op, "expects integer bounds and steps"))
                })
                .collect()
        };
        let (lbs, ubs, steps) = (ints(&lbs)?, ints(&ubs)?, ints(&steps)?);
        if let Some(s) = steps.iter().find(|&&s| s <= 0) {
            return Err(self.err(op, format!("step {s} is not positive")));
        }
        let mut accs: Vec<Value> = inits.iter().map(|&v| self.get(op, v)).collect::<R<_>>()?;
        if lbs.iter().zip(&ubs).any(|(l, u)| l >= u) {
            return Ok(accs);
        }
        let body = ctx.region(op, 0);
        let reduce = ctx
            .entry_block(body)
            .and_then(|b| ctx.last_op(b))
            .filter(|&t| ctx.op_is(t, "scf.reduce"));
        let mut iv = lbs.clone();
        loop {
            let args = iv
                .iter()
                .map(|&i| Value::Scalar(Scalar::Index(i)))
                .collect();
            let vals = self.run_region(body, args)?;
            if let Some(red) = reduce {
                for (k, v) in vals.into_iter().enumerate().take(accs.len()) {
                    let acc = std::mem::replace(&mut accs[k], Value::Tuple(vec![]));
                    let r = self.run_region(ctx.region(red, k), vec![acc, v])?;
                    accs[k] = r
                        .into_iter()
                        .next()
                        .ok_or_else(|| self.err(red, "expects its reduction to return a value"))?;
                }
            }
            let mut d = 0;
            loop {
                if d == iv.len() {
                    return Ok(accs);
                }
                iv[d] += steps[d];
                if iv[d] < ubs[d] {
                    break;
                }
                iv[d] = lbs[d];
                d += 1;
            }
        }
    }
}
