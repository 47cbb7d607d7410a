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
  // The same stack carried after a scalar (a count of the steps): the stack is unstacked
  // but the loop stays (the scalar is not an array of the map); the result is used whole.
  func.func @counted(%n: index) -> f64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c6 = arith.constant 6 : index
    %one = arith.constant 1.0 : f64
    %z = arith.constant 0.0 : f64
    %iota = soac.iota : tensor<6xi32>
    %xs = soac.map %iota : tensor<6xi32> -> tensor<6xf64> {
    ^bb0(%j: i32):
      %f = arith.sitofp %j : i32 to f64
      soac.yield %f : f64
    }
    %zs = soac.replicate %one times %c6 : f64 -> tensor<?xf64>
    %cat0 = soac.concat %xs, %zs along 0 : tensor<6xf64>, tensor<?xf64> -> tensor<?xf64>
    %s0 = soac.reshape %cat0 to(%c2, %c3, %c2) : tensor<?xf64> -> tensor<?x?x?xf64>
    %r:2 = soac.loop %i < %n iter_args(%k = %z, %s = %s0) -> (f64, tensor<?x?x?xf64>) {
      %u = soac.index %s[%c0] : tensor<?x?x?xf64> -> tensor<?x?xf64>
      %v = soac.index %s[%c1] : tensor<?x?x?xf64> -> tensor<?x?xf64>
      %m:2 = soac.map %u, %v : tensor<?x?xf64>, tensor<?x?xf64> -> (tensor<?x?xf64>, tensor<?x?xf64>) {
      ^bb0(%ru: tensor<?xf64>, %rv: tensor<?xf64>):
        %e:2 = soac.map %ru, %rv : tensor<?xf64>, tensor<?xf64> -> (tensor<?xf64>, tensor<?xf64>) {
        ^bb0(%a: f64, %b: f64):
          %p = arith.mulf %a, %b : f64
          %q = arith.addf %b, %one : f64
          soac.yield %q, %p : f64, f64
        }
        soac.yield %e#0, %e#1 : tensor<?xf64>, tensor<?xf64>
      }
      %f0 = soac.reshape %m#0 to(%c6) : tensor<?x?xf64> -> tensor<?xf64>
      %f1 = soac.reshape %m#1 to(%c6) : tensor<?x?xf64> -> tensor<?xf64>
      %cat = soac.concat %f1, %f0 along 0 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64>
      %w = soac.reshape %cat to(%c2, %c3, %c2) : tensor<?xf64> -> tensor<?x?x?xf64>
      %k1 = arith.addf %k, %one : f64
      soac.yield %k1, %w : f64, tensor<?x?x?xf64>
    }
    %c12 = arith.constant 12 : index
    %flat = soac.reshape %r#1 to(%c12) : tensor<?x?x?xf64> -> tensor<?xf64>
    %sum = soac.reduce %flat init(%z) comm : tensor<?xf64> -> f64 {
    ^bb0(%p: f64, %q: f64):
      %s = arith.addf %p, %q : f64
      soac.yield %s : f64
    }
    %total = arith.addf %sum, %r#0 : f64
    return %total : f64
  }
  func.func @main() -> (f64, f64, f64) {
    %c5 = arith.constant 5 : index
    %c0 = arith.constant 0 : index
    %a = func.call @run(%c5) : (index) -> f64
    %b = func.call @run(%c0) : (index) -> f64
    %c3 = arith.constant 3 : index
    %c = func.call @counted(%c3) : (index) -> f64
    return %a, %b, %c : f64, f64, f64
  }
}
