//! The CPU thread pool: `parallel_for(n, f)` runs `f(i)` for every `i` in `0..n` on all cores;
//! `parallel_ranges(n, f)` runs `f(start, end)` on disjoint ranges covering `0..n` (the loop
//! over a range is then the caller's, without a call per index).
//!
//! - Workers: `available_parallelism() − 1` threads (the calling thread is the last
//!   participant), or `TAIL_NUM_THREADS − 1` when that variable is set (a positive integer;
//!   anything else is an error). Started on the first parallel call, parked on a condition
//!   variable between calls after spinning for [`SPIN`] (back-to-back calls, the common case
//!   for a sequence of kernels — Life's 100 generations, HotSpot's 360 steps — then pay no
//!   sleep and wake-up each, which in a virtual machine costs tens of microseconds). The
//!   caller likewise spins for the last workers to leave a loop before it sleeps, and wakes
//!   sleepers only when there are any.
//! - Scheduling: dynamic. Participants claim chunks of consecutive indices from a shared
//!   atomic counter; the chunk size is `max(1, n / (8 × threads))`, so uneven iterations
//!   balance and each claim amortises the atomic operation.
//! - The caller participates and returns when every index has run (all writes made by `f`
//!   are then visible to it).
//! - Nested calls (from inside `f`) run sequentially on the calling thread; so do calls
//!   with a single thread. Two top-level callers on different threads take turns.
//! - A panic in `f` (a Rust closure; the C entry point's `f` is a C function, which cannot
//!   unwind) stops the other participants claiming further chunks and is returned as an
//!   error naming the panic message.
//!
//! Why std threads and not rayon: the pool needs exactly one primitive (a flat parallel loop
//! with the caller participating), which is ~150 lines over `std::sync`; rayon would bring
//! its work-stealing scheduler, `crossbeam-deque`/`-epoch`/`-utils` and their code into
//! every executable for no extra capability here, and its nested-call semantics
//! (work-stealing inside `f`) are not the sequential nesting the CPU backend wants (a grid
//! of blocks is parallel; the loops inside a block run on that block's thread).

use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::fail::panic_message;

thread_local! {
    /// Whether this thread is running iterations of a parallel loop (nested calls then run
    /// sequentially).
    static IN_LOOP: Cell<bool> = const { Cell::new(false) };
}

/// How long a worker waits for the next loop, and the caller for the workers to leave one,
/// spinning before sleeping on a condition variable.
const SPIN: Duration = Duration::from_micros(500);

/// Spins until `done()` or [`SPIN`] has passed; whether `done()`.
fn spin_until(done: impl Fn() -> bool) -> bool {
    let start = Instant::now();
    loop {
        for _ in 0..64 {
            if done() {
                return true;
            }
            std::hint::spin_loop();
        }
        if start.elapsed() >= SPIN {
            return done();
        }
    }
}

/// The body of a loop, run on ranges `[start, end)` of indices, with its lifetime erased (see
/// [`Job::body`]).
type Body = dyn Fn(i64, i64) + Sync;

/// One parallel loop.
struct Job {
    /// The loop body. Valid while the submitting call runs; it only returns after every
    /// worker that joined the job has left it, and no worker joins after that.
    body: *const Body,
    n: i64,
    chunk: i64,
    next: AtomicI64,
    /// Set when an iteration panicked: stop claiming chunks.
    stop: AtomicBool,
    panic: Mutex<Option<String>>,
    /// Workers inside this job (changed under the pool's state lock; read without it by the
    /// submitter's spin).
    running: AtomicUsize,
}

// SAFETY: `body` points to a `Sync` closure that outlives every use (see `Job::body`).
unsafe impl Send for Job {}
// SAFETY: as above; the other fields are thread-safe.
unsafe impl Sync for Job {}

