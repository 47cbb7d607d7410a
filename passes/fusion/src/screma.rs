//! A uniform view of the SOACs that fusion combines, after Futhark's `screma` ("scan-reduce-map"):
//! `map`, `reduce`, `scan`, `redomap` and `scanomap` are each a *map part* (a lambda from the
//! inputs' rows to `k` combined values followed by mapped-out values; the identity for `reduce`
//! and `scan`) and, unless the op is a `map`, a *combining part* (an associative operator over
//! the `k` combined values with `k` neutral elements, folded (`reduce`/`redomap`) or scanned
//! (`scan`/`scanomap`)).
//!
//! Fusion reads ops through [`Screma::of`] and writes them back with [`build`], which always
//! emits the general form (`map`, `redomap` or `scanomap`): a `reduce` that absorbed a producer
//! is a `redomap`. Lambdas are copied with [`inline_lambda`]; the old ops are erased by the
//! caller.

use rustc_hash::FxHashMap;
use tail_ir::{
    BlockId, Builder, Context, InsertPoint, Location, OpId, RegionId, Type, Value, DYNAMIC,
};
use tail_soac::ops::parallel::{MapOp, RedomapOp, ReduceOp, ScanOp, ScanomapOp, YieldOp};
use tail_soac::types::{array_parts, row_of};

/// What the combining part of a screma does.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// No combining part: every result is mapped out.
    Map,
    /// The combined values are folded (`reduce`, `redomap`).
    Reduce,
    /// The combined values are scanned (`scan`, `scanomap`).
    Scan,
}

/// A SOAC read as a screma.
#[derive(Clone, Debug)]
pub(crate) struct Screma {
    /// The op.
    pub op: OpId,
    /// Map, reduce or scan.
    pub kind: Kind,
    /// The arrays traversed.
    pub inputs: Vec<Value>,
    /// The neutral elements of the combined values (empty for a map).
    pub neutral: Vec<Value>,
    /// Whether the operator is declared commutative.
    pub comm: bool,
    /// The combining lambda (`None` for a map).
    pub combine: Option<RegionId>,
    /// The map lambda (`None`: the identity, for `reduce` and `scan`).
    pub lambda: Option<RegionId>,
}

impl Screma {
    /// Reads `op` if it is a `map`, `reduce`, `scan`, `redomap` or `scanomap`.
    pub fn of(ctx: &Context, op: OpId) -> Option<Screma> {
        let s = |kind, inputs, neutral, comm, combine, lambda| {
            Some(Screma {
                op,
                kind,
                inputs,
                neutral,
                comm,
                combine,
                lambda,
            })
        };
        if let Some(m) = MapOp::from_op(ctx, op) {
            return s(
                Kind::Map,
                m.inputs(ctx),
                vec![],
                false,
                None,
                Some(m.body(ctx)),
            );
        }
        if let Some(r) = ReduceOp::from_op(ctx, op) {
            let c = r.comm(ctx).is_some();
            return s(
                Kind::Reduce,
                r.inputs(ctx),
                r.neutral(ctx),
                c,
                Some(r.body(ctx)),
                None,
            );
        }
        if let Some(r) = ScanOp::from_op(ctx, op) {
            let c = r.comm(ctx).is_some();
            return s(
                Kind::Scan,
                r.inputs(ctx),
                r.neutral(ctx),
                c,
                Some(r.body(ctx)),
                None,
            );
        }
        if let Some(r) = RedomapOp::from_op(ctx, op) {
            let c = r.comm(ctx).is_some();
            let (red, map) = (r.red(ctx), r.map(ctx));
            return s(
                Kind::Reduce,
                r.inputs(ctx),
                r.neutral(ctx),
                c,
                Some(red),
                Some(map),
            );
        }
        if let Some(r) = ScanomapOp::from_op(ctx, op) {
            let c = r.comm(ctx).is_some();
            let (scan, map) = (r.scan(ctx), r.map(ctx));
            return s(
                Kind::Scan,
                r.inputs(ctx),
                r.neutral(ctx),
                c,
                Some(scan),
                Some(map),
            );
        }
        None
    }

    /// The number of combined values (`k`): the leading results that are reduced or scanned.
    pub fn num_combined(&self) -> usize {
        self.neutral.len()
    }

    /// The op's results: the `k` combined ones, then the mapped-out arrays.
    pub fn results(&self, ctx: &Context) -> Vec<Value> {
        ctx.results(self.op).to_vec()
    }

    /// Applies the map part to `args` (one value per input row), copying the lambda's ops to
    /// the end of `dst`; returns the values it yields (the combined values, then the mapped-out
    /// ones). The identity map part returns `args`.
    pub fn apply_map(&self, ctx: &mut Context, dst: BlockId, args: &[Value]) -> Vec<Value> {
        match self.lambda {
            Some(r) => inline_lambda(ctx, r, args, dst),
            None => args.to_vec(),
        }
    }
}

