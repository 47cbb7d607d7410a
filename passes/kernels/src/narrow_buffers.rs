//! `gpu-narrow-buffers`: device buffers of integers whose every stored value is known to fit
//! in fewer bits are stored in that many bits.
//!
//! Life's neighbour counts (`(¯1⊖⍵)+⍵+1⊖⍵` of a boolean board, 0 to 3) are an `i32` array
//! between two kernels: four bytes written and read per cell where one would do. The pass
//! narrows such a buffer to `i8` (or `i16`) when it can see every access:
//!
//! - the buffer is a host `gpu.alloc` used only as a kernel argument of host
//!   `gpu.launch_func`s and by `gpu.dealloc` (no copy, no host access, not yielded, passed to
//!   no function);
//! - in each kernel receiving it (a kernel that only host launches reference), the parameter
//!   is used only as the memref of `memref.load`, `memref.store` and `memref.dim`, and every
//!   launch of that kernel passes a buffer that qualifies at that position (buffers and
//!   parameters connected through launches share one element type);
//! - every value stored through those parameters lies in a range that an interval analysis
//!   proves: constants, `extui`/`extsi` of narrower integers, `addi`/`subi`/`muli` (exact in
//!   the operation's width), `select`, `minsi`/`maxsi`, `remui`/`andi` by a non-negative
//!   constant, `remsi` by a constant, `scf.if` results.
//!
//! A comparison with a constant of a sum or difference of `i8` loads of narrowed buffers and
//! constants whose values all fit a signed `i8` (by the stored ranges) is computed on the
//! loads in `i8` (Life's `t = 3` of a sum of three counts): exact, and a vector then holds
//! four times as many elements.
//!
//! The element type becomes `i8` or `i16` (the narrowest that holds the range, unsigned when
//! the range is non-negative): loads load the narrow integer and extend it (`extui` or
//! `extsi`), stores truncate (`trunci`) — exact, as every stored value fits. Elements never
//! stored are undefined before and after. A group of buffers with no store is left alone.
//! The `tail-to-gpu` pipeline runs the pass after `gpu-launch-facts`.

use rustc_hash::FxHashMap;
use tail_builtin::util::constant_int;
use tail_gpu::ops::LaunchFuncOp;
use tail_ir::pass::{pass, AnalysisManager, PassResult, PassRun, Statistic};
use tail_ir::{Builder, Context, InsertPoint, OpId, Type, TypeKind, Value};

use crate::launch_facts::kernel_launches;

/// Store device buffers of integers in `i8`/`i16` when every stored value fits.
#[pass(
    argument = "gpu-narrow-buffers",
    summary = "Store device buffers of integers in i8 or i16 when every value the kernels store into them fits (loads extend, stores truncate)",
    anchor = "builtin.module",
    name = "GpuNarrowBuffers"
)]
pub struct GpuNarrowBuffers {
    #[statistic(name = "num-buffers", description = "Number of buffers narrowed")]
    num_buffers: Statistic,
    #[statistic(
        name = "num-comparisons",
        description = "Number of comparisons computed on the narrow loads"
    )]
    num_comparisons: Statistic,
}

/// A closed interval of integers.
type Range = (i128, i128);

/// Recursion bound of the interval analysis.
const MAX_DEPTH: usize = 32;

fn int_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } => Some(*width),
        _ => None,
    }
}

/// The values a signed `w`-bit integer can hold.
fn full(w: u32) -> Range {
    (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1)
}

/// `r` when it fits a signed `w`-bit integer, so that the op computing it did not wrap.
fn fits(r: Range, w: u32) -> Option<Range> {
    let (lo, hi) = full(w);
    (r.0 >= lo && r.1 <= hi).then_some(r)
}

/// The range of the integer value `v` (interpreted as signed), when the analysis proves one
/// tighter than its type's.
fn range(ctx: &Context, v: Value, depth: usize) -> Option<Range> {
    range_in(ctx, v, &FxHashMap::default(), depth)
}

