//! Scans and filters for `convert-soac-to-hpar` (a child module of `soac_to_hpar`).
//!
//! # Scan of a rank-1 array (`soac.scan`, `soac.scanomap`)
//! The three phases of Dybdal's thesis (§5.4.3, after Obsidian's `scanChunked`), with a
//! per-thread sequential part in the first:
//!
//! 1. `block-scan`, `nb = max(1, ⌈n/C⌉)` blocks over chunks of `C = B·K` consecutive
//!    elements (`K = max(1, 2048/B)` per thread). Block `b` forces its chunk into shared
//!    memory (element `j` at `b·C + j`, read by thread `j mod B`: coalesced; positions past
//!    `n` hold the neutral element), each thread scans its `K` consecutive elements
//!    sequentially (`concat<thread> B, K` of `scan<thread>`, forced to shared memory), the `B`
//!    thread totals are scanned by `scan<block>`, and element `j` of thread `t = j / K` is
//!    adjusted by the scanned total of thread `t − 1` as it is written (coalesced). The result
//!    has `nb·C` elements; the last one of each chunk is the chunk's total.
//! 2. `block-scan`, one block: `scan<block>` of the `nb` chunk totals.
//! 3. The adjustment, element `i` of the result = `s₂[i/C − 1] ⊕ s₁[i]` (`s₁[i]` in the
//!    first chunk), is no kernel of its own: the result is an index function (`Arr::Code`)
//!    read inside every kernel that consumes it, so the adjustment is fused with the
//!    following element-wise map (or reduction, or filter); a scan that is returned or printed
//!    is stored by a `grid-thread` program, which is the adjustment kernel.
//!
//! When `n` is a constant of at most `C`, phase 2 and the adjustment are left out. The map
//! lambda of a `scanomap` runs while phase 1 loads its chunk; its mapped-out values are index
//! functions too (the lambda is evaluated where they are read). The phases keep the order of
//! the elements, so the operator need only be associative (`soac.scan`'s contract), not
//! commutative.
//!
//! # Scans of the rows of a matrix
//! `map` over a rank-2 array whose lambda is a `scan`/`scanomap` of its row: one block per
//! row (`block-row-scan`), `concat<block> rows, m` of `scan<block>` over the row
//! (`convert-hpar-to-gpu` scans it in tiles of `B` elements with a carry).
//!
//! # Filter (`soac.filter`, APL compression)
//! The predicate gives a flag (`i32` 0 or 1) per row of the inputs; the flags are scanned as
//! above (the predicate runs in phase 1's load), the number of kept rows is the last element
//! of phase 2 (or of the single chunk), read on the host with `hpar.index`. Each input with a
//! used result is then moved by one `grid-scatter` program: `interleave<block>` over the
//! flattened input (`⌈N/B⌉` blocks of `B` elements, read coalesced) whose placement is a
//! stable partition, kept rows first (row `i` to `incl(i) − 1`), then the dropped rows (to
//! `total + i − incl(i)`), then the padding of the last block (to itself): a permutation, as
//! `interleave` requires. The filter's result is the first `total` rows of it (a view).

use std::rc::Rc;

use tail_builtin::arith::CmpIPredicate;
use tail_ir::{BlockId, Builder, InsertPoint, OpId, Type, Value};

use tail_hpar::types::Level;

use super::{
    check_scalar_lambda, concat, err, generate, interleave_n, is_tensor, level, operator, pull_ty,
    push, push_ty, tensor_parts, Cx,
};
use crate::arr::{self, Arr};
use crate::util::*;

/// Elements per thread in the sequential part of phase 1 (`C = B·K` elements per block).
pub(crate) fn items_per_thread(block: i64) -> i64 {
    (2048 / block).max(1)
}

/// A scan operator: a lambda `(acc, x) -> acc` of the source op, or `i32` addition (the
/// counts of a filter).
#[derive(Clone, Copy)]
enum Opr {
    Lambda(BlockId),
    AddI,
}

