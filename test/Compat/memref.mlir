// The generic form of memref ops printed by tail-opt is accepted by mlir-opt with the same
// meaning; mlir-opt's generic output reads back into tail-opt unchanged. (Allocations with
// dynamic sizes are in memref-alloc-dynamic.mlir.)
// REQUIRES: mlir-opt
// RUN: tail-opt %s --mlir-print-op-generic | mlir-opt | FileCheck %s
// RUN: tail-opt %s | mlir-opt | FileCheck %s
// RUN: tail-opt %s --mlir-print-op-generic | mlir-opt --mlir-print-op-generic | tail-opt | FileCheck %s --check-prefix=BACK
// RUN: tail-opt %s -o %t.direct
// RUN: tail-opt %s --mlir-print-op-generic | mlir-opt | tail-opt -o %t.back
// RUN: diff %t.direct %t.back

// CHECK-DAG: memref.global "private" constant @lut : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]>
// CHECK-DAG: memref.global @buf : memref<4xi32> = uninitialized
// CHECK-DAG: memref.global "private" @ext : memref<3xi64>
// CHECK-DAG: memref.global "private" @splat : memref<2x2xi32> = dense<7> {alignment = 64 : i64}
memref.global "private" constant @lut : memref<2xf32> = dense<[1.0, 2.0]>
memref.global @buf : memref<4xi32> = uninitialized
memref.global "private" @ext : memref<3xi64>
memref.global "private" @splat : memref<2x2xi32> = dense<7> {alignment = 64 : i64}

// CHECK-LABEL: func.func @access
// CHECK-SAME:    (%[[M:.*]]: memref<4x4xf32>, %[[V:.*]]: memref<?xf32>, %[[I:.*]]: index, %[[J:.*]]: index, %[[S:.*]]: memref<f32>)
// CHECK-NEXT:    %[[X:.*]] = memref.load %[[M]][%[[I]], %[[J]]] : memref<4x4xf32>
// CHECK-NEXT:    memref.store %[[X]], %[[V]][%[[I]]] : memref<?xf32>
// CHECK-NEXT:    %[[Y:.*]] = memref.load %[[S]][] : memref<f32>
// CHECK-NEXT:    memref.store %[[Y]], %[[S]][] : memref<f32>
// CHECK-NEXT:    memref.load %[[V]][%[[I]]] {nontemporal = true} : memref<?xf32>
// CHECK-NEXT:    return
func.func @access(%m: memref<4x4xf32>, %v: memref<?xf32>, %i: index, %j: index, %s: memref<f32>) {
  %x = memref.load %m[%i, %j] : memref<4x4xf32>
  memref.store %x, %v[%i] : memref<?xf32>
  %y = memref.load %s[] : memref<f32>
  memref.store %y, %s[] : memref<f32>
  %z = memref.load %v[%i] {nontemporal = true} : memref<?xf32>
  return
}

// CHECK-LABEL: func.func @static_alloc
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<8x64xf32>
// CHECK-NEXT:    %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 3>
// CHECK-NEXT:    %[[D:.*]] = memref.alloca() : memref<16xi32>
// CHECK-NEXT:    memref.dealloc %[[A]] : memref<8x64xf32>
// CHECK-NEXT:    memref.dealloc %[[B]] : memref<4xf32, 3>
// CHECK-NEXT:    return
func.func @static_alloc() {
  %a = memref.alloc() : memref<8x64xf32>
  %b = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 3>
  %d = memref.alloca() : memref<16xi32>
  memref.dealloc %a : memref<8x64xf32>
  memref.dealloc %b : memref<4xf32, 3>
  return
}

// CHECK-LABEL: func.func @shapes
// CHECK-SAME:    (%[[V:.*]]: memref<?xf32>, %[[F:.*]]: memref<4xf32>, %[[C0:.*]]: index)
// CHECK-NEXT:    %[[D:.*]] = memref.dim %[[V]], %[[C0]] : memref<?xf32>
// CHECK-NEXT:    %[[C:.*]] = memref.cast %[[F]] : memref<4xf32> to memref<?xf32>
// CHECK-NEXT:    memref.cast %[[V]] : memref<?xf32> to memref<*xf32>
// CHECK-NEXT:    memref.copy %[[F]], %[[C]] : memref<4xf32> to memref<?xf32>
// CHECK-NEXT:    memref.get_global @lut : memref<2xf32>
// CHECK-NEXT:    return %[[D]] : index
func.func @shapes(%v: memref<?xf32>, %f: memref<4xf32>, %c0: index) -> index {
  %d = memref.dim %v, %c0 : memref<?xf32>
  %c = memref.cast %f : memref<4xf32> to memref<?xf32>
  %u = memref.cast %v : memref<?xf32> to memref<*xf32>
  memref.copy %f, %c : memref<4xf32> to memref<?xf32>
  %g = memref.get_global @lut : memref<2xf32>
  return %d : index
}

// mlir-opt's generic output of a static allocation carries operandSegmentSizes (which tail's
// memref.alloc does not have); it is kept as an attribute.
// BACK-LABEL: func.func @static_alloc
// BACK-NEXT:    memref.alloc() {{.*}}: memref<8x64xf32>
