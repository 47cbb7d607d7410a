// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-gpu-to-cpu)' | FileCheck %s
// RUN: tailc run %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --after=convert-gpu-to-cpu %s | FileCheck %s --check-prefix=EXEC

// convert-gpu-to-cpu keeps these staging copies (test/Conversion/GPUToCPU/staging.mlir has
// the ones it removes): the kernel reading %in1 must not see the host's later store into %h,
// the kernel that updates %in2 in place must not write %h, and %in2, still used after its
// copy into %r (by a second kernel), is not that result.
// CHECK-LABEL: func.func @main
// CHECK:         memref.copy %[[H:[0-9]+]], %[[IN1:[0-9]+]] :
// CHECK:         memref.store %{{.*}}, %[[H]][
// CHECK:         memref.copy %[[H]], %[[IN2:[0-9]+]] :
// CHECK:         memref.copy %[[IN2]], %[[R:[0-9]+]] :
// EXEC: [](34.0)
module attributes {gpu.container_module} {
  func.func @main() -> f64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c256 = arith.constant 256 : index
    %n = arith.constant 8 : index
    %h = memref.alloc(%n) : memref<?xf64>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i64
      %f = arith.sitofp %ii : i64 to f64
      memref.store %f, %h[%i] : memref<?xf64>
    }
    %in1 = gpu.alloc(%n) : memref<?xf64>
    gpu.memcpy %in1, %h : memref<?xf64>, memref<?xf64>
    %ten = arith.constant 10.0 : f64
    memref.store %ten, %h[%c5] : memref<?xf64>
    %out1 = gpu.alloc(%n) : memref<?xf64>
    gpu.launch_func @k::@double blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1) args(%out1 : memref<?xf64>, %n : index, %in1 : memref<?xf64>)
    %in2 = gpu.alloc(%n) : memref<?xf64>
    gpu.memcpy %in2, %h : memref<?xf64>, memref<?xf64>
    gpu.launch_func @k::@bump blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1) args(%n : index, %in2 : memref<?xf64>)
    %r = memref.alloc(%n) : memref<?xf64>
    gpu.memcpy %r, %in2 : memref<?xf64>, memref<?xf64>
    gpu.launch_func @k::@bump blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1) args(%n : index, %in2 : memref<?xf64>)
    %a = memref.load %out1[%c5] : memref<?xf64>
    %b = memref.load %h[%c5] : memref<?xf64>
    %c = memref.load %r[%c5] : memref<?xf64>
    %d = memref.load %in2[%c1] : memref<?xf64>
    gpu.dealloc %in1 : memref<?xf64>
    gpu.dealloc %in2 : memref<?xf64>
    gpu.dealloc %out1 : memref<?xf64>
    %ab = arith.addf %a, %b : f64
    %cd = arith.addf %c, %d : f64
    %s = arith.addf %ab, %cd : f64
    return %s : f64
  }
  gpu.module @k {
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
    gpu.func @bump(%n: index, %x: memref<?xf64>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %one = arith.constant 1.0 : f64
      %t = gpu.thread_id x
      %ok = arith.cmpi ult, %t, %n : index
      scf.if %ok {
        %v = memref.load %x[%t] : memref<?xf64>
        %r = arith.addf %v, %one : f64
        memref.store %r, %x[%t] : memref<?xf64>
      }
      gpu.return
    }
  }
}
