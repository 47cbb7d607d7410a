// thread-seq programs (inner SOACs run sequentially in each thread) through the soac-to-gpu
// pipeline: one kernel per program, one thread per element (bounds-checked), the inner
// reduction and loop as scf.for in the kernel, loop-carried values in registers (no
// memref.alloca, no shared memory), and PTX that the sequential loops reach.
// RUN: tail-opt %s --pass-pipeline='builtin.module(soac-to-gpu)' -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: tail-translate --emit=ptx %t.mlir | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: func.func @matmul
// CHECK:         gpu.launch_func @tail_kernels::@matmul_k0
// CHECK-NOT:     gpu.launch_func
// CHECK-LABEL: func.func @iterate
// CHECK:         gpu.launch_func @tail_kernels::@iterate_k0
// CHECK-NOT:     gpu.launch_func
// CHECK:       gpu.module @tail_kernels
// CHECK:         gpu.func @matmul_k0(
// CHECK-NOT:       workgroup
// CHECK:           %[[BID:.*]] = gpu.block_id x
// CHECK:           %[[TID:.*]] = gpu.thread_id x
// CHECK:           scf.if
// CHECK:             scf.for %{{.*}} iter_args(%{{.*}}) -> (i32) {
// CHECK:               memref.load
// CHECK:               memref.load
// CHECK:               arith.muli
// CHECK:               arith.addi
// CHECK:             memref.store
// CHECK:         gpu.func @iterate_k0(
// CHECK:           scf.for %{{.*}} iter_args(%{{.*}}, %{{.*}}) -> (f64, f64) {
// CHECK-NOT:       memref.alloca
// CHECK:           gpu.return
// PTX-DAG:   .entry matmul_k0(
// PTX-DAG:   .entry iterate_k0(
// PTX-NOT:   .shared
// PTX-NOT:   .local

// The inner product's form (rows of a and columns of b replicated to rank 3, contracted axis
// last): one thread per output element.
func.func @matmul(%a: tensor<?x?x?xi32>, %b: tensor<?x?x?xi32>) -> tensor<?x?xi32> {
  %z = arith.constant 0 : i32
  %r = soac.map %a, %b : tensor<?x?x?xi32>, tensor<?x?x?xi32> -> tensor<?x?xi32> {
  ^bb0(%ra: tensor<?x?xi32>, %rb: tensor<?x?xi32>):
    %q = soac.map %ra, %rb : tensor<?x?xi32>, tensor<?x?xi32> -> tensor<?xi32> {
    ^bb0(%x: tensor<?xi32>, %y: tensor<?xi32>):
      %s = soac.redomap %x, %y init(%z) comm : tensor<?xi32>, tensor<?xi32> -> i32 reduce {
      ^bb0(%p: i32, %v: i32):
        %t = arith.addi %p, %v : i32
        soac.yield %t : i32
      } map {
      ^bb0(%e: i32, %f: i32):
        %g = arith.muli %e, %f : i32
        soac.yield %g : i32
      }
      soac.yield %s : i32
    }
    soac.yield %q : tensor<?xi32>
  }
  return %r : tensor<?x?xi32>
}

func.func @iterate(%xs: tensor<?xf64>, %n: index) -> tensor<?xf64> {
  %one = arith.constant 1.0 : f64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = soac.map %xs : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    %init = soac.replicate %one times %c2 : f64 -> tensor<?xf64>
    %l = soac.loop %it < %n iter_args(%s = %init) -> (tensor<?xf64>) {
      %a = soac.index %s[%c0] : tensor<?xf64> -> f64
      %b = soac.index %s[%c1] : tensor<?xf64> -> f64
      %p = arith.mulf %a, %x : f64
      %q = arith.addf %b, %p : f64
      %rp = soac.replicate %p : f64 -> tensor<1xf64>
      %rq = soac.replicate %q : f64 -> tensor<1xf64>
      %next = soac.concat %rq, %rp along 0 : tensor<1xf64>, tensor<1xf64> -> tensor<?xf64>
      soac.yield %next : tensor<?xf64>
    }
    %v = soac.index %l[%c1] : tensor<?xf64> -> f64
    soac.yield %v : f64
  }
  return %r : tensor<?xf64>
}
