//! Attributes, number literals and locations.

use std::borrow::Cow;

use rustc_hash::FxHashSet;

use super::lexer::{unescape, Token, TokenKind};
use super::{ParseResult, Parser, Pos};
use crate::attrs::{AttrKind, Attribute, DenseValues, NamedAttr};
use crate::context::wrap_int;
use crate::diagnostic::Diagnostic;
use crate::intern::Symbol;
use crate::location::{LocKind, Location};
use crate::types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC};

// ----- numbers -----------------------------------------------------------------------------------

/// The magnitude of an integer literal (`42`, `0x2A`).
pub(crate) fn parse_u128(s: &str) -> Option<u128> {
    match s.strip_prefix("0x") {
        Some(h) if !h.is_empty() => u128::from_str_radix(h, 16).ok(),
        Some(_) => None,
        None => s.parse::<u128>().ok(),
    }
}

/// Checks an integer literal against an integer type of `width` bits the way MLIR does and
/// returns the value as stored (`i64`, two's complement). `signed` is true for `siN` and
/// `index`. Values that do not fit 64 bits cannot be stored and are rejected too.
pub(crate) fn build_int(mag: u128, neg: bool, width: u32, signed: bool) -> Option<i64> {
    if width == 0 {
        return None;
    }
    if neg {
        // MLIR rejects `-0` (the negated value must have its sign bit set).
        if mag == 0 || (width < 128 && mag > 1u128 << (width - 1)) || mag > 1u128 << 63 {
            return None;
        }
        return Some((mag as i128).wrapping_neg() as i64);
    }
    if width < 128 && (mag >> width) != 0 {
        return None;
    }
    if signed && width <= 128 && (mag >> (width - 1)) != 0 {
        return None;
    }
    if width > 64 && mag > i64::MAX as u128 {
        return None;
    }
    Some(mag as u64 as i64)
}

fn round_ne(x: u64, shift: u32) -> u64 {
    if shift == 0 {
        return x;
    }
    if shift >= 64 {
        return 0;
    }
    let q = x >> shift;
    let r = x & ((1u64 << shift) - 1);
    let half = 1u64 << (shift - 1);
    if r > half || (r == half && q & 1 == 1) {
        q + 1
    } else {
        q
    }
}

/// Encodes `v` in a binary format with `mant` mantissa and `ebits` exponent bits, rounding to
/// nearest even.
fn small_float_bits(v: f64, mant: u32, ebits: u32) -> u64 {
    let total = 1 + ebits + mant;
    let sign = if v.is_sign_negative() {
        1u64 << (total - 1)
    } else {
        0
    };
    let exp_all = ((1u64 << ebits) - 1) << mant;
    if v.is_nan() {
        return sign | exp_all | (1u64 << (mant - 1));
    }
    if v.is_infinite() {
        return sign | exp_all;
    }
    let a = v.abs();
    if a == 0.0 {
        return sign;
    }
    let bits = a.to_bits();
    let e = ((bits >> 52) & 0x7FF) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    let (full, exp) = if e == 0 {
        (frac, -1022)
    } else {
        (frac | (1u64 << 52), e - 1023)
    };
    let bias = (1i32 << (ebits - 1)) - 1;
    let emin = 1 - bias;
    if exp >= emin && e != 0 {
        let mut q = round_ne(full, 52 - mant);
        let mut exp = exp;
        if q >> (mant + 1) != 0 {
            q >>= 1;
            exp += 1;
        }
        if exp > bias {
            return sign | exp_all;
        }
        sign | (((exp + bias) as u64) << mant) | (q & ((1u64 << mant) - 1))
    } else {
        let shift = 52 + emin - mant as i32 - exp;
        let k = if shift >= 64 {
            0
        } else {
            round_ne(full, shift as u32)
        };
        sign | k
    }
}

fn small_float_from_bits(b: u64, mant: u32, ebits: u32) -> f64 {
    let total = 1 + ebits + mant;
    let neg = (b >> (total - 1)) & 1 == 1;
    let e = ((b >> mant) & ((1u64 << ebits) - 1)) as i32;
    let m = b & ((1u64 << mant) - 1);
    let bias = (1i32 << (ebits - 1)) - 1;
    let v = if e == 0 {
        m as f64 * 2f64.powi(1 - bias - mant as i32)
    } else if e == (1 << ebits) - 1 {
        if m == 0 {
            f64::INFINITY
        } else {
            f64::NAN
        }
    } else {
        (m + (1u64 << mant)) as f64 * 2f64.powi(e - bias - mant as i32)
    };
    if neg {
        -v
    } else {
        v
    }
}

