// RUN: tail-opt %s --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @transpose_transpose
// CHECK-SAME:  (%[[X:.*]]: tensor<2x3x4xf64>)
// CHECK-NEXT:  %[[T:.*]] = soac.transpose %[[X]] [2, 0, 1] : tensor<2x3x4xf64> -> tensor<4x2x3xf64>
// CHECK-NEXT:  return %[[X]], %[[T]]
func.func @transpose_transpose(%x: tensor<2x3x4xf64>) -> (tensor<2x3x4xf64>, tensor<4x2x3xf64>) {
  %t = soac.transpose %x [1, 0, 2] : tensor<2x3x4xf64> -> tensor<3x2x4xf64>
  %u = soac.transpose %t [1, 0, 2] : tensor<3x2x4xf64> -> tensor<2x3x4xf64>
  %v = soac.transpose %t [2, 1, 0] : tensor<3x2x4xf64> -> tensor<4x2x3xf64>
  return %u, %v : tensor<2x3x4xf64>, tensor<4x2x3xf64>
}

// -----

// CHECK-LABEL: func.func @transpose_identity
// CHECK-NOT:   soac.transpose
// CHECK:       return %arg0
func.func @transpose_identity(%x: tensor<?x4xi32>) -> tensor<?x4xi32> {
  %t = soac.transpose %x [0, 1] : tensor<?x4xi32> -> tensor<?x4xi32>
  return %t : tensor<?x4xi32>
}

// -----

// A reshape of a reshape reads the first source directly; a cyclic inner reshape blocks it.
// CHECK-LABEL: func.func @reshape_reshape
// CHECK-SAME:  (%[[X:.*]]: tensor<6xf64>)
// CHECK-NEXT:  %[[A:.*]] = soac.reshape %[[X]] : tensor<6xf64> -> tensor<3x2xf64>
// CHECK-NEXT:  %[[C:.*]] = soac.reshape %[[X]] cyclic : tensor<6xf64> -> tensor<4xf64>
// CHECK-NEXT:  %[[D:.*]] = soac.reshape %[[C]] : tensor<4xf64> -> tensor<2x2xf64>
// CHECK-NEXT:  return %[[X]], %[[A]], %[[D]]
func.func @reshape_reshape(%x: tensor<6xf64>) -> (tensor<6xf64>, tensor<3x2xf64>, tensor<2x2xf64>) {
  %m = soac.reshape %x : tensor<6xf64> -> tensor<2x3xf64>
  %back = soac.reshape %m : tensor<2x3xf64> -> tensor<6xf64>
  %a = soac.reshape %m : tensor<2x3xf64> -> tensor<3x2xf64>
  %c = soac.reshape %x cyclic : tensor<6xf64> -> tensor<4xf64>
  %d = soac.reshape %c : tensor<4xf64> -> tensor<2x2xf64>
  return %back, %a, %d : tensor<6xf64>, tensor<3x2xf64>, tensor<2x2xf64>
}

// -----

// Extents are read through views, maps and creating ops; what is left is dead.
// CHECK-LABEL: func.func @dim
// CHECK-SAME:  (%[[M:.*]]: tensor<?x4xf64>, %[[N:.*]]: index)
// CHECK-DAG:   %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:   %[[D0:.*]] = soac.dim %[[M]], 0 : tensor<?x4xf64>
// CHECK-DAG:   %[[D1:.*]] = soac.dim %[[M]], 0 : tensor<?x4xf64>
// CHECK-DAG:   %[[D2:.*]] = soac.dim %[[M]], 0 : tensor<?x4xf64>
// CHECK-NOT:   soac.
// CHECK:       return %[[C4]], %[[N]], %[[N]], %[[D0]], %[[D1]], %[[D2]]
func.func @dim(%m: tensor<?x4xf64>, %n: index) -> (index, index, index, index, index, index) {
  %0 = soac.dim %m, 1 : tensor<?x4xf64>
  %i = soac.iota %n : tensor<?xi32>
  %1 = soac.dim %i, 0 : tensor<?xi32>
  %f = soac.reshape %m to(%n) : tensor<?x4xf64> -> tensor<?xf64>
  %2 = soac.dim %f, 0 : tensor<?xf64>
  %t = soac.transpose %m [1, 0] : tensor<?x4xf64> -> tensor<4x?xf64>
  %3 = soac.dim %t, 1 : tensor<4x?xf64>
  %r = soac.map %m : tensor<?x4xf64> -> tensor<?xf64> {
  ^bb0(%row: tensor<4xf64>):
    %c0 = arith.constant 0 : index
    %e = soac.index %row[%c0] : tensor<4xf64> -> f64
    soac.yield %e : f64
  }
  %4 = soac.dim %r, 0 : tensor<?xf64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rot = soac.rotate %m[%c1, %c0] : tensor<?x4xf64>
  %5 = soac.dim %rot, 0 : tensor<?x4xf64>
  return %0, %1, %2, %3, %4, %5 : index, index, index, index, index, index
}

