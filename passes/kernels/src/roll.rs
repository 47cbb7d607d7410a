//! `tail.roll` (APL's `?`) stays on the host. A roll draws the next number of the program's
//! one random sequence, so its results depend on how many rolls ran before it and in which
//! order (the reference interpreter's generator is one sequential state): a kernel computing
//! rolls in parallel could not give the same numbers. The rolled values are observable (they
//! are array elements), so they are computed on the host, in the order the program draws
//! them, and given to the kernels as a host array:
//!
//! * [`split_rolls`] (before conversion) takes the rolls out of the map lambda of each
//!   top-level `soac.map`/`soac.redomap`/`soac.scanomap` (also in the body of a host loop): a new `soac.map` over the same inputs, placed right
//!   before it, computes every roll of the lambda (with the scalar code its argument needs)
//!   and yields the rolled values; the original op reads them as extra inputs (a map result
//!   that is a rolled value is the new map's result). Element by element, the rolls are drawn
//!   in the order the lambda draws them;
//! * [`host_map`] lowers a map whose lambda holds a roll to a sequential loop on the host
//!   (`scf.for` over the positions, row-major, `memref.store` into a `memref.alloc` buffer per
//!   result): the rest of the program reads that buffer like any host array (copied to the
//!   device where a kernel reads it). The loop reads its inputs on the host: a grid program's
//!   result is first copied back (`builtin.unrealized_conversion_cast` to a memref). A lambda
//!   holding SOACs (`{⍵ + +/ ? 10 ⍴ 6}¨`) is lowered as a kernel's thread lowers it (module
//!   `seq`, its storage of run-time sizes heap buffers freed each iteration), reading host
//!   copies of the arrays it reads from outside (an array given as kernel code is computed
//!   into a buffer first); a map of rolls in it is drawn in order into storage
//!   (`Seq::map_rolls`).
//!
//! `tail.nowi` (`⎕NOW` applied elementwise: the host's clock) and the printing of a number
//! a character or a complex number (`tail.prSclI`/`B`/`D`/`C`/`X`, `{⎕ ← ⍵ ⋄ …}¨`) are
//! treated as rolls.
//!
//! A map nest whose innermost lambda rolls is not split: [`host_map`] runs the whole nest as
//! one host loop over its positions. A roll anywhere else in a SOAC (nested in an `scf.if`,
//! in a reduction's lambda inside a map, with an argument computed by a SOAC) is not split
//! out; it then reaches a kernel, where `convert-hpar-to-gpu` rejects it with an error
//! located at the roll.

use tail_ir::{BlockId, Builder, Context, InsertPoint, OpId, Type, TypeKind, Value, DYNAMIC};

use crate::arr::{self, Arr};
use crate::util::*;

/// Whether `op` is computed on the host only: `tail.roll`, `tail.nowi` (`⎕NOW`, the host's
/// clock, which no kernel reads; elementwise it is split out like a roll) and the printing of
/// a number (`⎕ ← ⍵` in a map's function: printed on the host, in the program's order).
fn host_only(ctx: &Context, op: tail_ir::OpId) -> bool {
    matches!(
        ctx.op_name_str(op),
        "tail.roll"
            | "tail.nowi"
            | "tail.prSclI"
            | "tail.prSclB"
            | "tail.prSclD"
            | "tail.prSclC"
            | "tail.prSclX"
    )
}

/// Whether block `blk` holds a `tail.roll` or `tail.nowi` (at any depth).
pub(crate) fn holds_roll(ctx: &Context, blk: BlockId) -> bool {
    ctx.block_op_vec(blk)
        .into_iter()
        .any(|o| ctx.walk_preorder(o).into_iter().any(|n| host_only(ctx, n)))
}

/// Splits the rolls out of the map lambdas of the top-level `soac.map`/`soac.redomap`/
/// `soac.scanomap` ops of `f` and of its host loops' bodies (see the module documentation).
pub(crate) fn split_rolls(ctx: &mut Context, f: OpId) -> CResult {
    if let Some(entry) = ctx.entry_block(ctx.region(f, 0)) {
        split_block(ctx, entry);
    }
    Ok(())
}