impl Opr {
    /// `x ⊕ y` built at the insertion point.
    fn apply(self, b: &mut Builder<'_>, x: Value, y: Value) -> Value {
        match self {
            Opr::Lambda(blk) => {
                let mut map = VMap::default();
                let args = b.block_args(blk).to_vec();
                map.insert(args[0], x);
                map.insert(args[1], y);
                inline_block(b, blk, &mut map)[0]
            }
            Opr::AddI => bin(b, "arith.addi", x, y),
        }
    }
}

/// The phases of a scan over `n` elements, as built: phase 1's padded result `p1` (`C`
/// elements per chunk) and phase 2's scanned chunk totals `p2` (absent when there is only
/// one chunk).
#[derive(Clone, Copy)]
struct Scanned {
    p1: Value,
    p2: Option<Value>,
    chunk: i64,
    nb: Value,
    elem: Type,
    opr: Opr,
}

impl Scanned {
    /// Inclusive prefix `i` (`i < n`): phase 3, the adjustment. Written with `select` (no
    /// region) so that it may also be read on the host.
    fn read(&self, b: &mut Builder<'_>, i: Value) -> Value {
        let v = mk1(b, "hpar.index", &[self.p1, i], self.elem, &[]);
        let Some(p2) = self.p2 else {
            return v;
        };
        let c = cidx(b, self.chunk);
        let blk = bin(b, "arith.divui", i, c);
        let one = cidx(b, 1);
        let at = bin(b, "arith.maxui", blk, one);
        let at = bin(b, "arith.subi", at, one);
        let prev = mk1(b, "hpar.index", &[p2, at], self.elem, &[]);
        let adj = self.opr.apply(b, prev, v);
        let z = cidx(b, 0);
        let first = eq(b, blk, z);
        tail_builtin::arith::build_select(b, first, v, adj)
    }

    /// The combination of all elements, read on the host.
    fn total(&self, b: &mut Builder<'_>) -> Value {
        match self.p2 {
            Some(p2) => {
                let one = cidx(b, 1);
                let last = bin(b, "arith.subi", self.nb, one);
                mk1(b, "hpar.index", &[p2, last], self.elem, &[])
            }
            None => {
                let last = cidx(b, self.chunk - 1);
                mk1(b, "hpar.index", &[self.p1, last], self.elem, &[])
            }
        }
    }
}

/// A scan to lower: `scan`/`scanomap` of one scanned value.
struct ScanSpec {
    inputs: Vec<Value>,
    ne: Value,
    elem: Type,
    opr: BlockId,
    /// The map lambda of a `scanomap` (rows → the scanned value, then mapped-out values).
    map: Option<BlockId>,
}

fn analyse_scan(ctx: &tail_ir::Context, op: OpId) -> CResult<ScanSpec> {
    let is_scan = ctx.op_is(op, "soac.scan");
    let k = ctx
        .entry_block(ctx.region(op, 0))
        .map(|b| ctx.block_args(b).len() / 2)
        .unwrap_or(0);
    if k != 1 {
        return Err(err(
            ctx,
            op,
            format!("cannot be lowered by convert-soac-to-hpar: only scans of one value are supported, got {k}"),
        ));
    }
    let operands = ctx.operand_vec(op);
    let (inputs, ne) = operands.split_at(operands.len() - 1);
    let ne = ne[0];
    let elem = ctx.value_type(ne);
    if !is_scalar(ctx, elem) {
        return Err(err(
            ctx,
            op,
            format!(
                "cannot be lowered by convert-soac-to-hpar: scan of '{}' values (only scalars are supported)",
                ctx.type_to_string(elem)
            ),
        ));
    }
    let opr = operator(ctx, op, 0)?;
    let map = if is_scan {
        None
    } else {
        let m = ctx
            .entry_block(ctx.region(op, 1))
            .ok_or_else(|| err(ctx, op, "has an empty map region"))?;
        check_scalar_lambda(ctx, m, "map")?;
        Some(m)
    };
    Ok(ScanSpec {
        inputs: inputs.to_vec(),
        ne,
        elem,
        opr,
        map,
    })
}

