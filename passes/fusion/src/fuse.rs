//! `soac-fuse`: vertical (producer → consumer) and horizontal (sibling) fusion of SOACs.
//!
//! # Rules
//! The pass works on each block of the function (the body and every nested lambda or loop
//! body) separately, so nothing is fused across the iterations of a `soac.loop`: a producer
//! outside a loop and a consumer in its body live in different blocks, and the loop is an
//! ordinary (non-fusible) user of the producer. Every SOAC with a map part is read as a
//! Futhark *screma* ([`crate::screma`]): `map`, `reduce`, `scan`, `redomap`, `scanomap`.
//!
//! * **Vertical fusion** (Futhark's T2 graph reduction, Accelerate's producer/consumer
//!   fusion). A `soac.map` *P* whose results are *inputs* of a screma *C* in the same block is
//!   substituted into *C*'s map part: the fused lambda takes *P*'s inputs (and *C*'s other
//!   inputs, each array once, so both inputs of a zip and `zipWith f inc inc` are covered),
//!   runs *P*'s lambda once per row and feeds its values to *C*'s lambda. `map ∘ map` gives a
//!   `map`, `reduce ∘ map` a `redomap`, `scan ∘ map` a `scanomap`, and a map fuses into the map
//!   part of a `redomap`/`scanomap`. Shape-only uses (`soac.dim` of an axis whose extent is
//!   static or is the outer one, which is the extent of *P*'s first input) are redirected and
//!   never block fusion.
//! * **Several consumers.** A producer is never recomputed unless it is cheap. If *P* has
//!   other users besides *C* (other consumers, a `filter`, `scatter`, a loop, a return, a use
//!   inside a lambda), *P* is fused into its first fusible consumer and the results the other
//!   users need become *mapped-out* results of the fused op (Futhark's rule), provided all the
//!   other users come after that consumer (a view of *P*'s result placed before the consumer
//!   is first moved down to its own first user); otherwise *P* is left alone. Cost model: a map is
//!   *cheap* when its lambda has at most `max-recompute-ops` operations (constants not
//!   counted), none with regions (no nested SOAC or control flow), and its inputs are already
//!   materialized (block arguments, or results of anything but a `soac.map`, possibly through
//!   views). A cheap producer is copied into every fusible consumer; a copy costs at most
//!   `max-recompute-ops` scalar operations per element and reads arrays that exist anyway.
//!   A producer that may stop the program (its lambda indexes an array or calls a run-time
//!   check) is not fused into a consumer across an op with effects (a print): the program's
//!   output keeps its order with the failure.
//! * **Views** are index functions, not copies (thesis §3.4). A view of a materialized array
//!   stays the input of the fused map (reading through it costs no copy). A rank-1 `slice`
//!   (reverse, take, drop) or `rotate` of a map's result is pushed through the map, whose
//!   inputs are then rank-1 arrays: `V (map f xs…) = map f (V xs)…` (Accelerate's
//!   `backpermute` absorbed into a `Step`), after which the map fuses with its consumer, so
//!   reverse-then-map is one map. The view is pushed when it is the producer's only use or
//!   the producer is cheap. (A slice of a zip makes slices that may agree where the zipped
//!   arrays do not, `3 ↑ a × b`: `convert-tail-to-soac` checked the zip's shapes where it
//!   lowered it.) `transpose` and `reshape` of a map's result are not pushed (they
//!   would need a map nest over the other axes); they keep the producer materialized.
//! * **Horizontal fusion** (option `horizontal`, default on): two sibling screma ops of the
//!   same block that read a common input array or results of one `soac.map` (two reductions
//!   also over arrays of equal static extent), hence have one iteration space, become one
//!   op when the second does not depend on the first (the fused op takes the second's place,
//!   or the first's when everything the second reads is defined before the first, e.g. when
//!   the first's result is printed before the second, unless the second may fail and an op
//!   with effects lies between them): `map`+`map` → `map`, `map`/`reduce`/
//!   `redomap` pairs → one `redomap` with the reductions' operators side by side (two
//!   reductions of the same array become one `redomap` with two results), a `map` and a
//!   `scan`/`scanomap` → one `scanomap`. A reduction and a scan are not combined (no
//!   `screma`), nor are two scans.
//! * **Not fused**: `filter` and `scatter` consumers (their iteration space differs from
//!   their result's, and `scatter` consumes its destination), producers whose results are used
//!   inside a consumer's lambda (a free variable needs the whole array), and ops in different
//!   blocks. In a `map`'s lambda a reduction or scan gets no mapped-out results, vertically
//!   or horizontally (kernel extraction runs it as a row reduction or sequentially in a
//!   thread, neither of which stores mapped-out values), and two scans are not joined
//!   (kernels scan one value at a time). Nor is a scan joined, vertically or horizontally,
//!   with a reduction or another scan that would end up in its lambda or beside it in one
//!   (`⌈\⌈/M`, `⌊/⌈\M`): kernel extraction runs a scan in a lambda only as its one row scan.
//!
//! # Order
//! Rounds until nothing changes: vertical fusion of producers with a single consumer;
//! view pushing; horizontal fusion (siblings merged first make one consumer out of two, so a
//! shared producer then fuses without mapped-out results); vertical fusion of shared producers.
//!
//! # References
//! Henriksen, Oancea: *A T2 graph-reduction approach to fusion* (FHPC'13) and Futhark's
//! `Futhark.Optimise.Fusion` (redomap, scanomap, mapped-out results, horizontal fusion);
//! McDonell et al.: *Optimising Purely Functional GPU Programs* (ICFP'13, Accelerate):
//! producer/consumer fusion, delayed arrays, shape-only uses, no duplication of work;
//! Dybdal's thesis §2.3 (fusion) and §3.4 (views as index functions).

use tail_ir::pass::{pass, AnalysisManager, PassResult, PassRun, Statistic};
use tail_ir::{BlockId, Builder, Context, InsertPoint, OpId, Type, TypeKind, Value, DYNAMIC};
use tail_soac::ops::view::{DimOp, RotateOp, SliceOp};
use tail_soac::types::array_parts;

use crate::screma::{
    add_unique, ancestor_in, build, inline_lambda, static_outer_extent, Kind, Screma, Spec,
};

