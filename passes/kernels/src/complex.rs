//! Complex numbers in kernels. A complex number on the device is two `f64`s, its real and
//! imaginary parts, and an array of complex numbers is two `f64` arrays of its shape (one of
//! the real parts, one of the imaginary parts: structure of arrays, so that consecutive threads
//! read consecutive addresses of each).
//!
//! [`split_complex`] runs on a function before its SOACs are converted and rewrites the `soac`
//! side of it to `f64`:
//!
//! * a SOAC over complex arrays takes the two part arrays instead (`soac.map`,
//!   `soac.redomap`: two lambda arguments per complex one, two results per complex result,
//!   so a map with a complex result is two kernels, one per part); the views (`replicate`,
//!   `reshape`, `slice`, `rotate`, `transpose`, `index`, `concat`) apply to both parts;
//!   `soac.dim` reads the real part's; an `scf.if` choosing complex arrays or values chooses
//!   both parts; a `soac.filter` filters the part arrays with its other inputs (its
//!   predicate reading parts), a `soac.update` of a complex array is one update per part;
//! * in lambdas, the `tail` operations on complex numbers become `f64` arithmetic, as the
//!   reference interpreter computes them: `injx a b` is `(a, b)`, `d2x a` is `(a, 0)`, `rex`
//!   and `imx` are the parts, `addx`/`subx` add/subtract the parts, `mulx` is
//!   `(a·c − b·d, a·d + b·c)`, `negx` negates both parts, `conjx` the imaginary one, `expx` is
//!   `(eᵃ·cos b, eᵃ·sin b)`, `arith.select` selects both parts;
//! * a complex scalar of the host used by a SOAC is split on the host (the operands of the
//!   `tail.injx`/`tail.d2x` that made it, else `tail.rex`/`tail.imx`); a complex element read
//!   on the host (`soac.index`) is put together again with `tail.injx`;
//! * at the host I/O casts, the two part arrays cross together:
//!   `builtin.unrealized_conversion_cast %re, %im : tensor<…xf64>, tensor<…xf64> to
//!   !tail.array<complex<f64>, r>` (and the other way, one cast with two results), which the
//!   reference interpreter's `cast.rs` converts (a complex leaf against two `f64` leaves).
//!
//! * `tail.prSclX` in a lambda (`{⎕ ← ⍵ ⋄ …}¨`, printed on the host: `roll.rs`) prints the
//!   number put together again (`tail.injx` of its parts); its result is the parts;
//! * `tail.magnx` in a lambda is `func.call @hypot(re, im)` ([`MAGNITUDE`]), C's function, which
//!   the host uses too: on the CPU the kernels call the same function (the same results), on
//!   the GPU the `gpu.module`'s definition (`convert-hpar-to-gpu`'s `device_math`: within a
//!   few units in the last place, as the other math functions there);
//! * a `soac.loop` carrying complex values (the right fold APL's `+/` of complex numbers is, a
//!   power loop over a complex array) carries their parts instead.
//!
//! Not supported (errors located at the op): complex numbers in a `redomap`'s operator (a
//! reduction the compiler takes as commutative: `tail-to-soac` folds complex numbers with a
//! `soac.loop`), complex arrays as function arguments or results, and any other operation on
//! complex values inside a SOAC.

use rustc_hash::FxHashMap;
use tail_ir::{
    BlockId, Builder, Context, InsertPoint, OpId, OperationState, Type, TypeKind, Value,
};

use crate::util::*;

/// The function computing a complex number's magnitude, `hypot(re, im)` (C's, as the host
/// computes `tail.magnx`); kernels call it, and the targets define it
/// ([`crate::hpar_to_gpu::is_device_math`]).
pub const MAGNITUDE: &str = "hypot";

