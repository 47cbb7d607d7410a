// RUN: tail-opt %s --split-input-file --pass-pipeline='builtin.module(convert-tail-to-soac)' | FileCheck %s

// each → a map nest of the array's rank with the function inlined innermost; zipWith maps
// over both arrays at once.

// CHECK-LABEL: func.func @each
// CHECK: soac.map %{{.*}} : tensor<?x?xi32> -> tensor<?x?xf64>
// CHECK: ^bb0(%[[ROW:.*]]: tensor<?xi32>):
// CHECK: soac.map %[[ROW]] : tensor<?xi32> -> tensor<?xf64>
// CHECK: ^bb0(%[[X:.*]]: i32):
// CHECK: arith.sitofp %[[X]] : i32 to f64
// CHECK-NOT: tail.
func.func @each(%a: !tail.array<i32, 2>) -> !tail.array<f64, 2> {
  %r = tail.each %a : (!tail.array<i32, 2>) -> !tail.array<f64, 2> {
  ^bb0(%x: i32):
    %y = tail.i2d %x : i32 -> f64
    tail.yield %y : f64
  }
  return %r : !tail.array<f64, 2>
}

// -----

// CHECK-LABEL: func.func @zipWith
// CHECK-SAME: (%[[A:.*]]: tensor<?xi32>, %[[B:.*]]: tensor<?xi32>)
// CHECK: soac.map %[[A]], %[[B]] : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32>
// CHECK: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32):
// CHECK: arith.muli %[[X]], %[[Y]] : i32
// CHECK-NOT: soac.map
// CHECK-NOT: tail.
func.func @zipWith(%a: !tail.array<i32, 1>, %b: !tail.array<i32, 1>) -> !tail.array<i32, 1> {
  %r = tail.zipWith %a, %b : (!tail.array<i32, 1>, !tail.array<i32, 1>) -> !tail.array<i32, 1> {
  ^bb0(%x: i32, %y: i32):
    %z = tail.muli %x, %y : i32
    tail.yield %z : i32
  }
  return %r : !tail.array<i32, 1>
}
