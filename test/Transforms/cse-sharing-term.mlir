// Accelerate's sharing term (digest 002_003_004 §4):
//   let inc = (+) 1 in let nine = let three = inc 2 in (*) three three in (-) (inc nine) nine
// evaluates to 1. Written here as the tree that naive inlining produces (every use of `inc`,
// `three` and `nine` re-computes its definition), CSE recovers the sharing: `inc 2` and
// `three * three` are computed once, and the value is still 1.
// RUN: tailc run %s | FileCheck %s --check-prefix=VALUE
// RUN: tailc run --after='builtin.module(func.func(cse))' %s | FileCheck %s --check-prefix=VALUE
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(cse))' | FileCheck %s

// VALUE: [](1.0)

// CHECK-LABEL: func.func @main
// CHECK:         %[[THREE:.*]] = arith.addi
// CHECK-NEXT:    %[[NINE:.*]] = arith.muli %[[THREE]], %[[THREE]]
// CHECK-NEXT:    %[[INC:.*]] = arith.addi %{{.*}}, %[[NINE]]
// CHECK-NEXT:    arith.subi %[[INC]], %[[NINE]]
// CHECK-NOT:     arith.addi
// CHECK-NOT:     arith.muli
func.func @main() -> f64 {
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  // nine, first copy: three * three with three = inc 2, inlined twice
  %three_a = arith.addi %one, %two : i32
  %three_b = arith.addi %one, %two : i32
  %nine_a = arith.muli %three_a, %three_b : i32
  // nine, second copy
  %three_c = arith.addi %one, %two : i32
  %three_d = arith.addi %one, %two : i32
  %nine_b = arith.muli %three_c, %three_d : i32
  // (inc nine) - nine
  %inc_nine = arith.addi %one, %nine_a : i32
  %r = arith.subi %inc_nine, %nine_b : i32
  %d = arith.sitofp %r : i32 to f64
  return %d : f64
}
