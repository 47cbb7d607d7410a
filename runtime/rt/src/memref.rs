//! The entry points that host code compiled through MLIR's LLVM lowering calls with arrays.
//!
//! Compiled host code holds arrays as MLIR memrefs. A call passes an array as an **unranked
//! memref**, which the LLVM lowering of a `func.call` expands into two arguments: the rank
//! (`int64_t`) and a pointer to the ranked descriptor
//!
//! ```c
//! struct { T *allocated; T *aligned; int64_t offset; int64_t sizes[rank]; int64_t strides[rank]; }
//! ```
//!
//! Element `(i₀, …, iᵣ₋₁)` is `aligned[offset + Σ iₖ·strides[k]]`. Element types are those of
//! the other entry points: `i32` ints and chars, `i64` integers, `f64` doubles, `i1` bools
//! stored as one byte, complex arrays as two `f64` memrefs (real and imaginary parts) of the
//! same shape.
//!
//! Results whose length only the runtime knows (file input, `formatI`/`formatD`) are returned
//! in two calls, so that the compiled code allocates the result itself: a `*_begin` call
//! computes the result, keeps it in a per-thread slot and returns its element count; the code
//! allocates a memref of that many elements and `tail_rt_take_i32`/`tail_rt_take_f64` copies
//! the kept result into it and clears the slot.
//!
//! | C signature | semantics |
//! | --- | --- |
//! | `void tail_rt_print_memref_{i32,i64,f64,bool,char}(int64_t rank, void *desc)` | prints the array as `tail_rt_print_array_*` does |
//! | `void tail_rt_print_memref_complex(int64_t rank, void *re, int64_t rank_im, void *im)` | prints a complex array from its two parts |
//! | `int64_t tail_rt_read_file_begin(int64_t rank, void *path, int32_t line, int32_t col)` | `readFile` at `line:col` of the program (`path`: a char vector) |
//! | `int64_t tail_rt_read_int_vec_file_begin(int64_t rank, void *path, int32_t line, int32_t col)` | `readIntVecFile` |
//! | `int64_t tail_rt_read_double_vec_file_begin(int64_t rank, void *path, int32_t line, int32_t col)` | `readDoubleVecFile` |
//! | `int64_t tail_rt_format_int_begin(int64_t x)` | `formatI` |
//! | `int64_t tail_rt_format_double_begin(double x)` | `formatD` |
//! | `void tail_rt_take_i32(int64_t rank, void *dst)` / `void tail_rt_take_f64(int64_t rank, void *dst)` | copies the kept result into the rank-1 memref `dst` of its length |
//! | `int64_t tail_rt_input_begin_{i32,i64,f64,bool}(int64_t k)` | `--input` number `k` as a vector, for `tail_rt_take_{i32,i64,f64,bool}` (parsed once; the later runs of `--runs N` copy the parsed values) |
//! | `{int32_t,int64_t,double,uint8_t} tail_rt_input_{i32,i64,f64,bool}(int64_t k)` | `--input` number `k` as a scalar |
//! | `void tail_rt_release_{i32,i64,f64,bool}(int64_t rank, void *desc)`, `void tail_rt_release_end(void)` | the entry's input and result arrays, freed after a run: each call notes the array's allocated pointer, the end frees each distinct pointer once (a result may be an input or a view of one) |
//! | `double tail_rt_roll(int32_t n)` | `roll`: a pseudo-random double in `[0, n)` (`[0, 1)` for `n = 0`) |

use std::cell::RefCell;
use std::sync::{Arc, Mutex};

use tail_format::{fmt_char, fmt_double, fmt_int, input};

use crate::fail::{entry, entry_at, Failure};
use crate::print::{print_elems, Elems};

/// A ranked memref descriptor read from compiled code.
struct Desc<T> {
    aligned: *mut T,
    offset: i64,
    sizes: Vec<i64>,
    strides: Vec<i64>,
}

