//! Type inference with type and level polymorphism and kinds (Dybdal 2017 §5.3.1,
//! Fig. 5.6), by unification over types and levels.
//!
//! * Rules 5.13–5.19 are Hindley–Milner's. Rule 5.20: `if` returns a type of kind BT.
//!   Rule 5.21: `x⟨l⃗⟩` instantiates the scheme's level parameters with the explicit `l⃗` (an
//!   omitted list gives fresh level variables, resolved by unification, as in `concat 1` of
//!   §5.2.3). Rule 5.22: `let x⟨δ⃗⟩ = e1` generalises the declared δ⃗ and the type variables not
//!   free in the environment.
//! * Kinds (rules 5.1–5.12) are carried by type variables: unifying a variable of kind κ with a
//!   type checks the type has kind κ (a pair has the kind of its components, a pull array of
//!   ground types is GT, push arrays and programs are GT, functions TYP), and the error quotes
//!   the rule that demanded the kind.
//! * Levels unify structurally modulo `1+W = 1+Z` (see [`crate::types`]). Variables from a
//!   `sig` or from `fun f<δ>` are rigid inside the definition.
//! * `do<l> { x <- e ; … }` is `bind⟨l⟩` (Fig. 5.4): every statement must be a `Program⟨l⟩`
//!   at the block's level, and the message says so when the levels differ.
//! * Signatures leave kinds out (§5.3.1: "we often leave out kinds"): a signature's type
//!   variable gets the smallest kind its positions and the definition's uses need.
//! * Top-level definitions are checked in dependency order (FCL has no recursion); a `sig`
//!   fixes the scheme, otherwise the inferred type is generalised.
//!
//! Deviation: rule 5.12 is printed as `Program⟨l⟩ τ` requiring τ:BT, but every example has
//! `Program⟨l⟩ [α]⟨l⟩`; programs here hold ground types (GT).

use crate::ast::*;
use crate::diag::{Diagnostic, Pos};
use crate::types::*;
use std::collections::{HashMap, HashSet};

/// A type scheme `∀⟨δ⃗⟩ α⃗. τ` (variables by id).
#[derive(Clone, Debug, PartialEq)]
pub struct Scheme {
    /// The explicit level parameters, in order.
    pub level_params: Vec<u32>,
    /// The quantified type variables.
    pub tvars: Vec<u32>,
    /// The type.
    pub ty: Ty,
}

/// What a variable occurrence refers to.
#[derive(Clone, Debug, PartialEq)]
pub enum VarRef {
    /// A lambda, `let` or `do` binding in scope.
    Local,
    /// Top-level definition number `i` of [`Checked::decls`].
    Global(usize),
    /// A built-in.
    Builtin(Builtin),
}

/// The instantiation recorded at a variable occurrence.
#[derive(Clone, Debug, PartialEq)]
pub struct VarUse {
    /// The referent.
    pub target: VarRef,
    /// Types for the scheme's `tvars`.
    pub tys: Vec<Ty>,
    /// Levels for the scheme's `level_params`.
    pub levels: Vec<Level>,
}

/// A checked top-level definition.
#[derive(Clone, Debug)]
pub struct CheckedDecl {
    /// Name.
    pub name: String,
    /// Position.
    pub pos: Pos,
    /// Its scheme.
    pub scheme: Scheme,
    /// Its body.
    pub body: Expr,
    /// Whether it comes from the prelude.
    pub prelude: bool,
}

#[derive(Clone, Debug)]
struct TV {
    bound: Option<Ty>,
    kind: Kind,
    why: &'static str,
    rigid: Option<String>,
}

#[derive(Clone, Debug)]
struct LV {
    bound: Option<Level>,
    rigid: Option<String>,
}

/// The result of type checking: the definitions with their schemes and the side tables that
/// monomorphisation reads.
#[derive(Clone, Debug, Default)]
pub struct Checked {
    /// Definitions in dependency order (prelude first).
    pub decls: Vec<CheckedDecl>,
    tvs: Vec<TV>,
    lvs: Vec<LV>,
    /// The type of every expression node.
    pub node_ty: HashMap<u32, Ty>,
    /// The instantiation at every variable node.
    pub var_use: HashMap<u32, VarUse>,
    /// The scheme of every `let` binding (keyed by the bound value's node id).
    pub let_scheme: HashMap<u32, Scheme>,
}

enum UErr {
    Mismatch,
    Level(Level, Level),
    Occurs,
    Kind(Ty, Kind, &'static str),
}

type R<T> = Result<T, Diagnostic>;

/// A `fun` declaration: name, position, level parameters, body.
type FunRef<'a> = (&'a str, Pos, &'a Vec<(String, Pos)>, &'a Expr);

struct Env {
    vars: Vec<(String, Scheme)>,
    levels: Vec<(String, u32)>,
}

