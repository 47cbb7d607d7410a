//! apltail's result format (`-s_tail -silent`, spec `apltail_subset.md`, "How results are
//! printed"): its evaluator's `pr_value` (`Apl.pr` with `pr_int`, `pr_double`, `pr_char`),
//! and for char arrays `prArrC`'s variant without element separators.

use crate::value::{Array, Kind, Scalar, Value};

pub use tail_format::{fmt_double, fmt_g};

/// One element, as it appears inside `[…](…)` or a matrix row (`tail_format::number`).
pub fn fmt_scalar(s: Scalar) -> String {
    match s {
        Scalar::Int(i) => tail_format::fmt_int(i as i64),
        Scalar::Index(i) => tail_format::fmt_int(i),
        Scalar::Bool(b) => tail_format::fmt_int(b as i64),
        Scalar::Double(d) => fmt_double(d),
        Scalar::Char(c) => c.to_string(),
        Scalar::Complex(re, im) => tail_format::fmt_complex(re, im),
    }
}

/// Formats a value exactly as apltail prints it (without the final newline): `[](615.0)`,
/// `[4](1,2,4,3)`, `[0]()`, char vectors as text, rank-2 arrays as a right-aligned matrix
/// between blank lines, rank ≥ 3 (and empty rank-2) arrays as `[2,3,4](1,2,…)`.
pub fn format_value(v: &Value) -> String {
    match v {
        Value::Scalar(s) => {
            tail_format::format_array(&[], false, &mut |_, buf| buf.push_str(&fmt_scalar(*s)))
        }
        Value::Array(a) => format_array(&a.borrow()),
        Value::Tuple(vs) => {
            let parts: Vec<String> = vs.iter().map(format_value).collect();
            format!("({})", parts.join(","))
        }
        Value::Pull(p) => match &**p {
            crate::value::Pull::Manifest(a) => format_array(&a.borrow()),
            p => format!("<delayed pull array of {} elements>", p.len()),
        },
        Value::Push(a) => format_array(a),
    }
}

/// Formats an array (see [`format_value`]; the layout is `tail_format::layout`). Char arrays
/// print as `prArrC` prints them: their elements are not separated (`hello`, rows of text,
/// `[2,1,2](abcd)`).
pub fn format_array(a: &Array) -> String {
    tail_format::format_array(&a.shape, a.kind == Kind::Char, &mut |i, buf| {
        buf.push_str(&fmt_scalar(a.data[i]))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrays() {
        let v = |d: &[i32]| d.iter().map(|&i| Scalar::Int(i)).collect::<Vec<_>>();
        assert_eq!(
            format_array(&Array::vector(Kind::Int, v(&[1, 2, 4, 3]))),
            "[4](1,2,4,3)"
        );
        assert_eq!(format_array(&Array::vector(Kind::Int, vec![])), "[0]()");
        let m = Array::new(Kind::Int, vec![2, 2], v(&[1, 10, -2, 3]));
        assert_eq!(format_array(&m), "\n  1 10\n -2  3\n");
        let e = Array::new(Kind::Int, vec![0, 5], vec![]);
        assert_eq!(format_array(&e), "[0,5]()");
        let c = Array::new(Kind::Int, vec![2, 1, 2], v(&[1, 2, 3, 4]));
        assert_eq!(format_array(&c), "[2,1,2](1,2,3,4)");
        let s = Array::vector(Kind::Char, "hi".chars().map(Scalar::Char).collect());
        assert_eq!(format_array(&s), "hi");
        // apltail's Apl.pr: rows right-aligned to the widest element, one leading space, blank
        // lines around; doubles and bools alike; char matrices without separators.
        let d = Array::new(
            Kind::Double,
            vec![2, 2],
            [1.5, -20.0, 3.0, 0.25].map(Scalar::Double).to_vec(),
        );
        assert_eq!(format_array(&d), "\n   1.5 -20.0\n   3.0  0.25\n");
        let b = Array::new(
            Kind::Bool,
            vec![1, 3],
            [true, false, true].map(Scalar::Bool).to_vec(),
        );
        assert_eq!(format_array(&b), "\n 1 0 1\n");
        let cm = Array::new(
            Kind::Char,
            vec![2, 3],
            "abcdef".chars().map(Scalar::Char).collect(),
        );
        assert_eq!(format_array(&cm), "\n abc\n def\n");
        let c3 = Array::new(
            Kind::Char,
            vec![2, 1, 2],
            "abcd".chars().map(Scalar::Char).collect(),
        );
        assert_eq!(format_array(&c3), "[2,1,2](abcd)");
        let ce = Array::new(Kind::Char, vec![0, 2], vec![]);
        assert_eq!(format_array(&ce), "[0,2]()");
        assert_eq!(format_value(&Value::Scalar(Scalar::Bool(true))), "[](1)");
        assert_eq!(format_value(&Value::Scalar(Scalar::Char('X'))), "[](X)");
        // Chars print as themselves, also beyond ASCII.
        let t = Array::vector(Kind::Char, "a⍝b".chars().map(Scalar::Char).collect());
        assert_eq!(format_array(&t), "a⍝b");
        assert_eq!(
            format_value(&Value::Scalar(Scalar::Complex(3.0, 6.4))),
            "[](3.0j6.4)"
        );
    }
}
