// RUN: tail-opt %s | FileCheck %s
// RUN: tail-opt %s | tail-opt | FileCheck %s
// RUN: tail-opt %s --mlir-print-op-generic | tail-opt | FileCheck %s

// CHECK-LABEL: func.func @for_loops
// CHECK-SAME: (%[[LB:.*]]: index, %[[UB:.*]]: index, %[[S:.*]]: index, %[[M:.*]]: memref<?xf32>, %[[I32:.*]]: i32)
func.func @for_loops(%lb: index, %ub: index, %s: index, %m: memref<?xf32>, %n: i32) -> f32 {
  // CHECK: scf.for %[[IV:.*]] = %[[LB]] to %[[UB]] step %[[S]] {
  // CHECK-NEXT: memref.load %[[M]][%[[IV]]] : memref<?xf32>
  // CHECK-NEXT: }
  scf.for %i = %lb to %ub step %s {
    %x = memref.load %m[%i] : memref<?xf32>
  }
  // CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
  %zero = arith.constant 0.0 : f32
  // CHECK: %[[SUM:.*]] = scf.for %[[IV:.*]] = %[[LB]] to %[[UB]] step %[[S]] iter_args(%[[ACC:.*]] = %[[Z]]) -> (f32) {
  // CHECK-NEXT:   %[[X:.*]] = memref.load %[[M]][%[[IV]]] : memref<?xf32>
  // CHECK-NEXT:   %[[N:.*]] = arith.addf %[[ACC]], %[[X]] : f32
  // CHECK-NEXT:   scf.yield %[[N]] : f32
  // CHECK-NEXT: }
  %sum = scf.for %i = %lb to %ub step %s iter_args(%acc = %zero) -> (f32) {
    %x = memref.load %m[%i] : memref<?xf32>
    %next = arith.addf %acc, %x : f32
    scf.yield %next : f32
  }
  // CHECK: %{{.*}}:2 = scf.for %{{.*}} = %[[LB]] to %[[UB]] step %[[S]] iter_args(%{{.*}} = %[[Z]], %{{.*}} = %[[LB]]) -> (f32, index) {
  %two:2 = scf.for %i = %lb to %ub step %s iter_args(%a = %zero, %b = %lb) -> (f32, index) {
    scf.yield %a, %b : f32, index
  }
  // CHECK: %[[C0:.*]] = arith.constant 0 : i32
  // CHECK: %[[C1:.*]] = arith.constant 1 : i32
  // CHECK: scf.for %{{.*}} = %[[C0]] to %[[I32]] step %[[C1]] : i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %j = %c0 to %n step %c1 : i32 {
  }
  return %sum : f32
}