fn err(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> tail_ir::Diagnostic {
    tail_ir::op_error(ctx, op, format!("{msg}"))
}

/// The part type of complex type `ty` (`complex<f64>` → `f64`, a tensor of them → a tensor of
/// `f64` of the same shape), or `None` if `ty` holds no complex number.
fn part_type(ctx: &mut Context, ty: Type) -> Option<Type> {
    match ctx.type_kind(ty) {
        TypeKind::Complex(e) => Some(*e),
        TypeKind::RankedTensor { shape, elem } => {
            let (shape, elem) = (shape.clone(), *elem);
            match ctx.type_kind(elem) {
                TypeKind::Complex(e) => {
                    let e = *e;
                    Some(ctx.tensor_type(shape, e))
                }
                _ => None,
            }
        }
        _ => None,
    }
}

fn is_complex(ctx: &Context, ty: Type) -> bool {
    match ctx.type_kind(ty) {
        TypeKind::Complex(_) => true,
        TypeKind::RankedTensor { elem, .. } | TypeKind::UnrankedTensor { elem } => {
            matches!(ctx.type_kind(*elem), TypeKind::Complex(_))
        }
        _ => false,
    }
}

/// Whether `op` has an operand, result or (nested) block argument holding complex numbers.
fn involves(ctx: &Context, op: OpId) -> bool {
    ctx.walk_preorder(op).into_iter().any(|o| {
        ctx.operands(o)
            .chain(ctx.results(o).iter().copied())
            .any(|v| is_complex(ctx, ctx.value_type(v)))
            || ctx.regions(o).iter().any(|&r| {
                ctx.region_blocks(r).iter().any(|&b| {
                    ctx.block_args(b)
                        .iter()
                        .any(|&a| is_complex(ctx, ctx.value_type(a)))
                })
            })
    })
}

/// Whether `op` is a SOAC or nested in one (below `f`).
fn in_soac(ctx: &Context, f: OpId, op: OpId) -> bool {
    let mut cur = Some(op);
    while let Some(o) = cur {
        if o == f {
            return false;
        }
        if ctx.op_name_str(o).starts_with("soac.") {
            return true;
        }
        cur = ctx.op_parent_op(o);
    }
    false
}

struct Split {
    f: OpId,
    /// Complex value → its (real, imaginary) parts.
    parts: FxHashMap<Value, (Value, Value)>,
    /// Replaced ops, erased once unused.
    old: Vec<OpId>,
}

/// Splits complex numbers in function `f` into their parts (see the module documentation).
pub(crate) fn split_complex(ctx: &mut Context, f: OpId) -> CResult {
    let ops = ctx.walk_preorder(f);
    let needed = ops.iter().skip(1).any(|&o| {
        (ctx.op_name_str(o).starts_with("soac.") || in_soac(ctx, f, o)) && involves(ctx, o)
    });
    if !needed {
        return Ok(());
    }
    let Some(entry) = ctx.entry_block(ctx.region(f, 0)) else {
        return Ok(());
    };
    if ctx.block_args(entry).iter().any(|&a| complex_array(ctx, a)) {
        return Err(err(ctx, f, "cannot be converted by convert-soac-to-hpar: complex arrays as function arguments are not supported"));
    }
    let mut s = Split {
        f,
        parts: FxHashMap::default(),
        old: Vec::new(),
    };
    s.block(ctx, entry)?;
    s.cleanup(ctx);
    Ok(())
}

/// Whether `v` is a tensor of complex numbers.
fn complex_array(ctx: &Context, v: Value) -> bool {
    part_type_is_tensor(ctx, v) && is_complex(ctx, ctx.value_type(v))
}

fn part_type_is_tensor(ctx: &Context, v: Value) -> bool {
    matches!(
        ctx.type_kind(ctx.value_type(v)),
        TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. }
    )
}

impl Split {
    fn block(&mut self, ctx: &mut Context, blk: BlockId) -> CResult {
        for o in ctx.block_op_vec(blk) {
            self.op(ctx, o)?;
        }
        Ok(())
    }

    /// Erases the replaced ops that have no uses left (users first).
    fn cleanup(&mut self, ctx: &mut Context) {
        loop {
            let mut changed = false;
            let mut keep = Vec::new();
            for &o in self.old.iter().rev() {
                if ctx.results(o).iter().all(|&r| ctx.uses(r).next().is_none()) {
                    ctx.erase_op(o);
                    changed = true;
                } else {
                    keep.push(o);
                }
            }
            keep.reverse();
            self.old = keep;
            if !changed {
                break;
            }
        }
    }

