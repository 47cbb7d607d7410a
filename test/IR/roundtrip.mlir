// Printing then parsing then printing the custom form is a fixed point, and the printed form
// keeps the meaning of the input.
// RUN: tail-opt %s | FileCheck %s
// RUN: tail-opt %s | tail-opt | FileCheck %s
// RUN: tail-opt %s -o %t.1 && tail-opt %t.1 -o %t.2 && diff %t.1 %t.2

// CHECK-LABEL: module {
// CHECK-NEXT:  func.func @sum(%[[A:.*]]: i32, %[[B:.*]]: i32) -> (i32, i1) {
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[C:.*]] = arith.cmpi slt, %[[S]], %[[A]] : i32
// CHECK-NEXT:    return %[[S]], %[[C]] : i32, i1
// CHECK-NEXT:  }
func.func @sum(%a: i32, %b: i32) -> (i32, i1) {
  %s = arith.addi %a, %b : i32
  %c = arith.cmpi slt, %s, %a : i32
  return %s, %c : i32, i1
}

// CHECK-LABEL: func.func private @decl(i32, f32) -> memref<?xf32>
func.func private @decl(i32, f32) -> memref<?xf32>

// CHECK-LABEL: func.func @nested
// CHECK-SAME:    (%[[M:.*]]: memref<?xf32>, %[[N:.*]]: index, %[[F:.*]]: i1)
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[N]] step %[[C1]] {
// CHECK-NEXT:      scf.if %[[F]] {
// CHECK-NEXT:        memref.store %[[Z]], %[[M]][%[[I]]] : memref<?xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[X:.*]] = arith.constant 7 : i32
// CHECK-NEXT:    %{{.*}}:2 = call @sum(%[[X]], %[[X]]) : (i32, i32) -> (i32, i1)
// CHECK-NEXT:    return
func.func @nested(%m: memref<?xf32>, %n: index, %f: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    scf.if %f {
      memref.store %zero, %m[%i] : memref<?xf32>
    }
  }
  %x = arith.constant 7 : i32
  %r:2 = func.call @sum(%x, %x) : (i32, i32) -> (i32, i1)
  return
}

// Attributes on ops and on functions survive the round trip, sorted by name.
// CHECK-LABEL: func.func @attrs() attributes {a.first = 1 : i64, z.last = "x"} {
// CHECK-NEXT:    %{{.*}} = arith.constant {a, b = [1 : i64, 2 : i32]} 5 : i32
// CHECK-NEXT:    return
func.func @attrs() attributes {z.last = "x", a.first = 1} {
  %c = arith.constant {b = [1, 2 : i32], a = unit} 5 : i32
  return
}
