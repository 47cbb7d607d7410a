// RUN: tail-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @dim_static
// CHECK-NEXT: %[[C:.*]] = arith.constant 4 : index
// CHECK-NEXT: return %[[C]] : index
func.func @dim_static(%m: memref<?x4xf32>) -> index {
  %c1 = arith.constant 1 : index
  %0 = memref.dim %m, %c1 : memref<?x4xf32>
  return %0 : index
}

// CHECK-LABEL: func.func @dim_of_alloc
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK: return %[[N]] : index
func.func @dim_of_alloc(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %0 = memref.dim %a, %c0 : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return %0 : index
}

// CHECK-LABEL: func.func @dead_alloc
// CHECK-NEXT: return
func.func @dead_alloc(%v: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

// CHECK-LABEL: func.func @cast_same_type
// CHECK-SAME: (%[[M:.*]]: memref<4xf32>)
// CHECK-NEXT: return %[[M]] : memref<4xf32>
func.func @cast_same_type(%m: memref<4xf32>) -> memref<4xf32> {
  %0 = memref.cast %m : memref<4xf32> to memref<?xf32>
  %1 = memref.cast %0 : memref<?xf32> to memref<4xf32>
  return %1 : memref<4xf32>
}
