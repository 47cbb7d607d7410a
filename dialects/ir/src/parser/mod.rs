//! The MLIR text parser.
//!
//! [`parse_source`] reads a whole file (or one chunk of a file split with [`split_input_file`])
//! into a `builtin.module`; [`parse_type_str`] and [`parse_attr_str`] read a single type or
//! attribute. The syntax is MLIR's: generic operations
//! (`%r:2 = "dialect.op"(%a, %b#1) [^bb1] <{props}> ({...}) {attrs} : (i32, f32) -> (i1, i1)`),
//! custom operation forms through the registered [`OpInfo::parse`](crate::OpInfo) hooks, blocks
//! with arguments, forward references, type and attribute aliases, dialect types/attributes
//! (through [`TypeDefInfo`](crate::TypeDefInfo) / [`AttrDefInfo`](crate::AttrDefInfo), or kept
//! opaque under [`Context::allow_unregistered`]), and locations.
//!
//! [`Parser`] is also the API that custom op parsers and dialect type/attribute parsers use; it
//! mirrors MLIR's `OpAsmParser`. Every failure is a [`Diagnostic`] at the offending token, with
//! MLIR's wording where MLIR has one. A failure is final: after a method returns `Err`, the
//! parser must not be used any further except to return the error.
//!
//! SSA names follow MLIR's scoping rules: a value is visible in the regions nested below its
//! definition unless an op in between is `IsolatedFromAbove`; values may be used before their
//! definition (graph regions, later blocks), in which case a placeholder stands in until the
//! definition is parsed, and every placeholder must be resolved by the end of its isolated scope.

use std::borrow::Cow;
use std::sync::Arc;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::attrs::{Attribute, NamedAttr};
use crate::context::{BlockId, Context, OpId, OperationState, RegionId, Value};
use crate::diagnostic::Diagnostic;
use crate::intern::Symbol;
use crate::location::{LocKind, Location};
use crate::registry::OpInfo;
use crate::types::{Type, TypeKind};

mod attrs;
mod lexer;
mod ops;
mod types;

pub(crate) use attrs::{float_to_bits, round_float};
use lexer::{Lexer, Token, TokenKind};

/// Result of a parse step; the error is final (see the module documentation).
pub type ParseResult<T> = Result<T, Diagnostic>;

/// The maximum nesting of regions, types, attributes and locations; deeper input is rejected
/// instead of overflowing the stack.
pub const MAX_NESTING_DEPTH: u32 = 160;

/// Result numbers (`%x#N`) must be below this bound (it keeps a typo from allocating a huge
/// name table entry).
pub const MAX_RESULT_NUMBER: u32 = 1 << 16;

/// An SSA operand that has been read but not yet resolved to a [`Value`]: `%name` or
/// `%name#N`. Resolve it with [`Parser::resolve_operand`] once its type is known.
#[derive(Clone, Debug, PartialEq)]
pub struct UnresolvedOperand {
    /// The name including the leading `%` (as in MLIR), e.g. `%0`, `%arg1`, `%x`.
    pub name: String,
    /// The result number after `#` (0 when absent).
    pub number: u32,
    /// Where the operand was written.
    pub loc: Location,
}

/// A region or block argument being defined: `%x`, `%x : i32`, optionally with `loc(...)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Argument {
    /// The name (its `number` is always 0).
    pub name: UnresolvedOperand,
    /// The type, when one was parsed (required for region entry arguments).
    pub ty: Option<Type>,
    /// The trailing `loc(...)` when one was given, else where the name was written.
    pub loc: Location,
}

/// Line and column (1-based, columns in characters) of a position in the source.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pos {
    pub line: u32,
    pub col: u32,
}

/// One entry in the SSA name table: the value bound to `%name#N`, and where it was bound
/// (the definition, or the first use of a forward reference).
#[derive(Copy, Clone)]
pub(crate) struct ValueEntry {
    pub value: Option<Value>,
    pub pos: Pos,
}

/// The SSA names of one `IsolatedFromAbove` scope.
#[derive(Default)]
pub(crate) struct IsolatedScope<'a> {
    /// Name (with `%`) to the values bound for each result number.
    pub values: FxHashMap<Cow<'a, str>, SmallVec<[ValueEntry; 1]>>,
    /// Names defined in each open (non-isolated) region, removed when the region closes.
    pub defs: Vec<Vec<Cow<'a, str>>>,
    /// Forward-reference placeholders created in this scope.
    pub forward: Vec<Value>,
}

/// A block name known in the current region.
#[derive(Copy, Clone)]
pub(crate) struct BlockEntry {
    pub block: BlockId,
    pub defined: bool,
    pub pos: Pos,
}

/// The block names of one region.
#[derive(Default)]
pub(crate) struct BlockScope<'a> {
    pub blocks: FxHashMap<&'a str, BlockEntry>,
    /// Names referenced before their definition, in order of first reference.
    pub forward: Vec<&'a str>,
}

