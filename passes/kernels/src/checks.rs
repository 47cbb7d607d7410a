//! `soac-check-extents`: the run-time check of `soac.map`'s requirement that its inputs have
//! equal outer extents, kept on the host when kernel extraction turns the SOACs into kernels.
//!
//! The `soac` level checks it when a SOAC runs (the interpreter reports `extent mismatch`);
//! a kernel instead iterates over the first input's extent and would read past the end of a
//! shorter input. So before `convert-soac-to-hpar`, every top-level (host) `soac.map`,
//! `soac.redomap` and `soac.scanomap` with several inputs gets, for each input `k ≥ 1` whose
//! outer extent is not known to equal input 0's,
//!
//! ```mlir
//! %e0 = soac.dim %in0, 0 : tensor<?xi32>
//! %ek = soac.dim %ink, 0 : tensor<?xi32>
//! func.call @tail_rt_check_extents(%e0, %ek, %k, %line, %col) : (index, index, i64, i32, i32) -> ()
//! ```
//!
//! (`line`/`col`: the SOAC's source location, 0 when it has none). The runtime function
//! (`runtime/rt`, and the interpreter for the levels it runs) ends the program with
//! `error: <line>:<col>: extent mismatch: input #0 has 3 rows but input #1 has 2` when the
//! extents differ. Inner extents of map nests (rows of different lengths) are not checked.

use tail_builtin::func::{CallOp, FuncOp};
use tail_ir::pass::{pass, AnalysisManager, PassResult, PassRun, Statistic};
use tail_ir::{Builder, Context, InsertPoint, LocKind, OpId, Type, TypeKind, Value, DYNAMIC};

/// The runtime function the checks call.
pub const CHECK_EXTENTS: &str = "tail_rt_check_extents";

/// Check at run time that the inputs of host-level maps, reductions and scans have equal outer
/// extents.
#[pass(
    argument = "soac-check-extents",
    summary = "Insert run-time checks that the inputs of top-level soac.map/redomap/scanomap have equal outer extents (tail_rt_check_extents)",
    anchor = "builtin.module",
    name = "SoacCheckExtents"
)]
pub struct SoacCheckExtents {
    #[statistic(name = "num-checks", description = "Number of extent checks inserted")]
    num_checks: Statistic,
}

/// The outer extent of an array type when static.
fn static_outer(ctx: &Context, ty: Type) -> Option<i64> {
    match ctx.type_kind(ty) {
        TypeKind::RankedTensor { shape, .. } | TypeKind::MemRef { shape, .. } => {
            shape.first().copied().filter(|&d| d != DYNAMIC)
        }
        _ => None,
    }
}

/// The array whose extent `v`'s outer extent is: through the maps that produced it (a map's
/// results have its first input's extent).
fn extent_source(ctx: &Context, mut v: Value) -> Value {
    for _ in 0..64 {
        match ctx.defining_op(v) {
            Some(d) if ctx.op_is(d, "soac.map") && ctx.num_operands(d) > 0 => {
                v = ctx.operand(d, 0);
            }
            _ => break,
        }
    }
    v
}

/// The inputs of a host SOAC that must agree in extent.
fn soac_inputs(ctx: &Context, op: OpId) -> Option<Vec<Value>> {
    match ctx.op_name_str(op) {
        "soac.map" => Some(ctx.operand_vec(op)),
        "soac.redomap" => {
            tail_soac::ops::parallel::RedomapOp::from_op(ctx, op).map(|r| r.inputs(ctx).to_vec())
        }
        "soac.scanomap" => {
            tail_soac::ops::parallel::ScanomapOp::from_op(ctx, op).map(|r| r.inputs(ctx).to_vec())
        }
        _ => None,
    }
}

impl PassRun for SoacCheckExtents {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        module: OpId,
        _am: &mut AnalysisManager,
    ) -> PassResult {
        let ops: Vec<OpId> = ctx
            .walk_preorder(module)
            .into_iter()
            .filter(|&o| {
                matches!(
                    ctx.op_name_str(o),
                    "soac.map" | "soac.redomap" | "soac.scanomap"
                )
            })
            // Host level: not inside another SOAC's lambda.
            .filter(|&o| {
                let mut p = ctx.op_parent_op(o);
                while let Some(q) = p {
                    if ctx.op_name_str(q).starts_with("soac.") {
                        return false;
                    }
                    p = ctx.op_parent_op(q);
                }
                true
            })
            .collect();
        for op in ops {
            let Some(inputs) = soac_inputs(ctx, op) else {
                continue;
            };
            if inputs.len() < 2 {
                continue;
            }
            let (line, col) = match ctx.loc_kind(ctx.op_loc(op)) {
                LocKind::FileLineCol { line, col, .. } => (*line as i64, *col as i64),
                _ => (0, 0),
            };
            let first = inputs[0];
            let first_static = static_outer(ctx, ctx.value_type(first));
            let first_src = extent_source(ctx, first);
            for (k, &x) in inputs.iter().enumerate().skip(1) {
                let xs = static_outer(ctx, ctx.value_type(x));
                if xs.is_some() && xs == first_static {
                    continue;
                }
                if extent_source(ctx, x) == first_src {
                    continue;
                }
                let loc = ctx.op_loc(op);
                let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
                let idx = b.index_type();
                let e0 = dim(&mut b, first, idx);
                let ek = dim(&mut b, x, idx);
                let i64t = b.int_type(64);
                let i32t = b.int_type(32);
                let kv = tail_builtin::arith::build_constant_int(&mut b, i64t, k as i64);
                let lv = tail_builtin::arith::build_constant_int(&mut b, i32t, line);
                let cv = tail_builtin::arith::build_constant_int(&mut b, i32t, col);
                if tail_ir::symbol::lookup_symbol_in(b.ctx, module, CHECK_EXTENTS).is_none() {
                    let mblock = b.entry_block(b.region(module, 0)).expect("module body");
                    let saved = b.insertion_point();
                    b.set_insertion_point(InsertPoint::BlockEnd(mblock));
                    let fty = b.function_type(vec![idx, idx, i64t, i32t, i32t], vec![]);
                    FuncOp::create_declaration(&mut b, CHECK_EXTENTS, fty);
                    b.set_insertion_point(saved);
                }
                CallOp::create(&mut b, CHECK_EXTENTS, &[e0, ek, kv, lv, cv], &[]);
                self.num_checks.add(1);
            }
        }
        Ok(())
    }
}

/// `soac.dim %x, 0`.
fn dim(b: &mut Builder<'_>, x: Value, idx: Type) -> Value {
    let mut st = b.state("soac.dim");
    st.operands = vec![x];
    let i64t = b.int_type(64);
    let a = b.int_attr(i64t, 0);
    st.add_attr(b, "axis", a);
    st.result_types = vec![idx];
    let op = b.insert(st);
    b.result(op, 0)
}
