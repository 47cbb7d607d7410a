// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-simplify))' | FileCheck %s
// The extent of an array a loop carries is its initial array's when every iteration keeps it:
// here two arrays of 1000 elements trade places each iteration (each yield has the other's
// extent), so the checks of zips with a 1000-element array from outside pass and go. A loop
// whose body yields an array of another extent (`@grows`) keeps its dim.

// CHECK-LABEL: func.func @swap
// CHECK:         soac.loop
// CHECK-NOT:     soac.dim
// CHECK-NOT:     tail_rt_check_extents
// CHECK:         soac.yield
func.func private @tail_rt_check_extents(index, index, i64, i32, i32)
func.func @swap(%n: index, %c: tensor<1000xf64>) -> tensor<?xf64> {
  %c1000 = arith.constant 1000 : index
  %z = arith.constant 0.0 : f64
  %k = arith.constant 1 : i64
  %l = arith.constant 3 : i32
  %x0 = soac.replicate %z times %c1000 : f64 -> tensor<?xf64>
  %y0 = soac.replicate %z times %c1000 : f64 -> tensor<?xf64>
  %r:2 = soac.loop %i < %n iter_args(%x = %x0, %y = %y0) -> (tensor<?xf64>, tensor<?xf64>) {
    %dx = soac.dim %x, 0 : tensor<?xf64>
    func.call @tail_rt_check_extents(%c1000, %dx, %k, %l, %l) : (index, index, i64, i32, i32) -> ()
    %s = soac.map %c, %x : tensor<1000xf64>, tensor<?xf64> -> tensor<?xf64> {
    ^bb0(%a: f64, %b: f64):
      %p = arith.addf %a, %b : f64
      soac.yield %p : f64
    }
    soac.yield %y, %s : tensor<?xf64>, tensor<?xf64>
  }
  return %r#0 : tensor<?xf64>
}

// CHECK-LABEL: func.func @grows
// CHECK:         soac.loop
// CHECK:           soac.dim
// CHECK:           tail_rt_check_extents
func.func @grows(%n: index) -> tensor<?xf64> {
  %c1000 = arith.constant 1000 : index
  %z = arith.constant 0.0 : f64
  %k = arith.constant 1 : i64
  %l = arith.constant 3 : i32
  %x0 = soac.replicate %z times %c1000 : f64 -> tensor<?xf64>
  %r = soac.loop %i < %n iter_args(%x = %x0) -> (tensor<?xf64>) {
    %dx = soac.dim %x, 0 : tensor<?xf64>
    func.call @tail_rt_check_extents(%c1000, %dx, %k, %l, %l) : (index, index, i64, i32, i32) -> ()
    %x1 = soac.concat %x, %x along 0 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64>
    soac.yield %x1 : tensor<?xf64>
  }
  return %r : tensor<?xf64>
}
