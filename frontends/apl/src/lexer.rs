//! The lexer: UTF-8 APL source text to [`Token`]s with positions.
//!
//! Spellings are normalized here: `−` (U+2212) becomes `-`, `⋆` (U+22C6) becomes `*`, and a
//! high minus `¯` is folded into the number it precedes. Comments (`⍝ …` to the end of the line)
//! are dropped, except `⍝:` type annotations, which become [`TokenKind::Annotation`] so that the
//! parser can attach them to the dfn they open. Whitespace other than newlines separates tokens;
//! newlines are kept as [`TokenKind::Newline`] because they separate statements, like `⋄`.
//!
//! Consecutive numbers (`1 2 3`) are separate [`TokenKind::Num`] tokens; the parser groups
//! juxtaposed arrays into strands.

use crate::ast::Pos;
use crate::SyntaxError;

/// A number literal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Num {
    /// An integer (`42`, `¯2`).
    Int(i64),
    /// A double (`0.01`, `.5`, `1E¯3`, and integers too large for `i64`).
    Double(f64),
    /// A complex number `aJb` (real part, imaginary part).
    Complex(f64, f64),
}

/// What a token is.
#[derive(Clone, Debug, PartialEq)]
pub enum TokenKind {
    /// A number literal (its sign included).
    Num(Num),
    /// A string literal `'…'`, quotes undoubled.
    Str(String),
    /// A user name (`A`, `diff`, `x_1`, `∆t`).
    Name(String),
    /// A system name with its `⎕` (`⎕ReadFile`), or `⎕` alone.
    SysName(String),
    /// `⍺`.
    Alpha,
    /// `⍵`.
    Omega,
    /// `⍺⍺`.
    AlphaAlpha,
    /// `⍵⍵`.
    OmegaOmega,
    /// `⍬`.
    Zilde,
    /// `∇` (recursion; rejected by the parser).
    Del,
    /// A primitive function or operator glyph, normalized (`+`, `/`, `¨`, `∘`, `.`, `⍎`, …).
    Glyph(char),
    /// `(`.
    LParen,
    /// `)`.
    RParen,
    /// `[`.
    LBracket,
    /// `]`.
    RBracket,
    /// `{`.
    LBrace,
    /// `}`.
    RBrace,
    /// `;` (separates bracket indices).
    Semicolon,
    /// `:` (dfn guards; rejected by the parser).
    Colon,
    /// `←`.
    Assign,
    /// `⋄`.
    Diamond,
    /// A line break.
    Newline,
    /// A `⍝:` comment: the text after `⍝:` up to the end of the line. The token's position is
    /// that of the first character of the text after `⍝:` (leading blanks skipped).
    Annotation(String),
}

/// A token with the position of its first character.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Where it starts (1-based line and column, columns in characters).
    pub pos: Pos,
}

/// Primitive function and operator glyphs the lexer knows (after normalization). Whether each
/// one is supported is decided later (the parser rejects `⍎`, the elaborator unsupported
/// primitives).
const GLYPHS: &str = "+-×÷⌈⌊|*⍟○!?~∧∨⍱⍲<≤=≥>≠≡≢⍴,⍪⌽⊖⍉↑↓⊂⊃⊆⌷⍳⍸∊⍷∪∩⊣⊢⍋⍒⍕⍎⊥⊤⌹/⌿\\⍀¨⍨⍣∘.⍤⍥@⌸⌺";

/// Whether `c` may start a name. `$` does too: apltail's prelude names its helper operators
/// `$dot`, `$out`, `$slashbar`, `$log`, and loads with the program.
pub fn is_name_start(c: char) -> bool {
    c == '_' || c == '∆' || c == '⍙' || c == '$' || (c.is_alphabetic() && !is_apl_letter_glyph(c))
}

/// Whether `c` may continue a name.
pub fn is_name_char(c: char) -> bool {
    is_name_start(c) || c.is_ascii_digit()
}

/// Characters that Unicode calls alphabetic but that are APL glyphs here.
fn is_apl_letter_glyph(c: char) -> bool {
    matches!(c, '⍺' | '⍵')
}

/// Reads `src` into tokens.
///
/// # Errors
/// An unknown character, a `¯` not followed by a number, a malformed number, or a string
/// without its closing quote.
pub fn lex(src: &str) -> Result<Vec<Token>, SyntaxError> {
    lex_file(src, 0)
}

/// [`lex`] for the program's file number `file`, which every token's position names.
pub fn lex_file(src: &str, file: u32) -> Result<Vec<Token>, SyntaxError> {
    Lexer::new(src, file).run()
}

struct Lexer {
    chars: Vec<char>,
    i: usize,
    file: u32,
    line: u32,
    col: u32,
    out: Vec<Token>,
}

fn err(pos: Pos, message: impl Into<String>) -> SyntaxError {
    SyntaxError {
        pos,
        message: message.into(),
    }
}

