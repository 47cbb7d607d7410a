//! Printing values as the reference interpreter prints them (`tail-format`): the `prArr*` /
//! `prScl*` primitives and the final program result, each a value followed by a newline on
//! standard output.
//!
//! Arrays arrive as raw row-major buffers with a rank and a shape (`rank` extents, each ≥ 0;
//! `data` may be null when the array is empty). Element types: `i32` (int), `i64` (index and
//! other integers), `f64` (double), `u8` (bool: an `i1` stored as a byte, 0 or 1; any non-zero
//! byte prints as 1), `i32` code points (char), pairs of `f64` (complex: real, imaginary).

use std::fmt;
use std::io::Write;
use std::slice;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use tail_format::{fmt_char, fmt_complex, fmt_double, write_array};

use crate::fail::entry;

/// The element kinds of printable arrays, with the way each element is written.
#[derive(Clone, Copy)]
pub(crate) enum Elems<'a> {
    I32(&'a [i32]),
    I64(&'a [i64]),
    F64(&'a [f64]),
    Bool(&'a [u8]),
    Char(&'a [i32]),
    Complex(&'a [f64]),
}

impl Elems<'_> {
    fn is_char(self) -> bool {
        matches!(self, Elems::Char(_))
    }
    fn push(self, i: usize, buf: &mut String) {
        use std::fmt::Write as _;
        match self {
            Elems::I32(d) => write!(buf, "{}", d[i]).expect("string write"),
            Elems::I64(d) => write!(buf, "{}", d[i]).expect("string write"),
            Elems::F64(d) => buf.push_str(&fmt_double(d[i])),
            Elems::Bool(d) => buf.push(if d[i] != 0 { '1' } else { '0' }),
            Elems::Char(d) => buf.push(fmt_char(d[i] as u32)),
            Elems::Complex(d) => buf.push_str(&fmt_complex(d[2 * i], d[2 * i + 1])),
        }
    }
}

fn write_elems(out: &mut dyn fmt::Write, shape: &[usize], elems: Elems) -> fmt::Result {
    write_array(out, shape, elems.is_char(), &mut |i, buf| {
        elems.push(i, buf)
    })
}

/// An `i32` array as the interpreter prints it (without the final newline).
pub fn format_i32(shape: &[usize], data: &[i32]) -> String {
    format_with(shape, Elems::I32(data))
}
/// An `i64` array (index and other integers).
pub fn format_i64(shape: &[usize], data: &[i64]) -> String {
    format_with(shape, Elems::I64(data))
}
/// An `f64` array.
pub fn format_f64(shape: &[usize], data: &[f64]) -> String {
    format_with(shape, Elems::F64(data))
}
/// A bool array (bytes, non-zero is true).
pub fn format_bool(shape: &[usize], data: &[u8]) -> String {
    format_with(shape, Elems::Bool(data))
}
/// A char array (code points).
pub fn format_char(shape: &[usize], data: &[i32]) -> String {
    format_with(shape, Elems::Char(data))
}
/// A complex array (`2 × len` doubles: real, imaginary).
pub fn format_complex(shape: &[usize], data: &[f64]) -> String {
    format_with(shape, Elems::Complex(data))
}

fn format_with(shape: &[usize], elems: Elems) -> String {
    let mut s = String::new();
    write_elems(&mut s, shape, elems).expect("string write");
    s
}

/// Writes formatted text to an `io::Write`, keeping the first I/O error.
struct IoAdapter<W: Write> {
    inner: W,
    error: Option<std::io::Error>,
}

impl<W: Write> fmt::Write for IoAdapter<W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.inner.write_all(s.as_bytes()).map_err(|e| {
            self.error = Some(e);
            fmt::Error
        })
    }
}

/// Whether printing writes to standard output; off for the repeated runs of `--runs N`
/// (see `tail_rt_main`), whose output would repeat the first run's.
static OUTPUT: AtomicBool = AtomicBool::new(true);

/// The values of a tuple being printed (`tail_rt_tuple_begin` … `tail_rt_tuple_end`): print
/// calls in between add their text here instead of writing a line.
static TUPLE: Mutex<Option<Vec<String>>> = Mutex::new(None);

/// `void tail_rt_tuple_begin(void)`: the following print calls (up to `tail_rt_tuple_end`)
/// are the values of one tuple, printed together as the interpreter prints a tuple:
/// `([](1),[3](1,2,3))`.
#[no_mangle]
pub extern "C" fn tail_rt_tuple_begin() {
    entry("tail_rt_tuple_begin", || {
        let mut t = TUPLE.lock().unwrap_or_else(|p| p.into_inner());
        if t.is_some() {
            return Err("tail_rt_tuple_begin: a tuple is already being printed".into());
        }
        *t = Some(Vec::new());
        Ok(())
    })
}

/// `void tail_rt_tuple_end(void)`: prints the tuple whose values were printed since
/// `tail_rt_tuple_begin`, and a newline.
#[no_mangle]
pub extern "C" fn tail_rt_tuple_end() {
    entry("tail_rt_tuple_end", || {
        let parts = TUPLE
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
            .ok_or_else(|| "tail_rt_tuple_end: no tuple is being printed".to_string())?;
        if !OUTPUT.load(Ordering::Relaxed) {
            return Ok(());
        }
        let line = format!("({})\n", parts.join(","));
        let mut out = std::io::stdout().lock();
        out.write_all(line.as_bytes())
            .and_then(|()| out.flush())
            .map_err(|e| format!("cannot write output: {e}"))
    })
}

/// Turns the output of every later print call on or off.
pub(crate) fn set_output(on: bool) {
    OUTPUT.store(on, Ordering::Relaxed);
}

/// Writes the array and a newline to standard output (buffered, flushed at the end); nothing
/// while output is off.
pub(crate) fn print_elems(shape: &[usize], elems: Elems) -> Result<(), String> {
    if !OUTPUT.load(Ordering::Relaxed) {
        return Ok(());
    }
    {
        let mut tuple = TUPLE.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(parts) = tuple.as_mut() {
            let mut text = String::new();
            write_elems(&mut text, shape, elems)
                .map_err(|_| "cannot format a value".to_string())?;
            parts.push(text);
            return Ok(());
        }
    }
    let stdout = std::io::stdout();
    let mut w = IoAdapter {
        inner: std::io::BufWriter::with_capacity(1 << 16, stdout.lock()),
        error: None,
    };
    let r = write_elems(&mut w, shape, elems).and_then(|()| fmt::Write::write_str(&mut w, "\n"));
    let flushed = w.inner.flush();
    match (r, w.error, flushed) {
        (Ok(()), None, Ok(())) => Ok(()),
        (_, Some(e), _) | (_, None, Err(e)) => Err(format!("cannot write output: {e}")),
        (Err(_), None, Ok(())) => Err("cannot write output".into()),
    }
}

/// The shape of a C-ABI array argument, checked: `rank ≥ 0`, every extent ≥ 0, the element
/// count representable. Returns the shape and the element count.
///
/// # Safety
/// `shape` points to `rank` `i64`s (it may be null when `rank` is 0).
pub(crate) unsafe fn read_shape(
    name: &str,
    rank: i64,
    shape: *const i64,
) -> Result<(Vec<usize>, usize), String> {
    if rank < 0 {
        return Err(format!("{name}: negative rank {rank}"));
    }
    if rank > 0 && shape.is_null() {
        return Err(format!("{name}: null shape for rank {rank}"));
    }
    let dims: &[i64] = if rank == 0 {
        &[]
    } else {
        // SAFETY: the caller passes `rank` extents.
        unsafe { slice::from_raw_parts(shape, rank as usize) }
    };
    let mut len: usize = 1;
    let mut out = Vec::with_capacity(dims.len());
    for &d in dims {
        if d < 0 {
            return Err(format!("{name}: negative extent {d} in shape {dims:?}"));
        }
        len = len
            .checked_mul(d as usize)
            .ok_or_else(|| format!("{name}: shape {dims:?} has too many elements"))?;
        out.push(d as usize);
    }
    Ok((out, len))
}

/// The `len` elements at `data` (null allowed when `len` is 0).
///
/// # Safety
/// `data` points to `len` initialised elements.
pub(crate) unsafe fn read_data<'a, T>(
    name: &str,
    data: *const T,
    len: usize,
) -> Result<&'a [T], String> {
    if len == 0 {
        return Ok(&[]);
    }
    if data.is_null() {
        return Err(format!("{name}: null data for {len} elements"));
    }
    // SAFETY: the caller passes `len` elements.
    Ok(unsafe { slice::from_raw_parts(data, len) })
}

