// Block-level tree reduction in shared memory (workgroup attribution + gpu.barrier).
// RUN: tail-translate --emit=ptx %s | FileCheck %s
// RUN: tail-translate --emit=llvm %s | FileCheck %s --check-prefix=LLVM

// CHECK:      .target sm_90
// CHECK:      .visible .entry block_sum(
// CHECK:      .shared .align 4 .b8 __wg_block_sum_0[1024];
// CHECK:      ld.global.b32
// CHECK:      st.shared.b32
// CHECK:      bar.sync 0;
// CHECK:      ld.shared.b32
// CHECK:      add.rn.f32
// CHECK:      bar.sync 0;
// CHECK:      st.global.b32

// LLVM: ; ModuleID = 'reduce'
// LLVM: @__wg_block_sum_0 = internal {{.*}}addrspace(3) global [256 x float]
// LLVM: define ptx_kernel void @block_sum(
// LLVM: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

module attributes {gpu.container_module} {
  gpu.module @reduce {
    // Block-level tree reduction: block b sums in[256*b .. 256*b+255] into out[b].
    gpu.func @block_sum(%in: memref<?xf32>, %out: memref<?xf32>, %n: index)
        workgroup(%sh: memref<256xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c128 = arith.constant 128 : index
      %zero = arith.constant 0.0 : f32
      %bid = gpu.block_id x
      %tid = gpu.thread_id x
      %bdim = gpu.block_dim x
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      %inb = arith.cmpi ult, %i, %n : index
      %v = scf.if %inb -> (f32) {
        %x = memref.load %in[%i] : memref<?xf32>
        scf.yield %x : f32
      } else {
        scf.yield %zero : f32
      }
      memref.store %v, %sh[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %k = %c0 to %c8 step %c1 {
        %s = arith.shrui %c128, %k : index
        %active = arith.cmpi ult, %tid, %s : index
        scf.if %active {
          %j = arith.addi %tid, %s : index
          %a = memref.load %sh[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
          %b = memref.load %sh[%j] : memref<256xf32, #gpu.address_space<workgroup>>
          %sum = arith.addf %a, %b : f32
          memref.store %sum, %sh[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        %r = memref.load %sh[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
        memref.store %r, %out[%bid] : memref<?xf32>
      }
      gpu.return
    }
  }
}
