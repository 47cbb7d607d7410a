//! `tail-apl`: the APL frontend. It reads the apltail subset of APL (see
//! `shared/spec/apltail_subset.md`; thesis ch. 3) and elaborates it into the `tail` dialect, as
//! apltail compiles APL to TAIL.
//!
//! * [`lexer`]: UTF-8 APL tokens with positions: every glyph of the subset (`−` and `-`, `⋆`
//!   and `*`), `¯` negatives, doubles, complex `3J4`, strings, `⍝` comments, `⍝:` type
//!   annotations, `⋄`.
//! * [`parser`]: APL's right-to-left grammar with syntactic classes resolved ([`ast`]): dfns
//!   with `⍺ ⍵ ⍺⍺ ⍵⍵` (multi-line, nested), assignment, trains, operators, bracket indexing with
//!   elided axes, indexed assignment, strands and tuples, `⎕←`, system names.
//! * [`elab`]: elaboration by partial evaluation (every function and operator application is
//!   inlined) into a verified `builtin.module` holding `func.func @main() -> f64`.
//!
//! ## What is supported
//!
//! * **Primitives.** Monadic `⍴ ⍳ , + - ÷ × ⌈ ⌊ ⍉ ~ ○ ⍟ ⋆ | ? ≢ ⌽ ⊖ ⊃ ⍋ ⍒ ⍕ ⌷ ⊢ ⊣` and `⍬`;
//!   dyadic `⍴ ⍉ + - × ÷ ⌈ ⌊ | ⋆ ○ ↑ ↓ ⌽ ⊖ , ⍪ ∧ ∨ ⍱ ⍲ = ≠ < ≤ > ≥ / ⌿ ⊣ ⊢`. Scalar
//!   functions extend scalars (`each` capturing the scalar) and zip equal ranks (`zipWith`).
//!   `x/y` compresses (booleans) or replicates (integers) along the last axis and `x⌿y` along
//!   the first, on arrays of any rank; `x↑y`/`x↓y` take a scalar (leading axis) or a vector
//!   (one count per leading axis); `⍳` takes a scalar or a one-element vector (`⍳⍴V`);
//!   `A[i;j;…]` takes scalars, index arrays (each indexed axis is replaced by the axes of its
//!   index array) and elided axes.
//! * **Operators.** Reduce `f/` `f⌿` (with identity items for empty arguments), scan `f\`
//!   `f⍀`, each `f¨`, outer product `∘.f`, inner product `f.g` (thesis §3.2: reshape, transp2,
//!   zipWith, reduce), power `f⍣n` (also over tuples), compose `f∘g`, commute `f⍨`, user
//!   operators (dfns using `⍺⍺`/`⍵⍵`, whose operands may be functions or arrays: the body is
//!   read once per kind of each operand it uses, and an application runs the reading of its
//!   operands' kinds, so `{⍺⍺ + ⍵}` applied to `6` adds 6), `⎕BENCH`.
//! * **System names.** `⎕ReadFile`, `⎕ReadIntVecFile`, `⎕ReadDoubleVecFile`, `⎕NOW`,
//!   `⎕BENCH`, `⎕INT32AND/OR/XOR/NOT/SHL/SHR/SHAR`, `⎕←`.
//! * **Annotations.** `⍝: <double>ρ → <double>ρ` on a dfn is checked (and coerces) at each
//!   application (thesis §3.3).
//!
//! ## Decisions
//!
//! * **32-bit int.** `int` is `i32` as in apltail (overflow wraps); `double` is `f64`, `bool`
//!   `i1`, `char` `!tail.char`, complex `complex<f64>`.
//! * **Boolean literals.** As in apltail, the literals `0` and `1` are booleans; element types
//!   widen `bool → int → double → complex` where primitives mix them (`b2i`, `i2d`, `d2x`).
//! * **Final value rule.** The program's value is its last statement's; it must be a numeric
//!   scalar and becomes a double (apltail prints it as `[](v)`); anything else is a located
//!   error.
//! * **Valence rule.** A dfn that uses `⍺` must be applied dyadically (unless it defaults `⍺`);
//!   a dfn applied with the wrong valence is a located error naming the dfn.
//! * **Scoping.** dfn-local assignments are local and lexically scoped; top-level names are
//!   looked up when a dfn is applied (a dfn may use a global defined after it, as in Dyalog).
//!   Recursion is rejected, since every application is inlined.
//! * **Not supported** (located diagnostics that name the construct): nested arrays (`⊂`,
//!   tuples used as arrays, functions returning non-scalars under `¨`), `⍎`, `∇`, guards and
//!   control structures, axis brackets after a function (`⌽[1]`), dyadic `\` (expand; apltail
//!   has no expand either), unknown glyphs and system names, and rank errors found statically.
//!
//! Every error is a [`tail_ir::Diagnostic`] at `file:line:col`, rendered with the source line
//! and a caret by `ctx.render_diagnostic`; nothing panics.
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

/// Compiles an APL program read from several files, `(name, text)` in order (apltail's
/// `aplt prelude.apl prog.apl`): their statements are one program, whose value is the last
/// file's last statement's; every location and diagnostic names the file it is in, and the
/// module lists the files as `tail.sources` (`tail_dialect::source`) when there are several.
pub fn compile_files(
    ctx: &mut tail_ir::Context,
    files: &[(&str, &str)],
) -> Result<tail_ir::OpId, tail_ir::Diagnostic> {
    elab::compile_files(ctx, files)
}
