//! The ops of the `tail` dialect, one per TAIL primitive.
//!
//! * [`scalar`]: scalar arithmetic, comparisons, conversions and constants;
//! * [`mod@array`]: array primitives of Figs. 3.2–3.4 and apltail, their `V` variants, subtyping
//!   coercions, literals and tuples;
//! * [`higher`]: higher-order primitives whose function argument is a region, and the
//!   conditional `tail.if`;
//! * [`io`]: printing, formatting, file input and timing.

pub mod array;
pub mod higher;
pub mod io;
pub mod scalar;
mod util;
