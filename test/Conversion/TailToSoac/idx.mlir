// RUN: tail-opt %s --split-input-file --pass-pipeline='builtin.module(convert-tail-to-soac)' | FileCheck %s

// idx/idxS: a transpose bringing the axis to the front (none for axis 1), then soac.index
// (1-based indices); idxassign → soac.update of the copy made by mem, the array rebound to
// the update's result.

// CHECK-LABEL: func.func @idx
// CHECK-SAME: (%[[I:.*]]: i32, %[[M:.*]]: tensor<?x?xi32>)
// CHECK: %[[I0:.*]] = arith.subi %[[I]], %{{.*}} : i32
// CHECK: %[[IX:.*]] = arith.index_cast %[[I0]] : i32 to index
// CHECK: %[[R:.*]] = soac.index %[[M]][%[[IX]]] : tensor<?x?xi32> -> tensor<?xi32>
// CHECK: %[[T:.*]] = soac.transpose %[[M]] [1, 0] : tensor<?x?xi32> -> tensor<?x?xi32>
// CHECK: %[[C:.*]] = soac.index %[[T]][%{{.*}}] : tensor<?x?xi32> -> tensor<?xi32>
// CHECK: return %[[R]], %[[C]]
// CHECK-NOT: tail.
func.func @idx(%i: i32, %m: !tail.array<i32, 2>) -> (!tail.array<i32, 1>, !tail.array<i32, 1>) {
  %one = tail.const 1 : i32
  %r = tail.idx %one, %i, %m : (i32, i32, !tail.array<i32, 2>) -> !tail.array<i32, 1>
  %s = tail.sconst : !tail.s<i32, 2>
  %c = tail.idxS %s, %i, %m : (!tail.s<i32, 2>, i32, !tail.array<i32, 2>) -> !tail.array<i32, 1>
  return %r, %c : !tail.array<i32, 1>, !tail.array<i32, 1>
}

// -----

// CHECK-LABEL: func.func @idxassign
// CHECK-SAME: (%[[A:.*]]: tensor<?xi32>, %[[X:.*]]: i32)
// CHECK: %[[COPY:.*]] = soac.map
// CHECK: %[[DEST:.*]] = soac.reshape %[[COPY]]
// CHECK: %[[U:.*]] = soac.update %[[X]] into %[[DEST]][%{{.*}}] : i32 -> tensor<?xi32>
// CHECK: return %[[U]] : tensor<?xi32>
// CHECK-NOT: tail.
func.func @idxassign(%a: !tail.array<i32, 1>, %x: i32) -> !tail.array<i32, 1> {
  %m = tail.mem %a : !tail.array<i32, 1>
  %is = tail.lit [2] : !tail.vec<i32, 1>
  %u = tail.idxassign %is, %m, %x : (!tail.vec<i32, 1>, !tail.array<i32, 1>, i32) -> i1
  return %m : !tail.array<i32, 1>
}
