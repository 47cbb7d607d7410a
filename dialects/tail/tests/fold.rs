//! Folding and canonicalization of the tail dialect through the greedy driver, as
//! `tail-opt --canonicalize` runs them.

use tail_ir::greedy::{apply_patterns_greedily, collect_canonicalization_patterns, GreedyConfig};
use tail_ir::parser::parse_source;
use tail_ir::printer::PrintOptions;
use tail_ir::rewrite::FrozenRewritePatternSet;
use tail_ir::{Context, OpId};

fn context() -> Context {
    tail_builtin::link();
    tail_dialect::link();
    Context::new()
}

fn parse(ctx: &mut Context, text: &str) -> OpId {
    let m = parse_source(ctx, "test.mlir", text)
        .unwrap_or_else(|d| panic!("parse error:\n{}", ctx.render_diagnostic(&d)));
    if let Err(d) = tail_ir::verifier::verify(ctx, m) {
        panic!("verifier error:\n{}", ctx.render_diagnostic(&d));
    }
    m
}

/// Canonicalizes `text`, verifies the result and prints it.
fn canonicalize(text: &str) -> String {
    let mut ctx = context();
    let m = parse(&mut ctx, text);
    let set = collect_canonicalization_patterns(&ctx);
    let frozen = FrozenRewritePatternSet::new(set);
    apply_patterns_greedily(&mut ctx, m, &frozen, GreedyConfig::default())
        .unwrap_or_else(|d| panic!("{}", ctx.render_diagnostic(&d)));
    if let Err(d) = tail_ir::verifier::verify(&ctx, m) {
        panic!(
            "verifier error after canonicalize:\n{}\n{}",
            ctx.render_diagnostic(&d),
            ctx.print_op_to_string(m, PrintOptions::default())
        );
    }
    ctx.print_op_to_string(m, PrintOptions::default())
}

/// The number of `tail` ops in printed IR.
fn count_tail_ops(printed: &str) -> usize {
    printed
        .lines()
        .filter(|l| {
            let l = l.trim_start();
            l.starts_with("tail.") || l.contains("= tail.")
        })
        .count()
}

const FIG_3_6: &str = include_str!("../../../test/Dialect/Tail/fig3_6_canonicalize.mlir");
const FIG_3_7: &str = include_str!("../../../test/Dialect/Tail/Inputs/fig3_7.mlir");

#[test]
fn fig_3_6_becomes_fig_3_7() {
    let out = canonicalize(FIG_3_6);
    for gone in [
        "tail.catV",
        "tail.dropV",
        "tail.takeV",
        "tail.firstV",
        "tail.shapeV",
        "tail.shape ",
        "tail.iotaV",
        "tail.snocV",
        "tail.vrotateV",
        "tail.b2iV",
        "tail.subi",
    ] {
        assert!(!out.contains(gone), "{gone} left in:\n{out}");
    }
    for perm in [
        "tail.lit [2, 1, 3] : !tail.vec<i32, 3>",
        "tail.lit [1, 3, 2] : !tail.vec<i32, 3>",
        "tail.lit [3, 3, 2] : !tail.vec<i32, 3>",
        "tail.lit [3, 2, 3] : !tail.vec<i32, 3>",
    ] {
        assert!(out.contains(perm), "{perm} missing in:\n{out}");
    }
    let fig37 = canonicalize(FIG_3_7);
    assert_eq!(
        count_tail_ops(&out),
        count_tail_ops(&fig37),
        "{out}\n{fig37}"
    );
    assert!(count_tail_ops(&out) <= count_tail_ops(FIG_3_7));
}

#[test]
fn int_arithmetic_wraps_at_32_bits() {
    let out = canonicalize(
        "func.func @f() -> (i32, i32, i32) {
           %max = tail.const 2147483647 : i32
           %one = tail.const 1 : i32
           %k = tail.const 65536 : i32
           %0 = tail.addi %max, %one : i32
           %1 = tail.muli %k, %k : i32
           %2 = tail.negi %0 : i32
           return %0, %1, %2 : i32, i32, i32
         }",
    );
    assert!(out.contains("tail.const -2147483648 : i32"), "{out}");
    assert!(out.contains("tail.const 0 : i32"), "{out}");
    assert!(
        !out.contains("tail.addi") && !out.contains("tail.negi"),
        "{out}"
    );
}

#[test]
fn singleton_types_are_constants() {
    let out = canonicalize(
        "func.func @f(%v: !tail.vec<f64, 7>) -> i32 {
           %0 = tail.shapeV %v : (!tail.vec<f64, 7>) -> !tail.sv<i32, 7>
           %1 = tail.firstV %0 : (!tail.sv<i32, 7>) -> !tail.s<i32, 7>
           %2 = tail.s_to_scalar %1 : !tail.s<i32, 7> to i32
           return %2 : i32
         }",
    );
    assert!(out.contains("tail.const 7 : i32"), "{out}");
    assert_eq!(count_tail_ops(&out), 1, "{out}");
}

#[test]
fn helpers() {
    use tail_dialect::fold::permuted_shape;
    assert_eq!(permuted_shape(&[2, 1, 3], &[3, 3, 2]), Some(vec![3, 3, 2]));
    assert_eq!(permuted_shape(&[1, 3, 2], &[3, 2, 3]), Some(vec![3, 3, 2]));
    assert_eq!(permuted_shape(&[2, 3, 1], &[4, 5, 6]), Some(vec![6, 4, 5]));
    assert_eq!(permuted_shape(&[1, 1], &[4, 5]), None);
    assert_eq!(permuted_shape(&[1], &[4, 5]), None);
}
