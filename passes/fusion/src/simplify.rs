//! `soac-simplify`: Futhark-style simplification of `soac` code, run between the passes of the
//! SOAC pipeline (Futhark runs its simplifier after every pass; see
//! `Futhark.Optimise.Simplify.Rules`).
//!
//! # Algorithm
//! The greedy rewrite driver ([`tail_ir::greedy::apply_patterns_greedily`]) runs, with
//! folding, dead-code erasure and constant hoisting, over every registered op's
//! canonicalization patterns (those of `canonicalize`, which include the `soac` folders:
//! `dim` through views and creators, `transpose ∘ transpose`, `reshape ∘ reshape`, identity
//! views) plus the SOAC rules of this module:
//!
//! * **Dead results** ([`RemoveDeadResults`]): unused results of a `map`, and unused
//!   mapped-out results of a `redomap`/`scanomap`, are dropped with the values their lambda
//!   yields for them (the lambda's now-dead code goes with it).
//! * **Lambda inputs** ([`SimplifyInputs`]): an input whose lambda argument is unused is
//!   dropped (one input is kept, it carries the extent); an array passed twice becomes one
//!   input; an input that is a `soac.replicate` of `v` is replaced by `v` inside the lambda
//!   (copy propagation of the replicated row) when another input carries the extent and that
//!   extent is known to be the replicate's (equal constants, the same count, or the count is
//!   the other array's `dim`): else the SOAC's check that its inputs agree would go with it.
//! * **Shape casts** ([`InputsThroughShapeCasts`]): an input that is a `reshape` keeping the
//!   source's rank and extents (a static shape relaxed to a dynamic one, with the same
//!   constant extents) is its source: the traversal is the same, and the producer can fuse.
//! * **Reversal under a commutative reduction** ([`UnreverseCommutativeReduction`]): a
//!   `reduce`/`redomap` marked `comm`, without mapped-out results, whose inputs are all the
//!   full reversal of rank-1 arrays (`slice [max(n-1,0)] [n] [-1]`, how APL's right-fold
//!   reduction is spelled) reduces the arrays themselves: the operator is associative and commutative,
//!   so the order of the elements does not matter.
//! * **Reductions of ravels** ([`ReduceRows`]): a `reduce`/`redomap` without mapped-out
//!   results over the flattenings of rank-2 arrays of one shape, one of them computed by a
//!   nest of `map`s of elementwise code, reduces each row and then the rows' results (the operator is associative with its
//!   neutral element), so that the map fuses with it: `+/ , a ∘.× b` as `+/ +/ a ∘.× b`. The
//!   flattening's count must be provably the product of the extents ([`flattened_matrix`]).
//! * **Reductions of compressions** ([`ReduceFiltered`]): a `reduce`/`redomap` of a
//!   `filter`'s kept rows (scalars, read by nothing else, the filter's inputs of one known
//!   extent) reduces the filter's inputs, the neutral element in place of a dropped row; a
//!   redomap's map part, which then runs on dropped rows too, must be elementwise code that
//!   cannot trap; counts of the kept rows (`≢`) are counted by the same reduction.
//! * **Forwarded inputs** ([`ForwardInputs`]): a `map` result whose lambda yields its
//!   argument unchanged *is* the input (`map id xs = xs`), unless a `soac.update` consumes it
//!   (the copy an indexed assignment updates) or it is a level of a map nest with effects
//!   (`{⎕ ← ⍵ ⋄ ⍵}¨` of a matrix).
//! * **Invariant maps** ([`InvariantMapToReplicate`]): a `map` result whose lambda yields a
//!   value defined outside the lambda (a constant, after hoisting) is `replicate n v` (not
//!   in another SOAC's lambda, where it is a level of a map nest).
//! * **Indexing** ([`IndexOfCreated`]): `(iota n)[i]` is `index_cast i`, `(replicate n v)[i, …]`
//!   is `v[…]`; at a constant `i`, `(concat xs…)[i, …]` along axis 0 of arrays of static
//!   outer extents is an element of the piece holding `i`, and a non-cyclic reshape of a
//!   rank-1 array to rank 1 is read through (shape vectors built from scalars fold).
//! * **Shapes** ([`DimThroughOps`]): `dim` of a `slice` is its size operand, of an `update`
//!   or `scatter` the destination's, of a mapped-out `redomap` result (axis 0) the first
//!   input's, of a row read with `index` its array's next axis, and of an array a
//!   `soac.loop` carries its initial array's where every iteration keeps the extent (by
//!   induction over the carried arrays; `dim_of_carried`).
//! * **Rotations of cheap maps** ([`RotateThroughMap`]): `rotate (map f xs…)` is
//!   `map f (rotate xs…)` when the map is an elementwise nest as deep as its result's rank whose
//!   scalar body is at most [`RECOMPUTE_MAX_OPS`] `arith` ops: the map is computed again at the
//!   rotated positions instead of being stored and read back (Life's vertical sums, read at
//!   three horizontal offsets, become part of the one kernel of a generation). A rotation of
//!   a rotation is one rotation by the sums of the offsets ([`ComposeRotations`]).
//! * **Loops** ([`ForwardLoopInvariants`]): a `soac.loop` result whose body yields the
//!   loop-carried value unchanged is the initial value (copy propagation through the loop).
//! * **Floors of integers scaled by powers of two** ([`FloorDivPowerOfTwo`]): `⌊i÷2*k` and
//!   `⌊i×2*-k` of a 32-bit integer `i` and a power of two with `0 ≤ k ≤ 31` are `i` shifted
//!   right arithmetically by `k`, where the facts of [`crate::facts`] show the divisor to be
//!   such a power (a constant, `2 ** e` of an integer `e` of a known range, or an element of
//!   an array of those). With `2|x` lowered to `x ∧ 1`, the APL idiom for bit `k` of `i`,
//!   `2|⌊i÷2*k`, costs two integer ops instead of a division and a saturating conversion.
//! * **Comparisons decided by ranges** ([`CompareByRange`]): a signed `arith.cmpi` whose
//!   answer is the same for every value the ranges of [`crate::facts`] allow (an element of
//!   an array of constants: `(2 1)[i] < 0` of a replication's counts is `false`, and the
//!   `scf.if` of negative counts folds away; the row a map then yields has the extent of
//!   the array it reads, not one computed in the thread).
//! * **Invariant code** ([`HoistInvariant`]): reductions, scans, filters, scatters and loops
//!   (or maps holding them: row sums) directly in a SOAC's map lambda that use nothing of the lambda run once, before the
//!   SOAC, instead of once per element (`{⍵ × +/ v}¨`), with the views, maps and scalar
//!   code only they need. Work that may fail (reads at computed positions, run-time checks,
//!   which then move too) moves only out of a lambda that runs at least once (a known
//!   non-zero extent) and prints nothing: it would fail in the first element anyway.
//! * **Run-time checks** ([`PassingChecks`]): a `tail_rt_check_count` of a constant ≥ 0 and a
//!   `tail_rt_check_extent32` of a constant ≤ 2³¹−1 or of a 32-bit value cast to 64 bits,
//!   a `tail_rt_check_extents` of one extent twice or of equal constants (the checks
//!   `convert-tail-to-soac` emits for values that fold to constants or to one value only
//!   later, or extents of an `iota` of an int) are dropped.

use rustc_hash::FxHashSet;
use tail_ir::greedy::{apply_patterns_greedily, collect_canonicalization_patterns, GreedyConfig};
use tail_ir::pass::{pass, AnalysisManager, PassResult, PassRun, Statistic};
use tail_ir::{
    Builder, Context, FrozenRewritePatternSet, InsertPoint, OpId, OpTraits, PatternRewriter,
    RewritePattern, RewritePatternSet, Type, Value, DYNAMIC,
};
use tail_soac::ops::create::ReplicateOp;
use tail_soac::ops::parallel::YieldOp;
use tail_soac::ops::view::{DimOp, IndexOp, SliceOp};
use tail_soac::types::array_parts;
use tail_transforms::canonicalize::MoveConstantsRight;

use crate::fuse::is_check_call;
use crate::screma::{
    add_unique, ancestor_in, build, defined_inside, inline_lambda, innermost, nest_depth, yielded,
    Screma, Spec,
};

/// Simplify SOAC code: fold, canonicalize, drop dead SOAC results and unused lambda inputs,
/// forward identity maps, turn invariant maps into `replicate`, fold indexing of created
/// arrays and shapes through views, forward loop invariants.
#[pass(
    argument = "soac-simplify",
    summary = "Simplify SOAC code (Futhark-style simplifier)",
    anchor = "func.func"
)]
pub struct SoacSimplify {
    #[option(
        name = "max-iterations",
        default = 10,
        description = "Max. iterations of the greedy driver"
    )]
    max_iterations: usize,
    #[statistic(
        name = "num-ops-removed",
        description = "Net number of operations removed"
    )]
    num_ops_removed: Statistic,
}

/// The pattern set of `soac-simplify`: every registered canonicalization pattern plus the SOAC
/// rules of this module.
pub fn simplify_patterns(ctx: &Context) -> FrozenRewritePatternSet {
    let mut set: RewritePatternSet = collect_canonicalization_patterns(ctx);
    set.add(MoveConstantsRight);
    set.add(RemoveDeadResults);
    set.add(SimplifyInputs);
    set.add(InputsThroughShapeCasts);
    set.add(UnreverseCommutativeReduction);
    set.add(ReduceRows);
    set.add(ReduceFiltered);
    set.add(ForwardInputs);
    set.add(InvariantMapToReplicate);
    set.add(IndexOfCreated);
    set.add(DimThroughOps);
    set.add(ForwardLoopInvariants);
    set.add(PassingChecks);
    set.add(RotateThroughMap);
    set.add(ComposeRotations);
    set.add(FloorDivPowerOfTwo);
    set.add(CompareByRange);
    set.add(HoistInvariant);
    FrozenRewritePatternSet::from_boxed(set.into_sorted())
}

impl PassRun for SoacSimplify {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        am: &mut AnalysisManager,
    ) -> PassResult {
        let config = GreedyConfig {
            max_iterations: self.max_iterations,
            ..GreedyConfig::default()
        };
        let start = ctx.change_count();
        let before = ctx.walk_preorder(op).len();
        let patterns = simplify_patterns(ctx);
        apply_patterns_greedily(ctx, op, &patterns, config)?;
        let after = ctx.walk_preorder(op).len();
        self.num_ops_removed
            .add(before.saturating_sub(after) as u64);
        if ctx.change_count() == start {
            am.mark_all_preserved();
        }
        Ok(())
    }
}

/// Where an argument of the old map lambda comes from in a rebuilt op.
#[derive(Copy, Clone)]
enum ArgSource {
    /// The new lambda's argument for new input `k`.
    NewArg(usize),
    /// A value defined outside (a replicated row).
    Outer(Value),
    /// Nothing: the argument is unused.
    Unused,
}

