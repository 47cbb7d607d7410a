// RUN: tail-opt %s --split-input-file --pass-pipeline='builtin.module(convert-tail-to-soac)' | FileCheck %s

// gradeUp/gradeDown in host code: a stable bottom-up merge sort. A scalar loop counts the
// passes (the powers of two below n); the pass loop carries the permutation (from iota) and
// the keys in its order (from the argument); each pass is one map over the output positions,
// each position bisecting the merge path of its pair of runs (an inner loop of two i32s) and
// taking the left or the right run's element. No scatter, no quadratic counting.

// CHECK-LABEL: func.func @grade
// CHECK: %[[N:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: %[[POS:.*]] = soac.iota %{{.*}} : tensor<?xi32>
// CHECK: %[[PASSES:.*]] = soac.loop %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (i32) {
// CHECK:   arith.shli
// CHECK:   arith.cmpi slt, %{{.*}}, %[[N]] : i32
// CHECK: %[[NP:.*]] = arith.index_cast %[[PASSES]] : i32 to index
// CHECK: %[[S:.*]]:2 = soac.loop %{{.*}} < %[[NP]] iter_args(%[[PERM:.*]] = %[[POS]], %[[KEYS:.*]] = %arg0) -> (tensor<?xi32>, tensor<?xf64>) {
// CHECK:   %[[M:.*]]:2 = soac.map %[[POS]] : tensor<?xi32> -> (tensor<?xi32>, tensor<?xf64>) {
// CHECK:     arith.divsi
// CHECK:     %[[B:.*]]:2 = soac.loop %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (i32, i32) {
// CHECK:       %[[LK:.*]] = soac.index %[[KEYS]][%{{.*}}] : tensor<?xf64> -> f64
// CHECK:       %[[RK:.*]] = soac.index %[[KEYS]][%{{.*}}] : tensor<?xf64> -> f64
// CHECK:       arith.cmpf olt, %[[RK]], %[[LK]] : f64
// CHECK:       soac.yield %{{.*}}, %{{.*}} : i32, i32
// CHECK:     soac.index %[[PERM]]
// CHECK:     soac.index %[[PERM]]
// CHECK:     soac.yield %{{.*}}, %{{.*}} : i32, f64
// CHECK:   soac.yield %[[M]]#0, %[[M]]#1 : tensor<?xi32>, tensor<?xf64>
// The result is 1-based.
// CHECK: soac.map %[[S]]#0 : tensor<?xi32> -> tensor<?xi32> {
// CHECK:   arith.constant 1 : i32
// CHECK:   arith.addi
// gradeDown: the same sort, the comparison the other way round.
// CHECK: soac.loop
// CHECK: soac.map
// CHECK: %[[DL:.*]] = soac.index %{{.*}} : tensor<?xf64> -> f64
// CHECK: %[[DR:.*]] = soac.index %{{.*}} : tensor<?xf64> -> f64
// CHECK: arith.cmpf olt, %[[DL]], %[[DR]] : f64
// CHECK-NOT: soac.scatter
// CHECK-NOT: tail.
func.func @grade(%a: !tail.array<f64, 1>) -> (!tail.array<i32, 1>, !tail.array<i32, 1>) {
  %u = tail.gradeUp %a : (!tail.array<f64, 1>) -> !tail.array<i32, 1>
  %d = tail.gradeDown %a : (!tail.array<f64, 1>) -> !tail.array<i32, 1>
  return %u, %d : !tail.array<i32, 1>, !tail.array<i32, 1>
}

// -----

// Inside a map's lambda, where a loop cannot carry an array, a counting sort without loops:
// the stable rank of each element (a map of reductions over comparisons), then the inverse
// permutation gathered (a map of reductions over selects).

// CHECK-LABEL: func.func @grade_in_map
// CHECK: soac.map %arg0 : tensor<?xi32> -> tensor<?xi32> {
// CHECK:   %[[A:.*]] = soac.concat
// CHECK:   %[[I:.*]] = soac.iota %{{.*}} : tensor<?xi32>
// CHECK:   %[[RANKS:.*]] = soac.map %[[I]] : tensor<?xi32> -> tensor<?xi32>
// CHECK:     %[[AI:.*]] = soac.index %[[A]]
// CHECK:     soac.map %[[I]]
// CHECK:       %[[AJ:.*]] = soac.index %[[A]]
// gradeDown: element j ranks before element i when its key is greater.
// CHECK:       arith.cmpi slt, %[[AI]], %[[AJ]] : i32
// CHECK:       arith.cmpi eq
// CHECK:     soac.reduce {{.*}} comm : tensor<?xi32> -> i32
// CHECK:   soac.map %[[I]] : tensor<?xi32> -> tensor<?xi32>
// CHECK:     soac.map %[[RANKS]], %[[I]] : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32>
// CHECK:       arith.select
// CHECK:     soac.reduce {{.*}} comm : tensor<?xi32> -> i32
// CHECK-NOT: soac.loop
// CHECK-NOT: soac.scatter
// CHECK-NOT: tail.
func.func @grade_in_map(%a: !tail.array<i32, 1>, %b: !tail.array<i32, 1>) -> !tail.array<i32, 1> {
  %r = tail.each %a : (!tail.array<i32, 1>) -> !tail.array<i32, 1> {
  ^bb0(%x: i32):
    %s = tail.snoc %b, %x : (!tail.array<i32, 1>, i32) -> !tail.array<i32, 1>
    %g = tail.gradeDown %s : (!tail.array<i32, 1>) -> !tail.array<i32, 1>
    %c = tail.const 0 : i32
    %f = tail.first %c, %g : (i32, !tail.array<i32, 1>) -> i32
    tail.yield %f : i32
  }
  return %r : !tail.array<i32, 1>
}
