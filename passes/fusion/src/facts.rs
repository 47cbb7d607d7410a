//! Facts about scalar values, read off the code that computes them, for the strength
//! reductions of `soac-simplify`: the range of an integer, and whether a float is an exact
//! power of two (and with which exponents).
//!
//! A lambda argument of a `map`, `redomap` or `scanomap` has the facts of every element of
//! the array it traverses. An array's elements are traced through views (`reshape`,
//! `transpose`, `slice`, `rotate`), creators (`iota`, `replicate`, `concat`) and the lambdas
//! of the `map`s that produce them: `(2*⍳30)` reshaped into the rows of a matrix is still
//! an array of powers of two 2¹ … 2³⁰. A cyclic reshape of an array that may be empty also
//! holds the default element 0.
//!
//! Every answer over-approximates the values the program can compute; `None` means that
//! nothing is known. One question follows at most [`FUEL`] definitions in all (a shared
//! budget, so that values used many times over cannot make it exponential).

use std::cell::Cell;

use tail_builtin::util::{constant_float, constant_int};
use tail_ir::{BlockId, Context, FloatKind, TypeKind, Value, ValueDef, DYNAMIC};
use tail_soac::types::array_parts;

use crate::screma::{yielded, Screma};

/// How many definitions one question follows before it gives up.
const FUEL: u32 = 64;

/// What is left of a question's [`FUEL`].
type Fuel = Cell<u32>;

/// Takes one step of `fuel`; `None` when it is spent.
fn spend(fuel: &Fuel) -> Option<()> {
    fuel.set(fuel.get().checked_sub(1)?);
    Some(())
}

/// Where the elements of an array come from.
#[derive(Clone, Copy, Debug)]
enum Source {
    /// Copies of a scalar value: a producer lambda's yield, a replicated scalar.
    Scalar(Value),
    /// The elements of `iota n`: 0 … n−1 (`None`: an extent not known at compile time).
    Iota(Option<i64>),
    /// The default element (0) with which a cyclic reshape of an empty array is filled.
    Zero,
}

/// The array that argument `index` of `block` traverses, when `block` is the map lambda of a
/// `map`, `redomap` or `scanomap` (its arguments are the inputs' rows or elements).
fn lambda_input(ctx: &Context, block: BlockId, index: u32) -> Option<Value> {
    let region = ctx.block_parent_region(block)?;
    let op = ctx.region_parent_op(region)?;
    let s = Screma::of(ctx, op)?;
    if s.lambda != Some(region) || ctx.entry_block(region) != Some(block) {
        return None;
    }
    s.inputs.get(index as usize).copied()
}

/// Whether every extent of array `v`'s type is static and positive.
fn nonempty(ctx: &Context, v: Value) -> bool {
    array_parts(ctx, ctx.value_type(v))
        .is_some_and(|(shape, _)| shape.iter().all(|&n| n != DYNAMIC && n > 0))
}

/// Appends to `out` where the elements of `v` come from (`v` itself when it is a scalar).
fn sources(ctx: &Context, v: Value, fuel: &Fuel, out: &mut Vec<Source>) -> Option<()> {
    spend(fuel)?;
    if array_parts(ctx, ctx.value_type(v)).is_none() {
        out.push(Source::Scalar(v));
        return Some(());
    }
    match ctx.value_def(v) {
        ValueDef::BlockArg { block, index } => {
            let input = lambda_input(ctx, block, index)?;
            sources(ctx, input, fuel, out)
        }
        ValueDef::OpResult { op, index } => match ctx.op_name_str(op) {
            "soac.transpose" | "soac.slice" | "soac.rotate" | "soac.replicate" => {
                sources(ctx, ctx.operand(op, 0), fuel, out)
            }
            "soac.reshape" => {
                let src = ctx.operand(op, 0);
                if ctx.attr(op, "cyclic").is_some() && !nonempty(ctx, src) {
                    out.push(Source::Zero);
                }
                sources(ctx, src, fuel, out)
            }
            "soac.concat" => {
                for x in ctx.operand_vec(op) {
                    sources(ctx, x, fuel, out)?;
                }
                Some(())
            }
            "soac.iota" => {
                let (shape, _) = array_parts(ctx, ctx.value_type(v))?;
                out.push(Source::Iota(Some(shape[0]).filter(|&n| n != DYNAMIC)));
                Some(())
            }
            "soac.map" => {
                let lambda = Screma::of(ctx, op)?.lambda?;
                let y = *yielded(ctx, lambda).get(index as usize)?;
                sources(ctx, y, fuel, out)
            }
            _ => None,
        },
        ValueDef::Placeholder => None,
    }
}

/// The facts of scalar `v` that is a lambda argument: the union of `fact` over the sources of
/// the elements of the array it traverses.
fn over_elements<T>(
    ctx: &Context,
    v: Value,
    fuel: &Fuel,
    fact: impl Fn(Source) -> Option<T>,
    union: impl Fn(T, T) -> T,
) -> Option<T> {
    let ValueDef::BlockArg { block, index } = ctx.value_def(v) else {
        return None;
    };
    let input = lambda_input(ctx, block, index)?;
    let mut srcs = Vec::new();
    sources(ctx, input, fuel, &mut srcs)?;
    let mut acc: Option<T> = None;
    for s in srcs {
        let f = fact(s)?;
        acc = Some(match acc {
            None => f,
            Some(a) => union(a, f),
        });
    }
    acc
}

