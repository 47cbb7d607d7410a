//! `convert-hpar-to-gpu`: `hpar` grid programs → `gpu.module` kernels and host code.
//!
//! # Sources
//! The meaning of the `hpar` ops is FCL's (Dybdal, *Array abstractions for GPU programming*,
//! 2017, Chapter 5): a push array is a writer that runs at its level and a `force` runs it into
//! memory: `force<grid>` into global memory (here: the end of a kernel), `force<block>` into
//! shared memory followed by a barrier. The block reduction is the classic tree in shared memory
//! whose last 32 partial results are combined by one warp with `shfl.xor` butterflies (thesis
//! Chapter 4; NVIDIA's *Optimizing parallel reduction in CUDA*, Harris 2007, and warp-shuffle
//! reductions); FHPC'16 §6 for coalesced accesses (they are chosen by `convert-soac-to-hpar`).
//!
//! # Algorithm
//! The pass runs on `builtin.module`, marks it `gpu.container_module` and adds one
//! `gpu.module @tail_kernels`. In each `func.func` (one block), the `hpar.program<grid>` ops are
//! lowered in order:
//!
//! * Scalar host code in a program (`arith`, …) is hoisted before it. Every host memref that a
//!   program reads gets a device copy (`gpu.alloc` + `gpu.memcpy`, once per function).
//! * Each `hpar.force<grid> %p` is one kernel `@<func>_k<i>` and one `gpu.launch_func`, writing
//!   into a fresh `gpu.alloc` buffer (with the extents of the `unrealized_conversion_cast` that
//!   returns it, if any, so rank-2 results keep their shape). The kernel depends on how `%p` is
//!   built:
//!   * `push<grid>(A)`: one thread per element, `blocks = ⌈len A / block-size⌉`; thread
//!     `gid = block_id·block_dim + thread_id` evaluates `A[gid]` if `gid < len A`.
//!   * `concat<block> n, c { b ↦ P }`: one block per sub-program (`blocks = n`), block `b`
//!     runs the block program `P` and its result goes to `b·c + j`; with several results,
//!     the one kernel writes one buffer per result (all forced in the same program).
//!   * `last_write<grid> is, m`: two kernels into the one buffer, a fill with `-1` and one
//!     thread per index taking `atomic max` of its number at the index (module `last_write`).
//! * Block programs run their ops in order: `force<block>` allocates a workgroup attribution,
//!   runs the push array into it and ends with `gpu.barrier`; `reduce<thread>` is an `scf.for`
//!   fold; `reduce<block>` over a shared array of exactly `block-size` elements is the tree
//!   (`tid < s` combines `s[tid]` and `s[tid+s]`, barrier, for `s = B/2 … 32`), then warp 0
//!   reduces the last 32 values with `gpu.shuffle xor` 16, 8, 4, 2, 1, thread 0 stores the
//!   result in `s[0]`, a barrier, and every thread reads it. A `reduce<block>` of a tuple has
//!   one shared array per value, combines all values at every step and shuffles each value;
//!   the `force<block>`s of the results of one `concat<thread>` are written by one run of it
//!   (results it returns instead go to the block program's output in that run).
//!   `interleave<thread>` is `concat<thread>` with positions from its placement region; a
//!   `push<thread>` of another result of the `generate` that a `reduce<thread>` folds is
//!   stored in the fold's loop, so a redomap's map runs once per element.
//!   `concat<thread> n, c` runs sub-program `t` in thread `t`
//!   (`scf.for t = tid to n step block_dim`); `push<block>`
//!   writes element `j` from thread `j mod block_dim`; `push<thread>` is a sequential loop.
//! * Pull arrays are never stored unless forced: `generate`'s index function is inlined where
//!   an element is needed, `hpar.index` of a forced array is a `memref.load` (global or
//!   workgroup memory).
//! * Values a kernel uses from the host become kernel parameters (device buffers for memrefs
//!   and grid arrays, scalars as they are); workgroup buffers become workgroup attributions.
//! * On the host, a grid array returned through `unrealized_conversion_cast` is copied back
//!   into a `memref.alloc` buffer; `hpar.index` of a grid array copies it back and loads;
//!   `hpar.length` is a `memref.dim`. Device buffers are freed before `func.return`.
//! * An `scf.for` holding programs (a host loop of kernels) is lowered the same way, its body
//!   in order, keeping its carried arrays in device buffers that each iteration passes on or
//!   frees (module `loops`).
//!
//! * Integers narrower than 32 bits (booleans) cross the warp shuffles widened to i32.
//! * `scan<thread>` is a sequential loop, `scan<block>` a tiled block scan with warp shuffles
//!   (`up`), `interleave<block>` at the grid level is `concat<block>` with its placement
//!   (module `gpu_scan`).
//!
//! * FCL's constructs (module `block_loops`): `interleave<block>` at the grid level is
//!   `concat<block>` with its placement region deciding where element `j` of block `b` goes;
//!   `power<block>`/`while<block>` keep the array in two shared buffers (ping-pong, a barrier
//!   per step); `split_at` makes views; a thread's `seqfor` runs over a private buffer; the
//!   length of a grid array forced earlier in the same program is computed on the host.
//! * `while<grid>` (module `grid_while`): a host `scf.while` whose condition runs on the host
//!   and whose body launches its kernels, the current array in a device buffer; `index` of a
//!   grid array in a grid program reads that one element back (a one-thread copy kernel), and
//!   a program may return such a scalar.
//!
//! Anything else (a program at another place, `scan`, a push array written by `map`, an op
//! of a dialect other than `arith`, `math`, `scf`, `memref`, `index`, `gpu` inside a kernel,
//! …) is an error located at the op.

use rustc_hash::FxHashMap;
use tail_ir::pass::{pass, AnalysisManager, PassResult, PassRun, Statistic};
use tail_ir::{
    BlockId, Builder, Context, Diagnostic, InsertPoint, Location, OpId, OperationState, Type,
    TypeKind, Value, DYNAMIC,
};

use tail_gpu::attrs::{AddressSpace, AddressSpaceAttr, DimKw};
use tail_hpar::types::{push_parts, Level};

use crate::util::*;

mod block_loops;
#[path = "gpu_scan.rs"]
mod gpu_scan;
mod grid_while;
mod last_write;
mod loops;

/// Lower `hpar` grid programs to `gpu` kernels and host-side allocation, copies and launches.
#[pass(
    argument = "convert-hpar-to-gpu",
    summary = "Lower hpar grid programs to gpu kernels and host launches",
    anchor = "builtin.module",
    name = "ConvertHParToGpu"
)]
pub struct ConvertHParToGpu {
    #[option(
        name = "block-size",
        default = 256,
        description = "Threads per block of every launch (a power of two, 32 to 1024)"
    )]
    block_size: usize,
    #[statistic(name = "num-kernels", description = "Number of kernels created")]
    num_kernels: Statistic,
}

impl PassRun for ConvertHParToGpu {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        module: OpId,
        _am: &mut AnalysisManager,
    ) -> PassResult {
        let bs = self.block_size;
        if !(32..=1024).contains(&bs) || !bs.is_power_of_two() {
            return Err(Diagnostic::error(
                ctx.op_loc(module),
                format!("convert-hpar-to-gpu: block-size must be a power of two from 32 to 1024, got {bs}"),
            )
            .into());
        }
        let Some(mblock) = ctx.entry_block(ctx.region(module, 0)) else {
            return Ok(());
        };
        let funcs: Vec<OpId> = ctx
            .block_op_vec(mblock)
            .into_iter()
            .filter(|&o| ctx.op_is(o, "func.func"))
            .filter(|&f| {
                ctx.walk_preorder(f)
                    .into_iter()
                    .any(|o| ctx.op_name_str(o).starts_with("hpar."))
            })
            .collect();
        if funcs.is_empty() {
            return Ok(());
        }
        let u = ctx.unit_attr();
        ctx.set_attr(module, tail_gpu::ops::CONTAINER_MODULE_ATTR, u);
        let loc = ctx.op_loc(module);
        let gname = "tail_kernels";
        if tail_builtin::util::lookup_symbol_in(ctx, module, gname).is_some() {
            return Err(Diagnostic::error(
                loc,
                format!("convert-hpar-to-gpu: the module already defines the symbol '@{gname}'"),
            )
            .into());
        }
        let (r, gblock) = region(ctx, &[]);
        let mut st = OperationState::new(ctx, "gpu.module", loc);
        let n = ctx.string_attr(gname);
        st.add_attr(ctx, "sym_name", n);
        st.regions.push(r);
        let gmod = ctx.create_op(st);
        ctx.insert_op(gmod, InsertPoint::BlockEnd(mblock));
        for f in funcs {
            let mut h = Host {
                gblock,
                gname: gname.to_string(),
                fname: ctx
                    .attr(f, "sym_name")
                    .and_then(|a| ctx.attr_as_str(a))
                    .unwrap_or("f")
                    .to_string(),
                block: bs as i64,
                kernels: 0,
                dev: FxHashMap::default(),
                hmap: VMap::default(),
                allocs: Vec::new(),
                loops: loops::Scopes::default(),
                at: None,
            };
            h.convert_func(ctx, f)?;
            self.num_kernels.add(h.kernels as u64);
        }
        Ok(())
    }
}

fn err(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    tail_ir::op_error(ctx, op, format!("{msg}"))
}

fn memref_shape(ctx: &Context, ty: Type) -> Option<(Vec<i64>, Type)> {
    match ctx.type_kind(ty) {
        TypeKind::MemRef { shape, elem, .. } => Some((shape.clone(), *elem)),
        _ => None,
    }
}

fn const_index(ctx: &Context, v: Value) -> Option<i64> {
    let d = ctx.defining_op(v)?;
    if !ctx.op_is(d, "arith.constant") {
        return None;
    }
    ctx.attr(d, "value").and_then(|a| ctx.attr_as_int(a))
}

