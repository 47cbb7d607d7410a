// RUN: tail-opt %s --split-input-file --pass-pipeline='builtin.module(convert-tail-to-soac)' | FileCheck %s

// gradeUp/gradeDown: a counting sort without sequential loops or scatters: the stable rank of
// each element (a map of reductions over comparisons), then the inverse permutation gathered
// (a map of reductions over selects).

// CHECK-LABEL: func.func @grade
// CHECK: %[[I:.*]] = soac.iota %{{.*}} : tensor<?xi32>
// CHECK: %[[RANKS:.*]] = soac.map %[[I]] : tensor<?xi32> -> tensor<?xi32>
// CHECK: arith.cmpf olt, %[[AJ:.*]], %[[AI:.*]] : f64
// CHECK: arith.cmpf oeq
// CHECK: soac.reduce {{.*}} comm : tensor<?xi32> -> i32
// CHECK: soac.map %[[I]] : tensor<?xi32> -> tensor<?xi32>
// CHECK: soac.map %[[RANKS]], %[[I]] : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32>
// CHECK: arith.select
// CHECK: soac.reduce {{.*}} comm : tensor<?xi32> -> i32
// gradeDown compares the other way round.
// CHECK: arith.cmpf olt, %[[DI:.*]], %[[DJ:.*]] : f64
// CHECK-NOT: soac.scatter
// CHECK-NOT: soac.loop
// CHECK-NOT: tail.
func.func @grade(%a: !tail.array<f64, 1>) -> (!tail.array<i32, 1>, !tail.array<i32, 1>) {
  %u = tail.gradeUp %a : (!tail.array<f64, 1>) -> !tail.array<i32, 1>
  %d = tail.gradeDown %a : (!tail.array<f64, 1>) -> !tail.array<i32, 1>
  return %u, %d : !tail.array<i32, 1>, !tail.array<i32, 1>
}
