//! Symbols and symbol tables (MLIR's `SymbolTable` utilities).
//!
//! An op with [`OpTraits::SYMBOL_TABLE`] (e.g. `builtin.module`) owns a single-region namespace;
//! ops directly in that region that carry a `sym_name` string attribute define symbols in it.
//! Symbols are referenced by `SymbolRef` attributes (`@f`, `@mod::@f`) anywhere in an op's
//! attribute dictionary, including inside arrays and dictionaries. A reference is resolved in
//! the *nearest* symbol table enclosing the user; nested references walk into nested tables.
//!
//! Visibility (`sym_visibility`): `public` (default), `private` (only referenced from within
//! its table; discardable when unused) or `nested` (visible to the parent table too, but not
//! beyond the top-level one).

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::attrs::{AttrKind, Attribute, NamedAttr};
use crate::context::{Context, InsertPoint, OpId};
use crate::intern::Symbol;
use crate::registry::OpTraits;

/// Name of the attribute holding a symbol's name.
pub const SYM_NAME_ATTR: &str = "sym_name";
/// Name of the attribute holding a symbol's visibility.
pub const SYM_VISIBILITY_ATTR: &str = "sym_visibility";

/// A symbol's visibility.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Visibility {
    /// Visible from anywhere (the default).
    Public,
    /// Visible only within the symbol table that defines it.
    Private,
    /// Visible to the defining table and its parents, but not outside the top-level table.
    Nested,
}

impl Visibility {
    /// The spelling used in `sym_visibility` and in custom assembly forms.
    pub fn as_str(self) -> &'static str {
        match self {
            Visibility::Public => "public",
            Visibility::Private => "private",
            Visibility::Nested => "nested",
        }
    }
    /// Parses `public`/`private`/`nested`.
    pub fn parse(s: &str) -> Option<Visibility> {
        match s {
            "public" => Some(Visibility::Public),
            "private" => Some(Visibility::Private),
            "nested" => Some(Visibility::Nested),
            _ => None,
        }
    }
}

/// The name of the symbol `op` defines (its `sym_name` string attribute).
pub fn symbol_name(ctx: &Context, op: OpId) -> Option<&str> {
    ctx.attr(op, SYM_NAME_ATTR).and_then(|a| ctx.attr_as_str(a))
}

/// Whether `op` defines a symbol (has the `Symbol` trait, or any `sym_name` string attribute
/// when unregistered).
pub fn is_symbol(ctx: &Context, op: OpId) -> bool {
    match ctx.op_def(op) {
        Some(i) => i.traits.contains(OpTraits::SYMBOL),
        None => symbol_name(ctx, op).is_some(),
    }
}

/// Whether `op` is a symbol table.
pub fn is_symbol_table(ctx: &Context, op: OpId) -> bool {
    ctx.op_has_traits(op, OpTraits::SYMBOL_TABLE)
}

/// The visibility of symbol `op` (`Public` when the attribute is absent or malformed).
pub fn sym_visibility(ctx: &Context, op: OpId) -> Visibility {
    ctx.attr(op, SYM_VISIBILITY_ATTR)
        .and_then(|a| ctx.attr_as_str(a))
        .and_then(Visibility::parse)
        .unwrap_or(Visibility::Public)
}

/// Sets the visibility of symbol `op` (`Public` removes the attribute, as MLIR does).
pub fn set_sym_visibility(ctx: &mut Context, op: OpId, vis: Visibility) {
    if vis == Visibility::Public {
        ctx.remove_attr(op, SYM_VISIBILITY_ATTR);
    } else {
        let a = ctx.string_attr(vis.as_str());
        ctx.set_attr(op, SYM_VISIBILITY_ATTR, a);
    }
}

/// Whether symbol `op` is public.
pub fn is_public(ctx: &Context, op: OpId) -> bool {
    sym_visibility(ctx, op) == Visibility::Public
}

/// Whether symbol `op` is private.
pub fn is_private(ctx: &Context, op: OpId) -> bool {
    sym_visibility(ctx, op) == Visibility::Private
}

/// Whether symbol `op` may be referenced from outside its own symbol table (public or nested).
pub fn is_symbol_visible(ctx: &Context, op: OpId) -> bool {
    sym_visibility(ctx, op) != Visibility::Private
}

/// Whether symbol `op` may be erased once it has no uses (MLIR's default
/// `canDiscardOnUseEmpty`: private symbols).
pub fn can_discard_on_use_empty(ctx: &Context, op: OpId) -> bool {
    is_private(ctx, op)
}