/// Fuse SOACs: producer→consumer fusion of maps into maps, reductions and scans (`redomap`,
/// `scanomap`), views pushed through maps, and horizontal fusion of sibling SOACs.
#[pass(
    argument = "soac-fuse",
    summary = "Fuse SOACs (vertical and horizontal fusion)",
    anchor = "func.func"
)]
pub struct SoacFuse {
    #[option(
        name = "horizontal",
        default = true,
        description = "Fuse sibling SOACs that read a common input"
    )]
    horizontal: bool,
    #[option(
        name = "max-recompute-ops",
        default = 4,
        description = "A map with at most this many lambda operations and materialized inputs may be recomputed in each consumer"
    )]
    max_recompute_ops: usize,
    #[statistic(
        name = "num-vertical",
        description = "Number of producers fused into a consumer"
    )]
    num_vertical: Statistic,
    #[statistic(
        name = "num-mapped-out",
        description = "Number of vertical fusions that keep the producer's result as a mapped-out result"
    )]
    num_mapped_out: Statistic,
    #[statistic(
        name = "num-recomputed",
        description = "Number of cheap producers copied into a consumer"
    )]
    num_recomputed: Statistic,
    #[statistic(name = "num-horizontal", description = "Number of sibling SOACs fused")]
    num_horizontal: Statistic,
    #[statistic(
        name = "num-views-pushed",
        description = "Number of views pushed through a map"
    )]
    num_views: Statistic,
}

/// Upper bound on fusion rounds (each round fuses at least one pair, so this only guards
/// against a bug).
const MAX_ROUNDS: usize = 1000;

impl PassRun for SoacFuse {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        am: &mut AnalysisManager,
    ) -> PassResult {
        let mut changed_any = false;
        for _ in 0..MAX_ROUNDS {
            let mut changed = false;
            for b in blocks_of(ctx, op) {
                changed |= self.vertical_block(ctx, b, false);
            }
            for b in blocks_of(ctx, op) {
                changed |= self.push_views_block(ctx, b);
            }
            if self.horizontal {
                for b in blocks_of(ctx, op) {
                    changed |= self.horizontal_block(ctx, b);
                }
            }
            if !changed {
                for b in blocks_of(ctx, op) {
                    changed |= self.vertical_block(ctx, b, true);
                }
            }
            if !changed {
                for b in blocks_of(ctx, op) {
                    changed |= self.mapped_out_block(ctx, b);
                }
            }
            if !changed {
                break;
            }
            changed_any = true;
        }
        if !changed_any {
            am.mark_all_preserved();
        }
        Ok(())
    }
}

/// Every block nested in `op`.
fn blocks_of(ctx: &Context, op: OpId) -> Vec<BlockId> {
    let mut out = Vec::new();
    for o in ctx.walk_preorder(op) {
        for &r in ctx.regions(o) {
            out.extend_from_slice(ctx.region_blocks(r));
        }
    }
    out
}

/// How the results of a producer are used.
struct Uses {
    /// Consumers: screma ops of the producer's block that use the results only as inputs.
    consumers: Vec<OpId>,
    /// Every other user (its ancestor in the producer's block).
    others: Vec<OpId>,
}

/// Whether `op` is a shape-only use of `v` that can be answered without `v`'s producer.
fn is_shape_use(ctx: &Context, op: OpId, v: Value) -> bool {
    let Some(d) = DimOp::from_op(ctx, op) else {
        return false;
    };
    let axis = d.axis_value(ctx);
    let static_extent = array_parts(ctx, ctx.value_type(v))
        .and_then(|(s, _)| s.get(axis as usize).copied())
        .is_some_and(|e| e != tail_ir::DYNAMIC);
    axis == 0 || static_extent
}

/// Redirects the shape-only uses of `producer`'s results: `dim r, 0` reads the producer's
/// first input, a static extent becomes a constant.
fn redirect_shape_uses(ctx: &mut Context, producer: OpId) {
    let first_input = ctx.operand(producer, 0);
    for r in ctx.results(producer).to_vec() {
        for u in ctx.use_vec(r) {
            if !is_shape_use(ctx, u.op, r) {
                continue;
            }
            let axis = DimOp::from_op(ctx, u.op).expect("dim").axis_value(ctx);
            if axis == 0 {
                ctx.set_operand(u.op, 0, first_input);
            } else {
                let e = array_parts(ctx, ctx.value_type(r)).expect("array").0[axis as usize];
                let loc = ctx.op_loc(u.op);
                let mut b = Builder::new(ctx, InsertPoint::Before(u.op), loc);
                let idx = b.ctx.index_type();
                let attr = b.ctx.int_attr(idx, e);
                let c = tail_builtin::arith::ConstantOp::build(&mut b, idx, attr);
                let cv = ctx.result(c.op(), 0);
                let dv = ctx.result(u.op, 0);
                ctx.replace_all_uses_with(dv, cv);
                ctx.erase_op(u.op);
            }
        }
    }
}

/// What the regions of a SOAC hold, from one walk ([`Nested::of`]).
#[derive(Clone, Copy, Default)]
struct Nested {
    /// A reduction (`reduce`, `redomap`), at any depth.
    red: bool,
    /// A scan (`scan`, `scanomap`), at any depth.
    scan: bool,
    /// Any `soac` op with a region (a nested SOAC or a `soac.loop`), which the lambda of a
    /// scan cannot run.
    soac: bool,
    /// A `soac.loop`.
    looped: bool,
    /// An op with memory effects (`tail.roll` draws from the program's random stream). Two
    /// such ops are not fused, vertically or horizontally: one loop would interleave their
    /// effects (the draws of two arrays of rolls), which the program makes one after the
    /// other. Run-time checks (`tail_rt_check_…`) do not count: they only stop the program.
    effects: bool,
    /// A print (`tail.prScl…`) beside an op that may stop the program (an element read, a
    /// run-time check): kernel extraction does not split such prints out of the lambda
    /// (`split_rolls`: the elements after a failing one must print nothing), so the lambda
    /// runs on the host, which only a map's lambda does.
    unsplit: bool,
}

impl Nested {
    fn of(ctx: &Context, op: OpId) -> Nested {
        let mut n = Nested::default();
        let (mut prints, mut may_stop) = (false, false);
        for o in ctx.walk_preorder(op).into_iter().skip(1) {
            prints |= ctx.op_name_str(o).starts_with("tail.prScl");
            may_stop |= ctx.op_is(o, "soac.index") || ctx.op_is(o, "func.call");
            match Screma::of(ctx, o).map(|s| s.kind) {
                Some(Kind::Reduce) => n.red = true,
                Some(Kind::Scan) => n.scan = true,
                _ => {}
            }
            n.soac |= ctx.op_name_str(o).starts_with("soac.") && !ctx.regions(o).is_empty();
            n.looped |= ctx.op_is(o, "soac.loop");
            n.effects |= !tail_ir::greedy::is_memory_effect_free(ctx, o) && !is_check_call(ctx, o);
        }
        n.unsplit = prints && may_stop;
        n
    }
}

