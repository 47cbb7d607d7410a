//! `widen-bool-memrefs`: memrefs of `i1` become memrefs of `i8` in the host IR.
//!
//! The LLVM lowering stores an `i1` element in a byte, but a vector of `i1` is a vector of
//! bits: a loop over a boolean array (Life's board) cannot load eight elements as `<8 x i1>`,
//! so LLVM loads them one byte at a time and inserts them into a vector. With `i8` elements
//! the bytes load and store as vectors. The memory is the same (one byte per element, 0 or
//! 1), so the runtime's printers and every caller see the same data.
//!
//! Every value, block argument and type attribute (`function_type`) of a memref type (ranked
//! or unranked) with `i1` elements gets `i8` elements; `memref.load` of such a memref loads an
//! `i8` and truncates it (`arith.trunci`), `memref.store` zero-extends the value it stores
//! (`arith.extui`). A loaded truth value that is extended (`arith.extui`, a count of truth
//! values) extends the byte instead: every byte of a boolean memref is 0 or 1 (the compiled
//! code stores extended truth values, the runtime stores 0 and 1), so the byte needs no
//! masking. Other ops that read or write elements of a boolean memref
//! (`memref.atomic_rmw`, `memref.global`, …) are errors located at the op.

use tail_ir::pass::{pass, AnalysisManager, PassResult, PassRun, Statistic};
use tail_ir::{Context, InsertPoint, OpId, Type, TypeKind};

/// Memrefs of `i1` become memrefs of `i8` (loads truncate, stores extend).
#[pass(
    argument = "widen-bool-memrefs",
    summary = "Store booleans in memrefs of i8 instead of i1 (loads truncate, stores extend), so that LLVM vectorizes loops over boolean arrays",
    anchor = "builtin.module",
    name = "WidenBoolMemrefs"
)]
pub struct WidenBoolMemrefs {
    #[statistic(
        name = "num-accesses",
        description = "Number of loads and stores of boolean memrefs widened"
    )]
    num_accesses: Statistic,
}

/// Whether `ty` is a memref (ranked or not) of `i1`.
fn bool_memref(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_kind(ty),
        TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. }
    ) && tail_builtin::util::is_i1(ctx, ctx.element_type_or_self(ty))
}

/// `ty` with memrefs of `i1` turned into memrefs of `i8` (also inside function types).
fn widen(ctx: &mut Context, ty: Type) -> Type {
    if bool_memref(ctx, ty) {
        let i8t = ctx.int_type(8);
        return tail_builtin::util::memref_with_element(ctx, ty, i8t).unwrap_or(ty);
    }
    let (inputs, results) = match ctx.type_kind(ty) {
        TypeKind::Function { inputs, results } => (inputs.clone(), results.clone()),
        _ => return ty,
    };
    let inputs = inputs.into_iter().map(|t| widen(ctx, t)).collect();
    let results = results.into_iter().map(|t| widen(ctx, t)).collect();
    ctx.function_type(inputs, results)
}

impl PassRun for WidenBoolMemrefs {
    fn run_on_operation(
        &mut self,
        ctx: &mut Context,
        module: OpId,
        _am: &mut AnalysisManager,
    ) -> PassResult {
        let ops = ctx.walk_preorder(module);
        // Element accesses first, while the memref types still say `i1`.
        for &o in &ops {
            let boolean = |ctx: &Context, i: usize| {
                ctx.operand_vec(o)
                    .get(i)
                    .is_some_and(|&m| bool_memref(ctx, ctx.value_type(m)))
            };
            match ctx.op_name_str(o) {
                "memref.load" if boolean(ctx, 0) => {
                    let r = ctx.result(o, 0);
                    let i8t = ctx.int_type(8);
                    ctx.set_value_type(r, i8t);
                    let loc = ctx.op_loc(o);
                    let i1 = ctx.i1_type();
                    let mut b = tail_ir::Builder::new(ctx, InsertPoint::After(o), loc);
                    let t = tail_builtin::arith::build_unary(&mut b, "arith.trunci", r, i1);
                    let td = ctx.defining_op(t).expect("trunci");
                    for u in ctx.use_vec(r) {
                        if u.op == td {
                            continue;
                        }
                        // The byte is 0 or 1 (every store extends a truth value): extending
                        // the truncated value extends the byte itself.
                        if ctx.op_is(u.op, "arith.extui") {
                            let e = ctx.result(u.op, 0);
                            if ctx.value_type(e) == i8t {
                                // Left dead, on the truth value (canonicalize erases it).
                                ctx.replace_all_uses_with(e, r);
                                ctx.set_operand(u.op, 0, t);
                            } else {
                                ctx.set_operand(u.op, 0, r);
                            }
                            continue;
                        }
                        ctx.set_operand(u.op, u.index as usize, t);
                    }
                    self.num_accesses.add(1);
                }
                "memref.store" if boolean(ctx, 1) => {
                    let loc = ctx.op_loc(o);
                    let i8t = ctx.int_type(8);
                    let v = ctx.operand(o, 0);
                    let mut b = tail_ir::Builder::new(ctx, InsertPoint::Before(o), loc);
                    let e = tail_builtin::arith::build_unary(&mut b, "arith.extui", v, i8t);
                    ctx.set_operand(o, 0, e);
                    self.num_accesses.add(1);
                }
                "memref.load" | "memref.store" => {}
                _ => {
                    // An element access: a boolean value beside a boolean memref (an atomic
                    // update), or a global holding booleans.
                    let values: Vec<_> = ctx
                        .operand_vec(o)
                        .into_iter()
                        .chain(ctx.results(o).to_vec())
                        .collect();
                    let memref = values.iter().any(|&v| bool_memref(ctx, ctx.value_type(v)));
                    let element = values
                        .iter()
                        .any(|&v| tail_builtin::util::is_i1(ctx, ctx.value_type(v)));
                    let global = ctx.op_is(o, "memref.global")
                        && ctx.attrs(o).iter().any(|a| {
                            ctx.attr_as_type(a.value)
                                .is_some_and(|t| bool_memref(ctx, t))
                        });
                    if global || (memref && element && ctx.op_name_str(o).starts_with("memref.")) {
                        return Err(tail_ir::op_error(
                            ctx,
                            o,
                            "cannot be converted by widen-bool-memrefs: it accesses the elements of a boolean memref (only memref.load and memref.store do here)",
                        )
                        .into());
                    }
                }
            }
        }
        // Then every type.
        for o in ctx.walk_preorder(module) {
            for r in ctx.results(o).to_vec() {
                let t = ctx.value_type(r);
                let w = widen(ctx, t);
                if w != t {
                    ctx.set_value_type(r, w);
                }
            }
            for &reg in ctx.regions(o).to_vec().iter() {
                for blk in ctx.region_blocks(reg).to_vec() {
                    for a in ctx.block_args(blk).to_vec() {
                        let t = ctx.value_type(a);
                        let w = widen(ctx, t);
                        if w != t {
                            ctx.set_value_type(a, w);
                        }
                    }
                }
            }
            for na in ctx.attrs(o).to_vec() {
                if let Some(t) = ctx.attr_as_type(na.value) {
                    let w = widen(ctx, t);
                    if w != t {
                        let a = ctx.type_attr(w);
                        ctx.set_attr_sym(o, na.name, a);
                    }
                }
            }
        }
        Ok(())
    }
}
