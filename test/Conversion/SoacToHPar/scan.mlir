// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-opt),convert-soac-to-hpar)' --split-input-file | FileCheck %s

// A scan of a rank-1 array: phase 1 (one block per chunk of 256·8 elements: the chunk is
// loaded coalesced into shared memory, neutral past the end; each thread scans its 8
// consecutive elements with scan<thread>; the 256 thread totals are scanned by scan<block>;
// each element is adjusted by the total of the threads before it as it is written), phase 2
// (one block scans the chunk totals, the last element of each chunk), and, since the scan is
// returned, a grid-thread program storing the adjusted elements (phase 3).
// CHECK-LABEL: func.func @prefix
// CHECK-SAME:    (%[[X:.*]]: memref<?xi32>) -> memref<?xi32>
// CHECK:         %[[N:.*]] = memref.dim %[[X]], %{{.*}} : memref<?xi32>
// CHECK:         %[[NB:.*]] = arith.maxui
// CHECK:         %[[P1:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           %[[C:.*]] = arith.constant 2048 : index
// CHECK:           hpar.concat<block> %[[NB]], %[[C]] : !hpar.push<i32, grid> {
// CHECK-NEXT:      ^bb0(%[[B:.*]]: index):
// CHECK:             hpar.generate %{{.*}} : !hpar.pull<i32> {
// CHECK-NEXT:        ^bb0(%[[J:.*]]: index):
// CHECK-NEXT:          %[[BASE:.*]] = arith.muli %[[B]], %{{.*}} : index
// CHECK-NEXT:          %[[I:.*]] = arith.addi %[[BASE]], %[[J]] : index
// CHECK-NEXT:          %[[IN:.*]] = arith.cmpi ult, %[[I]], %[[N]] : index
// CHECK-NEXT:          scf.if %[[IN]] -> (i32) {
// CHECK-NEXT:            memref.load %[[X]][%[[I]]] : memref<?xi32>
// CHECK:             hpar.push<block>
// CHECK-NEXT:        %[[S1:.*]] = hpar.force<block> %{{.*}} : !hpar.push<i32, block> -> !hpar.pull<i32, block>
// CHECK:             %[[C256:.*]] = arith.constant 256 : index
// CHECK-NEXT:        %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT:        hpar.concat<thread> %[[C256]], %[[C8]] : !hpar.push<i32, block> {
// CHECK:                 hpar.index %[[S1]][%{{.*}}] : !hpar.pull<i32, block>
// CHECK:               hpar.scan<thread> %{{.*}} init(%{{.*}} : i32) : !hpar.pull<i32> -> !hpar.push<i32, thread> {
// CHECK:                 arith.addi
// CHECK:             %[[S2:.*]] = hpar.force<block> %{{.*}} : !hpar.push<i32, block> -> !hpar.pull<i32, block>
// CHECK:             %[[TOT:.*]] = hpar.generate %[[C256]] : !hpar.pull<i32> {
// CHECK:               hpar.index %[[S2]][%{{.*}}] : !hpar.pull<i32, block>
// CHECK:             %[[ST:.*]] = hpar.scan<block> %[[TOT]] init(%{{.*}} : i32) : !hpar.pull<i32> -> !hpar.push<i32, block> {
// CHECK:             %[[STF:.*]] = hpar.force<block> %[[ST]] : !hpar.push<i32, block> -> !hpar.pull<i32, block>
// CHECK:             hpar.generate
// CHECK:               hpar.index %[[S2]][%{{.*}}] : !hpar.pull<i32, block>
// CHECK:               scf.if
// CHECK:               } else {
// CHECK:                 hpar.index %[[STF]][%{{.*}}] : !hpar.pull<i32, block>
// CHECK:                 arith.addi
// CHECK:             hpar.push<block>
// CHECK:           hpar.force<grid>
// CHECK:         } {tail.par = "block-scan"}
// CHECK:         %[[P2:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           hpar.concat<block> %{{.*}}, %[[NB]] : !hpar.push<i32, grid> {
// CHECK:             hpar.generate %[[NB]] : !hpar.pull<i32> {
// CHECK:               hpar.index %[[P1]][%{{.*}}] : !hpar.pull<i32, grid>
// CHECK:             hpar.scan<block>
// CHECK:         } {tail.par = "block-scan"}
// CHECK:         %[[P3:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           hpar.generate %[[N]] : !hpar.pull<i32> {
// CHECK:             hpar.index %[[P1]][%{{.*}}] : !hpar.pull<i32, grid>
// CHECK:             hpar.index %[[P2]][%{{.*}}] : !hpar.pull<i32, grid>
// CHECK:             arith.addi
// CHECK:             arith.select
// CHECK:         } {tail.par = "grid-thread"}
// CHECK-NOT:     hpar.program
// CHECK:         builtin.unrealized_conversion_cast %[[P3]], %[[N]] : !hpar.pull<i32, grid>, index to memref<?xi32>
func.func @prefix(%xs: tensor<?xi32>) -> tensor<?xi32> {
  %z = arith.constant 0 : i32
  %s = soac.scan %xs init(%z) : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%a: i32, %x: i32):
    %t = arith.addi %a, %x : i32
    soac.yield %t : i32
  }
  return %s : tensor<?xi32>
}

// -----