/// Reads the descriptor of an unranked memref `(rank, desc)`.
///
/// # Safety
/// `desc` points to a ranked memref descriptor of rank `rank` whose elements are `T`s.
unsafe fn read_desc<T>(name: &str, rank: i64, desc: *const u8) -> Result<Desc<T>, String> {
    if !(0..=64).contains(&rank) {
        return Err(format!("{name}: bad memref rank {rank}"));
    }
    if desc.is_null() {
        return Err(format!("{name}: null memref descriptor"));
    }
    let words = desc as *const i64;
    let r = rank as usize;
    // SAFETY: the descriptor is two pointers, the offset, then `rank` sizes and `rank` strides,
    // all 8 bytes on the 64-bit targets compiled code runs on.
    unsafe {
        let aligned = *(desc as *const *mut T).add(1);
        let offset = *words.add(2);
        let sizes = (0..r).map(|k| *words.add(3 + k)).collect();
        let strides = (0..r).map(|k| *words.add(3 + r + k)).collect();
        Ok(Desc {
            aligned,
            offset,
            sizes,
            strides,
        })
    }
}

impl<T: Copy> Desc<T> {
    /// The shape, checked (no negative extents).
    fn shape(&self, name: &str) -> Result<Vec<usize>, String> {
        self.sizes
            .iter()
            .map(|&d| {
                usize::try_from(d)
                    .map_err(|_| format!("{name}: negative extent {d} in shape {:?}", self.sizes))
            })
            .collect()
    }

    /// The elements in row-major order.
    ///
    /// # Safety
    /// The descriptor describes live memory holding initialised `T`s.
    unsafe fn elements(&self, name: &str) -> Result<Vec<T>, String> {
        let shape = self.shape(name)?;
        let count = shape
            .iter()
            .try_fold(1usize, |a, &d| a.checked_mul(d))
            .ok_or_else(|| format!("{name}: shape {:?} has too many elements", self.sizes))?;
        if count == 0 {
            return Ok(Vec::new());
        }
        if self.aligned.is_null() {
            return Err(format!("{name}: null data for {count} elements"));
        }
        let contiguous = {
            let mut expect = 1i64;
            let mut ok = true;
            for k in (0..shape.len()).rev() {
                if shape[k] > 1 && self.strides[k] != expect {
                    ok = false;
                }
                expect *= self.sizes[k];
            }
            ok
        };
        // SAFETY: the caller guarantees the described memory is valid.
        unsafe {
            let base = self.aligned.offset(self.offset as isize);
            if contiguous {
                return Ok(std::slice::from_raw_parts(base, count).to_vec());
            }
            let mut out = Vec::with_capacity(count);
            let mut idx = vec![0usize; shape.len()];
            for _ in 0..count {
                let off: i64 = idx
                    .iter()
                    .zip(&self.strides)
                    .map(|(&i, &s)| i as i64 * s)
                    .sum();
                out.push(*base.offset(off as isize));
                for k in (0..shape.len()).rev() {
                    idx[k] += 1;
                    if idx[k] < shape[k] {
                        break;
                    }
                    idx[k] = 0;
                }
            }
            Ok(out)
        }
    }
}

