//! Sequential lowering of SOACs inside one GPU thread (`tail.par = "thread-seq"`), the
//! "moderate flattening" of issue 6: where a map's lambda holds SOACs that are neither a perfect
//! map nest nor a row reduction, `convert-soac-to-hpar` gives one thread to each element of the
//! outer map (nest) and runs the inner SOACs as loops in that thread.
//!
//! Entry point: [`Seq::lambda`], which emits a lambda's ops at the builder's insertion point
//! (inside an `hpar.generate` body) with its arguments bound to scalars or to arrays.
//!
//! | inside a thread | lowering |
//! | --- | --- |
//! | scalar code (`arith`, `math`, `scf.if` of scalars) | copied |
//! | `soac.reduce`/`redomap` (any number of reduced values; no mapped-out results) | `scf.for` over the outer extent with one `iter_args` per reduced value: the fold `(acc…, x…)` from the neutral elements, in order, so the operator need not be commutative; nothing is stored; a step that is one float `addf`/`mulf` of the accumulator and the element gets `fastmath<reassoc,nsz>` (`+` and `×` are commutative: LLVM may vectorize the fold) |
//! | `soac.map` | no code: an index function ([`Arr::Code`]) that runs the lambda on the inputs' elements where the consumer reads the element (maps are fused into their consumer's loop; an element read twice is computed twice); an array bound beforehand in the [`Env`] (the rows of a result another program computed) is read instead; rows of run-time extents take those of the lambda's array at the first element |
//! | `soac.scan`/`scanomap` of scalars | one `scf.for` fold storing each prefix into the thread's storage (`memref.alloca(n)`, booleans as `i8`; `gpu-thread-storage` or `convert-gpu-to-cpu` give it memory), which the results read |
//! | views (`slice`, `rotate`, `transpose`, `reshape`, `index`, `replicate`, `iota`, `concat`) | index functions (module `arr`), as at the top level; a `concat` of single scalars is a register array ([`Arr::Elems`]) |
//! | `soac.index` of all axes, `soac.dim` | an element read / the extent |
//! | `scf.if` yielding arrays whose branches build only views and scalars | the branches lowered before it, each array an [`Arr::Select`] on the condition |
//! | `soac.filter` of scalars | one loop storing each kept element at the count so far into the thread's storage; the results have the count as extent |
//! | `soac.scatter` of scalars | the destination copied into the thread's storage (unless the indices are a permutation), then one loop writing each value at its index inside it, in order |
//! | `soac.loop` | `scf.for` from 0 to the count; scalar loop-carried values are `iter_args`; an array carried by the loop is materialised in registers, one `iter_args` per element ([`Arr::Elems`]), when its extents are constants of at most [`MAX_PRIVATE`] elements, else in the thread's storage (twice its size: each iteration writes the other half; the offset is carried); either way the same in every iteration |
//!
//! The thread's storage may have any size, computed in the thread or not:
//! `gpu-thread-storage` sizes it on the GPU (where the thread computes the size, by a sizing
//! kernel run before the kernel), `convert-gpu-to-cpu` gives it heap buffers on the CPU.
//!
//! Everything else in a thread (a scan of rows, mapped-out `scanomap` results, a scatter of rows,
//! `update`, a reduction of rows,
//! mapped-out `redomap` results, a loop-carried array of extents computed in the thread, an `scf.if`
//! yielding arrays computed by more than views, values that are not integer, index or float scalars) is an error located at
//! the op.

use std::cell::RefCell;
use std::rc::Rc;

use rustc_hash::{FxHashMap, FxHashSet};
use tail_ir::{BlockId, Builder, Context, Diagnostic, InsertPoint, OpId, Type, TypeKind, Value};

use crate::arr::{self, Arr};
use crate::util::*;

/// The most elements of an array materialised in registers (a loop-carried array).
pub const MAX_PRIVATE: i64 = 64;

/// A lambda's value inside a thread: a scalar or an array (index function).
#[derive(Clone)]
pub enum TVal {
    /// A scalar SSA value.
    S(Value),
    /// An array.
    A(Arr),
}

/// A fold in a thread (`reduce`/`redomap`, `scan`/`scanomap`): its operator, the number of
/// folded values, the inputs, the neutral elements, the map lambda if any, and the message
/// for arrays where scalars are folded.
#[derive(Clone)]
struct Fold {
    opr: BlockId,
    k: usize,
    inputs: Vec<Arr>,
    inits: Vec<Value>,
    lam: Option<BlockId>,
    rows: &'static str,
}

/// An array in the thread's storage (`memref.alloca` of a run-time size, which
/// `gpu-thread-storage` or `convert-gpu-to-cpu` give memory): the buffer, the element type,
/// and the type stored (booleans as `i8`).
#[derive(Clone, Copy)]
struct Stored {
    buf: Value,
    elem: Type,
    stored: Type,
}

impl Stored {
    /// Storage of `count` elements of `elem`.
    fn alloc(b: &mut Builder<'_>, count: Value, elem: Type) -> Stored {
        let stored = if b.ctx.int_width(elem) == Some(1) {
            b.int_type(8)
        } else {
            elem
        };
        let ty = b.memref_type(vec![tail_ir::DYNAMIC], stored);
        let buf = tail_builtin::memref::AllocaOp::create(b, ty, &[count]);
        Stored { buf, elem, stored }
    }

    /// Stores `v` at `at`.
    fn store(&self, b: &mut Builder<'_>, at: Value, v: Value) {
        let v = if self.stored == self.elem {
            v
        } else {
            mk1(b, "arith.extui", &[v], self.stored, &[])
        };
        tail_builtin::memref::StoreOp::create(b, v, self.buf, &[at]);
    }

    /// The element at `at`.
    fn load(&self, b: &mut Builder<'_>, at: Value) -> Value {
        let v = tail_builtin::memref::LoadOp::create(b, self.buf, &[at]);
        if self.stored == self.elem {
            v
        } else {
            mk1(b, "arith.trunci", &[v], self.elem, &[])
        }
    }

    /// The array of extents `ext` stored row-major from `base`.
    fn array(self, base: Option<Value>, ext: Vec<Value>) -> Arr {
        let dims = ext.clone();
        let f = move |b: &mut Builder<'_>, idx: &[Value]| -> Value {
            let mut at = arr::linearize(b, idx, &dims);
            if let Some(base) = base {
                at = bin(b, "arith.addi", base, at);
            }
            self.load(b, at)
        };
        Arr::Code { f: Rc::new(f), ext }
    }
}

/// A fold's loop being built ([`Seq::fold_loop`]): the `scf.for`, the builder's place
/// before it, the position and carried values in the body, and the step's results and
/// elements.
struct FoldLoop {
    op: OpId,
    saved: InsertPoint,
    j: Value,
    accs: Vec<Value>,
    ys: Vec<Value>,
    xs: Vec<Value>,
}

/// How a `soac.loop` in a thread carries a value: a scalar; an array in registers (its constant
/// extents, as values too); an array in the thread's storage, twice its `total` elements.
enum Carry {
    Scalar,
    /// In registers: the constant extents, as values, and the element type (no register at
    /// all where an extent is 0).
    Regs(Vec<i64>, Vec<Value>, Type),
    Mem {
        st: Stored,
        ext: Vec<Value>,
        total: Value,
    },
}

/// The values of the lambdas being lowered: scalars through `vals` (values defined outside
/// stay as they are), arrays through `arrs`.
#[derive(Clone, Default)]
pub struct Env {
    /// Scalar value → its copy in the thread.
    pub vals: VMap,
    /// Array value → its index function.
    pub arrs: FxHashMap<Value, Arr>,
}

/// The prefix a scan folded by a reduction has at the fused loop's current step
/// ([`Seq::reduce_scan`]).
type Prefix = Rc<RefCell<Option<Value>>>;

/// A scan left to the reduction that reads it: the scan, its fold and its prefix.
type FusedScan = (OpId, Fold, Prefix);

/// The sequential lowering: the top-level arrays lambdas may read (free arrays) and the first
/// error met while building an index function (reported by [`Seq::lambda`]).
#[derive(Clone)]
pub struct Seq {
    frees: Rc<FxHashMap<Value, Arr>>,
    err: Rc<RefCell<Option<Diagnostic>>>,
    /// The scans left to the reduction that is their one use: result → the scan, and the
    /// prefix of the fused loop's current step ([`Self::scan_into_reduce`]).
    fused: Rc<RefCell<FxHashMap<Value, FusedScan>>>,
    /// The values the ops emitted so far are needed for (every result of a block emitted
    /// whole): a fold whose mapped-out results are none of them computes its reduced values
    /// alone (`+/ +/ m` beside `m × 2` whose rows a map of their own stores).
    live: Rc<RefCell<FxHashSet<Value>>>,
}

fn err(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    tail_ir::op_error(
        ctx,
        op,
        format!("cannot be lowered to a kernel by convert-soac-to-hpar (inside a thread): {msg}"),
    )
}

