//! Elaboration of APL ([`crate::ast`]) into the `tail` dialect.
//!
//! The approach is apltail's: **compilation by partial evaluation**. Functions (primitives,
//! dfns, derived functions, trains) and operators are compile-time values in an environment;
//! every application is inlined, so the element type and rank of every argument are known
//! where a function is applied, and scalar extension, overloading, identity items and
//! element-type coercions are resolved statically.
//!
//! The output is a `builtin.module` with `func.func @main() -> f64` in the `tail` dialect, in
//! the same form `tail_text::import` produces; it is verified before it is returned.
//!
//! ## Decisions
//!
//! * **Types.** `int` is 32-bit (`i32`), as in apltail; `double` is `f64`, `bool` is `i1`,
//!   `char` is `!tail.char`, complex is `complex<f64>`. As in apltail, the literals `0` and
//!   `1` are booleans; numeric element types widen `bool → int → double → complex` where
//!   primitives mix them (`b2i`, `i2d`, `d2x`).
//! * **Static lengths.** Vectors whose length is known (literals, `⍳5`, `⍴A`, catenations,
//!   static takes and drops) are `!tail.vec<κ, n>` and use the `V` primitives (`iotaV`,
//!   `takeV`, `dropV`, `catV`, `consV`, `eachV`, …); they are coerced with
//!   `tail.vec_to_array` where an array is expected.
//! * **Tuples.** Strands of non-scalars are compile-time tuples; `c[2]` selects statically;
//!   `f⍣n` over a tuple iterates all its components with one `tail.power`.
//! * **Program value.** The last statement's value is the program's value; like apltail it
//!   must be a numeric scalar and is converted to a double (`i2d`, `b2i`); anything else is a
//!   located error.
//! * **Scoping.** dfns are lexically scoped for their local names; names bound at the top
//!   level are looked up when a dfn is applied (so a dfn may use a global defined after it,
//!   as in Dyalog). dfn assignments are local. Recursion is rejected (every application is
//!   inlined).
//! * **Mutation.** `v[i]←x` copies `v` (`tail.mem`) before its first update after `v` was
//!   read, then updates in place (`tail.idxassign`), so arrays keep value semantics. Its value
//!   is `idxassign`'s boolean, as in apltail.

mod emit;
mod ops;
mod prims;
mod select;

use std::rc::Rc;
use std::sync::Arc;

use tail_builtin::builtin::ModuleOp;
use tail_builtin::func::FuncOp;
use tail_ir::{BlockId, Builder, Context, Diagnostic, OpId, Value};

use crate::ast::{self, Dfn, Expr, ExprKind, Fun, FunKind, Operand, Operator, Pos, Stmt};

pub(crate) use emit::Sh;

pub(crate) type Res<T> = Result<T, Diagnostic>;

/// Element types, ordered so that numeric widening is `max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum El {
    B,
    I,
    D,
    X,
    C,
}

impl El {
    pub(crate) fn name(self) -> &'static str {
        match self {
            El::B => "bool",
            El::I => "int",
            El::D => "double",
            El::X => "complex",
            El::C => "char",
        }
    }
    pub(crate) fn article_name(self) -> String {
        match self {
            El::I => "an int".to_string(),
            e => format!("a {}", e.name()),
        }
    }
    pub(crate) fn numeric(self) -> bool {
        self != El::C
    }
}

/// A compile-time value: an IR value (array or scalar), a tuple, or a function.
#[derive(Clone)]
pub(crate) enum Val {
    A(Value),
    T(Vec<Val>),
}

/// An operand of an operator (or a train item): a function or an array.
#[derive(Clone)]
pub(crate) enum Opnd {
    F(Rc<FunObj>),
    A(Val, Pos),
}

/// A function value.
pub(crate) struct FunObj {
    pub(crate) kind: FunV,
    pub(crate) pos: Pos,
}

pub(crate) enum FunV {
    Prim(char),
    Sys(String),
    Dfn {
        dfn: Rc<Dfn>,
        env: Rc<Vec<(String, Bind)>>,
        aa: Option<Opnd>,
        ww: Option<Opnd>,
        name: Option<String>,
    },
    Derived {
        op: ast::PrimOp,
        left: Opnd,
        right: Option<Opnd>,
    },
    Train(Vec<Opnd>),
    /// `f ⎕BENCH n`.
    Bench {
        left: Opnd,
        right: Option<Opnd>,
    },
}

