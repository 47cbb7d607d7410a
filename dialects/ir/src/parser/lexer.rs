//! The MLIR lexer: turns UTF-8 source text into [`Token`]s that borrow from it.
//!
//! Tokens are produced on demand; each records its byte span and its 1-based line and column
//! (columns count characters, not bytes). Lexical errors produce a [`TokenKind::Error`] token
//! whose position is the exact place of the problem and whose message is kept in
//! [`Lexer::error_message`].

/// The kinds of tokens.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum TokenKind {
    /// End of input.
    Eof,
    /// A lexical error (see [`Lexer::error_message`]).
    Error,
    /// `[a-zA-Z_][a-zA-Z0-9_$.]*` (keywords and builtin type names included).
    BareIdent,
    /// `%name`, `%0`.
    PercentIdent,
    /// `^bb0`.
    CaretIdent,
    /// `#name`, `#dialect.attr`, `#1` (result number suffix).
    HashIdent,
    /// `!name`, `!dialect.type`.
    ExclaimIdent,
    /// `@name` or `@"quoted name"`.
    AtIdent,
    /// `42`, `0x2A`.
    Integer,
    /// `1.0`, `1.5e-3`.
    Float,
    /// `"text"` (escapes not yet decoded).
    String,
    LParen,
    RParen,
    LSquare,
    RSquare,
    LBrace,
    RBrace,
    Less,
    Greater,
    Comma,
    Colon,
    ColonColon,
    Equal,
    Arrow,
    Question,
    Star,
    Plus,
    Minus,
    Pipe,
    Ellipsis,
    /// `{-#`: start of a file metadata dictionary.
    FileMetadataBegin,
    /// `#-}`: end of a file metadata dictionary.
    FileMetadataEnd,
}

/// A token: kind, byte span in the source, and the 1-based line/column of its first character.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Token {
    pub kind: TokenKind,
    pub start: usize,
    pub end: usize,
    pub line: u32,
    pub col: u32,
}

/// The lexer state; `Copy`, so a parser can save and restore it for lookahead.
#[derive(Copy, Clone)]
pub(crate) struct Lexer<'a> {
    src: &'a str,
    pos: usize,
    line: u32,
    line_start: usize,
    /// UTF-8 continuation bytes between `line_start` and `pos` (so that columns count chars).
    line_cont: u32,
    /// The message of the last [`TokenKind::Error`] token.
    pub error_message: &'static str,
}

/// Character classes for the hot loops (one table lookup per byte).
const IDENT: u8 = 1; // [a-zA-Z0-9_$.]
const SUFFIX: u8 = 2; // [a-zA-Z0-9$._-]
const DIGIT: u8 = 4; // [0-9]

static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let c = i as u8;
        let alnum = c.is_ascii_alphanumeric();
        let mut v = 0;
        if alnum || c == b'_' || c == b'$' || c == b'.' {
            v |= IDENT;
        }
        if alnum || c == b'$' || c == b'.' || c == b'_' || c == b'-' {
            v |= SUFFIX;
        }
        if c.is_ascii_digit() {
            v |= DIGIT;
        }
        t[i] = v;
        i += 1;
    }
    t
};

#[inline]
fn is_ident_char(b: u8) -> bool {
    CLASS[b as usize] & IDENT != 0
}

#[inline]
fn is_suffix_char(b: u8) -> bool {
    CLASS[b as usize] & SUFFIX != 0
}

