//! Greedy driver tests: folding chains, dead code, constant uniquing and hoisting, pattern
//! order, traversal orders, rewrite limits and non-convergence.

#[path = "rewrite_common/mod.rs"]
mod common;

use common::*;
use tail_ir::greedy::*;
use tail_ir::verifier::verify;
use tail_ir::*;

fn run(
    ctx: &mut Context,
    root: OpId,
    patterns: RewritePatternSet,
    config: GreedyConfig,
) -> Result<bool, Diagnostic> {
    let frozen = FrozenRewritePatternSet::new(patterns);
    apply_patterns_greedily(ctx, root, &frozen, config)
}

fn canonicalize(ctx: &mut Context, root: OpId) -> bool {
    let changed =
        run(ctx, root, RewritePatternSet::new(), GreedyConfig::default()).expect("converges");
    verify(ctx, root).expect("valid after rewriting");
    changed
}

#[test]
fn constant_folding_chain() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (_, e) = func(&mut ctx, mb, "f", &[i32t]);
    let x = ctx.block_arg(e, 0);
    let c1 = constant(&mut ctx, e, 1, i32t);
    let c2 = constant(&mut ctx, e, 2, i32t);
    let a = push(&mut ctx, e, "test.add", &[c1, c2], &[i32t]);
    let a = ctx.result(a, 0);
    let b = push(&mut ctx, e, "test.add", &[a, c2], &[i32t]);
    let b = ctx.result(b, 0);
    let c = push(&mut ctx, e, "test.mul", &[b, x], &[i32t]);
    let c = ctx.result(c, 0);
    push(&mut ctx, e, "test.ret", &[c], &[]);
    assert!(canonicalize(&mut ctx, m));
    let text = print(&ctx, m);
    let expected = r#""test.module"() ({
  "test.func"() ({
  ^bb0(%arg0: i32):
    %0 = "test.constant"() {value = 5 : i32} : () -> i32
    %1 = "test.mul"(%arg0, %0) : (i32, i32) -> i32
    "test.ret"(%1) : (i32) -> ()
  }) {sym_name = "f"} : () -> ()
}) : () -> ()
"#;
    assert_eq!(text, expected);
    // A second run changes nothing.
    assert!(!canonicalize(&mut ctx, m));
}

#[test]
fn identity_folds_to_existing_value() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (_, e) = func(&mut ctx, mb, "f", &[i32t]);
    let x = ctx.block_arg(e, 0);
    let zero = constant(&mut ctx, e, 0, i32t);
    let one = constant(&mut ctx, e, 1, i32t);
    // (0 + x) * 1 -> x: commutative operand ordering moves the constant right, then x + 0 = x.
    let a = push(&mut ctx, e, "test.add", &[zero, x], &[i32t]);
    let a = ctx.result(a, 0);
    let b = push(&mut ctx, e, "test.mul", &[one, a], &[i32t]);
    let b = ctx.result(b, 0);
    push(&mut ctx, e, "test.ret", &[b], &[]);
    canonicalize(&mut ctx, m);
    assert_eq!(names(&ctx, e), vec!["test.ret"]);
    let ret = ctx.first_op(e).unwrap();
    assert_eq!(ctx.operand(ret, 0), x);
}

#[test]
fn commutative_constants_move_right() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (_, e) = func(&mut ctx, mb, "f", &[i32t]);
    let x = ctx.block_arg(e, 0);
    let c = constant(&mut ctx, e, 7, i32t);
    let a = push(&mut ctx, e, "test.add", &[c, x], &[i32t]);
    let r = ctx.result(a, 0);
    push(&mut ctx, e, "test.ret", &[r], &[]);
    canonicalize(&mut ctx, m);
    assert_eq!(ctx.operand_vec(a), vec![x, c]);
}

