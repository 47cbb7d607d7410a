//! Export of a `tail`-dialect program to TAIL text, in apltail's printed syntax.
//!
//! ```text
//! let v1:<int>5 = iotaV(v0) in
//! let v2:[int]1 = v1 in
//! let v3:[int]0 = reduce(fn v4:[int]0 => fn v5:[int]0 => let v6:[int]0 = addi(v4,v5) in v6, 0, v2) in
//! ...
//! ```
//!
//! `@main` (no arguments, one `f64` result: a TAIL program's value is a `[double]0`) must be
//! straight-line code: one block of `tail` ops ending in `func.return`. Every op result is bound
//! by a `let` with its TAIL type (`[int]0`, `[double]2`, `<int>3`, `S(int,5)`, `SV(int,1)`,
//! `(τ1 * τ2)`), so the text reads back with the same types:
//!
//! * **Style.** Instance lists are omitted (they are optional, and the importer infers them);
//!   variables are `v1`, `v2`, … in order of definition; nullary primitives are written with
//!   parentheses (`zilde()`, `pi()`), as apltail's current printer does.
//! * **Literals.** Ints as `3`/`-1`, doubles always with a `.` or an exponent (`2.0`, `-50.0`,
//!   `1.5E-7`, `inf`, `-inf`; NaN, which has no literal, as `divd(0.0,0.0)`), `tt`/`ff`, chars
//!   as `'a'` (`'\n'`, `'\''`, `'\\'` escaped), vectors of literals as `[1,2,3]`. A singleton
//!   `S(κ,n)`/`SV(κ,n)` constant is its literal under a `let` of the singleton type
//!   (`let v1:S(int,5) = 5 in`), which the importer reads back as `tail.sconst`.
//! * **Coercions** (`tail.vec_to_array`, `tail.sv_to_vec`, `tail.s_to_scalar`,
//!   `tail.scalar_to_array`, `tail.array_to_scalar`) are TAIL's implicit subtyping: a `let` of
//!   the operand at the target type (`let v4:[int]1 = v3 in`).
//! * **Functions.** The region of a higher-order op is a curried lambda
//!   `fn v4:[int]0 => fn v5:[int]0 => …` whose body is the region's ops as `let`s and the
//!   yielded value; a region body may use any variable of the enclosing code. A `tail.power`
//!   over several values iterates a tuple: `power(fn v7:(int * double) => let v8:[int]0 =
//!   Prj(0,v7) in … (v9,v10), n, (v1,v2))`, and its results are projected out of the tuple.
//! * **Tuples** are `(e1,e2)`; `tail.prj` is `Prj(i, e)`, counting from 0 as apltail does.
//! * **`tail.if`** is `if c then e1 else e2`, each branch its region's `let`s and yielded value
//!   (a tuple when the `if` has several results).
//!
//! Ops without a TAIL spelling (other dialects' ops, calls, a `tail.if` without results, …) and
//! types without one (shape variables, nested tuples) are reported as diagnostics at the op.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use tail_dialect::types::{classify, CharType, Shape, TailType};
use tail_ir::{
    AttrKind, BlockId, Context, Diagnostic, FloatKind, OpId, RegionId, Type, TypeKind, Value,
};

type Res<T> = Result<T, Diagnostic>;

/// Prints `@main` of `module` (a `builtin.module` in the `tail` dialect) as a TAIL program in
/// apltail's syntax; see the module documentation for the form of the text.
///
/// Errors are diagnostics located at the op that cannot be printed (or at the module when it
/// has no suitable `@main`).
pub fn export(ctx: &Context, module: OpId) -> Result<String, Diagnostic> {
    let main = find_main(ctx, module)?;
    let region = ctx.region(main, 0);
    let blocks = ctx.region_blocks(region);
    let [block] = blocks else {
        return Err(at(
            ctx,
            main,
            format!(
                "@main must be one block of straight-line code to be printed as TAIL, but it has {} blocks",
                blocks.len()
            ),
        ));
    };
    if !ctx.block_args(*block).is_empty() {
        return Err(at(
            ctx,
            main,
            "@main must take no arguments to be printed as TAIL",
        ));
    }
    let results = main_results(ctx, main);
    let one_f64 = matches!(results.as_slice(), [t] if matches!(ctx.type_kind(*t), TypeKind::Float(FloatKind::F64)));
    if !one_f64 {
        return Err(at(
            ctx,
            main,
            "@main must return one f64 to be printed as TAIL (a TAIL program's value is a [double]0)",
        ));
    }
    let mut ex = Exporter {
        ctx,
        names: HashMap::new(),
        next: 0,
        live: live_ops(ctx, *block),
    };
    let mut out = ex.block(*block, main, 0, "func.return")?;
    out.push('\n');
    Ok(out)
}