/// Whether map `p` (holding `pn`) may fuse into its consumer `c` (holding `cn`) as far as
/// kernel extraction goes: it runs a scan in a lambda only as the row scan of a map over rows
/// (the lambda's one SOAC) and only scalar code in a scan's lambda. So a producer with a scan
/// in its lambda fuses only into a map whose lambda is scalar code (`(⌈\M)≥0`, `⌊/⌈\M` stay
/// two SOACs), a scan in the consumer meets no reduction, scan or loop of the producer
/// (`⌈\⌈/M`, `⌈\(f⍣2) M`), and a scan takes no producer with a nested SOAC or loop
/// (`+\(f⍣2) v`); an elementwise map still fuses into a row scan (`+\M×2`). Two ops with
/// effects are not fused either ([`Nested::effects`]), and a producer with effects only where
/// neither it nor the consumer nests SOACs: the kernels draw rolls on the host only from the
/// lambda of a top-level map or reduction, or from a nest of maps alone
/// (`convert-soac-to-hpar`'s `split_rolls`), so `+/(?n 2⍴0)*2` keeps the rolled matrix and
/// its row sums apart; a map printing beside an element read ([`Nested::unsplit`]) fuses
/// only into a map (`+/ {⎕ ← v[⍵] ⋄ ⍵}¨ ⍳ 3`: the map runs on the host, the sum in a kernel).
fn kernel_fusible(ctx: &Context, pn: Nested, c: OpId) -> bool {
    let Some(ck) = Screma::of(ctx, c).map(|s| s.kind) else {
        return false;
    };
    let cn = Nested::of(ctx, c);
    let c_scan = cn.scan || ck == Kind::Scan;
    let c_nested = cn.red || ck != Kind::Map || cn.soac;
    !((pn.scan && c_nested)
        || (c_scan && (pn.red || pn.scan || pn.looped))
        || (ck == Kind::Scan && pn.soac)
        || (pn.effects && (cn.effects || pn.soac || cn.soac))
        || (pn.unsplit && ck != Kind::Map))
}

/// Whether siblings `a` and `b` may become one op of kind `k` as far as kernel extraction
/// goes (as [`kernel_fusible`]): a scan in one lambda meets no nested SOAC in the other, a
/// scan's lambda holds none, a reduction's no scan, and not both have effects (nor one, with a nested SOAC in
/// either).
fn kernel_joinable(ctx: &Context, a: OpId, b: OpId, k: Kind) -> bool {
    let (an, bn) = (Nested::of(ctx, a), Nested::of(ctx, b));
    // Complex results of a reduction or scan (mapped out, `⎕ ← d + 0J1` beside `+/ d`) have
    // no kernel form.
    let complex = |o: OpId| {
        ctx.results(o)
            .iter()
            .any(|&r| match ctx.type_kind(ctx.value_type(r)) {
                TypeKind::RankedTensor { elem, .. } => {
                    matches!(ctx.type_kind(*elem), TypeKind::Complex(_))
                }
                t => matches!(t, TypeKind::Complex(_)),
            })
    };
    if k != Kind::Map && (complex(a) || complex(b)) {
        return false;
    }
    // Nor one reading its rows by position with a row reduction ([`reads_own_rows_apart`]).
    if (row_reduction(ctx, a) && reads_own_rows_apart(ctx, b))
        || (row_reduction(ctx, b) && reads_own_rows_apart(ctx, a))
    {
        return false;
    }
    !((an.scan && (bn.soac || bn.red || bn.scan))
        || (bn.scan && (an.soac || an.red || an.scan))
        || (k == Kind::Scan && (an.soac || bn.soac))
        // A row scan joined with a reduction would run sequentially in each thread of the
        // reduction's kernel, its rows mapped-out results (`+\ m - n` beside `+/ v`, `v` as
        // long as `m` has rows).
        || (k == Kind::Reduce && (an.scan || bn.scan))
        || (an.effects && bn.effects)
        || ((an.effects || bn.effects) && (an.soac || bn.soac))
        || (k != Kind::Map && (an.unsplit || bn.unsplit)))
}

/// Whether consumer `c`'s lambda reads its input `k`, a row (a tensor argument), other than
/// as the input of a SOAC nested in the lambda (whose lambda is looked at in turn) or for its
/// shape: by position (`soac.index`,
/// as a scan by a function not known to be associative reads each element's prefix: `-\M`).
/// A producer whose lambda holds a SOAC (the map over a row's elements) fused into such a
/// consumer leaves two SOACs in one lambda, the second reading the first's row, which
/// kernel extraction refuses (`-\1+M`); unfused, the consumer reads a materialized array.
fn reads_row_apart(ctx: &Context, c: OpId, k: usize) -> bool {
    let Some(lam) = Screma::of(ctx, c).and_then(|s| s.lambda) else {
        return false;
    };
    let Some(arg) = ctx
        .entry_block(lam)
        .and_then(|b| ctx.block_args(b).get(k).copied())
    else {
        return false;
    };
    if array_parts(ctx, ctx.value_type(arg)).is_none() {
        return false;
    }
    ctx.uses(arg).into_iter().any(|u| {
        if is_shape_use(ctx, u.op, arg) {
            return false;
        }
        match Screma::of(ctx, u.op) {
            // The input of a nested SOAC: its lambda reads the rows (`-/` of a rank-3 array
            // reads each row of each plane by position).
            Some(s) if (u.index as usize) < s.inputs.len() => {
                reads_row_apart(ctx, u.op, u.index as usize)
            }
            _ => true,
        }
    })
}

/// Whether `c` reduces rows (a `reduce`/`redomap` whose lambda takes rows): one block per
/// row, whose threads read the row's elements in order.
fn row_reduction(ctx: &Context, c: OpId) -> bool {
    Screma::of(ctx, c).is_some_and(|s| {
        s.kind == Kind::Reduce
            && s.lambda
                .and_then(|l| ctx.entry_block(l))
                .and_then(|b| ctx.block_args(b).first().copied())
                .is_some_and(|a| array_parts(ctx, ctx.value_type(a)).is_some())
    })
}

/// Whether a lambda argument of `p` that is a row is read by position ([`reads_row_apart`]:
/// `-\` of a matrix's rows). Fused into a row reduction (`+/ , (-\ m) + m`, whose rows
/// `soac-simplify` reduces first), the reads would be of the reduction's row, which its
/// block-per-row kernel cannot make; unfused, the reduction reads a materialized array.
fn reads_own_rows_apart(ctx: &Context, p: OpId) -> bool {
    Screma::of(ctx, p).is_some_and(|s| (0..s.inputs.len()).any(|k| reads_row_apart(ctx, p, k)))
}

