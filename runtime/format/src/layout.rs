//! The layout of an array as apltail prints it (its `Apl.pr`, and `prArrC`'s variant without
//! element separators for char arrays), given the shape and a way to format element `i`
//! (row-major).

use std::fmt::{self, Write};

/// Writes an array of shape `shape` (without a final newline):
/// - rank 0: `[](e)`;
/// - a char vector (`chars`): its elements, not separated (`hello`);
/// - a non-empty rank-2 array: `\n`, then each row as a space, the elements right-aligned to
///   the widest element of the whole array (in characters) and separated by a space (not
///   separated for char arrays), and `\n`;
/// - otherwise (vectors, rank ≥ 3, empty matrices): `[d1,d2,…](e0,e1,…)`, the elements
///   separated by `,` (not separated for char arrays): `[4](1,2,4,3)`, `[0]()`,
///   `[2,1,2](abcd)`.
///
/// `elem(i, buf)` appends element `i` (row-major, `0 ≤ i < product(shape)`) to `buf`; for a
/// rank-2 array it is called twice per element (once to measure the widths).
pub fn write_array(
    out: &mut dyn Write,
    shape: &[usize],
    chars: bool,
    elem: &mut dyn FnMut(usize, &mut String),
) -> fmt::Result {
    let len: usize = shape.iter().product();
    let mut buf = String::new();
    let mut put = |out: &mut dyn Write, i: usize, buf: &mut String| {
        buf.clear();
        elem(i, buf);
        out.write_str(buf)
    };
    match shape.len() {
        0 => {
            out.write_str("[](")?;
            put(out, 0, &mut buf)?;
            out.write_str(")")
        }
        1 if chars => (0..len).try_for_each(|i| put(out, i, &mut buf)),
        2 if len > 0 => {
            let cols = shape[1];
            let mut width = 0;
            for i in 0..len {
                buf.clear();
                elem(i, &mut buf);
                width = width.max(buf.chars().count());
            }
            let sep = if chars { "" } else { " " };
            out.write_str("\n")?;
            for i in 0..len {
                buf.clear();
                elem(i, &mut buf);
                out.write_str(if i % cols == 0 { " " } else { sep })?;
                for _ in buf.chars().count()..width {
                    out.write_char(' ')?;
                }
                out.write_str(&buf)?;
                if i % cols == cols - 1 {
                    out.write_str("\n")?;
                }
            }
            Ok(())
        }
        _ => {
            out.write_char('[')?;
            for (k, d) in shape.iter().enumerate() {
                if k > 0 {
                    out.write_char(',')?;
                }
                write!(out, "{d}")?;
            }
            out.write_str("](")?;
            for i in 0..len {
                if i > 0 && !chars {
                    out.write_char(',')?;
                }
                put(out, i, &mut buf)?;
            }
            out.write_char(')')
        }
    }
}

/// [`write_array`] into a new string.
pub fn format_array(
    shape: &[usize],
    chars: bool,
    elem: &mut dyn FnMut(usize, &mut String),
) -> String {
    let mut s = String::new();
    write_array(&mut s, shape, chars, elem).expect("writing to a String cannot fail");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(shape: &[usize], data: &[i32]) -> String {
        format_array(shape, false, &mut |i, b| b.push_str(&data[i].to_string()))
    }

    fn text(shape: &[usize], data: &str) -> String {
        let cs: Vec<char> = data.chars().collect();
        format_array(shape, true, &mut |i, b| b.push(cs[i]))
    }

    #[test]
    fn layouts() {
        assert_eq!(ints(&[], &[7]), "[](7)");
        assert_eq!(ints(&[4], &[1, 2, 4, 3]), "[4](1,2,4,3)");
        assert_eq!(ints(&[0], &[]), "[0]()");
        assert_eq!(ints(&[2, 2], &[1, 10, -2, 3]), "\n  1 10\n -2  3\n");
        assert_eq!(ints(&[0, 5], &[]), "[0,5]()");
        assert_eq!(ints(&[2, 0], &[]), "[2,0]()");
        assert_eq!(ints(&[2, 1, 2], &[1, 2, 3, 4]), "[2,1,2](1,2,3,4)");
        assert_eq!(text(&[2], "hi"), "hi");
        assert_eq!(text(&[0], ""), "");
        assert_eq!(text(&[2, 3], "abcdef"), "\n abc\n def\n");
        assert_eq!(text(&[2, 1, 2], "abcd"), "[2,1,2](abcd)");
        assert_eq!(text(&[], "x"), "[](x)");
    }
}
