//! Lowering of a monomorphic FCL program to the `hpar` dialect.
//!
//! The lowering is an evaluator of the monomorphic program ([`crate::mono`]) that emits IR:
//! functions, lambdas and pairs are compile-time values (every function is inlined, as the
//! `hpar` crate docs assume: a program is a region, not a value), and the built-ins of
//! Fig. 5.4 emit their `hpar` ops:
//!
//! | FCL | IR |
//! | --- | --- |
//! | `generate n f` | a delayed array (length, index function), emitted as `hpar.generate` where it is materialised (`push`, a loop's initial array, a nested array) and inlined where it is indexed |
//! | `index`, `length`, `splitAt` of a materialised array | `hpar.index`, `hpar.length`, `hpar.split_at` (of an entry parameter: `memref.load`, `memref.dim`) |
//! | `map f a` | `hpar.map` over a materialised array of base elements, else a delayed array |
//! | `push⟨l⟩`, `force⟨l⟩`, `return⟨l⟩`, `do⟨l⟩` | `hpar.push<l>`, `hpar.force<l>`, `hpar.return`, the ops of the enclosing program region in order |
//! | prelude `concat⟨l⟩`, `concatWarp` | `hpar.concat<l>` (sub-program `i` is the body with argument `i`) |
//! | `interleave⟨l⟩`, `interleaveWarp` | `hpar.interleave<l>` with the placement as its `place` region |
//! | `power⟨l⟩`/`poweri⟨l⟩`, `while⟨l⟩` | `hpar.power<l>`, `hpar.while<l>` (body and condition as regions) |
//! | `seqfor size n f` | `hpar.seqfor` over a thread-level push array of `size` zeros |
//! | `mapPushIx f p` | `hpar.map` over the push array when `f` ignores the index, else `force<l>` then `push<l>` of the re-indexed array |
//! | arithmetic, comparisons, `min`/`max`, `i2d`/`d2i`, `not` | `arith` ops (int is `i32`, kept as `index` where it comes from and goes to lengths and positions) |
//! | `if` (base types only, rule 5.20) | `scf.if` |
//!
//! The entry point becomes `func.func @entry`: its parameters are `i32`/`f64`/`i1` scalars and
//! pull arrays of base types as `memref<?xT>` (as `convert-soac-to-hpar` makes them); a
//! `Program⟨grid⟩` result is one host-level `hpar.program<grid>`; a grid push array it returns
//! is forced (one kernel) and returned through `builtin.unrealized_conversion_cast` to a
//! `memref<?xT>`, again as `convert-soac-to-hpar` does. The module is verified (the `hpar`
//! level rules included) before it is returned; every op is located in the FCL source.

use crate::ast::*;
use crate::diag::Pos;
use crate::mono::{Mono, Use};
use crate::types::{Builtin, Level as FLevel, Ty};
use std::rc::Rc;
use std::sync::Arc;
use tail_builtin::arith::{CmpFPredicate as CF, CmpIPredicate as CI};
use tail_hpar::types::{Level, LevelAttr, PullType, PushType};
use tail_ir::{
    BlockId, Context, Diagnostic, InsertPoint, Location, OpId, OperationState, RegionId, Type,
    TypeKind, Value,
};

type R<T> = Result<T, Diagnostic>;

/// The value of `#BlockSize` (the default block size of `convert-hpar-to-gpu`).
pub const BLOCK_SIZE: i64 = 256;
/// The value of `#WarpSize`.
pub const WARP_SIZE: i64 = 32;

type Fn1<'a> = Rc<dyn Fn(&mut L<'a>, V<'a>) -> R<V<'a>> + 'a>;
/// Fills a region's block from its arguments, returning the terminator's operands.
type RegionBody<'s, 'a> = dyn FnMut(&mut L<'a>, Vec<Value>) -> R<Vec<Value>> + 's;
type Thunk<'a> = Rc<dyn Fn(&mut L<'a>) -> R<V<'a>> + 'a>;

#[derive(Clone)]
enum Prim {
    B(Builtin),
    Concat,
    ConcatWarp,
}

