// RUN: tail-opt %s --split-input-file --pass-pipeline='builtin.module(convert-tail-to-soac)' | FileCheck %s

// cat/cons/snoc → soac.concat (cat on the last axis; the cell of cons/snoc a one-row replicate).

// CHECK-LABEL: func.func @cat
// CHECK: soac.concat %{{.*}}, %{{.*}} along 1 : tensor<?x?xi32>, tensor<?x?xi32> -> tensor<?x?xi32>
// CHECK-NOT: tail.
func.func @cat(%a: !tail.array<i32, 2>, %b: !tail.array<i32, 2>) -> !tail.array<i32, 2> {
  %r = tail.cat %a, %b : (!tail.array<i32, 2>, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  return %r : !tail.array<i32, 2>
}

// -----

// CHECK-LABEL: func.func @cons_snoc
// CHECK-SAME: (%[[X:.*]]: i32, %[[A:.*]]: tensor<?xi32>)
// CHECK: %[[C:.*]] = soac.replicate %[[X]] : i32 -> tensor<1xi32>
// CHECK: soac.concat %[[C]], %[[A]] along 0 : tensor<1xi32>, tensor<?xi32> -> tensor<?xi32>
// CHECK: %[[S:.*]] = soac.replicate %[[X]] : i32 -> tensor<1xi32>
// CHECK: soac.concat %[[A]], %[[S]] along 0 : tensor<?xi32>, tensor<1xi32> -> tensor<?xi32>
// CHECK-NOT: tail.
func.func @cons_snoc(%x: i32, %a: !tail.array<i32, 1>) -> (!tail.array<i32, 1>, !tail.array<i32, 1>) {
  %c = tail.cons %x, %a : (i32, !tail.array<i32, 1>) -> !tail.array<i32, 1>
  %s = tail.snoc %a, %x : (!tail.array<i32, 1>, i32) -> !tail.array<i32, 1>
  return %c, %s : !tail.array<i32, 1>, !tail.array<i32, 1>
}