impl Checked {
    fn fresh_t(&mut self, kind: Kind, why: &'static str) -> Ty {
        self.tvs.push(TV {
            bound: None,
            kind,
            why,
            rigid: None,
        });
        Ty::Var(self.tvs.len() as u32 - 1)
    }
    fn fresh_l(&mut self, rigid: Option<String>) -> u32 {
        self.lvs.push(LV { bound: None, rigid });
        self.lvs.len() as u32 - 1
    }

    /// Resolves bound variables everywhere and normalises levels.
    pub fn zonk(&self, t: &Ty) -> Ty {
        match t {
            Ty::Var(v) => match &self.tvs[*v as usize].bound {
                Some(b) => self.zonk(b),
                None => t.clone(),
            },
            Ty::Pair(a, b) => mk::pair(self.zonk(a), self.zonk(b)),
            Ty::Fun(a, b) => mk::fun(self.zonk(a), self.zonk(b)),
            Ty::Pull(a) => mk::pull(self.zonk(a)),
            Ty::Push(a, l) => mk::push(self.zonk(a), self.zonk_l(l)),
            Ty::Program(l, a) => mk::prog(self.zonk_l(l), self.zonk(a)),
            _ => t.clone(),
        }
    }

    /// Resolves a level.
    pub fn zonk_l(&self, l: &Level) -> Level {
        match l {
            Level::Var(v) => match &self.lvs[*v as usize].bound {
                Some(b) => self.zonk_l(b),
                None => l.clone(),
            },
            Level::Succ(x) => Level::Succ(Box::new(self.zonk_l(x))),
            _ => l.clone(),
        }
        .normalize()
    }

    /// Whether type variable `v` is rigid (from a signature).
    pub fn is_rigid(&self, v: u32) -> bool {
        self.tvs[v as usize].rigid.is_some()
    }

    /// Shows a level (`thread`, `warp`, `block`, `grid`, `1+δ`).
    pub fn show_level(&self, l: &Level) -> String {
        let l = self.zonk_l(l);
        match &l {
            Level::Zero => "thread".into(),
            Level::Warp => "warp".into(),
            _ if l == Level::block() => "block".into(),
            _ if l == Level::grid() => "grid".into(),
            Level::Var(v) => match &self.lvs[*v as usize].rigid {
                Some(n) => n.clone(),
                None => format!("?l{v}"),
            },
            Level::Succ(x) => format!("1+{}", self.show_level(x)),
        }
    }

    /// Shows a type in FCL's syntax.
    pub fn show(&self, t: &Ty) -> String {
        self.show_p(&self.zonk(t), false)
    }

    fn show_p(&self, t: &Ty, arg: bool) -> String {
        match t {
            Ty::Var(v) => match &self.tvs[*v as usize].rigid {
                Some(n) => format!("'{n}"),
                None => format!("'t{v}"),
            },
            Ty::Int => "int".into(),
            Ty::Double => "double".into(),
            Ty::Bool => "bool".into(),
            Ty::Unit => "unit".into(),
            Ty::Pair(a, b) => format!("({}, {})", self.show_p(a, false), self.show_p(b, false)),
            Ty::Fun(a, b) => {
                let s = format!("{} -> {}", self.show_p(a, true), self.show_p(b, false));
                if arg {
                    format!("({s})")
                } else {
                    s
                }
            }
            Ty::Pull(a) => format!("[{}]", self.show_p(a, false)),
            Ty::Push(a, l) => format!("[{}]<{}>", self.show_p(a, false), self.show_level(l)),
            Ty::Program(l, a) => {
                let s = format!("Program<{}> {}", self.show_level(l), self.show_p(a, true));
                if arg {
                    format!("({s})")
                } else {
                    s
                }
            }
        }
    }

    fn require(&mut self, t: &Ty, need: Kind, why: &'static str) -> Result<(), UErr> {
        let t = self.zonk(t);
        let bad = || Err(UErr::Kind(t.clone(), need, why));
        match &t {
            Ty::Var(v) => {
                let tv = &mut self.tvs[*v as usize];
                if tv.kind > need {
                    // kinds are left out of signatures (§5.3.1), so a signature's variables
                    // get the kind their uses need, as flexible ones do
                    tv.kind = need;
                    tv.why = why;
                }
                Ok(())
            }
            Ty::Int | Ty::Double | Ty::Bool => Ok(()),
            Ty::Pair(a, b) => {
                self.require(a, need, why)?;
                self.require(b, need, why)
            }
            Ty::Unit | Ty::Pull(_) | Ty::Push(..) | Ty::Program(..) if need >= Kind::GT => Ok(()),
            Ty::Fun(..) if need == Kind::TYP => Ok(()),
            _ => bad(),
        }
    }

