// Thesis Fig. 3.7 (the inner product of Fig. 3.6 after TAIL optimizations), transcribed into
// the tail dialect. Input of fig3_6_canonicalize.mlir (no RUN line: not a test on its own).
//
//   let v1:[int]2 = reshape([3,2],iotaV(5)) in
//   let v2:[int]2 = transp(v1) in
//   let v9:[int]3 = transp2([2,1,3],reshape([3,3,2],v1)) in
//   let v15:[int]3 = transp2([1,3,2],reshape([3,2,3],v2)) in
//   let v20:[int]2 = reduce(addi,0,zipWith(muli,v9,v15)) in
//   let v25:[int]0 = reduce(muli,1,reduce(addi,0,v20)) in
//   i2d(v25)
//
// The 2-argument `reshape` of the thesis is `tail.reshape0`; the subtyping coercion
// <int>5 ⊆ [int]1 of `iotaV(5)` is the explicit `tail.vec_to_array`.
func.func @inner_product() -> f64 {
  // let v1:[int]2 = reshape([3,2],iotaV(5)) in
  %s32 = tail.lit [3, 2] : !tail.vec<i32, 2>
  %c5 = tail.sconst : !tail.s<i32, 5>
  %i5 = tail.iotaV %c5 : (!tail.s<i32, 5>) -> !tail.vec<i32, 5>
  %i5a = tail.vec_to_array %i5 : !tail.vec<i32, 5> to !tail.array<i32, 1>
  %v1 = tail.reshape0 %s32, %i5a : (!tail.vec<i32, 2>, !tail.array<i32, 1>) -> !tail.array<i32, 2>
  // let v2:[int]2 = transp(v1) in
  %v2 = tail.transp %v1 : !tail.array<i32, 2>
  // let v9:[int]3 = transp2([2,1,3],reshape([3,3,2],v1)) in
  %p213 = tail.lit [2, 1, 3] : !tail.vec<i32, 3>
  %s332 = tail.lit [3, 3, 2] : !tail.vec<i32, 3>
  %r9 = tail.reshape0 %s332, %v1 : (!tail.vec<i32, 3>, !tail.array<i32, 2>) -> !tail.array<i32, 3>
  %v9 = tail.transp2 %p213, %r9 : (!tail.vec<i32, 3>, !tail.array<i32, 3>) -> !tail.array<i32, 3>
  // let v15:[int]3 = transp2([1,3,2],reshape([3,2,3],v2)) in
  %p132 = tail.lit [1, 3, 2] : !tail.vec<i32, 3>
  %s323 = tail.lit [3, 2, 3] : !tail.vec<i32, 3>
  %r15 = tail.reshape0 %s323, %v2 : (!tail.vec<i32, 3>, !tail.array<i32, 2>) -> !tail.array<i32, 3>
  %v15 = tail.transp2 %p132, %r15 : (!tail.vec<i32, 3>, !tail.array<i32, 3>) -> !tail.array<i32, 3>
  // let v20:[int]2 = reduce(addi,0,zipWith(muli,v9,v15)) in
  %z = tail.zipWith %v9, %v15 : (!tail.array<i32, 3>, !tail.array<i32, 3>) -> !tail.array<i32, 3> {
  ^bb0(%x: i32, %y: i32):
    %m = tail.muli %x, %y : i32
    tail.yield %m : i32
  }
  %c0 = tail.const 0 : i32
  %v20 = tail.reduce %c0, %z : (i32, !tail.array<i32, 3>) -> !tail.array<i32, 2> {
  ^bb0(%x: i32, %y: i32):
    %a = tail.addi %x, %y : i32
    tail.yield %a : i32
  }
  // let v25:[int]0 = reduce(muli,1,reduce(addi,0,v20)) in
  %c0b = tail.const 0 : i32
  %r = tail.reduce %c0b, %v20 : (i32, !tail.array<i32, 2>) -> !tail.array<i32, 1> {
  ^bb0(%x: i32, %y: i32):
    %a = tail.addi %x, %y : i32
    tail.yield %a : i32
  }
  %c1 = tail.const 1 : i32
  %v25 = tail.reduce %c1, %r : (i32, !tail.array<i32, 1>) -> i32 {
  ^bb0(%x: i32, %y: i32):
    %m = tail.muli %x, %y : i32
    tail.yield %m : i32
  }
  // i2d(v25)
  %res = tail.i2d %v25 : i32 -> f64
  return %res : f64
}
