// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-gpu-to-cpu)' | FileCheck %s
// RUN: tailc run --target=interp %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=cpu %s | FileCheck %s --check-prefix=EXEC

// A rotation by 2 of `n` elements of a cyclic reshape of 4, `n` = 0 here: each thread's
// position wraps by `2 rem n`; the reshape's `rem 4` makes the threads run in segments. The thread loop is not cut at the wrap (`split_guard`), which would compute the
// index of its first thread, remainder included, before the loop even when the loop runs no
// thread: a division by 0 (SIGFPE). The remainder stays in the loop, which runs no thread.
// (Kernels from APL divide by `max(n, 1)`, which cannot trap, and are cut.)
// CHECK-LABEL: func.func @rot_cpu
// CHECK-NOT:     arith.remsi
// CHECK:         scf.for
// CHECK:           arith.remsi
// EXEC: [](0)

module attributes {gpu.container_module} {
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %src = memref.alloc(%c4) : memref<?xi32>
    %z = arith.constant 0 : i32
    scf.for %i = %c0 to %c4 step %c1 {
      memref.store %z, %src[%i] : memref<?xi32>
    }
    %out = gpu.alloc(%c1) : memref<?xi32>
    gpu.launch_func @tail_kernels::@rot blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1) args(%out : memref<?xi32>, %src : memref<?xi32>, %n : index)
    %h = memref.alloc(%c1) : memref<?xi32>
    gpu.memcpy %h, %out : memref<?xi32>, memref<?xi32>
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
      %v = memref.load %h[%i] : memref<?xi32>
      %a = arith.addi %acc, %v : i32
      scf.yield %a : i32
    }
    return %s : i32
  }
  gpu.module @tail_kernels {
    // out[g] = src[((g + 2) mod n) mod 4] for g < n (a cyclic reshape of 4 elements rotated).
    gpu.func @rot(%o: memref<?xi32>, %src: memref<?xi32>, %n: index) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %in = arith.cmpi ult, %g, %n : index
      scf.if %in {
        %r = arith.remsi %c2, %n : index
        %s = arith.addi %g, %r : index
        %neg = arith.cmpi slt, %s, %c0 : index
        %up = arith.addi %s, %n : index
        %s1 = arith.select %neg, %up, %s : index
        %over = arith.cmpi sge, %s1, %n : index
        %down = arith.subi %s1, %n : index
        %p = arith.select %over, %down, %s1 : index
        %q = arith.remui %p, %c4 : index
        %v = memref.load %src[%q] : memref<?xi32>
        memref.store %v, %o[%g] : memref<?xi32>
      }
      gpu.return
    }
  }
}