/// [`range`], with the ranges of the values in `known` given.
fn range_in(
    ctx: &Context,
    v: Value,
    known: &FxHashMap<Value, Range>,
    depth: usize,
) -> Option<Range> {
    if let Some(&r) = known.get(&v) {
        return Some(r);
    }
    let w = int_width(ctx, ctx.value_type(v)).filter(|&w| (1..=64).contains(&w))?;
    if let Some(c) = constant_int(ctx, v) {
        return Some((c as i128, c as i128));
    }
    if depth > MAX_DEPTH {
        return None;
    }
    let d = ctx.defining_op(v)?;
    let arg = |i: usize| range_in(ctx, ctx.operand(d, i), known, depth + 1);
    let r = match ctx.op_name_str(d) {
        "arith.extui" => {
            let src = int_width(ctx, ctx.value_type(ctx.operand(d, 0)))?;
            (0, (1i128 << src) - 1)
        }
        "arith.extsi" => {
            let src = int_width(ctx, ctx.value_type(ctx.operand(d, 0)))?;
            arg(0).unwrap_or(full(src))
        }
        n @ ("arith.addi" | "arith.subi" | "arith.muli" | "arith.minsi" | "arith.maxsi") => {
            tail_builtin::arith::binary_range(n, arg(0)?, arg(1)?)?
        }
        "arith.select" => {
            let (a, b) = (arg(1)?, arg(2)?);
            (a.0.min(b.0), a.1.max(b.1))
        }
        "arith.remui" => {
            let c = constant_int(ctx, ctx.operand(d, 1)).filter(|&c| c > 0)?;
            (0, c as i128 - 1)
        }
        // A signed remainder takes the dividend's sign: `x rem c` lies in `(-|c|, |c|)`
        // (APL's `c|x` is this remainder adjusted into `[0, c)` by a `select`).
        "arith.remsi" => {
            let c = constant_int(ctx, ctx.operand(d, 1)).filter(|&c| c != 0 && c != i64::MIN)?;
            let m = c.unsigned_abs() as i128 - 1;
            (-m, m)
        }
        "arith.andi" => {
            let c = constant_int(ctx, ctx.operand(d, 1))
                .or_else(|| constant_int(ctx, ctx.operand(d, 0)))
                .filter(|&c| c >= 0)?;
            (0, c as i128)
        }
        "scf.if" => {
            let i = (0..ctx.num_results(d)).find(|&i| ctx.result(d, i) == v)?;
            let mut out: Option<Range> = None;
            for &reg in ctx.regions(d) {
                let blk = ctx.entry_block(reg)?;
                let y = ctx.last_op(blk)?;
                let r = range_in(ctx, *ctx.operand_vec(y).get(i)?, known, depth + 1)?;
                out = Some(out.map_or(r, |o: Range| (o.0.min(r.0), o.1.max(r.1))));
            }
            out?
        }
        _ => return None,
    };
    fits(r, w)
}

/// The narrow element type for the values `r`: `(width, signed)`.
fn narrow_for(r: Range, w: u32) -> Option<(u32, bool)> {
    [8u32, 16].into_iter().filter(|&n| n < w).find_map(|n| {
        if r.0 >= 0 && r.1 < (1i128 << n) {
            Some((n, false))
        } else if r.0 >= -(1i128 << (n - 1)) && r.1 < (1i128 << (n - 1)) {
            Some((n, true))
        } else {
            None
        }
    })
}

/// A node of the graph of buffers and kernel parameters that must share an element type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Node {
    Buffer(OpId),
    Param(OpId, usize),
}

/// What a kernel parameter allows: the range of the values stored through it (`None`: no
/// store), or `Err` when it is used otherwise.
fn param_use(ctx: &Context, p: Value) -> Result<Option<Range>, ()> {
    let w = int_width(ctx, ctx.element_type_or_self(ctx.value_type(p))).ok_or(())?;
    let mut stored: Option<Range> = None;
    for u in ctx.use_vec(p) {
        match (ctx.op_name_str(u.op), u.index) {
            ("memref.load", 0) | ("memref.dim", 0) => {}
            ("memref.store", 1) => {
                let v = ctx.operand(u.op, 0);
                let r = range(ctx, v, 0).ok_or(())?;
                narrow_for(r, w).ok_or(())?;
                stored = Some(stored.map_or(r, |s| (s.0.min(r.0), s.1.max(r.1))));
            }
            _ => return Err(()),
        }
    }
    Ok(stored)
}

