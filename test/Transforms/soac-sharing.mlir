// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(cse))' --split-input-file | FileCheck %s

// Sharing recovery (Accelerate): two structurally equal maps over the same array (equal
// lambdas) are one map; the survivor is the first, which dominates every use.
// CHECK-LABEL: func.func @duplicate_maps
// CHECK-COUNT-1: soac.map
// CHECK-NOT:     soac.map
// CHECK:         return %[[M:.*]], %[[M]]
func.func @duplicate_maps(%xs: tensor<?xi32>) -> (tensor<?xi32>, tensor<?xi32>) {
  %a = soac.map %xs : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32):
    %one = arith.constant 1 : i32
    %y = arith.addi %x, %one : i32
    soac.yield %y : i32
  }
  %b = soac.map %xs : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%z: i32):
    %one = arith.constant 1 : i32
    %y = arith.addi %z, %one : i32
    soac.yield %y : i32
  }
  return %a, %b : tensor<?xi32>, tensor<?xi32>
}

// -----

// Lambdas that differ are not merged.
// CHECK-LABEL: func.func @different_maps
// CHECK-COUNT-2: soac.map
// CHECK:         return
func.func @different_maps(%xs: tensor<?xi32>) -> (tensor<?xi32>, tensor<?xi32>) {
  %a = soac.map %xs : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32):
    %y = arith.addi %x, %x : i32
    soac.yield %y : i32
  }
  %b = soac.map %xs : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32):
    %y = arith.muli %x, %x : i32
    soac.yield %y : i32
  }
  return %a, %b : tensor<?xi32>, tensor<?xi32>
}

// -----

// Duplicate reductions (with their operators) are merged too.
// CHECK-LABEL: func.func @duplicate_reduce
// CHECK-COUNT-1: soac.reduce
// CHECK-NOT:     soac.reduce
// CHECK:         arith.muli %[[S:.*]], %[[S]]
func.func @duplicate_reduce(%xs: tensor<?xi32>) -> i32 {
  %zero = arith.constant 0 : i32
  %s = soac.reduce %xs init(%zero) comm : tensor<?xi32> -> i32 {
  ^bb0(%a: i32, %b: i32):
    %r = arith.addi %a, %b : i32
    soac.yield %r : i32
  }
  %t = soac.reduce %xs init(%zero) comm : tensor<?xi32> -> i32 {
  ^bb0(%a: i32, %b: i32):
    %r = arith.addi %a, %b : i32
    soac.yield %r : i32
  }
  %p = arith.muli %s, %t : i32
  return %p : i32
}

// -----

// Accelerate's sharing term: let inc = (+) 1 in let nine = let three = inc 2 in three * three
// in inc nine - nine. Written with the application of inc duplicated at each use, CSE
// recovers one `three` and one `nine`; the result is 1.
// CHECK-LABEL: func.func @sharing_term
// CHECK:         %[[THREE:.*]] = arith.addi
// CHECK-NEXT:    %[[NINE:.*]] = arith.muli %[[THREE]], %[[THREE]]
// CHECK-NEXT:    %[[INC:.*]] = arith.addi %{{.*}}, %[[NINE]]
// CHECK-NEXT:    arith.subi %[[INC]], %[[NINE]]
func.func @sharing_term() -> i32 {
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %three_a = arith.addi %one, %two : i32
  %three_b = arith.addi %one, %two : i32
  %nine_a = arith.muli %three_a, %three_b : i32
  %three_c = arith.addi %one, %two : i32
  %three_d = arith.addi %one, %two : i32
  %nine_b = arith.muli %three_c, %three_d : i32
  %inc_nine = arith.addi %one, %nine_a : i32
  %r = arith.subi %inc_nine, %nine_b : i32
  return %r : i32
}
