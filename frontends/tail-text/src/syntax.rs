//! Lexer and parser for apltail's printed TAIL text.
//!
//! ```text
//! exp ::= let x:τ = exp in exp | fn x:τ => exp | op{[κ,…],[r,…]}?(exp,…) | [exp,…]
//!       | (exp,…) | Prj(i,exp) | int | -int | ~int | double | complex | tt | ff | 'c'
//!       | inf | -inf | HUGE_VAL | if exp then exp else exp | x
//! τ   ::= [κ]r | <κ>n | S(κ,n) | SV(κ,n) | (τ * τ * …)
//! κ   ::= int | double | bool | char | complex
//! ```
//!
//! Comments are `(* … *)` and nest. Positions are 1-based line and column (in characters).

/// A source position (1-based line and column).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos {
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1, in characters.
    pub col: u32,
}

/// A syntax error: a position and a message.
#[derive(Clone, Debug, PartialEq)]
pub struct SyntaxError {
    /// Where.
    pub pos: Pos,
    /// What.
    pub msg: String,
}

type PResult<T> = Result<T, SyntaxError>;

fn err<T>(pos: Pos, msg: impl Into<String>) -> PResult<T> {
    Err(SyntaxError {
        pos,
        msg: msg.into(),
    })
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Int(i64),
    Double(f64),
    /// A complex literal `re j im` (the sign of `re` is applied by the parser).
    Complex(f64, f64),
    Char(u32),
    Punct(&'static str),
    Eof,
}

impl Tok {
    fn describe(&self) -> String {
        match self {
            Tok::Ident(s) => format!("'{s}'"),
            Tok::Int(i) => format!("'{i}'"),
            Tok::Double(d) => format!("'{d}'"),
            Tok::Complex(a, b) => format!("'{a}j{b}'"),
            Tok::Char(_) => "a character literal".to_string(),
            Tok::Punct(p) => format!("'{p}'"),
            Tok::Eof => "end of input".to_string(),
        }
    }
}

/// Base types `κ`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base {
    /// `int`.
    Int,
    /// `double`.
    Double,
    /// `bool`.
    Bool,
    /// `char`.
    Char,
    /// `complex`.
    Complex,
}

/// TAIL types `τ`.
#[derive(Clone, Debug, PartialEq)]
pub enum Ty {
    /// `[κ]r`.
    Arr(Base, i64),
    /// `<κ>n`.
    Vec(Base, i64),
    /// `S(κ,n)`.
    S(Base, i64),
    /// `SV(κ,n)`.
    SV(Base, i64),
    /// `(τ * τ * …)`.
    Tuple(Vec<Ty>),
}

impl std::fmt::Display for Base {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Base::Int => "int",
            Base::Double => "double",
            Base::Bool => "bool",
            Base::Char => "char",
            Base::Complex => "complex",
        })
    }
}

impl std::fmt::Display for Ty {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ty::Arr(k, r) => write!(f, "[{k}]{r}"),
            Ty::Vec(k, n) => write!(f, "<{k}>{n}"),
            Ty::S(k, n) => write!(f, "S({k},{n})"),
            Ty::SV(k, n) => write!(f, "SV({k},{n})"),
            Ty::Tuple(ts) => {
                f.write_str("(")?;
                for (i, t) in ts.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" * ")?;
                    }
                    write!(f, "{t}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// An expression with its position.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// Where the expression starts (for calls: the primitive's name).
    pub pos: Pos,
    /// What it is.
    pub kind: ExprKind,
}

/// Expression forms.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// `let x:τ = e1 in e2` (the type is optional).
    Let(String, Option<Ty>, Box<Expr>, Box<Expr>),
    /// `fn x:τ => e` (the type is optional).
    Fn(String, Option<Ty>, Box<Expr>),
    /// `op{…}(e, …)`; the instance list is kept as text only.
    Call(String, Option<Vec<Base>>, Vec<Expr>),
    /// `[e, …]`.
    Vector(Vec<Expr>),
    /// `(e1, …, en)` with `n ≥ 2` (or `()`, `n = 0`).
    Tuple(Vec<Expr>),
    /// `if c then e1 else e2`.
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `Prj(i, e)`, `i` from 0 (apltail counts tuple components from 0).
    Prj(i64, Box<Expr>),
    /// An integer literal.
    Int(i64),
    /// A double literal (also `inf`, `-inf`).
    Double(f64),
    /// A complex literal.
    Complex(f64, f64),
    /// `tt` / `ff`.
    Bool(bool),
    /// A character literal (code point).
    Char(u32),
    /// A variable, or a primitive used as a function argument.
    Var(String),
}