/// `@main`: a `func.func` named `main` directly in the module.
fn find_main(ctx: &Context, module: OpId) -> Res<OpId> {
    for &r in ctx.regions(module) {
        for &b in ctx.region_blocks(r) {
            for op in ctx.block_ops(b) {
                if ctx.op_is(op, "func.func")
                    && ctx.attr(op, "sym_name").and_then(|a| ctx.attr_as_str(a)) == Some("main")
                {
                    return Ok(op);
                }
            }
        }
    }
    Err(at(ctx, module, "has no function @main to print as TAIL"))
}

/// The result types of a `func.func`'s signature.
fn main_results(ctx: &Context, func: OpId) -> Vec<Type> {
    let Some(a) = ctx.attr(func, "function_type") else {
        return Vec::new();
    };
    match ctx.attr_kind(a) {
        AttrKind::Type(t) => match ctx.type_kind(*t) {
            TypeKind::Function { results, .. } => results.to_vec(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// An error at `op`'s location.
fn at(ctx: &Context, op: OpId, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::error(ctx.op_loc(op), msg)
}

struct Exporter<'c> {
    ctx: &'c Context,
    names: HashMap<Value, String>,
    next: usize,
    /// The ops whose value or effect the program needs.
    live: HashSet<OpId>,
}

/// The ops of `block` (and of the regions of the ops kept) that the program needs: those
/// with effects (printing, updating, reading the clock, …), the terminators, and, transitively,
/// the producers of their operands. The rest is dead code, which the exporter leaves out, so
/// that exporting the re-imported text gives the same text.
fn live_ops(ctx: &Context, block: BlockId) -> HashSet<OpId> {
    let mut live = HashSet::new();
    let mut work = Vec::new();
    let roots = |b: BlockId, live: &mut HashSet<OpId>, work: &mut Vec<OpId>| {
        let last = ctx.last_op(b);
        for op in ctx.block_ops(b) {
            if (Some(op) == last || !tail_ir::greedy::would_op_be_trivially_dead(ctx, op))
                && live.insert(op)
            {
                work.push(op);
            }
        }
    };
    roots(block, &mut live, &mut work);
    while let Some(op) = work.pop() {
        for v in ctx.operand_vec(op) {
            if let Some(d) = ctx.defining_op(v) {
                if live.insert(d) {
                    work.push(d);
                }
            }
        }
        for &r in ctx.regions(op) {
            for &b in ctx.region_blocks(r) {
                roots(b, &mut live, &mut work);
            }
        }
    }
    live
}

impl Exporter<'_> {
    /// A fresh variable bound to `v`.
    fn bind(&mut self, v: Value) -> String {
        self.next += 1;
        let n = format!("v{}", self.next);
        self.names.insert(v, n.clone());
        n
    }

    /// A fresh variable bound to no IR value (a tuple of several results).
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("v{}", self.next)
    }

    fn name(&self, op: OpId, v: Value) -> Res<String> {
        self.names.get(&v).cloned().ok_or_else(|| {
            at(
                self.ctx,
                op,
                format!(
                    "'{}' uses a value defined outside the printed program",
                    self.ctx.op_name_str(op)
                ),
            )
        })
    }

    fn operands(&self, op: OpId) -> Res<Vec<String>> {
        self.ctx
            .operand_vec(op)
            .into_iter()
            .map(|v| self.name(op, v))
            .collect()
    }

    /// The TAIL spelling of a type.
    fn ty(&self, op: OpId, t: Type) -> Res<String> {
        let ctx = self.ctx;
        if let TypeKind::Tuple(ts) = ctx.type_kind(t) {
            let mut parts = Vec::new();
            for &c in ts {
                if let TypeKind::Tuple(_) = ctx.type_kind(c) {
                    return Err(self.no_type(op, t, "nested tuples have no TAIL spelling"));
                }
                parts.push(self.ty(op, c)?);
            }
            if parts.len() < 2 {
                return Err(self.no_type(op, t, "TAIL tuples have at least two components"));
            }
            return Ok(format!("({})", parts.join(" * ")));
        }
        let Some(c) = classify(ctx, t) else {
            return Err(self.no_type(op, t, "it is not a TAIL type"));
        };
        let shape = |s: &Shape| -> Res<i64> {
            s.as_const()
                .ok_or_else(|| self.no_type(op, t, "shape variables have no TAIL spelling"))
        };
        Ok(match c {
            TailType::Scalar(e) => format!("[{}]0", self.base(op, e)?),
            TailType::Array(e, r) => format!("[{}]{}", self.base(op, e)?, shape(&r)?),
            TailType::Vec(e, n) => format!("<{}>{}", self.base(op, e)?, shape(&n)?),
            TailType::S(e, n) => format!("S({},{})", self.base(op, e)?, shape(&n)?),
            TailType::SV(e, n) => format!("SV({},{})", self.base(op, e)?, shape(&n)?),
        })
    }

    fn no_type(&self, op: OpId, t: Type, why: &str) -> Diagnostic {
        at(
            self.ctx,
            op,
            format!(
                "'{}' has a result of type '{}', which cannot be printed as TAIL: {why}",
                self.ctx.op_name_str(op),
                self.ctx.type_to_string(t)
            ),
        )
    }

    /// The TAIL base type `κ` of a base type.
    fn base(&self, op: OpId, e: Type) -> Res<&'static str> {
        let ctx = self.ctx;
        Ok(match ctx.type_kind(e) {
            TypeKind::Integer { width: 32, .. } => "int",
            TypeKind::Integer { width: 1, .. } => "bool",
            TypeKind::Float(_) => "double",
            TypeKind::Complex(_) => "complex",
            _ if CharType::from_type(ctx, e).is_some() => "char",
            _ => return Err(self.no_type(op, e, "it is not a TAIL base type")),
        })
    }

    /// A block (of a region of `owner`) as `let`s ending in the value of its terminator
    /// (`terminator` names the op expected there). `indent` is the column of the block's first
    /// line.
    fn block(
        &mut self,
        block: BlockId,
        owner: OpId,
        indent: usize,
        terminator: &str,
    ) -> Res<String> {
        let ctx = self.ctx;
        let pad = " ".repeat(indent);
        let mut out = String::new();
        for op in ctx.block_ops(block) {
            let name = ctx.op_name_str(op);
            if name == terminator {
                let vals = self.operands(op)?;
                let value = match vals.as_slice() {
                    [] => {
                        return Err(at(
                            ctx,
                            op,
                            format!("'{name}' returns no value, which TAIL cannot express"),
                        ))
                    }
                    [v] => v.clone(),
                    _ => format!("({})", vals.join(",")),
                };
                out.push_str(&value);
                return Ok(out);
            }
            if self.skipped(op) {
                continue;
            }
            // `Prj(i, (e0, e1, …))` is `ei`: no `let` (tuples the importer builds around tuple
            // states and results would otherwise pile up on every round trip).
            if name == "tail.prj" {
                if let Some(component) = self.prj_of_tuple(op) {
                    self.names.insert(ctx.result(op, 0), component);
                    continue;
                }
            }
            let rhs = self.op(op, indent)?;
            let results = ctx.results(op).to_vec();
            match results.as_slice() {
                [] => {
                    return Err(at(
                        ctx,
                        op,
                        format!("'{name}' has no result, which a TAIL 'let' cannot bind"),
                    ))
                }
                [r] => {
                    let t = self.ty(op, ctx.value_type(*r))?;
                    let v = self.bind(*r);
                    let _ = write!(out, "let {v}:{t} = {rhs} in\n{pad}");
                }
                rs => {
                    // Several results: a tuple, then each component.
                    let mut ts = Vec::new();
                    for &r in rs {
                        ts.push(self.ty(op, ctx.value_type(r))?);
                    }
                    let tv = self.fresh();
                    let _ = write!(out, "let {tv}:({}) = {rhs} in\n{pad}", ts.join(" * "));
                    for (i, (&r, t)) in rs.iter().zip(&ts).enumerate() {
                        let v = self.bind(r);
                        let _ = write!(out, "let {v}:{t} = Prj({i},{tv}) in\n{pad}");
                    }
                }
            }
        }
        Err(at(
            ctx,
            owner,
            format!("a block to be printed as TAIL must end in '{terminator}'"),
        ))
    }

    /// The right-hand side of the `let` binding `op`'s result(s).
    fn op(&mut self, op: OpId, indent: usize) -> Res<String> {
        let ctx = self.ctx;
        let full = ctx.op_name_str(op);
        let no_spelling = || {
            at(
                ctx,
                op,
                format!("'{full}' has no TAIL spelling; the TAIL exporter cannot print it"),
            )
        };
        let Some(name) = full.strip_prefix("tail.") else {
            return Err(no_spelling());
        };
        let call = |ex: &Self, prim: &str| -> Res<String> {
            Ok(format!("{prim}({})", ex.operands(op)?.join(",")))
        };
        match name {
            "const" => {
                let a = ctx.attr(op, "value").ok_or_else(no_spelling)?;
                let t = ctx.value_type(ctx.result(op, 0));
                scalar_lit(ctx, a, t).ok_or_else(no_spelling)
            }
            "const_char" => {
                let c = ctx
                    .attr(op, "value")
                    .and_then(|a| ctx.attr_as_int(a))
                    .and_then(|c| u32::try_from(c).ok())
                    .and_then(char::from_u32)
                    .ok_or_else(no_spelling)?;
                Ok(char_lit(c))
            }
            "sconst" => {
                let t = ctx.value_type(ctx.result(op, 0));
                let (e, n, vector) = match classify(ctx, t) {
                    Some(TailType::S(e, n)) => (e, n, false),
                    Some(TailType::SV(e, n)) => (e, n, true),
                    _ => return Err(no_spelling()),
                };
                let n = n.as_const().ok_or_else(no_spelling)?;
                let lit = if self.base(op, e)? == "bool" {
                    bool_lit(n != 0).to_string()
                } else {
                    n.to_string()
                };
                Ok(if vector { format!("[{lit}]") } else { lit })
            }
            "lit" => {
                let t = ctx.value_type(ctx.result(op, 0));
                let elem = match classify(ctx, t) {
                    Some(TailType::Vec(e, _) | TailType::Array(e, _)) => e,
                    _ => return Err(no_spelling()),
                };
                let a = ctx.attr(op, "value").ok_or_else(no_spelling)?;
                let AttrKind::Array(elems) = ctx.attr_kind(a) else {
                    return Err(no_spelling());
                };
                let is_char = CharType::from_type(ctx, elem).is_some();
                let mut parts = Vec::new();
                for &x in elems {
                    let p = if is_char {
                        ctx.attr_as_int(x)
                            .and_then(|c| u32::try_from(c).ok())
                            .and_then(char::from_u32)
                            .map(char_lit)
                    } else {
                        scalar_lit(ctx, x, elem)
                    };
                    parts.push(p.ok_or_else(no_spelling)?);
                }
                Ok(format!("[{}]", parts.join(",")))
            }
            "vector" => Ok(format!("[{}]", self.operands(op)?.join(","))),
            "zilde" => Ok("zilde()".into()),
            "pi" => Ok("pi()".into()),
            "tuple" => {
                let parts = self.operands(op)?;
                if parts.len() < 2 {
                    return Err(at(
                        ctx,
                        op,
                        "'tail.tuple' with fewer than two components has no TAIL spelling",
                    ));
                }
                Ok(format!("({})", parts.join(",")))
            }
            "prj" => {
                let i = ctx
                    .attr(op, "index")
                    .and_then(|a| ctx.attr_as_int(a))
                    .ok_or_else(no_spelling)?;
                Ok(format!("Prj({i},{})", self.operands(op)?[0]))
            }
            // TAIL's subtyping is implicit: the `let` annotation asks for the target type.
            "vec_to_array" | "sv_to_vec" | "s_to_scalar" | "scalar_to_array"
            | "array_to_scalar" => Ok(self.operands(op)?.remove(0)),
            "each" | "eachV" | "zipWith" | "scan" => {
                let f = self.function(op, 0, false, indent)?;
                let args = self.operands(op)?;
                Ok(format!("{name}({f},{})", args.join(",")))
            }
            "reduce" | "powerScl" | "condScl" | "bench" => {
                let f = self.function(op, 0, false, indent)?;
                let args = self.operands(op)?;
                Ok(format!("{name}({f},{})", args.join(",")))
            }
            "power" => {
                let args = self.operands(op)?;
                let (n, inits) = args.split_first().ok_or_else(no_spelling)?;
                match inits {
                    [] => Err(at(
                        ctx,
                        op,
                        "'tail.power' without a state has no TAIL spelling",
                    )),
                    [x] => {
                        let f = self.function(op, 0, false, indent)?;
                        Ok(format!("power({f},{n},{x})"))
                    }
                    xs => {
                        let f = self.function(op, 0, true, indent)?;
                        Ok(format!("power({f},{n},({}))", xs.join(",")))
                    }
                }
            }
            "if" => {
                if ctx.num_results(op) == 0 {
                    return Err(at(
                        ctx,
                        op,
                        "'tail.if' without results has no TAIL spelling (TAIL's if is an expression)",
                    ));
                }
                let c = self.operands(op)?.remove(0);
                let inner = indent + 2;
                let pad = " ".repeat(inner);
                let back = " ".repeat(indent);
                let then_b = self.region_block(op, ctx.region(op, 0))?;
                let then_e = self.block(then_b, op, inner, "tail.yield")?;
                let else_b = self.region_block(op, ctx.region(op, 1))?;
                let else_e = self.block(else_b, op, inner, "tail.yield")?;
                Ok(format!(
                    "if {c} then\n{pad}{then_e}\n{back}else\n{pad}{else_e}"
                ))
            }
            "yield" => Err(at(ctx, op, "'tail.yield' outside a region")),
            _ => {
                if !ctx.regions(op).is_empty() {
                    return Err(no_spelling());
                }
                call(self, name)
            }
        }
    }

    /// Ops that need no `let`: dead code (see [`live_ops`]), and tuples only projected from
    /// (their projections are the components themselves).
    fn skipped(&self, op: OpId) -> bool {
        let ctx = self.ctx;
        if !self.live.contains(&op) {
            return true;
        }
        ctx.op_is(op, "tail.tuple")
            && ctx
                .uses(ctx.result(op, 0))
                .all(|u| ctx.op_is(u.op, "tail.prj"))
    }

    /// The name of component `i` when `op` is `tail.prj` (index `i`) of a `tail.tuple`.
    fn prj_of_tuple(&self, op: OpId) -> Option<String> {
        let ctx = self.ctx;
        let i = ctx.attr(op, "index").and_then(|a| ctx.attr_as_int(a))?;
        let def = ctx.defining_op(ctx.operand(op, 0))?;
        if !ctx.op_is(def, "tail.tuple") {
            return None;
        }
        let v = *ctx.operand_vec(def).get(usize::try_from(i).ok()?)?;
        self.names.get(&v).cloned()
    }

    fn region_block(&self, op: OpId, region: RegionId) -> Res<BlockId> {
        match self.ctx.region_blocks(region) {
            [b] => Ok(*b),
            _ => Err(at(
                self.ctx,
                op,
                format!(
                    "'{}' needs single-block regions to be printed as TAIL",
                    self.ctx.op_name_str(op)
                ),
            )),
        }
    }

    /// Region `i` of `op` as a lambda: curried over the block arguments, or (`tupled`) one
    /// parameter holding the tuple of all of them, projected into the arguments.
    fn function(&mut self, op: OpId, i: usize, tupled: bool, indent: usize) -> Res<String> {
        let ctx = self.ctx;
        let block = self.region_block(op, ctx.region(op, i))?;
        let args = ctx.block_args(block).to_vec();
        let inner = indent + 2;
        let pad = " ".repeat(inner);
        let mut head = String::new();
        if tupled {
            let mut ts = Vec::new();
            for &a in &args {
                ts.push(self.ty(op, ctx.value_type(a))?);
            }
            let tv = self.fresh();
            let _ = write!(head, "fn {tv}:({}) =>\n{pad}", ts.join(" * "));
            for (k, (&a, t)) in args.iter().zip(&ts).enumerate() {
                let v = self.bind(a);
                let _ = write!(head, "let {v}:{t} = Prj({k},{tv}) in\n{pad}");
            }
        } else {
            if args.is_empty() {
                return Err(at(
                    ctx,
                    op,
                    format!(
                        "'{}' has a function without parameters, which TAIL cannot express",
                        ctx.op_name_str(op)
                    ),
                ));
            }
            let mut params = Vec::new();
            for &a in &args {
                let t = self.ty(op, ctx.value_type(a))?;
                let v = self.bind(a);
                params.push(format!("fn {v}:{t} =>"));
            }
            let _ = write!(head, "{}\n{pad}", params.join(" "));
        }
        let body = self.block(block, op, inner, "tail.yield")?;
        Ok(head + &body)
    }
}

