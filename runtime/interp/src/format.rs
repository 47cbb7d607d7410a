//! apltail's result format (`-s_tail -silent`, spec `apltail_subset.md`, "How results are
//! printed").

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

/// A double as apltail prints it: 12 significant digits, `.0` added to integral values.
pub fn fmt_double(x: f64) -> String {
    let s = fmt_g(x, 12);
    if s.contains(['.', 'e', 'n', 'i']) {
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
    }
}

/// Formats an array (see [`format_value`]).
pub fn format_array(a: &Array) -> String {
    let elems = || a.data.iter().map(|&s| fmt_scalar(s)).collect::<Vec<_>>();
    match a.rank() {
        0 => format!("[]({})", fmt_scalar(a.data[0])),
        1 if a.kind == Kind::Char => a.data.iter().map(|&s| fmt_scalar(s)).collect(),
        2 if !a.data.is_empty() => {
            let cols = a.shape[1];
            let mut s = String::from("\n");
            if a.kind == Kind::Char {
                for row in a.data.chunks(cols) {
                    s.push(' ');
                    s.extend(row.iter().map(|&c| fmt_scalar(c)));
                    s.push('\n');
                }
            } else {
                let es = elems();
                let w = es.iter().map(|e| e.chars().count()).max().unwrap_or(0);
                for row in es.chunks(cols) {
                    for e in row {
                        s.push(' ');
                        s.push_str(&" ".repeat(w - e.chars().count()));
                        s.push_str(e);
                    }
                    s.push('\n');
                }
            }
            s
        }
        _ => {
            let dims: Vec<String> = a.shape.iter().map(|d| d.to_string()).collect();
            format!("[{}]({})", dims.join(","), elems().join(","))
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
        assert_eq!(fmt_double(1e15), "1e+15");
        assert_eq!(fmt_double(1.5e-7), "1.5e-07");
        assert_eq!(fmt_double(123456789012.0), "123456789012.0");
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
        assert_eq!(format_value(&Value::Scalar(Scalar::Bool(true))), "[](1)");
        assert_eq!(format_value(&Value::Scalar(Scalar::Char('X'))), "[](X)");
        assert_eq!(
            format_value(&Value::Scalar(Scalar::Complex(3.0, 6.4))),
            "[](3.0j6.4)"
        );
    }
}
