// An integer literal in arithmetic progression (what the tail folder makes of `⍳n` for
// n ≤ 4096) becomes `soac.iota` and one map `start + step·i`, not one replicate per element;
// other literals are concatenated scalars. Maps over a statically sized array have a static
// extent.
// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-tail-to-soac)' | FileCheck %s
// RUN: tailc run --after=tail-to-soac %s | FileCheck %s --check-prefix=VAL
// VAL: ([6](5,8,11,14,17,20),[3](1,2,4))

// CHECK-LABEL: func.func @main
// CHECK:         %[[I:.*]] = soac.iota : tensor<6xi32>
// CHECK:         soac.map %[[I]] : tensor<6xi32> -> tensor<6xi32>
// CHECK:           arith.muli
// CHECK:           arith.addi
// CHECK-COUNT-3: soac.replicate
// CHECK:         soac.concat
func.func @main() -> (!tail.vec<i32, 6>, !tail.vec<i32, 3>) {
  %a = tail.lit [5, 8, 11, 14, 17, 20] : !tail.vec<i32, 6>
  %b = tail.lit [1, 2, 4] : !tail.vec<i32, 3>
  return %a, %b : !tail.vec<i32, 6>, !tail.vec<i32, 3>
}
