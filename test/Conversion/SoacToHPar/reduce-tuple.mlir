// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-opt),convert-soac-to-hpar)' --split-input-file | FileCheck %s

// A reduction of a tuple (here a sum and a count of different types) is one block tree for
// all its values: the per-thread index function yields the tuple once (a generate with one
// result per value, out-of-range positions the neutral tuple), reduce<thread> folds tuples,
// one shared array per value (force<block> each), reduce<block> combines the tuples; the
// block results of all values are written by the one concat<block> (one kernel per step).
// CHECK-LABEL: func.func @sum_count
// CHECK-SAME:    (%[[X:.*]]: memref<?xf64>) -> (f64, i32)
// CHECK:         %[[P0:.*]]:2 = hpar.program<grid> -> (!hpar.pull<f64, grid>, !hpar.pull<i32, grid>) {
// CHECK:           %[[C:.*]]:2 = hpar.concat<block> %{{.*}}, %{{.*}} : !hpar.push<f64, grid>, !hpar.push<i32, grid> {
// CHECK:             %[[T:.*]]:2 = hpar.concat<thread> %{{.*}}, %{{.*}} : !hpar.push<f64, block>, !hpar.push<i32, block> {
// CHECK:               %[[G:.*]]:2 = hpar.generate %{{.*}} : !hpar.pull<f64>, !hpar.pull<i32> {
// CHECK:                 %[[IF:.*]]:2 = scf.if %{{.*}} -> (f64, i32) {
// CHECK:                   memref.load %[[X]][%{{.*}}] : memref<?xf64>
// CHECK:                 } else {
// CHECK-NEXT:              scf.yield %{{.*}}, %{{.*}} : f64, i32
// CHECK:                 hpar.yield %[[IF]]#0, %[[IF]]#1 : f64, i32
// CHECK:               %[[R:.*]]:2 = hpar.reduce<thread> %[[G]]#0, %[[G]]#1 init(%{{.*}}, %{{.*}} : f64, i32) {comm} : !hpar.pull<f64>, !hpar.pull<i32> -> f64, i32 {
// CHECK-NEXT:          ^bb0(%[[A0:.*]]: f64, %[[A1:.*]]: i32, %[[B0:.*]]: f64, %[[B1:.*]]: i32):
// CHECK-DAG:             arith.addf %[[A0]], %[[B0]] : f64
// CHECK-DAG:             arith.addi %[[A1]], %[[B1]] : i32
// CHECK:               hpar.return %{{.*}}, %{{.*}} : !hpar.push<f64, thread>, !hpar.push<i32, thread>
// CHECK:             %[[S0:.*]] = hpar.force<block> %[[T]]#0 : !hpar.push<f64, block> -> !hpar.pull<f64, block>
// CHECK-NEXT:        %[[S1:.*]] = hpar.force<block> %[[T]]#1 : !hpar.push<i32, block> -> !hpar.pull<i32, block>
// CHECK-NEXT:        hpar.reduce<block> %[[S0]], %[[S1]] init(%{{.*}}, %{{.*}} : f64, i32) {comm} : !hpar.pull<f64, block>, !hpar.pull<i32, block> -> f64, i32 {
// CHECK:             hpar.return %{{.*}}, %{{.*}} : !hpar.push<f64, block>, !hpar.push<i32, block>
// CHECK:           %[[F0:.*]] = hpar.force<grid> %[[C]]#0 : !hpar.push<f64, grid> -> !hpar.pull<f64, grid>
// CHECK-NEXT:      %[[F1:.*]] = hpar.force<grid> %[[C]]#1 : !hpar.push<i32, grid> -> !hpar.pull<i32, grid>
// CHECK-NEXT:      hpar.return %[[F0]], %[[F1]]
// CHECK:         } {tail.par = "block-tree"}
// CHECK:         %[[P1:.*]]:2 = hpar.program<grid> -> (!hpar.pull<f64, grid>, !hpar.pull<i32, grid>) {
// CHECK-DAG:       hpar.index %[[P0]]#0[%{{.*}}] : !hpar.pull<f64, grid>
// CHECK-DAG:       hpar.index %[[P0]]#1[%{{.*}}] : !hpar.pull<i32, grid>
// CHECK:         } {tail.par = "block-tree"}
// CHECK-NOT:     hpar.program
// CHECK-DAG:     %[[S:.*]] = hpar.index %[[P1]]#0[%{{.*}}] : !hpar.pull<f64, grid>
// CHECK-DAG:     %[[N:.*]] = hpar.index %[[P1]]#1[%{{.*}}] : !hpar.pull<i32, grid>
// CHECK:         return %[[S]], %[[N]] : f64, i32
func.func @sum_count(%xs: tensor<?xf64>) -> (f64, i32) {
  %z = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : i32
  %s:2 = soac.redomap %xs init(%z, %c0) comm : tensor<?xf64> -> (f64, i32) reduce {
  ^bb0(%a: f64, %n: i32, %x: f64, %m: i32):
    %r = arith.addf %a, %x : f64
    %k = arith.addi %n, %m : i32
    soac.yield %r, %k : f64, i32
  } map {
  ^bb0(%x: f64):
    %one = arith.constant 1 : i32
    soac.yield %x, %one : f64, i32
  }
  return %s#0, %s#1 : f64, i32
}

