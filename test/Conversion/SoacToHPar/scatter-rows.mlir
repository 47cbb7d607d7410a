// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-opt),convert-soac-to-hpar)' | FileCheck %s
// RUN: tailc run %s | FileCheck %s --check-prefix=OUT
// RUN: tailc run --after=convert-soac-to-hpar %s | FileCheck %s --check-prefix=OUT
// RUN: tailc run --after=soac-to-gpu %s | FileCheck %s --check-prefix=OUT

// A scatter of rows: updates j = 0..3 (rows (2j, 2j+1)) to rows j mod 3 = 0, 1, 2, 0 of a
// 2×2 destination: row 2 is out of range, row 0 is written twice and update 3 wins. The
// gather runs over the destination's elements row-major (element c of row p reads element
// c of row w[p] of the values), and its grid array is the result (no copy).

// OUT:      6.0 7.0
// OUT-NEXT: 2.0 3.0

// CHECK-LABEL: func.func @main
// CHECK:         hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           hpar.last_write<grid>
// CHECK:         } {tail.par = "grid-atomic"}
// CHECK:         %[[R:.*]] = hpar.program<grid> -> !hpar.pull<f64, grid> {
// CHECK:           %[[P:.*]] = arith.divui %[[Q:.*]], %[[M:.*]] : index
// CHECK:           %[[C:.*]] = arith.remui %[[Q]], %[[M]] : index
// CHECK:           hpar.index %{{.*}}[%[[P]]] : !hpar.pull<i32, grid>
// CHECK:         } {tail.par = "grid-thread"}
// CHECK-NOT:     hpar.program
// CHECK:         builtin.unrealized_conversion_cast %[[R]], %{{.*}}, %{{.*}} : !hpar.pull<f64, grid>, index, index to memref<2x2xf64>
func.func @main() -> tensor<2x2xf64> {
  %k = soac.iota : tensor<8xi32>
  %f = soac.map %k : tensor<8xi32> -> tensor<8xf64> {
  ^bb0(%x: i32):
    %y = arith.sitofp %x : i32 to f64
    soac.yield %y : f64
  }
  %vs = soac.reshape %f : tensor<8xf64> -> tensor<4x2xf64>
  %j = soac.iota : tensor<4xi32>
  %c3 = arith.constant 3 : i32
  %is = soac.map %j : tensor<4xi32> -> tensor<4xi32> {
  ^bb0(%x: i32):
    %m = arith.remsi %x, %c3 : i32
    soac.yield %m : i32
  }
  %h = arith.constant 0.5 : f64
  %hr = soac.replicate %h : f64 -> tensor<2xf64>
  %d = soac.replicate %hr : tensor<2xf64> -> tensor<2x2xf64>
  %r = soac.scatter %vs into %d[%is] : tensor<4x2xf64>, tensor<4xi32> -> tensor<2x2xf64>
  return %r : tensor<2x2xf64>
}
