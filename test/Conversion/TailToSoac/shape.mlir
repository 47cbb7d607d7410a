// RUN: tail-opt %s --split-input-file --pass-pipeline='builtin.module(convert-tail-to-soac)' | FileCheck %s

// Shape ops: iota (0-based soac.iota plus one), shape (soac.dim per axis), reshape (cyclic
// view, or a replicated default for an empty source), rav (a flat reshape view).

// CHECK-LABEL: func.func @iota
// CHECK: %[[N:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: %[[I:.*]] = soac.iota %[[N]] : tensor<?xi32>
// CHECK: soac.map %[[I]] : tensor<?xi32> -> tensor<?xi32>
// CHECK: arith.addi
// CHECK-NOT: tail.
func.func @iota(%n: i32) -> !tail.array<i32, 1> {
  %v = tail.iota %n : (i32) -> !tail.array<i32, 1>
  return %v : !tail.array<i32, 1>
}

// -----

// CHECK-LABEL: func.func @shape
// CHECK-SAME: -> tensor<2xi32>
// CHECK: soac.dim %{{.*}}, 0 : tensor<?x?xi32>
// CHECK: soac.dim %{{.*}}, 1 : tensor<?x?xi32>
// CHECK: soac.concat {{.*}} along 0 : tensor<1xi32>, tensor<1xi32> -> tensor<?xi32>
// CHECK-NOT: tail.
func.func @shape(%m: !tail.array<i32, 2>) -> !tail.vec<i32, 2> {
  %s = tail.shape %m : (!tail.array<i32, 2>) -> !tail.vec<i32, 2>
  return %s : !tail.vec<i32, 2>
}

// -----

// CHECK-LABEL: func.func @reshape
// CHECK-SAME: (%[[S:.*]]: tensor<2xi32>, %[[A:.*]]: tensor<?xi32>) -> tensor<?x?xi32>
// CHECK: scf.if %{{.*}} -> (tensor<?x?xi32>)
// CHECK: soac.replicate %{{.*}} times %{{.*}} : i32 -> tensor<?xi32>
// CHECK: } else {
// CHECK: soac.reshape %[[A]] to(%{{.*}}, %{{.*}}) cyclic : tensor<?xi32> -> tensor<?x?xi32>
// CHECK-NOT: tail.
func.func @reshape(%s: !tail.vec<i32, 2>, %a: !tail.array<i32, 1>) -> !tail.array<i32, 2> {
  %z = tail.const 0 : i32
  %r = tail.reshape %s, %z, %a : (!tail.vec<i32, 2>, i32, !tail.array<i32, 1>) -> !tail.array<i32, 2>
  return %r : !tail.array<i32, 2>
}

// -----

// CHECK-LABEL: func.func @rav
// CHECK: soac.reshape %{{.*}} to(%{{.*}}) : tensor<?x?xf64> -> tensor<?xf64>
// CHECK-NOT: soac.map
// CHECK-NOT: tail.
func.func @rav(%m: !tail.array<f64, 2>) -> !tail.array<f64, 1> {
  %r = tail.rav %m : (!tail.array<f64, 2>) -> !tail.array<f64, 1>
  return %r : !tail.array<f64, 1>
}
