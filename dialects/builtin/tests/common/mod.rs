//! Helpers shared by the integration tests: parse + verify, canonicalize, print.

#![allow(dead_code)]

use tail_ir::greedy::{apply_patterns_greedily, collect_canonicalization_patterns, GreedyConfig};
use tail_ir::parser::parse_source;
use tail_ir::printer::PrintOptions;
use tail_ir::rewrite::FrozenRewritePatternSet;
use tail_ir::{Context, OpId};

/// A context with this crate's dialects registered.
pub fn context() -> Context {
    tail_builtin::link();
    Context::new()
}

/// Parses and verifies `text`, panicking with the rendered diagnostic on failure.
pub fn parse(ctx: &mut Context, text: &str) -> OpId {
    let m = parse_source(ctx, "test.mlir", text)
        .unwrap_or_else(|d| panic!("parse error:\n{}", ctx.render_diagnostic(&d)));
    if let Err(d) = tail_ir::verifier::verify(ctx, m) {
        panic!("verifier error:\n{}", ctx.render_diagnostic(&d));
    }
    m
}

/// The verifier's first error message for `text` (which must parse).
pub fn verify_error(text: &str) -> String {
    let mut ctx = context();
    let m = parse_source(&mut ctx, "test.mlir", text)
        .unwrap_or_else(|d| panic!("parse error:\n{}", ctx.render_diagnostic(&d)));
    match tail_ir::verifier::verify(&ctx, m) {
        Ok(()) => panic!("expected a verifier error"),
        Err(d) => d.message,
    }
}

/// Prints in the custom form.
pub fn print(ctx: &Context, op: OpId) -> String {
    ctx.print_op_to_string(op, PrintOptions::default())
}

/// Prints in the generic form.
pub fn print_generic(ctx: &Context, op: OpId) -> String {
    ctx.print_op_to_string(
        op,
        PrintOptions {
            generic: true,
            ..Default::default()
        },
    )
}

/// Runs every registered canonicalization pattern and folder to a fixpoint.
pub fn canonicalize_module(ctx: &mut Context, m: OpId) {
    let patterns = FrozenRewritePatternSet::from(collect_canonicalization_patterns(ctx));
    apply_patterns_greedily(ctx, m, &patterns, GreedyConfig::default())
        .unwrap_or_else(|d| panic!("canonicalize failed:\n{}", ctx.render_diagnostic(&d)));
    if let Err(d) = tail_ir::verifier::verify(ctx, m) {
        panic!(
            "invalid IR after canonicalization:\n{}\n{}",
            ctx.render_diagnostic(&d),
            print_generic(ctx, m)
        );
    }
}

/// Parses, canonicalizes and prints `text`.
pub fn canonicalize(text: &str) -> String {
    let mut ctx = context();
    let m = parse(&mut ctx, text);
    canonicalize_module(&mut ctx, m);
    print(&ctx, m)
}

/// The body of the function `@name` in printed IR: the lines between its header and the
/// closing brace, trimmed.
pub fn body_of(printed: &str, name: &str) -> Vec<String> {
    let header = format!("@{name}(");
    let mut lines = printed.lines().skip_while(|l| !l.contains(&header));
    lines
        .next()
        .unwrap_or_else(|| panic!("no function @{name} in:\n{printed}"));
    let mut depth = 0usize;
    let mut out = Vec::new();
    for l in lines {
        let t = l.trim();
        if t.starts_with('}') {
            if depth == 0 {
                break;
            }
            depth -= 1;
        }
        if t.ends_with('{') {
            depth += 1;
        }
        out.push(t.to_string());
    }
    out
}

/// What each value returned by a function body (from [`body_of`]) is: the text of the
/// `arith.constant` defining it (`-128 : i8`, `true`), or the value name (`%arg0`) otherwise.
pub fn returned(body: &[String]) -> Vec<String> {
    let ret = body
        .iter()
        .find(|l| l.starts_with("return"))
        .expect("return");
    let operands = ret
        .trim_start_matches("return")
        .split(':')
        .next()
        .unwrap_or("");
    operands
        .split(',')
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
        .map(|v| {
            let def = format!("{v} = arith.constant ");
            body.iter()
                .find_map(|l| l.strip_prefix(&def).map(str::to_string))
                .unwrap_or(v)
        })
        .collect()
}