macro_rules! print_memref_fn {
    ($(#[$doc:meta])* $name:ident, $t:ty, $elems:ident) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// `desc` points to a memref descriptor of rank `rank` describing live elements.
        #[no_mangle]
        pub unsafe extern "C" fn $name(rank: i64, desc: *const u8) {
            entry(stringify!($name), || {
                let name = stringify!($name);
                // SAFETY: as documented for the caller.
                let d = unsafe { read_desc::<$t>(name, rank, desc)? };
                let shape = d.shape(name)?;
                // SAFETY: as documented for the caller.
                let data = unsafe { d.elements(name)? };
                print_elems(&shape, Elems::$elems(&data))
            })
        }
    };
}

print_memref_fn!(
    /// `void tail_rt_print_memref_i32(int64_t rank, void *desc)`: prints an int array.
    tail_rt_print_memref_i32, i32, I32
);
print_memref_fn!(
    /// `void tail_rt_print_memref_i64(int64_t rank, void *desc)`: prints an `index`/`i64` array.
    tail_rt_print_memref_i64, i64, I64
);
print_memref_fn!(
    /// `void tail_rt_print_memref_f64(int64_t rank, void *desc)`: prints a double array.
    tail_rt_print_memref_f64, f64, F64
);
print_memref_fn!(
    /// `void tail_rt_print_memref_bool(int64_t rank, void *desc)`: prints a bool array (one
    /// byte per element).
    tail_rt_print_memref_bool, u8, Bool
);
print_memref_fn!(
    /// `void tail_rt_print_memref_char(int64_t rank, void *desc)`: prints a char array (code
    /// points).
    tail_rt_print_memref_char, i32, Char
);

/// The allocated pointers of the arrays noted by `tail_rt_release_*` since the last
/// `tail_rt_release_end`.
static RELEASE: Mutex<Vec<usize>> = Mutex::new(Vec::new());

macro_rules! release_fn {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// `desc` points to a memref descriptor of rank `rank` whose allocated pointer is a
        /// block of the runtime's heap (`memref.alloc` of compiled host code) or null.
        #[no_mangle]
        pub unsafe extern "C" fn $name(rank: i64, desc: *const u8) {
            entry(stringify!($name), || {
                if desc.is_null() || !(0..=64).contains(&rank) {
                    return Err(format!("{}: bad memref descriptor", stringify!($name)));
                }
                // SAFETY: the first field of a ranked descriptor is the allocated pointer.
                let allocated = unsafe { desc.cast::<*mut std::ffi::c_void>().read_unaligned() };
                RELEASE
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(allocated as usize);
                Ok(())
            })
        }
    };
}

release_fn!(
    /// `void tail_rt_release_i32(int64_t rank, void *desc)`: notes an int (or char) array
    /// for `tail_rt_release_end`.
    tail_rt_release_i32
);
release_fn!(
    /// `void tail_rt_release_i64(int64_t rank, void *desc)`: notes an `i64`/`index` array.
    tail_rt_release_i64
);
release_fn!(
    /// `void tail_rt_release_f64(int64_t rank, void *desc)`: notes a double array.
    tail_rt_release_f64
);
release_fn!(
    /// `void tail_rt_release_bool(int64_t rank, void *desc)`: notes a bool array.
    tail_rt_release_bool
);

/// `void tail_rt_release_end(void)`: frees each distinct allocated pointer noted since the
/// last call once (`_mlir_memref_to_llvm_free`, the heap of compiled host code).
#[no_mangle]
pub extern "C" fn tail_rt_release_end() {
    let mut ptrs = std::mem::take(&mut *RELEASE.lock().unwrap_or_else(|e| e.into_inner()));
    ptrs.sort_unstable();
    ptrs.dedup();
    for p in ptrs {
        // SAFETY: each pointer is the allocated pointer of a live memref of compiled host
        // code that nothing uses after this call, freed once.
        unsafe { crate::alloc::_mlir_memref_to_llvm_free(p as *mut std::ffi::c_void) };
    }
}

/// `void tail_rt_print_memref_complex(int64_t rank, void *re, int64_t rank_im, void *im)`:
/// prints the complex array whose real parts are `re` and imaginary parts `im` (two `f64`
/// memrefs of the same shape).
///
/// # Safety
/// `re` and `im` point to memref descriptors of ranks `rank` and `rank_im` describing live
/// elements.
#[no_mangle]
pub unsafe extern "C" fn tail_rt_print_memref_complex(
    rank: i64,
    re: *const u8,
    rank_im: i64,
    im: *const u8,
) {
    entry("tail_rt_print_memref_complex", || {
        let name = "tail_rt_print_memref_complex";
        // SAFETY: as documented for the caller.
        let (dr, di) = unsafe {
            (
                read_desc::<f64>(name, rank, re)?,
                read_desc::<f64>(name, rank_im, im)?,
            )
        };
        if dr.sizes != di.sizes {
            return Err(format!(
                "{name}: real parts of shape {:?}, imaginary parts of shape {:?}",
                dr.sizes, di.sizes
            ));
        }
        let shape = dr.shape(name)?;
        // SAFETY: as documented for the caller.
        let (r, i) = unsafe { (dr.elements(name)?, di.elements(name)?) };
        let data: Vec<f64> = r.iter().zip(&i).flat_map(|(&a, &b)| [a, b]).collect();
        print_elems(&shape, Elems::Complex(&data))
    })
}

