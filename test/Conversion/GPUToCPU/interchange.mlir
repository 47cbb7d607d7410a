// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-gpu-to-cpu)' | FileCheck %s
// RUN: tailc run --target=interp %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=interp --after=convert-gpu-to-cpu %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=cpu %s | FileCheck %s --check-prefix=EXEC

// A thread's sequential loop (uniform bounds, a body of plain arithmetic) is interchanged with
// the loop over the block's threads: the threads' iterations run side by side, their carried
// values and the values the body reads from before the loop in per-thread buffers (of the
// block's size, at the function's entry), except values that cheap integer ops compute from
// the thread id (the grid-wide index and its conversion), which each loop recomputes.
// CHECK-LABEL: func.func @sums_cpu
// CHECK-COUNT-2: memref.alloca() : memref<256xi64>
// CHECK:         scf.for %[[T1:.*]] = %{{.*}} to %[[N:.*]] step %{{.*}} {
// CHECK:           memref.store %{{.*}}, %[[ACC:.*]][%[[T1]]] : memref<256xi64>
// CHECK:           memref.store %{{.*}}, %[[H:.*]][%[[T1]]] : memref<256xi64>
// CHECK:         }
// CHECK:         scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// What does not depend on the thread is computed outside the threads' loop.
// CHECK-NEXT:      %[[K64:.*]] = arith.index_cast %[[K]] : index to i64
// CHECK-NEXT:      scf.for %[[T2:.*]] = %{{.*}} to %[[N]] step %{{.*}} {
// CHECK-NEXT:        %[[G:.*]] = arith.addi %{{.*}}, %[[T2]] : index
// CHECK-NEXT:        %[[G64:.*]] = arith.index_cast %[[G]] : index to i64
// CHECK-NEXT:        %[[HV:.*]] = memref.load %[[H]][%[[T2]]] : memref<256xi64>
// CHECK-NEXT:        %[[A:.*]] = memref.load %[[ACC]][%[[T2]]] : memref<256xi64>
// CHECK:             arith.muli %[[G64]], %[[K64]] : i64
// CHECK:             memref.store %{{.*}}, %[[ACC]][%[[T2]]] : memref<256xi64>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK:         scf.for %[[T3:.*]] = %{{.*}} to %[[N]] step %{{.*}} {
// CHECK-NEXT:      %[[G:.*]] = arith.addi %{{.*}}, %[[T3]] : index
// CHECK-NEXT:      %[[R:.*]] = memref.load %[[ACC]][%[[T3]]] : memref<256xi64>
// CHECK-NEXT:      memref.store %[[R]], %{{.*}}[%[[G]]] : memref<?xi64>

// Σ over g < 1000 of Σ over k < 10 of (g·k + g mod 3): 45 · 499500 + 10 · 999.
// EXEC: [](22487490)

module attributes {gpu.container_module} {
  func.func @main() -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c256 = arith.constant 256 : index
    %n = arith.constant 1000 : index
    %out = gpu.alloc(%n) : memref<?xi64>
    gpu.launch_func @tail_kernels::@sums blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1) args(%out : memref<?xi64>, %n : index)
    %r = memref.alloc(%n) : memref<?xi64>
    gpu.memcpy %r, %out : memref<?xi64>, memref<?xi64>
    %z = arith.constant 0 : i64
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
      %v = memref.load %r[%i] : memref<?xi64>
      %a = arith.addi %acc, %v : i64
      scf.yield %a : i64
    }
    gpu.dealloc %out : memref<?xi64>
    return %s : i64
  }
  gpu.module @tail_kernels {
    gpu.func @sums(%o: memref<?xi64>, %n: index) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c10 = arith.constant 10 : index
      %z = arith.constant 0 : i64
      %three = arith.constant 3 : i64
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %ok = arith.cmpi ult, %g, %n : index
      scf.if %ok {
        %g64 = arith.index_cast %g : index to i64
        %h = arith.remui %g64, %three : i64
        %sum = scf.for %k = %c0 to %c10 step %c1 iter_args(%acc = %z) -> (i64) {
          %k64 = arith.index_cast %k : index to i64
          %p = arith.muli %g64, %k64 : i64
          %q = arith.addi %p, %h : i64
          %a = arith.addi %acc, %q : i64
          scf.yield %a : i64
        }
        memref.store %sum, %o[%g] : memref<?xi64>
      }
      gpu.return
    }
  }
}
