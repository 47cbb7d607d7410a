// RUN: tail-opt %s | FileCheck %s
// RUN: tail-opt %s | tail-opt | FileCheck %s
// RUN: tail-opt %s --mlir-print-op-generic | tail-opt | FileCheck %s

// CHECK-LABEL: module {
module {
  // CHECK-NEXT: module @named {
  // CHECK-NEXT: }
  module @named {
  }
  // CHECK: module @with_attrs attributes {tail.target = "cuda"} {
  module @with_attrs attributes {tail.target = "cuda"} {
    // CHECK: func.func @f
    func.func @f() {
      return
    }
  }
  // CHECK: module attributes {tail.anonymous} {
  module attributes {tail.anonymous} {
  }

  // CHECK-LABEL: func.func @casts
  // CHECK-SAME: (%[[A:.*]]: i64, %[[B:.*]]: i32)
  func.func @casts(%a: i64, %b: i32) -> (index, i64, i64) {
    // CHECK: %[[X:.*]] = builtin.unrealized_conversion_cast %[[A]] : i64 to index
    %0 = builtin.unrealized_conversion_cast %a : i64 to index
    // CHECK: %{{.*}}:2 = builtin.unrealized_conversion_cast %[[A]], %[[B]] : i64, i32 to i64, i64
    %1:2 = builtin.unrealized_conversion_cast %a, %b : i64, i32 to i64, i64
    // CHECK: builtin.unrealized_conversion_cast to i32
    %2 = builtin.unrealized_conversion_cast to i32
    return %0, %1#0, %1#1 : index, i64, i64
  }
}
