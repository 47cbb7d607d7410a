// RUN: tail-opt %s --split-input-file --pass-pipeline='builtin.module(convert-tail-to-soac)' | FileCheck %s

// first: scf.if on emptiness, the default or the first element of the flattened array;
// mem: a real copy (a map over the flattened array, reshaped back).

// CHECK-LABEL: func.func @first
// CHECK: %[[D:.*]] = arith.constant 7 : i32
// CHECK: %[[FLAT:.*]] = soac.reshape %{{.*}} to(%[[N:.*]]) : tensor<?x?xi32> -> tensor<?xi32>
// CHECK: %[[E:.*]] = arith.cmpi eq, %[[N]], %{{.*}} : index
// CHECK: scf.if %[[E]] -> (i32)
// CHECK: scf.yield %[[D]] : i32
// CHECK: } else {
// CHECK: soac.index %[[FLAT]][%{{.*}}] : tensor<?xi32> -> i32
// CHECK-NOT: tail.
func.func @first(%m: !tail.array<i32, 2>) -> i32 {
  %z = tail.const 7 : i32
  %f = tail.first %z, %m : (i32, !tail.array<i32, 2>) -> i32
  return %f : i32
}

// -----

// CHECK-LABEL: func.func @mem
// CHECK: %[[FLAT:.*]] = soac.reshape %{{.*}} to(%{{.*}}) : tensor<?x?xi32> -> tensor<?xi32>
// CHECK: %[[COPY:.*]] = soac.map %[[FLAT]] : tensor<?xi32> -> tensor<?xi32>
// CHECK: soac.reshape %[[COPY]] to(%{{.*}}, %{{.*}}) : tensor<?xi32> -> tensor<?x?xi32>
// CHECK-NOT: tail.
func.func @mem(%m: !tail.array<i32, 2>) -> !tail.array<i32, 2> {
  %c = tail.mem %m : !tail.array<i32, 2>
  return %c : !tail.array<i32, 2>
}
