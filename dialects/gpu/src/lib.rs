//! `tail-gpu`: the `gpu` dialect, a subset of upstream MLIR's with its names and syntax.
//!
//! Mirrors `mlir/include/mlir/Dialect/GPU/IR/GPUOps.td` and `GPUBase.td` (LLVM 22) so that our
//! printed IR, custom or generic, parses with upstream `mlir-opt` and maps one to one onto
//! upstream ops when codegen rebuilds the module through melior:
//!
//! * [`attrs`]: `#gpu.address_space<global|workgroup|private>` (memref memory spaces),
//!   the dimension `#gpu<dim x>` and shuffle mode `#gpu<shuffle_mode xor>` enums, and the
//!   `!gpu.async.token` type;
//! * [`ops`]: `gpu.module`, `gpu.func` (with `kernel` and workgroup/private attributions),
//!   `gpu.return`, `gpu.launch_func`, `gpu.thread_id`/`block_id`/`block_dim`/`grid_dim`/
//!   `lane_id`, `gpu.barrier`, `gpu.shuffle`, and the host-side `gpu.alloc`, `gpu.dealloc`,
//!   `gpu.memcpy`;
//! * [`nvvm`]: `nvvm.exit` (a thread's end, in device code).
//!
//! ## Deviations and limits
//!
//! * **Synchronous forms only.** Async dependencies (`[%t]`) are accepted as operands, so the
//!   operand segments of `gpu.alloc` and `gpu.launch_func` are upstream's, but no op produces
//!   an `!gpu.async.token` (the `async` keyword and the token result are not supported): the
//!   host code of tail waits for every launch.
//! * **Enum attributes are spelled as upstream's.** `#gpu<dim x>` has no mnemonic after a
//!   dot: it is a dialect-level attribute, parsed by the dialect's `parse_attribute` hook; the
//!   ops print them as keywords (`gpu.thread_id x`), and the generic form prints the exact
//!   upstream text, which upstream `mlir-opt` parses.
//! * **Device-only ops** (ids, `barrier`, `shuffle`) must be nested in a `gpu.func`; upstream
//!   also allows `gpu.launch` bodies, which tail does not use.
//! * Atomics use `memref.atomic_rmw`, which belongs to the `memref` dialect
//!   (`dialects/builtin`), not to this crate.
#![deny(missing_docs)]

pub mod attrs;
pub mod nvvm;
pub mod ops;

use tail_ir_macros::dialect;

/// The gpu dialect.
#[dialect(
    name = "gpu",
    summary = "GPU kernels, launches, thread ids, barriers, shuffles and device memory",
    parse_attribute = attrs::parse_gpu_attribute
)]
pub struct GpuDialect;

/// Forces this crate to be linked so its dialect registers (call it from binaries that do not
/// otherwise reference the crate).
pub fn link() {}
