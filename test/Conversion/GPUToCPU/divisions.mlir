// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-gpu-to-cpu)' | FileCheck %s
// RUN: tailc run --target=interp %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=interp --after=convert-gpu-to-cpu %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=cpu %s | FileCheck %s --check-prefix=EXEC

// The coordinates of a grid-wide index along an extent known only at run time (the row and
// column of element g of a w-wide matrix: g / w and g mod w) are not divided per thread: the
// threads run in segments within one row, in which the row is constant and the column is the
// segment's first column plus the distance to its first thread (a loop LLVM vectorizes). A
// segment ends at the end of the row or of the block; then the column wraps to 0 and the row
// counts up. Only the block's first index is divided. (The kernel is coarsened: one call runs
// 16 blocks of 256 threads, bounded by the launch's threads, then by n.)
// CHECK-LABEL: func.func @coords_cpu
// CHECK-SAME:    (%[[B:.*]]: index, %{{.*}}: index, %[[O:.*]]: memref<?xi64>{{( \{llvm.noalias\})?}}, %[[N:.*]]: index, %[[W:.*]]: index)
// CHECK:         %[[BD:.*]] = arith.muli %[[B]]
// CHECK:         %[[LAUNCHED:.*]] = arith.minui %{{.*}} : index
// CHECK:         %[[END:.*]] = arith.minui %{{.*}}, %[[LAUNCHED]] : index
// CHECK:         %[[W1:.*]] = arith.maxui %[[W]], %{{.*}} : index
// CHECK:         %[[Q0:.*]] = arith.divui %[[BD]], %[[W1]] : index
// CHECK:         %[[R0:.*]] = arith.remui %[[BD]], %[[W1]] : index
// CHECK:         %[[WM:.*]] = arith.maxui %[[W]], %{{.*}} : index
// CHECK:         scf.while (%[[T0:.*]] = %{{.*}}, %{{.*}} = %[[Q0]], %{{.*}} = %[[R0]]) : (index, index, index) -> (index, index, index) {
// CHECK-NEXT:      %[[MORE:.*]] = arith.cmpi ult, %[[T0]], %[[END]] : index
// CHECK-NEXT:      scf.condition(%[[MORE]]) %[[T0]], %{{.*}}, %{{.*}} : index, index, index
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[S:.*]]: index, %[[Q:.*]]: index, %[[R:.*]]: index):
// CHECK-NEXT:      %[[LEFT:.*]] = arith.subi %[[END]], %[[S]] : index
// CHECK-NEXT:      %[[ROOM:.*]] = arith.subi %[[WM]], %[[R]] : index
// CHECK-NEXT:      %[[LEN:.*]] = arith.minui %[[LEFT]], %[[ROOM]] : index
// CHECK-NEXT:      %[[E:.*]] = arith.addi %[[S]], %[[LEN]] : index
// The segment's threads up to the last multiple of 64, then its last 64 again (or all of
// them, when fewer; see reuse.mlir).
// CHECK:           %[[BIG:.*]] = arith.cmpi sge, %{{.*}}, %{{.*}} : index
// CHECK:           %[[M:.*]] = arith.select %[[BIG]], %{{.*}}, %[[S]] : index
// CHECK:           scf.for %[[T:.*]] = %[[S]] to %[[M]] step %{{.*}} {
// CHECK-NEXT:        %[[D:.*]] = arith.subi %[[T]], %[[S]] : index
// CHECK-NEXT:        %[[COL:.*]] = arith.addi %[[R]], %[[D]] : index
// CHECK-NOT:         arith.divui
// CHECK-NOT:         arith.remui
// CHECK:             arith.index_cast %[[Q]] : index to i64
// CHECK-NEXT:        arith.index_cast %[[COL]] : index to i64
// CHECK:           }
// CHECK-NEXT:      scf.if %[[BIG]] {
// CHECK:           } else {
// CHECK:           %[[R1:.*]] = arith.addi %[[R]], %[[LEN]] : index
// CHECK-NEXT:      %[[WRAP:.*]] = arith.cmpi eq, %[[R1]], %[[WM]] : index
// CHECK-NEXT:      %[[RN:.*]] = arith.select %[[WRAP]], %{{.*}}, %[[R1]] : index
// CHECK-NEXT:      %[[Q1:.*]] = arith.addi %[[Q]], %{{.*}} : index
// CHECK-NEXT:      %[[QN:.*]] = arith.select %[[WRAP]], %[[Q1]], %[[Q]] : index
// CHECK-NEXT:      scf.yield %[[E]], %[[QN]], %[[RN]] : index, index, index

