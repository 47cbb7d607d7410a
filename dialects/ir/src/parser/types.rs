//! Types: builtin types, function types, aliases and dialect types.

use smallvec::SmallVec;

use super::lexer::TokenKind;
use super::{ParseResult, Parser, Pos};
use crate::attrs::{AttrKind, Attribute};
use crate::types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC};

/// MLIR's limit on integer widths.
const MAX_INT_WIDTH: u32 = 16_777_215;

/// Splits `i32` / `si8` / `ui64` into signedness and width digits.
fn int_type_spelling(s: &str) -> Option<(Signedness, &str)> {
    let (sg, rest) = if let Some(r) = s.strip_prefix("si") {
        (Signedness::Signed, r)
    } else if let Some(r) = s.strip_prefix("ui") {
        (Signedness::Unsigned, r)
    } else if let Some(r) = s.strip_prefix('i') {
        (Signedness::Signless, r)
    } else {
        return None;
    };
    if rest.is_empty() || rest.starts_with('0') || !rest.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((sg, rest))
}

/// Whether a bare identifier names a builtin type (or starts one, like `tensor`).
pub(crate) fn is_builtin_type_keyword(s: &str) -> bool {
    matches!(
        s,
        "index"
            | "none"
            | "f16"
            | "bf16"
            | "f32"
            | "f64"
            | "tensor"
            | "vector"
            | "memref"
            | "complex"
            | "tuple"
    ) || int_type_spelling(s).is_some()
}

/// Whether an attribute is a memref layout (kept opaque: `strided<…>`, `affine_map<…>`).
pub(crate) fn is_layout_attr(kind: &AttrKind) -> bool {
    matches!(kind, AttrKind::Opaque { dialect, body } if dialect.is_empty()
        && (body.starts_with("strided<") || body.starts_with("affine_map<")))
}

impl<'a> Parser<'a> {
    /// Whether the current token can start a type.
    pub(crate) fn at_type_start(&self) -> bool {
        match self.kind() {
            TokenKind::LParen | TokenKind::ExclaimIdent => true,
            TokenKind::BareIdent => is_builtin_type_keyword(self.text()),
            _ => false,
        }
    }

    /// Parses any type, function types included.
    pub(crate) fn parse_type_impl(&mut self) -> ParseResult<Type> {
        if self.is(TokenKind::LParen) {
            self.enter()?;
            let (ins, outs) = self.parse_function_type_parts()?;
            self.leave();
            return Ok(self.ctx.function_type(ins, outs));
        }
        self.parse_non_function_type()
    }

    /// Parses `(inputs) -> results`.
    pub(crate) fn parse_function_type_parts(&mut self) -> ParseResult<(Vec<Type>, Vec<Type>)> {
        let (mut ins, mut outs) = (Vec::new(), Vec::new());
        self.parse_function_type_into(&mut ins, &mut outs)?;
        Ok((ins, outs))
    }

    /// Parses `(inputs) -> results` into the given containers.
    pub(crate) fn parse_function_type_into<I, O>(
        &mut self,
        ins: &mut I,
        outs: &mut O,
    ) -> ParseResult<()>
    where
        I: Extend<Type>,
        O: Extend<Type>,
    {
        self.expect(TokenKind::LParen, "expected '('")?;
        if !self.consume_if(TokenKind::RParen) {
            self.parse_type_list_into(ins)?;
            self.expect(TokenKind::RParen, "expected ')'")?;
        }
        self.expect(TokenKind::Arrow, "expected '->' in function type")?;
        self.parse_function_result_types_into(outs)
    }

    /// Parses `(t, u)`, `()` or a single non-function type.
    pub(crate) fn parse_function_result_types(&mut self) -> ParseResult<Vec<Type>> {
        let mut v = Vec::new();
        self.parse_function_result_types_into(&mut v)?;
        Ok(v)
    }

    fn parse_function_result_types_into<O: Extend<Type>>(
        &mut self,
        outs: &mut O,
    ) -> ParseResult<()> {
        if self.consume_if(TokenKind::LParen) {
            if self.consume_if(TokenKind::RParen) {
                return Ok(());
            }
            self.parse_type_list_into(outs)?;
            return self.expect(TokenKind::RParen, "expected ')'");
        }
        let t = self.parse_non_function_type()?;
        outs.extend(Some(t));
        Ok(())
    }

    /// Parses `t, u, …` (at least one).
    pub(crate) fn parse_type_list_no_parens(&mut self) -> ParseResult<Vec<Type>> {
        let mut v = Vec::new();
        self.parse_type_list_into(&mut v)?;
        Ok(v)
    }

