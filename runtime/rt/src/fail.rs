//! Fatal errors: every failure of a runtime call ends the program with `error: <message>` on
//! standard error and exit status 1. No panic crosses the C ABI: each entry point runs its
//! body under `entry`, which turns an `Err` or a panic into such an exit.
//!
//! A failed run-time check of the program ([`Failure::At`]) names its position in the
//! program's source: `prog.apl:3:4: error: <message>`, then the source line and a caret under
//! the column, as compile-time diagnostics show them, when the executable registered its
//! source (`tail_rt_source`, called by the `main` that `tailc build` writes); without it,
//! `error: 3:4: <message>`.

use std::any::Any;
use std::cell::Cell;
use std::ffi::{c_char, CStr};
use std::io::Write;
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Mutex, Once};

thread_local! {
    /// Whether this thread is inside [`entry`], where a panic is reported by the entry (as
    /// `error: …`) rather than by the panic hook.
    static IN_ENTRY: Cell<u32> = const { Cell::new(0) };
}

/// Installs (once) a panic hook that stays silent for panics that [`entry`] will report, and
/// defers to the previous hook for every other panic.
fn install_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if IN_ENTRY.with(|c| c.get()) == 0 {
                previous(info);
            }
        }));
    });
}

/// The message of a panic payload.
pub(crate) fn panic_message(p: &(dyn Any + Send)) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic with a non-text payload".to_string()
    }
}

/// Why a runtime call ends the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// A message without a position: `error: <message>`.
    Message(String),
    /// A failed run-time check of the op at `line:col` of the program's source (line 0: an
    /// op without a position).
    At {
        line: i32,
        col: i32,
        message: String,
    },
}

impl Failure {
    /// A failure of the op at `line:col` of the program's source (line 0: no position).
    pub(crate) fn at(line: i32, col: i32, message: String) -> Self {
        Failure::At { line, col, message }
    }
}

/// The program's source files, registered in order by `tail_rt_source`: name and text.
static SOURCES: Mutex<Vec<(String, String)>> = Mutex::new(Vec::new());

/// `void tail_rt_source(const char *name, int64_t name_len, const char *text, int64_t
/// text_len)`: registers the name and text (UTF-8, invalid bytes replaced by U+FFFD) of the
/// program's next source file (the first call its first file), which failed run-time checks
/// quote: a check's line names the file by its index (`tail_format::position`). Null
/// pointers or negative lengths register nothing.
///
/// # Safety
/// `name` and `text` are null or point to `name_len` and `text_len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn tail_rt_source(
    name: *const u8,
    name_len: i64,
    text: *const u8,
    text_len: i64,
) {
    let bytes = |p: *const u8, n: i64| -> Option<String> {
        let n = usize::try_from(n).ok()?;
        if p.is_null() {
            return None;
        }
        // SAFETY: as documented for the caller.
        let b = unsafe { std::slice::from_raw_parts(p, n) };
        Some(String::from_utf8_lossy(b).into_owned())
    };
    if let (Some(name), Some(text)) = (bytes(name, name_len), bytes(text, text_len)) {
        SOURCES
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push((name, text));
    }
}

/// What standard error shows for `f`: `error: <message>`, or for a check at a position
/// `<file>:<line>:<col>: error: <message>` and the source excerpt (with a registered source),
/// else `error: <line>:<col>: <message>`.
pub(crate) fn render(f: &Failure) -> String {
    match f {
        Failure::Message(m) => format!("error: {m}\n"),
        Failure::At { line, col, message } if *line > 0 => {
            let (file, line) = tail_format::position::decode(i64::from(*line));
            let sources = SOURCES.lock().unwrap_or_else(|p| p.into_inner());
            match sources.get(file) {
                Some((name, text)) => {
                    let (l, c) = (line as u32, (*col).max(0) as u32);
                    let excerpt = tail_format::source_excerpt(text, l, c).unwrap_or_default();
                    format!("{name}:{line}:{col}: error: {message}\n{excerpt}")
                }
                None => format!("error: {line}:{col}: {message}\n"),
            }
        }
        Failure::At { message, .. } => format!("error: {message}\n"),
    }
}

/// Runs `f` for the entry point `name`: its value, or on `Err(msg)` the exit with
/// `error: msg`, or on a panic the exit with `error: name: internal error: <panic message>`.
pub(crate) fn entry<R>(name: &str, f: impl FnOnce() -> Result<R, String>) -> R {
    entry_at(name, || f().map_err(Failure::Message))
}

/// A failure found inside an entry point's body where it cannot end the program yet (with
/// the CUDA driver's lock held): the entry's error exit reports it instead of its own message.
static LATER: Mutex<Option<Failure>> = Mutex::new(None);

/// Records `f` to be reported by the failing entry point in place of its error message (the
/// first one recorded wins).
pub(crate) fn fail_with_later(f: Failure) {
    let mut later = LATER.lock().unwrap_or_else(|e| e.into_inner());
    later.get_or_insert(f);
}

/// [`entry`] for a body whose failures may name a position in the program's source: on
/// `Err(failure)` the exit with [`render`]'s text (of a failure recorded by
/// [`fail_with_later`], if any).
pub(crate) fn entry_at<R>(name: &str, f: impl FnOnce() -> Result<R, Failure>) -> R {
    install_hook();
    IN_ENTRY.with(|c| c.set(c.get() + 1));
    let r = panic::catch_unwind(AssertUnwindSafe(f));
    IN_ENTRY.with(|c| c.set(c.get() - 1));
    match r {
        Ok(Ok(v)) => v,
        Ok(Err(e)) => {
            let later = LATER.lock().unwrap_or_else(|e| e.into_inner()).take();
            exit_with(&render(&later.unwrap_or(e)))
        }
        Err(p) => fail(&format!("{name}: internal error: {}", panic_message(&*p))),
    }
}

/// Ends the program: `error: msg` on standard error, exit status 1. Standard output is
/// flushed first (`std::process::exit` flushes Rust's buffered standard output).
pub fn fail(msg: &str) -> ! {
    exit_with(&render(&Failure::Message(msg.to_string())))
}

/// Ends the program with `text` (ended by a newline) on standard error, exit status 1.
fn exit_with(text: &str) -> ! {
    // Not `eprint!`, which panics when standard error is closed.
    let _ = std::io::stderr().write_all(text.as_bytes());
    // A failure inside the exit handlers of an earlier failure (e.g. a module's unload
    // registered by compiled code) ends the process at once: `exit` must not run twice.
    static EXITING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    if EXITING.swap(true, std::sync::atomic::Ordering::SeqCst) {
        extern "C" {
            fn _exit(status: i32) -> !;
        }
        // SAFETY: ends the process without running exit handlers again.
        unsafe { _exit(1) }
    }
    std::process::exit(1)
}

/// `void tail_rt_fail(const char *msg)`: ends the program with `error: <msg>` on standard
/// error and exit status 1. `msg` is a NUL-terminated UTF-8 string (invalid UTF-8 is replaced
/// by U+FFFD); a null `msg` prints `error: unknown error`. Never returns.
///
/// # Safety
/// `msg` is null or points to a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn tail_rt_fail(msg: *const c_char) -> ! {
    let text = if msg.is_null() {
        "unknown error".to_string()
    } else {
        // SAFETY: the caller passes a NUL-terminated string.
        unsafe { CStr::from_ptr(msg) }
            .to_string_lossy()
            .into_owned()
    };
    fail(&text)
}
