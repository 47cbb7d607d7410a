//! `tail-kernels`: kernel extraction, from `soac` through `hpar` to `gpu`.
//!
//! | argument | anchor | what it does |
//! | --- | --- | --- |
//! | [`soac-runtime-checks`](mod@checks) | `builtin.module` | run-time checks (`func.call @tail_rt_check_extents`, `@tail_rt_check_index`) of what the `soac` level checks and kernels do not: equal outer extents of the inputs of top-level maps, reductions and scans; indices read on the host |
//! | [`convert-soac-to-hpar`](mod@soac_to_hpar) | `builtin.module` | top-level SOACs (map nests, reductions, scans, filters; `soac.loop` as a host loop) → `hpar` grid programs |
//! | [`convert-hpar-to-gpu`](mod@hpar_to_gpu) | `builtin.module` | `hpar` grid programs → `gpu.module` kernels and host code (`gpu.alloc`, `gpu.memcpy`, `gpu.launch_func`) |
//! | [`gpu-launch-facts`](mod@launch_facts) | `builtin.module` | host facts into kernels: loop-invariant extents of host loops; kernel arguments constant or equal at every launch, extents of buffer arguments → constants or index arguments |
//! | [`gpu-thread-storage`](mod@thread_storage) | `builtin.module` | run-time-sized thread storage (`memref.alloca` with dynamic sizes in kernels) → one global buffer per launch, thread index innermost |
//! | [`gpu-narrow-buffers`](mod@narrow_buffers) | `builtin.module` | device buffers of integers whose every stored value fits in 8 or 16 bits are stored so (loads extend, stores truncate) |
//!
//! Named pipeline `soac-to-gpu`:
//! `func.func(soac-opt),soac-runtime-checks,convert-soac-to-hpar,convert-hpar-to-gpu,gpu-thread-storage,canonicalize,cse`.
//! Named pipeline `tail-to-gpu`: `tail-to-soac,func.func(soac-opt)`, then `soac-to-gpu` with
//! `soac-runtime-checks{index-origin=1}` (index messages count from 1, as APL and TAIL do),
//! then `gpu-launch-facts,gpu-narrow-buffers,canonicalize,cse`.
//! Named pipeline `hpar-to-gpu`: `canonicalize,convert-hpar-to-gpu,gpu-thread-storage,canonicalize,cse,
//! gpu-launch-facts,gpu-narrow-buffers,canonicalize,cse` (for `hpar` written by hand or by the
//! FCL frontend: the first canonicalization folds the sizes of shared-memory arrays to
//! constants).
//! See `docs/KERNELS.md` for the mapping.
#![deny(missing_docs)]

mod arr;
mod chars;
pub mod checks;
mod complex;
pub mod hpar_to_gpu;
pub mod launch_facts;
pub mod narrow_buffers;
mod roll;
mod seq;
pub mod soac_to_hpar;
pub mod thread_storage;
mod util;

pub use chars::char_compare;
pub use checks::SoacRuntimeChecks;
pub use hpar_to_gpu::ConvertHParToGpu;
pub use launch_facts::GpuLaunchFacts;
pub use narrow_buffers::GpuNarrowBuffers;
pub use soac_to_hpar::ConvertSoacToHPar;
pub use thread_storage::GpuThreadStorage;
pub use util::heap_allocas;

tail_ir::pass_pipeline! {
    argument: "soac-to-gpu",
    summary: "Fuse SOACs, extract kernels (convert-soac-to-hpar) and lower them to gpu (convert-hpar-to-gpu)",
    pipeline: "func.func(soac-opt),soac-runtime-checks,convert-soac-to-hpar,convert-hpar-to-gpu,gpu-thread-storage,canonicalize,cse",
}

/// The passes of the named pipeline `tail-to-gpu`.
pub const TAIL_TO_GPU: &str = "tail-to-soac,func.func(soac-opt),func.func(soac-opt),soac-runtime-checks{index-origin=1},convert-soac-to-hpar,convert-hpar-to-gpu,gpu-thread-storage,canonicalize,cse,gpu-launch-facts,gpu-narrow-buffers,canonicalize,cse";

tail_ir::pass_pipeline! {
    argument: "tail-to-gpu",
    summary: "From TAIL to gpu kernels: tail-to-soac, fusion (soac-opt), soac-to-gpu, gpu-launch-facts and gpu-narrow-buffers",
    pipeline: TAIL_TO_GPU,
}

tail_ir::pass_pipeline! {
    argument: "hpar-to-gpu",
    summary: "From hpar (FCL) to gpu kernels: canonicalize, convert-hpar-to-gpu, gpu-launch-facts, gpu-narrow-buffers, canonicalize, CSE",
    pipeline: "canonicalize,convert-hpar-to-gpu,gpu-thread-storage,canonicalize,cse,gpu-launch-facts,gpu-narrow-buffers,canonicalize,cse",
}

/// Forces this crate (and its pass registrations) to be linked into a binary; call it once
/// from tools such as `tail-opt`.
#[inline(never)]
pub fn link() {
    tail_transforms::link();
    tail_fusion::link();
    tail_soac::link();
    tail_hpar::link();
    tail_gpu::link();
    std::hint::black_box(SoacRuntimeChecks::PASS_INFO);
    std::hint::black_box(ConvertSoacToHPar::PASS_INFO);
    std::hint::black_box(ConvertHParToGpu::PASS_INFO);
    std::hint::black_box(GpuLaunchFacts::PASS_INFO);
    std::hint::black_box(GpuNarrowBuffers::PASS_INFO);
    std::hint::black_box(GpuThreadStorage::PASS_INFO);
}
