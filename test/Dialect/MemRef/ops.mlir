// RUN: tail-opt %s | FileCheck %s
// RUN: tail-opt %s | tail-opt | FileCheck %s
// RUN: tail-opt %s --mlir-print-op-generic | tail-opt | FileCheck %s

// CHECK: memref.global "private" constant @lut : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]>
memref.global "private" constant @lut : memref<2xf32> = dense<[1.0, 2.0]>
// CHECK: memref.global @buf : memref<4xi32> = uninitialized
memref.global @buf : memref<4xi32> = uninitialized
// CHECK: memref.global "private" @ext : memref<3xi64>
memref.global "private" @ext : memref<3xi64>
// CHECK: memref.global "private" @splat : memref<2x2xi32> = dense<7> {alignment = 64 : i64}
memref.global "private" @splat : memref<2x2xi32> = dense<7> {alignment = 64 : i64}

// CHECK-LABEL: func.func @alloc
// CHECK-SAME: (%[[N:.*]]: index)
func.func @alloc(%n: index) {
  // CHECK: %[[A:.*]] = memref.alloc() : memref<8x64xf32>
  %a = memref.alloc() : memref<8x64xf32>
  // CHECK: %[[B:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  // CHECK: %[[C:.*]] = memref.alloc(%[[N]], %[[N]]) {alignment = 64 : i64} : memref<?x4x?xf32, 3>
  %c = memref.alloc(%n, %n) {alignment = 64 : i64} : memref<?x4x?xf32, 3>
  // CHECK: %[[D:.*]] = memref.alloca() : memref<16xi32>
  %d = memref.alloca() : memref<16xi32>
  // CHECK: memref.alloca(%[[N]]) : memref<?xi8>
  %e = memref.alloca(%n) : memref<?xi8>
  // CHECK: memref.dealloc %[[A]] : memref<8x64xf32>
  memref.dealloc %a : memref<8x64xf32>
  // CHECK: memref.dealloc %[[B]] : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  memref.dealloc %c : memref<?x4x?xf32, 3>
  return
}

// CHECK-LABEL: func.func @access
// CHECK-SAME: (%[[M:.*]]: memref<4x4xf32>, %[[V:.*]]: memref<?xf32>, %[[I:.*]]: index, %[[J:.*]]: index, %[[S:.*]]: memref<f32>)
func.func @access(%m: memref<4x4xf32>, %v: memref<?xf32>, %i: index, %j: index, %s: memref<f32>) {
  // CHECK: %[[X:.*]] = memref.load %[[M]][%[[I]], %[[J]]] : memref<4x4xf32>
  %x = memref.load %m[%i, %j] : memref<4x4xf32>
  // CHECK: memref.store %[[X]], %[[V]][%[[I]]] : memref<?xf32>
  memref.store %x, %v[%i] : memref<?xf32>
  // CHECK: %[[Y:.*]] = memref.load %[[S]][] : memref<f32>
  %y = memref.load %s[] : memref<f32>
  // CHECK: memref.store %[[Y]], %[[S]][] : memref<f32>
  memref.store %y, %s[] : memref<f32>
  // CHECK: memref.load %[[V]][%[[I]]] {nontemporal = true} : memref<?xf32>
  %z = memref.load %v[%i] {nontemporal = true} : memref<?xf32>
  return
}

// CHECK-LABEL: func.func @shapes
// CHECK-SAME: (%[[V:.*]]: memref<?xf32>, %[[F:.*]]: memref<4xf32>)
func.func @shapes(%v: memref<?xf32>, %f: memref<4xf32>) -> index {
  %c0 = arith.constant 0 : index
  // CHECK: %[[D:.*]] = memref.dim %[[V]], %{{.*}} : memref<?xf32>
  %d = memref.dim %v, %c0 : memref<?xf32>
  // CHECK: %[[C:.*]] = memref.cast %[[F]] : memref<4xf32> to memref<?xf32>
  %c = memref.cast %f : memref<4xf32> to memref<?xf32>
  // CHECK: memref.cast %[[V]] : memref<?xf32> to memref<*xf32>
  %u = memref.cast %v : memref<?xf32> to memref<*xf32>
  // CHECK: memref.copy %[[C]], %[[V]] : memref<?xf32> to memref<?xf32>
  memref.copy %c, %v : memref<?xf32> to memref<?xf32>
  return %d : index
}

// CHECK-LABEL: func.func @globals
func.func @globals() -> memref<2xf32> {
  // CHECK: %[[G:.*]] = memref.get_global @lut : memref<2xf32>
  %g = memref.get_global @lut : memref<2xf32>
  // CHECK: memref.get_global @buf : memref<4xi32>
  %b = memref.get_global @buf : memref<4xi32>
  return %g : memref<2xf32>
}