/// Rebuilds screma `s` before itself with `inputs`, the old lambda's arguments taken from
/// `sources`, and only the results in `keep` (the combined ones must all be kept). Replaces
/// the kept results and erases `s`'s op.
fn rebuild(
    ctx: &mut Context,
    s: &Screma,
    inputs: Vec<Value>,
    sources: &[ArgSource],
    keep: &[usize],
) {
    let results = s.results(ctx);
    let result_types: Vec<Type> = keep.iter().map(|&i| ctx.value_type(results[i])).collect();
    let spec = Spec {
        kind: s.kind,
        inputs,
        neutral: s.neutral.clone(),
        comm: s.comm,
        result_types,
    };
    let loc = ctx.op_loc(s.op);
    let lambda = s.lambda.expect("a rebuilt screma has a map lambda");
    let old_args: Vec<Value> = ctx
        .block_args(ctx.entry_block(lambda).expect("lambda block"))
        .to_vec();
    let new = build(
        ctx,
        s.op,
        loc,
        spec,
        |ctx, blk, args| {
            let a: Vec<Value> = sources
                .iter()
                .zip(&old_args)
                .map(|(src, &old)| match *src {
                    ArgSource::NewArg(k) => args[k],
                    ArgSource::Outer(v) => v,
                    ArgSource::Unused => old,
                })
                .collect();
            let ys = inline_lambda(ctx, lambda, &a, blk);
            keep.iter().map(|&i| ys[i]).collect()
        },
        |ctx, blk, args| match s.combine {
            Some(r) => inline_lambda(ctx, r, args, blk),
            None => Vec::new(),
        },
    );
    let new_results = ctx.results(new).to_vec();
    for (&i, &nr) in keep.iter().zip(&new_results) {
        ctx.replace_all_uses_with(results[i], nr);
    }
    ctx.erase_op(s.op);
}

/// A screma with a map lambda (`map`, `redomap`, `scanomap`).
fn with_lambda(ctx: &Context, op: OpId) -> Option<Screma> {
    Screma::of(ctx, op).filter(|s| s.lambda.is_some())
}

/// Drops unused results of `map` and unused mapped-out results of `redomap`/`scanomap`.
pub struct RemoveDeadResults;

impl RewritePattern for RemoveDeadResults {
    fn root(&self) -> Option<&'static str> {
        None
    }
    fn name(&self) -> &'static str {
        "RemoveDeadResults"
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
        let ctx: &mut Context = rewriter;
        let Some(s) = with_lambda(ctx, op) else {
            return false;
        };
        let results = s.results(ctx);
        let k = s.num_combined();
        let keep: Vec<usize> = (0..results.len())
            .filter(|&i| i < k || ctx.has_uses(results[i]))
            .collect();
        if keep.len() == results.len() || keep.is_empty() {
            return false;
        }
        let sources: Vec<ArgSource> = (0..s.inputs.len()).map(ArgSource::NewArg).collect();
        rebuild(ctx, &s, s.inputs.clone(), &sources, &keep);
        true
    }
}

/// Drops unused and duplicate lambda inputs and replaces replicated inputs by their row.
pub struct SimplifyInputs;

impl RewritePattern for SimplifyInputs {
    fn root(&self) -> Option<&'static str> {
        None
    }
    fn name(&self) -> &'static str {
        "SimplifyInputs"
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
        let ctx: &mut Context = rewriter;
        let Some(s) = with_lambda(ctx, op) else {
            return false;
        };
        let lambda = s.lambda.expect("lambda");
        let args = ctx
            .block_args(ctx.entry_block(lambda).expect("block"))
            .to_vec();
        // Decide per input: dropped (unused or replicated) or kept (deduplicated).
        let mut inputs: Vec<Value> = Vec::new();
        let mut sources = Vec::new();
        let n = s.inputs.len();
        let replicate = |x: Value| {
            ctx.defining_op(x)
                .filter(|&d| ctx.op_is(d, "soac.replicate"))
                .map(|d| ReplicateOp::from_op(ctx, d).expect("replicate").value(ctx))
        };
        // A replicated input goes only when another input has the same extent, known here:
        // otherwise the SOAC's check that its inputs' extents agree would go with it. (The
        // extents are looked for only when there is a replicated input to drop.)
        let any_replicated = n > 1 && s.inputs.iter().any(|&y| replicate(y).is_some());
        let extents: Vec<Option<Extent>> = if any_replicated {
            s.inputs.iter().map(|&x| outer_extent(ctx, x)).collect()
        } else {
            vec![None; n]
        };
        let all_replicated = s.inputs.iter().all(|&y| replicate(y).is_some());
        let all_equal = extents.iter().all(|&e| e.is_some() && e == extents[0]);
        for (i, &x) in s.inputs.iter().enumerate() {
            // With only replicated inputs, one stays for the extent (below): all must agree.
            let agrees = if all_replicated {
                all_equal
            } else {
                extents[i].is_some_and(|e| {
                    s.inputs
                        .iter()
                        .zip(&extents)
                        .any(|(&y, &f)| replicate(y).is_none() && f == Some(e))
                })
            };
            let replicated = replicate(x).filter(|_| agrees || n == 1);
            if !ctx.has_uses(args[i]) {
                sources.push(ArgSource::Unused);
            } else if let Some(v) = replicated {
                sources.push(ArgSource::Outer(v));
            } else {
                sources.push(ArgSource::NewArg(add_unique(&mut inputs, x)));
            }
        }
        if inputs.is_empty() {
            // Keep one input for the extent: the first non-replicated one, else the first.
            let keep = (0..n)
                .find(|&i| !matches!(sources[i], ArgSource::Outer(_)))
                .unwrap_or(0);
            inputs.push(s.inputs[keep]);
            if matches!(sources[keep], ArgSource::Outer(_)) || ctx.has_uses(args[keep]) {
                sources[keep] = ArgSource::NewArg(0);
            }
        }
        if inputs.len() == n {
            return false;
        }
        let keep: Vec<usize> = (0..ctx.num_results(op)).collect();
        rebuild(ctx, &s, inputs, &sources, &keep);
        true
    }
}

/// An outer extent known at compile time: a constant, the value a creator was given, or the
/// outer extent of an array (one not made by a creator of a known count).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Extent {
    Const(i64),
    Of(Value),
    DimOf(Value),
}

/// The outer extent of array `x` as far as it is known without running it: static (the type,
/// an iota's or reshape's constant count, through maps: [`static_outer_extent`]); else, from
/// the array that `x` is a map of (through the first input of maps, which keep its extent):
/// the count operand of the `iota`, `replicate … times` or `reshape` that made it (`soac.dim
/// y, 0` as the extent of `y`), or that array's own extent.
///
/// [`static_outer_extent`]: crate::screma::static_outer_extent
fn outer_extent(ctx: &Context, x: Value) -> Option<Extent> {
    if let Some(n) = crate::screma::static_outer_extent(ctx, x) {
        return Some(Extent::Const(n));
    }
    let root = |mut v: Value| {
        for _ in 0..64 {
            match ctx.defining_op(v) {
                Some(d) if ctx.op_is(d, "soac.map") => match ctx.operand_vec(d).first() {
                    Some(&u) => v = u,
                    None => break,
                },
                _ => break,
            }
        }
        v
    };
    let r = root(x);
    let Some(d) = ctx.defining_op(r) else {
        return Some(Extent::DimOf(r));
    };
    let count = match ctx.op_name_str(d) {
        "soac.iota" => ctx.operand_vec(d).first().copied(),
        "soac.replicate" | "soac.reshape" => ctx.operand_vec(d).get(1).copied(),
        _ => return Some(Extent::DimOf(r)),
    };
    let c = count?;
    if let Some(k) = tail_builtin::util::constant_int(ctx, c) {
        return Some(Extent::Const(k));
    }
    let of_dim = ctx.defining_op(c).filter(|&e| {
        ctx.op_is(e, "soac.dim")
            && DimOp::from_op(ctx, e).is_some_and(|dim| dim.axis_value(ctx) == 0)
    });
    Some(match of_dim {
        Some(e) => Extent::DimOf(root(ctx.operand(e, 0))),
        None => Extent::Of(c),
    })
}

/// The source of `x` when `x` is a non-cyclic `soac.reshape` that keeps the source's rank and
/// every extent (each static source extent equals the result's static extent or its constant
/// extent operand; a dynamic outer source extent matches when [`static_outer_extent`] knows
/// it, other dynamic extents never).
///
/// [`static_outer_extent`]: crate::screma::static_outer_extent
fn shape_cast_source(ctx: &Context, x: Value) -> Option<Value> {
    let d = ctx
        .defining_op(x)
        .filter(|&d| ctx.op_is(d, "soac.reshape"))?;
    if ctx.attr(d, "cyclic").is_some() {
        return None;
    }
    let src = ctx.operand(d, 0);
    let (ss, _) = array_parts(ctx, ctx.value_type(src))?;
    let (rs, _) = array_parts(ctx, ctx.value_type(x))?;
    if ss.len() != rs.len() {
        return None;
    }
    let mut dynamic = ctx.operand_vec(d).into_iter().skip(1);
    for (axis, (&s, &r)) in ss.iter().zip(rs.iter()).enumerate() {
        let r = if r == DYNAMIC {
            tail_builtin::util::constant_int(ctx, dynamic.next()?)?
        } else {
            r
        };
        // A dynamic outer extent of the source may still be known: an iota of a constant
        // count, or maps of one.
        let s = if s == DYNAMIC && axis == 0 {
            crate::screma::static_outer_extent(ctx, src).unwrap_or(DYNAMIC)
        } else {
            s
        };
        if s == DYNAMIC || s != r {
            return None;
        }
    }
    Some(src)
}

/// Traverses the source of a shape-preserving `reshape` input directly (see
/// [`shape_cast_source`]), so the reshape does not separate a producer from its consumer.
pub struct InputsThroughShapeCasts;

impl RewritePattern for InputsThroughShapeCasts {
    fn root(&self) -> Option<&'static str> {
        None
    }
    fn name(&self) -> &'static str {
        "InputsThroughShapeCasts"
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
        let ctx: &mut Context = rewriter;
        let Some(s) = Screma::of(ctx, op) else {
            return false;
        };
        let mut changed = false;
        for (i, &x) in s.inputs.iter().enumerate() {
            if ctx.operand(op, i) != x {
                return changed;
            }
            if let Some(src) = shape_cast_source(ctx, x) {
                // Not where the source's extent is known to differ from another input's: the
                // inputs' mismatch is the program's, reported at run time
                // (`soac-runtime-checks`), and the SOAC must stay valid until then.
                let outer = |v: Value| {
                    array_parts(ctx, ctx.value_type(v))
                        .and_then(|(shape, _)| shape.first().copied())
                        .filter(|&e| e != DYNAMIC)
                };
                let mine = outer(src);
                let clash = (0..s.inputs.len()).any(|j| {
                    j != i
                        && mine.is_some()
                        && outer(ctx.operand(op, j)).is_some_and(|e| Some(e) != mine)
                });
                if clash {
                    continue;
                }
                ctx.set_operand(op, i, src);
                changed = true;
            }
        }
        changed
    }
}

