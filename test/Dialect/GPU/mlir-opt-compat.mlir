// The gpu dialect as upstream MLIR sees it: tail-opt's custom and generic forms parse with
// mlir-opt 22 to the same ops, and mlir-opt's output (custom form, or generic form with
// properties) reads back into tail-opt unchanged. (The kernel avoids arith.addi/muli, whose
// generic form gains upstream's default `overflowFlags` on the way through mlir-opt.)
// REQUIRES: mlir-opt
// RUN: tail-opt %s | mlir-opt | FileCheck %s
// RUN: tail-opt %s --mlir-print-op-generic | mlir-opt | FileCheck %s
// RUN: tail-opt %s -o %t.direct
// RUN: tail-opt %s | mlir-opt | tail-opt -o %t.back
// RUN: diff %t.direct %t.back
// RUN: tail-opt %s --mlir-print-op-generic | mlir-opt --mlir-print-op-generic | tail-opt -o %t.generic
// RUN: diff %t.direct %t.generic

// CHECK:       module attributes {gpu.container_module} {
// CHECK:         gpu.module @kernels {
// CHECK:           gpu.func @reduce(%{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>) workgroup(%{{.*}} : memref<256xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
// CHECK:             gpu.thread_id x
// CHECK:             gpu.block_id x
// CHECK:             gpu.block_dim x upper_bound 256
// CHECK:             gpu.grid_dim x
// CHECK:             gpu.lane_id upper_bound 32
// CHECK:             memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK:             gpu.barrier
// CHECK:             gpu.shuffle xor %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK:             gpu.shuffle down %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK:             gpu.shuffle up %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK:             gpu.shuffle idx %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK:             gpu.return
// CHECK:           gpu.func @scale(%{{.*}}: f32) -> f32 {
// CHECK:             gpu.return %{{.*}} : f32
// CHECK:         func.func @host(
// CHECK:           gpu.alloc (%{{.*}}) : memref<?xf32>
// CHECK:           gpu.alloc host_shared () : memref<1xf32>
// CHECK:           gpu.memcpy %{{.*}}, %{{.*}} : memref<?xf32>, memref<?xf32>
// CHECK:           gpu.launch_func @kernels::@reduce blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}}) dynamic_shared_memory_size %{{.*}} args(%{{.*}} : memref<?xf32>, %{{.*}} : memref<?xf32>)
// CHECK:           gpu.launch_func @kernels::@reduce blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}}) : i32 args(
// CHECK:           gpu.dealloc %{{.*}} : memref<?xf32>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @reduce(%in: memref<?xf32>, %out: memref<?xf32>) workgroup(%sh: memref<256xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %bd = gpu.block_dim x upper_bound 256
      %gd = gpu.grid_dim x
      %lane = gpu.lane_id upper_bound 32
      %x = memref.load %in[%t] : memref<?xf32>
      memref.store %x, %sh[%t] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %y = memref.load %sh[%t] : memref<256xf32, #gpu.address_space<workgroup>>
      %c16 = arith.constant 16 : i32
      %c32 = arith.constant 32 : i32
      %s0, %v0 = gpu.shuffle xor %y, %c16, %c32 : f32
      %s1, %v1 = gpu.shuffle down %s0, %c16, %c32 : f32
      %s2, %v2 = gpu.shuffle up %s1, %c16, %c32 : f32
      %s3, %v3 = gpu.shuffle idx %s2, %c16, %c32 : f32
      memref.store %s3, %out[%b] : memref<?xf32>
      gpu.return
    }
    gpu.func @scale(%x: f32) -> f32 {
      gpu.return %x : f32
    }
  }
  func.func @host(%a: memref<?xf32>, %n: index, %nb: index, %n32: i32) {
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %one = arith.constant 1 : i32
    %in = gpu.alloc (%n) : memref<?xf32>
    %res = gpu.alloc host_shared () : memref<1xf32>
    %out = gpu.alloc (%nb) : memref<?xf32>
    gpu.memcpy %in, %a : memref<?xf32>, memref<?xf32>
    %bytes = arith.constant 1024 : i32
    gpu.launch_func @kernels::@reduce blocks in (%nb, %c1, %c1) threads in (%c256, %c1, %c1) dynamic_shared_memory_size %bytes args(%in : memref<?xf32>, %out : memref<?xf32>)
    gpu.launch_func @kernels::@reduce blocks in (%one, %one, %one) threads in (%n32, %one, %one) : i32 args(%out : memref<?xf32>, %out : memref<?xf32>)
    gpu.dealloc %in : memref<?xf32>
    gpu.dealloc %out : memref<?xf32>
    gpu.dealloc %res : memref<1xf32>
    return
  }
}
