// The program of test/Transforms/soac-loop-interchange.mlir (a carried 2 × 6 stack of planes).
module {
  func.func @run(%n: index) -> f64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c6 = arith.constant 6 : index
    %c12 = arith.constant 12 : index
    %z = arith.constant 0.0 : f64
    %iota = soac.iota : tensor<6xi32>
    %xs = soac.map %iota : tensor<6xi32> -> tensor<6xf64> {
    ^bb0(%j: i32):
      %f = arith.sitofp %j : i32 to f64
      %one = arith.constant 1.0 : f64
      %g = arith.addf %f, %one : f64
      soac.yield %g : f64
    }
    %zs = soac.replicate %z times %c6 : f64 -> tensor<?xf64>
    %cat0 = soac.concat %xs, %zs along 0 : tensor<6xf64>, tensor<?xf64> -> tensor<?xf64>
    %s0 = soac.reshape %cat0 to(%c2, %c6) : tensor<?xf64> -> tensor<?x?xf64>
    %r = soac.loop %i < %n iter_args(%s = %s0) -> (tensor<?x?xf64>) {
      %u = soac.index %s[%c0] : tensor<?x?xf64> -> tensor<?xf64>
      %v = soac.index %s[%c1] : tensor<?x?xf64> -> tensor<?xf64>
      %m:2 = soac.map %u, %v : tensor<?xf64>, tensor<?xf64> -> (tensor<?xf64>, tensor<?xf64>) {
      ^bb0(%a: f64, %b: f64):
        %h = arith.constant 0.5 : f64
        %p = arith.mulf %a, %h : f64
        %q = arith.addf %b, %a : f64
        soac.yield %p, %q : f64, f64
      }
      %f0 = soac.reshape %m#0 to(%c6) : tensor<?xf64> -> tensor<?xf64>
      %f1 = soac.reshape %m#1 to(%c6) : tensor<?xf64> -> tensor<?xf64>
      %cat = soac.concat %f0, %f1 along 0 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64>
      %w = soac.reshape %cat to(%c2, %c6) : tensor<?xf64> -> tensor<?x?xf64>
      soac.yield %w : tensor<?x?xf64>
    }
    %flat = soac.reshape %r to(%c12) : tensor<?x?xf64> -> tensor<?xf64>
    %sum = soac.reduce %flat init(%z) comm : tensor<?xf64> -> f64 {
    ^bb0(%p: f64, %q: f64):
      %s = arith.addf %p, %q : f64
      soac.yield %s : f64
    }
    return %sum : f64
  }
  func.func @main() -> (f64, f64) {
    %c5 = arith.constant 5 : index
    %c0 = arith.constant 0 : index
    %a = func.call @run(%c5) : (index) -> f64
    %b = func.call @run(%c0) : (index) -> f64
    return %a, %b : f64, f64
  }
}