/// Everything the parser tracks besides the token stream.
#[derive(Default)]
pub(crate) struct State<'a> {
    pub type_aliases: FxHashMap<&'a str, Type>,
    pub attr_aliases: FxHashMap<&'a str, Attribute>,
    pub loc_aliases: FxHashMap<&'a str, Location>,
    /// `loc(#alias)` whose alias is defined later in the file: on an op (applied at the end),
    /// or elsewhere, e.g. on a block argument (only checked at the end).
    pub deferred_locs: Vec<(Option<OpId>, &'a str, Pos)>,
    pub scopes: Vec<IsolatedScope<'a>>,
    /// Live forward-reference placeholders and the position of their first use.
    pub forward_refs: FxHashMap<Value, Pos>,
    pub block_scopes: Vec<BlockScope<'a>>,
    /// Default dialects of the ops whose custom parsers are running (innermost last).
    pub default_dialects: Vec<&'static str>,
    /// Whether the op whose custom parser is running is `IsolatedFromAbove` (innermost last).
    pub isolated: Vec<bool>,
    /// The block new operations are appended to.
    pub cur_block: Option<BlockId>,
    /// Current nesting depth (see [`MAX_NESTING_DEPTH`]).
    pub depth: u32,
    /// Resolved custom op names: (default dialect, spelled name) to the registered op.
    pub op_name_cache: FxHashMap<(&'static str, &'a str), Option<(Symbol, &'static OpInfo)>>,
    /// Builtin scalar types by spelling (`i32`, `f64`, `index`, …).
    pub scalar_types: FxHashMap<&'a str, Type>,
}

/// The MLIR parser: a token stream over one source text plus the SSA/block/alias tables.
///
/// Custom op parsers ([`OpInfo::parse`](crate::OpInfo)) receive a `&mut Parser` positioned
/// right after the op name; dialect type and attribute parsers receive one positioned right
/// after `!dialect.mnemonic` / `#dialect.mnemonic`.
pub struct Parser<'a> {
    /// The context everything is created in.
    pub ctx: &'a mut Context,
    src: &'a str,
    lex: Lexer<'a>,
    tok: Token,
    /// Byte offset just past the previous token (to check adjacency, e.g. `%x#1`, `!d.t<`).
    prev_end: usize,
    file: Symbol,
    st: State<'a>,
}

/// Maps a punctuation spelling to its token kind.
fn punct_kind(p: &str) -> Option<TokenKind> {
    use TokenKind as K;
    Some(match p {
        "(" => K::LParen,
        ")" => K::RParen,
        "[" => K::LSquare,
        "]" => K::RSquare,
        "{" => K::LBrace,
        "}" => K::RBrace,
        "<" => K::Less,
        ">" => K::Greater,
        "," => K::Comma,
        ":" => K::Colon,
        "::" => K::ColonColon,
        "=" => K::Equal,
        "->" => K::Arrow,
        "?" => K::Question,
        "*" => K::Star,
        "+" => K::Plus,
        "-" => K::Minus,
        "|" => K::Pipe,
        "..." => K::Ellipsis,
        _ => return None,
    })
}