/// `tt` / `ff`.
fn bool_lit(b: bool) -> &'static str {
    if b {
        "tt"
    } else {
        "ff"
    }
}

/// A scalar constant of type `t` (`i32`, `i1`, `f64`) as a TAIL literal.
fn scalar_lit(ctx: &Context, a: tail_ir::Attribute, t: Type) -> Option<String> {
    match (ctx.attr_kind(a), ctx.type_kind(t)) {
        (AttrKind::Integer { value, .. }, TypeKind::Integer { width: 1, .. }) => {
            Some(bool_lit(*value != 0).to_string())
        }
        (AttrKind::Integer { value, .. }, TypeKind::Integer { .. }) => Some(value.to_string()),
        (AttrKind::Float { value, .. }, TypeKind::Float(_)) => Some(double_lit(*value)),
        (AttrKind::Integer { value, .. }, TypeKind::Float(_)) => Some(double_lit(*value as f64)),
        _ => None,
    }
}

/// A double as a TAIL literal: always with a `.` or an exponent, so that it reads back as a
/// double (`2.0`, `-0.5`, `1.5E-7`, `inf`, `-inf`); NaN, which has no literal, as the
/// expression `divd(0.0,0.0)`.
pub(crate) fn double_lit(x: f64) -> String {
    if x.is_nan() {
        return "divd(0.0,0.0)".into();
    }
    if x.is_infinite() {
        return if x < 0.0 { "-inf" } else { "inf" }.into();
    }
    let s = format!("{x:?}");
    match s.split_once('e') {
        Some((mant, exp)) => {
            let mant = if mant.contains('.') {
                mant.to_string()
            } else {
                format!("{mant}.0")
            };
            format!("{mant}E{exp}")
        }
        None if s.contains('.') => s,
        None => s + ".0",
    }
}

/// A character literal (`'a'`; `'\n'`, `'\t'`, `'\r'`, `'\0'`, `'\''`, `'\\'` escaped).
fn char_lit(c: char) -> String {
    match c {
        '\n' => "'\\n'".into(),
        '\t' => "'\\t'".into(),
        '\r' => "'\\r'".into(),
        '\0' => "'\\0'".into(),
        '\'' => "'\\''".into(),
        '\\' => "'\\\\'".into(),
        c => format!("'{c}'"),
    }
}