/// The reversed array when `x` is `soac.slice %a [n-1] [n] [-1]` of a rank-1 `%a` of extent
/// `n`: `n` a constant equal to the static extent, the extent a `reshape` gave `%a`, or
/// `soac.dim %a, 0`; the offset `n - 1`, also as `max(n - 1, 0)` (how `tail-to-soac` clamps it).
fn reversal_source(ctx: &Context, x: Value) -> Option<Value> {
    let d = ctx.defining_op(x).filter(|&d| ctx.op_is(d, "soac.slice"))?;
    let ops = ctx.operand_vec(d);
    let [src, off, size, stride] = ops[..] else {
        return None;
    };
    let c = |v| tail_builtin::util::constant_int(ctx, v);
    if c(stride)? != -1 {
        return None;
    }
    let def = |v: Value, name: &str| ctx.defining_op(v).filter(|&o| ctx.op_is(o, name));
    let whole = match (c(size), crate::screma::static_outer_extent(ctx, src)) {
        (Some(k), Some(n)) => k == n,
        _ => {
            def(src, "soac.reshape")
                .is_some_and(|r| ctx.num_operands(r) == 2 && ctx.operand(r, 1) == size)
                || def(size, "soac.dim").is_some_and(|o| {
                    ctx.operand(o, 0) == src
                        && ctx.attr(o, "axis").and_then(|a| ctx.attr_as_int(a)) == Some(0)
                })
        }
    };
    // The offset: n - 1, possibly clamped below by 0.
    let mut off = off;
    if let Some(m) = def(off, "arith.maxsi") {
        let (a, b) = (ctx.operand(m, 0), ctx.operand(m, 1));
        off = match (c(a), c(b)) {
            (_, Some(0)) => a,
            (Some(0), _) => b,
            _ => return None,
        };
    }
    let last = match (c(off), c(size)) {
        (Some(o), Some(k)) => o == k - 1,
        _ => {
            def(off, "arith.subi")
                .is_some_and(|o| ctx.operand(o, 0) == size && c(ctx.operand(o, 1)) == Some(1))
                || def(off, "arith.addi")
                    .is_some_and(|o| ctx.operand(o, 0) == size && c(ctx.operand(o, 1)) == Some(-1))
        }
    };
    (whole && last).then_some(src)
}

/// `op` read as a `reduce` or `redomap` without mapped-out results (every result a combined
/// value) whose first operands are its inputs, with its combining lambda.
fn plain_reduction(ctx: &Context, op: OpId) -> Option<(Screma, tail_ir::RegionId)> {
    // Asked of every op: the name first, before `Screma::of` gathers the operands.
    if !(ctx.op_is(op, "soac.reduce") || ctx.op_is(op, "soac.redomap")) {
        return None;
    }
    let s = Screma::of(ctx, op)?;
    let combine = s.combine?;
    let plain = matches!(s.kind, crate::screma::Kind::Reduce)
        && !s.neutral.is_empty()
        && ctx.num_results(op) == s.neutral.len()
        && (0..s.inputs.len()).all(|i| ctx.operand(op, i) == s.inputs[i]);
    plain.then_some((s, combine))
}

/// The rank-2 array `x` when `v` is its flattening: a non-cyclic `reshape` of `x` to rank 1
/// whose element count is, provably, the product of `x`'s extents (equal constants, or the
/// product of the extents themselves); a reshape to another count is a run-time error, which
/// must not go.
fn flattened_matrix(ctx: &Context, v: Value) -> Option<Value> {
    let def = ctx
        .defining_op(v)
        .filter(|&d| ctx.op_is(d, "soac.reshape"))?;
    if ctx.attr(def, "cyclic").is_some() {
        return None;
    }
    let x = ctx.operand(def, 0);
    let (shape, _) = array_parts(ctx, ctx.value_type(x))?;
    let (flat, _) = array_parts(ctx, ctx.value_type(v))?;
    if shape.len() != 2 || flat.len() != 1 {
        return None;
    }
    let e = [extent_of(ctx, x, 0, 8)?, extent_of(ctx, x, 1, 8)?];
    let konst = |e: &AxisExtent| match *e {
        AxisExtent::Const(k) => Some(k),
        AxisExtent::Of(w) => tail_builtin::util::constant_int(ctx, w),
        AxisExtent::DimOf(..) => None,
    };
    // The count: the static extent, else the reshape's extent operand.
    let count = if flat[0] != DYNAMIC {
        Some(flat[0])
    } else {
        tail_builtin::util::constant_int(ctx, *ctx.operand_vec(def).get(1)?)
    };
    if let (Some(n), Some(a), Some(b)) = (count, konst(&e[0]), konst(&e[1])) {
        return (a.checked_mul(b) == Some(n)).then_some(x);
    }
    // `muli(p, q)` of the two extents, in either order.
    let n = *ctx.operand_vec(def).get(1)?;
    let m = ctx.defining_op(n).filter(|&m| ctx.op_is(m, "arith.muli"))?;
    let is = |w: Value, e: &AxisExtent| match *e {
        AxisExtent::Const(k) => tail_builtin::util::constant_int(ctx, w) == Some(k),
        AxisExtent::Of(u) => u == w,
        AxisExtent::DimOf(a, axis) => ctx
            .defining_op(w)
            .and_then(|d| DimOp::from_op(ctx, d))
            .is_some_and(|d| {
                d.source(ctx) == a && usize::try_from(d.axis_value(ctx)).ok() == Some(axis)
            }),
    };
    let (p, q) = (ctx.operand(m, 0), ctx.operand(m, 1));
    ((is(p, &e[0]) && is(q, &e[1])) || (is(p, &e[1]) && is(q, &e[0]))).then_some(x)
}

/// A `reduce`/`redomap` without mapped-out results over the flattenings of rank-2 arrays of
/// one shape ([`flattened_matrix`]), at least one of them computed by a nest of `map`s of
/// elementwise code (no loop or other SOAC in it), reduces each
/// row and then the rows' results: `⊕/ , x` is `⊕/ (⊕/)¨ rows x` for an operator that is
/// associative with its neutral element (the contract of the SOACs). The reshape kept the map
/// computing `x` from fusing with the reduction (`+/ , a ∘.× b` stored the whole product);
/// over rows, it fuses as `+/ +/ a ∘.× b` does.
pub struct ReduceRows;

impl RewritePattern for ReduceRows {
    fn root(&self) -> Option<&'static str> {
        None
    }
    fn name(&self) -> &'static str {
        "ReduceRows"
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
        let ctx: &mut Context = rewriter;
        let Some((s, combine)) = plain_reduction(ctx, op) else {
            return false;
        };
        let Some(srcs) = s
            .inputs
            .iter()
            .map(|&x| flattened_matrix(ctx, x))
            .collect::<Option<Vec<Value>>>()
        else {
            return false;
        };
        let same_shape = srcs[1..].iter().all(|&x| {
            (0..2).all(
                |a| match (extent_of(ctx, srcs[0], a, 8), extent_of(ctx, x, a, 8)) {
                    (Some(p), Some(q)) => p == q,
                    _ => false,
                },
            )
        });
        // A map nest of elementwise code, which costs memory traffic more than arithmetic:
        // fused, nothing of the product's size is stored. A map that runs a loop per element
        // (Mandelbrot's escape loop) is compute-bound and stays a kernel of its own: in the
        // reduction's kernel a GPU thread would run a block-stride share of the elements
        // instead of one, which has not been measured.
        let elementwise = |d: OpId| {
            ctx.op_is(d, "soac.map")
                && ctx
                    .walk_preorder(d)
                    .into_iter()
                    .all(|o| ctx.op_is(o, "soac.map") || ctx.regions(o).is_empty())
        };
        let Some(producer) = srcs
            .iter()
            .filter_map(|&x| ctx.defining_op(x))
            .find(|&d| elementwise(d))
        else {
            return false;
        };
        if !same_shape {
            return false;
        }
        let loc = ctx.op_loc(op);
        // The rows' reductions, where the map fuses, are at the map's position: a check of
        // the extents it zips names it, as the interpreter does.
        let row_loc = ctx.op_loc(producer);
        let result_types: Vec<Type> = ctx.results(op).iter().map(|&r| ctx.value_type(r)).collect();
        let outer = array_parts(ctx, ctx.value_type(srcs[0])).map_or(DYNAMIC, |(sh, _)| sh[0]);
        let partial_types: Vec<Type> = result_types
            .iter()
            .map(|&t| ctx.tensor_type(vec![outer], t))
            .collect();
        let row_types: Vec<Type> = srcs
            .iter()
            .map(|&x| crate::screma::row_type(ctx, x))
            .collect();
        let rows_map = {
            let mut b = Builder::new(ctx, InsertPoint::Before(op), row_loc);
            tail_soac::ops::parallel::MapOp::build(&mut b, &srcs, partial_types)
        };
        let blk = ctx.append_new_block(rows_map.body(ctx), &row_types);
        let rows = ctx.block_args(blk).to_vec();
        let mut remap = rustc_hash::FxHashMap::default();
        for (&x, &row) in s.inputs.iter().zip(&rows) {
            remap.insert(x, row);
        }
        let per_row = ctx.clone_op(op, &mut remap);
        ctx.set_op_loc(per_row, row_loc);
        ctx.insert_op(per_row, InsertPoint::BlockEnd(blk));
        let ys = ctx.results(per_row).to_vec();
        YieldOp::build(&mut Builder::new(ctx, InsertPoint::BlockEnd(blk), loc), &ys);
        let partials = ctx.results(rows_map.op()).to_vec();
        let total = {
            let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
            let comm = s.comm.then(|| b.ctx.unit_attr());
            tail_soac::ops::parallel::ReduceOp::build(
                &mut b,
                &partials,
                &s.neutral,
                result_types.clone(),
                comm,
            )
        };
        let operand_types: Vec<Type> = result_types.iter().chain(&result_types).copied().collect();
        let blk = ctx.append_new_block(total.body(ctx), &operand_types);
        let args = ctx.block_args(blk).to_vec();
        let ys = inline_lambda(ctx, combine, &args, blk);
        YieldOp::build(&mut Builder::new(ctx, InsertPoint::BlockEnd(blk), loc), &ys);
        let total = total.op();
        let new = ctx.results(total).to_vec();
        ctx.replace_op(op, &new);
        true
    }
}

/// A `reduce`/`redomap` without mapped-out results over results of one `filter` of rank-1
/// arrays that nothing else reads, whose inputs have one known outer extent: the filter's
/// inputs reduced with a map that gives the neutral element for a dropped row,
/// `⊕/ p(x) ? f(x) : ne` (`+/ (0=3|v)/v` adds the kept elements without storing them). A
/// redomap's map part then runs on the dropped rows as well, so it must be elementwise
/// `arith`/`math` code that cannot trap (not an index, which a dropped row may have out of
/// range, nor an integer division). The inputs' extents are known to agree, so the
/// compression's check of its counts has nothing to say. Counts of the kept rows
/// (`soac.dim` on axis 0, `≢x`) in the same block may read them as well: the reduction then
/// counts the kept rows too (a 32-bit count, so the filter's rows must be fewer than 2³¹)
/// and goes before the first count, when everything it reads is defined before it
/// (`(+/x) ÷ ≢x` is one pass).
pub struct ReduceFiltered;