impl PassRun for GpuNarrowBuffers {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        module: OpId,
        _am: &mut AnalysisManager,
    ) -> PassResult {
        let kernels = kernel_launches(ctx, module);
        let launched: FxHashMap<OpId, usize> = kernels
            .iter()
            .enumerate()
            .flat_map(|(i, (_, ls))| ls.iter().map(move |&l| (l, i)))
            .collect();
        // Edges between buffers and the parameters they are passed to; bad nodes.
        let mut edges: Vec<(Node, Node)> = Vec::new();
        let mut bad: Vec<Node> = Vec::new();
        let mut stores: FxHashMap<Node, Range> = FxHashMap::default();
        let mut nodes: Vec<Node> = Vec::new();
        for o in ctx.walk_preorder(module) {
            if !ctx.op_is(o, "gpu.alloc") || ctx.num_results(o) != 1 {
                continue;
            }
            let buf = ctx.result(o, 0);
            let elem = ctx.element_type_or_self(ctx.value_type(buf));
            if int_width(ctx, elem).is_none_or(|w| w <= 8 || w > 64) {
                continue;
            }
            let n = Node::Buffer(o);
            nodes.push(n);
            for u in ctx.use_vec(buf) {
                if ctx.op_is(u.op, "gpu.dealloc") {
                    continue;
                }
                let Some(&ki) = launched.get(&u.op) else {
                    bad.push(n);
                    continue;
                };
                let Some(lf) = LaunchFuncOp::from_op(ctx, u.op) else {
                    bad.push(n);
                    continue;
                };
                let args = lf.kernel_operands(ctx).to_vec();
                let uses_here = ctx.operand_vec(u.op).iter().filter(|&&a| a == buf).count();
                let positions: Vec<usize> = (0..args.len()).filter(|&j| args[j] == buf).collect();
                if positions.len() != uses_here {
                    bad.push(n);
                }
                for j in positions {
                    edges.push((n, Node::Param(kernels[ki].0, j)));
                }
            }
        }
        // Parameters: their uses, and every launch's argument at their position.
        let mut params: Vec<Node> = Vec::new();
        for &(_, pn) in &edges {
            if !params.contains(&pn) {
                params.push(pn);
            }
        }
        for &pn in &params {
            let Node::Param(k, j) = pn else { continue };
            let ls = &kernels.iter().find(|(kk, _)| *kk == k).expect("launched").1;
            let entry = ctx.entry_block(ctx.region(k, 0));
            let p = entry.and_then(|e| ctx.block_args(e).get(j).copied());
            let Some(p) = p else {
                bad.push(pn);
                continue;
            };
            match param_use(ctx, p) {
                Ok(Some(r)) => {
                    stores.insert(pn, r);
                }
                Ok(None) => {}
                Err(()) => bad.push(pn),
            }
            for &l in ls {
                let arg = LaunchFuncOp::from_op(ctx, l)
                    .and_then(|lf| lf.kernel_operands(ctx).get(j).copied());
                let from_alloc = arg
                    .and_then(|a| ctx.defining_op(a))
                    .filter(|&d| ctx.op_is(d, "gpu.alloc") && nodes.contains(&Node::Buffer(d)));
                if from_alloc.is_none() {
                    bad.push(pn);
                }
            }
        }
        // Connected groups (union-find over the edges); a group with a bad node stays.
        let all: Vec<Node> = nodes.iter().chain(&params).copied().collect();
        let index: FxHashMap<Node, usize> = all.iter().enumerate().map(|(i, &n)| (n, i)).collect();
        let mut parent: Vec<usize> = (0..all.len()).collect();
        fn find(parent: &mut [usize], i: usize) -> usize {
            let mut r = i;
            while parent[r] != r {
                r = parent[r];
            }
            parent[i] = r;
            r
        }
        for &(a, b) in &edges {
            let (ra, rb) = (find(&mut parent, index[&a]), find(&mut parent, index[&b]));
            parent[ra] = rb;
        }
        let mut group_bad: FxHashMap<usize, bool> = FxHashMap::default();
        let mut group_range: FxHashMap<usize, Range> = FxHashMap::default();
        let mut group_width: FxHashMap<usize, u32> = FxHashMap::default();
        for (i, n) in all.iter().enumerate() {
            let g = find(&mut parent, i);
            if bad.contains(n) {
                group_bad.insert(g, true);
            }
            if let Some(&r) = stores.get(n) {
                let e = group_range.entry(g).or_insert(r);
                *e = (e.0.min(r.0), e.1.max(r.1));
            }
            if let Node::Buffer(o) = n {
                let w = int_width(
                    ctx,
                    ctx.element_type_or_self(ctx.value_type(ctx.result(*o, 0))),
                );
                let w = w.expect("an integer buffer");
                if group_width.get(&g).is_some_and(|&x| x != w) {
                    group_bad.insert(g, true);
                }
                group_width.insert(g, w);
            }
        }
        // The extended loads of narrowed parameters and their stored ranges; the kernels.
        let mut known: FxHashMap<Value, (Range, Value)> = FxHashMap::default();
        for (i, &n) in all.iter().enumerate() {
            let g = find(&mut parent, i);
            if group_bad.get(&g).copied().unwrap_or(false) {
                continue;
            }
            let (Some(&r), Some(&w)) = (group_range.get(&g), group_width.get(&g)) else {
                continue;
            };
            let Some((nw, signed)) = narrow_for(r, w) else {
                continue;
            };
            let narrow = ctx.int_type(nw);
            match n {
                Node::Buffer(o) => {
                    let v = ctx.result(o, 0);
                    let t = ctx.value_type(v);
                    if let Some(nt) = tail_builtin::util::memref_with_element(ctx, t, narrow) {
                        ctx.set_value_type(v, nt);
                        self.num_buffers.add(1);
                    }
                }
                Node::Param(k, j) => {
                    narrow_param(ctx, k, j, narrow, signed, r, &mut known);
                }
            }
        }
        // Every kernel (also those without narrowed parameters: sums of truth values compare
        // in `i8` too).
        for &(k, _) in &kernels {
            self.num_comparisons.add(narrow_comparisons(ctx, k, &known));
        }
        Ok(())
    }
}