#[test]
fn dead_code_removal() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (_, e) = func(&mut ctx, mb, "f", &[i32t]);
    let x = ctx.block_arg(e, 0);
    // A dead chain of pure ops.
    let a = push(&mut ctx, e, "test.add", &[x, x], &[i32t]);
    let a = ctx.result(a, 0);
    let b = push(&mut ctx, e, "test.mul", &[a, a], &[i32t]);
    let b = ctx.result(b, 0);
    push(&mut ctx, e, "test.pure", &[b], &[i32t]);
    // Reads and allocations are removable when unused; writes and unknown effects are not.
    push(&mut ctx, e, "test.load", &[x], &[i32t]);
    push(&mut ctx, e, "test.alloc", &[], &[i32t]);
    push(&mut ctx, e, "test.store", &[x], &[]);
    push(&mut ctx, e, "test.side_effect", &[], &[i32t]);
    // A region op with recursive effects: removable when its body is pure...
    let (_, pure_body) = region_op(&mut ctx, e, "test.exec", &[], &[i32t], &[]);
    let p = push(&mut ctx, pure_body, "test.add", &[x, x], &[i32t]);
    let p = ctx.result(p, 0);
    push(&mut ctx, pure_body, "test.yield", &[p], &[]);
    // ...but not when it writes.
    let (_, impure_body) = region_op(&mut ctx, e, "test.exec", &[], &[i32t], &[]);
    push(&mut ctx, impure_body, "test.store", &[x], &[]);
    push(&mut ctx, impure_body, "test.yield", &[x], &[]);
    push(&mut ctx, e, "test.ret", &[], &[]);
    assert!(canonicalize(&mut ctx, m));
    assert_eq!(
        names(&ctx, e),
        vec!["test.store", "test.side_effect", "test.exec", "test.ret"]
    );
    assert!(
        !would_op_be_trivially_dead(&ctx, ctx.last_op(e).unwrap()),
        "terminators are never dead"
    );
}

#[test]
fn symbols_are_never_trivially_dead() {
    let mut ctx = Context::new();
    let (m, mb) = module(&mut ctx);
    let (f, e) = func(&mut ctx, mb, "f", &[]);
    push(&mut ctx, e, "test.ret", &[], &[]);
    canonicalize(&mut ctx, m);
    assert!(ctx.op_exists(f));
}

#[test]
fn constants_are_uniqued_and_hoisted() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (_, e) = func(&mut ctx, mb, "f", &[i32t]);
    let x = ctx.block_arg(e, 0);
    let a = push(&mut ctx, e, "test.store", &[x], &[]);
    let _ = a;
    let c1 = constant(&mut ctx, e, 42, i32t);
    let s1 = push(&mut ctx, e, "test.store", &[c1], &[]);
    let _ = s1;
    // The same constant inside a nested (non-isolated) region is uniqued with the outer one
    // and hoisted to the function's entry block.
    let (_, inner) = region_op(&mut ctx, e, "test.exec", &[], &[], &[]);
    let c2 = constant(&mut ctx, inner, 42, i32t);
    push(&mut ctx, inner, "test.store", &[c2], &[]);
    push(&mut ctx, inner, "test.yield", &[], &[]);
    let c3 = constant(&mut ctx, e, 42, i32t);
    push(&mut ctx, e, "test.store", &[c3], &[]);
    push(&mut ctx, e, "test.ret", &[], &[]);
    // Another function keeps its own copy (functions are isolated from above).
    let (_, e2) = func(&mut ctx, mb, "g", &[]);
    let d = constant(&mut ctx, e2, 42, i32t);
    push(&mut ctx, e2, "test.store", &[d], &[]);
    push(&mut ctx, e2, "test.ret", &[], &[]);
    assert!(canonicalize(&mut ctx, m));
    let text = print(&ctx, m);
    let expected = r#""test.module"() ({
  "test.func"() ({
  ^bb0(%arg0: i32):
    %0 = "test.constant"() {value = 42 : i32} : () -> i32
    "test.store"(%arg0) : (i32) -> ()
    "test.store"(%0) : (i32) -> ()
    "test.exec"() ({
      "test.store"(%0) : (i32) -> ()
      "test.yield"() : () -> ()
    }) : () -> ()
    "test.store"(%0) : (i32) -> ()
    "test.ret"() : () -> ()
  }) {sym_name = "f"} : () -> ()
  "test.func"() ({
    %0 = "test.constant"() {value = 42 : i32} : () -> i32
    "test.store"(%0) : (i32) -> ()
    "test.ret"() : () -> ()
  }) {sym_name = "g"} : () -> ()
}) : () -> ()
"#;
    assert_eq!(text, expected);
}

