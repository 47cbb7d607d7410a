//! `tail-cpu`: the CPU backend's IR part — the same kernels as on the GPU, run on the host.
//!
//! | argument | anchor | what it does |
//! | --- | --- | --- |
//! | [`convert-gpu-to-cpu`](mod@gpu_to_cpu) | `builtin.module` | `gpu.module` kernels → one `func.func` per kernel running one block as thread loops (phases split at barriers and shuffles); `gpu.launch_func` → `scf.parallel` over the blocks calling it; `gpu.alloc`/`dealloc`/`memcpy` → `memref` ops |
//! | [`widen-bool-memrefs`](mod@bool_memrefs) | `builtin.module` | memrefs of `i1` → memrefs of `i8` (loads truncate, stores extend), so that LLVM vectorizes loops over boolean arrays |
//! | [`widen-loop-indices`](mod@widen_indices) | `builtin.module` | innermost loops whose `i32` positions count with the induction variable are versioned: where no position wraps, they are computed in `index`, so that LLVM sees consecutive accesses |
//!
//! Named pipeline `tail-to-cpu`: `tail-to-gpu` with radix-sort grades
//! (`convert-tail-to-soac{radix-grade=true}`), sequential scans and 1024-thread blocks for
//! matrix products
//! (`convert-soac-to-hpar{sequential-scans=true fold-block-size=1024}`), then
//! `convert-gpu-to-cpu,canonicalize,cse,widen-loop-indices,canonicalize,cse`; the result
//! holds only `func`, `scf`, `arith`, `math`, `memref` and `index` ops (and the host I/O ops of
//! the levels above), so the reference interpreter runs it (`tailc run --after=tail-to-cpu
//! prog.apl`) and a later step compiles it through LLVM, with the `scf.parallel` over blocks
//! handed to a thread pool. See `docs/CPU.md` for the design; the [`kernel`] module for how a
//! kernel's threads become loops.
#![deny(missing_docs)]

pub mod bool_memrefs;
pub mod gpu_to_cpu;
pub mod kernel;
pub mod noalias;
pub mod runtime_calls;
mod staging;
mod thread_loops;
pub mod widen_indices;

pub use bool_memrefs::WidenBoolMemrefs;
pub use gpu_to_cpu::ConvertGpuToCpu;
pub use runtime_calls::{ConvertParallelToRt, ConvertTailIoToRt};
pub use widen_indices::WidenLoopIndices;

tail_ir::pass_pipeline! {
    argument: "tail-to-cpu-rt",
    summary: "From TAIL to host code for the LLVM lowering: tail-to-cpu, then the runtime calls (convert-tail-io-to-rt, convert-parallel-to-rt) and boolean memrefs as bytes (widen-bool-memrefs)",
    pipeline: "tail-to-cpu,convert-tail-io-to-rt,convert-parallel-to-rt,widen-bool-memrefs,canonicalize,cse",
}

/// The kernel levels of the CPU backend as one pipeline literal (see [`KERNELS_FOR_CPU`]).
macro_rules! kernels_for_cpu {
    () => {
        "canonicalize,convert-tail-to-soac{radix-grade=true},canonicalize,cse,func.func(soac-opt),func.func(soac-opt),soac-runtime-checks{index-origin=1},convert-soac-to-hpar{sequential-scans=true fold-block-size=1024},convert-hpar-to-gpu,canonicalize,cse,gpu-launch-facts,gpu-narrow-buffers,canonicalize,cse"
    };
}

/// The passes of `tail-to-gpu` ([`tail_kernels::TAIL_TO_GPU`]) as the CPU backend runs them:
/// grades as radix sorts (`convert-tail-to-soac`'s option `radix-grade`, with `tail-to-soac`
/// written out), sequential scans (`convert-soac-to-hpar`'s option `sequential-scans`: one
/// thread's loop scans each chunk of a scan and each row of a row scan), 1024-thread blocks
/// for a matrix product's kernel (its option `fold-block-size`), and no `gpu-thread-storage`
/// (`convert-gpu-to-cpu` gives the threads' storage heap buffers).
pub const KERNELS_FOR_CPU: &str = kernels_for_cpu!();

/// What the CPU backend runs after the kernel levels as one pipeline literal (see
/// [`GPU_TO_CPU`]).
macro_rules! gpu_to_cpu {
    () => {
        "convert-gpu-to-cpu,canonicalize,cse,widen-loop-indices,canonicalize,cse"
    };
}

/// What the CPU backend runs after the kernel levels, for APL and FCL programs alike: the
/// kernels become block functions, then their 32-bit positions are widened where they
/// cannot wrap.
pub const GPU_TO_CPU: &str = gpu_to_cpu!();

/// The passes of the named pipeline `tail-to-cpu`: [`KERNELS_FOR_CPU`], then [`GPU_TO_CPU`].
pub const TAIL_TO_CPU: &str = concat!(kernels_for_cpu!(), ",", gpu_to_cpu!());

tail_ir::pass_pipeline! {
    argument: "tail-to-cpu",
    summary: "From TAIL to host code running the gpu kernels on the CPU: tail-to-gpu with radix-sort grades (convert-tail-to-soac{radix-grade=true}), sequential scans, threads' storage of any size and 1024-thread blocks for matrix products (convert-soac-to-hpar{sequential-scans=true fold-block-size=1024}), then convert-gpu-to-cpu and widen-loop-indices",
    pipeline: TAIL_TO_CPU,
}

/// Forces this crate (and its pass registrations, with those of `tail-kernels`) to be linked
/// into a binary; call it once from tools such as `tail-opt`.
#[inline(never)]
pub fn link() {
    tail_kernels::link();
    std::hint::black_box(ConvertGpuToCpu::PASS_INFO);
    std::hint::black_box(ConvertTailIoToRt::PASS_INFO);
    std::hint::black_box(ConvertParallelToRt::PASS_INFO);
    std::hint::black_box(WidenBoolMemrefs::PASS_INFO);
    std::hint::black_box(WidenLoopIndices::PASS_INFO);
}

#[cfg(test)]
mod tests {
    /// `tail-to-cpu` is `tail-to-gpu` with radix grades and sequential scans, without
    /// `gpu-thread-storage` (heap storage for threads instead), then the CPU
    /// conversion.
    #[test]
    fn tail_to_cpu_follows_tail_to_gpu() {
        let gpu = super::KERNELS_FOR_CPU
            .replace(
                "canonicalize,convert-tail-to-soac{radix-grade=true},canonicalize,cse,",
                "tail-to-soac,",
            )
            .replace(
                "convert-soac-to-hpar{sequential-scans=true fold-block-size=1024}",
                "convert-soac-to-hpar",
            )
            .replace(
                "convert-hpar-to-gpu,",
                "convert-hpar-to-gpu,gpu-thread-storage,",
            );
        assert_eq!(gpu, tail_kernels::TAIL_TO_GPU);
        assert_eq!(
            super::TAIL_TO_CPU,
            format!("{},{}", super::KERNELS_FOR_CPU, super::GPU_TO_CPU)
        );
    }
}
