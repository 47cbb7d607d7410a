// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-simplify))' | FileCheck %s
// A map's input is taken through a shape-preserving reshape to its source only where the
// source's known extent agrees with the other inputs' known extents: `(⍳ 3) × ⍳ 4` keeps one
// reshape to an unknown extent (the mismatch is the program's, checked at run time by
// soac-runtime-checks); the matching pair loses both.

// CHECK-LABEL: func.func @mismatch
// CHECK:         %[[A:.*]] = soac.iota : tensor<3xi32>
// CHECK:         %[[B:.*]] = soac.iota : tensor<4xi32>
// CHECK:         %[[R:.*]] = soac.reshape %[[B]] to(%{{.*}}) : tensor<4xi32> -> tensor<?xi32>
// CHECK:         soac.map %[[A]], %[[R]] : tensor<3xi32>, tensor<?xi32> -> tensor<?xi32>
func.func @mismatch() -> tensor<?xi32> {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %a = soac.iota : tensor<3xi32>
  %ra = soac.reshape %a to(%c3) : tensor<3xi32> -> tensor<?xi32>
  %b = soac.iota : tensor<4xi32>
  %rb = soac.reshape %b to(%c4) : tensor<4xi32> -> tensor<?xi32>
  %m = soac.map %ra, %rb : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32, %y: i32):
    %p = arith.muli %x, %y : i32
    soac.yield %p : i32
  }
  return %m : tensor<?xi32>
}

// CHECK-LABEL: func.func @agree
// CHECK:         %[[A:.*]] = soac.iota : tensor<3xi32>
// CHECK:         %[[B:.*]] = soac.iota : tensor<3xi32>
// CHECK-NOT:     soac.reshape
// CHECK:         soac.map %[[A]], %[[B]] : tensor<3xi32>, tensor<3xi32>
func.func @agree() -> tensor<?xi32> {
  %c3 = arith.constant 3 : index
  %a = soac.iota : tensor<3xi32>
  %ra = soac.reshape %a to(%c3) : tensor<3xi32> -> tensor<?xi32>
  %b = soac.iota : tensor<3xi32>
  %rb = soac.reshape %b to(%c3) : tensor<3xi32> -> tensor<?xi32>
  %m = soac.map %ra, %rb : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32, %y: i32):
    %p = arith.muli %x, %y : i32
    soac.yield %p : i32
  }
  return %m : tensor<?xi32>
}
