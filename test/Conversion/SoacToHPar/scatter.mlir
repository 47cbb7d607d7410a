// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-opt),convert-soac-to-hpar)' | FileCheck %s
// RUN: tailc run %s | FileCheck %s --check-prefix=OUT
// RUN: tailc run --after=convert-soac-to-hpar %s | FileCheck %s --check-prefix=OUT
// RUN: tailc run --after=soac-to-gpu %s | FileCheck %s --check-prefix=OUT

// `soac.scatter` is two programs: `hpar.last_write<grid>` of the indices gives, for every
// destination position, the last update writing it (`-1` for none; indices outside the
// destination are ignored), then a gather over the destination takes the winner's value or
// the destination's own. Indices j mod 3 · 2 − 1 = -1, 1, 3, -1, 1, 3 into 3 positions:
// -1 and 3 are out of range, position 1 is written by updates 1 and 4 and the last (40)
// wins; the result equals the interpreter's at every level. The indices and values, a cheap
// map of an iota, are computed where they are read (no programs of their own).

// OUT: [3](7,40,7)

// CHECK-LABEL: func.func @main
// CHECK:         %[[W:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           %[[G:.*]] = hpar.generate %{{.*}} : !hpar.pull<i32> {
// CHECK:             arith.remsi
// CHECK:           %[[L:.*]] = hpar.last_write<grid> %[[G]], %{{.*}} : !hpar.pull<i32> -> !hpar.push<i32, grid>
// CHECK:           hpar.force<grid> %[[L]]
// CHECK:         } {tail.par = "grid-atomic"}
// CHECK:         %[[R:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:             %[[WP:.*]] = hpar.index %[[W]][%{{.*}}] : !hpar.pull<i32, grid>
// CHECK:             %[[OK:.*]] = arith.cmpi sge, %[[WP]], %{{.*}} : i32
// CHECK:             scf.if %[[OK]] -> (i32) {
// CHECK:               arith.remsi
// CHECK:             } else {
// CHECK:         } {tail.par = "grid-thread"}
// CHECK:         builtin.unrealized_conversion_cast %[[R]]
func.func @main() -> tensor<3xi32> {
  %j = soac.iota : tensor<6xi32>
  %c3 = arith.constant 3 : i32
  %c2 = arith.constant 2 : i32
  %c1 = arith.constant 1 : i32
  %c10 = arith.constant 10 : i32
  %is, %vs = soac.map %j : tensor<6xi32> -> (tensor<6xi32>, tensor<6xi32>) {
  ^bb0(%x: i32):
    %m = arith.remsi %x, %c3 : i32
    %t = arith.muli %m, %c2 : i32
    %i = arith.subi %t, %c1 : i32
    %v = arith.muli %x, %c10 : i32
    soac.yield %i, %v : i32, i32
  }
  %c = arith.constant 7 : i32
  %d = soac.replicate %c : i32 -> tensor<3xi32>
  %r = soac.scatter %vs into %d[%is] : tensor<6xi32>, tensor<6xi32> -> tensor<3xi32>
  return %r : tensor<3xi32>
}