/// Copies the ops of `region`'s single block to the end of `dst`, its arguments replaced by
/// `args`; returns the (mapped) values its `soac.yield` returns.
pub(crate) fn inline_lambda(
    ctx: &mut Context,
    region: RegionId,
    args: &[Value],
    dst: BlockId,
) -> Vec<Value> {
    let src = ctx.entry_block(region).expect("a lambda has a block");
    let mut map: FxHashMap<Value, Value> = FxHashMap::default();
    for (&a, &v) in ctx.block_args(src).to_vec().iter().zip(args) {
        map.insert(a, v);
    }
    for o in ctx.block_op_vec(src) {
        if ctx.op_is(o, "soac.yield") {
            return ctx
                .operand_vec(o)
                .into_iter()
                .map(|v| *map.get(&v).unwrap_or(&v))
                .collect();
        }
        let c = ctx.clone_op(o, &mut map);
        ctx.insert_op(c, InsertPoint::BlockEnd(dst));
    }
    Vec::new()
}

/// The values `region`'s `soac.yield` returns.
pub(crate) fn yielded(ctx: &Context, region: RegionId) -> Vec<Value> {
    ctx.entry_block(region)
        .and_then(|b| ctx.last_op(b))
        .filter(|&t| ctx.op_is(t, "soac.yield"))
        .map(|t| ctx.operand_vec(t))
        .unwrap_or_default()
}

/// The row type of array value `v`.
pub(crate) fn row_type(ctx: &mut Context, v: Value) -> Type {
    let ty = ctx.value_type(v);
    row_of(ctx, ty)
        .expect("a SOAC input is an array")
        .to_type(ctx)
}

/// Adds `v` to `list` unless it is there; returns its position.
pub(crate) fn add_unique(list: &mut Vec<Value>, v: Value) -> usize {
    match list.iter().position(|&x| x == v) {
        Some(i) => i,
        None => {
            list.push(v);
            list.len() - 1
        }
    }
}

/// What to build: the general form of a screma.
pub(crate) struct Spec {
    /// Map, reduce or scan.
    pub kind: Kind,
    /// The arrays traversed (non-empty, one outer extent).
    pub inputs: Vec<Value>,
    /// The neutral elements.
    pub neutral: Vec<Value>,
    /// Whether the operator is commutative.
    pub comm: bool,
    /// The result types: combined values, then mapped-out arrays.
    pub result_types: Vec<Type>,
}

/// Builds `spec` before `before` (at `loc`): a `soac.map` (kind [`Kind::Map`]), `soac.redomap`
/// or `soac.scanomap`. `fill_map` receives the new map lambda's block and its arguments (one row
/// per input) and returns the values to yield; `fill_combine` likewise receives the combining
/// lambda's block and arguments `(acc…, x…)`.
pub(crate) fn build(
    ctx: &mut Context,
    before: OpId,
    loc: Location,
    spec: Spec,
    fill_map: impl FnOnce(&mut Context, BlockId, &[Value]) -> Vec<Value>,
    fill_combine: impl FnOnce(&mut Context, BlockId, &[Value]) -> Vec<Value>,
) -> OpId {
    let row_types: Vec<Type> = spec.inputs.iter().map(|&v| row_type(ctx, v)).collect();
    let neutral_types: Vec<Type> = spec.neutral.iter().map(|&v| ctx.value_type(v)).collect();
    let mut b = Builder::new(ctx, InsertPoint::Before(before), loc);
    let unit = if spec.comm {
        Some(b.ctx.unit_attr())
    } else {
        None
    };
    let (op, map_region, combine_region) = match spec.kind {
        Kind::Map => {
            let m = MapOp::build(&mut b, &spec.inputs, spec.result_types);
            (m.op(), m.body(b.ctx), None)
        }
        Kind::Reduce => {
            let m = RedomapOp::build(&mut b, &spec.inputs, &spec.neutral, spec.result_types, unit);
            (m.op(), m.map(b.ctx), Some(m.red(b.ctx)))
        }
        Kind::Scan => {
            let m = ScanomapOp::build(&mut b, &spec.inputs, &spec.neutral, spec.result_types, unit);
            (m.op(), m.map(b.ctx), Some(m.scan(b.ctx)))
        }
    };
    let blk = ctx.append_new_block(map_region, &row_types);
    let args = ctx.block_args(blk).to_vec();
    let ys = fill_map(ctx, blk, &args);
    YieldOp::build(&mut Builder::new(ctx, InsertPoint::BlockEnd(blk), loc), &ys);
    if let Some(r) = combine_region {
        let tys: Vec<Type> = neutral_types
            .iter()
            .chain(&neutral_types)
            .copied()
            .collect();
        let blk = ctx.append_new_block(r, &tys);
        let args = ctx.block_args(blk).to_vec();
        let ys = fill_combine(ctx, blk, &args);
        YieldOp::build(&mut Builder::new(ctx, InsertPoint::BlockEnd(blk), loc), &ys);
    }
    op
}

