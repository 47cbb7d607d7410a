// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-simplify))' | FileCheck %s
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
