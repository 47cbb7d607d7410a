//! Monomorphisation (Dybdal 2017 Fig. 5.7): from a checked program, the closed program an
//! entry point needs, with one copy of every definition per distinct instance of its type and
//! level parameters.
//!
//! * A top-level definition used at `f⟨l⃗⟩` with type arguments `τ⃗` (as recorded by the
//!   checker at every variable occurrence) becomes the copy for `(f, τ⃗, l⃗)`; uses with equal
//!   instances share one copy. Copies are made on demand from the entry point, so unused
//!   definitions (and unused prelude functions) are left out.
//! * A polymorphic `let x⟨δ⃗⟩ = e1 in e2` becomes one binding `x@k = e1[τ⃗ₖ, l⃗ₖ]` per distinct
//!   instance `k` used in `e2`; an unused one disappears. Monomorphic lets are kept as they are.
//! * Every node of the copies gets a fresh id and a closed type ([`Mono::node_ty`]); every
//!   variable occurrence says what it refers to ([`Mono::uses`]).
//! * Errors, located at the node: a type or level variable that no use determines ("unresolved
//!   type variable"), and a level above `grid` (`concat⟨grid⟩` would build `1+grid`: the
//!   hierarchy is `thread < warp < block < grid`).

use crate::ast::*;
use crate::diag::{Diagnostic, Pos};
use crate::infer::{Checked, Scheme, VarRef};
use crate::types::{Builtin, Level, Ty};
use std::collections::HashMap;

/// One copy of a top-level definition.
#[derive(Clone, Debug)]
pub struct MonoDecl {
    /// The source name.
    pub name: String,
    /// Index of the definition in [`Checked::decls`].
    pub decl: usize,
    /// The type arguments of this instance (for the scheme's type variables, in order).
    pub tys: Vec<Ty>,
    /// The level arguments of this instance.
    pub levels: Vec<Level>,
    /// The closed type of this copy.
    pub ty: Ty,
    /// The body, with fresh node ids and polymorphic lets split per instance.
    pub body: Expr,
    /// Where the definition is.
    pub pos: Pos,
    /// Whether the definition comes from the prelude.
    pub prelude: bool,
}

/// What a variable occurrence of the monomorphic program refers to.
#[derive(Clone, Debug, PartialEq)]
pub enum Use {
    /// A lambda, `let` or `do` binding in scope (by its possibly renamed name).
    Local,
    /// Copy number `i` of [`Mono::decls`].
    Global(usize),
    /// A built-in at closed type and level arguments.
    Builtin(Builtin, Vec<Ty>, Vec<Level>),
}

/// A monomorphic program.
#[derive(Clone, Debug, Default)]
pub struct Mono {
    /// The copies; the entry point is [`Mono::entry`].
    pub decls: Vec<MonoDecl>,
    /// The entry point's copy.
    pub entry: usize,
    /// The closed type of every node.
    pub node_ty: HashMap<u32, Ty>,
    /// The referent of every variable node.
    pub uses: HashMap<u32, Use>,
}

type R<T> = Result<T, Diagnostic>;
type Key = (usize, Vec<Ty>, Vec<Level>);

#[derive(Clone)]
struct Subst {
    t: HashMap<u32, Ty>,
    l: HashMap<u32, Level>,
}

enum Local {
    Mono(String),
    Poly(String, usize),
}

struct PolyLet {
    instances: Vec<(Vec<Ty>, Vec<Level>)>,
}

struct M<'a> {
    c: &'a Checked,
    out: Mono,
    keys: HashMap<Key, usize>,
    queue: Vec<usize>,
    polys: Vec<PolyLet>,
    next_id: u32,
}

/// Whether `l` (normalised) is one of `thread`, `warp`, `block`, `grid`.
fn level_ok(l: &Level) -> Result<(), bool> {
    match l {
        Level::Zero | Level::Warp => Ok(()),
        Level::Var(_) => Err(false),
        Level::Succ(x) => match &**x {
            Level::Zero | Level::Warp => Ok(()),
            Level::Succ(y) if matches!(**y, Level::Zero | Level::Warp) => Ok(()),
            Level::Var(_) => Err(false),
            Level::Succ(y) if matches!(**y, Level::Var(_)) => Err(false),
            _ => Err(true),
        },
    }
}