/// What a name is bound to.
#[derive(Clone)]
pub(crate) enum Bind {
    V(Val),
    F(Rc<FunObj>),
    Op(Rc<Dfn>, Rc<Vec<(String, Bind)>>),
    /// `⍺⍺`/`⍵⍵` bound to an operand.
    Operand(Opnd),
}

/// Maximum nesting of dfn applications (recursion is not supported).
const MAX_DEPTH: usize = 64;

/// The elaboration state.
pub(crate) struct Elab<'c> {
    pub(crate) ctx: &'c mut Context,
    /// The names of the program's files, which positions index.
    pub(crate) files: Vec<String>,
    pub(crate) block: BlockId,
    globals: Vec<(String, Bind)>,
    locals: Vec<(String, Bind)>,
    /// Names whose current value is a fresh copy that may be updated in place.
    fresh: Vec<String>,
    depth: usize,
}

/// Parses and elaborates the APL program `src` (named `file`) into a verified module, on a
/// thread with a large stack (elaboration recurses over the program and inlines every
/// application).
pub fn compile(ctx: &mut Context, file: &str, src: &str) -> Result<OpId, Diagnostic> {
    compile_files(ctx, &[(file, src)])
}

/// [`compile`] for a program read from several files, `(name, text)` in order: their
/// statements are one program (apltail's `aplt prelude.apl prog.apl`), whose value is the
/// last file's last statement's, and each location names the file it is in. With more than
/// one file the module records their names in order as `tail.sources`
/// ([`tail_dialect::source`]), so that compiled programs name the file of a failed run-time
/// check.
pub fn compile_files(ctx: &mut Context, files: &[(&str, &str)]) -> Result<OpId, Diagnostic> {
    let cell = std::sync::Mutex::new(ctx);
    let run = || {
        let mut guard = cell.lock().unwrap_or_else(|p| p.into_inner());
        let ctx: &mut Context = &mut guard;
        for &(file, src) in files {
            ctx.add_source(file, Arc::from(src));
        }
        let texts: Vec<&str> = files.iter().map(|&(_, t)| t).collect();
        let prog = match crate::parser::parse_files(&texts) {
            Ok(p) => p,
            Err(e) => {
                let k = usize::try_from(e.pos.file).unwrap_or(usize::MAX);
                let file = files.get(k).or(files.last()).map_or("", |&(f, _)| f);
                let loc = ctx.file_loc(file, e.pos.line.max(1), e.pos.col.max(1));
                return Err(Diagnostic::error(loc, e.message));
            }
        };
        let names: Vec<&str> = files.iter().map(|&(f, _)| f).collect();
        elaborate_here(ctx, &names, &prog)
    };
    std::thread::scope(|s| {
        match std::thread::Builder::new()
            .name("apl-elab".to_string())
            .stack_size(256 << 20)
            .spawn_scoped(s, run)
        {
            Ok(h) => match h.join() {
                Ok(r) => r,
                Err(p) => std::panic::resume_unwind(p),
            },
            Err(_) => run(),
        }
    })
}

/// Elaborates the parsed program `prog` (read from `file`, whose text is `src`) into a
/// verified module, on the calling thread.
pub fn elaborate(
    ctx: &mut Context,
    file: &str,
    src: &str,
    prog: &ast::Program,
) -> Result<OpId, Diagnostic> {
    ctx.add_source(file, Arc::from(src));
    elaborate_here(ctx, &[file], prog)
}

/// Elaborates `prog`, whose positions name the files `files` (their sources registered).
fn elaborate_here(
    ctx: &mut Context,
    files: &[&str],
    prog: &ast::Program,
) -> Result<OpId, Diagnostic> {
    tail_builtin::link();
    tail_dialect::link();
    let Some(&last) = files.last() else {
        return Err(Diagnostic::error(
            ctx.unknown_loc(),
            "an APL program needs at least one file",
        ));
    };
    let loc = ctx.file_loc(last, 1, 1);
    let module = ModuleOp::create_empty(ctx, None, loc);
    if files.len() > 1 {
        tail_dialect::source::set_sources(ctx, module.op(), files);
    }
    let body = module.body_block(ctx);
    let f64t = ctx.f64_type();
    let fty = ctx.function_type(Vec::new(), vec![f64t]);
    let entry = {
        let mut b = Builder::at_end(ctx, body, loc);
        FuncOp::create(&mut b, "main", fty).1
    };
    let mut el = Elab {
        ctx,
        files: files.iter().map(|f| f.to_string()).collect(),
        block: entry,
        globals: Vec::new(),
        locals: Vec::new(),
        fresh: Vec::new(),
        depth: 0,
    };
    let start = Pos {
        file: u32::try_from(files.len() - 1).unwrap_or(u32::MAX),
        line: 1,
        col: 1,
    };
    let (last, pos) = el.stmts(&prog.stmts, start)?;
    let v = el.program_value(last, pos)?;
    el.emit(
        "func.return",
        vec![v],
        Vec::new(),
        Vec::new(),
        Vec::new(),
        pos,
    );
    tail_ir::verify(el.ctx, module.op())?;
    Ok(module.op())
}

