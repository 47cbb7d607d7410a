//! The `arith` dialect: integer and floating-point arithmetic, comparisons, selects and
//! casts on scalars, plus `arith.constant`.
//!
//! Mirrors `mlir/include/mlir/Dialect/Arith/IR/ArithOps.td`:
//!
//! - [`ops`]: the op declarations, custom assembly (`arith.constant 42 : i32`,
//!   `arith.cmpi slt, %a, %b : i32`, `arith.select %c, %a, %b : i32`) and verifiers;
//! - [`fold`]: constant folding with exact wrap-around semantics and algebraic identities;
//! - [`canon`]: the canonicalization patterns of upstream's `ArithCanonicalization.td`
//!   (reassociation of constants, double casts, select simplifications, ...).
//!
//! Comparison predicates are stored as `i64` attributes numbered as upstream's enums
//! ([`CmpIPredicate`], [`CmpFPredicate`]) and printed as keywords.

pub mod canon;
pub mod flags;
pub mod fold;
pub mod ops;

pub use flags::{FastMathAttr, FastMathFlags, IntegerOverflowAttr, OverflowFlags};
pub use fold::{CmpFPredicate, CmpIPredicate};
pub use ops::*;

use tail_ir::{AttrKind, Attribute, Builder, Location, OpId, Type, TypeKind, Value};
use tail_ir_macros::dialect;

/// The arith dialect.
#[dialect(name = "arith", summary = "Integer and floating-point arithmetic", materialize_constant = arith_materialize)]
pub struct ArithDialect;

/// Materializes a constant attribute as `arith.constant` (the arith, math and memref dialects
/// use this to turn fold results into ops). Accepts integer, `index`, `i1`, float and dense
/// elements attributes whose type is `ty`.
pub fn arith_materialize(
    b: &mut Builder<'_>,
    value: Attribute,
    ty: Type,
    loc: Location,
) -> Option<OpId> {
    let ok = match b.attr_kind(value) {
        AttrKind::Integer { ty: t, .. }
        | AttrKind::Float { ty: t, .. }
        | AttrKind::DenseElements { ty: t, .. } => *t == ty,
        _ => false,
    };
    if !ok || !is_constant_type(b, ty) {
        return None;
    }
    let mut state = tail_ir::OperationState::new(b, "arith.constant", loc);
    state.add_attr(b, "value", value);
    state.result_types.push(ty);
    Some(b.insert(state))
}

fn is_constant_type(ctx: &tail_ir::Context, ty: Type) -> bool {
    match ctx.type_kind(ty) {
        TypeKind::Integer { signedness, .. } => *signedness == tail_ir::Signedness::Signless,
        TypeKind::Index
        | TypeKind::Float(_)
        | TypeKind::RankedTensor { .. }
        | TypeKind::Vector { .. } => true,
        _ => false,
    }
}

/// The integer divisions and remainders, which trap on a zero divisor (and on overflow):
/// code motion must not run them where the program would not.
pub const TRAPPING_OPS: &[&str] = &[
    "arith.divsi",
    "arith.divui",
    "arith.remsi",
    "arith.remui",
    "arith.ceildivsi",
    "arith.ceildivui",
    "arith.floordivsi",
];

/// Builds `arith.constant value` (the result type is the attribute's type).
pub fn build_constant(b: &mut Builder<'_>, value: Attribute) -> Value {
    let ty = b
        .attr_type(value)
        .expect("arith.constant needs a typed attribute");
    let mut state = b.state("arith.constant");
    state.add_attr(b, "value", value);
    state.result_types.push(ty);
    let op = b.insert(state);
    b.result(op, 0)
}

/// Builds an integer (or `index`, or `i1`) constant of type `ty`.
pub fn build_constant_int(b: &mut Builder<'_>, ty: Type, v: i64) -> Value {
    let a = b.int_attr(ty, v);
    build_constant(b, a)
}

/// Builds `arith.constant v : index`.
pub fn build_constant_index(b: &mut Builder<'_>, v: i64) -> Value {
    let ty = b.index_type();
    build_constant_int(b, ty, v)
}

/// Builds a float constant of type `ty`.
pub fn build_constant_float(b: &mut Builder<'_>, ty: Type, v: f64) -> Value {
    let a = b.float_attr(ty, v);
    build_constant(b, a)
}

/// Builds a binary op `name` (e.g. `"arith.addi"`) whose result has the type of `lhs`.
pub fn build_binary(b: &mut Builder<'_>, name: &str, lhs: Value, rhs: Value) -> Value {
    let ty = b.value_type(lhs);
    let mut state = b.state(name);
    state.operands = vec![lhs, rhs];
    state.result_types.push(ty);
    let op = b.insert(state);
    b.result(op, 0)
}

/// Builds a unary op or cast `name` producing `ty`.
pub fn build_unary(b: &mut Builder<'_>, name: &str, input: Value, ty: Type) -> Value {
    let mut state = b.state(name);
    state.operands = vec![input];
    state.result_types.push(ty);
    let op = b.insert(state);
    b.result(op, 0)
}

/// Builds `arith.cmpi pred, lhs, rhs`.
pub fn build_cmpi(b: &mut Builder<'_>, pred: CmpIPredicate, lhs: Value, rhs: Value) -> Value {
    let i64t = b.int_type(64);
    let p = b.int_attr(i64t, pred as i64);
    let i1 = b.i1_type();
    let mut state = b.state("arith.cmpi");
    state.operands = vec![lhs, rhs];
    state.add_attr(b, "predicate", p);
    state.result_types.push(i1);
    let op = b.insert(state);
    b.result(op, 0)
}

/// Builds `arith.cmpf pred, lhs, rhs`.
pub fn build_cmpf(b: &mut Builder<'_>, pred: CmpFPredicate, lhs: Value, rhs: Value) -> Value {
    let i64t = b.int_type(64);
    let p = b.int_attr(i64t, pred as i64);
    let i1 = b.i1_type();
    let mut state = b.state("arith.cmpf");
    state.operands = vec![lhs, rhs];
    state.add_attr(b, "predicate", p);
    state.result_types.push(i1);
    let op = b.insert(state);
    b.result(op, 0)
}

/// Builds `arith.select cond, t, f`.
pub fn build_select(b: &mut Builder<'_>, cond: Value, t: Value, f: Value) -> Value {
    let ty = b.value_type(t);
    let mut state = b.state("arith.select");
    state.operands = vec![cond, t, f];
    state.result_types.push(ty);
    let op = b.insert(state);
    b.result(op, 0)
}

/// The range `[lo, hi]` of the result of the integer op `name` whose operands lie in `a` and
/// `b`, by interval arithmetic in `i128` (no overflow for operands of up to 64 bits):
/// `arith.addi`, `subi`, `muli`, `minsi` and `maxsi`; `None` for other ops. Whether the
/// result fits the op's type (so that it did not wrap around) is the caller's question.
pub fn binary_range(name: &str, a: (i128, i128), b: (i128, i128)) -> Option<(i128, i128)> {
    Some(match name {
        "arith.addi" => (a.0 + b.0, a.1 + b.1),
        "arith.subi" => (a.0 - b.1, a.1 - b.0),
        "arith.muli" => {
            let p = [a.0 * b.0, a.0 * b.1, a.1 * b.0, a.1 * b.1];
            (*p.iter().min()?, *p.iter().max()?)
        }
        "arith.minsi" => (a.0.min(b.0), a.1.min(b.1)),
        "arith.maxsi" => (a.0.max(b.0), a.1.max(b.1)),
        _ => return None,
    })
}
