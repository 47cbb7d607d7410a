//! The IR verifier (MLIR's `mlir::verify`).
//!
//! [`verify`] returns the first error, [`verify_all`] every error. Messages use MLIR's wording;
//! op-specific ones carry the `'dialect.op' op ` prefix (see [`op_error`]), the others are
//! plain (`redefinition of symbol named 'f'`, `block with no terminator, has …`).
//!
//! # Order
//! The order is MLIR's (`OperationVerifier`), so the first error is the one `mlir-opt` reports:
//! 1. on entering an op: operand/successor sanity, trait invariants (`ZeroSuccessors` for
//!    non-terminators, `HasParent`, `IsTerminator` position, `SingleBlock`,
//!    `SameTypeOperands`, `SameOperandsAndResultType`, `Symbol`), then the op's own
//!    [`OpInfo::verify`](crate::OpInfo::verify), then region structure (graph regions hold at
//!    most one block, entry blocks have no predecessors);
//! 2. each block of each region (successors only on the last op and within the region,
//!    terminator requirement), then each op in it, recursively — except ops that are
//!    `IsolatedFromAbove`, which are verified (structure and dominance) after their siblings;
//! 3. on leaving the op: region traits (`IsolatedFromAbove`, `SymbolTable` uniqueness) and,
//!    for unregistered ops, whether unregistered ops are allowed;
//! 4. once the structure of a verification root (the op passed in, or an isolated op) is
//!    known good, dominance of every operand in the reachable blocks of its non-isolated
//!    nested regions (graph regions exempt from ordering).
//!
//! With [`verify_all`], verification continues after an error: every op reports at most one
//! error from its entry checks and one from its exit checks, every block one, and dominance is
//! skipped under a root whose structure had errors.
//!
//! # Terminators
//! Blocks of regions of *registered* ops need a terminator, unless the op has `NoTerminator` and
//! the region has a single block. Regions of unregistered ops have no terminator requirement;
//! an unregistered last op counts as a terminator (MLIR's `mightHaveTrait`).
//!
//! # Unregistered ops
//! With `ctx.allow_unregistered` every unregistered op is accepted. Otherwise an op of a
//! registered dialect fails with `unregistered operation 'd.x' found in dialect ('d') that does
//! not allow unknown operations`, and an op of an unknown dialect with `'d.x' op created with
//! unregistered dialect. …` (both MLIR's messages).

use std::fmt::Display;

use rustc_hash::FxHashMap;

use crate::context::{BlockId, Context, OpId, RegionId, Value, ValueDef};
use crate::diagnostic::Diagnostic;
use crate::dominance::{has_ssa_dominance, is_graph_region_op, region_is_ancestor, DominanceInfo};
use crate::location::Location;
use crate::printer::PrintOptions;
use crate::registry::OpTraits;
use crate::types::{Type, TypeKind};

/// An error about `op`, prefixed MLIR-style: `'dialect.op' op <msg>` (MLIR's `emitOpError`),
/// located at the op.
pub fn op_error(ctx: &Context, op: OpId, msg: impl Display) -> Diagnostic {
    Diagnostic::error(
        ctx.op_loc(op),
        format!("'{}' op {}", ctx.op_name_str(op), msg),
    )
}

/// An error at `op`'s location without the op prefix (MLIR's `Operation::emitError`).
pub fn op_plain_error(ctx: &Context, op: OpId, msg: impl Display) -> Diagnostic {
    Diagnostic::error(ctx.op_loc(op), msg.to_string())
}

/// Verifies `op` and everything nested in it; returns the first error.
pub fn verify(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let mut v = Verifier {
        ctx,
        errors: Vec::new(),
        first_only: true,
        dom: DominanceInfo::new(),
    };
    let _ = v.verify_op_and_dominance(op);
    match v.errors.into_iter().next() {
        Some(d) => Err(d),
        None => Ok(()),
    }
}

/// Verifies `op` and everything nested in it; returns every error found (empty if valid).
pub fn verify_all(ctx: &Context, op: OpId) -> Vec<Diagnostic> {
    let mut v = Verifier {
        ctx,
        errors: Vec::new(),
        first_only: false,
        dom: DominanceInfo::new(),
    };
    let _ = v.verify_op_and_dominance(op);
    v.errors
}

/// Verification was cut short (first-error mode).
struct Stop;

type Flow = Result<(), Stop>;

