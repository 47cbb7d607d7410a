// RUN: tail-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @if_true
// CHECK-SAME: (%[[M:.*]]: memref<4xi32>, %[[A:.*]]: i32, %[[I:.*]]: index)
// CHECK-NOT: scf.if
// CHECK: memref.store %[[A]], %[[M]][%[[I]]] : memref<4xi32>
// CHECK-NEXT: return
func.func @if_true(%m: memref<4xi32>, %a: i32, %i: index) {
  %t = arith.constant true
  scf.if %t {
    memref.store %a, %m[%i] : memref<4xi32>
  }
  return
}

// CHECK-LABEL: func.func @if_false_no_else
// CHECK-NEXT: return
func.func @if_false_no_else(%m: memref<4xi32>, %a: i32, %i: index) {
  %f = arith.constant false
  scf.if %f {
    memref.store %a, %m[%i] : memref<4xi32>
  }
  return
}

// CHECK-LABEL: func.func @if_false_with_results
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-NEXT: %[[R:.*]] = arith.muli %[[B]], %[[B]] : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @if_false_with_results(%a: i32, %b: i32) -> i32 {
  %f = arith.constant false
  %r = scf.if %f -> (i32) {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  } else {
    %y = arith.muli %b, %b : i32
    scf.yield %y : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @if_same_yields
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: i32, %[[M:.*]]: memref<4xi32>, %[[I:.*]]: index)
// CHECK: scf.if %[[C]] {
// CHECK-NEXT: memref.store
// CHECK-NEXT: }
// CHECK-NEXT: return %[[A]] : i32
func.func @if_same_yields(%c: i1, %a: i32, %m: memref<4xi32>, %i: index) -> i32 {
  %r = scf.if %c -> (i32) {
    memref.store %a, %m[%i] : memref<4xi32>
    scf.yield %a : i32
  } else {
    scf.yield %a : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @if_yields_condition
// CHECK-SAME: (%[[C:.*]]: i1)
// CHECK-NEXT: return %[[C]] : i1
func.func @if_yields_condition(%c: i1) -> i1 {
  %t = arith.constant true
  %f = arith.constant false
  %r = scf.if %c -> (i1) {
    scf.yield %t : i1
  } else {
    scf.yield %f : i1
  }
  return %r : i1
}

// Values defined outside become an arith.select.
// CHECK-LABEL: func.func @if_to_select
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-NEXT: %[[R:.*]] = arith.select %[[C]], %[[A]], %[[B]] : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @if_to_select(%c: i1, %a: i32, %b: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @if_unused_result
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: i32, %[[M:.*]]: memref<4xi32>, %[[I:.*]]: index)
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT:   %[[X:.*]] = arith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT:   memref.store %[[X]], %[[M]][%[[I]]] : memref<4xi32>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @if_unused_result(%c: i1, %a: i32, %m: memref<4xi32>, %i: index) {
  %r = scf.if %c -> (i32) {
    %x = arith.addi %a, %a : i32
    memref.store %x, %m[%i] : memref<4xi32>
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  return
}

// CHECK-LABEL: func.func @if_empty
// CHECK-NEXT: return
func.func @if_empty(%c: i1) {
  scf.if %c {
  } else {
  }
  return
}

// CHECK-LABEL: func.func @if_empty_else
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: memref.store
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @if_empty_else(%c: i1, %m: memref<4xi32>, %a: i32, %i: index) {
  scf.if %c {
    memref.store %a, %m[%i] : memref<4xi32>
  } else {
  }
  return
}

// CHECK-LABEL: func.func @for_zero_trip
// CHECK-SAME: (%[[INIT:.*]]: f32, %[[M:.*]]: memref<4xf32>)
// CHECK-NOT: scf.for
// CHECK: return %[[INIT]] : f32
func.func @for_zero_trip(%init: f32, %m: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c4 to %c0 step %c1 iter_args(%acc = %init) -> (f32) {
    %x = memref.load %m[%i] : memref<4xf32>
    %n = arith.addf %acc, %x : f32
    scf.yield %n : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @for_equal_bounds
// CHECK-SAME: (%[[N:.*]]: index, %[[INIT:.*]]: i32)
// CHECK-NEXT: return %[[INIT]] : i32
func.func @for_equal_bounds(%n: index, %init: i32) -> i32 {
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %n to %n step %c1 iter_args(%acc = %init) -> (i32) {
    %a = arith.addi %acc, %acc : i32
    scf.yield %a : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @for_single_trip
// CHECK-SAME: (%[[INIT:.*]]: f32, %[[M:.*]]: memref<4xf32>)
// CHECK-NOT: scf.for
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[X:.*]] = memref.load %[[M]][%[[C2]]] : memref<4xf32>
// CHECK: %[[N:.*]] = arith.addf %[[INIT]], %[[X]] : f32
// CHECK: return %[[N]] : f32
func.func @for_single_trip(%init: f32, %m: memref<4xf32>) -> f32 {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %r = scf.for %i = %c2 to %c3 step %c5 iter_args(%acc = %init) -> (f32) {
    %x = memref.load %m[%i] : memref<4xf32>
    %n = arith.addf %acc, %x : f32
    scf.yield %n : f32
  }
  return %r : f32
}

// A loop-carried value yielded unchanged is its init.
// CHECK-LABEL: func.func @for_forwarded_iter_arg
// CHECK-SAME: (%[[N:.*]]: index, %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[B]]) -> (i32) {
// CHECK-NEXT:   %[[S:.*]] = arith.addi %[[ACC]], %[[A]] : i32
// CHECK-NEXT:   scf.yield %[[S]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[A]], %[[R]] : i32, i32
func.func @for_forwarded_iter_arg(%n: index, %a: i32, %b: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (i32, i32) {
    %s = arith.addi %y, %x : i32
    scf.yield %x, %s : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// CHECK-LABEL: func.func @execute_region_inline
// CHECK-SAME: (%[[A:.*]]: i32)
// CHECK-NEXT: %[[R:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @execute_region_inline(%a: i32) -> i32 {
  %r = scf.execute_region -> i32 {
    %x = arith.muli %a, %a : i32
    scf.yield %x : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @parallel_zero_trip
// CHECK-SAME: (%[[INIT:.*]]: f32, %[[M:.*]]: memref<?xf32>)
// CHECK-NOT: scf.parallel
// CHECK: return %[[INIT]] : f32
func.func @parallel_zero_trip(%init: f32, %m: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i) = (%c1) to (%c0) step (%c1) init (%init) -> f32 {
    %x = memref.load %m[%i] : memref<?xf32>
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %rr: f32):
      %s = arith.addf %l, %rr : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}

// ----- one load at selected indices ----------------------------------------------------------

// Clamped neighbours of a stencil: each branch computes an index and loads from the same
// buffer; one load at the selected index remains, nested ifs fold from the inside out.
// CHECK-LABEL: func.func @if_of_loads
// CHECK-SAME:    (%[[M:.*]]: memref<?x?xf64>, %[[I:.*]]: index, %[[J:.*]]: index, %[[N:.*]]: index, %[[P:.*]]: i1)
// CHECK-NOT:     scf.if
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[LT:.*]] = arith.cmpi ult, %[[I]], %[[C1]] : index
// CHECK-DAG:     %[[IM:.*]] = arith.subi %[[I]], %[[C1]] : index
// CHECK:         %[[R:.*]] = arith.select %[[LT]], %[[I]], %[[IM]] : index
// CHECK:         %[[V:.*]] = memref.load %[[M]][%[[R]], %[[J]]] : memref<?x?xf64>
// CHECK:         %[[S:.*]] = arith.select %[[P]], %{{.*}}, %{{.*}} : index
// CHECK:         %[[W:.*]] = memref.load %[[M]][%[[I]], %[[S]]] : memref<?x?xf64>
// CHECK:         return %[[V]], %[[W]]
func.func @if_of_loads(%m: memref<?x?xf64>, %i: index, %j: index, %n: index, %p: i1) -> (f64, f64) {
  %c1 = arith.constant 1 : index
  %lt = arith.cmpi ult, %i, %c1 : index
  %v = scf.if %lt -> (f64) {
    %a = memref.load %m[%i, %j] : memref<?x?xf64>
    scf.yield %a : f64
  } else {
    %im = arith.subi %i, %c1 : index
    %b = memref.load %m[%im, %j] : memref<?x?xf64>
    scf.yield %b : f64
  }
  %w = scf.if %p -> (f64) {
    %ge = arith.cmpi uge, %j, %n : index
    %r = scf.if %ge -> (f64) {
      %a = memref.load %m[%i, %n] : memref<?x?xf64>
      scf.yield %a : f64
    } else {
      %jp = arith.addi %j, %c1 : index
      %b = memref.load %m[%i, %jp] : memref<?x?xf64>
      scf.yield %b : f64
    }
    scf.yield %r : f64
  } else {
    %c = memref.load %m[%i, %j] : memref<?x?xf64>
    scf.yield %c : f64
  }
  return %v, %w : f64, f64
}

// Not rewritten: different buffers, a division (it may fault on the branch not taken), a
// store in a branch.
// CHECK-LABEL: func.func @if_of_loads_kept
// CHECK-COUNT-3: scf.if
func.func @if_of_loads_kept(%m: memref<?xf64>, %k: memref<?xf64>, %i: index, %d: index, %c: i1) -> (f64, f64, f64) {
  %x = scf.if %c -> (f64) {
    %a = memref.load %m[%i] : memref<?xf64>
    scf.yield %a : f64
  } else {
    %b = memref.load %k[%i] : memref<?xf64>
    scf.yield %b : f64
  }
  %y = scf.if %c -> (f64) {
    %a = memref.load %m[%i] : memref<?xf64>
    scf.yield %a : f64
  } else {
    %q = arith.divui %i, %d : index
    %b = memref.load %m[%q] : memref<?xf64>
    scf.yield %b : f64
  }
  %z = scf.if %c -> (f64) {
    %a = memref.load %m[%i] : memref<?xf64>
    scf.yield %a : f64
  } else {
    %b = memref.load %m[%d] : memref<?xf64>
    memref.store %b, %k[%i] : memref<?xf64>
    scf.yield %b : f64
  }
  return %x, %y, %z : f64, f64, f64
}

// ----- conditions known from an enclosing if; the remainder of a cyclic read --------------

// CHECK-LABEL: func.func @if_known_condition
// CHECK-SAME:    (%[[X:.*]]: index, %[[N:.*]]: index, %[[M:.*]]: memref<?xindex>)
// CHECK:         %[[C:.*]] = arith.cmpi ult, %[[X]], %[[N]] : index
// CHECK:         scf.if %[[C]] {
// CHECK-NEXT:      memref.store %[[X]], %[[M]][%[[X]]] : memref<?xindex>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[R:.*]] = arith.remui %[[X]], %[[N]] : index
// CHECK-NEXT:      memref.store %[[R]], %[[M]][%[[X]]] : memref<?xindex>
// CHECK-NEXT:    }
func.func @if_known_condition(%x: index, %n: index, %m: memref<?xindex>) {
  %c = arith.cmpi ult, %x, %n : index
  scf.if %c {
    %c2 = arith.cmpi ult, %x, %n : index
    %p = scf.if %c2 -> (index) {
      scf.yield %x : index
    } else {
      %r = arith.remui %x, %n : index
      scf.yield %r : index
    }
    memref.store %p, %m[%x] : memref<?xindex>
  } else {
    %p = scf.if %c -> (index) {
      scf.yield %x : index
    } else {
      %r = arith.remui %x, %n : index
      scf.yield %r : index
    }
    memref.store %p, %m[%x] : memref<?xindex>
  }
  return
}

// CHECK-LABEL: func.func @if_of_remainder
// CHECK-SAME:    (%[[X:.*]]: index, %[[N:.*]]: index)
// CHECK-DAG:     %[[C30:.*]] = arith.constant 30 : index
// CHECK-DAG:     %[[R:.*]] = arith.remui %[[X]], %[[C30]] : index
// CHECK-DAG:     %[[K:.*]] = scf.if
// CHECK:         return %[[R]], %[[K]]
func.func @if_of_remainder(%x: index, %n: index) -> (index, index) {
  %c30 = arith.constant 30 : index
  %c = arith.cmpi ult, %x, %c30 : index
  %p = scf.if %c -> (index) {
    scf.yield %x : index
  } else {
    %r = arith.remui %x, %c30 : index
    scf.yield %r : index
  }
  // Not rewritten: the divisor is not a constant (the branch avoids the division).
  %d = arith.cmpi ult, %x, %n : index
  %q = scf.if %d -> (index) {
    scf.yield %x : index
  } else {
    %r = arith.remui %x, %n : index
    scf.yield %r : index
  }
  return %p, %q : index, index
}
