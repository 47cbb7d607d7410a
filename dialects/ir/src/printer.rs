//! The MLIR text printer: custom and generic op forms, types, attributes, locations.
//!
//! Value names follow MLIR's numbering: results are `%0, %1, …` and entry-block arguments
//! `%arg0, …`, with numbering restarted inside every `IsolatedFromAbove` op; an op with several
//! results prints `%3:2 = …` and its uses `%3#1`. Blocks are `^bb0, ^bb1, …` per region.
//! Names are assigned for a whole isolated scope before printing it, so uses that precede their
//! definition in the text (graph regions, back edges) print correctly.

use std::fmt::{self, Write};

use rustc_hash::FxHashMap;

use crate::attrs::{AttrKind, Attribute, DenseValues, NamedAttr};
use crate::context::{BlockId, Context, OpId, RegionId, Value, ValueDef};
use crate::location::{LocKind, Location};
use crate::registry::OpTraits;
use crate::types::{Signedness, Type, TypeKind, DYNAMIC};

/// Options controlling the printed form.
#[derive(Clone, Copy, Debug, Default)]
pub struct PrintOptions {
    /// Print every op in the generic form (`--mlir-print-op-generic`).
    pub generic: bool,
    /// Print op locations (`--mlir-print-debuginfo`).
    pub debug_info: bool,
}

#[derive(Clone, Copy)]
enum ValueName {
    Num(u32),
    Arg(u32),
}

/// Accumulates printed text; passed to custom op printers and dialect type/attr printers.
pub struct Printer<'a> {
    /// The context being printed.
    pub ctx: &'a Context,
    out: String,
    indent: usize,
    opts: PrintOptions,
    names: FxHashMap<Value, (ValueName, Option<u32>)>,
    block_ids: FxHashMap<BlockId, u32>,
    default_dialects: Vec<&'static str>,
}

impl fmt::Write for Printer<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.out.push_str(s);
        Ok(())
    }
}

impl<'a> Printer<'a> {
    /// A printer with the given options.
    pub fn new(ctx: &'a Context, opts: PrintOptions) -> Self {
        Printer {
            ctx,
            out: String::new(),
            indent: 0,
            opts,
            names: FxHashMap::default(),
            block_ids: FxHashMap::default(),
            default_dialects: Vec::new(),
        }
    }

    /// The text printed so far.
    pub fn finish(self) -> String {
        self.out
    }

    /// The options in effect.
    pub fn options(&self) -> PrintOptions {
        self.opts
    }

    /// Prints a top-level op (usually `builtin.module`) followed by a newline.
    pub fn print_top_level(&mut self, op: OpId) -> fmt::Result {
        self.number_scope_root(op);
        self.print_op(op)?;
        self.out.push('\n');
        Ok(())
    }

    // ----- naming ---------------------------------------------------------------------------

    fn number_scope_root(&mut self, op: OpId) {
        let mut next_value = 0u32;
        let mut next_arg = 0u32;
        // The root's own results are numbered in the enclosing (empty) scope.
        self.name_results(op, &mut next_value);
        self.number_regions(op, &mut next_value, &mut next_arg);
    }

    fn name_results(&mut self, op: OpId, next_value: &mut u32) {
        let results = self.ctx.results(op);
        match results.len() {
            0 => {}
            1 => {
                self.names
                    .insert(results[0], (ValueName::Num(*next_value), None));
                *next_value += 1;
            }
            _ => {
                for (i, &r) in results.iter().enumerate() {
                    self.names
                        .insert(r, (ValueName::Num(*next_value), Some(i as u32)));
                }
                *next_value += 1;
            }
        }
    }

    fn number_regions(&mut self, op: OpId, next_value: &mut u32, next_arg: &mut u32) {
        let isolated = self.ctx.op_has_traits(op, OpTraits::ISOLATED_FROM_ABOVE);
        let (mut local_value, mut local_arg) = (0u32, 0u32);
        let (nv, na): (&mut u32, &mut u32) = if isolated {
            (&mut local_value, &mut local_arg)
        } else {
            (next_value, next_arg)
        };
        for &r in self.ctx.regions(op) {
            for (bi, &b) in self.ctx.region_blocks(r).iter().enumerate() {
                self.block_ids.insert(b, bi as u32);
                for &a in self.ctx.block_args(b) {
                    if bi == 0 {
                        self.names.insert(a, (ValueName::Arg(*na), None));
                        *na += 1;
                    } else {
                        self.names.insert(a, (ValueName::Num(*nv), None));
                        *nv += 1;
                    }
                }
                let mut cur = self.ctx.first_op(b);
                while let Some(o) = cur {
                    self.name_results(o, nv);
                    self.number_regions(o, nv, na);
                    cur = self.ctx.next_op(o);
                }
            }
        }
    }