    fn unify_l(&mut self, a: &Level, b: &Level) -> Result<(), UErr> {
        let (a, b) = (self.zonk_l(a), self.zonk_l(b));
        if a == b {
            return Ok(());
        }
        match (&a, &b) {
            (Level::Var(v), _) if self.lvs[*v as usize].rigid.is_none() => self.bind_l(*v, &b, &a),
            (_, Level::Var(v)) if self.lvs[*v as usize].rigid.is_none() => self.bind_l(*v, &a, &b),
            (Level::Succ(x), Level::Succ(y)) => self
                .unify_l(x, y)
                .map_err(|_| UErr::Level(a.clone(), b.clone())),
            _ => Err(UErr::Level(a.clone(), b.clone())),
        }
    }

    fn bind_l(&mut self, v: u32, l: &Level, var: &Level) -> Result<(), UErr> {
        fn occurs(l: &Level, v: u32) -> bool {
            match l {
                Level::Var(w) => *w == v,
                Level::Succ(x) => occurs(x, v),
                _ => false,
            }
        }
        if occurs(l, v) {
            return Err(UErr::Level(var.clone(), l.clone()));
        }
        self.lvs[v as usize].bound = Some(l.clone());
        Ok(())
    }

    fn unify(&mut self, a: &Ty, b: &Ty) -> Result<(), UErr> {
        let (a, b) = (self.zonk(a), self.zonk(b));
        if a == b {
            return Ok(());
        }
        match (&a, &b) {
            (Ty::Var(v), _) if !self.is_rigid(*v) => self.bind_t(*v, &b),
            (_, Ty::Var(v)) if !self.is_rigid(*v) => self.bind_t(*v, &a),
            (Ty::Pair(a1, a2), Ty::Pair(b1, b2)) | (Ty::Fun(a1, a2), Ty::Fun(b1, b2)) => {
                self.unify(a1, b1)?;
                self.unify(a2, b2)
            }
            (Ty::Pull(x), Ty::Pull(y)) => self.unify(x, y),
            (Ty::Push(x, l), Ty::Push(y, m)) => {
                self.unify_l(l, m)?;
                self.unify(x, y)
            }
            (Ty::Program(l, x), Ty::Program(m, y)) => {
                self.unify_l(l, m)?;
                self.unify(x, y)
            }
            _ => Err(UErr::Mismatch),
        }
    }

    fn bind_t(&mut self, v: u32, t: &Ty) -> Result<(), UErr> {
        fn occurs(c: &Checked, t: &Ty, v: u32) -> bool {
            match c.zonk(t) {
                Ty::Var(w) => w == v,
                Ty::Pair(a, b) | Ty::Fun(a, b) => occurs(c, &a, v) || occurs(c, &b, v),
                Ty::Pull(a) | Ty::Push(a, _) | Ty::Program(_, a) => occurs(c, &a, v),
                _ => false,
            }
        }
        if occurs(self, t, v) {
            return Err(UErr::Occurs);
        }
        let (kind, why) = (self.tvs[v as usize].kind, self.tvs[v as usize].why);
        self.require(t, kind, why)?;
        self.tvs[v as usize].bound = Some(t.clone());
        Ok(())
    }

    /// Unifies `found` with `expected`; on failure, a diagnostic at `pos` about `what`.
    fn expect(&mut self, found: &Ty, expected: &Ty, pos: Pos, what: &str) -> R<()> {
        match self.unify(found, expected) {
            Ok(()) => Ok(()),
            Err(e) => Err(self.explain(e, found, expected, pos, what)),
        }
    }

    fn explain(&self, e: UErr, found: &Ty, expected: &Ty, pos: Pos, what: &str) -> Diagnostic {
        let (f, x) = (self.show(found), self.show(expected));
        let msg = match e {
            UErr::Mismatch => format!("type mismatch in {what}: expected `{x}`, found `{f}`"),
            UErr::Occurs => format!("infinite type in {what}: `{f}` would have to contain itself (`{x}`)"),
            UErr::Level(a, b) => format!(
                "level mismatch in {what}: levels `{}` and `{}` differ (expected `{x}`, found `{f}`)",
                self.show_level(&a),
                self.show_level(&b)
            ),
            UErr::Kind(t, k, why) => {
                let t = self.show(&t);
                let what_k = match k {
                    Kind::BT => "a base type (kind BT)",
                    Kind::GT => "a ground type (kind GT)",
                    Kind::TYP => "a type",
                };
                format!("kind error in {what}: {why}, but `{t}` is not {what_k}")
            }
        };
        Diagnostic::new(pos, msg)
    }
}