    /// The parts of complex value `v` (used by `user`).
    fn get(&mut self, ctx: &mut Context, user: OpId, v: Value) -> CResult<(Value, Value)> {
        if let Some(&p) = self.parts.get(&v) {
            return Ok(p);
        }
        let host = match ctx.defining_op(v) {
            Some(d) => !in_soac(ctx, self.f, d),
            None => {
                ctx.value_parent_block(v)
                    .and_then(|b| ctx.block_parent_op(b))
                    == Some(self.f)
            }
        };
        let scalar = matches!(ctx.type_kind(ctx.value_type(v)), TypeKind::Complex(_));
        if !(host && scalar) {
            return Err(err(ctx, user, "cannot be lowered by convert-soac-to-hpar: uses a complex value with no kernel form"));
        }
        let e = part_type(ctx, ctx.value_type(v)).expect("complex");
        let (ip, loc) = match ctx.defining_op(v) {
            Some(d) => (InsertPoint::After(d), ctx.op_loc(d)),
            None => (
                InsertPoint::BlockStart(ctx.value_parent_block(v).expect("argument")),
                ctx.op_loc(self.f),
            ),
        };
        let mut b = Builder::new(ctx, ip, loc);
        let re = mk1(&mut b, "tail.rex", &[v], e, &[]);
        let im = mk1(&mut b, "tail.imx", &[v], e, &[]);
        self.parts.insert(v, (re, im));
        Ok((re, im))
    }

