//! Shared test dialect and IR-building helpers for the verifier, dominance, symbol, greedy and
//! conversion tests. Everything is built directly with `Context` APIs.
#![allow(dead_code)]

use smallvec::smallvec;
use tail_ir::printer::PrintOptions;
use tail_ir::*;

// ----- the `test` dialect --------------------------------------------------------------------

fn materialize(b: &mut Builder<'_>, value: Attribute, ty: Type, loc: Location) -> Option<OpId> {
    if b.ctx.attr_type(value) != Some(ty) {
        return None;
    }
    let mut st = OperationState::new(b.ctx, "test.constant", loc);
    st.add_attr(b.ctx, "value", value);
    st.result_types.push(ty);
    Some(b.insert(st))
}

inventory::submit! {
    DialectInfo { name: "test", summary: "test dialect", materialize_constant: Some(materialize), parse_attribute: None, parse_type: None }
}

fn fold_constant(
    ctx: &mut Context,
    op: OpId,
    _: &[Option<Attribute>],
) -> Option<smallvec::SmallVec<[FoldResult; 1]>> {
    ctx.attr(op, "value")
        .map(|a| smallvec![FoldResult::Attr(a)])
}

fn fold_add(
    ctx: &mut Context,
    op: OpId,
    c: &[Option<Attribute>],
) -> Option<smallvec::SmallVec<[FoldResult; 1]>> {
    let ty = ctx.value_type(ctx.result(op, 0));
    match (c.first().copied().flatten(), c.get(1).copied().flatten()) {
        (Some(a), Some(b)) => {
            let v = ctx.attr_as_int(a)?.wrapping_add(ctx.attr_as_int(b)?);
            Some(smallvec![FoldResult::Attr(ctx.int_attr(ty, v))])
        }
        (_, Some(b)) if ctx.attr_as_int(b) == Some(0) => {
            Some(smallvec![FoldResult::Value(ctx.operand(op, 0))])
        }
        _ => None,
    }
}

fn fold_mul(
    ctx: &mut Context,
    op: OpId,
    c: &[Option<Attribute>],
) -> Option<smallvec::SmallVec<[FoldResult; 1]>> {
    let ty = ctx.value_type(ctx.result(op, 0));
    match (c.first().copied().flatten(), c.get(1).copied().flatten()) {
        (Some(a), Some(b)) => {
            let v = ctx.attr_as_int(a)?.wrapping_mul(ctx.attr_as_int(b)?);
            Some(smallvec![FoldResult::Attr(ctx.int_attr(ty, v))])
        }
        (_, Some(b)) if ctx.attr_as_int(b) == Some(1) => {
            Some(smallvec![FoldResult::Value(ctx.operand(op, 0))])
        }
        _ => None,
    }
}

fn verify_checked(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if ctx.attr(op, "bad").is_some() {
        return Err(tail_ir::verifier::op_error(
            ctx,
            op,
            "custom verifier failed",
        ));
    }
    Ok(())
}

macro_rules! test_op {
    ($name:literal, $traits:expr) => {
        test_op!($name, $traits, &[], None, None);
    };
    ($name:literal, $traits:expr, $parents:expr, $verify:expr, $fold:expr) => {
        inventory::submit! {
            OpInfo {
                name: $name,
                dialect: "test",
                summary: "",
                traits: $traits,
                parents: $parents,
                default_dialect: "",
                verify: $verify,
                print: None,
                parse: None,
                fold: $fold,
                canonicalize: None,
                consumed_operands: None,
            }
        }
    };
}

test_op!(
    "test.constant",
    OpTraits::PURE.union(OpTraits::CONSTANT_LIKE),
    &[],
    None,
    Some(fold_constant)
);
test_op!(
    "test.add",
    OpTraits::PURE
        .union(OpTraits::COMMUTATIVE)
        .union(OpTraits::SAME_OPERANDS_AND_RESULT_TYPE),
    &[],
    None,
    Some(fold_add)
);
test_op!(
    "test.mul",
    OpTraits::PURE.union(OpTraits::COMMUTATIVE),
    &[],
    None,
    Some(fold_mul)
);
test_op!("test.add64", OpTraits::PURE);
test_op!("test.ext", OpTraits::PURE);
test_op!("test.pure", OpTraits::PURE);
test_op!(
    "test.ret",
    OpTraits::PURE
        .union(OpTraits::TERMINATOR)
        .union(OpTraits::RETURN_LIKE)
);
test_op!("test.br", OpTraits::PURE.union(OpTraits::TERMINATOR));
test_op!("test.cond_br", OpTraits::PURE.union(OpTraits::TERMINATOR));
test_op!(
    "test.func",
    OpTraits::ISOLATED_FROM_ABOVE
        .union(OpTraits::SYMBOL)
        .union(OpTraits::CALLABLE)
);
test_op!(
    "test.module",
    OpTraits::SYMBOL_TABLE
        .union(OpTraits::NO_TERMINATOR)
        .union(OpTraits::ISOLATED_FROM_ABOVE)
        .union(OpTraits::SINGLE_BLOCK)
);
test_op!("test.call", OpTraits::CALL);
test_op!("test.store", OpTraits::MEM_WRITE);
test_op!("test.load", OpTraits::MEM_READ);
test_op!("test.alloc", OpTraits::MEM_ALLOC);
test_op!("test.side_effect", OpTraits::empty());
test_op!(
    "test.exec",
    OpTraits::RECURSIVE_MEMORY_EFFECTS.union(OpTraits::SINGLE_BLOCK)
);
test_op!(
    "test.yield",
    OpTraits::PURE
        .union(OpTraits::TERMINATOR)
        .union(OpTraits::RETURN_LIKE),
    &["test.exec"],
    None,
    None
);
test_op!(
    "test.loop_yield",
    OpTraits::PURE.union(OpTraits::TERMINATOR),
    &["test.exec", "test.loop", "test.if"],
    None,
    None
);
test_op!(
    "test.graph",
    OpTraits::GRAPH_REGION.union(OpTraits::NO_TERMINATOR)
);
test_op!("test.same_operands", OpTraits::SAME_TYPE_OPERANDS);
test_op!(
    "test.checked",
    OpTraits::empty(),
    &[],
    Some(verify_checked),
    None
);
test_op!("test.region", OpTraits::empty());

