// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-gpu-to-cpu)' | FileCheck %s
// RUN: tailc run --target=interp %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=interp --after=convert-gpu-to-cpu %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=cpu %s | FileCheck %s --check-prefix=EXEC

// Rows of 16 to 63 threads (a constant divisor of the grid-wide index: 30 here) run in
// segments, like long rows, not with coordinates carried from thread to thread. A segment that
// is a whole row (every one but a call's first and last) runs loops of constant trip counts:
// the threads may run twice (a store at `g` of values computed from memory the loop does not
// write, through a sequential loop of pure ops), so the row's first 16 threads and then its
// last 16 (threads 14 to 29: 14 and 15 run twice); any other segment runs its threads once.
// CHECK-LABEL: func.func @rows_cpu
// CHECK:         scf.while
// CHECK:         } do {
// CHECK-NEXT:    ^bb0(%[[S:.*]]: index, %[[Q:.*]]: index, %[[R:.*]]: index):
// CHECK-NEXT:      %[[LEFT:.*]] = arith.subi %{{.*}}, %[[S]] : index
// CHECK-NEXT:      %[[ROOM:.*]] = arith.subi %{{.*}}, %[[R]] : index
// CHECK-NEXT:      %[[LEN:.*]] = arith.minui %[[LEFT]], %[[ROOM]] : index
// CHECK-NEXT:      %[[E:.*]] = arith.addi %[[S]], %[[LEN]] : index
// CHECK-NEXT:      %[[W:.*]] = arith.constant 30 : index
// CHECK-NEXT:      %[[WHOLE:.*]] = arith.cmpi eq, %[[LEN]], %[[W]] : index
// CHECK-DAG:       %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:       %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG:       %[[C14:.*]] = arith.constant 14 : index
// CHECK-DAG:       %[[C30:.*]] = arith.constant 30 : index
// CHECK-DAG:       %[[A0:.*]] = arith.addi %[[S]], %[[C0]] : index
// CHECK-DAG:       %[[A16:.*]] = arith.addi %[[S]], %[[C16]] : index
// CHECK-DAG:       %[[A14:.*]] = arith.addi %[[S]], %[[C14]] : index
// CHECK-DAG:       %[[A30:.*]] = arith.addi %[[S]], %[[C30]] : index
// CHECK:           scf.if %[[WHOLE]] {
// CHECK-NEXT:        scf.for %{{.*}} = %[[A0]] to %[[A16]] step
// CHECK-NOT:           arith.divui
// CHECK-NOT:           arith.remui
// CHECK:               scf.for
// CHECK:               memref.load
// CHECK:             memref.store
// CHECK:             scf.for %{{.*}} = %[[A14]] to %[[A30]] step
// CHECK:             memref.store
// CHECK:           } else {
// CHECK-NEXT:        scf.for %{{.*}} = %[[S]] to %[[E]] step
// CHECK:             memref.store
// CHECK:           }
// CHECK-NOT:       scf.for

// A row of 20 threads that update their elements in place (a thread run twice would add
// twice): a whole row runs its 20 threads once, in one loop of constant trip count.
// CHECK-LABEL: func.func @bump_cpu
// CHECK:         } do {
// CHECK-NEXT:    ^bb0(%[[S:.*]]: index, %{{.*}}: index, %{{.*}}: index):
// CHECK:           %[[LEN:.*]] = arith.minui %{{.*}}, %{{.*}} : index
// CHECK-NEXT:      %[[E:.*]] = arith.addi %[[S]], %[[LEN]] : index
// CHECK-NEXT:      %[[W:.*]] = arith.constant 20 : index
// CHECK-NEXT:      %[[WHOLE:.*]] = arith.cmpi eq, %[[LEN]], %[[W]] : index
// CHECK:           %[[A00:.*]] = arith.addi %[[S]], %{{.*}} : index
// CHECK-NEXT:      %[[A20:.*]] = arith.addi %[[S]], %{{.*}} : index
// CHECK-NEXT:      scf.if %[[WHOLE]] {
// CHECK-NEXT:        scf.for %{{.*}} = %[[A00]] to %[[A20]] step
// CHECK:             memref.store
// CHECK-NEXT:      }
// CHECK-NEXT:    } else {
// CHECK-NEXT:        scf.for %{{.*}} = %[[S]] to %[[E]] step