/// A result kept between a `*_begin` call and the `tail_rt_take_*` call that copies it out.
enum Kept {
    I32(Vec<i32>),
    I64(Vec<i64>),
    F64(Vec<f64>),
    Bool(Vec<u8>),
}

thread_local! {
    static KEPT: RefCell<Option<Arc<Kept>>> = const { RefCell::new(None) };
}

fn keep(k: Kept) -> i64 {
    keep_shared(Arc::new(k))
}

/// Keeps a result that may also be kept elsewhere (a parsed `--input`, for every run).
fn keep_shared(k: Arc<Kept>) -> i64 {
    let n = match &*k {
        Kept::I32(v) => v.len(),
        Kept::I64(v) => v.len(),
        Kept::F64(v) => v.len(),
        Kept::Bool(v) => v.len(),
    };
    KEPT.with(|s| *s.borrow_mut() = Some(k));
    n as i64
}

/// The char vector memref `(rank, desc)` as a Rust string (a file name).
///
/// # Safety
/// As for [`read_desc`], with `i32` elements.
unsafe fn read_path(name: &str, rank: i64, desc: *const u8) -> Result<String, String> {
    // SAFETY: as documented for the caller.
    let d = unsafe { read_desc::<i32>(name, rank, desc)? };
    if rank != 1 {
        return Err(format!("{name}: the file name has rank {rank}, not 1"));
    }
    // SAFETY: as documented for the caller.
    let codes = unsafe { d.elements(name)? };
    Ok(codes.iter().map(|&c| fmt_char(c as u32)).collect())
}

fn code_points(s: &str) -> Vec<i32> {
    s.chars().map(|c| c as i32).collect()
}

/// The body of the file-reading entry point `name`: the file named by the char vector
/// `path` (a memref descriptor of rank `rank`) read by `read` and kept; returns the count
/// kept. Failures are located at the reading op's position `line:col` in the program's
/// source (0: none).
///
/// # Safety
/// `path` points to a memref descriptor of rank `rank` describing live `i32`s.
unsafe fn reading(
    name: &str,
    (rank, path): (i64, *const u8),
    (line, col): (i32, i32),
    read: impl FnOnce(&str) -> Result<Kept, String>,
) -> i64 {
    entry_at(name, || {
        // SAFETY: as documented for the caller.
        let path = unsafe { read_path(name, rank, path) };
        path.and_then(|p| read(&p))
            .map(keep)
            .map_err(|m| Failure::at(line, col, m))
    })
}

/// `int64_t tail_rt_read_file_begin(int64_t rank, void *path, int32_t line, int32_t col)`:
/// `readFile` at `line:col` of the program: reads the text of the file named by the char
/// vector `path` and keeps its code points for `tail_rt_take_i32`; returns their count. A
/// file that cannot be read ends the program with
/// `prog.apl:2:5: error: cannot read file '<path>': <reason>` and the program's line.
///
/// # Safety
/// `path` points to a memref descriptor of rank `rank` describing live `i32`s.
#[no_mangle]
pub unsafe extern "C" fn tail_rt_read_file_begin(
    rank: i64,
    path: *const u8,
    line: i32,
    col: i32,
) -> i64 {
    // SAFETY: as documented for the caller.
    unsafe {
        reading("tail_rt_read_file_begin", (rank, path), (line, col), |p| {
            Ok(Kept::I32(code_points(&input::read_text(p)?)))
        })
    }
}

/// `int64_t tail_rt_read_int_vec_file_begin(int64_t rank, void *path, int32_t line, int32_t
/// col)`: `readIntVecFile`: the whitespace-separated integers of the file named by `path`,
/// kept for `tail_rt_take_i32`; returns their count. Errors end the program as
/// `tail_rt_read_file_begin`'s, a number that does not parse with its place in the file:
/// `prog.apl:2:5: error: bad integer '1x' in 'data.txt' (line 3, column 7): invalid digit
/// found in string`.
///
/// # Safety
/// `path` points to a memref descriptor of rank `rank` describing live `i32`s.
#[no_mangle]
pub unsafe extern "C" fn tail_rt_read_int_vec_file_begin(
    rank: i64,
    path: *const u8,
    line: i32,
    col: i32,
) -> i64 {
    // SAFETY: as documented for the caller.
    unsafe {
        reading(
            "tail_rt_read_int_vec_file_begin",
            (rank, path),
            (line, col),
            |p| input::read_int_vec_file(p).map(Kept::I32),
        )
    }
}

