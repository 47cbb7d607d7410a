// RUN: tail-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(soac-opt),convert-soac-to-hpar)' | FileCheck %s

// soac.update consumes its destination: the element is stored into the destination's host
// memref with memref.store (bounds-checked like every memref access, so an index out of range
// is a runtime error). Nothing has read the argument before: the store is in place.
// CHECK-LABEL: func.func @in_place
// CHECK-SAME:    (%[[V:.*]]: memref<?xi32>, %[[I:.*]]: index, %[[X:.*]]: i32) -> memref<?xi32>
// CHECK-NOT:     memref.alloc
// CHECK:         memref.store %[[X]], %[[V]][%[[I]]] : memref<?xi32>
// CHECK-NEXT:    return %[[V]] : memref<?xi32>
func.func @in_place(%v: tensor<?xi32>, %i: index, %x: i32) -> tensor<?xi32> {
  %r = soac.update %x into %v[%i] : i32 -> tensor<?xi32>
  return %r : tensor<?xi32>
}

// -----

// A kernel has read the destination before (its device copy is made from the old contents):
// the update writes a copy.
// CHECK-LABEL: func.func @after_kernel
// CHECK-SAME:    (%[[V:.*]]: memref<?xi32>, %[[I:.*]]: index, %[[X:.*]]: i32)
// CHECK:         %[[N:.*]] = memref.dim %[[V]]
// CHECK:         %[[P:.*]] = hpar.program<grid>
// CHECK:           memref.load %[[V]]
// CHECK:         } {tail.par = "grid-thread"}
// CHECK-NEXT:    %[[C:.*]] = memref.alloc(%[[N]]) : memref<?xi32>
// CHECK-NEXT:    memref.copy %[[V]], %[[C]] : memref<?xi32> to memref<?xi32>
// CHECK-NEXT:    memref.store %[[X]], %[[C]][%[[I]]] : memref<?xi32>
// CHECK:         %[[D:.*]] = builtin.unrealized_conversion_cast %[[P]], %[[N]]
// CHECK-NEXT:    return %[[D]], %[[C]] : memref<?xi32>, memref<?xi32>
func.func @after_kernel(%v: tensor<?xi32>, %i: index, %x: i32) -> (tensor<?xi32>, tensor<?xi32>) {
  %d = soac.map %v : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%a: i32):
    %b = arith.addi %a, %a : i32
    soac.yield %b : i32
  }
  %r = soac.update %x into %v[%i] : i32 -> tensor<?xi32>
  return %d, %r : tensor<?xi32>, tensor<?xi32>
}

// -----

// The destination is a kernel's result: it is copied back (the cast the gpu lowering turns
// into a copy from the device) and updated on the host, in a buffer of its own (a loop
// yielding the cast would carry the device buffer, without the store).
// CHECK-LABEL: func.func @grid
// CHECK-SAME:    (%{{.*}}: memref<?x?xf64>, %[[I:.*]]: index, %[[J:.*]]: index, %[[X:.*]]: f64)
// CHECK:         %[[P:.*]] = hpar.program<grid>
// CHECK:         %[[H:.*]] = builtin.unrealized_conversion_cast %[[P]], %[[N:.*]], %[[M:.*]] : !hpar.pull<f64, grid>, index, index to memref<?x?xf64>
// CHECK-NEXT:    %[[C:.*]] = memref.alloc(%[[N]], %[[M]]) : memref<?x?xf64>
// CHECK-NEXT:    memref.copy %[[H]], %[[C]] : memref<?x?xf64> to memref<?x?xf64>
// CHECK-NEXT:    memref.store %[[X]], %[[C]][%[[I]], %[[J]]] : memref<?x?xf64>
// CHECK-NEXT:    return %[[C]] : memref<?x?xf64>
func.func @grid(%m: tensor<?x?xf64>, %i: index, %j: index, %x: f64) -> tensor<?x?xf64> {
  %d = soac.map %m : tensor<?x?xf64> -> tensor<?x?xf64> {
  ^bb0(%row: tensor<?xf64>):
    %e = soac.map %row : tensor<?xf64> -> tensor<?xf64> {
    ^bb0(%a: f64):
      %b = arith.mulf %a, %a : f64
      soac.yield %b : f64
    }
    soac.yield %e : tensor<?xf64>
  }
  %r = soac.update %x into %d[%i, %j] : f64 -> tensor<?x?xf64>
  return %r : tensor<?x?xf64>
}

// -----

// A top-level scf.if yielding a scalar has its branches converted in place: here the element
// read of APL's ⊃ of a possibly empty array.
// CHECK-LABEL: func.func @first
// CHECK-SAME:    (%[[A:.*]]: memref<?xi32>) -> i32
// CHECK:         scf.if %{{.*}} -> (i32) {
// CHECK:         } else {
// CHECK-NEXT:      %[[X:.*]] = memref.load %[[A]][%{{.*}}] : memref<?xi32>
// CHECK-NEXT:      scf.yield %[[X]] : i32
func.func @first(%a: tensor<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %n = soac.dim %a, 0 : tensor<?xi32>
  %e = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %e -> (i32) {
    scf.yield %z : i32
  } else {
    %x = soac.index %a[%c0] : tensor<?xi32> -> i32
    scf.yield %x : i32
  }
  return %r : i32
}
