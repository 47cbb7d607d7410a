//! The ops of the `soac` dialect, one file per family:
//!
//! * [`parallel`]: the SOACs with lambdas — `map`, `reduce`, `scan`, `redomap`, `scanomap`,
//!   `filter` — plus `scatter` and the lambdas' terminator `yield`;
//! * [`create`]: array creation — `iota`, `replicate`, `concat`;
//! * [`view`]: indexing and index-space views — `index`, `dim`, `slice`, `reshape`,
//!   `transpose`, `rotate`;
//! * [`seq`]: sequential code — `loop`, `update`.

mod asm;
pub mod create;
pub mod parallel;
pub mod seq;
pub mod view;