#[test]
fn folded_constants_go_to_the_entry_block_front() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (f, e) = func(&mut ctx, mb, "f", &[]);
    let r = ctx.region(f, 0);
    let bb1 = ctx.append_new_block(r, &[]);
    branch(&mut ctx, e, "test.br", &[], &[bb1]);
    let c1 = constant(&mut ctx, bb1, 20, i32t);
    let c2 = constant(&mut ctx, bb1, 22, i32t);
    let s = push(&mut ctx, bb1, "test.add", &[c1, c2], &[i32t]);
    let s = ctx.result(s, 0);
    push(&mut ctx, bb1, "test.store", &[s], &[]);
    push(&mut ctx, bb1, "test.ret", &[], &[]);
    canonicalize(&mut ctx, m);
    assert_eq!(names(&ctx, e), vec!["test.constant", "test.br"]);
    assert_eq!(names(&ctx, bb1), vec!["test.store", "test.ret"]);
    let k = ctx.first_op(e).unwrap();
    assert_eq!(
        ctx.attr_to_string(ctx.attr(k, "value").unwrap()),
        "42 : i32"
    );
}

#[test]
fn cse_constants_off_leaves_constants_in_place() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (_, e) = func(&mut ctx, mb, "f", &[i32t]);
    let x = ctx.block_arg(e, 0);
    push(&mut ctx, e, "test.store", &[x], &[]);
    let c1 = constant(&mut ctx, e, 1, i32t);
    push(&mut ctx, e, "test.store", &[c1], &[]);
    let c2 = constant(&mut ctx, e, 1, i32t);
    let c3 = constant(&mut ctx, e, 2, i32t);
    let a = push(&mut ctx, e, "test.add", &[c2, c3], &[i32t]);
    let a = ctx.result(a, 0);
    push(&mut ctx, e, "test.store", &[a], &[]);
    push(&mut ctx, e, "test.ret", &[], &[]);
    let config = GreedyConfig {
        cse_constants: false,
        ..GreedyConfig::default()
    };
    run(&mut ctx, m, RewritePatternSet::new(), config).unwrap();
    assert_eq!(
        names(&ctx, e),
        vec![
            "test.store",
            "test.constant",
            "test.store",
            "test.constant",
            "test.store",
            "test.ret"
        ]
    );
}

// ----- patterns --------------------------------------------------------------------------------

/// `test.mul x, x` -> `test.add x, x` marked `{from_mul}`.
struct MulSelfToAdd;
impl RewritePattern for MulSelfToAdd {
    fn root(&self) -> Option<&'static str> {
        Some("test.mul")
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
        let (a, b) = (rw.operand(op, 0), rw.operand(op, 1));
        if a != b {
            return false;
        }
        let ty = rw.value_type(rw.result(op, 0));
        let mut st = rw.state("test.add");
        st.operands = vec![a, a];
        st.result_types = vec![ty];
        let u = rw.unit_attr();
        st.add_attr(rw.ctx, "from_mul", u);
        rw.replace_op_with_new(op, st);
        true
    }
}

/// Same root, lower benefit: tags the op instead.
struct TagMul;
impl RewritePattern for TagMul {
    fn root(&self) -> Option<&'static str> {
        Some("test.mul")
    }
    fn benefit(&self) -> u16 {
        0
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
        if rw.attr(op, "tagged").is_some() {
            return false;
        }
        let u = rw.unit_attr();
        rw.modify_op_in_place(op, |ctx| ctx.set_attr(op, "tagged", u));
        true
    }
}

