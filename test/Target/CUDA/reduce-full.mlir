// RUN: tailc build --target=cuda --emit=llvm %S/../../Frontend/FCL/reduce.fcl --entry full -o %t.ll
// RUN: FileCheck %s < %t.ll
// The thesis's full reduction (a grid-level while) as a CUDA executable's host code: the
// partial reduction's launch before the loop, the loop carrying the current device buffer
// (a phi) around the body's launch and the freeing of the buffer it read, then the launch
// reading the result's element and its copy to the host.

// CHECK:       @tail_kernels_full_k0_name
// CHECK:       call void @mgpuLaunchKernel(
// CHECK:       phi ptr
// CHECK:       @tail_kernels_full_k1_name
// CHECK:       call void @mgpuLaunchKernel(
// CHECK:       call void @mgpuMemFree(
// CHECK:       br i1
// CHECK:       @tail_kernels_full_k2_name
// CHECK:       call void @mgpuLaunchKernel(ptr %{{.*}}, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1,
// CHECK:       call void @mgpuMemcpy(ptr %{{.*}}, ptr %{{.*}}, i64 4,
