// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-simplify))' | FileCheck %s
// Comparisons decided by the ranges of their operands: an element of an array of constants
// (`2 1`, read at a computed position) compared with 0. Where the elements straddle the
// constant (`2 ¯1`), the comparison stays.

// CHECK-LABEL: func.func @all_positive
// CHECK-NOT:     arith.cmpi
// CHECK:         %[[F:.*]] = arith.constant false
// CHECK:         soac.replicate %[[F]] times
// CHECK-LABEL: func.func @mixed
func.func @all_positive(%is: tensor<?xi32>) -> tensor<?xi1> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %a = soac.replicate %c2 : i32 -> tensor<1xi32>
  %b = soac.replicate %c1 : i32 -> tensor<1xi32>
  %counts = soac.concat %a, %b along 0 : tensor<1xi32>, tensor<1xi32> -> tensor<?xi32>
  %r = soac.map %is : tensor<?xi32> -> tensor<?xi1> {
  ^bb0(%j: i32):
    %i = arith.index_cast %j : i32 to index
    %c = soac.index %counts[%i] : tensor<?xi32> -> i32
    %neg = arith.cmpi slt, %c, %c0 : i32
    soac.yield %neg : i1
  }
  return %r : tensor<?xi1>
}

// CHECK:         arith.cmpi slt
func.func @mixed(%is: tensor<?xi32>) -> tensor<?xi1> {
  %c0 = arith.constant 0 : i32
  %cm1 = arith.constant -1 : i32
  %c2 = arith.constant 2 : i32
  %a = soac.replicate %c2 : i32 -> tensor<1xi32>
  %b = soac.replicate %cm1 : i32 -> tensor<1xi32>
  %counts = soac.concat %a, %b along 0 : tensor<1xi32>, tensor<1xi32> -> tensor<?xi32>
  %r = soac.map %is : tensor<?xi32> -> tensor<?xi1> {
  ^bb0(%j: i32):
    %i = arith.index_cast %j : i32 to index
    %c = soac.index %counts[%i] : tensor<?xi32> -> i32
    %neg = arith.cmpi slt, %c, %c0 : i32
    soac.yield %neg : i1
  }
  return %r : tensor<?xi1>
}
