// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-gpu-to-cpu)' | FileCheck %s
// RUN: tailc run --target=interp %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=interp --after=convert-gpu-to-cpu %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=cpu %s | FileCheck %s --check-prefix=EXEC

// Coarsening: a kernel whose threads are independent and see only their grid-wide index
// (block_id · block_dim + thread_id) runs 16 consecutive blocks of 256 threads in one call of
// its CPU function (one thread loop of 4096): fewer calls, longer loops. Its code after the
// index runs only for the launch's threads (g < grid · 256: here 5 blocks, 1280 threads, and
// no bounds check of its own), so the last call's extra threads do nothing.
// CHECK-LABEL: func.func @main
// CHECK:         scf.parallel
// CHECK-NEXT:      func.call @iota_cpu
// CHECK:         scf.parallel
// CHECK-NEXT:      func.call @scan_cpu
// CHECK:         scf.parallel
// CHECK-NEXT:      func.call @strided_cpu
// CHECK:         scf.parallel
// CHECK-NEXT:      func.call @effect_cpu
// CHECK-LABEL: func.func @iota_cpu
// CHECK-SAME:    (%[[B:.*]]: index, %[[GX:.*]]: index, %{{.*}}: memref<?xi64>{{( \{llvm.noalias\})?}})
// CHECK:         %[[BS:.*]] = arith.constant 4096 : index
// CHECK:         %[[BD:.*]] = arith.muli %[[B]], %[[BS]] : index
// CHECK:         %[[THREADS:.*]] = arith.muli %[[GX]], %{{.*}} : index
// CHECK:         %[[LEFT:.*]] = arith.subi %[[THREADS]], %[[BD]] : index
// CHECK:         scf.for
// Not coarsened: a block-level step (a barrier), a thread id used on its own (the lane), and
// a store before the grid-wide index (it would run for the extra threads).
// CHECK-LABEL: func.func @scan_cpu
// CHECK:         arith.constant 256 : index
// CHECK-NOT:     4096
// CHECK-LABEL: func.func @strided_cpu
// CHECK-NOT:     4096
// CHECK-LABEL: func.func @effect_cpu
// CHECK-NOT:     4096
// CHECK:         return

// Σ of out[g] = g over g < 1280, + Σ of the second kernel's 512 values (each block's sum of
// its thread ids at its thread 0: 2 · 32640), + Σ of the lane numbers (5 blocks · 32640), +
// the 5 flags.
// EXEC: [](1047045)

module attributes {gpu.container_module} {
  func.func @main() -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %c256 = arith.constant 256 : index
    %n = arith.constant 1280 : index
    %out = gpu.alloc(%n) : memref<?xi64>
    gpu.launch_func @k::@iota blocks in (%c5, %c1, %c1) threads in (%c256, %c1, %c1) args(%out : memref<?xi64>)
    %c512 = arith.constant 512 : index
    %sums = gpu.alloc(%c512) : memref<?xi64>
    gpu.launch_func @k::@scan blocks in (%c2, %c1, %c1) threads in (%c256, %c1, %c1) args(%sums : memref<?xi64>)
    %lanes = gpu.alloc(%n) : memref<?xi64>
    gpu.launch_func @k::@strided blocks in (%c5, %c1, %c1) threads in (%c256, %c1, %c1) args(%lanes : memref<?xi64>)
    %flags = gpu.alloc(%c5) : memref<?xi64>
    gpu.launch_func @k::@effect blocks in (%c5, %c1, %c1) threads in (%c256, %c1, %c1) args(%flags : memref<?xi64>)
    %h = memref.alloc(%n) : memref<?xi64>
    gpu.memcpy %h, %out : memref<?xi64>, memref<?xi64>
    %hs = memref.alloc(%c512) : memref<?xi64>
    gpu.memcpy %hs, %sums : memref<?xi64>, memref<?xi64>
    %hl = memref.alloc(%n) : memref<?xi64>
    gpu.memcpy %hl, %lanes : memref<?xi64>, memref<?xi64>
    %hf = memref.alloc(%c5) : memref<?xi64>
    gpu.memcpy %hf, %flags : memref<?xi64>, memref<?xi64>
    %z = arith.constant 0 : i64
    %s1 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
      %v = memref.load %h[%i] : memref<?xi64>
      %w = memref.load %hl[%i] : memref<?xi64>
      %a = arith.addi %acc, %v : i64
      %b = arith.addi %a, %w : i64
      scf.yield %b : i64
    }
    %s2 = scf.for %i = %c0 to %c512 step %c1 iter_args(%acc = %s1) -> (i64) {
      %v = memref.load %hs[%i] : memref<?xi64>
      %a = arith.addi %acc, %v : i64
      scf.yield %a : i64
    }
    %s3 = scf.for %i = %c0 to %c5 step %c1 iter_args(%acc = %s2) -> (i64) {
      %v = memref.load %hf[%i] : memref<?xi64>
      %a = arith.addi %acc, %v : i64
      scf.yield %a : i64
    }
    return %s3 : i64
  }

  gpu.module @k {
    gpu.func @iota(%o: memref<?xi64>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %v = arith.index_cast %g : index to i64
      memref.store %v, %o[%g] : memref<?xi64>
      gpu.return
    }
    // sums[g] = the sum of the thread ids of g's block up to g's (a barrier between steps).
    gpu.func @scan(%o: memref<?xi64>) workgroup(%w: memref<256xi64, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %v = arith.index_cast %t : index to i64
      memref.store %v, %w[%t] : memref<256xi64, #gpu.address_space<workgroup>>
      gpu.barrier
      %last = arith.cmpi eq, %t, %c0 : index
      %z = arith.constant 0 : i64
      %s = scf.if %last -> (i64) {
        %r = scf.for %i = %c0 to %d step %c1 iter_args(%acc = %z) -> (i64) {
          %x = memref.load %w[%i] : memref<256xi64, #gpu.address_space<workgroup>>
          %y = arith.addi %acc, %x : i64
          scf.yield %y : i64
        }
        scf.yield %r : i64
      } else {
        scf.yield %z : i64
      }
      memref.store %s, %o[%g] : memref<?xi64>
      gpu.return
    }
    // lanes[g] = thread id (the id on its own, not only in the grid-wide index).
    gpu.func @strided(%o: memref<?xi64>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %v = arith.index_cast %t : index to i64
      memref.store %v, %o[%g] : memref<?xi64>
      gpu.return
    }
    // flags[block] = 1, stored before the grid-wide index is computed.
    gpu.func @effect(%o: memref<?xi64>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %one = arith.constant 1 : i64
      %b = gpu.block_id x
      memref.store %one, %o[%b] : memref<?xi64>
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      gpu.return
    }
  }
}