impl Job {
    /// Claims and runs chunks until none is left (or an iteration panicked).
    fn run(&self) {
        // SAFETY: see `Job::body`.
        let body = unsafe { &*self.body };
        let was = IN_LOOP.with(|c| c.replace(true));
        while !self.stop.load(Ordering::Relaxed) {
            let start = self.next.fetch_add(self.chunk, Ordering::Relaxed);
            // (`start < 0`: the counter wrapped past `i64::MAX`, only for `n` near it.)
            if start >= self.n || start < 0 {
                break;
            }
            let end = start.saturating_add(self.chunk).min(self.n);
            let r = panic::catch_unwind(AssertUnwindSafe(|| body(start, end)));
            if let Err(p) = r {
                self.stop.store(true, Ordering::Relaxed);
                let mut slot = self.panic.lock().unwrap_or_else(|e| e.into_inner());
                slot.get_or_insert_with(|| panic_message(&*p));
            }
        }
        IN_LOOP.with(|c| c.set(was));
    }
}

/// State shared by the submitting thread and the workers.
struct State {
    /// The current job, `None` between jobs (and once the submitter stops admitting workers).
    job: Option<Arc<Job>>,
    /// Workers asleep on `work`.
    sleeping: usize,
    /// Whether the submitter is asleep on `done`.
    waiting: bool,
}

struct Pool {
    threads: usize,
    state: Mutex<State>,
    /// Bumped for every job (workers spin on it before sleeping).
    generation: AtomicU64,
    work: Condvar,
    done: Condvar,
    /// Serialises top-level submitters.
    submit: Mutex<()>,
}

/// The number of threads `TAIL_NUM_THREADS` or the machine asks for.
fn thread_count() -> Result<usize, String> {
    match std::env::var("TAIL_NUM_THREADS") {
        Ok(v) => match v.trim().parse::<usize>() {
            Ok(n) if n > 0 => Ok(n),
            _ => Err(format!(
                "TAIL_NUM_THREADS must be a positive integer, got '{v}'"
            )),
        },
        Err(std::env::VarError::NotPresent) => {
            Ok(std::thread::available_parallelism().map_or(1, |n| n.get()))
        }
        Err(e) => Err(format!("TAIL_NUM_THREADS: {e}")),
    }
}

static POOL: OnceLock<Result<&'static Pool, String>> = OnceLock::new();

fn pool() -> Result<&'static Pool, String> {
    POOL.get_or_init(|| {
        let threads = thread_count()?;
        let p: &'static Pool = Box::leak(Box::new(Pool {
            threads,
            state: Mutex::new(State {
                job: None,
                sleeping: 0,
                waiting: false,
            }),
            generation: AtomicU64::new(0),
            work: Condvar::new(),
            done: Condvar::new(),
            submit: Mutex::new(()),
        }));
        for k in 1..threads {
            std::thread::Builder::new()
                .name(format!("tail-worker-{k}"))
                .spawn(move || worker(p))
                .map_err(|e| format!("cannot start worker thread {k}: {e}"))?;
        }
        Ok(p)
    })
    .clone()
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn worker(p: &'static Pool) {
    let mut seen = 0u64;
    loop {
        // Spin for the next job before sleeping.
        spin_until(|| p.generation.load(Ordering::Acquire) != seen);
        let job = {
            let mut st = lock(&p.state);
            loop {
                let g = p.generation.load(Ordering::Acquire);
                if g != seen {
                    seen = g;
                    if let Some(job) = st.job.clone() {
                        job.running.fetch_add(1, Ordering::Relaxed);
                        break job;
                    }
                }
                st.sleeping += 1;
                st = p.work.wait(st).unwrap_or_else(|e| e.into_inner());
                st.sleeping -= 1;
            }
        };
        job.run();
        let st = lock(&p.state);
        if job.running.fetch_sub(1, Ordering::Release) == 1 && st.waiting {
            p.done.notify_all();
        }
        drop(st);
    }
}

/// The time in nanoseconds and the number of the parallel loops run with kernel timing on
/// (`--time`): the CPU backend's kernels (a grid of blocks is one loop). Only loops called
/// outside another are counted; a nested one is part of its caller's iteration.
static LOOP_NS: AtomicU64 = AtomicU64::new(0);
static LOOPS: AtomicI64 = AtomicI64::new(0);