impl Lexer {
    fn new(src: &str, file: u32) -> Self {
        Lexer {
            chars: src.chars().collect(),
            i: 0,
            file,
            line: 1,
            col: 1,
            out: Vec::new(),
        }
    }

    fn pos(&self) -> Pos {
        Pos {
            file: self.file,
            line: self.line,
            col: self.col,
        }
    }

    fn peek(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }

    /// Advances over one character that is not a line break.
    fn bump(&mut self) {
        self.i += 1;
        self.col = self.col.saturating_add(1);
    }

    fn push(&mut self, kind: TokenKind, pos: Pos) {
        self.out.push(Token { kind, pos });
    }

    fn run(mut self) -> Result<Vec<Token>, SyntaxError> {
        while let Some(c) = self.peek(0) {
            let pos = self.pos();
            match c {
                '\n' => {
                    self.i += 1;
                    self.push(TokenKind::Newline, pos);
                    self.line = self.line.saturating_add(1);
                    self.col = 1;
                }
                '\r' => {
                    // `\r\n` is one line break; a lone `\r` is one too.
                    self.i += 1;
                    if self.peek(0) == Some('\n') {
                        self.i += 1;
                    }
                    self.push(TokenKind::Newline, pos);
                    self.line = self.line.saturating_add(1);
                    self.col = 1;
                }
                c if c.is_whitespace() => self.bump(),
                '⍝' => self.comment(),
                '\'' => self.string()?,
                '¯' => self.number()?,
                c if c.is_ascii_digit() => self.number()?,
                '.' if self.peek(1).is_some_and(|d| d.is_ascii_digit()) => self.number()?,
                '⎕' => {
                    self.bump();
                    let mut name = String::from('⎕');
                    while let Some(d) = self.peek(0).filter(|&d| is_name_char(d)) {
                        name.push(d);
                        self.bump();
                    }
                    self.push(TokenKind::SysName(name), pos);
                }
                c if is_name_start(c) => {
                    let mut name = String::new();
                    while let Some(d) = self.peek(0).filter(|&d| is_name_char(d)) {
                        name.push(d);
                        self.bump();
                    }
                    self.push(TokenKind::Name(name), pos);
                }
                _ => {
                    self.bump();
                    let kind = match c {
                        '⍺' if self.peek(0) == Some('⍺') => {
                            self.bump();
                            TokenKind::AlphaAlpha
                        }
                        '⍵' if self.peek(0) == Some('⍵') => {
                            self.bump();
                            TokenKind::OmegaOmega
                        }
                        '⍺' => TokenKind::Alpha,
                        '⍵' => TokenKind::Omega,
                        '⍬' => TokenKind::Zilde,
                        '∇' => TokenKind::Del,
                        '(' => TokenKind::LParen,
                        ')' => TokenKind::RParen,
                        '[' => TokenKind::LBracket,
                        ']' => TokenKind::RBracket,
                        '{' => TokenKind::LBrace,
                        '}' => TokenKind::RBrace,
                        ';' => TokenKind::Semicolon,
                        ':' => TokenKind::Colon,
                        '←' => TokenKind::Assign,
                        '⋄' => TokenKind::Diamond,
                        '−' => TokenKind::Glyph('-'),
                        '⋆' => TokenKind::Glyph('*'),
                        '∈' => TokenKind::Glyph('∊'),
                        c if GLYPHS.contains(c) => TokenKind::Glyph(c),
                        c => {
                            return Err(err(
                                pos,
                                format!("unknown glyph {} (U+{:04X})", show_char(c), c as u32),
                            ))
                        }
                    };
                    self.push(kind, pos);
                }
            }
        }
        Ok(self.out)
    }

    /// `⍝ …` up to (not including) the line break; `⍝:` keeps its text as an annotation.
    fn comment(&mut self) {
        self.bump(); // ⍝
        let annotation = self.peek(0) == Some(':');
        if annotation {
            self.bump();
        }
        while self
            .peek(0)
            .is_some_and(|c| c != '\n' && c != '\r' && c.is_whitespace())
        {
            self.bump();
        }
        let pos = self.pos();
        let mut text = String::new();
        while let Some(c) = self.peek(0).filter(|&c| c != '\n' && c != '\r') {
            text.push(c);
            self.bump();
        }
        if annotation {
            let trimmed = text.trim_end().to_string();
            self.push(TokenKind::Annotation(trimmed), pos);
        }
    }

    /// `'…'` with `''` standing for one quote; strings do not span lines.
    fn string(&mut self) -> Result<(), SyntaxError> {
        let pos = self.pos();
        self.bump();
        let mut text = String::new();
        loop {
            match self.peek(0) {
                Some('\'') if self.peek(1) == Some('\'') => {
                    text.push('\'');
                    self.bump();
                    self.bump();
                }
                Some('\'') => {
                    self.bump();
                    break;
                }
                Some('\n') | Some('\r') | None => {
                    return Err(err(pos, "unterminated string: no closing ' on this line"));
                }
                Some(c) => {
                    text.push(c);
                    self.bump();
                }
            }
        }
        self.push(TokenKind::Str(text), pos);
        Ok(())
    }

