// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-simplify))' | FileCheck %s
// A reduction over the flattening of a rank-2 array that a map computes reduces each row,
// then the rows' results (ReduceRows): `+/ , a ∘.× b` as `+/ +/ a ∘.× b`, so that the map
// fuses with the reduction instead of being stored. The flattening's count must be the
// product of the array's extents (equal constants, or the product of the extents), else a
// reshape to another count, a run-time error, would go.

// The outer product of static extents flattened to a constant count.
// CHECK-LABEL: func.func @outer_product
// CHECK:         %[[M:.*]] = soac.map %arg0 : tensor<3000xi32> -> tensor<3000x3000xi32>
// CHECK-NOT:     soac.reshape
// CHECK:         %[[ROWS:.*]] = soac.map %[[M]] : tensor<3000x3000xi32> -> tensor<3000xi32> {
// CHECK-NEXT:    ^bb0(%[[ROW:.*]]: tensor<3000xi32>):
// CHECK-NEXT:      %[[S:.*]] = soac.reduce %[[ROW]] init(%[[Z:.*]]) comm : tensor<3000xi32> -> i32 {
// CHECK:             arith.addi
// CHECK:           soac.yield %[[S]] : i32
// CHECK:         %[[T:.*]] = soac.reduce %[[ROWS]] init(%[[Z]]) comm : tensor<3000xi32> -> i32 {
// CHECK-NEXT:    ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32):
// CHECK-NEXT:      %[[AB:.*]] = arith.addi %[[A]], %[[B]] : i32
// CHECK-NEXT:      soac.yield %[[AB]] : i32
// CHECK:         return %[[T]] : i32
func.func @outer_product(%a: tensor<3000xi32>, %b: tensor<3000xi32>) -> i32 {
  %z = arith.constant 0 : i32
  %n = arith.constant 9000000 : index
  %m = soac.map %a : tensor<3000xi32> -> tensor<3000x3000xi32> {
  ^bb0(%x: i32):
    %r = soac.map %b : tensor<3000xi32> -> tensor<3000xi32> {
    ^bb0(%y: i32):
      %p = arith.muli %x, %y : i32
      soac.yield %p : i32
    }
    soac.yield %r : tensor<3000xi32>
  }
  %f = soac.reshape %m to(%n) : tensor<3000x3000xi32> -> tensor<?xi32>
  %s = soac.reduce %f init(%z) comm : tensor<?xi32> -> i32 {
  ^bb0(%u: i32, %v: i32):
    %w = arith.addi %u, %v : i32
    soac.yield %w : i32
  }
  return %s : i32
}

// Run-time extents: the count is the product of the two extents (the inputs' dims, which
// the map's result has on its axes); a redomap of two such flattenings of one shape (a dot
// product of two matrices' ravels) keeps its map part in the rows' reduction.
// CHECK-LABEL: func.func @dynamic_redomap
// CHECK-NOT:     soac.reshape
// CHECK:         %[[ROWS:.*]] = soac.map %{{.*}}, %{{.*}} : tensor<?x?xf64>, tensor<?x?xf64> -> tensor<?xf64> {
// CHECK:           soac.redomap %{{.*}}, %{{.*}} init(%{{.*}}) comm : tensor<?xf64>, tensor<?xf64> -> f64 reduce {
// CHECK:             arith.maximumf
// CHECK:           } map {
// CHECK:             arith.mulf
// CHECK:         soac.reduce %[[ROWS]] init(%{{.*}}) comm : tensor<?xf64> -> f64 {
// CHECK:           arith.maximumf
func.func @dynamic_redomap(%a: tensor<?xf64>, %b: tensor<?xf64>) -> f64 {
  %z = arith.constant 0xFFF0000000000000 : f64
  %d0 = soac.dim %a, 0 : tensor<?xf64>
  %d1 = soac.dim %b, 0 : tensor<?xf64>
  %n = arith.muli %d0, %d1 : index
  %m = soac.map %a : tensor<?xf64> -> tensor<?x?xf64> {
  ^bb0(%x: f64):
    %r = soac.map %b : tensor<?xf64> -> tensor<?xf64> {
    ^bb0(%y: f64):
      %p = arith.addf %x, %y : f64
      soac.yield %p : f64
    }
    soac.yield %r : tensor<?xf64>
  }
  %m2 = soac.map %a : tensor<?xf64> -> tensor<?x?xf64> {
  ^bb0(%x: f64):
    %r = soac.map %b : tensor<?xf64> -> tensor<?xf64> {
    ^bb0(%y: f64):
      %p = arith.subf %x, %y : f64
      soac.yield %p : f64
    }
    soac.yield %r : tensor<?xf64>
  }
  %f = soac.reshape %m to(%n) : tensor<?x?xf64> -> tensor<?xf64>
  %g = soac.reshape %m2 to(%n) : tensor<?x?xf64> -> tensor<?xf64>
  %s = soac.redomap %f, %g init(%z) comm : tensor<?xf64>, tensor<?xf64> -> f64 reduce {
  ^bb0(%u: f64, %v: f64):
    %w = arith.maximumf %u, %v : f64
    soac.yield %w : f64
  } map {
  ^bb0(%x: f64, %y: f64):
    %p = arith.mulf %x, %y : f64
    soac.yield %p : f64
  }
  return %s : f64
}

