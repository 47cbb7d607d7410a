// Thesis Fig. 3.6 (unoptimized TAIL for the inner product `A +.× B` of a 3×2 and a 2×3
// matrix, 15 lets of shape arithmetic) in the tail dialect: `--canonicalize` must leave no
// shape arithmetic and no more ops than the transcription of Fig. 3.7
// (Inputs/fig3_7.mlir).
//
// RUN: tail-opt %s --canonicalize | FileCheck %s
// RUN: tail-opt %s --canonicalize | grep -cE '(= |^ *)tail\.' > %t.fig36
// RUN: grep -cE '(= |^ *)tail\.' %S/Inputs/fig3_7.mlir > %t.fig37
// RUN: test "$(cat %t.fig36)" -le "$(cat %t.fig37)"
//
// Transcription notes. The thesis' 2-argument `reshape` is `tail.reshape0`; `let v3 = v1` and
// `let v4 = v2` are aliases (v1 and v2 are used directly); the subtyping coercions are
// explicit (`vec_to_array` for <κ>n ⊆ [κ]1, `s_to_scalar` for S(int,n) ⊆ int). Three
// constructs of Fig. 3.6 do not type-check in the tail dialect and are replaced by
// equal-valued ones (marked DEVIATION below):
//  1. `~1` as a count of type S(int,-1) (in `dropV(~1,…)`, `takeV(~1,…)`): the type parser
//     rejects negative values (`!tail.s<i32, -1>`: "expected a non-negative rank or length").
//     `dropV(~1, x)` with x : <κ>n is written `takeV(n-1, x)`, `takeV(~1, x)` is written
//     `dropV(n-1, x)`.
//  2. `transp` of a vector (`transp(dropV(~1,v7))`, `transp(vrotateV(…))`,
//     `transp(iotaV(…))`): `tail.transp` only accepts `!tail.array`, and after
//     `vec_to_array` nothing turns the [int]1 result back into the <int>n that `vrotateV`,
//     `dropV` and `catV` require. `transp` of a rank-1 value is the identity, so it is left out.
//  3. `dropV(negi(v11), …)` with v11 : S(int,2): `tail.negi` is `i32 → i32`, and `dropV`
//     requires an S(int,n) count. `dropV(-2, w)` with w : <int>3 is written `takeV(1, w)`.