/// `int64_t tail_rt_read_double_vec_file_begin(int64_t rank, void *path, int32_t line,
/// int32_t col)`: `readDoubleVecFile`: the whitespace-separated doubles of the file named by
/// `path`, kept for `tail_rt_take_f64`; returns their count. Errors as
/// `tail_rt_read_int_vec_file_begin`'s.
///
/// # Safety
/// `path` points to a memref descriptor of rank `rank` describing live `i32`s.
#[no_mangle]
pub unsafe extern "C" fn tail_rt_read_double_vec_file_begin(
    rank: i64,
    path: *const u8,
    line: i32,
    col: i32,
) -> i64 {
    // SAFETY: as documented for the caller.
    unsafe {
        reading(
            "tail_rt_read_double_vec_file_begin",
            (rank, path),
            (line, col),
            |p| input::read_double_vec_file(p).map(Kept::F64),
        )
    }
}

/// `int64_t tail_rt_format_int_begin(int64_t x)`: `formatI`: the digits of `x` (`-` for
/// minus) kept as code points for `tail_rt_take_i32`; returns their count.
#[no_mangle]
pub extern "C" fn tail_rt_format_int_begin(x: i64) -> i64 {
    entry("tail_rt_format_int_begin", || {
        Ok(keep(Kept::I32(code_points(&fmt_int(x)))))
    })
}

/// `int64_t tail_rt_format_double_begin(double x)`: `formatD`: `x` as doubles print, kept as
/// code points for `tail_rt_take_i32`; returns their count.
#[no_mangle]
pub extern "C" fn tail_rt_format_double_begin(x: f64) -> i64 {
    entry("tail_rt_format_double_begin", || {
        Ok(keep(Kept::I32(code_points(&fmt_double(x)))))
    })
}

/// Copies the kept result into `dst` (rank 1, as many elements as kept, contiguous or not).
///
/// # Safety
/// `dst` points to a memref descriptor of rank `rank` describing live, writable `T`s.
unsafe fn take<T: Copy>(
    name: &str,
    rank: i64,
    dst: *const u8,
    pick: impl FnOnce(&Kept) -> Option<&[T]>,
) -> Result<(), String> {
    let kept = KEPT
        .with(|s| s.borrow_mut().take())
        .ok_or_else(|| format!("{name}: no result is waiting to be taken"))?;
    let v = pick(&kept).ok_or_else(|| format!("{name}: the waiting result has another type"))?;
    // SAFETY: as documented for the caller.
    let d = unsafe { read_desc::<T>(name, rank, dst)? };
    if rank != 1 || d.sizes[0] != v.len() as i64 {
        return Err(format!(
            "{name}: destination of shape {:?} for {} elements",
            d.sizes,
            v.len()
        ));
    }
    if d.strides[0] == 1 && !v.is_empty() {
        // SAFETY: the destination holds `v.len()` contiguous elements from its offset.
        unsafe {
            std::slice::from_raw_parts_mut(d.aligned.offset(d.offset as isize), v.len())
                .copy_from_slice(v)
        };
        return Ok(());
    }
    for (k, &x) in v.iter().enumerate() {
        // SAFETY: `k` is within the destination's one extent.
        unsafe {
            *d.aligned
                .offset((d.offset + k as i64 * d.strides[0]) as isize) = x
        };
    }
    Ok(())
}

