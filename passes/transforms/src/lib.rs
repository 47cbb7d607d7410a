//! `tail-transforms`: the generic, dialect-independent transformations of the tail compiler,
//! ports of MLIR's `mlir/lib/Transforms`:
//!
//! | argument | display name | anchor | what it does |
//! | --- | --- | --- | --- |
//! | [`canonicalize`](mod@canonicalize) | `Canonicalizer` | any | folding + every op's canonicalization patterns, greedily, plus region simplification |
//! | [`cse`](mod@cse) | `CSE` | any | common subexpression elimination over the dominator tree |
//! | [`dce`](mod@dce) | `DCE` | any | erases trivially dead ops and unreachable blocks |
//! | [`symbol-dce`](mod@symbol_dce) | `SymbolDCE` | symbol tables | erases unreferenced private symbols |
//! | [`inline`](mod@inline) | `Inliner` | any (usually `builtin.module`) | inlines single-block callees bottom-up over the call graph |
//!
//! Named pipelines: `simplify` (`canonicalize,cse`).
//!
//! Passes register themselves at link time (through `inventory`, see [`tail_ir::pass`](mod@tail_ir::pass)). A
//! binary that does not otherwise name anything of this crate must call [`link`] so the
//! linker keeps it, and with it the registrations.
#![deny(missing_docs)]

pub mod canonicalize;
pub mod cse;
pub mod dce;
pub mod inline;
pub mod symbol_dce;

pub use canonicalize::Canonicalize;
pub use cse::Cse;
pub use dce::Dce;
pub use inline::Inline;
pub use symbol_dce::SymbolDce;

tail_ir::pass_pipeline! {
    argument: "simplify",
    summary: "Canonicalize, then eliminate common subexpressions",
    pipeline: "canonicalize,cse",
}

/// The pipeline arguments of the passes this crate registers.
pub const PASS_ARGUMENTS: [&str; 5] = ["canonicalize", "cse", "dce", "inline", "symbol-dce"];

/// Forces this crate (and so its pass registrations) to be linked into a binary; call it
/// once from tools such as `tail-opt` (`tail_transforms::link()`).
#[inline(never)]
pub fn link() {
    // Reference each pass's static description so none of them can be stripped.
    let infos = [
        Canonicalize::PASS_INFO,
        Cse::PASS_INFO,
        Dce::PASS_INFO,
        Inline::PASS_INFO,
        SymbolDce::PASS_INFO,
    ];
    std::hint::black_box(infos);
}

/// Alias of [`link`].
pub fn register() {
    link();
}
