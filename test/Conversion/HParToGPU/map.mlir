// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-hpar-to-gpu)' | FileCheck %s
// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-hpar-to-gpu{block-size=128})' | FileCheck %s --check-prefix=B128

// One grid-thread program = one kernel: one thread per element, bounds-checked, and the
// host copies the input in, launches ⌈n/256⌉ blocks of 256 threads, and copies the result out.
// CHECK:       module attributes {gpu.container_module} {
// CHECK-LABEL:   func.func @saxpy
// CHECK-SAME:      (%[[X:.*]]: memref<?xf64>, %[[A:.*]]: f64) -> memref<?xf64>
// CHECK:           %[[N:.*]] = memref.dim %[[X]], %{{.*}} : memref<?xf64>
// CHECK:           %[[DX:.*]] = gpu.alloc(%{{.*}}) : memref<?xf64>
// CHECK-NEXT:      gpu.memcpy %[[DX]], %[[X]] : memref<?xf64>, memref<?xf64>
// CHECK:           %[[OUT:.*]] = gpu.alloc(%[[N]]) : memref<?xf64>
// CHECK:           %[[BS:.*]] = arith.constant 256 : index
// CHECK:           %[[NB:.*]] = arith.maxui
// CHECK:           gpu.launch_func @tail_kernels::@saxpy_k0 blocks in (%[[NB]], %{{.*}}, %{{.*}}) threads in (%[[BS]], %{{.*}}, %{{.*}}) args(%[[OUT]] : memref<?xf64>, %[[N]] : index, %[[DX]] : memref<?xf64>, %[[A]] : f64)
// CHECK:           %[[H:.*]] = memref.alloc(%{{.*}}) : memref<?xf64>
// CHECK-NEXT:      gpu.memcpy %[[H]], %[[OUT]] : memref<?xf64>, memref<?xf64>
// CHECK-DAG:       gpu.dealloc %[[DX]] : memref<?xf64>
// CHECK-DAG:       gpu.dealloc %[[OUT]] : memref<?xf64>
// CHECK:           return %[[H]] : memref<?xf64>
// CHECK:         gpu.module @tail_kernels {
// CHECK-NEXT:      gpu.func @saxpy_k0(%[[O:.*]]: memref<?xf64>, %[[KN:.*]]: index, %[[KX:.*]]: memref<?xf64>, %[[KA:.*]]: f64) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
// CHECK-NEXT:        %[[B:.*]] = gpu.block_id x
// CHECK-NEXT:        %[[D:.*]] = gpu.block_dim x
// CHECK-NEXT:        %[[T:.*]] = gpu.thread_id x
// CHECK-NEXT:        %[[BD:.*]] = arith.muli %[[B]], %[[D]] : index
// CHECK-NEXT:        %[[GID:.*]] = arith.addi %[[BD]], %[[T]] : index
// CHECK-NEXT:        %[[OK:.*]] = arith.cmpi ult, %[[GID]], %[[KN]] : index
// CHECK-NEXT:        scf.if %[[OK]] {
// CHECK-NEXT:          %[[V:.*]] = memref.load %[[KX]][%[[GID]]] : memref<?xf64>
// CHECK-NEXT:          %[[R:.*]] = arith.mulf %[[V]], %[[KA]] : f64
// CHECK-NEXT:          memref.store %[[R]], %[[O]][%[[GID]]] : memref<?xf64>
// CHECK-NEXT:        }
// CHECK-NEXT:        gpu.return
// CHECK-NOT:       gpu.func
// CHECK-NOT:     hpar.
// B128:          arith.constant 128 : index
// B128:          known_block_size = array<i32: 128, 1, 1>
func.func @saxpy(%x: memref<?xf64>, %a: f64) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf64>
  %p = hpar.program<grid> -> !hpar.pull<f64, grid> {
    %g = hpar.generate %n : !hpar.pull<f64> {
    ^bb0(%i: index):
      %v = memref.load %x[%i] : memref<?xf64>
      %r = arith.mulf %v, %a : f64
      hpar.yield %r : f64
    }
    %q = hpar.push<grid> %g : !hpar.pull<f64> -> !hpar.push<f64, grid>
    %f = hpar.force<grid> %q : !hpar.push<f64, grid> -> !hpar.pull<f64, grid>
    hpar.return %f : !hpar.pull<f64, grid>
  }
  %m = builtin.unrealized_conversion_cast %p, %n : !hpar.pull<f64, grid>, index to memref<?xf64>
  return %m : memref<?xf64>
}