impl<'a> Parser<'a> {
    /// A parser over `text`, attributing locations to `file`. The text is not registered with
    /// the context's source manager (see [`parse_source`], which does that).
    pub fn new(ctx: &'a mut Context, file: &str, text: &'a str) -> Parser<'a> {
        let file = ctx.intern(file);
        let mut lex = Lexer::new(text);
        let tok = lex.next_token();
        let mut p = Parser {
            ctx,
            src: text,
            lex,
            tok,
            prev_end: 0,
            file,
            st: State::default(),
        };
        // The root scope (the top level is isolated, like a module body).
        p.push_scope(true);
        p
    }

    // ----- token plumbing ----------------------------------------------------------------------

    #[inline]
    pub(crate) fn bump(&mut self) {
        self.prev_end = self.tok.end;
        self.tok = self.lex.next_token();
    }

    /// Re-lexes from byte offset `pos` (used to split `4x8xf32` and to skip dialect bodies).
    pub(crate) fn reset_to(&mut self, pos: usize) {
        self.lex.seek(pos);
        self.prev_end = pos;
        self.tok = self.lex.next_token();
    }

    #[inline]
    pub(crate) fn kind(&self) -> TokenKind {
        self.tok.kind
    }

    #[inline]
    pub(crate) fn text(&self) -> &'a str {
        &self.src[self.tok.start..self.tok.end]
    }

    #[inline]
    pub(crate) fn is(&self, k: TokenKind) -> bool {
        self.tok.kind == k
    }

    #[inline]
    pub(crate) fn is_keyword(&self, kw: &str) -> bool {
        self.tok.kind == TokenKind::BareIdent && self.text() == kw
    }

    #[inline]
    pub(crate) fn consume_if(&mut self, k: TokenKind) -> bool {
        if self.tok.kind == k {
            self.bump();
            true
        } else {
            false
        }
    }

    #[inline]
    pub(crate) fn expect(&mut self, k: TokenKind, msg: &str) -> ParseResult<()> {
        if self.tok.kind == k {
            self.bump();
            Ok(())
        } else {
            Err(self.err_tok(msg))
        }
    }

    #[inline]
    pub(crate) fn pos(&self) -> Pos {
        Pos {
            line: self.tok.line,
            col: self.tok.col,
        }
    }

    pub(crate) fn tok_pos(t: &Token) -> Pos {
        Pos {
            line: t.line,
            col: t.col,
        }
    }

    /// The interned `loc("file":line:col)` of a position.
    #[inline]
    pub(crate) fn loc_at(&mut self, p: Pos) -> Location {
        self.ctx.intern_loc(LocKind::FileLineCol {
            file: self.file,
            line: p.line,
            col: p.col,
        })
    }

    /// The position of a `FileLineCol` location created by this parser (or `(0, 0)`).
    pub(crate) fn pos_of_loc(&self, loc: Location) -> Pos {
        match self.ctx.loc_kind(loc) {
            LocKind::FileLineCol { line, col, .. } => Pos {
                line: *line,
                col: *col,
            },
            _ => self
                .ctx
                .file_line_col(loc)
                .map_or(Pos { line: 0, col: 0 }, |(_, l, c)| Pos { line: l, col: c }),
        }
    }

    /// An error about the current token being the wrong one ("expected ..."), placed as MLIR
    /// places them: right after the previous token (skipping back over whitespace, line breaks
    /// and `//` comments), so that it points at where the expected thing is missing. When the
    /// current token is a lexical error, the lexer's message wins, as it is the real problem.
    pub(crate) fn err_tok(&mut self, msg: impl Into<String>) -> Diagnostic {
        if self.tok.kind == TokenKind::Error {
            return self.lex_error();
        }
        let at = self.wrong_token_offset();
        self.err_at_offset(at, msg)
    }

    /// An error at the current token itself.
    pub(crate) fn err_here(&mut self, msg: impl Into<String>) -> Diagnostic {
        if self.tok.kind == TokenKind::Error {
            return self.lex_error();
        }
        let l = self.loc_at(self.pos());
        Diagnostic::error(l, msg)
    }

    /// The byte offset MLIR's `emitWrongTokenError` reports at.
    fn wrong_token_offset(&self) -> usize {
        let mut start = self.tok.start;
        if self.tok.kind == TokenKind::Eof {
            // At the end of input, back up one character.
            start = self.src[..start]
                .char_indices()
                .next_back()
                .map_or(0, |(i, _)| i);
        }
        let original = start;
        let mut s = &self.src[..start];
        loop {
            s = s.trim_end_matches([' ', '\t']);
            let Some(last) = s.as_bytes().last() else {
                return original;
            };
            if *last != b'\n' && *last != b'\r' {
                return s.len();
            }
            s = &s[..s.len() - 1];
            let line_start = s.rfind(['\n', '\r']).map_or(0, |i| i + 1);
            if let Some(c) = s[line_start..].find("//") {
                s = &s[..line_start + c];
            }
        }
    }

    pub(crate) fn lex_error(&mut self) -> Diagnostic {
        let l = self.loc_at(self.pos());
        Diagnostic::error(l, self.lex.error_message)
    }

    /// An error at a given position.
    pub(crate) fn err_at(&mut self, p: Pos, msg: impl Into<String>) -> Diagnostic {
        let l = self.loc_at(p);
        Diagnostic::error(l, msg)
    }

    /// Enters one level of nesting.
    #[inline]
    pub(crate) fn enter(&mut self) -> ParseResult<()> {
        self.st.depth += 1;
        if self.st.depth > MAX_NESTING_DEPTH {
            return Err(self.err_here(format!(
                "nesting deeper than {MAX_NESTING_DEPTH} levels is not supported"
            )));
        }
        Ok(())
    }

    #[inline]
    pub(crate) fn leave(&mut self) {
        self.st.depth -= 1;
    }

    /// Replaces the error with the lexer's when parsing stopped at a lexical error.
    fn finish_err(&mut self, d: Diagnostic) -> Diagnostic {
        if self.tok.kind == TokenKind::Error {
            self.lex_error()
        } else {
            d
        }
    }

    /// Whether the whole input has been consumed.
    pub fn is_eof(&self) -> bool {
        self.tok.kind == TokenKind::Eof
    }

    /// The spelling of the current token (empty at the end of input).
    pub fn token_text(&self) -> &str {
        self.text()
    }

    // ----- the custom-assembly API (mirrors MLIR's OpAsmParser) ---------------------------

    /// The location of the current token.
    ///
    /// Takes `&mut self` (unlike MLIR) because locations are interned in the context.
    pub fn loc(&mut self) -> Location {
        self.loc_at(self.pos())
    }

    /// An error diagnostic at the current token.
    ///
    /// Takes `&mut self` (unlike MLIR) because locations are interned in the context.
    pub fn error_here(&mut self, msg: impl Into<String>) -> Diagnostic {
        self.err_here(msg)
    }

    /// Parses the punctuation `p`, one of `( ) [ ] { } < > , : :: = -> ? * + - | ...`;
    /// error `expected 'p'` otherwise.
    pub fn parse_punct(&mut self, p: &str) -> ParseResult<()> {
        if self.parse_optional_punct(p) {
            Ok(())
        } else {
            Err(self.err_tok(format!("expected '{p}'")))
        }
    }

    /// Parses the punctuation `p` if it is next.
    pub fn parse_optional_punct(&mut self, p: &str) -> bool {
        match punct_kind(p) {
            Some(k) => self.consume_if(k),
            None => false,
        }
    }

    /// Parses the bare identifier `kw`.
    pub fn parse_keyword(&mut self, kw: &str) -> ParseResult<()> {
        if self.parse_optional_keyword(kw) {
            Ok(())
        } else {
            Err(self.err_here(format!("expected '{kw}'")))
        }
    }

    /// Parses the bare identifier `kw` if it is next.
    pub fn parse_optional_keyword(&mut self, kw: &str) -> bool {
        if self.is_keyword(kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Parses any bare identifier.
    pub fn parse_any_keyword(&mut self) -> ParseResult<String> {
        match self.parse_optional_any_keyword() {
            Some(k) => Ok(k),
            None => Err(self.err_here("expected valid keyword")),
        }
    }

    /// Parses any bare identifier if one is next.
    pub fn parse_optional_any_keyword(&mut self) -> Option<String> {
        if self.is(TokenKind::BareIdent) {
            let s = self.text().to_string();
            self.bump();
            Some(s)
        } else {
            None
        }
    }

    /// Parses `%name` or `%name#N`; error `expected SSA operand` otherwise.
    pub fn parse_operand(&mut self) -> ParseResult<UnresolvedOperand> {
        let (name, number, pos) = self.parse_raw_operand(true)?;
        let loc = self.loc_at(pos);
        Ok(UnresolvedOperand {
            name: name.to_string(),
            number,
            loc,
        })
    }

    /// Parses an operand if one (`%...`) is next.
    pub fn parse_optional_operand(&mut self) -> ParseResult<Option<UnresolvedOperand>> {
        if self.is(TokenKind::PercentIdent) {
            self.parse_operand().map(Some)
        } else {
            Ok(None)
        }
    }

    /// Parses a comma-separated list of operands, possibly empty (no delimiters).
    pub fn parse_operand_list(&mut self) -> ParseResult<Vec<UnresolvedOperand>> {
        let mut out = Vec::new();
        if !self.is(TokenKind::PercentIdent) {
            return Ok(out);
        }
        loop {
            out.push(self.parse_operand()?);
            if !self.consume_if(TokenKind::Comma) {
                return Ok(out);
            }
        }
    }

    /// Resolves an operand to its value, which must have type `ty` (a forward reference
    /// creates a placeholder of that type).
    pub fn resolve_operand(&mut self, u: &UnresolvedOperand, ty: Type) -> ParseResult<Value> {
        let pos = self.pos_of_loc(u.loc);
        self.resolve_value(&u.name, None, u.number, pos, ty)
    }

    /// Resolves operands against their types; the counts must match
    /// (`N operands present, but expected M`, reported at `loc`).
    pub fn resolve_operands(
        &mut self,
        us: &[UnresolvedOperand],
        tys: &[Type],
        loc: Location,
    ) -> ParseResult<Vec<Value>> {
        if us.len() != tys.len() {
            return Err(Diagnostic::error(
                loc,
                format!("{} operands present, but expected {}", us.len(), tys.len()),
            ));
        }
        let mut out = Vec::with_capacity(us.len());
        for (u, &t) in us.iter().zip(tys) {
            out.push(self.resolve_operand(u, t)?);
        }
        Ok(out)
    }

    /// Resolves every operand with the same type `ty` (MLIR's `resolveOperands(ops, type)`).
    pub fn resolve_operands_same(
        &mut self,
        us: &[UnresolvedOperand],
        ty: Type,
    ) -> ParseResult<Vec<Value>> {
        let mut out = Vec::with_capacity(us.len());
        for u in us {
            out.push(self.resolve_operand(u, ty)?);
        }
        Ok(out)
    }

    /// Parses a type.
    pub fn parse_type(&mut self) -> ParseResult<Type> {
        self.parse_type_impl()
    }

    /// Parses a type if the current token can start one (`(`, `!…`, a builtin type keyword).
    pub fn parse_optional_type(&mut self) -> ParseResult<Option<Type>> {
        if self.at_type_start() {
            self.parse_type_impl().map(Some)
        } else {
            Ok(None)
        }
    }

    /// Parses a comma-separated list of at least one type (no delimiters).
    pub fn parse_type_list(&mut self) -> ParseResult<Vec<Type>> {
        self.parse_type_list_no_parens()
    }

    /// Parses `: type`.
    pub fn parse_colon_type(&mut self) -> ParseResult<Type> {
        self.expect(TokenKind::Colon, "expected ':'")?;
        self.parse_type_impl()
    }

    /// Parses `: type, type, …` (at least one type).
    pub fn parse_colon_type_list(&mut self) -> ParseResult<Vec<Type>> {
        self.expect(TokenKind::Colon, "expected ':'")?;
        self.parse_type_list_no_parens()
    }

    /// Parses `-> t`, `-> (t, u)` or `-> ()`.
    pub fn parse_arrow_type_list(&mut self) -> ParseResult<Vec<Type>> {
        self.expect(TokenKind::Arrow, "expected '->'")?;
        self.parse_function_result_types()
    }

    /// Parses `-> …` if an arrow is next; an empty list otherwise.
    pub fn parse_optional_arrow_type_list(&mut self) -> ParseResult<Vec<Type>> {
        if self.is(TokenKind::Arrow) {
            self.parse_arrow_type_list()
        } else {
            Ok(Vec::new())
        }
    }

    /// Parses a function type `(a, b) -> c` / `(a) -> (c, d)` into inputs and results.
    pub fn parse_function_type(&mut self) -> ParseResult<(Vec<Type>, Vec<Type>)> {
        if !self.is(TokenKind::LParen) {
            // A type alias may name a function type.
            let p = self.pos();
            let t = self.parse_type_impl()?;
            return match self.ctx.type_kind(t) {
                TypeKind::Function { inputs, results } => Ok((inputs.clone(), results.clone())),
                _ => Err(self.err_at(p, "expected function type")),
            };
        }
        self.parse_function_type_parts()
    }

    /// Parses an attribute, including the `: type` suffix of integers, floats and strings
    /// (integers default to `i64`, floats to `f64`).
    pub fn parse_attribute(&mut self) -> ParseResult<Attribute> {
        self.parse_attribute_impl(None)
    }

    /// Parses an attribute whose type is given (`1` with `ty = i32` is `1 : i32`; a `dense<…>`
    /// literal takes `ty` as its shaped type); no `: type` suffix is read.
    pub fn parse_attribute_of_type(&mut self, ty: Type) -> ParseResult<Attribute> {
        self.parse_attribute_impl(Some(ty))
    }

    /// Parses an attribute if the current token can start one.
    pub fn parse_optional_attribute(&mut self) -> ParseResult<Option<Attribute>> {
        if self.at_attribute_start() {
            self.parse_attribute_impl(None).map(Some)
        } else {
            Ok(None)
        }
    }

    /// Parses `{name = attr, unit_name, …}` if `{` is next, appending the entries to `attrs`.
    pub fn parse_optional_attr_dict(&mut self, attrs: &mut Vec<NamedAttr>) -> ParseResult<()> {
        if self.is(TokenKind::LBrace) {
            self.parse_attr_dict_into(attrs)?;
        }
        Ok(())
    }

    /// Parses `attributes {…}` if the keyword is next (`builtin.module attributes {…}`).
    pub fn parse_optional_attr_dict_with_keyword(
        &mut self,
        attrs: &mut Vec<NamedAttr>,
    ) -> ParseResult<()> {
        if self.parse_optional_keyword("attributes") {
            self.parse_attr_dict_into(attrs)?;
        }
        Ok(())
    }

    /// Parses `@name` or `@"quoted name"`, returning the name without `@`.
    pub fn parse_symbol_name(&mut self) -> ParseResult<String> {
        match self.parse_optional_symbol_name() {
            Some(s) => Ok(s),
            None => Err(self.err_here("expected valid '@'-identifier for symbol name")),
        }
    }

    /// Parses a symbol name if one is next.
    pub fn parse_optional_symbol_name(&mut self) -> Option<String> {
        if self.is(TokenKind::AtIdent) {
            let s = self.symbol_text().into_owned();
            self.bump();
            Some(s)
        } else {
            None
        }
    }

    /// Parses an integer with an optional leading `-` (decimal or `0x` hexadecimal).
    pub fn parse_integer(&mut self) -> ParseResult<i64> {
        match self.parse_optional_integer()? {
            Some(v) => Ok(v),
            None => Err(self.err_here("expected integer value")),
        }
    }

    /// Parses an integer if one (or `-`) is next.
    pub fn parse_optional_integer(&mut self) -> ParseResult<Option<i64>> {
        if !self.is(TokenKind::Integer) && !self.is(TokenKind::Minus) {
            return Ok(None);
        }
        let neg = self.consume_if(TokenKind::Minus);
        if !self.is(TokenKind::Integer) {
            return Err(self.err_here("expected integer value"));
        }
        let mag = attrs::parse_u128(self.text());
        let v = match mag {
            Some(m) if !neg && m <= i64::MAX as u128 => m as i64,
            Some(m) if neg && m <= 1u128 << 63 => (m as i128).wrapping_neg() as i64,
            _ => return Err(self.err_here("integer value too large")),
        };
        self.bump();
        Ok(Some(v))
    }

    /// Parses a floating-point number (integers are accepted too), with an optional `-`.
    pub fn parse_float(&mut self) -> ParseResult<f64> {
        let neg = self.consume_if(TokenKind::Minus);
        let v = match self.kind() {
            TokenKind::Float => self.text().parse::<f64>().ok(),
            TokenKind::Integer => attrs::parse_u128(self.text()).map(|m| m as f64),
            _ => None,
        };
        match v {
            Some(v) => {
                self.bump();
                Ok(if neg { -v } else { v })
            }
            None => Err(self.err_here("expected floating point literal")),
        }
    }

    /// Parses a string literal, decoding its escapes.
    pub fn parse_string(&mut self) -> ParseResult<String> {
        match self.parse_optional_string() {
            Some(s) => Ok(s),
            None => Err(self.err_here("expected string")),
        }
    }

    /// Parses a string literal if one is next.
    pub fn parse_optional_string(&mut self) -> Option<String> {
        if self.is(TokenKind::String) {
            let s = lexer::unescape(self.text()).into_owned();
            self.bump();
            Some(s)
        } else {
            None
        }
    }

    /// Parses an argument being defined: `%x`, or `%x : type` when `with_type`, followed by an
    /// optional `loc(...)`. Result numbers (`%x#1`) are rejected.
    pub fn parse_argument(&mut self, with_type: bool) -> ParseResult<Argument> {
        let (name, number, pos) = self.parse_raw_operand(false)?;
        let name_loc = self.loc_at(pos);
        let name = UnresolvedOperand {
            name: name.to_string(),
            number,
            loc: name_loc,
        };
        let ty = if with_type {
            Some(self.parse_colon_type()?)
        } else {
            None
        };
        let loc = self
            .parse_optional_location_specifier()?
            .unwrap_or(name_loc);
        Ok(Argument { name, ty, loc })
    }

    /// Parses `(` arguments `)` (possibly empty).
    pub fn parse_argument_list(&mut self, with_type: bool) -> ParseResult<Vec<Argument>> {
        self.expect(TokenKind::LParen, "expected '('")?;
        let mut out = Vec::new();
        if self.consume_if(TokenKind::RParen) {
            return Ok(out);
        }
        loop {
            out.push(self.parse_argument(with_type)?);
            if !self.consume_if(TokenKind::Comma) {
                break;
            }
        }
        self.expect(TokenKind::RParen, "expected ')'")?;
        Ok(out)
    }

    /// Parses `{ … }` into `region` (detached and empty). When `args` is non-empty, they
    /// become the entry block's arguments (their types must be set) and the entry block may
    /// not have its own `^bb` header; the entry block then exists even if the braces are
    /// empty. Otherwise `{}` leaves the region without blocks. The region is an isolated SSA
    /// scope when the op being parsed is `IsolatedFromAbove`.
    pub fn parse_region(&mut self, region: RegionId, args: &[Argument]) -> ParseResult<()> {
        let isolated = self.st.isolated.last().copied().unwrap_or(false);
        self.parse_region_impl(region, args, isolated)
    }

    /// Parses a region if `{` is next; returns whether it did.
    pub fn parse_optional_region(
        &mut self,
        region: RegionId,
        args: &[Argument],
    ) -> ParseResult<bool> {
        if self.is(TokenKind::LBrace) {
            self.parse_region(region, args)?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    /// Parses a successor block reference `^bb1` (the block may be defined later in the
    /// region).
    pub fn parse_successor(&mut self) -> ParseResult<BlockId> {
        if !self.is(TokenKind::CaretIdent) {
            return Err(self.err_tok("expected block name"));
        }
        let name = self.text();
        let pos = self.pos();
        self.bump();
        Ok(self.block_ref(name, pos))
    }

    /// Makes every block of `region` end with a `terminator` op (no operands, no results),
    /// appending one where the block is empty or ends with another op; an empty region gets
    /// one block holding just the terminator (MLIR's implicit terminators, e.g. `scf.yield`).
    pub fn ensure_terminator(&mut self, region: RegionId, terminator: &str, loc: Location) {
        if self.ctx.region_is_empty(region) {
            self.ctx.append_new_block(region, &[]);
        }
        let blocks: Vec<BlockId> = self.ctx.region_blocks(region).to_vec();
        for b in blocks {
            let ok = self
                .ctx
                .last_op(b)
                .is_some_and(|o| self.ctx.op_name_str(o) == terminator);
            if !ok {
                let st = OperationState::new(self.ctx, terminator, loc);
                let op = self.ctx.create_op(st);
                self.ctx
                    .insert_op(op, crate::context::InsertPoint::BlockEnd(b));
            }
        }
    }

    /// Parses a successor block reference if a `^name` is next.
    pub fn parse_optional_successor(&mut self) -> ParseResult<Option<BlockId>> {
        if self.is(TokenKind::CaretIdent) {
            self.parse_successor().map(Some)
        } else {
            Ok(None)
        }
    }

    /// Parses `elem (, elem)*` with `f` (at least one element; no delimiters).
    pub fn parse_comma_separated<T>(
        &mut self,
        mut f: impl FnMut(&mut Self) -> ParseResult<T>,
    ) -> ParseResult<Vec<T>> {
        let mut out = vec![f(self)?];
        while self.consume_if(TokenKind::Comma) {
            out.push(f(self)?);
        }
        Ok(out)
    }

    /// Parses `loc(...)` if the keyword `loc` is next.
    pub fn parse_optional_location_specifier(&mut self) -> ParseResult<Option<Location>> {
        if !self.is_keyword("loc") {
            return Ok(None);
        }
        self.parse_location_specifier().map(Some)
    }

    // ----- SSA names ---------------------------------------------------------------------------

    /// Reads `%name` and an optional adjacent `#N`.
    pub(crate) fn parse_raw_operand(
        &mut self,
        allow_number: bool,
    ) -> ParseResult<(&'a str, u32, Pos)> {
        if !self.is(TokenKind::PercentIdent) {
            return Err(self.err_tok("expected SSA operand"));
        }
        let name = self.text();
        let pos = self.pos();
        self.bump();
        let mut number = 0;
        if self.is(TokenKind::HashIdent) && self.tok.start == self.prev_end {
            if !allow_number {
                return Err(self.err_here("result number not allowed in argument list"));
            }
            match self.text()[1..].parse::<u32>() {
                Ok(n) if n < MAX_RESULT_NUMBER => number = n,
                _ => return Err(self.err_here("invalid SSA value result number")),
            }
            self.bump();
        }
        Ok((name, number, pos))
    }

    /// Looks up `name#number` expecting type `ty`; creates a forward-reference placeholder
    /// when the name is not bound yet. `key` is the name as a source slice when available.
    pub(crate) fn resolve_value(
        &mut self,
        name: &str,
        key: Option<&'a str>,
        number: u32,
        pos: Pos,
        ty: Type,
    ) -> ParseResult<Value> {
        let scope = self.st.scopes.last_mut().expect("an SSA scope is open");
        if let Some(entries) = scope.values.get_mut(name) {
            if let Some(e) = entries.get(number as usize).copied() {
                if let Some(v) = e.value {
                    let vt = self.ctx.value_type(v);
                    if vt == ty {
                        return Ok(v);
                    }
                    let msg = format!(
                        "use of value '{}' expects different type than prior uses: '{}' vs '{}'",
                        name,
                        self.ctx.type_to_string(ty),
                        self.ctx.type_to_string(vt)
                    );
                    let prior = self.loc_at(e.pos);
                    return Err(self.err_at(pos, msg).with_note(prior, "prior use here"));
                }
            }
            let v = self.ctx.create_placeholder(ty);
            let scope = self.st.scopes.last_mut().expect("scope");
            let entries = scope.values.get_mut(name).expect("entry");
            if entries.len() <= number as usize {
                entries.resize(number as usize + 1, ValueEntry { value: None, pos });
            }
            entries[number as usize] = ValueEntry {
                value: Some(v),
                pos,
            };
            scope.forward.push(v);
            self.st.forward_refs.insert(v, pos);
            return Ok(v);
        }
        let v = self.ctx.create_placeholder(ty);
        let scope = self.st.scopes.last_mut().expect("scope");
        let key: Cow<'a, str> = match key {
            Some(k) => Cow::Borrowed(k),
            None => Cow::Owned(name.to_string()),
        };
        let mut entries: SmallVec<[ValueEntry; 1]> = SmallVec::new();
        entries.resize(number as usize + 1, ValueEntry { value: None, pos });
        entries[number as usize] = ValueEntry {
            value: Some(v),
            pos,
        };
        scope.values.insert(key, entries);
        scope.forward.push(v);
        self.st.forward_refs.insert(v, pos);
        Ok(v)
    }

    /// Binds `name#number` to `value` in the current scope, resolving a forward reference.
    pub(crate) fn define_value(
        &mut self,
        name: Cow<'a, str>,
        number: u32,
        pos: Pos,
        value: Value,
    ) -> ParseResult<()> {
        let n = number as usize;
        let IsolatedScope { values, defs, .. } =
            self.st.scopes.last_mut().expect("an SSA scope is open");
        let entries = values.entry(name.clone()).or_default();
        if entries.len() <= n {
            entries.resize(n + 1, ValueEntry { value: None, pos });
        }
        let prev = entries[n];
        let Some(existing) = prev.value else {
            // The common case: a fresh name.
            entries[n] = ValueEntry {
                value: Some(value),
                pos,
            };
            if number == 0 {
                if let Some(d) = defs.last_mut() {
                    d.push(name);
                }
            }
            return Ok(());
        };
        if !self.st.forward_refs.contains_key(&existing) {
            let prior = self.loc_at(prev.pos);
            return Err(self
                .err_at(pos, format!("redefinition of SSA value '{name}'"))
                .with_note(prior, "previously defined here"));
        }
        let (et, vt) = (self.ctx.value_type(existing), self.ctx.value_type(value));
        if et != vt {
            let msg = format!(
                "definition of SSA value '{name}#{number}' has type '{}'",
                self.ctx.type_to_string(vt)
            );
            let note = format!(
                "previously used here with type '{}'",
                self.ctx.type_to_string(et)
            );
            let prior = self.loc_at(prev.pos);
            return Err(self.err_at(pos, msg).with_note(prior, note));
        }
        self.ctx.replace_all_uses_with(existing, value);
        self.ctx.erase_placeholder(existing);
        self.st.forward_refs.remove(&existing);
        let IsolatedScope { values, defs, .. } = self.st.scopes.last_mut().expect("scope");
        values.get_mut(name.as_ref()).expect("entry")[n] = ValueEntry {
            value: Some(value),
            pos,
        };
        // Record the definition in this region even if the forward reference came from an
        // enclosing one (as MLIR does).
        if number == 0 {
            if let Some(d) = defs.last_mut() {
                d.push(name);
            }
        }
        Ok(())
    }

    /// Opens the SSA name scope of a region.
    pub(crate) fn push_scope(&mut self, isolated: bool) {
        if isolated || self.st.scopes.is_empty() {
            let mut s = IsolatedScope::default();
            s.defs.push(Vec::new());
            self.st.scopes.push(s);
        } else {
            self.st
                .scopes
                .last_mut()
                .expect("scope")
                .defs
                .push(Vec::new());
        }
        self.st.block_scopes.push(BlockScope::default());
    }

    /// Closes the innermost region scope: every referenced block must be defined, and when an
    /// isolated scope closes, every forward reference in it must be resolved.
    pub(crate) fn pop_scope(&mut self) -> ParseResult<()> {
        let bs = self.st.block_scopes.pop().expect("block scope");
        for name in &bs.forward {
            let e = bs.blocks[name];
            if !e.defined {
                return Err(self.err_at(e.pos, "reference to an undefined block"));
            }
        }
        let scope = self.st.scopes.last_mut().expect("scope");
        if scope.defs.len() > 1 {
            let defs = scope.defs.pop().expect("defs");
            // Each name is recorded once (at its result number 0); when every name in the
            // table was defined in this region, dropping them all is a clear.
            if defs.len() == scope.values.len() {
                scope.values.clear();
            } else {
                for d in defs {
                    scope.values.remove(d.as_ref());
                }
            }
            return Ok(());
        }
        let scope = self.st.scopes.pop().expect("scope");
        for v in scope.forward {
            if let Some(p) = self.st.forward_refs.get(&v).copied() {
                return Err(self.err_at(p, "use of undeclared SSA value name"));
            }
        }
        Ok(())
    }

    /// The block named `name` in the current region, created (detached) on first reference.
    pub(crate) fn block_ref(&mut self, name: &'a str, pos: Pos) -> BlockId {
        if self.st.block_scopes.is_empty() {
            self.st.block_scopes.push(BlockScope::default());
        }
        if let Some(e) = self.st.block_scopes.last().expect("scope").blocks.get(name) {
            return e.block;
        }
        let b = self.ctx.create_block(&[]);
        let bs = self.st.block_scopes.last_mut().expect("scope");
        bs.blocks.insert(
            name,
            BlockEntry {
                block: b,
                defined: false,
                pos,
            },
        );
        bs.forward.push(name);
        b
    }

    /// The text of the current `@symbol` token without `@` (quotes decoded).
    pub(crate) fn symbol_text(&self) -> Cow<'a, str> {
        let t = &self.text()[1..];
        if t.starts_with('"') {
            lexer::unescape(t)
        } else {
            Cow::Borrowed(t)
        }
    }
}

// ----- entry points ------------------------------------------------------------------------------

/// Parses a whole source text into a `builtin.module`.
///
/// The text is registered with the context (for diagnostics that quote it). When the text is a
/// single top-level `builtin.module`, that op is returned; otherwise the top-level ops are put
/// in an implicit `builtin.module` (one region, one block, no terminator). Every op gets
/// `loc("file":line:col)` of its first token unless it has a trailing `loc(...)`.
pub fn parse_source(ctx: &mut Context, file: &str, text: &str) -> Result<OpId, Diagnostic> {
    ctx.add_source(file, Arc::from(text));
    let mut p = Parser::new(ctx, file, text);
    match p.parse_top_level() {
        Ok(op) => Ok(op),
        Err(d) => Err(p.finish_err(d)),
    }
}

/// Splits a test file on lines matching `^\s*// -----` (MLIR's `-split-input-file`). Each
/// chunk is padded with leading newlines so that its line numbers are those of the original
/// file.
pub fn split_input_file(text: &str) -> Vec<String> {
    let mut chunks = Vec::new();
    let mut cur = String::new();
    let mut line_no = 0usize;
    for line in text.split_inclusive('\n') {
        line_no += 1;
        if line.trim_start().starts_with("// -----") {
            chunks.push(std::mem::take(&mut cur));
            cur = "\n".repeat(line_no);
        } else {
            cur.push_str(line);
        }
    }
    chunks.push(cur);
    chunks
}

/// Parses a type from a string (the whole string must be consumed).
pub fn parse_type_str(ctx: &mut Context, text: &str) -> Result<Type, Diagnostic> {
    parse_str_with(ctx, text, |p| p.parse_type_impl())
}

/// Parses an attribute from a string (the whole string must be consumed).
pub fn parse_attr_str(ctx: &mut Context, text: &str) -> Result<Attribute, Diagnostic> {
    parse_str_with(ctx, text, |p| p.parse_attribute_impl(None))
}

/// Parses a location (`loc(...)` or its contents) from a string.
pub fn parse_location_str(ctx: &mut Context, text: &str) -> Result<Location, Diagnostic> {
    parse_str_with(ctx, text, |p| {
        if p.is_keyword("loc") {
            p.parse_location_specifier()
        } else {
            p.parse_location_instance()
        }
    })
}

fn parse_str_with<T>(
    ctx: &mut Context,
    text: &str,
    f: impl FnOnce(&mut Parser<'_>) -> ParseResult<T>,
) -> Result<T, Diagnostic> {
    const FILE: &str = "<string>";
    ctx.add_source(FILE, Arc::from(text));
    let mut p = Parser::new(ctx, FILE, text);
    let r = f(&mut p).and_then(|v| {
        if p.is_eof() {
            Ok(v)
        } else {
            let rest = &p.src[p.tok.start..];
            Err(p.err_tok(format!("found trailing characters: '{rest}'")))
        }
    });
    match r {
        Ok(v) => Ok(v),
        Err(d) => Err(p.finish_err(d)),
    }
}

impl<'a> Parser<'a> {
    fn parse_top_level(&mut self) -> ParseResult<OpId> {
        let top = self.ctx.create_block(&[]);
        self.st.cur_block = Some(top);
        loop {
            match self.kind() {
                TokenKind::Eof => break,
                TokenKind::Error => return Err(self.lex_error()),
                TokenKind::HashIdent => self.parse_attr_alias_def()?,
                TokenKind::ExclaimIdent => self.parse_type_alias_def()?,
                TokenKind::FileMetadataBegin => self.skip_file_metadata()?,
                _ => {
                    self.st.cur_block = Some(top);
                    self.parse_operation()?;
                }
            }
        }
        self.pop_scope()?;
        for (op, name, pos) in std::mem::take(&mut self.st.deferred_locs) {
            match (self.st.loc_aliases.get(name), op) {
                (Some(&l), Some(op)) => self.ctx.set_op_loc(op, l),
                (Some(_), None) => {}
                (None, _) => {
                    return Err(self.err_at(pos, "operation location alias was never defined"))
                }
            }
        }
        let first = self.ctx.first_op(top);
        if let Some(only) = first.filter(|&o| self.ctx.next_op(o).is_none()) {
            if self.ctx.op_name_str(only) == "builtin.module" {
                self.ctx.detach_op(only);
                self.ctx.erase_block(top);
                return Ok(only);
            }
        }
        let loc = match first {
            Some(o) => self.ctx.op_loc(o),
            None => self.loc_at(Pos { line: 1, col: 1 }),
        };
        let region = self.ctx.create_region();
        self.ctx.append_block(region, top);
        let mut st = OperationState::new(self.ctx, "builtin.module", loc);
        st.regions.push(region);
        Ok(self.ctx.create_op(st))
    }

    /// Skips a `{-# … #-}` file metadata section (dialect resources are not supported).
    fn skip_file_metadata(&mut self) -> ParseResult<()> {
        self.bump();
        loop {
            match self.kind() {
                TokenKind::FileMetadataEnd => {
                    self.bump();
                    return Ok(());
                }
                TokenKind::Eof => return Err(self.err_tok("expected '#-}' to end file metadata")),
                TokenKind::Error => return Err(self.lex_error()),
                _ => self.bump(),
            }
        }
    }

    fn parse_attr_alias_def(&mut self) -> ParseResult<()> {
        let name = &self.text()[1..];
        if name.contains('.') {
            return Err(
                self.err_here("attribute names with a '.' are reserved for dialect-defined names")
            );
        }
        if self.st.attr_aliases.contains_key(name) || self.st.loc_aliases.contains_key(name) {
            return Err(self.err_here(format!("redefinition of attribute alias id '{name}'")));
        }
        self.bump();
        self.expect(
            TokenKind::Equal,
            "expected '=' in attribute alias definition",
        )?;
        if self.is_keyword("loc") {
            let l = self.parse_location_specifier()?;
            self.st.loc_aliases.insert(name, l);
        } else {
            let a = self.parse_attribute_impl(None)?;
            self.st.attr_aliases.insert(name, a);
        }
        Ok(())
    }

    fn parse_type_alias_def(&mut self) -> ParseResult<()> {
        let name = &self.text()[1..];
        if name.contains('.') {
            return Err(
                self.err_here("type names with a '.' are reserved for dialect-defined names")
            );
        }
        if self.st.type_aliases.contains_key(name) {
            return Err(self.err_here(format!("redefinition of type alias id '{name}'")));
        }
        self.bump();
        self.expect(TokenKind::Equal, "expected '=' in type alias definition")?;
        let t = self.parse_type_impl()?;
        self.st.type_aliases.insert(name, t);
        Ok(())
    }
}
