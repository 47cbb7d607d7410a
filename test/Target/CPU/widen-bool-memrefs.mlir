// RUN: tail-opt --widen-bool-memrefs %s | FileCheck %s
// RUN: not tail-opt --widen-bool-memrefs %S/Inputs/widen-bool-errors.mlir 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: tailc run --target=cpu %s | FileCheck %s --check-prefix=EXEC
// Memrefs of booleans hold bytes: every memref type with i1 elements (arguments, results,
// allocations, casts, function types and declarations, unranked memrefs) gets i8 elements;
// a load truncates the byte it loads, a store extends the truth value it stores. Other
// memrefs and scalar i1 values keep their types.

// CHECK-LABEL: func.func @flip(%arg0: memref<?xi8>, %arg1: memref<?xf64>) -> memref<4xi8>
// CHECK:         %[[A:.*]] = memref.alloc() : memref<4xi8>
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:      %[[L:.*]] = memref.load %arg0[%[[I]]] : memref<?xi8>
// CHECK-NEXT:      %[[B:.*]] = arith.trunci %[[L]] : i8 to i1
// CHECK-NEXT:      %[[N:.*]] = arith.xori %[[B]], %{{.*}} : i1
// CHECK-NEXT:      %[[E:.*]] = arith.extui %[[N]] : i1 to i8
// CHECK-NEXT:      memref.store %[[E]], %[[A]][%[[I]]] : memref<4xi8>
// CHECK-NEXT:      %[[F:.*]] = memref.load %arg1[%[[I]]] : memref<?xf64>
// CHECK-NEXT:      memref.store %[[F]], %arg1[%[[I]]] : memref<?xf64>
// CHECK:         return %[[A]] : memref<4xi8>
func.func @flip(%m: memref<?xi1>, %f: memref<?xf64>) -> memref<4xi1> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = arith.constant true
  %a = memref.alloc() : memref<4xi1>
  scf.for %i = %c0 to %c4 step %c1 {
    %b = memref.load %m[%i] : memref<?xi1>
    %n = arith.xori %b, %t : i1
    memref.store %n, %a[%i] : memref<4xi1>
    %x = memref.load %f[%i] : memref<?xf64>
    memref.store %x, %f[%i] : memref<?xf64>
  }
  return %a : memref<4xi1>
}

// CHECK-LABEL: func.func private @print(memref<*xi8>)
func.func private @print(memref<*xi1>)

// CHECK-LABEL: func.func @main() -> i64
// CHECK:         %[[M:.*]] = memref.alloc(%{{.*}}) : memref<?xi8>
// CHECK:         %[[R:.*]] = call @flip(%[[M]], %{{.*}}) : (memref<?xi8>, memref<?xf64>) -> memref<4xi8>
// CHECK:         memref.cast %[[R]] : memref<4xi8> to memref<?xi8>
// A loaded truth value that is extended extends the byte (0 or 1) itself, without a mask.
// CHECK:         scf.for
// CHECK-NEXT:      %[[LB:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<?xi8>
// CHECK-NEXT:      arith.trunci %[[LB]] : i8 to i1
// CHECK-NEXT:      %[[V:.*]] = arith.extui %[[LB]] : i8 to i64
// CHECK-NEXT:      arith.muli %[[V]], %{{.*}} : i64
func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %t = arith.constant true
  %f = arith.constant false
  %m = memref.alloc(%c4) : memref<?xi1>
  memref.store %t, %m[%c0] : memref<?xi1>
  memref.store %f, %m[%c1] : memref<?xi1>
  memref.store %f, %m[%c3] : memref<?xi1>
  %c2 = arith.constant 2 : index
  memref.store %t, %m[%c2] : memref<?xi1>
  %d = memref.alloc(%c4) : memref<?xf64>
  %r = call @flip(%m, %d) : (memref<?xi1>, memref<?xf64>) -> memref<4xi1>
  %rd = memref.cast %r : memref<4xi1> to memref<?xi1>
  %z = arith.constant 0 : i64
  // Σ 10^i·r[i] = 0·1 + 1·10 + 0·100 + 1·1000.
  %ten = arith.constant 10 : i64
  %one = arith.constant 1 : i64
  %s:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z, %p = %one) -> (i64, i64) {
    %b = memref.load %rd[%i] : memref<?xi1>
    %v = arith.extui %b : i1 to i64
    %pv = arith.muli %v, %p : i64
    %a = arith.addi %acc, %pv : i64
    %p1 = arith.muli %p, %ten : i64
    scf.yield %a, %p1 : i64, i64
  }
  return %s#0 : i64
}
// EXEC: [](1010)
// ERR: widen-bool-errors.mlir:4:3: error: 'memref.atomic_rmw' op cannot be converted by widen-bool-memrefs: it accesses the elements of a boolean memref
