// RUN: tail-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(convert-soac-to-hpar)'

// What convert-soac-to-hpar cannot lower is reported at the op, and the pass fails.

// The block tree reduction reorders elements: the operator must be declared commutative.
func.func @noncomm(%xs: tensor<?xi32>) -> i32 {
  %z = arith.constant 0 : i32
  // expected-error@+1 {{'soac.reduce' op cannot be lowered by convert-soac-to-hpar: the block reduction needs a commutative operator ('comm')}}
  %s = soac.reduce %xs init(%z) : tensor<?xi32> -> i32 {
  ^bb0(%a: i32, %x: i32):
    %t = arith.subi %a, %x : i32
    soac.yield %t : i32
  }
  return %s : i32
}

// -----

// A scan of two values at once (a tuple operator) has no kernel lowering.
func.func @scan2(%xs: tensor<?xi32>, %ys: tensor<?xi32>) -> tensor<?xi32> {
  %z = arith.constant 0 : i32
  // expected-error@+1 {{'soac.scan' op cannot be lowered by convert-soac-to-hpar: only scans of one value are supported, got 2}}
  %s:2 = soac.scan %xs, %ys init(%z, %z) : tensor<?xi32>, tensor<?xi32> -> (tensor<?xi32>, tensor<?xi32>) {
  ^bb0(%a: i32, %b: i32, %x: i32, %y: i32):
    %t = arith.addi %a, %x : i32
    %u = arith.muli %b, %y : i32
    soac.yield %t, %u : i32, i32
  }
  return %s#0 : tensor<?xi32>
}

// -----

// A filter whose predicate reads a row (not a scalar) of its input.
func.func @filter_row(%xs: tensor<?x?xi32>) -> tensor<?x?xi32> {
  // expected-error@+1 {{'soac.filter' op cannot be lowered by convert-soac-to-hpar: a filter predicate that reads a row of a rank ≥ 2 input}}
  %r = soac.filter %xs : tensor<?x?xi32> -> tensor<?x?xi32> {
  ^bb0(%row: tensor<?xi32>):
    %c0 = arith.constant 0 : index
    %v = soac.index %row[%c0] : tensor<?xi32> -> i32
    %z = arith.constant 0 : i32
    %b = arith.cmpi ne, %v, %z : i32
    soac.yield %b : i1
  }
  return %r : tensor<?x?xi32>
}

// -----

// A map over rows whose lambda is no inner map (nested parallelism that is not a perfect nest).
func.func @rank3(%xs: tensor<?x?x?xi32>) -> tensor<?x?x?xi32> {
  // expected-error@+1 {{'soac.map' op cannot be lowered by convert-soac-to-hpar: the lambda of a map over rows must be one inner soac.map over them (or, at rank 2, one soac.reduce/redomap of its row)}}
  %r = soac.map %xs : tensor<?x?x?xi32> -> tensor<?x?x?xi32> {
  ^bb0(%m: tensor<?x?xi32>):
    soac.yield %m : tensor<?x?xi32>
  }
  return %r : tensor<?x?x?xi32>
}

// -----

// A function taking an unranked tensor has no memref form.
// expected-error@+1 {{'func.func' op cannot be converted by convert-soac-to-hpar: a parameter or result of unranked type 'tensor<*xf64>'}}
func.func @unranked(%x: tensor<*xf64>) -> f64 {
  %c = arith.constant 0.0 : f64
  return %c : f64
}