/// Type-checks `modules` in order (the prelude first, flagged `true`); later modules see the
/// earlier ones' definitions and may shadow them.
pub fn check_modules(modules: &[(&Module, bool)]) -> R<Checked> {
    let mut c = Checked::default();
    let mut globals: HashMap<String, usize> = HashMap::new();
    for (m, prelude) in modules {
        let mut sigs: HashMap<&str, (&TypeScheme, Pos)> = HashMap::new();
        let mut funs: Vec<FunRef> = Vec::new();
        let mut seen: HashSet<&str> = HashSet::new();
        for d in &m.decls {
            match d {
                Decl::Sig { name, pos, scheme } => {
                    if sigs.insert(name, (scheme, *pos)).is_some() {
                        return Err(Diagnostic::new(
                            *pos,
                            format!("`{name}` has two signatures"),
                        ));
                    }
                }
                Decl::Fun {
                    name,
                    pos,
                    level_params,
                    body,
                } => {
                    if !seen.insert(name) {
                        return Err(Diagnostic::new(*pos, format!("`{name}` is defined twice")));
                    }
                    funs.push((name, *pos, level_params, body));
                }
            }
        }
        for (name, (_, pos)) in &sigs {
            if !seen.contains(name) {
                return Err(Diagnostic::new(
                    *pos,
                    format!("signature of `{name}` has no `fun {name}` definition"),
                ));
            }
        }
        // dependency order
        let index: HashMap<&str, usize> = funs.iter().enumerate().map(|(i, f)| (f.0, i)).collect();
        let mut state = vec![0u8; funs.len()];
        let mut order = Vec::new();
        fn visit(
            i: usize,
            funs: &[FunRef],
            index: &HashMap<&str, usize>,
            state: &mut [u8],
            order: &mut Vec<usize>,
        ) -> R<()> {
            if state[i] == 2 {
                return Ok(());
            }
            if state[i] == 1 {
                return Err(Diagnostic::new(
                    funs[i].1,
                    format!("`{}` is recursive: FCL has no recursion (use `while`, `power` or `seqfor`)", funs[i].0),
                ));
            }
            state[i] = 1;
            let mut fv = Vec::new();
            free_vars(funs[i].3, &mut Vec::new(), &mut fv);
            for x in fv {
                if let Some(&j) = index.get(x.as_str()) {
                    visit(j, funs, index, state, order)?;
                }
            }
            state[i] = 2;
            order.push(i);
            Ok(())
        }
        for i in 0..funs.len() {
            visit(i, &funs, &index, &mut state, &mut order)?;
        }
        for i in order {
            let (name, pos, lps, body) = funs[i];
            let scheme =
                c.check_fun(&globals, name, pos, lps, body, sigs.get(name).map(|s| s.0))?;
            globals.insert(name.to_string(), c.decls.len());
            c.decls.push(CheckedDecl {
                name: name.to_string(),
                pos,
                scheme,
                body: body.clone(),
                prelude: *prelude,
            });
        }
    }
    Ok(c)
}

fn free_vars(e: &Expr, bound: &mut Vec<String>, out: &mut Vec<String>) {
    match &e.kind {
        ExprKind::Var { name, .. } if !bound.contains(name) => out.push(name.clone()),
        ExprKind::Pair(a, b) | ExprKind::App(a, b) | ExprKind::BinOp(_, a, b) => {
            free_vars(a, bound, out);
            free_vars(b, bound, out)
        }
        ExprKind::Lam(x, _, b) => {
            bound.push(x.clone());
            free_vars(b, bound, out);
            bound.pop();
        }
        ExprKind::Let(bd, body) => {
            free_vars(&bd.value, bound, out);
            bound.push(bd.name.clone());
            free_vars(body, bound, out);
            bound.pop();
        }
        ExprKind::If(a, b, c) => {
            free_vars(a, bound, out);
            free_vars(b, bound, out);
            free_vars(c, bound, out)
        }
        ExprKind::Neg(a) => free_vars(a, bound, out),
        ExprKind::Do(_, stmts, last) => {
            let n = bound.len();
            for s in stmts {
                match s {
                    Stmt::Bind(x, _, e) => {
                        free_vars(e, bound, out);
                        bound.push(x.clone())
                    }
                    Stmt::Let(b) => {
                        free_vars(&b.value, bound, out);
                        bound.push(b.name.clone())
                    }
                }
            }
            free_vars(last, bound, out);
            bound.truncate(n);
        }
        _ => {}
    }
}