// -----

// CHECK-LABEL: func.func @rotate_zero
// CHECK-NOT:   soac.rotate
// CHECK:       return %arg0
func.func @rotate_zero(%m: tensor<?x4xf64>) -> tensor<?x4xf64> {
  %c0 = arith.constant 0 : index
  %r = soac.rotate %m[%c0, %c0] : tensor<?x4xf64>
  return %r : tensor<?x4xf64>
}

// -----

// CHECK-LABEL: func.func @concat_one
// CHECK-NOT:   soac.concat
// CHECK:       return %arg0
func.func @concat_one(%a: tensor<?xf64>) -> tensor<?xf64> {
  %r = soac.concat %a along 0 : tensor<?xf64> -> tensor<?xf64>
  return %r : tensor<?xf64>
}

// -----

// `dim` of an inner axis of a map-nest result is the extent of the input row the inner map
// traverses; an inner map over something else keeps the `dim`.
// CHECK-LABEL: func.func @dim_through_map_nest
// CHECK-SAME:  (%[[A:.*]]: tensor<?x?xf64>, %[[B:.*]]: tensor<?x?xf64>, %[[V:.*]]: tensor<?xf64>)
// CHECK:         %[[M:.*]]:2 = soac.map
// CHECK:         %[[D:.*]] = soac.dim %[[B]], 1 : tensor<?x?xf64>
// CHECK:         %[[E:.*]] = soac.dim %[[M]]#1, 1 : tensor<?x?xf64>
// CHECK:         return %[[D]], %[[E]]
func.func @dim_through_map_nest(%a: tensor<?x?xf64>, %b: tensor<?x?xf64>, %v: tensor<?xf64>) -> (index, index) {
  %m:2 = soac.map %a, %b : tensor<?x?xf64>, tensor<?x?xf64> -> (tensor<?x?xf64>, tensor<?x?xf64>) {
  ^bb0(%ra: tensor<?xf64>, %rb: tensor<?xf64>):
    %x = soac.map %rb : tensor<?xf64> -> tensor<?xf64> {
    ^bb1(%e: f64):
      soac.yield %e : f64
    }
    %y = soac.map %v : tensor<?xf64> -> tensor<?xf64> {
    ^bb2(%e: f64):
      soac.yield %e : f64
    }
    soac.yield %x, %y : tensor<?xf64>, tensor<?xf64>
  }
  %d0 = soac.dim %m#0, 1 : tensor<?x?xf64>
  %d1 = soac.dim %m#1, 1 : tensor<?x?xf64>
  return %d0, %d1 : index, index
}

// -----

// The extent of a concatenation along its axis is the sum of the inputs' static extents
// (Sobol's direction numbers, thirty one-element pieces, give a constant 30 and the check of
// an empty reshape source folds away); across the axis it is the first input's extent.
// CHECK-LABEL: func.func @dim_concat
// CHECK-SAME:  (%[[A:.*]]: tensor<2x?xf64>, %[[B:.*]]: tensor<3x?xf64>, %[[C:.*]]: tensor<?x4xf64>)
// CHECK-DAG:   %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG:   %[[D1:.*]] = soac.dim %[[A]], 1 : tensor<2x?xf64>
// CHECK-DAG:   %[[CAT2:.*]] = soac.concat %[[A]], %[[C]] along 0
// CHECK-DAG:   %[[D2:.*]] = soac.dim %[[CAT2]], 0
// CHECK:       return %[[C5]], %[[D1]], %[[D2]]
func.func @dim_concat(%a: tensor<2x?xf64>, %b: tensor<3x?xf64>, %c: tensor<?x4xf64>) -> (index, index, index) {
  %cat1 = soac.concat %a, %b along 0 : tensor<2x?xf64>, tensor<3x?xf64> -> tensor<?x?xf64>
  %0 = soac.dim %cat1, 0 : tensor<?x?xf64>
  %1 = soac.dim %cat1, 1 : tensor<?x?xf64>
  %cat2 = soac.concat %a, %c along 0 : tensor<2x?xf64>, tensor<?x4xf64> -> tensor<?x?xf64>
  %2 = soac.dim %cat2, 0 : tensor<?x?xf64>
  return %0, %1, %2 : index, index, index
}
