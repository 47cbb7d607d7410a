// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-gpu-to-cpu)' | FileCheck %s
// RUN: tailc run --target=interp %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=interp --after=convert-gpu-to-cpu %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=cpu %s | FileCheck %s --check-prefix=EXEC

// The coordinates of a grid-wide index along an extent known only at run time (the row and
// column of element g of a w-wide matrix: g / w and g mod w) are carried from one thread to
// the next in the thread loop: the column counts up and wraps to 0 at w, the row counts the
// wraps. Only the block's first index is divided.
// CHECK-LABEL: func.func @coords_cpu
// CHECK-SAME:    (%[[B:.*]]: index, %{{.*}}: index, %[[O:.*]]: memref<?xi64>, %[[N:.*]]: index, %[[W:.*]]: index)
// CHECK:         %[[BD:.*]] = arith.muli %[[B]]
// CHECK:         %[[W1:.*]] = arith.maxui %[[W]], %{{.*}} : index
// CHECK:         %[[Q0:.*]] = arith.divui %[[BD]], %[[W1]] : index
// CHECK:         %[[R0:.*]] = arith.remui %[[BD]], %[[W1]] : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[Q:.*]] = %[[Q0]], %[[R:.*]] = %[[R0]]) -> (index, index) {
// CHECK-NOT:       arith.divui
// CHECK-NOT:       arith.remui
// CHECK:           %[[R1:.*]] = arith.addi %[[R]], %{{.*}} : index
// CHECK:           %[[WRAP:.*]] = arith.cmpi eq, %[[R1]], %[[W]] : index
// CHECK:           %[[Q1:.*]] = arith.addi %[[Q]], %{{.*}} : index
// CHECK:           %[[QN:.*]] = arith.select %[[WRAP]], %[[Q1]], %[[Q]] : index
// CHECK:           %[[RN:.*]] = arith.select %[[WRAP]], %{{.*}}, %[[R1]] : index
// CHECK:           scf.yield %[[QN]], %[[RN]] : index, index

// Σ over g < 1000 of 100·(g div 7) + g mod 7.
// EXEC: [](7095897)

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
    return %s : i64
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
  }
}
