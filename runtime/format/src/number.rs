//! One element as apltail prints it (its evaluator's `pr_int`, `pr_double`, `pr_char`).

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

/// An integer as apltail prints it (its `pr_int`, also `formatI`): decimal, `-` for minus.
/// Booleans print as `0`/`1` through this too.
pub fn fmt_int(i: i64) -> String {
    i.to_string()
}

/// A complex number: real and imaginary part as [`fmt_double`] prints them, joined by `j`
/// (`3.0j6.4`).
pub fn fmt_complex(re: f64, im: f64) -> String {
    format!("{}j{}", fmt_double(re), fmt_double(im))
}

/// A character, as the character itself. apltail's `pr_char` escapes (SML's `Char.toString`)
/// and writes non-ASCII codes in hexadecimal, which the project does not reproduce. A code
/// that is not a Unicode scalar value (a surrogate, or above `0x10FFFF`, possible only in
/// compiled code's raw `i32` buffers) prints as U+FFFD.
pub fn fmt_char(code: u32) -> char {
    char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER)
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
    fn c_g_format() {
        assert_eq!(fmt_g(0.0001, 6), "0.0001");
        assert_eq!(fmt_g(0.00001, 6), "1e-05");
        assert_eq!(fmt_g(123456789.0, 6), "1.23457e+08");
        assert_eq!(fmt_g(-1.5, 3), "-1.5");
        assert_eq!(fmt_g(f64::NEG_INFINITY, 6), "-inf");
    }

    #[test]
    fn others() {
        assert_eq!(fmt_int(-42), "-42");
        assert_eq!(fmt_complex(3.0, -6.4), "3.0j-6.4");
        assert_eq!(fmt_char('⍝' as u32), '⍝');
        assert_eq!(fmt_char(0xD800), '\u{FFFD}');
    }
}
