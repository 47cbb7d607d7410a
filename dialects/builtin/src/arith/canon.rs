//! Canonicalization patterns of `arith`, after upstream's
//! `mlir/lib/Dialect/Arith/IR/ArithCanonicalization.td`:
//!
//! - reassociation of constants through `addi`/`subi`/`muli` chains
//!   (`addi(addi(x, c0), c1) -> addi(x, c0 + c1)` and the eight `subi` variants);
//! - `addi(x, muli(y, -1)) -> subi(x, y)`, `subi(subi(a, b), a) -> subi(0, b)`;
//! - `xori(cmpi(p, a, b), true) -> cmpi(!p, a, b)`;
//! - `cmpi(eq/ne, ext(a), ext(b)) -> cmpi(eq/ne, a, b)`;
//! - `andi`/`ori` of two equal extensions -> extension of the `andi`/`ori`;
//! - double casts: `index_cast(index_cast(x)) -> x`, `index_cast(extsi(x)) -> index_cast(x)`,
//!   `extsi(extui(x)) -> extui(x)`;
//! - selects: `select(c, 1, 0) -> extui(c)`, `select(c, true, x) -> ori(c, x)`,
//!   `select(c, x, false) -> andi(c, x)`, `select(c, false, true) -> xori(c, true)`,
//!   `select(not(c), a, b) -> select(c, b, a)`, and redundant nested selects.
//!
//! Patterns of our own, all exact: `sitofp`/`uitofp` of an `i1` (directly or extended) is a
//! `select` of two float constants (see [`int_to_fp_of_bool`]);
//! `addi(muli(divui(x, c), c), remui(x, c)) -> x` (see [`addi_div_rem`]), and `fptosi(floor(divf(sitofp(a), c)))` with `a` an `i32` converted to
//! `f64` and `c` a constant integer `0 < |c| < 2^31` is `floordivsi(a, c)` (APL's `⌊a÷c` on
//! integers; see [`floor_of_int_quotient`]).
//!
//! Folding (see [`super::fold`]) already moves constants of commutative ops to the right; the
//! patterns still accept constants on either side of commutative ops.

use tail_ir::{OpId, PatternRewriter, RewritePatternSet, Type, Value};

use super::fold::{as_unsigned, eval_int_binop, mask, CmpIPredicate, IntBinOp};
use super::ops::*;
use super::{
    build_binary, build_cmpi, build_constant_float, build_constant_int, build_select, build_unary,
};
use crate::util::{add_patterns, constant_int, int_or_index_width, is_i1, PatternFn};

/// The op defining `v` if it is named `name`.
fn def(r: &PatternRewriter<'_>, v: Value, name: &str) -> Option<OpId> {
    r.defining_op(v).filter(|&d| r.op_is(d, name))
}

/// For a binary op: `(non-constant operand, constant, constant is on the left)`, when exactly
/// one operand is constant; for commutative ops the constant side does not matter.
fn split_const(r: &PatternRewriter<'_>, op: OpId) -> Option<(Value, i64, bool)> {
    let (a, b) = (r.operand(op, 0), r.operand(op, 1));
    match (constant_int(r, a), constant_int(r, b)) {
        (None, Some(c)) => Some((a, c, false)),
        (Some(c), None) => Some((b, c, true)),
        _ => None,
    }
}

fn width(r: &PatternRewriter<'_>, op: OpId) -> Option<(Type, u32)> {
    let ty = r.value_type(r.result(op, 0));
    let w = int_or_index_width(r, ty).filter(|&w| w <= 64)?;
    Some((ty, w))
}

fn replace_with(r: &mut PatternRewriter<'_>, op: OpId, v: Value) -> bool {
    r.replace_op(op, &[v]);
    true
}

// ----- addi ------------------------------------------------------------------------------------

