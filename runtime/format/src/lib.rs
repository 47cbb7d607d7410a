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
//! - [`extent_mismatch`], [`index_out_of_bounds`], [`negative_count`], [`extent_too_large`]:
//!   the messages of the run-time checks of compiled programs (equal outer extents of a map's
//!   inputs, as many counts as a replicated axis has items, equal extents of a catenation's
//!   arguments on the other axes, indices within their axis, `iota` counts not negative, extents that `⍴` gives as
//!   32-bit ints).
//! - [`fault`]: the record in which GPU kernels report their first failed check.
//! - [`source_excerpt`]: the source line of a position and a caret under its column, as
//!   compile-time diagnostics and the run-time checks of compiled programs show it;
//!   [`position`]: how a check's line argument also names the file of a program read from
//!   several files.
//!
//! The crate has no dependencies.

/// The message of a failed index check: `index` is not in `0..extent` on axis `axis`, both
/// counted from 0 as the `soac` level counts them, shown counted from `origin` (1 for programs
/// from APL or TAIL, whose indices and axes count from 1; a negative index is shown as such).
pub fn index_out_of_bounds(index: i64, axis: i64, extent: i64, origin: i64) -> String {
    let (i, a) = (index.saturating_add(origin), axis.saturating_add(origin));
    format!("index {i} is out of bounds for axis {a} of extent {extent}")
}

/// The fault record of GPU kernels: a device global of [`fault::FIELDS`] 64-bit words in
/// which the first thread whose run-time check fails stores what failed (the compiler's
/// `tail_kernels::hpar_to_gpu::FAULT_RECORD`); the CUDA runtime reads it after the kernels
/// and reports the failure as the host check would.
pub mod fault {
    /// The words: the number of failed checks, then the first one's index (or count), extent,
    /// axis (or a kind below), origin, line and column.
    pub const FIELDS: usize = 7;
    /// The axis word of a negative `iota` count (`tail_rt_check_count`): the index word holds
    /// the count.
    pub const NEGATIVE_COUNT: i64 = -1;
    /// The axis word of an extent beyond 2³¹−1 given by `⍴` (`tail_rt_check_extent32`): the
    /// index word holds the extent.
    pub const EXTENT_TOO_LARGE: i64 = -2;
    /// The axis word of a failed extent check in a kernel (`tail_rt_check_extents`): the
    /// index word holds the expected extent, the extent word the other, the origin word what
    /// was compared (a SOAC's input number or a code of [`super::what`]).
    pub const EXTENT_MISMATCH: i64 = -3;

    /// The message of record `rec` (its first word not 0).
    pub fn message(rec: &[i64; FIELDS]) -> String {
        let [_, index, extent, axis, origin, _, _] = *rec;
        if axis == NEGATIVE_COUNT {
            super::negative_count(index)
        } else if axis == EXTENT_TOO_LARGE {
            super::extent_too_large(index)
        } else if axis == EXTENT_MISMATCH {
            super::extent_mismatch(index, extent, origin)
        } else {
            super::index_out_of_bounds(index, axis, extent, origin)
        }
    }
}

/// Line `line` (from 1) of `text` and a caret under column `col` (from 1, in characters;
/// tabs before it kept as tabs), each ended by a newline; `None` when `text` has no such
/// line.
pub fn source_excerpt(text: &str, line: u32, col: u32) -> Option<String> {
    let src = text.lines().nth((line as usize).checked_sub(1)?)?;
    let pad: String = src
        .chars()
        .take((col as usize).saturating_sub(1))
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    Some(format!("{src}\n{pad}^\n"))
}

/// The message of a failed `iota` count check (the interpreter's wording at the `tail` level).
pub fn negative_count(n: i64) -> String {
    format!("negative argument {n}")
}

/// The message of a failed check that extent `n` fits in the 32-bit int that `⍴` gives.
pub fn extent_too_large(n: i64) -> String {
    format!("an axis of {n} elements has no 32-bit length (⍴ gives 32-bit ints)")
}

/// What a failed extent check (`tail_rt_check_extents(expected, got, what, line, col)`)
/// compared, when not the inputs of a SOAC (`what ≥ 1`, the input number): a negative code.
pub mod what {
    /// The number of counts of a replicate (`got`) against the extent of its axis
    /// (`expected`).
    pub const REPLICATE_COUNTS: i64 = -1;
    /// The right argument of a catenation (`got`) against the left one (`expected`) on an
    /// axis other than the one they are joined along.
    pub const CATENATION: i64 = -2;
}