fn classify_uses(ctx: &Context, producer: OpId) -> Option<Uses> {
    let block = ctx.op_parent_block(producer)?;
    let pn = Nested::of(ctx, producer);
    let mut consumers: Vec<OpId> = Vec::new();
    let mut others: Vec<OpId> = Vec::new();
    let mut rejected: Vec<OpId> = Vec::new();
    for &r in ctx.results(producer) {
        for u in ctx.uses(r) {
            if is_shape_use(ctx, u.op, r) {
                continue;
            }
            let user = ancestor_in(ctx, u.op, block)?;
            let direct_input = u.op == user
                && Screma::of(ctx, user).is_some_and(|s| (u.index as usize) < s.inputs.len())
                && kernel_fusible(ctx, pn, user)
                && !(pn.soac && reads_row_apart(ctx, user, u.index as usize))
                && !(row_reduction(ctx, user) && reads_own_rows_apart(ctx, producer));
            if direct_input {
                if !consumers.contains(&user) {
                    consumers.push(user);
                }
            } else if !others.contains(&user) {
                others.push(user);
                if u.op != user {
                    rejected.push(user);
                }
            }
        }
    }
    // A consumer that also uses the producer inside its lambdas is not fusible.
    consumers.retain(|c| !rejected.contains(c));
    for &c in &rejected {
        if !others.contains(&c) {
            others.push(c);
        }
    }
    others.retain(|o| !consumers.contains(o));
    // Consumers in block order.
    consumers.sort_by(|&a, &b| {
        if a == b {
            std::cmp::Ordering::Equal
        } else if ctx.is_before_in_block(a, b) {
            std::cmp::Ordering::Less
        } else {
            std::cmp::Ordering::Greater
        }
    });
    Some(Uses { consumers, others })
}

impl SoacFuse {
    /// The cost model: whether `p` (a `soac.map`) may be recomputed in each consumer.
    fn is_cheap(&self, ctx: &Context, p: OpId) -> bool {
        let Some(s) = Screma::of(ctx, p).filter(|s| s.kind == Kind::Map) else {
            return false;
        };
        let Some(body) = s.lambda.and_then(|r| ctx.entry_block(r)) else {
            return false;
        };
        // Recomputing an op with effects (`tail.roll`'s random stream) would give each
        // consumer other values than the array's.
        if Nested::of(ctx, p).effects {
            return false;
        }
        let mut n = 0;
        for o in ctx.block_ops(body) {
            if !ctx.regions(o).is_empty() {
                return false;
            }
            if !ctx.op_is(o, "soac.yield") && !ctx.op_is(o, "arith.constant") {
                n += 1;
            }
        }
        n <= self.max_recompute_ops && s.inputs.iter().all(|&x| is_materialized(ctx, x))
    }

    /// Vertical fusion of the maps of `block` into their consumers. With `shared` false only
    /// producers with a single consumer and no other user are fused; with `shared` true the
    /// producers with several users (cost model, mapped-out results).
    fn vertical_block(&self, ctx: &mut Context, block: BlockId, shared: bool) -> bool {
        if !ctx.block_exists(block) {
            return false;
        }
        let mut changed = false;
        for p in ctx.block_op_vec(block) {
            if !ctx.op_exists(p) || !ctx.op_is(p, "soac.map") {
                continue;
            }
            let Some(uses) = classify_uses(ctx, p) else {
                continue;
            };
            if uses.consumers.is_empty() {
                continue;
            }
            // A producer that may stop the program or has effects itself is not moved down
            // across an op with effects (a print between it and its consumer): the failure
            // or its own output would come after that output instead of before it.
            let held = |ctx: &Context, c: OpId| effects_between(ctx, p, c) && ordered(ctx, p);
            if !shared {
                if uses.consumers.len() == 1
                    && uses.others.is_empty()
                    && !held(ctx, uses.consumers[0])
                {
                    self.fuse_vertical(ctx, p, uses.consumers[0], &[]);
                    self.num_vertical.inc();
                    changed = true;
                }
                continue;
            }
            if self.is_cheap(ctx, p) {
                let mut fused = false;
                for &c in &uses.consumers {
                    if held(ctx, c) {
                        continue;
                    }
                    self.fuse_vertical(ctx, p, c, &[]);
                    self.num_vertical.inc();
                    self.num_recomputed.inc();
                    fused = true;
                }
                if fused && ctx.op_exists(p) {
                    redirect_shape_uses(ctx, p);
                    if ctx.op_results_unused(p) {
                        ctx.erase_op(p);
                    }
                }
                changed |= fused;
                continue;
            }
            // Results needed by anyone but the consumer `c` (shape uses aside) are mapped
            // out. (Not into a reduction or scan in the lambda of a `soac.map`: kernels run it
            // as a row reduction or sequentially in a thread, neither of which stores
            // mapped-out values; there `c` is the first map consuming `p`. In a redomap's
            // lambda it is the nested reduction that kernel extraction flattens, mapped-out
            // rows included.)
            let in_map_lambda = ctx
                .block_parent_op(block)
                .is_some_and(|o| ctx.op_is(o, "soac.map"));
            let c = if in_map_lambda {
                let first_map = uses
                    .consumers
                    .iter()
                    .copied()
                    .find(|&c| Screma::of(ctx, c).is_some_and(|cs| cs.kind == Kind::Map));
                match first_map {
                    Some(c) => c,
                    None => continue,
                }
            } else {
                uses.consumers[0]
            };
            if held(ctx, c) {
                continue;
            }
            for &o in &uses.others {
                sink_view_below(ctx, o, c, block);
            }
            let all_later = |ctx: &Context| {
                uses.consumers
                    .iter()
                    .chain(&uses.others)
                    .all(|&o| o == c || ctx.is_before_in_block(c, o))
            };
            let mut later = all_later(ctx);
            // In a map's lambda a map after another user (the row's reduction, `⌈/ p` before
            // `p ÷ 4` of a matrix product's row `p`) moves up to just after `p` when all it
            // reads is defined there and it crosses no effects it must stay after: a lambda
            // yielding `p ÷ 4` and its reduction otherwise holds two maps, one reading the
            // other's row, which kernel extraction refuses.
            if !later && in_map_lambda {
                let next = ctx.next_op(p);
                let movable = next.is_some_and(|n| reads_only_before(ctx, c, n, block))
                    && !(ordered(ctx, c) && effects_between(ctx, p, c));
                if let (true, Some(n)) = (movable, next) {
                    ctx.move_op(c, InsertPoint::Before(n));
                    later = all_later(ctx);
                }
            }
            if !later {
                continue;
            }
            let keep: Vec<usize> = ctx
                .results(p)
                .iter()
                .enumerate()
                .filter(|(_, &r)| {
                    ctx.uses(r)
                        .any(|u| u.op != c && !is_shape_use(ctx, u.op, r))
                })
                .map(|(i, _)| i)
                .collect();
            // Nor with mapped-out results into a row scan: the scan's lambda would read a
            // map of the rows that also yields other rows (`+\ ⌊ m ÷ 2` beside `m > 4`, the
            // two maps joined first), where kernels run a row scan only of the rows
            // themselves.
            if !keep.is_empty() && Nested::of(ctx, c).scan {
                continue;
            }
            self.fuse_vertical(ctx, p, c, &keep);
            self.num_vertical.inc();
            self.num_mapped_out.inc();
            changed = true;
        }
        changed
    }

