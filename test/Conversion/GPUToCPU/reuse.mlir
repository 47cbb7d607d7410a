// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-gpu-to-cpu,canonicalize,cse)' | FileCheck %s
// RUN: tailc run --target=interp %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=interp --after=convert-gpu-to-cpu %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=cpu %s | FileCheck %s --check-prefix=EXEC

// A 1-D stencil over the rows of a 300×200 matrix whose producer is fused into it: each
// thread computes f(c) = 3·a[row, c] + row at its own column and at both neighbours (the
// edge columns see themselves), and adds them up. The kernel is coarsened to 6400 threads a
// call (the least common multiple of the block's 256 and the row's 200 that is at least
// 4096): every call ends at a row's end, every segment of its threads is a whole row. In a
// segment's inner piece (columns [1, 199)) f is computed once per column into a buffer (at
// the function's entry: the call's 6400 threads and the 2 extra columns the shifts span;
// indexed from the piece's first thread s), in a loop over the piece's threads and two
// more, and the piece reads it at t − s, t − s + 1 and t − s + 2: the products are gone
// from it. Both loops (storing what they compute from memory
// they do not write, at positions that count with the thread) run up to the last multiple
// of 64 threads and then their last 64 threads again, in a loop of constant trip count.
// CHECK-LABEL: func.func @stencil_cpu
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK:         %[[B:.*]] = memref.alloca() : memref<6402xi64>
// CHECK:         scf.while
// CHECK:         } do {
// The first column's piece (at most one thread) as it was, in an scf.if instead of a loop.
// CHECK:           scf.if
// CHECK:             arith.muli
// CHECK:             memref.store %{{.*}}, %arg2
// CHECK-NEXT:      }
// The buffer's loop: its main part, then its last 64 threads (or all, when fewer).
// CHECK-NEXT:      arith.addi
// CHECK:           scf.for %[[T:.*]] = %[[S:.*]] to %{{.*}} step
// CHECK:             arith.muli
// CHECK:             %[[P:.*]] = arith.subi %[[T]], %[[S]] : index
// CHECK-NEXT:        memref.store %{{.*}}, %[[B]][%[[P]]] : memref<6402xi64>
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.if
// CHECK-NEXT:        scf.for
// CHECK:               memref.store %{{.*}}, %[[B]]
// CHECK:           } else {
// CHECK-NEXT:        scf.for
// CHECK:               memref.store %{{.*}}, %[[B]]
// The piece itself.
// CHECK:           scf.for %[[U:.*]] = %[[S]] to
// CHECK-NOT:         arith.muli
// CHECK:             %[[R:.*]] = arith.subi %[[U]], %[[S]] : index
// CHECK-DAG:         memref.load %[[B]][%[[R]]]
// CHECK-DAG:         %[[R1:.*]] = arith.addi %[[R]], %[[C1]]
// CHECK-DAG:         memref.load %[[B]][%[[R1]]]
// CHECK-DAG:         %[[R2:.*]] = arith.addi %[[R]], %[[C2]]
// CHECK-DAG:         memref.load %[[B]][%[[R2]]]
// CHECK:             memref.store %{{.*}}, %arg2
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.if
// CHECK-NEXT:        scf.for
// CHECK-NOT:           arith.muli
// CHECK:           } else {
// CHECK-NEXT:        scf.for
// CHECK-NOT:           arith.muli
// CHECK:           }
// The last column's piece.
// CHECK:           scf.if
// CHECK:             arith.muli

// Σ over the cells g of (g + 1) · the stencil's value (the interpreter's, before the conversion).
// EXEC: [](1320312885393)

module attributes {gpu.container_module} {
  func.func @main() -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %nb = arith.constant 235 : index
    %n = arith.constant 60000 : index
    %rows = arith.constant 300 : index
    %cols = arith.constant 200 : index
    %a = memref.alloc(%rows, %cols) : memref<?x?xi64>
    scf.for %i = %c0 to %rows step %c1 {
      scf.for %j = %c0 to %cols step %c1 {
        %k = arith.muli %i, %cols : index
        %g = arith.addi %k, %j : index
        %c7 = arith.constant 7 : index
        %h = arith.muli %g, %c7 : index
        %c31 = arith.constant 31 : index
        %m = arith.remui %h, %c31 : index
        %v = arith.index_cast %m : index to i64
        memref.store %v, %a[%i, %j] : memref<?x?xi64>
      }
    }
    %da = gpu.alloc(%rows, %cols) : memref<?x?xi64>
    gpu.memcpy %da, %a : memref<?x?xi64>, memref<?x?xi64>
    %out = gpu.alloc(%n) : memref<?xi64>
    gpu.launch_func @tail_kernels::@stencil blocks in (%nb, %c1, %c1) threads in (%c256, %c1, %c1) args(%out : memref<?xi64>, %da : memref<?x?xi64>, %n : index)
    %r = memref.alloc(%n) : memref<?xi64>
    gpu.memcpy %r, %out : memref<?xi64>, memref<?xi64>
    %z = arith.constant 0 : i64
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
      %v = memref.load %r[%i] : memref<?xi64>
      %i1 = arith.addi %i, %c1 : index
      %w = arith.index_cast %i1 : index to i64
      %vw = arith.muli %v, %w : i64
      %t = arith.addi %acc, %vw : i64
      scf.yield %t : i64
    }
    gpu.dealloc %out : memref<?xi64>
    gpu.dealloc %da : memref<?x?xi64>
    memref.dealloc %a : memref<?x?xi64>
    memref.dealloc %r : memref<?xi64>
    return %s : i64
  }

  gpu.module @tail_kernels {
    gpu.func @stencil(%o: memref<?xi64>, %a: memref<?x?xi64>, %n: index) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c199 = arith.constant 199 : index
      %w = arith.constant 200 : index
      %k3 = arith.constant 3 : i64
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %ok = arith.cmpi ult, %g, %n : index
      scf.if %ok {
        %row = arith.divui %g, %w : index
        %col = arith.remui %g, %w : index
        %first = arith.cmpi ult, %col, %c1 : index
        %cm1 = arith.subi %col, %c1 : index
        %west = arith.select %first, %col, %cm1 : index
        %inner = arith.cmpi ult, %col, %c199 : index
        %cp1 = arith.addi %col, %c1 : index
        %east = arith.select %inner, %cp1, %col : index
        %q = arith.index_cast %row : index to i64
        %aw = memref.load %a[%row, %west] : memref<?x?xi64>
        %fw0 = arith.muli %aw, %k3 : i64
        %fw = arith.addi %fw0, %q : i64
        %ac = memref.load %a[%row, %col] : memref<?x?xi64>
        %fc0 = arith.muli %ac, %k3 : i64
        %fc = arith.addi %fc0, %q : i64
        %ae = memref.load %a[%row, %east] : memref<?x?xi64>
        %fe0 = arith.muli %ae, %k3 : i64
        %fe = arith.addi %fe0, %q : i64
        %s1 = arith.addi %fw, %fc : i64
        %s2 = arith.addi %s1, %fe : i64
        memref.store %s2, %o[%g] : memref<?xi64>
      }
      gpu.return
    }
  }
}
