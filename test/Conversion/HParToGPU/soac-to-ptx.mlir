// The soac-to-gpu pipeline from soac functions to gpu IR, then PTX that ptxas accepts.
// RUN: tail-opt %s --pass-pipeline='builtin.module(soac-to-gpu)' -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: tail-translate --emit=ptx %t.mlir | FileCheck %s --check-prefix=PTX

// One kernel for the fused map chain, two for the dot product (map fused into the
// reduction), one for the row sums.
// CHECK:     gpu.module @tail_kernels
// CHECK-DAG: gpu.func @saxpy_k0(
// CHECK-DAG: gpu.func @dot_k0(
// CHECK-DAG: gpu.func @dot_k1(
// CHECK-DAG: gpu.func @rowsum_k0(
// CHECK-NOT: gpu.func @saxpy_k1(
// CHECK-NOT: gpu.func @dot_k2(
// CHECK-NOT: gpu.func @rowsum_k1(
// PTX-DAG:   .entry saxpy_k0(
// PTX-DAG:   .entry dot_k0(
// PTX-DAG:   .entry dot_k1(
// PTX-DAG:   .entry rowsum_k0(
// PTX-DAG:   bar.sync
// PTX-DAG:   shfl.sync.bfly
// PTX-DAG:   .shared

func.func @saxpy(%xs: tensor<?xf64>, %ys: tensor<?xf64>, %a: f64) -> tensor<?xf64> {
  %m = soac.map %xs : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    %p = arith.mulf %x, %a : f64
    soac.yield %p : f64
  }
  %r = soac.map %m, %ys : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64, %y: f64):
    %s = arith.addf %x, %y : f64
    soac.yield %s : f64
  }
  return %r : tensor<?xf64>
}

func.func @dot(%xs: tensor<?xf64>, %ys: tensor<?xf64>) -> f64 {
  %m = soac.map %xs, %ys : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64, %y: f64):
    %p = arith.mulf %x, %y : f64
    soac.yield %p : f64
  }
  %z = arith.constant 0.0 : f64
  %s = soac.reduce %m init(%z) comm : tensor<?xf64> -> f64 {
  ^bb0(%acc: f64, %x: f64):
    %r = arith.addf %acc, %x : f64
    soac.yield %r : f64
  }
  return %s : f64
}

func.func @rowsum(%xs: tensor<?x?xi32>) -> tensor<?xi32> {
  %r = soac.map %xs : tensor<?x?xi32> -> tensor<?xi32> {
  ^bb0(%row: tensor<?xi32>):
    %z = arith.constant 0 : i32
    %s = soac.reduce %row init(%z) comm : tensor<?xi32> -> i32 {
    ^bb0(%acc: i32, %x: i32):
      %t = arith.addi %acc, %x : i32
      soac.yield %t : i32
    }
    soac.yield %s : i32
  }
  return %r : tensor<?xi32>
}