/// `addi(addi(x, c0), c1) -> addi(x, c0 + c1)`; `addi(subi(x, c0), c1) -> addi(x, c1 - c0)`;
/// `addi(subi(c0, x), c1) -> subi(c0 + c1, x)`.
fn addi_reassociate(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let Some((ty, w)) = width(r, op) else {
        return false;
    };
    let Some((inner_v, c1, _)) = split_const(r, op) else {
        return false;
    };
    if let Some(inner) = def(r, inner_v, "arith.addi") {
        if let Some((x, c0, _)) = split_const(r, inner) {
            let Some(c) = eval_int_binop(IntBinOp::Add, c0, c1, w) else {
                return false;
            };
            let b = r.builder();
            let cv = build_constant_int(b, ty, c);
            let v = build_binary(b, "arith.addi", x, cv);
            return replace_with(r, op, v);
        }
    }
    if let Some(inner) = def(r, inner_v, "arith.subi") {
        if let Some((x, c0, const_left)) = split_const(r, inner) {
            let b = r.builder();
            let v = if const_left {
                // (c0 - x) + c1 = (c0 + c1) - x
                let Some(c) = eval_int_binop(IntBinOp::Add, c0, c1, w) else {
                    return false;
                };
                let cv = build_constant_int(b, ty, c);
                build_binary(b, "arith.subi", cv, x)
            } else {
                // (x - c0) + c1 = x + (c1 - c0)
                let Some(c) = eval_int_binop(IntBinOp::Sub, c1, c0, w) else {
                    return false;
                };
                let cv = build_constant_int(b, ty, c);
                build_binary(b, "arith.addi", x, cv)
            };
            return replace_with(r, op, v);
        }
    }
    false
}

/// `addi(x, muli(y, -1)) -> subi(x, y)` (either operand order).
fn addi_mul_negative_one(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let Some((_, w)) = width(r, op) else {
        return false;
    };
    let (a, b) = (r.operand(op, 0), r.operand(op, 1));
    for (x, m) in [(a, b), (b, a)] {
        let Some(mul) = def(r, m, "arith.muli") else {
            continue;
        };
        let Some((y, c, _)) = split_const(r, mul) else {
            continue;
        };
        if as_unsigned(c, w) == mask(w) {
            let v = build_binary(r.builder(), "arith.subi", x, y);
            return replace_with(r, op, v);
        }
    }
    false
}

/// `addi(muli(divui(x, c), c), remui(x, c)) -> x` (operands of `addi` and `muli` in either
/// order): a position split into quotient and remainder and put back together, as reading a
/// reshaped array at the coordinates of the same extents does. Exact for `c ≠ 0`; for
/// `c = 0` the division is undefined.
fn addi_div_rem(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let (a, b) = (r.operand(op, 0), r.operand(op, 1));
    for (m, rem) in [(a, b), (b, a)] {
        let (Some(mul), Some(rem)) = (def(r, m, "arith.muli"), def(r, rem, "arith.remui")) else {
            continue;
        };
        let (x, c) = (r.operand(rem, 0), r.operand(rem, 1));
        let (p, q) = (r.operand(mul, 0), r.operand(mul, 1));
        for (d, k) in [(p, q), (q, p)] {
            let Some(div) = def(r, d, "arith.divui") else {
                continue;
            };
            if k == c && r.operand(div, 0) == x && r.operand(div, 1) == c {
                return replace_with(r, op, x);
            }
        }
    }
    false
}

// ----- subi ------------------------------------------------------------------------------------

