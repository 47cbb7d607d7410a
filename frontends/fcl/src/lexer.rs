//! The lexer of FCL's concrete syntax (Dybdal 2017 §5.2–§5.4: the surface syntax of the
//! example programs).
//!
//! Identifiers may contain primes after the first character (`arr'`); a prime at the start
//! makes a type variable (`'a`); `#BlockSize` is a configuration constant; comments are `--`
//! to the end of the line and nested `(* … *)` blocks.

use crate::diag::{Diagnostic, Pos};

/// A token kind.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// An identifier (including the level names `thread`, `warp`, `block`, `grid`).
    Ident(String),
    /// A type variable `'a` (the name without the prime).
    TyVar(String),
    /// A configuration constant `#BlockSize` (the name without `#`).
    Config(String),
    /// An integer literal.
    Int(i64),
    /// A floating-point literal.
    Float(f64),
    /// A keyword: `sig fun let in fn if then else do forall true false`.
    Kw(&'static str),
    /// A symbol: punctuation or operator.
    Sym(&'static str),
    /// End of input.
    Eof,
}

/// A token with its position.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    /// The kind.
    pub tok: Tok,
    /// Where it starts.
    pub pos: Pos,
}

const KEYWORDS: &[&str] = &[
    "sig", "fun", "let", "in", "fn", "if", "then", "else", "do", "forall", "true", "false",
];

/// Longest first, so that `|>` wins over `|` and `<-` over `<`.
const SYMBOLS: &[&str] = &[
    "+.", "-.", "*.", "/.", "->", "=>", "<-", "|>", "==", "!=", "<=", ">=", "<<", ">>", "&&", "||",
    "(", ")", "[", "]", "{", "}", ",", ";", ":", ".", "=", "<", ">", "+", "-", "*", "/", "%",
];

/// Splits `src` into tokens, ending with [`Tok::Eof`].
pub fn lex(src: &str) -> Result<Vec<Token>, Diagnostic> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line, mut col) = (0usize, 1u32, 1u32);
    macro_rules! bump {
        () => {{
            if chars[i] == '\n' {
                line += 1;
                col = 1;
            } else {
                col += 1;
            }
            i += 1;
        }};
    }
    while i < chars.len() {
        let c = chars[i];
        let pos = Pos { line, col };
        if c.is_whitespace() {
            bump!();
            continue;
        }
        if c == '-' && chars.get(i + 1) == Some(&'-') {
            while i < chars.len() && chars[i] != '\n' {
                bump!();
            }
            continue;
        }
        if c == '(' && chars.get(i + 1) == Some(&'*') {
            let mut depth = 0usize;
            loop {
                if i >= chars.len() {
                    return Err(Diagnostic::new(
                        pos,
                        "unterminated comment: a `(*` comment must be closed by `*)`",
                    ));
                }
                if chars[i] == '(' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    bump!();
                    bump!();
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&')') {
                    depth -= 1;
                    bump!();
                    bump!();
                    if depth == 0 {
                        break;
                    }
                } else {
                    bump!();
                }
            }
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len()
                && (chars[i].is_ascii_alphanumeric() || matches!(chars[i], '_' | '\''))
            {
                bump!();
            }
            let s: String = chars[start..i].iter().collect();
            let tok = match KEYWORDS.iter().find(|k| **k == s) {
                Some(k) => Tok::Kw(k),
                None => Tok::Ident(s),
            };
            out.push(Token { tok, pos });
            continue;
        }
        if c == '\'' || c == '#' {
            bump!();
            let start = i;
            while i < chars.len()
                && (chars[i].is_ascii_alphanumeric() || matches!(chars[i], '_' | '\''))
            {
                bump!();
            }
            if start == i || !(chars[start].is_ascii_alphabetic() || chars[start] == '_') {
                let what = if c == '\'' {
                    "a type variable `'a`"
                } else {
                    "a configuration constant `#Name`"
                };
                return Err(Diagnostic::new(
                    pos,
                    format!("expected a name after `{c}` in {what}"),
                ));
            }
            let s: String = chars[start..i].iter().collect();
            out.push(Token {
                tok: if c == '\'' {
                    Tok::TyVar(s)
                } else {
                    Tok::Config(s)
                },
                pos,
            });
            continue;
        }
        if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                bump!();
            }
            let mut float = false;
            if i + 1 < chars.len() && chars[i] == '.' && chars[i + 1].is_ascii_digit() {
                float = true;
                bump!();
                while i < chars.len() && chars[i].is_ascii_digit() {
                    bump!();
                }
            }
            if i < chars.len() && matches!(chars[i], 'e' | 'E') {
                let save = (i, line, col);
                bump!();
                if i < chars.len() && matches!(chars[i], '+' | '-') {
                    bump!();
                }
                if i < chars.len() && chars[i].is_ascii_digit() {
                    float = true;
                    while i < chars.len() && chars[i].is_ascii_digit() {
                        bump!();
                    }
                } else {
                    (i, line, col) = save;
                }
            }
            let s: String = chars[start..i].iter().collect();
            let tok =
                if float {
                    Tok::Float(s.parse().map_err(|_| {
                        Diagnostic::new(pos, format!("malformed float literal `{s}`"))
                    })?)
                } else {
                    Tok::Int(s.parse().map_err(|_| {
                        Diagnostic::new(
                            pos,
                            format!("integer literal `{s}` does not fit in 64 bits"),
                        )
                    })?)
                };
            out.push(Token { tok, pos });
            continue;
        }
        let rest: String = chars[i..chars.len().min(i + 2)].iter().collect();
        match SYMBOLS.iter().find(|s| rest.starts_with(**s)) {
            Some(s) => {
                for _ in 0..s.len() {
                    bump!();
                }
                out.push(Token {
                    tok: Tok::Sym(s),
                    pos,
                });
            }
            None => {
                return Err(Diagnostic::new(
                    pos,
                    format!("unexpected character {c:?}: not part of FCL's syntax"),
                ))
            }
        }
    }
    out.push(Token {
        tok: Tok::Eof,
        pos: Pos { line, col },
    });
    Ok(out)
}

/// How a token is shown in messages.
pub fn describe(t: &Tok) -> String {
    match t {
        Tok::Ident(s) => format!("identifier `{s}`"),
        Tok::TyVar(s) => format!("type variable `'{s}`"),
        Tok::Config(s) => format!("`#{s}`"),
        Tok::Int(i) => format!("integer `{i}`"),
        Tok::Float(f) => format!("float `{f}`"),
        Tok::Kw(k) => format!("keyword `{k}`"),
        Tok::Sym(s) => format!("`{s}`"),
        Tok::Eof => "end of input".to_string(),
    }
}