/// Whether `v` is defined inside `op` (by an op nested in it or as an argument of one of its
/// blocks).
pub(crate) fn defined_inside(ctx: &Context, v: Value, op: OpId) -> bool {
    let block = match ctx.defining_op(v) {
        Some(d) => return d != op && ctx.is_ancestor(op, d),
        None => ctx.value_parent_block(v),
    };
    block
        .and_then(|b| ctx.block_parent_op(b))
        .is_some_and(|p| p == op || ctx.is_ancestor(op, p))
}

/// The ancestor of `op` (or `op` itself) that sits directly in `block`.
pub(crate) fn ancestor_in(ctx: &Context, mut op: OpId, block: BlockId) -> Option<OpId> {
    loop {
        if ctx.op_parent_block(op) == Some(block) {
            return Some(op);
        }
        op = ctx.op_parent_op(op)?;
    }
}

/// The extent of axis 0 of array `v` when it is known statically: from its type, through the
/// maps that produced it (a map's results have its inputs' extent), through reshapes with
/// constant extents and iotas of a constant count.
pub(crate) fn static_outer_extent(ctx: &Context, v: Value) -> Option<i64> {
    // A search over the producers (each array visited once: maps reading shared arrays form
    // a DAG, which a plain recursion would walk once per path).
    let mut seen = rustc_hash::FxHashSet::default();
    let mut todo = vec![v];
    while let Some(v) = todo.pop() {
        if !seen.insert(v) {
            continue;
        }
        let Some((shape, _)) = array_parts(ctx, ctx.value_type(v)) else {
            continue;
        };
        match shape.first() {
            None => {}
            Some(&d) if d != DYNAMIC => return Some(d),
            Some(_) => {
                let Some(d) = ctx.defining_op(v) else {
                    continue;
                };
                if ctx.op_is(d, "soac.reshape") || ctx.op_is(d, "soac.iota") {
                    // A reshape's first extent operand; an iota's count.
                    let k = if ctx.op_is(d, "soac.iota") { 0 } else { 1 };
                    if let Some(n) = ctx
                        .operand_vec(d)
                        .get(k)
                        .and_then(|&e| tail_builtin::util::constant_int(ctx, e))
                    {
                        return Some(n);
                    }
                    continue;
                }
                if let Some(s) = Screma::of(ctx, d).filter(|s| matches!(s.kind, Kind::Map)) {
                    todo.extend(s.inputs.iter().rev());
                }
            }
        }
    }
    None
}

/// The depth of the perfect map nest `m` (a `soac.map` whose lambda is one inner `soac.map`
/// over its arguments in order yielding its results in order, and so on), the innermost
/// lambda taking and yielding scalars.
pub(crate) fn nest_depth(ctx: &Context, m: OpId) -> Option<usize> {
    let mut depth = 1;
    let mut cur = m;
    loop {
        let blk = ctx.entry_block(*ctx.regions(cur).first()?)?;
        let ops = ctx.block_op_vec(blk);
        let args = ctx.block_args(blk).to_vec();
        let scalar = |v: &Value| array_parts(ctx, ctx.value_type(*v)).is_none();
        if args.iter().all(scalar) {
            let y = *ops.last()?;
            return ctx.operand_vec(y).iter().all(scalar).then_some(depth);
        }
        if ops.len() != 2 || !ctx.op_is(ops[0], "soac.map") {
            return None;
        }
        let inner = ops[0];
        let y = ops[1];
        let results: Vec<Value> = ctx.results(inner).to_vec();
        if ctx.operand_vec(inner) != args || ctx.operand_vec(y) != results {
            return None;
        }
        cur = inner;
        depth += 1;
    }
}

/// The innermost lambda block of the perfect nest `m`.
pub(crate) fn innermost(ctx: &Context, m: OpId) -> BlockId {
    let mut cur = m;
    loop {
        let blk = ctx.entry_block(ctx.regions(cur)[0]).expect("lambda");
        let first = ctx.block_op_vec(blk)[0];
        if ctx.op_is(first, "soac.map") && ctx.block_op_vec(blk).len() == 2 {
            let args = ctx.block_args(blk).to_vec();
            if ctx.operand_vec(first) == args {
                cur = first;
                continue;
            }
        }
        return blk;
    }
}