/// The eight reassociations of a constant through `subi`/`addi` (upstream's
/// `SubI{RHS,LHS}{Add,Sub}Constant{RHS,LHS}`), and `subi(subi(a, b), a) -> subi(0, b)`.
fn subi_reassociate(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let Some((ty, w)) = width(r, op) else {
        return false;
    };
    let (a, b) = (r.operand(op, 0), r.operand(op, 1));
    let add = |x: i64, y: i64| eval_int_binop(IntBinOp::Add, x, y, w);
    let sub = |x: i64, y: i64| eval_int_binop(IntBinOp::Sub, x, y, w);

    // subi(subi(a, b), a) -> subi(0, b)
    if let Some(inner) = def(r, a, "arith.subi") {
        if r.operand(inner, 0) == b {
            let y = r.operand(inner, 1);
            let bld = r.builder();
            let zero = build_constant_int(bld, ty, 0);
            let v = build_binary(bld, "arith.subi", zero, y);
            return replace_with(r, op, v);
        }
    }

    let Some((inner_v, c1, c1_left)) = split_const(r, op) else {
        return false;
    };
    enum New {
        Add(Value, i64),
        SubFromConst(i64, Value),
        SubConst(Value, i64),
    }
    let plan = if let Some(inner) = def(r, inner_v, "arith.addi") {
        let Some((x, c0, _)) = split_const(r, inner) else {
            return false;
        };
        if !c1_left {
            // (x + c0) - c1 = x + (c0 - c1)
            sub(c0, c1).map(|c| New::Add(x, c))
        } else {
            // c1 - (x + c0) = (c1 - c0) - x
            sub(c1, c0).map(|c| New::SubFromConst(c, x))
        }
    } else if let Some(inner) = def(r, inner_v, "arith.subi") {
        let Some((x, c0, c0_left)) = split_const(r, inner) else {
            return false;
        };
        match (c1_left, c0_left) {
            // (x - c0) - c1 = x - (c0 + c1)
            (false, false) => add(c0, c1).map(|c| New::SubConst(x, c)),
            // (c0 - x) - c1 = (c0 - c1) - x
            (false, true) => sub(c0, c1).map(|c| New::SubFromConst(c, x)),
            // c1 - (x - c0) = (c0 + c1) - x
            (true, false) => add(c0, c1).map(|c| New::SubFromConst(c, x)),
            // c1 - (c0 - x) = x + (c1 - c0)
            (true, true) => sub(c1, c0).map(|c| New::Add(x, c)),
        }
    } else {
        None
    };
    let Some(plan) = plan else { return false };
    let bld = r.builder();
    let v = match plan {
        New::Add(x, c) => {
            let cv = build_constant_int(bld, ty, c);
            build_binary(bld, "arith.addi", x, cv)
        }
        New::SubFromConst(c, x) => {
            let cv = build_constant_int(bld, ty, c);
            build_binary(bld, "arith.subi", cv, x)
        }
        New::SubConst(x, c) => {
            let cv = build_constant_int(bld, ty, c);
            build_binary(bld, "arith.subi", x, cv)
        }
    };
    replace_with(r, op, v)
}

// ----- muli ------------------------------------------------------------------------------------

/// `muli(muli(x, c0), c1) -> muli(x, c0 * c1)`.
fn muli_reassociate(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let Some((ty, w)) = width(r, op) else {
        return false;
    };
    let Some((inner_v, c1, _)) = split_const(r, op) else {
        return false;
    };
    let Some(inner) = def(r, inner_v, "arith.muli") else {
        return false;
    };
    let Some((x, c0, _)) = split_const(r, inner) else {
        return false;
    };
    let Some(c) = eval_int_binop(IntBinOp::Mul, c0, c1, w) else {
        return false;
    };
    let bld = r.builder();
    let cv = build_constant_int(bld, ty, c);
    let v = build_binary(bld, "arith.muli", x, cv);
    replace_with(r, op, v)
}

// ----- xori / andi / ori -------------------------------------------------------------------------

/// `xori(cmpi(p, a, b), true) -> cmpi(!p, a, b)`.
fn xori_not_cmpi(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let ty = r.value_type(r.result(op, 0));
    if !is_i1(r, ty) {
        return false;
    }
    let Some((x, c, _)) = split_const(r, op) else {
        return false;
    };
    if c & 1 == 0 {
        return false;
    }
    let Some(cmp) = def(r, x, "arith.cmpi") else {
        return false;
    };
    let Some(pred) = cmpi_predicate(r, cmp) else {
        return false;
    };
    let (a, b) = (r.operand(cmp, 0), r.operand(cmp, 1));
    let v = build_cmpi(r.builder(), pred.inverted(), a, b);
    replace_with(r, op, v)
}

