// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-opt),convert-soac-to-hpar)' | FileCheck %s
// RUN: tailc run %s | FileCheck %s --check-prefix=OUT
// RUN: tailc run --after=convert-soac-to-hpar %s | FileCheck %s --check-prefix=OUT
// RUN: tailc run --after=soac-to-gpu %s | FileCheck %s --check-prefix=OUT
// RUN: tailc run --after=tail-to-cpu %s | FileCheck %s --check-prefix=OUT

// A scatter whose indices are a permutation of the destination's rows (`permutation`) is one
// `grid-scatter` program: `interleave<block>` over the values' elements whose placement
// sends element c of row j to element c of row is[j] (the padding of the last block to
// itself). No `last_write`, no gather, and the destination is not read. Rows j = 0..4 of
// (2j, 2j+1) go to rows 3j+1 mod 5 = 1, 4, 2, 0, 3; the second scatter reverses 1..7 in an
// array of a dynamic extent, and a third one with the same indices (0.0..6.0 reversed) is
// written by the second's program: one program, one read of the indices, two results. The interleave's array is padded to whole blocks, so a result
// returned to the host is its first n·c elements, copied by a `grid-thread` program.

// OUT:      6 7
// OUT-NEXT: 0 1
// OUT-NEXT: 4 5
// OUT-NEXT: 8 9
// OUT-NEXT: 2 3
// OUT-NEXT: ,[7](7,6,5,4,3,2,1),[7](6.0,5.0,4.0,3.0,2.0,1.0,0.0))

// CHECK-LABEL: func.func @main
// CHECK-NOT:     hpar.last_write
// CHECK:         %[[R:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           %[[P:.*]] = hpar.interleave<block> %{{.*}}, %{{.*}} : !hpar.push<i32, grid> {
// CHECK:           } place {
// CHECK:           ^bb0(%{{.*}}: index, %{{.*}}: index):
// CHECK:             scf.if
// CHECK:               arith.divui
// CHECK:               arith.remui
// CHECK:             hpar.yield
// CHECK:           hpar.force<grid> %[[P]]
// CHECK:         } {tail.par = "grid-scatter"}
// CHECK:         %[[S:.*]]:2 = hpar.program<grid> -> (!hpar.pull<i32, grid>, !hpar.pull<f64, grid>) {
// CHECK:           %[[Q:.*]]:2 = hpar.interleave<block> %{{.*}}, %{{.*}}, %{{.*}} : !hpar.push<i32, grid>, !hpar.push<f64, grid> {
// CHECK:           } place {
// CHECK:             hpar.yield %[[TO:.*]], %[[TO]] : index, index
// CHECK:         } {tail.par = "grid-scatter"}
// CHECK-NOT:     hpar.last_write
// CHECK:         %[[RC:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           hpar.index %[[R]]
// CHECK:         } {tail.par = "grid-thread"}
// CHECK:         builtin.unrealized_conversion_cast %[[RC]]
// CHECK:         %[[SC:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           hpar.index %[[S]]#0
// CHECK:         } {tail.par = "grid-thread"}
// CHECK:         builtin.unrealized_conversion_cast %[[SC]]
// CHECK:         %[[TC:.*]] = hpar.program<grid> -> !hpar.pull<f64, grid> {
// CHECK:           hpar.index %[[S]]#1
// CHECK:         } {tail.par = "grid-thread"}
// CHECK:         builtin.unrealized_conversion_cast %[[TC]]
func.func @main() -> (tensor<5x2xi32>, tensor<?xi32>, tensor<?xf64>) {
  %t = soac.iota : tensor<10xi32>
  %vs = soac.reshape %t : tensor<10xi32> -> tensor<5x2xi32>
  %j = soac.iota : tensor<5xi32>
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %is = soac.map %j : tensor<5xi32> -> tensor<5xi32> {
  ^bb0(%x: i32):
    %m = arith.muli %x, %c3 : i32
    %u = arith.addi %m, %c1 : i32
    %i = arith.remsi %u, %c5 : i32
    soac.yield %i : i32
  }
  %c0 = arith.constant 0 : i32
  %d0 = soac.replicate %c0 : i32 -> tensor<2xi32>
  %d = soac.replicate %d0 : tensor<2xi32> -> tensor<5x2xi32>
  %r = soac.scatter %vs into %d[%is] {permutation} : tensor<5x2xi32>, tensor<5xi32> -> tensor<5x2xi32>
  %n = arith.constant 7 : index
  %k = soac.iota %n : tensor<?xi32>
  %c6 = arith.constant 6 : i32
  %ks, %ws = soac.map %k : tensor<?xi32> -> (tensor<?xi32>, tensor<?xi32>) {
  ^bb0(%x: i32):
    %i = arith.subi %c6, %x : i32
    %v = arith.addi %x, %c1 : i32
    soac.yield %i, %v : i32, i32
  }
  %e = soac.replicate %c0 times %n : i32 -> tensor<?xi32>
  %s = soac.scatter %ws into %e[%ks] {permutation} : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32>
  %fs = soac.map %k : tensor<?xi32> -> tensor<?xf64> {
  ^bb0(%x: i32):
    %f = arith.sitofp %x : i32 to f64
    soac.yield %f : f64
  }
  %z = arith.constant 0.5 : f64
  %e2 = soac.replicate %z times %n : f64 -> tensor<?xf64>
  %u = soac.scatter %fs into %e2[%ks] {permutation} : tensor<?xf64>, tensor<?xi32> -> tensor<?xf64>
  return %r, %s, %u : tensor<5x2xi32>, tensor<?xi32>, tensor<?xf64>
}