// CHECK-LABEL: func.func @inner_product
// CHECK-NOT: tail.catV
// CHECK-NOT: tail.dropV
// CHECK-NOT: tail.takeV
// CHECK-NOT: tail.firstV
// CHECK-NOT: tail.shapeV
// CHECK-NOT: tail.shape
// CHECK-NOT: tail.iotaV
// CHECK-NOT: tail.snocV
// CHECK-NOT: tail.vrotateV
// CHECK-NOT: tail.b2iV
// CHECK-NOT: tail.subi
// CHECK-DAG: %[[P213:.*]] = tail.lit [2, 1, 3] : !tail.vec<i32, 3>
// CHECK-DAG: %[[S332:.*]] = tail.lit [3, 3, 2] : !tail.vec<i32, 3>
// CHECK-DAG: %[[P132:.*]] = tail.lit [1, 3, 2] : !tail.vec<i32, 3>
// CHECK-DAG: %[[S323:.*]] = tail.lit [3, 2, 3] : !tail.vec<i32, 3>
// CHECK-DAG: %[[S32:.*]] = tail.lit [3, 2] : !tail.vec<i32, 2>
// CHECK-DAG: %[[I5:.*]] = tail.lit [1, 2, 3, 4, 5] : !tail.array<i32, 1>
// CHECK: %[[V1:.*]] = tail.reshape0 %[[S32]], %[[I5]]
// CHECK: %[[V2:.*]] = tail.transp %[[V1]]
// CHECK-DAG: %[[R9:.*]] = tail.reshape0 %[[S332]], %[[V1]]
// CHECK-DAG: %[[V9:.*]] = tail.transp2 %[[P213]], %[[R9]]
// CHECK-DAG: %[[R15:.*]] = tail.reshape0 %[[S323]], %[[V2]]
// CHECK-DAG: %[[V15:.*]] = tail.transp2 %[[P132]], %[[R15]]
// CHECK: tail.zipWith %[[V9]], %[[V15]]
// CHECK-COUNT-3: tail.reduce
// CHECK: tail.i2d
// CHECK-NOT: tail.catV
// CHECK-NOT: tail.dropV
// CHECK-NOT: tail.shape
// CHECK-NOT: tail.iotaV
func.func @inner_product() -> f64 {
  // let v1:[int]2 = reshape([3,2],iotaV(5)) in
  %s32 = tail.lit [3, 2] : !tail.vec<i32, 2>
  %c5 = tail.sconst : !tail.s<i32, 5>
  %i5 = tail.iotaV %c5 : (!tail.s<i32, 5>) -> !tail.vec<i32, 5>
  %i5a = tail.vec_to_array %i5 : !tail.vec<i32, 5> to !tail.array<i32, 1>
  %v1 = tail.reshape0 %s32, %i5a : (!tail.vec<i32, 2>, !tail.array<i32, 1>) -> !tail.array<i32, 2>
  // let v2:[int]2 = transp(v1) in
  %v2 = tail.transp %v1 : !tail.array<i32, 2>
  // let v3:[int]2 = v1 in
  // let v4:[int]2 = v2 in
  // let v5:<int>3 = catV(dropV(b2iV(tt),shape(v4)), shape(v3)) in
  %tt = tail.sconst : !tail.s<i1, 1>
  %b5 = tail.b2iV %tt : (!tail.s<i1, 1>) -> !tail.s<i32, 1>
  %sh4 = tail.shape %v2 : (!tail.array<i32, 2>) -> !tail.vec<i32, 2>
  %d5 = tail.dropV %b5, %sh4 : (!tail.s<i32, 1>, !tail.vec<i32, 2>) -> !tail.vec<i32, 1>
  %sh3 = tail.shape %v1 : (!tail.array<i32, 2>) -> !tail.vec<i32, 2>
  %v5 = tail.catV %d5, %sh3 : (!tail.vec<i32, 1>, !tail.vec<i32, 2>) -> !tail.vec<i32, 3>
  // let v6:[int]0 = subi(firstV(shapeV(shape(v3))), b2iV(tt)) in
  %sh3b = tail.shape %v1 : (!tail.array<i32, 2>) -> !tail.vec<i32, 2>
  %sv6 = tail.shapeV %sh3b : (!tail.vec<i32, 2>) -> !tail.sv<i32, 2>
  %f6 = tail.firstV %sv6 : (!tail.sv<i32, 2>) -> !tail.s<i32, 2>
  %f6i = tail.s_to_scalar %f6 : !tail.s<i32, 2> to i32
  %b6 = tail.b2iV %tt : (!tail.s<i1, 1>) -> !tail.s<i32, 1>
  %b6i = tail.s_to_scalar %b6 : !tail.s<i32, 1> to i32
  %v6 = tail.subi %f6i, %b6i : i32
  // let v7:<int>3 = iotaV(firstV(shapeV(v5))) in
  %sv7 = tail.shapeV %v5 : (!tail.vec<i32, 3>) -> !tail.sv<i32, 3>
  %f7 = tail.firstV %sv7 : (!tail.sv<i32, 3>) -> !tail.s<i32, 3>
  %v7 = tail.iotaV %f7 : (!tail.s<i32, 3>) -> !tail.vec<i32, 3>
  // let v8:<int>3 = catV(transp(vrotateV(v6,transp(dropV(~1,v7)))),takeV(~1,v7)) in
  // DEVIATION 1: dropV(~1,v7) as takeV(2,v7); takeV(~1,v7) as dropV(2,v7).
  // DEVIATION 2: transp of vectors left out.
  %c2 = tail.sconst : !tail.s<i32, 2>
  %v7a = tail.vec_to_array %v7 : !tail.vec<i32, 3> to !tail.array<i32, 1>
  %dl7 = tail.takeV %c2, %v7a : (!tail.s<i32, 2>, !tail.array<i32, 1>) -> !tail.vec<i32, 2>
  %rot8 = tail.vrotateV %v6, %dl7 : (i32, !tail.vec<i32, 2>) -> !tail.vec<i32, 2>
  %tl7 = tail.dropV %c2, %v7 : (!tail.s<i32, 2>, !tail.vec<i32, 3>) -> !tail.vec<i32, 1>
  %v8 = tail.catV %rot8, %tl7 : (!tail.vec<i32, 2>, !tail.vec<i32, 1>) -> !tail.vec<i32, 3>
  // let v9:[int]3 = transp2(v8,reshape(v5,v3)) in
  %r9 = tail.reshape0 %v5, %v1 : (!tail.vec<i32, 3>, !tail.array<i32, 2>) -> !tail.array<i32, 3>
  %v9 = tail.transp2 %v8, %r9 : (!tail.vec<i32, 3>, !tail.array<i32, 3>) -> !tail.array<i32, 3>
  // let v10:<int>3 = catV(dropV(~1,shape(v3)), shape(v4)) in
  // DEVIATION 1: dropV(~1,shape(v3)) as takeV(1,shape(v3)).
  %c1s = tail.sconst : !tail.s<i32, 1>
  %sh3c = tail.shape %v1 : (!tail.array<i32, 2>) -> !tail.vec<i32, 2>
  %sh3ca = tail.vec_to_array %sh3c : !tail.vec<i32, 2> to !tail.array<i32, 1>
  %dl10 = tail.takeV %c1s, %sh3ca : (!tail.s<i32, 1>, !tail.array<i32, 1>) -> !tail.vec<i32, 1>
  %sh4b = tail.shape %v2 : (!tail.array<i32, 2>) -> !tail.vec<i32, 2>
  %v10 = tail.catV %dl10, %sh4b : (!tail.vec<i32, 1>, !tail.vec<i32, 2>) -> !tail.vec<i32, 3>
  // let v11:S(int,2) = firstV(shapeV(shape(v3))) in
  %sh3d = tail.shape %v1 : (!tail.array<i32, 2>) -> !tail.vec<i32, 2>
  %sv11 = tail.shapeV %sh3d : (!tail.vec<i32, 2>) -> !tail.sv<i32, 2>
  %v11 = tail.firstV %sv11 : (!tail.sv<i32, 2>) -> !tail.s<i32, 2>
  // let v12:<int>3 = iotaV(firstV(shapeV(v10))) in
  %sv12 = tail.shapeV %v10 : (!tail.vec<i32, 3>) -> !tail.sv<i32, 3>
  %f12 = tail.firstV %sv12 : (!tail.sv<i32, 3>) -> !tail.s<i32, 3>
  %v12 = tail.iotaV %f12 : (!tail.s<i32, 3>) -> !tail.vec<i32, 3>
  // let v13:<int>1 = dropV(negi(v11),transp(vrotateV(v11,transp(iotaV(firstV(shapeV(v12))))))) in
  // DEVIATION 2: transp of vectors left out.
  // DEVIATION 3: dropV(negi(v11), w) as takeV(1, w).
  %sv13 = tail.shapeV %v12 : (!tail.vec<i32, 3>) -> !tail.sv<i32, 3>
  %f13 = tail.firstV %sv13 : (!tail.sv<i32, 3>) -> !tail.s<i32, 3>
  %i13 = tail.iotaV %f13 : (!tail.s<i32, 3>) -> !tail.vec<i32, 3>
  %v11i = tail.s_to_scalar %v11 : !tail.s<i32, 2> to i32
  %rot13 = tail.vrotateV %v11i, %i13 : (i32, !tail.vec<i32, 3>) -> !tail.vec<i32, 3>
  %rot13a = tail.vec_to_array %rot13 : !tail.vec<i32, 3> to !tail.array<i32, 1>
  %v13 = tail.takeV %c1s, %rot13a : (!tail.s<i32, 1>, !tail.array<i32, 1>) -> !tail.vec<i32, 1>
  // let v14:<int>3 = catV(dropV(~1,iotaV(v11)),snocV(v13,v11)) in
  // DEVIATION 1: dropV(~1,iotaV(v11)) as takeV(1,iotaV(v11)).
  %i14 = tail.iotaV %v11 : (!tail.s<i32, 2>) -> !tail.vec<i32, 2>
  %i14a = tail.vec_to_array %i14 : !tail.vec<i32, 2> to !tail.array<i32, 1>
  %dl14 = tail.takeV %c1s, %i14a : (!tail.s<i32, 1>, !tail.array<i32, 1>) -> !tail.vec<i32, 1>
  %sn14 = tail.snocV %v13, %v11i : (!tail.vec<i32, 1>, i32) -> !tail.vec<i32, 2>
  %v14 = tail.catV %dl14, %sn14 : (!tail.vec<i32, 1>, !tail.vec<i32, 2>) -> !tail.vec<i32, 3>
  // let v15:[int]3 = transp2(v14,reshape(v10,v4)) in
  %r15 = tail.reshape0 %v10, %v2 : (!tail.vec<i32, 3>, !tail.array<i32, 2>) -> !tail.array<i32, 3>
  %v15 = tail.transp2 %v14, %r15 : (!tail.vec<i32, 3>, !tail.array<i32, 3>) -> !tail.array<i32, 3>
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
  %r25 = tail.reduce %c0b, %v20 : (i32, !tail.array<i32, 2>) -> !tail.array<i32, 1> {
  ^bb0(%x: i32, %y: i32):
    %a = tail.addi %x, %y : i32
    tail.yield %a : i32
  }
  %c1 = tail.const 1 : i32
  %v25 = tail.reduce %c1, %r25 : (i32, !tail.array<i32, 1>) -> i32 {
  ^bb0(%x: i32, %y: i32):
    %m = tail.muli %x, %y : i32
    tail.yield %m : i32
  }
  // i2d(v25)
  %res = tail.i2d %v25 : i32 -> f64
  return %res : f64
}