/// `andi(ext(x), ext(y)) -> ext(andi(x, y))` (and `ori`) for equal extensions of equal types.
fn logic_of_exts(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let name = r.op_name_str(op).to_string();
    let (a, b) = (r.operand(op, 0), r.operand(op, 1));
    for ext in ["arith.extui", "arith.extsi"] {
        let (Some(ea), Some(eb)) = (def(r, a, ext), def(r, b, ext)) else {
            continue;
        };
        let (x, y) = (r.operand(ea, 0), r.operand(eb, 0));
        if r.value_type(x) != r.value_type(y) {
            continue;
        }
        let ty = r.value_type(r.result(op, 0));
        let bld = r.builder();
        let inner = build_binary(bld, &name, x, y);
        let v = build_unary(bld, ext, inner, ty);
        return replace_with(r, op, v);
    }
    false
}

// ----- cmpi --------------------------------------------------------------------------------------

/// `cmpi(eq/ne, extsi(a), extsi(b)) -> cmpi(eq/ne, a, b)` (and `extui`) for equal source types.
fn cmpi_of_exts(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let Some(pred) = cmpi_predicate(r, op) else {
        return false;
    };
    if !matches!(pred, CmpIPredicate::Eq | CmpIPredicate::Ne) {
        return false;
    }
    let (a, b) = (r.operand(op, 0), r.operand(op, 1));
    for ext in ["arith.extsi", "arith.extui"] {
        let (Some(ea), Some(eb)) = (def(r, a, ext), def(r, b, ext)) else {
            continue;
        };
        let (x, y) = (r.operand(ea, 0), r.operand(eb, 0));
        if r.value_type(x) != r.value_type(y) {
            continue;
        }
        let v = build_cmpi(r.builder(), pred, x, y);
        return replace_with(r, op, v);
    }
    false
}

// ----- select ------------------------------------------------------------------------------------

/// `select(c, 1, 0) : iN -> extui(c)`, `select(c, 0, 1) -> extui(xori(c, true))` (N > 1).
fn select_to_extui(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let ty = r.value_type(r.result(op, 0));
    if r.int_width(ty).is_none_or(|w| w <= 1) {
        return false;
    }
    let (c, t, f) = (r.operand(op, 0), r.operand(op, 1), r.operand(op, 2));
    match (constant_int(r, t), constant_int(r, f)) {
        (Some(1), Some(0)) => {
            let v = build_unary(r.builder(), "arith.extui", c, ty);
            replace_with(r, op, v)
        }
        (Some(0), Some(1)) => {
            let bld = r.builder();
            let i1 = bld.i1_type();
            let one = build_constant_int(bld, i1, 1);
            let not = build_binary(bld, "arith.xori", c, one);
            let v = build_unary(bld, "arith.extui", not, ty);
            replace_with(r, op, v)
        }
        _ => false,
    }
}

/// On `i1`: `select(c, true, x) -> ori(c, x)`, `select(c, x, false) -> andi(c, x)`,
/// `select(c, false, true) -> xori(c, true)`.
fn select_i1_simplify(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let ty = r.value_type(r.result(op, 0));
    if !is_i1(r, ty) {
        return false;
    }
    let (c, t, f) = (r.operand(op, 0), r.operand(op, 1), r.operand(op, 2));
    let (ct, cf) = (
        constant_int(r, t).map(|v| v & 1),
        constant_int(r, f).map(|v| v & 1),
    );
    let bld = r.builder();
    let v = match (ct, cf) {
        (Some(0), Some(1)) => {
            let one = build_constant_int(bld, ty, 1);
            build_binary(bld, "arith.xori", c, one)
        }
        (Some(1), _) => build_binary(bld, "arith.ori", c, f),
        (_, Some(0)) => build_binary(bld, "arith.andi", c, t),
        _ => return false,
    };
    replace_with(r, op, v)
}

