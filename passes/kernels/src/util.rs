//! Small IR-building helpers shared by the two conversions (generic op creation, constants,
//! index arithmetic).

use rustc_hash::FxHashMap;
use tail_ir::{
    Attribute, BlockId, Builder, Context, Diagnostic, InsertPoint, OpId, RegionId, Type, Value,
};

/// A value map for cloning.
pub type VMap = FxHashMap<Value, Value>;

/// A lambda argument bound to an input array: (argument, input number, depth: the argument
/// is the input read at the position's first `depth` indices, an element or a row).
pub type Bind = (Value, usize, usize);

/// Result type of the conversions.
pub type CResult<T = ()> = Result<T, Diagnostic>;

/// Creates op `name` at the builder's insertion point.
pub fn mk(
    b: &mut Builder<'_>,
    name: &str,
    operands: &[Value],
    results: &[Type],
    attrs: &[(&str, Attribute)],
    regions: Vec<RegionId>,
) -> OpId {
    let mut st = b.state(name);
    st.operands = operands.to_vec();
    st.result_types = results.to_vec();
    for &(n, a) in attrs {
        st.add_attr(b.ctx, n, a);
    }
    st.regions = regions;
    b.insert(st)
}

/// Creates a one-result op and returns its result.
pub fn mk1(
    b: &mut Builder<'_>,
    name: &str,
    operands: &[Value],
    result: Type,
    attrs: &[(&str, Attribute)],
) -> Value {
    let op = mk(b, name, operands, &[result], attrs, Vec::new());
    b.result(op, 0)
}

/// Whether an op nested in `op`'s regions (not `op` itself) uses `v`.
pub fn used_inside(ctx: &Context, v: Value, op: OpId) -> bool {
    ctx.uses(v).any(|u| u.op != op && ctx.is_ancestor(op, u.op))
}

/// A region with one block taking `args`; returns both.
pub fn region(ctx: &mut Context, args: &[Type]) -> (RegionId, BlockId) {
    let r = ctx.create_region();
    let blk = ctx.append_new_block(r, args);
    (r, blk)
}

/// `arith.constant v : index`.
pub fn cidx(b: &mut Builder<'_>, v: i64) -> Value {
    tail_builtin::arith::build_constant_index(b, v)
}

/// `arith.constant v : i32`.
pub fn ci32(b: &mut Builder<'_>, v: i64) -> Value {
    let t = b.int_type(32);
    tail_builtin::arith::build_constant_int(b, t, v)
}

/// `arith.constant 0` of scalar type `t` (an integer, `index` or a float).
pub fn zero(b: &mut Builder<'_>, t: Type) -> Value {
    match b.type_kind(t) {
        tail_ir::TypeKind::Float(_) => tail_builtin::arith::build_constant_float(b, t, 0.0),
        tail_ir::TypeKind::Index => cidx(b, 0),
        _ => tail_builtin::arith::build_constant_int(b, t, 0),
    }
}

/// A binary `arith` op on two values of one type.
pub fn bin(b: &mut Builder<'_>, name: &str, x: Value, y: Value) -> Value {
    tail_builtin::arith::build_binary(b, name, x, y)
}

/// `ceil(x / y)` on `index` values.
pub fn ceildiv(b: &mut Builder<'_>, x: Value, y: Value) -> Value {
    let one = cidx(b, 1);
    let ym1 = bin(b, "arith.subi", y, one);
    let s = bin(b, "arith.addi", x, ym1);
    bin(b, "arith.divui", s, y)
}

/// `arith.cmpi ult`.
pub fn ult(b: &mut Builder<'_>, x: Value, y: Value) -> Value {
    tail_builtin::arith::build_cmpi(b, tail_builtin::arith::CmpIPredicate::Ult, x, y)
}

/// `arith.cmpi eq`.
pub fn eq(b: &mut Builder<'_>, x: Value, y: Value) -> Value {
    tail_builtin::arith::build_cmpi(b, tail_builtin::arith::CmpIPredicate::Eq, x, y)
}