struct Verifier<'a> {
    ctx: &'a Context,
    errors: Vec<Diagnostic>,
    first_only: bool,
    dom: DominanceInfo,
}

/// The shape of a shaped type: `None` if not shaped, `Some(None)` if unranked.
fn shape_of(ctx: &Context, ty: Type) -> Option<Option<&[i64]>> {
    match ctx.type_kind(ty) {
        TypeKind::RankedTensor { shape, .. }
        | TypeKind::Vector { shape, .. }
        | TypeKind::MemRef { shape, .. } => Some(Some(shape.as_slice())),
        TypeKind::UnrankedTensor { .. } | TypeKind::UnrankedMemRef { .. } => Some(None),
        _ => None,
    }
}

/// MLIR's `verifyCompatibleShape`: both or neither shaped; unranked matches anything; equal
/// ranks with each pair of extents equal or one dynamic.
pub fn compatible_shapes(ctx: &Context, a: Type, b: Type) -> bool {
    match (shape_of(ctx, a), shape_of(ctx, b)) {
        (None, None) => true,
        (Some(None), Some(_)) | (Some(_), Some(None)) => true,
        (Some(Some(x)), Some(Some(y))) => {
            x.len() == y.len()
                && x.iter().zip(y).all(|(&p, &q)| {
                    p == q || p == crate::types::DYNAMIC || q == crate::types::DYNAMIC
                })
        }
        _ => false,
    }
}

fn value_parent_region(ctx: &Context, v: Value) -> Option<RegionId> {
    match ctx.value_def(v) {
        ValueDef::OpResult { op, .. } => ctx.op_parent_region(op),
        ValueDef::BlockArg { block, .. } => ctx.block_parent_region(block),
        ValueDef::Placeholder => None,
    }
}

