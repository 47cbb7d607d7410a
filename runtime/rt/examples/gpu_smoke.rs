//! A check of the CUDA driver layer on a machine with an NVIDIA GPU, through the same C ABI
//! that compiled programs call:
//!
//! ```text
//! cargo run --release -p tail-rt --example gpu_smoke            # expect "gpu_smoke: ok …"
//! cargo run --release -p tail-rt --example gpu_smoke -- oom     # expect exit 1, out of device memory
//! cargo run --release -p tail-rt --example gpu_smoke -- missing # expect exit 1, kernel 'no_such_kernel'
//! cargo run --release -p tail-rt --example gpu_smoke -- fault   # expect exit 1, naming kernel 'scale2'
//! ```
//!
//! The default mode loads a PTX module (a kernel doubling a vector of doubles), copies a
//! vector in, launches the kernel with timing on, copies the result back and checks it,
//! frees and reallocates to check that the caching allocator reuses the block, and prints the
//! kernel time and the device-to-device copy bandwidth of a large buffer. Without a driver it
//! ends with the missing-driver error.

use std::ffi::c_void;
use std::ptr::null_mut;

use tail_rt::cuda::*;

/// `out[i] = 2 * in[i]` for `i < n`: `scale2(double *out, double *in, u32 n)`.
const PTX: &str = "\
.version 7.5
.target sm_75
.address_size 64

.visible .entry scale2(
    .param .u64 out,
    .param .u64 in,
    .param .u32 n
)
{
    .reg .pred %p<2>;
    .reg .b32 %r<6>;
    .reg .f64 %fd<3>;
    .reg .b64 %rd<8>;

    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [in];
    ld.param.u32 %r1, [n];
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %ntid.x;
    mov.u32 %r4, %tid.x;
    mad.lo.s32 %r5, %r2, %r3, %r4;
    setp.ge.u32 %p1, %r5, %r1;
    @%p1 bra DONE;
    cvta.to.global.u64 %rd3, %rd2;
    cvta.to.global.u64 %rd4, %rd1;
    mul.wide.u32 %rd5, %r5, 8;
    add.s64 %rd6, %rd3, %rd5;
    ld.global.f64 %fd1, [%rd6];
    add.f64 %fd2, %fd1, %fd1;
    add.s64 %rd7, %rd4, %rd5;
    st.global.f64 [%rd7], %fd2;
DONE:
    ret;
}
\0";

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_default();
    println!("cuda available: {}", tail_rt_cuda_available());
    tail_rt_set_kernel_timing(1);
    // SAFETY: the calls follow the C ABI's contracts (live handles, buffers of the sizes
    // given, kernel parameters matching `scale2`).
    unsafe {
        if mode == "oom" {
            mgpuMemAlloc(1 << 50, null_mut(), 0);
            unreachable!("a 1 PiB allocation succeeded");
        }
        let module = mgpuModuleLoad(PTX.as_ptr() as *mut c_void, PTX.len());
        if mode == "missing" {
            mgpuModuleGetFunction(module, c"no_such_kernel".as_ptr());
            unreachable!("a missing kernel was found");
        }
        let kernel = mgpuModuleGetFunction(module, c"scale2".as_ptr());
        let stream = mgpuStreamCreate();
        let n: u32 = 1 << 20;
        let bytes = n as usize * 8;
        let input: Vec<f64> = (0..n).map(|i| i as f64 * 0.5).collect();
        let mut output = vec![0f64; n as usize];
        let d_in = mgpuMemAlloc(bytes as u64, stream, 0);
        let mut d_out = mgpuMemAlloc(bytes as u64, stream, 0);
        mgpuMemcpy(d_in, input.as_ptr() as *mut c_void, bytes, stream);
        // In `fault` mode the kernel reads from an address it cannot access.
        let mut k_in = if mode == "fault" {
            8 as *mut c_void
        } else {
            d_in
        };
        let mut count = n;
        let mut params: [*mut c_void; 3] = [
            (&mut d_out as *mut *mut c_void).cast(),
            (&mut k_in as *mut *mut c_void).cast(),
            (&mut count as *mut u32).cast(),
        ];
        let block = 256;
        let grid = n.div_ceil(block) as isize;
        mgpuLaunchKernel(
            kernel,
            grid,
            1,
            1,
            block as isize,
            1,
            1,
            0,
            stream,
            params.as_mut_ptr(),
            null_mut(),
            3,
        );
        mgpuMemcpy(output.as_mut_ptr().cast(), d_out, bytes, stream);
        mgpuStreamSynchronize(stream);
        for (i, (&x, &y)) in input.iter().zip(&output).enumerate() {
            assert_eq!(y, 2.0 * x, "element {i}");
        }
        // The caching allocator serves the same size class from the freed block.
        mgpuMemFree(d_out, stream);
        let again = mgpuMemAlloc(bytes as u64 - 100, stream, 0);
        assert_eq!(again, d_out, "the freed block is reused");
        // Device-to-device copy bandwidth of a large buffer (read + write).
        let big = 1usize << 30;
        let a = mgpuMemAlloc(big as u64, stream, 0);
        let b = mgpuMemAlloc(big as u64, stream, 0);
        mgpuMemset32(a, 0x3f80_0000, big / 4, stream);
        mgpuMemcpy(b, a, big, stream);
        // The program's stream is waited for where the host reads device memory, not at
        // `mgpuStreamSynchronize`: an event marks the end of the copies.
        let done = mgpuEventCreate();
        mgpuEventRecord(done, stream);
        mgpuEventSynchronize(done);
        let t0 = std::time::Instant::now();
        let reps = 10;
        for _ in 0..reps {
            mgpuMemcpy(b, a, big, stream);
        }
        mgpuEventRecord(done, stream);
        mgpuEventSynchronize(done);
        mgpuEventDestroy(done);
        let secs = t0.elapsed().as_secs_f64();
        let gbps = (2 * big * reps) as f64 / secs / 1e9;
        for p in [d_in, again, a, b] {
            mgpuMemFree(p, stream);
        }
        mgpuStreamDestroy(stream);
        mgpuModuleUnload(module);
        println!(
            "gpu_smoke: ok; kernel time {:.3} ms over {} launch(es); device copy bandwidth {gbps:.0} GB/s",
            tail_rt_kernel_time_ms(),
            tail_rt_kernel_launches()
        );
    }
}
