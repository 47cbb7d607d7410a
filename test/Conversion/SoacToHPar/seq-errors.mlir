// RUN: tail-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(convert-soac-to-hpar)'

// What the sequential lowering inside a thread (tail.par = "thread-seq") cannot lower is
// reported at the op.

// A scanomap's mapped-out values inside a thread whose map lambda is not scalar code (a
// loop in it): its scans are index functions, each element a fold, and mapped-out values
// that the thread reads are index functions running the map lambda only where it is
// scalar code (test/Target/CPU/thread-mapped-out.apl).
func.func @row_scan(%m: tensor<?x?xi32>) -> tensor<?xi32> {
  %z = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %r = soac.map %m : tensor<?x?xi32> -> tensor<?xi32> {
  ^bb0(%row: tensor<?xi32>):
    // expected-error@+1 {{'soac.scanomap' op cannot be lowered to a kernel by convert-soac-to-hpar (inside a thread): mapped-out results of a scanomap are not supported in a thread}}
    %s:2 = soac.scanomap %row init(%z) : tensor<?xi32> -> (tensor<?xi32>, tensor<?xi32>) scan {
    ^bb0(%a: i32, %x: i32):
      %t = arith.addi %a, %x : i32
      soac.yield %t : i32
    } map {
    ^bb0(%e: i32):
      %d = arith.muli %e, %e : i32
      %l = soac.loop %i < %c2 iter_args(%acc = %e) -> (i32) {
        %w = arith.addi %acc, %acc : i32
        soac.yield %w : i32
      }
      soac.yield %d, %l : i32, i32
    }
    %v = soac.index %s#1[%c0] : tensor<?xi32> -> i32
    soac.yield %v : i32
  }
  return %r : tensor<?xi32>
}

// -----

// A loop-carried array in the thread's storage whose extent the body changes (a row of
// another length).
func.func @carried_resized(%m: tensor<?x?xi32>, %w: tensor<?x?xi32>, %n: index) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = soac.map %m : tensor<?x?xi32> -> tensor<?xi32> {
  ^bb0(%row: tensor<?xi32>):
    // expected-error@+1 {{'soac.loop' op cannot be lowered to a kernel by convert-soac-to-hpar (inside a thread): an array carried by a loop in a thread must keep its extents}}
    %l = soac.loop %i < %n iter_args(%s = %row) -> (tensor<?xi32>) {
      %o = soac.index %w[%c1] : tensor<?x?xi32> -> tensor<?xi32>
      soac.yield %o : tensor<?xi32>
    }
    %v = soac.index %l[%c0] : tensor<?xi32> -> i32
    soac.yield %v : i32
  }
  return %r : tensor<?xi32>
}

