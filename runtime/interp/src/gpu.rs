//! Evaluation of the `gpu` dialect (`tail_gpu`): the reference semantics of the kernels that
//! `convert-hpar-to-gpu` produces, against which compiled code is checked.
//!
//! **Host.** `gpu.alloc`/`memcpy`/`dealloc` are buffer ops (see the `memref` evaluation);
//! `gpu.launch_func @module::@kernel blocks in (…) threads in (…) args(…)` runs the kernel on
//! the whole grid before the next host op (launches are synchronous). Buffers are passed by
//! reference, scalars by value. A launch with a zero extent runs nothing; a kernel's
//! `known_block_size` must agree with the launch's block size.
//!
//! **Device.** The blocks of the grid run one after the other (x fastest, then y, then z). In
//! a block every thread is an interpreter frame of its own (its SSA environment and a stack of
//! the regions it is in: the kernel body, `scf.for`, `scf.if`, `scf.while`), so a thread can
//! stop in the middle of any nesting of regions:
//!
//! * the threads of a block run in order of their linear id, each **until its next
//!   `gpu.barrier`** (or its `gpu.return`); when all have stopped, every thread must wait at
//!   the same barrier — a thread that has returned, or threads at different barriers, are an
//!   error located at the barrier (CUDA leaves such programs undefined) — and then all go on.
//!   Writes to workgroup memory before a barrier are therefore visible to every thread after
//!   it, as on a GPU; a program that needs a barrier it does not have is not caught (threads
//!   run in a fixed order);
//! * **`gpu.shuffle`** is executed in lockstep by the lanes of a warp (32 consecutive linear
//!   ids; `gpu.lane_id` is the linear id mod 32): a thread stops at a shuffle, and when no
//!   thread can run on, the lanes of each warp stopped at the same shuffle exchange their
//!   values. Lane `l` reads lane `l ^ offset` (`xor`), `l + offset` (`down`), `l - offset`
//!   (`up`) or `offset` (`idx`); if that lane is outside `[0, width)` the result is the lane's
//!   own value and `valid` is false; if it is inside but that lane is not at this shuffle
//!   (it has left the warp's path, or does not exist), it is an error;
//! * workgroup attributions are buffers shared by the threads of a block (fresh for each
//!   block), private attributions buffers of each thread; both start zeroed;
//! * `gpu.thread_id`, `block_id`, `block_dim`, `grid_dim` (x/y/z) and `lane_id` are the
//!   thread's coordinates; every other op (arith, math, memref loads/stores with bounds checks)
//!   runs as on the host.

use std::collections::HashMap;

use tail_gpu::attrs::GpuEnumAttr;
use tail_ir::{AttrKind, BlockId, DenseValues, OpId, TypeKind};

use super::memref::memref_value;
use super::{int_width, make_int, Interp, IrValue, R};
use crate::value::{Array, Scalar, Value};

/// What a region of the thread's stack belongs to, and so what its terminator does.
#[derive(Clone, Copy)]
enum Owner {
    Kernel,
    For {
        op: OpId,
        iv: i64,
        ub: i64,
        step: i64,
        ivw: u32,
    },
    If(OpId),
    Before(OpId),
    After(OpId),
}

struct Frame {
    block: BlockId,
    next: Option<OpId>,
    owner: Owner,
}

/// Why a thread stopped.
#[derive(Clone, Copy, PartialEq)]
enum Stop {
    Running,
    Barrier(OpId),
    Shuffle(OpId),
    Done,
}

struct Thread {
    env: HashMap<IrValue, Value>,
    stack: Vec<Frame>,
    stop: Stop,
    tid: [i64; 3],
    linear: usize,
}

/// The coordinates of the grid being run.
#[derive(Clone, Copy)]
struct Grid {
    grid: [i64; 3],
    block: [i64; 3],
    bid: [i64; 3],
}

fn axis(ctx: &tail_ir::Context, op: OpId) -> usize {
    let kw = ctx
        .attr(op, "dimension")
        .and_then(|a| GpuEnumAttr::from_attr(ctx, a))
        .map(|e| e.keyword)
        .unwrap_or("x");
    match kw {
        "y" => 1,
        "z" => 2,
        _ => 0,
    }
}

