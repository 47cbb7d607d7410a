// RUN: tail-opt %s --split-input-file --pass-pipeline='builtin.module(convert-tail-to-soac)' | FileCheck %s

// power → soac.loop carrying the values; condScl and tail.if → scf.if (only the taken region runs).

// CHECK-LABEL: func.func @power
// CHECK-SAME: (%[[N:.*]]: i32, %[[A:.*]]: tensor<?xi32>)
// CHECK: %[[C:.*]] = arith.index_cast %[[N]] : i32 to index
// CHECK: soac.loop %{{.*}} < %[[C]] iter_args(%[[X:.*]] = %[[A]]) -> (tensor<?xi32>)
// CHECK: soac.slice %[[X]]
// CHECK: soac.yield
// CHECK-NOT: tail.
func.func @power(%n: i32, %a: !tail.array<i32, 1>) -> !tail.array<i32, 1> {
  %r = tail.power %n, %a : (i32, !tail.array<i32, 1>) -> !tail.array<i32, 1> {
  ^bb0(%x: !tail.array<i32, 1>):
    %y = tail.reverse %x : !tail.array<i32, 1>
    tail.yield %y : !tail.array<i32, 1>
  }
  return %r : !tail.array<i32, 1>
}

// -----

// CHECK-LABEL: func.func @condScl
// CHECK-SAME: (%[[P:.*]]: i1, %[[N:.*]]: i32)
// CHECK: scf.if %[[P]] -> (i32)
// CHECK: arith.addi %[[N]], %[[N]] : i32
// CHECK: } else {
// CHECK: scf.yield %[[N]] : i32
// CHECK-NOT: tail.
func.func @condScl(%p: i1, %n: i32) -> i32 {
  %r = tail.condScl %p, %n : (i1, i32) -> i32 {
  ^bb0(%x: i32):
    %y = tail.addi %x, %x : i32
    tail.yield %y : i32
  }
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @if
// CHECK: scf.if %{{.*}} -> (f64)
// CHECK: soac.reduce %{{.*}} comm : tensor<?xf64> -> f64
// CHECK: arith.maxnumf
// CHECK: } else {
// CHECK: arith.constant 1.000000e+00 : f64
// CHECK-NOT: tail.
func.func @if(%c: i1, %a: !tail.array<f64, 1>) -> f64 {
  %d = tail.if %c -> (f64) {
    %z = tail.const 0.0 : f64
    %s = tail.reduce %z, %a : (f64, !tail.array<f64, 1>) -> f64 {
    ^bb0(%x: f64, %y: f64):
      %r = tail.maxd %x, %y : f64
      tail.yield %r : f64
    }
    tail.yield %s : f64
  } else {
    %o = tail.const 1.0 : f64
    tail.yield %o : f64
  }
  return %d : f64
}