impl Checked {
    fn sig_type(&mut self, s: &TypeScheme, levels: &mut Vec<(String, u32)>) -> R<Scheme> {
        let mut names: HashMap<String, u32> = HashMap::new();
        let mut level_params = Vec::new();
        for (n, _) in &s.level_vars {
            let v = self.fresh_l(Some(n.clone()));
            levels.push((n.clone(), v));
            level_params.push(v);
        }
        for (n, _) in &s.type_vars {
            if let Ty::Var(v) = self.fresh_t(Kind::TYP, WHY_ANY) {
                self.tvs[v as usize].rigid = Some(n.clone());
                names.insert(n.clone(), v);
            }
        }
        let ty = self.conv(&s.ty, Kind::TYP, WHY_ANY, &mut names, levels)?;
        let mut tvars: Vec<u32> = names.values().copied().collect();
        tvars.sort();
        Ok(Scheme {
            level_params,
            tvars,
            ty,
        })
    }

    fn conv(
        &mut self,
        t: &TypeExpr,
        need: Kind,
        why: &'static str,
        names: &mut HashMap<String, u32>,
        levels: &[(String, u32)],
    ) -> R<Ty> {
        let bad = |c: &Checked, ty: &Ty| {
            Diagnostic::new(
                t.pos,
                format!(
                    "kind error in a signature: {why}, but `{}` does not have kind {need}",
                    c.show(ty)
                ),
            )
        };
        let ty = match &t.kind {
            TypeExprKind::Int => Ty::Int,
            TypeExprKind::Double => Ty::Double,
            TypeExprKind::Bool => Ty::Bool,
            TypeExprKind::Unit => Ty::Unit,
            TypeExprKind::Var(n) => {
                let v = match names.get(n) {
                    Some(v) => *v,
                    None => {
                        let Ty::Var(v) = self.fresh_t(Kind::TYP, WHY_ANY) else {
                            unreachable!()
                        };
                        self.tvs[v as usize].rigid = Some(n.clone());
                        names.insert(n.clone(), v);
                        v
                    }
                };
                let tv = &mut self.tvs[v as usize];
                if tv.kind > need {
                    tv.kind = need;
                    tv.why = why;
                }
                return Ok(Ty::Var(v));
            }
            TypeExprKind::Pair(a, b) => {
                let a = self.conv(a, need, why, names, levels)?;
                mk::pair(a, self.conv(b, need, why, names, levels)?)
            }
            TypeExprKind::Fun(a, b) => {
                let a = self.conv(a, Kind::TYP, WHY_ANY, names, levels)?;
                mk::fun(a, self.conv(b, Kind::TYP, WHY_ANY, names, levels)?)
            }
            TypeExprKind::Pull(a) => mk::pull(self.conv(a, Kind::GT, WHY_PULL, names, levels)?),
            TypeExprKind::Push(a, l) => {
                let l = self.level(l, levels)?;
                mk::push(self.conv(a, Kind::BT, WHY_PUSH, names, levels)?, l)
            }
            TypeExprKind::Program(l, a) => {
                let l = self.level(l, levels)?;
                mk::prog(l, self.conv(a, Kind::GT, WHY_PROG, names, levels)?)
            }
        };
        if self.require(&ty, need, why).is_err() {
            return Err(bad(self, &ty));
        }
        Ok(ty)
    }

    fn level(&mut self, l: &LevelExpr, levels: &[(String, u32)]) -> R<Level> {
        Ok(match l {
            LevelExpr::Thread | LevelExpr::Zero => Level::Zero,
            LevelExpr::Warp => Level::Warp,
            LevelExpr::Block => Level::block(),
            LevelExpr::Grid => Level::grid(),
            LevelExpr::Succ(x) => Level::Succ(Box::new(self.level(x, levels)?)).normalize(),
            LevelExpr::Var(n, p) => match levels.iter().rev().find(|(m, _)| m == n) {
                Some((_, v)) => Level::Var(*v),
                None => {
                    return Err(Diagnostic::new(
                        *p,
                        format!("unbound level variable `{n}`: declare it with `fun f<{n}>`, `let x<{n}> =` or `forall <{n}>`"),
                    ))
                }
            },
        })
    }

    fn check_fun(
        &mut self,
        globals: &HashMap<String, usize>,
        name: &str,
        pos: Pos,
        lps: &[(String, Pos)],
        body: &Expr,
        sig: Option<&TypeScheme>,
    ) -> R<Scheme> {
        let mut env = Env {
            vars: Vec::new(),
            levels: Vec::new(),
        };
        match sig {
            Some(s) => {
                let mut sig_levels = Vec::new();
                let scheme = self.sig_type(s, &mut sig_levels)?;
                if lps.len() != scheme.level_params.len() {
                    return Err(Diagnostic::new(
                        pos,
                        format!(
                            "`fun {name}` declares {} level parameter(s) but its signature quantifies {} (`forall <…>`, rule 5.22)",
                            lps.len(),
                            scheme.level_params.len()
                        ),
                    ));
                }
                // the definition's level names denote the signature's level variables
                for ((n, _), v) in lps.iter().zip(&scheme.level_params) {
                    env.levels.push((n.clone(), *v));
                }
                let t = self.infer(globals, &mut env, body)?;
                self.expect(
                    &t,
                    &scheme.ty,
                    pos,
                    &format!("the definition of `{name}` against its signature"),
                )?;
                Ok(scheme)
            }
            None => {
                let mut level_params = Vec::new();
                for (n, _) in lps {
                    let v = self.fresh_l(Some(n.clone()));
                    env.levels.push((n.clone(), v));
                    level_params.push(v);
                }
                let t = self.infer(globals, &mut env, body)?;
                let t = self.zonk(&t);
                let mut tvars = Vec::new();
                self.collect_flex(&t, &mut tvars);
                Ok(Scheme {
                    level_params,
                    tvars,
                    ty: t,
                })
            }
        }
    }