/// Maximum nesting depth of expressions and types (protects the stack).
const MAX_DEPTH: usize = 1000;

struct Lexer<'a> {
    chars: Vec<char>,
    i: usize,
    line: u32,
    col: u32,
    _src: &'a str,
}

impl<'a> Lexer<'a> {
    fn new(src: &'a str) -> Self {
        Lexer {
            chars: src.chars().collect(),
            i: 0,
            line: 1,
            col: 1,
            _src: src,
        }
    }

    fn peek(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.get(self.i).copied()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            col: self.col,
        }
    }

    fn skip_trivia(&mut self) -> PResult<()> {
        loop {
            match self.peek(0) {
                Some(c) if c.is_whitespace() => {
                    self.bump();
                }
                Some('(') if self.peek(1) == Some('*') => {
                    let start = self.pos();
                    self.bump();
                    self.bump();
                    let mut depth = 1usize;
                    while depth > 0 {
                        match self.peek(0) {
                            None => return err(start, "unterminated comment"),
                            Some('(') if self.peek(1) == Some('*') => {
                                self.bump();
                                self.bump();
                                depth += 1;
                            }
                            Some('*') if self.peek(1) == Some(')') => {
                                self.bump();
                                self.bump();
                                depth -= 1;
                            }
                            Some(_) => {
                                self.bump();
                            }
                        }
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    fn digits(&mut self) -> String {
        let mut s = String::new();
        while let Some(c) = self.peek(0).filter(|c| c.is_ascii_digit()) {
            s.push(c);
            self.bump();
        }
        s
    }

    /// A number without sign: `123`, `1.5`, `2.0E10`, `1E~5`; returns the token.
    fn number(&mut self, start: Pos) -> PResult<Tok> {
        let mut text = self.digits();
        let mut is_float = false;
        if self.peek(0) == Some('.') && self.peek(1).is_some_and(|c| c.is_ascii_digit()) {
            self.bump();
            text.push('.');
            text.push_str(&self.digits());
            is_float = true;
        }
        if matches!(self.peek(0), Some('e' | 'E')) {
            let sign = self.peek(1);
            let (skip, neg) = match sign {
                Some('-' | '~') => (2, true),
                Some('+') => (2, false),
                _ => (1, false),
            };
            if self.peek(skip).is_some_and(|c| c.is_ascii_digit()) {
                for _ in 0..skip {
                    self.bump();
                }
                text.push('e');
                if neg {
                    text.push('-');
                }
                text.push_str(&self.digits());
                is_float = true;
            }
        }
        if is_float {
            match text.parse::<f64>() {
                Ok(d) => Ok(Tok::Double(d)),
                Err(_) => err(start, format!("malformed number '{text}'")),
            }
        } else {
            match text.parse::<i64>() {
                Ok(i) => Ok(Tok::Int(i)),
                Err(_) => err(start, format!("integer literal '{text}' is too large")),
            }
        }
    }

    fn next(&mut self) -> PResult<(Tok, Pos)> {
        self.skip_trivia()?;
        let pos = self.pos();
        let Some(c) = self.peek(0) else {
            return Ok((Tok::Eof, pos));
        };
        if c.is_ascii_digit() {
            let t = self.number(pos)?;
            // Complex: `3.0j6.4`, `3j~2`.
            if matches!(self.peek(0), Some('j' | 'J')) {
                let (skip, neg) = match self.peek(1) {
                    Some('-' | '~') => (2, true),
                    _ => (1, false),
                };
                if self.peek(skip).is_some_and(|c| c.is_ascii_digit()) {
                    for _ in 0..skip {
                        self.bump();
                    }
                    let ipos = self.pos();
                    let im = match self.number(ipos)? {
                        Tok::Int(i) => i as f64,
                        Tok::Double(d) => d,
                        _ => 0.0,
                    };
                    let re = match t {
                        Tok::Int(i) => i as f64,
                        Tok::Double(d) => d,
                        _ => 0.0,
                    };
                    return Ok((Tok::Complex(re, if neg { -im } else { im }), pos));
                }
            }
            return Ok((t, pos));
        }
        if c.is_alphabetic() || c == '_' {
            let mut s = String::new();
            while let Some(c) = self
                .peek(0)
                .filter(|c| c.is_alphanumeric() || *c == '_' || *c == '\'')
            {
                s.push(c);
                self.bump();
            }
            return Ok((Tok::Ident(s), pos));
        }
        if c == '\'' {
            self.bump();
            let ch = match self.bump() {
                None => return err(pos, "unterminated character literal"),
                Some('\\') => match self.bump() {
                    Some('n') => '\n',
                    Some('t') => '\t',
                    Some('r') => '\r',
                    Some('0') => '\0',
                    Some(c @ ('\\' | '\'' | '"')) => c,
                    _ => return err(pos, "unknown escape in character literal"),
                },
                Some(c) => c,
            };
            if self.bump() != Some('\'') {
                return err(pos, "unterminated character literal");
            }
            return Ok((Tok::Char(ch as u32), pos));
        }
        const PUNCTS: [&str; 15] = [
            "=>", "(", ")", "[", "]", "{", "}", ",", ":", "=", "*", "<", ">", "~", "-",
        ];
        for p in PUNCTS {
            if p.chars()
                .enumerate()
                .all(|(k, pc)| self.peek(k) == Some(pc))
            {
                for _ in 0..p.chars().count() {
                    self.bump();
                }
                return Ok((Tok::Punct(p), pos));
            }
        }
        err(pos, format!("unexpected character '{c}'"))
    }
}

struct Parser {
    toks: Vec<(Tok, Pos)>,
    i: usize,
    depth: usize,
}

/// Parses a whole program (one expression).
pub fn parse_program(src: &str) -> Result<Expr, SyntaxError> {
    let mut lx = Lexer::new(src);
    let mut toks = Vec::new();
    loop {
        let (t, p) = lx.next()?;
        let eof = t == Tok::Eof;
        toks.push((t, p));
        if eof {
            break;
        }
    }
    let mut p = Parser {
        toks,
        i: 0,
        depth: 0,
    };
    let e = p.expr()?;
    let (t, pos) = p.peek_full();
    if *t != Tok::Eof {
        return err(
            pos,
            format!("expected end of input, found {}", t.describe()),
        );
    }
    Ok(e)
}

impl Parser {
    fn peek_full(&self) -> (&Tok, Pos) {
        let k = self.i.min(self.toks.len() - 1);
        (&self.toks[k].0, self.toks[k].1)
    }
    fn peek(&self) -> &Tok {
        self.peek_full().0
    }
    fn pos(&self) -> Pos {
        self.peek_full().1
    }
    fn advance(&mut self) -> (Tok, Pos) {
        let (t, p) = self.peek_full();
        let r = (t.clone(), p);
        if self.i < self.toks.len() - 1 {
            self.i += 1;
        }
        r
    }
    fn is_punct(&self, p: &str) -> bool {
        matches!(self.peek(), Tok::Punct(q) if *q == p)
    }
    fn eat_punct(&mut self, p: &str) -> bool {
        if self.is_punct(p) {
            self.advance();
            true
        } else {
            false
        }
    }
    fn expect_punct(&mut self, p: &str, ctx: &str) -> PResult<()> {
        if self.eat_punct(p) {
            Ok(())
        } else {
            let (t, pos) = self.peek_full();
            err(pos, format!("expected '{p}' {ctx}, found {}", t.describe()))
        }
    }
    fn is_kw(&self, kw: &str) -> bool {
        matches!(self.peek(), Tok::Ident(s) if s == kw)
    }
    fn expect_kw(&mut self, kw: &str, ctx: &str) -> PResult<()> {
        if self.is_kw(kw) {
            self.advance();
            return Ok(());
        }
        let (t, pos) = self.peek_full();
        err(
            pos,
            format!("expected '{kw}' {ctx}, found {}", t.describe()),
        )
    }
    fn ident(&mut self, what: &str) -> PResult<String> {
        match self.advance() {
            (Tok::Ident(s), _) if !is_keyword(&s) => Ok(s),
            (t, pos) => err(pos, format!("expected {what}, found {}", t.describe())),
        }
    }
    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return err(self.pos(), "expression nested too deeply");
        }
        Ok(())
    }

    fn base(&mut self) -> PResult<Base> {
        match self.advance() {
            (Tok::Ident(s), pos) => match s.as_str() {
                "int" => Ok(Base::Int),
                "double" => Ok(Base::Double),
                "bool" => Ok(Base::Bool),
                "char" => Ok(Base::Char),
                "complex" => Ok(Base::Complex),
                _ => err(
                    pos,
                    format!(
                        "unknown base type '{s}' (expected int, double, bool, char or complex)"
                    ),
                ),
            },
            (t, pos) => err(pos, format!("expected a base type, found {}", t.describe())),
        }
    }

    fn nat(&mut self, what: &str) -> PResult<i64> {
        match self.advance() {
            (Tok::Int(n), _) => Ok(n),
            (t, pos) => err(pos, format!("expected {what}, found {}", t.describe())),
        }
    }

    fn signed_int(&mut self, what: &str) -> PResult<i64> {
        let neg = self.eat_punct("-") || self.eat_punct("~");
        let n = self.nat(what)?;
        Ok(if neg { -n } else { n })
    }

    fn ty(&mut self) -> PResult<Ty> {
        self.enter()?;
        let r = self.ty_inner();
        self.depth -= 1;
        r
    }

    fn ty_inner(&mut self) -> PResult<Ty> {
        let pos = self.pos();
        if self.eat_punct("[") {
            let k = self.base()?;
            self.expect_punct("]", "after the element type of an array type")?;
            let r = self.nat("a rank")?;
            return Ok(Ty::Arr(k, r));
        }
        if self.eat_punct("<") {
            let k = self.base()?;
            self.expect_punct(">", "after the element type of a vector type")?;
            let n = self.nat("a vector length")?;
            return Ok(Ty::Vec(k, n));
        }
        if self.is_kw("S") || self.is_kw("SV") {
            let sv = self.is_kw("SV");
            self.advance();
            self.expect_punct("(", "after 'S'/'SV'")?;
            let k = self.base()?;
            self.expect_punct(",", "in a singleton type")?;
            let n = self.signed_int("a singleton value")?;
            self.expect_punct(")", "to close a singleton type")?;
            return Ok(if sv { Ty::SV(k, n) } else { Ty::S(k, n) });
        }
        if matches!(self.peek(), Tok::Ident(s) if matches!(s.as_str(), "int" | "double" | "bool" | "char" | "complex"))
        {
            // A bare base type `κ` abbreviates `[κ]0`.
            return Ok(Ty::Arr(self.base()?, 0));
        }
        if self.eat_punct("(") {
            let mut ts = vec![self.ty()?];
            while self.eat_punct("*") {
                ts.push(self.ty()?);
            }
            self.expect_punct(")", "to close a tuple type")?;
            return Ok(if ts.len() == 1 {
                ts.pop().unwrap_or(Ty::Tuple(Vec::new()))
            } else {
                Ty::Tuple(ts)
            });
        }
        let t = self.peek().describe();
        err(pos, format!("expected a type, found {t}"))
    }

    fn expr(&mut self) -> PResult<Expr> {
        self.enter()?;
        let r = self.expr_inner();
        self.depth -= 1;
        r
    }

    fn opt_annot(&mut self) -> PResult<Option<Ty>> {
        if self.eat_punct(":") {
            Ok(Some(self.ty()?))
        } else {
            Ok(None)
        }
    }

    fn expr_inner(&mut self) -> PResult<Expr> {
        let pos = self.pos();
        let mk = |kind| Ok(Expr { pos, kind });
        if self.is_kw("let") {
            // A chain of `let`s is parsed iteratively, so long programs do not nest the stack.
            let mut binds = Vec::new();
            while self.is_kw("let") {
                let lpos = self.pos();
                self.advance();
                let x = self.ident("a variable name after 'let'")?;
                let t = self.opt_annot()?;
                self.expect_punct("=", "in a 'let'")?;
                let rhs = self.expr()?;
                if !self.is_kw("in") {
                    let (t, p) = self.peek_full();
                    return err(
                        p,
                        format!("expected 'in' in a 'let', found {}", t.describe()),
                    );
                }
                self.advance();
                binds.push((lpos, x, t, rhs));
            }
            let mut body = self.expr()?;
            while let Some((lpos, x, t, rhs)) = binds.pop() {
                body = Expr {
                    pos: lpos,
                    kind: ExprKind::Let(x, t, Box::new(rhs), Box::new(body)),
                };
            }
            return Ok(body);
        }
        if self.is_kw("fn") {
            self.advance();
            let x = self.ident("a parameter name after 'fn'")?;
            let t = self.opt_annot()?;
            self.expect_punct("=>", "in a 'fn'")?;
            let body = self.expr()?;
            return mk(ExprKind::Fn(x, t, Box::new(body)));
        }
        if self.is_kw("if") {
            // apltail prints conditionals as `if c then e1 else e2`.
            self.advance();
            let c = self.expr()?;
            self.expect_kw("then", "in an 'if'")?;
            let a = self.expr()?;
            self.expect_kw("else", "in an 'if'")?;
            let b = self.expr()?;
            return mk(ExprKind::If(Box::new(c), Box::new(a), Box::new(b)));
        }
        if self.is_punct("-") || self.is_punct("~") {
            self.advance();
            return match self.advance() {
                (Tok::Int(i), _) => mk(ExprKind::Int(-i)),
                (Tok::Double(d), _) => mk(ExprKind::Double(-d)),
                (Tok::Complex(a, b), _) => mk(ExprKind::Complex(-a, b)),
                (Tok::Ident(s), _) if s == "inf" || s == "HUGE_VAL" => {
                    mk(ExprKind::Double(f64::NEG_INFINITY))
                }
                (t, p) => err(
                    p,
                    format!(
                        "expected a number after a minus sign, found {}",
                        t.describe()
                    ),
                ),
            };
        }
        if self.eat_punct("[") {
            let elems = self.list("]")?;
            return mk(ExprKind::Vector(elems));
        }
        if self.eat_punct("(") {
            let mut elems = self.list(")")?;
            return if elems.len() == 1 {
                Ok(elems.pop().unwrap_or(Expr {
                    pos,
                    kind: ExprKind::Tuple(Vec::new()),
                }))
            } else {
                mk(ExprKind::Tuple(elems))
            };
        }
        match self.advance() {
            (Tok::Int(i), _) => mk(ExprKind::Int(i)),
            (Tok::Double(d), _) => mk(ExprKind::Double(d)),
            (Tok::Complex(a, b), _) => mk(ExprKind::Complex(a, b)),
            (Tok::Char(c), _) => mk(ExprKind::Char(c)),
            (Tok::Ident(s), p) => match s.as_str() {
                "tt" => mk(ExprKind::Bool(true)),
                "ff" => mk(ExprKind::Bool(false)),
                "inf" | "HUGE_VAL" => mk(ExprKind::Double(f64::INFINITY)),
                "Prj" if self.is_punct("(") => {
                    self.advance();
                    let i = self.nat("a projection index")?;
                    self.expect_punct(",", "after the index of 'Prj'")?;
                    let e = self.expr()?;
                    self.expect_punct(")", "to close 'Prj'")?;
                    mk(ExprKind::Prj(i, Box::new(e)))
                }
                _ if is_keyword(&s) => err(p, format!("unexpected keyword '{s}'")),
                _ => {
                    let inst = if self.is_punct("{") {
                        Some(self.instance()?)
                    } else {
                        None
                    };
                    if self.eat_punct("(") {
                        let args = self.list(")")?;
                        mk(ExprKind::Call(s, inst, args))
                    } else if inst.is_some() {
                        let (t, p) = self.peek_full();
                        err(
                            p,
                            format!(
                                "expected '(' after an instance list, found {}",
                                t.describe()
                            ),
                        )
                    } else {
                        mk(ExprKind::Var(s))
                    }
                }
            },
            (t, p) => err(p, format!("expected an expression, found {}", t.describe())),
        }
    }

    /// `e, …, e close` (possibly empty).
    fn list(&mut self, close: &str) -> PResult<Vec<Expr>> {
        let mut v = Vec::new();
        if self.eat_punct(close) {
            return Ok(v);
        }
        loop {
            v.push(self.expr()?);
            if self.eat_punct(",") {
                continue;
            }
            let ctx = if close == "]" {
                "to close a vector"
            } else {
                "to close an argument list or tuple"
            };
            self.expect_punct(close, ctx)?;
            return Ok(v);
        }
    }

    /// `{[κ,…],[r,…]}`: returns the base types.
    fn instance(&mut self) -> PResult<Vec<Base>> {
        self.expect_punct("{", "")?;
        self.expect_punct("[", "to open the type list of an instance list")?;
        let mut ks = Vec::new();
        if !self.eat_punct("]") {
            loop {
                ks.push(self.base()?);
                if !self.eat_punct(",") {
                    break;
                }
            }
            self.expect_punct("]", "to close the type list of an instance list")?;
        }
        self.expect_punct(",", "in an instance list")?;
        self.expect_punct("[", "to open the rank list of an instance list")?;
        if !self.eat_punct("]") {
            loop {
                self.signed_int("a rank")?;
                if !self.eat_punct(",") {
                    break;
                }
            }
            self.expect_punct("]", "to close the rank list of an instance list")?;
        }
        self.expect_punct("}", "to close an instance list")?;
        Ok(ks)
    }
}

fn is_keyword(s: &str) -> bool {
    matches!(s, "let" | "in" | "fn" | "if" | "then" | "else")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_let_and_calls() {
        let e = parse_program("let v1:[int]2 = reshape{[int],[1,2]}([3,2],iotaV(5)) in v1")
            .expect("parses");
        let ExprKind::Let(x, Some(t), rhs, _) = e.kind else {
            panic!("not a let")
        };
        assert_eq!(x, "v1");
        assert_eq!(t, Ty::Arr(Base::Int, 2));
        assert!(
            matches!(rhs.kind, ExprKind::Call(ref n, Some(_), ref a) if n == "reshape" && a.len() == 2)
        );
    }

    #[test]
    fn literals() {
        let lit = |s: &str| parse_program(s).expect("parses").kind;
        assert_eq!(lit("~1"), ExprKind::Int(-1));
        assert_eq!(lit("-50.0"), ExprKind::Double(-50.0));
        assert_eq!(lit("1E10"), ExprKind::Double(1e10));
        assert_eq!(lit("2.5E~3"), ExprKind::Double(2.5e-3));
        assert_eq!(lit("3.0j6.4"), ExprKind::Complex(3.0, 6.4));
        assert_eq!(lit("'c'"), ExprKind::Char('c' as u32));
        assert_eq!(lit("-inf"), ExprKind::Double(f64::NEG_INFINITY));
        assert_eq!(lit("(* a (* nested *) comment *) tt"), ExprKind::Bool(true));
    }

    #[test]
    fn types() {
        let e = parse_program("fn t:(int*<double>3*S(bool,1)*SV(int,~2)) => t").expect("parses");
        let ExprKind::Fn(_, Some(t), _) = e.kind else {
            panic!("not a fn")
        };
        assert_eq!(
            t,
            Ty::Tuple(vec![
                Ty::Arr(Base::Int, 0),
                Ty::Vec(Base::Double, 3),
                Ty::S(Base::Bool, 1),
                Ty::SV(Base::Int, -2)
            ])
        );
    }

    #[test]
    fn errors_are_located() {
        let e = parse_program("let x:[int]1 = 3\nin $").unwrap_err();
        assert_eq!(e.pos, Pos { line: 2, col: 4 });
        let e = parse_program("(* open").unwrap_err();
        assert!(e.msg.contains("unterminated comment"));
        let e = parse_program("let x:[foo]1 = 3 in x").unwrap_err();
        assert!(e.msg.contains("unknown base type 'foo'"), "{}", e.msg);
    }
}