// Three coordinates (the store into a 3-D array delinearizes g by the extents of dimensions 2
// and then 1, read with memref.dim in the loop): the quotient by the first extent is divided
// again, and its remainder counts up only when the first remainder wraps, like an odometer.
// A division in a nested region by another memref.dim of the same dimension is the same pair.
// With a small constant divisor of g among them (below 16; a power of two below 64: a mask)
// the coordinates are carried from one thread to the next instead of segments (that
// remainder wraps often): each remainder counts up when its dividend does and wraps to 0 at
// the divisor, its quotient counts the wraps. A divisor that depends on the thread is left
// alone.
// CHECK-LABEL: func.func @cube_cpu
// CHECK-SAME:    (%[[B:.*]]: index, %{{.*}}: index, %[[O:.*]]: memref<?x?x?xi64>{{( \{llvm.noalias\})?}}, %{{.*}}: index)
// CHECK:         %[[C6:.*]] = arith.constant 6 : index
// CHECK-NEXT:    %[[C8:.*]] = arith.constant 8 : index
// CHECK:         %[[BD:.*]] = arith.muli %[[B]]
// CHECK:         %[[D2:.*]] = memref.dim %[[O]], %{{.*}} : memref<?x?x?xi64>
// CHECK-NEXT:    %[[D1:.*]] = memref.dim %[[O]], %{{.*}} : memref<?x?x?xi64>
// CHECK-NEXT:    %[[D2M:.*]] = arith.maxui %[[D2]], %{{.*}} : index
// CHECK-NEXT:    %[[Q0:.*]] = arith.divui %[[BD]], %[[D2M]] : index
// CHECK-NEXT:    %[[X0:.*]] = arith.remui %[[BD]], %[[D2M]] : index
// CHECK-NEXT:    %[[D1M:.*]] = arith.maxui %[[D1]], %{{.*}} : index
// CHECK-NEXT:    %[[Z0:.*]] = arith.divui %[[Q0]], %[[D1M]] : index
// CHECK-NEXT:    %[[Y0:.*]] = arith.remui %[[Q0]], %[[D1M]] : index
// CHECK-NEXT:    %[[C6M:.*]] = arith.maxui %[[C6]], %{{.*}} : index
// CHECK-NEXT:    %[[S0:.*]] = arith.divui %[[BD]], %[[C6M]] : index
// CHECK-NEXT:    %[[M0:.*]] = arith.remui %[[BD]], %[[C6M]] : index
// CHECK-NEXT:    scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[Q:.*]] = %[[Q0]], %[[X:.*]] = %[[X0]], %[[Z:.*]] = %[[Z0]], %[[Y:.*]] = %[[Y0]], %[[S:.*]] = %[[S0]], %[[M:.*]] = %[[M0]]) -> (index, index, index, index, index, index) {
// CHECK-NOT:       arith.divui
// CHECK-NOT:       memref.dim
// CHECK:           arith.remui %{{.*}}, %[[C8]] : index
// CHECK-NEXT:      %[[T1:.*]] = arith.addi %[[T]], %{{.*}} : index
// CHECK-NEXT:      arith.remui %{{.*}}, %[[T1]] : index
// CHECK-NEXT:      arith.cmpi ult, %[[X]], %{{.*}} : index
// CHECK-NEXT:      scf.if
// CHECK-NEXT:        arith.muli %[[Q]], %{{.*}} : index
// CHECK:           arith.muli %[[M]], %{{.*}} : index
// CHECK-NOT:       arith.divui
// CHECK-NOT:       arith.remui
// CHECK:           memref.store %{{.*}}, %[[O]][%[[Z]], %[[Y]], %[[X]]] : memref<?x?x?xi64>
// CHECK-NEXT:      %[[X1:.*]] = arith.addi %[[X]], %[[ONE:.*]] : index
// CHECK-NEXT:      %[[XW:.*]] = arith.cmpi eq, %[[X1]], %[[D2]] : index
// CHECK-NEXT:      %[[XN:.*]] = arith.select %[[XW]], %{{.*}}, %[[X1]] : index
// CHECK-NEXT:      %[[Q1:.*]] = arith.addi %[[Q]], %[[ONE]] : index
// CHECK-NEXT:      %[[QN:.*]] = arith.select %[[XW]], %[[Q1]], %[[Q]] : index
// CHECK-NEXT:      %[[Y1:.*]] = arith.addi %[[Y]], %[[ONE]] : index
// CHECK-NEXT:      %[[YF:.*]] = arith.cmpi eq, %[[Y1]], %[[D1]] : index
// CHECK-NEXT:      %[[YS:.*]] = arith.select %[[YF]], %{{.*}}, %[[Y1]] : index
// CHECK-NEXT:      %[[YW:.*]] = arith.andi %[[XW]], %[[YF]] : i1
// CHECK-NEXT:      %[[YN:.*]] = arith.select %[[XW]], %[[YS]], %[[Y]] : index
// CHECK-NEXT:      %[[Z1:.*]] = arith.addi %[[Z]], %[[ONE]] : index
// CHECK-NEXT:      %[[ZN:.*]] = arith.select %[[YW]], %[[Z1]], %[[Z]] : index
// CHECK:           scf.yield %[[QN]], %[[XN]], %[[ZN]], %[[YN]], %{{.*}}, %{{.*}} : index, index, index, index, index, index

// Σ over g < 1000 of 100·(g div 7) + g mod 7, plus the sum of the 3-D array's elements.
// EXEC: [](464177705017)

