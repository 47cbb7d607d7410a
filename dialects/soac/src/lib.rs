//! `tail-soac`: the `soac` dialect, second-order array combinators over ranked tensors.
//!
//! The level between `tail` and `hpar` in `tail → soac → hpar → gpu`: APL's rank-polymorphic
//! primitives become explicit nests of data-parallel combinators that can be fused. The model
//! is Futhark's SOACs (`map`, `reduce`, `scan`, `redomap`, `scanomap`, `scatter`, `filter`);
//! the translation of TAIL primitives into map nests over them follows FHPC'16 (Elsman, Henriksen,
//! Serup: *APL on GPUs — A TAIL from the Past, Scribbled in Futhark*, §4), and the views follow
//! the hybrid flat/shaped pull arrays of Dybdal's thesis (§3.4).
//!
//! * [`types`]: arrays are builtin ranked tensors of rank ≥ 1 with a TAIL element type
//!   (`i32`, `f64`, `i1`, `complex<f64>`, `!tail.char`), static or dynamic (`?`) extents;
//!   scalars are the element types themselves.
//! * [`ops`]: the ops, one file per family.
//!
//! ## Design decisions
//!
//! * **`redomap` and `scanomap`, not one `screma`.** Futhark's `screma` (scan + reduce + map in
//!   one op) subsumes both, but only pays off for horizontal fusion of a scan with a reduction
//!   over the same input, which APL programs rarely produce. Two ops keep each verifier and
//!   printed form simple and let fusion tests count exactly what they expect
//!   (`CHECK-COUNT-1: soac.redomap` for a dot product). Both keep Futhark's *mapped-out*
//!   results (map values that are collected, not reduced), so a producer with several
//!   consumers can still be fused without recomputation; sibling reductions over the same
//!   input fuse into one `redomap` with several neutral elements.
//! * **Rows, not elements.** Every SOAC traverses the outer dimension; a lambda gets one row
//!   per input (a scalar for rank 1). Higher ranks are nests of SOACs, as in FHPC'16 §4.
//! * **Lambdas are regions that see their surroundings.** They are not
//!   `IsolatedFromAbove`: a lambda may use any dominating value (free variables, as in
//!   Futhark), which nested maps need and which keeps lowerings simple.
//! * **Values, with consumption for in-place ops.** Arrays are immutable SSA values.
//!   `update` and `scatter` *consume* their destination: the verifier rejects a later use in
//!   the same block, so a lowering may reuse the destination's storage (Futhark's uniqueness
//!   rule, without a type system).
//! * **Views.** `slice`, `reshape`, `transpose` and `rotate` change only the index function
//!   (see [`ops::view`]); nothing is copied until a consumer forces the array.
//! * **Dynamic extents are operands.** An op that creates an array takes one `index` per `?`
//!   in its result type; `soac.dim` folds to it.
//! * **Associativity is a contract.** The operators of `reduce`/`scan`/`redomap`/`scanomap`
//!   must be associative with their neutral elements; the reference semantics is the left
//!   fold from the neutral element. TAIL's right-fold `reduce` of a non-associative function
//!   (`-/`) must be lowered to a `loop`, not to `soac.reduce`.
#![deny(missing_docs)]

pub mod ops;
pub mod types;
mod util;

use tail_ir::{Attribute, Builder, Location, OpId, Type};
use tail_ir_macros::dialect;

/// The soac dialect.
#[dialect(name = "soac", summary = "Second-order array combinators and index-space views",
          materialize_constant = materialize_constant)]
pub struct SoacDialect;

/// The constants that folding `soac` ops produces are `index` extents; they are materialized as
/// `arith.constant`.
pub fn materialize_constant(
    b: &mut Builder<'_>,
    value: Attribute,
    ty: Type,
    loc: Location,
) -> Option<OpId> {
    tail_builtin::arith::arith_materialize(b, value, ty, loc)
}

/// Forces this crate to be linked so its dialect registers (call it from binaries that do not
/// otherwise reference the crate).
pub fn link() {}