#[test]
fn patterns_apply_by_benefit_and_new_ops_are_revisited() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (_, e) = func(&mut ctx, mb, "f", &[i32t]);
    let x = ctx.block_arg(e, 0);
    let sq = push(&mut ctx, e, "test.mul", &[x, x], &[i32t]);
    let sq = ctx.result(sq, 0);
    let other = push(&mut ctx, e, "test.mul", &[sq, x], &[i32t]);
    let other_r = ctx.result(other, 0);
    push(&mut ctx, e, "test.ret", &[other_r], &[]);
    let mut set = RewritePatternSet::new();
    set.add(TagMul); // lower benefit, added first
    set.add(MulSelfToAdd);
    assert!(run(&mut ctx, m, set, GreedyConfig::default()).unwrap());
    let ops: Vec<OpId> = ctx.block_op_vec(e);
    assert_eq!(names(&ctx, e), vec!["test.add", "test.mul", "test.ret"]);
    assert!(ctx.attr(ops[0], "from_mul").is_some());
    assert!(
        ctx.attr(ops[1], "tagged").is_some(),
        "the low-benefit pattern applies where the other fails"
    );
    assert_eq!(ctx.operand(ops[1], 0), ctx.result(ops[0], 0));
}

#[test]
fn any_op_patterns_and_frozen_lookup() {
    struct Any;
    impl RewritePattern for Any {
        fn root(&self) -> Option<&'static str> {
            None
        }
        fn benefit(&self) -> u16 {
            5
        }
        fn match_and_rewrite(&self, _: OpId, _: &mut PatternRewriter<'_>) -> bool {
            false
        }
    }
    let mut set = RewritePatternSet::new();
    set.add(TagMul);
    set.add(Any);
    set.add(MulSelfToAdd);
    let frozen = FrozenRewritePatternSet::new(set);
    let for_mul: Vec<u16> = frozen
        .patterns_for("test.mul")
        .map(|p| p.benefit())
        .collect();
    assert_eq!(for_mul, vec![5, 1, 0]);
    let for_add: Vec<u16> = frozen
        .patterns_for("test.add")
        .map(|p| p.benefit())
        .collect();
    assert_eq!(for_add, vec![5]);
}

/// Flips `state` between 0 and 1 forever.
struct Flip(i64);
impl RewritePattern for Flip {
    fn root(&self) -> Option<&'static str> {
        Some("test.side_effect")
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
        let Some(s) = rw.attr(op, "state").and_then(|a| rw.attr_as_int(a)) else {
            return false;
        };
        if s != self.0 {
            return false;
        }
        let ty = rw.int_type(64);
        let a = rw.int_attr(ty, 1 - s);
        rw.modify_op_in_place(op, |ctx| ctx.set_attr(op, "state", a));
        true
    }
}

fn ping_pong_ir(ctx: &mut Context) -> (OpId, OpId) {
    let i64t = ctx.int_type(64);
    let (m, mb) = module(ctx);
    let (_, e) = func(ctx, mb, "f", &[]);
    let zero = ctx.int_attr(i64t, 0);
    let op = push_attrs(ctx, e, "test.side_effect", &[], &[], &[("state", zero)]);
    push(ctx, e, "test.ret", &[], &[]);
    (m, op)
}

#[test]
fn ping_pong_patterns_do_not_converge() {
    let mut ctx = Context::new();
    let (m, _) = ping_pong_ir(&mut ctx);
    let l = loc(&mut ctx, 1);
    ctx.set_op_loc(m, l);
    let mut set = RewritePatternSet::new();
    set.add(Flip(0));
    set.add(Flip(1));
    let e = run(&mut ctx, m, set, GreedyConfig::default()).unwrap_err();
    assert_eq!(
        e.message,
        "greedy pattern rewrite did not converge after 10 iterations"
    );
    assert_eq!(e.loc, l);
}

#[test]
fn max_rewrites_bounds_the_work() {
    let mut ctx = Context::new();
    let (m, op) = ping_pong_ir(&mut ctx);
    let mut set = RewritePatternSet::new();
    set.add(Flip(0));
    set.add(Flip(1));
    let config = GreedyConfig {
        max_rewrites: Some(3),
        ..GreedyConfig::default()
    };
    assert_eq!(run(&mut ctx, m, set, config), Ok(true));
    // Three flips: 0 -> 1 -> 0 -> 1.
    assert_eq!(
        ctx.attr(op, "state").and_then(|a| ctx.attr_as_int(a)),
        Some(1)
    );
}