impl RewritePattern for ReduceFiltered {
    fn root(&self) -> Option<&'static str> {
        None
    }
    fn name(&self) -> &'static str {
        "ReduceFiltered"
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
        let ctx: &mut Context = rewriter;
        let Some((s, combine)) = plain_reduction(ctx, op) else {
            return false;
        };
        let Some(filt) = ctx
            .defining_op(s.inputs[0])
            .filter(|&f| ctx.op_is(f, "soac.filter"))
        else {
            return false;
        };
        let kept = ctx.results(filt).to_vec();
        let xs = ctx.operand_vec(filt);
        let scalar_rows = xs.iter().all(|&x| {
            array_parts(ctx, ctx.value_type(x)).is_some_and(|(shape, _)| shape.len() == 1)
        });
        // Besides `op`, the kept rows may be counted (`≢`: `soac.dim` on axis 0, in `op`'s
        // block); the reduction then counts them too.
        let block = ctx.op_parent_block(op);
        let mut dims: Vec<OpId> = Vec::new();
        let only_here = kept.iter().all(|&r| {
            ctx.use_vec(r).iter().all(|u| {
                let counted = DimOp::from_op(ctx, u.op).is_some_and(|d| d.axis_value(ctx) == 0)
                    && ctx.op_parent_block(u.op) == block;
                if counted && !dims.contains(&u.op) {
                    dims.push(u.op);
                }
                u.op == op || counted
            })
        });
        let from_filter = s.inputs.iter().all(|x| kept.contains(x));
        let Some(extent) = outer_extent(ctx, xs[0]) else {
            return false;
        };
        let one_extent = xs[1..]
            .iter()
            .all(|&x| outer_extent(ctx, x) == Some(extent));
        let safe_map = s.lambda.is_none_or(|l| {
            ctx.region_blocks(l).iter().all(|&b| {
                ctx.block_ops(b).all(|o| {
                    let n = ctx.op_name_str(o);
                    (n == "soac.yield" || n.starts_with("arith.") || n.starts_with("math."))
                        && ctx.regions(o).is_empty()
                        && !tail_builtin::arith::TRAPPING_OPS.contains(&n)
                })
            })
        });
        if !(scalar_rows && only_here && from_filter && one_extent && safe_map) {
            return false;
        }
        // The reduction goes before the first of `op` and the counts, which what `op` reads
        // must precede.
        let at = dims
            .iter()
            .copied()
            .fold(op, |a, d| if ctx.is_before_in_block(d, a) { d } else { a });
        if at != op && !reads_before(ctx, op, at) {
            return false;
        }
        let loc = ctx.op_loc(op);
        let mut result_types: Vec<Type> =
            ctx.results(op).iter().map(|&r| ctx.value_type(r)).collect();
        let k = result_types.len();
        let counting = !dims.is_empty();
        // Counted in a 32-bit int (a SOAC's values are TAIL's), so only rows of fewer.
        if counting
            && !match extent {
                Extent::Const(n) => n <= i64::from(i32::MAX),
                Extent::Of(v) => from_i32(ctx, v),
                Extent::DimOf(_) => false,
            }
        {
            return false;
        }
        let count_t = ctx.int_type(32);
        let mut neutral = s.neutral.clone();
        if counting {
            let mut b = Builder::new(ctx, InsertPoint::Before(at), loc);
            neutral.push(tail_builtin::arith::build_constant_int(&mut b, count_t, 0));
            result_types.push(count_t);
        }
        let pred = ctx.region(filt, 0);
        let picks: Vec<usize> = s
            .inputs
            .iter()
            .map(|x| kept.iter().position(|k| k == x).expect("a filter result"))
            .collect();
        let spec = Spec {
            kind: crate::screma::Kind::Reduce,
            inputs: xs,
            neutral: neutral.clone(),
            comm: s.comm,
            result_types,
        };
        let total = build(
            ctx,
            at,
            loc,
            spec,
            |ctx, blk, args| {
                let keep = inline_lambda(ctx, pred, args, blk)[0];
                let rows: Vec<Value> = picks.iter().map(|&k| args[k]).collect();
                let ys = s.apply_map(ctx, blk, &rows);
                let mut b = Builder::new(ctx, InsertPoint::BlockEnd(blk), loc);
                let mut out: Vec<Value> = ys
                    .iter()
                    .zip(&neutral)
                    .map(|(&y, &ne)| tail_builtin::arith::build_select(&mut b, keep, y, ne))
                    .collect();
                if counting {
                    out.push(tail_builtin::arith::build_unary(
                        &mut b,
                        "arith.extui",
                        keep,
                        count_t,
                    ));
                }
                out
            },
            |ctx, blk, args| {
                let n = args.len() / 2;
                let mut operands: Vec<Value> = args[..k].to_vec();
                operands.extend_from_slice(&args[n..n + k]);
                let mut ys = inline_lambda(ctx, combine, &operands, blk);
                if counting {
                    let mut b = Builder::new(ctx, InsertPoint::BlockEnd(blk), loc);
                    ys.push(tail_builtin::arith::build_binary(
                        &mut b,
                        "arith.addi",
                        args[k],
                        args[n + k],
                    ));
                }
                ys
            },
        );
        let new = ctx.results(total).to_vec();
        if counting {
            let mut b = Builder::new(ctx, InsertPoint::After(total), loc);
            let index = b.ctx.index_type();
            let count = tail_builtin::arith::build_unary(&mut b, "arith.index_cast", new[k], index);
            for d in dims {
                let r = ctx.result(d, 0);
                ctx.replace_all_uses_with(r, count);
                ctx.erase_op(d);
            }
        }
        ctx.replace_op(op, &new[..k]);
        true
    }
}

/// Whether every value that `op` reads from outside it (operands, and values its regions use)
/// is defined before `at`, an op before `op` in its block: defined outside that block, or
/// before `at` in it.
fn reads_before(ctx: &Context, op: OpId, at: OpId) -> bool {
    let block = ctx.op_parent_block(op);
    ctx.walk_preorder(op).into_iter().all(|o| {
        ctx.operand_vec(o)
            .into_iter()
            .all(|v| match ctx.defining_op(v) {
                Some(d) if d == op || ctx.is_ancestor(op, d) => true,
                Some(d) if ctx.op_parent_block(d) == block => ctx.is_before_in_block(d, at),
                // Another block's value, or a block argument: of `op`'s own regions, or of a
                // block around `op`, available all through it.
                _ => true,
            })
    })
}

/// Reduces the arrays themselves where a commutative reduction traverses their reversals (see
/// [`reversal_source`]).
pub struct UnreverseCommutativeReduction;

impl RewritePattern for UnreverseCommutativeReduction {
    fn root(&self) -> Option<&'static str> {
        None
    }
    fn name(&self) -> &'static str {
        "UnreverseCommutativeReduction"
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
        let ctx: &mut Context = rewriter;
        let Some((s, _)) = plain_reduction(ctx, op).filter(|(s, _)| s.comm) else {
            return false;
        };
        let Some(srcs) = s
            .inputs
            .iter()
            .map(|&x| reversal_source(ctx, x))
            .collect::<Option<Vec<Value>>>()
        else {
            return false;
        };
        for (i, src) in srcs.into_iter().enumerate() {
            ctx.set_operand(op, i, src);
        }
        true
    }
}

/// Whether array `v` (or a view of it) is the destination of a `soac.update`, which consumes
/// it: a copy that is updated (TAIL's `mem` before an indexed assignment, `w ← ⍵ ⋄ w[2] ← 7`)
/// must stay a copy, or the update would change the array copied (the argument of a power
/// loop's body, the program's `⍵`, read again later).
fn updated(ctx: &Context, v: Value) -> bool {
    ctx.uses(v).any(|u| {
        (ctx.op_is(u.op, "soac.update") && u.index == 1)
            || (matches!(
                ctx.op_name_str(u.op),
                "soac.reshape" | "soac.slice" | "soac.rotate" | "soac.transpose"
            ) && u.index == 0
                && updated(ctx, ctx.result(u.op, 0)))
    })
}

/// `map` results whose lambda yields an argument unchanged are that input, unless the result
/// is updated ([`updated`]).
pub struct ForwardInputs;

impl RewritePattern for ForwardInputs {
    fn root(&self) -> Option<&'static str> {
        Some("soac.map")
    }
    fn name(&self) -> &'static str {
        "ForwardInputs"
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
        let ctx: &mut Context = rewriter;
        let Some(s) = with_lambda(ctx, op) else {
            return false;
        };
        let lambda = s.lambda.expect("lambda");
        let args = ctx
            .block_args(ctx.entry_block(lambda).expect("block"))
            .to_vec();
        // A map with effects (a print, a check) in another SOAC's lambda, which stays, is a
        // level of a map nest where that lambda yields it (`{⎕ ← ⍵ ⋄ ⍵}¨` of a matrix):
        // the yield keeps its result, kernel extraction descends the nest through it.
        let nest_level = !tail_ir::greedy::is_memory_effect_free(ctx, op)
            && ctx
                .op_parent_op(op)
                .is_some_and(|p| Screma::of(ctx, p).is_some());
        let ys = yielded(ctx, lambda);
        let results = s.results(ctx);
        let mut changed = false;
        for (j, &y) in ys.iter().enumerate() {
            let Some(i) = args.iter().position(|&a| a == y) else {
                continue;
            };
            let x = s.inputs[i];
            if ctx.value_type(x) != ctx.value_type(results[j]) || updated(ctx, results[j]) {
                continue;
            }
            for u in ctx.use_vec(results[j]) {
                if !(nest_level && ctx.op_is(u.op, "soac.yield")) {
                    ctx.set_operand(u.op, u.index as usize, x);
                    changed = true;
                }
            }
        }
        changed
    }
}

/// `map` results whose lambda yields a value defined outside it are `replicate`s. Not for a
/// map in another SOAC's lambda: there it is a level of a map nest (`M × 0` of a matrix: the
/// map over each row yielding 0), which kernel extraction needs as a map.
pub struct InvariantMapToReplicate;

impl RewritePattern for InvariantMapToReplicate {
    fn root(&self) -> Option<&'static str> {
        Some("soac.map")
    }
    fn name(&self) -> &'static str {
        "InvariantMapToReplicate"
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
        let ctx: &mut Context = rewriter;
        let Some(s) = with_lambda(ctx, op) else {
            return false;
        };
        if ctx
            .op_parent_op(op)
            .is_some_and(|p| Screma::of(ctx, p).is_some())
        {
            return false;
        }
        let ys = yielded(ctx, s.lambda.expect("lambda"));
        let results = s.results(ctx);
        let loc = ctx.op_loc(op);
        let mut changed = false;
        for (j, &y) in ys.iter().enumerate() {
            if defined_inside(ctx, y, op) || !ctx.has_uses(results[j]) {
                continue;
            }
            let ty = ctx.value_type(results[j]);
            let dynamic = array_parts(ctx, ty).expect("array").0[0] == DYNAMIC;
            let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
            let extents = if dynamic {
                let i64t = b.ctx.int_type(64);
                let axis = b.ctx.int_attr(i64t, 0);
                let idx = b.ctx.index_type();
                let d = DimOp::build(&mut b, s.inputs[0], idx, axis);
                vec![b.ctx.result(d.op(), 0)]
            } else {
                vec![]
            };
            let r = ReplicateOp::build(&mut b, y, &extents, ty);
            let rv = ctx.result(r.op(), 0);
            ctx.replace_all_uses_with(results[j], rv);
            changed = true;
        }
        changed
    }
}