/// `select(xori(c, true), a, b) -> select(c, b, a)`.
fn select_not_cond(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let (c, t, f) = (r.operand(op, 0), r.operand(op, 1), r.operand(op, 2));
    let Some(x) = def(r, c, "arith.xori") else {
        return false;
    };
    let Some((inner, k, _)) = split_const(r, x) else {
        return false;
    };
    if k & 1 == 0 {
        return false;
    }
    let v = build_select(r.builder(), inner, f, t);
    replace_with(r, op, v)
}

/// `select(c, select(c, a, b), d) -> select(c, a, d)` and
/// `select(c, a, select(c, b, d)) -> select(c, a, d)`.
fn redundant_select(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let (c, t, f) = (r.operand(op, 0), r.operand(op, 1), r.operand(op, 2));
    if let Some(inner) = def(r, t, "arith.select").filter(|&i| r.operand(i, 0) == c) {
        let a = r.operand(inner, 1);
        r.set_operand(op, 1, a);
        return true;
    }
    if let Some(inner) = def(r, f, "arith.select").filter(|&i| r.operand(i, 0) == c) {
        let d = r.operand(inner, 2);
        r.set_operand(op, 2, d);
        return true;
    }
    false
}

// ----- casts -------------------------------------------------------------------------------------

/// `index_cast(index_cast(x)) -> x` when `x` has the result type; `index_cast(extsi(x)) ->
/// index_cast(x)` (and the unsigned variants with `extui`).
fn index_cast_chain(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let name = r.op_name_str(op).to_string();
    let ext = if name == "arith.index_cast" {
        "arith.extsi"
    } else {
        "arith.extui"
    };
    let src = r.operand(op, 0);
    let ty = r.value_type(r.result(op, 0));
    if let Some(inner) = def(r, src, &name) {
        let x = r.operand(inner, 0);
        if r.value_type(x) == ty {
            return replace_with(r, op, x);
        }
    }
    if let Some(e) = def(r, src, ext) {
        let x = r.operand(e, 0);
        let v = build_unary(r.builder(), &name, x, ty);
        return replace_with(r, op, v);
    }
    false
}

/// `extsi(extui(x)) -> extui(x)`: the zero-extended value is non-negative.
fn extsi_of_extui(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let Some(inner) = def(r, r.operand(op, 0), "arith.extui") else {
        return false;
    };
    let x = r.operand(inner, 0);
    let ty = r.value_type(r.result(op, 0));
    let v = build_unary(r.builder(), "arith.extui", x, ty);
    replace_with(r, op, v)
}

/// `x` when `v` is `x` clamped to the 32-bit integers with NaN made 0 (how `tail-to-soac`
/// converts `⌊`: `select(cmpf ord x x, minnumf(maxnumf(x, -2^31), 2^31 - 1), 0.0)`), else
/// `v`.
fn unclamped(r: &PatternRewriter<'_>, v: Value) -> Value {
    let clamp = || -> Option<Value> {
        let sel = def(r, v, "arith.select")?;
        let (ord, c, z) = (r.operand(sel, 0), r.operand(sel, 1), r.operand(sel, 2));
        let ord = def(r, ord, "arith.cmpf")?;
        let min = def(r, c, "arith.minnumf")?;
        let max = def(r, r.operand(min, 0), "arith.maxnumf")?;
        let x = r.operand(max, 0);
        let cf = |w| crate::util::constant_float(r, w);
        let ok = super::ops::cmpf_predicate(r, ord) == Some(super::fold::CmpFPredicate::Ord)
            && r.operand(ord, 0) == x
            && r.operand(ord, 1) == x
            && cf(z) == Some(0.0)
            && cf(r.operand(max, 1)) == Some(f64::from(i32::MIN))
            && cf(r.operand(min, 1)) == Some(f64::from(i32::MAX));
        ok.then_some(x)
    };
    clamp().unwrap_or(v)
}

