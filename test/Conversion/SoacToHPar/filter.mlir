// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-soac-to-hpar)' --split-input-file | FileCheck %s

// APL compression `bs / xs`: the predicate's flags (i32 0/1, computed while phase 1 of the
// scan loads its chunk) are scanned with the two block-scan programs; the number of kept
// elements is the last scanned chunk total, read on the host; one grid-scatter program moves
// the elements with interleave<block>: a block of 256 elements per sub-program (read
// coalesced), placed by a stable partition (kept element i to incl(i) - 1, dropped ones to
// total + i - incl(i), padding to itself). The result is the first `total` elements, stored
// by a grid-thread program since it is returned.
// CHECK-LABEL: func.func @compress
// CHECK-SAME:    (%[[BS:.*]]: memref<?xi1>, %[[XS:.*]]: memref<?xf64>) -> memref<?xf64>
// CHECK:         %[[P1:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:             scf.if
// CHECK-NEXT:          %[[B:.*]] = memref.load %[[BS]][%{{.*}}] : memref<?xi1>
// CHECK-NEXT:          arith.extui %[[B]] : i1 to i32
// CHECK:             hpar.scan<thread>
// CHECK:             hpar.scan<block>
// CHECK:         } {tail.par = "block-scan"}
// CHECK:         %[[P2:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           hpar.scan<block>
// CHECK:         } {tail.par = "block-scan"}
// CHECK:         %[[LAST:.*]] = arith.subi %[[NB:.*]], %{{.*}} : index
// CHECK-NEXT:    %[[T32:.*]] = hpar.index %[[P2]][%[[LAST]]] : !hpar.pull<i32, grid>
// CHECK-NEXT:    %[[TOTAL:.*]] = arith.index_cast %[[T32]] : i32 to index
// CHECK:         %[[S:.*]] = hpar.program<grid> -> !hpar.pull<f64, grid> {
// CHECK-NEXT:      hpar.interleave<block> %{{.*}}, %[[C256:.*]] : !hpar.push<f64, grid> {
// CHECK-NEXT:      ^bb0(%[[BLK:.*]]: index):
// CHECK:             hpar.generate %{{.*}} : !hpar.pull<f64> {
// CHECK:                 memref.load %[[XS]][%{{.*}}] : memref<?xf64>
// CHECK:             hpar.push<block>
// CHECK:           } place {
// CHECK-NEXT:      ^bb0(%{{.*}}: index, %{{.*}}: index):
// CHECK:               %[[INC:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:          %[[INCI:.*]] = arith.index_cast %[[INC]] : i32 to index
// CHECK-NEXT:          %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:          %[[KEPT:.*]] = arith.subi %[[INCI]], %[[ONE]] : index
// CHECK-NEXT:          %[[D:.*]] = arith.addi %[[TOTAL]], %{{.*}} : index
// CHECK-NEXT:          %[[DROPPED:.*]] = arith.subi %[[D]], %[[INCI]] : index
// CHECK:               arith.select %{{.*}}, %[[KEPT]], %[[DROPPED]] : index
// CHECK:         } {tail.par = "grid-scatter"}
// CHECK:         %[[R:.*]] = hpar.program<grid> -> !hpar.pull<f64, grid> {
// CHECK-NEXT:      hpar.generate %[[TOTAL]] : !hpar.pull<f64> {
// CHECK:             hpar.index %[[S]][%{{.*}}] : !hpar.pull<f64, grid>
// CHECK:         } {tail.par = "grid-thread"}
// CHECK-NOT:     hpar.program
// CHECK:         builtin.unrealized_conversion_cast %[[R]], %[[TOTAL]] : !hpar.pull<f64, grid>, index to memref<?xf64>
func.func @compress(%bs: tensor<?xi1>, %xs: tensor<?xf64>) -> tensor<?xf64> {
  %r:2 = soac.filter %bs, %xs : tensor<?xi1>, tensor<?xf64> -> (tensor<?xi1>, tensor<?xf64>) {
  ^bb0(%b: i1, %x: f64):
    soac.yield %b : i1
  }
  return %r#1 : tensor<?xf64>
}

// -----

// Rows of a matrix (compression along the first axis): the scatter runs over the flattened
// matrix, element e is column e mod m of row e / m and goes to column e mod m of the row's
// place; reading the result (a sum here) needs no copy of it.
// CHECK-LABEL: func.func @compress_rows
// CHECK-SAME:    (%[[BS:.*]]: memref<?xi1>, %[[XS:.*]]: memref<?x?xi32>) -> i32
// CHECK:         memref.dim %[[XS]], %{{.*}} : memref<?x?xi32>
// CHECK-NEXT:    %{{.*}} = arith.constant 1 : index
// CHECK-NEXT:    %[[M:.*]] = memref.dim %[[XS]], %{{.*}} : memref<?x?xi32>
// CHECK:         } {tail.par = "block-scan"}
// CHECK:         } {tail.par = "block-scan"}
// CHECK:         %[[S:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           } place {
// CHECK:               %[[ROW:.*]] = arith.divui %{{.*}}, %[[M]] : index
// CHECK-NEXT:          %[[COL:.*]] = arith.remui %{{.*}}, %[[M]] : index
// CHECK:               %[[TO:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : index
// CHECK-NEXT:          %[[AT:.*]] = arith.muli %[[TO]], %[[M]] : index
// CHECK-NEXT:          arith.addi %[[AT]], %[[COL]] : index
// CHECK:         } {tail.par = "grid-scatter"}
// CHECK:         hpar.program<grid>
// CHECK:           hpar.index %[[S]][%{{.*}}] : !hpar.pull<i32, grid>
// CHECK:         } {tail.par = "block-tree"}
func.func @compress_rows(%bs: tensor<?xi1>, %xs: tensor<?x?xi32>) -> i32 {
  %r:2 = soac.filter %bs, %xs : tensor<?xi1>, tensor<?x?xi32> -> (tensor<?xi1>, tensor<?x?xi32>) {
  ^bb0(%b: i1, %row: tensor<?xi32>):
    soac.yield %b : i1
  }
  %z = arith.constant 0 : i32
  %n = soac.dim %r#1, 0 : tensor<?x?xi32>
  %m = soac.dim %r#1, 1 : tensor<?x?xi32>
  %nm = arith.muli %n, %m : index
  %flat = soac.reshape %r#1 to(%nm) : tensor<?x?xi32> -> tensor<?xi32>
  %s = soac.reduce %flat init(%z) comm : tensor<?xi32> -> i32 {
  ^bb0(%a: i32, %x: i32):
    %t = arith.addi %a, %x : i32
    soac.yield %t : i32
  }
  return %s : i32
}