/// The index of the first byte at or after `i` that is not in `class`.
#[inline]
fn scan(bytes: &[u8], mut i: usize, class: u8) -> usize {
    while let Some(&b) = bytes.get(i) {
        if CLASS[b as usize] & class == 0 {
            break;
        }
        i += 1;
    }
    i
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `src`.
    pub fn new(src: &'a str) -> Self {
        Lexer {
            src,
            pos: 0,
            line: 1,
            line_start: 0,
            line_cont: 0,
            error_message: "",
        }
    }

    #[inline]
    fn peek_byte(&self, off: usize) -> u8 {
        *self.src.as_bytes().get(self.pos + off).unwrap_or(&0)
    }

    #[inline]
    fn col_at(&self, pos: usize) -> u32 {
        (pos - self.line_start) as u32 - self.line_cont + 1
    }

    /// Line and column of byte offset `pos`, which must be on the current line at or after the
    /// current position's line start.
    pub fn line_col_of(&self, pos: usize) -> (u32, u32) {
        let bytes = self.src.as_bytes();
        if pos >= self.line_start && pos <= self.pos {
            if pos == self.pos {
                return (self.line, self.col_at(pos));
            }
            // Within the current line: count continuation bytes before `pos`.
            let cont = bytes[self.line_start..pos]
                .iter()
                .filter(|&&b| (b & 0xC0) == 0x80)
                .count() as u32;
            return (self.line, (pos - self.line_start) as u32 - cont + 1);
        }
        let mut l = *self;
        l.seek(pos);
        (l.line, l.col_at(pos))
    }

    /// Moves the lexer to byte offset `target` (a character boundary), keeping line and column
    /// bookkeeping exact.
    pub fn seek(&mut self, target: usize) {
        let bytes = self.src.as_bytes();
        let target = target.min(bytes.len());
        if target >= self.pos {
            for (i, &b) in bytes.iter().enumerate().take(target).skip(self.pos) {
                match b {
                    b'\n' => {
                        self.line += 1;
                        self.line_start = i + 1;
                        self.line_cont = 0;
                    }
                    b if (b & 0xC0) == 0x80 => self.line_cont += 1,
                    _ => {}
                }
            }
        } else if target >= self.line_start {
            // Same line: only the continuation-byte count changes.
            let cont = bytes[target..self.pos]
                .iter()
                .filter(|&&b| (b & 0xC0) == 0x80)
                .count() as u32;
            self.line_cont -= cont;
        } else {
            let newlines = bytes[target..self.pos]
                .iter()
                .filter(|&&b| b == b'\n')
                .count() as u32;
            self.line -= newlines;
            self.line_start = bytes[..target]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |p| p + 1);
            self.line_cont = bytes[self.line_start..target]
                .iter()
                .filter(|&&b| (b & 0xC0) == 0x80)
                .count() as u32;
        }
        self.pos = target;
    }

    #[inline]
    fn tok(&self, kind: TokenKind, start: usize, line: u32, col: u32) -> Token {
        Token {
            kind,
            start,
            end: self.pos,
            line,
            col,
        }
    }

    /// An error token at byte offset `at` (on the current line).
    #[cold]
    #[inline(never)]
    fn error_at(&mut self, at: usize, msg: &'static str) -> Token {
        self.error_message = msg;
        let (line, col) = self.line_col_of(at);
        // Stop lexing: everything after an error is reported as the same error.
        Token {
            kind: TokenKind::Error,
            start: at,
            end: at,
            line,
            col,
        }
    }

    /// Skips whitespace and `//` comments.
    fn skip_trivia(&mut self) {
        let bytes = self.src.as_bytes();
        loop {
            let Some(&b) = bytes.get(self.pos) else {
                return;
            };
            match b {
                b' ' | b'\t' | b'\r' => self.pos += 1,
                b'\n' => {
                    self.pos += 1;
                    self.line += 1;
                    self.line_start = self.pos;
                    self.line_cont = 0;
                }
                b'/' if bytes.get(self.pos + 1) == Some(&b'/') => {
                    self.pos += 2;
                    while let Some(&c) = bytes.get(self.pos) {
                        if c == b'\n' {
                            break;
                        }
                        if (c & 0xC0) == 0x80 {
                            self.line_cont += 1;
                        }
                        self.pos += 1;
                    }
                }
                _ => return,
            }
        }
    }

    /// Lexes the next token.
    pub fn next_token(&mut self) -> Token {
        self.skip_trivia();
        let bytes = self.src.as_bytes();
        let start = self.pos;
        let line = self.line;
        let col = self.col_at(start);
        let Some(&c) = bytes.get(start) else {
            return self.tok(TokenKind::Eof, start, line, col);
        };
        self.pos += 1;
        use TokenKind as K;
        let kind = match c {
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                self.pos = scan(bytes, self.pos, IDENT);
                K::BareIdent
            }
            b'0'..=b'9' => return self.lex_number(start, line, col),
            b'"' => return self.lex_string(start, line, col),
            b'(' => K::LParen,
            b')' => K::RParen,
            b'[' => K::LSquare,
            b']' => K::RSquare,
            b'{' => {
                if self.peek_byte(0) == b'-' && self.peek_byte(1) == b'#' {
                    self.pos += 2;
                    K::FileMetadataBegin
                } else {
                    K::LBrace
                }
            }
            b'}' => K::RBrace,
            b'<' => K::Less,
            b'>' => K::Greater,
            b',' => K::Comma,
            b':' => {
                if self.peek_byte(0) == b':' {
                    self.pos += 1;
                    K::ColonColon
                } else {
                    K::Colon
                }
            }
            b'=' => K::Equal,
            b'?' => K::Question,
            b'*' => K::Star,
            b'+' => K::Plus,
            b'|' => K::Pipe,
            b'-' => {
                if self.peek_byte(0) == b'>' {
                    self.pos += 1;
                    K::Arrow
                } else {
                    K::Minus
                }
            }
            b'.' => {
                if self.peek_byte(0) == b'.' && self.peek_byte(1) == b'.' {
                    self.pos += 2;
                    K::Ellipsis
                } else {
                    return self.error_at(start, "expected three consecutive dots for an ellipsis");
                }
            }
            b'@' => return self.lex_at_ident(start, line, col),
            b'#' if self.peek_byte(0) == b'-' && self.peek_byte(1) == b'}' => {
                self.pos += 2;
                K::FileMetadataEnd
            }
            b'%' | b'^' | b'#' | b'!' => return self.lex_prefixed(c, start, line, col),
            _ => {
                // Step over the whole (possibly multi-byte) character.
                self.pos = start;
                return self.error_at(start, "unexpected character");
            }
        };
        self.tok(kind, start, line, col)
    }

    fn lex_prefixed(&mut self, prefix: u8, start: usize, line: u32, col: u32) -> Token {
        let bytes = self.src.as_bytes();
        let (kind, err) = match prefix {
            b'%' => (TokenKind::PercentIdent, "invalid SSA name"),
            b'^' => (TokenKind::CaretIdent, "invalid block name"),
            b'#' => (TokenKind::HashIdent, "invalid attribute name"),
            _ => (TokenKind::ExclaimIdent, "invalid type identifier"),
        };
        let first = self.peek_byte(0);
        if first.is_ascii_digit() {
            self.pos = scan(bytes, self.pos, DIGIT);
        } else if is_suffix_char(first) {
            self.pos = scan(bytes, self.pos, SUFFIX);
        } else {
            return self.error_at(start, err);
        }
        self.tok(kind, start, line, col)
    }

    fn lex_at_ident(&mut self, start: usize, line: u32, col: u32) -> Token {
        let bytes = self.src.as_bytes();
        let c = self.peek_byte(0);
        if c == b'"' {
            self.pos += 1;
            let t = self.lex_string(start, line, col);
            if t.kind == TokenKind::Error {
                return t;
            }
            return self.tok(TokenKind::AtIdent, start, line, col);
        }
        if !(c.is_ascii_alphabetic() || c == b'_') {
            return self.error_at(
                start + 1,
                "@ identifier expected to start with letter or '_'",
            );
        }
        while self.pos < bytes.len() && (is_ident_char(bytes[self.pos]) || bytes[self.pos] == b'-')
        {
            self.pos += 1;
        }
        self.tok(TokenKind::AtIdent, start, line, col)
    }

    fn lex_number(&mut self, start: usize, line: u32, col: u32) -> Token {
        let bytes = self.src.as_bytes();
        let first = bytes[start];
        if first == b'0' && self.peek_byte(0) == b'x' {
            if !self.peek_byte(1).is_ascii_hexdigit() {
                // `0xi32`: the literal `0` followed by the identifier `xi32`.
                return self.tok(TokenKind::Integer, start, line, col);
            }
            self.pos += 2;
            while self.pos < bytes.len() && bytes[self.pos].is_ascii_hexdigit() {
                self.pos += 1;
            }
            return self.tok(TokenKind::Integer, start, line, col);
        }
        while self.pos < bytes.len() && bytes[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        if self.peek_byte(0) != b'.' {
            return self.tok(TokenKind::Integer, start, line, col);
        }
        self.pos += 1;
        while self.pos < bytes.len() && bytes[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        let e = self.peek_byte(0);
        if e == b'e' || e == b'E' {
            let s = self.peek_byte(1);
            if s.is_ascii_digit()
                || ((s == b'-' || s == b'+') && self.peek_byte(2).is_ascii_digit())
            {
                self.pos += 2;
                while self.pos < bytes.len() && bytes[self.pos].is_ascii_digit() {
                    self.pos += 1;
                }
            }
        }
        self.tok(TokenKind::Float, start, line, col)
    }

    /// Lexes a string literal; `self.pos` is just after the opening quote.
    fn lex_string(&mut self, start: usize, line: u32, col: u32) -> Token {
        let bytes = self.src.as_bytes();
        loop {
            let Some(&c) = bytes.get(self.pos) else {
                let at = self.pos;
                return self.error_at(at, "expected '\"' in string literal");
            };
            match c {
                b'"' => {
                    self.pos += 1;
                    return self.tok(TokenKind::String, start, line, col);
                }
                b'\n' | 0x0B | 0x0C => {
                    let at = self.pos;
                    return self.error_at(at, "expected '\"' in string literal");
                }
                b'\\' => {
                    let n = self.peek_byte(1);
                    if n == b'"' || n == b'\\' || n == b'n' || n == b't' {
                        self.pos += 2;
                    } else if n.is_ascii_hexdigit() && self.peek_byte(2).is_ascii_hexdigit() {
                        self.pos += 3;
                    } else {
                        return self.error_at(start, "unknown escape in string literal");
                    }
                }
                _ => {
                    if (c & 0xC0) == 0x80 {
                        self.line_cont += 1;
                    }
                    self.pos += 1;
                }
            }
        }
    }
}

/// Decodes the body of a string literal token (`"..."`, quotes included) into bytes, then into
/// a `String` (invalid UTF-8 produced by `\XX` escapes is replaced by U+FFFD).
pub(crate) fn unescape(lit: &str) -> std::borrow::Cow<'_, str> {
    let body = &lit[1..lit.len().saturating_sub(1).max(1)];
    if !body.contains('\\') {
        return std::borrow::Cow::Borrowed(body);
    }
    let b = body.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c != b'\\' || i + 1 >= b.len() {
            out.push(c);
            i += 1;
            continue;
        }
        match b[i + 1] {
            b'"' => out.push(b'"'),
            b'\\' => out.push(b'\\'),
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            h => {
                let hex = |x: u8| (x as char).to_digit(16).unwrap_or(0) as u8;
                let l = b.get(i + 2).copied().unwrap_or(b'0');
                out.push((hex(h) << 4) | hex(l));
                i += 3;
                continue;
            }
        }
        i += 2;
    }
    match String::from_utf8(out) {
        Ok(s) => std::borrow::Cow::Owned(s),
        Err(e) => std::borrow::Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<(TokenKind, String)> {
        let mut l = Lexer::new(s);
        let mut out = Vec::new();
        loop {
            let t = l.next_token();
            if t.kind == TokenKind::Eof || t.kind == TokenKind::Error {
                out.push((t.kind, l.error_message.to_string()));
                return out;
            }
            out.push((t.kind, s[t.start..t.end].to_string()));
        }
    }

    #[test]
    fn basic_tokens() {
        use TokenKind as K;
        let toks = kinds("%a#1 = \"x.y\"(%0) : (i32) -> f32 ^bb0 @s @\"q r\" !t.x #a.b 0x1F 1.5e-3 :: ... // c\n{-# #-}");
        let ks: Vec<_> = toks.iter().map(|t| t.0).collect();
        assert_eq!(
            ks,
            vec![
                K::PercentIdent,
                K::HashIdent,
                K::Equal,
                K::String,
                K::LParen,
                K::PercentIdent,
                K::RParen,
                K::Colon,
                K::LParen,
                K::BareIdent,
                K::RParen,
                K::Arrow,
                K::BareIdent,
                K::CaretIdent,
                K::AtIdent,
                K::AtIdent,
                K::ExclaimIdent,
                K::HashIdent,
                K::Integer,
                K::Float,
                K::ColonColon,
                K::Ellipsis,
                K::FileMetadataBegin,
                K::FileMetadataEnd,
                K::Eof
            ]
        );
    }

    #[test]
    fn positions_count_chars() {
        let src = "// é\n\"é\" %x";
        let mut l = Lexer::new(src);
        let t = l.next_token();
        assert_eq!((t.line, t.col), (2, 1));
        let t = l.next_token();
        assert_eq!((t.line, t.col), (2, 5));
        assert_eq!(l.line_col_of(t.start), (2, 5));
    }

    #[test]
    fn unterminated_string() {
        let mut l = Lexer::new("  \"abc\nx");
        let t = l.next_token();
        assert_eq!(t.kind, TokenKind::Error);
        assert_eq!((t.line, t.col), (1, 7));
        assert_eq!(l.error_message, "expected '\"' in string literal");
    }

    #[test]
    fn unescape_works() {
        assert_eq!(unescape(r#""a\"b\\c\n\t\41""#), "a\"b\\c\n\tA");
        assert_eq!(unescape(r#""plain""#), "plain");
    }

    #[test]
    fn seek_back_and_forth() {
        let src = "ab\ncd é\nef";
        let mut l = Lexer::new(src);
        l.seek(src.len());
        assert_eq!(l.line_col_of(src.len()), (3, 3));
        l.seek(3);
        let t = l.next_token();
        assert_eq!((t.line, t.col), (2, 1));
        let t = l.next_token();
        assert_eq!((t.line, t.col), (2, 4));
    }
}
