//! Operations, regions and blocks.

use std::borrow::Cow;

use smallvec::SmallVec;

use super::lexer::{unescape, TokenKind};
use super::{Argument, ParseResult, Parser, Pos};
use crate::attrs::AttrKind;
use crate::context::{BlockId, InsertPoint, OpId, OperationState, RegionId};
use crate::diagnostic::Diagnostic;
use crate::intern::Symbol;
use crate::location::Location;
use crate::registry::{OpInfo, OpTraits};
use crate::types::{Type, TypeKind};

const UNREGISTERED_OP: &str =
    "operation being parsed with an unregistered dialect. If this is intended, please use \
                               -allow-unregistered-dialect with the MLIR tool used";

impl<'a> Parser<'a> {
    /// Parses one operation (with its result list) and appends it to the current block.
    pub(crate) fn parse_operation(&mut self) -> ParseResult<()> {
        let start = self.pos();
        let mut results: SmallVec<[(&'a str, u32, Pos); 2]> = SmallVec::new();
        let mut num_expected = 0usize;
        if self.is(TokenKind::PercentIdent) {
            loop {
                let name = self.text();
                let pos = self.pos();
                self.bump();
                let mut count = 1u32;
                if self.consume_if(TokenKind::Colon) {
                    let n = if self.is(TokenKind::Integer) {
                        self.text().parse::<u32>().ok()
                    } else {
                        None
                    };
                    let Some(n) = n else {
                        return Err(self.err_here("expected integer number of results"));
                    };
                    if n < 1 {
                        return Err(
                            self.err_here("expected named operation to have at least 1 result")
                        );
                    }
                    self.bump();
                    count = n;
                }
                results.push((name, count, pos));
                num_expected += count as usize;
                if !self.consume_if(TokenKind::Comma) {
                    break;
                }
                if !self.is(TokenKind::PercentIdent) {
                    return Err(self.err_tok("expected valid ssa identifier"));
                }
            }
            self.expect(TokenKind::Equal, "expected '=' after SSA name")?;
        }
        let loc = self.loc_at(start);
        let op = match self.kind() {
            TokenKind::BareIdent => self.parse_custom_op(loc)?,
            TokenKind::String => self.parse_generic_op(loc)?,
            _ => return Err(self.err_tok("expected operation name in quotes")),
        };
        let block = self.st.cur_block.expect("ops are parsed into a block");
        self.ctx.insert_op(op, InsertPoint::BlockEnd(block));
        self.parse_trailing_op_location(op)?;
        if !results.is_empty() {
            let n = self.ctx.num_results(op);
            if n != num_expected {
                return Err(self.err_at(
                    start,
                    format!(
                        "operation defines {n} results but was provided {num_expected} to bind"
                    ),
                ));
            }
            let mut idx = 0;
            for (name, count, pos) in results {
                for i in 0..count {
                    let v = self.ctx.result(op, idx);
                    self.define_value(Cow::Borrowed(name), i, pos, v)?;
                    idx += 1;
                }
            }
        }
        Ok(())
    }

    /// Resolves a custom-form op name: the name itself, then prefixed with the enclosing
    /// op's default dialect, then prefixed with `builtin.`.
    fn lookup_custom_op(
        &mut self,
        default_dialect: &str,
        name: &str,
    ) -> Option<(Symbol, &'static OpInfo)> {
        let find = |ctx: &crate::Context, n: &str| {
            ctx.lookup_symbol(n)
                .and_then(|s| ctx.op_info(s).map(|i| (s, i)))
        };
        if let Some(r) = find(self.ctx, name) {
            return Some(r);
        }
        if !default_dialect.is_empty() {
            if let Some(r) = find(self.ctx, &format!("{default_dialect}.{name}")) {
                return Some(r);
            }
        }
        find(self.ctx, &format!("builtin.{name}"))
    }

    fn parse_custom_op(&mut self, loc: Location) -> ParseResult<OpId> {
        let name = self.text();
        let dd = self.st.default_dialects.last().copied().unwrap_or("");
        let resolved = match self.st.op_name_cache.get(&(dd, name)) {
            Some(r) => *r,
            None => {
                let r = self.lookup_custom_op(dd, name);
                self.st.op_name_cache.insert((dd, name), r);
                r
            }
        };
        let Some((sym, info)) = resolved else {
            return Err(self.err_here(format!("custom op '{name}' is unknown")));
        };
        let Some(parse) = info.parse else {
            return Err(self.err_here(format!("custom op '{name}' has no custom assembly form")));
        };
        self.bump();
        let mut state = OperationState {
            name: sym,
            loc,
            operands: Vec::new(),
            result_types: Vec::new(),
            attrs: Vec::new(),
            regions: Vec::new(),
            successors: Vec::new(),
        };
        self.st.default_dialects.push(info.default_dialect);
        self.st
            .isolated
            .push(info.traits.contains(OpTraits::ISOLATED_FROM_ABOVE));
        let r = parse(self, &mut state);
        self.st.default_dialects.pop();
        self.st.isolated.pop();
        r?;
        Ok(self.ctx.create_op(state))
    }

    fn parse_generic_op(&mut self, loc: Location) -> ParseResult<OpId> {
        let name = unescape(self.text());
        if name.is_empty() {
            return Err(self.err_here("empty operation name is invalid"));
        }
        if name.contains('\0') {
            return Err(self.err_here("null character not allowed in operation name"));
        }
        let sym = self.ctx.intern(&name);
        let info = self.ctx.op_info(sym);
        // An unknown op of a registered dialect parses; the verifier then rejects it
        // (registered dialects do not allow unknown ops), as in MLIR.
        let dialect_registered = name
            .split_once('.')
            .is_some_and(|(d, _)| self.ctx.registry().dialect(d).is_some());
        if info.is_none() && !self.ctx.allow_unregistered && !dialect_registered {
            return Err(self.err_here(UNREGISTERED_OP));
        }
        self.bump();
        self.expect(TokenKind::LParen, "expected '(' to start operand list")?;
        let mut operands: SmallVec<[(&'a str, u32, Pos); 4]> = SmallVec::new();
        if self.is(TokenKind::PercentIdent) {
            loop {
                operands.push(self.parse_raw_operand(true)?);
                if !self.consume_if(TokenKind::Comma) {
                    break;
                }
            }
        }
        self.expect(TokenKind::RParen, "expected ')' to end operand list")?;
        let mut successors = Vec::new();
        if self.is(TokenKind::LSquare) {
            if info.is_some_and(|i| !i.traits.contains(OpTraits::TERMINATOR)) {
                return Err(self.err_here("successors in non-terminator"));
            }
            self.bump();
            loop {
                successors.push(self.parse_successor()?);
                if !self.consume_if(TokenKind::Comma) {
                    break;
                }
            }
            self.expect(TokenKind::RSquare, "expected ']'")?;
        }
        let mut attrs = Vec::new();
        if self.consume_if(TokenKind::Less) {
            let p = self.pos();
            let a = self.parse_attribute_impl(None)?;
            match self.ctx.attr_kind(a) {
                AttrKind::Dictionary(d) => attrs.extend(d.iter().copied()),
                _ => {
                    return Err(self.err_at(p, "expected a dictionary attribute for the properties"))
                }
            }
            self.expect(TokenKind::Greater, "expected '>' to close properties")?;
        }
        let mut regions = Vec::new();
        if self.consume_if(TokenKind::LParen) {
            let isolated = info.is_some_and(|i| i.traits.contains(OpTraits::ISOLATED_FROM_ABOVE));
            loop {
                let r = self.ctx.create_region();
                regions.push(r);
                self.parse_region_impl(r, &[], isolated)?;
                if !self.consume_if(TokenKind::Comma) {
                    break;
                }
            }
            self.expect(TokenKind::RParen, "expected ')' to end region list")?;
        }
        if self.is(TokenKind::LBrace) {
            self.parse_attr_dict_into(&mut attrs)?;
        }
        self.expect(TokenKind::Colon, "expected ':' followed by operation type")?;
        let type_pos = self.pos();
        let mut ins: SmallVec<[Type; 4]> = SmallVec::new();
        let mut outs: Vec<Type> = Vec::new();
        if self.is(TokenKind::LParen) {
            self.parse_function_type_into(&mut ins, &mut outs)?;
        } else {
            let t = self.parse_type_impl()?;
            match self.ctx.type_kind(t) {
                TypeKind::Function { inputs, results } => {
                    ins.extend(inputs.iter().copied());
                    outs.extend(results.iter().copied());
                }
                _ => return Err(self.err_at(type_pos, "expected function type")),
            }
        }
        if ins.len() != operands.len() {
            let s = if operands.len() == 1 { "" } else { "s" };
            return Err(self.err_at(
                type_pos,
                format!(
                    "expected {} operand type{s} but had {}",
                    operands.len(),
                    ins.len()
                ),
            ));
        }
        let mut values = Vec::with_capacity(operands.len());
        for (&(name, number, pos), &t) in operands.iter().zip(ins.iter()) {
            values.push(self.resolve_value(name, Some(name), number, pos, t)?);
        }
        let state = OperationState {
            name: sym,
            loc,
            operands: values,
            result_types: outs,
            attrs,
            regions,
            successors,
        };
        Ok(self.ctx.create_op(state))
    }

    /// Parses an op's trailing `loc(...)`, if any, and applies it. `loc(#alias)` may name an
    /// alias defined later in the file.
    fn parse_trailing_op_location(&mut self, op: OpId) -> ParseResult<()> {
        if !self.is_keyword("loc") {
            return Ok(());
        }
        self.bump();
        self.expect(TokenKind::LParen, "expected '(' in location")?;
        if self.is(TokenKind::HashIdent) && !self.text().contains('.') {
            let name = &self.text()[1..];
            let pos = self.pos();
            match self.st.loc_aliases.get(name).copied() {
                Some(l) => self.ctx.set_op_loc(op, l),
                None if self.st.attr_aliases.contains_key(name) => {
                    return Err(self.err_tok("expected location attribute"));
                }
                None => self.st.deferred_locs.push((Some(op), name, pos)),
            }
            self.bump();
        } else {
            let l = self.parse_location_instance()?;
            self.ctx.set_op_loc(op, l);
        }
        self.expect(TokenKind::RParen, "expected ')' in location")
    }

    /// Parses `{ blocks }` into `region`; see [`Parser::parse_region`].
    pub(crate) fn parse_region_impl(
        &mut self,
        region: RegionId,
        args: &[Argument],
        isolated: bool,
    ) -> ParseResult<()> {
        self.expect(TokenKind::LBrace, "expected '{' to begin a region")?;
        if args.is_empty() && self.consume_if(TokenKind::RBrace) {
            return Ok(());
        }
        self.enter()?;
        self.push_scope(isolated);
        let saved = self.st.cur_block;
        let entry = self.ctx.create_block(&[]);
        self.ctx.append_block(region, entry);
        for a in args {
            let pos = self.pos_of_loc(a.name.loc);
            let Some(ty) = a.ty else {
                return Err(Diagnostic::error(
                    a.name.loc,
                    format!("region entry argument '{}' has no type", a.name.name),
                ));
            };
            let scope = self.st.scopes.last().expect("scope");
            if let Some(prev) = scope
                .values
                .get(a.name.name.as_str())
                .and_then(|e| e.first().copied())
            {
                let prior = self.loc_at(prev.pos);
                return Err(Diagnostic::error(
                    a.name.loc,
                    format!("region entry argument '{}' is already in use", a.name.name),
                )
                .with_note(prior, "previously referenced here"));
            }
            let v = self.ctx.add_block_arg(entry, ty);
            self.define_value(Cow::Owned(a.name.name.clone()), 0, pos, v)?;
        }
        if !args.is_empty() && self.is(TokenKind::CaretIdent) {
            return Err(self.err_here("invalid block name in region with named arguments"));
        }
        self.parse_block(region, Some(entry))?;
        while !self.is(TokenKind::RBrace) {
            self.parse_block(region, None)?;
        }
        self.bump();
        self.pop_scope()?;
        self.st.cur_block = saved;
        self.leave();
        Ok(())
    }

    /// Parses a block: an optional (for the entry block) `^name(args):` header and the ops.
    fn parse_block(&mut self, region: RegionId, entry: Option<BlockId>) -> ParseResult<()> {
        let block = if self.is(TokenKind::CaretIdent) {
            let name = self.text();
            let pos = self.pos();
            self.bump();
            let bs = self.st.block_scopes.last_mut().expect("block scope");
            let block = match bs.blocks.get_mut(name) {
                None => {
                    let b = match entry {
                        Some(b) => b,
                        None => {
                            let b = self.ctx.create_block(&[]);
                            self.ctx.append_block(region, b);
                            b
                        }
                    };
                    let bs = self.st.block_scopes.last_mut().expect("block scope");
                    bs.blocks.insert(
                        name,
                        super::BlockEntry {
                            block: b,
                            defined: true,
                            pos,
                        },
                    );
                    b
                }
                Some(e) if !e.defined => {
                    e.defined = true;
                    e.pos = pos;
                    let b = e.block;
                    self.ctx.append_block(region, b);
                    b
                }
                Some(_) => return Err(self.err_at(pos, format!("redefinition of block '{name}'"))),
            };
            if self.consume_if(TokenKind::LParen) && !self.consume_if(TokenKind::RParen) {
                loop {
                    let (name, _, pos) = self.parse_raw_operand(false)?;
                    self.expect(TokenKind::Colon, "expected ':' and type for SSA operand")?;
                    let ty = self.parse_type_impl()?;
                    let v = self.ctx.add_block_arg(block, ty);
                    self.parse_optional_location_specifier()?;
                    self.define_value(Cow::Borrowed(name), 0, pos, v)?;
                    if !self.consume_if(TokenKind::Comma) {
                        break;
                    }
                }
                self.expect(TokenKind::RParen, "expected ')' to end argument list")?;
            }
            self.expect(TokenKind::Colon, "expected ':' after block name")?;
            block
        } else {
            match entry {
                Some(b) => b,
                None => return Err(self.err_tok("expected block name")),
            }
        };
        loop {
            match self.kind() {
                TokenKind::CaretIdent | TokenKind::RBrace => return Ok(()),
                _ => {
                    self.st.cur_block = Some(block);
                    self.parse_operation()?;
                }
            }
        }
    }
}