/// The symbol defined directly in `table_op`'s region (any block) named `name`.
pub fn lookup_symbol_in(ctx: &Context, table_op: OpId, name: &str) -> Option<OpId> {
    let name_attr = ctx.lookup_symbol(SYM_NAME_ATTR)?;
    let &region = ctx.regions(table_op).first()?;
    for &b in ctx.region_blocks(region) {
        for op in ctx.block_ops(b) {
            let Some(na) = ctx.attrs(op).iter().find(|a| a.name == name_attr) else {
                continue;
            };
            if let AttrKind::String(s) = ctx.attr_kind(na.value) {
                if s == name {
                    return Some(op);
                }
            }
        }
    }
    None
}

fn lookup_symbol_sym_in(ctx: &Context, table_op: OpId, name: Symbol) -> Option<OpId> {
    lookup_symbol_in(ctx, table_op, ctx.str(name))
}

/// Resolves a (possibly nested) `SymbolRef` attribute in `table_op`: `@a::@b` finds `a` in
/// `table_op`, then `b` in `a` (which must be a symbol table).
pub fn lookup_symbol_ref_in(ctx: &Context, table_op: OpId, symbol_ref: Attribute) -> Option<OpId> {
    let AttrKind::SymbolRef { root, nested } = ctx.attr_kind(symbol_ref) else {
        return None;
    };
    let mut cur = lookup_symbol_sym_in(ctx, table_op, *root)?;
    for &n in nested {
        if !is_symbol_table(ctx, cur) {
            return None;
        }
        cur = lookup_symbol_sym_in(ctx, cur, n)?;
    }
    Some(cur)
}

/// The nearest symbol table enclosing `op`, `op` itself included.
pub fn nearest_symbol_table(ctx: &Context, op: OpId) -> Option<OpId> {
    let mut cur = Some(op);
    while let Some(o) = cur {
        if is_symbol_table(ctx, o) {
            return Some(o);
        }
        cur = ctx.op_parent_op(o);
    }
    None
}

/// Looks `name` up in the nearest symbol table enclosing `from` (`from` included), like MLIR's
/// `SymbolTable::lookupNearestSymbolFrom`. Only that table is searched.
pub fn lookup_nearest_symbol_from(ctx: &Context, from: OpId, name: &str) -> Option<OpId> {
    let table = nearest_symbol_table(ctx, from)?;
    lookup_symbol_in(ctx, table, name)
}

/// Resolves a `SymbolRef` attribute from `from` (see [`lookup_nearest_symbol_from`]).
pub fn lookup_nearest_symbol_ref_from(
    ctx: &Context,
    from: OpId,
    symbol_ref: Attribute,
) -> Option<OpId> {
    let table = nearest_symbol_table(ctx, from)?;
    lookup_symbol_ref_in(ctx, table, symbol_ref)
}

/// One use of a symbol: `user`'s attributes contain the `SymbolRef` attribute `symbol_ref`
/// (directly or inside an array/dictionary) whose root name is `root`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SymbolUse {
    /// The op whose attribute holds the reference.
    pub user: OpId,
    /// The `SymbolRef` attribute (`@f` or `@m::@f`).
    pub symbol_ref: Attribute,
    /// Its root symbol name.
    pub root: Symbol,
}

/// Calls `f` on every `SymbolRef` inside `attr` (recursing into arrays and dictionaries).
pub fn walk_symbol_refs(ctx: &Context, attr: Attribute, f: &mut dyn FnMut(Attribute)) {
    match ctx.attr_kind(attr) {
        AttrKind::SymbolRef { .. } => f(attr),
        AttrKind::Array(items) => {
            for &a in items {
                walk_symbol_refs(ctx, a, f);
            }
        }
        AttrKind::Dictionary(entries) => {
            for e in entries {
                walk_symbol_refs(ctx, e.value, f);
            }
        }
        _ => {}
    }
}

fn collect_op_symbol_uses(ctx: &Context, op: OpId, out: &mut Vec<SymbolUse>) {
    for na in ctx.attrs(op) {
        walk_symbol_refs(ctx, na.value, &mut |a| {
            if let AttrKind::SymbolRef { root, .. } = ctx.attr_kind(a) {
                out.push(SymbolUse {
                    user: op,
                    symbol_ref: a,
                    root: *root,
                });
            }
        });
    }
}