/// `void tail_rt_take_i32(int64_t rank, void *dst)`: copies the result kept by the last
/// `*_begin` call of this thread (code points or integers) into the rank-1 memref `dst` of
/// its length, and forgets it.
///
/// # Safety
/// `dst` points to a memref descriptor of rank `rank` describing live, writable `i32`s.
#[no_mangle]
pub unsafe extern "C" fn tail_rt_take_i32(rank: i64, dst: *const u8) {
    entry("tail_rt_take_i32", || {
        // SAFETY: as documented for the caller.
        unsafe {
            take("tail_rt_take_i32", rank, dst, |k| match k {
                Kept::I32(v) => Some(v.as_slice()),
                _ => None,
            })
        }
    })
}

/// `void tail_rt_take_f64(int64_t rank, void *dst)`: as `tail_rt_take_i32` for a kept
/// result of doubles.
///
/// # Safety
/// `dst` points to a memref descriptor of rank `rank` describing live, writable `f64`s.
#[no_mangle]
pub unsafe extern "C" fn tail_rt_take_f64(rank: i64, dst: *const u8) {
    entry("tail_rt_take_f64", || {
        // SAFETY: as documented for the caller.
        unsafe {
            take("tail_rt_take_f64", rank, dst, |k| match k {
                Kept::F64(v) => Some(v.as_slice()),
                _ => None,
            })
        }
    })
}

/// `void tail_rt_take_i64(int64_t rank, void *dst)`: as `tail_rt_take_i32` for a kept
/// result of `i64` integers.
///
/// # Safety
/// `dst` points to a memref descriptor of rank `rank` describing live, writable `i64`s.
#[no_mangle]
pub unsafe extern "C" fn tail_rt_take_i64(rank: i64, dst: *const u8) {
    entry("tail_rt_take_i64", || {
        // SAFETY: as documented for the caller.
        unsafe {
            take("tail_rt_take_i64", rank, dst, |k| match k {
                Kept::I64(v) => Some(v.as_slice()),
                _ => None,
            })
        }
    })
}

/// `void tail_rt_take_bool(int64_t rank, void *dst)`: as `tail_rt_take_i32` for a kept
/// result of bools (one byte each).
///
/// # Safety
/// `dst` points to a memref descriptor of rank `rank` describing live, writable bytes.
#[no_mangle]
pub unsafe extern "C" fn tail_rt_take_bool(rank: i64, dst: *const u8) {
    entry("tail_rt_take_bool", || {
        // SAFETY: as documented for the caller.
        unsafe {
            take("tail_rt_take_bool", rank, dst, |k| match k {
                Kept::Bool(v) => Some(v.as_slice()),
                _ => None,
            })
        }
    })
}

/// The values of input `k` as `T`s: `iota:N` (`0 … N-1`), `@FILE` (the file's words) or a
/// list separated by commas or white space, each word read with `parse`.
fn parse_input<T>(k: i64, parse: impl Fn(&str) -> Option<T>) -> Result<Vec<T>, String> {
    let s = crate::cli::input(k)?;
    let ctx = |e: String| format!("--input #{} ('{s}'): {e}", k + 1);
    let bad = |w: &str| {
        ctx(format!(
            "'{w}' is not a number of the parameter's element type"
        ))
    };
    if let Some(n) = s.strip_prefix("iota:") {
        let n: usize = n
            .trim()
            .parse()
            .map_err(|_| ctx(format!("'{n}' is not a length")))?;
        let mut buf = String::new();
        return (0..n)
            .map(|i| {
                use std::fmt::Write as _;
                buf.clear();
                let _ = write!(buf, "{i}");
                parse(&buf).ok_or_else(|| bad(&buf))
            })
            .collect();
    }
    let text = match s.strip_prefix('@') {
        Some(path) => std::fs::read_to_string(path)
            .map_err(|e| ctx(format!("could not read '{path}': {e}")))?,
        None => s.clone(),
    };
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(|w| parse(w).ok_or_else(|| bad(w)))
        .collect()
}

/// Parsed vector inputs by (input number, element kind), so that `--runs N` parses each once
/// (the runs after the first read it from here).
static PARSED_INPUTS: Mutex<Vec<ParsedInput>> = Mutex::new(Vec::new());

/// A parsed `--input`: (input number, element kind) and its values.
type ParsedInput = ((i64, u8), Arc<Kept>);