    /// Parses `t, u, …` (at least one) into `out`.
    pub(crate) fn parse_type_list_into<O: Extend<Type>>(&mut self, out: &mut O) -> ParseResult<()> {
        loop {
            let t = self.parse_type_impl()?;
            out.extend(Some(t));
            if !self.consume_if(TokenKind::Comma) {
                return Ok(());
            }
        }
    }

    /// Parses a type that is not a function type.
    pub(crate) fn parse_non_function_type(&mut self) -> ParseResult<Type> {
        self.enter()?;
        let t = self.parse_non_function_type_inner()?;
        self.leave();
        Ok(t)
    }

    fn parse_non_function_type_inner(&mut self) -> ParseResult<Type> {
        match self.kind() {
            TokenKind::BareIdent => {}
            TokenKind::ExclaimIdent => return self.parse_extended_type(),
            _ => return Err(self.err_tok("expected non-function type")),
        }
        let t = self.text();
        if let Some(&ty) = self.st.scalar_types.get(t) {
            self.bump();
            return Ok(ty);
        }
        let ty = match t {
            "index" => self.ctx.index_type(),
            "none" => self.ctx.none_type(),
            "f16" => self.ctx.float_type(FloatKind::F16),
            "bf16" => self.ctx.float_type(FloatKind::BF16),
            "f32" => self.ctx.float_type(FloatKind::F32),
            "f64" => self.ctx.float_type(FloatKind::F64),
            "tensor" => return self.parse_tensor_type(),
            "vector" => return self.parse_vector_type(),
            "memref" => return self.parse_memref_type(),
            "complex" => return self.parse_complex_type(),
            "tuple" => return self.parse_tuple_type(),
            _ => match int_type_spelling(t) {
                Some((signedness, digits)) => match digits.parse::<u32>() {
                    Ok(width) if width <= MAX_INT_WIDTH => self
                        .ctx
                        .intern_type(TypeKind::Integer { width, signedness }),
                    _ => return Err(self.err_here("integer bitwidth is limited to 16777215 bits")),
                },
                None => return Err(self.err_tok("expected non-function type")),
            },
        };
        self.st.scalar_types.insert(t, ty);
        self.bump();
        Ok(ty)
    }

    /// Parses `4x?x8x` (each extent followed by `x`); stops at the element type.
    fn parse_dimension_list(&mut self, allow_dynamic: bool) -> ParseResult<Vec<i64>> {
        let mut dims = Vec::new();
        loop {
            match self.kind() {
                TokenKind::Question => {
                    if !allow_dynamic {
                        return Err(self.err_here("expected static shape"));
                    }
                    self.bump();
                    dims.push(DYNAMIC);
                }
                TokenKind::Integer => {
                    let t = self.text();
                    if t.len() > 1 && t.as_bytes()[1] == b'x' {
                        // `0xf32` is `0`, `x`, `f32` here.
                        dims.push(0);
                        let p = self.tok.start + 1;
                        self.reset_to(p);
                    } else {
                        match t.parse::<u64>() {
                            Ok(v) if v <= i64::MAX as u64 => dims.push(v as i64),
                            _ => return Err(self.err_here("invalid dimension")),
                        }
                        self.bump();
                    }
                }
                _ => return Ok(dims),
            }
            self.parse_x_in_dimension_list()?;
        }
    }

    /// Consumes the `x` after an extent (which the lexer may have glued to what follows).
    fn parse_x_in_dimension_list(&mut self) -> ParseResult<()> {
        if !self.is(TokenKind::BareIdent) || !self.text().starts_with('x') {
            return Err(self.err_tok("expected 'x' in dimension list"));
        }
        if self.text().len() != 1 {
            let p = self.tok.start + 1;
            self.reset_to(p);
        } else {
            self.bump();
        }
        Ok(())
    }

    fn valid_tensor_elem(&self, t: Type) -> bool {
        matches!(
            self.ctx.type_kind(t),
            TypeKind::Integer { .. }
                | TypeKind::Index
                | TypeKind::Float(_)
                | TypeKind::Complex(_)
                | TypeKind::Vector { .. }
                | TypeKind::Opaque { .. }
                | TypeKind::Dialect(_)
        )
    }

    fn parse_tensor_type(&mut self) -> ParseResult<Type> {
        self.bump();
        self.expect(TokenKind::Less, "expected '<' in tensor type")?;
        let unranked = self.consume_if(TokenKind::Star);
        let dims = if unranked {
            self.parse_x_in_dimension_list()?;
            Vec::new()
        } else {
            self.parse_dimension_list(true)?
        };
        let elem_pos = self.pos();
        let elem = self.parse_type_impl()?;
        if self.is(TokenKind::Comma) {
            return Err(self.err_here("tensor encoding attributes are not supported"));
        }
        self.expect(TokenKind::Greater, "expected '>' in tensor type")?;
        if !self.valid_tensor_elem(elem) {
            return Err(self.err_at(elem_pos, "invalid tensor element type"));
        }
        Ok(if unranked {
            self.ctx.intern_type(TypeKind::UnrankedTensor { elem })
        } else {
            self.ctx.tensor_type(dims, elem)
        })
    }