/// Host-side state for one function.
struct Host {
    gblock: BlockId,
    gname: String,
    fname: String,
    block: i64,
    kernels: usize,
    /// Host memref or grid array → its device buffer.
    dev: FxHashMap<Value, Value>,
    /// Scalar values of program bodies → their copies hoisted to the host.
    hmap: VMap,
    allocs: Vec<Value>,
    /// The host loops being converted around the current op (module `loops`).
    loops: loops::Scopes,
    /// Where the host code of the grid ops being lowered goes (`None`: before their program;
    /// the body of a `while<grid>` goes into its host loop, module `grid_while`).
    at: Option<OpId>,
}

impl Host {
    fn convert_func(&mut self, ctx: &mut Context, f: OpId) -> CResult {
        let body = ctx.region(f, 0);
        let blocks = ctx.region_blocks(body).to_vec();
        if blocks.len() != 1 {
            return Err(err(
                ctx,
                f,
                "cannot be converted by convert-hpar-to-gpu: only single-block functions are supported",
            ));
        }
        let entry = blocks[0];
        let mut dead = Vec::new();
        self.convert_block(ctx, entry, &mut dead)?;
        for op in dead.into_iter().rev() {
            for r in ctx.results(op).to_vec() {
                if let Some(u) = ctx.uses(r).next() {
                    let user = u.op;
                    return Err(err(
                        ctx,
                        user,
                        "cannot be lowered by convert-hpar-to-gpu: uses the result of an hpar program in an unsupported way",
                    ));
                }
            }
            ctx.erase_op(op);
        }
        Ok(())
    }