/// The source of `d` when `d` zero-extends an integer of at most 8 bits (unsigned, so that its
/// value is the same in `i8`: an `i1` truth value, or an `i8` that is 0 to 127 by the range
/// check of the tree).
fn narrow_extension(ctx: &Context, d: OpId) -> Option<Value> {
    if !ctx.op_is(d, "arith.extui") {
        return None;
    }
    let x = ctx.operand(d, 0);
    int_width(ctx, ctx.value_type(x))
        .filter(|&w| w <= 8)
        .map(|_| x)
}

/// The comparisons with a constant in kernel `k` of sums and differences of narrowed loads
/// (`known`: each extension with the stored range and the narrow load) and constants, all
/// of whose intermediate values fit a signed `i8`, are computed on the `i8` loads: Life's
/// `t = 3`, `t = 4` of a sum of three counts, so that a vector holds four times as many.
fn narrow_comparisons(ctx: &mut Context, k: OpId, known: &FxHashMap<Value, (Range, Value)>) -> u64 {
    let ranges: FxHashMap<Value, Range> = known.iter().map(|(&e, &(r, _))| (e, r)).collect();
    let i8_range = full(8);
    // Whether `v` is a tree of addi/subi over known extensions of i8 loads and constants whose
    // values all fit i8.
    fn tree(
        ctx: &Context,
        v: Value,
        known: &FxHashMap<Value, (Range, Value)>,
        ranges: &FxHashMap<Value, Range>,
        depth: usize,
    ) -> bool {
        if depth > 16 {
            return false;
        }
        let Some(r) = range_in(ctx, v, ranges, 0) else {
            return false;
        };
        if fits(r, 8).is_none() {
            return false;
        }
        if let Some(&(_, load)) = known.get(&v) {
            return int_width(ctx, ctx.value_type(load)) == Some(8);
        }
        if constant_int(ctx, v).is_some() {
            return true;
        }
        let Some(d) = ctx.defining_op(v) else {
            return false;
        };
        if narrow_extension(ctx, d).is_some() {
            return true;
        }
        matches!(ctx.op_name_str(d), "arith.addi" | "arith.subi")
            && (0..2).all(|i| tree(ctx, ctx.operand(d, i), known, ranges, depth + 1))
    }
    let cmps: Vec<OpId> = ctx
        .walk_preorder(k)
        .into_iter()
        .filter(|&o| ctx.op_is(o, "arith.cmpi"))
        .collect();
    let mut count = 0;
    for c in cmps {
        let (a, b) = (ctx.operand(c, 0), ctx.operand(c, 1));
        let Some(cv) =
            constant_int(ctx, b).filter(|&x| (i8_range.0..=i8_range.1).contains(&(x as i128)))
        else {
            continue;
        };
        if constant_int(ctx, a).is_some() || !tree(ctx, a, known, &ranges, 0) {
            continue;
        }
        let loc = ctx.op_loc(c);
        let mut b8 = Builder::new(ctx, InsertPoint::Before(c), loc);
        let i8t = b8.ctx.int_type(8);
        fn build(
            b: &mut Builder<'_>,
            v: Value,
            known: &FxHashMap<Value, (Range, Value)>,
            i8t: Type,
        ) -> Value {
            if let Some(&(_, load)) = known.get(&v) {
                return load;
            }
            if let Some(c) = constant_int(b.ctx, v) {
                return tail_builtin::arith::build_constant_int(b, i8t, c);
            }
            let d = b.ctx.defining_op(v).expect("a tree op");
            if let Some(x) = narrow_extension(b.ctx, d) {
                // An `i8` as it is; a narrower integer (a truth value) zero-extended to `i8`.
                if int_width(b.ctx, b.ctx.value_type(x)) == Some(8) {
                    return x;
                }
                let mut st = b.state("arith.extui");
                st.operands = vec![x];
                st.result_types = vec![i8t];
                let e = b.insert(st);
                return b.result(e, 0);
            }
            let name = b.ctx.op_name_str(d).to_string();
            let (x, y) = (b.ctx.operand(d, 0), b.ctx.operand(d, 1));
            let (x, y) = (build(b, x, known, i8t), build(b, y, known, i8t));
            tail_builtin::arith::build_binary(b, &name, x, y)
        }
        let x = build(&mut b8, a, known, i8t);
        let y = tail_builtin::arith::build_constant_int(&mut b8, i8t, cv);
        ctx.set_operand(c, 0, x);
        ctx.set_operand(c, 1, y);
        count += 1;
    }
    count
}