// The phases keep the order of the elements: an associative operator that is not
// commutative (the last non-zero element) needs no 'comm'. A constant length of at most one
// chunk needs no phase 2; the adjustment is fused into the map that consumes the scan (no
// kernel of its own).
// CHECK-LABEL: func.func @last_nonzero
// CHECK:         %[[P1:.*]] = hpar.program<grid>
// CHECK:           hpar.scan<thread>
// CHECK:             arith.cmpi ne
// CHECK:             arith.select
// CHECK:           hpar.scan<block>
// CHECK:         } {tail.par = "block-scan"}
// CHECK-NEXT:    %[[M:.*]] = hpar.program<grid>
// CHECK:           hpar.generate
// CHECK:             %[[V:.*]] = hpar.index %[[P1]][%{{.*}}] : !hpar.pull<i32, grid>
// CHECK-NEXT:        arith.muli %[[V]], %{{.*}} : i32
// CHECK:         } {tail.par = "grid-thread"}
// CHECK-NOT:     hpar.program
func.func @last_nonzero(%xs: tensor<1000xi32>) -> tensor<1000xi32> {
  %z = arith.constant 0 : i32
  %two = arith.constant 2 : i32
  %s = soac.scan %xs init(%z) : tensor<1000xi32> -> tensor<1000xi32> {
  ^bb0(%a: i32, %x: i32):
    %nz = arith.cmpi ne, %x, %z : i32
    %t = arith.select %nz, %x, %a : i32
    soac.yield %t : i32
  }
  %m = soac.map %s : tensor<1000xi32> -> tensor<1000xi32> {
  ^bb0(%v: i32):
    %d = arith.muli %v, %two : i32
    soac.yield %d : i32
  }
  return %m : tensor<1000xi32>
}

// -----

// A scanomap: its map lambda runs while phase 1 loads the chunk; the mapped-out array is an
// index function (the lambda evaluated where it is read: here in the program storing it).
// CHECK-LABEL: func.func @squares
// CHECK:         hpar.program<grid>
// CHECK:           hpar.generate
// CHECK:             scf.if
// CHECK:               memref.load
// CHECK-NEXT:          arith.muli
// CHECK:           hpar.scan<thread>
// CHECK:         } {tail.par = "block-scan"}
// CHECK:         hpar.program<grid>
// CHECK:         } {tail.par = "block-scan"}
// CHECK:         hpar.program<grid>
// CHECK:         } {tail.par = "grid-thread"}
// CHECK:         %[[Q:.*]] = hpar.program<grid>
// CHECK:           memref.load
// CHECK-NEXT:      arith.muli
// CHECK:         } {tail.par = "grid-thread"}
// CHECK-NOT:     hpar.program
func.func @squares(%xs: tensor<?xi32>) -> (tensor<?xi32>, tensor<?xi32>) {
  %z = arith.constant 0 : i32
  %s:2 = soac.scanomap %xs init(%z) : tensor<?xi32> -> (tensor<?xi32>, tensor<?xi32>) scan {
  ^bb0(%a: i32, %b: i32):
    %t = arith.addi %a, %b : i32
    soac.yield %t : i32
  } map {
  ^bb0(%x: i32):
    %sq = arith.muli %x, %x : i32
    soac.yield %sq, %sq : i32, i32
  }
  return %s#0, %s#1 : tensor<?xi32>, tensor<?xi32>
}

// -----

// Scans of the rows of a matrix: one block per row, scan<block> over the row (read at
// row b, column j); the result is row-major.
// CHECK-LABEL: func.func @rowscan
// CHECK-SAME:    (%[[X:.*]]: memref<?x?xf64>) -> memref<?x?xf64>
// CHECK-DAG:     %[[N:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x?xf64>
// CHECK-DAG:     %[[M:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x?xf64>
// CHECK:         %[[P:.*]] = hpar.program<grid> -> !hpar.pull<f64, grid> {
// CHECK-NEXT:      hpar.concat<block> %[[N]], %[[M]] : !hpar.push<f64, grid> {
// CHECK-NEXT:      ^bb0(%[[B:.*]]: index):
// CHECK-NEXT:        %[[ROW:.*]] = hpar.generate %[[M]] : !hpar.pull<f64> {
// CHECK-NEXT:        ^bb0(%[[J:.*]]: index):
// CHECK-NEXT:          memref.load %[[X]][%[[B]], %[[J]]] : memref<?x?xf64>
// CHECK:             hpar.scan<block> %[[ROW]] init(%{{.*}} : f64) : !hpar.pull<f64> -> !hpar.push<f64, block> {
// CHECK:               arith.mulf
// CHECK:         } {tail.par = "block-row-scan"}
// CHECK-NOT:     hpar.program
// CHECK:         builtin.unrealized_conversion_cast %[[P]], %[[N]], %[[M]] : !hpar.pull<f64, grid>, index, index to memref<?x?xf64>
func.func @rowscan(%xs: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %r = soac.map %xs : tensor<?x?xf64> -> tensor<?x?xf64> {
  ^bb0(%row: tensor<?xf64>):
    %one = arith.constant 1.0 : f64
    %s = soac.scan %row init(%one) : tensor<?xf64> -> tensor<?xf64> {
    ^bb0(%a: f64, %x: f64):
      %t = arith.mulf %a, %x : f64
      soac.yield %t : f64
    }
    soac.yield %s : tensor<?xf64>
  }
  return %r : tensor<?x?xf64>
}