/// Runs `f`, a parallel loop entered from compiled code, adding its wall-clock time to the
/// loop time when kernels are timed and the call is not nested in another loop.
fn timed<R>(f: impl FnOnce() -> R) -> R {
    if IN_LOOP.with(|c| c.get()) || !crate::cuda::kernel_timing() {
        return f();
    }
    let t0 = Instant::now();
    let r = f();
    let ns = u64::try_from(t0.elapsed().as_nanos()).unwrap_or(u64::MAX);
    LOOP_NS.fetch_add(ns, Ordering::Relaxed);
    LOOPS.fetch_add(1, Ordering::Relaxed);
    r
}

/// The total time in milliseconds and the number of the timed parallel loops since the start
/// or the last [`reset_loop_time`].
pub fn loop_time() -> (f64, i64) {
    let ns = LOOP_NS.load(Ordering::Relaxed);
    (ns as f64 / 1e6, LOOPS.load(Ordering::Relaxed))
}

/// Sets the parallel loops' time and count to 0 (between runs of `--runs N`).
pub fn reset_loop_time() {
    LOOP_NS.store(0, Ordering::Relaxed);
    LOOPS.store(0, Ordering::Relaxed);
}

/// The number of threads parallel loops use (workers and the caller).
pub fn num_threads() -> Result<usize, String> {
    Ok(pool()?.threads)
}

/// Runs `body(i)` for every `i` in `0..n` (nothing when `n ≤ 0`), in parallel on the pool
/// (see the module docs); `Err` with the panic message when an iteration panicked.
pub fn parallel_for<F: Fn(i64) + Sync + ?Sized>(n: i64, body: &F) -> Result<(), String> {
    parallel_ranges(n, &|start, end| (start..end).for_each(body))
}