/// The bit pattern of `v` in format `kind` (rounded to nearest even).
pub(crate) fn float_to_bits(v: f64, kind: FloatKind) -> u64 {
    match kind {
        FloatKind::F64 => v.to_bits(),
        FloatKind::F32 => (v as f32).to_bits() as u64,
        FloatKind::F16 => small_float_bits(v, 10, 5),
        FloatKind::BF16 => small_float_bits(v, 7, 8),
    }
}

/// The value of bit pattern `bits` in format `kind`.
pub(crate) fn float_from_bits(bits: u64, kind: FloatKind) -> f64 {
    match kind {
        FloatKind::F64 => f64::from_bits(bits),
        FloatKind::F32 => f32::from_bits(bits as u32) as f64,
        FloatKind::F16 => small_float_from_bits(bits, 10, 5),
        FloatKind::BF16 => small_float_from_bits(bits, 7, 8),
    }
}

/// Rounds `v` to the precision of `kind` (identity for `f64`).
pub(crate) fn round_float(v: f64, kind: FloatKind) -> f64 {
    match kind {
        FloatKind::F64 => v,
        FloatKind::F32 => v as f32 as f64,
        _ if v.is_nan() => v,
        _ => float_from_bits(float_to_bits(v, kind), kind),
    }
}

/// How a dense element type stores its values.
#[derive(Copy, Clone)]
enum ElemClass {
    Int { width: u32, signedness: Signedness },
    Float(FloatKind),
}

fn elem_class(kind: &TypeKind) -> Option<ElemClass> {
    match kind {
        TypeKind::Integer { width, signedness } => Some(ElemClass::Int {
            width: *width,
            signedness: *signedness,
        }),
        TypeKind::Index => Some(ElemClass::Int {
            width: 64,
            signedness: Signedness::Signed,
        }),
        TypeKind::Float(k) => Some(ElemClass::Float(*k)),
        _ => None,
    }
}

/// Stores an integer value of a dense element/array: `i1` as 0/1, others wrapped to width.
fn store_int(v: i64, width: u32, signedness: Signedness) -> i64 {
    if width == 1 && signedness == Signedness::Signless {
        v & 1
    } else {
        wrap_int(v, width, signedness)
    }
}

fn shape_str(s: &[i64]) -> String {
    let v: Vec<String> = s.iter().map(|d| d.to_string()).collect();
    format!("[{}]", v.join(", "))
}

impl<'a> Parser<'a> {
    /// Whether the current token can start an attribute.
    pub(crate) fn at_attribute_start(&self) -> bool {
        use TokenKind as K;
        match self.kind() {
            K::LSquare
            | K::LBrace
            | K::HashIdent
            | K::Float
            | K::Integer
            | K::Minus
            | K::String
            | K::AtIdent
            | K::LParen
            | K::ExclaimIdent => true,
            K::BareIdent => {
                matches!(
                    self.text(),
                    "true"
                        | "false"
                        | "unit"
                        | "dense"
                        | "array"
                        | "strided"
                        | "affine_map"
                        | "affine_set"
                ) || self.at_type_start()
            }
            _ => false,
        }
    }

    /// Parses an attribute; `ty` types a literal (see [`Parser::parse_attribute_of_type`]).
    pub(crate) fn parse_attribute_impl(&mut self, ty: Option<Type>) -> ParseResult<Attribute> {
        self.enter()?;
        let a = self.parse_attribute_inner(ty)?;
        self.leave();
        Ok(a)
    }

