//! `tail-apl`: the APL frontend. It reads the apltail subset of APL (see
//! `shared/spec/apltail_subset.md`) and elaborates it into the `tail` dialect.
//!
//! * [`lexer`]: UTF-8 APL tokens with positions.
//! * [`parser`]: APL's right-to-left grammar with syntactic classes resolved ([`ast`]).
#![deny(missing_docs)]

pub mod ast;
pub mod elab;
pub mod lexer;
pub mod parser;

pub use parser::parse_program;

/// A syntax error: where and what.
#[derive(Clone, Debug, PartialEq)]
pub struct SyntaxError {
    /// Where the offending token starts.
    pub pos: ast::Pos,
    /// What is wrong, naming the construct (`unsupported construct: ⍎ (execute)`).
    pub message: String,
}

/// Compiles the APL program `src` (named `file` in locations and diagnostics) into a verified
/// `builtin.module` holding `func.func @main() -> f64` in the `tail` dialect.
///
/// Syntax and elaboration errors are diagnostics located in `src`; render them with
/// `ctx.render_diagnostic`.
pub fn compile(
    ctx: &mut tail_ir::Context,
    file: &str,
    src: &str,
) -> Result<tail_ir::OpId, tail_ir::Diagnostic> {
    elab::compile(ctx, file, src)
}