    fn op(&mut self, ctx: &mut Context, o: OpId) -> CResult {
        if !involves(ctx, o) {
            return Ok(());
        }
        let name = ctx.op_name_str(o).to_string();
        let soac = in_soac(ctx, self.f, o);
        let loc = ctx.op_loc(o);
        // A host I/O cast, also in a host loop's body (printing a complex array the loop
        // computes): the part arrays cross it.
        if name == "builtin.unrealized_conversion_cast" && !runs_in_kernel(ctx, self.f, o) {
            return self.cast(ctx, o);
        }
        // Host ops stay; a complex scalar made from its parts keeps them.
        if !soac && !name.starts_with("soac.") {
            match name.as_str() {
                "tail.injx" => {
                    let r = ctx.result(o, 0);
                    let p = (ctx.operand(o, 0), ctx.operand(o, 1));
                    self.parts.insert(r, p);
                }
                "tail.d2x" => {
                    let r = ctx.result(o, 0);
                    let x = ctx.operand(o, 0);
                    let t = ctx.value_type(x);
                    let mut b = Builder::new(ctx, InsertPoint::After(o), loc);
                    let z = tail_builtin::arith::build_constant_float(&mut b, t, 0.0);
                    self.parts.insert(r, (x, z));
                }
                "scf.if" => self.if_op(ctx, o)?,
                "func.return" if ctx.operands(o).any(|v| complex_array(ctx, v)) => {
                    return Err(err(
                        ctx,
                        o,
                        "cannot be lowered by convert-soac-to-hpar: complex arrays as function results are not supported",
                    ));
                }
                _ => {}
            }
            return Ok(());
        }
        let mut b = Builder::new(ctx, InsertPoint::Before(o), loc);
        let res = |b: &Builder<'_>| b.results(o).to_vec();
        let pair =
            |this: &mut Self, b: &mut Builder<'_>, k: usize| this.get(b.ctx, o, b.operand(o, k));
        let f = |b: &mut Builder<'_>, n: &str, x: Value, y: Value| bin(b, n, x, y);
        match name.as_str() {
            "tail.injx" => {
                let p = (b.operand(o, 0), b.operand(o, 1));
                self.parts.insert(res(&b)[0], p);
            }
            "tail.d2x" => {
                let x = b.operand(o, 0);
                let t = b.value_type(x);
                let z = tail_builtin::arith::build_constant_float(&mut b, t, 0.0);
                self.parts.insert(res(&b)[0], (x, z));
            }
            "tail.rex" | "tail.imx" => {
                let (re, im) = pair(self, &mut b, 0)?;
                let r = res(&b)[0];
                b.replace_all_uses_with(r, if name == "tail.rex" { re } else { im });
            }
            "tail.addx" | "tail.subx" => {
                let ((a, bb), (c, d)) = (pair(self, &mut b, 0)?, pair(self, &mut b, 1)?);
                let n = if name == "tail.addx" {
                    "arith.addf"
                } else {
                    "arith.subf"
                };
                let p = (f(&mut b, n, a, c), f(&mut b, n, bb, d));
                self.parts.insert(res(&b)[0], p);
            }
            "tail.mulx" => {
                let ((a, bb), (c, d)) = (pair(self, &mut b, 0)?, pair(self, &mut b, 1)?);
                let ac = f(&mut b, "arith.mulf", a, c);
                let bd = f(&mut b, "arith.mulf", bb, d);
                let ad = f(&mut b, "arith.mulf", a, d);
                let bc = f(&mut b, "arith.mulf", bb, c);
                let p = (
                    f(&mut b, "arith.subf", ac, bd),
                    f(&mut b, "arith.addf", ad, bc),
                );
                self.parts.insert(res(&b)[0], p);
            }
            "tail.negx" | "tail.conjx" => {
                let (a, bb) = pair(self, &mut b, 0)?;
                let t = b.value_type(a);
                let re = if name == "tail.negx" {
                    mk1(&mut b, "arith.negf", &[a], t, &[])
                } else {
                    a
                };
                let im = mk1(&mut b, "arith.negf", &[bb], t, &[]);
                self.parts.insert(res(&b)[0], (re, im));
            }
            "tail.expx" => {
                let (a, bb) = pair(self, &mut b, 0)?;
                let t = b.value_type(a);
                let e = mk1(&mut b, "math.exp", &[a], t, &[]);
                let c = mk1(&mut b, "math.cos", &[bb], t, &[]);
                let s = mk1(&mut b, "math.sin", &[bb], t, &[]);
                let p = (f(&mut b, "arith.mulf", e, c), f(&mut b, "arith.mulf", e, s));
                self.parts.insert(res(&b)[0], p);
            }
            "tail.magnx" => {
                // C's `hypot`, as the host computes it: on the CPU the same function, on the
                // GPU the device's (`convert-hpar-to-gpu`'s `device_math`).
                let (a, bb) = pair(self, &mut b, 0)?;
                let t = b.value_type(a);
                let module = b
                    .ctx
                    .op_parent_op(self.f)
                    .expect("the function is in a module");
                let fty = b.function_type(vec![t, t], vec![t]);
                tail_builtin::func::FuncOp::declare_once(&mut b, module, MAGNITUDE, fty);
                let c = tail_builtin::func::CallOp::create(&mut b, MAGNITUDE, &[a, bb], &[t]);
                let r = res(&b)[0];
                let v = b.result(c.op(), 0);
                b.replace_all_uses_with(r, v);
            }
            "arith.select" => {
                let c = b.operand(o, 0);
                let ((x1, x2), (y1, y2)) = (pair(self, &mut b, 1)?, pair(self, &mut b, 2)?);
                let p = (
                    tail_builtin::arith::build_select(&mut b, c, x1, y1),
                    tail_builtin::arith::build_select(&mut b, c, x2, y2),
                );
                self.parts.insert(res(&b)[0], p);
            }
            "tail.prSclX" => {
                // `⎕ ← ⍵` of a complex number in a map's function: printed on the host (split
                // out like a roll, `roll.rs`) from the number put together again; what reads
                // the printed value reads the parts.
                let r = res(&b)[0];
                if self.parts.contains_key(&r) {
                    return Ok(());
                }
                let p = pair(self, &mut b, 0)?;
                let t = b.value_type(r);
                let z = mk1(&mut b, "tail.injx", &[p.0, p.1], t, &[]);
                b.set_operand(o, 0, z);
                self.parts.insert(r, p);
                return Ok(());
            }
            "soac.map" | "soac.redomap" => return self.map_like(ctx, o),
            "soac.filter" => return self.filter(ctx, o),
            "soac.update" => return self.update(ctx, o),
            "soac.loop" => return self.loop_op(ctx, o),
            "scf.if" => return self.if_op(ctx, o),
            "soac.yield" | "scf.yield" => return Ok(()),
            "soac.dim" => {
                let (re, _) = pair(self, &mut b, 0)?;
                b.set_operand(o, 0, re);
                return Ok(());
            }
            "soac.replicate" | "soac.reshape" | "soac.slice" | "soac.rotate" | "soac.transpose"
            | "soac.index" | "soac.concat" => {
                let ops = b.operand_vec(o);
                let mut re_ops = ops.clone();
                let mut im_ops = ops.clone();
                for (k, &v) in ops.iter().enumerate() {
                    if is_complex(b.ctx, b.value_type(v)) {
                        let (re, im) = self.get(b.ctx, o, v)?;
                        re_ops[k] = re;
                        im_ops[k] = im;
                    }
                }
                let r = res(&b)[0];
                let rt = b.value_type(r);
                let Some(pt) = part_type(b.ctx, rt) else {
                    return Err(err(b.ctx, o, "cannot be lowered by convert-soac-to-hpar: a complex array operand without a complex result"));
                };
                let mkpart = |b: &mut Builder<'_>, ops: &[Value]| {
                    let mut m = VMap::default();
                    let c = b.clone_op(o, &mut m);
                    let ip = b.insertion_point();
                    b.insert_op(c, ip);
                    b.set_operands(c, ops);
                    let v = b.result(c, 0);
                    b.set_value_type(v, pt);
                    v
                };
                let p = (mkpart(&mut b, &re_ops), mkpart(&mut b, &im_ops));
                if matches!(b.ctx.type_kind(rt), TypeKind::Complex(_))
                    && !in_lambda(b.ctx, self.f, o)
                {
                    // A complex element read on the host: put together again for host uses.
                    b.set_insertion_point(InsertPoint::After(o));
                    let z = mk1(&mut b, "tail.injx", &[p.0, p.1], rt, &[]);
                    b.replace_all_uses_with(r, z);
                    self.parts.insert(z, p);
                }
                self.parts.insert(r, p);
            }
            _ => {
                return Err(err(b.ctx, o, "cannot be lowered to a kernel by convert-soac-to-hpar: an operation on complex numbers with no kernel form (supported: tail.injx, d2x, rex, imx, addx, subx, mulx, negx, conjx, expx, magnx, prSclX, arith.select, scf.if, soac.loop, SOACs and views)"));
            }
        }
        self.old.push(o);
        Ok(())
    }

    /// A host cast between a complex tensor and a `tail` type: the two parts cross together.
    fn cast(&mut self, ctx: &mut Context, o: OpId) -> CResult {
        if ctx.num_operands(o) != 1 || ctx.num_results(o) != 1 {
            return Err(err(ctx, o, "cannot be lowered by convert-soac-to-hpar: a cast of several values holding complex numbers"));
        }
        let (v, r) = (ctx.operand(o, 0), ctx.result(o, 0));
        let (vt, rt) = (ctx.value_type(v), ctx.value_type(r));
        let loc = ctx.op_loc(o);
        if part_type_is_tensor(ctx, v) && is_complex(ctx, vt) {
            let (re, im) = self.get(ctx, o, v)?;
            let mut b = Builder::new(ctx, InsertPoint::Before(o), loc);
            let c = mk1(
                &mut b,
                "builtin.unrealized_conversion_cast",
                &[re, im],
                rt,
                &[],
            );
            b.replace_all_uses_with(r, c);
            self.old.push(o);
        } else if part_type_is_tensor(ctx, r) && is_complex(ctx, rt) {
            let pt = part_type(ctx, rt).expect("complex tensor");
            let mut b = Builder::new(ctx, InsertPoint::Before(o), loc);
            let c = mk(
                &mut b,
                "builtin.unrealized_conversion_cast",
                &[v],
                &[pt, pt],
                &[],
                Vec::new(),
            );
            let p = (b.result(c, 0), b.result(c, 1));
            self.parts.insert(r, p);
            self.old.push(o);
        }
        Ok(())
    }

    /// `scf.if`: its branches are split; complex results become their two parts.
    fn if_op(&mut self, ctx: &mut Context, o: OpId) -> CResult {
        let regions = ctx.regions(o).to_vec();
        for &r in &regions {
            for blk in ctx.region_blocks(r).to_vec() {
                self.block(ctx, blk)?;
            }
        }
        let results = ctx.results(o).to_vec();
        if !results.iter().any(|&r| is_complex(ctx, ctx.value_type(r))) {
            return Ok(());
        }
        for &r in &regions {
            for blk in ctx.region_blocks(r).to_vec() {
                let term = ctx.last_op(blk).expect("scf.yield");
                let mut ys = Vec::new();
                for v in ctx.operand_vec(term) {
                    if is_complex(ctx, ctx.value_type(v)) {
                        let (re, im) = self.get(ctx, term, v)?;
                        ys.extend([re, im]);
                    } else {
                        ys.push(v);
                    }
                }
                ctx.set_operands(term, &ys);
            }
        }
        let mut tys = Vec::new();
        for &r in &results {
            let t = ctx.value_type(r);
            match part_type(ctx, t) {
                Some(p) => tys.extend([p, p]),
                None => tys.push(t),
            }
        }
        let n = self.rebuild(ctx, o, ctx.operand_vec(o), tys, &regions);
        self.map_results(ctx, &results, n);
        // A complex scalar chosen on the host is put together again for its host uses.
        if !in_lambda(ctx, self.f, o) {
            let loc = ctx.op_loc(o);
            for &r in &results {
                let t = ctx.value_type(r);
                if matches!(ctx.type_kind(t), TypeKind::Complex(_)) {
                    let p = self.parts[&r];
                    let mut b = Builder::new(ctx, InsertPoint::After(n), loc);
                    let z = mk1(&mut b, "tail.injx", &[p.0, p.1], t, &[]);
                    b.replace_all_uses_with(r, z);
                    self.parts.insert(z, p);
                }
            }
        }
        Ok(())
    }

    /// A new op like `o` with `operands`, result types `tys` and the blocks of `regions`
    /// (moved), inserted before `o`; `o` is queued for erasure.
    fn rebuild(
        &mut self,
        ctx: &mut Context,
        o: OpId,
        operands: Vec<Value>,
        tys: Vec<Type>,
        regions: &[tail_ir::RegionId],
    ) -> OpId {
        let name = ctx.op_name_str(o).to_string();
        let mut st = OperationState::new(ctx, &name, ctx.op_loc(o));
        st.operands = operands;
        st.result_types = tys;
        st.attrs = ctx.attrs(o).to_vec();
        for &r in regions {
            let nr = ctx.create_region();
            ctx.take_region_blocks(r, nr);
            st.regions.push(nr);
        }
        let n = ctx.create_op(st);
        ctx.insert_op(n, InsertPoint::Before(o));
        self.old.push(o);
        n
    }

    /// Maps the old results to those of `n` (two for each complex one).
    fn map_results(&mut self, ctx: &mut Context, old: &[Value], n: OpId) {
        let mut k = 0;
        for &r in old {
            if is_complex(ctx, ctx.value_type(r)) {
                let p = (ctx.result(n, k), ctx.result(n, k + 1));
                self.parts.insert(r, p);
                k += 2;
            } else {
                let nr = ctx.result(n, k);
                ctx.replace_all_uses_with(r, nr);
                k += 1;
            }
        }
    }

    /// `soac.loop` carrying complex values (a right fold of complex numbers in a lambda, a
    /// power loop over a complex array): each complex carried value becomes its two parts,
    /// carried after the others (initial values, body arguments, yielded values and results
    /// in the same order).
    fn loop_op(&mut self, ctx: &mut Context, o: OpId) -> CResult {
        let body = ctx.entry_block(ctx.region(o, 0)).expect("loop body");
        let inits = ctx.operand_vec(o)[1..].to_vec();
        let args = ctx.block_args(body)[1..].to_vec();
        let results = ctx.results(o).to_vec();
        let complex: Vec<bool> = inits
            .iter()
            .map(|&v| is_complex(ctx, ctx.value_type(v)))
            .collect();
        // The operands: the count, the other initial values, then the parts.
        let mut operands = vec![ctx.operand(o, 0)];
        operands.extend(
            inits
                .iter()
                .zip(&complex)
                .filter(|(_, &c)| !c)
                .map(|(&v, _)| v),
        );
        for (&v, &c) in inits.iter().zip(&complex) {
            if c {
                let (re, im) = self.get(ctx, o, v)?;
                operands.extend([re, im]);
            }
        }
        for (&a, &c) in args.iter().zip(&complex) {
            if c {
                let pt = part_type(ctx, ctx.value_type(a)).expect("complex value");
                let (ra, ia) = (ctx.add_block_arg(body, pt), ctx.add_block_arg(body, pt));
                self.parts.insert(a, (ra, ia));
            }
        }
        self.block(ctx, body)?;
        let term = ctx.last_op(body).expect("soac.yield");
        let ys = ctx.operand_vec(term);
        let mut new_ys: Vec<Value> = ys
            .iter()
            .zip(&complex)
            .filter(|(_, &c)| !c)
            .map(|(&v, _)| v)
            .collect();
        for (&v, &c) in ys.iter().zip(&complex) {
            if c {
                let (re, im) = self.get(ctx, term, v)?;
                new_ys.extend([re, im]);
            }
        }
        ctx.set_operands(term, &new_ys);
        self.cleanup(ctx);
        for (k, &a) in args.iter().enumerate().rev() {
            if !complex[k] {
                continue;
            }
            if let Some(u) = ctx.uses(a).next() {
                let user = u.op;
                return Err(err(ctx, user, "cannot be lowered by convert-soac-to-hpar: uses a complex value with no kernel form"));
            }
            ctx.erase_block_arg(body, k + 1);
        }
        let mut tys: Vec<Type> = results
            .iter()
            .zip(&complex)
            .filter(|(_, &c)| !c)
            .map(|(&r, _)| ctx.value_type(r))
            .collect();
        for (&r, &c) in results.iter().zip(&complex) {
            if c {
                let pt = part_type(ctx, ctx.value_type(r)).expect("complex result");
                tys.extend([pt, pt]);
            }
        }
        let regions = ctx.regions(o).to_vec();
        let n = self.rebuild(ctx, o, operands, tys, &regions);
        let plain = complex.iter().filter(|&&c| !c).count();
        let (mut k, mut j) = (0, plain);
        let host = !in_lambda(ctx, self.f, o);
        let loc = ctx.op_loc(o);
        for (&r, &c) in results.iter().zip(&complex) {
            if !c {
                let nr = ctx.result(n, k);
                ctx.replace_all_uses_with(r, nr);
                k += 1;
                continue;
            }
            let p = (ctx.result(n, j), ctx.result(n, j + 1));
            j += 2;
            self.parts.insert(r, p);
            // A complex scalar computed on the host is put together again for host uses.
            let t = ctx.value_type(r);
            if host && matches!(ctx.type_kind(t), TypeKind::Complex(_)) {
                let mut b = Builder::new(ctx, InsertPoint::After(n), loc);
                let z = mk1(&mut b, "tail.injx", &[p.0, p.1], t, &[]);
                b.replace_all_uses_with(r, z);
                self.parts.insert(z, p);
            }
        }
        Ok(())
    }

    /// `soac.map` / `soac.redomap` with complex inputs, lambda values or results.
    fn map_like(&mut self, ctx: &mut Context, o: OpId) -> CResult {
        let redo = ctx.op_is(o, "soac.redomap");
        let lam_r = ctx.region(o, if redo { 1 } else { 0 });
        let lam = ctx.entry_block(lam_r).expect("lambda");
        let results = ctx.results(o).to_vec();
        if redo {
            let red = ctx.entry_block(ctx.region(o, 0)).expect("operator");
            let bad = results.iter().any(|&r| is_complex(ctx, ctx.value_type(r)))
                || ctx
                    .block_args(red)
                    .iter()
                    .any(|&a| is_complex(ctx, ctx.value_type(a)));
            if bad {
                return Err(err(ctx, o, "cannot be lowered by convert-soac-to-hpar: reductions of complex numbers are not supported"));
            }
        }
        let args = ctx.block_args(lam).to_vec();
        let operands = ctx.operand_vec(o);
        let (inputs, rest) = operands.split_at(args.len());
        let (mut new_inputs, split, added) = self.split_args(ctx, o, lam, inputs)?;
        self.block(ctx, lam)?;
        let term = ctx.last_op(lam).expect("soac.yield");
        let mut ys = Vec::new();
        for v in ctx.operand_vec(term) {
            if is_complex(ctx, ctx.value_type(v)) {
                let (re, im) = self.get(ctx, term, v)?;
                ys.extend([re, im]);
            } else {
                ys.push(v);
            }
        }
        ctx.set_operands(term, &ys);
        self.cleanup(ctx);
        erase_split_args(ctx, lam, &args, &split)?;
        // A part the lambda does not read is not an input (its array is not read).
        // (A map keeps at least one input.)
        let used = |ctx: &Context, a: Value| ctx.uses(a).next().is_some();
        let any_used = !new_inputs.is_empty() || added.iter().any(|&(a, _)| used(ctx, a));
        for (j, (a, v)) in added.into_iter().enumerate() {
            if used(ctx, a) || (!any_used && j == 0) {
                new_inputs.push(v);
            } else {
                let i = ctx
                    .block_args(lam)
                    .iter()
                    .position(|&x| x == a)
                    .expect("argument");
                ctx.erase_block_arg(lam, i);
            }
        }
        let mut tys = Vec::new();
        for &r in &results {
            let t = ctx.value_type(r);
            match part_type(ctx, t) {
                Some(p) => tys.extend([p, p]),
                None => tys.push(t),
            }
        }
        new_inputs.extend(rest);
        let regions = ctx.regions(o).to_vec();
        let n = self.rebuild(ctx, o, new_inputs, tys, &regions);
        self.map_results(ctx, &results, n);
        Ok(())
    }
}

