//! The parser of FCL's concrete syntax (Dybdal 2017 §5.2–§5.4).
//!
//! ```text
//! module  ::= (sig x : scheme | fun x levels? x* = e)*
//! scheme  ::= (forall levels? 'a* .)? τ          levels ::= < δ* >  (or < δ, … >)
//! τ       ::= τa -> τ | Program<l> τa | τa       τa ::= int | double | bool | unit | 'a
//!           | (τ, τ) | (τ) | [τ] | [τ]<l>
//! l       ::= thread | warp | block | grid | Z | δ | 1 + l | (l)
//! e       ::= fn x => e | let b+ in e | if e then e else e | e op e | - e | e e
//!           | x | x<l, …> | (e, e) | (e) | () | literal | #Name | do<l> { stmt ; … ; e }
//! b       ::= x levels? = e                       stmt ::= x <- e | let b | e
//! ```
//!
//! Operators, loosest first: `|>` (left), `||`, `&&`, `== != < <= > >=`, `<< >>`,
//! `+ - +. -.`, `* / % *. /.`, then prefix `-`, then application. A `let` may bind several
//! names without separators (`let i = n / rows  j = n % rows in …`, §5.2.2): an application
//! never takes an argument `x` that is followed by `=`, so `x =` starts the next binding.
//! After a variable, `<` starts level arguments when a level list closed by `>` follows
//! (`concat<block> n`, `reduce <block> f`); otherwise it is the comparison.

use crate::ast::*;
use crate::diag::{Diagnostic, Pos};
use crate::lexer::{describe, lex, Tok, Token};

/// Parses a module; node ids start at `first_id`. Returns the module and the next free id.
pub fn parse_module(src: &str, first_id: u32) -> Result<(Module, u32), Diagnostic> {
    let toks = lex(src)?;
    let mut p = Parser {
        toks,
        i: 0,
        next_id: first_id,
        depth: 0,
    };
    let m = p.module()?;
    Ok((m, p.next_id))
}

/// Parses a single expression (used by tests and tools); ids start at 0.
pub fn parse_expr(src: &str) -> Result<Expr, Diagnostic> {
    let toks = lex(src)?;
    let mut p = Parser {
        toks,
        i: 0,
        next_id: 0,
        depth: 0,
    };
    let e = p.expr()?;
    p.expect_eof()?;
    Ok(e)
}

const MAX_DEPTH: u32 = 200;

struct Parser {
    toks: Vec<Token>,
    i: usize,
    next_id: u32,
    depth: u32,
}

