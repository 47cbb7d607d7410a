// RUN: tail-opt %s --split-input-file --pass-pipeline='builtin.module(convert-tail-to-soac)' | FileCheck %s

// Structural primitives become index-space views (no copies): transp/transp2 → soac.transpose,
// rotate/vrotate → soac.rotate, reverse → a slice with stride -1, take/drop → soac.slice (an
// over-take concatenates a replicated default).

// CHECK-LABEL: func.func @transp
// CHECK: soac.transpose %{{.*}} [1, 0] : tensor<?x?xi32> -> tensor<?x?xi32>
// CHECK-NOT: tail.
func.func @transp(%m: !tail.array<i32, 2>) -> !tail.array<i32, 2> {
  %r = tail.transp %m : !tail.array<i32, 2>
  return %r : !tail.array<i32, 2>
}

// -----

// transp2 [2,1,3]: axis k of the argument becomes axis p[k].
// CHECK-LABEL: func.func @transp2
// CHECK: soac.transpose %{{.*}} [1, 0, 2] : tensor<?x?x?xi32> -> tensor<?x?x?xi32>
// CHECK-NOT: tail.
func.func @transp2(%m: !tail.array<i32, 3>) -> !tail.array<i32, 3> {
  %p = tail.lit [2, 1, 3] : !tail.vec<i32, 3>
  %r = tail.transp2 %p, %m : (!tail.vec<i32, 3>, !tail.array<i32, 3>) -> !tail.array<i32, 3>
  return %r : !tail.array<i32, 3>
}

// -----

// rotate works on the last axis, vrotate on the first.
// CHECK-LABEL: func.func @rotate
// CHECK: %[[Z:.*]] = arith.constant 0 : index
// CHECK: %[[K:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: soac.rotate %{{.*}}[%[[Z]], %[[K]]] : tensor<?x?xi32>
// CHECK: %[[Z2:.*]] = arith.constant 0 : index
// CHECK: %[[K2:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: soac.rotate %{{.*}}[%[[K2]], %[[Z2]]] : tensor<?x?xi32>
// CHECK-NOT: tail.
func.func @rotate(%n: i32, %m: !tail.array<i32, 2>) -> (!tail.array<i32, 2>, !tail.array<i32, 2>) {
  %r = tail.rotate %n, %m : (i32, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  %v = tail.vrotate %n, %m : (i32, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  return %r, %v : !tail.array<i32, 2>, !tail.array<i32, 2>
}

// -----

// CHECK-LABEL: func.func @reverse
// CHECK: %[[N:.*]] = soac.dim %{{.*}}, 0 : tensor<?xi32>
// CHECK: %[[M1:.*]] = arith.constant -1 : index
// CHECK: soac.slice %{{.*}}[%{{.*}}] [%[[N]]] [%[[M1]]] : tensor<?xi32> -> tensor<?xi32>
// CHECK-NOT: tail.
func.func @reverse(%a: !tail.array<i32, 1>) -> !tail.array<i32, 1> {
  %r = tail.reverse %a : !tail.array<i32, 1>
  return %r : !tail.array<i32, 1>
}

// -----

// CHECK-LABEL: func.func @take_drop
// CHECK: scf.if %{{.*}} -> (tensor<?xi32>)
// CHECK: soac.slice
// CHECK: } else {
// CHECK: soac.replicate %{{.*}} times %{{.*}} : i32 -> tensor<?xi32>
// CHECK: soac.concat
// drop: one slice, no copy.
// CHECK: soac.slice %{{.*}}[%{{.*}}] [%{{.*}}] [%{{.*}}] : tensor<?xi32> -> tensor<?xi32>
// CHECK-NEXT: return
// CHECK-NOT: tail.
func.func @take_drop(%n: i32, %a: !tail.array<i32, 1>) -> (!tail.array<i32, 1>, !tail.array<i32, 1>) {
  %z = tail.const 0 : i32
  %t = tail.take %n, %z, %a : (i32, i32, !tail.array<i32, 1>) -> !tail.array<i32, 1>
  %d = tail.drop %n, %a : (i32, !tail.array<i32, 1>) -> !tail.array<i32, 1>
  return %t, %d : !tail.array<i32, 1>, !tail.array<i32, 1>
}
