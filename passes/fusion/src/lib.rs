//! `tail-fusion`: the SOAC optimizer of the tail compiler, the middle of
//! `tail → soac → hpar → gpu` (issue 5, item 4).
//!
//! | argument | anchor | what it does |
//! | --- | --- | --- |
//! | [`soac-simplify`](mod@simplify) | `func.func` | Futhark-style simplifier: folding, canonicalization, dead SOAC results and lambda inputs, identity and invariant maps, indexing of created arrays, shapes through views, loop invariants |
//! | [`soac-loop-interchange`](mod@interchange) | `func.func` | a `soac.loop` whose body is one map nest over the carried arrays runs inside that map, per element (carried stacks of planes unstacked first) |
//! | [`soac-fuse`](mod@fuse) | `func.func` | vertical fusion (map→map, map→reduce = `redomap`, map→scan = `scanomap`, views pushed through maps) and horizontal fusion of siblings, with mapped-out results and a recomputation cost model |
//!
//! Sharing recovery (Accelerate's first phase) is the generic `cse` pass of
//! `tail-transforms`: SOACs are `RecursiveMemoryEffects` ops with pure lambdas, so `cse`
//! treats them as pure and compares their lambdas structurally (same ops, values defined
//! inside compared by position); two equal `map`s over the same arrays are merged, and the
//! lowest common dominator is where the first one already is (SSA form places every value
//! where it dominates its uses). `test/Transforms/soac-sharing.mlir` pins this.
//!
//! Named pipeline `soac-opt`: `soac-simplify,cse,soac-fuse,soac-simplify,cse,
//! soac-loop-interchange,soac-fuse,soac-simplify,cse` (on `func.func`; the interchange needs a
//! loop body fused into one map, and its result may fuse with its consumers).
//!
//! The algorithms, the cost model and the references are in the module documentation of
//! [`fuse`] and [`simplify`], and in `docs/FUSION.md`.
//!
//! Passes register themselves at link time (through `inventory`); a binary that names
//! nothing else of this crate must call [`link`].
#![deny(missing_docs)]

mod facts;
pub mod fuse;
pub mod interchange;
mod screma;
pub mod simplify;

pub use fuse::SoacFuse;
pub use interchange::SoacLoopInterchange;
pub use simplify::SoacSimplify;

tail_ir::pass_pipeline! {
    argument: "soac-opt",
    summary: "Optimize SOAC code: simplify, CSE (sharing recovery), fuse, simplify, CSE, loop interchange (then fuse, simplify, CSE again)",
    pipeline: "soac-simplify,cse,soac-fuse,soac-simplify,cse,soac-loop-interchange,soac-fuse,soac-simplify,cse",
}

/// Forces this crate (and its pass registrations) to be linked into a binary; call it once
/// from tools such as `tail-opt`.
#[inline(never)]
pub fn link() {
    tail_transforms::link();
    tail_soac::link();
    std::hint::black_box([
        SoacSimplify::PASS_INFO,
        SoacFuse::PASS_INFO,
        SoacLoopInterchange::PASS_INFO,
    ]);
}
