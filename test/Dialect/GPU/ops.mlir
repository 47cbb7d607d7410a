// RUN: tail-opt %s | tail-opt | FileCheck %s
// RUN: tail-opt %s --mlir-print-op-generic | tail-opt | FileCheck %s
// RUN: tail-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// One case per op of the gpu dialect, in upstream MLIR's syntax.

// CHECK:       module attributes {gpu.container_module} {
// CHECK:         gpu.module @kernels {
// CHECK-NEXT:      gpu.func @k(%{{.*}}: memref<?xf32>, %{{.*}}: index) workgroup(%{{.*}}: memref<32xf32, #gpu.address_space<workgroup>>) private(%{{.*}}: memref<1xf32, #gpu.address_space<private>>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
// CHECK-NEXT:        gpu.thread_id x
// CHECK-NEXT:        gpu.block_id y
// CHECK-NEXT:        gpu.block_dim z upper_bound 1024
// CHECK-NEXT:        gpu.grid_dim x
// CHECK-NEXT:        gpu.lane_id
// CHECK-NEXT:        gpu.lane_id upper_bound 32
// CHECK-NEXT:        gpu.barrier
// CHECK:             %{{.*}}:2 = gpu.shuffle xor %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:        %{{.*}}:2 = gpu.shuffle down %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:        %{{.*}}:2 = gpu.shuffle up %{{.*}}, %{{.*}}, %{{.*}} : f64
// CHECK-NEXT:        %{{.*}}:2 = gpu.shuffle idx %{{.*}}, %{{.*}}, %{{.*}} : i64
// CHECK:             gpu.return
// CHECK:           gpu.func @device(%{{.*}}: f32) -> f32 {
// CHECK-NEXT:        gpu.return %{{.*}} : f32
// CHECK:         func.func @host
// CHECK:           gpu.alloc(%{{.*}}) : memref<?xf32>
// CHECK:           gpu.alloc host_shared() : memref<4xf32>
// CHECK:           gpu.memcpy %{{.*}}, %{{.*}} : memref<?xf32>, memref<?xf32>
// CHECK:           gpu.launch_func @kernels::@k blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}}) dynamic_shared_memory_size %{{.*}} args(%{{.*}} : memref<?xf32>, %{{.*}} : index)
// CHECK:           gpu.launch_func @kernels::@k blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}}) : i32 args(%{{.*}} : memref<?xf32>, %{{.*}} : index)
// CHECK:           gpu.launch_func @kernels::@empty clusters in (%{{.*}}, %{{.*}}, %{{.*}}) blocks in
// CHECK:           gpu.dealloc %{{.*}} : memref<?xf32>

// GENERIC:       "gpu.thread_id"() {dimension = #gpu<dim x>} : () -> index
// GENERIC:       "gpu.shuffle"(%{{.*}}, %{{.*}}, %{{.*}}) {mode = #gpu<shuffle_mode xor>} : (f32, i32, i32) -> (f32, i1)
// GENERIC:       {function_type = (memref<?xf32>, index) -> (), gpu.kernel, known_block_size = array<i32: 128, 1, 1>, sym_name = "k", workgroup_attributions = 1 : i64}
// GENERIC:       "gpu.alloc"(%{{.*}}) {operandSegmentSizes = array<i32: 0, 1, 0>} : (index) -> memref<?xf32>
// GENERIC:       "gpu.launch_func"({{.*}}) {kernel = @kernels::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 2, 0>}
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<?xf32>, %n: index) workgroup(%sh: memref<32xf32, #gpu.address_space<workgroup>>) private(%p: memref<1xf32, #gpu.address_space<private>>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %t = gpu.thread_id x
      %b = gpu.block_id y
      %bd = gpu.block_dim z upper_bound 1024
      %gd = gpu.grid_dim x
      %l = gpu.lane_id
      %l2 = gpu.lane_id upper_bound 32
      gpu.barrier
      %v = arith.constant 1.0 : f32
      %vi = arith.constant 1 : i32
      %vd = arith.constant 1.0 : f64
      %vl = arith.constant 1 : i64
      %o = arith.constant 1 : i32
      %w = arith.constant 32 : i32
      %r0, %ok0 = gpu.shuffle xor %v, %o, %w : f32
      %r1, %ok1 = gpu.shuffle down %vi, %o, %w : i32
      %r2, %ok2 = gpu.shuffle up %vd, %o, %w : f64
      %r3, %ok3 = gpu.shuffle idx %vl, %o, %w : i64
      gpu.return
    }
    gpu.func @device(%x: f32) -> f32 {
      gpu.return %x : f32
    }
    gpu.func @empty() kernel {
      gpu.return
    }
  }
  func.func @host(%a: memref<?xf32>, %n: index, %n32: i32) {
    %c1 = arith.constant 1 : index
    %c1_32 = arith.constant 1 : i32
    %m = gpu.alloc (%n) : memref<?xf32>
    %s = gpu.alloc host_shared () : memref<4xf32>
    gpu.memcpy %m, %a : memref<?xf32>, memref<?xf32>
    %bytes = arith.constant 128 : i32
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) dynamic_shared_memory_size %bytes args(%m : memref<?xf32>, %n : index)
    gpu.launch_func @kernels::@k blocks in (%c1_32, %c1_32, %c1_32) threads in (%n32, %c1_32, %c1_32) : i32 args(%m : memref<?xf32>, %n : index)
    gpu.launch_func @kernels::@empty clusters in (%c1, %c1, %c1) blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.dealloc %m : memref<?xf32>
    gpu.dealloc %s : memref<4xf32>
    return
  }
}