/// [`split_rolls`] in block `blk` of the host: its SOACs, and those of the bodies of its
/// `soac.loop`s (host loops, a `⎕BENCH` among them), recursively.
fn split_block(ctx: &mut Context, blk: BlockId) {
    for op in ctx.block_op_vec(blk) {
        let region = match ctx.op_name_str(op) {
            "soac.map" => 0,
            "soac.redomap" | "soac.scanomap" => 1,
            "soac.loop" => {
                if let Some(body) = ctx.entry_block(ctx.region(op, 0)) {
                    split_block(ctx, body);
                }
                continue;
            }
            _ => continue,
        };
        let Some(lam) = ctx.entry_block(ctx.region(op, region)) else {
            continue;
        };
        split(ctx, op, lam);
    }
}

/// Splits the rolls of lambda `lam` (the map lambda of `op`) into a new `soac.map`.
fn split(ctx: &mut Context, op: OpId, lam: BlockId) {
    let body = ctx.block_op_vec(lam);
    let rolls: Vec<OpId> = body
        .iter()
        .copied()
        .filter(|&o| host_only(ctx, o))
        .collect();
    // Only when every effect of the lambda is one of its own ops: a roll or print nested in
    // an op of it (a loop, an inner map) runs where the lambda runs on the host, and the
    // split ones would be drawn or printed before it for all elements.
    let nested = body.iter().any(|&o| {
        ctx.walk_preorder(o)
            .into_iter()
            .skip(1)
            .any(|n| host_only(ctx, n))
    });
    // Prints are not split out of a lambda that may stop the program (a run-time check, an
    // element read): all of them would come before the failure, not those of the elements
    // before it.
    let prints = rolls
        .iter()
        .any(|&o| ctx.op_name_str(o).starts_with("tail.pr"));
    let may_fail = body.iter().any(|&o| {
        ctx.walk_preorder(o)
            .into_iter()
            .any(|n| ctx.op_is(n, "func.call") || ctx.op_is(n, "soac.index"))
    });
    if rolls.is_empty() || nested || (prints && may_fail) {
        return;
    }
    // The lambda's ops the rolls need (region-free scalar code), by backward slice.
    let mut need = rustc_hash::FxHashSet::default();
    let mut stack = rolls.clone();
    while let Some(o) = stack.pop() {
        if !need.insert(o) {
            continue;
        }
        if !ctx.regions(o).is_empty() || ctx.op_name_str(o).starts_with("soac.") {
            return;
        }
        for v in ctx.operand_vec(o) {
            if let Some(d) = ctx.defining_op(v) {
                if ctx.op_parent_block(d) == Some(lam) {
                    stack.push(d);
                }
            }
        }
    }
    let args = ctx.block_args(lam).to_vec();
    let operands = ctx.operand_vec(op);
    let inputs = operands[..args.len()].to_vec();
    let Some(n) = inputs
        .first()
        .and_then(|&v| match ctx.type_kind(ctx.value_type(v)) {
            TypeKind::RankedTensor { shape, .. } => shape.first().copied(),
            _ => None,
        })
    else {
        return;
    };
    // The rolls' map: the same inputs, the needed ops in lambda order, the rolled values.
    let loc = ctx.op_loc(op);
    let arg_tys: Vec<Type> = args.iter().map(|&a| ctx.value_type(a)).collect();
    let (r, blk) = region(ctx, &arg_tys);
    let mut map = VMap::default();
    for (&a, &na) in args.iter().zip(ctx.block_args(blk).to_vec().iter()) {
        map.insert(a, na);
    }
    let mut b = Builder::at_end(ctx, blk, loc);
    for &o in &body {
        if need.contains(&o) {
            let c = b.clone_op(o, &mut map);
            let ip = b.insertion_point();
            b.insert_op(c, ip);
        }
    }
    // A printed character is yielded as its code point (`chars.rs`: the array holding it
    // is one of `i32`), a printed complex number as its real part (what reads the print
    // reads the number's parts, `complex.rs`: no array holds it).
    let ys: Vec<Value> = rolls
        .iter()
        .map(|&o| {
            let y = map[&b.result(o, 0)];
            let t = b.value_type(y);
            if crate::chars::is_char(b.ctx, t) {
                let i32t = b.int_type(32);
                mk1(
                    &mut b,
                    "builtin.unrealized_conversion_cast",
                    &[y],
                    i32t,
                    &[],
                )
            } else if let TypeKind::Complex(e) = b.ctx.type_kind(t) {
                let e = *e;
                mk1(&mut b, "tail.rex", &[y], e, &[])
            } else {
                y
            }
        })
        .collect();
    let ytys: Vec<Type> = ys.iter().map(|&y| b.value_type(y)).collect();
    mk(&mut b, "soac.yield", &ys, &[], &[], Vec::new());
    let rtys: Vec<Type> = ytys
        .iter()
        .map(|&t| b.ctx.tensor_type(vec![n], t))
        .collect();
    b.set_insertion_point(InsertPoint::Before(op));
    let m = mk(&mut b, "soac.map", &inputs, &rtys, &[], vec![r]);
    let rolled = b.results(m).to_vec();
    // The original op reads the rolled values as extra inputs.
    let mut ops = operands[..args.len()].to_vec();
    ops.extend(&rolled);
    ops.extend(&operands[args.len()..]);
    ctx.set_operands(op, &ops);
    let mut new_args = Vec::new();
    for (&o, &t) in rolls.iter().zip(&ytys) {
        let a = ctx.add_block_arg(lam, t);
        new_args.push(a);
        let res = ctx.result(o, 0);
        ctx.replace_all_uses_with(res, a);
        ctx.erase_op(o);
    }
    // The code only the rolls needed (a printed character's cast back from its code point:
    // `chars.rs`) is dead in the lambda now.
    for &o in body.iter().rev() {
        if need.contains(&o) && !rolls.contains(&o) && tail_ir::greedy::is_op_trivially_dead(ctx, o)
        {
            ctx.erase_op(o);
        }
    }
    // A map result that is a rolled value itself is the rolls' map's result (no kernel
    // copying it); a map left with no used result is erased.
    if ctx.op_is(op, "soac.map") {
        let term = ctx.last_op(lam).expect("soac.yield");
        for (k, y) in ctx.operand_vec(term).into_iter().enumerate() {
            if let Some(j) = new_args.iter().position(|&a| a == y) {
                let r = ctx.result(op, k);
                let t = ctx.value_type(r);
                ctx.set_value_type(rolled[j], t);
                ctx.replace_all_uses_with(r, rolled[j]);
            }
        }
        if ctx
            .results(op)
            .iter()
            .all(|&r| ctx.uses(r).next().is_none())
        {
            ctx.erase_op(op);
        }
    }
}