fn is_tensor(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_kind(ty),
        TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. }
    )
}

fn tensor_parts(ctx: &Context, ty: Type) -> Option<(Vec<i64>, Type)> {
    match ctx.type_kind(ty) {
        TypeKind::RankedTensor { shape, elem } => Some((shape.clone(), *elem)),
        _ => None,
    }
}

/// Whether lambda `blk` needs the sequential lowering: it holds a SOAC other than element
/// reads (`soac.index` of every axis, `soac.dim`), which the scalar path lowers itself.
pub fn holds_soac(ctx: &Context, blk: BlockId) -> bool {
    ctx.block_op_vec(blk).into_iter().any(|o| {
        ctx.walk_preorder(o).into_iter().any(|n| {
            let name = ctx.op_name_str(n);
            if name == "soac.index" {
                let src = ctx.operand(n, 0);
                let rank = tensor_parts(ctx, ctx.value_type(src)).map_or(0, |(s, _)| s.len());
                return ctx.num_operands(n) - 1 != rank;
            }
            name.starts_with("soac.") && name != "soac.yield" && name != "soac.dim"
        })
    })
}

/// Whether lambda `blk` runs sequentially in its thread: it takes rows (arrays) or holds
/// SOACs ([`holds_soac`]).
pub fn needs_seq(ctx: &Context, blk: BlockId) -> bool {
    holds_soac(ctx, blk)
        || ctx
            .block_args(blk)
            .iter()
            .any(|&a| is_tensor(ctx, ctx.value_type(a)))
}

/// The ops of `blk` (in order, terminator excluded) that the values `need` depend on, with the
/// ops that have side effects. SOACs are pure unless an op in them prints or rolls.
pub fn live_ops(ctx: &Context, blk: BlockId, need: &[Value]) -> Vec<OpId> {
    live(ctx, blk, need).0
}

/// [`live_ops`] and the values they and `need` are needed for (the live ops' operands,
/// nested ones included, and `need`).
fn live(ctx: &Context, blk: BlockId, need: &[Value]) -> (Vec<OpId>, FxHashSet<Value>) {
    let ops = ctx.block_op_vec(blk);
    let Some((_, body)) = ops.split_last() else {
        return (Vec::new(), need.iter().copied().collect());
    };
    let mut live_vals: FxHashSet<Value> = need.iter().copied().collect();
    let mut live = vec![false; body.len()];
    for (k, &o) in body.iter().enumerate().rev() {
        // A SOAC counts as pure (its run-time checks do not keep it), unless it prints or
        // rolls (an inner map printing its elements, whose result is its input).
        let pure = (ctx.op_name_str(o).starts_with("soac.")
            && !ctx
                .walk_preorder(o)
                .into_iter()
                .any(|n| ctx.op_name_str(n).starts_with("tail.")))
            || tail_ir::greedy::is_memory_effect_free(ctx, o);
        if !pure || ctx.results(o).iter().any(|r| live_vals.contains(r)) {
            live[k] = true;
            for n in ctx.walk_preorder(o) {
                live_vals.extend(ctx.operands(n));
            }
        }
    }
    let ops = body
        .iter()
        .zip(live)
        .filter(|(_, l)| *l)
        .map(|(&o, _)| o)
        .collect();
    (ops, live_vals)
}

/// Lets LLVM reassociate the step of a sequential float reduction: when `y`, the new value
/// of accumulator `acc`, is `arith.addf`/`arith.mulf` of `acc` and the element `x`, it gets
/// `fastmath<reassoc,nsz>`, so the loop vectorizer and the SLP vectorizer may split the fold
/// into partial sums (vector lanes, several accumulators) instead of one chain of dependent
/// adds. A SOAC reduction's operator is associative by definition, and the kernels' parallel
/// reductions already combine in tree order (the README's "Floating-point reductions"); `nsz`
/// because vector partial sums start from `+0.0`. Any other step (a combiner that is not one
/// add or multiply of exactly the accumulator and the element) keeps strict IEEE semantics.
fn mark_reassociable(ctx: &mut Context, y: Value, acc: Value, x: Value) {
    let Some(op) = ctx.defining_op(y) else {
        return;
    };
    if !(ctx.op_is(op, "arith.addf") || ctx.op_is(op, "arith.mulf")) {
        return;
    }
    let ops = ctx.operand_vec(op);
    if ops == [acc, x] || ops == [x, acc] {
        const REASSOC_NSZ: u32 = 1 | 8;
        let a = tail_builtin::arith::FastMathAttr::get(ctx, REASSOC_NSZ);
        ctx.set_attr(op, "fastmath", a);
    }
}

impl Seq {
    /// A lowering whose lambdas may read the top-level arrays `frees`.
    pub fn new(frees: FxHashMap<Value, Arr>) -> Seq {
        Seq {
            frees: Rc::new(frees),
            err: Rc::new(RefCell::new(None)),
            fused: Rc::default(),
            live: Rc::default(),
        }
    }

    fn fail(&self, d: Diagnostic) {
        let mut e = self.err.borrow_mut();
        if e.is_none() {
            *e = Some(d);
        }
    }

    /// Emits lambda `blk` at the builder's insertion point with its arguments bound in `env`,
    /// and returns the yielded values at positions `outs` (only the ops they depend on are
    /// emitted); each must be a scalar.
    pub fn lambda(
        &self,
        b: &mut Builder<'_>,
        blk: BlockId,
        env: &mut Env,
        outs: &[usize],
    ) -> CResult<Vec<Value>> {
        let ys = self.block(b, blk, env, Some(outs))?;
        if let Some(d) = self.err.borrow_mut().take() {
            return Err(d);
        }
        let term = *b.block_op_vec(blk).last().expect("terminator");
        outs.iter()
            .map(|&o| match &ys[o] {
                TVal::S(v) => Ok(*v),
                TVal::A(_) => Err(err(
                    b.ctx,
                    term,
                    "a map lambda yielding an array that is not the result of an inner soac.map over its rows",
                )),
            })
            .collect()
    }

    /// Emits lambda `blk` like [`Self::lambda`] and returns the array it yields at position
    /// `out` (an index function whose elements are computed where they are read).
    pub fn lambda_array(
        &self,
        b: &mut Builder<'_>,
        blk: BlockId,
        env: &mut Env,
        out: usize,
    ) -> CResult<Arr> {
        let ys = self.block(b, blk, env, Some(&[out]))?;
        if let Some(d) = self.err.borrow_mut().take() {
            return Err(d);
        }
        match &ys[out] {
            TVal::A(a) => Ok(a.clone()),
            TVal::S(_) => {
                let term = *b.block_op_vec(blk).last().expect("terminator");
                Err(err(b.ctx, term, "expected the lambda to yield an array"))
            }
        }
    }

    /// Emits the ops of `blk` (those the yielded values at `outs` depend on, or all) and
    /// returns the yielded values (the ones not needed as a placeholder scalar `S` of the
    /// terminator's operand).
    fn block(
        &self,
        b: &mut Builder<'_>,
        blk: BlockId,
        env: &mut Env,
        outs: Option<&[usize]>,
    ) -> CResult<Vec<TVal>> {
        let all = b.block_op_vec(blk);
        let term = *all.last().expect("terminator");
        let yielded = b.operand_vec(term);
        let ops = match outs {
            Some(outs) => {
                let need: Vec<Value> = outs.iter().map(|&o| yielded[o]).collect();
                let (ops, vals) = live(b.ctx, blk, &need);
                self.live.borrow_mut().extend(vals);
                ops
            }
            None => {
                let ops = all[..all.len() - 1].to_vec();
                let mut l = self.live.borrow_mut();
                for &o in &ops {
                    l.extend(b.results(o).iter().copied());
                }
                ops
            }
        };
        for o in ops {
            // Results bound beforehand (arrays already computed by another program) are read.
            let results = b.results(o);
            if !results.is_empty()
                && results
                    .iter()
                    .all(|r| env.arrs.contains_key(r) || env.vals.contains_key(r))
            {
                continue;
            }
            self.op(b, o, env)?;
        }
        yielded
            .iter()
            .enumerate()
            .map(|(k, &v)| {
                if outs.is_some_and(|outs| !outs.contains(&k)) {
                    return Ok(TVal::S(v));
                }
                self.val(b.ctx, term, env, v)
            })
            .collect()
    }

    /// The thread value of `v` (used by `user`).
    fn val(&self, ctx: &Context, user: OpId, env: &Env, v: Value) -> CResult<TVal> {
        // (An array from outside the kernel may be a buffer already.)
        if is_tensor(ctx, ctx.value_type(v))
            || env.arrs.contains_key(&v)
            || self.frees.contains_key(&v)
        {
            self.arr(ctx, user, env, v).map(TVal::A)
        } else {
            Ok(TVal::S(*env.vals.get(&v).unwrap_or(&v)))
        }
    }

