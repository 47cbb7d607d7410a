//! Fatal errors: every failure of a runtime call ends the program with `error: <message>` on
//! standard error and exit status 1. No panic crosses the C ABI: each entry point runs its
//! body under `entry`, which turns an `Err` or a panic into such an exit.

use std::any::Any;
use std::cell::Cell;
use std::ffi::{c_char, CStr};
use std::io::Write;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

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

/// Runs `f` for the entry point `name`: its value, or on `Err(msg)` the exit with
/// `error: msg`, or on a panic the exit with `error: name: internal error: <panic message>`.
pub(crate) fn entry<R>(name: &str, f: impl FnOnce() -> Result<R, String>) -> R {
    install_hook();
    IN_ENTRY.with(|c| c.set(c.get() + 1));
    let r = panic::catch_unwind(AssertUnwindSafe(f));
    IN_ENTRY.with(|c| c.set(c.get() - 1));
    match r {
        Ok(Ok(v)) => v,
        Ok(Err(msg)) => fail(&msg),
        Err(p) => fail(&format!("{name}: internal error: {}", panic_message(&*p))),
    }
}

/// Ends the program: `error: msg` on standard error, exit status 1. Standard output is
/// flushed first (`std::process::exit` flushes Rust's buffered standard output).
pub fn fail(msg: &str) -> ! {
    // Not `eprintln!`, which panics when standard error is closed.
    let _ = writeln!(std::io::stderr(), "error: {msg}");
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
