//! `tail-conversion`: the dialect conversions of the tail compiler.
//!
//! | argument | anchor | what it does |
//! | --- | --- | --- |
//! | [`convert-tail-to-soac`](mod@tail_to_soac) | `builtin.module` | lowers every `tail` op to `soac` SOACs and views, `arith`/`math` scalar code and `scf` control flow |
//!
//! Named pipelines: `tail-to-soac` (`canonicalize,convert-tail-to-soac,canonicalize,cse`). The
//! leading `canonicalize` runs the `tail` dialect's shape folding (thesis Fig. 3.6 → 3.7), which
//! turns computed axis vectors of `transp2` into literals, as the conversion requires.
//!
//! Passes register themselves at link time (through `inventory`); a binary that names nothing
//! else of this crate must call [`link`].
#![deny(missing_docs)]

pub mod tail_to_soac;

pub use tail_to_soac::ConvertTailToSoac;

tail_ir::pass_pipeline! {
    argument: "tail-to-soac",
    summary: "Canonicalize, lower the tail dialect to soac (convert-tail-to-soac), canonicalize and CSE",
    pipeline: "canonicalize,convert-tail-to-soac,canonicalize,cse",
}

/// Forces this crate (and its pass registrations) to be linked into a binary; call it once
/// from tools such as `tail-opt`.
#[inline(never)]
pub fn link() {
    tail_transforms::link();
    tail_soac::link();
    tail_dialect::link();
    std::hint::black_box(ConvertTailToSoac::PASS_INFO);
}
