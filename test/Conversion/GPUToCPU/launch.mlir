// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-gpu-to-cpu)' | FileCheck %s
// RUN: tailc run %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --after=convert-gpu-to-cpu %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --after=convert-gpu-to-cpu,canonicalize,cse %s | FileCheck %s --check-prefix=EXEC

// A launch is an scf.parallel over the blocks whose body calls the kernel's block function
// with the block's coordinates, the grid's extents, the block's extents (here: the kernels have
// no known_block_size) and the kernel's arguments. A kernel that reads y or z coordinates gets
// x, y and z of each; its threads are one loop over the linear id (x fastest), whose
// coordinates (the remainder by the x extent, the remainder of that quotient by the y extent)
// are counted, not divided: the threads run in segments along x (divisions.mlir). The gpu.module and the container attribute are gone.
// CHECK:       module {
// CHECK-LABEL:   func.func @main() -> f64 {
// CHECK:           scf.parallel (%[[BX:.*]], %[[BY:.*]], %[[BZ:.*]]) = (%[[Z:.*]], %[[Z]], %[[Z]]) to (%[[GX:.*]], %[[GY:.*]], %[[GZ:.*]]) step (%[[ONE:.*]], %[[ONE]], %[[ONE]]) {
// CHECK-NEXT:        func.call @grid2d_cpu(%[[BX]], %[[BY]], %[[BZ]], %[[GX]], %[[GY]], %[[GZ]], %[[TX:.*]], %[[TY:.*]], %{{.*}}, %[[OUT:.*]], %{{.*}}) : (index, index, index, index, index, index, index, index, index, memref<?xi64>, index) -> ()
// CHECK-NEXT:        scf.reduce
// CHECK-NEXT:      }
// CHECK:           scf.parallel (%[[B1:.*]]) = (%{{.*}}) to (%[[G1:.*]]) step (%{{.*}}) {
// CHECK-NEXT:        func.call @add1_cpu(%[[B1]], %[[G1]], %[[TX]], %[[OUT]], %{{.*}}) : (index, index, index, memref<?xi64>, index) -> ()
// CHECK-NEXT:        scf.reduce
// CHECK-NEXT:      }
// CHECK-LABEL:   func.func @grid2d_cpu
// CHECK-SAME:      (%[[KBX:.*]]: index, %[[KBY:.*]]: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %[[DX:.*]]: index, %[[DY:.*]]: index, %[[DZ:.*]]: index, %{{.*}}: memref<?xi64>{{( \{llvm.noalias\})?}}, %{{.*}}: index) {
// CHECK:           %[[XY:.*]] = arith.muli %[[DX]], %[[DY]] : index
// CHECK-NEXT:      %[[NT:.*]] = arith.muli %[[XY]], %[[DZ]] : index
// CHECK:           %[[MX:.*]] = arith.maxui %[[DX]], %{{.*}} : index
// CHECK-NEXT:      %[[MY:.*]] = arith.maxui %[[DY]], %{{.*}} : index
// CHECK-NEXT:      scf.while (%{{.*}} = %[[Z0:.*]], %{{.*}} = %[[Z0]], %{{.*}} = %[[Z0]], %{{.*}} = %[[Z0]], %{{.*}} = %[[Z0]])
// CHECK-NOT:         arith.divui
// CHECK-NOT:         arith.remui
// CHECK:             arith.cmpi eq, %{{.*}}, %[[MX]] : index
// CHECK:             arith.cmpi eq, %{{.*}}, %[[MY]] : index
// CHECK:             scf.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      return
// CHECK-LABEL:   func.func @add1_cpu
// CHECK-SAME:      (%{{.*}}: index, %{{.*}}: index, %[[D1:.*]]: index, %{{.*}}: memref<?xi64>{{( \{llvm.noalias\})?}}, %{{.*}}: index) {
// The bounds check of the grid-wide index narrows the loop over the block's threads.
// CHECK:           %[[END:.*]] = arith.minui %{{.*}}, %[[D1]] : index
// CHECK:           scf.for %{{.*}} = %{{.*}} to %[[END]] step %{{.*}} {
// CHECK-NOT:     gpu

// A grid of 2 × 3 blocks of 4 × 2 threads writes out[r·8 + c] = 100·r + c, then a 1-D launch
// adds 1 to every element: out[5·8 + 7] + out[1·8 + 2] = 508 + 103.
// EXEC: [](611.0)

module attributes {gpu.container_module} {
  func.func @main() -> f64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %n = arith.constant 48 : index
    %out = gpu.alloc(%n) : memref<?xi64>
    gpu.launch_func @tail_kernels::@grid2d blocks in (%c2, %c3, %c1) threads in (%c4, %c2, %c1) args(%out : memref<?xi64>, %c8 : index)
    %c12 = arith.constant 12 : index
    gpu.launch_func @tail_kernels::@add1 blocks in (%c12, %c1, %c1) threads in (%c4, %c1, %c1) args(%out : memref<?xi64>, %n : index)
    %h = memref.alloc(%n) : memref<?xi64>
    gpu.memcpy %h, %out : memref<?xi64>, memref<?xi64>
    %c47 = arith.constant 47 : index
    %c10 = arith.constant 10 : index
    %a = memref.load %h[%c47] : memref<?xi64>
    %b = memref.load %h[%c10] : memref<?xi64>
    %s = arith.addi %a, %b : i64
    %f = arith.sitofp %s : i64 to f64
    gpu.dealloc %out : memref<?xi64>
    return %f : f64
  }
  gpu.module @tail_kernels {
    gpu.func @grid2d(%o: memref<?xi64>, %w: index) kernel {
      %c100 = arith.constant 100 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %dx = gpu.block_dim x
      %dy = gpu.block_dim y
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %x0 = arith.muli %bx, %dx : index
      %c = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %dy : index
      %r = arith.addi %y0, %ty : index
      %rw = arith.muli %r, %w : index
      %i = arith.addi %rw, %c : index
      %r100 = arith.muli %r, %c100 : index
      %v = arith.addi %r100, %c : index
      %vi = arith.index_cast %v : index to i64
      memref.store %vi, %o[%i] : memref<?xi64>
      gpu.return
    }
    gpu.func @add1(%o: memref<?xi64>, %n: index) kernel {
      %one = arith.constant 1 : i64
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %ok = arith.cmpi ult, %g, %n : index
      scf.if %ok {
        %x = memref.load %o[%g] : memref<?xi64>
        %y = arith.addi %x, %one : i64
        memref.store %y, %o[%g] : memref<?xi64>
      }
      gpu.return
    }
  }
}