/// Monomorphises the program of `c` from its entry point `entry` (the last definition of that
/// name, so a user's definition shadows the prelude's).
pub fn monomorphize(c: &Checked, entry: &str) -> R<Mono> {
    let Some(i) = c.decls.iter().rposition(|d| d.name == entry) else {
        let mut names: Vec<&str> = c
            .decls
            .iter()
            .filter(|d| !d.prelude)
            .map(|d| d.name.as_str())
            .collect();
        names.sort();
        return Err(Diagnostic::new(
            Pos { line: 1, col: 1 },
            format!(
                "no entry point `{entry}`: the program defines {}",
                if names.is_empty() {
                    "nothing".to_string()
                } else {
                    names.join(", ")
                }
            ),
        ));
    };
    let d = &c.decls[i];
    if !d.scheme.tvars.is_empty() || !d.scheme.level_params.is_empty() {
        return Err(Diagnostic::new(
            d.pos,
            format!(
                "the entry point `{entry}` is polymorphic (`{}`): give it a monomorphic signature or define a monomorphic wrapper",
                c.show(&d.scheme.ty)
            ),
        ));
    }
    let mut m = M {
        c,
        out: Mono::default(),
        keys: HashMap::new(),
        queue: Vec::new(),
        polys: Vec::new(),
        next_id: 0,
    };
    m.out.entry = m.instance(i, vec![], vec![]);
    while let Some(k) = m.queue.pop() {
        let (di, tys, levels) = {
            let md = &m.out.decls[k];
            (md.decl, md.tys.clone(), md.levels.clone())
        };
        let d = &c.decls[di];
        let s = Subst {
            t: d.scheme.tvars.iter().copied().zip(tys).collect(),
            l: d.scheme.level_params.iter().copied().zip(levels).collect(),
        };
        let ty = m.close(&d.scheme.ty, &s, d.pos)?;
        let body = m.expr(&d.body, &s, &mut Vec::new())?;
        m.out.decls[k].ty = ty;
        m.out.decls[k].body = body;
    }
    Ok(m.out)
}