    /// Maps consuming only mapped-out results of a `redomap`/`scanomap` `p` that nothing else
    /// reads, their lambdas scalar code: `p`'s map lambda yields the maps' results instead
    /// (`⌊ x ÷ 2` of the products a reduction `+/ x` maps out). A lambda over rows holding the
    /// reduction and such a map would hold two SOACs, the second reading the first's row,
    /// which kernel extraction refuses.
    fn mapped_out_block(&self, ctx: &mut Context, block: BlockId) -> bool {
        if !ctx.block_exists(block) {
            return false;
        }
        let mut changed = false;
        for p in ctx.block_op_vec(block) {
            if !ctx.op_exists(p) || !(ctx.op_is(p, "soac.redomap") || ctx.op_is(p, "soac.scanomap"))
            {
                continue;
            }
            let Some(ps) = Screma::of(ctx, p) else {
                continue;
            };
            let k = ps.num_combined();
            let results = ps.results(ctx);
            // The one map reading the mapped-out results, and only them.
            let mut user = None;
            let mut ok = results.len() > k;
            for &r in &results[k..] {
                for u in ctx.uses(r) {
                    if is_shape_use(ctx, u.op, r) {
                        continue;
                    }
                    if ctx.op_is(u.op, "soac.map") && user.is_none_or(|c| c == u.op) {
                        user = Some(u.op);
                    } else {
                        ok = false;
                    }
                }
            }
            let Some(c) = user.filter(|_| ok) else {
                continue;
            };
            let Some(cs) = Screma::of(ctx, c) else {
                continue;
            };
            let scalar = cs
                .lambda
                .and_then(|l| ctx.entry_block(l))
                .is_some_and(|blk| ctx.block_ops(blk).all(|o| ctx.regions(o).is_empty()));
            let from_p: Option<Vec<usize>> = cs
                .inputs
                .iter()
                .map(|x| results[k..].iter().position(|r| r == x).map(|i| k + i))
                .collect();
            let Some(from_p) = from_p else {
                continue;
            };
            // What c's lambda reads from outside is defined before p (c's inputs are p's).
            let lambda_reads_before = ctx
                .walk_preorder(c)
                .into_iter()
                .skip(1)
                .all(|o| ctx.operands(o).all(|v| defined_before(ctx, v, c, p, block)));
            if !scalar
                || ctx.op_parent_block(c) != Some(block)
                || !lambda_reads_before
                || Nested::of(ctx, c).effects
                || (effects_between(ctx, p, c) && ordered(ctx, c))
            {
                continue;
            }
            // Results: p's combined ones, its mapped-out ones c does not read, c's.
            let kept: Vec<usize> = (k..results.len()).filter(|i| !from_p.contains(i)).collect();
            let old: Vec<Value> = results[..k]
                .iter()
                .chain(kept.iter().map(|&i| &results[i]))
                .copied()
                .chain(ctx.results(c).iter().copied())
                .collect();
            let result_types: Vec<Type> = old.iter().map(|&r| ctx.value_type(r)).collect();
            let spec = Spec {
                kind: ps.kind,
                inputs: ps.inputs.clone(),
                neutral: ps.neutral.clone(),
                comm: ps.comm,
                result_types,
            };
            let (ps2, cs2, kept2, from2) = (ps.clone(), cs.clone(), kept.clone(), from_p.clone());
            let loc = ctx.op_loc(p);
            let new = build(
                ctx,
                p,
                loc,
                spec,
                |ctx, blk, args| {
                    let ys = ps2.apply_map(ctx, blk, args);
                    let xs: Vec<Value> = from2.iter().map(|&i| ys[i]).collect();
                    let zs = cs2.apply_map(ctx, blk, &xs);
                    ys[..k]
                        .iter()
                        .chain(kept2.iter().map(|&i| &ys[i]))
                        .chain(&zs)
                        .copied()
                        .collect()
                },
                |ctx, blk, args| match ps.combine {
                    Some(r) => inline_lambda(ctx, r, args, blk),
                    None => Vec::new(),
                },
            );
            let new_results = ctx.results(new).to_vec();
            for (o, n) in old.into_iter().zip(new_results) {
                ctx.replace_all_uses_with(o, n);
            }
            // Shape uses of the consumed results (`soac.dim`) read the new op's first input's
            // extent: the same.
            ctx.erase_op(c);
            redirect_shape_uses(ctx, p);
            if ctx.op_results_unused(p) {
                ctx.erase_op(p);
            }
            self.num_vertical.inc();
            changed = true;
        }
        changed
    }