/// Every symbol use in `root`'s attributes and in the ops nested in it, in pre-order. Like
/// MLIR's `SymbolTable::getSymbolUses`, the walk does not enter the regions of *nested* symbol
/// tables (their references resolve in their own scope), though the nested table op's own
/// attributes are included; the regions of `root` itself are always walked.
pub fn symbol_uses(ctx: &Context, root: OpId) -> Vec<SymbolUse> {
    let mut out = Vec::new();
    collect_op_symbol_uses(ctx, root, &mut out);
    let mut stack: Vec<OpId> = Vec::new();
    push_children_rev(ctx, root, &mut stack);
    while let Some(op) = stack.pop() {
        collect_op_symbol_uses(ctx, op, &mut out);
        if !is_symbol_table(ctx, op) {
            push_children_rev(ctx, op, &mut stack);
        }
    }
    out
}

fn push_children_rev(ctx: &Context, op: OpId, stack: &mut Vec<OpId>) {
    for &r in ctx.regions(op).iter().rev() {
        for &b in ctx.region_blocks(r).iter().rev() {
            let mut cur = ctx.last_op(b);
            while let Some(o) = cur {
                stack.push(o);
                cur = ctx.prev_op(o);
            }
        }
    }
}

/// The uses (see [`symbol_uses`]) under `scope` whose root name is `name`.
pub fn symbol_uses_of(ctx: &Context, name: &str, scope: OpId) -> Vec<SymbolUse> {
    let Some(sym) = ctx.lookup_symbol(name) else {
        return Vec::new();
    };
    symbol_uses(ctx, scope)
        .into_iter()
        .filter(|u| u.root == sym)
        .collect()
}

/// Whether no op under `scope` references `name`.
pub fn symbol_known_use_empty(ctx: &Context, name: &str, scope: OpId) -> bool {
    symbol_uses_of(ctx, name, scope).is_empty()
}

/// `attr` with every `SymbolRef` whose root is `old` re-rooted at `new`, or `None` if `attr`
/// contains no such reference.
pub fn replace_symbol_refs_in_attr(
    ctx: &mut Context,
    attr: Attribute,
    old: Symbol,
    new: Symbol,
) -> Option<Attribute> {
    enum Shape {
        Ref(Vec<Symbol>),
        Array(Vec<Attribute>),
        Dict(Vec<NamedAttr>),
    }
    let shape = match ctx.attr_kind(attr) {
        AttrKind::SymbolRef { root, nested } if *root == old => Shape::Ref(nested.clone()),
        AttrKind::Array(items) => Shape::Array(items.clone()),
        AttrKind::Dictionary(entries) => Shape::Dict(entries.clone()),
        _ => return None,
    };
    match shape {
        Shape::Ref(nested) => Some(ctx.intern_attr(AttrKind::SymbolRef { root: new, nested })),
        Shape::Array(mut items) => {
            let mut changed = false;
            for it in items.iter_mut() {
                if let Some(n) = replace_symbol_refs_in_attr(ctx, *it, old, new) {
                    *it = n;
                    changed = true;
                }
            }
            changed.then(|| ctx.intern_attr(AttrKind::Array(items)))
        }
        Shape::Dict(mut entries) => {
            let mut changed = false;
            for e in entries.iter_mut() {
                if let Some(n) = replace_symbol_refs_in_attr(ctx, e.value, old, new) {
                    e.value = n;
                    changed = true;
                }
            }
            changed.then(|| ctx.intern_attr(AttrKind::Dictionary(entries)))
        }
    }
}

/// Replaces every reference rooted at `old` with one rooted at `new` in the ops of `scope`
/// (with the scoping of [`symbol_uses`]). Returns the number of attributes rewritten.
pub fn replace_all_symbol_uses(ctx: &mut Context, old: &str, new: &str, scope: OpId) -> usize {
    let old_sym = ctx.intern(old);
    let new_sym = ctx.intern(new);
    let users: Vec<OpId> = {
        let mut v: Vec<OpId> = symbol_uses(ctx, scope)
            .into_iter()
            .filter(|u| u.root == old_sym)
            .map(|u| u.user)
            .collect();
        v.dedup();
        v
    };
    let mut count = 0;
    for user in users {
        let attrs: SmallVec<[NamedAttr; 4]> = ctx.attrs(user).iter().copied().collect();
        for na in attrs {
            if let Some(n) = replace_symbol_refs_in_attr(ctx, na.value, old_sym, new_sym) {
                ctx.set_attr_sym(user, na.name, n);
                count += 1;
            }
        }
    }
    count
}

