// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-opt),convert-soac-to-hpar)' --split-input-file | FileCheck %s

// A full reduction is two grid programs: blocks of 256 threads, each thread pre-reducing its
// elements sequentially (reduce<thread>, first add during load, coalesced positions
// (b·k + j)·256 + t), the block's partials forced to shared memory and combined by
// reduce<block>; then one block over the block results. The map is fused (redomap) into the
// first program's index function.
// CHECK-LABEL: func.func @dot
// CHECK-SAME:    (%[[X:.*]]: memref<?xf64>, %[[Y:.*]]: memref<?xf64>) -> f64
// CHECK:         %[[P0:.*]] = hpar.program<grid> -> !hpar.pull<f64, grid> {
// CHECK:           hpar.concat<block> %{{.*}}, %{{.*}} : !hpar.push<f64, grid> {
// CHECK-NEXT:      ^bb0(%[[B:.*]]: index):
// CHECK:             %[[C256:.*]] = arith.constant 256 : index
// CHECK:             hpar.concat<thread> %[[C256]], %{{.*}} : !hpar.push<f64, block> {
// CHECK-NEXT:        ^bb0(%[[T:.*]]: index):
// CHECK-NEXT:          hpar.generate %{{.*}} : !hpar.pull<f64> {
// CHECK-NEXT:          ^bb0(%[[J:.*]]: index):
// CHECK:                 arith.muli %[[B]], %{{.*}} : index
// CHECK:                 arith.addi %{{.*}}, %[[J]] : index
// CHECK:                 %[[POS:.*]] = arith.addi %{{.*}}, %[[T]] : index
// CHECK:                 %[[IN:.*]] = arith.cmpi ult, %[[POS]], %{{.*}} : index
// CHECK:                 scf.if %[[IN]] -> (f64) {
// CHECK-DAG:               memref.load %[[X]][%[[POS]]] : memref<?xf64>
// CHECK-DAG:               memref.load %[[Y]][%[[POS]]] : memref<?xf64>
// CHECK:                   arith.mulf
// CHECK:                 } else {
// CHECK:               hpar.reduce<thread> %{{.*}} init(%{{.*}} : f64) {comm} : !hpar.pull<f64> -> f64 {
// CHECK:               hpar.push<thread> %{{.*}} : !hpar.pull<f64> -> !hpar.push<f64, thread>
// CHECK:             %[[SH:.*]] = hpar.force<block> %{{.*}} : !hpar.push<f64, block> -> !hpar.pull<f64, block>
// CHECK-NEXT:        hpar.reduce<block> %[[SH]] init(%{{.*}} : f64) {comm} : !hpar.pull<f64, block> -> f64 {
// CHECK:               arith.addf
// CHECK:             hpar.push<block> %{{.*}} : !hpar.pull<f64> -> !hpar.push<f64, block>
// CHECK:           hpar.force<grid> %{{.*}} : !hpar.push<f64, grid> -> !hpar.pull<f64, grid>
// CHECK:         } {tail.par = "block-tree"}
// CHECK:         %[[P1:.*]] = hpar.program<grid> -> !hpar.pull<f64, grid> {
// CHECK:           hpar.index %[[P0]][%{{.*}}] : !hpar.pull<f64, grid>
// CHECK:           hpar.reduce<block>
// CHECK:         } {tail.par = "block-tree"}
// CHECK-NOT:     hpar.program
// CHECK:         %[[S:.*]] = hpar.index %[[P1]][%{{.*}}] : !hpar.pull<f64, grid>
// CHECK:         return %[[S]] : f64
func.func @dot(%xs: tensor<?xf64>, %ys: tensor<?xf64>) -> f64 {
  %m = soac.map %xs, %ys : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64, %y: f64):
    %p = arith.mulf %x, %y : f64
    soac.yield %p : f64
  }
  %z = arith.constant 0.0 : f64
  %s = soac.reduce %m init(%z) comm : tensor<?xf64> -> f64 {
  ^bb0(%a: f64, %x: f64):
    %r = arith.addf %a, %x : f64
    soac.yield %r : f64
  }
  return %s : f64
}

// -----

// Row reductions (a map whose lambda reduces its row): one program, one block per row.
// CHECK-LABEL: func.func @rowsum
// CHECK-SAME:    (%[[X:.*]]: memref<?x?xi32>) -> memref<?xi32>
// CHECK-DAG:     %[[N:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x?xi32>
// CHECK-DAG:     %[[M:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x?xi32>
// CHECK:         %[[P:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           hpar.concat<block> %[[N]], %{{.*}} : !hpar.push<i32, grid> {
// CHECK-NEXT:      ^bb0(%[[B:.*]]: index):
// CHECK:             hpar.concat<thread>
// CHECK:                 %[[IN:.*]] = arith.cmpi ult, %[[POS:.*]], %[[M]] : index
// CHECK:                 scf.if %[[IN]] -> (i32) {
// CHECK:                   memref.load %[[X]][%[[B]], %[[POS]]] : memref<?x?xi32>
// CHECK:               hpar.reduce<thread>
// CHECK:             hpar.force<block>
// CHECK:             hpar.reduce<block>
// CHECK:         } {tail.par = "block-row"}
// CHECK-NOT:     hpar.program
// CHECK:         builtin.unrealized_conversion_cast %[[P]], %[[N]] : !hpar.pull<i32, grid>, index to memref<?xi32>
func.func @rowsum(%xs: tensor<?x?xi32>) -> tensor<?xi32> {
  %r = soac.map %xs : tensor<?x?xi32> -> tensor<?xi32> {
  ^bb0(%row: tensor<?xi32>):
    %z = arith.constant 0 : i32
    %s = soac.reduce %row init(%z) comm : tensor<?xi32> -> i32 {
    ^bb0(%a: i32, %x: i32):
      %t = arith.addi %a, %x : i32
      soac.yield %t : i32
    }
    soac.yield %s : i32
  }
  return %r : tensor<?xi32>
}