// -----

// A reduce of two arrays zipped, with an operator combining the values (the index of the
// maximum: a tuple reduction whose components depend on each other).
// CHECK-LABEL: func.func @argmax
// CHECK:         hpar.program<grid> -> (!hpar.pull<f64, grid>, !hpar.pull<i32, grid>) {
// CHECK:           hpar.reduce<block> %{{.*}}, %{{.*}} init(%{{.*}}, %{{.*}} : f64, i32) {comm}
// CHECK:             arith.cmpf ogt
// CHECK-COUNT-2:     arith.select
// CHECK:         } {tail.par = "block-tree"}
func.func @argmax(%xs: tensor<?xf64>, %is: tensor<?xi32>) -> (f64, i32) {
  %ninf = arith.constant 0xFFF0000000000000 : f64
  %c0 = arith.constant 0 : i32
  %s:2 = soac.reduce %xs, %is init(%ninf, %c0) comm : tensor<?xf64>, tensor<?xi32> -> (f64, i32) {
  ^bb0(%a: f64, %i: i32, %b: f64, %j: i32):
    %gt = arith.cmpf ogt, %b, %a : f64
    %m = arith.select %gt, %b, %a : f64
    %k = arith.select %gt, %j, %i : i32
    soac.yield %m, %k : f64, i32
  }
  return %s#0, %s#1 : f64, i32
}

// -----

// Row reductions of a tuple (the minimum and maximum of each row): one block per row, one
// result array per value, both written by the one program's concat<block>.
// CHECK-LABEL: func.func @row_minmax
// CHECK:         %[[P:.*]]:2 = hpar.program<grid> -> (!hpar.pull<i32, grid>, !hpar.pull<i32, grid>) {
// CHECK:           hpar.concat<block> %{{.*}}, %{{.*}} : !hpar.push<i32, grid>, !hpar.push<i32, grid> {
// CHECK:             hpar.reduce<block> %{{.*}}, %{{.*}} init(%{{.*}}, %{{.*}} : i32, i32) {comm}
// CHECK-DAG:           arith.minsi
// CHECK-DAG:           arith.maxsi
// CHECK:         } {tail.par = "block-row"}
// CHECK-NOT:     hpar.program
// CHECK-DAG:     builtin.unrealized_conversion_cast %[[P]]#0, %{{.*}} : !hpar.pull<i32, grid>, index to memref<?xi32>
// CHECK-DAG:     builtin.unrealized_conversion_cast %[[P]]#1, %{{.*}} : !hpar.pull<i32, grid>, index to memref<?xi32>
func.func @row_minmax(%xs: tensor<?x?xi32>) -> (tensor<?xi32>, tensor<?xi32>) {
  %r:2 = soac.map %xs : tensor<?x?xi32> -> (tensor<?xi32>, tensor<?xi32>) {
  ^bb0(%row: tensor<?xi32>):
    %hi = arith.constant 2147483647 : i32
    %lo = arith.constant -2147483648 : i32
    %m:2 = soac.reduce %row, %row init(%hi, %lo) comm : tensor<?xi32>, tensor<?xi32> -> (i32, i32) {
    ^bb0(%a: i32, %b: i32, %x: i32, %y: i32):
      %mn = arith.minsi %a, %x : i32
      %mx = arith.maxsi %b, %y : i32
      soac.yield %mn, %mx : i32, i32
    }
    soac.yield %m#0, %m#1 : i32, i32
  }
  return %r#0, %r#1 : tensor<?xi32>, tensor<?xi32>
}