    /// Digits: appends ASCII digits to `buf`, returns how many.
    fn digits(&mut self, buf: &mut String) -> usize {
        let mut n = 0;
        while let Some(d) = self.peek(0).filter(|d| d.is_ascii_digit()) {
            buf.push(d);
            self.bump();
            n += 1;
        }
        n
    }

    /// A real number `¯?digits(.digits)?(E¯?digits)?` or `¯?.digits(E…)?`, returned in Rust
    /// syntax with whether it is integral.
    fn real(&mut self, start: Pos) -> Result<(String, bool), SyntaxError> {
        let mut buf = String::new();
        if self.peek(0) == Some('¯') {
            buf.push('-');
            self.bump();
        }
        let int_digits = self.digits(&mut buf);
        let mut integral = true;
        if self.peek(0) == Some('.') && self.peek(1).is_some_and(|d| d.is_ascii_digit()) {
            buf.push('.');
            self.bump();
            self.digits(&mut buf);
            integral = false;
        } else if int_digits == 0 {
            return Err(err(start, "'¯' must be followed by a number"));
        }
        if matches!(self.peek(0), Some('E' | 'e')) {
            let neg = self.peek(1) == Some('¯');
            let digit_at = if neg { 2 } else { 1 };
            if self.peek(digit_at).is_some_and(|d| d.is_ascii_digit()) {
                buf.push('e');
                self.bump();
                if neg {
                    buf.push('-');
                    self.bump();
                }
                self.digits(&mut buf);
                integral = false;
            }
        }
        Ok((buf, integral))
    }

    fn number(&mut self) -> Result<(), SyntaxError> {
        let pos = self.pos();
        let (re, integral) = self.real(pos)?;
        let num = if matches!(self.peek(0), Some('J' | 'j'))
            && (self.peek(1).is_some_and(|d| d.is_ascii_digit() || d == '.')
                || (self.peek(1) == Some('¯')
                    && self.peek(2).is_some_and(|d| d.is_ascii_digit() || d == '.')))
        {
            self.bump();
            let im_pos = self.pos();
            let (im, _) = self.real(im_pos)?;
            Num::Complex(parse_f64(&re, pos)?, parse_f64(&im, im_pos)?)
        } else if integral {
            match re.parse::<i64>() {
                Ok(v) => Num::Int(v),
                Err(_) => Num::Double(parse_f64(&re, pos)?),
            }
        } else {
            Num::Double(parse_f64(&re, pos)?)
        };
        // A number runs into a following name or number only through a malformed spelling
        // (`1x`, `1.2.3`, `2E`).
        if let Some(c) = self.peek(0) {
            if is_name_char(c)
                || c == '¯'
                || (c == '.' && self.peek(1).is_some_and(|d| d.is_ascii_digit()))
            {
                return Err(err(
                    pos,
                    format!("malformed number: unexpected {} after it", show_char(c)),
                ));
            }
        }
        self.push(TokenKind::Num(num), pos);
        Ok(())
    }
}

fn parse_f64(s: &str, pos: Pos) -> Result<f64, SyntaxError> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        _ => Err(err(
            pos,
            format!("number out of range: {}", s.replace('-', "¯")),
        )),
    }
}

/// Shows a character in a message: `'X'`, or its escape when it is a control character.
pub fn show_char(c: char) -> String {
    if c.is_control() {
        format!("'{}'", c.escape_default())
    } else {
        format!("'{c}'")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<TokenKind> {
        lex(src).unwrap().into_iter().map(|t| t.kind).collect()
    }

    #[test]
    fn numbers() {
        use Num::*;
        use TokenKind::Num as N;
        assert_eq!(
            kinds("¯2 ¯1.5 1E¯3 3J4 ¯3J¯4 1.5E10 0.01 .5 42"),
            vec![
                N(Int(-2)),
                N(Double(-1.5)),
                N(Double(1e-3)),
                N(Complex(3.0, 4.0)),
                N(Complex(-3.0, -4.0)),
                N(Double(1.5e10)),
                N(Double(0.01)),
                N(Double(0.5)),
                N(Int(42)),
            ]
        );
    }

    #[test]
    fn positions_count_characters() {
        let toks = lex("⍳ 5\n  x←'a'").unwrap();
        let pos: Vec<(u32, u32)> = toks.iter().map(|t| (t.pos.line, t.pos.col)).collect();
        assert_eq!(pos, vec![(1, 1), (1, 3), (1, 4), (2, 3), (2, 4), (2, 5)]);
    }
}
