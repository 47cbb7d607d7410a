// The generic form of scf ops printed by tail-opt (regions with their terminators and block
// arguments, operandSegmentSizes for scf.parallel) is accepted by mlir-opt with the same
// meaning; mlir-opt's generic output reads back into tail-opt unchanged.
// REQUIRES: mlir-opt
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect | mlir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect --mlir-print-op-generic | tail-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect -o %t.direct
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect --mlir-print-op-generic | tail-opt --allow-unregistered-dialect -o %t.back
// RUN: diff %t.direct %t.back

// CHECK-LABEL: func.func @for_loops
// CHECK-SAME:    (%[[LB:.*]]: index, %[[UB:.*]]: index, %[[S:.*]]: index, %[[M:.*]]: memref<?xf32>, %[[N:.*]]: i32, %[[Z:.*]]: f32)
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[LB]] to %[[UB]] step %[[S]] {
// CHECK-NEXT:      memref.store %[[Z]], %[[M]][%[[I]]] : memref<?xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[SUM:.*]] = scf.for %[[I:.*]] = %[[LB]] to %[[UB]] step %[[S]] iter_args(%[[ACC:.*]] = %[[Z]]) -> (f32) {
// CHECK-NEXT:      %[[X:.*]] = memref.load %[[M]][%[[I]]] : memref<?xf32>
// CHECK-NEXT:      %[[NEXT:.*]] = "foo.combine"(%[[ACC]], %[[X]]) : (f32, f32) -> f32
// CHECK-NEXT:      scf.yield %[[NEXT]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    %{{.*}}:2 = scf.for %{{.*}} = %[[LB]] to %[[UB]] step %[[S]] iter_args(%{{.*}} = %[[Z]], %{{.*}} = %[[LB]]) -> (f32, index) {
// CHECK:         scf.for %{{.*}} = %[[N]] to %[[N]] step %[[N]] : i32 {
func.func @for_loops(%lb: index, %ub: index, %s: index, %m: memref<?xf32>, %n: i32, %zero: f32) -> f32 {
  scf.for %i = %lb to %ub step %s {
    memref.store %zero, %m[%i] : memref<?xf32>
  }
  %sum = scf.for %i = %lb to %ub step %s iter_args(%acc = %zero) -> (f32) {
    %x = memref.load %m[%i] : memref<?xf32>
    %next = "foo.combine"(%acc, %x) : (f32, f32) -> f32
    scf.yield %next : f32
  }
  %two:2 = scf.for %i = %lb to %ub step %s iter_args(%a = %zero, %b = %lb) -> (f32, index) {
    scf.yield %a, %b : f32, index
  }
  scf.for %j = %n to %n step %n : i32 {
  }
  return %sum : f32
}

// CHECK-LABEL: func.func @ifs
// CHECK-SAME:    (%[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-NEXT:    scf.if %[[C]] {
// CHECK-NEXT:      "foo.effect"() : () -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %[[C]] {
// CHECK-NEXT:      "foo.then"() : () -> ()
// CHECK-NEXT:    } else {
// CHECK-NEXT:      "foo.else"() : () -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[R:.*]]:2 = scf.if %[[C]] -> (i32, i32) {
// CHECK-NEXT:      scf.yield %[[A]], %[[B]] : i32, i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[B]], %[[A]] : i32, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]#1 : i32
func.func @ifs(%c: i1, %a: i32, %b: i32) -> i32 {
  scf.if %c {
    "foo.effect"() : () -> ()
  }
  scf.if %c {
    "foo.then"() : () -> ()
  } else {
    "foo.else"() : () -> ()
  }
  %p:2 = scf.if %c -> (i32, i32) {
    scf.yield %a, %b : i32, i32
  } else {
    scf.yield %b, %a : i32, i32
  }
  return %p#1 : i32
}

// CHECK-LABEL: func.func @while_loop
// CHECK-SAME:    (%[[INIT:.*]]: i32)
// CHECK-NEXT:    %[[W:.*]] = scf.while (%[[A:.*]] = %[[INIT]]) : (i32) -> i32 {
// CHECK-NEXT:      %[[CMP:.*]] = "foo.cond"(%[[A]]) : (i32) -> i1
// CHECK-NEXT:      scf.condition(%[[CMP]]) %[[A]] : i32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: i32):
// CHECK-NEXT:      %[[Y:.*]] = "foo.step"(%[[X]]) : (i32) -> i32
// CHECK-NEXT:      scf.yield %[[Y]] : i32
// CHECK-NEXT:    }
func.func @while_loop(%init: i32) -> i32 {
  %w = scf.while (%a = %init) : (i32) -> i32 {
    %cmp = "foo.cond"(%a) : (i32) -> i1
    scf.condition(%cmp) %a : i32
  } do {
  ^bb0(%x: i32):
    %y = "foo.step"(%x) : (i32) -> i32
    scf.yield %y : i32
  }
  return %w : i32
}

// CHECK-LABEL: func.func @parallel_loops
// CHECK-SAME:    (%[[M:.*]]: memref<?x?xf32>, %[[N:.*]]: index, %[[ZERO:.*]]: f32, %[[C0:.*]]: index, %[[C1:.*]]: index)
// CHECK-NEXT:    scf.parallel (%[[I:.*]], %[[J:.*]]) = (%[[C0]], %[[C0]]) to (%[[N]], %[[N]]) step (%[[C1]], %[[C1]]) {
// CHECK-NEXT:      memref.store %[[ZERO]], %[[M]][%[[I]], %[[J]]] : memref<?x?xf32>
// CHECK-NEXT:      scf.reduce
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[RED:.*]] = scf.parallel (%[[K:.*]]) = (%[[C0]]) to (%[[N]]) step (%[[C1]]) init (%[[ZERO]]) -> f32 {
// CHECK-NEXT:      %[[V:.*]] = memref.load %[[M]][%[[K]], %[[K]]] : memref<?x?xf32>
// CHECK-NEXT:      scf.reduce(%[[V]] : f32) {
// CHECK-NEXT:      ^bb0(%[[L:.*]]: f32, %[[R:.*]]: f32):
// CHECK-NEXT:        %[[S:.*]] = "foo.combine"(%[[L]], %[[R]]) : (f32, f32) -> f32
// CHECK-NEXT:        scf.reduce.return %[[S]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[RED]] : f32
func.func @parallel_loops(%m: memref<?x?xf32>, %n: index, %zero: f32, %c0: index, %c1: index) -> f32 {
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    memref.store %zero, %m[%i, %j] : memref<?x?xf32>
    scf.reduce
  }
  %red = scf.parallel (%k) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
    %v = memref.load %m[%k, %k] : memref<?x?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %r: f32):
      %s = "foo.combine"(%l, %r) : (f32, f32) -> f32
      scf.reduce.return %s : f32
    }
  }
  return %red : f32
}

// CHECK-LABEL: func.func @execute_region
// CHECK-NEXT:    %[[E:.*]] = scf.execute_region -> i32 {
// CHECK-NEXT:      %[[V:.*]] = "foo.value"() : () -> i32
// CHECK-NEXT:      scf.yield %[[V]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[E]] : i32
func.func @execute_region() -> i32 {
  %e = scf.execute_region -> i32 {
    %v = "foo.value"() : () -> i32
    scf.yield %v : i32
  }
  return %e : i32
}