module attributes {gpu.container_module} {
  func.func @main() -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c7 = arith.constant 7 : index
    %c256 = arith.constant 256 : index
    %n = arith.constant 1000 : index
    %out = gpu.alloc(%n) : memref<?xi64>
    gpu.launch_func @tail_kernels::@coords blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1) args(%out : memref<?xi64>, %n : index, %c7 : index)
    %r = memref.alloc(%n) : memref<?xi64>
    gpu.memcpy %r, %out : memref<?xi64>, memref<?xi64>
    %z = arith.constant 0 : i64
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
      %v = memref.load %r[%i] : memref<?xi64>
      %a = arith.addi %acc, %v : i64
      scf.yield %a : i64
    }
    gpu.dealloc %out : memref<?xi64>
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c60 = arith.constant 60 : index
    %c32 = arith.constant 32 : index
    %c2 = arith.constant 2 : index
    %cube = gpu.alloc(%c3, %c4, %c5) : memref<?x?x?xi64>
    gpu.launch_func @tail_kernels::@cube blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) args(%cube : memref<?x?x?xi64>, %c60 : index)
    %h = memref.alloc(%c3, %c4, %c5) : memref<?x?x?xi64>
    gpu.memcpy %h, %cube : memref<?x?x?xi64>, memref<?x?x?xi64>
    %t = scf.for %i = %c0 to %c3 step %c1 iter_args(%a0 = %s) -> (i64) {
      %t1 = scf.for %j = %c0 to %c4 step %c1 iter_args(%a1 = %a0) -> (i64) {
        %t2 = scf.for %k = %c0 to %c5 step %c1 iter_args(%a2 = %a1) -> (i64) {
          %v = memref.load %h[%i, %j, %k] : memref<?x?x?xi64>
          %a = arith.addi %a2, %v : i64
          scf.yield %a : i64
        }
        scf.yield %t2 : i64
      }
      scf.yield %t1 : i64
    }
    gpu.dealloc %cube : memref<?x?x?xi64>
    return %t : i64
  }
  gpu.module @tail_kernels {
    gpu.func @coords(%o: memref<?xi64>, %n: index, %w: index) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %hundred = arith.constant 100 : i64
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %ok = arith.cmpi ult, %g, %n : index
      scf.if %ok {
        %row = arith.divui %g, %w : index
        %col = arith.remui %g, %w : index
        %r64 = arith.index_cast %row : index to i64
        %c64 = arith.index_cast %col : index to i64
        %rs = arith.muli %r64, %hundred : i64
        %v = arith.addi %rs, %c64 : i64
        memref.store %v, %o[%g] : memref<?xi64>
      }
      gpu.return
    }
    // out[z, y, x] for element g = 20z + 5y + x of a 3 × 4 × 5 array (extents read from the
    // array) of ((100z + y)·100 + x) + 10⁶·(g mod 6) + 10⁷·(g mod 8) + 10⁸·(g mod (t + 1)) +
    // 10⁹·(x < 2 ? 3·(g div 5) : 0).
    gpu.func @cube(%o: memref<?x?x?xi64>, %n: index) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c6 = arith.constant 6 : index
      %c8 = arith.constant 8 : index
      %c100 = arith.constant 100 : index
      %e6 = arith.constant 1000000 : index
      %e7 = arith.constant 10000000 : index
      %e8 = arith.constant 100000000 : index
      %e9 = arith.constant 1000000000 : index
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %ok = arith.cmpi ult, %g, %n : index
      scf.if %ok {
        %d2 = memref.dim %o, %c2 : memref<?x?x?xi64>
        %x = arith.remui %g, %d2 : index
        %q = arith.divui %g, %d2 : index
        %d1 = memref.dim %o, %c1 : memref<?x?x?xi64>
        %y = arith.remui %q, %d1 : index
        %z = arith.divui %q, %d1 : index
        %m6 = arith.remui %g, %c6 : index
        %m8 = arith.remui %g, %c8 : index
        %t1 = arith.addi %t, %c1 : index
        %mt = arith.remui %g, %t1 : index
        %small = arith.cmpi ult, %x, %c2 : index
        %extra = scf.if %small -> (index) {
          %d2b = memref.dim %o, %c2 : memref<?x?x?xi64>
          %q2 = arith.divui %g, %d2b : index
          %e = arith.muli %q2, %c3 : index
          scf.yield %e : index
        } else {
          scf.yield %c0 : index
        }
        %v0 = arith.muli %z, %c100 : index
        %v1 = arith.addi %v0, %y : index
        %v2 = arith.muli %v1, %c100 : index
        %v3 = arith.addi %v2, %x : index
        %w6 = arith.muli %m6, %e6 : index
        %w7 = arith.muli %m8, %e7 : index
        %w8 = arith.muli %mt, %e8 : index
        %w9 = arith.muli %extra, %e9 : index
        %v4 = arith.addi %v3, %w6 : index
        %v5 = arith.addi %v4, %w7 : index
        %v6 = arith.addi %v5, %w8 : index
        %v7 = arith.addi %v6, %w9 : index
        %v = arith.index_cast %v7 : index to i64
        memref.store %v, %o[%z, %y, %x] : memref<?x?x?xi64>
      }
      gpu.return
    }
  }
}
