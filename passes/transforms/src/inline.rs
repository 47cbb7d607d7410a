//! `inline`: the inliner, after MLIR's `InlinerPass` (`mlir/lib/Transforms/InlinerPass.cpp`,
//! `mlir/lib/Transforms/Utils/Inliner.cpp`, `mlir/lib/Analysis/CallGraph.cpp`).
//!
//! # Algorithm
//! 1. **Call graph.** Nodes are the `Callable` ops nested in the anchor op (region 0 is the
//!    body, `function_type` the signature). For each node, the `Call` ops in its body — not
//!    inside nested callables, which are nodes of their own — are resolved through their
//!    `callee` symbol reference (looked up in the nearest symbol table, like
//!    `SymbolTable::lookupNearestSymbolFrom`) and give caller → callee edges. Calls outside
//!    any callable, and calls whose callee does not resolve to a callable of the graph, are
//!    not considered (MLIR's external node).
//! 2. **Bottom-up SCC traversal.** The strongly connected components are computed with
//!    Tarjan's algorithm, which emits them callees first. A component is *recursive* if it
//!    has more than one node or a self edge; its nodes are never inlined (MLIR inlines into
//!    recursive components under an inlining-history guard; we are more conservative).
//! 3. **Inlining.** For each component, up to `max-iterations` times: every call in the bodies
//!    of the component's callables whose callee is inlinable is inlined, then the
//!    `default-pipeline` (default: `canonicalize`) runs on every callable that changed, so
//!    callees are simplified before they are inlined into their own callers; the loop stops
//!    when nothing was inlined. A callee is inlinable when it has a body that is a single
//!    block ending in a `ReturnLike` terminator, the argument and result types match the
//!    call's operand and result types, it is not in a recursive component, and it does not
//!    contain the call. Inlining clones the body's ops (with [`Context::clone_op`]) before the
//!    call, mapping the entry-block arguments to the call operands, then replaces the call's
//!    results with the (mapped) operands of the terminator and erases the call.
//!    Callees whose body has several blocks are left alone: inlining them needs an
//!    unstructured control-flow dialect (`cf.br`) to split the caller's block and branch to the
//!    continuation, which tail does not have.
//! 4. **Dead callables.** Finally, private callables (those that `can_discard_on_use_empty`)
//!    that are no longer referenced from their symbol table are erased, repeatedly, as
//!    MLIR's inliner erases dead call-graph nodes.

use rustc_hash::{FxHashMap, FxHashSet};
use tail_ir::pass::{pass, AnalysisManager, PassFailure, PassResult, PassRun, Statistic};
use tail_ir::symbol::{
    can_discard_on_use_empty, lookup_nearest_symbol_ref_from, nearest_symbol_table, symbol_name,
    symbol_uses,
};
use tail_ir::{
    Context, Diagnostic, InsertPoint, OpId, OpPassManager, OpTraits, PassManager, Value,
};

/// Inline function calls: replace calls to single-block functions by their bodies, bottom-up
/// over the call graph, simplify the changed functions, and erase private functions that are
/// no longer used.
#[pass(
    argument = "inline",
    summary = "Inline function calls",
    name = "Inliner"
)]
pub struct Inline {
    #[option(
        name = "default-pipeline",
        default = "canonicalize",
        description = "The pipeline run on every callable that calls were inlined into (empty: none)"
    )]
    default_pipeline: String,
    #[option(
        name = "max-iterations",
        default = 4,
        description = "Maximum number of iterations when inlining within an SCC"
    )]
    max_iterations: usize,
    #[statistic(name = "num-inlined-calls", description = "Number of inlined calls")]
    num_inlined_calls: Statistic,
    #[statistic(
        name = "num-erased-callables",
        description = "Number of dead callables erased"
    )]
    num_erased_callables: Statistic,
}

impl PassRun for Inline {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        am: &mut AnalysisManager,
    ) -> PassResult {
        let start = ctx.change_count();
        let mut pipeline = if self.default_pipeline.trim().is_empty() {
            None
        } else {
            let mut opm = OpPassManager::any();
            if let Err(e) = opm.add_pipeline(&self.default_pipeline) {
                let msg = format!(
                    "invalid 'default-pipeline' of pass 'inline': {}",
                    e.render()
                );
                return Err(Diagnostic::error(ctx.op_loc(op), msg).into());
            }
            let mut pm = PassManager::from_op_pass_manager(opm);
            // The enclosing pass manager verifies after the inliner.
            pm.config.verify_each = false;
            Some(pm)
        };
        let graph = CallGraph::build(ctx, op);
        for scc in graph.sccs() {
            for _ in 0..self.max_iterations {
                let mut modified: Vec<OpId> = Vec::new();
                for &node in &scc {
                    let caller = graph.nodes[node];
                    if !ctx.op_exists(caller) {
                        continue;
                    }
                    for call in collect_calls(ctx, caller) {
                        if !ctx.op_exists(call) {
                            continue;
                        }
                        let Some(callee) = graph.resolve(ctx, call) else {
                            continue;
                        };
                        if graph.recursive_node(callee) {
                            continue;
                        }
                        if !can_inline(ctx, call, callee) {
                            continue;
                        }
                        inline_call(ctx, call, callee);
                        self.num_inlined_calls.inc();
                        if !modified.contains(&caller) {
                            modified.push(caller);
                        }
                    }
                }
                if modified.is_empty() {
                    break;
                }
                if let Some(pm) = pipeline.as_mut() {
                    for callable in modified {
                        if ctx.op_exists(callable) && pm.run(ctx, callable).is_err() {
                            return Err(PassFailure::emitted());
                        }
                    }
                }
            }
        }
        let erased = erase_dead_callables(ctx, op);
        self.num_erased_callables.add(erased as u64);
        if ctx.change_count() == start {
            am.mark_all_preserved();
        }
        Ok(())
    }
}

