//! Characters in kernels. On the device (and in every memref `convert-soac-to-hpar` makes) a
//! character is its Unicode scalar value as an `i32`: `!tail.char` has no device type, and
//! code points (at most `0x10FFFF`) compare as signed integers in the same order as the
//! characters do.
//!
//! [`lower_chars`] runs on a function before its SOACs are converted and rewrites the `soac`
//! side of it to `i32`:
//!
//! * every tensor of `!tail.char` becomes a tensor of `i32` (function arguments and results
//!   included: a character array crosses the function boundary as a memref of code points);
//! * inside SOACs (the ops of their regions, the SOACs' own results; not the body of a host
//!   `soac.loop`, which is host code), `!tail.char` scalars
//!   become `i32`: `tail.const_char c` is `arith.constant c : i32`, `tail.eqc`, `neqc`,
//!   `ltc`, `ltec`, `gtc`, `gtec` are `arith.cmpi eq`, `ne`, `slt`, `sle`, `sgt`, `sge`;
//!   `arith.select`, `scf.if` and the yields only change type; `tail.prSclC` (`⎕ ← ⍵` in a
//!   map's function, printed on the host) prints the code point cast back to `!tail.char`;
//! * a character scalar of the host (a `tail.const_char`, a `tail` op's result, a function
//!   argument) used by a SOAC is converted once: a constant to `arith.constant`, anything
//!   else with `builtin.unrealized_conversion_cast %c : !tail.char to i32`; a SOAC's scalar
//!   result (`soac.index` of a character array) used on the host goes back through the
//!   cast `i32 to !tail.char`.
//!
//! The casts between `!tail.char` values and `i32` (and between memrefs of `i32` and `tail`
//! arrays of characters, where the host prints or reads them) are conversions of the runtime
//! value, which the reference interpreter performs (`tail-interp`'s `cast.rs`). Any other op
//! on characters inside a SOAC is an error located at the op.

use rustc_hash::FxHashMap;
use tail_builtin::arith::CmpIPredicate;
use tail_dialect::types::CharType;
use tail_ir::{Builder, Context, InsertPoint, OpId, Type, TypeKind, Value};

use crate::util::*;

/// Whether `ty` is `!tail.char`.
pub(crate) fn is_char(ctx: &Context, ty: Type) -> bool {
    CharType::from_type(ctx, ty).is_some()
}

/// `ty` with `!tail.char` (scalar or tensor element) replaced by `i32`, or `None` if it holds
/// no character.
fn device_type(ctx: &mut Context, ty: Type) -> Option<Type> {
    if is_char(ctx, ty) {
        return Some(ctx.int_type(32));
    }
    let (shape, elem) = match ctx.type_kind(ty) {
        TypeKind::RankedTensor { shape, elem } => (Some(shape.clone()), *elem),
        TypeKind::UnrankedTensor { elem } => (None, *elem),
        _ => return None,
    };
    if !is_char(ctx, elem) {
        return None;
    }
    let i = ctx.int_type(32);
    Some(match shape {
        Some(shape) => ctx.tensor_type(shape, i),
        None => ctx.intern_type(TypeKind::UnrankedTensor { elem: i }),
    })
}

/// Whether `ty` holds a character (a scalar, or tensor elements).
fn has_char(ctx: &Context, ty: Type) -> bool {
    match ctx.type_kind(ty) {
        TypeKind::RankedTensor { elem, .. } | TypeKind::UnrankedTensor { elem } => {
            is_char(ctx, *elem)
        }
        _ => is_char(ctx, ty),
    }
}

/// Whether `op` is a SOAC or code of a kernel ([`runs_in_kernel`]). The body of a host
/// `soac.loop` is host code: a kept `tail` op there (printing, file input) reads character
/// arrays on the host.
fn in_soac(ctx: &Context, f: OpId, op: OpId) -> bool {
    ctx.op_name_str(op).starts_with("soac.") || runs_in_kernel(ctx, f, op)
}