#[derive(Clone)]
enum V<'a> {
    /// An int: `i32`, or `index` where it came from a length or position.
    Int(Value),
    /// An int literal, materialised at the type its use needs.
    IConst(i64),
    /// A double (`f64`) or bool (`i1`).
    Scalar(Value),
    Unit,
    Pair(Rc<V<'a>>, Rc<V<'a>>),
    Clo(&'a str, &'a Expr, Env<'a>),
    Prim(Prim, Vec<Ty>, Vec<FLevel>, Vec<V<'a>>, Pos),
    Native(Fn1<'a>),
    Pull(Rc<Pull<'a>>),
    Push(Value),
    Prog(Thunk<'a>),
}

enum Pull<'a> {
    Val(Value),
    Mem(Value),
    Delayed(V<'a>, Fn1<'a>),
}

#[derive(Clone)]
struct Env<'a>(Option<Rc<(String, V<'a>, Env<'a>)>>);

impl<'a> Env<'a> {
    fn get(&self, n: &str) -> Option<V<'a>> {
        let mut e = self;
        while let Some(c) = &e.0 {
            if c.0 == n {
                return Some(c.1.clone());
            }
            e = &c.2;
        }
        None
    }
    fn with(&self, n: &str, v: V<'a>) -> Env<'a> {
        Env(Some(Rc::new((n.to_string(), v, self.clone()))))
    }
}

struct L<'a> {
    ctx: &'a mut Context,
    m: &'a Mono,
    file: String,
    block: BlockId,
    loc: Location,
    /// The level of the program region being built (`None`: host or pure function).
    level: Option<Level>,
}

fn hlevel(l: &FLevel) -> Level {
    match l {
        FLevel::Zero => Level::Thread,
        FLevel::Warp => Level::Warp,
        FLevel::Succ(x) if matches!(**x, FLevel::Zero | FLevel::Warp) => Level::Block,
        _ => Level::Grid,
    }
}

fn raise(l: Level) -> Level {
    match l {
        Level::Thread | Level::Warp => Level::Block,
        _ => Level::Grid,
    }
}

fn arity(p: &Prim) -> usize {
    use Builtin::*;
    match p {
        Prim::Concat | Prim::ConcatWarp => 2,
        Prim::B(b) => match b {
            Fst | Snd | Length | LengthPush | Iota | Push | Force | Return | I2D | D2I | Not => 1,
            Map | MapPushIx | Generate | Index | SplitAt | Bind | Min | Max => 2,
            Interleave | InterleaveSeq | InterleaveWarp | Power | PowerI | While | SeqFor => 3,
        },
    }
}

/// Whether variable `x` occurs free in `e`.
fn free_in(x: &str, e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Var { name, .. } => name == x,
        ExprKind::Pair(a, b) | ExprKind::App(a, b) | ExprKind::BinOp(_, a, b) => {
            free_in(x, a) || free_in(x, b)
        }
        ExprKind::Lam(y, _, b) => y != x && free_in(x, b),
        ExprKind::Let(b, body) => free_in(x, &b.value) || (b.name != x && free_in(x, body)),
        ExprKind::If(a, b, c) => free_in(x, a) || free_in(x, b) || free_in(x, c),
        ExprKind::Neg(a) => free_in(x, a),
        ExprKind::Do(_, stmts, last) => {
            for s in stmts {
                match s {
                    Stmt::Bind(y, _, e) => {
                        if free_in(x, e) {
                            return true;
                        }
                        if y == x {
                            return false;
                        }
                    }
                    Stmt::Let(b) => {
                        if free_in(x, &b.value) {
                            return true;
                        }
                        if b.name == x {
                            return false;
                        }
                    }
                }
            }
            free_in(x, last)
        }
        _ => false,
    }
}

/// Lowers the FCL program `src` (named `file` in locations) with the prelude to a verified
/// `builtin.module` holding `func.func @entry`. Errors of every stage (syntax, types,
/// monomorphisation, lowering, the `hpar` verifier) are located in `src`; render them with
/// `ctx.render_diagnostic`.
pub fn lower(ctx: &mut Context, file: &str, src: &str, entry: &str) -> R<OpId> {
    tail_builtin::link();
    tail_hpar::link();
    ctx.add_source(file, Arc::from(src));
    let located = |ctx: &mut Context, d: crate::Diagnostic| {
        let loc = ctx.file_loc(file, d.pos.line.max(1), d.pos.col.max(1));
        Diagnostic::error(loc, d.message)
    };
    let checked = match crate::check_source(src) {
        Ok(c) => c,
        Err(d) => return Err(located(ctx, d)),
    };
    let mono = match crate::mono::monomorphize(&checked, entry) {
        Ok(m) => m,
        Err(d) => return Err(located(ctx, d)),
    };
    let loc = ctx.file_loc(file, 1, 1);
    let module = tail_builtin::builtin::ModuleOp::create_empty(ctx, None, loc);
    let body = module.body_block(ctx);
    let mut l = L {
        ctx,
        m: &mono,
        file: file.to_string(),
        block: body,
        loc,
        level: None,
    };
    l.entry(entry)?;
    tail_ir::verify(l.ctx, module.op())?;
    Ok(module.op())
}

impl<'a> L<'a> {
    fn err(&mut self, p: Pos, msg: impl Into<String>) -> Diagnostic {
        let loc = self.ctx.file_loc(&self.file, p.line.max(1), p.col.max(1));
        Diagnostic::error(loc, msg)
    }

    fn at(&mut self, p: Pos) {
        self.loc = self.ctx.file_loc(&self.file, p.line.max(1), p.col.max(1));
    }

    // ----- emission -------------------------------------------------------------------------

    fn op(
        &mut self,
        name: &str,
        operands: Vec<Value>,
        results: Vec<Type>,
        level: Option<Level>,
        regions: Vec<RegionId>,
    ) -> OpId {
        let mut st = OperationState::new(self.ctx, name, self.loc);
        st.operands = operands;
        st.result_types = results;
        if let Some(l) = level {
            let a = LevelAttr::get(self.ctx, l);
            st.add_attr(self.ctx, "level", a);
        }
        st.regions = regions;
        let op = self.ctx.create_op(st);
        self.ctx.insert_op(op, InsertPoint::BlockEnd(self.block));
        op
    }

    fn op1(
        &mut self,
        name: &str,
        operands: Vec<Value>,
        result: Type,
        level: Option<Level>,
    ) -> Value {
        let op = self.op(name, operands, vec![result], level, Vec::new());
        self.ctx.result(op, 0)
    }

    /// Builds a one-block region taking `args`, run at `level` (`None`: a pure function);
    /// `body` returns the values for `terminator`.
    fn region(
        &mut self,
        args: &[Type],
        level: Option<Level>,
        terminator: &str,
        body: &mut RegionBody<'_, 'a>,
    ) -> R<RegionId> {
        let region = self.ctx.create_region();
        let block = self.ctx.append_new_block(region, args);
        let params = self.ctx.block_args(block).to_vec();
        let saved = (self.block, self.level);
        self.block = block;
        if level.is_some() {
            self.level = level;
        } else {
            self.level = None;
        }
        let r = body(self, params);
        if let Ok(vals) = &r {
            self.op(terminator, vals.clone(), Vec::new(), None, Vec::new());
        }
        (self.block, self.level) = saved;
        match r {
            Ok(_) => Ok(region),
            Err(d) => {
                for b in self.ctx.region_blocks(region).to_vec() {
                    self.ctx.erase_block(b);
                }
                Err(d)
            }
        }
    }

    fn terminator_types(&self, r: RegionId) -> Vec<Type> {
        let b = self.ctx.region_blocks(r)[0];
        let t = self.ctx.last_op(b).expect("terminated");
        self.ctx
            .operand_vec(t)
            .iter()
            .map(|&v| self.ctx.value_type(v))
            .collect()
    }

    fn index_ty(&mut self) -> Type {
        self.ctx.index_type()
    }

    fn cidx(&mut self, n: i64) -> Value {
        let t = self.ctx.index_type();
        self.cint(t, n)
    }

    fn cint(&mut self, t: Type, n: i64) -> Value {
        let a = self.ctx.int_attr(t, n);
        let op = self.op("arith.constant", vec![], vec![t], None, vec![]);
        self.ctx.set_attr(op, "value", a);
        self.ctx.result(op, 0)
    }

    fn is_index(&self, v: Value) -> bool {
        matches!(self.ctx.type_kind(self.ctx.value_type(v)), TypeKind::Index)
    }

    /// An int as an `index`.
    fn idx(&mut self, v: &V<'a>, p: Pos) -> R<Value> {
        match v {
            V::IConst(n) => Ok(self.cidx(*n)),
            V::Int(x) if self.is_index(*x) => Ok(*x),
            V::Int(x) => {
                let t = self.index_ty();
                Ok(self.op1("arith.index_cast", vec![*x], t, None))
            }
            _ => Err(self.err(p, "internal error: expected an int")),
        }
    }

    /// An int as an `i32`.
    fn i32v(&mut self, v: &V<'a>, p: Pos) -> R<Value> {
        let t = self.ctx.int_type(32);
        match v {
            V::IConst(n) => {
                if i32::try_from(*n).is_err() {
                    return Err(self.err(p, format!("integer {n} does not fit in a 32-bit int")));
                }
                Ok(self.cint(t, *n))
            }
            V::Int(x) if self.is_index(*x) => Ok(self.op1("arith.index_cast", vec![*x], t, None)),
            V::Int(x) => Ok(*x),
            _ => Err(self.err(p, "internal error: expected an int")),
        }
    }

    /// A base value as one IR value of its canonical type.
    fn scalar(&mut self, v: &V<'a>, p: Pos) -> R<Value> {
        match v {
            V::Int(_) | V::IConst(_) => self.i32v(v, p),
            V::Scalar(x) => Ok(*x),
            _ => Err(self.err(
                p,
                "this value is not a single int, double or bool: arrays hold base types without pairs here (`hpar` has no tuples)",
            )),
        }
    }

    /// A value read from IR (an element, a block argument) as an FCL value.
    fn value_of(&self, x: Value) -> V<'a> {
        let t = self.ctx.value_type(x);
        if PullType::from_type(self.ctx, t).is_some() {
            V::Pull(Rc::new(Pull::Val(x)))
        } else if PushType::from_type(self.ctx, t).is_some() {
            V::Push(x)
        } else if matches!(
            self.ctx.type_kind(t),
            TypeKind::Integer { width: 32, .. } | TypeKind::Index
        ) {
            V::Int(x)
        } else {
            V::Scalar(x)
        }
    }

    // ----- arrays ---------------------------------------------------------------------------

    fn pull_of(&mut self, v: &V<'a>, p: Pos) -> R<Rc<Pull<'a>>> {
        match v {
            V::Pull(a) => Ok(a.clone()),
            _ => Err(self.err(p, "internal error: expected a pull array")),
        }
    }

    fn length(&mut self, a: &Pull<'a>) -> V<'a> {
        match a {
            Pull::Val(x) => {
                let t = self.index_ty();
                V::Int(self.op1("hpar.length", vec![*x], t, None))
            }
            Pull::Mem(m) => {
                let c0 = self.cidx(0);
                let t = self.index_ty();
                V::Int(self.op1("memref.dim", vec![*m, c0], t, None))
            }
            Pull::Delayed(n, _) => n.clone(),
        }
    }

    fn index(&mut self, a: &Pull<'a>, i: V<'a>, p: Pos) -> R<V<'a>> {
        match a {
            Pull::Val(x) => {
                let i = self.idx(&i, p)?;
                let t = tail_hpar::types::array_elem(self.ctx, self.ctx.value_type(*x));
                let r = self.op1("hpar.index", vec![*x, i], t, None);
                Ok(self.value_of(r))
            }
            Pull::Mem(m) => {
                let i = self.idx(&i, p)?;
                let t = match self.ctx.type_kind(self.ctx.value_type(*m)) {
                    TypeKind::MemRef { elem, .. } => *elem,
                    _ => unreachable!("entry arrays are memrefs"),
                };
                let r = self.op1("memref.load", vec![*m, i], t, None);
                Ok(self.value_of(r))
            }
            Pull::Delayed(_, f) => f(self, i),
        }
    }

    /// An IR pull array holding the elements of `a` (`hpar.generate` of a delayed array).
    fn materialize(&mut self, a: &Pull<'a>, p: Pos) -> R<Value> {
        if let Pull::Val(x) = a {
            return Ok(*x);
        }
        let n = self.length(a);
        let n = self.idx(&n, p)?;
        let it = self.index_ty();
        let r = self.region(&[it], None, "hpar.yield", &mut |l, args| {
            let e = l.index(a, V::Int(args[0]), p)?;
            Ok(vec![l.element(&e, p)?])
        })?;
        let et = self.terminator_types(r)[0];
        let t = PullType::get(self.ctx, et, None);
        let op = self.op("hpar.generate", vec![n], vec![t], None, vec![r]);
        Ok(self.ctx.result(op, 0))
    }

    /// An array element as an IR value (a nested array is materialised).
    fn element(&mut self, v: &V<'a>, p: Pos) -> R<Value> {
        match v {
            V::Pull(a) => self.materialize(a, p),
            V::Push(x) => Ok(*x),
            _ => self.scalar(v, p),
        }
    }

    fn push_parts(&self, v: Value) -> (Type, Level) {
        let t = self.ctx.value_type(v);
        tail_hpar::types::push_parts(self.ctx, t).expect("a push array")
    }

    // ----- evaluation -----------------------------------------------------------------------

    fn apply(&mut self, f: V<'a>, a: V<'a>, p: Pos) -> R<V<'a>> {
        match f {
            V::Clo(x, body, env) => {
                let env = env.with(x, a);
                self.eval(body, &env)
            }
            V::Native(g) => g(self, a),
            V::Prim(pr, tys, ls, mut args, pp) => {
                args.push(a);
                if args.len() == arity(&pr) {
                    self.prim(&pr, &tys, &ls, args, pp)
                } else {
                    Ok(V::Prim(pr, tys, ls, args, pp))
                }
            }
            _ => Err(self.err(p, "internal error: applying a value that is not a function")),
        }
    }

    fn run(&mut self, v: V<'a>, p: Pos) -> R<V<'a>> {
        match v {
            V::Prog(t) => t(self),
            _ => Err(self.err(p, "internal error: expected a program")),
        }
    }

    fn eval(&mut self, e: &'a Expr, env: &Env<'a>) -> R<V<'a>> {
        self.at(e.pos);
        let p = e.pos;
        Ok(match &e.kind {
            ExprKind::Int(n) => V::IConst(*n),
            ExprKind::Double(d) => {
                let t = self.ctx.f64_type();
                let a = self.ctx.float_attr(t, *d);
                let op = self.op("arith.constant", vec![], vec![t], None, vec![]);
                self.ctx.set_attr(op, "value", a);
                V::Scalar(self.ctx.result(op, 0))
            }
            ExprKind::Bool(b) => {
                let t = self.ctx.i1_type();
                V::Scalar(self.cint(t, *b as i64))
            }
            ExprKind::Unit => V::Unit,
            ExprKind::Config(c) => V::IConst(if c == "WarpSize" {
                WARP_SIZE
            } else {
                BLOCK_SIZE
            }),
            ExprKind::Var { name, .. } => match self.m.uses.get(&e.id) {
                Some(Use::Global(i)) => {
                    let d = &self.m.decls[*i];
                    let prelude = self.m_prelude(*i);
                    match (prelude, d.name.as_str()) {
                        (true, "concat") => {
                            V::Prim(Prim::Concat, d.tys.clone(), d.levels.clone(), vec![], p)
                        }
                        (true, "concatWarp") => V::Prim(
                            Prim::ConcatWarp,
                            d.tys.clone(),
                            vec![FLevel::Zero],
                            vec![],
                            p,
                        ),
                        _ => self.eval(&d.body, &Env(None))?,
                    }
                }
                Some(Use::Builtin(b, tys, ls)) => {
                    V::Prim(Prim::B(*b), tys.clone(), ls.clone(), vec![], p)
                }
                _ => match env.get(name) {
                    Some(v) => v,
                    None => {
                        return Err(self.err(p, format!("internal error: `{name}` is not bound")))
                    }
                },
            },
            ExprKind::Pair(a, b) => {
                let a = self.eval(a, env)?;
                V::Pair(Rc::new(a), Rc::new(self.eval(b, env)?))
            }
            ExprKind::Lam(x, _, body) => V::Clo(x, body, env.clone()),
            ExprKind::App(f, a) => {
                let f = self.eval(f, env)?;
                let a = self.eval(a, env)?;
                self.at(p);
                self.apply(f, a, p)?
            }
            ExprKind::Let(b, body) => {
                let v = self.eval(&b.value, env)?;
                let env = env.with(&b.name, v);
                self.eval(body, &env)?
            }
            ExprKind::If(c, t, f) => {
                let c = self.eval(c, env)?;
                let c = self.scalar(&c, p)?;
                let mut shape = None;
                let rt = self.region(&[], None, "scf.yield", &mut |l, _| {
                    let v = l.eval(t, env)?;
                    let mut out = Vec::new();
                    l.flatten(&v, &mut out, p)?;
                    shape = Some(v);
                    Ok(out)
                })?;
                let rf = self.region(&[], None, "scf.yield", &mut |l, _| {
                    let v = l.eval(f, env)?;
                    let mut out = Vec::new();
                    l.flatten(&v, &mut out, p)?;
                    Ok(out)
                })?;
                self.at(p);
                let tys = self.terminator_types(rt);
                let op = self.op("scf.if", vec![c], tys, None, vec![rt, rf]);
                let rs = self.ctx.results(op).to_vec();
                let mut it = rs.into_iter();
                self.unflatten(shape.as_ref().expect("built"), &mut it)
            }
            ExprKind::BinOp(op, a, b) => {
                let a = self.eval(a, env)?;
                let b = self.eval(b, env)?;
                self.at(p);
                self.binop(*op, a, b, p)?
            }
            ExprKind::Neg(a) => {
                let a = self.eval(a, env)?;
                match a {
                    V::IConst(n) => V::IConst(-n),
                    V::Scalar(x) => {
                        let t = self.ctx.f64_type();
                        V::Scalar(self.op1("arith.negf", vec![x], t, None))
                    }
                    a => self.binop(BinOp::Sub, V::IConst(0), a, p)?,
                }
            }
            ExprKind::Do(_, stmts, last) => {
                let env = env.clone();
                V::Prog(Rc::new(move |l: &mut L<'a>| {
                    let mut env = env.clone();
                    for s in stmts {
                        match s {
                            Stmt::Bind(x, _, rhs) => {
                                let v = l.eval(rhs, &env)?;
                                let r = l.run(v, rhs.pos)?;
                                env = env.with(x, r);
                            }
                            Stmt::Let(b) => {
                                let v = l.eval(&b.value, &env)?;
                                env = env.with(&b.name, v);
                            }
                        }
                    }
                    let v = l.eval(last, &env)?;
                    l.run(v, last.pos)
                }))
            }
        })
    }

    /// Whether copy `i` is the prelude's `concat` or `concatWarp` (lowered to `hpar.concat`).
    fn m_prelude(&self, i: usize) -> bool {
        let d = &self.m.decls[i];
        d.prelude && PRELUDE_NAMES.contains(&d.name.as_str())
    }

    fn flatten(&mut self, v: &V<'a>, out: &mut Vec<Value>, p: Pos) -> R<()> {
        match v {
            V::Pair(a, b) => {
                self.flatten(a, out, p)?;
                self.flatten(b, out, p)
            }
            _ => {
                out.push(self.scalar(v, p)?);
                Ok(())
            }
        }
    }

    fn unflatten(&self, shape: &V<'a>, it: &mut impl Iterator<Item = Value>) -> V<'a> {
        match shape {
            V::Pair(a, b) => {
                let a = self.unflatten(a, it);
                V::Pair(Rc::new(a), Rc::new(self.unflatten(b, it)))
            }
            _ => self.value_of(it.next().expect("one result per scalar")),
        }
    }

    fn binop(&mut self, op: BinOp, a: V<'a>, b: V<'a>, p: Pos) -> R<V<'a>> {
        use BinOp::*;
        let ints = matches!(a, V::Int(_) | V::IConst(_)) && matches!(b, V::Int(_) | V::IConst(_));
        if ints {
            if let (V::IConst(x), V::IConst(y)) = (&a, &b) {
                let (x, y) = (*x, *y);
                let r = match op {
                    Add => Some(x.wrapping_add(y)),
                    Sub => Some(x.wrapping_sub(y)),
                    Mul => Some(x.wrapping_mul(y)),
                    Div if y != 0 => Some(x / y),
                    Mod if y != 0 => Some(x % y),
                    Shl if (0..63).contains(&y) => Some(x << y),
                    Shr if (0..63).contains(&y) => Some(x >> y),
                    _ => None,
                };
                if let Some(r) = r {
                    return Ok(V::IConst(r));
                }
            }
            let use_index = [&a, &b].iter().all(|v| match v {
                V::Int(x) => self.is_index(*x),
                _ => true,
            });
            let (x, y) = if use_index {
                (self.idx(&a, p)?, self.idx(&b, p)?)
            } else {
                (self.i32v(&a, p)?, self.i32v(&b, p)?)
            };
            let name = match op {
                Add => "arith.addi",
                Sub => "arith.subi",
                Mul => "arith.muli",
                Div => "arith.divsi",
                Mod => "arith.remsi",
                Shl => "arith.shli",
                Shr => "arith.shrsi",
                Eq | Ne | Lt | Le | Gt | Ge => {
                    let pr = match op {
                        Eq => CI::Eq,
                        Ne => CI::Ne,
                        Lt => CI::Slt,
                        Le => CI::Sle,
                        Gt => CI::Sgt,
                        _ => CI::Sge,
                    };
                    return Ok(V::Scalar(self.cmp("arith.cmpi", pr as i64, x, y)));
                }
                _ => return Err(self.err(p, "internal error: operator on ints")),
            };
            let t = self.ctx.value_type(x);
            return Ok(V::Int(self.op1(name, vec![x, y], t, None)));
        }
        let (x, y) = (self.scalar(&a, p)?, self.scalar(&b, p)?);
        let t = self.ctx.value_type(x);
        let float = matches!(self.ctx.type_kind(t), TypeKind::Float(_));
        let name = match op {
            FAdd => "arith.addf",
            FSub => "arith.subf",
            FMul => "arith.mulf",
            FDiv => "arith.divf",
            And => "arith.andi",
            Or => "arith.ori",
            Eq | Ne | Lt | Le | Gt | Ge if float => {
                let pr = match op {
                    Eq => CF::Oeq,
                    Ne => CF::One,
                    Lt => CF::Olt,
                    Le => CF::Ole,
                    Gt => CF::Ogt,
                    _ => CF::Oge,
                };
                return Ok(V::Scalar(self.cmp("arith.cmpf", pr as i64, x, y)));
            }
            Eq | Ne | Lt | Le | Gt | Ge => {
                let pr = match op {
                    Eq => CI::Eq,
                    Ne => CI::Ne,
                    Lt => CI::Ult,
                    Le => CI::Ule,
                    Gt => CI::Ugt,
                    _ => CI::Uge,
                };
                return Ok(V::Scalar(self.cmp("arith.cmpi", pr as i64, x, y)));
            }
            _ => return Err(self.err(p, "internal error: operator on scalars")),
        };
        Ok(V::Scalar(self.op1(name, vec![x, y], t, None)))
    }

    fn cmp(&mut self, name: &str, pred: i64, x: Value, y: Value) -> Value {
        let i1 = self.ctx.i1_type();
        let i64t = self.ctx.int_type(64);
        let a = self.ctx.int_attr(i64t, pred);
        let op = self.op(name, vec![x, y], vec![i1], None, vec![]);
        self.ctx.set_attr(op, "predicate", a);
        self.ctx.result(op, 0)
    }

    fn need_level(&mut self, l: Level, what: &str, p: Pos) -> R<()> {
        if self.level == Some(l) {
            Ok(())
        } else {
            let here = self
                .level
                .map(|l| l.name())
                .unwrap_or("the host or a pure function");
            Err(self.err(
                p,
                format!("`{what}` runs a program at level `{l}`, but it is evaluated in {here}"),
            ))
        }
    }

    #[allow(clippy::too_many_lines)]
    fn prim(&mut self, pr: &Prim, tys: &[Ty], ls: &[FLevel], args: Vec<V<'a>>, p: Pos) -> R<V<'a>> {
        use Builtin::*;
        self.at(p);
        let lvl = ls.first().map(hlevel);
        let mut a = args.into_iter();
        let mut next = || a.next().expect("arity");
        let b = match pr {
            Prim::Concat | Prim::ConcatWarp => {
                let (n, arr) = (next(), next());
                let l = lvl.expect("concat has a level");
                let up = if matches!(pr, Prim::ConcatWarp) {
                    Level::Warp
                } else {
                    raise(l)
                };
                return Ok(V::Prog(Rc::new(move |s: &mut L<'a>| {
                    s.raise_op("hpar.concat", l, up, &n, &arr, None, p)
                })));
            }
            Prim::B(b) => *b,
        };
        Ok(match b {
            Fst | Snd => match next() {
                V::Pair(x, y) => (if b == Fst { x } else { y }).as_ref().clone(),
                _ => return Err(self.err(p, "internal error: expected a pair")),
            },
            Length => {
                let arr = self.pull_of(&next(), p)?;
                self.length(&arr)
            }
            LengthPush => match next() {
                V::Push(x) => {
                    let t = self.index_ty();
                    V::Int(self.op1("hpar.length", vec![x], t, None))
                }
                _ => return Err(self.err(p, "internal error: expected a push array")),
            },
            Generate => {
                let (n, f) = (next(), next());
                V::Pull(Rc::new(Pull::Delayed(
                    n,
                    Rc::new(move |s: &mut L<'a>, i| s.apply(f.clone(), i, p)),
                )))
            }
            Iota => {
                let n = next();
                V::Pull(Rc::new(Pull::Delayed(n, Rc::new(|_, i| Ok(i)))))
            }
            Index => {
                let (arr, i) = (next(), next());
                let arr = self.pull_of(&arr, p)?;
                self.index(&arr, i, p)?
            }
            Map => {
                let (f, arr) = (next(), next());
                let arr = self.pull_of(&arr, p)?;
                let base_result = matches!(tys.get(1), Some(Ty::Int | Ty::Double | Ty::Bool));
                if let (Pull::Val(x), true) = (&*arr, base_result) {
                    let x = *x;
                    let et = tail_hpar::types::array_elem(self.ctx, self.ctx.value_type(x));
                    let r = self.region(&[et], None, "hpar.yield", &mut |s, args| {
                        let v = s.value_of(args[0]);
                        let y = s.apply(f.clone(), v, p)?;
                        Ok(vec![s.scalar(&y, p)?])
                    })?;
                    let rt = self.terminator_types(r)[0];
                    let t = PullType::get(self.ctx, rt, None);
                    let op = self.op("hpar.map", vec![x], vec![t], None, vec![r]);
                    V::Pull(Rc::new(Pull::Val(self.ctx.result(op, 0))))
                } else {
                    let n = self.length(&arr);
                    V::Pull(Rc::new(Pull::Delayed(
                        n,
                        Rc::new(move |s: &mut L<'a>, i| {
                            let x = s.index(&arr, i, p)?;
                            s.apply(f.clone(), x, p)
                        }),
                    )))
                }
            }
            SplitAt => {
                let (k, arr) = (next(), next());
                let arr = self.pull_of(&arr, p)?;
                if let Pull::Val(x) = &*arr {
                    let k = self.idx(&k, p)?;
                    let t = self.ctx.value_type(*x);
                    let op = self.op("hpar.split_at", vec![*x, k], vec![t, t], None, vec![]);
                    let (lo, hi) = (self.ctx.result(op, 0), self.ctx.result(op, 1));
                    V::Pair(
                        Rc::new(V::Pull(Rc::new(Pull::Val(lo)))),
                        Rc::new(V::Pull(Rc::new(Pull::Val(hi)))),
                    )
                } else {
                    let n = self.length(&arr);
                    let rest = self.binop(BinOp::Sub, n, k.clone(), p)?;
                    let a2 = arr.clone();
                    let lo = Pull::Delayed(k.clone(), Rc::new(move |s: &mut L<'a>, i| s.index(&arr, i, p)));
                    let hi = Pull::Delayed(
                        rest,
                        Rc::new(move |s: &mut L<'a>, i| {
                            let j = s.binop(BinOp::Add, i, k.clone(), p)?;
                            s.index(&a2, j, p)
                        }),
                    );
                    V::Pair(Rc::new(V::Pull(Rc::new(lo))), Rc::new(V::Pull(Rc::new(hi))))
                }
            }
            Push => {
                let arr = self.pull_of(&next(), p)?;
                let x = self.materialize(&arr, p)?;
                self.at(p);
                let l = lvl.expect("push has a level");
                let et = tail_hpar::types::array_elem(self.ctx, self.ctx.value_type(x));
                let t = PushType::get(self.ctx, et, l);
                V::Push(self.op1("hpar.push", vec![x], t, Some(l)))
            }
            Force => {
                let v = next();
                let l = lvl.expect("force has a level");
                V::Prog(Rc::new(move |s: &mut L<'a>| {
                    let V::Push(x) = v.clone() else {
                        return Err(s.err(p, "internal error: expected a push array"));
                    };
                    s.at(p);
                    s.need_level(l, "force", p)?;
                    let (et, _) = s.push_parts(x);
                    let t = PullType::get(s.ctx, et, Some(l));
                    Ok(V::Pull(Rc::new(Pull::Val(s.op1("hpar.force", vec![x], t, Some(l))))))
                }))
            }
            Return => {
                let v = next();
                V::Prog(Rc::new(move |_| Ok(v.clone())))
            }
            Bind => {
                let (m, f) = (next(), next());
                V::Prog(Rc::new(move |s: &mut L<'a>| {
                    let x = s.run(m.clone(), p)?;
                    let k = s.apply(f.clone(), x, p)?;
                    s.run(k, p)
                }))
            }
            Interleave | InterleaveWarp => {
                let (n, place, arr) = (next(), next(), next());
                let (l, up) = if b == InterleaveWarp {
                    (Level::Thread, Level::Warp)
                } else {
                    let l = lvl.expect("interleave has a level");
                    (l, raise(l))
                };
                V::Prog(Rc::new(move |s: &mut L<'a>| {
                    s.raise_op("hpar.interleave", l, up, &n, &arr, Some(&place), p)
                }))
            }
            InterleaveSeq => {
                return Err(self.err(
                    p,
                    "`interleaveSeq` has no `hpar` op (an interleave must raise its programs one level); use `interleave` or `concat`",
                ))
            }
            Power | PowerI | While => {
                let (c, f, init) = (next(), next(), next());
                let l = lvl.expect("loops have a level");
                V::Prog(Rc::new(move |s: &mut L<'a>| s.loop_op(b, l, &c, &f, &init, p)))
            }
            SeqFor => {
                let (size, n, f) = (next(), next(), next());
                let zero = match tys.first() {
                    Some(Ty::Double) => {
                        let t = self.ctx.f64_type();
                        let a = self.ctx.float_attr(t, 0.0);
                        let op = self.op("arith.constant", vec![], vec![t], None, vec![]);
                        self.ctx.set_attr(op, "value", a);
                        V::Scalar(self.ctx.result(op, 0))
                    }
                    Some(Ty::Bool) => {
                        let t = self.ctx.i1_type();
                        V::Scalar(self.cint(t, 0))
                    }
                    Some(Ty::Int) => V::IConst(0),
                    _ => {
                        return Err(self.err(
                            p,
                            "`seqfor` over pairs has no `hpar` op (push arrays of one base type)",
                        ))
                    }
                };
                let init = Pull::Delayed(size, Rc::new(move |_, _| Ok(zero.clone())));
                let x = self.materialize(&init, p)?;
                let et = tail_hpar::types::array_elem(self.ctx, self.ctx.value_type(x));
                let pt = PushType::get(self.ctx, et, Level::Thread);
                self.at(p);
                let init = self.op1("hpar.push", vec![x], pt, Some(Level::Thread));
                let count = self.idx(&n, p)?;
                let it = self.index_ty();
                let acc_t = PullType::get(self.ctx, et, Some(Level::Thread));
                let r = self.region(&[it, acc_t], None, "hpar.yield", &mut |s, args| {
                    let acc = Rc::new(Pull::Val(args[1]));
                    let read = V::Native(Rc::new(move |s: &mut L<'a>, j| s.index(&acc, j, p)));
                    let g = s.apply(f.clone(), read, p)?;
                    let r = s.apply(g, V::Int(args[0]), p)?;
                    let V::Pair(pos, v) = r else {
                        return Err(s.err(p, "internal error: seqfor step returns a pair"));
                    };
                    Ok(vec![s.idx(&pos, p)?, s.scalar(&v, p)?])
                })?;
                let op = self.op("hpar.seqfor", vec![init, count], vec![pt], None, vec![r]);
                V::Push(self.ctx.result(op, 0))
            }
            MapPushIx => {
                let (f, v) = (next(), next());
                let V::Push(x) = v else {
                    return Err(self.err(p, "internal error: expected a push array"));
                };
                let (et, l) = self.push_parts(x);
                let ignores_index = matches!(&f, V::Clo(i, body, _) if !free_in(i, body));
                if ignores_index {
                    let r = self.region(&[et], None, "hpar.yield", &mut |s, args| {
                        let g = s.apply(f.clone(), V::Unit, p)?;
                        let e = s.value_of(args[0]);
                        let y = s.apply(g, e, p)?;
                        Ok(vec![s.scalar(&y, p)?])
                    })?;
                    let rt = self.terminator_types(r)[0];
                    let t = PushType::get(self.ctx, rt, l);
                    let op = self.op("hpar.map", vec![x], vec![t], None, vec![r]);
                    V::Push(self.ctx.result(op, 0))
                } else {
                    // `hpar.map` gives no index: materialise at `l`, then push the array
                    // re-indexed (needs the program at `l` this value is built in)
                    self.need_level(l, "mapPushIx with a function of the index", p)?;
                    let ft = PullType::get(self.ctx, et, Some(l));
                    let m = self.op1("hpar.force", vec![x], ft, Some(l));
                    let arr = Rc::new(Pull::Val(m));
                    let n = self.length(&arr);
                    let g = Pull::Delayed(
                        n,
                        Rc::new(move |s: &mut L<'a>, i: V<'a>| {
                            let e = s.index(&arr, i.clone(), p)?;
                            let h = s.apply(f.clone(), i, p)?;
                            s.apply(h, e, p)
                        }),
                    );
                    let y = self.materialize(&g, p)?;
                    let yt = tail_hpar::types::array_elem(self.ctx, self.ctx.value_type(y));
                    let t = PushType::get(self.ctx, yt, l);
                    self.at(p);
                    V::Push(self.op1("hpar.push", vec![y], t, Some(l)))
                }
            }
            Min | Max => {
                let (x, y) = (next(), next());
                let (x, y) = (self.i32v(&x, p)?, self.i32v(&y, p)?);
                let t = self.ctx.value_type(x);
                let name = if b == Min { "arith.minsi" } else { "arith.maxsi" };
                V::Int(self.op1(name, vec![x, y], t, None))
            }
            I2D => {
                let x = self.i32v(&next(), p)?;
                let t = self.ctx.f64_type();
                V::Scalar(self.op1("arith.sitofp", vec![x], t, None))
            }
            D2I => {
                let x = self.scalar(&next(), p)?;
                let t = self.ctx.int_type(32);
                V::Int(self.op1("arith.fptosi", vec![x], t, None))
            }
            Not => {
                let x = self.scalar(&next(), p)?;
                let t = self.ctx.i1_type();
                let one = self.cint(t, 1);
                V::Scalar(self.op1("arith.xori", vec![x, one], t, None))
            }
        })
    }

    /// `concat`/`interleave` at `l` raising to `up`: sub-program `i` is `arr[i]`.
    #[allow(clippy::too_many_arguments)]
    fn raise_op(
        &mut self,
        name: &str,
        l: Level,
        up: Level,
        n: &V<'a>,
        arr: &V<'a>,
        place: Option<&V<'a>>,
        p: Pos,
    ) -> R<V<'a>> {
        self.at(p);
        self.need_level(
            up,
            if place.is_some() {
                "interleave"
            } else {
                "concat"
            },
            p,
        )?;
        let arr = self.pull_of(arr, p)?;
        let count = self.length(&arr);
        let count = self.idx(&count, p)?;
        let chunk = self.idx(n, p)?;
        let it = self.index_ty();
        let body = self.region(&[it], Some(l), "hpar.return", &mut |s, args| {
            let prog = s.index(&arr, V::Int(args[0]), p)?;
            let r = s.run(prog, p)?;
            match r {
                V::Push(x) => Ok(vec![x]),
                _ => Err(s.err(p, "internal error: a sub-program returns a push array")),
            }
        })?;
        let mut regions = vec![body];
        if let Some(f) = place {
            let r = self.region(&[it, it], None, "hpar.yield", &mut |s, args| {
                let sh = V::Pair(Rc::new(V::Int(args[0])), Rc::new(V::Int(args[1])));
                let q = s.apply(f.clone(), sh, p)?;
                Ok(vec![s.idx(&q, p)?])
            })?;
            regions.push(r);
        }
        let et = self.terminator_types(body)[0];
        let et = tail_hpar::types::array_elem(self.ctx, et);
        let t = PushType::get(self.ctx, et, up);
        self.at(p);
        let op = self.op(name, vec![count, chunk], vec![t], Some(l), regions);
        Ok(V::Push(self.ctx.result(op, 0)))
    }

    /// `power`/`poweri`/`while` at `l`.
    fn loop_op(
        &mut self,
        b: Builtin,
        l: Level,
        c: &V<'a>,
        f: &V<'a>,
        init: &V<'a>,
        p: Pos,
    ) -> R<V<'a>> {
        self.at(p);
        let what = b.name();
        self.need_level(l, what, p)?;
        let V::Push(x) = self.run(init.clone(), p)? else {
            return Err(self.err(
                p,
                "internal error: a loop's initial program returns a push array",
            ));
        };
        self.at(p);
        let (et, _) = self.push_parts(x);
        let cur_t = PullType::get(self.ctx, et, Some(l));
        let it = self.index_ty();
        let step = |s: &mut L<'a>, i: Option<Value>, cur: Value| -> R<Vec<Value>> {
            let cur = V::Pull(Rc::new(Pull::Val(cur)));
            let g = match (b, i) {
                (Builtin::PowerI, Some(i)) => s.apply(f.clone(), V::Int(i), p)?,
                _ => f.clone(),
            };
            let prog = s.apply(g, cur, p)?;
            match s.run(prog, p)? {
                V::Push(y) => Ok(vec![y]),
                _ => Err(s.err(p, "internal error: a loop step returns a push array")),
            }
        };
        let result = PullType::get(self.ctx, et, Some(l));
        let op = if b == Builtin::While {
            let cond = self.region(&[cur_t], None, "hpar.yield", &mut |s, args| {
                let cur = V::Pull(Rc::new(Pull::Val(args[0])));
                let r = s.apply(c.clone(), cur, p)?;
                Ok(vec![s.scalar(&r, p)?])
            })?;
            let body = self.region(&[cur_t], Some(l), "hpar.return", &mut |s, args| {
                step(s, None, args[0])
            })?;
            self.at(p);
            self.op(
                "hpar.while",
                vec![x],
                vec![result],
                Some(l),
                vec![cond, body],
            )
        } else {
            let count = self.idx(c, p)?;
            let body = self.region(&[it, cur_t], Some(l), "hpar.return", &mut |s, args| {
                step(s, Some(args[0]), args[1])
            })?;
            self.at(p);
            self.op(
                "hpar.power",
                vec![count, x],
                vec![result],
                Some(l),
                vec![body],
            )
        };
        Ok(V::Pull(Rc::new(Pull::Val(self.ctx.result(op, 0)))))
    }

    // ----- the entry point ------------------------------------------------------------------

    fn base_ty(&mut self, t: &Ty) -> Option<Type> {
        Some(match t {
            Ty::Int => self.ctx.int_type(32),
            Ty::Double => self.ctx.f64_type(),
            Ty::Bool => self.ctx.i1_type(),
            _ => return None,
        })
    }

    fn entry(&mut self, name: &str) -> R<()> {
        let d = &self.m.decls[self.m.entry];
        let p = d.pos;
        let mut params = Vec::new();
        let mut t = &d.ty;
        while let Ty::Fun(a, r) = t {
            params.push((**a).clone());
            t = r;
        }
        let result = t.clone();
        let mut arg_tys = Vec::new();
        for a in &params {
            let ty = match a {
                Ty::Pull(e) => self
                    .base_ty(e)
                    .map(|e| self.ctx.memref_type(vec![tail_ir::DYNAMIC], e)),
                t => self.base_ty(t),
            };
            match ty {
                Some(t) => arg_tys.push(t),
                None => return Err(self.err(
                    p,
                    "entry-point parameters must be ints, doubles, bools or pull arrays of them",
                )),
            }
        }
        let (level, inner) = match &result {
            Ty::Program(l, x) => (Some(hlevel(l)), (**x).clone()),
            x => (None, x.clone()),
        };
        if level.is_some_and(|l| l != Level::Grid) {
            return Err(self.err(
                p,
                "the entry point must return a `Program<grid>` (the host runs grid programs; raise a block program with `concat<block>`) or a base value",
            ));
        }
        let res_ty = match &inner {
            Ty::Push(e, _) | Ty::Pull(e) if level.is_some() => self
                .base_ty(e)
                .map(|e| self.ctx.memref_type(vec![tail_ir::DYNAMIC], e)),
            t => self.base_ty(t),
        };
        let Some(res_ty) = res_ty else {
            return Err(self.err(
                p,
                "the entry point must return a base value or a grid program of a base value or an array of base values",
            ));
        };
        self.at(p);
        let fty = self.ctx.function_type(arg_tys.clone(), vec![res_ty]);
        let fblock = {
            let mut b = tail_ir::Builder::at_end(self.ctx, self.block, self.loc);
            tail_builtin::func::FuncOp::create(&mut b, name, fty).1
        };
        self.block = fblock;
        let args = self.ctx.block_args(fblock).to_vec();
        let mut f = self.eval(&self.m.decls[self.m.entry].body, &Env(None))?;
        for (a, t) in args.iter().zip(&params) {
            let v = match t {
                Ty::Pull(_) => V::Pull(Rc::new(Pull::Mem(*a))),
                _ => self.value_of(*a),
            };
            f = self.apply(f, v, p)?;
        }
        self.at(p);
        let out = if level.is_some() {
            let mut shape = None;
            let r = self.region(&[], Some(Level::Grid), "hpar.return", &mut |s, _| {
                let v = s.run(f.clone(), p)?;
                s.at(p);
                let x = match &v {
                    V::Push(x) => {
                        let (et, _) = s.push_parts(*x);
                        let t = PullType::get(s.ctx, et, Some(Level::Grid));
                        s.op1("hpar.force", vec![*x], t, Some(Level::Grid))
                    }
                    V::Pull(a) => s.materialize(a, p)?,
                    v => s.scalar(v, p)?,
                };
                shape = Some(matches!(v, V::Push(_) | V::Pull(_)));
                Ok(vec![x])
            })?;
            let tys = self.terminator_types(r);
            let op = self.op("hpar.program", vec![], tys, Some(Level::Grid), vec![r]);
            let x = self.ctx.result(op, 0);
            if shape == Some(true) {
                let it = self.index_ty();
                let n = self.op1("hpar.length", vec![x], it, None);
                self.op1(
                    "builtin.unrealized_conversion_cast",
                    vec![x, n],
                    res_ty,
                    None,
                )
            } else {
                x
            }
        } else {
            self.scalar(&f, p)?
        };
        self.op("func.return", vec![out], vec![], None, vec![]);
        Ok(())
    }
}

const PRELUDE_NAMES: &[&str] = &["concat", "concatWarp"];