    // ----- primitive output -----------------------------------------------------------------

    /// Writes a newline and the current indentation.
    pub fn newline(&mut self) {
        self.out.push('\n');
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }

    /// Increases indentation by one level.
    pub fn indent(&mut self) {
        self.indent += 1;
    }

    /// Decreases indentation by one level.
    pub fn dedent(&mut self) {
        self.indent = self.indent.saturating_sub(1);
    }

    /// Prints a value reference (`%0`, `%arg1`, `%2#1`).
    pub fn print_value(&mut self, v: Value) -> fmt::Result {
        self.print_value_name(v)?;
        match self.names.get(&v) {
            Some(&(_, Some(i))) => write!(self.out, "#{i}"),
            _ => Ok(()),
        }
    }

    /// Prints a value's name without the `#N` index of a result group (`%2` for `%2#1`).
    fn print_value_name(&mut self, v: Value) -> fmt::Result {
        match self.names.get(&v) {
            Some(&(name, _)) => match name {
                ValueName::Num(n) => write!(self.out, "%{n}"),
                ValueName::Arg(n) => write!(self.out, "%arg{n}"),
            },
            None => write!(
                self.out,
                "<<UNKNOWN SSA VALUE {}>>",
                crate::entity::EntityId::index(v)
            ),
        }
    }