/// The `arith.cmpi` predicate of a `tail` character comparison (`"tail.eqc"`, …) on the
/// characters' code points.
pub fn char_compare(name: &str) -> Option<CmpIPredicate> {
    Some(match name {
        "tail.eqc" => CmpIPredicate::Eq,
        "tail.neqc" => CmpIPredicate::Ne,
        "tail.ltc" => CmpIPredicate::Slt,
        "tail.ltec" => CmpIPredicate::Sle,
        "tail.gtc" => CmpIPredicate::Sgt,
        "tail.gtec" => CmpIPredicate::Sge,
        _ => return None,
    })
}

/// Ops that may hold characters inside a SOAC: they only change type.
const RETYPED: [&str; 4] = ["arith.select", "scf.if", "scf.yield", "soac.yield"];

/// Rewrites characters in function `f` to `i32` code points (see the module documentation).
pub(crate) fn lower_chars(ctx: &mut Context, f: OpId) -> CResult {
    let ops: Vec<OpId> = ctx.walk_preorder(f).into_iter().skip(1).collect();
    let mut any = false;
    // Check first, so that an error leaves the function as it was.
    for &o in &ops {
        let chars = ctx
            .operands(o)
            .map(|v| ctx.value_type(v))
            .chain(ctx.results(o).iter().map(|&r| ctx.value_type(r)))
            .any(|t| has_char(ctx, t));
        if !chars {
            continue;
        }
        any = true;
        let name = ctx.op_name_str(o);
        let ok = !in_soac(ctx, f, o)
            || name.starts_with("soac.")
            || name == "tail.const_char"
            || name == "tail.prSclC"
            || char_compare(name).is_some()
            || RETYPED.contains(&name);
        if !ok {
            return Err(tail_ir::op_error(
                ctx,
                o,
                "cannot be lowered to a kernel by convert-soac-to-hpar: an operation on characters with no kernel form (supported: tail.const_char, tail.eqc, neqc, ltc, ltec, gtc, gtec, arith.select, scf.if; tail.prSclC on the host)",
            ));
        }
    }
    let args: Vec<Value> = ctx
        .region_blocks(ctx.region(f, 0))
        .to_vec()
        .into_iter()
        .flat_map(|b| ctx.block_args(b).to_vec())
        .collect();
    if !any && !args.iter().any(|&a| has_char(ctx, ctx.value_type(a))) {
        return Ok(());
    }
    // Function signature.
    let fty = ctx
        .attr(f, "function_type")
        .and_then(|a| ctx.attr_as_type(a));
    if let Some(fty) = fty {
        let sig = match ctx.type_kind(fty) {
            TypeKind::Function { inputs, results } => Some((inputs.clone(), results.clone())),
            _ => None,
        };
        if let Some((inputs, results)) = sig {
            let conv = |ctx: &mut Context, ts: &[Type]| -> Vec<Type> {
                ts.iter()
                    .map(|&t| match ctx.type_kind(t) {
                        TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. } => {
                            device_type(ctx, t).unwrap_or(t)
                        }
                        _ => t,
                    })
                    .collect()
            };
            let (i, r) = (conv(ctx, &inputs), conv(ctx, &results));
            let nf = ctx.function_type(i, r);
            let a = ctx.type_attr(nf);
            ctx.set_attr(f, "function_type", a);
        }
    }
    // Values to retype: tensors everywhere; scalars defined inside SOACs (and their results).
    let mut host_chars: Vec<Value> = Vec::new();
    let mut dev_scalars: Vec<Value> = Vec::new();
    let retype =
        |ctx: &mut Context, v: Value, soac: bool, host: &mut Vec<Value>, dev: &mut Vec<Value>| {
            let t = ctx.value_type(v);
            let Some(nt) = device_type(ctx, t) else {
                return;
            };
            if !is_char(ctx, t) {
                ctx.set_value_type(v, nt);
            } else if soac {
                ctx.set_value_type(v, nt);
                dev.push(v);
            } else {
                host.push(v);
            }
        };
    for a in args {
        retype(ctx, a, false, &mut host_chars, &mut dev_scalars);
    }
    for &o in &ops {
        let soac = in_soac(ctx, f, o);
        for r in ctx.results(o).to_vec() {
            retype(ctx, r, soac, &mut host_chars, &mut dev_scalars);
        }
        // Block arguments of a SOAC's regions (or of regions nested in one).
        for reg in ctx.regions(o).to_vec() {
            for blk in ctx.region_blocks(reg).to_vec() {
                for a in ctx.block_args(blk).to_vec() {
                    retype(ctx, a, soac, &mut host_chars, &mut dev_scalars);
                }
            }
        }
    }
    // A host character used inside a SOAC: its code point, once.
    let i32t = ctx.int_type(32);
    let mut conv: FxHashMap<Value, Value> = FxHashMap::default();
    for v in host_chars {
        let uses: Vec<_> = ctx
            .use_vec(v)
            .into_iter()
            .filter(|u| in_soac(ctx, f, u.op))
            .collect();
        if uses.is_empty() {
            continue;
        }
        let cp = *conv.entry(v).or_insert_with(|| {
            let (ip, loc) = match ctx.defining_op(v) {
                Some(d) => (InsertPoint::After(d), ctx.op_loc(d)),
                None => {
                    let blk = ctx.value_parent_block(v).expect("block argument");
                    (InsertPoint::BlockStart(blk), ctx.op_loc(f))
                }
            };
            let constant = ctx
                .defining_op(v)
                .filter(|&d| ctx.op_is(d, "tail.const_char"))
                .and_then(|d| ctx.attr(d, "value"))
                .and_then(|a| ctx.attr_as_int(a));
            let mut b = Builder::new(ctx, ip, loc);
            match constant {
                Some(c) => tail_builtin::arith::build_constant_int(&mut b, i32t, c),
                None => mk1(
                    &mut b,
                    "builtin.unrealized_conversion_cast",
                    &[v],
                    i32t,
                    &[],
                ),
            }
        });
        for u in uses {
            ctx.set_operand(u.op, u.index as usize, cp);
        }
    }
    // A SOAC's scalar result used on the host: back to `!tail.char`.
    let ct = CharType::get(ctx);
    for v in dev_scalars {
        let uses: Vec<_> = ctx
            .use_vec(v)
            .into_iter()
            .filter(|u| !in_soac(ctx, f, u.op))
            .collect();
        if uses.is_empty() {
            continue;
        }
        // A SOAC's result, or an argument of a host loop's body (its carried values).
        let (ip, loc) = match ctx.defining_op(v) {
            Some(d) => (InsertPoint::After(d), ctx.op_loc(d)),
            None => {
                let blk = ctx.value_parent_block(v).expect("block argument");
                (InsertPoint::BlockStart(blk), ctx.op_loc(f))
            }
        };
        let mut b = Builder::new(ctx, ip, loc);
        let c = mk1(&mut b, "builtin.unrealized_conversion_cast", &[v], ct, &[]);
        for u in uses {
            ctx.set_operand(u.op, u.index as usize, c);
        }
    }
    // The character ops inside SOACs.
    for o in ops {
        if !in_soac(ctx, f, o) {
            continue;
        }
        let name = ctx.op_name_str(o).to_string();
        let loc = ctx.op_loc(o);
        if name == "tail.prSclC" {
            // `⎕ ← ⍵` of a character in a map's function: printed on the host (split out
            // like a roll, `roll.rs`) from the code point cast back to a character; what
            // reads the printed value reads the code point.
            let x = ctx.operand(o, 0);
            let r = ctx.result(o, 0);
            let mut b = Builder::new(ctx, InsertPoint::Before(o), loc);
            let c = mk1(&mut b, "builtin.unrealized_conversion_cast", &[x], ct, &[]);
            ctx.set_operand(o, 0, c);
            ctx.set_value_type(r, ct);
            ctx.replace_all_uses_with(r, x);
            continue;
        }
        let new = if name == "tail.const_char" {
            let c = ctx
                .attr(o, "value")
                .and_then(|a| ctx.attr_as_int(a))
                .unwrap_or(32);
            let mut b = Builder::new(ctx, InsertPoint::Before(o), loc);
            tail_builtin::arith::build_constant_int(&mut b, i32t, c)
        } else if let Some(p) = char_compare(&name) {
            let (x, y) = (ctx.operand(o, 0), ctx.operand(o, 1));
            let mut b = Builder::new(ctx, InsertPoint::Before(o), loc);
            tail_builtin::arith::build_cmpi(&mut b, p, x, y)
        } else {
            continue;
        };
        let r = ctx.result(o, 0);
        ctx.replace_all_uses_with(r, new);
        ctx.erase_op(o);
    }
    Ok(())
}