impl Verifier<'_> {
    fn emit(&mut self, d: Diagnostic) -> Flow {
        self.errors.push(d);
        if self.first_only {
            Err(Stop)
        } else {
            Ok(())
        }
    }

    fn verify_op_and_dominance(&mut self, op: OpId) -> Flow {
        let before = self.errors.len();
        self.verify_operation(op)?;
        if self.errors.len() == before && !self.ctx.regions(op).is_empty() {
            self.verify_dominance_of_contained_regions(op)?;
        }
        Ok(())
    }

    fn verify_operation(&mut self, op: OpId) -> Flow {
        let ctx = self.ctx;
        if let Err(d) = self.on_entrance(op) {
            self.emit(d)?;
        }
        let mut isolated: Vec<OpId> = Vec::new();
        for &r in ctx.regions(op) {
            for &b in ctx.region_blocks(r) {
                if let Err(d) = self.verify_block(b) {
                    self.emit(d)?;
                }
                for o in ctx.block_ops(b) {
                    if !ctx.regions(o).is_empty()
                        && ctx.op_has_traits(o, OpTraits::ISOLATED_FROM_ABOVE)
                    {
                        isolated.push(o);
                    } else {
                        self.verify_operation(o)?;
                    }
                }
            }
        }
        for o in isolated {
            self.verify_op_and_dominance(o)?;
        }
        if let Err(d) = self.on_exit(op) {
            self.emit(d)?;
        }
        Ok(())
    }

    fn on_entrance(&self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        for (i, v) in ctx.operands(op).enumerate() {
            if !ctx.value_exists(v) {
                return Err(op_plain_error(ctx, op, "null operand found"));
            }
            if matches!(ctx.value_def(v), ValueDef::Placeholder) {
                return Err(op_error(
                    ctx,
                    op,
                    format!("operand #{i} is an unresolved forward reference"),
                ));
            }
        }
        for (i, &s) in ctx.successors(op).iter().enumerate() {
            if !ctx.block_exists(s) {
                return Err(op_error(
                    ctx,
                    op,
                    format!("successor #{i} refers to an erased block"),
                ));
            }
        }
        if let Some(info) = ctx.op_def(op) {
            let t = info.traits;
            let nsucc = ctx.successors(op).len();
            if nsucc != 0 && !t.contains(OpTraits::TERMINATOR) {
                return Err(op_error(
                    ctx,
                    op,
                    format!("requires 0 successors but found {nsucc}"),
                ));
            }
            if !info.parents.is_empty() {
                let ok = ctx
                    .op_parent_op(op)
                    .is_some_and(|p| info.parents.contains(&ctx.op_name_str(p)));
                if !ok {
                    let msg = if info.parents.len() == 1 {
                        format!("expects parent op '{}'", info.parents[0])
                    } else {
                        format!(
                            "expects parent op to be one of '{}'",
                            info.parents.join(", ")
                        )
                    };
                    return Err(op_error(ctx, op, msg));
                }
            }
            if t.contains(OpTraits::TERMINATOR) {
                let last = ctx.op_parent_block(op).and_then(|b| ctx.last_op(b));
                if last != Some(op) {
                    return Err(op_error(
                        ctx,
                        op,
                        "must be the last operation in the parent block",
                    ));
                }
            }
            if t.contains(OpTraits::SINGLE_BLOCK) {
                for (i, &r) in ctx.regions(op).iter().enumerate() {
                    let blocks = ctx.region_blocks(r);
                    if blocks.is_empty() {
                        continue;
                    }
                    if blocks.len() != 1 {
                        return Err(op_error(
                            ctx,
                            op,
                            format!("expects region #{i} to have 0 or 1 blocks"),
                        ));
                    }
                    if !t.contains(OpTraits::NO_TERMINATOR) && ctx.first_op(blocks[0]).is_none() {
                        return Err(op_error(ctx, op, "expects a non-empty block"));
                    }
                }
            }
            if t.contains(OpTraits::SAME_TYPE_OPERANDS) && ctx.num_operands(op) >= 2 {
                let first = ctx.value_type(ctx.operand(op, 0));
                if ctx.operands(op).any(|v| ctx.value_type(v) != first) {
                    return Err(op_error(
                        ctx,
                        op,
                        "requires all operands to have the same type",
                    ));
                }
            }
            if t.contains(OpTraits::SAME_OPERANDS_AND_RESULT_TYPE) {
                if ctx.num_operands(op) == 0 {
                    return Err(op_error(
                        ctx,
                        op,
                        "expected 1 or more operands, but found 0",
                    ));
                }
                if ctx.num_results(op) == 0 {
                    return Err(op_error(ctx, op, "expected 1 or more results"));
                }
                let ty = ctx.value_type(ctx.result(op, 0));
                let elem = ctx.element_type_or_self(ty);
                let all = ctx
                    .results(op)
                    .iter()
                    .skip(1)
                    .copied()
                    .chain(ctx.operands(op));
                for v in all {
                    let t2 = ctx.value_type(v);
                    if ctx.element_type_or_self(t2) != elem || !compatible_shapes(ctx, t2, ty) {
                        return Err(op_error(
                            ctx,
                            op,
                            "requires the same type for all operands and results",
                        ));
                    }
                }
            }
            if t.contains(OpTraits::SYMBOL) {
                match ctx.attr(op, crate::symbol::SYM_NAME_ATTR) {
                    Some(a) if ctx.attr_as_str(a).is_some() => {}
                    _ => return Err(op_error(ctx, op, "requires string attribute 'sym_name'")),
                }
                // A symbol lives directly in a symbol table (an unregistered parent might be one).
                if let Some(parent) = ctx.op_parent_op(op) {
                    if ctx
                        .op_def(parent)
                        .is_some_and(|p| !p.traits.contains(OpTraits::SYMBOL_TABLE))
                    {
                        return Err(op_error(
                            ctx,
                            op,
                            "symbol's parent must have the SymbolTable trait",
                        ));
                    }
                }
                if let Some(vis) = ctx.attr(op, crate::symbol::SYM_VISIBILITY_ATTR) {
                    match ctx.attr_as_str(vis) {
                        None => return Err(op_error(
                            ctx,
                            op,
                            format!(
                                "requires visibility attribute 'sym_visibility' to be a string attribute, but got {}",
                                ctx.attr_to_string(vis)
                            ),
                        )),
                        Some(s) if crate::symbol::Visibility::parse(s).is_none() => return Err(op_error(
                            ctx,
                            op,
                            format!(
                                "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got {}",
                                ctx.attr_to_string(vis)
                            ),
                        )),
                        Some(_) => {}
                    }
                }
            }
            if let Some(verify) = info.verify {
                verify(ctx, op)?;
            }
        }
        let graph = is_graph_region_op(ctx, op);
        for (i, &r) in ctx.regions(op).iter().enumerate() {
            let blocks = ctx.region_blocks(r);
            if graph && blocks.len() > 1 {
                return Err(op_error(
                    ctx,
                    op,
                    format!("expects graph region #{i} to have 0 or 1 blocks"),
                ));
            }
            let Some(&entry) = blocks.first() else {
                continue;
            };
            let has_pred = blocks.iter().any(|&b| {
                ctx.last_op(b)
                    .is_some_and(|t| ctx.successors(t).contains(&entry))
            });
            if has_pred {
                return Err(op_plain_error(
                    ctx,
                    op,
                    "entry block of region may not have predecessors",
                ));
            }
        }
        Ok(())
    }

    fn verify_block(&self, block: BlockId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let region = ctx.block_parent_region(block);
        let last = ctx.last_op(block);
        for o in ctx.block_ops(block) {
            if !ctx.successors(o).is_empty() && Some(o) != last {
                return Err(op_plain_error(
                    ctx,
                    o,
                    "operation with block successors must terminate its parent block",
                ));
            }
        }
        if let Some(t) = last {
            for &s in ctx.successors(t) {
                if ctx.block_exists(s) && ctx.block_parent_region(s) != region {
                    return Err(op_error(ctx, t, "branching to block of a different region"));
                }
            }
        }
        let Some(parent) = region.and_then(|r| ctx.region_parent_op(r)) else {
            return Ok(());
        };
        let Some(info) = ctx.op_def(parent) else {
            return Ok(());
        };
        let single_block = region.is_some_and(|r| ctx.region_blocks(r).len() == 1);
        if info.traits.contains(OpTraits::NO_TERMINATOR) && single_block {
            return Ok(());
        }
        match last {
            None => Err(op_plain_error(
                ctx,
                parent,
                "empty block: expect at least a terminator",
            )),
            Some(t) => {
                if ctx.op_def(t).is_some() && !ctx.op_has_traits(t, OpTraits::TERMINATOR) {
                    let printed = ctx.print_op_to_string(t, PrintOptions::default());
                    Err(op_plain_error(
                        ctx,
                        t,
                        format!("block with no terminator, has {}", printed.trim_end()),
                    ))
                } else {
                    Ok(())
                }
            }
        }
    }

    fn on_exit(&self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        match ctx.op_def(op) {
            Some(info) => {
                if info.traits.contains(OpTraits::ISOLATED_FROM_ABOVE) {
                    self.verify_isolated_from_above(op)?;
                }
                if info.traits.contains(OpTraits::SYMBOL_TABLE) {
                    self.verify_symbol_table(op)?;
                }
                Ok(())
            }
            None => {
                let name = ctx.op_name_str(op);
                let dialect = name.split_once('.').map(|(d, _)| d).unwrap_or("");
                let dialect_registered = ctx.registry().dialect(dialect).is_some();
                if ctx.allow_unregistered && !dialect_registered {
                    return Ok(());
                }
                if dialect_registered {
                    Err(op_plain_error(
                        ctx,
                        op,
                        format!(
                            "unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations"
                        ),
                    ))
                } else {
                    Err(op_error(
                        ctx,
                        op,
                        "created with unregistered dialect. If this is intended, please call \
                         allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect \
                         with the MLIR opt tool used",
                    ))
                }
            }
        }
    }

    fn verify_isolated_from_above(&self, isolated: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        for &region in ctx.regions(isolated) {
            let mut pending: Vec<RegionId> = vec![region];
            while let Some(r) = pending.pop() {
                for &b in ctx.region_blocks(r) {
                    for o in ctx.block_ops(b) {
                        for v in ctx.operands(o) {
                            if !ctx.value_exists(v) {
                                continue;
                            }
                            let Some(vr) = value_parent_region(ctx, v) else {
                                return Err(op_plain_error(
                                    ctx,
                                    o,
                                    "operation's operand is unlinked",
                                ));
                            };
                            if !region_is_ancestor(ctx, region, vr) {
                                return Err(op_error(
                                    ctx,
                                    o,
                                    "using value defined outside the region",
                                )
                                .with_note(
                                    ctx.op_loc(isolated),
                                    "required by region isolation constraints",
                                ));
                            }
                        }
                        if !ctx.regions(o).is_empty()
                            && !ctx.op_has_traits(o, OpTraits::ISOLATED_FROM_ABOVE)
                        {
                            pending.extend(ctx.regions(o).iter().copied());
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn verify_symbol_table(&self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        if ctx.regions(op).len() != 1 {
            return Err(op_error(
                ctx,
                op,
                "Operations with a 'SymbolTable' must have exactly one region",
            ));
        }
        let blocks = ctx.region_blocks(ctx.region(op, 0));
        if blocks.len() != 1 {
            return Err(op_error(
                ctx,
                op,
                "Operations with a 'SymbolTable' must have exactly one block",
            ));
        }
        let mut seen: FxHashMap<&str, Location> = FxHashMap::default();
        for o in ctx.block_ops(blocks[0]) {
            let Some(name) = crate::symbol::symbol_name(ctx, o) else {
                continue;
            };
            if let Some(&prev) = seen.get(name) {
                return Err(op_plain_error(
                    ctx,
                    o,
                    format!("redefinition of symbol named '{name}'"),
                )
                .with_note(prev, "see existing symbol definition here"));
            }
            seen.insert(name, ctx.op_loc(o));
        }
        Ok(())
    }

    fn verify_dominance_of_contained_regions(&mut self, root: OpId) -> Flow {
        let ctx = self.ctx;
        let mut worklist = vec![root];
        while let Some(op) = worklist.pop() {
            for &r in ctx.regions(op) {
                let ssa = has_ssa_dominance(ctx, r);
                for &b in ctx.region_blocks(r) {
                    let reachable = !ssa || self.dom.is_reachable_from_entry(ctx, b);
                    for o in ctx.block_ops(b) {
                        if reachable {
                            let bad = ctx.operands(o).enumerate().find(|&(_, v)| {
                                ctx.value_exists(v) && !self.dom.properly_dominates(ctx, v, o)
                            });
                            if let Some((i, v)) = bad {
                                let d = self.operand_dominance_error(o, i, v);
                                self.emit(d)?;
                            }
                        }
                        if !ctx.regions(o).is_empty()
                            && !ctx.op_has_traits(o, OpTraits::ISOLATED_FROM_ABOVE)
                        {
                            worklist.push(o);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn operand_dominance_error(&self, op: OpId, index: usize, v: Value) -> Diagnostic {
        let ctx = self.ctx;
        let d = op_error(
            ctx,
            op,
            format!("operand #{index} does not dominate this use"),
        );
        let block1 = ctx.op_parent_block(op);
        let region1 = block1.and_then(|b| ctx.block_parent_region(b));
        let relation = |region2: Option<RegionId>| -> Option<&'static str> {
            let (r1, r2) = (region1?, region2?);
            Some(if r1 == r2 {
                "same"
            } else if region_is_ancestor(ctx, r2, r1) {
                "parent"
            } else if region_is_ancestor(ctx, r1, r2) {
                "child"
            } else {
                "neither"
            })
        };
        match ctx.value_def(v) {
            ValueDef::OpResult { op: def, .. } => {
                let block2 = ctx.op_parent_block(def);
                let suffix = if block1.is_some() && block1 == block2 {
                    " (op in the same block)"
                } else {
                    match relation(block2.and_then(|b| ctx.block_parent_region(b))) {
                        Some("same") => " (op in the same region)",
                        Some("parent") => " (op in a parent region)",
                        Some("child") => " (op in a child region)",
                        _ => " (op is neither in a parent nor in a child region)",
                    }
                };
                d.with_note(ctx.op_loc(def), format!("operand defined here{suffix}"))
            }
            ValueDef::BlockArg { block: block2, .. } => {
                let loc = ctx
                    .block_parent_op(block2)
                    .map(|p| ctx.op_loc(p))
                    .unwrap_or_else(|| ctx.op_loc(op));
                let Some(region2) = ctx.block_parent_region(block2) else {
                    return d.with_note(loc, " (block without parent)");
                };
                let index = ctx
                    .region_blocks(region2)
                    .iter()
                    .position(|&b| b == block2)
                    .unwrap_or(0);
                let rel = match relation(Some(region2)) {
                    Some("same") => " in the same region)",
                    Some("parent") => " in a parent region)",
                    Some("child") => " in a child region)",
                    _ => " neither in a parent nor in a child region)",
                };
                d.with_note(
                    loc,
                    format!("operand defined as a block argument (block #{index}{rel}"),
                )
            }
            ValueDef::Placeholder => d,
        }
    }
}
