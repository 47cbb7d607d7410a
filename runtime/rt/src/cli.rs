//! The command line of a compiled program and its timing: `prog [--time] [--runs N]`.

use std::ffi::{c_char, CStr};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

use crate::fail::{entry, entry_at, Failure};

static RUNS: AtomicI64 = AtomicI64::new(1);
static TIME: AtomicBool = AtomicBool::new(false);
static INPUTS: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// The text of `--input` number `k` (0-based), or the error that there is none.
pub(crate) fn input(k: i64) -> Result<String, String> {
    let inputs = INPUTS.lock().unwrap_or_else(|p| p.into_inner());
    usize::try_from(k)
        .ok()
        .and_then(|k| inputs.get(k).cloned())
        .ok_or_else(|| {
            format!(
                "the program has no input #{} (give one --input VALUE per parameter)",
                k + 1
            )
        })
}

/// `void tail_rt_check_inputs(int64_t n)`: ends the program unless exactly `n` `--input`
/// values were given: `error: the program takes 1 input (--input VALUE, one per parameter),
/// but 0 were given`.
#[no_mangle]
pub extern "C" fn tail_rt_check_inputs(n: i64) {
    entry("tail_rt_check_inputs", || {
        let got = INPUTS.lock().unwrap_or_else(|p| p.into_inner()).len();
        if got as i64 != n {
            let s = if n == 1 { "" } else { "s" };
            return Err(format!(
                "the program takes {n} input{s} (--input VALUE, one per parameter), but {got} were given"
            ));
        }
        Ok(())
    })
}

/// The options of a compiled program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// `--time`: report times on standard error.
    pub time: bool,
    /// `--runs N`: run the program `N ≥ 1` times.
    pub runs: i64,
    /// `--input VALUE`, one per parameter of the entry function, in order.
    pub inputs: Vec<String>,
}

/// Parses the arguments after the program name.
pub fn parse_args(args: &[String]) -> Result<Options, String> {
    let usage = "usage: <program> [--time] [--runs N] [--input VALUE]...";
    let mut o = Options {
        time: false,
        runs: 1,
        inputs: Vec::new(),
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--input" {
            let v = it
                .next()
                .ok_or_else(|| format!("--input needs a value ({usage})"))?;
            o.inputs.push(v.clone());
            continue;
        }
        if let Some(v) = a.strip_prefix("--input=") {
            o.inputs.push(v.to_string());
            continue;
        }
        let runs = match a.as_str() {
            "--time" => {
                o.time = true;
                continue;
            }
            "--runs" => it
                .next()
                .ok_or_else(|| format!("--runs needs a number ({usage})"))?,
            _ => match a.strip_prefix("--runs=") {
                Some(n) => n,
                None => return Err(format!("unknown argument '{a}' ({usage})")),
            },
        };
        o.runs = match runs.parse::<i64>() {
            Ok(n) if n >= 1 => n,
            _ => {
                return Err(format!(
                    "--runs needs a positive number, got '{runs}' ({usage})"
                ))
            }
        };
    }
    Ok(o)
}

/// `void tail_rt_init(int32_t argc, char **argv)`: reads the program's options (`--time`,
/// `--runs N`, `--runs=N`; anything else ends the program with a usage message) and starts
/// the clock of `tail_rt_now_ms`. `--time` turns kernel timing on.
///
/// # Safety
/// `argv` points to `argc` NUL-terminated strings (the first, the program name, is skipped).
#[no_mangle]
pub unsafe extern "C" fn tail_rt_init(argc: i32, argv: *const *const c_char) {
    entry("tail_rt_init", || {
        start();
        let mut args = Vec::new();
        for k in 1..argc.max(0) as usize {
            // SAFETY: the caller passes `argc` strings.
            let a = unsafe { *argv.add(k) };
            if !a.is_null() {
                // SAFETY: a NUL-terminated string.
                args.push(unsafe { CStr::from_ptr(a) }.to_string_lossy().into_owned());
            }
        }
        let o = parse_args(&args)?;
        TIME.store(o.time, Ordering::Relaxed);
        RUNS.store(o.runs, Ordering::Relaxed);
        *INPUTS.lock().unwrap_or_else(|p| p.into_inner()) = o.inputs;
        crate::cuda::set_kernel_timing(o.time);
        Ok(())
    })
}