fn hull(a: (i64, i64), b: (i64, i64)) -> (i64, i64) {
    (a.0.min(b.0), a.1.max(b.1))
}

/// The closed range `[lo, hi]` of the signed integer `v` (`iN` or `index`), when known.
pub(crate) fn int_range(ctx: &Context, v: Value) -> Option<(i64, i64)> {
    int_range_in(ctx, v, &Cell::new(FUEL))
}

/// The closed range `[lo, hi]` of the signed integer `v` (`iN` or `index`), when known.
fn int_range_in(ctx: &Context, v: Value, fuel: &Fuel) -> Option<(i64, i64)> {
    spend(fuel)?;
    let width = match ctx.type_kind(ctx.value_type(v)) {
        TypeKind::Integer { width, .. } => *width,
        TypeKind::Index => 64,
        _ => return None,
    };
    if let Some(c) = constant_int(ctx, v) {
        return Some((c, c));
    }
    let elem = |s| match s {
        Source::Scalar(x) => int_range_in(ctx, x, fuel),
        Source::Iota(Some(n)) if n > 0 => Some((0, n - 1)),
        Source::Iota(_) => Some((0, i64::from(i32::MAX) - 1)),
        Source::Zero => Some((0, 0)),
    };
    let Some(op) = ctx.defining_op(v) else {
        return over_elements(ctx, v, fuel, elem, hull);
    };
    let arg = |i: usize| int_range_in(ctx, ctx.operand(op, i), fuel).map(wide);
    let r: (i128, i128) = match ctx.op_name_str(op) {
        "arith.extsi" | "arith.index_cast" => arg(0)?,
        // An element read from an array: any of its elements (`(2 1)[i]`, the counts of a
        // replication read per row).
        "soac.index" => {
            let mut srcs = Vec::new();
            sources(ctx, ctx.operand(op, 0), fuel, &mut srcs)?;
            let mut acc: Option<(i64, i64)> = None;
            for s in srcs {
                let f = elem(s)?;
                acc = Some(acc.map_or(f, |a| hull(a, f)));
            }
            wide(acc?)
        }
        n @ ("arith.addi" | "arith.subi" | "arith.muli" | "arith.minsi" | "arith.maxsi") => {
            tail_builtin::arith::binary_range(n, arg(0)?, arg(1)?)?
        }
        _ => return None,
    };
    // Only ranges the type holds: the operation cannot have wrapped around.
    let (min, max) = (-(1i128 << (width - 1)), (1i128 << (width - 1)) - 1);
    (r.0 >= min && r.1 <= max).then_some((r.0 as i64, r.1 as i64))
}

fn wide(r: (i64, i64)) -> (i128, i128) {
    (i128::from(r.0), i128::from(r.1))
}

/// The exponent `e` of a positive normal `f64` equal to 2ᵉ.
fn exponent_of(c: f64) -> Option<i64> {
    let bits = c.to_bits();
    (c > 0.0 && c.is_normal() && bits & ((1u64 << 52) - 1) == 0)
        .then(|| ((bits >> 52) & 0x7ff) as i64 - 1023)
}

/// When the `f64` value `v` is always an exact power of two 2ᵉ with a normal reciprocal, the
/// range `[lo, hi]` of `e` (within −1022 … 1022): a constant, `2 ** e` of an integer `e`
/// (`math.powf` with base 2 of a converted integer; the `⋆` of `2*k`), or a lambda argument
/// traversing an array of such values.
pub(crate) fn power_of_two(ctx: &Context, v: Value) -> Option<(i64, i64)> {
    power_of_two_in(ctx, v, &Cell::new(FUEL))
}

fn power_of_two_in(ctx: &Context, v: Value, fuel: &Fuel) -> Option<(i64, i64)> {
    spend(fuel)?;
    if !matches!(
        ctx.type_kind(ctx.value_type(v)),
        TypeKind::Float(FloatKind::F64)
    ) {
        return None;
    }
    let r = if let Some(c) = constant_float(ctx, v) {
        let e = exponent_of(c)?;
        (e, e)
    } else if let Some(op) = ctx.defining_op(v) {
        if !ctx.op_is(op, "math.powf") || constant_float(ctx, ctx.operand(op, 0)) != Some(2.0) {
            return None;
        }
        let e = ctx
            .defining_op(ctx.operand(op, 1))
            .filter(|&d| ctx.op_is(d, "arith.sitofp"))?;
        int_range_in(ctx, ctx.operand(e, 0), fuel)?
    } else {
        let elem = |s| match s {
            Source::Scalar(x) => power_of_two_in(ctx, x, fuel),
            Source::Iota(_) | Source::Zero => None,
        };
        over_elements(ctx, v, fuel, elem, hull)?
    };
    (r.0 >= -1022 && r.1 <= 1022).then_some(r)
}