    /// Lowers the host ops of `block` (a function's body or a host loop's) in order; ops left
    /// unused are pushed on `dead`.
    fn convert_block(
        &mut self,
        ctx: &mut Context,
        block: BlockId,
        dead: &mut Vec<OpId>,
    ) -> CResult {
        for op in ctx.block_op_vec(block) {
            let name = ctx.op_name_str(op).to_string();
            match name.as_str() {
                "hpar.program" => {
                    self.convert_program(ctx, op)?;
                    dead.push(op);
                }
                // (A cast of a host memref that also has a device copy, e.g. to print it, reads
                // the host memref: only grid arrays are copied back.)
                "builtin.unrealized_conversion_cast" | "hpar.index" | "hpar.length"
                    if ctx.operands(op).next().is_some_and(|v| {
                        self.dev.contains_key(&v) && memref_shape(ctx, ctx.value_type(v)).is_none()
                    }) =>
                {
                    if self.redirect_device_uses(ctx, op) {
                        self.host_use(ctx, op)?;
                    }
                    dead.push(op);
                }
                "scf.for" if loops::is_device_loop(ctx, op) => self.convert_loop(ctx, op, dead)?,
                "func.return" => {
                    let mut b = Builder::before(ctx, op);
                    for &m in &self.allocs {
                        mk(&mut b, "gpu.dealloc", &[m], &[], &[], Vec::new());
                    }
                }
                // Host control flow (an `scf.if` choosing a scalar) that reads grid arrays but
                // runs no program: its blocks are host code like this one.
                _ if !ctx.regions(op).is_empty()
                    && !ctx
                        .walk_preorder(op)
                        .into_iter()
                        .any(|n| ctx.op_is(n, "hpar.program")) =>
                {
                    for r in ctx.regions(op).to_vec() {
                        for blk in ctx.region_blocks(r).to_vec() {
                            self.convert_block(ctx, blk, dead)?;
                        }
                    }
                }
                _ => {
                    if let Some(n) = ctx
                        .walk_preorder(op)
                        .into_iter()
                        .find(|&n| ctx.op_name_str(n).starts_with("hpar."))
                    {
                        return Err(err(
                            ctx,
                            n,
                            "cannot be lowered by convert-hpar-to-gpu: only top-level 'hpar.program<grid>' ops and host uses of their results are supported",
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// The device buffer of host memref `m`, copied in before `before` on first use.
    fn ensure_dev(&mut self, ctx: &mut Context, m: Value, before: OpId) -> Value {
        if let Some(&d) = self.dev.get(&m) {
            return d;
        }
        let ty = ctx.value_type(m);
        let (shape, _) = memref_shape(ctx, ty).expect("memref");
        let (before, scope) = self.hoist_point(ctx, m, before);
        let mut b = Builder::before(ctx, before);
        let mut dyns = Vec::new();
        for (i, &s) in shape.iter().enumerate() {
            if s == DYNAMIC {
                let c = cidx(&mut b, i as i64);
                dyns.push(tail_builtin::memref::DimOp::create(&mut b, m, c));
            }
        }
        let d = gpu_alloc(&mut b, ty, &dyns);
        mk(&mut b, "gpu.memcpy", &[d, m], &[], &[], Vec::new());
        self.own(d, scope);
        self.dev.insert(m, d);
        d
    }

    fn convert_program(&mut self, ctx: &mut Context, prog: OpId) -> CResult {
        let pblock = ctx.entry_block(ctx.region(prog, 0)).expect("program body");
        // Device copies of the host memrefs the program reads.
        for n in ctx.walk_preorder(prog) {
            for v in ctx.operand_vec(n) {
                let outside = ctx
                    .defining_op(v)
                    .map(|d| !ctx.is_ancestor(prog, d))
                    .unwrap_or_else(|| {
                        ctx.value_parent_block(v)
                            .and_then(|blk| ctx.block_parent_op(blk))
                            .is_none_or(|o| !ctx.is_ancestor(prog, o))
                    });
                if outside && memref_shape(ctx, ctx.value_type(v)).is_some() {
                    self.ensure_dev(ctx, v, prog);
                }
            }
        }
        self.grid_ops(ctx, prog, pblock)
    }

    /// Where host code of program `prog` goes: before `self.at`, else before the program.
    fn host_at(&self, prog: OpId) -> OpId {
        self.at.unwrap_or(prog)
    }

    /// Lowers the grid-level ops of `pblock`: the body of program `prog`, or the body of a
    /// `while<grid>` in it (whose `hpar.return` module `grid_while` lowers).
    fn grid_ops(&mut self, ctx: &mut Context, prog: OpId, pblock: BlockId) -> CResult {
        for op in ctx.block_op_vec(pblock) {
            let name = ctx.op_name_str(op).to_string();
            match name.as_str() {
                // A force of another result of a `concat<block>` already launched is done.
                "hpar.force" if self.dev.contains_key(&ctx.result(op, 0)) => {}
                "hpar.force" => self.launch(ctx, prog, op)?,
                "hpar.return" if ctx.entry_block(ctx.region(prog, 0)) != Some(pblock) => {}
                "hpar.return" => {
                    for (i, v) in ctx.operand_vec(op).into_iter().enumerate() {
                        let r = ctx.result(prog, i);
                        match self.dev.get(&v) {
                            Some(&d) => {
                                self.dev.insert(r, d);
                            }
                            // A scalar the host computed (an element read back).
                            None if self.hmap.contains_key(&v)
                                && is_scalar(ctx, ctx.value_type(v)) =>
                            {
                                let h = self.hval(v);
                                ctx.replace_all_uses_with(r, h);
                            }
                            None => {
                                return Err(err(ctx, op, "cannot be lowered by convert-hpar-to-gpu: a grid program must return arrays forced at the grid level"));
                            }
                        }
                    }
                }
                "hpar.generate" | "hpar.push" | "hpar.concat" | "hpar.interleave" | "hpar.map"
                | "hpar.last_write" => {}
                "hpar.while" if tail_hpar::scope::op_level(ctx, op) == Some(Level::Grid) => {
                    self.grid_while(ctx, prog, op)?
                }
                // An element of a grid array, read back on the host.
                "hpar.index" if self.dev.contains_key(&ctx.operand(op, 0)) => {
                    let at = InsertPoint::Before(self.host_at(prog));
                    let v = self.index_on_host(ctx, op, at)?;
                    let r = ctx.result(op, 0);
                    self.hmap.insert(r, v);
                }
                // The length of a grid array (its device buffer's element count) or of a pull
                // array, computed on the host.
                "hpar.length" => {
                    let a = ctx.operand(op, 0);
                    let n = match self.dev.get(&a).copied() {
                        Some(d) => {
                            let loc = ctx.op_loc(op);
                            let at = InsertPoint::Before(self.host_at(prog));
                            let mut hb = Builder::new(ctx, at, loc);
                            element_count(&mut hb, d)
                        }
                        None => self.host_len(ctx, op, a)?,
                    };
                    let r = ctx.result(op, 0);
                    self.hmap.insert(r, n);
                }
                _ if name.starts_with("hpar.") => {
                    return Err(err(ctx, op, "cannot be lowered by convert-hpar-to-gpu at the grid level (supported: generate, map, push, concat<block>, interleave<block>, last_write<grid>, force<grid>, length)"));
                }
                _ => {
                    if !ctx.regions(op).is_empty() {
                        return Err(err(ctx, op, "cannot be hoisted out of a grid program by convert-hpar-to-gpu (host code with regions)"));
                    }
                    let c = ctx.clone_op(op, &mut self.hmap);
                    ctx.insert_op(c, InsertPoint::Before(self.host_at(prog)));
                }
            }
        }
        Ok(())
    }

    /// A host value for program value `v`.
    fn hval(&self, v: Value) -> Value {
        *self.hmap.get(&v).unwrap_or(&v)
    }

    /// The length of pull array `a` on the host.
    fn host_len(&self, ctx: &Context, at: OpId, a: Value) -> CResult<Value> {
        let d = ctx.defining_op(a);
        match d.map(|d| ctx.op_name_str(d)) {
            Some("hpar.generate") => Ok(self.hval(ctx.operand(d.unwrap(), 0))),
            Some("hpar.map") => self.host_len(ctx, at, ctx.operand(d.unwrap(), 0)),
            _ => Err(err(ctx, at, "cannot be lowered by convert-hpar-to-gpu: the length of the pushed array is not known on the host (supported: generate, map)")),
        }
    }

    /// One kernel and its launch for `force<grid>`.
    fn launch(&mut self, ctx: &mut Context, prog: OpId, force: OpId) -> CResult {
        let p = ctx.operand(force, 0);
        let pdef = ctx.defining_op(p).ok_or_else(|| {
            err(
                ctx,
                force,
                "cannot be lowered by convert-hpar-to-gpu: forces a block argument",
            )
        })?;
        let loc = ctx.op_loc(force);
        // A `concat<block>` with several results writes them all in one kernel: the forces
        // of all of them (in result order) get their buffers now.
        let forces: Vec<OpId> = if ctx.num_results(pdef) > 1 {
            let pblock = ctx.op_parent_block(force).expect("in a program");
            let mut fs = Vec::new();
            for r in ctx.results(pdef).to_vec() {
                let f: Vec<OpId> = ctx
                    .block_op_vec(pblock)
                    .into_iter()
                    .filter(|&o| ctx.op_is(o, "hpar.force") && ctx.operand(o, 0) == r)
                    .collect();
                if f.len() != 1 {
                    return Err(err(ctx, pdef, "cannot be lowered by convert-hpar-to-gpu: each result of a concat with several results must be forced exactly once, in the same program"));
                }
                fs.push(f[0]);
            }
            fs
        } else {
            vec![force]
        };
        let mut outs = Vec::new();
        for &f in &forces {
            outs.push(self.out_buffer(ctx, prog, f, pdef)?);
        }
        let mut hb = Builder::new(ctx, InsertPoint::Before(self.host_at(prog)), loc);
        // Launch configuration.
        let one = cidx(&mut hb, 1);
        // A grid push program may carry its own block size (convert-soac-to-hpar's
        // `fold-block-size`); every other kernel has the pass's.
        let hint = hb
            .attr(prog, crate::soac_to_hpar::BLOCK_SIZE_HINT)
            .and_then(|a| hb.ctx.attr_as_int(a))
            .filter(|_| {
                hb.op_is(pdef, "hpar.push")
                    && tail_hpar::scope::op_level(hb.ctx, pdef) == Some(Level::Grid)
            });
        if let Some(h) = hint {
            if !(32..=1024).contains(&h) || !(h as u64).is_power_of_two() {
                return Err(err(hb.ctx, prog, format!("cannot be lowered by convert-hpar-to-gpu: a block size hint ({}) must be a power of two from 32 to 1024, got {h}", crate::soac_to_hpar::BLOCK_SIZE_HINT)));
            }
        }
        let bs = cidx(&mut hb, hint.unwrap_or(self.block));
        if hb.op_is(pdef, "hpar.last_write") {
            let (fill, writes) = self.last_write_blocks(&mut hb, force, pdef, one, bs)?;
            self.kernel(ctx, prog, force, pdef, &outs, "fill", fill, one, bs)?;
            return self.kernel(ctx, prog, force, pdef, &outs, "last_write", writes, one, bs);
        }
        let (kind, blocks) = match hb.op_name_str(pdef) {
            "hpar.push" if tail_hpar::scope::op_level(hb.ctx, pdef) == Some(Level::Grid) => {
                let n = self.host_len(hb.ctx, force, hb.operand(pdef, 0))?;
                let nb = ceildiv(&mut hb, n, bs);
                ("push", bin(&mut hb, "arith.maxui", nb, one))
            }
            "hpar.concat" | "hpar.interleave"
                if tail_hpar::scope::op_level(hb.ctx, pdef) == Some(Level::Block) =>
            {
                let c = self.hval(hb.operand(pdef, 0));
                ("blocks", bin(&mut hb, "arith.maxui", c, one))
            }
            _ => {
                return Err(err(hb.ctx, pdef, "cannot be lowered to a kernel by convert-hpar-to-gpu (a grid-level push array must be push<grid>, concat<block> or interleave<block>)"));
            }
        };
        self.kernel(ctx, prog, force, pdef, &outs, kind, blocks, one, bs)
    }

    /// The output buffer of `force<grid>` (of push array `pdef`): shaped like the memref the
    /// program's result is returned as, else flat.
    fn out_buffer(
        &mut self,
        ctx: &mut Context,
        prog: OpId,
        force: OpId,
        pdef: OpId,
    ) -> CResult<Value> {
        let loc = ctx.op_loc(force);
        let p = ctx.operand(force, 0);
        let (elem, _) = push_parts(ctx, ctx.value_type(p)).expect("push");
        let fres = ctx.result(force, 0);
        let mut out_ty = ctx.memref_type(vec![DYNAMIC], elem);
        let mut out_dims: Option<Vec<Value>> = None;
        let ret = ctx
            .last_op(ctx.entry_block(ctx.region(prog, 0)).unwrap())
            .unwrap();
        if let Some(i) = ctx.operand_vec(ret).iter().position(|&v| v == fres) {
            let r = ctx.result(prog, i);
            for u in ctx.use_vec(r) {
                let user = u.op;
                if ctx.op_is(user, "builtin.unrealized_conversion_cast")
                    && ctx.num_operands(user) > 1
                {
                    let ty = ctx.value_type(ctx.result(user, 0));
                    let exts: Vec<Value> = ctx.operand_vec(user)[1..].to_vec();
                    let at = self.host_at(prog);
                    let dominates = exts.iter().all(|&e| available_at(ctx, e, at));
                    if dominates
                        && memref_shape(ctx, ty).is_some_and(|(s, _)| s.len() == exts.len())
                    {
                        out_ty = ty;
                        out_dims = Some(exts);
                    }
                }
            }
        }
        let mut hb = Builder::new(ctx, InsertPoint::Before(self.host_at(prog)), loc);
        let (shape, _) = memref_shape(hb.ctx, out_ty).unwrap();
        let dyns: Vec<Value> = match &out_dims {
            Some(d) => shape
                .iter()
                .zip(d)
                .filter(|(s, _)| **s == DYNAMIC)
                .map(|(_, &v)| v)
                .collect(),
            None => {
                let n = match hb.op_name_str(pdef) {
                    "hpar.push" => self.host_len(hb.ctx, force, hb.operand(pdef, 0))?,
                    "hpar.last_write" => self.hval(hb.operand(pdef, 1)),
                    "hpar.concat" | "hpar.interleave" => {
                        let r = hb.results(pdef).iter().position(|&r| r == p).unwrap_or(0);
                        let (c, k) = (self.hval(hb.operand(pdef, 0)), self.hval(chunk_of(hb.ctx, pdef, r)));
                        bin(&mut hb, "arith.muli", c, k)
                    }
                    _ => return Err(err(hb.ctx, force, "cannot be lowered by convert-hpar-to-gpu: the forced push array must come from push<grid>, concat<block> or interleave<block>")),
                };
                vec![n]
            }
        };
        let out = gpu_alloc(&mut hb, out_ty, &dyns);
        self.allocs.push(out);
        self.dev.insert(fres, out);
        Ok(out)
    }

    /// The kernel of `force<grid>` of `pdef` writing `outs` (one buffer per result of `pdef`),
    /// and its launch with `blocks` blocks.
    #[allow(clippy::too_many_arguments)]
    fn kernel(
        &mut self,
        ctx: &mut Context,
        prog: OpId,
        force: OpId,
        pdef: OpId,
        outs: &[Value],
        kind: &str,
        blocks: Value,
        one: Value,
        bs: Value,
    ) -> CResult {
        let loc = ctx.op_loc(force);
        // The kernel.
        let kname = format!("{}_k{}", self.fname, self.kernels);
        self.kernels += 1;
        let (kr, kblock) = region(ctx, &[]);
        let mut k = Kernel {
            b: Builder::at_end(ctx, kblock, loc),
            host: self,
            prog,
            entry: kblock,
            kmap: VMap::default(),
            mat: FxHashMap::default(),
            params: Vec::new(),
            shared: Vec::new(),
            views: FxHashMap::default(),
            ret: Vec::new(),
            written: Vec::new(),
        };
        let mut sinks = Vec::new();
        for &out in outs {
            sinks.push(Sink::Global(k.kval(force, out)?));
        }
        let sink = sinks[0].clone();
        if kind == "fill" || kind == "last_write" {
            k.last_write_body(pdef, &sink, kind)?;
        } else if kind == "push" {
            let a = k.b.operand(pdef, 0);
            let bid = k.id("gpu.block_id");
            let bdim = k.id("gpu.block_dim");
            let tid = k.id("gpu.thread_id");
            let g = bin(&mut k.b, "arith.muli", bid, bdim);
            let gid = bin(&mut k.b, "arith.addi", g, tid);
            let n = k.len(pdef, a)?;
            let ok = ult(&mut k.b, gid, n);
            k.if_then(ok, |k| {
                let v = k.eval(pdef, a, gid)?;
                k.store(&sink, gid, v)
            })?;
        } else {
            let count = k.b.operand(pdef, 0);
            let count = k.kval(pdef, count)?;
            let mut chunks = Vec::new();
            for r in 0..sinks.len() {
                let c = chunk_of(k.b.ctx, pdef, r);
                chunks.push(k.kval(pdef, c)?);
            }
            let bid = k.id("gpu.block_id");
            let ok = ult(&mut k.b, bid, count);
            let body = k.b.entry_block(k.b.region(pdef, 0)).expect("body");
            let arg = k.b.block_arg(body, 0);
            let place = (k.b.op_is(pdef, "hpar.interleave"))
                .then(|| k.b.entry_block(k.b.region(pdef, 1)).expect("placement"));
            k.if_then(ok, |k| {
                k.kmap.insert(arg, bid);
                let subs: Vec<Sink> = sinks
                    .iter()
                    .zip(&chunks)
                    .enumerate()
                    .map(|(which, (s, &c))| match place {
                        Some(place) => Sink::Placed {
                            inner: Box::new(s.clone()),
                            place,
                            sub: bid,
                            which,
                        },
                        None => Sink::Offset(Box::new(s.clone()), bid, c),
                    })
                    .collect();
                k.program(body, Level::Block, &subs)
            })?;
        }
        mk(&mut k.b, "gpu.return", &[], &[], &[], Vec::new());
        // Parameters, then workgroup attributions, as entry-block arguments.
        let params = std::mem::take(&mut k.params);
        let shared = std::mem::take(&mut k.shared);
        drop(k);
        let mut ptys = Vec::new();
        let mut host_args = Vec::new();
        for (hv, ph) in &params {
            let t = ctx.value_type(*ph);
            let a = ctx.add_block_arg(kblock, t);
            ctx.replace_all_uses_with(*ph, a);
            ctx.erase_placeholder(*ph);
            ptys.push(t);
            host_args.push(*hv);
        }
        for ph in &shared {
            let t = ctx.value_type(*ph);
            let a = ctx.add_block_arg(kblock, t);
            ctx.replace_all_uses_with(*ph, a);
            ctx.erase_placeholder(*ph);
        }
        let mut st = OperationState::new(ctx, "gpu.func", loc);
        let nm = ctx.string_attr(&kname);
        st.add_attr(ctx, "sym_name", nm);
        let fty = ctx.function_type(ptys, vec![]);
        let fta = ctx.type_attr(fty);
        st.add_attr(ctx, "function_type", fta);
        let i64t = ctx.int_type(64);
        let nw = ctx.int_attr(i64t, shared.len() as i64);
        st.add_attr(ctx, "workgroup_attributions", nw);
        let u = ctx.unit_attr();
        st.add_attr(ctx, tail_gpu::ops::KERNEL_ATTR, u);
        let block = const_index(ctx, bs).unwrap_or(self.block);
        let kbs = ctx.dense_i32_array_attr(vec![block, 1, 1]);
        st.add_attr(ctx, "known_block_size", kbs);
        st.regions.push(kr);
        let kf = ctx.create_op(st);
        ctx.insert_op(kf, InsertPoint::BlockEnd(self.gblock));
        // The launch.
        let mut hb = Builder::new(ctx, InsertPoint::Before(self.host_at(prog)), loc);
        let mut st = hb.state("gpu.launch_func");
        st.operands = vec![blocks, one, one, bs, one, one];
        st.operands.extend(&host_args);
        let root = hb.ctx.intern(&self.gname);
        let leaf = hb.ctx.intern(&kname);
        let kref = hb.intern_attr(tail_ir::AttrKind::SymbolRef {
            root,
            nested: vec![leaf].into_iter().collect(),
        });
        st.add_attr(hb.ctx, "kernel", kref);
        let seg = hb.dense_i32_array_attr(vec![
            0,
            1,
            1,
            1,
            1,
            1,
            1,
            0,
            0,
            0,
            0,
            host_args.len() as i64,
            0,
        ]);
        st.add_attr(hb.ctx, tail_ir::format::OPERAND_SEGMENTS, seg);
        hb.insert(st);
        Ok(())
    }

    /// A host use of a grid array: copy back, read one element, or its length.
    fn host_use(&mut self, ctx: &mut Context, op: OpId) -> CResult {
        let new = self.host_value(ctx, op, InsertPoint::Before(op))?;
        let r = ctx.result(op, 0);
        ctx.replace_all_uses_with(r, new);
        Ok(())
    }

    /// The host value of `op`, a host use of a grid array (`host_use`), built at `at` (its
    /// index operand read through `hval`).
    fn host_value(&mut self, ctx: &mut Context, op: OpId, at: InsertPoint) -> CResult<Value> {
        let src = ctx.operand(op, 0);
        let d = self.dev[&src];
        let dty = ctx.value_type(d);
        let (dshape, elem) = memref_shape(ctx, dty).expect("memref");
        let loc = ctx.op_loc(op);
        let mut b = Builder::new(ctx, at, loc);
        let dims = |b: &mut Builder<'_>| -> Vec<Value> {
            dshape
                .iter()
                .enumerate()
                .filter(|(_, &s)| s == DYNAMIC)
                .map(|(i, _)| {
                    let c = cidx(b, i as i64);
                    tail_builtin::memref::DimOp::create(b, d, c)
                })
                .collect()
        };
        let name = b.op_name_str(op).to_string();
        let new = match name.as_str() {
            "builtin.unrealized_conversion_cast" => {
                let ty = b.value_type(b.result(op, 0));
                if ty != dty {
                    return Err(err(b.ctx, op, "cannot be lowered by convert-hpar-to-gpu: the memref type does not match the device buffer of the array"));
                }
                let ds = dims(&mut b);
                let h = mk1(&mut b, "memref.alloc", &ds, ty, &[]);
                mk(&mut b, "gpu.memcpy", &[h, d], &[], &[], Vec::new());
                h
            }
            "hpar.index" => {
                let ds = dims(&mut b);
                let h = mk1(&mut b, "memref.alloc", &ds, dty, &[]);
                mk(&mut b, "gpu.memcpy", &[h, d], &[], &[], Vec::new());
                let i = self.hval(b.operand(op, 1));
                // The flat (row-major) position as one index per axis of the buffer (a
                // loop-carried array keeps its rank: `F[1;2]` of a matrix a power loop made).
                let mut idx = vec![i];
                if dshape.len() > 1 {
                    let mut rest = i;
                    idx.clear();
                    for k in (1..dshape.len()).rev() {
                        let c = cidx(&mut b, k as i64);
                        let e = tail_builtin::memref::DimOp::create(&mut b, d, c);
                        idx.push(bin(&mut b, "arith.remui", rest, e));
                        rest = bin(&mut b, "arith.divui", rest, e);
                    }
                    idx.push(rest);
                    idx.reverse();
                }
                let mut ops = vec![h];
                ops.extend(idx);
                let v = mk1(&mut b, "memref.load", &ops, elem, &[]);
                mk(&mut b, "memref.dealloc", &[h], &[], &[], Vec::new());
                v
            }
            _ => element_count(&mut b, d),
        };
        Ok(new)
    }
}

/// The dialects whose ops may be moved into a kernel: the upstream ones codegen lowers to NVVM.
const KERNEL_DIALECTS: [&str; 6] = ["arith", "math", "scf", "memref", "index", "gpu"];

/// The number of elements of memref `m`: the product of its extents (`memref.dim`s).
fn element_count(b: &mut Builder<'_>, m: Value) -> Value {
    let rank = memref_shape(b.ctx, b.value_type(m)).map_or(0, |(s, _)| s.len());
    let mut n = cidx(b, 1);
    for i in 0..rank {
        let c = cidx(b, i as i64);
        let e = tail_builtin::memref::DimOp::create(b, m, c);
        n = bin(b, "arith.muli", n, e);
    }
    n
}

fn gpu_alloc(b: &mut Builder<'_>, ty: Type, dyns: &[Value]) -> Value {
    let seg = b.dense_i32_array_attr(vec![0, dyns.len() as i64, 0]);
    mk1(
        b,
        "gpu.alloc",
        dyns,
        ty,
        &[(tail_ir::format::OPERAND_SEGMENTS, seg)],
    )
}

/// Where a push array's elements go.
#[derive(Clone)]
enum Sink {
    /// A global buffer (rank 1, or rank 2 written row-major).
    Global(Value),
    /// A workgroup buffer.
    Shared(Value),
    /// Element `j` of sub-program `i` goes to `i·chunk + j` of the inner sink.
    Offset(Box<Sink>, Value, Value),
    /// Element `j` of sub-program `i` goes to position `which` of what the placement region
    /// (of an `interleave`) yields for `(i, j)`.
    Placed {
        inner: Box<Sink>,
        place: BlockId,
        sub: Value,
        which: usize,
    },
}

/// The device global in which a kernel records its first failed check ([`device_check`]);
/// the CUDA runtime reads it (`cuModuleGetGlobal`) after the kernels it waits for and
/// reports the failure at the program's position.
pub const FAULT_RECORD: &str = "__tail_fault";

/// The `i64` fields of [`FAULT_RECORD`] ([`tail_format::fault`]): the number of failed
/// checks, then the first one's index, extent, axis, origin, line and column.
pub const FAULT_RECORD_FIELDS: i64 = tail_format::fault::FIELDS as i64;

/// Whether `name` is a run-time check that kernels define for the device ([`device_check`]).
pub fn is_device_check(name: Option<&str>) -> bool {
    use crate::checks::{CHECK_COUNT, CHECK_EXTENT32, CHECK_EXTENTS, CHECK_INDEX};
    name.is_some_and(|n| [CHECK_INDEX, CHECK_COUNT, CHECK_EXTENT32, CHECK_EXTENTS].contains(&n))
}

/// Whether `name` is a C math function that kernels call ([`crate::complex::MAGNITUDE`]:
/// `hypot`): the `gpu.module` defines it for the device ([`device_math`]); where kernels
/// become host code (`convert-gpu-to-cpu`) the calls reach the C library's, which the host
/// and the interpreters use too.
pub fn is_device_math(name: Option<&str>) -> bool {
    name == Some(crate::complex::MAGNITUDE)
}

/// The device's definition of math function `name`, once in the `gpu.module` whose body is
/// `gblock`. `hypot(x, y)`, with `a = max(|x|, |y|)`, `b = min(|x|, |y|)`:
/// `a · sqrt(fma(b/a, b/a, 1))` (no overflow or underflow in the square), `+∞` when either
/// is infinite (even beside a NaN, as C's), `0` when both are zero, NaN for a NaN otherwise.
/// The formula in `f64` is within 2 units in the last place of C's `hypot` (10⁵ random pairs
/// across the exponent range), as the device's other math functions differ from the host's.
fn device_math(ctx: &mut Context, gblock: BlockId, name: &str) {
    let gmod = ctx.block_parent_op(gblock).expect("the gpu.module's body");
    if tail_builtin::util::lookup_symbol_in(ctx, gmod, name).is_some() {
        return;
    }
    let loc = ctx.unknown_loc();
    let f64t = ctx.f64_type();
    let params = vec![f64t, f64t];
    let fty = ctx.function_type(params.clone(), vec![f64t]);
    let first = ctx.block_op_vec(gblock).first().copied();
    let mut b = Builder::new(
        ctx,
        first.map_or(InsertPoint::BlockEnd(gblock), InsertPoint::Before),
        loc,
    );
    let f = tail_builtin::func::FuncOp::create_declaration(&mut b, name, fty).op();
    let body = b.region(f, 0);
    let blk = b.append_new_block(body, &params);
    let args = b.block_args(blk).to_vec();
    b.set_insertion_point(InsertPoint::BlockEnd(blk));
    use tail_builtin::arith::CmpFPredicate as CF;
    use tail_builtin::arith::{build_binary, build_constant_float, build_select};
    let abs = |b: &mut Builder<'_>, v| mk1(b, "math.absf", &[v], f64t, &[]);
    let (x, y) = (abs(&mut b, args[0]), abs(&mut b, args[1]));
    let big = build_binary(&mut b, "arith.maxnumf", x, y);
    let small = build_binary(&mut b, "arith.minnumf", x, y);
    let r = build_binary(&mut b, "arith.divf", small, big);
    let one = build_constant_float(&mut b, f64t, 1.0);
    let s = mk1(&mut b, "math.fma", &[r, r, one], f64t, &[]);
    let q = mk1(&mut b, "math.sqrt", &[s], f64t, &[]);
    let h = build_binary(&mut b, "arith.mulf", big, q);
    let zero = build_constant_float(&mut b, f64t, 0.0);
    let inf = build_constant_float(&mut b, f64t, f64::INFINITY);
    let cmp = |b: &mut Builder<'_>, p: CF, l, r| tail_builtin::arith::build_cmpf(b, p, l, r);
    // Both zero: 0 (not 0/0). A NaN beside a finite value: NaN (maxnumf would drop it).
    let is_zero = cmp(&mut b, CF::Oeq, big, zero);
    let h = build_select(&mut b, is_zero, zero, h);
    let nan = cmp(&mut b, CF::Uno, x, y);
    let sum = build_binary(&mut b, "arith.addf", x, y);
    let h = build_select(&mut b, nan, sum, h);
    // An infinite part: +∞, whatever the other.
    let xi = cmp(&mut b, CF::Oeq, x, inf);
    let yi = cmp(&mut b, CF::Oeq, y, inf);
    let any_inf = build_binary(&mut b, "arith.ori", xi, yi);
    let h = build_select(&mut b, any_inf, inf, h);
    mk(&mut b, "func.return", &[h], &[], &[], Vec::new());
}

/// The device's definition of run-time check `name`, once in the `gpu.module` whose body is
/// `gblock`, with the module's [`FAULT_RECORD`]:
/// `tail_rt_check_index(index, extent, axis, origin, line, col)` (of `soac-runtime-checks`)
/// fails for an index outside `0..extent`, `tail_rt_check_count(n, line, col)` (an `iota`
/// count in a lambda) for `n < 0`, `tail_rt_check_extent32(n, line, col)` (an extent `⍴`
/// gives) for `n > 2³¹−1`, `tail_rt_check_extents(e0, ek, k, line, col)` (the inputs of a
/// SOAC in a lambda) for `e0 ≠ ek`. A failing thread counts the failure atomically; the first
/// one stores its arguments in the record (a count or an extent with the axis word
/// [`tail_format::fault::NEGATIVE_COUNT`] or [`tail_format::fault::EXTENT_TOO_LARGE`], two
/// extents with [`tail_format::fault::EXTENT_MISMATCH`]); each
/// failing thread ends there (`nvvm.exit`), and the kernel's other threads go on. The host,
/// waiting for the kernels, finds the record and stops the program with the message and
/// source position a host check gives (`prog.apl:4:1: error: index 4 is out of bounds ...`).
/// Where kernels become host code (`convert-gpu-to-cpu`) the `gpu.module` goes and the calls
/// reach the runtime's functions; the interpreters run the same checks.
fn device_check(ctx: &mut Context, gblock: BlockId, name: &str) {
    let gmod = ctx.block_parent_op(gblock).expect("the gpu.module's body");
    if tail_builtin::util::lookup_symbol_in(ctx, gmod, name).is_some() {
        return;
    }
    let is_index = name == crate::checks::CHECK_INDEX;
    let loc = ctx.unknown_loc();
    let i64t = ctx.int_type(64);
    let params = crate::checks::check_params(ctx, name);
    let fty = ctx.function_type(params.clone(), vec![]);
    let record_ty = ctx.memref_type(vec![FAULT_RECORD_FIELDS], i64t);
    let has_record = tail_builtin::util::lookup_symbol_in(ctx, gmod, FAULT_RECORD).is_some();
    let first = ctx.block_op_vec(gblock).first().copied();
    let mut b = Builder::new(
        ctx,
        first.map_or(InsertPoint::BlockEnd(gblock), InsertPoint::Before),
        loc,
    );
    if !has_record {
        // `memref.global @__tail_fault : memref<7xi64> = uninitialized`: PTX zero-initializes
        // `.global` variables without an initializer.
        let mut g = b.state("memref.global");
        let sym = b.string_attr(FAULT_RECORD);
        g.add_attr(&mut b, "sym_name", sym);
        let tattr = b.type_attr(record_ty);
        g.add_attr(&mut b, "type", tattr);
        let uninit = b.unit_attr();
        g.add_attr(&mut b, "initial_value", uninit);
        b.insert(g);
    }

    let f = tail_builtin::func::FuncOp::create_declaration(&mut b, name, fty).op();
    let body = b.region(f, 0);
    let blk = b.append_new_block(body, &params);
    let args = b.block_args(blk).to_vec();
    b.set_insertion_point(InsertPoint::BlockEnd(blk));
    use tail_builtin::arith::{
        build_cmpi, build_constant_index, build_constant_int, CmpIPredicate,
    };
    let bad = crate::checks::check_fails(&mut b, name, &args);
    // The record's axis word for the checks of one value (a count, an extent) and of two
    // extents.
    let is_pair = name == crate::checks::CHECK_EXTENTS;
    let kind = if is_index {
        0
    } else if is_pair {
        tail_format::fault::EXTENT_MISMATCH
    } else if name == crate::checks::CHECK_COUNT {
        tail_format::fault::NEGATIVE_COUNT
    } else {
        tail_format::fault::EXTENT_TOO_LARGE
    };
    let (_, failed, _) = tail_builtin::scf::IfOp::create(&mut b, bad, &[], false);
    let y = b.last_op(failed).expect("scf.yield");
    b.set_insertion_point(InsertPoint::Before(y));
    let sym_ref = b.symbol_ref_attr(FAULT_RECORD);
    let record = mk1(
        &mut b,
        "memref.get_global",
        &[],
        record_ty,
        &[("name", sym_ref)],
    );
    let one = build_constant_int(&mut b, i64t, 1);
    let zero_ix = build_constant_index(&mut b, 0);
    let addi = b.int_attr(i64t, 1); // `addi` in `ATOMIC_RMW_KINDS`
    let before = mk1(
        &mut b,
        "memref.atomic_rmw",
        &[one, record, zero_ix],
        i64t,
        &[("kind", addi)],
    );
    let zero = build_constant_int(&mut b, i64t, 0);
    let is_first = build_cmpi(&mut b, CmpIPredicate::Eq, before, zero);
    let (_, store_b, _) = tail_builtin::scf::IfOp::create(&mut b, is_first, &[], false);
    let sy = b.last_op(store_b).expect("scf.yield");
    b.set_insertion_point(InsertPoint::Before(sy));
    // The record's words after the count: the index check's arguments as they are; two
    // extents as (e0, ek, kind, k, line, col); a count or an extent as (n, 0, kind, 0, line,
    // col).
    let words: Vec<Value> = if is_index {
        args.clone()
    } else if is_pair {
        let kind = build_constant_int(&mut b, i64t, kind);
        vec![args[0], args[1], kind, args[2], args[3], args[4]]
    } else {
        let kind = build_constant_int(&mut b, i64t, kind);
        vec![args[0], zero, kind, zero, args[1], args[2]]
    };
    for (k, &a) in words.iter().enumerate() {
        let ty = b.value_type(a);
        let v = if b.type_kind(ty) == &tail_ir::TypeKind::Index {
            mk1(&mut b, "arith.index_cast", &[a], i64t, &[])
        } else if ty == i64t {
            a
        } else {
            mk1(&mut b, "arith.extsi", &[a], i64t, &[])
        };
        let at = build_constant_index(&mut b, k as i64 + 1);
        let mut st = b.state("memref.store");
        st.operands = vec![v, record, at];
        b.insert(st);
    }
    b.set_insertion_point(InsertPoint::Before(y));
    let exit = b.state("nvvm.exit");
    b.insert(exit);
    b.set_insertion_point(InsertPoint::BlockEnd(blk));
    let ret = b.state("func.return");
    b.insert(ret);
}

/// Kernel-building state.
struct Kernel<'c, 'h> {
    b: Builder<'c>,
    host: &'h Host,
    prog: OpId,
    /// The kernel's entry block.
    entry: BlockId,
    /// hpar value → kernel value (scalars).
    kmap: VMap,
    /// hpar pull array materialised in the kernel → its workgroup buffer.
    mat: FxHashMap<Value, Value>,
    /// Host value → placeholder of the kernel parameter.
    params: Vec<(Value, Value)>,
    /// Placeholders of the workgroup attributions.
    shared: Vec<Value>,
    /// Pull arrays that are windows of a buffer or another array (`split_at`, loop states).
    views: FxHashMap<Value, block_loops::View>,
    /// The push arrays the program being lowered returns, with where they go.
    ret: Vec<(Value, Sink)>,
    /// Returned push arrays already written (by a fused loop or with a sibling result).
    written: Vec<Value>,
}

/// Chunk operand of result `r` of `concat`/`interleave` `d` (one for all results or one each).
fn chunk_of(ctx: &Context, d: OpId, r: usize) -> Value {
    if ctx.num_operands(d) > 2 {
        ctx.operand(d, 1 + r)
    } else {
        ctx.operand(d, 1)
    }
}

impl Kernel<'_, '_> {
    fn id(&mut self, name: &str) -> Value {
        let x = DimKw::get(self.b.ctx, "x");
        let it = self.b.index_type();
        mk1(&mut self.b, name, &[], it, &[("dimension", x)])
    }

    fn if_then(&mut self, cond: Value, f: impl FnOnce(&mut Self) -> CResult) -> CResult {
        let (_, then_b, _) = tail_builtin::scf::IfOp::create(&mut self.b, cond, &[], false);
        let saved = self.b.insertion_point();
        let y = self.b.last_op(then_b).expect("scf.yield");
        self.b.set_insertion_point(InsertPoint::Before(y));
        f(self)?;
        self.b.set_insertion_point(saved);
        Ok(())
    }

    /// `for i = lb to ub step s { f(i) }`.
    fn for_loop(
        &mut self,
        lb: Value,
        ub: Value,
        step: Value,
        f: impl FnOnce(&mut Self, Value) -> CResult,
    ) -> CResult {
        let (_, body) = tail_builtin::scf::ForOp::create(&mut self.b, lb, ub, step, &[]);
        let saved = self.b.insertion_point();
        let y = self.b.last_op(body).expect("scf.yield");
        self.b.set_insertion_point(InsertPoint::Before(y));
        let i = self.b.block_arg(body, 0);
        f(self, i)?;
        self.b.set_insertion_point(saved);
        Ok(())
    }

    /// The kernel value of `v` (used by `user`): a value computed in the kernel, or a host value
    /// passed as a parameter (device buffers for memrefs and grid arrays).
    fn kval(&mut self, user: OpId, v: Value) -> CResult<Value> {
        if let Some(&k) = self.kmap.get(&v) {
            return Ok(k);
        }
        let inside = self
            .b
            .defining_op(v)
            .is_some_and(|d| self.b.is_ancestor(self.prog, d));
        // A value of the program is known to the kernel if the host computes it, or if it is an
        // array an earlier `force<grid>` of the same program wrote.
        if inside && !self.host.hmap.contains_key(&v) && !self.host.dev.contains_key(&v) {
            return Err(err(
                self.b.ctx,
                user,
                "cannot be lowered by convert-hpar-to-gpu: uses a value the kernel cannot compute",
            ));
        }
        let h = self.host.hval(v);
        let h = *self.host.dev.get(&h).unwrap_or(&h);
        if let Some(&(_, ph)) = self.params.iter().find(|(hv, _)| *hv == h) {
            return Ok(ph);
        }
        if let Some(c) = self
            .b
            .defining_op(h)
            .filter(|&c| self.b.op_is(c, "arith.constant"))
        {
            let mut m = VMap::default();
            let n = self.b.clone_op(c, &mut m);
            self.b.insert_op(n, InsertPoint::BlockStart(self.entry));
            let k = self.b.result(n, 0);
            self.kmap.insert(v, k);
            return Ok(k);
        }
        let t = self.b.value_type(h);
        if !is_scalar(self.b.ctx, t) && memref_shape(self.b.ctx, t).is_none() {
            return Err(err(self.b.ctx, user, format!("cannot be lowered by convert-hpar-to-gpu: a value of type '{}' cannot be passed to a kernel", self.b.ctx.type_to_string(t))));
        }
        let ph = self.b.create_placeholder(t);
        self.params.push((h, ph));
        self.kmap.insert(v, ph);
        Ok(ph)
    }

    /// The device buffer of a grid array, or the workgroup buffer of a block array.
    fn buffer(&mut self, user: OpId, a: Value) -> CResult<Option<Value>> {
        if let Some(&m) = self.mat.get(&a) {
            return Ok(Some(m));
        }
        if self.host.dev.contains_key(&a) {
            return self.kval(user, a).map(Some);
        }
        Ok(None)
    }

    /// The length of pull array `a` in the kernel.
    fn len(&mut self, user: OpId, a: Value) -> CResult<Value> {
        if let Some(n) = self.view_len(a) {
            return Ok(n);
        }
        if let Some(m) = self.buffer(user, a)? {
            return Ok(element_count(&mut self.b, m));
        }
        let d = self.b.defining_op(a);
        match d.map(|d| self.b.op_name_str(d).to_string()).as_deref() {
            Some("hpar.generate") => {
                let n = self.b.operand(d.unwrap(), 0);
                self.kval(d.unwrap(), n)
            }
            Some("hpar.map") => {
                let x = self.b.operand(d.unwrap(), 0);
                self.len(d.unwrap(), x)
            }
            _ => Err(err(self.b.ctx, d.unwrap_or(user), "cannot be lowered by convert-hpar-to-gpu: unknown length of a pull array (supported: generate, map, forced arrays)")),
        }
    }

    /// Loads element `i` (flat, row-major) of buffer `m`.
    fn load(&mut self, m: Value, i: Value) -> Value {
        let (shape, elem) = memref_shape(self.b.ctx, self.b.value_type(m)).unwrap();
        let idx = self.delinearize(m, &shape, i);
        let mut ops = vec![m];
        ops.extend(idx);
        mk1(&mut self.b, "memref.load", &ops, elem, &[])
    }

    /// The row-major indices of flat position `i` in buffer `m` (of rank `shape.len()`).
    fn delinearize(&mut self, m: Value, shape: &[i64], i: Value) -> Vec<Value> {
        let mut idx = vec![i; shape.len()];
        let mut rest = i;
        for a in (1..shape.len()).rev() {
            let c = cidx(&mut self.b, a as i64);
            let e = tail_builtin::memref::DimOp::create(&mut self.b, m, c);
            idx[a] = bin(&mut self.b, "arith.remui", rest, e);
            rest = bin(&mut self.b, "arith.divui", rest, e);
        }
        if !shape.is_empty() {
            idx[0] = rest;
        }
        idx
    }

    fn store(&mut self, sink: &Sink, i: Value, v: Value) -> CResult {
        match sink {
            Sink::Global(m) | Sink::Shared(m) => {
                let m = *m;
                let (shape, _) = memref_shape(self.b.ctx, self.b.value_type(m)).unwrap();
                let idx = self.delinearize(m, &shape, i);
                tail_builtin::memref::StoreOp::create(&mut self.b, v, m, &idx);
                Ok(())
            }
            Sink::Offset(inner, sub, chunk) => {
                let base = bin(&mut self.b, "arith.muli", *sub, *chunk);
                let j = bin(&mut self.b, "arith.addi", base, i);
                self.store(inner, j, v)
            }
            Sink::Placed {
                inner,
                place,
                sub,
                which,
            } => {
                let args = self.b.block_args(*place).to_vec();
                self.kmap.insert(args[0], *sub);
                self.kmap.insert(args[1], i);
                let ps = self.lower_block(*place, false)?;
                self.store(inner, ps[*which], v)
            }
        }
    }

    /// Element `i` of pull array `a`.
    fn eval(&mut self, user: OpId, a: Value, i: Value) -> CResult<Value> {
        if let Some(v) = self.eval_view(user, a, i)? {
            return Ok(v);
        }
        if let Some(m) = self.buffer(user, a)? {
            return Ok(self.load(m, i));
        }
        let Some(d) = self.b.defining_op(a) else {
            return Err(err(self.b.ctx, user, "cannot be lowered by convert-hpar-to-gpu: reads a pull array passed as a block argument"));
        };
        match self.b.op_name_str(d).to_string().as_str() {
            "hpar.generate" => {
                let out = self.b.results(d).iter().position(|&r| r == a).unwrap_or(0);
                let blk = self.b.entry_block(self.b.region(d, 0)).unwrap();
                let arg = self.b.block_arg(blk, 0);
                self.kmap.insert(arg, i);
                let ys = self.lower_block(blk, false)?;
                Ok(ys[out])
            }
            "hpar.map" => {
                let x = self.b.operand(d, 0);
                let xv = self.eval(d, x, i)?;
                let blk = self.b.entry_block(self.b.region(d, 0)).unwrap();
                let arg = self.b.block_arg(blk, 0);
                self.kmap.insert(arg, xv);
                let ys = self.lower_block(blk, false)?;
                Ok(ys[0])
            }
            _ => Err(err(self.b.ctx, d, "cannot be lowered by convert-hpar-to-gpu: pull arrays must be generate, map or forced arrays")),
        }
    }

    /// Lowers the ops of `blk` into the kernel; returns the terminator's operands (mapped),
    /// and clones the terminator too when `keep_terminator`.
    fn lower_block(&mut self, blk: BlockId, keep_terminator: bool) -> CResult<Vec<Value>> {
        let ops = self.b.block_op_vec(blk);
        let (term, body) = ops.split_last().expect("terminator");
        for &o in body {
            self.lower_op(o)?;
        }
        if keep_terminator {
            self.lower_op(*term)?;
            return Ok(Vec::new());
        }
        self.b
            .operand_vec(*term)
            .into_iter()
            .map(|v| self.kval(*term, v))
            .collect()
    }

    /// Lowers one scalar op (or an `scf` op with regions, recursively) into the kernel.
    fn lower_op(&mut self, o: OpId) -> CResult {
        let name = self.b.op_name_str(o).to_string();
        match name.as_str() {
            "hpar.index" => {
                let (a, i) = (self.b.operand(o, 0), self.b.operand(o, 1));
                let iv = self.kval(o, i)?;
                let v = self.eval(o, a, iv)?;
                let r = self.b.result(o, 0);
                self.kmap.insert(r, v);
                return Ok(());
            }
            "hpar.length" => {
                let a = self.b.operand(o, 0);
                let v = self.len(o, a)?;
                let r = self.b.result(o, 0);
                self.kmap.insert(r, v);
                return Ok(());
            }
            _ if name.starts_with("hpar.") => {
                return Err(err(
                    self.b.ctx,
                    o,
                    "cannot be lowered by convert-hpar-to-gpu inside a function region",
                ));
            }
            _ => {}
        }
        // A kernel holds only upstream ops (codegen compiles the `gpu.module` with upstream
        // MLIR): a `tail` op left in a lambda (`tail.roll`, …) has no device lowering. The
        // run-time checks (the index check of `soac-runtime-checks`, an `iota` count's) are
        // the calls: the `gpu.module` defines them for the device (`device_check`).
        let dialect = name.split('.').next().unwrap_or("");
        let callee = (name == "func.call")
            .then(|| {
                self.b
                    .attr(o, "callee")
                    .and_then(|a| self.b.attr_as_symbol_ref(a))
                    .map(str::to_string)
            })
            .flatten();
        if is_device_check(callee.as_deref()) {
            device_check(
                self.b.ctx,
                self.host.gblock,
                callee.as_deref().unwrap_or_default(),
            );
        } else if is_device_math(callee.as_deref()) {
            device_math(
                self.b.ctx,
                self.host.gblock,
                callee.as_deref().unwrap_or_default(),
            );
        } else if !KERNEL_DIALECTS.contains(&dialect) {
            return Err(err(
                self.b.ctx,
                o,
                format!("cannot be lowered by convert-hpar-to-gpu: an op of dialect '{dialect}' inside a kernel (kernels hold only {} ops)", KERNEL_DIALECTS.join(", ")),
            ));
        }
        let operands: Vec<Value> = self
            .b
            .operand_vec(o)
            .into_iter()
            .map(|v| self.kval(o, v))
            .collect::<CResult<_>>()?;
        let loc: Location = self.b.op_loc(o);
        let mut st = OperationState::new(self.b.ctx, &name, loc);
        st.operands = operands;
        st.result_types = self
            .b
            .results(o)
            .iter()
            .map(|&r| self.b.value_type(r))
            .collect();
        st.attrs = self.b.attrs(o).to_vec();
        let regions = self.b.regions(o).to_vec();
        let mut new_regions = Vec::new();
        let mut todo = Vec::new();
        for r in regions {
            let nr = self.b.create_region();
            for blk in self.b.region_blocks(r).to_vec() {
                let tys: Vec<Type> = self
                    .b
                    .block_args(blk)
                    .iter()
                    .map(|&a| self.b.value_type(a))
                    .collect();
                let nb = self.b.append_new_block(nr, &tys);
                let (old, new) = (
                    self.b.block_args(blk).to_vec(),
                    self.b.block_args(nb).to_vec(),
                );
                for (x, y) in old.into_iter().zip(new) {
                    self.kmap.insert(x, y);
                }
                todo.push((blk, nb));
            }
            new_regions.push(nr);
        }
        if !self.b.successors(o).is_empty() {
            return Err(err(
                self.b.ctx,
                o,
                "cannot be lowered by convert-hpar-to-gpu: unstructured control flow",
            ));
        }
        st.regions = new_regions;
        let n = self.b.insert(st);
        for (i, &r) in self.b.results(o).to_vec().iter().enumerate() {
            let nr = self.b.result(n, i);
            self.kmap.insert(r, nr);
        }
        let saved = self.b.insertion_point();
        for (blk, nb) in todo {
            self.b.set_insertion_point(InsertPoint::BlockEnd(nb));
            self.lower_block(blk, true)?;
        }
        self.b.set_insertion_point(saved);
        Ok(())
    }

    /// Runs the program region `blk` at level `l`; its returned push arrays go to `sinks` (one
    /// each).
    fn program(&mut self, blk: BlockId, l: Level, sinks: &[Sink]) -> CResult {
        let term = self.b.last_op(blk).expect("terminator");
        let qs = self.b.operand_vec(term);
        if qs.len() != sinks.len() {
            return Err(err(self.b.ctx, term, "cannot be lowered by convert-hpar-to-gpu: returns a different number of arrays than are written"));
        }
        let ret: Vec<(Value, Sink)> = qs.iter().copied().zip(sinks.iter().cloned()).collect();
        let saved = std::mem::replace(&mut self.ret, ret);
        let r = self.program_ops(blk, l);
        self.ret = saved;
        r
    }

    /// The sink of returned push array `q` of the program being lowered.
    fn ret_sink(&self, q: Value) -> Option<Sink> {
        self.ret
            .iter()
            .find(|(v, _)| *v == q)
            .map(|(_, s)| s.clone())
    }

    /// The ops of program region `blk` at level `l` (`program`).
    fn program_ops(&mut self, blk: BlockId, l: Level) -> CResult {
        for o in self.b.block_op_vec(blk) {
            let name = self.b.op_name_str(o).to_string();
            match name.as_str() {
                "hpar.return" => {
                    for q in self.b.operand_vec(o) {
                        if self.written.contains(&q) {
                            continue;
                        }
                        // The results of one `concat`/`interleave` are written by one run of
                        // it: each must be returned.
                        let d = self.b.defining_op(q);
                        let group: Vec<Value> = match d {
                            Some(d) if self.b.num_results(d) > 1 => self.b.results(d).to_vec(),
                            _ => vec![q],
                        };
                        let mut sinks = Vec::new();
                        for &g in &group {
                            let Some(s) = self.ret_sink(g) else {
                                return Err(err(self.b.ctx, o, "cannot be lowered by convert-hpar-to-gpu: every result of a concat with several results must be returned (or forced) by the program that runs it"));
                            };
                            sinks.push(s);
                        }
                        self.push(o, q, l, &sinks)?;
                        self.written.extend(group);
                    }
                }
                "hpar.generate" | "hpar.map" | "hpar.push" | "hpar.concat" | "hpar.interleave"
                | "hpar.seqfor" | "hpar.scan" => {}
                // Forced with the other results of its `concat` (`force_block`).
                "hpar.force" if self.mat.contains_key(&self.b.result(o, 0)) => {}
                "hpar.force" if tail_hpar::scope::op_level(self.b.ctx, o) == Some(Level::Block) => {
                    self.force_block(o)?;
                }
                "hpar.split_at" => self.split_at(o)?,
                "hpar.power" | "hpar.while"
                    if tail_hpar::scope::op_level(self.b.ctx, o) == Some(Level::Block) =>
                {
                    self.block_loop(o)?;
                }
                "hpar.reduce" => {
                    let lv = tail_hpar::scope::op_level(self.b.ctx, o);
                    let vs = match lv {
                        Some(Level::Thread) => self.reduce_thread(o)?,
                        Some(Level::Block) => self.reduce_block(o)?,
                        _ => {
                            return Err(err(
                                self.b.ctx,
                                o,
                                "cannot be lowered by convert-hpar-to-gpu at this level",
                            ))
                        }
                    };
                    for (i, v) in vs.into_iter().enumerate() {
                        let r = self.b.result(o, i);
                        self.kmap.insert(r, v);
                    }
                }
                _ if name.starts_with("hpar.") && name != "hpar.index" && name != "hpar.length" => {
                    return Err(err(self.b.ctx, o, format!("cannot be lowered by convert-hpar-to-gpu in a {l}-level program (supported: generate, map, push, concat<thread>, force<block>, reduce<thread>, reduce<block>, power<block>, while<block>, split_at, index, length)")));
                }
                _ => self.lower_op(o)?,
            }
        }
        Ok(())
    }

    /// Writes push array `q` (built at level `l`) into `sinks[0]`; for a `concat` with several
    /// results, all of them, into `sinks` in order.
    fn push(&mut self, user: OpId, q: Value, l: Level, sinks: &[Sink]) -> CResult {
        let sink = &sinks[0];
        let Some(d) = self.b.defining_op(q) else {
            return Err(err(
                self.b.ctx,
                user,
                "cannot be lowered by convert-hpar-to-gpu: pushes a block argument",
            ));
        };
        let name = self.b.op_name_str(d).to_string();
        let ql = tail_hpar::scope::op_level(self.b.ctx, d);
        match (name.as_str(), ql) {
            ("hpar.seqfor", _) => self.seqfor(d, sink),
            ("hpar.push", Some(Level::Thread)) => {
                let a = self.b.operand(d, 0);
                let n = self.len(d, a)?;
                let (z, one) = (cidx(&mut self.b, 0), cidx(&mut self.b, 1));
                self.for_loop(z, n, one, |k, j| {
                    let v = k.eval(d, a, j)?;
                    k.store(sink, j, v)
                })
            }
            ("hpar.push", Some(Level::Block)) => {
                let a = self.b.operand(d, 0);
                let n = self.len(d, a)?;
                let tid = self.id("gpu.thread_id");
                let bdim = self.id("gpu.block_dim");
                self.for_loop(tid, n, bdim, |k, j| {
                    let v = k.eval(d, a, j)?;
                    k.store(sink, j, v)
                })
            }
            ("hpar.concat" | "hpar.interleave", Some(Level::Thread)) if l == Level::Block => {
                let count = self.b.operand(d, 0);
                let count = self.kval(d, count)?;
                let mut chunks = Vec::new();
                for r in 0..sinks.len() {
                    let c = chunk_of(self.b.ctx, d, r);
                    chunks.push(self.kval(d, c)?);
                }
                let place = (name == "hpar.interleave")
                    .then(|| self.b.entry_block(self.b.region(d, 1)).unwrap());
                let body = self.b.entry_block(self.b.region(d, 0)).unwrap();
                let arg = self.b.block_arg(body, 0);
                let tid = self.id("gpu.thread_id");
                let bdim = self.id("gpu.block_dim");
                self.for_loop(tid, count, bdim, |k, t| {
                    k.kmap.insert(arg, t);
                    let subs: Vec<Sink> = sinks
                        .iter()
                        .zip(&chunks)
                        .enumerate()
                        .map(|(which, (s, &c))| match place {
                            Some(place) => Sink::Placed {
                                inner: Box::new(s.clone()),
                                place,
                                sub: t,
                                which,
                            },
                            None => Sink::Offset(Box::new(s.clone()), t, c),
                        })
                        .collect();
                    k.program(body, Level::Thread, &subs)
                })
            }
            ("hpar.scan", Some(Level::Thread)) => self.scan_thread(d, sink),
            ("hpar.scan", Some(Level::Block)) if l == Level::Block => self.scan_block(d, sink),
            _ => Err(err(self.b.ctx, d, format!("cannot be lowered by convert-hpar-to-gpu as a push array of a {l}-level program"))),
        }
    }

    /// `force<block>`: a workgroup buffer, written by the block, then a barrier. The results
    /// of a `concat` with several results are forced together (one run of it writing one
    /// buffer each): every one of them must be forced in the same block.
    fn force_block(&mut self, o: OpId) -> CResult {
        let q = self.b.operand(o, 0);
        let d = self.b.defining_op(q);
        // Each result of a multi-result `concat`/`interleave` is forced here (once) or returned
        // by this program (then written to the program's sink in the same run).
        let group: Vec<Value> = match d {
            Some(d) if self.b.num_results(d) > 1 => self.b.results(d).to_vec(),
            _ => vec![q],
        };
        let blk = self.b.op_parent_block(o).expect("in a block");
        let mut sinks = Vec::new();
        let mut forced = Vec::new();
        for &r in &group {
            let f: Vec<OpId> = self
                .b
                .block_op_vec(blk)
                .into_iter()
                .filter(|&f| self.b.op_is(f, "hpar.force") && self.b.operand(f, 0) == r)
                .collect();
            match (f.as_slice(), self.ret_sink(r)) {
                ([f], None) => {
                    let ph = self.shared_buffer(*f)?;
                    sinks.push(Sink::Shared(ph));
                    forced.push((*f, ph));
                }
                ([], Some(s)) => {
                    sinks.push(s);
                    self.written.push(r);
                }
                _ => {
                    return Err(err(self.b.ctx, o, "cannot be lowered by convert-hpar-to-gpu: each result of a concat with several results must be forced once or returned, in the same block"));
                }
            }
        }
        self.push(o, q, Level::Block, &sinks)?;
        mk(&mut self.b, "gpu.barrier", &[], &[], &[], Vec::new());
        for (f, ph) in forced {
            let r = self.b.result(f, 0);
            self.mat.insert(r, ph);
        }
        Ok(())
    }

    /// The workgroup buffer of `force<block>` `o` (its length must be a constant).
    fn shared_buffer(&mut self, o: OpId) -> CResult<Value> {
        let q = self.b.operand(o, 0);
        let (elem, _) = push_parts(self.b.ctx, self.b.value_type(q)).unwrap();
        let Some(n) = self.static_push_len(q) else {
            return Err(err(self.b.ctx, o, "cannot be lowered by convert-hpar-to-gpu: a block-level array in shared memory needs a constant length"));
        };
        Ok(self.workgroup(n, elem))
    }

    /// Applies the operator region of `red` to the tuples `x` and `y`.
    fn combine(&mut self, red: OpId, x: &[Value], y: &[Value]) -> CResult<Vec<Value>> {
        let blk = self.b.entry_block(self.b.region(red, 0)).unwrap();
        let args = self.b.block_args(blk).to_vec();
        for (&a, &v) in args.iter().zip(x.iter().chain(y)) {
            self.kmap.insert(a, v);
        }
        self.lower_block(blk, false)
    }

    /// Elements `i` of the arrays `xs` (read together): when they are the results of one
    /// `generate`, in order, its index function runs once for all of them.
    fn eval_tuple(&mut self, user: OpId, xs: &[Value], i: Value) -> CResult<Vec<Value>> {
        if xs.len() > 1 {
            if let Some(d) = self.b.defining_op(xs[0]) {
                if self.b.op_is(d, "hpar.generate") && *self.b.results(d) == *xs {
                    let blk = self.b.entry_block(self.b.region(d, 0)).unwrap();
                    let arg = self.b.block_arg(blk, 0);
                    self.kmap.insert(arg, i);
                    return self.lower_block(blk, false);
                }
            }
        }
        xs.iter().map(|&x| self.eval(user, x, i)).collect()
    }

    /// Elements `j` of the arrays `xs` a `reduce<thread>` folds. When they are results of one
    /// `generate`, its index function runs once for all of them, and its other results that
    /// the program returns as `push<thread>` arrays are written in the same loop (a redomap's
    /// mapped-out elements: the map runs once per element).
    fn eval_fused(&mut self, user: OpId, xs: &[Value], j: Value) -> CResult<Vec<Value>> {
        let Some(d) = self.b.defining_op(xs[0]) else {
            return self.eval_tuple(user, xs, j);
        };
        let same = self.b.op_is(d, "hpar.generate")
            && xs.iter().all(|x| self.b.results(d).contains(x))
            && xs
                .iter()
                .all(|&x| self.buffer(user, x).ok().flatten().is_none());
        if !same {
            return self.eval_tuple(user, xs, j);
        }
        let results = self.b.results(d).to_vec();
        let blk = self.b.entry_block(self.b.region(d, 0)).unwrap();
        let arg = self.b.block_arg(blk, 0);
        self.kmap.insert(arg, j);
        let ys = self.lower_block(blk, false)?;
        for (k, &r) in results.iter().enumerate() {
            if xs.contains(&r) {
                continue;
            }
            // `push<thread> r` returned by this program.
            let pushes: Vec<Value> = self
                .b
                .uses(r)
                .map(|u| u.op)
                .filter(|&p| {
                    self.b.op_is(p, "hpar.push")
                        && tail_hpar::scope::op_level(self.b.ctx, p) == Some(Level::Thread)
                })
                .map(|p| self.b.result(p, 0))
                .collect();
            for q in pushes {
                if let Some(s) = self.ret_sink(q) {
                    if !self.written.contains(&q) {
                        self.store(&s, j, ys[k])?;
                        self.written.push(q);
                    }
                }
            }
        }
        Ok(xs
            .iter()
            .map(|x| ys[results.iter().position(|r| r == x).unwrap()])
            .collect())
    }

    /// `reduce<thread>`: a sequential fold (of tuples: one loop-carried value per component).
    fn reduce_thread(&mut self, o: OpId) -> CResult<Vec<Value>> {
        let k = self.b.num_results(o);
        let ops = self.b.operand_vec(o);
        let (xs, nes) = ops.split_at(k);
        let nes: Vec<Value> = nes
            .iter()
            .map(|&v| self.kval(o, v))
            .collect::<CResult<_>>()?;
        let n = self.len(o, xs[0])?;
        let (z, one) = (cidx(&mut self.b, 0), cidx(&mut self.b, 1));
        let (f, body) = tail_builtin::scf::ForOp::create(&mut self.b, z, n, one, &nes);
        let saved = self.b.insertion_point();
        self.b.set_insertion_point(InsertPoint::BlockEnd(body));
        let j = self.b.block_arg(body, 0);
        let acc = self.b.block_args(body)[1..].to_vec();
        let x = self.eval_fused(o, xs, j)?;
        let r = self.combine(o, &acc, &x)?;
        mk(&mut self.b, "scf.yield", &r, &[], &[], Vec::new());
        self.b.set_insertion_point(saved);
        Ok(self.b.results(f.op()).to_vec())
    }

    /// `reduce<block>` over workgroup buffers of `block-size` elements (one per component of
    /// a tuple): tree combining the tuples, then warp shuffles (one per component and step);
    /// the result is broadcast through element 0.
    fn reduce_block(&mut self, o: OpId) -> CResult<Vec<Value>> {
        if self.b.attr(o, "comm").is_none() {
            return Err(err(self.b.ctx, o, "cannot be lowered by convert-hpar-to-gpu: the block tree reduction needs a commutative operator (unit attribute 'comm')"));
        }
        let k = self.b.num_results(o);
        let bsz = self.host.block;
        let mut shs = Vec::new();
        let mut elems = Vec::new();
        let mut widen = Vec::new();
        for xs in self.b.operand_vec(o)[..k].to_vec() {
            let Some(&sh) = self.mat.get(&xs) else {
                return Err(err(self.b.ctx, o, "cannot be lowered by convert-hpar-to-gpu: a block reduction must reduce an array forced to shared memory"));
            };
            let (shape, elem) = memref_shape(self.b.ctx, self.b.value_type(sh)).unwrap();
            if shape != [bsz] {
                return Err(err(self.b.ctx, o, format!("cannot be lowered by convert-hpar-to-gpu: a block reduction needs exactly block-size ({bsz}) elements, got {}", shape[0])));
            }
            let Some(w) = self.shuffle_widen(elem) else {
                return Err(err(self.b.ctx, o, format!("cannot be lowered by convert-hpar-to-gpu: warp shuffles need integer (at most 64 bits), f32 or f64 elements, got '{}'", self.b.ctx.type_to_string(elem))));
            };
            widen.push(w);
            shs.push(sh);
            elems.push(elem);
        }
        let tid = self.id("gpu.thread_id");
        let load_all = |k: &mut Self, i: Value| -> Vec<Value> {
            shs.iter()
                .zip(&elems)
                .map(|(&sh, &e)| mk1(&mut k.b, "memref.load", &[sh, i], e, &[]))
                .collect()
        };
        let mut s = bsz / 2;
        while s >= 32 {
            let sv = cidx(&mut self.b, s);
            let ok = ult(&mut self.b, tid, sv);
            self.if_then(ok, |k| {
                let a = load_all(k, tid);
                let j = bin(&mut k.b, "arith.addi", tid, sv);
                let c = load_all(k, j);
                let r = k.combine(o, &a, &c)?;
                for (&v, &sh) in r.iter().zip(&shs) {
                    tail_builtin::memref::StoreOp::create(&mut k.b, v, sh, &[tid]);
                }
                Ok(())
            })?;
            mk(&mut self.b, "gpu.barrier", &[], &[], &[], Vec::new());
            s /= 2;
        }
        let c32 = cidx(&mut self.b, 32);
        let warp0 = ult(&mut self.b, tid, c32);
        self.if_then(warp0, |k| {
            let mut v = load_all(k, tid);
            for off in [16, 8, 4, 2, 1] {
                let others: Vec<Value> = (0..v.len())
                    .map(|c| k.shuffle("xor", v[c], off, elems[c], widen[c]))
                    .collect();
                v = k.combine(o, &v, &others)?;
            }
            let z = cidx(&mut k.b, 0);
            let first = eq(&mut k.b, tid, z);
            k.if_then(first, |k| {
                for (&x, &sh) in v.iter().zip(&shs) {
                    tail_builtin::memref::StoreOp::create(&mut k.b, x, sh, &[z]);
                }
                Ok(())
            })
        })?;
        mk(&mut self.b, "gpu.barrier", &[], &[], &[], Vec::new());
        let z = cidx(&mut self.b, 0);
        Ok(load_all(self, z))
    }
}

/// Whether value `e` can be used before `op`: defined by an op before `op` (or before the
/// ancestor of `op` in the defining op's block, as constants hoisted to the function's entry
/// are), or an argument of a block enclosing `op`.
fn available_at(ctx: &Context, e: Value, op: OpId) -> bool {
    let (block, def) = match ctx.defining_op(e) {
        Some(d) => (ctx.op_parent_block(d), Some(d)),
        None => (ctx.value_parent_block(e), None),
    };
    let Some(block) = block else {
        return false;
    };
    let mut a = op;
    loop {
        if ctx.op_parent_block(a) == Some(block) {
            return def.is_none_or(|d| d != a && ctx.is_before_in_block(d, a));
        }
        match ctx.op_parent_op(a) {
            Some(p) => a = p,
            None => return false,
        }
    }
}