/// `int64_t tail_rt_runs(void)`: `N` of `--runs N` (1 without it).
#[no_mangle]
pub extern "C" fn tail_rt_runs() -> i64 {
    RUNS.load(Ordering::Relaxed)
}

/// `int32_t tail_rt_timing(void)`: 1 with `--time`, else 0.
#[no_mangle]
pub extern "C" fn tail_rt_timing() -> i32 {
    TIME.load(Ordering::Relaxed) as i32
}

fn start() -> Instant {
    static START: OnceLock<Instant> = OnceLock::new();
    *START.get_or_init(Instant::now)
}

/// `double tail_rt_now_ms(void)`: milliseconds on a monotonic clock since `tail_rt_init` (or
/// the first call).
#[no_mangle]
pub extern "C" fn tail_rt_now_ms() -> f64 {
    start().elapsed().as_secs_f64() * 1e3
}

/// `int32_t tail_rt_nowi(int32_t x)`: `nowi`: the milliseconds since `tail_rt_init` (as the
/// interpreter, saturated at `INT32_MAX`). The argument must be 0; anything else ends the
/// program: `error: nowi expects the argument 0 (milliseconds since the start), but got 1`.
#[no_mangle]
pub extern "C" fn tail_rt_nowi(x: i32) -> i32 {
    entry("tail_rt_nowi", || {
        if x != 0 {
            return Err(format!(
                "nowi expects the argument 0 (milliseconds since the start), but got {x}"
            ));
        }
        Ok(i32::try_from(start().elapsed().as_millis()).unwrap_or(i32::MAX))
    })
}

/// `void tail_rt_check_extents(int64_t expected, int64_t got, int64_t what, int32_t line,
/// int32_t col)`: the run-time check that two extents agree: input `what` of a map has the
/// outer extent of input #0, or what a negative `what` names ([`tail_format::what`]: a
/// replicate's counts, an axis of a catenation); when not, ends the program with
/// `prog.apl:3:7: error: extent mismatch: input #0 has 3 rows but input #1 has 2` and the
/// source line (the position of the op in the program's source; see [`crate::fail`]).
#[no_mangle]
pub extern "C" fn tail_rt_check_extents(expected: i64, got: i64, what: i64, line: i32, col: i32) {
    entry_at("tail_rt_check_extents", || {
        if expected == got {
            return Ok(());
        }
        Err(Failure::at(
            line,
            col,
            tail_format::extent_mismatch(expected, got, what),
        ))
    })
}

/// `void tail_rt_check_index(int64_t index, int64_t extent, int64_t axis, int32_t origin,
/// int32_t line, int32_t col)`: the run-time check of an index (`0 ≤ index < extent`, counted
/// from 0); when it fails, ends the program with
/// `prog.apl:4:1: error: index 4 is out of bounds for axis 1 of extent 3` and the source
/// line, the index and the axis counted from `origin` (1 for programs from APL or TAIL).
#[no_mangle]
pub extern "C" fn tail_rt_check_index(
    index: i64,
    extent: i64,
    axis: i64,
    origin: i32,
    line: i32,
    col: i32,
) {
    entry_at("tail_rt_check_index", || {
        if (0..extent).contains(&index) {
            return Ok(());
        }
        let msg = tail_format::index_out_of_bounds(index, axis, extent, origin.into());
        Err(Failure::at(line, col, msg))
    })
}

/// `void tail_rt_check_count(int64_t n, int32_t line, int32_t col)`: the run-time check of an
/// `iota` count; a negative one ends the program with
/// `prog.apl:2:5: error: negative argument -3` and the source line.
#[no_mangle]
pub extern "C" fn tail_rt_check_count(n: i64, line: i32, col: i32) {
    entry_at("tail_rt_check_count", || {
        if n >= 0 {
            return Ok(());
        }
        Err(Failure::at(line, col, tail_format::negative_count(n)))
    })
}