/// Loop-invariant code motion out of a SOAC's map lambda: the ops directly in the lambda's
/// body that read nothing of the lambda (no argument, nothing computed from one) run once,
/// before the SOAC, instead of once per element (`+/v` in `{⍵ × +/ v}¨`, a replicate by
/// invariant counts in `{+/ (,m)/⍳20}¨`).
///
/// Moved: the invariant *work* (`reduce`, `redomap`, `scan`, `scanomap`, `filter`, `scatter`,
/// `loop`: computed once, its result read by the elements), and the invariant views, maps
/// and scalar ops that the moved ops need and nothing left in the lambda uses (a map or
/// view that stayed would be read from memory where the lambda computed it; scalar code is
/// left to the backends' own code motion). Not moved: what may stop the program or has
/// effects, at any depth (a run-time check's call, `soac.index` of a non-constant position,
/// integer division, `tail.roll`): the lambda may run for no element. Work moved out of a
/// SOAC of no elements runs once instead of never, a pure computation.
pub struct HoistInvariant;

impl HoistInvariant {
    /// Whether `o` (at any depth of a candidate) may be moved out of a lambda: effect-free
    /// and unable to fail, or, where `may_fail` (a lambda that runs at least once and prints
    /// nothing), a read at a computed position or a run-time check, which would then fail
    /// before the SOAC instead of in its first element.
    fn safe(ctx: &Context, o: OpId, may_fail: bool) -> bool {
        let name = ctx.op_name_str(o);
        if may_fail && (name == "soac.index" || is_check_call(ctx, o)) {
            return true;
        }
        if name == "func.call" || tail_builtin::arith::TRAPPING_OPS.contains(&name) {
            return false;
        }
        if name == "soac.index" {
            // Only constant positions within static extents.
            let src = ctx.operand(o, 0);
            let shape = match array_parts(ctx, ctx.value_type(src)) {
                Some((shape, _)) => shape,
                None => return false,
            };
            return ctx.operands(o).skip(1).enumerate().all(|(k, i)| {
                let n = shape.get(k).copied().filter(|&d| d != DYNAMIC);
                matches!((tail_builtin::util::constant_int(ctx, i), n), (Some(i), Some(n)) if (0..n).contains(&i))
            });
        }
        let info = ctx.op_def(o);
        info.is_some_and(|d| d.traits.contains(OpTraits::TERMINATOR))
            || tail_ir::greedy::is_memory_effect_free(ctx, o)
    }

    /// Whether `o` is work worth computing once whatever reads its result (a run-time check
    /// of values from outside the lambda: checked once).
    fn work(ctx: &Context, o: OpId) -> bool {
        let folds = |n: OpId| {
            matches!(
                ctx.op_name_str(n),
                "soac.reduce"
                    | "soac.redomap"
                    | "soac.scan"
                    | "soac.scanomap"
                    | "soac.filter"
                    | "soac.scatter"
                    | "soac.loop"
            )
        };
        // (Or a map whose lambda holds such work: the row sums `+⌿ m` of a matrix; one walk.)
        is_check_call(ctx, o)
            || folds(o)
            || (ctx.op_is(o, "soac.map")
                && ctx
                    .walk_preorder(o)
                    .into_iter()
                    .skip(1)
                    .any(|n| folds(n) || is_check_call(ctx, n)))
    }
}

impl RewritePattern for HoistInvariant {
    fn root(&self) -> Option<&'static str> {
        None
    }
    fn name(&self) -> &'static str {
        "HoistInvariant"
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
        let ctx: &mut Context = rewriter;
        let Some(s) = with_lambda(ctx, op) else {
            return false;
        };
        let Some(body) = s.lambda.and_then(|r| ctx.entry_block(r)) else {
            return false;
        };
        let ops: Vec<OpId> = ctx.block_ops(body).collect();
        // Most lambdas hold no work to move: no walk of their ops then.
        if !ops.iter().any(|&o| Self::work(ctx, o)) {
            return false;
        }
        // A lambda that runs at least once (a static, non-zero outer extent) and whose only
        // effects are run-time checks fails in its first element wherever its work would:
        // work that may fail moves too.
        let runs = s
            .inputs
            .first()
            .is_some_and(|&x| match extent_of(ctx, x, 0, 8) {
                Some(AxisExtent::Const(n)) => n > 0,
                Some(AxisExtent::Of(v)) => {
                    tail_builtin::util::constant_int(ctx, v).is_some_and(|n| n > 0)
                }
                _ => false,
            });
        let quiet = || {
            ops.iter().all(|&o| {
                ctx.walk_preorder(o).into_iter().all(|n| {
                    is_check_call(ctx, n)
                        || ctx.op_is(n, "soac.index")
                        // (SOACs and `scf` ops have the effects of the ops they hold, walked.)
                        || (!ctx.regions(n).is_empty()
                            && (ctx.op_name_str(n).starts_with("soac.")
                                || ctx.op_name_str(n).starts_with("scf.")))
                        || ctx.op_def(n).is_some_and(|d| d.traits.contains(OpTraits::TERMINATOR))
                        || tail_ir::greedy::is_memory_effect_free(ctx, n)
                })
            })
        };
        let may_fail = runs && quiet();
        let candidates: Vec<OpId> = ops
            .iter()
            .copied()
            .filter(|&o| {
                !ctx.op_def(o)
                    .is_some_and(|d| d.traits.contains(OpTraits::TERMINATOR))
                    && ctx
                        .walk_preorder(o)
                        .into_iter()
                        .all(|n| Self::safe(ctx, n, may_fail))
            })
            .collect();
        if !candidates.iter().any(|&o| Self::work(ctx, o)) {
            return false;
        }
        // The ops of `moved` read only values defined outside `op`, inside themselves, or by
        // other moved ops. A map moves only when every user does; a view or scalar op when
        // a moved op uses it (copied if the lambda uses it too).
        let in_moved = |ctx: &Context, moved: &FxHashSet<OpId>, u: tail_ir::OpOperand| {
            ancestor_in(ctx, u.op, body).is_some_and(|a| moved.contains(&a))
        };
        let mut moved: FxHashSet<OpId> = candidates.iter().copied().collect();
        loop {
            let mut changed = false;
            for &o in &candidates {
                if !moved.contains(&o) {
                    continue;
                }
                let invariant = ctx.walk_preorder(o).into_iter().all(|n| {
                    ctx.operands(n).all(|v| {
                        !defined_inside(ctx, v, op)
                            || defined_inside(ctx, v, o)
                            || ctx.defining_op(v).is_some_and(|d| moved.contains(&d))
                    })
                });
                let users: Vec<tail_ir::OpOperand> =
                    ctx.results(o).iter().flat_map(|&r| ctx.uses(r)).collect();
                let needed = Self::work(ctx, o)
                    || if ctx.regions(o).is_empty() {
                        users.iter().any(|&u| in_moved(ctx, &moved, u))
                    } else {
                        !users.is_empty() && users.iter().all(|&u| in_moved(ctx, &moved, u))
                    };
                if !invariant || !needed {
                    moved.remove(&o);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        if !candidates
            .iter()
            .any(|&o| moved.contains(&o) && Self::work(ctx, o))
        {
            return false;
        }
        for o in candidates {
            if !moved.contains(&o) {
                continue;
            }
            let shared = ctx
                .results(o)
                .iter()
                .any(|&r| ctx.uses(r).any(|u| !in_moved(ctx, &moved, u)));
            // Work moves (what stays reads its result); a shared view or scalar op is copied.
            if !shared || Self::work(ctx, o) {
                ctx.move_op(o, InsertPoint::Before(op));
                continue;
            }
            let mut map = Default::default();
            let copy = ctx.clone_op(o, &mut map);
            ctx.insert_op(copy, InsertPoint::Before(op));
            let pairs: Vec<(Value, Value)> = ctx
                .results(o)
                .iter()
                .copied()
                .zip(ctx.results(copy).iter().copied())
                .collect();
            for (old, new) in pairs {
                ctx.replace_uses_where(old, new, |ctx, u| in_moved(ctx, &moved, u));
            }
        }
        true
    }
}

/// `(iota n)[i]` is `index_cast i`; `(replicate n v)[i, rest…]` is `v[rest…]`.
pub struct IndexOfCreated;

impl RewritePattern for IndexOfCreated {
    fn root(&self) -> Option<&'static str> {
        Some("soac.index")
    }
    fn name(&self) -> &'static str {
        "IndexOfCreated"
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
        let ctx: &mut Context = rewriter;
        let ix = IndexOp::from_op(ctx, op).expect("index");
        let Some(def) = ctx.defining_op(ix.source(ctx)) else {
            return false;
        };
        let indices = ix.indices(ctx);
        let result = ix.result(ctx);
        let ty = ctx.value_type(result);
        let loc = ctx.op_loc(op);
        let new = if ctx.op_is(def, "soac.iota") {
            let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
            let c = tail_builtin::arith::IndexCastOp::build(&mut b, indices[0], ty);
            ctx.result(c.op(), 0)
        } else if ctx.op_is(def, "soac.replicate") {
            let v = ReplicateOp::from_op(ctx, def)
                .expect("replicate")
                .value(ctx);
            if indices.len() == 1 {
                v
            } else {
                let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
                let i = IndexOp::build(&mut b, v, &indices[1..], ty);
                ctx.result(i.op(), 0)
            }
        } else if let Some((src, at)) = index_through(ctx, def, &indices) {
            let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
            let c = tail_builtin::arith::build_constant_index(&mut b, at);
            let mut idx = vec![c];
            idx.extend_from_slice(&indices[1..]);
            let i = IndexOp::build(&mut b, src, &idx, ty);
            ctx.result(i.op(), 0)
        } else {
            return false;
        };
        ctx.replace_all_uses_with(result, new);
        ctx.erase_op(op);
        true
    }
}