// CHECK-LABEL: func.func @ifs
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32, %[[M:.*]]: memref<4xi32>, %[[I:.*]]: index)
func.func @ifs(%c: i1, %a: i32, %b: i32, %m: memref<4xi32>, %i: index) -> i32 {
  // CHECK: scf.if %[[C]] {
  // CHECK-NEXT: memref.store %[[A]], %[[M]][%[[I]]] : memref<4xi32>
  // CHECK-NEXT: }
  scf.if %c {
    memref.store %a, %m[%i] : memref<4xi32>
  }
  // CHECK: scf.if %[[C]] {
  // CHECK-NEXT: memref.store %[[A]], %[[M]][%[[I]]] : memref<4xi32>
  // CHECK-NEXT: } else {
  // CHECK-NEXT: memref.store %[[B]], %[[M]][%[[I]]] : memref<4xi32>
  // CHECK-NEXT: }
  scf.if %c {
    memref.store %a, %m[%i] : memref<4xi32>
  } else {
    memref.store %b, %m[%i] : memref<4xi32>
  }
  // CHECK: %[[R:.*]] = scf.if %[[C]] -> (i32) {
  // CHECK-NEXT: scf.yield %[[A]] : i32
  // CHECK-NEXT: } else {
  // CHECK-NEXT: scf.yield %[[B]] : i32
  // CHECK-NEXT: }
  %r = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  // CHECK: %{{.*}}:2 = scf.if %[[C]] -> (i32, i32) {
  %p:2 = scf.if %c -> (i32, i32) {
    scf.yield %a, %b : i32, i32
  } else {
    scf.yield %b, %a : i32, i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @while_loop
// CHECK-SAME: (%[[INIT:.*]]: i32, %[[N:.*]]: i32)
func.func @while_loop(%init: i32, %n: i32) -> i32 {
  // CHECK: %[[W:.*]] = scf.while (%[[A:.*]] = %[[INIT]]) : (i32) -> i32 {
  // CHECK-NEXT:   %[[CMP:.*]] = arith.cmpi slt, %[[A]], %[[N]] : i32
  // CHECK-NEXT:   scf.condition(%[[CMP]]) %[[A]] : i32
  // CHECK-NEXT: } do {
  // CHECK-NEXT: ^bb0(%[[X:.*]]: i32):
  // CHECK-NEXT:   %[[Y:.*]] = arith.addi %[[X]], %[[X]] : i32
  // CHECK-NEXT:   scf.yield %[[Y]] : i32
  // CHECK-NEXT: }
  %w = scf.while (%a = %init) : (i32) -> i32 {
    %cmp = arith.cmpi slt, %a, %n : i32
    scf.condition(%cmp) %a : i32
  } do {
  ^bb0(%x: i32):
    %y = arith.addi %x, %x : i32
    scf.yield %y : i32
  }
  // CHECK: scf.while : () -> () {
  // CHECK:   scf.condition(%{{.*}})
  // CHECK-NEXT: } do {
  // CHECK-NEXT:   scf.yield
  // CHECK-NEXT: }
  scf.while : () -> () {
    %f = arith.constant false
    scf.condition(%f)
  } do {
    scf.yield
  }
  return %w : i32
}

// CHECK-LABEL: func.func @parallel_loops
// CHECK-SAME: (%[[M:.*]]: memref<?x?xf32>, %[[N:.*]]: index)
func.func @parallel_loops(%m: memref<?x?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  // CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) = (%{{.*}}, %{{.*}}) to (%[[N]], %[[N]]) step (%{{.*}}, %{{.*}}) {
  // CHECK-NEXT:   memref.store %{{.*}}, %[[M]][%[[I]], %[[J]]] : memref<?x?xf32>
  // CHECK-NEXT:   scf.reduce
  // CHECK-NEXT: }
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    memref.store %zero, %m[%i, %j] : memref<?x?xf32>
  }
  // CHECK: %{{.*}}:2 = scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%[[N]]) step (%{{.*}}) init (%{{.*}}, %{{.*}}) -> (f32, f32) {
  // CHECK:   scf.reduce(%{{.*}}, %{{.*}} : f32, f32) {
  // CHECK-NEXT:   ^bb0(%[[L:.*]]: f32, %[[R:.*]]: f32):
  // CHECK-NEXT:     %[[S:.*]] = arith.addf %[[L]], %[[R]] : f32
  // CHECK-NEXT:     scf.reduce.return %[[S]] : f32
  // CHECK-NEXT:   }, {
  // CHECK-NEXT:   ^bb0(%[[L2:.*]]: f32, %[[R2:.*]]: f32):
  // CHECK-NEXT:     %[[S2:.*]] = arith.maximumf %[[L2]], %[[R2]] : f32
  // CHECK-NEXT:     scf.reduce.return %[[S2]] : f32
  // CHECK-NEXT:   }
  // CHECK-NEXT: }
  %r:2 = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero, %zero) -> (f32, f32) {
    %x = memref.load %m[%i, %i] : memref<?x?xf32>
    scf.reduce(%x, %x : f32, f32) {
    ^bb0(%l: f32, %rr: f32):
      %s = arith.addf %l, %rr : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%l: f32, %rr: f32):
      %s = arith.maximumf %l, %rr : f32
      scf.reduce.return %s : f32
    }
  }
  // CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%[[N]]) step (%{{.*}}) init (%{{.*}}) -> f32 {
  %one = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
    scf.reduce(%zero : f32) {
    ^bb0(%l: f32, %rr: f32):
      scf.reduce.return %l : f32
    }
  }
  return %r#0 : f32
}

// CHECK-LABEL: func.func @execute_region
func.func @execute_region(%c: i1) -> i32 {
  // CHECK: %[[E:.*]] = scf.execute_region -> i32 {
  // CHECK-NEXT:   %[[K:.*]] = arith.constant 1 : i32
  // CHECK-NEXT:   scf.yield %[[K]] : i32
  // CHECK-NEXT: }
  %e = scf.execute_region -> i32 {
    %k = arith.constant 1 : i32
    scf.yield %k : i32
  }
  // CHECK: scf.execute_region {
  // CHECK-NEXT:   scf.yield
  // CHECK-NEXT: }
  scf.execute_region {
    scf.yield
  }
  return %e : i32
}