    /// Fuses map `p` into screma `c` (at `c`'s position); the results of `p` listed in `keep`
    /// become extra mapped-out results and replace `p`'s results everywhere. `p` is erased when
    /// nothing uses it any more.
    fn fuse_vertical(&self, ctx: &mut Context, p: OpId, c: OpId, keep: &[usize]) -> OpId {
        let ps = Screma::of(ctx, p).expect("producer is a map");
        let cs = Screma::of(ctx, c).expect("consumer is a screma");
        let p_results = ps.results(ctx);
        // Inputs: C's inputs, P's results replaced by P's inputs, each array once.
        let mut inputs = Vec::new();
        for &x in &cs.inputs {
            if p_results.contains(&x) {
                for &y in &ps.inputs {
                    add_unique(&mut inputs, y);
                }
            } else {
                add_unique(&mut inputs, x);
            }
        }
        let mut result_types: Vec<Type> =
            cs.results(ctx).iter().map(|&r| ctx.value_type(r)).collect();
        let n_c = result_types.len();
        result_types.extend(keep.iter().map(|&i| ctx.value_type(p_results[i])));
        let spec = Spec {
            kind: cs.kind,
            inputs: inputs.clone(),
            neutral: cs.neutral.clone(),
            comm: cs.comm,
            result_types,
        };
        let loc = fused_loc(ctx, p, c);
        let (ps2, cs2) = (ps.clone(), cs.clone());
        let keep2 = keep.to_vec();
        let new = build(
            ctx,
            c,
            loc,
            spec,
            |ctx, blk, args| {
                let arg_of = |x: Value| args[inputs.iter().position(|&y| y == x).expect("input")];
                let p_args: Vec<Value> = ps2.inputs.iter().map(|&x| arg_of(x)).collect();
                let pv = ps2.apply_map(ctx, blk, &p_args);
                let c_args: Vec<Value> = cs2
                    .inputs
                    .iter()
                    .map(|&x| match p_results.iter().position(|&r| r == x) {
                        Some(j) => pv[j],
                        None => arg_of(x),
                    })
                    .collect();
                let mut ys = cs2.apply_map(ctx, blk, &c_args);
                ys.extend(keep2.iter().map(|&j| pv[j]));
                ys
            },
            |ctx, blk, args| match cs.combine {
                Some(r) => inline_lambda(ctx, r, args, blk),
                None => Vec::new(),
            },
        );
        let new_results = ctx.results(new).to_vec();
        let c_results = ctx.results(c).to_vec();
        for (i, &r) in c_results.iter().enumerate() {
            ctx.replace_all_uses_with(r, new_results[i]);
        }
        ctx.erase_op(c);
        let p_results = ctx.results(p).to_vec();
        for (k, &j) in keep.iter().enumerate() {
            ctx.replace_all_uses_with(p_results[j], new_results[n_c + k]);
        }
        let only_shape = p_results
            .iter()
            .all(|&r| ctx.uses(r).all(|u| is_shape_use(ctx, u.op, r)));
        if only_shape {
            redirect_shape_uses(ctx, p);
            ctx.erase_op(p);
        }
        new
    }

    /// Pushes rank-1 `slice`/`rotate` views of map results through the map (see the module
    /// documentation).
    fn push_views_block(&self, ctx: &mut Context, block: BlockId) -> bool {
        if !ctx.block_exists(block) {
            return false;
        }
        let mut changed = false;
        for v in ctx.block_op_vec(block) {
            if !ctx.op_exists(v) {
                continue;
            }
            let is_view = ctx.op_is(v, "soac.slice") || ctx.op_is(v, "soac.rotate");
            if !is_view {
                continue;
            }
            let src = ctx.operand(v, 0);
            // (Only a map of the view's own block: pushed into another, e.g. a branch of the
            // `scf.if` of an over-take, the map would land where kernels cannot run it.)
            let Some(p) = ctx
                .defining_op(src)
                .filter(|&d| ctx.op_is(d, "soac.map") && ctx.op_parent_block(d) == Some(block))
            else {
                continue;
            };
            let rank1 = |ctx: &Context, x: Value| {
                array_parts(ctx, ctx.value_type(x)).is_some_and(|(s, _)| s.len() == 1)
            };
            let ps = Screma::of(ctx, p).expect("map");
            if !rank1(ctx, src) || !ps.inputs.iter().all(|&x| rank1(ctx, x)) {
                continue;
            }
            let only_use = ctx
                .results(p)
                .iter()
                .all(|&r| ctx.uses(r).all(|u| u.op == v || is_shape_use(ctx, u.op, r)));
            // A map with effects (`tail.roll`) keeps its iteration: pushed, a view would make
            // it draw fewer numbers, or in another order, than the program does.
            if (!only_use && !self.is_cheap(ctx, p)) || Nested::of(ctx, p).effects {
                continue;
            }
            let j = ctx
                .results(p)
                .iter()
                .position(|&r| r == src)
                .expect("result");
            let view_ty = ctx.value_type(ctx.result(v, 0));
            let outer = array_parts(ctx, view_ty).expect("array").0[0];
            let loc = ctx.op_loc(v);
            let index_operands: Vec<Value> = ctx.operand_vec(v)[1..].to_vec();
            let is_slice = ctx.op_is(v, "soac.slice");
            let mut new_inputs = Vec::new();
            for &x in &ps.inputs {
                let elem = array_parts(ctx, ctx.value_type(x)).expect("array").1;
                let mut b = Builder::new(ctx, InsertPoint::Before(v), loc);
                let nv = if is_slice {
                    let ty = b.ctx.tensor_type(vec![outer], elem);
                    let n = index_operands.len() / 3;
                    let s = SliceOp::build(
                        &mut b,
                        x,
                        &index_operands[..n],
                        &index_operands[n..2 * n],
                        &index_operands[2 * n..],
                        ty,
                    );
                    s.op()
                } else {
                    RotateOp::build(&mut b, x, &index_operands).op()
                };
                new_inputs.push(ctx.result(nv, 0));
            }
            let result_ty = view_ty;
            let spec = Spec {
                kind: Kind::Map,
                inputs: new_inputs,
                neutral: vec![],
                comm: false,
                result_types: vec![result_ty],
            };
            let ps2 = ps.clone();
            let new = build(
                ctx,
                v,
                loc,
                spec,
                |ctx, blk, args| vec![ps2.apply_map(ctx, blk, args)[j]],
                |_, _, _| Vec::new(),
            );
            let nr = ctx.result(new, 0);
            let vr = ctx.result(v, 0);
            ctx.replace_all_uses_with(vr, nr);
            ctx.erase_op(v);
            let only_shape = ctx
                .results(p)
                .to_vec()
                .iter()
                .all(|&r| ctx.uses(r).all(|u| is_shape_use(ctx, u.op, r)));
            if only_shape {
                redirect_shape_uses(ctx, p);
                ctx.erase_op(p);
            }
            self.num_views.inc();
            changed = true;
        }
        changed
    }

    /// Horizontal fusion of sibling screma ops of `block`: first reductions with reductions and
    /// scans with scans, then pairs with maps. (A map fused into a reduction first would turn
    /// the map's results into mapped-out results of the reduction, and a second reduction
    /// reading them would then depend on the first and could no longer join it.)
    fn horizontal_block(&self, ctx: &mut Context, block: BlockId) -> bool {
        let combining = self.horizontal_pass(ctx, block, false);
        self.horizontal_pass(ctx, block, true) | combining
    }