// out[g] = Σ_{k<3} x[g div 30 + k]·(g mod 30 + k) + (g div 20)·(g mod 20) for x[i] = i², the
// 1000 values folded as s·1000003 + v (64-bit, wrapping).
// EXEC: [](-4147180118604432313)

module attributes {gpu.container_module} {
  func.func @main() -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c256 = arith.constant 256 : index
    %n = arith.constant 1000 : index
    %m = arith.constant 40 : index
    %x = gpu.alloc(%m) : memref<?xi64>
    gpu.launch_func @tail_kernels::@fill blocks in (%c1, %c1, %c1) threads in (%m, %c1, %c1) args(%x : memref<?xi64>)
    %out = gpu.alloc(%n) : memref<?xi64>
    gpu.launch_func @tail_kernels::@rows blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1) args(%out : memref<?xi64>, %n : index, %x : memref<?xi64>)
    %c20 = arith.constant 20 : index
    gpu.launch_func @tail_kernels::@bump blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1) args(%out : memref<?xi64>, %n : index)
    %r = memref.alloc(%n) : memref<?xi64>
    gpu.memcpy %r, %out : memref<?xi64>, memref<?xi64>
    %z = arith.constant 0 : i64
    %k = arith.constant 1000003 : i64
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
      %v = memref.load %r[%i] : memref<?xi64>
      %a0 = arith.muli %acc, %k : i64
      %a = arith.addi %a0, %v : i64
      scf.yield %a : i64
    }
    gpu.dealloc %out : memref<?xi64>
    gpu.dealloc %x : memref<?xi64>
    return %s : i64
  }
  gpu.module @tail_kernels {
    gpu.func @fill(%x: memref<?xi64>) kernel attributes {known_block_size = array<i32: 40, 1, 1>} {
      %t = gpu.thread_id x
      %t64 = arith.index_cast %t : index to i64
      %sq = arith.muli %t64, %t64 : i64
      memref.store %sq, %x[%t] : memref<?xi64>
      gpu.return
    }
    gpu.func @rows(%o: memref<?xi64>, %n: index, %x: memref<?xi64>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c30 = arith.constant 30 : index
      %z = arith.constant 0 : i64
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %ok = arith.cmpi ult, %g, %n : index
      scf.if %ok {
        %row = arith.divui %g, %c30 : index
        %col = arith.remui %g, %c30 : index
        %c64 = arith.index_cast %col : index to i64
        %s = scf.for %k = %c0 to %c3 step %c1 iter_args(%acc = %z) -> (i64) {
          %i = arith.addi %row, %k : index
          %v = memref.load %x[%i] : memref<?xi64>
          %k64 = arith.index_cast %k : index to i64
          %w = arith.addi %c64, %k64 : i64
          %p = arith.muli %v, %w : i64
          %a = arith.addi %acc, %p : i64
          scf.yield %a : i64
        }
        memref.store %s, %o[%g] : memref<?xi64>
      }
      gpu.return
    }
    gpu.func @bump(%o: memref<?xi64>, %n: index) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c20 = arith.constant 20 : index
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %ok = arith.cmpi ult, %g, %n : index
      scf.if %ok {
        %row = arith.divui %g, %c20 : index
        %col = arith.remui %g, %c20 : index
        %rc = arith.muli %row, %col : index
        %r64 = arith.index_cast %rc : index to i64
        %v = memref.load %o[%g] : memref<?xi64>
        %w = arith.addi %v, %r64 : i64
        memref.store %w, %o[%g] : memref<?xi64>
      }
      gpu.return
    }
  }
}