/// `fptosi(floor(divf(sitofp(a), c))) -> floordivsi(a, c)` (extended or truncated to the
/// result type), for `a : i32`, the division in `f64` and `c` a constant integer with
/// `0 < |c| < 2^31`, `c ≠ -1`, also when the floor is clamped to the 32-bit integers first
/// ([`unclamped`]). Exact: with `a/c = m + f`, the fraction `f` is 0 or in
/// `[1/|c|, 1 - 1/|c|]`, and the rounding of the division, below `|a/c| · 2^-53 < 2^-22/|c|`,
/// never carries the quotient across an integer; the floor fits in `i32` (only
/// `-2^31 ÷ -1` would not), so the clamp changes nothing. The integer division by a constant
/// becomes a multiplication in LLVM.
fn floor_of_int_quotient(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let Some(fl) = def(r, unclamped(r, r.operand(op, 0)), "math.floor") else {
        return false;
    };
    let Some(d) = def(r, r.operand(fl, 0), "arith.divf") else {
        return false;
    };
    let (num, den) = (r.operand(d, 0), r.operand(d, 1));
    let Some(cv) = def(r, num, "arith.sitofp") else {
        return false;
    };
    let a = r.operand(cv, 0);
    let (aty, nty) = (r.value_type(a), r.value_type(num));
    let i32_in = matches!(
        r.type_kind(aty),
        tail_ir::TypeKind::Integer { width: 32, .. }
    );
    let f64_div = matches!(
        r.type_kind(nty),
        tail_ir::TypeKind::Float(tail_ir::FloatKind::F64)
    );
    let Some((ty, w)) = width(r, op) else {
        return false;
    };
    if !i32_in || !f64_div || w < 32 {
        return false;
    }
    let c = crate::util::constant_float(r, den).or_else(|| {
        let cd = def(r, den, "arith.sitofp")?;
        constant_int(r, r.operand(cd, 0)).map(|c| c as f64)
    });
    let Some(c) =
        c.filter(|c| c.fract() == 0.0 && *c != 0.0 && *c != -1.0 && c.abs() < 2f64.powi(31))
    else {
        return false;
    };
    let b = r.builder();
    let k = build_constant_int(b, aty, c as i64);
    let q = build_binary(b, "arith.floordivsi", a, k);
    let v = if w == 32 {
        q
    } else {
        build_unary(b, "arith.extsi", q, ty)
    };
    replace_with(r, op, v)
}

/// `sitofp`/`uitofp` of a truth value `b : i1`, directly or through `extui`/`extsi`, is
/// `select(b, v, 0.0)` with `v` = 1.0 (−1.0 for `sitofp` of `i1` or of `extsi`). Exact, and
/// cheaper than a conversion: vectorized, an `i1` mask becomes a blend or a bitwise `and` of
/// the constant instead of a widening and an integer-to-float conversion per lane. APL's
/// `m×a` with a comparison `m` (mandelbrot's `(m×z²+c)+z×~m`) converts truth values so.
fn int_to_fp_of_bool(op: OpId, r: &mut PatternRewriter<'_>) -> bool {
    let ty = r.value_type(r.result(op, 0));
    if !matches!(r.type_kind(ty), tail_ir::TypeKind::Float(_)) {
        return false;
    }
    let signed = r.op_is(op, "arith.sitofp");
    let x = r.operand(op, 0);
    let (b, negative) = if is_i1(r, r.value_type(x)) {
        (x, signed)
    } else if let Some(e) = def(r, x, "arith.extui") {
        (r.operand(e, 0), false)
    } else if let Some(e) = def(r, x, "arith.extsi").filter(|_| signed) {
        (r.operand(e, 0), true)
    } else {
        return false;
    };
    if !is_i1(r, r.value_type(b)) {
        return false;
    }
    let bld = r.builder();
    let one = build_constant_float(bld, ty, if negative { -1.0 } else { 1.0 });
    let zero = build_constant_float(bld, ty, 0.0);
    let v = build_select(bld, b, one, zero);
    replace_with(r, op, v)
}