/// Element `indices[0]` (a constant) of the array `def` creates, as `(array, index)` of an
/// element of another array: for a `concat` along axis 0 of arrays of static outer extents,
/// the piece holding it and the index within; for a reshape of a rank-1 array to a rank-1
/// array that is not cyclic (a cast between static and dynamic extents), the source at the
/// same index. A shape vector built from scalars (`3,⍴M`) is such a concatenation, so its
/// elements fold to the scalars.
fn index_through(ctx: &Context, def: OpId, indices: &[Value]) -> Option<(Value, i64)> {
    let i = tail_builtin::util::constant_int(ctx, *indices.first()?).filter(|&i| i >= 0)?;
    let outer = |v: Value| {
        array_parts(ctx, ctx.value_type(v))
            .and_then(|(shape, _)| shape.first().copied())
            .filter(|&d| d != DYNAMIC)
    };
    if ctx.op_is(def, "soac.concat") {
        if tail_soac::ops::create::ConcatOp::from_op(ctx, def)?.axis(ctx) != 0 {
            return None;
        }
        let mut at = i;
        for x in ctx.operand_vec(def) {
            let n = outer(x)?;
            if at < n {
                return Some((x, at));
            }
            at -= n;
        }
        None
    } else if ctx.op_is(def, "soac.reshape") {
        let src = ctx.operand(def, 0);
        let rank1 =
            |v: Value| array_parts(ctx, ctx.value_type(v)).is_some_and(|(s, _)| s.len() == 1);
        let cast = ctx.attr(def, "cyclic").is_none() && ctx.num_operands(def) <= 2;
        (cast && rank1(src) && rank1(ctx.result(def, 0)) && indices.len() == 1).then_some((src, i))
    } else {
        None
    }
}

/// A call of a run-time check of one value (`@tail_rt_check_count(n, line, col)`: `n ≥ 0`;
/// `@tail_rt_check_extent32(n, line, col)`: `n ≤ 2³¹−1`) whose value is a constant that
/// passes, or of two extents (`@tail_rt_check_extents(e, g, what, line, col)`) that are the
/// same value or equal constants: erased.
pub struct PassingChecks;

impl RewritePattern for PassingChecks {
    fn root(&self) -> Option<&'static str> {
        Some("func.call")
    }
    fn name(&self) -> &'static str {
        "PassingChecks"
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
        let ctx: &mut Context = rewriter;
        let callee = ctx
            .attr(op, "callee")
            .and_then(|a| ctx.attr_as_symbol_ref(a));
        if callee == Some("tail_rt_check_extents") {
            if ctx.num_operands(op) != 5 || ctx.num_results(op) != 0 {
                return false;
            }
            let (e, g) = (ctx.operand(op, 0), ctx.operand(op, 1));
            let known = |v| tail_builtin::util::constant_int(ctx, v);
            if e != g && known(e).is_none_or(|x| known(g) != Some(x)) {
                return false;
            }
            ctx.erase_op(op);
            return true;
        }
        let passes: fn(i64) -> bool = match callee {
            Some("tail_rt_check_count") => |n| n >= 0,
            Some("tail_rt_check_extent32") => |n| n <= i64::from(i32::MAX),
            _ => return false,
        };
        if ctx.num_operands(op) != 3 || ctx.num_results(op) != 0 {
            return false;
        }
        let v = ctx.operand(op, 0);
        let extent = callee == Some("tail_rt_check_extent32");
        if !(tail_builtin::util::constant_int(ctx, v).is_some_and(passes)
            || (extent && from_i32(ctx, v)))
        {
            return false;
        }
        ctx.erase_op(op);
        true
    }
}

/// Whether integer `v` is a sign extension of a 32-bit or narrower value (through
/// `index_cast`s and `extsi`: an `iota` count's extent), hence at most 2³¹−1.
fn from_i32(ctx: &Context, mut v: Value) -> bool {
    loop {
        let t = ctx.value_type(v);
        if tail_builtin::util::int_or_index_width(ctx, t).is_some_and(|w| w <= 32) {
            return true;
        }
        match ctx.defining_op(v) {
            Some(d) if ctx.op_is(d, "arith.index_cast") || ctx.op_is(d, "arith.extsi") => {
                v = ctx.operand(d, 0);
            }
            _ => return false,
        }
    }
}

/// `dim` of a `slice` (its size), an `update`/`scatter` (the destination's, read before the
/// op that consumes it), an `scf.if` whose branches yield arrays of one extent on the axis
/// ([`extent_of`]: a take that may over-take), a mapped-out
/// `redomap` result (axis 0: the first input's).
pub struct DimThroughOps;

impl RewritePattern for DimThroughOps {
    fn root(&self) -> Option<&'static str> {
        Some("soac.dim")
    }
    fn name(&self) -> &'static str {
        "DimThroughOps"
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
        let ctx: &mut Context = rewriter;
        let d = DimOp::from_op(ctx, op).expect("dim");
        let src = d.source(ctx);
        let axis = d.axis_value(ctx);
        let Ok(a) = usize::try_from(axis) else {
            return false;
        };
        let Some(def) = ctx.defining_op(src) else {
            return dim_of_carried(ctx, op, src, a);
        };
        match ctx.op_name_str(def) {
            // A row (or plane) read from an array: the array's axis after the indexed ones.
            "soac.index" => {
                let n = ctx.num_operands(def) - 1;
                let src = ctx.operand(def, 0);
                let i64t = ctx.int_type(64);
                let at = ctx.int_attr(i64t, (a + n) as i64);
                ctx.set_operand(op, 0, src);
                ctx.set_attr(op, "axis", at);
                true
            }
            "soac.slice" => {
                let size = SliceOp::from_op(ctx, def).expect("slice").sizes(ctx)[a];
                let r = ctx.result(op, 0);
                ctx.replace_all_uses_with(r, size);
                ctx.erase_op(op);
                true
            }
            "soac.update" | "soac.scatter" => {
                let dest = if ctx.op_is(def, "soac.scatter") {
                    tail_soac::ops::parallel::ScatterOp::from_op(ctx, def)
                        .expect("scatter")
                        .dest(ctx)
                } else {
                    tail_soac::ops::seq::UpdateOp::from_op(ctx, def)
                        .expect("update")
                        .dest(ctx)
                };
                // The destination is consumed by `def`: read its extent before it.
                ctx.set_operand(op, 0, dest);
                ctx.move_op(op, tail_ir::InsertPoint::Before(def));
                true
            }
            "scf.if" => {
                // Both branches yield arrays of one extent on this axis (a take that may
                // over-take: the slice or the slice padded by a replicate).
                let Some(i) = ctx.results(def).iter().position(|&r| r == src) else {
                    return false;
                };
                let yielded = |r: usize| {
                    let blk = ctx.entry_block(*ctx.regions(def).get(r)?)?;
                    let t = ctx.last_op(blk)?;
                    (ctx.num_operands(t) > i).then(|| ctx.operand(t, i))
                };
                let (Some(x), Some(y)) = (yielded(0), yielded(1)) else {
                    return false;
                };
                let ex = extent_of(ctx, x, a, 8);
                if ex.is_none() || ex != extent_of(ctx, y, a, 8) {
                    return false;
                }
                let loc = ctx.op_loc(op);
                let v = match ex.expect("an extent") {
                    AxisExtent::Of(v) if !defined_inside(ctx, v, def) => v,
                    AxisExtent::Const(n) => {
                        let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
                        tail_builtin::arith::build_constant_index(&mut b, n)
                    }
                    AxisExtent::DimOf(v, ax) if !defined_inside(ctx, v, def) => {
                        let mut b = Builder::new(ctx, InsertPoint::Before(def), loc);
                        let i64t = b.ctx.int_type(64);
                        let at = b.ctx.int_attr(i64t, ax as i64);
                        let idx = b.ctx.index_type();
                        let d = DimOp::build(&mut b, v, idx, at);
                        b.ctx.result(d.op(), 0)
                    }
                    _ => return false,
                };
                let r = ctx.result(op, 0);
                ctx.replace_all_uses_with(r, v);
                ctx.erase_op(op);
                true
            }
            "soac.redomap" if a == 0 => {
                let k = tail_soac::ops::parallel::RedomapOp::from_op(ctx, def)
                    .expect("redomap")
                    .neutral(ctx)
                    .len();
                let idx = ctx.results(def).iter().position(|&r| r == src);
                if idx.is_some_and(|i| i >= k) {
                    let x = ctx.operand(def, 0);
                    ctx.set_operand(op, 0, x);
                    true
                } else {
                    false
                }
            }
            _ => false,
        }
    }
}

/// `dim` `op` of `arg` on `axis`, where `arg` is an array a `soac.loop` carries whose extent
/// on the axis every iteration keeps: the extent of the initial array (a constant or a value
/// from outside the loop), where the body yields arrays whose extents are those of the
/// initial arrays or of carried arrays that keep theirs (by induction over the iterations:
/// the carried arrays' extents are assumed to be their initial arrays' and each yield is
/// found to keep them). The checks of zips of carried arrays with arrays from outside then
/// fold, and the loop's body stays one map nest for `soac-loop-interchange`.
fn dim_of_carried(ctx: &mut Context, op: OpId, arg: Value, axis: usize) -> bool {
    let Some(block) = ctx.value_parent_block(arg) else {
        return false;
    };
    let Some(lp) = ctx
        .block_parent_op(block)
        .filter(|&l| ctx.op_is(l, "soac.loop"))
    else {
        return false;
    };
    if ctx.entry_block(ctx.region(lp, 0)) != Some(block) {
        return false;
    }
    let Some(term) = ctx.last_op(block).filter(|&t| ctx.op_is(t, "soac.yield")) else {
        return false;
    };
    // Argument 0 is the iteration number; argument k ≥ 1 carries initial value k − 1
    // (operand k, after the count) and yield k − 1.
    let args = ctx.block_args(block).to_vec();
    let Some(k) = args.iter().position(|&x| x == arg).filter(|&k| k > 0) else {
        return false;
    };
    let inits: Vec<Value> = ctx.operand_vec(lp)[1..].to_vec();
    let ys = ctx.operand_vec(term);
    if inits.len() + 1 != args.len() || ys.len() != inits.len() {
        return false;
    }
    let rank =
        |ctx: &Context, v: Value| array_parts(ctx, ctx.value_type(v)).map_or(0, |(s, _)| s.len());
    // The initial extents that are known before the loop: (carried index, axis) → extent.
    let mut known: std::collections::BTreeMap<(usize, usize), AxisExtent> = Default::default();
    for (j, &init) in inits.iter().enumerate() {
        for a in 0..rank(ctx, init) {
            let e = known_extent(ctx, init, a);
            let before = match e {
                Some(AxisExtent::Const(_)) => true,
                Some(AxisExtent::Of(v) | AxisExtent::DimOf(v, _)) => !defined_inside(ctx, v, lp),
                None => false,
            };
            if before {
                known.insert((j, a), e.expect("an extent"));
            }
        }
    }
    if !known.contains_key(&(k - 1, axis)) {
        return false;
    }
    // Drop the pairs whose yield is not shown to keep the extent, until none is dropped.
    loop {
        let mut dropped = false;
        let pairs: Vec<((usize, usize), AxisExtent)> =
            known.iter().map(|(&p, &e)| (p, e)).collect();
        for ((j, a), e) in pairs {
            let ey = known_extent(ctx, ys[j], a);
            let keeps = match ey {
                Some(x) if x == e => true,
                Some(AxisExtent::DimOf(v, b)) => {
                    args.iter()
                        .position(|&x| x == v)
                        .filter(|&i| i > 0)
                        .and_then(|i| known.get(&(i - 1, b)))
                        == Some(&e)
                }
                _ => false,
            };
            if !keeps {
                known.remove(&(j, a));
                dropped = true;
            }
        }
        if !dropped {
            break;
        }
    }
    if !known.contains_key(&(k - 1, axis)) {
        return false;
    }
    let init = inits[k - 1];
    let loc = ctx.op_loc(op);
    let mut b = Builder::new(ctx, InsertPoint::Before(lp), loc);
    let i64t = b.ctx.int_type(64);
    let at = b.ctx.int_attr(i64t, axis as i64);
    let idx = b.ctx.index_type();
    let d = DimOp::build(&mut b, init, idx, at);
    let v = b.ctx.result(d.op(), 0);
    let r = ctx.result(op, 0);
    ctx.replace_all_uses_with(r, v);
    ctx.erase_op(op);
    true
}