/// The call graph of the callables nested in an op (see the module documentation).
pub struct CallGraph {
    /// The callable ops, in pre-order.
    pub nodes: Vec<OpId>,
    /// Node index of each callable.
    pub index: FxHashMap<OpId, usize>,
    /// Callee node indices of each node (deduplicated, in order of first call).
    pub edges: Vec<Vec<usize>>,
    /// Whether each node belongs to a recursive component.
    recursive: Vec<bool>,
}

impl CallGraph {
    /// Builds the call graph of the callables nested in `root` (`root` included).
    pub fn build(ctx: &Context, root: OpId) -> Self {
        let nodes: Vec<OpId> = ctx
            .walk_preorder(root)
            .into_iter()
            .filter(|&o| ctx.op_has_traits(o, OpTraits::CALLABLE))
            .collect();
        let index: FxHashMap<OpId, usize> =
            nodes.iter().enumerate().map(|(i, &o)| (o, i)).collect();
        let mut graph = CallGraph {
            nodes,
            index,
            edges: Vec::new(),
            recursive: Vec::new(),
        };
        let mut edges = Vec::with_capacity(graph.nodes.len());
        for &n in &graph.nodes {
            let mut out: Vec<usize> = Vec::new();
            for call in collect_calls(ctx, n) {
                if let Some(callee) = graph.resolve(ctx, call) {
                    let i = graph.index[&callee];
                    if !out.contains(&i) {
                        out.push(i);
                    }
                }
            }
            edges.push(out);
        }
        graph.edges = edges;
        let mut recursive = vec![false; graph.nodes.len()];
        for scc in graph.sccs() {
            if graph.is_recursive(&scc) {
                for n in scc {
                    recursive[n] = true;
                }
            }
        }
        graph.recursive = recursive;
        graph
    }

    /// The callable of the graph that `call` calls, if its `callee` resolves to one.
    pub fn resolve(&self, ctx: &Context, call: OpId) -> Option<OpId> {
        let attr = ctx.attr(call, "callee")?;
        let callee = lookup_nearest_symbol_ref_from(ctx, call, attr)?;
        self.index.contains_key(&callee).then_some(callee)
    }

    /// Whether `callable` belongs to a recursive component.
    pub fn recursive_node(&self, callable: OpId) -> bool {
        self.index
            .get(&callable)
            .is_some_and(|&i| self.recursive.get(i).copied().unwrap_or(false))
    }

    /// Whether the component `scc` is recursive: several nodes, or one that calls itself.
    pub fn is_recursive(&self, scc: &[usize]) -> bool {
        scc.len() > 1 || scc.iter().any(|&n| self.edges[n].contains(&n))
    }

    /// The strongly connected components (Tarjan), callees before callers.
    pub fn sccs(&self) -> Vec<Vec<usize>> {
        let n = self.nodes.len();
        let mut index = vec![usize::MAX; n];
        let mut low = vec![0usize; n];
        let mut on_stack = vec![false; n];
        let mut stack: Vec<usize> = Vec::new();
        let mut next_index = 0usize;
        let mut out: Vec<Vec<usize>> = Vec::new();
        for start in 0..n {
            if index[start] != usize::MAX {
                continue;
            }
            // Iterative DFS: (node, next edge to look at).
            let mut dfs: Vec<(usize, usize)> = vec![(start, 0)];
            index[start] = next_index;
            low[start] = next_index;
            next_index += 1;
            stack.push(start);
            on_stack[start] = true;
            while let Some(&mut (v, ref mut e)) = dfs.last_mut() {
                if let Some(&w) = self.edges[v].get(*e) {
                    *e += 1;
                    if index[w] == usize::MAX {
                        index[w] = next_index;
                        low[w] = next_index;
                        next_index += 1;
                        stack.push(w);
                        on_stack[w] = true;
                        dfs.push((w, 0));
                    } else if on_stack[w] {
                        low[v] = low[v].min(index[w]);
                    }
                } else {
                    dfs.pop();
                    if let Some(&(parent, _)) = dfs.last() {
                        low[parent] = low[parent].min(low[v]);
                    }
                    if low[v] == index[v] {
                        let mut scc = Vec::new();
                        while let Some(w) = stack.pop() {
                            on_stack[w] = false;
                            scc.push(w);
                            if w == v {
                                break;
                            }
                        }
                        scc.reverse();
                        out.push(scc);
                    }
                }
            }
        }
        out
    }
}