/// Whether array `a` has a host form ([`on_host`]): no part of it is kernel code.
pub(crate) fn host_readable(a: &Arr) -> bool {
    match a {
        Arr::Code { .. } | Arr::Elems { .. } => false,
        Arr::Repl { row: s, .. }
        | Arr::Reshape { src: s, .. }
        | Arr::Slice { src: s, .. }
        | Arr::Rotate { src: s, .. }
        | Arr::Transpose { src: s, .. }
        | Arr::Fix { src: s, .. } => host_readable(s),
        Arr::Concat { parts, .. } => parts.iter().all(host_readable),
        Arr::Select { a: x, b: y, .. } => host_readable(x) && host_readable(y),
        Arr::Grid { .. } | Arr::Host { .. } | Arr::Scalar { .. } | Arr::Iota { .. } => true,
    }
}

/// The array `a` readable on the host: every grid program's result in it is copied back first
/// (a cast to a memref of its extents, which `convert-hpar-to-gpu` turns into the copy).
/// `None` for an array given as kernel code (a scan's adjustment), which has no host form.
fn on_host(b: &mut Builder<'_>, a: &Arr, elem: Type) -> Option<Arr> {
    let sub = |b: &mut Builder<'_>, s: &Arr| on_host(b, s, elem).map(Box::new);
    Some(match a {
        Arr::Grid { pull, ext } => {
            let mt = b.ctx.memref_type(vec![DYNAMIC; ext.len()], elem);
            let mut ops = vec![*pull];
            ops.extend(ext);
            let mem = mk1(b, "builtin.unrealized_conversion_cast", &ops, mt, &[]);
            Arr::Host {
                mem,
                ext: ext.clone(),
            }
        }
        Arr::Repl { row, ext } => Arr::Repl {
            row: sub(b, row)?,
            ext: ext.clone(),
        },
        Arr::Reshape { src, ext, cyclic } => Arr::Reshape {
            src: sub(b, src)?,
            ext: ext.clone(),
            cyclic: *cyclic,
        },
        Arr::Slice {
            src,
            off,
            stride,
            ext,
        } => Arr::Slice {
            src: sub(b, src)?,
            off: off.clone(),
            stride: stride.clone(),
            ext: ext.clone(),
        },
        Arr::Rotate { src, off, ext } => Arr::Rotate {
            src: sub(b, src)?,
            off: off.clone(),
            ext: ext.clone(),
        },
        Arr::Transpose { src, perm, ext } => Arr::Transpose {
            src: sub(b, src)?,
            perm: perm.clone(),
            ext: ext.clone(),
        },
        Arr::Fix { src, prefix, ext } => Arr::Fix {
            src: sub(b, src)?,
            prefix: prefix.clone(),
            ext: ext.clone(),
        },
        Arr::Concat {
            parts,
            starts,
            axis,
            ext,
        } => Arr::Concat {
            parts: parts
                .iter()
                .map(|p| on_host(b, p, elem))
                .collect::<Option<_>>()?,
            starts: starts.clone(),
            axis: *axis,
            ext: ext.clone(),
        },
        Arr::Select {
            cond,
            a: x,
            b: y,
            ext,
        } => Arr::Select {
            cond: *cond,
            a: sub(b, x)?,
            b: sub(b, y)?,
            ext: ext.clone(),
        },
        Arr::Host { .. } | Arr::Scalar { .. } | Arr::Iota { .. } => a.clone(),
        Arr::Code { .. } | Arr::Elems { .. } => return None,
    })
}

