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

// Scans have no kernel lowering yet.
func.func @scan(%xs: tensor<?xi32>) -> tensor<?xi32> {
  %z = arith.constant 0 : i32
  // expected-error@+1 {{'soac.scan' op cannot be lowered by convert-soac-to-hpar}}
  %s = soac.scan %xs init(%z) : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%a: i32, %x: i32):
    %t = arith.addi %a, %x : i32
    soac.yield %t : i32
  }
  return %s : tensor<?xi32>
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