/// An array's extent on an axis as far as its definition shows it: a constant, a value (a
/// slice's size, a reshape's or replicate's extent), or the extent of another array (the one
/// it is a view of, or whatever has no such definition).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AxisExtent {
    /// A constant.
    Const(i64),
    /// A value computed before the array.
    Of(Value),
    /// The extent of an array on an axis.
    DimOf(Value, usize),
}

/// The extent of array `v` on `axis` as far as the definitions show it ([`extent_of`]), a
/// constant value read as [`AxisExtent::Const`]: two extents the same answer gives are
/// equal.
pub fn known_extent(ctx: &Context, v: Value, axis: usize) -> Option<AxisExtent> {
    extent_of(ctx, v, axis, 8).map(|e| match e {
        AxisExtent::Of(x) => known_extent_value(ctx, x),
        e => e,
    })
}

/// [`known_extent`] of an extent value `e` (an `index`): a constant, the extent a `soac.dim`
/// reads, or the value itself.
pub fn known_extent_value(ctx: &Context, e: Value) -> AxisExtent {
    if let Some(n) = tail_builtin::util::constant_int(ctx, e) {
        return AxisExtent::Const(n);
    }
    match ctx.defining_op(e).and_then(|d| DimOp::from_op(ctx, d)) {
        Some(d) => usize::try_from(d.axis_value(ctx))
            .ok()
            .and_then(|a| known_extent(ctx, d.source(ctx), a))
            .unwrap_or(AxisExtent::Of(e)),
        None => AxisExtent::Of(e),
    }
}

/// The extent of `v` on `axis` ([`AxisExtent`]), looking through at most `depth` views; an
/// extent that is a `soac.dim` is the extent of that array.
fn extent_of(ctx: &Context, v: Value, axis: usize, depth: usize) -> Option<AxisExtent> {
    Some(match extent_through(ctx, v, axis, depth)? {
        AxisExtent::Of(e) => match ctx.defining_op(e).and_then(|d| DimOp::from_op(ctx, d)) {
            Some(d) => AxisExtent::DimOf(d.source(ctx), usize::try_from(d.axis_value(ctx)).ok()?),
            None => AxisExtent::Of(e),
        },
        other => other,
    })
}

/// [`extent_of`] before a `soac.dim` extent is read as that array's.
fn extent_through(ctx: &Context, v: Value, axis: usize, depth: usize) -> Option<AxisExtent> {
    let (shape, _) = array_parts(ctx, ctx.value_type(v))?;
    let s = *shape.get(axis)?;
    if s != DYNAMIC {
        return Some(AxisExtent::Const(s));
    }
    let fallback = Some(AxisExtent::DimOf(v, axis));
    if depth == 0 {
        return fallback;
    }
    let Some(def) = ctx.defining_op(v) else {
        // A row of a map's input: the input's next axis.
        return match map_row_source(ctx, v) {
            Some(input) => extent_of(ctx, input, axis + 1, depth - 1),
            None => fallback,
        };
    };
    if ctx.op_is(def, "soac.map") {
        // A map keeps its inputs' outer extent; the rest is the rows' its lambda yields.
        let outer = if axis == 0 {
            ctx.operand_vec(def).first().copied()
        } else {
            let k = ctx.results(def).iter().position(|&r| r == v)?;
            yielded(ctx, ctx.region(def, 0)).get(k).copied()
        };
        let e = match outer {
            Some(x) => extent_of(ctx, x, axis.saturating_sub(1), depth - 1)?,
            None => return fallback,
        };
        // An extent read inside the lambda does not name the result's outside it.
        return match e {
            AxisExtent::Of(x) | AxisExtent::DimOf(x, _) if defined_inside(ctx, x, def) => fallback,
            e => Some(e),
        };
    }
    // The k-th dynamic extent operand of a view whose `operands` after the first are its
    // dynamic extents (reshape, replicate).
    let dyn_operand = |first: usize| {
        let k = shape[..axis].iter().filter(|&&d| d == DYNAMIC).count();
        ctx.operand_vec(def).get(first + k).copied()
    };
    match ctx.op_name_str(def) {
        "soac.slice" => Some(AxisExtent::Of(
            SliceOp::from_op(ctx, def).expect("slice").sizes(ctx)[axis],
        )),
        "soac.reshape" if ctx.num_operands(def) > 1 => dyn_operand(1).map(AxisExtent::Of),
        "soac.replicate" if axis == 0 => dyn_operand(1).map(AxisExtent::Of),
        "soac.iota" => dyn_operand(0).map(AxisExtent::Of),
        "soac.replicate" => extent_of(ctx, ctx.operand(def, 0), axis - 1, depth - 1),
        "soac.concat" => {
            let along = tail_soac::ops::create::ConcatOp::from_op(ctx, def)
                .map(|c| c.axis(ctx) as usize)?;
            if along == axis {
                return fallback;
            }
            extent_of(ctx, ctx.operand(def, 0), axis, depth - 1)
        }
        // A row (or plane) read from an array: the array's axis after the indexed ones.
        "soac.index" => {
            let n = ctx.num_operands(def) - 1;
            extent_of(ctx, ctx.operand(def, 0), axis + n, depth - 1)
        }
        // Branches that yield arrays of one extent (from outside the `scf.if`).
        "scf.if" => {
            let i = ctx.results(def).iter().position(|&r| r == v)?;
            let mut branch = Vec::new();
            for &r in ctx.regions(def) {
                let t = ctx.last_op(ctx.entry_block(r)?)?;
                let y = *ctx.operand_vec(t).get(i)?;
                branch.push(extent_of(ctx, y, axis, depth - 1)?);
            }
            match branch[..] {
                [e0, e1] if e0 == e1 => match e0 {
                    AxisExtent::Of(x) | AxisExtent::DimOf(x, _) if defined_inside(ctx, x, def) => {
                        fallback
                    }
                    e => Some(e),
                },
                _ => fallback,
            }
        }
        "soac.transpose" => {
            let perm = tail_soac::ops::view::TransposeOp::from_op(ctx, def)?.perm(ctx);
            let p = usize::try_from(*perm.get(axis)?).ok()?;
            extent_of(ctx, ctx.operand(def, 0), p, depth - 1)
        }
        _ => fallback,
    }
}

/// The input whose rows `v` is, when `v` is an argument of a `soac.map`'s lambda.
fn map_row_source(ctx: &Context, v: Value) -> Option<Value> {
    let block = ctx.value_parent_block(v)?;
    let map = ctx
        .block_parent_op(block)
        .filter(|&m| ctx.op_is(m, "soac.map"))?;
    let i = ctx.block_args(block).iter().position(|&a| a == v)?;
    ctx.operand_vec(map).get(i).copied()
}

/// A `soac.loop` result whose body yields the loop-carried value unchanged is the initial
/// value.
pub struct ForwardLoopInvariants;

impl RewritePattern for ForwardLoopInvariants {
    fn root(&self) -> Option<&'static str> {
        Some("soac.loop")
    }
    fn name(&self) -> &'static str {
        "ForwardLoopInvariants"
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
        let ctx: &mut Context = rewriter;
        let Some(block) = ctx.entry_block(ctx.region(op, 0)) else {
            return false;
        };
        let args = ctx.block_args(block).to_vec();
        let Some(term) = ctx
            .last_op(block)
            .filter(|&t| YieldOp::from_op(ctx, t).is_some())
        else {
            return false;
        };
        let ys = ctx.operand_vec(term);
        let inits: Vec<Value> = ctx.operand_vec(op)[1..].to_vec();
        let results = ctx.results(op).to_vec();
        let mut changed = false;
        for (i, &y) in ys.iter().enumerate() {
            if args.get(i + 1) == Some(&y) {
                if ctx.has_uses(results[i]) {
                    ctx.replace_all_uses_with(results[i], inits[i]);
                    changed = true;
                }
                // Inside the body the value is the initial one in every iteration.
                let inner: Vec<_> = ctx
                    .use_vec(y)
                    .into_iter()
                    .filter(|u| u.op != term)
                    .collect();
                for u in inner {
                    ctx.set_operand(u.op, u.index as usize, inits[i]);
                    changed = true;
                }
            }
        }
        changed
    }
}

/// The most scalar ops of a map body that [`RotateThroughMap`] recomputes per rotated use.
pub const RECOMPUTE_MAX_OPS: usize = 8;

/// `rotate (map f xs…) o` → `map f (rotate xs… o)` for a cheap elementwise map nest (see the
/// module documentation): every input of the nest has the result's shape, so rotating each
/// input rotates the result.
pub struct RotateThroughMap;

impl RewritePattern for RotateThroughMap {
    fn root(&self) -> Option<&'static str> {
        Some("soac.rotate")
    }
    fn name(&self) -> &'static str {
        "RotateThroughMap"
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
        let ctx: &mut Context = rewriter;
        let src = ctx.operand(op, 0);
        let Some(map) = ctx.defining_op(src).filter(|&d| ctx.op_is(d, "soac.map")) else {
            return false;
        };
        let Some((shape, _)) = array_parts(ctx, ctx.value_type(src)) else {
            return false;
        };
        // A perfect map nest as deep as the rank, whose scalar body is a few `arith` ops.
        let rank = shape.len();
        if nest_depth(ctx, map) != Some(rank) {
            return false;
        }
        let body = ctx.block_op_vec(innermost(ctx, map));
        let ops = &body[..body.len() - 1];
        let cheap = ops
            .iter()
            .all(|&o| ctx.op_name_str(o).starts_with("arith.") && ctx.regions(o).is_empty());
        if !cheap || ops.len() > RECOMPUTE_MAX_OPS {
            return false;
        }
        let inputs = ctx.operand_vec(map);
        if inputs
            .iter()
            .any(|&x| array_parts(ctx, ctx.value_type(x)).is_none_or(|(s, _)| s.len() != rank))
        {
            return false;
        }
        let offsets: Vec<Value> = ctx.operand_vec(op)[1..].to_vec();
        let mut remap = rustc_hash::FxHashMap::default();
        for &x in &inputs {
            if remap.contains_key(&x) {
                continue;
            }
            let ty = ctx.value_type(x);
            let mut b = Builder::before(ctx, op);
            let mut st = b.state("soac.rotate");
            st.operands = std::iter::once(x).chain(offsets.iter().copied()).collect();
            st.result_types = vec![ty];
            let r = b.insert(st);
            let rv = ctx.result(r, 0);
            remap.insert(x, rv);
        }
        let copy = ctx.clone_op(map, &mut remap);
        ctx.insert_op(copy, InsertPoint::Before(op));
        let k = ctx
            .results(map)
            .iter()
            .position(|&r| r == src)
            .expect("a result of the map");
        let new = ctx.result(copy, k);
        ctx.replace_all_uses_with(ctx.result(op, 0), new);
        ctx.erase_op(op);
        true
    }
}