    /// One sweep of [`Self::horizontal_block`]: pairs involving a `map` only when `with_maps`.
    fn horizontal_pass(&self, ctx: &mut Context, block: BlockId, with_maps: bool) -> bool {
        let mut changed = false;
        'restart: loop {
            if !ctx.block_exists(block) {
                return changed;
            }
            let ops: Vec<OpId> = ctx
                .block_op_vec(block)
                .into_iter()
                .filter(|&o| Screma::of(ctx, o).is_some())
                .collect();
            // In a map's lambda a map joined with a reduction or scan would become its
            // mapped-out results, which kernels do not store there (as in vertical fusion).
            let in_map_lambda = ctx
                .block_parent_op(block)
                .is_some_and(|o| ctx.op_is(o, "soac.map"));
            for (jb, &b) in ops.iter().enumerate() {
                let sb = Screma::of(ctx, b).expect("screma");
                for &a in ops[..jb].iter().rev() {
                    let sa = Screma::of(ctx, a).expect("screma");
                    if combined_kind(sa.kind, sb.kind).is_none()
                        || (!with_maps && (sa.kind == Kind::Map || sb.kind == Kind::Map))
                        || (sa.kind == Kind::Scan && sb.kind == Kind::Scan)
                        || (in_map_lambda && (sa.kind == Kind::Map) != (sb.kind == Kind::Map))
                        || combined_kind(sa.kind, sb.kind)
                            .is_some_and(|k| !kernel_joinable(ctx, a, b, k))
                    {
                        continue;
                    }
                    let both_reduce = sa.kind == Kind::Reduce && sb.kind == Kind::Reduce;
                    if !one_iteration_space(ctx, &sa.inputs, &sb.inputs, both_reduce) {
                        continue;
                    }
                    // At B's position: B (and everything between A and B) must not use A's
                    // results. At A's position: everything B reads is defined before A.
                    let independent = ctx.results(a).iter().all(|&r| {
                        ctx.uses(r).all(|u| {
                            ancestor_in(ctx, u.op, block)
                                .is_some_and(|o| o != b && ctx.is_before_in_block(b, o))
                        })
                    });
                    // Neither moves across an op with effects if it may fail or has
                    // effects itself (a print in its lambda).
                    let crossed = effects_between(ctx, a, b);
                    let at = if independent && !(crossed && ordered(ctx, a)) {
                        b
                    } else if reads_only_before(ctx, b, a, block) && !(crossed && ordered(ctx, b)) {
                        a
                    } else {
                        continue;
                    };
                    self.fuse_horizontal(ctx, &sa, &sb, at);
                    self.num_horizontal.inc();
                    changed = true;
                    continue 'restart;
                }
            }
            return changed;
        }
    }

    /// Fuses siblings `a` and `b` (`a` first) into one op placed before `at` (`a.op` or `b.op`).
    fn fuse_horizontal(&self, ctx: &mut Context, a: &Screma, b: &Screma, at: OpId) {
        let kind = combined_kind(a.kind, b.kind).expect("compatible");
        let mut inputs = Vec::new();
        for &x in a.inputs.iter().chain(&b.inputs) {
            add_unique(&mut inputs, x);
        }
        let (ka, kb) = (a.num_combined(), b.num_combined());
        let (ra, rb) = (a.results(ctx), b.results(ctx));
        // Result layout: A's combined, B's combined, A's mapped-out, B's mapped-out.
        let order: Vec<Value> = ra[..ka]
            .iter()
            .chain(&rb[..kb])
            .chain(&ra[ka..])
            .chain(&rb[kb..])
            .copied()
            .collect();
        let result_types: Vec<Type> = order.iter().map(|&r| ctx.value_type(r)).collect();
        let comm = match (a.combine, b.combine) {
            (Some(_), Some(_)) => a.comm && b.comm,
            (Some(_), None) => a.comm,
            (None, Some(_)) => b.comm,
            (None, None) => false,
        };
        let neutral: Vec<Value> = a.neutral.iter().chain(&b.neutral).copied().collect();
        let spec = Spec {
            kind,
            inputs: inputs.clone(),
            neutral,
            comm,
            result_types,
        };
        let loc = fused_loc(ctx, a.op, b.op);
        let (a2, b2) = (a.clone(), b.clone());
        let new = build(
            ctx,
            at,
            loc,
            spec,
            |ctx, blk, args| {
                let arg_of = |x: Value| args[inputs.iter().position(|&y| y == x).expect("input")];
                let aa: Vec<Value> = a2.inputs.iter().map(|&x| arg_of(x)).collect();
                let ba: Vec<Value> = b2.inputs.iter().map(|&x| arg_of(x)).collect();
                let ya = a2.apply_map(ctx, blk, &aa);
                let yb = b2.apply_map(ctx, blk, &ba);
                ya[..ka]
                    .iter()
                    .chain(&yb[..kb])
                    .chain(&ya[ka..])
                    .chain(&yb[kb..])
                    .copied()
                    .collect()
            },
            |ctx, blk, args| {
                let k = ka + kb;
                let mut out = Vec::new();
                if let Some(r) = a.combine {
                    let xs: Vec<Value> =
                        args[..ka].iter().chain(&args[k..k + ka]).copied().collect();
                    out.extend(inline_lambda(ctx, r, &xs, blk));
                }
                if let Some(r) = b.combine {
                    let xs: Vec<Value> =
                        args[ka..k].iter().chain(&args[k + ka..]).copied().collect();
                    out.extend(inline_lambda(ctx, r, &xs, blk));
                }
                out
            },
        );
        let new_results = ctx.results(new).to_vec();
        for (old, nr) in order.into_iter().zip(new_results) {
            ctx.replace_all_uses_with(old, nr);
        }
        ctx.erase_op(b.op);
        ctx.erase_op(a.op);
    }
}

/// The kind of the fusion of two sibling schemas, `None` when they cannot be combined.
fn combined_kind(a: Kind, b: Kind) -> Option<Kind> {
    match (a, b) {
        (Kind::Map, k) | (k, Kind::Map) => Some(k),
        (Kind::Reduce, Kind::Reduce) => Some(Kind::Reduce),
        (Kind::Scan, Kind::Scan) => Some(Kind::Scan),
        _ => None,
    }
}

/// Whether array `x` exists in memory (or is a view of such an array): a block argument, or
/// the result of anything but a `soac.map` (which could otherwise be fused away).
fn is_materialized(ctx: &Context, x: Value) -> bool {
    match ctx.defining_op(x) {
        None => true,
        Some(d) => match ctx.op_name_str(d) {
            "soac.map" => false,
            "soac.slice" | "soac.rotate" | "soac.transpose" | "soac.reshape" => {
                is_materialized(ctx, ctx.operand(d, 0))
            }
            _ => true,
        },
    }
}