/// The `Call` ops nested in `callable`'s regions, not looking into nested callables.
pub fn collect_calls(ctx: &Context, callable: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    let mut stack: Vec<OpId> = Vec::new();
    let push_children = |op: OpId, stack: &mut Vec<OpId>| {
        for &r in ctx.regions(op).iter().rev() {
            for &b in ctx.region_blocks(r).iter().rev() {
                let mut cur = ctx.last_op(b);
                while let Some(o) = cur {
                    stack.push(o);
                    cur = ctx.prev_op(o);
                }
            }
        }
    };
    push_children(callable, &mut stack);
    while let Some(op) = stack.pop() {
        if ctx.op_has_traits(op, OpTraits::CALL) {
            out.push(op);
        }
        if !ctx.op_has_traits(op, OpTraits::CALLABLE) {
            push_children(op, &mut stack);
        }
    }
    out
}

/// Whether `call` can be replaced by the body of `callee` (see the module documentation;
/// recursion is checked by the caller).
pub fn can_inline(ctx: &Context, call: OpId, callee: OpId) -> bool {
    if ctx.is_ancestor(callee, call) {
        return false;
    }
    let Some(&body) = ctx.regions(callee).first() else {
        return false;
    };
    let blocks = ctx.region_blocks(body);
    if blocks.len() != 1 {
        return false;
    }
    let block = blocks[0];
    let Some(term) = ctx.last_op(block) else {
        return false;
    };
    if !ctx.op_has_traits(term, OpTraits::RETURN_LIKE) || !ctx.successors(term).is_empty() {
        return false;
    }
    let args = ctx.block_args(block);
    if args.len() != ctx.num_operands(call)
        || args
            .iter()
            .zip(ctx.operands(call))
            .any(|(&a, v)| ctx.value_type(a) != ctx.value_type(v))
    {
        return false;
    }
    ctx.num_operands(term) == ctx.num_results(call)
        && ctx
            .operands(term)
            .zip(ctx.results(call))
            .all(|(v, &r)| ctx.value_type(v) == ctx.value_type(r))
}

/// Replaces `call` by a copy of the body of `callee` (which [`can_inline`] accepted).
pub fn inline_call(ctx: &mut Context, call: OpId, callee: OpId) {
    let body = ctx.region(callee, 0);
    let block = ctx.entry_block(body).expect("can_inline checked the body");
    let mut map: FxHashMap<Value, Value> = FxHashMap::default();
    for (a, v) in ctx
        .block_args(block)
        .to_vec()
        .into_iter()
        .zip(ctx.operand_vec(call))
    {
        map.insert(a, v);
    }
    let ops = ctx.block_op_vec(block);
    let (term, body_ops) = ops.split_last().expect("a terminator");
    for &o in body_ops {
        let copy = ctx.clone_op(o, &mut map);
        ctx.insert_op(copy, InsertPoint::Before(call));
    }
    let results: Vec<Value> = ctx
        .operands(*term)
        .map(|v| *map.get(&v).unwrap_or(&v))
        .collect();
    ctx.replace_op(call, &results);
}

/// Erases the private callables nested in `root` that no op of their symbol table references,
/// until none is left; returns how many were erased.
pub fn erase_dead_callables(ctx: &mut Context, root: OpId) -> usize {
    let mut erased = 0usize;
    loop {
        let callables: Vec<OpId> = ctx
            .walk_preorder(root)
            .into_iter()
            .filter(|&o| {
                o != root
                    && ctx.op_has_traits(o, OpTraits::CALLABLE)
                    && can_discard_on_use_empty(ctx, o)
            })
            .collect();
        let mut used_by_table: FxHashMap<OpId, FxHashSet<String>> = FxHashMap::default();
        let mut dead: Vec<OpId> = Vec::new();
        for c in callables {
            let Some(name) = symbol_name(ctx, c).map(str::to_string) else {
                continue;
            };
            let Some(table) = ctx
                .op_parent_op(c)
                .and_then(|p| nearest_symbol_table(ctx, p))
            else {
                continue;
            };
            let used = used_by_table.entry(table).or_insert_with(|| {
                symbol_uses(ctx, table)
                    .into_iter()
                    .map(|u| ctx.str(u.root).to_string())
                    .collect()
            });
            if !used.contains(&name) && ctx.op_results_unused(c) {
                dead.push(c);
            }
        }
        if dead.is_empty() {
            return erased;
        }
        for c in dead {
            if ctx.op_exists(c) {
                ctx.erase_op(c);
                erased += 1;
            }
        }
    }
}
