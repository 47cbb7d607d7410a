//! Helpers shared by the interpreter tests: build a module from MLIR text, verify it, run it.

use tail_interp::{format_value, run_module};
use tail_ir::Context;

/// Parses, verifies and runs `src`; returns the printed output followed by the final value,
/// or the error message (`'tail.iota' op negative argument -3`).
pub fn run_src(src: &str) -> Result<String, String> {
    tail_builtin::link();
    tail_dialect::link();
    let mut ctx = Context::new();
    let m = tail_ir::parser::parse_source(&mut ctx, "t.mlir", src)
        .unwrap_or_else(|d| panic!("parse error: {}", ctx.render_diagnostic(&d)));
    if let Err(d) = tail_ir::verifier::verify(&ctx, m) {
        panic!("verify error: {}", ctx.render_diagnostic(&d));
    }
    let mut out = Vec::new();
    match run_module(&ctx, m, &mut out) {
        Ok(v) => Ok(String::from_utf8(out).unwrap() + &format_value(&v)),
        Err(d) => Err(d.message.clone()),
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
