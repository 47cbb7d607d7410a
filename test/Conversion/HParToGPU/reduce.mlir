// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-soac-to-hpar)' | tail-opt --pass-pipeline='builtin.module(convert-hpar-to-gpu)' | FileCheck %s

// A full reduction is two kernels: the first, one block per chunk, folds each thread's
// elements sequentially, stores the partials in workgroup memory, reduces them with a tree
// (barriers) and a warp of xor shuffles, and writes one value per block; the second does the
// same with one block over the block results; the host reads element 0.
// CHECK-LABEL: func.func @sum
// CHECK:         gpu.launch_func @tail_kernels::@sum_k0 blocks in (%[[NB:.*]], %{{.*}}, %{{.*}}) threads in
// CHECK:         gpu.launch_func @tail_kernels::@sum_k1 blocks in
// CHECK:         %[[H:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
// CHECK:         gpu.memcpy %[[H]], %{{.*}} : memref<?xi32>, memref<?xi32>
// CHECK:         %[[S:.*]] = memref.load %[[H]][%{{.*}}] : memref<?xi32>
// CHECK:         memref.dealloc %[[H]]
// CHECK:         return %[[S]] : i32
// CHECK:       gpu.module @tail_kernels {
// CHECK:         gpu.func @sum_k0({{.*}}) workgroup(%[[SH:.*]]: memref<256xi32, #gpu.address_space<workgroup>>) kernel
// CHECK:           gpu.block_id x
// CHECK:           scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (i32) {
// CHECK:             arith.addi
// CHECK:           memref.store %{{.*}}, %[[SH]][%{{.*}}] : memref<256xi32, #gpu.address_space<workgroup>>
// CHECK:           gpu.barrier
// CHECK:           arith.constant 128 : index
// CHECK:           gpu.barrier
// CHECK:           arith.constant 64 : index
// CHECK:           gpu.barrier
// CHECK:           arith.constant 32 : index
// CHECK:           gpu.barrier
// CHECK-COUNT-5:   gpu.shuffle xor %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK:           gpu.barrier
// CHECK:           memref.load %[[SH]][%{{.*}}] : memref<256xi32, #gpu.address_space<workgroup>>
// CHECK:           gpu.return
// CHECK:         gpu.func @sum_k1({{.*}}) workgroup(%{{.*}}: memref<256xi32, #gpu.address_space<workgroup>>) kernel
// CHECK-COUNT-5:   gpu.shuffle xor
// CHECK:           gpu.return
// CHECK-NOT:     gpu.func
func.func @sum(%xs: tensor<?xi32>) -> i32 {
  %z = arith.constant 0 : i32
  %s = soac.reduce %xs init(%z) comm : tensor<?xi32> -> i32 {
  ^bb0(%a: i32, %x: i32):
    %t = arith.addi %a, %x : i32
    soac.yield %t : i32
  }
  return %s : i32
}