    fn parse_vector_type(&mut self) -> ParseResult<Type> {
        let kw_pos = self.pos();
        self.bump();
        self.expect(TokenKind::Less, "expected '<' in vector type")?;
        if self.is(TokenKind::LSquare) {
            return Err(self.err_here("scalable vector dimensions are not supported"));
        }
        let dims = self.parse_dimension_list(false)?;
        if dims.iter().any(|&d| d <= 0) {
            let list: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
            return Err(self.err_at(
                kw_pos,
                format!(
                    "vector types must have positive constant sizes but got {}",
                    list.join(", ")
                ),
            ));
        }
        let elem_pos = self.pos();
        let elem = self.parse_type_impl()?;
        self.expect(TokenKind::Greater, "expected '>' in vector type")?;
        if !matches!(
            self.ctx.type_kind(elem),
            TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_)
        ) {
            return Err(self.err_at(elem_pos, "vector elements must be int/index/float type"));
        }
        Ok(self.ctx.intern_type(TypeKind::Vector { shape: dims, elem }))
    }

    fn parse_memref_type(&mut self) -> ParseResult<Type> {
        self.bump();
        self.expect(TokenKind::Less, "expected '<' in memref type")?;
        let unranked = self.consume_if(TokenKind::Star);
        let dims = if unranked {
            self.parse_x_in_dimension_list()?;
            Vec::new()
        } else {
            self.parse_dimension_list(true)?
        };
        let elem_pos = self.pos();
        let elem = self.parse_type_impl()?;
        let valid = matches!(
            self.ctx.type_kind(elem),
            TypeKind::Integer { .. }
                | TypeKind::Index
                | TypeKind::Float(_)
                | TypeKind::Complex(_)
                | TypeKind::Vector { .. }
                | TypeKind::MemRef { .. }
                | TypeKind::UnrankedMemRef { .. }
                | TypeKind::Opaque { .. }
                | TypeKind::Dialect(_)
        );
        if !valid {
            return Err(self.err_at(elem_pos, "invalid memref element type"));
        }
        let mut layout: Option<Attribute> = None;
        let mut memory_space: Option<Attribute> = None;
        if !self.consume_if(TokenKind::Greater) {
            self.expect(TokenKind::Comma, "expected ',' or '>' in memref type")?;
            loop {
                let p = self.pos();
                let a = self.parse_attribute_impl(None)?;
                if is_layout_attr(self.ctx.attr_kind(a)) {
                    if unranked {
                        return Err(
                            self.err_at(p, "cannot have affine map for unranked memref type")
                        );
                    }
                    if memory_space.is_some() {
                        return Err(
                            self.err_at(p, "expected memory space to be last in memref type")
                        );
                    }
                    layout = Some(a);
                } else {
                    if memory_space.is_some() {
                        return Err(
                            self.err_at(p, "multiple memory spaces specified in memref type")
                        );
                    }
                    memory_space = Some(a);
                }
                if self.consume_if(TokenKind::Comma) {
                    continue;
                }
                self.expect(TokenKind::Greater, "expected ',' or '>'")?;
                break;
            }
        }
        Ok(if unranked {
            self.ctx
                .intern_type(TypeKind::UnrankedMemRef { elem, memory_space })
        } else {
            self.ctx.intern_type(TypeKind::MemRef {
                shape: dims,
                elem,
                layout,
                memory_space,
            })
        })
    }

    fn parse_complex_type(&mut self) -> ParseResult<Type> {
        self.bump();
        self.expect(TokenKind::Less, "expected '<' in complex type")?;
        let elem_pos = self.pos();
        let elem = self.parse_type_impl()?;
        self.expect(TokenKind::Greater, "expected '>' in complex type")?;
        if !matches!(
            self.ctx.type_kind(elem),
            TypeKind::Integer { .. } | TypeKind::Float(_)
        ) {
            return Err(self.err_at(elem_pos, "invalid element type for complex"));
        }
        Ok(self.ctx.intern_type(TypeKind::Complex(elem)))
    }

    fn parse_tuple_type(&mut self) -> ParseResult<Type> {
        self.bump();
        self.expect(TokenKind::Less, "expected '<' in tuple type")?;
        if self.consume_if(TokenKind::Greater) {
            return Ok(self.ctx.intern_type(TypeKind::Tuple(Vec::new())));
        }
        let elems = self.parse_type_list_no_parens()?;
        self.expect(TokenKind::Greater, "expected '>' in tuple type")?;
        Ok(self.ctx.intern_type(TypeKind::Tuple(elems)))
    }

    /// `!alias`, `!dialect.mnemonic…` or `!dialect<…>`.
    fn parse_extended_type(&mut self) -> ParseResult<Type> {
        let pos = self.pos();
        let ident = &self.text()[1..];
        self.bump();
        let trailing = self.is(TokenKind::Less) && self.tok.start == self.prev_end;
        match ident.split_once('.') {
            None if !trailing => match self.st.type_aliases.get(ident) {
                Some(&t) => Ok(t),
                None => Err(self.err_at(pos, format!("undefined symbol alias id '{ident}'"))),
            },
            None => {
                if let Some(f) = self
                    .ctx
                    .registry()
                    .dialect(ident)
                    .and_then(|d| d.parse_type)
                {
                    return f(self);
                }
                let body = self.capture_dialect_body()?;
                self.opaque_type(ident, "", body, pos)
            }
            Some((dialect, mnemonic)) => {
                if let Some(def) = self.ctx.registry().type_def(dialect, mnemonic) {
                    return (def.parse)(self);
                }
                let body = if trailing {
                    self.capture_dialect_body()?
                } else {
                    ""
                };
                self.opaque_type(dialect, mnemonic, body, pos)
            }
        }
    }

    fn opaque_type(
        &mut self,
        dialect: &str,
        mnemonic: &str,
        body: &str,
        pos: Pos,
    ) -> ParseResult<Type> {
        if !self.ctx.allow_unregistered {
            if self.ctx.registry().dialect(dialect).is_some() {
                return Err(self.err_at(
                    pos,
                    format!("unknown type '{mnemonic}' in dialect '{dialect}'"),
                ));
            }
            return Err(self.err_at(
                pos,
                format!(
                    "`!{dialect}.{mnemonic}{body}` type created with unregistered dialect. If this is intended, please \
                     call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the \
                     MLIR opt tool used"
                ),
            ));
        }
        let body = format!("{mnemonic}{body}");
        Ok(self.ctx.intern_type(TypeKind::Opaque {
            dialect: dialect.to_string(),
            body,
        }))
    }

    /// Captures the balanced `<…>` starting at the current token (which must be `<`) as raw
    /// text, and continues lexing after it.
    pub(crate) fn capture_dialect_body(&mut self) -> ParseResult<&'a str> {
        let start = self.tok.start;
        let bytes = self.src.as_bytes();
        let mut stack: SmallVec<[(u8, usize); 8]> = SmallVec::new();
        let mut i = start;
        loop {
            let Some(&c) = bytes.get(i) else {
                let (ch, _) = *stack.last().expect("inside a body");
                return Err(self.err_at_offset(
                    start,
                    format!(
                        "unbalanced '{}' character in pretty dialect name",
                        ch as char
                    ),
                ));
            };
            i += 1;
            match c {
                b'<' | b'[' | b'(' | b'{' => stack.push((c, i - 1)),
                // `->` is one token: its `>` closes nothing.
                b'-' if bytes.get(i) == Some(&b'>') => i += 1,
                b'>' | b']' | b')' | b'}' => {
                    let open = match c {
                        b'>' => b'<',
                        b']' => b'[',
                        b')' => b'(',
                        _ => b'{',
                    };
                    let (top, _) = stack.pop().expect("inside a body");
                    if top != open {
                        return Err(self.err_at_offset(
                            start,
                            format!(
                                "unbalanced '{}' character in pretty dialect name",
                                top as char
                            ),
                        ));
                    }
                    if stack.is_empty() {
                        break;
                    }
                }
                b'"' => loop {
                    match bytes.get(i) {
                        None | Some(b'\n') => {
                            return Err(self.err_at_offset(i, "expected '\"' in string literal"));
                        }
                        Some(b'\\') => i += 2,
                        Some(b'"') => {
                            i += 1;
                            break;
                        }
                        _ => i += 1,
                    }
                },
                _ => {}
            }
        }
        let body = &self.src[start..i];
        self.reset_to(i);
        Ok(body)
    }

    /// An error at a byte offset of the source.
    pub(crate) fn err_at_offset(&mut self, at: usize, msg: impl Into<String>) -> crate::Diagnostic {
        let at = at.min(self.src.len());
        let (line, col) = self.lex.line_col_of(at);
        self.err_at(Pos { line, col }, msg)
    }
}
