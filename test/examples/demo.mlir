// The main demo: `tail-opt` folds constants and removes duplicated arithmetic.
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse))' | FileCheck %s

// CHECK-LABEL: func.func @poly(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = arith.constant 6 : i32
// CHECK-NEXT:    %1 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:    %2 = arith.addi %1, %1 : i32
// CHECK-NEXT:    %3 = arith.addi %2, %0 : i32
// CHECK-NEXT:    return %3 : i32
// CHECK-NEXT:  }
module {
  func.func @poly(%x: i32) -> i32 {
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %c6 = arith.muli %c2, %c3 : i32
    %a = arith.muli %x, %x : i32
    %b = arith.muli %x, %x : i32
    %s = arith.addi %a, %b : i32
    %t = arith.addi %s, %c6 : i32
    %zero = arith.constant 0 : i32
    %r = arith.addi %t, %zero : i32
    return %r : i32
  }
}