    fn scalar(env: &Env, v: Value) -> Value {
        *env.vals.get(&v).unwrap_or(&v)
    }

    /// The array `v`: a lambda's array or a top-level one.
    fn arr(&self, ctx: &Context, user: OpId, env: &Env, v: Value) -> CResult<Arr> {
        if let Some(a) = env.arrs.get(&v).or_else(|| self.frees.get(&v)) {
            return Ok(a.clone());
        }
        let what = ctx
            .defining_op(v)
            .map(|d| format!("'{}'", ctx.op_name_str(d)))
            .unwrap_or_else(|| "a block argument".into());
        Err(err(
            ctx,
            user,
            format!("its array operand is produced by {what}, which has no lowering"),
        ))
    }

    /// The extents of result `res` (a tensor): static ones from its type, dynamic ones taken in
    /// order from `dyns` (thread values).
    fn result_ext(b: &mut Builder<'_>, env: &Env, res: Value, dyns: &[Value]) -> Vec<Value> {
        let (shape, _) = tensor_parts(b.ctx, b.value_type(res)).expect("ranked tensor");
        let mut k = 0;
        shape
            .iter()
            .map(|&s| {
                if s == tail_ir::DYNAMIC {
                    k += 1;
                    Self::scalar(env, dyns[k - 1])
                } else {
                    cidx(b, s)
                }
            })
            .collect()
    }

    /// Lowers one op of a lambda.
    fn op(&self, b: &mut Builder<'_>, o: OpId, env: &mut Env) -> CResult {
        let name = b.op_name_str(o).to_string();
        let operands = b.operand_vec(o);
        let sc: Vec<Value> = operands.iter().map(|&v| Self::scalar(env, v)).collect();
        let res = b.results(o).first().copied();
        let view = |env: &mut Env, a: Arr| {
            env.arrs.insert(res.expect("one result"), a);
        };
        match name.as_str() {
            "soac.index" => {
                let src = self.arr(b.ctx, o, env, operands[0])?;
                let idx = sc[1..].to_vec();
                let r = res.expect("result");
                if idx.len() == src.ext().len() {
                    let t = b.value_type(r);
                    let v = arr::read(b, &src, &idx, t);
                    env.vals.insert(r, v);
                } else {
                    let ext = src.ext()[idx.len()..].to_vec();
                    view(
                        env,
                        Arr::Fix {
                            src: Box::new(src),
                            prefix: idx,
                            ext,
                        },
                    );
                }
            }
            "soac.dim" => {
                let src = self.arr(b.ctx, o, env, operands[0])?;
                let axis = b
                    .attr(o, "axis")
                    .and_then(|a| b.attr_as_int(a))
                    .unwrap_or(0) as usize;
                env.vals.insert(res.expect("result"), src.ext()[axis]);
            }
            "soac.iota" => {
                let r = res.expect("result");
                let ext = Self::result_ext(b, env, r, &operands);
                let (_, elem) = tensor_parts(b.ctx, b.value_type(r)).expect("tensor");
                view(
                    env,
                    Arr::Iota {
                        start: 0,
                        step: 1,
                        elem,
                        ext,
                    },
                );
            }
            "soac.replicate" => {
                let r = res.expect("result");
                let a = if is_tensor(b.ctx, b.value_type(operands[0])) {
                    // The count operand is the outer extent's; the rows' are the value's.
                    let (shape, _) = tensor_parts(b.ctx, b.value_type(r)).expect("tensor");
                    let n = match shape[0] {
                        tail_ir::DYNAMIC => sc[1],
                        s => cidx(b, s),
                    };
                    let row = self.arr(b.ctx, o, env, operands[0])?;
                    let mut e = vec![n];
                    e.extend_from_slice(row.ext());
                    Arr::Repl {
                        row: Box::new(row),
                        ext: e,
                    }
                } else {
                    let ext = Self::result_ext(b, env, r, &operands[1..]);
                    Arr::Scalar { v: sc[0], ext }
                };
                view(env, a);
            }
            "soac.reshape" => {
                let r = res.expect("result");
                let src = self.arr(b.ctx, o, env, operands[0])?;
                let ext = Self::result_ext(b, env, r, &operands[1..]);
                let cyclic = b.attr(o, "cyclic").is_some();
                let a = match src {
                    Arr::Scalar { v, .. } => Arr::Scalar { v, ext },
                    src => Arr::Reshape {
                        src: Box::new(src),
                        ext,
                        cyclic,
                    },
                };
                view(env, a);
            }
            "soac.slice" => {
                let src = self.arr(b.ctx, o, env, operands[0])?;
                let k = src.ext().len();
                view(
                    env,
                    Arr::Slice {
                        src: Box::new(src),
                        off: sc[1..1 + k].to_vec(),
                        ext: sc[1 + k..1 + 2 * k].to_vec(),
                        stride: sc[1 + 2 * k..1 + 3 * k].to_vec(),
                    },
                );
            }
            "soac.rotate" => {
                let src = self.arr(b.ctx, o, env, operands[0])?;
                let ext = src.ext().to_vec();
                view(
                    env,
                    Arr::Rotate {
                        src: Box::new(src),
                        off: sc[1..].to_vec(),
                        ext,
                    },
                );
            }
            "soac.transpose" => {
                let src = self.arr(b.ctx, o, env, operands[0])?;
                let perm: Vec<usize> = tail_soac::ops::view::TransposeOp::from_op(b.ctx, o)
                    .expect("soac.transpose")
                    .perm(b.ctx)
                    .into_iter()
                    .map(|p| p as usize)
                    .collect();
                let ext = perm.iter().map(|&p| src.ext()[p]).collect();
                view(
                    env,
                    Arr::Transpose {
                        src: Box::new(src),
                        perm,
                        ext,
                    },
                );
            }
            "soac.concat" => {
                let a = self.concat(b, o, env)?;
                view(env, a);
            }
            "soac.map" => self.map(b, o, env)?,
            "soac.reduce" | "soac.redomap" => {
                self.mapped_out_code(b, o, env)?;
                self.reduce(b, o, env)?
            }
            "soac.scan" | "soac.scanomap" => {
                self.mapped_out_code(b, o, env)?;
                self.scan(b, o, env)?
            }
            "soac.filter" => self.filter(b, o, env)?,
            "soac.scatter" => self.scatter(b, o, env)?,
            "soac.update" => self.update(b, o, env)?,
            "soac.loop" => self.seq_loop(b, o, env)?,
            "scf.if" => self.if_op(b, o, env)?,
            _ if name.starts_with("soac.") => {
                return Err(err(
                    b.ctx,
                    o,
                    "not supported in a thread (supported: reduce, redomap, scan and scanomap of scalars, filter and scatter of scalars, update of an element, map, loop, views, index, dim, scalar code)",
                ));
            }
            _ => {
                for n in b.walk_preorder(o) {
                    let tys = b
                        .operands(n)
                        .map(|v| b.value_type(v))
                        .chain(b.results(n).iter().map(|&r| b.value_type(r)))
                        .collect::<Vec<_>>();
                    if b.op_name_str(n).starts_with("soac.") {
                        return Err(err(
                            b.ctx,
                            n,
                            "a SOAC nested in this region is not supported in a thread",
                        ));
                    }
                    // A character or complex number printed by a map's function
                    // (`chars.rs`, `complex.rs`): only maps run on the host
                    // (`roll::host_map`) hold the print.
                    let printed = matches!(
                        b.op_name_str(n),
                        "tail.prSclC" | "tail.prSclX" | "tail.injx" | "tail.rex"
                    ) || (b.op_is(n, "builtin.unrealized_conversion_cast")
                        && tys.iter().any(|&t| crate::chars::is_char(b.ctx, t)));
                    let printable = |t: Type| {
                        is_scalar(b.ctx, t)
                            || crate::chars::is_char(b.ctx, t)
                            || matches!(b.ctx.type_kind(t), tail_ir::TypeKind::Complex(_))
                    };
                    for t in tys {
                        if !(is_scalar(b.ctx, t) || (printed && printable(t))) {
                            return Err(tail_ir::op_error(
                                b.ctx,
                                n,
                                format!(
                                    "cannot be lowered to a kernel by convert-soac-to-hpar: value of type '{}' in a map lambda (only integer, index and float scalars are supported)",
                                    b.ctx.type_to_string(t)
                                ),
                            ));
                        }
                    }
                }
                let c = b.clone_op(o, &mut env.vals);
                let ip = b.insertion_point();
                b.insert_op(c, ip);
            }
        }
        Ok(())
    }