    fn collect_flex(&self, t: &Ty, out: &mut Vec<u32>) {
        match self.zonk(t) {
            Ty::Var(v) if !self.is_rigid(v) && !out.contains(&v) => out.push(v),
            Ty::Pair(a, b) | Ty::Fun(a, b) => {
                self.collect_flex(&a, out);
                self.collect_flex(&b, out)
            }
            Ty::Pull(a) | Ty::Push(a, _) | Ty::Program(_, a) => self.collect_flex(&a, out),
            _ => {}
        }
    }

    fn instantiate(&mut self, s: &Scheme, levels: Vec<Level>) -> (Ty, Vec<Ty>) {
        let tys: Vec<Ty> = s
            .tvars
            .iter()
            .map(|v| {
                let (k, why) = (self.tvs[*v as usize].kind, self.tvs[*v as usize].why);
                self.fresh_t(k, why)
            })
            .collect();
        let tmap: HashMap<u32, Ty> = s.tvars.iter().copied().zip(tys.iter().cloned()).collect();
        let lmap: HashMap<u32, Level> = s.level_params.iter().copied().zip(levels).collect();
        (self.subst(&s.ty, &tmap, &lmap), tys)
    }

    /// Substitutes type and level variables (after resolving bound ones).
    pub fn subst(&self, t: &Ty, tm: &HashMap<u32, Ty>, lm: &HashMap<u32, Level>) -> Ty {
        match self.zonk(t) {
            Ty::Var(v) => tm.get(&v).cloned().unwrap_or(Ty::Var(v)),
            Ty::Pair(a, b) => mk::pair(self.subst(&a, tm, lm), self.subst(&b, tm, lm)),
            Ty::Fun(a, b) => mk::fun(self.subst(&a, tm, lm), self.subst(&b, tm, lm)),
            Ty::Pull(a) => mk::pull(self.subst(&a, tm, lm)),
            Ty::Push(a, l) => mk::push(self.subst(&a, tm, lm), self.subst_l(&l, lm)),
            Ty::Program(l, a) => mk::prog(self.subst_l(&l, lm), self.subst(&a, tm, lm)),
            t => t,
        }
    }

    /// Substitutes level variables.
    pub fn subst_l(&self, l: &Level, lm: &HashMap<u32, Level>) -> Level {
        match self.zonk_l(l) {
            Level::Var(v) => lm.get(&v).cloned().unwrap_or(Level::Var(v)),
            Level::Succ(x) => Level::Succ(Box::new(self.subst_l(&x, lm))),
            l => l,
        }
        .normalize()
    }

    fn infer(&mut self, globals: &HashMap<String, usize>, env: &mut Env, e: &Expr) -> R<Ty> {
        let t = self.infer_inner(globals, env, e)?;
        self.node_ty.insert(e.id, t.clone());
        Ok(t)
    }

    fn infer_binding(
        &mut self,
        globals: &HashMap<String, usize>,
        env: &mut Env,
        b: &Binding,
    ) -> R<Scheme> {
        let nl = env.levels.len();
        let mut level_params = Vec::new();
        for (n, _) in &b.level_params {
            let v = self.fresh_l(Some(n.clone()));
            env.levels.push((n.clone(), v));
            level_params.push(v);
        }
        let t = self.infer(globals, env, &b.value)?;
        env.levels.truncate(nl);
        let t = self.zonk(&t);
        let mut env_fv = Vec::new();
        for (_, s) in &env.vars {
            let mut fv = Vec::new();
            self.collect_flex(&s.ty, &mut fv);
            env_fv.extend(fv.into_iter().filter(|v| !s.tvars.contains(v)));
        }
        let mut tv = Vec::new();
        self.collect_flex(&t, &mut tv);
        tv.retain(|v| !env_fv.contains(v));
        let s = Scheme {
            level_params,
            tvars: tv,
            ty: t,
        };
        self.let_scheme.insert(b.value.id, s.clone());
        Ok(s)
    }

