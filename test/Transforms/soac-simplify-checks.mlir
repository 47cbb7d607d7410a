// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-simplify,cse,soac-simplify))' | FileCheck %s
// (Not in soac-simplify.mlir, whose functions the fusion tests run: these checks fail.)

// Run-time checks of values that pass: a constant count ≥ 0, a constant extent ≤ 2³¹−1, an
// extent that is a 32-bit int cast to 64 bits. A negative constant count, a constant extent
// beyond 2³¹−1 and an extent of unknown value stay.
// CHECK-LABEL: func.func @passing_checks
// CHECK:         %[[NEG:.*]] = arith.constant -2 : i64
// CHECK-NEXT:    %[[BIG:.*]] = arith.constant 2147483648 : i64
// CHECK-NOT:     call
// CHECK:         call @tail_rt_check_count(%[[NEG]], %{{.*}}, %{{.*}})
// CHECK-NEXT:    call @tail_rt_check_extent32(%[[BIG]], %{{.*}}, %{{.*}})
// CHECK-NEXT:    call @tail_rt_check_extent32(%arg1, %{{.*}}, %{{.*}})
// CHECK-NEXT:    return
func.func private @tail_rt_check_count(i64, i32, i32)
func.func private @tail_rt_check_extent32(i64, i32, i32)
func.func @passing_checks(%n: i32, %d: i64) {
  %l = arith.constant 1 : i32
  %c3 = arith.constant 3 : i64
  %m2 = arith.constant -2 : i64
  %small = arith.constant 2147483647 : i64
  %big = arith.constant 2147483648 : i64
  %i = arith.index_cast %n : i32 to index
  %n64 = arith.index_cast %i : index to i64
  func.call @tail_rt_check_count(%c3, %l, %l) : (i64, i32, i32) -> ()
  func.call @tail_rt_check_count(%m2, %l, %l) : (i64, i32, i32) -> ()
  func.call @tail_rt_check_extent32(%small, %l, %l) : (i64, i32, i32) -> ()
  func.call @tail_rt_check_extent32(%big, %l, %l) : (i64, i32, i32) -> ()
  func.call @tail_rt_check_extent32(%n64, %l, %l) : (i64, i32, i32) -> ()
  func.call @tail_rt_check_extent32(%d, %l, %l) : (i64, i32, i32) -> ()
  return
}

// Extent checks: one extent against itself and equal constants pass; different constants
// and different values stay.
// CHECK-LABEL: func.func @extent_checks
// CHECK-SAME:    (%[[A:.*]]: index, %[[B:.*]]: index)
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-NOT:     call
// CHECK:         call @tail_rt_check_extents(%[[C3]], %[[C4]], %{{.*}}, %{{.*}}, %{{.*}})
// CHECK-NEXT:    call @tail_rt_check_extents(%[[A]], %[[B]], %{{.*}}, %{{.*}}, %{{.*}})
// CHECK-NEXT:    return
func.func private @tail_rt_check_extents(index, index, i64, i32, i32)
func.func @extent_checks(%a: index, %b: index) {
  %l = arith.constant 1 : i32
  %w = arith.constant -1 : i64
  %c3 = arith.constant 3 : index
  %c3b = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  func.call @tail_rt_check_extents(%a, %a, %w, %l, %l) : (index, index, i64, i32, i32) -> ()
  func.call @tail_rt_check_extents(%c3, %c3b, %w, %l, %l) : (index, index, i64, i32, i32) -> ()
  func.call @tail_rt_check_extents(%c3, %c4, %w, %l, %l) : (index, index, i64, i32, i32) -> ()
  func.call @tail_rt_check_extents(%a, %b, %w, %l, %l) : (index, index, i64, i32, i32) -> ()
  return
}

// The extent of a take that may over-take (an scf.if yielding the slice, or the array padded
// by a replicate) on the axis it keeps is the array's: the catenation check of hotspot's
// `(1↑⍵)⍪¯1↓⍵` compares it with that extent and goes.
// CHECK-LABEL: func.func @take_extent
// CHECK-NOT:     call
// CHECK:         return
func.func @take_extent(%m: tensor<?x?xf64>, %big: i1, %k: index) -> tensor<?x?xf64> {
  %l = arith.constant 1 : i32
  %w = arith.constant -2 : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %rows = soac.dim %m, 0 : tensor<?x?xf64>
  %cols = soac.dim %m, 1 : tensor<?x?xf64>
  %t = scf.if %big -> (tensor<?x?xf64>) {
    %s = soac.slice %m[%c0, %c0] [%k, %cols] [%c1, %c1] : tensor<?x?xf64> -> tensor<?x?xf64>
    scf.yield %s : tensor<?x?xf64>
  } else {
    %pad = arith.subi %k, %rows : index
    %n = arith.muli %pad, %cols : index
    %r = soac.replicate %z times %n : f64 -> tensor<?xf64>
    %p = soac.reshape %r to(%pad, %cols) : tensor<?xf64> -> tensor<?x?xf64>
    %j = soac.concat %m, %p along 0 : tensor<?x?xf64>, tensor<?x?xf64> -> tensor<?x?xf64>
    scf.yield %j : tensor<?x?xf64>
  }
  %e = soac.dim %t, 1 : tensor<?x?xf64>
  func.call @tail_rt_check_extents(%e, %cols, %w, %l, %l) : (index, index, i64, i32, i32) -> ()
  return %t : tensor<?x?xf64>
}
