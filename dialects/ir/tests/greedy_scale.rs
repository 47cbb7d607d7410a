//! Scale checks: the verifier and the greedy driver stay linear-ish on large blocks.

#[path = "rewrite_common/mod.rs"]
mod common;

use common::*;
use tail_ir::*;

fn big(ctx: &mut Context, n: usize) -> (OpId, BlockId) {
    let i32t = ctx.int_type(32);
    let (m, mb) = module(ctx);
    let (_, e) = func(ctx, mb, "f", &[i32t]);
    let x = ctx.block_arg(e, 0);
    let first = push(ctx, e, "test.mul", &[x, x], &[i32t]);
    let first = ctx.result(first, 0);
    let mut v = first;
    for i in 0..n {
        let c = constant(ctx, e, (i % 7) as i64, i32t);
        let a = push(ctx, e, "test.add", &[v, c], &[i32t]);
        let a = ctx.result(a, 0);
        // Every op also uses the first value, defined far above.
        let m2 = push(ctx, e, "test.mul", &[a, first], &[i32t]);
        v = ctx.result(m2, 0);
    }
    push(ctx, e, "test.store", &[v], &[]);
    push(ctx, e, "test.ret", &[], &[]);
    (m, e)
}

#[test]
fn large_block_verifies_and_canonicalizes_quickly() {
    let mut ctx = Context::new();
    let n = 20_000;
    let (m, e) = big(&mut ctx, n);
    let t = std::time::Instant::now();
    verify(&ctx, m).unwrap();
    let verify_time = t.elapsed();
    let t = std::time::Instant::now();
    let frozen = FrozenRewritePatternSet::new(RewritePatternSet::new());
    apply_patterns_greedily(&mut ctx, m, &frozen, GreedyConfig::default()).unwrap();
    let greedy_time = t.elapsed();
    verify(&ctx, m).unwrap();
    // x + 0 folds away; the 7 distinct constants (0 excluded: 6) are uniqued at the top.
    let consts = ctx
        .block_ops(e)
        .filter(|&o| ctx.op_is(o, "test.constant"))
        .count();
    assert_eq!(consts, 6);
    eprintln!("verify: {verify_time:?}, greedy: {greedy_time:?}");
    assert!(verify_time.as_secs() < 10 && greedy_time.as_secs() < 30);
}

#[test]
fn op_order_in_long_blocks_follows_moves() {
    let mut ctx = Context::new();
    let (_, e) = big(&mut ctx, 300);
    let ops = ctx.block_op_vec(e);
    let (a, b, c) = (ops[10], ops[500], ops[800]);
    assert!(ctx.is_before_in_block(a, b) && ctx.is_before_in_block(b, c));
    assert!(!ctx.is_before_in_block(c, a) && !ctx.is_before_in_block(b, a));
    // Far apart (past the short walk) and after a change: the positions are renumbered.
    ctx.move_op(c, InsertPoint::Before(a));
    assert!(ctx.is_before_in_block(c, b) && !ctx.is_before_in_block(b, c));
    assert!(ctx.is_before_in_block(c, a));
    let last = *ctx.block_op_vec(e).last().expect("ops");
    ctx.move_op(a, InsertPoint::Before(last));
    assert!(ctx.is_before_in_block(b, a) && !ctx.is_before_in_block(a, b));
    // Every pair agrees with the block's order.
    let ops = ctx.block_op_vec(e);
    for (i, &x) in ops.iter().enumerate().step_by(37) {
        for (j, &y) in ops.iter().enumerate().step_by(41) {
            assert_eq!(ctx.is_before_in_block(x, y), i < j, "{i} vs {j}");
        }
    }
}