/// A map over the positions `ext` (row-major) whose lambda holds a roll, run on the host: one
/// `scf.for` storing result `outs[k]` of `lambda` at every position into buffer `k` (of
/// element type `elems[k]`). `binds` are the lambda's scalar arguments: (argument, input,
/// depth), read from `arrs[input]` at the position's first `depth` indices; `row_binds` its
/// row arguments, the rows of `arrs[input]` at those indices. A lambda that holds SOACs or
/// takes rows (`{⍵ + +/ ? 10 ⍴ 6}¨`) is lowered as a kernel's thread would lower it
/// (module `seq`), reading host copies of the arrays of `frees` it uses; its storage of a
/// run-time size is a heap buffer per iteration. Returns the buffers.
#[allow(clippy::too_many_arguments)]
pub(crate) fn host_map(
    b: &mut Builder<'_>,
    arrs: &[Arr],
    ext: &[Value],
    lambda: BlockId,
    (binds, row_binds): (&[Bind], &[Bind]),
    outs: &[usize],
    elems: &[Type],
    frees: &rustc_hash::FxHashMap<Value, Arr>,
) -> CResult<Vec<Value>> {
    let at = b.block_parent_op(lambda).expect("a lambda");
    let host_err = |b: &Builder<'_>| {
        tail_ir::op_error(
            b.ctx,
            at,
            "cannot be lowered by convert-soac-to-hpar: the argument of a roll reads an array that only kernels compute (a scan's adjustment)",
        )
    };
    let mut hosts: Vec<Option<Arr>> = vec![None; arrs.len()];
    for &(a, s, _) in binds.iter().chain(row_binds) {
        if hosts[s].is_none() {
            // A row argument's elements.
            let t = b.value_type(a);
            let t = tensor_elem(b.ctx, t).unwrap_or(t);
            let Some(h) = on_host(b, &arrs[s], t) else {
                return Err(host_err(b));
            };
            hosts[s] = Some(h);
        }
    }
    // Run as a thread runs it (module `seq`) also where the lambda only reads elements of
    // arrays from outside (`(⍳ 3)[⍵]`): inlined, those reads would stay tensor ops.
    let sequential = crate::seq::needs_seq(b.ctx, lambda) || !frees.is_empty();
    let seq = if sequential {
        // Host copies of the arrays the lambda reads from outside.
        let mut host_frees = rustc_hash::FxHashMap::default();
        for o in b.ctx.walk_preorder(at).into_iter().skip(1) {
            for v in b.operand_vec(o) {
                let Some(arr) = frees.get(&v) else { continue };
                if host_frees.contains_key(&v)
                    || !tail_builtin::util::is_defined_outside(b.ctx, v, at)
                {
                    continue;
                }
                let Some(elem) = tensor_elem(b.ctx, b.value_type(v)) else {
                    continue;
                };
                let Some(h) = on_host(b, arr, elem) else {
                    return Err(host_err(b));
                };
                host_frees.insert(v, h);
            }
        }
        Some(crate::seq::Seq::new(host_frees))
    } else {
        None
    };
    let mems: Vec<Value> = elems
        .iter()
        .map(|&t| {
            let mt = b.ctx.memref_type(vec![DYNAMIC; ext.len()], t);
            mk1(b, "memref.alloc", ext, mt, &[])
        })
        .collect();
    let n = arr::count(b, ext);
    let (i, saved) = open_counted_loop(b, n);
    let idx = if ext.len() == 1 {
        vec![i]
    } else {
        arr::delinearize(b, i, ext)
    };
    let mut map = VMap::default();
    for &(a, s, d) in binds {
        let t = b.value_type(a);
        let src = hosts[s].as_ref().expect("read on the host");
        let v = arr::read(b, src, &idx[..d], t);
        map.insert(a, v);
    }
    // The values of results `outs`, in that order.
    let vals: Vec<Value> = match &seq {
        Some(seq) => {
            let mut env = crate::seq::Env {
                vals: map,
                ..Default::default()
            };
            for &(a, s, d) in row_binds {
                let src = hosts[s].clone().expect("read on the host");
                let ext = src.ext()[d..].to_vec();
                let row = Arr::Fix {
                    src: Box::new(src),
                    prefix: idx[..d].to_vec(),
                    ext,
                };
                env.arrs.insert(a, row);
            }
            match seq.lambda(b, lambda, &mut env, outs) {
                Ok(vs) => vs,
                Err(d) => {
                    b.set_insertion_point(saved);
                    return Err(d);
                }
            }
        }
        None => {
            let ys = inline_block(b, lambda, &mut map);
            outs.iter().map(|&o| ys[o]).collect()
        }
    };
    for (&v, &m) in vals.iter().zip(&mems) {
        tail_builtin::memref::StoreOp::create(b, v, m, &idx);
    }
    let for_op = b
        .ctx
        .value_parent_block(i)
        .and_then(|blk| b.ctx.block_parent_op(blk));
    b.set_insertion_point(saved);
    if let (Some(_), Some(for_op)) = (&seq, for_op) {
        crate::util::heap_allocas(b.ctx, for_op);
    }
    Ok(mems)
}

/// The element type of a tensor type.
fn tensor_elem(ctx: &Context, t: Type) -> Option<Type> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { elem, .. } => Some(*elem),
        _ => None,
    }
}
