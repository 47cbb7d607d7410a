// Warp reduction with gpu.shuffle xor (butterfly), unrolled by LLVM.
// RUN: tail-translate --emit=ptx %s | FileCheck %s
// RUN: tail-translate --emit=llvm %s | FileCheck %s --check-prefix=LLVM

// CHECK:     .target sm_90
// CHECK:     .visible .entry warp_sum(
// CHECK:     ld.global.b32
// CHECK:     shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// CHECK:     shfl.sync.bfly.b32 {{.*}}, 8, 31, -1;
// CHECK:     shfl.sync.bfly.b32 {{.*}}, 4, 31, -1;
// CHECK:     shfl.sync.bfly.b32 {{.*}}, 2, 31, -1;
// CHECK:     shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// CHECK-NOT: shfl.sync
// CHECK:     st.global.b32

// LLVM: define ptx_kernel void @warp_sum(
// LLVM: call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float {{.*}}, i32 16, i32 31)

module attributes {gpu.container_module} {
  gpu.module @warp {
    // Warp reduction with butterfly shuffles: warp w sums in[32*w .. 32*w+31] into out[w].
    gpu.func @warp_sum(%in: memref<?xf32>, %out: memref<?xf32>)
        kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c5 = arith.constant 5 : index
      %c32 = arith.constant 32 : index
      %width = arith.constant 32 : i32
      %c16 = arith.constant 16 : i32
      %bid = gpu.block_id x
      %tid = gpu.thread_id x
      %base = arith.muli %bid, %c32 : index
      %i = arith.addi %base, %tid : index
      %x = memref.load %in[%i] : memref<?xf32>
      %r = scf.for %k = %c0 to %c5 step %c1 iter_args(%acc = %x) -> (f32) {
        %k32 = arith.index_cast %k : index to i32
        %off = arith.shrui %c16, %k32 : i32
        %y, %valid = gpu.shuffle xor %acc, %off, %width : f32
        %s = arith.addf %acc, %y : f32
        scf.yield %s : f32
      }
      %lane0 = arith.cmpi eq, %tid, %c0 : index
      scf.if %lane0 {
        memref.store %r, %out[%bid] : memref<?xf32>
      }
      gpu.return
    }
  }
}