/// Parameter `j` of kernel `k` becomes a memref of `narrow`: its loads extend (`extsi` when
/// `signed`, else `extui`) to the old element type, its stores truncate. Each extension is
/// recorded in `known` with the stored range `stored` and the narrow load.
fn narrow_param(
    ctx: &mut Context,
    k: OpId,
    j: usize,
    narrow: Type,
    signed: bool,
    stored: Range,
    known: &mut FxHashMap<Value, (Range, Value)>,
) {
    let Some(entry) = ctx.entry_block(ctx.region(k, 0)) else {
        return;
    };
    let p = ctx.block_args(entry)[j];
    let old = ctx.value_type(p);
    let wide = ctx.element_type_or_self(old);
    let Some(nt) = tail_builtin::util::memref_with_element(ctx, old, narrow) else {
        return;
    };
    for u in ctx.use_vec(p) {
        let loc = ctx.op_loc(u.op);
        match ctx.op_name_str(u.op) {
            "memref.load" => {
                let r = ctx.result(u.op, 0);
                ctx.set_value_type(r, narrow);
                let mut b = Builder::new(ctx, InsertPoint::After(u.op), loc);
                let ext = if signed { "arith.extsi" } else { "arith.extui" };
                let e = tail_builtin::arith::build_unary(&mut b, ext, r, wide);
                let ed = ctx.defining_op(e).expect("extension");
                known.insert(e, (stored, r));
                for ru in ctx.use_vec(r) {
                    if ru.op != ed {
                        ctx.set_operand(ru.op, ru.index as usize, e);
                    }
                }
            }
            "memref.store" => {
                let v = ctx.operand(u.op, 0);
                let mut b = Builder::new(ctx, InsertPoint::Before(u.op), loc);
                let t = tail_builtin::arith::build_unary(&mut b, "arith.trunci", v, narrow);
                ctx.set_operand(u.op, 0, t);
            }
            _ => {}
        }
    }
    ctx.set_value_type(p, nt);
    let fty = ctx
        .attr(k, "function_type")
        .and_then(|a| ctx.attr_as_type(a));
    if let Some(TypeKind::Function { inputs, results }) = fty.map(|t| ctx.type_kind(t)) {
        let (mut inputs, results) = (inputs.clone(), results.clone());
        if j < inputs.len() {
            inputs[j] = nt;
        }
        let f = ctx.function_type(inputs, results);
        let a = ctx.type_attr(f);
        ctx.set_attr(k, "function_type", a);
    }
}
