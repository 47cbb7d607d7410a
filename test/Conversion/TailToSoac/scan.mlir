// RUN: tail-opt %s --split-input-file --pass-pipeline='builtin.module(convert-tail-to-soac)' | FileCheck %s

// scan on the last axis: a map over the rows around soac.scan for a known associative
// primitive; otherwise each position is the right fold of its prefix (a soac.loop).

// CHECK-LABEL: func.func @scan_addi
// CHECK: soac.map %{{.*}} : tensor<?x?xi32> -> tensor<?x?xi32>
// CHECK: ^bb0(%[[ROW:.*]]: tensor<?xi32>):
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: soac.scan %[[ROW]] init(%[[Z]]) : tensor<?xi32> -> tensor<?xi32>
// CHECK: arith.addi
// CHECK-NOT: tail.
func.func @scan_addi(%a: !tail.array<i32, 2>) -> !tail.array<i32, 2> {
  %r = tail.scan %a : (!tail.array<i32, 2>) -> !tail.array<i32, 2> {
  ^bb0(%x: i32, %y: i32):
    %z = tail.addi %x, %y : i32
    tail.yield %z : i32
  }
  return %r : !tail.array<i32, 2>
}

// -----

// CHECK-LABEL: func.func @scan_subi
// CHECK: %[[I:.*]] = soac.iota %{{.*}} : tensor<?xi32>
// CHECK: soac.map %[[I]] : tensor<?xi32> -> tensor<?xi32>
// CHECK: soac.loop %{{.*}} < %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (i32)
// CHECK: %[[E:.*]] = soac.index
// CHECK: arith.subi %[[E]], %[[ACC]] : i32
// CHECK-NOT: soac.scan
// CHECK-NOT: tail.
func.func @scan_subi(%a: !tail.array<i32, 1>) -> !tail.array<i32, 1> {
  %r = tail.scan %a : (!tail.array<i32, 1>) -> !tail.array<i32, 1> {
  ^bb0(%x: i32, %y: i32):
    %z = tail.subi %x, %y : i32
    tail.yield %z : i32
  }
  return %r : !tail.array<i32, 1>
}
