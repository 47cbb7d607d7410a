//! Runtime-allocated buffers: file input (`readFile`, `readIntVecFile`, `readDoubleVecFile`,
//! parsed and reported exactly as the interpreter does, `tail_format::input`) and
//! `formatI`/`formatD` (numbers as char vectors).
//!
//! ABI of a returned buffer: the function returns a pointer to the elements, allocated with C
//! `malloc` (never null, also for zero elements), and stores the element count at `*len_out`.
//! The caller owns the buffer and releases it with `free` (or [`tail_rt_free`]). Strings are
//! char arrays: one `int32_t` Unicode code point per element, not NUL-terminated.

use std::ffi::c_void;

use tail_format::{fmt_char, fmt_double, fmt_int, input};

use crate::fail::entry;
use crate::print::read_data;

extern "C" {
    fn malloc(size: usize) -> *mut c_void;
    fn free(ptr: *mut c_void);
}

/// Copies `items` into a new `malloc`ed buffer; stores the count at `len_out`.
///
/// # Safety
/// `len_out` is null or valid for a write.
unsafe fn to_c_buffer<T: Copy>(
    name: &str,
    items: &[T],
    len_out: *mut i64,
) -> Result<*mut T, String> {
    let bytes = std::mem::size_of_val(items).max(1);
    // SAFETY: plain C allocation.
    let p = unsafe { malloc(bytes) } as *mut T;
    if p.is_null() {
        return Err(format!("{name}: out of memory allocating {bytes} bytes"));
    }
    // SAFETY: `p` has room for `items.len()` elements and does not overlap `items`.
    unsafe { std::ptr::copy_nonoverlapping(items.as_ptr(), p, items.len()) };
    if !len_out.is_null() {
        // SAFETY: the caller passes a writable `len_out`.
        unsafe { *len_out = items.len() as i64 };
    }
    Ok(p)
}

/// A char array argument (code points) as a Rust string.
///
/// # Safety
/// `chars` points to `len` code points.
unsafe fn read_string(name: &str, chars: *const i32, len: i64) -> Result<String, String> {
    if len < 0 {
        return Err(format!("{name}: negative string length {len}"));
    }
    // SAFETY: as documented for the caller.
    let codes = unsafe { read_data(name, chars, len as usize)? };
    Ok(codes.iter().map(|&c| fmt_char(c as u32)).collect())
}

fn code_points(s: &str) -> Vec<i32> {
    s.chars().map(|c| c as i32).collect()
}

/// `int32_t *tail_rt_read_file(const int32_t *path, int64_t path_len, int64_t *len_out)`:
/// `readFile`: the text of the file named by the char array `path` (`path_len` code points),
/// as code points. A file that cannot be read (missing, unreadable, not UTF-8) ends the
/// program with `error: cannot read file '<path>': <reason>`.
///
/// # Safety
/// `path` points to `path_len` code points; `len_out` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn tail_rt_read_file(
    path: *const i32,
    path_len: i64,
    len_out: *mut i64,
) -> *mut i32 {
    entry("tail_rt_read_file", || {
        // SAFETY: as documented for the caller.
        let path = unsafe { read_string("tail_rt_read_file", path, path_len)? };
        let text = input::read_text(&path)?;
        // SAFETY: as documented for the caller.
        unsafe { to_c_buffer("tail_rt_read_file", &code_points(&text), len_out) }
    })
}

/// `int32_t *tail_rt_read_int_vec_file(const int32_t *path, int64_t path_len, int64_t *len_out)`:
/// `readIntVecFile`: the whitespace-separated integers (`¯` or `-` for minus) of the file
/// named by `path`. Errors end the program: `error: cannot read file '<path>': <reason>`,
/// `error: bad integer '<word>' in '<path>' (line <l>, column <c>): <reason>`.
///
/// # Safety
/// `path` points to `path_len` code points; `len_out` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn tail_rt_read_int_vec_file(
    path: *const i32,
    path_len: i64,
    len_out: *mut i64,
) -> *mut i32 {
    entry("tail_rt_read_int_vec_file", || {
        // SAFETY: as documented for the caller.
        let path = unsafe { read_string("tail_rt_read_int_vec_file", path, path_len)? };
        let v = input::read_int_vec_file(&path)?;
        // SAFETY: as documented for the caller.
        unsafe { to_c_buffer("tail_rt_read_int_vec_file", &v, len_out) }
    })
}

/// `double *tail_rt_read_double_vec_file(const int32_t *path, int64_t path_len, int64_t *len_out)`:
/// `readDoubleVecFile`: the whitespace-separated doubles (`¯` or `-` for minus) of the file
/// named by `path`. Errors end the program: `error: cannot read file '<path>': <reason>`,
/// `error: bad double '<word>' in '<path>' (line <l>, column <c>): <reason>`.
///
/// # Safety
/// `path` points to `path_len` code points; `len_out` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn tail_rt_read_double_vec_file(
    path: *const i32,
    path_len: i64,
    len_out: *mut i64,
) -> *mut f64 {
    entry("tail_rt_read_double_vec_file", || {
        // SAFETY: as documented for the caller.
        let path = unsafe { read_string("tail_rt_read_double_vec_file", path, path_len)? };
        let v = input::read_double_vec_file(&path)?;
        // SAFETY: as documented for the caller.
        unsafe { to_c_buffer("tail_rt_read_double_vec_file", &v, len_out) }
    })
}

/// `int32_t *tail_rt_format_int(int64_t x, int64_t *len_out)`: `formatI` (apltail's
/// `pr_int`): the decimal digits of `x`, `-` for minus, as a char array (`-42`).
///
/// # Safety
/// `len_out` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn tail_rt_format_int(x: i64, len_out: *mut i64) -> *mut i32 {
    entry("tail_rt_format_int", || {
        // SAFETY: as documented for the caller.
        unsafe { to_c_buffer("tail_rt_format_int", &code_points(&fmt_int(x)), len_out) }
    })
}

/// `int32_t *tail_rt_format_double(double x, int64_t *len_out)`: `formatD` (apltail's
/// `pr_double`): `x` as the interpreter prints doubles (`615.0`, `-2.5`, `1.5E~07`,
/// `HUGE_VAL`), as a char array.
///
/// # Safety
/// `len_out` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn tail_rt_format_double(x: f64, len_out: *mut i64) -> *mut i32 {
    entry("tail_rt_format_double", || {
        // SAFETY: as documented for the caller.
        unsafe {
            to_c_buffer(
                "tail_rt_format_double",
                &code_points(&fmt_double(x)),
                len_out,
            )
        }
    })
}

/// `void tail_rt_free(void *ptr)`: releases a buffer returned by the runtime (C `free`; null
/// is ignored).
///
/// # Safety
/// `ptr` is null or a buffer returned by a `tail_rt_*` function, not yet released.
#[no_mangle]
pub unsafe extern "C" fn tail_rt_free(ptr: *mut c_void) {
    // SAFETY: as documented for the caller.
    unsafe { free(ptr) }
}
