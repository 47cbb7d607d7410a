// RUN: tail-opt %s --split-input-file --pass-pipeline='builtin.module(convert-tail-to-soac)' | FileCheck %s

// compress → soac.filter; replicate → the segment construction of FHPC'16 (an exclusive
// scan of the counts, a scatter of segment starts, a max-scan, then a gathering map).

// CHECK-LABEL: func.func @compress
// CHECK-SAME: (%[[B:.*]]: tensor<?xi1>, %[[A:.*]]: tensor<?xi32>)
// CHECK: %[[F:.*]]:2 = soac.filter %[[B]], %[[A]] : tensor<?xi1>, tensor<?xi32> -> (tensor<?xi1>, tensor<?xi32>)
// CHECK: ^bb0(%[[K:.*]]: i1, %{{.*}}: i32):
// CHECK: soac.yield %[[K]] : i1
// CHECK: return %[[F]]#1
// CHECK-NOT: tail.
func.func @compress(%b: !tail.array<i1, 1>, %a: !tail.array<i32, 1>) -> !tail.array<i32, 1> {
  %r = tail.compress %b, %a : (!tail.array<i1, 1>, !tail.array<i32, 1>) -> !tail.array<i32, 1>
  return %r : !tail.array<i32, 1>
}

// -----

// CHECK-LABEL: func.func @replicate
// CHECK: math.absi
// CHECK: soac.scan %{{.*}} init(%{{.*}}) : tensor<?xi32> -> tensor<?xi32>
// CHECK: arith.addi
// CHECK: soac.reduce %{{.*}} comm : tensor<?xi32> -> i32
// CHECK: soac.scatter %{{.*}} into %{{.*}}[%{{.*}}] : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32>
// CHECK: arith.constant -2147483648 : i32
// CHECK: soac.scan
// CHECK: arith.maxsi
// CHECK: soac.map
// CHECK-NOT: tail.
func.func @replicate(%c: !tail.array<i32, 1>, %a: !tail.array<i32, 1>) -> !tail.array<i32, 1> {
  %z = tail.const 0 : i32
  %r = tail.replicate %z, %c, %a : (i32, !tail.array<i32, 1>, !tail.array<i32, 1>) -> !tail.array<i32, 1>
  return %r : !tail.array<i32, 1>
}
