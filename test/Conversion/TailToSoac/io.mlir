// RUN: tail-opt %s --split-input-file --pass-pipeline='builtin.module(convert-tail-to-soac)' | FileCheck %s

// I/O stays tail ops: array operands and results are bridged by
// builtin.unrealized_conversion_cast between the tensor and the TAIL type.

// CHECK-LABEL: func.func @print
// CHECK-SAME: (%[[M:.*]]: tensor<?x?xi32>, %[[N:.*]]: i32)
// CHECK: %[[C:.*]] = builtin.unrealized_conversion_cast %[[M]] : tensor<?x?xi32> to !tail.array<i32, 2>
// CHECK: %[[P:.*]] = tail.prArrI %[[C]] : !tail.array<i32, 2>
// CHECK: builtin.unrealized_conversion_cast %[[P]] : !tail.array<i32, 2> to tensor<?x?xi32>
// Scalars need no cast.
// CHECK: tail.prSclI %[[N]] : i32
func.func @print(%m: !tail.array<i32, 2>, %n: i32) -> i32 {
  %p = tail.prArrI %m : !tail.array<i32, 2>
  %q = tail.prSclI %n : i32
  return %n : i32
}

// -----

// CHECK-LABEL: func.func @format_read
// CHECK-SAME: -> tensor<?x!tail.char>
// CHECK: %[[S:.*]] = tail.formatI %{{.*}} : (i32) -> !tail.array<!tail.char, 1>
// CHECK: %[[T:.*]] = builtin.unrealized_conversion_cast %[[S]] : !tail.array<!tail.char, 1> to tensor<?x!tail.char>
// CHECK: %[[B:.*]] = builtin.unrealized_conversion_cast %[[T]] : tensor<?x!tail.char> to !tail.array<!tail.char, 1>
// CHECK: %[[R:.*]] = tail.readFile %[[B]]
// CHECK: %[[RT:.*]] = builtin.unrealized_conversion_cast %[[R]] : !tail.array<!tail.char, 1> to tensor<?x!tail.char>
// CHECK: return %[[RT]]
func.func @format_read(%n: i32) -> !tail.array<!tail.char, 1> {
  %s = tail.formatI %n : (i32) -> !tail.array<!tail.char, 1>
  %t = tail.readFile %s : (!tail.array<!tail.char, 1>) -> !tail.array<!tail.char, 1>
  return %t : !tail.array<!tail.char, 1>
}