impl M<'_> {
    fn instance(&mut self, decl: usize, tys: Vec<Ty>, levels: Vec<Level>) -> usize {
        let key = (decl, tys.clone(), levels.clone());
        if let Some(&k) = self.keys.get(&key) {
            return k;
        }
        let d = &self.c.decls[decl];
        let k = self.out.decls.len();
        self.out.decls.push(MonoDecl {
            name: d.name.clone(),
            decl,
            tys,
            levels,
            ty: Ty::Unit,
            body: Expr {
                id: u32::MAX,
                pos: d.pos,
                kind: ExprKind::Unit,
            },
            pos: d.pos,
            prelude: d.prelude,
        });
        self.keys.insert(key, k);
        self.queue.push(k);
        k
    }

    fn close_l(&self, l: &Level, s: &Subst, pos: Pos) -> R<Level> {
        let l = self.c.subst_l(l, &s.l);
        match level_ok(&l) {
            Ok(()) => Ok(l),
            Err(false) => Err(Diagnostic::new(
                pos,
                format!(
                    "unresolved level variable: the level `{}` here is not determined by any use; write it explicitly (`f<block>`) or declare it (`fun f<l>`)",
                    self.c.show_level(&l)
                ),
            )),
            Err(true) => Err(Diagnostic::new(
                pos,
                format!(
                    "level above grid: this instance needs level `{}`, but the hierarchy is thread < warp < block < grid (a `concat`/`interleave` of grid programs has nowhere to run)",
                    self.c.show_level(&l)
                ),
            )),
        }
    }

    fn close(&self, t: &Ty, s: &Subst, pos: Pos) -> R<Ty> {
        let t = self.c.subst(t, &s.t, &s.l);
        self.check_closed(&t, &t, s, pos)?;
        Ok(t)
    }

    fn check_closed(&self, whole: &Ty, t: &Ty, s: &Subst, pos: Pos) -> R<()> {
        match t {
            Ty::Var(_) => Err(Diagnostic::new(
                pos,
                format!(
                    "unresolved type variable: the type `{}` here is not determined by any use; add a signature with concrete types",
                    self.c.show(whole)
                ),
            )),
            Ty::Pair(a, b) | Ty::Fun(a, b) => {
                self.check_closed(whole, a, s, pos)?;
                self.check_closed(whole, b, s, pos)
            }
            Ty::Pull(a) => self.check_closed(whole, a, s, pos),
            Ty::Push(a, l) | Ty::Program(l, a) => {
                self.close_l(l, s, pos)?;
                self.check_closed(whole, a, s, pos)
            }
            _ => Ok(()),
        }
    }

    fn node(&mut self, old: &Expr, s: &Subst, kind: ExprKind) -> R<Expr> {
        let id = self.next_id;
        self.next_id += 1;
        let t =
            self.c.node_ty.get(&old.id).ok_or_else(|| {
                Diagnostic::new(old.pos, "internal error: expression without a type")
            })?;
        let t = self.close(t, s, old.pos)?;
        self.out.node_ty.insert(id, t);
        Ok(Expr {
            id,
            pos: old.pos,
            kind,
        })
    }

    fn binding_scheme(&self, b: &Binding) -> R<Scheme> {
        self.c
            .let_scheme
            .get(&b.value.id)
            .cloned()
            .ok_or_else(|| Diagnostic::new(b.pos, "internal error: `let` without a scheme"))
    }

    /// Monomorphises `let b in body` (also a `do` block's `let`), with `body` a callback that
    /// monomorphises what the binding scopes over.
    fn let_in(
        &mut self,
        b: &Binding,
        s: &Subst,
        env: &mut Vec<Local>,
        body: &mut dyn FnMut(&mut Self, &mut Vec<Local>) -> R<Expr>,
        wrap: &mut dyn FnMut(Binding, Expr, Pos) -> ExprKind,
        at: &Expr,
    ) -> R<Expr> {
        let scheme = self.binding_scheme(b)?;
        if scheme.tvars.is_empty() && scheme.level_params.is_empty() {
            let v = self.expr(&b.value, s, env)?;
            env.push(Local::Mono(b.name.clone()));
            let r = body(self, env);
            env.pop();
            let nb = Binding {
                name: b.name.clone(),
                pos: b.pos,
                level_params: vec![],
                value: v,
            };
            let r = r?;
            let kind = wrap(nb, r, at.pos);
            return self.node(at, s, kind);
        }
        let pi = self.polys.len();
        self.polys.push(PolyLet {
            instances: Vec::new(),
        });
        env.push(Local::Poly(b.name.clone(), pi));
        let r = body(self, env);
        env.pop();
        let mut out = r?;
        let instances = std::mem::take(&mut self.polys[pi].instances);
        for (k, (tys, levels)) in instances.into_iter().enumerate().rev() {
            let mut s2 = s.clone();
            s2.t.extend(scheme.tvars.iter().copied().zip(tys));
            s2.l.extend(scheme.level_params.iter().copied().zip(levels));
            let v = self.expr(&b.value, &s2, env)?;
            let nb = Binding {
                name: format!("{}@{k}", b.name),
                pos: b.pos,
                level_params: vec![],
                value: v,
            };
            let kind = wrap(nb, out, at.pos);
            out = self.node(at, s, kind)?;
        }
        Ok(out)
    }

    fn expr(&mut self, e: &Expr, s: &Subst, env: &mut Vec<Local>) -> R<Expr> {
        let kind = match &e.kind {
            ExprKind::Var { name, .. } => {
                let u = self.c.var_use.get(&e.id).ok_or_else(|| {
                    Diagnostic::new(e.pos, "internal error: variable without a referent")
                })?;
                let mut tys = Vec::new();
                for t in &u.tys {
                    tys.push(self.close(t, s, e.pos)?);
                }
                let mut levels = Vec::new();
                for l in &u.levels {
                    levels.push(self.close_l(l, s, e.pos)?);
                }
                let (name, mu) = match &u.target {
                    VarRef::Global(i) => {
                        (name.clone(), Use::Global(self.instance(*i, tys, levels)))
                    }
                    VarRef::Builtin(b) => (name.clone(), Use::Builtin(*b, tys, levels)),
                    VarRef::Local => match env.iter().rev().find(|l| match l {
                        Local::Mono(n) | Local::Poly(n, _) => n == name,
                    }) {
                        Some(Local::Poly(_, pi)) => {
                            let p = &mut self.polys[*pi];
                            let key = (tys, levels);
                            let k = match p.instances.iter().position(|i| *i == key) {
                                Some(k) => k,
                                None => {
                                    p.instances.push(key);
                                    p.instances.len() - 1
                                }
                            };
                            (format!("{name}@{k}"), Use::Local)
                        }
                        _ => (name.clone(), Use::Local),
                    },
                };
                let n = self.node(e, s, ExprKind::Var { name, levels: None })?;
                self.out.uses.insert(n.id, mu);
                return Ok(n);
            }
            ExprKind::Pair(a, b) => {
                let a = self.expr(a, s, env)?;
                ExprKind::Pair(Box::new(a), Box::new(self.expr(b, s, env)?))
            }
            ExprKind::App(a, b) => {
                let a = self.expr(a, s, env)?;
                ExprKind::App(Box::new(a), Box::new(self.expr(b, s, env)?))
            }
            ExprKind::BinOp(op, a, b) => {
                let a = self.expr(a, s, env)?;
                ExprKind::BinOp(*op, Box::new(a), Box::new(self.expr(b, s, env)?))
            }
            ExprKind::If(a, b, c) => {
                let a = self.expr(a, s, env)?;
                let b = self.expr(b, s, env)?;
                ExprKind::If(Box::new(a), Box::new(b), Box::new(self.expr(c, s, env)?))
            }
            ExprKind::Neg(a) => ExprKind::Neg(Box::new(self.expr(a, s, env)?)),
            ExprKind::Lam(x, p, body) => {
                env.push(Local::Mono(x.clone()));
                let r = self.expr(body, s, env);
                env.pop();
                ExprKind::Lam(x.clone(), *p, Box::new(r?))
            }
            ExprKind::Let(b, body) => {
                return self.let_in(
                    b,
                    s,
                    env,
                    &mut |m, env| m.expr(body, s, env),
                    &mut |nb, r, _| ExprKind::Let(Box::new(nb), Box::new(r)),
                    e,
                );
            }
            ExprKind::Do(l, stmts, last) => {
                // a `do` block's lets become `let`s around a `do` of the remaining statements
                let r = self.stmts(e, l, stmts, last, s, env)?;
                return Ok(r);
            }
            k => k.clone(),
        };
        self.node(e, s, kind)
    }

    /// `do<l> { stmts ; last }`; a `let` statement splits the block into a `let` around a
    /// `do` of the rest (the same program: `let` statements run nothing).
    fn stmts(
        &mut self,
        at: &Expr,
        l: &LevelExpr,
        stmts: &[Stmt],
        last: &Expr,
        s: &Subst,
        env: &mut Vec<Local>,
    ) -> R<Expr> {
        let mut out = Vec::new();
        let n = env.len();
        for (i, st) in stmts.iter().enumerate() {
            match st {
                Stmt::Bind(x, p, rhs) => {
                    let r = self.expr(rhs, s, env);
                    let r = match r {
                        Ok(r) => r,
                        Err(d) => {
                            env.truncate(n);
                            return Err(d);
                        }
                    };
                    out.push(Stmt::Bind(x.clone(), *p, r));
                    env.push(Local::Mono(x.clone()));
                }
                Stmt::Let(b) => {
                    let rest = &stmts[i + 1..];
                    let r = self.let_in(
                        b,
                        s,
                        env,
                        &mut |m, env| m.stmts(at, l, rest, last, s, env),
                        &mut |nb, r, _| ExprKind::Do(l.clone(), vec![Stmt::Let(nb)], Box::new(r)),
                        at,
                    );
                    env.truncate(n);
                    let r = r?;
                    let kind = ExprKind::Do(l.clone(), out, Box::new(r));
                    return self.node(at, s, kind);
                }
            }
        }
        let r = self.expr(last, s, env);
        env.truncate(n);
        let kind = ExprKind::Do(l.clone(), out, Box::new(r?));
        self.node(at, s, kind)
    }
}