    fn check_program_stmt(&mut self, t: &Ty, l: &Level, pos: Pos, what: &str) -> R<Ty> {
        let zt = self.zonk(t);
        if let Ty::Program(l2, _) = &zt {
            if self.unify_l(l2, l).is_err() {
                return Err(Diagnostic::new(
                    pos,
                    format!(
                        "level mismatch: {what} is a program at level `{}`, but the enclosing `do<{}>` runs at level `{}` (bind⟨δ⟩ sequences programs of one level, Fig. 5.4)",
                        self.show_level(l2),
                        self.show_level(l),
                        self.show_level(l)
                    ),
                ));
            }
        }
        let a = self.fresh_t(Kind::GT, WHY_PROG);
        let want = mk::prog(l.clone(), a.clone());
        self.expect(
            t,
            &want,
            pos,
            &format!("{what} of a `do<{}>` block", self.show_level(l)),
        )?;
        Ok(a)
    }

    fn infer_inner(&mut self, globals: &HashMap<String, usize>, env: &mut Env, e: &Expr) -> R<Ty> {
        Ok(match &e.kind {
            ExprKind::Int(_) => Ty::Int,
            ExprKind::Double(_) => Ty::Double,
            ExprKind::Bool(_) => Ty::Bool,
            ExprKind::Unit => Ty::Unit,
            ExprKind::Config(c) => {
                if !matches!(c.as_str(), "BlockSize" | "WarpSize") {
                    return Err(Diagnostic::new(
                        e.pos,
                        format!("unknown configuration constant `#{c}`: the constants are `#BlockSize` and `#WarpSize`"),
                    ));
                }
                Ty::Int
            }
            ExprKind::Var { name, levels } => {
                let (scheme, target) = if let Some((_, s)) =
                    env.vars.iter().rev().find(|(n, _)| n == name)
                {
                    (s.clone(), VarRef::Local)
                } else if let Some(&i) = globals.get(name) {
                    (self.decls[i].scheme.clone(), VarRef::Global(i))
                } else if let Some(b) = Builtin::from_name(name) {
                    let ls: Vec<u32> = (0..b.level_arity()).map(|_| self.fresh_l(None)).collect();
                    let tvs: Vec<Ty> = b
                        .tvar_kinds()
                        .iter()
                        .map(|(k, w)| self.fresh_t(*k, w))
                        .collect();
                    let lv: Vec<Level> = ls.iter().map(|v| Level::Var(*v)).collect();
                    let ty = b.scheme(&tvs, &lv);
                    let tvars = tvs
                        .iter()
                        .map(|t| if let Ty::Var(v) = t { *v } else { 0 })
                        .collect();
                    (
                        Scheme {
                            level_params: ls,
                            tvars,
                            ty,
                        },
                        VarRef::Builtin(b),
                    )
                } else {
                    return Err(Diagnostic::new(e.pos, format!("unbound variable `{name}`")));
                };
                let n = scheme.level_params.len();
                let lv = match levels {
                    Some(ls) => {
                        if ls.len() != n {
                            return Err(Diagnostic::new(
                                e.pos,
                                format!(
                                    "`{name}` takes {n} level argument(s) but {} were given (rule 5.21: x⟨l⃗⟩ instantiates exactly the declared level parameters)",
                                    ls.len()
                                ),
                            ));
                        }
                        let mut v = Vec::new();
                        for l in ls {
                            v.push(self.level(l, &env.levels)?);
                        }
                        v
                    }
                    None => (0..n).map(|_| Level::Var(self.fresh_l(None))).collect(),
                };
                let (ty, tys) = self.instantiate(&scheme, lv.clone());
                self.var_use.insert(
                    e.id,
                    VarUse {
                        target,
                        tys,
                        levels: lv,
                    },
                );
                ty
            }
            ExprKind::Pair(a, b) => {
                let a = self.infer(globals, env, a)?;
                mk::pair(a, self.infer(globals, env, b)?)
            }
            ExprKind::Lam(x, _, body) => {
                let p = self.fresh_t(Kind::TYP, WHY_ANY);
                env.vars.push((
                    x.clone(),
                    Scheme {
                        level_params: vec![],
                        tvars: vec![],
                        ty: p.clone(),
                    },
                ));
                let r = self.infer(globals, env, body);
                env.vars.pop();
                mk::fun(p, r?)
            }
            ExprKind::App(f, a) => {
                let tf = self.infer(globals, env, f)?;
                let ta = self.infer(globals, env, a)?;
                let zf = self.zonk(&tf);
                let head = app_head(f);
                let (p, r) = match zf {
                    Ty::Fun(p, r) => (*p, *r),
                    Ty::Var(v) if !self.is_rigid(v) => {
                        let p = self.fresh_t(Kind::TYP, WHY_ANY);
                        let r = self.fresh_t(Kind::TYP, WHY_ANY);
                        self.expect(
                            &tf,
                            &mk::fun(p.clone(), r.clone()),
                            e.pos,
                            "an application (rule 5.19)",
                        )?;
                        (p, r)
                    }
                    other => {
                        let msg = match head {
                            Some(h) if !matches!(f.kind, ExprKind::Var { .. }) => format!(
                                "arity mismatch: `{h}` is applied to too many arguments; after the previous ones its result has type `{}`, which is not a function (rule 5.19)",
                                self.show(&other)
                            ),
                            _ => format!(
                                "this expression has type `{}` and is not a function, but it is applied to an argument (rule 5.19)",
                                self.show(&other)
                            ),
                        };
                        return Err(Diagnostic::new(e.pos, msg));
                    }
                };
                let what = match head {
                    Some(h) => format!("an argument of `{h}` (rule 5.19)"),
                    None => "an argument (rule 5.19)".to_string(),
                };
                self.expect(&ta, &p, a.pos, &what)?;
                r
            }
            ExprKind::Let(b, body) => {
                let s = self.infer_binding(globals, env, b)?;
                env.vars.push((b.name.clone(), s));
                let r = self.infer(globals, env, body);
                env.vars.pop();
                r?
            }
            ExprKind::If(c, t, f) => {
                let tc = self.infer(globals, env, c)?;
                self.expect(&tc, &Ty::Bool, c.pos, "the condition of `if` (rule 5.20)")?;
                let tt = self.infer(globals, env, t)?;
                let tf = self.infer(globals, env, f)?;
                self.expect(
                    &tf,
                    &tt,
                    f.pos,
                    "the `else` branch, which must have the type of the `then` branch (rule 5.20)",
                )?;
                if self.require(&tt, Kind::BT, "").is_err() {
                    return Err(Diagnostic::new(
                        e.pos,
                        format!(
                            "`if` must return a base type (int, double, bool or pairs of them; typing rule 5.20: no conditionals on arrays, functions or programs), but this one returns `{}`",
                            self.show(&tt)
                        ),
                    ));
                }
                tt
            }
            ExprKind::BinOp(op, a, b) => {
                use BinOp::*;
                let ta = self.infer(globals, env, a)?;
                let tb = self.infer(globals, env, b)?;
                let (arg, res) = match op {
                    Add | Sub | Mul | Div | Mod | Shl | Shr => (Ty::Int, Ty::Int),
                    FAdd | FSub | FMul | FDiv => (Ty::Double, Ty::Double),
                    And | Or => (Ty::Bool, Ty::Bool),
                    Eq | Ne | Lt | Le | Gt | Ge => (
                        self.fresh_t(Kind::BT, "comparisons take base types (Fig. 5.5)"),
                        Ty::Bool,
                    ),
                };
                let what = format!("an operand of `{}` (Fig. 5.5)", op.symbol());
                self.expect(&ta, &arg, a.pos, &what)?;
                self.expect(&tb, &arg, b.pos, &what)?;
                res
            }
            ExprKind::Neg(a) => {
                let ta = self.infer(globals, env, a)?;
                let want = if matches!(a.kind, ExprKind::Double(_)) {
                    Ty::Double
                } else {
                    Ty::Int
                };
                self.expect(
                    &ta,
                    &want,
                    a.pos,
                    "the operand of prefix `-` (int; write `0.0 -. x` for doubles)",
                )?;
                want
            }
            ExprKind::Do(l, stmts, last) => {
                let l = self.level(l, &env.levels)?;
                let n = env.vars.len();
                let r = (|| {
                    for s in stmts {
                        match s {
                            Stmt::Bind(x, xp, rhs) => {
                                let t = self.infer(globals, env, rhs)?;
                                let a = self.check_program_stmt(
                                    &t,
                                    &l,
                                    rhs.pos,
                                    &format!("the right-hand side of `{x} <-`"),
                                )?;
                                let _ = xp;
                                env.vars.push((
                                    x.clone(),
                                    Scheme {
                                        level_params: vec![],
                                        tvars: vec![],
                                        ty: a,
                                    },
                                ));
                            }
                            Stmt::Let(b) => {
                                let s = self.infer_binding(globals, env, b)?;
                                env.vars.push((b.name.clone(), s));
                            }
                        }
                    }
                    let t = self.infer(globals, env, last)?;
                    let a = self.check_program_stmt(&t, &l, last.pos, "the last statement")?;
                    Ok(mk::prog(l.clone(), a))
                })();
                env.vars.truncate(n);
                r?
            }
        })
    }
}

fn app_head(e: &Expr) -> Option<&str> {
    match &e.kind {
        ExprKind::Var { name, .. } => Some(name),
        ExprKind::App(f, _) => app_head(f),
        _ => None,
    }
}
