// RUN: tail-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(convert-soac-to-hpar)'

// Complex numbers convert-soac-to-hpar does not put in kernels are reported at the op.

// A complex number passed to a function in a lambda (calls take no complex arguments).
func.func private @g(complex<f64>) -> complex<f64>
func.func @call(%x: tensor<?xf64>) -> tensor<?xf64> {
  %y = soac.map %x : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%v: f64):
    %z = tail.injx %v, %v : f64 -> complex<f64>
    // expected-error@+1 {{'func.call' op cannot be lowered to a kernel by convert-soac-to-hpar: an operation on complex numbers with no kernel form (supported: tail.injx, d2x, rex, imx, addx, subx, mulx, negx, conjx, expx, magnx, prSclX, arith.select, scf.if, soac.loop, SOACs and views)}}
    %p = func.call @g(%z) : (complex<f64>) -> complex<f64>
    %m = tail.rex %p : complex<f64> -> f64
    soac.yield %m : f64
  }
  return %y : tensor<?xf64>
}

// -----

// A reduction of complex numbers.
func.func @sum(%x: tensor<?xf64>, %z: complex<f64>) -> complex<f64> {
  // expected-error@+1 {{'soac.redomap' op cannot be lowered by convert-soac-to-hpar: reductions of complex numbers are not supported}}
  %r = soac.redomap %x init(%z) comm : tensor<?xf64> -> complex<f64> reduce {
  ^bb0(%a: complex<f64>, %b: complex<f64>):
    %c = tail.addx %a, %b : complex<f64>
    soac.yield %c : complex<f64>
  } map {
  ^bb0(%v: f64):
    %w = tail.d2x %v : f64 -> complex<f64>
    soac.yield %w : complex<f64>
  }
  return %r : complex<f64>
}

// -----

// A complex array as a function result.
func.func @result(%x: tensor<?xf64>) -> tensor<?xcomplex<f64>> {
  %y = soac.map %x : tensor<?xf64> -> tensor<?xcomplex<f64>> {
  ^bb0(%v: f64):
    %w = tail.d2x %v : f64 -> complex<f64>
    soac.yield %w : complex<f64>
  }
  // expected-error@+1 {{'func.return' op cannot be lowered by convert-soac-to-hpar: complex arrays as function results are not supported}}
  return %y : tensor<?xcomplex<f64>>
}