/// Renames symbol `op` to `new_name` and rewrites the references to it in the symbol table
/// that contains it (MLIR's `SymbolTable::rename`). Returns `false` if `op` has no name or
/// is not inside a symbol table.
pub fn rename_symbol(ctx: &mut Context, op: OpId, new_name: &str) -> bool {
    let Some(old) = symbol_name(ctx, op).map(str::to_string) else {
        return false;
    };
    let Some(parent) = ctx.op_parent_op(op) else {
        return false;
    };
    let Some(table) = nearest_symbol_table(ctx, parent) else {
        return false;
    };
    if old != new_name {
        replace_all_symbol_uses(ctx, &old, new_name, table);
    }
    let a = ctx.string_attr(new_name);
    ctx.set_attr(op, SYM_NAME_ATTR, a);
    true
}

/// Alias of [`rename_symbol`].
pub fn rename(ctx: &mut Context, op: OpId, new_name: &str) -> bool {
    rename_symbol(ctx, op, new_name)
}

/// A name→op index of one symbol table op, like MLIR's `SymbolTable` class. The index is a
/// snapshot: keep it up to date by inserting and erasing through it.
#[derive(Debug)]
pub struct SymbolTable {
    op: OpId,
    symbols: FxHashMap<String, OpId>,
    uniquing_counter: u32,
}

impl SymbolTable {
    /// Indexes the symbols directly in `table_op`'s region.
    pub fn new(ctx: &Context, table_op: OpId) -> Self {
        let mut symbols = FxHashMap::default();
        if let Some(&r) = ctx.regions(table_op).first() {
            for &b in ctx.region_blocks(r) {
                for op in ctx.block_ops(b) {
                    if let Some(n) = symbol_name(ctx, op) {
                        symbols.entry(n.to_string()).or_insert(op);
                    }
                }
            }
        }
        SymbolTable {
            op: table_op,
            symbols,
            uniquing_counter: 0,
        }
    }
    /// The table op.
    pub fn op(&self) -> OpId {
        self.op
    }
    /// The symbol named `name`.
    pub fn lookup(&self, name: &str) -> Option<OpId> {
        self.symbols.get(name).copied()
    }
    /// Removes `op` from the index (it stays in the IR).
    pub fn remove(&mut self, ctx: &Context, op: OpId) {
        if let Some(n) = symbol_name(ctx, op) {
            if self.symbols.get(n) == Some(&op) {
                self.symbols.remove(n);
            }
        }
    }
    /// Removes `op` from the index and erases it.
    pub fn erase(&mut self, ctx: &mut Context, op: OpId) {
        self.remove(ctx, op);
        ctx.erase_op(op);
    }
    /// Inserts the detached (or already placed) symbol `op` into the table at `ip` (the end of
    /// the table's body, before a terminator if any, when `None`), renaming it `name_N` if its
    /// name is taken. Returns the final name.
    pub fn insert(&mut self, ctx: &mut Context, op: OpId, ip: Option<InsertPoint>) -> String {
        if ctx.op_parent_block(op).is_none() {
            let ip = ip.unwrap_or_else(|| {
                let r = ctx.region(self.op, 0);
                let b = ctx.entry_block(r).expect("symbol table has a body block");
                match ctx.last_op(b) {
                    Some(t) if ctx.op_has_traits(t, OpTraits::TERMINATOR) => InsertPoint::Before(t),
                    _ => InsertPoint::BlockEnd(b),
                }
            });
            ctx.insert_op(op, ip);
        }
        let name = symbol_name(ctx, op).unwrap_or("").to_string();
        match self.symbols.get(&name) {
            None => {
                self.symbols.insert(name.clone(), op);
                name
            }
            Some(&existing) if existing == op => name,
            Some(_) => {
                let new_name = loop {
                    let candidate = format!("{name}_{}", self.uniquing_counter);
                    self.uniquing_counter += 1;
                    if !self.symbols.contains_key(&candidate) {
                        break candidate;
                    }
                };
                let a = ctx.string_attr(&new_name);
                ctx.set_attr(op, SYM_NAME_ATTR, a);
                self.symbols.insert(new_name.clone(), op);
                new_name
            }
        }
    }
    /// Renames symbol `op` (and its uses in this table) to `new_name`.
    pub fn rename(&mut self, ctx: &mut Context, op: OpId, new_name: &str) -> bool {
        self.remove(ctx, op);
        let ok = rename_symbol(ctx, op, new_name);
        if let Some(n) = symbol_name(ctx, op) {
            self.symbols.insert(n.to_string(), op);
        }
        ok
    }
}