    /// Prints values separated by `, `.
    pub fn print_values(&mut self, vs: impl IntoIterator<Item = Value>) -> fmt::Result {
        for (i, v) in vs.into_iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_value(v)?;
        }
        Ok(())
    }

    /// Prints the operands of `op` separated by `, `.
    pub fn print_operands(&mut self, op: OpId) -> fmt::Result {
        let vs = self.ctx.operand_vec(op);
        self.print_values(vs)
    }

    /// Prints a block label (`^bb1`).
    pub fn print_block_name(&mut self, b: BlockId) -> fmt::Result {
        match self.block_ids.get(&b) {
            Some(n) => write!(self.out, "^bb{n}"),
            None => write!(self.out, "^INVALIDBLOCK"),
        }
    }

    /// Prints `@name`, quoted when it is not a bare identifier.
    pub fn print_symbol_name(&mut self, name: &str) -> fmt::Result {
        self.out.push('@');
        if is_bare_identifier(name) {
            self.out.push_str(name);
            Ok(())
        } else {
            print_escaped_string(&mut self.out, name)
        }
    }

    /// Prints a string literal with MLIR escapes.
    pub fn print_string(&mut self, s: &str) -> fmt::Result {
        print_escaped_string(&mut self.out, s)
    }

    /// Prints a keyword or identifier as is.
    pub fn print_keyword(&mut self, s: &str) -> fmt::Result {
        self.out.push_str(s);
        Ok(())
    }

    // ----- types ----------------------------------------------------------------------------

    /// Prints a type.
    pub fn print_type(&mut self, ty: Type) -> fmt::Result {
        let ctx = self.ctx;
        match ctx.type_kind(ty) {
            TypeKind::Integer { width, signedness } => match signedness {
                Signedness::Signless => write!(self.out, "i{width}"),
                Signedness::Signed => write!(self.out, "si{width}"),
                Signedness::Unsigned => write!(self.out, "ui{width}"),
            },
            TypeKind::Index => self.print_keyword("index"),
            TypeKind::Float(k) => self.print_keyword(k.keyword()),
            TypeKind::None => self.print_keyword("none"),
            TypeKind::Function { inputs, results } => {
                self.out.push('(');
                self.print_types(inputs)?;
                self.out.push_str(") -> ");
                self.print_result_types(results)
            }
            TypeKind::Tuple(ts) => {
                self.out.push_str("tuple<");
                self.print_types(ts)?;
                self.out.push('>');
                Ok(())
            }
            TypeKind::Complex(t) => {
                self.out.push_str("complex<");
                self.print_type(*t)?;
                self.out.push('>');
                Ok(())
            }
            TypeKind::RankedTensor { shape, elem } => {
                self.out.push_str("tensor<");
                self.print_shape(shape);
                self.print_type(*elem)?;
                self.out.push('>');
                Ok(())
            }
            TypeKind::UnrankedTensor { elem } => {
                self.out.push_str("tensor<*x");
                self.print_type(*elem)?;
                self.out.push('>');
                Ok(())
            }
            TypeKind::Vector { shape, elem } => {
                self.out.push_str("vector<");
                self.print_shape(shape);
                self.print_type(*elem)?;
                self.out.push('>');
                Ok(())
            }
            TypeKind::MemRef {
                shape,
                elem,
                layout,
                memory_space,
            } => {
                self.out.push_str("memref<");
                self.print_shape(shape);
                self.print_type(*elem)?;
                if let Some(l) = layout {
                    self.out.push_str(", ");
                    self.print_attr(*l)?;
                }
                if let Some(m) = memory_space {
                    self.out.push_str(", ");
                    self.print_memory_space(*m)?;
                }
                self.out.push('>');
                Ok(())
            }
            TypeKind::UnrankedMemRef { elem, memory_space } => {
                self.out.push_str("memref<*x");
                self.print_type(*elem)?;
                if let Some(m) = memory_space {
                    self.out.push_str(", ");
                    self.print_memory_space(*m)?;
                }
                self.out.push('>');
                Ok(())
            }
            // `!dialect<…>` for a dialect-level type (no mnemonic).
            TypeKind::Dialect(d) if d.mnemonic().is_empty() => {
                write!(self.out, "!{}", d.dialect())?;
                d.print_body(self)
            }
            TypeKind::Dialect(d) => {
                write!(self.out, "!{}.{}", d.dialect(), d.mnemonic())?;
                d.print_body(self)
            }
            // `!dialect<…>` (verbose form) or `!dialect.body`.
            TypeKind::Opaque { dialect, body } if body.starts_with('<') => {
                write!(self.out, "!{dialect}{body}")
            }
            TypeKind::Opaque { dialect, body } => write!(self.out, "!{dialect}.{body}"),
        }
    }

    /// Prints a memref memory space: an `i64` integer without its type (`memref<4xf32, 3>`),
    /// anything else as an attribute.
    fn print_memory_space(&mut self, m: Attribute) -> fmt::Result {
        let ctx = self.ctx;
        match ctx.attr_kind(m) {
            AttrKind::Integer { ty, .. }
                if matches!(
                    ctx.type_kind(*ty),
                    TypeKind::Integer {
                        width: 64,
                        signedness: Signedness::Signless
                    }
                ) =>
            {
                self.print_attr_without_type(m)
            }
            _ => self.print_attr(m),
        }
    }

    fn print_shape(&mut self, shape: &[i64]) {
        for &d in shape {
            if d == DYNAMIC {
                self.out.push('?');
            } else {
                let _ = write!(self.out, "{d}");
            }
            self.out.push('x');
        }
    }

    /// Prints types separated by `, `.
    pub fn print_types(&mut self, tys: &[Type]) -> fmt::Result {
        for (i, &t) in tys.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_type(t)?;
        }
        Ok(())
    }

    /// Prints result types: a single non-function type bare, otherwise parenthesized.
    pub fn print_result_types(&mut self, tys: &[Type]) -> fmt::Result {
        let bare =
            tys.len() == 1 && !matches!(self.ctx.type_kind(tys[0]), TypeKind::Function { .. });
        if bare {
            self.print_type(tys[0])
        } else {
            self.out.push('(');
            self.print_types(tys)?;
            self.out.push(')');
            Ok(())
        }
    }

    /// Prints `(operand types) -> result types` for `op`.
    pub fn print_functional_type(&mut self, op: OpId) -> fmt::Result {
        let ins: Vec<Type> = self
            .ctx
            .operands(op)
            .map(|v| self.ctx.value_type(v))
            .collect();
        let outs: Vec<Type> = self
            .ctx
            .results(op)
            .iter()
            .map(|&v| self.ctx.value_type(v))
            .collect();
        self.out.push('(');
        self.print_types(&ins)?;
        self.out.push_str(") -> ");
        self.print_result_types(&outs)
    }

    // ----- attributes -----------------------------------------------------------------------

    /// Prints an attribute with its type suffix where MLIR prints one (`1 : i32`).
    pub fn print_attr(&mut self, attr: Attribute) -> fmt::Result {
        self.print_attr_impl(attr, true)
    }

    /// Prints an attribute without the `: type` suffix of integers and floats (used where the
    /// type is implied, e.g. `arith.constant 1 : i32` prints the type itself).
    pub fn print_attr_without_type(&mut self, attr: Attribute) -> fmt::Result {
        self.print_attr_impl(attr, false)
    }

    fn print_attr_impl(&mut self, attr: Attribute, with_type: bool) -> fmt::Result {
        let ctx = self.ctx;
        match ctx.attr_kind(attr) {
            AttrKind::Unit => self.print_keyword("unit"),
            AttrKind::Integer { value, ty } => {
                let is_bool = matches!(
                    ctx.type_kind(*ty),
                    TypeKind::Integer {
                        width: 1,
                        signedness: Signedness::Signless
                    }
                );
                if is_bool {
                    return self.print_keyword(if *value != 0 { "true" } else { "false" });
                }
                match ctx.type_kind(*ty) {
                    TypeKind::Integer {
                        width: 64,
                        signedness: Signedness::Unsigned,
                    } => write!(self.out, "{}", *value as u64)?,
                    _ => write!(self.out, "{value}")?,
                }
                if with_type {
                    self.out.push_str(" : ");
                    self.print_type(*ty)?;
                }
                Ok(())
            }
            AttrKind::Float { value, ty } => {
                format_float(&mut self.out, *value, ctx.type_kind(*ty));
                if with_type {
                    self.out.push_str(" : ");
                    self.print_type(*ty)?;
                }
                Ok(())
            }
            AttrKind::String(s) => print_escaped_string(&mut self.out, s),
            AttrKind::Type(t) => self.print_type(*t),
            AttrKind::Array(elems) => {
                self.out.push('[');
                for (i, &e) in elems.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_attr(e)?;
                }
                self.out.push(']');
                Ok(())
            }
            AttrKind::Dictionary(entries) => {
                self.out.push('{');
                self.print_named_attrs(entries)?;
                self.out.push('}');
                Ok(())
            }
            AttrKind::SymbolRef { root, nested } => {
                self.print_symbol_name(ctx.str(*root))?;
                for n in nested {
                    self.out.push_str("::");
                    self.print_symbol_name(ctx.str(*n))?;
                }
                Ok(())
            }
            AttrKind::DenseArray { elem, values } => {
                self.out.push_str("array<");
                self.print_type(*elem)?;
                if !values.is_empty() {
                    self.out.push_str(": ");
                    self.print_dense_flat(values, *elem);
                }
                self.out.push('>');
                Ok(())
            }
            AttrKind::DenseElements { ty, values } => {
                self.out.push_str("dense<");
                let elem = ctx.element_type_or_self(*ty);
                let shape: Vec<i64> = match ctx.type_kind(*ty) {
                    TypeKind::RankedTensor { shape, .. } | TypeKind::Vector { shape, .. } => {
                        shape.clone()
                    }
                    _ => vec![],
                };
                let count: i64 = shape.iter().product();
                let splat = values.len() == 1 && count != 1;
                if splat || shape.is_empty() {
                    self.print_dense_flat(values, elem);
                } else {
                    let mut idx = 0;
                    self.print_dense_nested(values, elem, &shape, &mut idx);
                }
                self.out.push_str("> : ");
                self.print_type(*ty)
            }
            // `#dialect<…>` for a dialect-level attribute (no mnemonic).
            AttrKind::Dialect(d) if d.mnemonic().is_empty() => {
                write!(self.out, "#{}", d.dialect())?;
                d.print_body(self)
            }
            AttrKind::Dialect(d) => {
                write!(self.out, "#{}.{}", d.dialect(), d.mnemonic())?;
                d.print_body(self)
            }
            // Builtin attributes kept as text (`strided<…>`, `affine_map<…>`) have no dialect.
            AttrKind::Opaque { dialect, body } if dialect.is_empty() => self.print_keyword(body),
            AttrKind::Opaque { dialect, body } if body.starts_with('<') => {
                write!(self.out, "#{dialect}{body}")
            }
            AttrKind::Opaque { dialect, body } => write!(self.out, "#{dialect}.{body}"),
        }
    }

    fn print_dense_elem(&mut self, values: &DenseValues, i: usize, elem: Type) {
        let ctx = self.ctx;
        match values {
            DenseValues::Ints(v) => {
                if matches!(ctx.type_kind(elem), TypeKind::Integer { width: 1, .. }) {
                    self.out.push_str(if v[i] != 0 { "true" } else { "false" });
                } else {
                    let _ = write!(self.out, "{}", v[i]);
                }
            }
            DenseValues::Floats(v) => format_float(&mut self.out, v[i], ctx.type_kind(elem)),
        }
    }

    fn print_dense_flat(&mut self, values: &DenseValues, elem: Type) {
        for i in 0..values.len() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_dense_elem(values, i, elem);
        }
    }

    fn print_dense_nested(
        &mut self,
        values: &DenseValues,
        elem: Type,
        shape: &[i64],
        idx: &mut usize,
    ) {
        if shape.is_empty() {
            self.print_dense_elem(values, *idx, elem);
            *idx += 1;
            return;
        }
        self.out.push('[');
        for i in 0..shape[0] {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_dense_nested(values, elem, &shape[1..], idx);
        }
        self.out.push(']');
    }

    fn print_named_attrs(&mut self, entries: &[NamedAttr]) -> fmt::Result {
        for (i, a) in entries.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            let name = self.ctx.str(a.name);
            if is_bare_identifier(name) {
                self.out.push_str(name);
            } else {
                print_escaped_string(&mut self.out, name)?;
            }
            if !matches!(self.ctx.attr_kind(a.value), AttrKind::Unit) {
                self.out.push_str(" = ");
                self.print_attr(a.value)?;
            }
        }
        Ok(())
    }

    /// Prints ` {attrs}` for the op's attributes except `elided` (nothing if none remain).
    pub fn print_optional_attr_dict(&mut self, op: OpId, elided: &[&str]) -> fmt::Result {
        let ctx = self.ctx;
        let entries: Vec<NamedAttr> = ctx
            .attrs(op)
            .iter()
            .filter(|a| !elided.contains(&ctx.str(a.name)))
            .copied()
            .collect();
        if entries.is_empty() {
            return Ok(());
        }
        self.out.push_str(" {");
        self.print_named_attrs(&entries)?;
        self.out.push('}');
        Ok(())
    }

    /// Like [`print_optional_attr_dict`](Self::print_optional_attr_dict) with the `attributes`
    /// keyword (`builtin.module attributes {…}`, `func.func … attributes {…}`).
    pub fn print_optional_attr_dict_with_keyword(
        &mut self,
        op: OpId,
        elided: &[&str],
    ) -> fmt::Result {
        let ctx = self.ctx;
        let any = ctx
            .attrs(op)
            .iter()
            .any(|a| !elided.contains(&ctx.str(a.name)));
        if any {
            self.out.push_str(" attributes");
        }
        self.print_optional_attr_dict(op, elided)
    }

    // ----- locations ------------------------------------------------------------------------

    /// Prints a location in MLIR's `loc(...)` syntax.
    pub fn print_loc(&mut self, loc: Location) -> fmt::Result {
        self.out.push_str("loc(");
        self.print_loc_inner(loc)?;
        self.out.push(')');
        Ok(())
    }

    fn print_loc_inner(&mut self, loc: Location) -> fmt::Result {
        let ctx = self.ctx;
        match ctx.loc_kind(loc) {
            LocKind::Unknown => self.print_keyword("unknown"),
            LocKind::FileLineCol { file, line, col } => {
                print_escaped_string(&mut self.out, ctx.str(*file))?;
                write!(self.out, ":{line}:{col}")
            }
            LocKind::Name { name, child } => {
                print_escaped_string(&mut self.out, ctx.str(*name))?;
                if let Some(c) = child {
                    self.out.push('(');
                    self.print_loc_inner(*c)?;
                    self.out.push(')');
                }
                Ok(())
            }
            LocKind::CallSite { callee, caller } => {
                self.out.push_str("callsite(");
                self.print_loc_inner(*callee)?;
                self.out.push_str(" at ");
                self.print_loc_inner(*caller)?;
                self.out.push(')');
                Ok(())
            }
            LocKind::Fused(ls) => {
                self.out.push_str("fused[");
                for (i, &l) in ls.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_loc_inner(l)?;
                }
                self.out.push(']');
                Ok(())
            }
        }
    }

    // ----- operations -----------------------------------------------------------------------

    /// Prints an op: results, name, body (custom or generic), and location if requested.
    pub fn print_op(&mut self, op: OpId) -> fmt::Result {
        let ctx = self.ctx;
        let results = ctx.results(op);
        if !results.is_empty() {
            self.print_value_name(results[0])?;
            if results.len() > 1 {
                write!(self.out, ":{}", results.len())?;
            }
            self.out.push_str(" = ");
        }
        let info = ctx.op_def(op);
        match info.and_then(|i| i.print) {
            Some(custom) if !self.opts.generic => {
                let name = ctx.op_name_str(op);
                let short = match name.split_once('.') {
                    Some((d, rest)) if self.default_dialects.last() == Some(&d) => rest,
                    _ if name == "builtin.module" => "module",
                    _ => name,
                };
                self.out.push_str(short);
                let dd = info.map(|i| i.default_dialect).unwrap_or("");
                self.default_dialects.push(dd);
                let r = custom(self, op);
                self.default_dialects.pop();
                r?;
            }
            _ => self.print_generic_op_body(op)?,
        }
        if self.opts.debug_info {
            self.out.push(' ');
            self.print_loc(ctx.op_loc(op))?;
        }
        Ok(())
    }

    /// Prints the generic form after the results: `"name"(operands)[succs] ({regions}) {attrs} : type`.
    pub fn print_generic_op_body(&mut self, op: OpId) -> fmt::Result {
        let ctx = self.ctx;
        print_escaped_string(&mut self.out, ctx.op_name_str(op))?;
        self.out.push('(');
        self.print_operands(op)?;
        self.out.push(')');
        let succs = ctx.successors(op);
        if !succs.is_empty() {
            self.out.push('[');
            for (i, &b) in succs.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_block_name(b)?;
            }
            self.out.push(']');
        }
        let regions = ctx.regions(op);
        if !regions.is_empty() {
            self.out.push_str(" (");
            self.default_dialects.push("");
            for (i, &r) in regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_region_with(r, true, true, true)?;
            }
            self.default_dialects.pop();
            self.out.push(')');
        }
        self.print_optional_attr_dict(op, &[])?;
        self.out.push_str(" : ");
        self.print_functional_type(op)
    }

    /// Prints a region in braces. `print_entry_args`: print the entry block's header when it
    /// has arguments; `print_terminators`: print every block's last op even when it is an
    /// implicit terminator.
    pub fn print_region(
        &mut self,
        r: RegionId,
        print_entry_args: bool,
        print_terminators: bool,
    ) -> fmt::Result {
        self.print_region_with(r, print_entry_args, print_terminators, false)
    }

    /// [`Printer::print_region`] with MLIR's `printEmptyBlock`: print the entry block's header
    /// (`^bb0:`) when that block is empty, so that a region holding one empty block does not
    /// read back as a region without blocks (the generic form always sets it).
    pub fn print_region_with(
        &mut self,
        r: RegionId,
        print_entry_args: bool,
        print_terminators: bool,
        print_empty_block: bool,
    ) -> fmt::Result {
        let ctx = self.ctx;
        self.out.push('{');
        let blocks = ctx.region_blocks(r).to_vec();
        self.indent += 1;
        for (bi, &b) in blocks.iter().enumerate() {
            let has_args = !ctx.block_args(b).is_empty();
            let print_header = bi > 0
                || (print_entry_args && has_args)
                || (print_empty_block && ctx.first_op(b).is_none());
            if print_header {
                self.indent -= 1;
                self.newline();
                self.print_block_header(b)?;
                self.indent += 1;
            }
            let mut cur = ctx.first_op(b);
            while let Some(o) = cur {
                cur = ctx.next_op(o);
                let implicit_terminator = cur.is_none()
                    && !print_terminators
                    && ctx.results(o).is_empty()
                    && ctx.num_operands(o) == 0
                    && ctx.op_has_traits(o, OpTraits::TERMINATOR)
                    && ctx.attrs(o).is_empty();
                if implicit_terminator {
                    continue;
                }
                self.newline();
                self.print_op(o)?;
            }
        }
        self.indent -= 1;
        self.newline();
        self.out.push('}');
        Ok(())
    }

    /// Prints `^bbN(%a: t, …):`.
    pub fn print_block_header(&mut self, b: BlockId) -> fmt::Result {
        let ctx = self.ctx;
        self.print_block_name(b)?;
        let args = ctx.block_args(b).to_vec();
        if !args.is_empty() {
            self.out.push('(');
            for (i, a) in args.into_iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_value(a)?;
                self.out.push_str(": ");
                self.print_type(ctx.value_type(a))?;
            }
            self.out.push(')');
        }
        self.out.push(':');
        Ok(())
    }

    /// Prints `%a: t` for a block argument (used by custom region headers).
    pub fn print_block_arg_with_type(&mut self, v: Value) -> fmt::Result {
        self.print_value(v)?;
        self.out.push_str(": ");
        self.print_type(self.ctx.value_type(v))
    }

    /// Whether a value is a block argument (helper for custom printers).
    pub fn is_block_arg(&self, v: Value) -> bool {
        matches!(self.ctx.value_def(v), ValueDef::BlockArg { .. })
    }
}

