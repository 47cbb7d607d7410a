//! Verifier checks that text cannot reach: types built programmatically.

use tail_dialect::types::{ArrayType, Shape, VecType};
use tail_ir::parser::parse_source;
use tail_ir::Context;

/// A `!tail.array`/`!tail.vec` with a negative constant rank or length, which the type parser
/// rejects, is still rejected by the verifier of any op using it.
#[test]
fn negative_extents_built_in_code_are_verifier_errors() {
    tail_builtin::link();
    tail_dialect::link();
    let mut ctx = Context::new();
    let text = "func.func @f(%x: i32) {\n\
                %a = builtin.unrealized_conversion_cast %x : i32 to !tail.array<i32, 1>\n\
                %v = builtin.unrealized_conversion_cast %x : i32 to !tail.vec<i32, 2>\n\
                %0 = tail.rav %a : (!tail.array<i32, 1>) -> !tail.array<i32, 1>\n\
                %1 = tail.vreverseV %v : !tail.vec<i32, 2>\n\
                return\n}\n";
    let m = parse_source(&mut ctx, "t.mlir", text).expect("parses");
    tail_ir::verifier::verify(&ctx, m).expect("valid as written");
    let func = ctx.block_op_vec(ctx.entry_block(ctx.region(m, 0)).unwrap())[0];
    let entry = ctx.entry_block(ctx.region(func, 0)).unwrap();
    let ops = ctx.block_op_vec(entry);
    let args = [ctx.result(ops[0], 0), ctx.result(ops[1], 0)];

    let i32t = ctx.int_type(32);
    let bad = ArrayType::get(&mut ctx, i32t, Shape::constant(-1));
    ctx.set_value_type(args[0], bad);
    let d = tail_ir::verifier::verify(&ctx, m).expect_err("negative rank");
    assert!(
        d.message.contains(
            "'tail.rav' op expects the input type '!tail.array<i32, -1>' to have a non-negative rank or length, but it has -1"
        ),
        "{}",
        d.message
    );
    let good = ArrayType::get(&mut ctx, i32t, Shape::constant(1));
    ctx.set_value_type(args[0], good);

    let bad = VecType::get(&mut ctx, i32t, Shape::constant(-2));
    ctx.set_value_type(args[1], bad);
    ctx.set_value_type(ctx.result(ops[3], 0), bad);
    let d = tail_ir::verifier::verify(&ctx, m).expect_err("negative length");
    assert!(
        d.message
            .contains("'tail.vreverseV' op expects the input type '!tail.vec<i32, -2>'"),
        "{}",
        d.message
    );
}