#[test]
fn convergence_needs_a_quiet_iteration() {
    // Like MLIR, reaching the fixpoint is only known after an iteration that changes nothing:
    // with `max_iterations = 1` any change is reported as non-convergence.
    let build = |ctx: &mut Context| {
        let i32t = ctx.int_type(32);
        let (m, mb) = module(ctx);
        let (_, e) = func(ctx, mb, "f", &[]);
        let c = constant(ctx, e, 1, i32t);
        let a = push(ctx, e, "test.add", &[c, c], &[i32t]);
        let a = ctx.result(a, 0);
        push(ctx, e, "test.store", &[a], &[]);
        push(ctx, e, "test.ret", &[], &[]);
        m
    };
    let mut ctx = Context::new();
    let m = build(&mut ctx);
    let one = GreedyConfig {
        max_iterations: 1,
        ..GreedyConfig::default()
    };
    let e = run(&mut ctx, m, RewritePatternSet::new(), one).unwrap_err();
    assert_eq!(
        e.message,
        "greedy pattern rewrite did not converge after 1 iterations"
    );
    let mut ctx = Context::new();
    let m = build(&mut ctx);
    let two = GreedyConfig {
        max_iterations: 2,
        ..GreedyConfig::default()
    };
    assert_eq!(run(&mut ctx, m, RewritePatternSet::new(), two), Ok(true));
    // Nothing to do converges in one iteration.
    assert_eq!(run(&mut ctx, m, RewritePatternSet::new(), one), Ok(false));
}

#[test]
fn bottom_up_traversal_reaches_the_same_fixpoint() {
    for top_down in [true, false] {
        let mut ctx = Context::new();
        let i32t = ctx.int_type(32);
        let (m, mb) = module(&mut ctx);
        let (_, e) = func(&mut ctx, mb, "f", &[]);
        let mut v = constant(&mut ctx, e, 1, i32t);
        for _ in 0..5 {
            let a = push(&mut ctx, e, "test.add", &[v, v], &[i32t]);
            v = ctx.result(a, 0);
        }
        push(&mut ctx, e, "test.store", &[v], &[]);
        push(&mut ctx, e, "test.ret", &[], &[]);
        let config = GreedyConfig {
            top_down,
            ..GreedyConfig::default()
        };
        assert_eq!(run(&mut ctx, m, RewritePatternSet::new(), config), Ok(true));
        assert_eq!(
            names(&ctx, e),
            vec!["test.constant", "test.store", "test.ret"]
        );
        let k = ctx.first_op(e).unwrap();
        assert_eq!(
            ctx.attr_to_string(ctx.attr(k, "value").unwrap()),
            "32 : i32"
        );
    }
}

#[test]
fn fold_disabled_keeps_ops() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (_, e) = func(&mut ctx, mb, "f", &[]);
    let c = constant(&mut ctx, e, 1, i32t);
    let a = push(&mut ctx, e, "test.add", &[c, c], &[i32t]);
    let a = ctx.result(a, 0);
    push(&mut ctx, e, "test.store", &[a], &[]);
    push(&mut ctx, e, "test.ret", &[], &[]);
    let config = GreedyConfig {
        fold: false,
        ..GreedyConfig::default()
    };
    assert_eq!(
        run(&mut ctx, m, RewritePatternSet::new(), config),
        Ok(false)
    );
    assert_eq!(
        names(&ctx, e),
        vec!["test.constant", "test.add", "test.store", "test.ret"]
    );
}