/// `rotate (rotate x a) b` → `rotate x (a + b)`: one view, whose wrap-around the kernels
/// handle once per axis.
pub struct ComposeRotations;

impl RewritePattern for ComposeRotations {
    fn root(&self) -> Option<&'static str> {
        Some("soac.rotate")
    }
    fn name(&self) -> &'static str {
        "ComposeRotations"
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
        let ctx: &mut Context = rewriter;
        let src = ctx.operand(op, 0);
        let Some(inner) = ctx
            .defining_op(src)
            .filter(|&d| ctx.op_is(d, "soac.rotate"))
        else {
            return false;
        };
        let x = ctx.operand(inner, 0);
        let a: Vec<Value> = ctx.operand_vec(inner)[1..].to_vec();
        let b: Vec<Value> = ctx.operand_vec(op)[1..].to_vec();
        let konst = |ctx: &Context, v| tail_builtin::util::constant_int(ctx, v);
        let mut sums = Vec::with_capacity(a.len());
        for (&p, &q) in a.iter().zip(&b) {
            let sum = match (konst(ctx, p), konst(ctx, q)) {
                (Some(0), _) => q,
                (_, Some(0)) => p,
                (Some(m), Some(n)) => {
                    let idx = ctx.index_type();
                    let mut bld = Builder::before(ctx, op);
                    tail_builtin::arith::build_constant_int(&mut bld, idx, m.wrapping_add(n))
                }
                _ => {
                    let idx = ctx.index_type();
                    let mut bld = Builder::before(ctx, op);
                    let mut st = bld.state("arith.addi");
                    st.operands = vec![p, q];
                    st.result_types = vec![idx];
                    let o = bld.insert(st);
                    ctx.result(o, 0)
                }
            };
            sums.push(sum);
        }
        ctx.set_operand(op, 0, x);
        for (i, v) in sums.into_iter().enumerate() {
            ctx.set_operand(op, i + 1, v);
        }
        true
    }
}

/// The operand of a `math.floor` whose value `fptosi` operand `s` converts: `s` is the floor
/// itself, or the floor clamped to the 32-bit integers with NaN made 0 (how `tail-to-soac`
/// lowers `⌊`: `select(cmpf ord f f, minnumf(maxnumf(f, lo), hi), 0)` with `lo ≤ −2³¹` and
/// `hi ≥ 2³¹−1`), which changes nothing when the floor is a 32-bit integer.
fn floor_operand(ctx: &Context, s: Value) -> Option<Value> {
    let named = |v: Value, name: &str| ctx.defining_op(v).filter(|&d| ctx.op_is(d, name));
    let konst = |v: Value| tail_builtin::util::constant_float(ctx, v);
    let mut f = s;
    if let Some(sel) = named(s, "arith.select") {
        let (c, clamped) = (ctx.operand(sel, 0), ctx.operand(sel, 1));
        let ord = named(c, "arith.cmpf")?;
        let pred = ctx.attr(ord, "predicate").and_then(|a| ctx.attr_as_int(a));
        let hi = named(clamped, "arith.minnumf")?;
        let lo = named(ctx.operand(hi, 0), "arith.maxnumf")?;
        f = ctx.operand(lo, 0);
        if pred != Some(7)
            || ctx.operand(ord, 0) != f
            || ctx.operand(ord, 1) != f
            || !konst(ctx.operand(lo, 1)).is_some_and(|x| x <= f64::from(i32::MIN))
            || !konst(ctx.operand(hi, 1)).is_some_and(|x| x >= f64::from(i32::MAX))
        {
            return None;
        }
    }
    Some(ctx.operand(named(f, "math.floor")?, 0))
}

/// `arith.cmpi` decided by the ranges of its operands ([`crate::facts`]): the same answer
/// for every value they may have (see the module documentation).
pub struct CompareByRange;

impl RewritePattern for CompareByRange {
    fn root(&self) -> Option<&'static str> {
        Some("arith.cmpi")
    }
    fn name(&self) -> &'static str {
        "CompareByRange"
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
        use tail_builtin::arith::CmpIPredicate::*;
        let ctx: &mut Context = rewriter;
        let (x, y) = (ctx.operand(op, 0), ctx.operand(op, 1));
        let known = |v| tail_builtin::util::constant_int(ctx, v).is_some();
        // (Not of booleans: their constants' sign is a matter of convention.)
        if (known(x) && known(y)) || ctx.int_width(ctx.value_type(x)) == Some(1) {
            return false;
        }
        let Some(pred) = tail_builtin::arith::cmpi_predicate(ctx, op) else {
            return false;
        };
        let (Some(a), Some(b)) = (
            crate::facts::int_range(ctx, x),
            crate::facts::int_range(ctx, y),
        ) else {
            return false;
        };
        // Whether `a pred b` holds for every pair of the ranges, or for none.
        let lt = |a: (i64, i64), b: (i64, i64)| {
            if a.1 < b.0 {
                Some(true)
            } else if a.0 >= b.1 {
                Some(false)
            } else {
                None
            }
        };
        let le = |a: (i64, i64), b: (i64, i64)| {
            if a.1 <= b.0 {
                Some(true)
            } else if a.0 > b.1 {
                Some(false)
            } else {
                None
            }
        };
        let eq = |a: (i64, i64), b: (i64, i64)| {
            if a.0 == a.1 && b.0 == b.1 && a.0 == b.0 {
                Some(true)
            } else if a.1 < b.0 || b.1 < a.0 {
                Some(false)
            } else {
                None
            }
        };
        let decided = match pred {
            Slt => lt(a, b),
            Sle => le(a, b),
            Sgt => lt(b, a),
            Sge => le(b, a),
            Eq => eq(a, b),
            Ne => eq(a, b).map(|e| !e),
            Ult | Ule | Ugt | Uge => None,
        };
        let Some(holds) = decided else {
            return false;
        };
        let loc = ctx.op_loc(op);
        let ty = ctx.value_type(ctx.result(op, 0));
        let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
        let c = tail_builtin::arith::build_constant_int(&mut b, ty, i64::from(holds));
        ctx.replace_all_uses_with(ctx.result(op, 0), c);
        ctx.erase_op(op);
        true
    }
}

/// `⌊i÷2*k` and `⌊i×2*-k` of a 32-bit integer `i` (converted to `f64`) and a power of two
/// `2ᵏ` with `0 ≤ k ≤ 31` are `i` shifted right arithmetically by `k` (the shift rounds
/// towards −∞, as `⌊` does; the quotient is exact and within the 32-bit integers, so the
/// conversion's clamping never applies). `2|⌊i÷2*k`, bit `k` of `i`, becomes two integer ops
/// instead of a division, a floor and a saturating conversion.
///
/// The facts come from [`crate::facts::power_of_two`]: a constant, `2 ** e` of an integer in
/// a known range (`k` itself is then the shift), or an element of an array of such values
/// (the shift is read off the element's exponent bits).
pub struct FloorDivPowerOfTwo;

impl RewritePattern for FloorDivPowerOfTwo {
    fn root(&self) -> Option<&'static str> {
        Some("arith.fptosi")
    }
    fn name(&self) -> &'static str {
        "FloorDivPowerOfTwo"
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
        let ctx: &mut Context = rewriter;
        let i32_of = |ctx: &Context, v: Value| ctx.int_width(ctx.value_type(v)) == Some(32);
        if !i32_of(ctx, ctx.result(op, 0)) {
            return false;
        }
        let Some(q) = floor_operand(ctx, ctx.operand(op, 0)) else {
            return false;
        };
        let Some(qd) = ctx.defining_op(q) else {
            return false;
        };
        // The integer converted to f64 in operand `at` of `qd`.
        let int_at = |ctx: &Context, at: usize| {
            ctx.defining_op(ctx.operand(qd, at))
                .filter(|&d| ctx.op_is(d, "arith.sitofp"))
                .map(|d| ctx.operand(d, 0))
                .filter(|&i| i32_of(ctx, i))
        };
        let (i, scale, divide) = match ctx.op_name_str(qd) {
            "arith.divf" => match int_at(ctx, 0) {
                Some(i) => (i, ctx.operand(qd, 1), true),
                None => return false,
            },
            "arith.mulf" => match (int_at(ctx, 0), int_at(ctx, 1)) {
                (Some(i), _) => (i, ctx.operand(qd, 1), false),
                (None, Some(i)) => (i, ctx.operand(qd, 0), false),
                _ => return false,
            },
            _ => return false,
        };
        let Some((lo, hi)) = crate::facts::power_of_two(ctx, scale) else {
            return false;
        };
        // The shift: k of a divisor 2ᵏ, −k of a factor 2ᵏ; it must be 0 … 31.
        let (lo, hi) = if divide { (lo, hi) } else { (-hi, -lo) };
        if lo < 0 || hi > 31 {
            return false;
        }
        let i32t = ctx.value_type(i);
        let i64t = ctx.int_type(64);
        let pow = ctx
            .defining_op(scale)
            .filter(|&d| ctx.op_is(d, "math.powf"))
            .and_then(|d| ctx.defining_op(ctx.operand(d, 1)))
            .filter(|&s| ctx.op_is(s, "arith.sitofp"))
            .map(|s| ctx.operand(s, 0));
        let mut b = Builder::before(ctx, op);
        use tail_builtin::arith::{build_binary, build_constant_int, build_unary};
        let amount = if lo == hi {
            build_constant_int(&mut b, i32t, lo)
        } else if let Some(e) = pow {
            // `2 ** e` with `e` an integer (of any width the facts ranged).
            let e = if b.int_width(b.value_type(e)) == Some(32) {
                e
            } else if b.int_width(b.value_type(e)).is_some_and(|w| w > 32) {
                build_unary(&mut b, "arith.trunci", e, i32t)
            } else {
                build_unary(&mut b, "arith.extsi", e, i32t)
            };
            if divide {
                e
            } else {
                let zero = build_constant_int(&mut b, i32t, 0);
                build_binary(&mut b, "arith.subi", zero, e)
            }
        } else {
            // The biased exponent of the positive normal f64 `scale`: bits 52 … 62.
            let bits = build_unary(&mut b, "arith.bitcast", scale, i64t);
            let c52 = build_constant_int(&mut b, i64t, 52);
            let biased = build_binary(&mut b, "arith.shrui", bits, c52);
            let bias = build_constant_int(&mut b, i64t, 1023);
            let e = if divide {
                build_binary(&mut b, "arith.subi", biased, bias)
            } else {
                build_binary(&mut b, "arith.subi", bias, biased)
            };
            build_unary(&mut b, "arith.trunci", e, i32t)
        };
        let r = build_binary(&mut b, "arith.shrsi", i, amount);
        ctx.replace_op(op, &[r]);
        true
    }
}