// ----- registration ------------------------------------------------------------------------------

fn add(set: &mut RewritePatternSet, root: &'static str, ps: &[(&'static str, PatternFn)]) {
    add_patterns(set, root, ps)
}

impl AddIOp {
    pub(crate) fn canonicalization_patterns(set: &mut RewritePatternSet) {
        add(
            set,
            "arith.addi",
            &[
                ("AddIReassociateConstant", addi_reassociate),
                ("AddIMulNegativeOne", addi_mul_negative_one),
                ("AddIDivRem", addi_div_rem),
            ],
        );
    }
}

impl SubIOp {
    pub(crate) fn canonicalization_patterns(set: &mut RewritePatternSet) {
        add(
            set,
            "arith.subi",
            &[("SubIReassociateConstant", subi_reassociate)],
        );
    }
}

impl MulIOp {
    pub(crate) fn canonicalization_patterns(set: &mut RewritePatternSet) {
        add(set, "arith.muli", &[("MulIMulIConstant", muli_reassociate)]);
    }
}

impl XOrIOp {
    pub(crate) fn canonicalization_patterns(set: &mut RewritePatternSet) {
        add(set, "arith.xori", &[("XOrINotCmpI", xori_not_cmpi)]);
    }
}

impl AndIOp {
    pub(crate) fn canonicalization_patterns(set: &mut RewritePatternSet) {
        add(set, "arith.andi", &[("AndOfExt", logic_of_exts)]);
    }
}

impl OrIOp {
    pub(crate) fn canonicalization_patterns(set: &mut RewritePatternSet) {
        add(set, "arith.ori", &[("OrOfExt", logic_of_exts)]);
    }
}

impl CmpIOp {
    pub(crate) fn canonicalization_patterns(set: &mut RewritePatternSet) {
        add(set, "arith.cmpi", &[("CmpIExt", cmpi_of_exts)]);
    }
}

impl SelectOp {
    pub(crate) fn canonicalization_patterns(set: &mut RewritePatternSet) {
        add(
            set,
            "arith.select",
            &[
                ("SelectToExtUI", select_to_extui),
                ("SelectI1Simplify", select_i1_simplify),
                ("SelectNotCond", select_not_cond),
                ("RedundantSelect", redundant_select),
            ],
        );
    }
}

impl IndexCastOp {
    pub(crate) fn canonicalization_patterns(set: &mut RewritePatternSet) {
        add(
            set,
            "arith.index_cast",
            &[("IndexCastChain", index_cast_chain)],
        );
    }
}

impl IndexCastUIOp {
    pub(crate) fn canonicalization_patterns(set: &mut RewritePatternSet) {
        add(
            set,
            "arith.index_castui",
            &[("IndexCastUIChain", index_cast_chain)],
        );
    }
}

impl FPToSIOp {
    pub(crate) fn canonicalization_patterns(set: &mut RewritePatternSet) {
        add(
            set,
            "arith.fptosi",
            &[("FloorOfIntQuotient", floor_of_int_quotient)],
        );
    }
}

impl SIToFPOp {
    pub(crate) fn canonicalization_patterns(set: &mut RewritePatternSet) {
        add(set, "arith.sitofp", &[("IntToFPOfBool", int_to_fp_of_bool)]);
    }
}

impl UIToFPOp {
    pub(crate) fn canonicalization_patterns(set: &mut RewritePatternSet) {
        add(set, "arith.uitofp", &[("IntToFPOfBool", int_to_fp_of_bool)]);
    }
}

impl ExtSIOp {
    pub(crate) fn canonicalization_patterns(set: &mut RewritePatternSet) {
        add(set, "arith.extsi", &[("ExtSIOfExtUI", extsi_of_extui)]);
    }
}
