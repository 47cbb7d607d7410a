//! MLIR text parser (in progress).
use crate::diagnostic::Diagnostic;
/// Result of a parse step.
pub type ParseResult<T> = Result<T, Diagnostic>;
/// The parser.
pub struct Parser<'a> {
    _p: std::marker::PhantomData<&'a ()>,
}