#[test]
fn fold_helpers() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (_, mb) = module(&mut ctx);
    let (_, e) = func(&mut ctx, mb, "f", &[i32t]);
    let x = ctx.block_arg(e, 0);
    let c = constant(&mut ctx, e, 4, i32t);
    let a = push(&mut ctx, e, "test.add", &[c, c], &[i32t]);
    let b = push(&mut ctx, e, "test.add", &[x, c], &[i32t]);
    assert_eq!(constant_value(&mut ctx, c), Some(ctx.int_attr(i32t, 4)));
    assert_eq!(constant_value(&mut ctx, x), None);
    let eight = ctx.int_attr(i32t, 8);
    assert_eq!(
        fold_op(&mut ctx, a).map(|r| r.to_vec()),
        Some(vec![FoldResult::Attr(eight)])
    );
    assert_eq!(fold_op(&mut ctx, b), None);
    // An OperationFolder reuses one constant for equal folds.
    let mut folder = OperationFolder::new();
    let a2 = push(&mut ctx, e, "test.add", &[c, c], &[i32t]);
    let (ra, ra2) = (ctx.result(a, 0), ctx.result(a2, 0));
    let s1 = push(&mut ctx, e, "test.store", &[ra], &[]);
    let s2 = push(&mut ctx, e, "test.store", &[ra2], &[]);
    assert_eq!(folder.try_to_fold(&mut ctx, a), FoldOutcome::Replaced);
    assert_eq!(folder.try_to_fold(&mut ctx, a2), FoldOutcome::Replaced);
    assert_eq!(ctx.operand(s1, 0), ctx.operand(s2, 0));
    assert_eq!(ctx.first_op(e), ctx.defining_op(ctx.operand(s1, 0)));
}

#[test]
fn single_op_driver() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (_, mb) = module(&mut ctx);
    let (_, e) = func(&mut ctx, mb, "f", &[i32t]);
    let x = ctx.block_arg(e, 0);
    let sq = push(&mut ctx, e, "test.mul", &[x, x], &[i32t]);
    let r = ctx.result(sq, 0);
    push(&mut ctx, e, "test.store", &[r], &[]);
    push(&mut ctx, e, "test.ret", &[], &[]);
    let mut set = RewritePatternSet::new();
    set.add(MulSelfToAdd);
    let frozen = FrozenRewritePatternSet::new(set);
    let out = apply_op_patterns_and_fold(&mut ctx, sq, &frozen, GreedyConfig::default()).unwrap();
    assert_eq!(
        out,
        OpRewriteOutcome {
            changed: true,
            erased: true
        }
    );
    assert_eq!(names(&ctx, e), vec!["test.add", "test.store", "test.ret"]);
}

#[test]
fn canonicalization_hooks_are_collected() {
    let ctx = Context::new();
    // The test dialect registers no canonicalization patterns.
    assert!(collect_canonicalization_patterns(&ctx).is_empty());
}

// ----- rewriter helpers -----------------------------------------------------------------------

/// Inlines the single block of a `test.exec` into its parent, like MLIR's
/// `scf.execute_region` canonicalization.
struct InlineExec;
impl RewritePattern for InlineExec {
    fn root(&self) -> Option<&'static str> {
        Some("test.exec")
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
        let r = rw.region(op, 0);
        if rw.region_blocks(r).len() != 1 {
            return false;
        }
        let body = rw.region_blocks(r)[0];
        let Some(y) = rw.last_op(body) else {
            return false;
        };
        let vals = rw.operand_vec(y);
        rw.erase_op(y);
        rw.inline_block_before(body, op, &[]);
        rw.replace_op(op, &vals);
        true
    }
}

#[test]
fn inline_block_pattern() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (_, e) = func(&mut ctx, mb, "f", &[i32t]);
    let x = ctx.block_arg(e, 0);
    let (exec, body) = region_op(&mut ctx, e, "test.exec", &[], &[i32t], &[]);
    push(&mut ctx, body, "test.store", &[x], &[]);
    let c = constant(&mut ctx, body, 2, i32t);
    let s = push(&mut ctx, body, "test.add", &[c, c], &[i32t]);
    let s = ctx.result(s, 0);
    push(&mut ctx, body, "test.yield", &[s], &[]);
    let r = ctx.result(exec, 0);
    push(&mut ctx, e, "test.store", &[r], &[]);
    push(&mut ctx, e, "test.ret", &[], &[]);
    let mut set = RewritePatternSet::new();
    set.add(InlineExec);
    assert_eq!(run(&mut ctx, m, set, GreedyConfig::default()), Ok(true));
    verify(&ctx, m).unwrap();
    assert_eq!(
        names(&ctx, e),
        vec!["test.constant", "test.store", "test.store", "test.ret"]
    );
    let k = ctx.first_op(e).unwrap();
    assert_eq!(ctx.attr_to_string(ctx.attr(k, "value").unwrap()), "4 : i32");
}

