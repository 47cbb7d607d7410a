//! `tail-apl`: the APL frontend. It reads the apltail subset of APL (see
//! `shared/spec/apltail_subset.md`) and elaborates it into the `tail` dialect.
//!
//! * [`lexer`]: UTF-8 APL tokens with positions.
//! * [`parser`]: APL's right-to-left grammar with syntactic classes resolved ([`ast`]).
#![deny(missing_docs)]

pub mod ast;
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