/// Runs `body(start, end)` on disjoint ranges that together cover `0..n` exactly once
/// (nothing when `n ≤ 0`), in parallel on the pool; `Err` with the panic message when a call
/// panicked. The ranges are the chunks of the dynamic schedule (see the module docs), so the
/// loop inside `body` is the caller's own (and can be vectorised).
pub fn parallel_ranges(n: i64, body: &(dyn Fn(i64, i64) + Sync)) -> Result<(), String> {
    if n <= 0 {
        return Ok(());
    }
    let p = pool()?;
    let nested = IN_LOOP.with(|c| c.get());
    if nested || p.threads == 1 || n == 1 {
        let was = IN_LOOP.with(|c| c.replace(true));
        let r = panic::catch_unwind(AssertUnwindSafe(|| body(0, n)));
        IN_LOOP.with(|c| c.set(was));
        return r.map_err(|e| panic_message(&*e));
    }
    let _turn = lock(&p.submit);
    let chunk = (n / (8 * p.threads as i64)).max(1);
    // SAFETY (lifetime erasure): the job is withdrawn and every worker has left it before
    // this function returns, so `body` outlives all uses.
    let body: *const Body =
        unsafe { std::mem::transmute::<&(dyn Fn(i64, i64) + Sync), &'static Body>(body) };
    let job = Arc::new(Job {
        body,
        n,
        chunk,
        next: AtomicI64::new(0),
        stop: AtomicBool::new(false),
        panic: Mutex::new(None),
        running: AtomicUsize::new(0),
    });
    {
        let mut st = lock(&p.state);
        st.job = Some(job.clone());
        p.generation.fetch_add(1, Ordering::Release);
        if st.sleeping > 0 {
            p.work.notify_all();
        }
    }
    job.run();
    // No worker joins once the job is withdrawn; wait for those inside it to leave (their
    // writes are then visible here: `running` is released by them and acquired below).
    lock(&p.state).job = None;
    if !spin_until(|| job.running.load(Ordering::Acquire) == 0) {
        let mut st = lock(&p.state);
        while job.running.load(Ordering::Acquire) > 0 {
            st.waiting = true;
            st = p.done.wait(st).unwrap_or_else(|e| e.into_inner());
        }
        st.waiting = false;
    }
    let msg = lock(&job.panic).take();
    match msg {
        Some(m) => Err(m),
        None => Ok(()),
    }
}

/// A C loop body and its context, shareable across the pool's threads.
struct CBody {
    f: extern "C" fn(*mut std::ffi::c_void, i64),
    ctx: *mut std::ffi::c_void,
}

// SAFETY: the caller of `tail_rt_parallel_for` promises that `f(ctx, i)` may run
// concurrently for different `i`.
unsafe impl Sync for CBody {}

impl CBody {
    fn call(&self, i: i64) {
        (self.f)(self.ctx, i)
    }
}

/// `void tail_rt_parallel_for(int64_t n, void (*f)(void *ctx, int64_t i), void *ctx)`: runs
/// `f(ctx, i)` for every `i` in `0..n` (nothing when `n ≤ 0`) on all cores, in any order and
/// concurrently, and returns when all have run. The worker count is the number of available
/// cores, or `TAIL_NUM_THREADS` (a positive integer; anything else ends the program with an
/// error); the calling thread participates; indices are claimed dynamically in chunks; a
/// call made from inside `f` runs its loop sequentially on the calling thread.
///
/// # Safety
/// `f(ctx, i)` must be safe to run concurrently for distinct `i`.
#[no_mangle]
pub unsafe extern "C" fn tail_rt_parallel_for(
    n: i64,
    f: extern "C" fn(ctx: *mut std::ffi::c_void, i: i64),
    ctx: *mut std::ffi::c_void,
) {
    crate::fail::entry("tail_rt_parallel_for", || {
        if n > 0 {
            num_threads()?; // a bad TAIL_NUM_THREADS is reported as such
        }
        let body = CBody { f, ctx };
        timed(|| parallel_for(n, &|i| body.call(i)))
            .map_err(|m| format!("tail_rt_parallel_for: an iteration failed: {m}"))
    })
}

/// A C range body and its context.
struct CRangeBody {
    f: extern "C" fn(*mut std::ffi::c_void, i64, i64),
    ctx: *mut std::ffi::c_void,
}

// SAFETY: the caller of `tail_rt_parallel_for_ranges` promises that `f` may run
// concurrently on disjoint ranges.
unsafe impl Sync for CRangeBody {}

impl CRangeBody {
    fn call(&self, start: i64, end: i64) {
        (self.f)(self.ctx, start, end)
    }
}

/// `void tail_rt_parallel_for_ranges(int64_t n, void (*f)(void *ctx, int64_t start, int64_t end),
/// void *ctx)`: as `tail_rt_parallel_for`, but calls `f(ctx, start, end)` on disjoint ranges
/// `[start, end)` covering `0..n` exactly once (the chunks of the dynamic schedule), so that
/// the loop over a range is compiled code's own (no call per index, vectorisable). A call
/// from inside `f` gets the single range `[0, n)` on the calling thread.
///
/// # Safety
/// `f(ctx, start, end)` must be safe to run concurrently on disjoint ranges.
#[no_mangle]
pub unsafe extern "C" fn tail_rt_parallel_for_ranges(
    n: i64,
    f: extern "C" fn(ctx: *mut std::ffi::c_void, start: i64, end: i64),
    ctx: *mut std::ffi::c_void,
) {
    crate::fail::entry("tail_rt_parallel_for_ranges", || {
        if n > 0 {
            num_threads()?; // a bad TAIL_NUM_THREADS is reported as such
        }
        let body = CRangeBody { f, ctx };
        timed(|| parallel_ranges(n, &|start, end| body.call(start, end)))
            .map_err(|m| format!("tail_rt_parallel_for_ranges: an iteration failed: {m}"))
    })
}

/// `int64_t tail_rt_num_threads(void)`: the number of threads `tail_rt_parallel_for` uses
/// (workers and the caller); starts the pool.
#[no_mangle]
pub extern "C" fn tail_rt_num_threads() -> i64 {
    crate::fail::entry("tail_rt_num_threads", || num_threads().map(|n| n as i64))
}
