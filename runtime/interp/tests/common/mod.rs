//! Helpers shared by the interpreter tests: build a module from MLIR text, verify it, run it.
//! Each test file uses some of them.
#![allow(dead_code)]

use tail_interp::{format_value, run_module};
use tail_ir::{Context, OpId};

/// Links every dialect the tests' modules use, then parses and verifies `src` (as `t.mlir`);
/// a parse or verify error panics with the rendered diagnostic.
pub fn parse_verified(ctx: &mut Context, src: &str) -> OpId {
    tail_builtin::link();
    tail_dialect::link();
    tail_soac::link();
    tail_hpar::link();
    tail_gpu::link();
    let m = tail_ir::parser::parse_source(ctx, "t.mlir", src)
        .unwrap_or_else(|d| panic!("parse error: {}", ctx.render_diagnostic(&d)));
    if let Err(d) = tail_ir::verifier::verify(ctx, m) {
        panic!("verify error: {}", ctx.render_diagnostic(&d));
    }
    m
}

/// Parses, verifies and runs `src`; returns the printed output followed by the final value,
/// or the error message (`'tail.iota' op negative argument -3`).
pub fn run_src(src: &str) -> Result<String, String> {
    run(src, false)
}

/// Runs `body` as the body of `func.func @main() -> ty` as [`run_located`] does.
pub fn run_body_located(ty: &str, body: &str) -> Result<String, String> {
    run_located(&format!("func.func @main() -> {ty} {{\n{body}\n}}\n"))
}

/// Runs `src` as [`run_src`] does, and checks that an error is located (its rendering starts
/// with `t.mlir:`).
pub fn run_located(src: &str) -> Result<String, String> {
    run(src, true)
}

/// [`run_src`], checking that an error is located when `located`.
fn run(src: &str, located: bool) -> Result<String, String> {
    let mut ctx = Context::new();
    let m = parse_verified(&mut ctx, src);
    let mut out = Vec::new();
    match run_module(&ctx, m, &mut out) {
        Ok(v) => Ok(String::from_utf8(out).unwrap() + &format_value(&v)),
        Err(d) => {
            if located {
                let r = ctx.render_diagnostic(&d);
                assert!(r.starts_with("t.mlir:"), "unlocated error: {r}");
            }
            Err(d.message.clone())
        }
    }
}

/// Runs `body` as the body of `func.func @main() -> ty`.
pub fn run_body(ty: &str, body: &str) -> Result<String, String> {
    run_src(&format!("func.func @main() -> {ty} {{\n{body}\n}}\n"))
}

/// `run_body`, expecting success.
pub fn ok(ty: &str, body: &str) -> String {
    run_body(ty, body).unwrap_or_else(|e| panic!("unexpected runtime error: {e}"))
}

/// `run_body`, expecting a runtime error.
pub fn fails(ty: &str, body: &str) -> String {
    match run_body(ty, body) {
        Ok(v) => panic!("expected a runtime error, got {v}"),
        Err(e) => e,
    }
}