/// Whether two screma ops with inputs `xs` and `ys` traverse one iteration space: they read a
/// common array, or results of one `soac.map` (whose results all have its extent), or — when
/// `by_extent` (two reductions: joining them costs nothing, one pass instead of two) — arrays
/// whose outer extents are statically known and equal. (A map joined to an unrelated
/// reduction would only become a mapped-out result of it.)
fn one_iteration_space(ctx: &Context, xs: &[Value], ys: &[Value], by_extent: bool) -> bool {
    let map_of = |v: Value| ctx.defining_op(v).filter(|&d| ctx.op_is(d, "soac.map"));
    let shared = xs.iter().any(|&x| {
        ys.iter()
            .any(|&y| x == y || map_of(x).is_some_and(|m| map_of(y) == Some(m)))
    });
    let extent = |vs: &[Value]| vs.iter().find_map(|&v| static_outer_extent(ctx, v));
    shared || (by_extent && extent(xs).is_some_and(|n| extent(ys) == Some(n)))
}

/// Whether every value that op `b` (its operands and the free values of its regions) reads is
/// defined before op `a` of `block` (or outside `block`), so `b` could be computed at `a`'s
/// position.
fn reads_only_before(ctx: &Context, b: OpId, a: OpId, block: BlockId) -> bool {
    ctx.walk_preorder(b)
        .into_iter()
        .all(|o| ctx.operands(o).all(|v| defined_before(ctx, v, b, a, block)))
}

/// Whether `v`, read in op `b`, is defined inside `b`, or before op `a` of `block` (or
/// outside `block`).
fn defined_before(ctx: &Context, v: Value, b: OpId, a: OpId, block: BlockId) -> bool {
    if crate::screma::defined_inside(ctx, v, b) {
        return true;
    }
    match ctx.defining_op(v) {
        Some(d) => ancestor_in(ctx, d, block).is_none_or(|d| ctx.is_before_in_block(d, a)),
        // A block argument is defined before every op of its block.
        None => true,
    }
}

/// Whether SOAC `o` may stop the program at run time: its lambdas call a run-time check
/// (`tail_rt_check_count` of an `iota` count) or index an array (`soac.index`, which
/// `soac-runtime-checks` checks later), or it zips inputs whose outer extents are not one
/// static extent (`soac-runtime-checks` compares them later: `a + ⍳ 4` of a computed `a`).
fn may_fail(ctx: &Context, o: OpId) -> bool {
    zips_unequal(ctx, o)
        || ctx
            .walk_preorder(o)
            .into_iter()
            .any(|x| ctx.op_is(x, "func.call") || ctx.op_is(x, "soac.index"))
}

/// Whether SOAC `o` zips inputs whose outer extents are not one static extent, which
/// `soac-runtime-checks` compares at the op's position. A fused op takes the position of the
/// one of its two ops that does (the `+` of `+/ a + b`, not the reduction), so that a failed
/// check names it.
fn zips_unequal(ctx: &Context, o: OpId) -> bool {
    Screma::of(ctx, o).is_some_and(|s| {
        let outer: Vec<Option<i64>> = s
            .inputs
            .iter()
            .map(|&v| match ctx.type_kind(ctx.value_type(v)) {
                TypeKind::RankedTensor { shape, .. } => shape.first().copied(),
                _ => None,
            })
            .collect();
        outer.len() > 1
            && !(outer[0].is_some_and(|e| e != DYNAMIC) && outer.iter().all(|&e| e == outer[0]))
    })
}

/// The position of the op fusing `a` and `b` (`b`'s unless only `a` zips arrays whose extents
/// are compared at run time, [`zips_unequal`]).
fn fused_loc(ctx: &Context, a: OpId, b: OpId) -> tail_ir::Location {
    if zips_unequal(ctx, a) && !zips_unequal(ctx, b) {
        ctx.op_loc(a)
    } else {
        ctx.op_loc(b)
    }
}

/// Whether an op strictly between `a` and `b` (ops of one block, `a` first) has memory
/// effects (printing, `⎕←`). A SOAC that may fail is not moved across one (up into a sibling
/// or down into a consumer): the program's output would change order with the failure. A
/// run-time check (`tail_rt_check_…`, which prints nothing unless it fails) does not count:
/// moving a SOAC across one changes only which of two failures is reported.
fn effects_between(ctx: &Context, a: OpId, b: OpId) -> bool {
    let mut o = ctx.next_op(a);
    while let Some(x) = o {
        if x == b {
            return false;
        }
        if !tail_ir::greedy::is_memory_effect_free(ctx, x) && !is_check_call(ctx, x) {
            return true;
        }
        o = ctx.next_op(x);
    }
    false
}

/// Whether `o` keeps its place among the ops with effects: it may stop the program
/// ([`may_fail`]) or has effects itself (a print or a roll in its lambda).
fn ordered(ctx: &Context, o: OpId) -> bool {
    may_fail(ctx, o) || Nested::of(ctx, o).effects
}

/// Whether `o` calls a run-time check (`func.call @tail_rt_check_…`).
pub fn is_check_call(ctx: &Context, o: OpId) -> bool {
    ctx.op_is(o, "func.call")
        && ctx
            .attr(o, "callee")
            .and_then(|a| ctx.attr_as_symbol_ref(a))
            .is_some_and(|c| c.starts_with("tail_rt_check_"))
}

/// Moves `o`, a view op (`reshape`, `slice`, `rotate`, `transpose`) of `block` placed before
/// consumer `c`, down to just before its first user when that user comes after `c`, so the
/// view no longer keeps its producer from fusing into `c` with mapped-out results. Views are
/// pure and their operands are defined above them, so moving one down is always legal.
fn sink_view_below(ctx: &mut Context, o: OpId, c: OpId, block: BlockId) {
    let view = [
        "soac.reshape",
        "soac.slice",
        "soac.rotate",
        "soac.transpose",
    ];
    if ctx.op_parent_block(o) != Some(block)
        || ctx.is_before_in_block(c, o)
        || !view.iter().any(|v| ctx.op_is(o, v))
    {
        return;
    }
    let users: Option<Vec<OpId>> = ctx
        .results(o)
        .iter()
        .flat_map(|&r| {
            ctx.uses(r)
                .map(|u| ancestor_in(ctx, u.op, block))
                .collect::<Vec<_>>()
        })
        .collect();
    let Some(users) = users else {
        return;
    };
    let Some(&first) = users
        .iter()
        .reduce(|a, b| if ctx.is_before_in_block(*b, *a) { b } else { a })
    else {
        return;
    };
    if ctx.is_before_in_block(c, first) {
        ctx.move_op(o, InsertPoint::Before(first));
    }
}
