//! `tail-rt`: the runtime library of compiled tail programs. Host code compiled through LLVM
//! calls it through a C ABI (`#[no_mangle] extern "C"`); it is linked into standalone
//! executables as a static library (`libtail_rt.a`). docs/RUNTIME.md lists every entry point
//! with its C signature; each function's documentation here repeats it.
//!
//! - [`print`](mod@print): `tail_rt_print_*`: arrays and scalars printed exactly as the reference
//!   interpreter prints them (the formatting itself is `tail-format`, shared with
//!   `tail-interp`).
//! - [`input`]: `tail_rt_read_file`, `tail_rt_read_int_vec_file`,
//!   `tail_rt_read_double_vec_file`, `tail_rt_format_int`, `tail_rt_format_double`: buffers
//!   the runtime allocates with C `malloc` (the caller frees them), with their length.
//! - [`memref`](mod@memref): the entry points host code compiled through MLIR calls with
//!   arrays as unranked memrefs (printing, file input and `formatI`/`formatD` in two calls,
//!   `roll`).
//! - [`alloc`](mod@alloc): the host heap of compiled code (`memref.alloc`/`memref.dealloc`),
//!   which keeps large released blocks for reuse.
//! - [`pool`]: `tail_rt_parallel_for`, the CPU thread pool.
//! - [`cuda`]: the `mgpu*` functions that MLIR's GPU-to-LLVM lowering calls, over the CUDA
//!   driver API loaded at run time (`cudarc`), with a caching device allocator and kernel
//!   timing; `tail_rt_cuda_available`.
//! - [`cli`]: `tail_rt_init` (`--time`, `--runs N`), clocks and the time report.
//! - [`fail`]: `tail_rt_fail`. Every error ends the program with `error: <message>` on
//!   standard error and exit status 1; a panic never crosses the C ABI (each entry point
//!   catches it and reports it the same way).
//!
//! Threads: printing, file input and the `mgpu*` functions may be called from any thread (the
//! driver state is behind a lock); `tail_rt_parallel_for` may be called from inside its own
//! loop bodies (the inner loop then runs sequentially).

pub mod alloc;
pub mod cli;
pub mod cuda;
pub mod fail;
pub mod input;
pub mod memref;
pub mod pool;
pub mod print;
