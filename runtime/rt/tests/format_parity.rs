//! `tail_rt::print` formats values exactly as the reference interpreter (`tail-interp`) does,
//! over ranges of ints, doubles, bools, chars and arrays of every rank.

use tail_interp::{format_value, Array, Kind, Scalar, Value};
use tail_rt::print;

fn interp(kind: Kind, shape: &[usize], data: Vec<Scalar>) -> String {
    format_value(&Value::from_array(Array::new(kind, shape.to_vec(), data)))
}

/// Doubles of many magnitudes and shapes (a fixed pseudo-random sequence plus edge cases).
fn doubles() -> Vec<f64> {
    let mut v = vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.1,
        0.5,
        1.0 / 3.0,
        2.0 / 3.0,
        615.0,
        1e15,
        1e16,
        1e-4,
        1e-5,
        1.5e-7,
        123456789012.0,
        1234567890123.0,
        f64::MAX,
        f64::MIN_POSITIVE,
        5e-324,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        std::f64::consts::PI,
        -std::f64::consts::E,
    ];
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..2000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let mant = (x >> 11) as f64 / (1u64 << 53) as f64;
        let exp = ((x & 0x3f) as i32) - 32;
        let sign = if x & 0x40 != 0 { -1.0 } else { 1.0 };
        v.push(sign * mant * 10f64.powi(exp));
        v.push(((x >> 20) % 100_000) as f64 / 8.0);
    }
    v
}

#[test]
fn scalars() {
    for x in doubles() {
        assert_eq!(
            print::format_f64(&[], &[x]),
            format_value(&Value::double(x)),
            "{x:e}"
        );
    }
    for i in (-1000..1000).chain([i32::MIN, i32::MAX, 123456789]) {
        assert_eq!(print::format_i32(&[], &[i]), format_value(&Value::int(i)));
    }
    for i in [i64::MIN, -1, 0, 1 << 40, i64::MAX] {
        assert_eq!(
            print::format_i64(&[], &[i]),
            format_value(&Value::Scalar(Scalar::Index(i)))
        );
    }
    for b in [0u8, 1] {
        assert_eq!(
            print::format_bool(&[], &[b]),
            format_value(&Value::Scalar(Scalar::Bool(b == 1)))
        );
    }
    for c in ['a', ' ', '⍝', '\n', '€'] {
        assert_eq!(
            print::format_char(&[], &[c as i32]),
            format_value(&Value::Scalar(Scalar::Char(c)))
        );
    }
}

#[test]
fn arrays_of_every_rank() {
    let ds = doubles();
    let shapes: &[&[usize]] = &[
        &[],
        &[0],
        &[1],
        &[7],
        &[0, 3],
        &[3, 0],
        &[1, 1],
        &[3, 4],
        &[5, 2],
        &[2, 3, 4],
        &[2, 0, 2],
        &[1, 2, 1, 3],
    ];
    for shape in shapes {
        let n: usize = shape.iter().product();
        for offset in [0usize, 17, 500] {
            let d = &ds[offset..offset + n];
            assert_eq!(
                print::format_f64(shape, d),
                interp(
                    Kind::Double,
                    shape,
                    d.iter().map(|&x| Scalar::Double(x)).collect()
                ),
                "{shape:?}"
            );
            let is: Vec<i32> = d.iter().map(|&x| (x * 1000.0) as i32).collect();
            assert_eq!(
                print::format_i32(shape, &is),
                interp(
                    Kind::Int,
                    shape,
                    is.iter().map(|&x| Scalar::Int(x)).collect()
                ),
                "{shape:?}"
            );
            let bs: Vec<u8> = is.iter().map(|&x| (x & 1) as u8).collect();
            assert_eq!(
                print::format_bool(shape, &bs),
                interp(
                    Kind::Bool,
                    shape,
                    bs.iter().map(|&x| Scalar::Bool(x == 1)).collect()
                ),
                "{shape:?}"
            );
            let cs: Vec<char> = "abc⍝ xyz€123"
                .chars()
                .cycle()
                .skip(offset % 5)
                .take(n)
                .collect();
            assert_eq!(
                print::format_char(shape, &cs.iter().map(|&c| c as i32).collect::<Vec<_>>()),
                interp(
                    Kind::Char,
                    shape,
                    cs.iter().map(|&c| Scalar::Char(c)).collect()
                ),
                "{shape:?}"
            );
            let xs: Vec<f64> = ds[offset..offset + 2 * n].to_vec();
            assert_eq!(
                print::format_complex(shape, &xs),
                interp(
                    Kind::Complex,
                    shape,
                    xs.chunks(2).map(|p| Scalar::Complex(p[0], p[1])).collect()
                ),
                "{shape:?}"
            );
        }
    }
}
