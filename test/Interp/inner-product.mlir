// RUN: tailc run %s | FileCheck %s
// RUN: tailc run --target=interp %s | FileCheck %s

// The 3×2 by 2×3 inner product of apltail_subset.md ("TAIL text"), whose value is 65780.0:
//   v1 = reshape([3,2], iotaV(5)); v2 = transp(v1)
//   v9 = transp2([2,1,3], reshape([3,3,2], v1)); v15 = transp2([1,3,2], reshape([3,2,3], v2))
//   v20 = reduce(addi, 0, zipWith(muli, v9, v15))
//   i2d(reduce(muli, 1, reduce(addi, 0, v20)))

// CHECK-NOT: {{.}}
// CHECK: [](65780.0)
// CHECK-NOT: {{.}}
func.func @main() -> f64 {
  %zero = tail.const 0 : i32
  %one = tail.const 1 : i32
  %n = tail.sconst : !tail.s<i32, 5>
  %i5 = tail.iotaV %n : (!tail.s<i32, 5>) -> !tail.vec<i32, 5>
  %i5a = tail.vec_to_array %i5 : !tail.vec<i32, 5> to !tail.array<i32, 1>
  %s32 = tail.lit [3, 2] : !tail.vec<i32, 2>
  %v1 = tail.reshape %s32, %zero, %i5a : (!tail.vec<i32, 2>, i32, !tail.array<i32, 1>) -> !tail.array<i32, 2>
  %v2 = tail.transp %v1 : !tail.array<i32, 2>
  %s332 = tail.lit [3, 3, 2] : !tail.vec<i32, 3>
  %r1 = tail.reshape %s332, %zero, %v1 : (!tail.vec<i32, 3>, i32, !tail.array<i32, 2>) -> !tail.array<i32, 3>
  %p213 = tail.lit [2, 1, 3] : !tail.vec<i32, 3>
  %v9 = tail.transp2 %p213, %r1 : (!tail.vec<i32, 3>, !tail.array<i32, 3>) -> !tail.array<i32, 3>
  %s323 = tail.lit [3, 2, 3] : !tail.vec<i32, 3>
  %r2 = tail.reshape %s323, %zero, %v2 : (!tail.vec<i32, 3>, i32, !tail.array<i32, 2>) -> !tail.array<i32, 3>
  %p132 = tail.lit [1, 3, 2] : !tail.vec<i32, 3>
  %v15 = tail.transp2 %p132, %r2 : (!tail.vec<i32, 3>, !tail.array<i32, 3>) -> !tail.array<i32, 3>
  %z = tail.zipWith %v9, %v15 : (!tail.array<i32, 3>, !tail.array<i32, 3>) -> !tail.array<i32, 3> {
  ^bb0(%x: i32, %y: i32):
    %m = tail.muli %x, %y : i32
    tail.yield %m : i32
  }
  %v20 = tail.reduce %zero, %z : (i32, !tail.array<i32, 3>) -> !tail.array<i32, 2> {
  ^bb0(%x: i32, %y: i32):
    %s = tail.addi %x, %y : i32
    tail.yield %s : i32
  }
  %rows = tail.reduce %zero, %v20 : (i32, !tail.array<i32, 2>) -> !tail.array<i32, 1> {
  ^bb0(%x: i32, %y: i32):
    %s = tail.addi %x, %y : i32
    tail.yield %s : i32
  }
  %prod = tail.reduce %one, %rows : (i32, !tail.array<i32, 1>) -> i32 {
  ^bb0(%x: i32, %y: i32):
    %s = tail.muli %x, %y : i32
    tail.yield %s : i32
  }
  %d = tail.i2d %prod : i32 -> f64
  return %d : f64
}