impl Split {
    /// `soac.filter` of complex arrays (`1 0 1 / z`): the part arrays are filtered with the
    /// others, in the order the new inputs are (the other arrays, then each complex one's
    /// parts); the predicate's lambda reads parts for complex elements.
    fn filter(&mut self, ctx: &mut Context, o: OpId) -> CResult {
        let lam = ctx.entry_block(ctx.region(o, 0)).expect("lambda");
        let args = ctx.block_args(lam).to_vec();
        let operands = ctx.operand_vec(o);
        let results = ctx.results(o).to_vec();
        if operands.len() != args.len() || results.len() != args.len() {
            return Err(err(ctx, o, "cannot be lowered by convert-soac-to-hpar: a filter whose inputs, arguments and results do not match"));
        }
        let (mut inputs, parts, added) = self.split_args(ctx, o, lam, &operands)?;
        inputs.extend(added.iter().map(|&(_, array)| array));
        self.block(ctx, lam)?;
        self.cleanup(ctx);
        erase_split_args(ctx, lam, &args, &parts)?;
        let tys: Vec<Type> = inputs.iter().map(|&v| ctx.value_type(v)).collect();
        let regions = ctx.regions(o).to_vec();
        let n = self.rebuild(ctx, o, inputs, tys, &regions);
        let plain = results.len() - parts.len();
        let mut k = 0;
        for (i, &r) in results.iter().enumerate() {
            if let Some(j) = parts.iter().position(|&pk| pk == i) {
                let at = plain + 2 * j;
                self.parts
                    .insert(r, (ctx.result(n, at), ctx.result(n, at + 1)));
            } else {
                let nr = ctx.result(n, k);
                ctx.replace_all_uses_with(r, nr);
                k += 1;
            }
        }
        Ok(())
    }