type R<T> = Result<T, Diagnostic>;

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.i].tok
    }
    fn peek_at(&self, k: usize) -> &Tok {
        &self.toks[(self.i + k).min(self.toks.len() - 1)].tok
    }
    fn pos(&self) -> Pos {
        self.toks[self.i].pos
    }
    fn bump(&mut self) -> Token {
        let t = self.toks[self.i].clone();
        if self.i + 1 < self.toks.len() {
            self.i += 1;
        }
        t
    }
    fn is_sym(&self, s: &str) -> bool {
        matches!(self.peek(), Tok::Sym(x) if *x == s)
    }
    fn is_kw(&self, s: &str) -> bool {
        matches!(self.peek(), Tok::Kw(x) if *x == s)
    }
    fn err<T>(&self, what: &str) -> R<T> {
        Err(Diagnostic::new(
            self.pos(),
            format!("expected {what}, found {}", describe(self.peek())),
        ))
    }
    fn expect_sym(&mut self, s: &str, ctx: &str) -> R<Pos> {
        if self.is_sym(s) {
            Ok(self.bump().pos)
        } else {
            self.err(&format!("`{s}` {ctx}"))
        }
    }
    fn expect_kw(&mut self, s: &str, ctx: &str) -> R<Pos> {
        if self.is_kw(s) {
            Ok(self.bump().pos)
        } else {
            self.err(&format!("`{s}` {ctx}"))
        }
    }
    fn ident(&mut self, ctx: &str) -> R<(String, Pos)> {
        match self.peek().clone() {
            Tok::Ident(s) => Ok((s, self.bump().pos)),
            _ => self.err(&format!("a name {ctx}")),
        }
    }
    fn expect_eof(&self) -> R<()> {
        if *self.peek() == Tok::Eof {
            Ok(())
        } else {
            self.err("end of input")
        }
    }
    fn enter(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Diagnostic::new(
                self.pos(),
                format!("nesting deeper than {MAX_DEPTH} levels"),
            ));
        }
        Ok(())
    }
    fn mk(&mut self, pos: Pos, kind: ExprKind) -> Expr {
        let id = self.next_id;
        self.next_id += 1;
        Expr { id, pos, kind }
    }

    fn module(&mut self) -> R<Module> {
        let mut decls = Vec::new();
        loop {
            if *self.peek() == Tok::Eof {
                return Ok(Module { decls });
            }
            if self.is_kw("sig") {
                self.bump();
                let (name, pos) = self.ident("after `sig`")?;
                self.expect_sym(":", "after the name in a `sig` declaration")?;
                let scheme = self.scheme()?;
                decls.push(Decl::Sig { name, pos, scheme });
            } else if self.is_kw("fun") {
                self.bump();
                let (name, pos) = self.ident("after `fun`")?;
                let level_params = if self.is_sym("<") {
                    self.level_params()?
                } else {
                    Vec::new()
                };
                let mut params = Vec::new();
                while let Tok::Ident(_) = self.peek() {
                    params.push(self.ident("")?);
                }
                self.expect_sym("=", "after the parameters of a `fun` declaration")?;
                let mut body = self.expr()?;
                for (x, xp) in params.into_iter().rev() {
                    body = self.mk(xp, ExprKind::Lam(x, xp, Box::new(body)));
                }
                decls.push(Decl::Fun {
                    name,
                    pos,
                    level_params,
                    body,
                });
            } else {
                return self.err("a declaration (`sig` or `fun`)");
            }
        }
    }

    /// `< δ … >` with names only (declarations).
    fn level_params(&mut self) -> R<Vec<(String, Pos)>> {
        self.expect_sym("<", "to open level parameters")?;
        let mut v = Vec::new();
        while !self.is_sym(">") {
            let (n, p) = self.ident("(a level variable) in `<…>`")?;
            if matches!(n.as_str(), "thread" | "warp" | "block" | "grid" | "Z") {
                return Err(Diagnostic::new(
                    p,
                    format!("`{n}` is a level, not a level variable to bind"),
                ));
            }
            v.push((n, p));
            if self.is_sym(",") {
                self.bump();
            }
        }
        self.bump();
        Ok(v)
    }

    fn scheme(&mut self) -> R<TypeScheme> {
        let mut level_vars = Vec::new();
        let mut type_vars = Vec::new();
        if self.is_kw("forall") {
            self.bump();
            if self.is_sym("<") {
                level_vars = self.level_params()?;
            }
            while let Tok::TyVar(v) = self.peek().clone() {
                type_vars.push((v, self.bump().pos));
                if self.is_sym(",") {
                    self.bump();
                }
            }
            self.expect_sym(".", "after the quantified variables of `forall`")?;
        }
        let ty = self.ty()?;
        Ok(TypeScheme {
            level_vars,
            type_vars,
            ty,
        })
    }

    fn ty(&mut self) -> R<TypeExpr> {
        self.enter()?;
        let pos = self.pos();
        let lhs = self.ty_atom()?;
        let r = if self.is_sym("->") {
            self.bump();
            let rhs = self.ty()?;
            TypeExpr {
                kind: TypeExprKind::Fun(Box::new(lhs), Box::new(rhs)),
                pos,
            }
        } else {
            lhs
        };
        self.depth -= 1;
        Ok(r)
    }

    fn ty_atom(&mut self) -> R<TypeExpr> {
        self.enter()?;
        let pos = self.pos();
        let kind = match self.peek().clone() {
            Tok::TyVar(v) => {
                self.bump();
                TypeExprKind::Var(v)
            }
            Tok::Ident(s) if matches!(s.as_str(), "int" | "double" | "bool" | "unit") => {
                self.bump();
                match s.as_str() {
                    "int" => TypeExprKind::Int,
                    "double" => TypeExprKind::Double,
                    "bool" => TypeExprKind::Bool,
                    _ => TypeExprKind::Unit,
                }
            }
            Tok::Ident(s) if s == "Program" => {
                self.bump();
                self.expect_sym("<", "after `Program`")?;
                let l = self.level()?;
                self.expect_sym(">", "to close the level of `Program<l>`")?;
                let t = self.ty_atom()?;
                TypeExprKind::Program(l, Box::new(t))
            }
            Tok::Sym("(") => {
                self.bump();
                if self.is_sym(")") {
                    self.bump();
                    TypeExprKind::Unit
                } else {
                    let a = self.ty()?;
                    if self.is_sym(",") {
                        self.bump();
                        let b = self.ty()?;
                        self.expect_sym(")", "to close a pair type")?;
                        TypeExprKind::Pair(Box::new(a), Box::new(b))
                    } else {
                        self.expect_sym(")", "to close a parenthesised type")?;
                        self.depth -= 1;
                        return Ok(a);
                    }
                }
            }
            Tok::Sym("[") => {
                self.bump();
                let t = self.ty()?;
                self.expect_sym("]", "to close an array type")?;
                if self.is_sym("<") {
                    self.bump();
                    let l = self.level()?;
                    self.expect_sym(">", "to close the level of a push array type `[τ]<l>`")?;
                    TypeExprKind::Push(Box::new(t), l)
                } else {
                    TypeExprKind::Pull(Box::new(t))
                }
            }
            _ => {
                return self.err(
                    "a type (int, double, bool, unit, 'a, (τ, τ), [τ], [τ]<l> or Program<l> τ)",
                )
            }
        };
        self.depth -= 1;
        Ok(TypeExpr { kind, pos })
    }

    fn level(&mut self) -> R<LevelExpr> {
        self.enter()?;
        let pos = self.pos();
        let l = match self.peek().clone() {
            Tok::Int(1) if matches!(self.peek_at(1), Tok::Sym("+")) => {
                self.bump();
                self.bump();
                LevelExpr::Succ(Box::new(self.level()?))
            }
            Tok::Ident(s) => {
                self.bump();
                match s.as_str() {
                    "thread" => LevelExpr::Thread,
                    "warp" => LevelExpr::Warp,
                    "block" => LevelExpr::Block,
                    "grid" => LevelExpr::Grid,
                    "Z" => LevelExpr::Zero,
                    _ => LevelExpr::Var(s, pos),
                }
            }
            Tok::Sym("(") => {
                self.bump();
                let l = self.level()?;
                self.expect_sym(")", "to close a parenthesised level")?;
                l
            }
            _ => {
                return self.err("a level (thread, warp, block, grid, Z, 1+l or a level variable)")
            }
        };
        self.depth -= 1;
        Ok(l)
    }

    /// After a variable: `< l, … >` if it parses as a level list, else nothing (backtracks).
    fn try_level_args(&mut self) -> Option<Vec<LevelExpr>> {
        if !self.is_sym("<") {
            return None;
        }
        let save = (self.i, self.depth);
        self.bump();
        let mut v = Vec::new();
        loop {
            if self.is_sym(">") {
                self.bump();
                return Some(v);
            }
            match self.level() {
                Ok(l) => v.push(l),
                Err(_) => break,
            }
            if self.is_sym(",") {
                self.bump();
            } else if !self.is_sym(">") {
                break;
            }
        }
        (self.i, self.depth) = save;
        None
    }

    /// Whether the tokens at the cursor start a binding `x =` or `x<δ…> =`.
    fn at_binding_start(&self) -> bool {
        if !matches!(self.peek(), Tok::Ident(_)) {
            return false;
        }
        match self.peek_at(1) {
            Tok::Sym("=") => true,
            Tok::Sym("<") => {
                let mut k = 2;
                while matches!(self.peek_at(k), Tok::Ident(_) | Tok::Sym(",")) {
                    k += 1;
                }
                matches!(self.peek_at(k), Tok::Sym(">"))
                    && matches!(self.peek_at(k + 1), Tok::Sym("="))
            }
            _ => false,
        }
    }

    fn binding(&mut self) -> R<Binding> {
        let (name, pos) = self.ident("to bind in `let`")?;
        let level_params = if self.is_sym("<") {
            self.level_params()?
        } else {
            Vec::new()
        };
        self.expect_sym("=", "after the name of a `let` binding")?;
        let value = self.expr()?;
        Ok(Binding {
            name,
            pos,
            level_params,
            value,
        })
    }

    /// Bindings until `in` (or, in a `do` block, until `;`/`}`).
    fn bindings(&mut self) -> R<Vec<Binding>> {
        let mut bs = vec![self.binding()?];
        while self.at_binding_start() {
            bs.push(self.binding()?);
        }
        Ok(bs)
    }

    fn nest_lets(&mut self, bs: Vec<Binding>, body: Expr) -> Expr {
        let mut e = body;
        for b in bs.into_iter().rev() {
            let pos = b.pos;
            e = self.mk(pos, ExprKind::Let(Box::new(b), Box::new(e)));
        }
        e
    }

    fn expr(&mut self) -> R<Expr> {
        self.enter()?;
        let e = self.expr_inner()?;
        self.depth -= 1;
        Ok(e)
    }

    fn expr_inner(&mut self) -> R<Expr> {
        let pos = self.pos();
        if self.is_kw("fn") {
            self.bump();
            let (x, xp) = self.ident("(the parameter) after `fn`")?;
            self.expect_sym("=>", "after the parameter of `fn`")?;
            let body = self.expr()?;
            return Ok(self.mk(pos, ExprKind::Lam(x, xp, Box::new(body))));
        }
        if self.is_kw("let") {
            self.bump();
            let bs = self.bindings()?;
            self.expect_kw("in", "after the bindings of `let`")?;
            let body = self.expr()?;
            return Ok(self.nest_lets(bs, body));
        }
        if self.is_kw("if") {
            self.bump();
            let c = self.expr()?;
            self.expect_kw("then", "after the condition of `if`")?;
            let t = self.expr()?;
            self.expect_kw("else", "after the `then` branch (`if` needs both branches)")?;
            let e = self.expr()?;
            return Ok(self.mk(pos, ExprKind::If(Box::new(c), Box::new(t), Box::new(e))));
        }
        self.binary(0)
    }

    fn binop_here(&self) -> Option<(u8, Option<BinOp>)> {
        let Tok::Sym(s) = self.peek() else {
            return None;
        };
        use BinOp::*;
        Some(match *s {
            "|>" => (1, None),
            "||" => (2, Some(Or)),
            "&&" => (3, Some(And)),
            "==" => (4, Some(Eq)),
            "!=" => (4, Some(Ne)),
            "<" => (4, Some(Lt)),
            "<=" => (4, Some(Le)),
            ">" => (4, Some(Gt)),
            ">=" => (4, Some(Ge)),
            "<<" => (5, Some(Shl)),
            ">>" => (5, Some(Shr)),
            "+" => (6, Some(Add)),
            "-" => (6, Some(Sub)),
            "+." => (6, Some(FAdd)),
            "-." => (6, Some(FSub)),
            "*" => (7, Some(Mul)),
            "/" => (7, Some(Div)),
            "%" => (7, Some(Mod)),
            "*." => (7, Some(FMul)),
            "/." => (7, Some(FDiv)),
            _ => return None,
        })
    }

    /// Precedence climbing; all operators are left-associative.
    fn binary(&mut self, min: u8) -> R<Expr> {
        let mut lhs = self.unary()?;
        while let Some((prec, op)) = self.binop_here() {
            if prec <= min {
                break;
            }
            let opos = self.bump().pos;
            self.enter()?;
            let rhs = if self.is_kw("fn") || self.is_kw("let") || self.is_kw("if") {
                self.expr_inner()?
            } else {
                self.binary(prec)?
            };
            self.depth -= 1;
            lhs = match op {
                None => self.mk(opos, ExprKind::App(Box::new(rhs), Box::new(lhs))),
                Some(op) => self.mk(opos, ExprKind::BinOp(op, Box::new(lhs), Box::new(rhs))),
            };
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> R<Expr> {
        if self.is_sym("-") {
            let pos = self.bump().pos;
            self.enter()?;
            let e = self.unary()?;
            self.depth -= 1;
            return Ok(self.mk(pos, ExprKind::Neg(Box::new(e))));
        }
        self.application()
    }

    fn starts_atom(&self) -> bool {
        match self.peek() {
            Tok::Ident(_) => !self.at_binding_start(),
            Tok::Int(_) | Tok::Float(_) | Tok::Config(_) => true,
            Tok::Kw(k) => matches!(*k, "true" | "false" | "do"),
            Tok::Sym(s) => matches!(*s, "("),
            _ => false,
        }
    }

    fn application(&mut self) -> R<Expr> {
        if !self.starts_atom() {
            return self.err("an expression");
        }
        let mut f = self.atom()?;
        while self.starts_atom() {
            let a = self.atom()?;
            let pos = f.pos;
            f = self.mk(pos, ExprKind::App(Box::new(f), Box::new(a)));
        }
        // a trailing `fn`/`let`/`if` argument extends as far as possible
        if self.is_kw("fn") || self.is_kw("let") || self.is_kw("if") {
            let a = self.expr()?;
            let pos = f.pos;
            f = self.mk(pos, ExprKind::App(Box::new(f), Box::new(a)));
        }
        Ok(f)
    }

    fn atom(&mut self) -> R<Expr> {
        self.enter()?;
        let pos = self.pos();
        let e = match self.peek().clone() {
            Tok::Int(i) => {
                self.bump();
                self.mk(pos, ExprKind::Int(i))
            }
            Tok::Float(d) => {
                self.bump();
                self.mk(pos, ExprKind::Double(d))
            }
            Tok::Config(c) => {
                self.bump();
                self.mk(pos, ExprKind::Config(c))
            }
            Tok::Kw("true") | Tok::Kw("false") => {
                let b = self.is_kw("true");
                self.bump();
                self.mk(pos, ExprKind::Bool(b))
            }
            Tok::Ident(name) => {
                self.bump();
                let levels = self.try_level_args();
                self.mk(pos, ExprKind::Var { name, levels })
            }
            Tok::Kw("do") => {
                self.bump();
                self.expect_sym(
                    "<",
                    "after `do` (a `do` block names its level: `do<block> { … }`)",
                )?;
                let l = self.level()?;
                self.expect_sym(">", "to close the level of `do<l>`")?;
                self.expect_sym("{", "to open the statements of `do<l>`")?;
                let (stmts, last) = self.stmts()?;
                self.mk(pos, ExprKind::Do(l, stmts, Box::new(last)))
            }
            Tok::Sym("(") => {
                self.bump();
                if self.is_sym(")") {
                    self.bump();
                    self.mk(pos, ExprKind::Unit)
                } else {
                    let a = self.expr()?;
                    if self.is_sym(",") {
                        self.bump();
                        let b = self.expr()?;
                        if self.is_sym(",") {
                            return Err(Diagnostic::new(
                                self.pos(),
                                "tuples have exactly two components (rule 5.17); nest pairs for more",
                            ));
                        }
                        self.expect_sym(")", "to close a pair")?;
                        self.mk(pos, ExprKind::Pair(Box::new(a), Box::new(b)))
                    } else {
                        self.expect_sym(")", "to close a parenthesised expression")?;
                        a
                    }
                }
            }
            _ => return self.err("an expression"),
        };
        self.depth -= 1;
        Ok(e)
    }

    fn stmts(&mut self) -> R<(Vec<Stmt>, Expr)> {
        let mut stmts = Vec::new();
        loop {
            while self.is_sym(";") {
                self.bump();
            }
            let spos = self.pos();
            if matches!(self.peek(), Tok::Ident(_)) && matches!(self.peek_at(1), Tok::Sym("<-")) {
                let (x, xp) = self.ident("")?;
                self.bump();
                let e = self.expr()?;
                stmts.push(Stmt::Bind(x, xp, e));
                self.stmt_end(spos, false)?;
                continue;
            }
            if self.is_kw("let") {
                self.bump();
                let bs = self.bindings()?;
                if self.is_kw("in") {
                    self.bump();
                    let body = self.expr()?;
                    let e = self.nest_lets(bs, body);
                    if self.stmt_end(spos, true)? {
                        return Ok((stmts, e));
                    }
                    return unreachable_last(spos);
                }
                stmts.extend(bs.into_iter().map(Stmt::Let));
                self.stmt_end(spos, false)?;
                continue;
            }
            if self.is_sym("}") {
                return Err(Diagnostic::new(
                    self.pos(),
                    "a `do` block must end with an expression (its result program), not a binding",
                ));
            }
            let e = self.expr()?;
            if self.stmt_end(spos, true)? {
                return Ok((stmts, e));
            }
            return Err(Diagnostic::new(
                spos,
                "only the last statement of a `do` block may be a bare expression; bind the result with `x <- e`",
            ));
        }
    }

    /// After a statement: `;` (more follow) or `}` (returns true, consumed). `last_ok` says
    /// whether the statement could be the last one.
    fn stmt_end(&mut self, spos: Pos, last_ok: bool) -> R<bool> {
        if self.is_sym(";") {
            self.bump();
            if self.is_sym("}") {
                if last_ok {
                    self.bump();
                    return Ok(true);
                }
                return Err(Diagnostic::new(
                    spos,
                    "a `do` block must end with an expression (its result program), not a binding",
                ));
            }
            return Ok(false);
        }
        if self.is_sym("}") {
            if last_ok {
                self.bump();
                return Ok(true);
            }
            return Err(Diagnostic::new(
                spos,
                "a `do` block must end with an expression (its result program), not a binding",
            ));
        }
        self.err("`;` or `}` after a statement of a `do` block")
    }
}

fn unreachable_last<T>(spos: Pos) -> R<T> {
    Err(Diagnostic::new(
        spos,
        "only the last statement of a `do` block may be a bare expression; bind the result with `x <- e`",
    ))
}
