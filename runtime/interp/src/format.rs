//! apltail's result format (`-s_tail -silent`, spec `apltail_subset.md`, "How results are
//! printed"): its evaluator's `pr_value` (`Apl.pr` with `pr_int`, `pr_double`, `pr_char`),
//! and for char arrays `prArrC`'s variant without element separators.

use crate::value::{Array, Kind, Scalar, Value};

/// `%.{prec}g`, as C prints it (`-` for minus, exponent with at least two digits).
pub fn fmt_g(x: f64, prec: usize) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x < 0.0 { "-inf".into() } else { "inf".into() };
    }
    if x == 0.0 {
        return if x.is_sign_negative() {
            "-0".into()
        } else {
            "0".into()
        };
    }
    let prec = prec.max(1);
    let sci = format!("{:.*e}", prec - 1, x);
    let (mant, exp) = sci.split_once('e').expect("exponent");
    let exp: i32 = exp.parse().expect("exponent digits");
    if exp < -4 || exp >= prec as i32 {
        let mant = strip_zeros(mant);
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{mant}e{sign}{:02}", exp.abs())
    } else {
        let decimals = (prec as i32 - 1 - exp).max(0) as usize;
        strip_zeros(&format!("{x:.decimals$}")).to_string()
    }
}

fn strip_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

/// MLton's `Real.toString` (`Real.fmt (StringCvt.GEN NONE)`): 12 significant digits, `%g`
/// style, with SML's spelling: `E` before the exponent, `~` for a minus sign (also in the
/// exponent and for negative zero), no `+`; `inf`, `~inf`, `nan`.
fn sml_real_to_string(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    let neg = x.is_sign_negative();
    let a = x.abs();
    let body = if a.is_infinite() {
        "inf".to_string()
    } else {
        let g = fmt_g(a, 12);
        match g.split_once('e') {
            Some((mant, exp)) => {
                let (sign, digits) = match exp.strip_prefix('-') {
                    Some(d) => ("~", d),
                    None => ("", exp.trim_start_matches('+')),
                };
                format!("{mant}E{sign}{digits}")
            }
            None => g,
        }
    };
    if neg {
        format!("~{body}")
    } else {
        body
    }
}

/// A double as apltail prints it (its `pr_double`, used for every double it prints and by
/// `formatD`): a negative number is `-` followed by its magnitude; positive infinity is
/// `HUGE_VAL`; otherwise MLton's `Real.toString` (12 significant digits), with `.0` appended
/// when that has no `.` (`615.0`, `1E15.0`, `1.5E~07`, `~0.0` for negative zero).
pub fn fmt_double(x: f64) -> String {
    if x < 0.0 {
        return format!("-{}", fmt_double(-x));
    }
    if x == f64::INFINITY {
        return "HUGE_VAL".into();
    }
    let s = sml_real_to_string(x);
    if s.contains('.') {
        s
    } else {
        s + ".0"
    }
}

/// One element, as it appears inside `[…](…)` or a matrix row.
pub fn fmt_scalar(s: Scalar) -> String {
    match s {
        Scalar::Int(i) => i.to_string(),
        Scalar::Index(i) => i.to_string(),
        Scalar::Bool(b) => (b as u8).to_string(),
        Scalar::Double(d) => fmt_double(d),
        // As the character itself; apltail's `pr_char` escapes (SML's `Char.toString`) and
        // writes non-ASCII codes in hexadecimal, which the project does not reproduce.
        Scalar::Char(c) => c.to_string(),
        Scalar::Complex(re, im) => format!("{}j{}", fmt_double(re), fmt_double(im)),
    }
}

/// Formats a value exactly as apltail prints it (without the final newline): `[](615.0)`,
/// `[4](1,2,4,3)`, `[0]()`, char vectors as text, rank-2 arrays as a right-aligned matrix
/// between blank lines, rank ≥ 3 (and empty rank-2) arrays as `[2,3,4](1,2,…)`.
pub fn format_value(v: &Value) -> String {
    match v {
        Value::Scalar(s) => format!("[]({})", fmt_scalar(*s)),
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

/// Formats an array (see [`format_value`]). Char arrays print as `prArrC` prints them: their
/// elements are not separated (`hello`, rows of text, `[2,1,2](abcd)`).
pub fn format_array(a: &Array) -> String {
    let sep = if a.kind == Kind::Char { "" } else { "," };
    let elems = || a.data.iter().map(|&s| fmt_scalar(s)).collect::<Vec<_>>();
    match a.rank() {
        0 => format!("[]({})", fmt_scalar(a.data[0])),
        1 if a.kind == Kind::Char => elems().concat(),
        2 if !a.data.is_empty() => {
            let cols = a.shape[1];
            let row_sep = if a.kind == Kind::Char { "" } else { " " };
            let es = elems();
            let w = es.iter().map(|e| e.chars().count()).max().unwrap_or(0);
            let mut s = String::from("\n");
            for row in es.chunks(cols) {
                s.push(' ');
                let padded: Vec<String> = row
                    .iter()
                    .map(|e| format!("{}{e}", " ".repeat(w - e.chars().count())))
                    .collect();
                s.push_str(&padded.join(row_sep));
                s.push('\n');
            }
            s
        }
        _ => {
            let dims: Vec<String> = a.shape.iter().map(|d| d.to_string()).collect();
            format!("[{}]({})", dims.join(","), elems().join(sep))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubles() {
        assert_eq!(fmt_double(615.0), "615.0");
        assert_eq!(fmt_double(65780.0), "65780.0");
        assert_eq!(fmt_double(258.557340366), "258.557340366");
        assert_eq!(fmt_double(-0.00159265493641), "-0.00159265493641");
        assert_eq!(fmt_double(0.1), "0.1");
        assert_eq!(fmt_double(1.0 / 3.0), "0.333333333333");
        assert_eq!(fmt_double(0.0), "0.0");
        assert_eq!(fmt_double(-2.5), "-2.5");
        assert_eq!(fmt_double(123456789012.0), "123456789012.0");
        // apltail's pr_double: SML's exponent spelling, `.0` appended when there is no `.`,
        // HUGE_VAL for infinity, `-` only for negative numbers.
        assert_eq!(fmt_double(1e15), "1E15.0");
        assert_eq!(fmt_double(1.5e-7), "1.5E~07");
        assert_eq!(fmt_double(-2.5e20), "-2.5E20");
        assert_eq!(fmt_double(1234567890123.0), "1.23456789012E12");
        assert_eq!(fmt_double(f64::INFINITY), "HUGE_VAL");
        assert_eq!(fmt_double(f64::NEG_INFINITY), "-HUGE_VAL");
        assert_eq!(fmt_double(-0.0), "~0.0");
        assert_eq!(fmt_double(f64::NAN), "nan.0");
    }

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