/// The values of a scan's (or scanomap's) map part at `idx`: the scanned value, then the
/// mapped-out values.
fn elem_at(
    b: &mut Builder<'_>,
    spec_map: Option<BlockId>,
    arrs: &[Arr],
    idx: &[Value],
    elem: Type,
) -> Vec<Value> {
    match spec_map {
        None => vec![arr::read(b, &arrs[0], idx, elem)],
        Some(lam) => {
            let mut map = VMap::default();
            for (a, arr) in b.block_args(lam).to_vec().into_iter().zip(arrs) {
                let et = b.value_type(a);
                let v = arr::read(b, arr, idx, et);
                map.insert(a, v);
            }
            inline_block(b, lam, &mut map)
        }
    }
}

/// `cond ? t() : e()` as an `scf.if` yielding one value.
fn if_value(
    b: &mut Builder<'_>,
    cond: Value,
    ty: Type,
    t: impl FnOnce(&mut Builder<'_>) -> CResult<Value>,
    e: impl FnOnce(&mut Builder<'_>) -> CResult<Value>,
) -> CResult<Value> {
    let (ifop, tb, eb) = tail_builtin::scf::IfOp::create(b, cond, &[ty], true);
    let ip = b.insertion_point();
    b.set_insertion_point(InsertPoint::BlockEnd(tb));
    let v = t(b)?;
    mk(b, "scf.yield", &[v], &[], &[], Vec::new());
    b.set_insertion_point(InsertPoint::BlockEnd(eb.expect("else")));
    let v = e(b)?;
    mk(b, "scf.yield", &[v], &[], &[], Vec::new());
    b.set_insertion_point(ip);
    Ok(b.result(ifop.op(), 0))
}

/// `hpar.scan<l> xs init(ne) { opr }`.
fn scan_op(b: &mut Builder<'_>, l: Level, xs: Value, ne: Value, elem: Type, opr: Opr) -> Value {
    let (r, blk) = region(b.ctx, &[elem, elem]);
    let ip = b.insertion_point();
    b.set_insertion_point(InsertPoint::BlockEnd(blk));
    let (x, y) = (b.block_arg(blk, 0), b.block_arg(blk, 1));
    let z = opr.apply(b, x, y);
    mk(b, "hpar.yield", &[z], &[], &[], Vec::new());
    b.set_insertion_point(ip);
    let t = push_ty(b.ctx, elem, l);
    let lv = level(b.ctx, l);
    let op = mk(b, "hpar.scan", &[xs, ne], &[t], &[("level", lv)], vec![r]);
    b.result(op, 0)
}

/// The block's push array of the scan of the `len` elements of the pull array that `xs`
/// builds by its first thread alone, sequentially: `concat<thread> 1, len` of
/// `scan<thread>` (option `sequential-scans`, the CPU backend's form: the other threads have
/// nothing to do, and a loop carrying the prefix beats the block scan's shuffles and
/// shared-memory passes there).
fn scan_by_one_thread(
    b: &mut Builder<'_>,
    len: Value,
    ne: Value,
    elem: Type,
    opr: Opr,
    xs: impl FnOnce(&mut Builder<'_>) -> CResult<Value>,
) -> CResult<Value> {
    let one = cidx(b, 1);
    concat(b, Level::Thread, one, len, elem, |b, _| {
        let xs = xs(b)?;
        Ok(scan_op(b, Level::Thread, xs, ne, elem, opr))
    })
}

/// `hpar.force<block> p`: the push array in shared memory.
fn force_block(b: &mut Builder<'_>, p: Value, elem: Type) -> Value {
    let t = pull_ty(b.ctx, elem, Some(Level::Block));
    let lv = level(b.ctx, Level::Block);
    mk1(b, "hpar.force", &[p], t, &[("level", lv)])
}

impl Cx {
    /// Phases 1 and 2 of the scan of the `n` elements `x(i)` (see the module docs).
    fn scan_flat(
        &mut self,
        b: &mut Builder<'_>,
        n: Value,
        elem: Type,
        ne: Value,
        opr: Opr,
        x: &dyn Fn(&mut Builder<'_>, Value) -> CResult<Value>,
    ) -> CResult<Scanned> {
        let bsz = self.block;
        let k = items_per_thread(bsz);
        let chunk = bsz * k;
        let c = cidx(b, chunk);
        let nb = ceildiv(b, n, c);
        let one = cidx(b, 1);
        let nb = bin(b, "arith.maxui", nb, one);
        let sequential = self.sequential_scans;
        let p1 = self.program(b, elem, "block-scan", |b| {
            let c = cidx(b, chunk);
            concat(b, Level::Block, nb, c, elem, |b, blk| {
                let c = cidx(b, chunk);
                // The chunk (neutral past `n`), loaded coalesced into shared memory (on the
                // CPU: the block's threads make the elements in a loop that LLVM vectorizes).
                let load = generate(b, c, elem, |b, j| {
                    let base = bin(b, "arith.muli", blk, c);
                    let i = bin(b, "arith.addi", base, j);
                    let ok = ult(b, i, n);
                    if_value(b, ok, elem, |b| x(b, i), |_| Ok(ne))
                })?;
                let p = push(b, load, elem, Level::Block);
                let s1 = force_block(b, p, elem);
                if sequential {
                    return scan_by_one_thread(b, c, ne, elem, opr, |b| {
                        generate(b, c, elem, |b, j| {
                            Ok(mk1(b, "hpar.index", &[s1, j], elem, &[]))
                        })
                    });
                }
                // Each thread scans its K consecutive elements.
                let (bs, kk) = (cidx(b, bsz), cidx(b, k));
                let seq = concat(b, Level::Thread, bs, kk, elem, |b, t| {
                    let kk = cidx(b, k);
                    let own = generate(b, kk, elem, |b, q| {
                        let at = bin(b, "arith.muli", t, kk);
                        let at = bin(b, "arith.addi", at, q);
                        Ok(mk1(b, "hpar.index", &[s1, at], elem, &[]))
                    })?;
                    Ok(scan_op(b, Level::Thread, own, ne, elem, opr))
                })?;
                let s2 = force_block(b, seq, elem);
                // The thread totals, scanned by the block.
                let totals = generate(b, bs, elem, |b, t| {
                    let kk = cidx(b, k);
                    let at = bin(b, "arith.muli", t, kk);
                    let at = bin(b, "arith.addi", at, kk);
                    let one = cidx(b, 1);
                    let at = bin(b, "arith.subi", at, one);
                    Ok(mk1(b, "hpar.index", &[s2, at], elem, &[]))
                })?;
                let st = scan_op(b, Level::Block, totals, ne, elem, opr);
                let st = force_block(b, st, elem);
                // Element j of thread t = j / K, adjusted by the threads before it.
                let out = generate(b, c, elem, |b, j| {
                    let kk = cidx(b, k);
                    let t = bin(b, "arith.divui", j, kk);
                    let v = mk1(b, "hpar.index", &[s2, j], elem, &[]);
                    let z = cidx(b, 0);
                    let first = eq(b, t, z);
                    if_value(
                        b,
                        first,
                        elem,
                        |_| Ok(v),
                        |b| {
                            let one = cidx(b, 1);
                            let tp = bin(b, "arith.subi", t, one);
                            let prev = mk1(b, "hpar.index", &[st, tp], elem, &[]);
                            Ok(opr.apply(b, prev, v))
                        },
                    )
                })?;
                Ok(push(b, out, elem, Level::Block))
            })
        })?;
        let single = tail_builtin::util::constant_int(b.ctx, n).is_some_and(|v| v <= chunk);
        let p2 = if single {
            None
        } else {
            Some(self.program(b, elem, "block-scan", |b| {
                let one = cidx(b, 1);
                concat(b, Level::Block, one, nb, elem, |b, _| {
                    let sums = |b: &mut Builder<'_>| {
                        generate(b, nb, elem, |b, i| {
                            let c = cidx(b, chunk);
                            let at = bin(b, "arith.muli", i, c);
                            let at = bin(b, "arith.addi", at, c);
                            let one = cidx(b, 1);
                            let at = bin(b, "arith.subi", at, one);
                            Ok(mk1(b, "hpar.index", &[p1, at], elem, &[]))
                        })
                    };
                    if sequential {
                        return scan_by_one_thread(b, nb, ne, elem, opr, sums);
                    }
                    let sums = sums(b)?;
                    Ok(scan_op(b, Level::Block, sums, ne, elem, opr))
                })
            })?)
        };
        Ok(Scanned {
            p1,
            p2,
            chunk,
            nb,
            elem,
            opr,
        })
    }

    /// A top-level `soac.scan`/`soac.scanomap` over rank-1 arrays.
    pub(super) fn convert_scan(&mut self, b: &mut Builder<'_>, op: OpId) -> CResult {
        let spec = analyse_scan(b.ctx, op)?;
        let arrs: Vec<Arr> = spec
            .inputs
            .iter()
            .map(|&v| self.arr(b.ctx, op, v))
            .collect::<CResult<_>>()?;
        for a in &arrs {
            if a.ext().len() != 1 {
                return Err(err(b.ctx, op, format!("cannot be lowered by convert-soac-to-hpar: scan over a rank-{} array (rank 1 is supported; a scan of rows must be the lambda of a map)", a.ext().len())));
            }
        }
        let n = arrs[0].ext()[0];
        let (map, elem) = (spec.map, spec.elem);
        let arrs = Rc::new(arrs);
        let a2 = arrs.clone();
        let scanned = self.scan_flat(b, n, elem, spec.ne, Opr::Lambda(spec.opr), &|b, i| {
            Ok(elem_at(b, map, &a2, &[i], elem)[0])
        })?;
        let res = b.results(op).to_vec();
        self.arrs.insert(
            res[0],
            Arr::Code {
                f: Rc::new(move |b: &mut Builder<'_>, idx: &[Value]| scanned.read(b, idx[0])),
                ext: vec![n],
            },
        );
        // Mapped-out values of a scanomap: the map lambda, evaluated where they are read.
        for (k, &r) in res.iter().enumerate().skip(1) {
            let (_, et) = tensor_parts(b.ctx, b.value_type(r)).expect("tensor result");
            if !is_scalar(b.ctx, et) {
                return Err(err(
                    b.ctx,
                    op,
                    format!(
                        "cannot be lowered by convert-soac-to-hpar: mapped-out values of type '{}'",
                        b.ctx.type_to_string(et)
                    ),
                ));
            }
            let a3 = arrs.clone();
            self.arrs.insert(
                r,
                Arr::Code {
                    f: Rc::new(move |b: &mut Builder<'_>, idx: &[Value]| {
                        elem_at(b, map, &a3, idx, et)[k]
                    }),
                    ext: vec![n],
                },
            );
        }
        Ok(())
    }

    /// `map` over a rank-2 array whose lambda is a `scan`/`scanomap` of its row (`inner`):
    /// one block per row. `sel` are the map's inputs in the order of the scan's; `ext` the
    /// extents. Returns the program's result (`rows·m` elements, row-major).
    pub(super) fn row_scan(
        &mut self,
        b: &mut Builder<'_>,
        inner: OpId,
        sel: &[Arr],
        ext: &[Value],
    ) -> CResult<Value> {
        let spec = analyse_scan(b.ctx, inner)?;
        let (rows, m) = (ext[0], ext[1]);
        let (map, elem, ne) = (spec.map, spec.elem, spec.ne);
        let opr = Opr::Lambda(spec.opr);
        let sequential = self.sequential_scans;
        self.program(b, elem, "block-row-scan", |b| {
            concat(b, Level::Block, rows, m, elem, |b, r| {
                let row = |b: &mut Builder<'_>| {
                    generate(
                        b,
                        m,
                        elem,
                        |b, j| Ok(elem_at(b, map, sel, &[r, j], elem)[0]),
                    )
                };
                if sequential {
                    return scan_by_one_thread(b, m, ne, elem, opr, row);
                }
                let row = row(b)?;
                Ok(scan_op(b, Level::Block, row, ne, elem, opr))
            })
        })
    }

    /// A top-level `soac.filter`.
    pub(super) fn convert_filter(&mut self, b: &mut Builder<'_>, op: OpId) -> CResult {
        let inputs = b.operand_vec(op);
        let arrs: Vec<Arr> = inputs
            .iter()
            .map(|&v| self.arr(b.ctx, op, v))
            .collect::<CResult<_>>()?;
        let pred = b
            .entry_block(b.region(op, 0))
            .ok_or_else(|| err(b.ctx, op, "has an empty predicate region"))?;
        check_scalar_lambda(b.ctx, pred, "filter predicate")?;
        // The predicate reads the rows it uses, which must be scalars; a row of a rank ≥ 2
        // input may only be passed along unused.
        let args = b.block_args(pred).to_vec();
        for &a in &args {
            if is_tensor(b.ctx, b.value_type(a)) && b.has_uses(a) {
                return Err(err(b.ctx, op, "cannot be lowered by convert-soac-to-hpar: a filter predicate that reads a row of a rank ≥ 2 input"));
            }
        }
        let n = arrs[0].ext()[0];
        let i32t = b.int_type(32);
        let arrs = Rc::new(arrs);
        let a2 = arrs.clone();
        let flag = Rc::new(move |b: &mut Builder<'_>, i: Value| -> Value {
            let mut map = VMap::default();
            for (a, arr) in args.iter().zip(a2.iter()) {
                let t = b.value_type(*a);
                if is_tensor(b.ctx, t) || !b.has_uses(*a) {
                    continue;
                }
                let v = arr::read(b, arr, &[i], t);
                map.insert(*a, v);
            }
            let keep = inline_block(b, pred, &mut map)[0];
            let i32t = b.int_type(32);
            mk1(b, "arith.extui", &[keep], i32t, &[])
        });
        let zero32 = tail_builtin::arith::build_constant_int(b, i32t, 0);
        let f2 = flag.clone();
        let scanned = self.scan_flat(b, n, i32t, zero32, Opr::AddI, &|b, i| Ok(f2(b, i)))?;
        let it = b.index_type();
        let total32 = scanned.total(b);
        let total = mk1(b, "arith.index_cast", &[total32], it, &[]);
        for (k, r) in b.results(op).to_vec().into_iter().enumerate() {
            if !b.has_uses(r) {
                continue;
            }
            let (_, elem) = tensor_parts(b.ctx, b.value_type(r)).expect("tensor result");
            if !is_scalar(b.ctx, elem) {
                return Err(err(
                    b.ctx,
                    op,
                    format!(
                        "cannot be lowered by convert-soac-to-hpar: filter of '{}' elements",
                        b.ctx.type_to_string(elem)
                    ),
                ));
            }
            let src = arrs[k].clone();
            let row_ext = src.ext()[1..].to_vec();
            let flag = flag.clone();
            let (pulls, padded) = self.move_rows(b, &[&src], &[elem], n, &|b, i| {
                // Kept rows first (to incl − 1), then the dropped ones (to total + i − incl).
                let keep = flag(b, i);
                let inc = scanned.read(b, i);
                let it = b.index_type();
                let inc = mk1(b, "arith.index_cast", &[inc], it, &[]);
                let one = cidx(b, 1);
                let kept = bin(b, "arith.subi", inc, one);
                let dropped = bin(b, "arith.addi", total, i);
                let dropped = bin(b, "arith.subi", dropped, inc);
                let z = tail_builtin::arith::build_constant_int(b, i32t, 0);
                let is_kept = tail_builtin::arith::build_cmpi(b, CmpIPredicate::Ne, keep, z);
                Ok(tail_builtin::arith::build_select(b, is_kept, kept, dropped))
            })?;
            let mut ext = vec![total];
            ext.extend(row_ext);
            self.arrs.insert(
                r,
                Arr::Reshape {
                    src: Box::new(Arr::Grid {
                        pull: pulls[0],
                        ext: vec![padded],
                    }),
                    ext,
                    cyclic: false,
                },
            );
        }
        Ok(())
    }

    /// One `grid-scatter` program moving the `n` rows of each of `srcs` (rows of `c` elements,
    /// the same for all) to the rows `to(j)` gives, a permutation of `0 … n − 1`:
    /// `interleave<block> ⌈n·c/B⌉, B` over the flattened rows (read in order), whose placement
    /// sends element `k` of row `j` to element `k` of row `to(j)` and the padding of the last
    /// block to itself (the whole is a permutation, as `interleave` requires); one result per
    /// source, written by the one kernel. The grid arrays and their padded length.
    pub(super) fn move_rows(
        &mut self,
        b: &mut Builder<'_>,
        srcs: &[&Arr],
        elems: &[Type],
        n: Value,
        to: &dyn Fn(&mut Builder<'_>, Value) -> CResult<Value>,
    ) -> CResult<(Vec<Value>, Value)> {
        let nrow = arr::count(b, &srcs[0].ext()[1..]);
        let all = bin(b, "arith.muli", n, nrow);
        let bsz = self.block;
        let bs = cidx(b, bsz);
        let nbs = ceildiv(b, all, bs);
        let one = cidx(b, 1);
        let nbs = bin(b, "arith.maxui", nbs, one);
        let pulls = self.program_n(b, elems, "grid-scatter", |b| {
            let chunks = vec![bs; srcs.len()];
            interleave_n(
                b,
                Level::Block,
                nbs,
                &chunks,
                elems,
                |b, blk| {
                    let mut pushes = Vec::with_capacity(srcs.len());
                    for (&src, &elem) in srcs.iter().zip(elems) {
                        let bs = cidx(b, bsz);
                        let vals = generate(b, bs, elem, |b, t| {
                            let e = bin(b, "arith.muli", blk, bs);
                            let e = bin(b, "arith.addi", e, t);
                            let ok = ult(b, e, all);
                            if_value(
                                b,
                                ok,
                                elem,
                                |b| Ok(arr::read_flat(b, src, e, elem)),
                                |b| Ok(zero(b, elem)),
                            )
                        })?;
                        pushes.push(push(b, vals, elem, Level::Block));
                    }
                    Ok(pushes)
                },
                |b, blk, t| {
                    let bs = cidx(b, bsz);
                    let e = bin(b, "arith.muli", blk, bs);
                    let e = bin(b, "arith.addi", e, t);
                    let ok = ult(b, e, all);
                    let it = b.index_type();
                    let p = if_value(
                        b,
                        ok,
                        it,
                        |b| {
                            let j = bin(b, "arith.divui", e, nrow);
                            let k = bin(b, "arith.remui", e, nrow);
                            let row = to(b, j)?;
                            let at = bin(b, "arith.muli", row, nrow);
                            Ok(bin(b, "arith.addi", at, k))
                        },
                        |_| Ok(e),
                    )?;
                    Ok(vec![p; srcs.len()])
                },
            )
        })?;
        let padded = bin(b, "arith.muli", nbs, bs);
        Ok((pulls, padded))
    }
}