// ----- helpers -------------------------------------------------------------------------------

/// Creates a detached op.
pub fn make(
    ctx: &mut Context,
    name: &str,
    operands: &[Value],
    results: &[Type],
    attrs: &[(&str, Attribute)],
    regions: Vec<RegionId>,
    succs: &[BlockId],
) -> OpId {
    let loc = ctx.unknown_loc();
    make_at(ctx, name, operands, results, attrs, regions, succs, loc)
}

/// Creates a detached op at `loc`.
#[allow(clippy::too_many_arguments)]
pub fn make_at(
    ctx: &mut Context,
    name: &str,
    operands: &[Value],
    results: &[Type],
    attrs: &[(&str, Attribute)],
    regions: Vec<RegionId>,
    succs: &[BlockId],
    loc: Location,
) -> OpId {
    let mut st = OperationState::new(ctx, name, loc);
    st.operands = operands.to_vec();
    st.result_types = results.to_vec();
    for (n, a) in attrs {
        st.add_attr(ctx, n, *a);
    }
    st.regions = regions;
    st.successors = succs.to_vec();
    ctx.create_op(st)
}

/// Appends a simple op (no regions/successors) to `block`.
pub fn push(
    ctx: &mut Context,
    block: BlockId,
    name: &str,
    operands: &[Value],
    results: &[Type],
) -> OpId {
    let op = make(ctx, name, operands, results, &[], Vec::new(), &[]);
    ctx.insert_op(op, InsertPoint::BlockEnd(block));
    op
}

/// Appends an op with attributes to `block`.
pub fn push_attrs(
    ctx: &mut Context,
    block: BlockId,
    name: &str,
    operands: &[Value],
    results: &[Type],
    attrs: &[(&str, Attribute)],
) -> OpId {
    let op = make(ctx, name, operands, results, attrs, Vec::new(), &[]);
    ctx.insert_op(op, InsertPoint::BlockEnd(block));
    op
}

/// Appends `test.constant {value = v : ty}` and returns its result.
pub fn constant(ctx: &mut Context, block: BlockId, v: i64, ty: Type) -> Value {
    let a = ctx.int_attr(ty, v);
    let op = push_attrs(ctx, block, "test.constant", &[], &[ty], &[("value", a)]);
    ctx.result(op, 0)
}

/// A detached `test.module` with one empty block.
pub fn module(ctx: &mut Context) -> (OpId, BlockId) {
    let r = ctx.create_region();
    let b = ctx.append_new_block(r, &[]);
    let m = make(ctx, "test.module", &[], &[], &[], vec![r], &[]);
    (m, b)
}

/// Appends `test.func @name` with an entry block of `args` to `block`; returns the op and its
/// entry block.
pub fn func(ctx: &mut Context, block: BlockId, name: &str, args: &[Type]) -> (OpId, BlockId) {
    let r = ctx.create_region();
    let entry = ctx.append_new_block(r, args);
    let n = ctx.string_attr(name);
    let f = make(ctx, "test.func", &[], &[], &[("sym_name", n)], vec![r], &[]);
    ctx.insert_op(f, InsertPoint::BlockEnd(block));
    (f, entry)
}

/// Appends an op owning one region with one block of `args`; returns the op and the block.
pub fn region_op(
    ctx: &mut Context,
    block: BlockId,
    name: &str,
    operands: &[Value],
    results: &[Type],
    args: &[Type],
) -> (OpId, BlockId) {
    let r = ctx.create_region();
    let inner = ctx.append_new_block(r, args);
    let op = make(ctx, name, operands, results, &[], vec![r], &[]);
    ctx.insert_op(op, InsertPoint::BlockEnd(block));
    (op, inner)
}

/// Appends a terminator with successors.
pub fn branch(
    ctx: &mut Context,
    block: BlockId,
    name: &str,
    operands: &[Value],
    succs: &[BlockId],
) -> OpId {
    let op = make(ctx, name, operands, &[], &[], Vec::new(), succs);
    ctx.insert_op(op, InsertPoint::BlockEnd(block));
    op
}

/// Generic-form text of `op`.
pub fn print(ctx: &Context, op: OpId) -> String {
    ctx.print_op_to_string(
        op,
        PrintOptions {
            generic: true,
            debug_info: false,
        },
    )
}

/// The names of the ops in `block`, in order.
pub fn names(ctx: &Context, block: BlockId) -> Vec<String> {
    ctx.block_ops(block)
        .map(|o| ctx.op_name_str(o).to_string())
        .collect()
}

/// A file location.
pub fn loc(ctx: &mut Context, line: u32) -> Location {
    ctx.file_loc("t.mlir", line, 1)
}
