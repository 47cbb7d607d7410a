// RUN: tail-opt %s --split-input-file --pass-pipeline='builtin.module(convert-soac-to-hpar)' | tail-opt --split-input-file --pass-pipeline='builtin.module(convert-hpar-to-gpu)' | FileCheck %s

// A scan returned by the function is three kernels: phase 1 (workgroup arrays for the chunk,
// the per-thread scans, the scanned thread totals and the 8 warp totals; the chunk loaded
// coalesced, a barrier, each thread's sequential loop, a barrier, the block scan of the
// thread totals with five `gpu.shuffle up` per warp and again over the warp totals, then the
// adjusted chunk written coalesced), phase 2 (one block, tiles of 256 chunk totals with a
// carry), and the adjustment, which reads both.
// CHECK-LABEL: func.func @prefix
// CHECK:         gpu.launch_func @tail_kernels::@prefix_k0 blocks in
// CHECK:         gpu.launch_func @tail_kernels::@prefix_k1 blocks in
// CHECK:         gpu.launch_func @tail_kernels::@prefix_k2 blocks in ({{.*}}) args(%{{.*}} : memref<?xi32>, %{{.*}} : index, %[[P1:.*]] : memref<?xi32>, %[[P2:.*]] : memref<?xi32>)
// CHECK:         %[[H:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
// CHECK:         gpu.memcpy %[[H]], %{{.*}} : memref<?xi32>, memref<?xi32>
// CHECK:         return %[[H]] : memref<?xi32>
// CHECK:       gpu.module @tail_kernels {
// CHECK:         gpu.func @prefix_k0({{.*}}) workgroup(%[[S1:.*]]: memref<2048xi32, #gpu.address_space<workgroup>>, %[[S2:.*]]: memref<2048xi32, #gpu.address_space<workgroup>>, %[[ST:.*]]: memref<256xi32, #gpu.address_space<workgroup>>, %[[W:.*]]: memref<8xi32, #gpu.address_space<workgroup>>) kernel
// CHECK:           gpu.block_id x
// CHECK:           scf.for
// CHECK:             memref.store %{{.*}}, %[[S1]][%{{.*}}] : memref<2048xi32, #gpu.address_space<workgroup>>
// CHECK:           gpu.barrier
// CHECK:             scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (i32) {
// CHECK:               memref.load %[[S1]]
// CHECK:               arith.addi
// CHECK:               memref.store %{{.*}}, %[[S2]]
// CHECK:           gpu.barrier
// CHECK-COUNT-5:   gpu.shuffle up %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK:           memref.store %{{.*}}, %[[W]]
// CHECK:           gpu.barrier
// CHECK-COUNT-5:   gpu.shuffle up %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK:           gpu.barrier
// CHECK:           memref.store %{{.*}}, %[[ST]]
// CHECK:           gpu.barrier
// CHECK:           scf.for
// CHECK:             memref.load %[[S2]]
// CHECK:               memref.load %[[ST]]
// CHECK:             memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<?xi32>
// CHECK:           gpu.return
// CHECK:         gpu.func @prefix_k1({{.*}}) workgroup(%{{.*}}: memref<8xi32, #gpu.address_space<workgroup>>) kernel
// CHECK:           scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (i32) {
// CHECK-COUNT-5:     gpu.shuffle up
// CHECK:             gpu.barrier
// CHECK-COUNT-5:     gpu.shuffle up
// CHECK:             gpu.barrier
// CHECK:             gpu.barrier
// CHECK:             scf.yield
// CHECK:           gpu.return
// CHECK:         gpu.func @prefix_k2
// CHECK-NOT:       gpu.barrier
// CHECK:           gpu.return
// CHECK-NOT:     gpu.func @prefix_k3
func.func @prefix(%xs: tensor<?xi32>) -> tensor<?xi32> {
  %z = arith.constant 0 : i32
  %s = soac.scan %xs init(%z) : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%a: i32, %x: i32):
    %t = arith.addi %a, %x : i32
    soac.yield %t : i32
  }
  return %s : tensor<?xi32>
}

// -----

