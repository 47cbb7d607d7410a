// RUN: tail-opt %s --pass-pipeline='builtin.module(soac-runtime-checks{index-origin=1})' | FileCheck %s

// A filter's flags against its array, as APL's compression reads it: the array's extent
// first, the flags' count second, `what` = -1 (`length mismatch: 3 counts for an axis of
// length 4`).
// CHECK-LABEL: func.func @filter
// CHECK-DAG:     %[[FLAGS:.*]] = soac.dim %arg0, 0
// CHECK-DAG:     %[[ITEMS:.*]] = soac.dim %arg1, 0
// CHECK-DAG:     %[[WHAT:.*]] = arith.constant -1 : i64
// CHECK:         call @tail_rt_check_extents(%[[ITEMS]], %[[FLAGS]], %[[WHAT]], %{{.*}}, %{{.*}})
// CHECK-NEXT:    soac.filter
func.func @filter(%flags: tensor<?xi1>, %v: tensor<?xi32>) -> tensor<?xi32> {
  %f:2 = soac.filter %flags, %v : tensor<?xi1>, tensor<?xi32> -> (tensor<?xi1>, tensor<?xi32>) {
  ^bb0(%a: i1, %b: i32):
    soac.yield %a : i1
  }
  return %f#1 : tensor<?xi32>
}

// A row read through a transposed view: the check names the source's axis (1, shown as
// axis 2 with origin 1), with the view's extent.
// CHECK-LABEL: func.func @transposed
// CHECK:         %[[T:.*]] = soac.transpose %arg0 [1, 0]
// CHECK-DAG:     %[[N:.*]] = soac.dim %[[T]], 0
// CHECK-DAG:     %[[AXIS:.*]] = arith.constant 1 : i64
// CHECK:         call @tail_rt_check_index(%arg1, %[[N]], %[[AXIS]], %{{.*}}, %{{.*}}, %{{.*}})
// CHECK-NEXT:    soac.index %[[T]][%arg1]
func.func @transposed(%m: tensor<?x?xi32>, %i: index) -> tensor<?xi32> {
  %t = soac.transpose %m [1, 0] : tensor<?x?xi32> -> tensor<?x?xi32>
  %r = soac.index %t[%i] : tensor<?x?xi32> -> tensor<?xi32>
  return %r : tensor<?xi32>
}

// An indexed assignment on the host: its index is checked like a read's.
// CHECK-LABEL: func.func @update
// CHECK-DAG:     %[[N:.*]] = soac.dim %arg0, 0
// CHECK-DAG:     %[[AXIS:.*]] = arith.constant 0 : i64
// CHECK:         call @tail_rt_check_index(%arg1, %[[N]], %[[AXIS]], %{{.*}}, %{{.*}}, %{{.*}})
// CHECK-NEXT:    soac.update %arg2 into %arg0[%arg1]
func.func @update(%v: tensor<?xi32>, %i: index, %x: i32) -> tensor<?xi32> {
  %u = soac.update %x into %v[%i] : i32 -> tensor<?xi32>
  return %u : tensor<?xi32>
}

// The declaration of a check that no call uses any more (its calls folded away) goes; those
// the pass calls are declared.
// CHECK-NOT:     @tail_rt_check_count
// CHECK-DAG:     func.func private @tail_rt_check_extents(index, index, i64, i32, i32)
// CHECK-DAG:     func.func private @tail_rt_check_index(index, index, i64, i32, i32, i32)
// CHECK-NOT:     @tail_rt_check_count
func.func private @tail_rt_check_count(i64, i32, i32)