    /// `soac.concat` in a thread: single scalars make a register array, anything else a view
    /// choosing the part by the index on the axis.
    fn concat(&self, b: &mut Builder<'_>, o: OpId, env: &Env) -> CResult<Arr> {
        let operands = b.operand_vec(o);
        let axis = b.attr(o, "dim").and_then(|a| b.attr_as_int(a)).unwrap_or(0) as usize;
        let parts: Vec<Arr> = operands
            .iter()
            .map(|&v| self.arr(b.ctx, o, env, v))
            .collect::<CResult<_>>()?;
        let singles: Option<Vec<Value>> = parts
            .iter()
            .map(|p| match p {
                Arr::Scalar { v, ext }
                    if ext.len() == 1
                        && tail_builtin::util::constant_int(b.ctx, ext[0]) == Some(1) =>
                {
                    Some(*v)
                }
                Arr::Elems { vals, ext } if ext.len() == 1 => (vals.len() == 1).then(|| vals[0]),
                _ => None,
            })
            .collect();
        if let Some(vals) = singles {
            let ext = vec![cidx(b, vals.len() as i64)];
            return Ok(Arr::Elems { vals, ext });
        }
        let rank = parts[0].ext().len();
        if axis >= rank {
            return Err(err(b.ctx, o, "concatenation axis out of range"));
        }
        // Concatenations of register arrays along axis 0 (rank 1) stay register arrays.
        if rank == 1 {
            let mut vals = Vec::new();
            let all = parts.iter().all(|p| match p {
                Arr::Elems { vals: vs, .. } => {
                    vals.extend_from_slice(vs);
                    true
                }
                Arr::Scalar { v, ext } => match tail_builtin::util::constant_int(b.ctx, ext[0]) {
                    Some(n) if (0..=MAX_PRIVATE).contains(&n) => {
                        vals.extend(std::iter::repeat_n(*v, n as usize));
                        true
                    }
                    _ => false,
                },
                _ => false,
            });
            if all && vals.len() as i64 <= MAX_PRIVATE {
                let ext = vec![cidx(b, vals.len() as i64)];
                return Ok(Arr::Elems { vals, ext });
            }
        }
        let mut starts = Vec::new();
        let mut at = cidx(b, 0);
        for p in &parts {
            starts.push(at);
            at = bin(b, "arith.addi", at, p.ext()[axis]);
        }
        let mut ext = parts[0].ext().to_vec();
        ext[axis] = at;
        Ok(Arr::Concat {
            parts,
            starts,
            axis,
            ext,
        })
    }

    /// Binds the lambda arguments `args` to element `i` of `inputs` (a scalar for a rank-1
    /// input, the row `i` otherwise).
    fn bind_rows(b: &mut Builder<'_>, env: &mut Env, args: &[Value], inputs: &[Arr], i: Value) {
        for (&a, arr) in args.iter().zip(inputs) {
            let t = b.value_type(a);
            if is_tensor(b.ctx, t) {
                env.arrs.insert(
                    a,
                    Arr::Fix {
                        src: Box::new(arr.clone()),
                        prefix: vec![i],
                        ext: arr.ext()[1..].to_vec(),
                    },
                );
            } else {
                let v = arr::read(b, arr, &[i], t);
                env.vals.insert(a, v);
            }
        }
    }