// Row scans: one kernel, block b scans row b in tiles of 256 (one element per thread, read
// and written coalesced) carrying the total of the tiles before.
// CHECK-LABEL: gpu.func @rows_k0
// CHECK-SAME:      workgroup(%[[W:.*]]: memref<8xf64, #gpu.address_space<workgroup>>)
// CHECK:           %[[B:.*]] = gpu.block_id x
// CHECK:           scf.for %[[BASE:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[CARRY:.*]] = %{{.*}}) -> (f64) {
// CHECK:             %[[I:.*]] = arith.addi %[[BASE]], %{{.*}} : index
// CHECK:               memref.load %{{.*}}[%[[B]], %[[I]]] : memref<?x?xf64>
// CHECK-COUNT-5:     gpu.shuffle up %{{.*}}, %{{.*}}, %{{.*}} : f64
// CHECK:             gpu.barrier
// CHECK-COUNT-5:     gpu.shuffle up %{{.*}}, %{{.*}}, %{{.*}} : f64
// CHECK:             gpu.barrier
// CHECK:             arith.addf %[[CARRY]], %{{.*}} : f64
// CHECK:               memref.store
// CHECK:             memref.load %[[W]]
// CHECK:             %[[NEXT:.*]] = arith.addf %[[CARRY]], %{{.*}} : f64
// CHECK:             gpu.barrier
// CHECK:             scf.yield %[[NEXT]] : f64
func.func @rows(%xs: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %z = arith.constant 0.0 : f64
  %r = soac.map %xs : tensor<?x?xf64> -> tensor<?x?xf64> {
  ^bb0(%row: tensor<?xf64>):
    %s = soac.scan %row init(%z) : tensor<?xf64> -> tensor<?xf64> {
    ^bb0(%a: f64, %x: f64):
      %t = arith.addf %a, %x : f64
      soac.yield %t : f64
    }
    soac.yield %s : tensor<?xf64>
  }
  return %r : tensor<?x?xf64>
}

// -----

// A filter: the two scan kernels over the flags, the count copied back and read on the host,
// the scatter kernel (interleave<block>: the value and its place computed by each thread, one
// store), and the copy of the first `count` elements that is returned.
// CHECK-LABEL: func.func @compress
// CHECK:         gpu.launch_func @tail_kernels::@compress_k0
// CHECK:         gpu.launch_func @tail_kernels::@compress_k1
// CHECK:         %[[H:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
// CHECK-NEXT:    gpu.memcpy %[[H]], %{{.*}} : memref<?xi32>, memref<?xi32>
// CHECK-NEXT:    %[[T:.*]] = memref.load %[[H]][%{{.*}}] : memref<?xi32>
// CHECK:         %[[TOTAL:.*]] = arith.index_cast %[[T]] : i32 to index
// CHECK:         gpu.launch_func @tail_kernels::@compress_k2 {{.*}} %[[TOTAL]] : index)
// CHECK:         %[[OUT:.*]] = gpu.alloc(%[[TOTAL]]) : memref<?xi32>
// CHECK:         gpu.launch_func @tail_kernels::@compress_k3 {{.*}} args(%[[OUT]] : memref<?xi32>, %[[TOTAL]] : index
// CHECK:         gpu.func @compress_k2(%[[DST:[a-z0-9]+]]: memref<?xi32>, {{.*}}, %{{.*}}: index)
// CHECK:             %[[V:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK:             %[[AT:.*]] = scf.if %{{.*}} -> (index) {
// CHECK:               arith.select %{{.*}}, %{{.*}}, %{{.*}} : index
// CHECK:             memref.store %[[V]], %[[DST]][%[[AT]]] : memref<?xi32>
// CHECK-NOT:         gpu.barrier
// CHECK:           gpu.return
func.func @compress(%bs: tensor<?xi1>, %xs: tensor<?xi32>) -> tensor<?xi32> {
  %r:2 = soac.filter %bs, %xs : tensor<?xi1>, tensor<?xi32> -> (tensor<?xi1>, tensor<?xi32>) {
  ^bb0(%b: i1, %x: i32):
    soac.yield %b : i1
  }
  return %r#1 : tensor<?xi32>
}