    fn parse_attribute_inner(&mut self, ty: Option<Type>) -> ParseResult<Attribute> {
        use TokenKind as K;
        match self.kind() {
            K::LSquare => {
                self.bump();
                let mut elems = Vec::new();
                if !self.consume_if(K::RSquare) {
                    loop {
                        elems.push(self.parse_attribute_impl(None)?);
                        if self.consume_if(K::Comma) {
                            continue;
                        }
                        if self.consume_if(K::RSquare) {
                            break;
                        }
                        return Err(self.err_tok("expected ',' or ']'"));
                    }
                }
                Ok(self.ctx.array_attr(elems))
            }
            K::LBrace => {
                let mut entries = Vec::new();
                self.parse_attr_dict_into(&mut entries)?;
                Ok(self.ctx.dictionary_attr(entries))
            }
            K::HashIdent => self.parse_extended_attr(),
            K::Float => self.parse_float_attr(ty, false),
            K::Integer => self.parse_int_attr(ty, false),
            K::Minus => {
                self.bump();
                match self.kind() {
                    K::Integer => self.parse_int_attr(ty, true),
                    K::Float => self.parse_float_attr(ty, true),
                    _ => Err(self.err_tok("expected constant integer or floating point value")),
                }
            }
            K::String => {
                let s = unescape(self.text());
                self.bump();
                // A typed string (`"x" : i32`): the type is read but not kept.
                if ty.is_none() && self.consume_if(K::Colon) {
                    self.parse_type_impl()?;
                }
                Ok(self.ctx.string_attr(&s))
            }
            K::AtIdent => {
                let root = self.symbol_text();
                let root = self.ctx.intern(&root);
                self.bump();
                let mut nested = Vec::new();
                while self.is(K::ColonColon) {
                    self.bump();
                    if !self.is(K::AtIdent) {
                        return Err(self.err_tok("expected nested symbol reference identifier"));
                    }
                    let n = self.symbol_text();
                    nested.push(self.ctx.intern(&n));
                    self.bump();
                }
                Ok(self.ctx.intern_attr(AttrKind::SymbolRef { root, nested }))
            }
            K::BareIdent => match self.text() {
                "true" | "false" => {
                    let b = self.text() == "true";
                    self.bump();
                    Ok(self.ctx.bool_attr(b))
                }
                "unit" => {
                    self.bump();
                    Ok(self.ctx.unit_attr())
                }
                "dense" => self.parse_dense_elements(ty),
                "array" => self.parse_dense_array(),
                kw @ ("strided" | "affine_map" | "affine_set") => {
                    let start = self.tok.start;
                    self.bump();
                    if !self.is(K::Less) {
                        return Err(self.err_tok(format!("expected '<' after '{kw}'")));
                    }
                    self.capture_dialect_body()?;
                    let body = self.src[start..self.prev_end].to_string();
                    Ok(self.ctx.intern_attr(AttrKind::Opaque {
                        dialect: String::new(),
                        body,
                    }))
                }
                kw @ ("dense_resource" | "sparse" | "distinct" | "loc") => {
                    Err(self.err_here(format!("'{kw}' attributes are not supported")))
                }
                _ if self.at_type_start() => {
                    let t = self.parse_type_impl()?;
                    Ok(self.ctx.type_attr(t))
                }
                _ => Err(self.err_tok("expected attribute value")),
            },
            K::LParen | K::ExclaimIdent => {
                let t = self.parse_type_impl()?;
                Ok(self.ctx.type_attr(t))
            }
            _ => Err(self.err_tok("expected attribute value")),
        }
    }

    fn parse_int_attr(&mut self, ty: Option<Type>, neg: bool) -> ParseResult<Attribute> {
        let text = self.text();
        let pos = self.pos();
        self.bump();
        let ty = match ty {
            Some(t) => t,
            None if self.consume_if(TokenKind::Colon) => self.parse_type_impl()?,
            None => self.ctx.int_type(64),
        };
        let (width, signedness) = match self.ctx.type_kind(ty) {
            TypeKind::Float(k) => {
                let k = *k;
                let v = self.float_from_int_literal(text, neg, k, pos)?;
                return Ok(self.ctx.float_attr(ty, v));
            }
            TypeKind::Integer { width, signedness } => (*width, *signedness),
            TypeKind::Index => (64, Signedness::Signed),
            _ => return Err(self.err_at(pos, "integer literal not valid for specified type")),
        };
        if neg && signedness == Signedness::Unsigned {
            return Err(self.err_at(
                pos,
                "negative integer literal not valid for unsigned integer type",
            ));
        }
        let Some(v) = parse_u128(text)
            .and_then(|m| build_int(m, neg, width, signedness == Signedness::Signed))
        else {
            return Err(self.err_at(pos, "integer constant out of range for attribute"));
        };
        if width == 1 && signedness == Signedness::Signless {
            return Ok(self.ctx.bool_attr(v != 0));
        }
        Ok(self.ctx.int_attr(ty, v))
    }

    /// A float from an integer literal: only hexadecimal bit patterns are allowed.
    fn float_from_int_literal(
        &mut self,
        text: &str,
        neg: bool,
        kind: FloatKind,
        pos: Pos,
    ) -> ParseResult<f64> {
        let is_hex = text.len() > 1 && text.as_bytes()[1] == b'x';
        if !is_hex {
            let l = self.loc_at(pos);
            return Err(Diagnostic::error(
                l,
                "unexpected decimal integer literal for a floating point value",
            )
            .with_note(l, "add a trailing dot to make the literal a float"));
        }
        if neg {
            return Err(self.err_at(
                pos,
                "hexadecimal float literal should not have a leading minus",
            ));
        }
        let width = kind.width();
        match parse_u128(text) {
            Some(bits) if bits >> width == 0 => Ok(float_from_bits(bits as u64, kind)),
            _ => Err(self.err_at(pos, "hexadecimal float constant out of range for type")),
        }
    }

