// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-gpu-to-cpu)' | FileCheck %s
// RUN: tailc run %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --after=convert-gpu-to-cpu %s | FileCheck %s --check-prefix=EXEC

// On the CPU the staging copies between host and device buffers go where both sides can be
// one buffer: an input that kernels only read is read in place (the function's parameter
// here), and a device result that is only freed after its copy is the result.
// CHECK-LABEL: func.func @staged(%arg0: memref<?xf64>) -> memref<?xf64>
// CHECK-NOT:     memref.copy
// CHECK:         %[[OUT:.*]] = memref.alloc
// CHECK:         func.call @double_cpu(%{{.*}}, %{{.*}}, %[[OUT]], %{{.*}}, %arg0)
// CHECK-NOT:     memref.copy
// CHECK-NOT:     memref.dealloc
// CHECK:         return %[[OUT]]
// The same when the kernel has workgroup memory (its entry block's arguments after the
// parameters).
// CHECK-LABEL: func.func @staged_shared(%arg0: memref<?xf64>) -> memref<?xf64>
// CHECK-NOT:     memref.copy
// CHECK:         func.call @double_shared_cpu(%{{.*}}, %{{.*}}, %{{.*}}, %arg0)
// CHECK-NOT:     memref.copy
// CHECK:         return
// EXEC: [](56.0)
module attributes {gpu.container_module} {
  func.func @main() -> f64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 8 : index
    %h = memref.alloc(%n) : memref<?xf64>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i64
      %f = arith.sitofp %ii : i64 to f64
      memref.store %f, %h[%i] : memref<?xf64>
    }
    %r = func.call @staged(%h) : (memref<?xf64>) -> memref<?xf64>
    %c7 = arith.constant 7 : index
    %x = memref.load %r[%c7] : memref<?xf64>
    %y = memref.load %h[%c7] : memref<?xf64>
    %s = arith.addf %x, %y : f64
    %z = arith.addf %s, %s : f64
    %r2 = func.call @staged_shared(%h) : (memref<?xf64>) -> memref<?xf64>
    %c6 = arith.constant 6 : index
    %w = memref.load %r2[%c6] : memref<?xf64>
    %zw = arith.addf %z, %w : f64
    return %zw : f64
  }
  func.func @staged(%h: memref<?xf64>) -> memref<?xf64> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %h, %c0 : memref<?xf64>
    %in = gpu.alloc(%n) : memref<?xf64>
    gpu.memcpy %in, %h : memref<?xf64>, memref<?xf64>
    %out = gpu.alloc(%n) : memref<?xf64>
    gpu.launch_func @k::@double blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1) args(%out : memref<?xf64>, %n : index, %in : memref<?xf64>)
    %r = memref.alloc(%n) : memref<?xf64>
    gpu.memcpy %r, %out : memref<?xf64>, memref<?xf64>
    gpu.dealloc %in : memref<?xf64>
    gpu.dealloc %out : memref<?xf64>
    return %r : memref<?xf64>
  }
  func.func @staged_shared(%h: memref<?xf64>) -> memref<?xf64> {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %in = gpu.alloc(%c8) : memref<?xf64>
    gpu.memcpy %in, %h : memref<?xf64>, memref<?xf64>
    %out = gpu.alloc(%c8) : memref<?xf64>
    gpu.launch_func @k::@double_shared blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%out : memref<?xf64>, %in : memref<?xf64>)
    %r = memref.alloc(%c8) : memref<?xf64>
    gpu.memcpy %r, %out : memref<?xf64>, memref<?xf64>
    gpu.dealloc %in : memref<?xf64>
    gpu.dealloc %out : memref<?xf64>
    return %r : memref<?xf64>
  }
  gpu.module @k {
    // Each thread doubles its neighbour's element, read through workgroup memory.
    gpu.func @double_shared(%o: memref<?xf64>, %x: memref<?xf64>) workgroup(%w: memref<8xf64, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c7 = arith.constant 7 : index
      %t = gpu.thread_id x
      %v = memref.load %x[%t] : memref<?xf64>
      memref.store %v, %w[%t] : memref<8xf64, #gpu.address_space<workgroup>>
      gpu.barrier
      %t1 = arith.addi %t, %c1 : index
      %n = arith.andi %t1, %c7 : index
      %u = memref.load %w[%n] : memref<8xf64, #gpu.address_space<workgroup>>
      %r = arith.addf %u, %u : f64
      memref.store %r, %o[%t] : memref<?xf64>
      gpu.return
    }
    gpu.func @double(%o: memref<?xf64>, %n: index, %x: memref<?xf64>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %t = gpu.thread_id x
      %ok = arith.cmpi ult, %t, %n : index
      scf.if %ok {
        %v = memref.load %x[%t] : memref<?xf64>
        %r = arith.addf %v, %v : f64
        memref.store %r, %o[%t] : memref<?xf64>
      }
      gpu.return
    }
  }
}