impl Elab<'_> {
    // ----- environment ----------------------------------------------------------------------

    fn lookup(&self, name: &str) -> Option<Bind> {
        self.locals
            .iter()
            .rev()
            .chain(self.globals.iter().rev())
            .find(|(n, _)| n == name)
            .map(|(_, b)| b.clone())
    }

    fn bind(&mut self, name: &str, b: Bind) {
        self.fresh.retain(|n| n != name);
        if self.depth == 0 {
            self.globals.push((name.to_string(), b));
        } else {
            self.locals.push((name.to_string(), b));
        }
    }

    // ----- statements -----------------------------------------------------------------------

    /// Elaborates statements; returns the last one's value (if it is an expression) and its
    /// position.
    fn stmts(&mut self, stmts: &[Stmt], start: Pos) -> Res<(Option<Val>, Pos)> {
        let mut last = (None, start);
        for s in stmts {
            last = match s {
                Stmt::Expr(e) => (Some(self.expr(e)?), e.pos),
                Stmt::FunDef { name, fun } => {
                    let mut f = self.fun(fun)?;
                    if let FunV::Dfn {
                        dfn, env, aa, ww, ..
                    } = &f.kind
                    {
                        f = Rc::new(FunObj {
                            kind: FunV::Dfn {
                                dfn: dfn.clone(),
                                env: env.clone(),
                                aa: aa.clone(),
                                ww: ww.clone(),
                                name: Some(name.name.clone()),
                            },
                            pos: f.pos,
                        });
                    }
                    self.bind(&name.name, Bind::F(f));
                    (None, name.pos)
                }
                Stmt::OpDef { name, dfn } => {
                    let env = Rc::new(self.locals.clone());
                    self.bind(&name.name, Bind::Op(dfn.clone(), env));
                    (None, name.pos)
                }
            };
        }
        Ok(last)
    }

    fn program_value(&mut self, v: Option<Val>, pos: Pos) -> Res<Value> {
        let Some(v) = v else {
            return Err(self.err(
                pos,
                "the program's last statement must be an expression (its value is the program's value)",
            ));
        };
        let v = match v {
            Val::A(v) => self.norm(v, pos),
            Val::T(_) => {
                return Err(self.err(
                    pos,
                    "the program's value must be a numeric scalar (apltail converts it to a double), but the last statement produces a tuple",
                ))
            }
        };
        let (e, sh) = self.info(v);
        if sh != Sh::Scalar || !matches!(e, El::B | El::I | El::D) {
            return Err(self.err(
                pos,
                format!(
                    "the program's value must be a numeric scalar (apltail converts it to a double), but the last statement produces {}",
                    self.describe(v)
                ),
            ));
        }
        self.conv_scalar(v, El::D, pos)
    }

    // ----- expressions ----------------------------------------------------------------------

    pub(crate) fn expr(&mut self, e: &Expr) -> Res<Val> {
        let pos = e.pos;
        match &e.kind {
            ExprKind::Int(n) => Ok(Val::A(match n {
                0 | 1 => self.c_bool(*n == 1, pos),
                _ => self.c_int(*n, pos)?,
            })),
            ExprKind::Double(d) => Ok(Val::A(self.c_f64(*d, pos))),
            ExprKind::Complex(a, b) => Ok(Val::A(self.c_complex(*a, *b, pos))),
            ExprKind::Str(s) => {
                let cs: Vec<char> = s.chars().collect();
                Ok(Val::A(if cs.len() == 1 {
                    self.c_char(cs[0], pos)
                } else {
                    let ns: Vec<i64> = cs.iter().map(|&c| c as i64).collect();
                    self.lit_ints(El::C, &ns, pos)
                }))
            }
            ExprKind::Zilde => Ok(Val::A(self.zilde(El::I, pos))),
            ExprKind::Var(x) => self.var(x, pos),
            ExprKind::Alpha => self.var("⍺", pos),
            ExprKind::Omega => self.var("⍵", pos),
            ExprKind::SysVal(n) => {
                if n.eq_ignore_ascii_case("⎕NOW") {
                    let z = self.c_int(0, pos)?;
                    let it = self.el_ty(El::I);
                    Ok(Val::A(self.emit1("tail.nowi", vec![z], it, pos)))
                } else {
                    Err(self.err(pos, format!("unsupported system name {n} used as a value")))
                }
            }
            ExprKind::Strand(items) => self.strand(items, pos),
            ExprKind::Paren(x) => self.expr(x),
            ExprKind::Monadic { fun, arg } => {
                let r = self.expr(arg)?;
                let f = self.fun(fun)?;
                self.apply(&f, None, r, fun.pos)
            }
            ExprKind::Dyadic { fun, left, right } => {
                let r = self.expr(right)?;
                let f = self.fun(fun)?;
                let l = self.expr(left)?;
                self.apply(&f, Some(l), r, fun.pos)
            }
            ExprKind::Index { array, axes } => {
                let idx = self.axes(axes)?;
                let a = self.expr(array)?;
                self.index(a, &idx, pos)
            }
            ExprKind::Assign { name, value } => {
                let v = self.expr(value)?;
                self.bind(&name.name, Bind::V(v.clone()));
                Ok(v)
            }
            ExprKind::IndexAssign { name, axes, value } => {
                let v = self.expr(value)?;
                let idx = self.axes(axes)?;
                self.index_assign(name, &idx, v, pos)
            }
            ExprKind::Print(x) => {
                let v = self.expr(x)?;
                self.print(v, x.pos)
            }
        }
    }

    fn var(&mut self, x: &str, pos: Pos) -> Res<Val> {
        match self.lookup(x) {
            Some(Bind::V(v)) => {
                self.fresh.retain(|n| n != x);
                Ok(v)
            }
            Some(Bind::Operand(Opnd::A(v, _))) => Ok(v),
            Some(Bind::F(_)) | Some(Bind::Operand(Opnd::F(_))) => Err(self.err(
                pos,
                format!("'{x}' is a function; it is used here as an array"),
            )),
            Some(Bind::Op(..)) => Err(self.err(
                pos,
                format!("'{x}' is an operator; it is used here as an array"),
            )),
            None if x == "⍺" => Err(self.err(
                pos,
                "⍺ is not bound here: the dfn is applied monadically (or ⍺ is used outside a dfn)",
            )),
            None if x == "⍵" => Err(self.err(pos, "⍵ is used outside a dfn")),
            None => Err(self.err(pos, format!("undefined name '{x}'"))),
        }
    }

    /// A strand: a vector when every item is a scalar of one kind, a tuple otherwise.
    fn strand(&mut self, items: &[Expr], pos: Pos) -> Res<Val> {
        // APL evaluates right to left.
        let mut vals = Vec::with_capacity(items.len());
        for x in items.iter().rev() {
            vals.push((self.expr(x)?, x.pos));
        }
        vals.reverse();
        let mut scalars = Vec::new();
        for (v, p) in &vals {
            match v {
                Val::A(a) => {
                    let a = self.norm(*a, *p);
                    if !self.is_scalar(a) {
                        break;
                    }
                    scalars.push((a, *p));
                }
                Val::T(_) => break,
            }
        }
        if scalars.len() == vals.len() {
            let kinds: Vec<El> = scalars.iter().map(|(a, _)| self.el(*a)).collect();
            let all_char = kinds.iter().all(|&k| k == El::C);
            let any_char = kinds.contains(&El::C);
            if all_char || !any_char {
                let e = kinds.iter().copied().max().unwrap_or(El::I);
                return Ok(Val::A(self.vector(&scalars, e, pos)?));
            }
        }
        Ok(Val::T(vals.into_iter().map(|(v, _)| v).collect()))
    }

    /// A vector of scalars of element type `e` (a literal when all are static).
    pub(crate) fn vector(&mut self, xs: &[(Value, Pos)], e: El, pos: Pos) -> Res<Value> {
        let statics: Option<Vec<i64>> = xs.iter().map(|(a, _)| self.static_int(*a)).collect();
        if let (Some(ns), El::B | El::I) = (&statics, e) {
            return Ok(self.lit_ints(e, ns, pos));
        }
        if e == El::D {
            let ds: Option<Vec<f64>> = xs.iter().map(|(a, _)| self.static_f64(*a)).collect();
            if let Some(ds) = ds {
                return Ok(self.lit_f64s(&ds, pos));
            }
        }
        if e == El::C {
            let cs: Option<Vec<i64>> = xs.iter().map(|(a, _)| self.static_char(*a)).collect();
            if let Some(cs) = cs {
                return Ok(self.lit_ints(El::C, &cs, pos));
            }
        }
        let mut vs = Vec::new();
        for &(a, p) in xs {
            vs.push(self.conv_scalar(a, e, p)?);
        }
        let vt = self.vec_ty(e, vs.len() as i64);
        Ok(self.emit1("tail.vector", vs, vt, pos))
    }

    fn static_f64(&self, v: Value) -> Option<f64> {
        if let Some(n) = self.static_int(v) {
            return Some(n as f64);
        }
        let op = self.ctx.defining_op(v)?;
        if self.ctx.op_name_str(op) != "tail.const" {
            return None;
        }
        self.ctx.attr_as_float(self.ctx.attr(op, "value")?)
    }

    fn static_char(&self, v: Value) -> Option<i64> {
        let op = self.ctx.defining_op(v)?;
        if self.ctx.op_name_str(op) != "tail.const_char" {
            return None;
        }
        self.ctx.attr_as_int(self.ctx.attr(op, "value")?)
    }

    fn axes(&mut self, axes: &[Option<Expr>]) -> Res<Vec<Option<(Val, Pos)>>> {
        let mut out = Vec::new();
        for a in axes.iter().rev() {
            out.push(match a {
                Some(e) => Some((self.expr(e)?, e.pos)),
                None => None,
            });
        }
        out.reverse();
        Ok(out)
    }

    /// `⎕ ← v`.
    fn print(&mut self, v: Val, pos: Pos) -> Res<Val> {
        let Val::A(a) = v else {
            return Err(self.err(pos, "printing a tuple with ⎕← is not supported"));
        };
        let a = self.norm(a, pos);
        let (e, sh) = self.info(a);
        let k = match e {
            El::B => "B",
            El::I => "I",
            El::D => "D",
            El::C => "C",
            El::X => "X",
        };
        if sh == Sh::Scalar {
            let t = self.ctx.value_type(a);
            return Ok(Val::A(self.emit1(
                &format!("tail.prScl{k}"),
                vec![a],
                t,
                pos,
            )));
        }
        let a = self.as_arr(a, pos);
        let t = self.ctx.value_type(a);
        Ok(Val::A(self.emit1(
            &format!("tail.prArr{k}"),
            vec![a],
            t,
            pos,
        )))
    }

    // ----- functions ------------------------------------------------------------------------

    /// The function value of a function expression.
    pub(crate) fn fun(&mut self, f: &Fun) -> Res<Rc<FunObj>> {
        let pos = f.pos;
        let kind = match &f.kind {
            FunKind::Prim(c) => FunV::Prim(*c),
            FunKind::SysFun(n) => FunV::Sys(n.clone()),
            FunKind::Var(x) => {
                return match self.lookup(x) {
                    Some(Bind::F(g)) | Some(Bind::Operand(Opnd::F(g))) => Ok(g),
                    Some(Bind::V(_)) | Some(Bind::Operand(Opnd::A(..))) => Err(self.err(
                        pos,
                        format!("'{x}' is an array; it is used here as a function"),
                    )),
                    Some(Bind::Op(..)) => Err(self.err(
                        pos,
                        format!("'{x}' is an operator; it is used here as a function"),
                    )),
                    None => Err(self.err(pos, format!("undefined function '{x}'"))),
                };
            }
            FunKind::Dfn(d) => FunV::Dfn {
                dfn: d.clone(),
                env: Rc::new(self.locals.clone()),
                aa: None,
                ww: None,
                name: None,
            },
            FunKind::AlphaAlpha | FunKind::OmegaOmega => {
                let n = if matches!(f.kind, FunKind::AlphaAlpha) {
                    "⍺⍺"
                } else {
                    "⍵⍵"
                };
                return match self.lookup(n) {
                    Some(Bind::Operand(Opnd::F(g))) => Ok(g),
                    Some(Bind::Operand(Opnd::A(..))) => Err(self.err(
                        pos,
                        format!("{n} is an array operand here; it is used as a function"),
                    )),
                    _ => Err(self.err(pos, format!("{n} is used outside an operator"))),
                };
            }
            FunKind::Derived { op, left, right } => {
                // Operands are evaluated right to left.
                let r = match right {
                    Some(r) => Some(self.operand(r)?),
                    None => None,
                };
                let l = self.operand(left)?;
                match op {
                    Operator::Prim(p) => FunV::Derived {
                        op: *p,
                        left: l,
                        right: r,
                    },
                    Operator::Var(id) => match self.lookup(&id.name) {
                        Some(Bind::Op(dfn, env)) => FunV::Dfn {
                            dfn,
                            env,
                            aa: Some(l),
                            ww: r,
                            name: Some(id.name.clone()),
                        },
                        Some(_) => {
                            return Err(
                                self.err(id.pos, format!("'{}' is not an operator", id.name))
                            )
                        }
                        None => {
                            return Err(
                                self.err(id.pos, format!("undefined operator '{}'", id.name))
                            )
                        }
                    },
                    Operator::Sys(id) if id.name.eq_ignore_ascii_case("⎕BENCH") => {
                        FunV::Bench { left: l, right: r }
                    }
                    Operator::Sys(id) => {
                        return Err(
                            self.err(id.pos, format!("unsupported system operator {}", id.name))
                        )
                    }
                    Operator::Dfn(d) => FunV::Dfn {
                        dfn: d.clone(),
                        env: Rc::new(self.locals.clone()),
                        aa: Some(l),
                        ww: r,
                        name: None,
                    },
                }
            }
            FunKind::Train(items) => {
                let mut ops = Vec::new();
                for it in items.iter().rev() {
                    ops.push(self.operand(it)?);
                }
                ops.reverse();
                FunV::Train(ops)
            }
        };
        Ok(Rc::new(FunObj { kind, pos }))
    }

    fn operand(&mut self, o: &Operand) -> Res<Opnd> {
        Ok(match o {
            Operand::Fun(f) => Opnd::F(self.fun(f)?),
            Operand::Array(e) => Opnd::A(self.expr(e)?, e.pos),
        })
    }

    /// Applies a function value to its argument(s); `pos` is the function's position.
    pub(crate) fn apply(
        &mut self,
        f: &Rc<FunObj>,
        left: Option<Val>,
        right: Val,
        pos: Pos,
    ) -> Res<Val> {
        match &f.kind {
            FunV::Prim(c) => self.prim(*c, left, right, pos),
            FunV::Sys(n) => self.sys(n, left, right, pos),
            FunV::Dfn {
                dfn,
                env,
                aa,
                ww,
                name,
            } => self.apply_dfn(
                dfn,
                env,
                aa.clone(),
                ww.clone(),
                name.as_deref(),
                left,
                right,
                pos,
            ),
            FunV::Derived {
                op,
                left: l,
                right: r,
            } => self.derived(*op, l, r.as_ref(), left, right, pos),
            FunV::Train(items) => self.train(items, left, right, pos),
            FunV::Bench { left: l, right: r } => self.bench(l, r.as_ref(), left, right, pos),
        }
    }

    /// Applies a function to IR values (used inside regions).
    pub(crate) fn apply_v(
        &mut self,
        f: &Rc<FunObj>,
        left: Option<Value>,
        right: Value,
        pos: Pos,
    ) -> Res<Value> {
        let r = self.apply(f, left.map(Val::A), Val::A(right), pos)?;
        self.arr_of(r, pos)
    }

    /// The IR value of an array `Val` (tuples are rejected).
    pub(crate) fn arr_of(&mut self, v: Val, pos: Pos) -> Res<Value> {
        match v {
            Val::A(a) => Ok(self.norm(a, pos)),
            Val::T(_) => Err(self.err(
                pos,
                "a tuple is used where an array is expected (nested arrays are not supported)",
            )),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn apply_dfn(
        &mut self,
        dfn: &Rc<Dfn>,
        env: &Rc<Vec<(String, Bind)>>,
        aa: Option<Opnd>,
        ww: Option<Opnd>,
        name: Option<&str>,
        left: Option<Val>,
        right: Val,
        pos: Pos,
    ) -> Res<Val> {
        let what = match name {
            Some(n) => format!("'{n}'"),
            None => "dfn".to_string(),
        };
        if (dfn.uses_alpha_alpha && aa.is_none()) || (dfn.uses_omega_omega && ww.is_none()) {
            return Err(self.err(
                pos,
                format!("{what} is an operator (it uses ⍺⍺ or ⍵⍵); it must be given operands before it is applied"),
            ));
        }
        if dfn.uses_alpha && left.is_none() {
            return Err(self.err_note(
                pos,
                format!("{what} uses ⍺ but is applied monadically (valence error)"),
                dfn.pos,
                "the dfn is defined here",
            ));
        }
        if !dfn.uses_alpha && left.is_some() {
            return Err(self.err_note(
                pos,
                format!("{what} does not use ⍺, so it is monadic, but it is applied dyadically (valence error)"),
                dfn.pos,
                "the dfn is defined here",
            ));
        }
        if self.depth >= MAX_DEPTH {
            return Err(self.err(
                pos,
                format!("{what}: applications nest too deeply (recursion is not supported: every application is inlined)"),
            ));
        }
        // Annotation: check (and coerce) the arguments.
        let mut unifier = ops::Unifier::default();
        let (left, right) = match &dfn.annotation {
            Some(ann) => {
                self.check_ann_args(ann, &mut unifier, &aa, &ww, left, right, pos, &what)?
            }
            None => (left, right),
        };
        let mut locals = (**env).clone();
        if let Some(o) = &aa {
            locals.push(("⍺⍺".to_string(), Bind::Operand(o.clone())));
        }
        if let Some(o) = &ww {
            locals.push(("⍵⍵".to_string(), Bind::Operand(o.clone())));
        }
        locals.push(("⍵".to_string(), Bind::V(right)));
        if let Some(l) = left {
            locals.push(("⍺".to_string(), Bind::V(l)));
        }
        // The reading of the body for these operands: an array operand is an array there.
        let is_array = |o: &Option<Opnd>| matches!(o, Some(Opnd::A(..)));
        let body = match dfn.body_for(is_array(&aa), is_array(&ww)) {
            Ok(b) => b,
            Err(e) => return Err(self.err(e.pos, e.message.clone())),
        };
        let saved_locals = std::mem::replace(&mut self.locals, locals);
        let saved_fresh = std::mem::take(&mut self.fresh);
        self.depth += 1;
        let r = self.stmts(body, dfn.pos);
        self.depth -= 1;
        self.locals = saved_locals;
        self.fresh = saved_fresh;
        let (v, p) = r?;
        let Some(v) = v else {
            return Err(self.err(p, format!("the body of {what} must end with an expression")));
        };
        match &dfn.annotation {
            Some(ann) => self.check_ann_result(ann, &mut unifier, v, pos, &what),
            None => Ok(v),
        }
    }

    /// `A[i;j]`: per axis, an index or an elided axis.
    fn index(&mut self, a: Val, idx: &[Option<(Val, Pos)>], pos: Pos) -> Res<Val> {
        let a = match a {
            Val::T(items) => {
                let [Some((Val::A(i), ip))] = idx else {
                    return Err(self.err(pos, "a tuple is indexed with one static index (c[2])"));
                };
                let Some(k) = self.static_int(*i) else {
                    return Err(self.err(*ip, "a tuple index must be a statically known integer"));
                };
                if k < 1 || k as usize > items.len() {
                    return Err(self.err(
                        *ip,
                        format!(
                            "index {k} is out of range for a tuple of {} components",
                            items.len()
                        ),
                    ));
                }
                return Ok(items[k as usize - 1].clone());
            }
            Val::A(a) => self.norm(a, pos),
        };
        let r = self.rank(a);
        if idx.len() as i64 != r {
            return Err(self.err(
                pos,
                format!(
                    "rank error: {} indices for {} (one per axis is needed)",
                    idx.len(),
                    self.describe(a)
                ),
            ));
        }
        let mut cur = self.as_arr(a, pos);
        // Vector indexing of a vector: `v[i]` with an index array.
        if r == 1 {
            if let Some((Val::A(i), ip)) = &idx[0] {
                let i = self.norm(*i, *ip);
                if !self.is_scalar(i) {
                    if !self.el(i).numeric() || self.el(i) > El::I {
                        return Err(self.err(*ip, "indices must be integers"));
                    }
                    let base = cur;
                    let out = self.map1(i, pos, &mut |el, k| {
                        let k = el.conv_scalar(k, El::I, pos)?;
                        el.idx(base, 1, k, pos)
                    })?;
                    return Ok(Val::A(out));
                }
            }
        }
        // Index the highest axes first so that lower axis numbers stay valid.
        for (d, ix) in idx.iter().enumerate().rev() {
            let Some((iv, ip)) = ix else { continue };
            let Val::A(i) = iv else {
                return Err(self.err(*ip, "an index must be an integer scalar"));
            };
            let i = self.norm(*i, *ip);
            if !self.el(i).numeric() || self.el(i) > El::I {
                return Err(self.err(
                    *ip,
                    format!("an index must be an integer, but got {}", self.describe(i)),
                ));
            }
            if !self.is_scalar(i) {
                // An index array: the axis is replaced by the axes of the index array.
                cur = self.select_axis(cur, d as i64 + 1, i, pos)?;
                continue;
            }
            let i = self.conv_scalar(i, El::I, *ip)?;
            cur = self.idx(cur, d as i64 + 1, i, pos)?;
        }
        Ok(Val::A(cur))
    }

    /// `idxS(d, i, a)`.
    pub(crate) fn idx(&mut self, a: Value, d: i64, i: Value, pos: Pos) -> Res<Value> {
        let (e, sh) = self.info(a);
        let dv = self.sconst(d, pos);
        let rt = self.arr_ty(e, sh.rank() - 1);
        Ok(self.emit1("tail.idxS", vec![dv, i, a], rt, pos))
    }

    fn index_assign(
        &mut self,
        name: &ast::Ident,
        idx: &[Option<(Val, Pos)>],
        v: Val,
        pos: Pos,
    ) -> Res<Val> {
        let cur = match self.lookup(&name.name) {
            Some(Bind::V(Val::A(a))) => self.norm(a, name.pos),
            Some(_) => {
                return Err(self.err(
                    name.pos,
                    format!("indexed assignment needs '{}' to be an array", name.name),
                ))
            }
            None => return Err(self.err(name.pos, format!("undefined name '{}'", name.name))),
        };
        let r = self.rank(cur);
        if idx.len() as i64 != r || r == 0 {
            return Err(self.err(
                pos,
                format!(
                    "rank error: {} indices for {} in an indexed assignment",
                    idx.len(),
                    self.describe(cur)
                ),
            ));
        }
        let mut is = Vec::new();
        for ix in idx {
            let Some((Val::A(i), ip)) = ix else {
                return Err(self.err(
                    pos,
                    "indexed assignment needs every index (no elided axes, no tuples)",
                ));
            };
            let i = self.norm(*i, *ip);
            if !self.is_scalar(i) || !self.el(i).numeric() || self.el(i) > El::I {
                return Err(self.err(
                    *ip,
                    format!(
                        "indexed assignment needs integer scalar indices, but got {}",
                        self.describe(i)
                    ),
                ));
            }
            is.push((i, *ip));
        }
        let iv = self.vector(&is, El::I, pos)?;
        let e = self.el(cur);
        let val = self.arr_of(v, pos)?;
        if !self.is_scalar(val) {
            return Err(self.err(
                pos,
                format!(
                    "indexed assignment stores a scalar, but got {}",
                    self.describe(val)
                ),
            ));
        }
        let ve = self.el(val);
        if ve > e || (ve == El::C) != (e == El::C) {
            return Err(self.err(
                pos,
                format!(
                    "cannot store {} value into {}",
                    ve.article_name(),
                    self.describe(cur)
                ),
            ));
        }
        let val = self.conv_scalar(val, e, pos)?;
        let arr = if self.fresh.iter().any(|n| n == &name.name) {
            cur
        } else {
            let a = self.as_arr(cur, pos);
            let t = self.ctx.value_type(a);
            let m = self.emit1("tail.mem", vec![a], t, pos);
            self.bind(&name.name, Bind::V(Val::A(m)));
            self.fresh.push(name.name.clone());
            m
        };
        let bt = self.el_ty(El::B);
        Ok(Val::A(self.emit1(
            "tail.idxassign",
            vec![iv, arr, val],
            bt,
            pos,
        )))
    }
}
