// RUN: tail-opt %s --split-input-file --pass-pipeline='builtin.module(convert-tail-to-soac)' | FileCheck %s

// A known associative, commutative primitive on a rank-2 array: a map over the rows around a
// soac.reduce with the program's neutral element (the identity), lambda (acc, x) -> f(x, acc).
// CHECK-LABEL: func.func @reduce_addi
// CHECK-SAME: (%[[A:.*]]: tensor<?x?xi32>) -> tensor<?xi32>
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: soac.map %[[A]] : tensor<?x?xi32> -> tensor<?xi32>
// CHECK: ^bb0(%[[ROW:.*]]: tensor<?xi32>):
// CHECK: soac.reduce %[[ROW]] init(%[[Z]]) comm : tensor<?xi32> -> i32
// CHECK: ^bb0(%[[ACC:.*]]: i32, %[[X:.*]]: i32):
// CHECK: arith.addi %[[X]], %[[ACC]] : i32
// CHECK-NOT: tail.
func.func @reduce_addi(%a: !tail.array<i32, 2>) -> !tail.array<i32, 1> {
  %z = tail.const 0 : i32
  %s = tail.reduce %z, %a : (i32, !tail.array<i32, 2>) -> !tail.array<i32, 1> {
  ^bb0(%x: i32, %y: i32):
    %r = tail.addi %x, %y : i32
    tail.yield %r : i32
  }
  return %s : !tail.array<i32, 1>
}

// -----

// A non-associative function (subd): TAIL's right fold as a soac.loop from the last element.
// CHECK-LABEL: func.func @reduce_subd
// CHECK: %[[N:.*]] = soac.dim %{{.*}}, 0 : tensor<?xf64>
// CHECK: soac.loop %[[I:.*]] < %[[N]] iter_args(%[[ACC:.*]] = %{{.*}}) -> (f64)
// CHECK: soac.index
// CHECK: arith.subf %{{.*}}, %[[ACC]] : f64
// CHECK-NOT: soac.reduce
func.func @reduce_subd(%v: !tail.array<f64, 1>) -> f64 {
  %z = tail.const 0.0 : f64
  %d = tail.reduce %z, %v : (f64, !tail.array<f64, 1>) -> f64 {
  ^bb0(%x: f64, %y: f64):
    %r = tail.subd %x, %y : f64
    tail.yield %r : f64
  }
  return %d : f64
}

// -----

// addd: the row is reversed (a slice with stride -1) so the left fold reproduces the right
// fold's rounding.
// CHECK-LABEL: func.func @reduce_addd
// CHECK: soac.slice
// CHECK: soac.reduce {{.*}} comm : tensor<?xf64> -> f64
func.func @reduce_addd(%v: !tail.array<f64, 1>) -> f64 {
  %z = tail.const 0.0 : f64
  %d = tail.reduce %z, %v : (f64, !tail.array<f64, 1>) -> f64 {
  ^bb0(%x: f64, %y: f64):
    %r = tail.addd %x, %y : f64
    tail.yield %r : f64
  }
  return %d : f64
}
