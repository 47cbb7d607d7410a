// RUN: tail-opt %s --pass-pipeline='builtin.module(soac-to-gpu)' | FileCheck %s

// A reduction of a (f64, i32) tuple: still two kernels. Each has one workgroup array per
// value; the per-thread fold carries both values, every tree step loads, combines and stores
// both, the last warp shuffles each value (five xor steps), thread 0 stores both, and both
// block results are written by the same kernel.
// CHECK:         func.func @sum_count
// CHECK-COUNT-2: gpu.launch_func
// CHECK-NOT:     gpu.launch_func
// CHECK-LABEL:   gpu.func @sum_count_k0
// CHECK-SAME:      workgroup(%[[SF:.*]]: memref<256xf64, #gpu.address_space<workgroup>>, %[[SI:.*]]: memref<256xi32, #gpu.address_space<workgroup>>)
// CHECK:           scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (f64, i32)
// CHECK:           memref.store %{{.*}}, %[[SF]][%{{.*}}]
// CHECK-NEXT:      memref.store %{{.*}}, %[[SI]][%{{.*}}]
// CHECK:           gpu.barrier
// CHECK:           memref.load %[[SF]]
// CHECK-NEXT:      memref.load %[[SI]]
// CHECK:           memref.load %[[SF]]
// CHECK-NEXT:      memref.load %[[SI]]
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      arith.addi
// CHECK-NEXT:      memref.store %{{.*}}, %[[SF]]
// CHECK-NEXT:      memref.store %{{.*}}, %[[SI]]
// CHECK:           gpu.barrier
// CHECK:           %[[F16:.*]]:2 = gpu.shuffle xor %{{.*}}, %{{.*}}, %{{.*}} : f64
// CHECK-NEXT:      %[[I16:.*]]:2 = gpu.shuffle xor %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:      arith.addf %{{.*}}, %[[F16]]#0 : f64
// CHECK-NEXT:      arith.addi %{{.*}}, %[[I16]]#0 : i32
// CHECK:           %[[F8:.*]]:2 = gpu.shuffle xor %{{.*}}, %{{.*}}, %{{.*}} : f64
// CHECK-NEXT:      %[[I8:.*]]:2 = gpu.shuffle xor %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:      arith.addf %{{.*}}, %[[F8]]#0 : f64
// CHECK-NEXT:      arith.addi %{{.*}}, %[[I8]]#0 : i32
// CHECK:           %[[F4:.*]]:2 = gpu.shuffle xor %{{.*}}, %{{.*}}, %{{.*}} : f64
// CHECK-NEXT:      %[[I4:.*]]:2 = gpu.shuffle xor %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:      arith.addf %{{.*}}, %[[F4]]#0 : f64
// CHECK-NEXT:      arith.addi %{{.*}}, %[[I4]]#0 : i32
// CHECK:           %[[F2:.*]]:2 = gpu.shuffle xor %{{.*}}, %{{.*}}, %{{.*}} : f64
// CHECK-NEXT:      %[[I2:.*]]:2 = gpu.shuffle xor %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:      arith.addf %{{.*}}, %[[F2]]#0 : f64
// CHECK-NEXT:      arith.addi %{{.*}}, %[[I2]]#0 : i32
// CHECK:           %[[F1:.*]]:2 = gpu.shuffle xor %{{.*}}, %{{.*}}, %{{.*}} : f64
// CHECK-NEXT:      %[[I1:.*]]:2 = gpu.shuffle xor %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:      arith.addf %{{.*}}, %[[F1]]#0 : f64
// CHECK-NEXT:      arith.addi %{{.*}}, %[[I1]]#0 : i32
// CHECK-NOT:       gpu.shuffle
// CHECK:           memref.store %{{.*}}, %[[SF]][%{{.*}}]
// CHECK-NEXT:      memref.store %{{.*}}, %[[SI]][%{{.*}}]
// CHECK:           gpu.barrier
// CHECK-DAG:       %[[RF:.*]] = memref.load %[[SF]][%{{.*}}]
// CHECK-DAG:       %[[RI:.*]] = memref.load %[[SI]][%{{.*}}]
// CHECK:           memref.store %[[RF]], %{{.*}} : memref<?xf64>
// CHECK:           memref.store %[[RI]], %{{.*}} : memref<?xi32>
// CHECK:           gpu.return
// CHECK-LABEL:   gpu.func @sum_count_k1
func.func @sum_count(%xs: tensor<?xf64>) -> (f64, i32) {
  %z = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : i32
  %s:2 = soac.redomap %xs init(%z, %c0) comm : tensor<?xf64> -> (f64, i32) reduce {
  ^bb0(%a: f64, %n: i32, %x: f64, %m: i32):
    %r = arith.addf %a, %x : f64
    %k = arith.addi %n, %m : i32
    soac.yield %r, %k : f64, i32
  } map {
  ^bb0(%x: f64):
    %one = arith.constant 1 : i32
    soac.yield %x, %one : f64, i32
  }
  return %s#0, %s#1 : f64, i32
}
