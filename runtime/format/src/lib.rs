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
//! - [`extent_mismatch`]: the message of the run-time check that the inputs of a map have
//!   equal outer extents.
//!
//! The crate has no dependencies.

/// The message of a failed extent check: input `input` has `got` rows where input #0 has
/// `expected` (the interpreter's wording at the `soac` level).
pub fn extent_mismatch(expected: i64, got: i64, input: i64) -> String {
    format!("extent mismatch: input #0 has {expected} rows but input #{input} has {got}")
}

pub mod input;
pub mod layout;
pub mod number;

pub use layout::{format_array, write_array};
pub use number::{fmt_char, fmt_complex, fmt_double, fmt_g, fmt_int};