#[test]
fn split_merge_and_inline_region() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (_, mb) = module(&mut ctx);
    let (f, e) = func(&mut ctx, mb, "f", &[i32t]);
    let x = ctx.block_arg(e, 0);
    let a = push(&mut ctx, e, "test.store", &[x], &[]);
    let b = push(&mut ctx, e, "test.load", &[x], &[i32t]);
    let ret = push(&mut ctx, e, "test.ret", &[], &[]);
    let r = ctx.region(f, 0);
    {
        let mut rw = PatternRewriter::new(&mut ctx, a);
        let tail = rw.split_block(e, b);
        assert_eq!(rw.region_blocks(r), &[e, tail]);
        assert_eq!(rw.block_op_vec(e), vec![a]);
        assert_eq!(rw.block_op_vec(tail), vec![b, ret]);
        rw.merge_blocks(tail, e, &[]);
        assert_eq!(rw.region_blocks(r), &[e]);
        assert_eq!(rw.block_op_vec(e), vec![a, b, ret]);
    }
    // Move the blocks of a detached region (with a block argument) before the entry block.
    let src = ctx.create_region();
    let nb = ctx.append_new_block(src, &[i32t]);
    let arg = ctx.block_arg(nb, 0);
    push(&mut ctx, nb, "test.store", &[arg], &[]);
    {
        let mut rw = PatternRewriter::new(&mut ctx, a);
        rw.inline_region_before(src, r, Some(e));
        assert_eq!(rw.region_blocks(r), &[nb, e]);
        assert!(rw.region_is_empty(src));
        // Merge the moved block into the entry, feeding its argument with `x`.
        rw.inline_block_before(nb, a, &[x]);
    }
    assert_eq!(ctx.region_blocks(r), &[e]);
    let first = ctx.first_op(e).unwrap();
    assert_eq!(ctx.op_name_str(first), "test.store");
    assert_eq!(ctx.operand(first, 0), x);
}

#[test]
fn unreachable_blocks_are_erased() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let (m, mb) = module(&mut ctx);
    let (f, e) = func(&mut ctx, mb, "f", &[i32t]);
    let r = ctx.region(f, 0);
    let live = ctx.append_new_block(r, &[]);
    let dead1 = ctx.append_new_block(r, &[i32t]);
    let dead2 = ctx.append_new_block(r, &[]);
    branch(&mut ctx, e, "test.br", &[], &[live]);
    push(&mut ctx, live, "test.ret", &[], &[]);
    // Two dead blocks branching to each other and using each other's values.
    let a = ctx.block_arg(dead1, 0);
    let s = push(&mut ctx, dead1, "test.store", &[a], &[]);
    let _ = s;
    let v = push(&mut ctx, dead1, "test.side_effect", &[], &[i32t]);
    let v = ctx.result(v, 0);
    branch(&mut ctx, dead1, "test.br", &[], &[dead2]);
    push(&mut ctx, dead2, "test.store", &[v], &[]);
    branch(&mut ctx, dead2, "test.br", &[v], &[dead1]);
    assert_eq!(
        run(
            &mut ctx,
            m,
            RewritePatternSet::new(),
            GreedyConfig::default()
        ),
        Ok(true)
    );
    assert_eq!(ctx.region_blocks(r), &[e, live]);
    verify(&ctx, m).unwrap();

    // Disabled: the blocks stay.
    let mut ctx = Context::new();
    let (m, mb) = module(&mut ctx);
    let (f, e) = func(&mut ctx, mb, "f", &[]);
    let r = ctx.region(f, 0);
    let dead = ctx.append_new_block(r, &[]);
    push(&mut ctx, e, "test.ret", &[], &[]);
    push(&mut ctx, dead, "test.ret", &[], &[]);
    let config = GreedyConfig {
        region_simplification: false,
        ..GreedyConfig::default()
    };
    assert_eq!(
        run(&mut ctx, m, RewritePatternSet::new(), config),
        Ok(false)
    );
    assert_eq!(ctx.region_blocks(r).len(), 2);
}
