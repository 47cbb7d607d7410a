//! Canonicalization patterns of the `tail` dialect: rewrites that need new ops (the folders
//! in [`crate::fold`] only return constants or existing values).
//!
//! * `shape(transp(x))` → `vreverseV(shape(x))`: the transpose reverses the extents, so the
//!   shape of the transposed array is the reversed shape of its input (and becomes a constant
//!   when `x`'s extents are known).
//! * `if(c, …)` with a constant condition → the taken region, inlined.

use tail_ir::{AttrKind, OpId, PatternRewriter, RewritePattern, RewritePatternSet};

use crate::ops::array::{ShapeOp, TranspOp, VReverseVOp};
use crate::ops::higher::IfOp;
use crate::ops::scalar::ConstOp;

/// A pattern given by a function.
struct FnPattern {
    root: &'static str,
    name: &'static str,
    f: fn(OpId, &mut PatternRewriter<'_>) -> bool,
}

impl RewritePattern for FnPattern {
    fn root(&self) -> Option<&'static str> {
        Some(self.root)
    }
    fn name(&self) -> &'static str {
        self.name
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
        (self.f)(op, rewriter)
    }
}

/// `shape(transp(x))` → `vreverseV(shape(x))`.
fn shape_of_transp(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let input = r.operand(op, 0);
    let Some(def) = r.defining_op(input).filter(|&d| r.op_is(d, TranspOp::NAME)) else {
        return false;
    };
    let x = r.operand(def, 0);
    let ty = r.value_type(r.result(op, 0));
    let b = r.builder();
    let mut st = b.state(ShapeOp::NAME);
    st.operands = vec![x];
    st.result_types.push(ty);
    let shape = b.insert(st);
    let shape_v = b.result(shape, 0);
    let mut st = b.state(VReverseVOp::NAME);
    st.operands = vec![shape_v];
    st.result_types.push(ty);
    let rev = b.insert(st);
    let rev_v = b.result(rev, 0);
    r.replace_op(op, &[rev_v]);
    true
}

impl ShapeOp {
    pub(crate) fn canonicalization_patterns(set: &mut RewritePatternSet) {
        set.add(FnPattern {
            root: ShapeOp::NAME,
            name: "ShapeOfTransp",
            f: shape_of_transp,
        });
    }
}

/// `tail.if` on a `tail.const` condition: the ops of the taken region move before the `if`,
/// and the values it yields replace the `if`'s results.
fn if_static_condition(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let cond = r.operand(op, 0);
    let Some(def) = r.defining_op(cond).filter(|&d| r.op_is(d, ConstOp::NAME)) else {
        return false;
    };
    let Some(c) = r.attr(def, "value").and_then(|a| match r.attr_kind(a) {
        AttrKind::Integer { value, .. } => Some(*value != 0),
        _ => None,
    }) else {
        return false;
    };
    let region = r.region(op, if c { 0 } else { 1 });
    let Some(block) = r.entry_block(region) else {
        return false;
    };
    let Some(term) = r.last_op(block) else {
        return false;
    };
    let values = r.operand_vec(term);
    if values.len() != r.num_results(op) {
        return false;
    }
    r.erase_op(term);
    r.inline_block_before(block, op, &[]);
    r.replace_op(op, &values);
    true
}

impl IfOp {
    pub(crate) fn canonicalization_patterns(set: &mut RewritePatternSet) {
        set.add(FnPattern {
            root: IfOp::NAME,
            name: "IfStaticCondition",
            f: if_static_condition,
        });
    }
}