/// Keeps vector input `k` of element kind `kind`, parsing it on first use.
fn keep_input(
    k: i64,
    kind: u8,
    parse: impl FnOnce() -> Result<Kept, String>,
) -> Result<i64, String> {
    let mut cache = PARSED_INPUTS.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((_, v)) = cache.iter().find(|(key, _)| *key == (k, kind)) {
        return Ok(keep_shared(Arc::clone(v)));
    }
    let v = Arc::new(parse()?);
    cache.push(((k, kind), Arc::clone(&v)));
    Ok(keep_shared(v))
}

fn parse_bool(w: &str) -> Option<u8> {
    match w {
        "0" => Some(0),
        "1" => Some(1),
        _ => None,
    }
}

/// The single value of scalar input `k`.
fn scalar_input<T>(k: i64, parse: impl Fn(&str) -> Option<T>) -> Result<T, String> {
    let s = crate::cli::input(k)?;
    let mut v = parse_input(k, parse)?;
    if v.len() != 1 {
        return Err(format!("--input #{} ('{s}'): expects one number", k + 1));
    }
    Ok(v.remove(0))
}

/// `int64_t tail_rt_input_begin_i32(int64_t k)`: parses `--input` number `k` (0-based) as a
/// vector of ints (`1,2,3`, `iota:N`, `@FILE`), keeps it for `tail_rt_take_i32` and returns
/// its length. A malformed value ends the program: `error: --input #1 ('x'): 'x' is not a
/// number of the parameter's element type`.
#[no_mangle]
pub extern "C" fn tail_rt_input_begin_i32(k: i64) -> i64 {
    entry("tail_rt_input_begin_i32", || {
        keep_input(k, 0, || Ok(Kept::I32(parse_input(k, |w| w.parse().ok())?)))
    })
}

/// `int64_t tail_rt_input_begin_i64(int64_t k)`: as `tail_rt_input_begin_i32` for `i64`
/// (and `index`) elements, kept for `tail_rt_take_i64`.
#[no_mangle]
pub extern "C" fn tail_rt_input_begin_i64(k: i64) -> i64 {
    entry("tail_rt_input_begin_i64", || {
        keep_input(k, 1, || Ok(Kept::I64(parse_input(k, |w| w.parse().ok())?)))
    })
}

/// `int64_t tail_rt_input_begin_f64(int64_t k)`: as `tail_rt_input_begin_i32` for doubles,
/// kept for `tail_rt_take_f64`.
#[no_mangle]
pub extern "C" fn tail_rt_input_begin_f64(k: i64) -> i64 {
    entry("tail_rt_input_begin_f64", || {
        keep_input(k, 2, || Ok(Kept::F64(parse_input(k, |w| w.parse().ok())?)))
    })
}

/// `int64_t tail_rt_input_begin_bool(int64_t k)`: as `tail_rt_input_begin_i32` for bools
/// (`0`/`1`), kept for `tail_rt_take_bool`.
#[no_mangle]
pub extern "C" fn tail_rt_input_begin_bool(k: i64) -> i64 {
    entry("tail_rt_input_begin_bool", || {
        keep_input(k, 3, || Ok(Kept::Bool(parse_input(k, parse_bool)?)))
    })
}

/// `int32_t tail_rt_input_i32(int64_t k)`: `--input` number `k` as one int.
#[no_mangle]
pub extern "C" fn tail_rt_input_i32(k: i64) -> i32 {
    entry("tail_rt_input_i32", || scalar_input(k, |w| w.parse().ok()))
}

/// `int64_t tail_rt_input_i64(int64_t k)`: `--input` number `k` as one `i64`.
#[no_mangle]
pub extern "C" fn tail_rt_input_i64(k: i64) -> i64 {
    entry("tail_rt_input_i64", || scalar_input(k, |w| w.parse().ok()))
}

/// `double tail_rt_input_f64(int64_t k)`: `--input` number `k` as one double.
#[no_mangle]
pub extern "C" fn tail_rt_input_f64(k: i64) -> f64 {
    entry("tail_rt_input_f64", || scalar_input(k, |w| w.parse().ok()))
}

