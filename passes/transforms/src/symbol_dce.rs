//! `symbol-dce`: erases symbols that cannot be referenced, a port of MLIR's `SymbolDCE` pass
//! (`mlir/lib/Transforms/SymbolDCE.cpp`).
//!
//! # Algorithm
//! The pass runs on a symbol table op (`builtin.module`, or any op with the `SymbolTable`
//! trait; anything else is an error). A table is *hidden* when it cannot be referenced from
//! outside: the top-level table always is; a table nested in another op is hidden if it is a
//! private symbol (or, for nested tables found during the walk, if its parent table is hidden
//! or it is not a symbol).
//!
//! Liveness is computed per table with a worklist:
//! 1. every op directly in the table's body that is not a symbol is live (its references
//!    count); a symbol is live up front unless it is discardable — `(table hidden or symbol
//!    private) and can_discard_on_use_empty` (i.e. private). Public and `nested` symbols are
//!    therefore always kept.
//! 2. for each live op popped from the worklist: if it is itself a symbol table, its liveness
//!    is computed recursively (hidden if its parent is, if it is not a symbol, or if it is
//!    private); then every `SymbolRef` it holds — in its own attributes and, unless it is a
//!    symbol table (a new scope), in the attributes of the ops nested in it — is resolved in
//!    the table containing the op. A nested reference `@a::@b` marks `a` and `b` live. Each
//!    newly live symbol joins the worklist. Unresolvable references are ignored.
//!
//! Finally every symbol (an op with the `Symbol` trait, a named symbol table, or an
//! unregistered op with `sym_name`) directly in one of the visited tables that was not found
//! live is erased, `num-dce'd` counting them. Unlike MLIR, tables that liveness never visited
//! (e.g. a module nested inside a function body) are left alone rather than emptied.

use rustc_hash::FxHashSet;
use tail_ir::attrs::AttrKind;
use tail_ir::pass::{pass, AnalysisManager, PassResult, PassRun, Statistic};
use tail_ir::symbol::{
    can_discard_on_use_empty, is_private, is_symbol, is_symbol_table, lookup_symbol_in,
    symbol_name, symbol_uses, walk_symbol_refs,
};
use tail_ir::{op_error, Attribute, Context, OpId, OpTraits};

/// Eliminate dead symbols: erase private symbols (functions, globals, nested modules) that are
/// not referenced, transitively, from a live operation.
#[pass(
    argument = "symbol-dce",
    summary = "Eliminate dead symbols",
    name = "SymbolDCE"
)]
pub struct SymbolDce {
    #[statistic(name = "num-dce'd", description = "Number of symbols DCE'd")]
    num_dce: Statistic,
}

impl PassRun for SymbolDce {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        am: &mut AnalysisManager,
    ) -> PassResult {
        if !is_symbol_table(ctx, op) {
            return Err(op_error(
                ctx,
                op,
                "was scheduled to run under SymbolDCE, but does not define a symbol table",
            )
            .into());
        }
        let erased = erase_dead_symbols(ctx, op);
        self.num_dce.add(erased as u64);
        if erased == 0 {
            am.mark_all_preserved();
        }
        Ok(())
    }
}

/// Whether `op` defines a symbol: the `Symbol` trait (or `sym_name` on an unregistered op), or
/// a symbol table with a `sym_name` (a named `builtin.module`).
pub fn is_symbol_op(ctx: &Context, op: OpId) -> bool {
    is_symbol(ctx, op) || (is_symbol_table(ctx, op) && symbol_name(ctx, op).is_some())
}

/// Runs symbol DCE on the symbol table `table`; returns the number of symbols erased.
pub fn erase_dead_symbols(ctx: &mut Context, table: OpId) -> usize {
    let hidden = match ctx.op_parent_op(table) {
        Some(_) if is_symbol_op(ctx, table) => is_private(ctx, table),
        _ => true,
    };
    let mut liveness = Liveness::default();
    liveness.compute(ctx, table, hidden);
    let mut erased = 0usize;
    for t in liveness.tables {
        if !ctx.op_exists(t) {
            continue;
        }
        let Some(&region) = ctx.regions(t).first() else {
            continue;
        };
        for b in ctx.region_blocks(region).to_vec() {
            for op in ctx.block_op_vec(b) {
                let is_terminator =
                    ctx.next_op(op).is_none() && ctx.op_has_traits(op, OpTraits::TERMINATOR);
                if is_terminator || !is_symbol_op(ctx, op) || liveness.live.contains(&op) {
                    continue;
                }
                if ctx.op_results_unused(op) {
                    ctx.erase_op(op);
                    erased += 1;
                }
            }
        }
    }
    erased
}

#[derive(Default)]
struct Liveness {
    live: FxHashSet<OpId>,
    /// The tables whose liveness was computed, outermost first.
    tables: Vec<OpId>,
}

impl Liveness {
    fn compute(&mut self, ctx: &Context, table: OpId, hidden: bool) {
        self.tables.push(table);
        let mut worklist: Vec<OpId> = Vec::new();
        if let Some(&region) = ctx.regions(table).first() {
            for &b in ctx.region_blocks(region) {
                for op in ctx.block_ops(b) {
                    if !is_symbol_op(ctx, op) {
                        worklist.push(op);
                        continue;
                    }
                    let discardable =
                        (hidden || is_private(ctx, op)) && can_discard_on_use_empty(ctx, op);
                    if !discardable && self.live.insert(op) {
                        worklist.push(op);
                    }
                }
            }
        }
        while let Some(op) = worklist.pop() {
            let table_op = is_symbol_table(ctx, op);
            if table_op {
                let nested_hidden = hidden || !is_symbol_op(ctx, op) || is_private(ctx, op);
                self.compute(ctx, op, nested_hidden);
            }
            let Some(scope) = ctx.op_parent_op(op) else {
                continue;
            };
            let refs: Vec<Attribute> = if table_op {
                let mut v = Vec::new();
                for na in ctx.attrs(op) {
                    walk_symbol_refs(ctx, na.value, &mut |a| v.push(a));
                }
                v
            } else {
                symbol_uses(ctx, op)
                    .into_iter()
                    .map(|u| u.symbol_ref)
                    .collect()
            };
            for r in refs {
                let Some(path) = resolve_symbol_path(ctx, scope, r) else {
                    continue;
                };
                for s in path {
                    if self.live.insert(s) {
                        worklist.push(s);
                    }
                }
            }
        }
    }
}

/// The symbols a reference `@a::@b::…` goes through, resolved in the symbol table `table`:
/// `[a, b, …]`, or `None` if any step does not resolve.
pub fn resolve_symbol_path(ctx: &Context, table: OpId, symbol_ref: Attribute) -> Option<Vec<OpId>> {
    let AttrKind::SymbolRef { root, nested } = ctx.attr_kind(symbol_ref) else {
        return None;
    };
    if !is_symbol_table(ctx, table) {
        return None;
    }
    let mut cur = lookup_symbol_in(ctx, table, ctx.str(*root))?;
    let mut out = vec![cur];
    for &n in nested {
        if !is_symbol_table(ctx, cur) {
            return None;
        }
        cur = lookup_symbol_in(ctx, cur, ctx.str(n))?;
        out.push(cur);
    }
    Some(out)
}
