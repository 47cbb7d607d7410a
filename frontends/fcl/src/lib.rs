//! `tail-fcl`: the FCL frontend — lexer, parser, type inference with type and level
//! polymorphism, monomorphisation and lowering to the `hpar` dialect — for FCL, the hierarchical data-parallel
//! language of Dybdal, *Array abstractions for GPU programming* (PhD thesis, 2017), Chapter 5.
//!
//! * [`lexer`], [`parser`], [`ast`]: the concrete syntax of §5.2–§5.4 (`sig`/`fun`,
//!   `let … in`, `fn x => e`, `if`, pairs, `|>`, `do<l> { x <- e ; … }`, level applications
//!   `f<block>`, `#BlockSize`, literals, operators, `--` and `(* *)` comments);
//! * [`types`]: levels, kinds, types and the built-ins of Fig. 5.4/5.5, each naming the `hpar`
//!   op it lowers to;
//! * [`infer`]: the static semantics of Fig. 5.6 (kinding rules 5.1–5.12, typing rules
//!   5.13–5.22) by unification over types and levels;
//! * [`mono`]: monomorphisation (Fig. 5.7): one copy per distinct type and level instance;
//! * [`lower`]: the lowering of the monomorphic program to the `hpar` dialect;
//! * [`diag`]: located diagnostics (`line:col`, caret, the rule that was broken).
//!
//! ## The warp level
//!
//! The thesis has `thread = Z`, `block = 1+Z`, `grid = 1+(1+Z)` and no warp level (§5.3,
//! future work in §5.5). The `hpar` dialect orders `thread < warp < block < grid` and lets a
//! block contain threads directly *or* warps. Making warp `1+Z` would turn every thesis
//! `concat<thread>` (thread → block) into thread → warp, so warp is instead a separate level
//! constant `W`:
//!
//! ```text
//! l ::= δ | Z | W | 1 + l         thread = Z   warp = W   block = 1+Z   grid = 1+(1+Z)
//! 1 + W = 1 + Z                   (a group of warps is a block, as a group of threads is)
//! interleaveWarp : ∀α:BT. int → ((int,int) → int) → [Program⟨thread⟩ [α]⟨thread⟩]
//!                                                 → Program⟨warp⟩ [α]⟨warp⟩
//! ```
//!
//! Every level-polymorphic built-in (`push`, `force`, `return`, `while`, …) works at `warp`
//! by instantiation; `interleave⟨warp⟩` raises warps to a block (`1+W` normalises to `1+Z`),
//! and `interleaveWarp` (the prelude's `concatWarp`) raises threads to a warp. Unification is
//! syntactic on normal forms: an omitted level argument solved from `1+δ = block` is
//! `δ = thread`; the warp route is always written explicitly (`concat<warp>`). These are
//! exactly `hpar`'s raises (thread → warp, thread → block, warp → block, block → grid).

#![deny(missing_docs)]

pub mod ast;
pub mod diag;
pub mod infer;
pub mod lexer;
pub mod lower;
pub mod mono;
pub mod parser;
pub mod types;

pub use diag::{Diagnostic, Pos};
pub use lower::lower;

/// The FCL prelude (`lib/prelude.fcl`): the thesis's library functions written in FCL.
pub const PRELUDE: &str = include_str!("../lib/prelude.fcl");

/// Node ids of user programs start here, after the prelude's.
const USER_FIRST_ID: u32 = 1 << 24;

/// Parses and type-checks `src` together with the prelude.
pub fn check_source(src: &str) -> Result<infer::Checked, Diagnostic> {
    let (prelude, _) = parser::parse_module(PRELUDE, 0)
        .map_err(|d| Diagnostic::new(d.pos, format!("in the prelude: {}", d.message)))?;
    let (m, _) = parser::parse_module(src, USER_FIRST_ID)?;
    infer::check_modules(&[(&prelude, true), (&m, false)])
}

/// Parses and type-checks `src` alone, without the prelude.
pub fn check_source_without_prelude(src: &str) -> Result<infer::Checked, Diagnostic> {
    let (m, _) = parser::parse_module(src, 0)?;
    infer::check_modules(&[(&m, false)])
}
