// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-fuse{max-recompute-ops=0}))' | FileCheck %s

// A view of a shared producer's result placed before the consumer (mandelbrot1's step builds
// its result planes this way) is moved down to its first user, so the producer still fuses
// into the consumer with the viewed result mapped out (nothing is cheap enough to recompute
// here, so without the move the producer would stay a map of its own).
// CHECK-LABEL: func.func @view_before_consumer
// CHECK:         %[[F:.*]]:2 = soac.map %arg0 : tensor<?xf64> -> (tensor<?xf64>, tensor<?xf64>)
// CHECK-NOT:     soac.map
// CHECK:         %[[V:.*]] = soac.reshape %[[F]]#1
// CHECK-NEXT:    soac.concat %[[F]]#0, %[[V]]
func.func @view_before_consumer(%xs: tensor<?xf64>, %n: index) -> tensor<?xf64> {
  %a, %b = soac.map %xs : tensor<?xf64> -> (tensor<?xf64>, tensor<?xf64>) {
  ^bb0(%x: f64):
    %s = arith.addf %x, %x : f64
    %p = arith.mulf %x, %x : f64
    soac.yield %s, %p : f64, f64
  }
  %v = soac.reshape %a to(%n) : tensor<?xf64> -> tensor<?xf64>
  %c = soac.map %b : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%y: f64):
    %q = arith.subf %y, %y : f64
    soac.yield %q : f64
  }
  %r = soac.concat %c, %v along 0 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64>
  return %r : tensor<?xf64>
}