/// The message of a failed extent check ([`what`]): input `what` has `got` rows where input
/// #0 has `expected` (the interpreter's wording at the `soac` level); `got` counts for an
/// axis of `expected` elements (its wording at the `tail` level); a catenation's arguments
/// of different extents on an axis other than the one they are joined along.
pub fn extent_mismatch(expected: i64, got: i64, what: i64) -> String {
    match what {
        what::REPLICATE_COUNTS => {
            format!("length mismatch: {got} counts for an axis of length {expected}")
        }
        what::CATENATION => format!(
            "shape mismatch: extents {expected} and {got} differ on an axis other than the one the arguments are catenated along"
        ),
        _ => format!("extent mismatch: input #0 has {expected} rows but input #{what} has {got}"),
    }
}

/// The line argument of a run-time check (`tail_rt_check_*(…, line, col)`, the GPU fault
/// record's line) of a program read from several files (apltail's `prelude.apl prog.apl`):
/// the line in the file's lower [`LINE_BITS`] bits and the file's index among the program's
/// files (0 for the first) above them. The index of the first file adds nothing, so the
/// line of a one-file program is the line itself.
pub mod position {
    /// The bits that hold the line.
    pub const LINE_BITS: u32 = 24;
    /// The most files a position can name (the line stays a positive `i32`).
    pub const MAX_FILES: usize = 1 << (31 - LINE_BITS);

    /// The line argument of line `line` of file `file`: 0 (no position) when the file's
    /// index or the line does not fit.
    pub fn encode(file: usize, line: i64) -> i64 {
        if file >= MAX_FILES || !(0..1 << LINE_BITS).contains(&line) {
            return 0;
        }
        ((file as i64) << LINE_BITS) | line
    }

    /// The file's index and the line of a line argument ([`encode`]).
    pub fn decode(arg: i64) -> (usize, i64) {
        if arg < 0 {
            return (0, arg);
        }
        ((arg >> LINE_BITS) as usize, arg & ((1 << LINE_BITS) - 1))
    }
}

pub mod input;
pub mod layout;
pub mod number;

pub use layout::{format_array, write_array};
pub use number::{fmt_char, fmt_complex, fmt_double, fmt_g, fmt_int};

#[cfg(test)]
mod tests {
    use super::{extent_too_large, fault, index_out_of_bounds, position, what};

    /// A check's line argument names the file and the line; the first file's is the line.
    #[test]
    fn positions() {
        assert_eq!(position::encode(0, 17), 17);
        assert_eq!(position::decode(17), (0, 17));
        let two = position::encode(2, 5);
        assert_eq!(two, (2 << position::LINE_BITS) + 5);
        assert_eq!(position::decode(two), (2, 5));
        let last = position::encode(position::MAX_FILES - 1, (1 << position::LINE_BITS) - 1);
        assert!(i32::try_from(last).is_ok());
        assert_eq!(
            position::decode(last),
            (position::MAX_FILES - 1, (1 << position::LINE_BITS) - 1)
        );
        assert_eq!(position::encode(position::MAX_FILES, 1), 0);
        assert_eq!(position::encode(0, 1 << position::LINE_BITS), 0);
        assert_eq!(position::decode(0), (0, 0));
    }

    /// Each kind of device fault record reads as the host check's message.
    #[test]
    fn fault_messages() {
        let index = [1, 4, 3, 1, 1, 2, 7];
        assert_eq!(fault::message(&index), index_out_of_bounds(4, 1, 3, 1));
        let count = [1, -5, 0, fault::NEGATIVE_COUNT, 0, 2, 7];
        assert_eq!(fault::message(&count), "negative argument -5");
        let big = [1, 1 << 33, 0, fault::EXTENT_TOO_LARGE, 0, 2, 7];
        assert_eq!(fault::message(&big), extent_too_large(1 << 33));
        let pair = [2, 3, 4, fault::EXTENT_MISMATCH, 1, 2, 7];
        assert_eq!(
            fault::message(&pair),
            "extent mismatch: input #0 has 3 rows but input #1 has 4"
        );
        let counts = [
            1,
            5,
            3,
            fault::EXTENT_MISMATCH,
            what::REPLICATE_COUNTS,
            2,
            7,
        ];
        assert_eq!(
            fault::message(&counts),
            "length mismatch: 3 counts for an axis of length 5"
        );
        let cat = [1, 3, 4, fault::EXTENT_MISMATCH, what::CATENATION, 2, 7];
        assert_eq!(
            fault::message(&cat),
            "shape mismatch: extents 3 and 4 differ on an axis other than the one the arguments are catenated along"
        );
    }
}