    /// `soac.update` of a complex array (`z[1] ← 5J5`): each part updated with the value's.
    fn update(&mut self, ctx: &mut Context, o: OpId) -> CResult {
        let operands = ctx.operand_vec(o);
        let (v, dest, idx) = (operands[0], operands[1], &operands[2..]);
        let (vr, vi) = self.get(ctx, o, v)?;
        let (dr, di) = self.get(ctx, o, dest)?;
        let r = ctx.result(o, 0);
        let pt = part_type(ctx, ctx.value_type(r)).expect("complex array");
        let loc = ctx.op_loc(o);
        let mut b = Builder::new(ctx, InsertPoint::Before(o), loc);
        let part = |b: &mut Builder<'_>, x: Value, d: Value| {
            let mut ops = vec![x, d];
            ops.extend(idx);
            mk1(b, "soac.update", &ops, pt, &[])
        };
        let p = (part(&mut b, vr, dr), part(&mut b, vi, di));
        self.parts.insert(r, p);
        self.old.push(o);
        Ok(())
    }
}

impl Split {
    /// The complex ones of `inputs` (read by the arguments of lambda `lam` at the same
    /// positions) split into their part arrays: each such argument gets two part arguments,
    /// appended to `lam`, that its complex code reads (`self.parts`). Returns the other
    /// inputs, the positions of the split ones, and (part argument, part array) in order.
    #[allow(clippy::type_complexity)]
    fn split_args(
        &mut self,
        ctx: &mut Context,
        o: OpId,
        lam: BlockId,
        inputs: &[Value],
    ) -> CResult<(Vec<Value>, Vec<usize>, Vec<(Value, Value)>)> {
        let args = ctx.block_args(lam).to_vec();
        let (mut plain, mut split, mut added) = (Vec::new(), Vec::new(), Vec::new());
        for (k, &v) in inputs.iter().enumerate() {
            if !is_complex(ctx, ctx.value_type(v)) {
                plain.push(v);
                continue;
            }
            let (re, im) = self.get(ctx, o, v)?;
            let pt = part_type(ctx, ctx.value_type(args[k])).expect("complex argument");
            let (ra, ia) = (ctx.add_block_arg(lam, pt), ctx.add_block_arg(lam, pt));
            self.parts.insert(args[k], (ra, ia));
            split.push(k);
            added.extend([(ra, re), (ia, im)]);
        }
        Ok((plain, split, added))
    }
}

/// Erases the complex arguments `args[k]` of lambda `lam` at the positions `split`, which
/// its code, rewritten to parts, no longer reads (an error at a user that still does).
fn erase_split_args(ctx: &mut Context, lam: BlockId, args: &[Value], split: &[usize]) -> CResult {
    for &k in split.iter().rev() {
        if let Some(u) = ctx.uses(args[k]).next() {
            let user = u.op;
            return Err(err(ctx, user, "cannot be lowered by convert-soac-to-hpar: uses a complex value with no kernel form"));
        }
        ctx.erase_block_arg(lam, k);
    }
    Ok(())
}

/// Whether `op` is inside a SOAC's region (not a top-level op of `f`).
fn in_lambda(ctx: &Context, f: OpId, op: OpId) -> bool {
    ctx.op_parent_op(op)
        .is_some_and(|p| p != f && in_soac(ctx, f, p))
}