/// Whether `op` is nested (below function `f`) in a SOAC other than `soac.loop`: code that
/// runs in a kernel. The body of a `soac.loop` outside every other SOAC is host code (a host
/// `scf.for`, `convert-soac-to-hpar`'s module `loops`).
pub fn runs_in_kernel(ctx: &Context, f: OpId, op: OpId) -> bool {
    let mut cur = ctx.op_parent_op(op);
    while let Some(o) = cur {
        if o == f {
            return false;
        }
        if ctx.op_name_str(o).starts_with("soac.") && !ctx.op_is(o, "soac.loop") {
            return true;
        }
        cur = ctx.op_parent_op(o);
    }
    false
}

/// Whether `ty` is a scalar the kernels can hold (integer, index or float).
pub fn is_scalar(ctx: &Context, ty: Type) -> bool {
    tail_hpar::types::is_base(ctx, ty)
}

/// Clones the ops of `block` (all but its terminator) at the builder's insertion point with
/// `map`, and returns the terminator's operands mapped.
pub fn inline_block(b: &mut Builder<'_>, block: BlockId, map: &mut VMap) -> Vec<Value> {
    let ops = b.block_op_vec(block);
    let (term, body) = ops.split_last().expect("block has a terminator");
    for &o in body {
        let c = b.clone_op(o, map);
        let ip = b.insertion_point();
        b.insert_op(c, ip);
    }
    b.operand_vec(*term)
        .into_iter()
        .map(|v| *map.get(&v).unwrap_or(&v))
        .collect()
}

/// Whether op `d` is a constant or `arith`/`index` arithmetic without regions other than a
/// division or remainder: an op that may be computed again before a kernel's threads start
/// (on the host, from the values it computes with; it cannot fault) when its operands can.
pub fn recomputable_arith(ctx: &Context, d: OpId) -> bool {
    let name = ctx.op_name_str(d);
    (name.starts_with("arith.") || name.starts_with("index."))
        && !name.contains("div")
        && !name.contains("rem")
        && ctx.regions(d).is_empty()
}

/// Opens `scf.for %i = 0 to n step 1` (no carried values) at the builder's place and moves
/// the builder into its body, before the `scf.yield`: returns `%i` and the place to return to
/// after the body.
pub fn open_counted_loop(b: &mut Builder<'_>, n: Value) -> (Value, InsertPoint) {
    let (c0, c1) = (cidx(b, 0), cidx(b, 1));
    let (_, body) = tail_builtin::scf::ForOp::create(b, c0, n, c1, &[]);
    let saved = b.insertion_point();
    let y = b.last_op(body).expect("scf.yield");
    b.set_insertion_point(InsertPoint::Before(y));
    (b.block_arg(body, 0), saved)
}

/// Each `memref.alloca` of a run-time size under `root` (a thread's storage, which a kernel's
/// thread or a host loop's iteration allocates) becomes `memref.alloc`, freed by a
/// `memref.dealloc` at the end of the block that allocates it (after every use, which that
/// block dominates): stack buffers allocated in a loop would pile up until the function
/// returns.
pub fn heap_allocas(ctx: &mut Context, root: OpId) {
    let allocas: Vec<OpId> = ctx
        .walk_preorder(root)
        .into_iter()
        .filter(|&o| ctx.op_is(o, "memref.alloca") && ctx.num_operands(o) > 0)
        .collect();
    for a in allocas {
        let ty = ctx.value_type(ctx.result(a, 0));
        let sizes = ctx.operand_vec(a);
        let loc = ctx.op_loc(a);
        let mut b = Builder::new(ctx, InsertPoint::Before(a), loc);
        let heap = tail_builtin::memref::AllocOp::create(&mut b, ty, &sizes);
        let old = ctx.result(a, 0);
        ctx.replace_all_uses_with(old, heap);
        let blk = ctx.op_parent_block(a).expect("in a block");
        ctx.erase_op(a);
        let end = ctx.last_op(blk).expect("a terminator");
        let mut b = Builder::new(ctx, InsertPoint::Before(end), loc);
        let mut st = b.state("memref.dealloc");
        st.operands.push(heap);
        b.insert(st);
    }
}
