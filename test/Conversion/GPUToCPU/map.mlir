// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-gpu-to-cpu)' | FileCheck %s
// RUN: tailc run %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --after=convert-gpu-to-cpu %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --after=convert-gpu-to-cpu,canonicalize,cse %s | FileCheck %s --check-prefix=EXEC

// A map kernel (no barrier) runs one block as one thread loop over the linear thread id,
// with the block-uniform part (block id × block size) computed once before it. Its threads
// are independent and see only their grid-wide index, so one call runs 16 consecutive
// blocks of 256 threads as one of 4096 (the host makes ⌈4 / 16⌉ calls and passes the
// launch's grid, 4 blocks); the loop's trip count is bounded by the launch's threads
// (grid × 256 − block start) and then by the bounds check of the grid-wide index (`id < n`:
// min(n − block start, …)). On the host, device buffers are host buffers and the launch is
// a parallel loop calling the block function; the kernel reads the host array itself (it
// only loads from it) and the device result is the result (test/Conversion/GPUToCPU/
// staging.mlir).
// CHECK:       module {
// CHECK-LABEL:   func.func @main() -> f64 {
// CHECK:           %[[GRID:.*]] = arith.constant 4 : index
// CHECK:           %[[IN:[0-9]+]] = memref.alloc(%[[N:[0-9]+]]) : memref<?xf64>
// CHECK:           %[[OUT:[0-9]+]] = memref.alloc(%[[N]]) : memref<?xf64>
// CHECK-NOT:       memref.copy
// CHECK:           %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT:      %[[C15:.*]] = arith.constant 15 : index
// CHECK-NEXT:      %[[UP:.*]] = arith.addi %[[GRID]], %[[C15]] : index
// CHECK-NEXT:      %[[CALLS:.*]] = arith.divui %[[UP]], %[[C16]] : index
// CHECK-NEXT:      scf.parallel (%[[BX:.*]]) = (%{{.*}}) to (%[[CALLS]]) step (%{{.*}}) {
// CHECK-NEXT:        func.call @scale_cpu(%[[BX]], %[[GRID]], %[[OUT]], %[[N]], %[[IN]]) : (index, index, memref<?xf64>, index, memref<?xf64>) -> ()
// CHECK-NEXT:        scf.reduce
// CHECK-NEXT:      }
// CHECK-NOT:       memref.copy
// CHECK:           memref.load %[[OUT]]
// CHECK-LABEL:   func.func @scale_cpu
// CHECK-SAME:      (%[[B:.*]]: index, %[[GX:.*]]: index, %[[O:.*]]: memref<?xf64>{{( \{llvm.noalias\})?}}, %[[KN:.*]]: index, %[[X:.*]]: memref<?xf64>{{( \{llvm.noalias\})?}}) {
// CHECK:           %[[BS:.*]] = arith.constant 4096 : index
// CHECK:           %[[BD:.*]] = arith.muli %[[B]], %[[BS]] : index
// CHECK:           %[[THREADS:.*]] = arith.muli %[[GX]], %{{.*}} : index
// CHECK:           %[[LAUNCHED:.*]] = arith.minui %{{.*}}, %{{.*}} : index
// CHECK:           %[[LEFT:.*]] = arith.subi %[[KN]], %[[BD]] : index
// CHECK:           %[[SOME:.*]] = arith.cmpi ult, %[[BD]], %[[KN]] : index
// CHECK:           %[[L:.*]] = arith.select %[[SOME]], %[[LEFT]], %{{.*}} : index
// CHECK:           %[[END:.*]] = arith.minui %[[L]], %[[LAUNCHED]] : index
// CHECK:           scf.for %[[T:.*]] = %{{.*}} to %[[END]] step %{{.*}} {
// CHECK-NEXT:        %[[G:.*]] = arith.addi %[[BD]], %[[T]] : index
// CHECK-NEXT:        %[[V:.*]] = memref.load %[[X]][%[[G]]] : memref<?xf64>
// CHECK-NEXT:        %[[R:.*]] = arith.mulf %[[V]], %{{.*}} : f64
// CHECK-NEXT:        memref.store %[[R]], %[[O]][%[[G]]] : memref<?xf64>
// CHECK-NEXT:      }
// CHECK-NEXT:      return
// CHECK-NOT:     scf.for
// CHECK-NOT:     gpu.

// EXEC: [](1998.0)

module attributes {gpu.container_module} {
  func.func @main() -> f64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c256 = arith.constant 256 : index
    %n = arith.constant 1000 : index
    %h = memref.alloc(%n) : memref<?xf64>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i64
      %f = arith.sitofp %ii : i64 to f64
      memref.store %f, %h[%i] : memref<?xf64>
    }
    %out = gpu.alloc(%n) : memref<?xf64>
    %in = gpu.alloc(%n) : memref<?xf64>
    gpu.memcpy %in, %h : memref<?xf64>, memref<?xf64>
    gpu.launch_func @tail_kernels::@scale blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1) args(%out : memref<?xf64>, %n : index, %in : memref<?xf64>)
    %r = memref.alloc(%n) : memref<?xf64>
    gpu.memcpy %r, %out : memref<?xf64>, memref<?xf64>
    %c999 = arith.constant 999 : index
    %x = memref.load %r[%c999] : memref<?xf64>
    gpu.dealloc %out : memref<?xf64>
    gpu.dealloc %in : memref<?xf64>
    return %x : f64
  }
  gpu.module @tail_kernels {
    gpu.func @scale(%o: memref<?xf64>, %n: index, %x: memref<?xf64>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %two = arith.constant 2.0 : f64
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %ok = arith.cmpi ult, %g, %n : index
      scf.if %ok {
        %v = memref.load %x[%g] : memref<?xf64>
        %r = arith.mulf %v, %two : f64
        memref.store %r, %o[%g] : memref<?xf64>
      }
      gpu.return
    }
  }
}