// Left alone: a count that is not known to be the product of the extents (a reshape to
// another count fails at run time), a cyclic reshape, and an array that no map computes
// (there is nothing to fuse).
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-3: soac.reshape
// CHECK-NOT:     soac.map %{{.*}} : tensor<?x?xi32> -> tensor<?xi32>
func.func @left_alone(%a: tensor<?xi32>, %k: index, %x: tensor<?x?xi32>) -> (i32, i32, i32) {
  %z = arith.constant 0 : i32
  %m = soac.map %a : tensor<?xi32> -> tensor<?x?xi32> {
  ^bb0(%e: i32):
    %r = soac.map %a : tensor<?xi32> -> tensor<?xi32> {
    ^bb0(%y: i32):
      %p = arith.muli %e, %y : i32
      soac.yield %p : i32
    }
    soac.yield %r : tensor<?xi32>
  }
  %f = soac.reshape %m to(%k) : tensor<?x?xi32> -> tensor<?xi32>
  %s = soac.reduce %f init(%z) comm : tensor<?xi32> -> i32 {
  ^bb0(%u: i32, %v: i32):
    %w = arith.addi %u, %v : i32
    soac.yield %w : i32
  }
  %c = soac.reshape %m to(%k) cyclic : tensor<?x?xi32> -> tensor<?xi32>
  %t = soac.reduce %c init(%z) comm : tensor<?xi32> -> i32 {
  ^bb0(%u: i32, %v: i32):
    %w = arith.addi %u, %v : i32
    soac.yield %w : i32
  }
  %d0 = soac.dim %x, 0 : tensor<?x?xi32>
  %d1 = soac.dim %x, 1 : tensor<?x?xi32>
  %n = arith.muli %d0, %d1 : index
  %g = soac.reshape %x to(%n) : tensor<?x?xi32> -> tensor<?xi32>
  %r = soac.reduce %g init(%z) comm : tensor<?xi32> -> i32 {
  ^bb0(%u: i32, %v: i32):
    %w = arith.addi %u, %v : i32
    soac.yield %w : i32
  }
  return %s, %t, %r : i32, i32, i32
}

// Left alone: a map with a sequential loop per element (Mandelbrot's escape loop), which
// runs vectorized across threads in a map kernel on the CPU but not in a reduction's.
// CHECK-LABEL: func.func @loop_per_element
// CHECK:         soac.reshape
// CHECK-NEXT:    soac.reduce
func.func @loop_per_element(%a: tensor<?xf64>, %b: tensor<?xf64>) -> f64 {
  %z = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %d0 = soac.dim %a, 0 : tensor<?xf64>
  %d1 = soac.dim %b, 0 : tensor<?xf64>
  %n = arith.muli %d0, %d1 : index
  %m = soac.map %a : tensor<?xf64> -> tensor<?x?xf64> {
  ^bb0(%x: f64):
    %r = soac.map %b : tensor<?xf64> -> tensor<?xf64> {
    ^bb0(%y: f64):
      %p = scf.for %i = %c0 to %c9 step %c1 iter_args(%acc = %y) -> (f64) {
        %q = arith.mulf %acc, %x : f64
        scf.yield %q : f64
      }
      soac.yield %p : f64
    }
    soac.yield %r : tensor<?xf64>
  }
  %f = soac.reshape %m to(%n) : tensor<?x?xf64> -> tensor<?xf64>
  %s = soac.reduce %f init(%z) comm : tensor<?xf64> -> f64 {
  ^bb0(%u: f64, %v: f64):
    %w = arith.addf %u, %v : f64
    soac.yield %w : f64
  }
  return %s : f64
}