    /// `soac.map` in a thread: each result is an index function running the lambda at the
    /// element read (fused into the consumer).
    fn map(&self, b: &mut Builder<'_>, o: OpId, env: &mut Env) -> CResult {
        let inputs: Vec<Arr> = b
            .operand_vec(o)
            .iter()
            .map(|&v| self.arr(b.ctx, o, env, v))
            .collect::<CResult<_>>()?;
        let lam = b.entry_block(b.region(o, 0)).expect("map has a body");
        let args = b.block_args(lam).to_vec();
        let n = inputs[0].ext()[0];
        if crate::roll::holds_roll(b.ctx, lam) {
            return self.map_rolls(b, o, env, &inputs, lam);
        }
        for (k, &r) in b.results(o).to_vec().iter().enumerate() {
            let (shape, elem) = tensor_parts(b.ctx, b.value_type(r)).expect("tensor result");
            let mut ext = vec![n];
            // Dynamic extents of the rows: those of the lambda's array at the first element
            // (the rows of an array have one shape; only their extents are computed there,
            // the elements are read where they are used), 0 when there is no element (the
            // inputs are not read then).
            let dyns = shape[1..]
                .iter()
                .filter(|&&s| s == tail_ir::DYNAMIC)
                .count();
            let first = if dyns > 0 {
                let it = b.index_type();
                let c0 = cidx(b, 0);
                let some = tail_builtin::arith::build_cmpi(
                    b,
                    tail_builtin::arith::CmpIPredicate::Sgt,
                    n,
                    c0,
                );
                let (ifop, then_b, else_b) =
                    tail_builtin::scf::IfOp::create(b, some, &vec![it; dyns], true);
                let saved = b.insertion_point();
                b.set_insertion_point(InsertPoint::BlockEnd(then_b));
                let mut env0 = env.clone();
                let c0 = cidx(b, 0);
                Self::bind_rows(b, &mut env0, &args, &inputs, c0);
                let ext = match self.block(b, lam, &mut env0, Some(&[k])) {
                    Ok(ys) => match &ys[k] {
                        TVal::A(a) => Some(a.ext().to_vec()),
                        TVal::S(_) => None,
                    },
                    Err(d) => {
                        b.set_insertion_point(saved);
                        return Err(d);
                    }
                };
                let Some(ext) = ext.filter(|e| e.len() == shape.len() - 1) else {
                    b.set_insertion_point(saved);
                    return Err(err(
                        b.ctx,
                        o,
                        "a map in a thread whose lambda yields arrays of dynamic extents",
                    ));
                };
                let ys: Vec<Value> = shape[1..]
                    .iter()
                    .zip(&ext)
                    .filter(|(&s, _)| s == tail_ir::DYNAMIC)
                    .map(|(_, &e)| e)
                    .collect();
                // Extents that the lambda takes from outside (its rows' extents, a length of
                // the thread) need no element: the test goes, and a loop carrying the array
                // sees the same extents in every iteration.
                let outside = |b: &Builder<'_>, v: Value| match b.defining_op(v) {
                    Some(d) => !b.is_ancestor(ifop.op(), d),
                    None => b
                        .value_parent_block(v)
                        .and_then(|blk| b.block_parent_op(blk))
                        .is_none_or(|p| p != ifop.op() && !b.is_ancestor(ifop.op(), p)),
                };
                if ys.iter().all(|&v| outside(b, v)) {
                    b.set_insertion_point(saved);
                    b.erase_op(ifop.op());
                    Some(ys)
                } else {
                    mk(b, "scf.yield", &ys, &[], &[], Vec::new());
                    b.set_insertion_point(InsertPoint::BlockEnd(else_b.expect("else")));
                    let z = cidx(b, 0);
                    mk(b, "scf.yield", &vec![z; dyns], &[], &[], Vec::new());
                    b.set_insertion_point(saved);
                    Some(b.results(ifop.op()).to_vec())
                }
            } else {
                None
            };
            let mut next_dyn = 0;
            for &s in &shape[1..] {
                if s == tail_ir::DYNAMIC {
                    let e = first.as_ref().expect("dynamic extents computed above")[next_dyn];
                    next_dyn += 1;
                    ext.push(e);
                    continue;
                }
                ext.push(cidx(b, s));
            }
            let (seq, env0, ins, args) = (self.clone(), env.clone(), inputs.clone(), args.clone());
            let f = move |b: &mut Builder<'_>, idx: &[Value]| -> Value {
                let mut env = env0.clone();
                Self::bind_rows(b, &mut env, &args, &ins, idx[0]);
                let ys = seq.block(b, lam, &mut env, Some(&[k]));
                match ys.map(|ys| ys[k].clone()) {
                    Ok(TVal::S(v)) => v,
                    Ok(TVal::A(a)) => arr::read(b, &a, &idx[1..], elem),
                    Err(d) => {
                        seq.fail(d);
                        zero(b, elem)
                    }
                }
            };
            env.arrs.insert(r, Arr::Code { f: Rc::new(f), ext });
        }
        Ok(())
    }

    /// `soac.map` whose lambda draws random numbers (`tail.roll`, on the host only: a map in a
    /// roll's host loop): one loop over the elements in order that runs the whole lambda (every
    /// roll, used or not) and stores each result into the thread's storage, so the numbers
    /// are drawn in the program's order whatever order the consumers read them in (an index
    /// function would draw them where they are read: a right fold reads from the end).
    fn map_rolls(
        &self,
        b: &mut Builder<'_>,
        o: OpId,
        env: &mut Env,
        inputs: &[Arr],
        lam: BlockId,
    ) -> CResult {
        let results = b.results(o).to_vec();
        let mut bufs = Vec::new();
        for &r in &results {
            let (shape, elem) = tensor_parts(b.ctx, b.value_type(r)).expect("tensor result");
            if shape.len() != 1 {
                return Err(err(
                    b.ctx,
                    o,
                    "a map in a thread whose lambda draws random numbers and yields arrays",
                ));
            }
            bufs.push((elem, b.has_uses(r)));
        }
        let n = inputs[0].ext()[0];
        let stored: Vec<Option<Stored>> = bufs
            .iter()
            .map(|&(elem, used)| used.then(|| Stored::alloc(b, n, elem)))
            .collect();
        let args = b.block_args(lam).to_vec();
        let (j, saved) = open_counted_loop(b, n);
        let mut inner = env.clone();
        Self::bind_rows(b, &mut inner, &args, inputs, j);
        let ys = match self.block(b, lam, &mut inner, None) {
            Ok(ys) => ys,
            Err(d) => {
                b.set_insertion_point(saved);
                return Err(d);
            }
        };
        for (st, y) in stored.iter().zip(&ys) {
            if let (Some(st), TVal::S(v)) = (st, y) {
                st.store(b, j, *v);
            }
        }
        b.set_insertion_point(saved);
        for (&r, st) in results.iter().zip(stored) {
            if let Some(st) = st {
                env.arrs.insert(r, st.array(None, vec![n]));
            }
        }
        Ok(())
    }

    /// The mapped-out results of fold `o` (a `redomap`/`scanomap` over rank-1 arrays whose
    /// map lambda is scalar code) that the thread reads (`+/ 2 × r` of a row `r` mapped out
    /// beside `+/ r`): index functions running the map lambda where an element is read, so
    /// that the fold computes its reduced or scanned values alone.
    fn mapped_out_code(&self, b: &mut Builder<'_>, o: OpId, env: &mut Env) -> CResult {
        if b.regions(o).len() < 2 {
            return Ok(());
        }
        let k = b
            .entry_block(b.region(o, 0))
            .map_or(0, |opr| b.block_args(opr).len() / 2);
        let results = b.results(o).to_vec();
        let wanted: Vec<usize> = {
            let live = self.live.borrow();
            (k..results.len())
                .filter(|&i| live.contains(&results[i]))
                .collect()
        };
        let Some(lam) = b.entry_block(b.region(o, 1)) else {
            return Ok(());
        };
        if wanted.is_empty() || needs_seq(b.ctx, lam) {
            return Ok(());
        }
        let operands = b.operand_vec(o);
        let ins = &operands[..operands.len() - k];
        let inputs: Vec<Arr> = ins
            .iter()
            .map(|&v| self.arr(b.ctx, o, env, v))
            .collect::<CResult<_>>()?;
        if inputs.iter().any(|a| a.ext().len() != 1) {
            return Ok(());
        }
        let n = inputs[0].ext()[0];
        let args = b.block_args(lam).to_vec();
        let elems: Vec<Type> = args.iter().map(|&a| b.value_type(a)).collect();
        let inputs = Rc::new(inputs);
        for i in wanted {
            let (inputs, elems, args) = (inputs.clone(), elems.clone(), args.clone());
            // The thread's copies of the values the lambda reads from outside.
            let outer = env.vals.clone();
            let f: arr::CodeFn = Rc::new(move |b: &mut Builder<'_>, idx: &[Value]| {
                let mut map = outer.clone();
                for ((&a, x), &et) in args.iter().zip(inputs.iter()).zip(&elems) {
                    let v = arr::read(b, x, idx, et);
                    map.insert(a, v);
                }
                inline_block(b, lam, &mut map)[i]
            });
            env.arrs.insert(results[i], Arr::Code { f, ext: vec![n] });
        }
        Ok(())
    }

    /// The parts of a fold in a thread (`reduce`/`redomap`, `scan`/`scanomap` of scalars):
    /// `what` names the op with a map lambda in the message about mapped-out results, `rows`
    /// is the message for arrays where scalars are folded.
    fn fold_parts(
        &self,
        b: &mut Builder<'_>,
        o: OpId,
        env: &Env,
        what: &str,
        rows: &'static str,
    ) -> CResult<Fold> {
        let opr = b.entry_block(b.region(o, 0)).expect("operator");
        let k = b.block_args(opr).len() / 2;
        let needed_out = {
            let live = self.live.borrow();
            b.results(o)[k..]
                .iter()
                .any(|r| live.contains(r) && !env.arrs.contains_key(r))
        };
        if needed_out {
            return Err(err(
                b.ctx,
                o,
                format!("mapped-out results of a {what} are not supported in a thread"),
            ));
        }
        let operands = b.operand_vec(o);
        let (ins, nes) = operands.split_at(operands.len() - k);
        let inputs: Vec<Arr> = ins
            .iter()
            .map(|&v| self.arr(b.ctx, o, env, v))
            .collect::<CResult<_>>()?;
        let mut inits = Vec::new();
        for &ne in nes {
            match self.val(b.ctx, o, env, ne)? {
                TVal::S(v) => inits.push(v),
                TVal::A(_) => return Err(err(b.ctx, o, rows)),
            }
        }
        let lam =
            (b.regions(o).len() > 1).then(|| b.entry_block(b.region(o, 1)).expect("map lambda"));
        if lam.is_none() && inputs.iter().any(|a| a.ext().len() != 1) {
            return Err(err(b.ctx, o, rows));
        }
        Ok(Fold {
            opr,
            k,
            inputs,
            inits,
            lam,
            rows,
        })
    }

    /// One step of fold `f` (of op `o`) at position `j` from the values `accs`: the elements
    /// (the map lambda run on the inputs' rows `j`, or the inputs' elements `j`), then the
    /// operator on `(accs…, elements…)`. Its results and the elements.
    fn fold_step(
        &self,
        b: &mut Builder<'_>,
        o: OpId,
        f: &Fold,
        env: &Env,
        j: Value,
        accs: &[Value],
    ) -> CResult<(Vec<Value>, Vec<Value>)> {
        let mut inner = env.clone();
        let xs: Vec<Value> = match f.lam {
            Some(lam) => {
                let args = b.block_args(lam).to_vec();
                Self::bind_rows(b, &mut inner, &args, &f.inputs, j);
                let outs: Vec<usize> = (0..f.k).collect();
                self.block(b, lam, &mut inner, Some(&outs))?[..f.k]
                    .iter()
                    .map(|y| match y {
                        TVal::S(v) => Ok(*v),
                        TVal::A(_) => Err(err(b.ctx, o, f.rows)),
                    })
                    .collect::<CResult<_>>()?
            }
            None => f
                .inputs
                .iter()
                .zip(accs)
                .map(|(a, &acc)| {
                    let t = b.value_type(acc);
                    arr::read(b, a, &[j], t)
                })
                .collect(),
        };
        let oargs = b.block_args(f.opr).to_vec();
        for (&a, &v) in oargs.iter().zip(accs.iter().chain(&xs)) {
            inner.vals.insert(a, v);
        }
        let ys = self
            .block(b, f.opr, &mut inner, None)?
            .into_iter()
            .map(|y| match y {
                TVal::S(v) => Ok(v),
                TVal::A(_) => Err(err(b.ctx, o, "a fold operator yielding arrays")),
            })
            .collect::<CResult<_>>()?;
        Ok((ys, xs))
    }

    /// An `scf.for` over `0 … n-1` carrying fold `f`'s values (of op `o`) from the neutral
    /// elements, with one step ([`Self::fold_step`]) emitted in its body, where the builder
    /// is left (back at its place on an error); the body still needs its `scf.yield`.
    fn fold_loop(
        &self,
        b: &mut Builder<'_>,
        o: OpId,
        f: &Fold,
        env: &Env,
        n: Value,
    ) -> CResult<FoldLoop> {
        let (c0, c1) = (cidx(b, 0), cidx(b, 1));
        let (for_op, body) = tail_builtin::scf::ForOp::create(b, c0, n, c1, &f.inits);
        let saved = b.insertion_point();
        b.set_insertion_point(InsertPoint::BlockEnd(body));
        let j = b.block_arg(body, 0);
        let accs: Vec<Value> = b.block_args(body)[1..].to_vec();
        match self.fold_step(b, o, f, env, j, &accs) {
            Ok((ys, xs)) => Ok(FoldLoop {
                op: for_op.op(),
                saved,
                j,
                accs,
                ys,
                xs,
            }),
            Err(d) => {
                b.set_insertion_point(saved);
                Err(d)
            }
        }
    }

    /// `soac.scan`/`scanomap` of scalars in a thread: folded by the one reduction that reads
    /// it ([`Self::scan_into_reduce`]), else stored in the thread's storage
    /// ([`Self::scan_stored`]).
    fn scan(&self, b: &mut Builder<'_>, o: OpId, env: &mut Env) -> CResult {
        let fold = self.fold_parts(
            b,
            o,
            env,
            "scanomap",
            "a scan of rows is not supported in a thread",
        )?;
        let n = fold.inputs[0].ext()[0];
        if let Some(r) = Self::scan_into_reduce(b.ctx, o) {
            // Its extent is the input's (read by `soac.dim`, an extent check); its elements
            // are the prefixes of the reduction's loop.
            let prefix: Prefix = Rc::default();
            let cell = prefix.clone();
            let (_, elem) = tensor_parts(b.ctx, b.value_type(r)).expect("a tensor");
            let f = move |b: &mut Builder<'_>, _: &[Value]| -> Value {
                (*cell.borrow()).unwrap_or_else(|| zero(b, elem))
            };
            env.arrs.insert(
                r,
                Arr::Code {
                    f: Rc::new(f),
                    ext: vec![n],
                },
            );
            self.fused.borrow_mut().insert(r, (o, fold, prefix));
            return Ok(());
        }
        self.scan_stored(b, o, env, &fold, n)
    }

    /// A scan in a thread of `n` elements: one `scf.for` fold over `0 … n-1` that stores each prefix into
    /// per-thread storage, a `memref.alloca(n)` per result (booleans as `i8`), which the
    /// results read. The kernel levels give such an alloca its storage (module docs).
    fn scan_stored(
        &self,
        b: &mut Builder<'_>,
        o: OpId,
        env: &mut Env,
        fold: &Fold,
        n: Value,
    ) -> CResult {
        // The scanned results only: mapped-out ones that the thread reads are index functions
        // already (`mapped_out_code`), the others are not computed.
        let results = b.results(o)[..fold.inits.len()].to_vec();
        let mut bufs = Vec::new();
        for &r in &results {
            let Some((_, elem)) = tensor_parts(b.ctx, b.value_type(r)) else {
                return Err(err(b.ctx, o, "a scan whose result is not a ranked tensor"));
            };
            bufs.push(Stored::alloc(b, n, elem));
        }
        let l = self.fold_loop(b, o, fold, env, n)?;
        for (&y, st) in l.ys.iter().zip(&bufs) {
            st.store(b, l.j, y);
        }
        mk(b, "scf.yield", &l.ys, &[], &[], Vec::new());
        b.set_insertion_point(l.saved);
        for (&r, st) in results.iter().zip(&bufs) {
            env.arrs.insert(r, st.array(None, vec![n]));
        }
        Ok(())
    }

    /// `soac.scatter` in a thread (APL's replicate by counts in a dfn applied per element):
    /// the destination copied into the thread's storage (unless the indices are a
    /// permutation), then one loop writing each value at its index when that is within the
    /// destination, in order (the last write wins). Rank-1 arrays of scalars only.
    fn scatter(&self, b: &mut Builder<'_>, o: OpId, env: &mut Env) -> CResult {
        let operands = b.operand_vec(o);
        let [vs, dest, is] = [0, 1, 2].map(|k| self.arr(b.ctx, o, env, operands[k]));
        let (vs, dest, is) = (vs?, dest?, is?);
        if dest.ext().len() != 1 || vs.ext().len() != 1 {
            return Err(err(
                b.ctx,
                o,
                "a scatter of rows is not supported in a thread",
            ));
        }
        let n = dest.ext()[0];
        let r = b.result(o, 0);
        let (_, elem) = tensor_parts(b.ctx, b.value_type(r)).expect("a tensor");
        let ielem = b.ctx.element_type_or_self(b.value_type(operands[2]));
        let st = Stored::alloc(b, n, elem);
        let c0 = cidx(b, 0);
        if b.attr(o, "permutation").is_none() {
            Self::store_all(b, &st, c0, &dest, n);
        }
        let (j, saved) = open_counted_loop(b, is.ext()[0]);
        let i = arr::read(b, &is, &[j], ielem);
        let it = b.index_type();
        let at = if b.ctx.int_width(ielem).is_some() {
            mk1(b, "arith.index_cast", &[i], it, &[])
        } else {
            i
        };
        let inside = ult(b, at, n);
        let (_, then_b, _) = tail_builtin::scf::IfOp::create(b, inside, &[], false);
        let ty = b.last_op(then_b).expect("scf.yield");
        b.set_insertion_point(InsertPoint::Before(ty));
        let v = arr::read(b, &vs, &[j], elem);
        st.store(b, at, v);
        b.set_insertion_point(saved);
        env.arrs.insert(r, st.array(None, vec![n]));
        Ok(())
    }

    /// `soac.update` of an element in a thread (an indexed assignment in a dfn applied per
    /// element, `{v ← ⍳ 5 ⋄ v[⍵] ← 0 ⋄ +/ v}¨`): a new array, the destination's elements with
    /// the one at the indices replaced. A destination of constant extents of at most
    /// [`MAX_PRIVATE`] elements stays in registers (each element selects the value where the
    /// position is the updated one); a larger one is copied into the thread's storage and the
    /// copy stored into. The indices are checked before (`soac-runtime-checks`).
    fn update(&self, b: &mut Builder<'_>, o: OpId, env: &mut Env) -> CResult {
        let operands = b.operand_vec(o);
        let value = Self::scalar(env, operands[0]);
        let dest = self.arr(b.ctx, o, env, operands[1])?;
        let idx: Vec<Value> = operands[2..]
            .iter()
            .map(|&v| Self::scalar(env, v))
            .collect();
        let ext = dest.ext().to_vec();
        if idx.len() != ext.len() {
            return Err(err(
                b.ctx,
                o,
                "an update of a row is not supported in a thread (only of an element)",
            ));
        }
        let r = b.result(o, 0);
        let (_, elem) = tensor_parts(b.ctx, b.value_type(r)).expect("a tensor");
        if let Some(pe) = Self::private_ext(b.ctx, &dest) {
            let at = arr::linearize(b, &idx, &ext);
            let old = Self::elements(b, &dest, &pe, elem);
            let vals = old
                .into_iter()
                .enumerate()
                .map(|(j, x)| {
                    let cj = cidx(b, j as i64);
                    let here = tail_builtin::arith::build_cmpi(
                        b,
                        tail_builtin::arith::CmpIPredicate::Eq,
                        at,
                        cj,
                    );
                    mk1(b, "arith.select", &[here, value, x], elem, &[])
                })
                .collect();
            env.arrs.insert(r, Arr::Elems { vals, ext });
            return Ok(());
        }
        let total = arr::count(b, &ext);
        let st = Stored::alloc(b, total, elem);
        let c0 = cidx(b, 0);
        Self::store_all(b, &st, c0, &dest, total);
        let at = arr::linearize(b, &idx, &ext);
        st.store(b, at, value);
        env.arrs.insert(r, st.array(None, ext));
        Ok(())
    }

    /// `soac.filter` in a thread (APL's compression in a dfn applied per element): one loop
    /// over the inputs' `n` elements that runs the predicate and stores each element at the
    /// count of elements kept so far (unconditionally: a dropped element is overwritten by the
    /// next one), into the thread's storage of `n` elements per used result; the results have
    /// the count as extent. A filter of rows (`(m[;1] > ⍵) ⌿ m`) stores the kept rows'
    /// positions instead, and its results read the inputs' rows through them. Needs `n` known
    /// before the threads start (or heap storage).
    fn filter(&self, b: &mut Builder<'_>, o: OpId, env: &mut Env) -> CResult {
        let operands = b.operand_vec(o);
        let inputs: Vec<Arr> = operands
            .iter()
            .map(|&v| self.arr(b.ctx, o, env, v))
            .collect::<CResult<_>>()?;
        let rows = inputs.iter().any(|a| a.ext().len() != 1);
        let n = inputs[0].ext()[0];
        let results = b.results(o).to_vec();
        let mut bufs = Vec::new();
        // Rows are not copied: the positions of the kept rows are stored, and each result
        // reads its input's row at the position stored for its own row.
        let kept_at = rows.then(|| {
            let it = b.index_type();
            Stored::alloc(b, n, it)
        });
        for &r in &results {
            let (_, elem) = tensor_parts(b.ctx, b.value_type(r)).expect("a tensor");
            bufs.push((!rows && b.has_uses(r)).then(|| Stored::alloc(b, n, elem)));
        }
        let (c0, c1) = (cidx(b, 0), cidx(b, 1));
        let (for_op, body) = tail_builtin::scf::ForOp::create(b, c0, n, c1, &[c0]);
        let saved = b.insertion_point();
        b.set_insertion_point(InsertPoint::BlockEnd(body));
        let j = b.block_arg(body, 0);
        let kept = b.block_arg(body, 1);
        let pred = b.entry_block(b.region(o, 0)).expect("predicate");
        let args = b.block_args(pred).to_vec();
        let mut inner = env.clone();
        let mut xs = Vec::new();
        if rows {
            Self::bind_rows(b, &mut inner, &args, &inputs, j);
        } else {
            for ((&a, arr), &v) in args.iter().zip(&inputs).zip(&operands) {
                // `v` may be a buffer already (an array from outside the kernel).
                let elem = b.ctx.element_type_or_self(b.value_type(v));
                let x = arr::read(b, arr, &[j], elem);
                inner.vals.insert(a, x);
                xs.push(x);
            }
        }
        let p = match self.block(b, pred, &mut inner, None) {
            Ok(ys) => match ys.first() {
                Some(TVal::S(p)) => *p,
                _ => {
                    b.set_insertion_point(saved);
                    return Err(err(b.ctx, o, "a filter predicate yielding an array"));
                }
            },
            Err(d) => {
                b.set_insertion_point(saved);
                return Err(d);
            }
        };
        for (st, &x) in bufs.iter().zip(&xs) {
            if let Some(st) = st {
                st.store(b, kept, x);
            }
        }
        if let Some(st) = &kept_at {
            st.store(b, kept, j);
        }
        let one = cidx(b, 1);
        let bumped = bin(b, "arith.addi", kept, one);
        let it = b.index_type();
        let next = mk1(b, "arith.select", &[p, bumped, kept], it, &[]);
        mk(b, "scf.yield", &[next], &[], &[], Vec::new());
        b.set_insertion_point(saved);
        let count = b.result(for_op.op(), 0);
        for (&r, st) in results.iter().zip(&bufs) {
            if let Some(st) = st {
                env.arrs.insert(r, st.array(None, vec![count]));
            }
        }
        if let Some(st) = kept_at {
            for (&r, src) in results.iter().zip(inputs) {
                let (_, elem) = tensor_parts(b.ctx, b.value_type(r)).expect("a tensor");
                let mut ext = vec![count];
                ext.extend_from_slice(&src.ext()[1..]);
                let f = move |b: &mut Builder<'_>, idx: &[Value]| -> Value {
                    let mut at = vec![st.load(b, idx[0])];
                    at.extend_from_slice(&idx[1..]);
                    arr::read(b, &src, &at, elem)
                };
                env.arrs.insert(r, Arr::Code { f: Rc::new(f), ext });
            }
        }
        Ok(())
    }

    /// `soac.reduce`/`redomap` in a thread: an `scf.for` fold from the neutral elements.
    fn reduce(&self, b: &mut Builder<'_>, o: OpId, env: &mut Env) -> CResult {
        let scan = b
            .operand_vec(o)
            .into_iter()
            .find_map(|v| self.fused.borrow().get(&v).cloned());
        if let Some((s, scan, prefix)) = scan {
            return self.reduce_scan(b, o, env, (s, &scan), &prefix);
        }
        let fold = self.fold_parts(
            b,
            o,
            env,
            "redomap",
            "a reduction of rows (array accumulators) is not supported in a thread",
        )?;
        let n = fold.inputs[0].ext()[0];
        let l = self.fold_loop(b, o, &fold, env, n)?;
        for ((&y, &acc), &x) in l.ys.iter().zip(&l.accs).zip(&l.xs) {
            mark_reassociable(b.ctx, y, acc, x);
        }
        mk(b, "scf.yield", &l.ys, &[], &[], Vec::new());
        b.set_insertion_point(l.saved);
        for (&r, &v) in b
            .results(o)
            .to_vec()
            .iter()
            .zip(b.results(l.op).to_vec().iter())
        {
            env.vals.insert(r, v);
        }
        Ok(())
    }

    /// The result of scan `o` when it is one scalar scanned value read by nothing but one
    /// reduction (`reduce`/`redomap`) of the same block (`{⌈/ +\ ⍵}`) and extent reads
    /// (`soac.dim`): that reduction then folds the prefixes as the scan computes them, in one
    /// loop, and nothing is stored ([`Self::reduce_scan`]).
    fn scan_into_reduce(ctx: &Context, o: OpId) -> Option<Value> {
        let opr = ctx.entry_block(ctx.region(o, 0))?;
        if ctx.num_results(o) != 1 || ctx.block_args(opr).len() != 2 {
            return None;
        }
        let r = ctx.result(o, 0);
        let users: Vec<OpId> = ctx
            .uses(r)
            .map(|u| u.op)
            .filter(|&u| !ctx.op_is(u, "soac.dim"))
            .collect();
        let user = *users.first()?;
        let one_user = users.iter().all(|&u| u == user);
        let is_reduce = ctx.op_is(user, "soac.reduce") || ctx.op_is(user, "soac.redomap");
        (one_user && is_reduce && ctx.op_parent_block(user) == ctx.op_parent_block(o)).then_some(r)
    }

    /// Reduction `o` of the prefixes of scan `s` (of fold `scan`; [`Self::scan_into_reduce`],
    /// whose result reads `prefix`): one `scf.for` carrying the scan's value and the
    /// reduction's; each step computes the next prefix and folds it (the reduction's map
    /// lambda, if any, reading it and the other inputs at the step's position).
    fn reduce_scan(
        &self,
        b: &mut Builder<'_>,
        o: OpId,
        env: &mut Env,
        (s, scan): (OpId, &Fold),
        prefix: &Prefix,
    ) -> CResult {
        let n = scan.inputs[0].ext()[0];
        let red = self.fold_parts(
            b,
            o,
            env,
            "redomap",
            "a reduction of rows (array accumulators) is not supported in a thread",
        )?;
        let mut inits = scan.inits.clone();
        inits.extend(&red.inits);
        let (c0, c1) = (cidx(b, 0), cidx(b, 1));
        let (for_op, body) = tail_builtin::scf::ForOp::create(b, c0, n, c1, &inits);
        let saved = b.insertion_point();
        b.set_insertion_point(InsertPoint::BlockEnd(body));
        let j = b.block_arg(body, 0);
        let accs: Vec<Value> = b.block_args(body)[1..].to_vec();
        let (sa, ra) = accs.split_at(scan.k);
        let step = self.fold_step(b, s, scan, env, j, sa).and_then(|(ys, _)| {
            *prefix.borrow_mut() = Some(ys[0]);
            let (zs, xs) = self.fold_step(b, o, &red, env, j, ra)?;
            Ok((ys, zs, xs))
        });
        let (ys, zs, xs) = match step {
            Ok(v) => v,
            Err(d) => {
                b.set_insertion_point(saved);
                return Err(d);
            }
        };
        for ((&z, &acc), &x) in zs.iter().zip(ra).zip(&xs) {
            mark_reassociable(b.ctx, z, acc, x);
        }
        let mut next = ys;
        next.extend(zs);
        mk(b, "scf.yield", &next, &[], &[], Vec::new());
        b.set_insertion_point(saved);
        let outs = b.results(for_op.op())[scan.k..].to_vec();
        for (&res, &v) in b.results(o).to_vec().iter().zip(&outs) {
            env.vals.insert(res, v);
        }
        Ok(())
    }

    /// The constant extents of array `a`, if it has at most [`MAX_PRIVATE`] elements (a
    /// loop-carried array held in registers).
    fn private_ext(ctx: &Context, a: &Arr) -> Option<Vec<i64>> {
        let ext: Option<Vec<i64>> = a
            .ext()
            .iter()
            .map(|&e| tail_builtin::util::constant_int(ctx, e))
            .collect();
        ext.filter(|e| e.iter().product::<i64>() <= MAX_PRIVATE && e.iter().all(|&x| x >= 0))
    }

    /// The elements of array `a` (constant extents `ext`), read in row-major order.
    fn elements(b: &mut Builder<'_>, a: &Arr, ext: &[i64], elem: Type) -> Vec<Value> {
        if let Arr::Elems { vals, .. } = a {
            return vals.clone();
        }
        (0..ext.iter().product::<i64>())
            .map(|j| {
                let f = cidx(b, j);
                arr::read_flat(b, a, f, elem)
            })
            .collect()
    }

    /// `soac.loop` in a thread: an `scf.for` from 0 to the count. Scalars are carried as they
    /// are; an array of at most [`MAX_PRIVATE`] elements of constant extents element-wise in
    /// registers; a larger array in the thread's storage, twice its size: each iteration reads the half at the carried offset
    /// and writes the new array into the other half (the offset `0` or the size is carried).
    fn seq_loop(&self, b: &mut Builder<'_>, o: OpId, env: &mut Env) -> CResult {
        let operands = b.operand_vec(o);
        let count = Self::scalar(env, operands[0]);
        let (c0, c1) = (cidx(b, 0), cidx(b, 1));
        let mut carries: Vec<Carry> = Vec::new();
        let mut slots = Vec::new();
        for &v in &operands[1..] {
            match self.val(b.ctx, o, env, v)? {
                TVal::S(s) => {
                    carries.push(Carry::Scalar);
                    slots.push(s);
                }
                TVal::A(a) => {
                    let elem = b.ctx.element_type_or_self(b.value_type(v));
                    if let Some(ext) = Self::private_ext(b.ctx, &a) {
                        slots.extend(Self::elements(b, &a, &ext, elem));
                        let vals = ext.iter().map(|&x| cidx(b, x)).collect();
                        carries.push(Carry::Regs(ext, vals, elem));
                    } else {
                        let ext = a.ext().to_vec();
                        let total = arr::count(b, &ext);
                        let twice = bin(b, "arith.addi", total, total);
                        let st = Stored::alloc(b, twice, elem);
                        Self::store_all(b, &st, c0, &a, total);
                        slots.push(c0);
                        carries.push(Carry::Mem { st, ext, total });
                    }
                }
            }
        }
        let (for_op, body) = tail_builtin::scf::ForOp::create(b, c0, count, c1, &slots);
        let saved = b.insertion_point();
        // Without carried values (only arrays of no elements) the body has its `scf.yield`.
        let ends = if slots.is_empty() {
            b.last_op(body)
        } else {
            None
        };
        b.set_insertion_point(match ends {
            Some(y) => InsertPoint::Before(y),
            None => InsertPoint::BlockEnd(body),
        });
        let sbody = b.entry_block(b.region(o, 0)).expect("loop body");
        let sargs = b.block_args(sbody).to_vec();
        let fargs = b.block_args(body).to_vec();
        let mut inner = env.clone();
        inner.vals.insert(sargs[0], fargs[0]);
        let carried = |env: &mut Env, vals: &[Value], targets: &[Value]| {
            let mut at = 0;
            for (c, &t) in carries.iter().zip(targets) {
                match c {
                    Carry::Regs(e, ev, _) => {
                        let n = e.iter().product::<i64>() as usize;
                        let vs = vals[at..at + n].to_vec();
                        at += n;
                        env.arrs.insert(
                            t,
                            Arr::Elems {
                                vals: vs,
                                ext: ev.clone(),
                            },
                        );
                    }
                    Carry::Mem { st, ext, .. } => {
                        env.arrs.insert(t, st.array(Some(vals[at]), ext.clone()));
                        at += 1;
                    }
                    Carry::Scalar => {
                        env.vals.insert(t, vals[at]);
                        at += 1;
                    }
                }
            }
        };
        carried(&mut inner, &fargs[1..], &sargs[1..]);
        let ys = match self.block(b, sbody, &mut inner, None) {
            Ok(ys) => ys,
            Err(d) => {
                b.set_insertion_point(saved);
                return Err(d);
            }
        };
        let kept = "an array carried by a loop in a thread must keep its extents";
        let mut next = Vec::new();
        for (y, c) in ys.into_iter().zip(&carries) {
            match (y, c) {
                (TVal::S(v), Carry::Scalar) => next.push(v),
                (TVal::A(a), Carry::Regs(e, _, elem)) => {
                    if Self::private_ext(b.ctx, &a).as_ref() != Some(e) {
                        b.set_insertion_point(saved);
                        return Err(err(b.ctx, o, kept));
                    }
                    next.extend(Self::elements(b, &a, e, *elem));
                }
                (TVal::A(a), Carry::Mem { st, ext, total }) => {
                    if !arr::same_extents(b.ctx, a.ext(), ext) {
                        b.set_insertion_point(saved);
                        return Err(err(b.ctx, o, kept));
                    }
                    let off = fargs[1 + next.len()];
                    let other = bin(b, "arith.subi", *total, off);
                    Self::store_all(b, st, other, &a, *total);
                    next.push(other);
                }
                _ => unreachable!("soac.loop verifies the carried types"),
            }
        }
        if ends.is_none() {
            mk(b, "scf.yield", &next, &[], &[], Vec::new());
        }
        b.set_insertion_point(saved);
        let results = b.results(for_op.op()).to_vec();
        let targets = b.results(o).to_vec();
        carried(env, &results, &targets);
        Ok(())
    }

    /// Stores the `total` elements of `a` row-major into `st` from `base` (an `scf.for`).
    fn store_all(b: &mut Builder<'_>, st: &Stored, base: Value, a: &Arr, total: Value) {
        let (i, saved) = open_counted_loop(b, total);
        let v = arr::read_flat(b, a, i, st.elem);
        let at = bin(b, "arith.addi", base, i);
        st.store(b, at, v);
        b.set_insertion_point(saved);
    }

    /// `scf.if` yielding arrays in a thread (e.g. a row of a matrix or a row of default
    /// items): both branches may only build views (`soac.index` of fewer axes than the rank,
    /// `slice`, `rotate`, `transpose`, `reshape`, `replicate`, `iota`, `concat`, `dim`), hold
    /// such `scf.if`s, and compute pure scalar code; they compute nothing but index functions, so they are lowered
    /// before the `if`, and each array result reads `cond ? a : b` element-wise
    /// ([`Arr::Select`]), each scalar result is an `arith.select`.
    fn select(&self, b: &mut Builder<'_>, o: OpId, env: &mut Env) -> CResult {
        let mut branches = Vec::new();
        for r in 0..2 {
            let Some(blk) = b.entry_block(b.region(o, r)) else {
                return Err(err(
                    b.ctx,
                    o,
                    "an scf.if yielding arrays needs both branches",
                ));
            };
            let ops = b.block_op_vec(blk);
            let (term, body) = ops.split_last().expect("terminator");
            for &n in body {
                let nm = b.op_name_str(n);
                let whole_index = nm == "soac.index" && {
                    let rank = tensor_parts(b.ctx, b.value_type(b.operand(n, 0)))
                        .map_or(0, |(s, _)| s.len());
                    b.num_operands(n) - 1 == rank
                };
                // A nested `scf.if` is selected the same way (its branches checked when it is).
                let ok = (crate::arr::VIEW_OPS.contains(&nm) && !whole_index)
                    || nm == "scf.if"
                    || (!nm.starts_with("soac.")
                        && b.ctx.regions(n).is_empty()
                        && tail_ir::greedy::is_memory_effect_free(b.ctx, n));
                if !ok {
                    return Err(err(b.ctx, n, "inside an scf.if yielding arrays in a thread (only views, replicate, iota, concat and pure scalar code are supported there)"));
                }
            }
            for &n in body {
                self.op(b, n, env)?;
            }
            branches.push(b.operand_vec(*term));
        }
        let cond = Self::scalar(env, b.operand(o, 0));
        for (i, r) in b.results(o).to_vec().into_iter().enumerate() {
            let (x, y) = (branches[0][i], branches[1][i]);
            if is_tensor(b.ctx, b.value_type(r)) {
                let (xa, ya) = (self.arr(b.ctx, o, env, x)?, self.arr(b.ctx, o, env, y)?);
                let ext = xa
                    .ext()
                    .iter()
                    .zip(ya.ext())
                    .map(|(&p, &q)| {
                        if p == q {
                            p
                        } else {
                            tail_builtin::arith::build_select(b, cond, p, q)
                        }
                    })
                    .collect();
                env.arrs.insert(
                    r,
                    Arr::Select {
                        cond,
                        a: Box::new(xa),
                        b: Box::new(ya),
                        ext,
                    },
                );
            } else {
                let (x, y) = (Self::scalar(env, x), Self::scalar(env, y));
                let v = tail_builtin::arith::build_select(b, cond, x, y);
                env.vals.insert(r, v);
            }
        }
        Ok(())
    }

    /// `scf.if` yielding scalars in a thread: both branches lowered in place.
    fn if_op(&self, b: &mut Builder<'_>, o: OpId, env: &mut Env) -> CResult {
        let tys: Vec<Type> = b.results(o).iter().map(|&r| b.value_type(r)).collect();
        if tys.iter().any(|&t| is_tensor(b.ctx, t)) {
            return self.select(b, o, env);
        }
        if let Some(&t) = tys.iter().find(|&&t| !is_scalar(b.ctx, t)) {
            return Err(err(
                b.ctx,
                o,
                format!(
                    "an scf.if yielding '{}' in a thread",
                    b.ctx.type_to_string(t)
                ),
            ));
        }
        let cond = Self::scalar(env, b.operand(o, 0));
        let has_else = b.entry_block(b.region(o, 1)).is_some();
        let (ifop, tb, eb) = tail_builtin::scf::IfOp::create(b, cond, &tys, has_else);
        let saved = b.insertion_point();
        for (r, nb) in [(0, Some(tb)), (1, eb)] {
            let (Some(nb), Some(ob)) = (nb, b.entry_block(b.region(o, r))) else {
                continue;
            };
            if tys.is_empty() {
                // The builder added the `scf.yield`; the branch holds only scalar code then.
                let y = b.last_op(nb).expect("scf.yield");
                b.erase_op(y);
            }
            b.set_insertion_point(InsertPoint::BlockEnd(nb));
            let mut inner = env.clone();
            let ys = self.block(b, ob, &mut inner, None)?;
            let ys: Vec<Value> = ys
                .into_iter()
                .map(|y| match y {
                    TVal::S(v) => v,
                    TVal::A(_) => unreachable!("scalar results"),
                })
                .collect();
            mk(b, "scf.yield", &ys, &[], &[], Vec::new());
        }
        b.set_insertion_point(saved);
        for (&r, &v) in b
            .results(o)
            .to_vec()
            .iter()
            .zip(b.results(ifop.op()).to_vec().iter())
        {
            env.vals.insert(r, v);
        }
        Ok(())
    }
}