impl Interp<'_> {
    /// Executes `gpu.<n>` on the host.
    pub(super) fn exec_gpu(&mut self, op: OpId, n: &str) -> R<Vec<Value>> {
        match n {
            "launch_func" => self.launch(op),
            "alloc" | "dealloc" | "memcpy" => self.exec_gpu_memory(op, n),
            _ => Err(self.err(
                op,
                "can only run inside a kernel (launched by gpu.launch_func)",
            )),
        }
    }

    /// The `gpu.func` named by `launch`'s `kernel` attribute.
    fn find_kernel(&self, launch: OpId) -> R<OpId> {
        let ctx = self.ctx;
        let (m, f) = match ctx.attr(launch, "kernel").map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::SymbolRef { root, nested }) if nested.len() == 1 => {
                (ctx.str(*root).to_string(), ctx.str(nested[0]).to_string())
            }
            _ => return Err(self.err(launch, "expects a kernel reference @module::@func")),
        };
        let name_is =
            |o: OpId, n: &str| ctx.attr(o, "sym_name").and_then(|a| ctx.attr_as_str(a)) == Some(n);
        for o in ctx.walk_preorder(self.module) {
            if ctx.op_is(o, "gpu.func")
                && name_is(o, &f)
                && ctx
                    .op_parent_op(o)
                    .is_some_and(|p| ctx.op_is(p, "gpu.module") && name_is(p, &m))
            {
                return Ok(o);
            }
        }
        Err(self.err(launch, format!("launches an unknown kernel @{m}::@{f}")))
    }

    /// `gpu.launch_func`: runs the kernel on every block of the grid.
    fn launch(&mut self, op: OpId) -> R<Vec<Value>> {
        let ctx = self.ctx;
        let seg: Vec<usize> = match ctx
            .attr(op, tail_ir::format::OPERAND_SEGMENTS)
            .map(|a| ctx.attr_kind(a))
        {
            Some(AttrKind::DenseArray {
                values: DenseValues::Ints(v),
                ..
            }) if v.len() == 13 => v.iter().map(|&x| x as usize).collect(),
            _ => return Err(self.err(op, "has no operand segment sizes")),
        };
        let start = |g: usize| seg[..g].iter().sum::<usize>();
        let mut sizes = [0i64; 6];
        for (k, s) in sizes.iter_mut().enumerate() {
            *s = self.int(op, start(1 + k))?;
            if *s < 0 {
                return Err(self.err(op, format!("has a negative grid or block size {s}")));
            }
        }
        let args = (start(11)..start(11) + seg[11])
            .map(|i| self.arg(op, i))
            .collect::<R<Vec<Value>>>()?;
        let kernel = self.find_kernel(op)?;
        let grid = [sizes[0], sizes[1], sizes[2]];
        let block = [sizes[3], sizes[4], sizes[5]];
        if let Some(AttrKind::DenseArray {
            values: DenseValues::Ints(k),
            ..
        }) = ctx
            .attr(kernel, "known_block_size")
            .map(|a| ctx.attr_kind(a))
        {
            if k.as_slice() != block {
                return Err(self.err(
                    op,
                    format!(
                        "launches a kernel whose known_block_size is {k:?} with blocks of {block:?} threads"
                    ),
                ));
            }
        }
        let body = ctx.region(kernel, 0);
        let entry = ctx
            .entry_block(body)
            .ok_or_else(|| self.err(op, "launches a kernel without a body"))?;
        let bargs = ctx.block_args(entry).to_vec();
        if bargs.len() < args.len() {
            return Err(self.err(op, "passes more arguments than the kernel takes"));
        }
        let nw = ctx
            .attr(kernel, "workgroup_attributions")
            .and_then(|a| ctx.attr_as_int(a))
            .unwrap_or(0) as usize;
        if grid.contains(&0) || block.contains(&0) {
            return Ok(vec![]);
        }
        for bz in 0..grid[2] {
            for by in 0..grid[1] {
                for bx in 0..grid[0] {
                    let g = Grid {
                        grid,
                        block,
                        bid: [bx, by, bz],
                    };
                    self.run_block(op, kernel, entry, &args, nw, g)?;
                }
            }
        }
        Ok(vec![])
    }

    /// A zeroed buffer for attribution `a` of `kernel`.
    fn attribution(&self, launch: OpId, a: IrValue) -> R<Value> {
        let ctx = self.ctx;
        let ty = ctx.value_type(a);
        match ctx.type_kind(ty) {
            TypeKind::MemRef { shape, elem, .. } if shape.iter().all(|&d| d >= 0) => {
                let k = super::kind_of(ctx, *elem);
                let dims: Vec<usize> = shape.iter().map(|&d| d as usize).collect();
                let n = self.new_count(launch, &dims)?;
                let data = self.new_filled(launch, n, k.default_scalar())?;
                Ok(memref_value(Array::new(k, dims, data)))
            }
            _ => Err(self.err(
                launch,
                format!(
                    "launches a kernel with an attribution of type '{}' (static memrefs only)",
                    ctx.type_to_string(ty)
                ),
            )),
        }
    }

    /// Runs one block of the grid: every thread up to the next barrier, phase by phase.
    fn run_block(
        &mut self,
        launch: OpId,
        kernel: OpId,
        entry: BlockId,
        args: &[Value],
        nw: usize,
        g: Grid,
    ) -> R<()> {
        let ctx = self.ctx;
        let bargs = ctx.block_args(entry);
        let nargs = args.len();
        let workgroup = &bargs[nargs..nargs.saturating_add(nw).min(bargs.len())];
        let mut shared = Vec::with_capacity(workgroup.len());
        for &a in workgroup {
            shared.push(self.attribution(launch, a)?);
        }
        let [bx, by, bz] = g.block;
        let count = self.new_count(launch, &[bx as usize, by as usize, bz as usize])?;
        let mut threads = self.new_vec(launch, count)?;
        for tz in 0..bz {
            for ty in 0..by {
                for tx in 0..bx {
                    let mut env = HashMap::new();
                    for (&a, v) in bargs.iter().zip(args.iter().chain(&shared)) {
                        env.insert(a, v.clone());
                    }
                    for &a in bargs.iter().skip(nargs.saturating_add(nw)) {
                        env.insert(a, self.attribution(launch, a)?);
                    }
                    threads.push(Thread {
                        env,
                        stack: vec![Frame {
                            block: entry,
                            next: ctx.first_op(entry),
                            owner: Owner::Kernel,
                        }],
                        stop: Stop::Running,
                        tid: [tx, ty, tz],
                        linear: (tx + bx * (ty + by * tz)) as usize,
                    });
                }
            }
        }
        let _ = kernel;
        loop {
            for t in threads.iter_mut() {
                if t.stop == Stop::Running {
                    std::mem::swap(&mut self.env, &mut t.env);
                    let r = self.step(t, g);
                    std::mem::swap(&mut self.env, &mut t.env);
                    t.stop = r?;
                }
            }
            if threads.iter().any(|t| matches!(t.stop, Stop::Shuffle(_))) {
                self.shuffle(&mut threads, g)?;
                continue;
            }
            let waiting: Vec<&Thread> = threads
                .iter()
                .filter(|t| matches!(t.stop, Stop::Barrier(_)))
                .collect();
            let Some(first) = waiting.first() else {
                return Ok(());
            };
            let Stop::Barrier(b) = first.stop else {
                unreachable!("filtered")
            };
            if let Some(t) = threads.iter().find(|t| t.stop == Stop::Done) {
                return Err(self.err(
                    b,
                    format!(
                        "is reached by {} of the {} threads of block {:?}: thread {:?} has returned",
                        waiting.len(),
                        threads.len(),
                        g.bid,
                        t.tid
                    ),
                ));
            }
            if let Some(t) = waiting.iter().find(|t| t.stop != Stop::Barrier(b)) {
                return Err(self.err(
                    b,
                    format!(
                        "is where thread {:?} of block {:?} waits, but thread {:?} waits at another barrier",
                        first.tid, g.bid, t.tid
                    ),
                ));
            }
            for t in threads.iter_mut() {
                t.stop = Stop::Running;
            }
        }
    }

    /// Exchanges the values of the lanes stopped at shuffles, warp by warp.
    fn shuffle(&mut self, threads: &mut [Thread], g: Grid) -> R<()> {
        let ctx = self.ctx;
        // (warp, op) → the threads (indices into `threads`) stopped there.
        let mut groups: Vec<((usize, OpId), Vec<usize>)> = Vec::new();
        for (i, t) in threads.iter().enumerate() {
            if let Stop::Shuffle(op) = t.stop {
                let key = (t.linear / 32, op);
                match groups.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, v)) => v.push(i),
                    None => groups.push((key, vec![i])),
                }
            }
        }
        for ((_, op), members) in groups {
            let mode = ctx
                .attr(op, "mode")
                .and_then(|a| GpuEnumAttr::from_attr(ctx, a))
                .map(|e| e.keyword)
                .unwrap_or("xor");
            let operand = |t: &Thread, i: usize| -> R<Value> {
                t.env
                    .get(&ctx.operand(op, i))
                    .cloned()
                    .ok_or_else(|| self.err(op, "uses a value that has not been computed"))
            };
            let int = |t: &Thread, i: usize| -> R<i64> {
                operand(t, i)?
                    .as_scalar()
                    .and_then(|s| s.as_i64())
                    .ok_or_else(|| self.err(op, format!("expects operand #{i} to be an integer")))
            };
            let mut lanes: HashMap<i64, Value> = HashMap::new();
            for &i in &members {
                let t = &threads[i];
                lanes.insert((t.linear % 32) as i64, operand(t, 0)?);
            }
            let mut results = Vec::with_capacity(members.len());
            for &i in &members {
                let t = &threads[i];
                let lane = (t.linear % 32) as i64;
                let (off, width) = (int(t, 1)?, int(t, 2)?);
                let src = match mode {
                    "xor" => lane ^ off,
                    "down" => lane + off,
                    "up" => lane - off,
                    _ => off,
                };
                let (v, valid) = if src < 0 || src >= width {
                    (lanes[&lane].clone(), false)
                } else {
                    match lanes.get(&src) {
                        Some(v) => (v.clone(), true),
                        None => {
                            return Err(self.err(
                                op,
                                format!(
                                    "lane {lane} of thread {:?} in block {:?} reads lane {src}, which is not at this shuffle",
                                    t.tid, g.bid
                                ),
                            ))
                        }
                    }
                };
                results.push((v, valid));
            }
            let rs = ctx.results(op);
            for (&i, (v, valid)) in members.iter().zip(results) {
                let t = &mut threads[i];
                t.env.insert(rs[0], v);
                t.env.insert(rs[1], Value::Scalar(Scalar::Bool(valid)));
                let f = t
                    .stack
                    .last_mut()
                    .expect("a thread at a shuffle is running");
                f.next = ctx.next_op(op);
                t.stop = Stop::Running;
            }
        }
        Ok(())
    }

    /// Pushes a frame for the entry block of `region` with `args` bound; `false` if the region
    /// is empty.
    fn enter(
        &mut self,
        t: &mut Thread,
        region: tail_ir::RegionId,
        args: Vec<Value>,
        owner: Owner,
    ) -> bool {
        let ctx = self.ctx;
        let Some(b) = ctx.entry_block(region) else {
            return false;
        };
        for (&a, v) in ctx.block_args(b).iter().zip(args) {
            self.env.insert(a, v);
        }
        t.stack.push(Frame {
            block: b,
            next: ctx.first_op(b),
            owner,
        });
        true
    }

    fn bind(&mut self, op: OpId, vs: Vec<Value>) {
        for (&r, v) in self.ctx.results(op).iter().zip(vs) {
            self.env.insert(r, v);
        }
    }

    /// Runs thread `t` (whose environment is `self.env`) until it stops.
    fn step(&mut self, t: &mut Thread, g: Grid) -> R<Stop> {
        let ctx = self.ctx;
        loop {
            let Some(frame) = t.stack.last_mut() else {
                return Ok(Stop::Done);
            };
            let Some(op) = frame.next else {
                let parent = ctx.block_parent_op(frame.block).unwrap_or(self.module);
                return Err(self.err(parent, "has a block without a terminator"));
            };
            let owner = frame.owner;
            let name = ctx.op_name_str(op);
            match name {
                "gpu.return" => {
                    t.stack.clear();
                    return Ok(Stop::Done);
                }
                "scf.yield" | "scf.condition" => {
                    let vs = ctx
                        .operands(op)
                        .map(|v| self.get(op, v))
                        .collect::<R<Vec<Value>>>()?;
                    match (name, owner) {
                        (
                            "scf.yield",
                            Owner::For {
                                op: f,
                                iv,
                                ub,
                                step,
                                ivw,
                            },
                        ) => {
                            let iv = iv + step;
                            if iv < ub {
                                let mut args = vec![Value::Scalar(make_int(ivw, iv))];
                                args.extend(vs);
                                let frame = t.stack.last_mut().expect("checked");
                                for (&a, v) in ctx.block_args(frame.block).iter().zip(args) {
                                    self.env.insert(a, v);
                                }
                                frame.next = ctx.first_op(frame.block);
                                frame.owner = Owner::For {
                                    op: f,
                                    iv,
                                    ub,
                                    step,
                                    ivw,
                                };
                            } else {
                                t.stack.pop();
                                self.bind(f, vs);
                            }
                        }
                        ("scf.yield", Owner::If(f)) => {
                            t.stack.pop();
                            self.bind(f, vs);
                        }
                        ("scf.yield", Owner::After(w)) => {
                            t.stack.pop();
                            self.enter(t, ctx.region(w, 0), vs, Owner::Before(w));
                        }
                        ("scf.condition", Owner::Before(w)) => {
                            t.stack.pop();
                            let mut vs = vs.into_iter();
                            let c = vs
                                .next()
                                .and_then(|v| v.as_scalar())
                                .and_then(|s| s.as_i64());
                            let rest: Vec<Value> = vs.collect();
                            if c.unwrap_or(0) != 0 {
                                self.enter(t, ctx.region(w, 1), rest, Owner::After(w));
                            } else {
                                self.bind(w, rest);
                            }
                        }
                        _ => return Err(self.err(op, "is not expected here in a kernel")),
                    }
                    continue;
                }
                _ => {}
            }
            frame.next = ctx.next_op(op);
            match name {
                "scf.for" => {
                    let (lb, ub, step) = (self.int(op, 0)?, self.int(op, 1)?, self.int(op, 2)?);
                    if step <= 0 {
                        return Err(self.err(op, format!("step {step} is not positive")));
                    }
                    let ivw = int_width(ctx, ctx.value_type(ctx.operand(op, 0)));
                    let init = (3..ctx.num_operands(op))
                        .map(|i| self.arg(op, i))
                        .collect::<R<Vec<Value>>>()?;
                    if lb < ub {
                        let mut args = vec![Value::Scalar(make_int(ivw, lb))];
                        args.extend(init);
                        let owner = Owner::For {
                            op,
                            iv: lb,
                            ub,
                            step,
                            ivw,
                        };
                        self.enter(t, ctx.region(op, 0), args, owner);
                    } else {
                        self.bind(op, init);
                    }
                }
                "scf.if" => {
                    let c = self.int(op, 0)? != 0;
                    let r = ctx.region(op, if c { 0 } else { 1 });
                    if !self.enter(t, r, vec![], Owner::If(op)) && ctx.num_results(op) > 0 {
                        return Err(self.err(op, "has no region to give its results"));
                    }
                }
                "scf.while" => {
                    let init = (0..ctx.num_operands(op))
                        .map(|i| self.arg(op, i))
                        .collect::<R<Vec<Value>>>()?;
                    self.enter(t, ctx.region(op, 0), init, Owner::Before(op));
                }
                "gpu.barrier" => return Ok(Stop::Barrier(op)),
                "gpu.shuffle" => {
                    // Not past it yet: the warp exchanges values, then the thread goes on.
                    t.stack.last_mut().expect("running").next = Some(op);
                    return Ok(Stop::Shuffle(op));
                }
                "gpu.thread_id" => self.bind(op, vec![index(t.tid[axis(ctx, op)])]),
                "gpu.block_id" => self.bind(op, vec![index(g.bid[axis(ctx, op)])]),
                "gpu.block_dim" => self.bind(op, vec![index(g.block[axis(ctx, op)])]),
                "gpu.grid_dim" => self.bind(op, vec![index(g.grid[axis(ctx, op)])]),
                "gpu.lane_id" => self.bind(op, vec![index((t.linear % 32) as i64)]),
                "gpu.launch_func" | "gpu.alloc" | "gpu.dealloc" | "gpu.memcpy" => {
                    return Err(self.err(op, "cannot run inside a kernel"))
                }
                _ => {
                    let vs = self.exec(op)?;
                    self.bind(op, vs);
                }
            }
        }
    }
}

fn index(i: i64) -> Value {
    Value::Scalar(Scalar::Index(i))
}