macro_rules! print_array_fn {
    ($(#[$doc:meta])* $name:ident, $t:ty, $elems:ident, $per:expr) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// `shape` points to `rank` extents and `data` to the elements of that shape.
        #[no_mangle]
        pub unsafe extern "C" fn $name(data: *const $t, rank: i64, shape: *const i64) {
            entry(stringify!($name), || {
                // SAFETY: as documented for the caller.
                let (shape, len) = unsafe { read_shape(stringify!($name), rank, shape)? };
                let n = len
                    .checked_mul($per)
                    .ok_or_else(|| format!("{}: too many elements", stringify!($name)))?;
                // SAFETY: as documented for the caller.
                let data = unsafe { read_data(stringify!($name), data, n)? };
                print_elems(&shape, Elems::$elems(data))
            })
        }
    };
}

print_array_fn!(
    /// `void tail_rt_print_array_i32(const int32_t *data, int64_t rank, const int64_t *shape)`:
    /// prints an int array and a newline (`[3](1,2,3)`, a matrix, `[](5)` for rank 0).
    tail_rt_print_array_i32, i32, I32, 1
);
print_array_fn!(
    /// `void tail_rt_print_array_i64(const int64_t *data, int64_t rank, const int64_t *shape)`:
    /// prints an array of `index`/`i64` integers and a newline.
    tail_rt_print_array_i64, i64, I64, 1
);
print_array_fn!(
    /// `void tail_rt_print_array_f64(const double *data, int64_t rank, const int64_t *shape)`:
    /// prints a double array and a newline (`[2](1.5,-2.0)`).
    tail_rt_print_array_f64, f64, F64, 1
);
print_array_fn!(
    /// `void tail_rt_print_array_bool(const uint8_t *data, int64_t rank, const int64_t *shape)`:
    /// prints a bool array (one byte per element, non-zero is 1) and a newline.
    tail_rt_print_array_bool, u8, Bool, 1
);
print_array_fn!(
    /// `void tail_rt_print_array_char(const int32_t *data, int64_t rank, const int64_t *shape)`:
    /// prints a char array (Unicode code points) and a newline: a vector as its text, a
    /// matrix as rows of text, rank ≥ 3 as `[2,1,2](abcd)`.
    tail_rt_print_array_char, i32, Char, 1
);
print_array_fn!(
    /// `void tail_rt_print_array_complex(const double *data, int64_t rank, const int64_t *shape)`:
    /// prints a complex array (`2 × count` doubles, real then imaginary part of each element)
    /// and a newline (`[2](1.0j2.0,3.0j-4.0)`).
    tail_rt_print_array_complex, f64, Complex, 2
);

/// `void tail_rt_print_i32(int32_t x)`: prints the int scalar `[](x)` and a newline.
#[no_mangle]
pub extern "C" fn tail_rt_print_i32(x: i32) {
    entry("tail_rt_print_i32", || print_elems(&[], Elems::I32(&[x])))
}

/// `void tail_rt_print_i64(int64_t x)`: prints the integer scalar `[](x)` and a newline.
#[no_mangle]
pub extern "C" fn tail_rt_print_i64(x: i64) {
    entry("tail_rt_print_i64", || print_elems(&[], Elems::I64(&[x])))
}

/// `void tail_rt_print_f64(double x)`: prints the double scalar `[](615.0)` and a newline.
#[no_mangle]
pub extern "C" fn tail_rt_print_f64(x: f64) {
    entry("tail_rt_print_f64", || print_elems(&[], Elems::F64(&[x])))
}

/// `void tail_rt_print_bool(uint8_t x)`: prints the bool scalar `[](1)` / `[](0)` and a
/// newline (non-zero is 1).
#[no_mangle]
pub extern "C" fn tail_rt_print_bool(x: u8) {
    entry("tail_rt_print_bool", || print_elems(&[], Elems::Bool(&[x])))
}

/// `void tail_rt_print_char(int32_t c)`: prints the char scalar `[](c)` and a newline.
#[no_mangle]
pub extern "C" fn tail_rt_print_char(c: i32) {
    entry("tail_rt_print_char", || print_elems(&[], Elems::Char(&[c])))
}

/// `void tail_rt_print_complex(double re, double im)`: prints the complex scalar
/// `[](3.0j6.4)` and a newline.
#[no_mangle]
pub extern "C" fn tail_rt_print_complex(re: f64, im: f64) {
    entry("tail_rt_print_complex", || {
        print_elems(&[], Elems::Complex(&[re, im]))
    })
}