    fn parse_float_attr(&mut self, ty: Option<Type>, neg: bool) -> ParseResult<Attribute> {
        let pos = self.pos();
        let Ok(v) = self.text().parse::<f64>() else {
            return Err(self.err_here("floating point value too large for attribute"));
        };
        self.bump();
        let ty = match ty {
            Some(t) => t,
            None if self.consume_if(TokenKind::Colon) => self.parse_type_impl()?,
            None => self.ctx.f64_type(),
        };
        let TypeKind::Float(k) = *self.ctx.type_kind(ty) else {
            return Err(self.err_at(pos, "floating point value not valid for specified type"));
        };
        let v = round_float(if neg { -v } else { v }, k);
        Ok(self.ctx.float_attr(ty, v))
    }

    /// Parses `{name = attr, name, …}`, appending to `out`.
    pub(crate) fn parse_attr_dict_into(&mut self, out: &mut Vec<NamedAttr>) -> ParseResult<()> {
        use TokenKind as K;
        self.expect(K::LBrace, "expected '{' in attribute dictionary")?;
        if self.consume_if(K::RBrace) {
            return Ok(());
        }
        let base = out.len();
        let mut seen: Option<FxHashSet<Symbol>> = None;
        loop {
            let name: Cow<'a, str> = match self.kind() {
                K::String => unescape(self.text()),
                K::BareIdent => Cow::Borrowed(self.text()),
                _ => return Err(self.err_tok("expected attribute name")),
            };
            if name.is_empty() {
                return Err(self.err_tok("expected valid attribute name"));
            }
            let sym = self.ctx.intern(&name);
            let dup = match &mut seen {
                Some(set) => !set.insert(sym),
                None => {
                    let d = out[base..].iter().any(|a| a.name == sym);
                    if out.len() - base > 16 {
                        let mut set: FxHashSet<Symbol> =
                            out[base..].iter().map(|a| a.name).collect();
                        set.insert(sym);
                        seen = Some(set);
                    }
                    d
                }
            };
            if dup {
                return Err(
                    self.err_here(format!("duplicate key '{name}' in dictionary attribute"))
                );
            }
            self.bump();
            let value = if self.consume_if(K::Equal) {
                self.parse_attribute_impl(None)?
            } else {
                self.ctx.unit_attr()
            };
            out.push(NamedAttr { name: sym, value });
            if self.consume_if(K::Comma) {
                continue;
            }
            self.expect(K::RBrace, "expected '}' in attribute dictionary")?;
            return Ok(());
        }
    }

    /// `#alias`, `#dialect.mnemonic…` or `#dialect<…>`.
    fn parse_extended_attr(&mut self) -> ParseResult<Attribute> {
        let pos = self.pos();
        let ident = &self.text()[1..];
        self.bump();
        let trailing = self.is(TokenKind::Less) && self.tok.start == self.prev_end;
        match ident.split_once('.') {
            None if !trailing => match self.st.attr_aliases.get(ident) {
                Some(&a) => Ok(a),
                None if self.st.loc_aliases.contains_key(ident) => Err(self.err_at(
                    pos,
                    format!("location alias '#{ident}' cannot be used as an attribute"),
                )),
                None => Err(self.err_at(pos, format!("undefined symbol alias id '{ident}'"))),
            },
            None => {
                if let Some(f) = self
                    .ctx
                    .registry()
                    .dialect(ident)
                    .and_then(|d| d.parse_attribute)
                {
                    return f(self);
                }
                let body = self.capture_dialect_body()?;
                self.opaque_attr(ident, "", body, pos)
            }
            Some((dialect, mnemonic)) => {
                if let Some(def) = self.ctx.registry().attr_def(dialect, mnemonic) {
                    return (def.parse)(self);
                }
                let body = if trailing {
                    self.capture_dialect_body()?
                } else {
                    ""
                };
                self.opaque_attr(dialect, mnemonic, body, pos)
            }
        }
    }

    fn opaque_attr(
        &mut self,
        dialect: &str,
        mnemonic: &str,
        body: &str,
        pos: Pos,
    ) -> ParseResult<Attribute> {
        if !self.ctx.allow_unregistered {
            if self.ctx.registry().dialect(dialect).is_some() {
                return Err(self.err_at(
                    pos,
                    format!("unknown attribute '{mnemonic}' in dialect '{dialect}'"),
                ));
            }
            return Err(self.err_at(
                pos,
                format!(
                    "#{dialect}.{mnemonic}{body} attribute created with unregistered dialect. If this is intended, \
                     please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect \
                     with the MLIR opt tool used"
                ),
            ));
        }
        let body = format!("{mnemonic}{body}");
        Ok(self.ctx.intern_attr(AttrKind::Opaque {
            dialect: dialect.to_string(),
            body,
        }))
    }

    /// `array<i64: 1, 2>`, `array<f32>`.
    fn parse_dense_array(&mut self) -> ParseResult<Attribute> {
        use TokenKind as K;
        self.bump();
        self.expect(K::Less, "expected '<' after 'array'")?;
        let type_pos = self.pos();
        let elem = self.parse_type_impl()?;
        let Some(class) = elem_class(self.ctx.type_kind(elem)) else {
            let s = self.ctx.type_to_string(elem);
            return Err(self.err_at(
                type_pos,
                format!("expected integer or float type, got: '{s}'"),
            ));
        };
        let width = match class {
            ElemClass::Int { width, .. } => width,
            ElemClass::Float(k) => k.width(),
        };
        if !(matches!(class, ElemClass::Int { width: 1, .. })) && width % 8 != 0 {
            return Err(self.err_at(type_pos, "element type bitwidth must be a multiple of 8"));
        }
        let mut ints = Vec::new();
        let mut floats = Vec::new();
        if !self.consume_if(K::Greater) {
            self.expect(K::Colon, "expected ':' after dense array type")?;
            loop {
                match class {
                    ElemClass::Int { width, signedness } => {
                        if self.is_keyword("true") || self.is_keyword("false") {
                            ints.push(self.is_keyword("true") as i64);
                            self.bump();
                        } else {
                            let neg = self.consume_if(K::Minus);
                            if !self.is(K::Integer) {
                                return Err(self.err_here("expected integer literal"));
                            }
                            let v = parse_u128(self.text()).and_then(|m| {
                                build_int(m, neg, width, signedness == Signedness::Signed)
                            });
                            let Some(v) = v else {
                                return Err(
                                    self.err_here("integer constant out of range for attribute")
                                );
                            };
                            ints.push(store_int(v, width, signedness));
                            self.bump();
                        }
                    }
                    ElemClass::Float(k) => {
                        let neg = self.consume_if(K::Minus);
                        let pos = self.pos();
                        let v = match self.kind() {
                            K::Float => match self.text().parse::<f64>() {
                                Ok(v) => {
                                    if neg {
                                        -v
                                    } else {
                                        v
                                    }
                                }
                                Err(_) => {
                                    return Err(self
                                        .err_here("floating point value too large for attribute"))
                                }
                            },
                            K::Integer => {
                                let t = self.text();
                                self.float_from_int_literal(t, neg, k, pos)?
                            }
                            _ => return Err(self.err_here("expected floating point literal")),
                        };
                        self.bump();
                        floats.push(round_float(v, k));
                    }
                }
                if !self.consume_if(K::Comma) {
                    break;
                }
            }
            self.expect(K::Greater, "expected '>' to close an array attribute")?;
        }
        let values = match class {
            ElemClass::Int { .. } => DenseValues::Ints(ints),
            ElemClass::Float(_) => DenseValues::Floats(floats),
        };
        Ok(self.ctx.intern_attr(AttrKind::DenseArray { elem, values }))
    }

    /// `dense<…> : tensor<…>` (splat, nested lists, or a `"0x…"` hex string).
    fn parse_dense_elements(&mut self, ty: Option<Type>) -> ParseResult<Attribute> {
        use TokenKind as K;
        let kw_pos = self.pos();
        self.bump();
        self.expect(K::Less, "expected '<' after 'dense'")?;
        let mut elems: Vec<(Token, bool)> = Vec::new();
        let mut dims: Option<Vec<i64>> = None;
        let mut hex: Option<(&'a str, Pos)> = None;
        let mut empty = false;
        if self.consume_if(K::Greater) {
            empty = true;
        } else {
            if self.is(K::LSquare) {
                let mut d = Vec::new();
                self.parse_dense_list(&mut elems, &mut d)?;
                dims = Some(d);
            } else if self.is(K::String) {
                hex = Some((self.text(), self.pos()));
                self.bump();
            } else {
                self.parse_dense_element(&mut elems)?;
            }
            self.expect(K::Greater, "expected '>'")?;
        }
        let ty = match ty {
            Some(t) => t,
            None => {
                self.expect(K::Colon, "expected ':'")?;
                self.parse_type_impl()?
            }
        };
        let (shape, elem_ty) = match self.ctx.type_kind(ty) {
            TypeKind::RankedTensor { shape, elem } | TypeKind::Vector { shape, elem } => {
                (shape.clone(), *elem)
            }
            _ => return Err(self.err_at(kw_pos, "elements literal must be a shaped type")),
        };
        if shape.contains(&DYNAMIC) {
            return Err(self.err_at(kw_pos, "elements literal type must have static shape"));
        }
        let count = shape.iter().try_fold(1i64, |acc, &d| acc.checked_mul(d));
        let Some(count) = count else {
            return Err(self.err_at(kw_pos, "elements literal type has too many elements"));
        };
        let Some(class) = elem_class(self.ctx.type_kind(elem_ty)) else {
            return Err(self.err_at(
                kw_pos,
                "dense elements of this element type are not supported",
            ));
        };
        if empty {
            if count != 0 {
                let s = self.ctx.type_to_string(ty);
                return Err(self.err_at(
                    kw_pos,
                    format!("parsed zero elements, but type ('{s}') expected at least 1"),
                ));
            }
            let values = match class {
                ElemClass::Int { .. } => DenseValues::Ints(Vec::new()),
                ElemClass::Float(_) => DenseValues::Floats(Vec::new()),
            };
            return Ok(self.ctx.intern_attr(AttrKind::DenseElements { ty, values }));
        }
        if let Some((text, pos)) = hex {
            let values = self.decode_dense_hex(text, pos, class, count)?;
            return Ok(self.make_dense(ty, values, count));
        }
        if let Some(d) = &dims {
            if *d != shape {
                return Err(self.err_at(
                    kw_pos,
                    format!(
                        "inferred shape of elements literal ({}) does not match type ({})",
                        shape_str(d),
                        shape_str(&shape)
                    ),
                ));
            }
        }
        let values = match class {
            ElemClass::Int { width, signedness } => {
                let mut v = Vec::with_capacity(elems.len());
                for &(t, neg) in &elems {
                    let text = &self.src[t.start..t.end];
                    let p = Self::tok_pos(&t);
                    match t.kind {
                        K::BareIdent => {
                            if !(width == 1 && signedness == Signedness::Signless) {
                                return Err(
                                    self.err_at(p, "expected i1 type for 'true' or 'false' values")
                                );
                            }
                            v.push((text == "true") as i64);
                        }
                        K::Float => {
                            return Err(self
                                .err_at(p, "expected integer elements, but parsed floating-point"))
                        }
                        _ => {
                            let Some(x) = parse_u128(text).and_then(|m| {
                                build_int(m, neg, width, signedness == Signedness::Signed)
                            }) else {
                                return Err(
                                    self.err_at(p, "integer constant out of range for attribute")
                                );
                            };
                            v.push(store_int(x, width, signedness));
                        }
                    }
                }
                DenseValues::Ints(v)
            }
            ElemClass::Float(k) => {
                let mut v = Vec::with_capacity(elems.len());
                for &(t, neg) in &elems {
                    let text = &self.src[t.start..t.end];
                    let p = Self::tok_pos(&t);
                    let x = match t.kind {
                        K::BareIdent => {
                            return Err(self.err_at(p, "expected floating point literal"))
                        }
                        K::Float => match text.parse::<f64>() {
                            Ok(x) => round_float(if neg { -x } else { x }, k),
                            Err(_) => {
                                return Err(
                                    self.err_at(p, "floating point value too large for attribute")
                                )
                            }
                        },
                        _ => self.float_from_int_literal(text, neg, k, p)?,
                    };
                    v.push(x);
                }
                DenseValues::Floats(v)
            }
        };
        Ok(self.make_dense(ty, values, count))
    }

    /// Interns a dense elements attribute, storing a single value when all are equal (a splat).
    fn make_dense(&mut self, ty: Type, values: DenseValues, count: i64) -> Attribute {
        let values = match values {
            DenseValues::Ints(v) if count > 1 && v.len() > 1 && v.iter().all(|x| *x == v[0]) => {
                DenseValues::Ints(vec![v[0]])
            }
            DenseValues::Floats(v)
                if count > 1 && v.len() > 1 && v.iter().all(|x| x.to_bits() == v[0].to_bits()) =>
            {
                DenseValues::Floats(vec![v[0]])
            }
            other => other,
        };
        self.ctx.intern_attr(AttrKind::DenseElements { ty, values })
    }

    /// Decodes `"0x…"` raw little-endian element data (one element for a splat).
    fn decode_dense_hex(
        &mut self,
        lit: &str,
        pos: Pos,
        class: ElemClass,
        count: i64,
    ) -> ParseResult<DenseValues> {
        let s = unescape(lit);
        let Some(h) = s
            .strip_prefix("0x")
            .filter(|h| h.len() % 2 == 0 && h.bytes().all(|b| b.is_ascii_hexdigit()))
        else {
            return Err(self.err_at(
                pos,
                "expected string containing hex digits starting with `0x`",
            ));
        };
        let bytes: Vec<u8> = (0..h.len() / 2)
            .map(|i| u8::from_str_radix(&h[2 * i..2 * i + 2], 16).unwrap_or(0))
            .collect();
        let width = match class {
            ElemClass::Int { width, .. } => width,
            ElemClass::Float(k) => k.width(),
        };
        let esize = (width.max(8) / 8) as usize;
        if width > 64 || (width % 8 != 0 && width != 1) {
            return Err(self.err_at(
                pos,
                "hex dense literals are not supported for this element type",
            ));
        }
        let n = bytes.len() / esize;
        if !bytes.len().is_multiple_of(esize) || (n as i64 != count && n != 1) {
            return Err(self.err_at(pos, "elements hex data size is invalid for provided type"));
        }
        let raw = (0..n).map(|i| {
            let mut b = [0u8; 8];
            b[..esize].copy_from_slice(&bytes[i * esize..(i + 1) * esize]);
            u64::from_le_bytes(b)
        });
        Ok(match class {
            ElemClass::Int { width, signedness } => DenseValues::Ints(
                raw.map(|r| store_int(r as i64, width, signedness))
                    .collect(),
            ),
            ElemClass::Float(k) => {
                DenseValues::Floats(raw.map(|r| float_from_bits(r, k)).collect())
            }
        })
    }

    /// Parses `[…]` of elements or nested lists, recording the inferred shape.
    fn parse_dense_list(
        &mut self,
        elems: &mut Vec<(Token, bool)>,
        dims: &mut Vec<i64>,
    ) -> ParseResult<()> {
        use TokenKind as K;
        self.enter()?;
        self.bump();
        let mut size = 0i64;
        let mut first: Option<Vec<i64>> = None;
        if !self.consume_if(K::RSquare) {
            loop {
                let mut this = Vec::new();
                if self.is(K::LSquare) {
                    self.parse_dense_list(elems, &mut this)?;
                } else {
                    self.parse_dense_element(elems)?;
                }
                size += 1;
                match &first {
                    None => first = Some(this),
                    Some(f) if *f != this => {
                        return Err(self.err_here(
                            "tensor literal is invalid; ranks are not consistent between elements",
                        ));
                    }
                    _ => {}
                }
                if !self.consume_if(K::Comma) {
                    break;
                }
            }
            self.expect(K::RSquare, "expected ']'")?;
        }
        dims.clear();
        dims.push(size);
        dims.extend(first.unwrap_or_default());
        self.leave();
        Ok(())
    }

    fn parse_dense_element(&mut self, elems: &mut Vec<(Token, bool)>) -> ParseResult<()> {
        use TokenKind as K;
        let neg = self.consume_if(K::Minus);
        match self.kind() {
            K::Integer | K::Float => {}
            K::BareIdent if !neg && (self.text() == "true" || self.text() == "false") => {}
            K::LParen => return Err(self.err_here("complex dense elements are not supported")),
            _ => return Err(self.err_tok("expected element literal of primitive type")),
        }
        elems.push((self.tok, neg));
        self.bump();
        Ok(())
    }

    // ----- locations -----------------------------------------------------------------------------

    /// Parses `loc(…)`; the current token is the keyword `loc`.
    /// `loc(#alias)` may name an alias defined later in the file (MLIR prints location aliases
    /// at the end); such a location reads as `loc(unknown)` here and the alias must exist by the
    /// end of the input.
    pub(crate) fn parse_location_specifier(&mut self) -> ParseResult<Location> {
        self.bump();
        self.expect(TokenKind::LParen, "expected '(' in location")?;
        let l = if self.is(TokenKind::HashIdent) && !self.text().contains('.') {
            let name = &self.text()[1..];
            let l = match self.st.loc_aliases.get(name).copied() {
                Some(l) => l,
                None if self.st.attr_aliases.contains_key(name) => {
                    return Err(self.err_here("expected location attribute"));
                }
                None => {
                    let pos = self.pos();
                    self.st.deferred_locs.push((None, name, pos));
                    self.ctx.unknown_loc()
                }
            };
            self.bump();
            l
        } else {
            self.parse_location_instance()?
        };
        self.expect(TokenKind::RParen, "expected ')' in location")?;
        Ok(l)
    }

    /// Parses what goes inside `loc(…)`.
    pub(crate) fn parse_location_instance(&mut self) -> ParseResult<Location> {
        self.enter()?;
        let l = self.parse_location_inner()?;
        self.leave();
        Ok(l)
    }

    fn parse_location_inner(&mut self) -> ParseResult<Location> {
        use TokenKind as K;
        match self.kind() {
            K::HashIdent => {
                let name = &self.text()[1..];
                match self.st.loc_aliases.get(name).copied() {
                    Some(l) => {
                        self.bump();
                        Ok(l)
                    }
                    None if name.contains('.') || self.st.attr_aliases.contains_key(name) => {
                        Err(self.err_here("expected location attribute"))
                    }
                    None => Err(self.err_here(format!("undefined symbol alias id '{name}'"))),
                }
            }
            K::BareIdent if self.text() == "unknown" => {
                self.bump();
                Ok(self.ctx.unknown_loc())
            }
            K::BareIdent if self.text() == "callsite" => {
                self.bump();
                self.expect(K::LParen, "expected '(' in callsite location")?;
                let callee = self.parse_location_instance()?;
                if !self.is_keyword("at") {
                    return Err(self.err_tok("expected 'at' in callsite location"));
                }
                self.bump();
                let caller = self.parse_location_instance()?;
                self.expect(K::RParen, "expected ')' in callsite location")?;
                Ok(self.ctx.intern_loc(LocKind::CallSite { callee, caller }))
            }
            K::BareIdent if self.text() == "fused" => {
                self.bump();
                if self.consume_if(K::Less) {
                    // The metadata attribute is read but not kept.
                    self.parse_attribute_impl(None)?;
                    self.expect(K::Greater, "expected '>' after fused location metadata")?;
                }
                self.expect(K::LSquare, "expected '[' in fused location")?;
                let mut locs = Vec::new();
                if !self.consume_if(K::RSquare) {
                    loop {
                        locs.push(self.parse_location_instance()?);
                        if !self.consume_if(K::Comma) {
                            break;
                        }
                    }
                    self.expect(K::RSquare, "expected ']' in fused location")?;
                }
                Ok(self.ctx.intern_loc(LocKind::Fused(locs)))
            }
            K::String => {
                let s = unescape(self.text());
                self.bump();
                if self.consume_if(K::Colon) {
                    let line = if self.is(K::Integer) {
                        self.text().parse::<u32>().ok()
                    } else {
                        None
                    };
                    let Some(line) = line else {
                        return Err(
                            self.err_tok("expected integer line number in FileLineColRange")
                        );
                    };
                    self.bump();
                    let mut col = 0;
                    if self.consume_if(K::Colon) {
                        let c = if self.is(K::Integer) {
                            self.text().parse::<u32>().ok()
                        } else {
                            None
                        };
                        let Some(c) = c else {
                            return Err(
                                self.err_tok("expected integer column number in FileLineColRange")
                            );
                        };
                        col = c;
                        self.bump();
                    }
                    // A range end (`to 3:4`, `to :4`) is read but not kept.
                    if self.is_keyword("to") {
                        self.bump();
                        if !self.is(K::Integer) && !self.is(K::Colon) {
                            return Err(self.err_tok(
                                "expected either integer or `:` post `to` in FileLineColRange",
                            ));
                        }
                        if self.is(K::Integer) {
                            self.bump();
                        }
                        if self.consume_if(K::Colon) {
                            if !self.is(K::Integer) {
                                return Err(self.err_tok(
                                    "expected integer column number after `:` in FileLineColRange",
                                ));
                            }
                            self.bump();
                        }
                    }
                    let file = self.ctx.intern(&s);
                    return Ok(self
                        .ctx
                        .intern_loc(LocKind::FileLineCol { file, line, col }));
                }
                let name = self.ctx.intern(&s);
                let child = if self.consume_if(K::LParen) {
                    let c = self.parse_location_instance()?;
                    self.expect(K::RParen, "expected ')' after child location of NameLoc")?;
                    Some(c)
                } else {
                    None
                };
                Ok(self.ctx.intern_loc(LocKind::Name { name, child }))
            }
            _ => Err(self.err_tok("expected location instance")),
        }
    }
}
