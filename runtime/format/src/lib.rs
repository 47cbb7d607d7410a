//! `tail-format`: the value-independent half of apltail's result printing and of its file
//! input, shared by the reference interpreter (`tail-interp`) and the runtime library of
//! compiled programs (`tail-rt`), so that both print and parse exactly alike.
//!
//! - [`number`]: one element as apltail prints it: `pr_int`, `pr_double` (MLton's
//!   `Real.toString` with apltail's adjustments: `615.0`, `1.5E~07`, `HUGE_VAL`), complex
//!   numbers, characters; C's `%g` ([`fmt_g`]).
//! - [`layout`]: an array given its shape and a way to format element `i`: `[](615.0)` for
//!   rank 0, `[4](1,2,4,3)`, char vectors as their text, rank-2 arrays as a right-aligned matrix
//!   between blank lines, rank ≥ 3 and empty matrices as `[2,3,4](1,2,…)`.
//! - [`input`]: the file readers behind `readFile`, `readIntVecFile` and `readDoubleVecFile`
//!   (whitespace-separated numbers, `¯` or `-` for minus) with their error messages.
//!
//! The crate has no dependencies.

pub mod input;
pub mod layout;
pub mod number;

pub use layout::{format_array, write_array};
pub use number::{fmt_char, fmt_complex, fmt_double, fmt_g, fmt_int};