/// `uint8_t tail_rt_input_bool(int64_t k)`: `--input` number `k` as one bool (`0`/`1`).
#[no_mangle]
pub extern "C" fn tail_rt_input_bool(k: i64) -> u8 {
    entry("tail_rt_input_bool", || scalar_input(k, parse_bool))
}

/// The state of `roll`'s generator: xorshift64 with the interpreter's seed, so a compiled
/// program draws the interpreter's sequence.
static ROLL: Mutex<u64> = Mutex::new(0x2545_f491_4f6c_dd1d);

/// `double tail_rt_roll(int32_t n)`: `roll`: the next pseudo-random double in `[0, 1)`,
/// times `n` when `n ≠ 0` (the reference interpreter's generator and sequence).
#[no_mangle]
pub extern "C" fn tail_rt_roll(n: i32) -> f64 {
    entry("tail_rt_roll", || {
        let mut s = ROLL.lock().unwrap_or_else(|p| p.into_inner());
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        let u = (*s >> 11) as f64 / (1u64 << 53) as f64;
        Ok(if n == 0 { u } else { u * n as f64 })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rank-`R` descriptor laid out as compiled code lays it out.
    #[repr(C)]
    struct D<T, const R: usize> {
        allocated: *mut T,
        aligned: *mut T,
        offset: i64,
        sizes: [i64; R],
        strides: [i64; R],
    }

    #[test]
    fn strided_elements_in_row_major_order() {
        // A 2×3 view with column stride 2 and an offset of 1 into 13 elements.
        let mut buf: Vec<i32> = (0..13).collect();
        let d = D::<i32, 2> {
            allocated: buf.as_mut_ptr(),
            aligned: buf.as_mut_ptr(),
            offset: 1,
            sizes: [2, 3],
            strides: [6, 2],
        };
        let desc = unsafe { read_desc::<i32>("t", 2, &d as *const _ as *const u8) }.unwrap();
        assert_eq!(desc.shape("t").unwrap(), vec![2, 3]);
        assert_eq!(
            unsafe { desc.elements("t") }.unwrap(),
            vec![1, 3, 5, 7, 9, 11]
        );
    }

    #[test]
    fn release_frees_each_buffer_once() {
        // Two arrays of one buffer (an input returned as the result) and another buffer:
        // `tail_rt_release_end` frees two blocks (a double free would abort the test).
        let a = crate::alloc::_mlir_memref_to_llvm_alloc(4096).cast::<i32>();
        let b = crate::alloc::_mlir_memref_to_llvm_alloc(64).cast::<i32>();
        let da = D::<i32, 1> {
            allocated: a,
            aligned: a,
            offset: 0,
            sizes: [1024],
            strides: [1],
        };
        let view = D::<i32, 1> {
            allocated: a,
            aligned: a,
            offset: 8,
            sizes: [4],
            strides: [2],
        };
        let db = D::<f64, 1> {
            allocated: b.cast(),
            aligned: b.cast(),
            offset: 0,
            sizes: [8],
            strides: [1],
        };
        unsafe {
            tail_rt_release_i32(1, &da as *const _ as *const u8);
            tail_rt_release_i32(1, &view as *const _ as *const u8);
            tail_rt_release_f64(1, &db as *const _ as *const u8);
        }
        assert_eq!(RELEASE.lock().unwrap().len(), 3);
        tail_rt_release_end();
        assert!(RELEASE.lock().unwrap().is_empty());
    }

    #[test]
    fn keep_and_take() {
        let n = tail_rt_format_int_begin(-42);
        assert_eq!(n, 3);
        let mut out = vec![0i32; 3];
        let d = D::<i32, 1> {
            allocated: out.as_mut_ptr(),
            aligned: out.as_mut_ptr(),
            offset: 0,
            sizes: [3],
            strides: [1],
        };
        unsafe { tail_rt_take_i32(1, &d as *const _ as *const u8) };
        assert_eq!(out, vec!['-' as i32, '4' as i32, '2' as i32]);
        // Nothing is kept any more.
        let r = KEPT.with(|s| s.borrow().is_none());
        assert!(r);
    }
}
