//! `tail-builtin`: the upstream MLIR dialects that tail builds on and lowers to — `builtin`,
//! `func`, `arith`, `math`, `scf`, `memref` and `cf.assert` — with MLIR's op names, custom assembly,
//! verifier messages, folders and canonicalization patterns.
//!
//! Each dialect lives in its own module and registers itself at link time (through
//! `inventory`), so a binary only needs to link this crate — e.g. with
//! `use tail_builtin as _;` or by calling [`link`] — for every op to be known to a
//! [`tail_ir::Context`].
//!
//! Only the subsets that tail's lowerings produce are implemented: scalar arithmetic (no
//! vectors; tensors only as `arith.constant` values), identity-layout memrefs, and the `scf`
//! loop and conditional forms. See `docs/ARCHITECTURE.md` for the IR conventions.
#![deny(missing_docs)]

pub mod arith;
pub mod builtin;
pub mod cf;
pub mod constraints;
pub mod func;
pub mod math;
pub mod memref;
pub mod scf;
pub mod util;

/// Forces this crate to be linked so its dialects register (call it from binaries that do
/// not otherwise reference the crate).
pub fn link() {}
