// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-gpu-to-cpu,canonicalize,cse)' | FileCheck %s
// RUN: tailc run --target=interp %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=interp --after=convert-gpu-to-cpu %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=cpu %s | FileCheck %s --check-prefix=EXEC

// A stencil's edges (the column of element g of a 100-wide matrix compared with constants:
// a clamped west and east neighbour, a wrapped one, and an unsigned comparison of col - 1,
// which wraps at column 0) cut each segment of threads into pieces in which every such
// comparison is a constant, its selects resolved: here columns [0, 1), [1, 51), [51, 99)
// and [99, 100). In a piece the neighbours are plain col ± 1 (contiguous loads in a
// stencil); no comparison of the column is left, and the pieces' bounds are the segment's
// first thread plus the distance to the edge, clamped to the segment.
// CHECK-LABEL: func.func @edges_cpu
// CHECK:         scf.while
// CHECK:         } do {
// CHECK-NEXT:    ^bb0(%[[S:.*]]: index, %[[Q:.*]]: index, %[[R:.*]]: index):
// CHECK:           %[[E:.*]] = arith.addi %[[S]], %{{.*}} : index
// CHECK:           %[[D1:.*]] = arith.subi %{{.*}}, %[[R]] : index
// CHECK-NEXT:      %[[A1:.*]] = arith.addi %[[S]], %[[D1]] : index
// CHECK-NEXT:      %[[M1:.*]] = arith.maxsi %[[A1]], %[[S]] : index
// CHECK-NEXT:      %[[B1:.*]] = arith.minsi %[[M1]], %[[E]] : index
// CHECK:           %[[B2:.*]] = arith.minsi %{{.*}}, %[[E]] : index
// CHECK:           %[[B3:.*]] = arith.minsi %{{.*}}, %[[E]] : index
// The pieces of one column run as an `scf.if` on their bounds (at most one thread, no loop
// for LLVM to vectorize at every row); the two wide pieces run up to their last multiple of
// 64 threads, then their last 64 again (or all of them, when fewer; see reuse.mlir): the only
// comparisons left outside the loops.
// CHECK:           %[[RUN1:.*]] = arith.cmpi slt, %[[S]], %[[B1]] : index
// CHECK-NOT:       arith.cmpi
// CHECK:           scf.if %[[RUN1]] {
// CHECK-NOT:         arith.cmpi
// CHECK:             memref.store
// CHECK-NEXT:      }
// CHECK:           %[[BIG2:.*]] = arith.cmpi sge
// CHECK-NOT:       arith.cmpi
// CHECK:           scf.for %{{.*}} = %[[B1]] to
// CHECK-NOT:         arith.cmpi
// CHECK:           scf.if %[[BIG2]] {
// CHECK-NEXT:        scf.for %{{.*}} to %[[B2]]
// CHECK-NOT:           arith.cmpi
// CHECK:           } else {
// CHECK-NEXT:        scf.for %{{.*}} = %[[B1]] to %[[B2]]
// CHECK-NOT:           arith.cmpi
// CHECK:           %[[BIG3:.*]] = arith.cmpi sge
// CHECK-NOT:       arith.cmpi
// CHECK:           scf.for %{{.*}} = %[[B2]] to
// CHECK-NOT:         arith.cmpi
// CHECK:           scf.if %[[BIG3]] {
// CHECK-NEXT:        scf.for %{{.*}} to %[[B3]]
// CHECK-NOT:           arith.cmpi
// CHECK:           } else {
// CHECK-NEXT:        scf.for %{{.*}} = %[[B2]] to %[[B3]]
// CHECK-NOT:           arith.cmpi
// CHECK:           %[[RUN4:.*]] = arith.cmpi slt, %[[B3]], %[[E]] : index
// CHECK-NOT:       arith.cmpi
// CHECK:           scf.if %[[RUN4]] {
// CHECK-NOT:         arith.cmpi
// CHECK:             memref.store
// CHECK-NEXT:      }
// CHECK-NEXT:      arith.addi %[[R]]

// Σ over g < 300 of (g + 1)·(west + 10³·east + 10⁶·wrapped + 10⁹·[col − 1 <ᵤ 50] + 10¹⁰·row).
// EXEC: [](672947581890053)

module attributes {gpu.container_module} {
  func.func @main() -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c256 = arith.constant 256 : index
    %n = arith.constant 300 : index
    %out = gpu.alloc(%n) : memref<?xi64>
    gpu.launch_func @tail_kernels::@edges blocks in (%c2, %c1, %c1) threads in (%c256, %c1, %c1) args(%out : memref<?xi64>, %n : index)
    %r = memref.alloc(%n) : memref<?xi64>
    gpu.memcpy %r, %out : memref<?xi64>, memref<?xi64>
    %z = arith.constant 0 : i64
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
      %v = memref.load %r[%i] : memref<?xi64>
      %i1 = arith.addi %i, %c1 : index
      %w = arith.index_cast %i1 : index to i64
      %vw = arith.muli %v, %w : i64
      %a = arith.addi %acc, %vw : i64
      scf.yield %a : i64
    }
    gpu.dealloc %out : memref<?xi64>
    return %s : i64
  }

  gpu.module @tail_kernels {
    gpu.func @edges(%o: memref<?xi64>, %n: index) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c50 = arith.constant 50 : index
      %c99 = arith.constant 99 : index
      %w = arith.constant 100 : index
      %k3 = arith.constant 1000 : i64
      %k6 = arith.constant 1000000 : i64
      %k9 = arith.constant 1000000000 : i64
      %k10 = arith.constant 10000000000 : i64
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
        %inner = arith.cmpi ult, %col, %c99 : index
        %cp1 = arith.addi %col, %c1 : index
        %east = arith.select %inner, %cp1, %col : index
        %last = arith.cmpi eq, %cp1, %w : index
        %wrapped = arith.select %last, %c0, %cp1 : index
        %left = arith.cmpi ult, %cm1, %c50 : index
        %mid = arith.extui %left : i1 to i64
        %w64 = arith.index_cast %west : index to i64
        %e64 = arith.index_cast %east : index to i64
        %r64 = arith.index_cast %wrapped : index to i64
        %q64 = arith.index_cast %row : index to i64
        %v1 = arith.muli %e64, %k3 : i64
        %v2 = arith.muli %r64, %k6 : i64
        %v3 = arith.muli %mid, %k9 : i64
        %v4 = arith.muli %q64, %k10 : i64
        %s1 = arith.addi %w64, %v1 : i64
        %s2 = arith.addi %s1, %v2 : i64
        %s3 = arith.addi %s2, %v3 : i64
        %s4 = arith.addi %s3, %v4 : i64
        memref.store %s4, %o[%g] : memref<?xi64>
      }
      gpu.return
    }
  }
}