/// `void tail_rt_check_extent32(int64_t n, int32_t line, int32_t col)`: the run-time check
/// that an extent `⍴` gives fits in a 32-bit int; a larger one ends the program with
/// `prog.apl:2:1: error: an axis of 10000000000 elements has no 32-bit length (⍴ gives 32-bit
/// ints)` and the source line.
#[no_mangle]
pub extern "C" fn tail_rt_check_extent32(n: i64, line: i32, col: i32) {
    entry_at("tail_rt_check_extent32", || {
        if n <= i64::from(i32::MAX) {
            return Ok(());
        }
        Err(Failure::at(line, col, tail_format::extent_too_large(n)))
    })
}

/// `void tail_rt_report_time(double total_ms)`: writes `time: total <t> ms` to standard error,
/// followed by `, kernels <k> ms (<n> launches)` when kernels ran: on the GPU their time by
/// events (see `tail_rt_kernel_time_ms`), on the CPU the wall-clock time of the thread pool's
/// parallel loops (each kernel's grid is one loop; nested loops are part of their caller).
#[no_mangle]
pub extern "C" fn tail_rt_report_time(total_ms: f64) {
    let (k, launches) = match crate::cuda::tail_rt_kernel_launches() {
        0 => crate::pool::loop_time(),
        n => (crate::cuda::tail_rt_kernel_time_ms(), n),
    };
    // Not `eprintln!`, which panics when standard error is closed.
    let _ = if launches > 0 {
        writeln!(
            std::io::stderr(),
            "time: total {total_ms:.3} ms, kernels {k:.3} ms ({launches} launches)"
        )
    } else {
        writeln!(std::io::stderr(), "time: total {total_ms:.3} ms")
    };
}

/// `int32_t tail_rt_main(int32_t argc, char **argv, void (*program)(void))`: the `main` of a
/// compiled program. Reads the options (`tail_rt_init`), then runs `program` `N` times
/// (`--runs N`); only the first run prints (later runs would print the same values). With
/// `--time`, each run's time is reported after it (`tail_rt_report_time`, kernel times reset
/// between runs). Returns the exit status, 0 (every failure ends the program before).
///
/// # Safety
/// `argv` points to `argc` NUL-terminated strings; `program` is a function of no arguments.
#[no_mangle]
pub unsafe extern "C" fn tail_rt_main(
    argc: i32,
    argv: *const *const c_char,
    program: Option<unsafe extern "C" fn()>,
) -> i32 {
    // SAFETY: as documented for the caller.
    unsafe { tail_rt_init(argc, argv) };
    let Some(program) = program else {
        crate::fail::fail("tail_rt_main: no program to run");
    };
    for run in 0..tail_rt_runs() {
        crate::print::set_output(run == 0);
        crate::cuda::tail_rt_reset_kernel_time();
        crate::pool::reset_loop_time();
        let t0 = tail_rt_now_ms();
        // SAFETY: the compiled program's entry function.
        unsafe { program() };
        crate::cuda::finish();
        let t1 = tail_rt_now_ms();
        if tail_rt_timing() != 0 {
            tail_rt_report_time(t1 - t0);
        }
    }
    crate::print::set_output(true);
    let _ = std::io::stdout().flush();
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn options() {
        assert_eq!(
            parse_args(&args(&[])),
            Ok(Options {
                time: false,
                runs: 1,
                inputs: vec![]
            })
        );
        assert_eq!(
            parse_args(&args(&[
                "--time",
                "--runs",
                "5",
                "--input",
                "iota:4",
                "--input=2"
            ])),
            Ok(Options {
                time: true,
                runs: 5,
                inputs: vec!["iota:4".into(), "2".into()]
            })
        );
        assert_eq!(parse_args(&args(&["--runs=3"])).map(|o| o.runs), Ok(3));
        assert!(parse_args(&args(&["--runs", "0"]))
            .unwrap_err()
            .starts_with("--runs needs a positive number, got '0'"));
        assert!(parse_args(&args(&["--runs"])).is_err());
        assert!(parse_args(&args(&["-x"]))
            .unwrap_err()
            .starts_with("unknown argument '-x'"));
    }
}