/// Whether `s` can be printed without quotes as an identifier (`[a-zA-Z_][a-zA-Z0-9_$.]*`).
pub fn is_bare_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c.is_ascii_alphabetic() || c == '_' => {}
        _ => return false,
    }
    chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.')
}

/// Writes `s` as an MLIR string literal: `"` and `\` escaped, non-printables as `\XX` hex.
pub fn print_escaped_string(out: &mut String, s: &str) -> fmt::Result {
    out.push('"');
    for b in s.bytes() {
        match b {
            b'"' => out.push_str("\\22"),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\0A"),
            b'\t' => out.push_str("\\09"),
            0x20..=0x7e => out.push(b as char),
            // Everything else, UTF-8 continuation bytes included, as `\XX` (like MLIR).
            _ => {
                let _ = write!(out, "\\{b:02X}");
            }
        }
    }
    out.push('"');
    Ok(())
}

/// Formats a float the way MLIR does: `1.000000e+00` when six digits round-trip, otherwise the
/// shortest round-tripping decimal in scientific form, and hexadecimal bits for inf/NaN.
pub fn format_float(out: &mut String, value: f64, kind: &TypeKind) {
    use crate::types::FloatKind;
    let fk = match kind {
        TypeKind::Float(k) => *k,
        _ => FloatKind::F64,
    };
    // f16 and bf16 values are exact in f32, so they print like f32 values.
    let is_f32 = fk != FloatKind::F64;
    if !value.is_finite() {
        let bits = crate::parser::float_to_bits(value, fk);
        let _ = match fk {
            FloatKind::F64 => write!(out, "0x{bits:016X}"),
            FloatKind::F32 => write!(out, "0x{bits:08X}"),
            FloatKind::F16 | FloatKind::BF16 => write!(out, "0x{bits:04X}"),
        };
        return;
    }
    let six = fix_exponent(&format!("{value:.6e}"));
    let round_trips = match fk {
        FloatKind::F64 => six.parse::<f64>().ok() == Some(value),
        FloatKind::F32 => six.parse::<f32>().ok() == Some(value as f32),
        _ => {
            six.parse::<f64>()
                .ok()
                .map(|v| crate::parser::round_float(v, fk))
                == Some(value)
        }
    };
    if round_trips {
        out.push_str(&six);
        return;
    }
    let shortest = if is_f32 {
        format!("{:e}", value as f32)
    } else {
        format!("{value:e}")
    };
    // Ensure a fractional part so the lexer reads a float.
    let shortest = match shortest.split_once('e') {
        Some((m, e)) if !m.contains('.') => format!("{m}.0e{e}"),
        _ => shortest,
    };
    out.push_str(&fix_exponent(&shortest));
}

fn fix_exponent(s: &str) -> String {
    match s.split_once('e') {
        Some((m, e)) => {
            let (sign, digits) = match e.strip_prefix('-') {
                Some(d) => ('-', d),
                None => ('+', e),
            };
            format!("{m}e{sign}{digits:0>2}")
        }
        None => s.to_string(),
    }
}

impl Context {
    /// Prints `op` (and everything nested) in the custom form, or generic if requested.
    pub fn print_op_to_string(&self, op: OpId, opts: PrintOptions) -> String {
        let mut p = Printer::new(self, opts);
        let _ = p.print_top_level(op);
        p.finish()
    }
    /// Prints a type.
    pub fn type_to_string(&self, ty: Type) -> String {
        let mut p = Printer::new(self, PrintOptions::default());
        let _ = p.print_type(ty);
        p.finish()
    }
    /// Prints an attribute.
    pub fn attr_to_string(&self, attr: Attribute) -> String {
        let mut p = Printer::new(self, PrintOptions::default());
        let _ = p.print_attr(attr);
        p.finish()
    }
}
