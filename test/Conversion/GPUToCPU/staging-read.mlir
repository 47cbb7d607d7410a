// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-gpu-to-cpu)' | FileCheck %s
// RUN: tailc run %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --after=convert-gpu-to-cpu %s | FileCheck %s --check-prefix=EXEC

// The host reading an element of a device array that kernels go on using: on a GPU the
// array is copied into a host buffer first; on the CPU, while nothing writes the array
// between the copy and the buffer's last read, the host reads the array itself (the
// buffer, the copy and its dealloc go). A kernel that updates the array in place before
// the read keeps the copy.
// CHECK-LABEL: func.func @main
// CHECK:         %[[D:[0-9]+]] = memref.alloc
// CHECK:         func.call @fill_cpu(%{{.*}}, %{{.*}}, %[[D]])
// CHECK-NOT:     memref.copy
// CHECK:         %[[X:[0-9]+]] = memref.load %[[D]][%{{.*}}] : memref<?xf64>
// CHECK-NOT:     memref.copy
// CHECK:         func.call @double_cpu(
// CHECK:         %[[H3:[0-9]+]] = memref.alloc
// CHECK-NEXT:    memref.copy %[[D]], %[[H3]] :
// CHECK:         func.call @bump_cpu(
// CHECK:         memref.load %[[H3]]
// 3 + 2·3 + 3 (read before the bump) + 4 (after it).
// EXEC: [](16.0)
module attributes {gpu.container_module} {
  func.func @main() -> f64 {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c256 = arith.constant 256 : index
    %n = arith.constant 8 : index
    %d = gpu.alloc(%n) : memref<?xf64>
    gpu.launch_func @k::@fill blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1) args(%n : index, %d : memref<?xf64>)
    %h = memref.alloc(%n) : memref<?xf64>
    gpu.memcpy %h, %d : memref<?xf64>, memref<?xf64>
    %x = memref.load %h[%c3] : memref<?xf64>
    memref.dealloc %h : memref<?xf64>
    %out = gpu.alloc(%n) : memref<?xf64>
    gpu.launch_func @k::@double blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1) args(%out : memref<?xf64>, %n : index, %d : memref<?xf64>)
    %h2 = memref.alloc(%n) : memref<?xf64>
    gpu.memcpy %h2, %out : memref<?xf64>, memref<?xf64>
    %y = memref.load %h2[%c3] : memref<?xf64>
    memref.dealloc %h2 : memref<?xf64>
    %h3 = memref.alloc(%n) : memref<?xf64>
    gpu.memcpy %h3, %d : memref<?xf64>, memref<?xf64>
    gpu.launch_func @k::@bump blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1) args(%n : index, %d : memref<?xf64>)
    %z = memref.load %h3[%c3] : memref<?xf64>
    memref.dealloc %h3 : memref<?xf64>
    %h4 = memref.alloc(%n) : memref<?xf64>
    gpu.memcpy %h4, %d : memref<?xf64>, memref<?xf64>
    %w = memref.load %h4[%c3] : memref<?xf64>
    memref.dealloc %h4 : memref<?xf64>
    gpu.dealloc %d : memref<?xf64>
    gpu.dealloc %out : memref<?xf64>
    %xy = arith.addf %x, %y : f64
    %zw = arith.addf %z, %w : f64
    %s = arith.addf %xy, %zw : f64
    return %s : f64
  }
  gpu.module @k {
    gpu.func @fill(%n: index, %x: memref<?xf64>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %t = gpu.thread_id x
      %ok = arith.cmpi ult, %t, %n : index
      scf.if %ok {
        %ti = arith.index_cast %t : index to i64
        %v = arith.sitofp %ti : i64 to f64
        memref.store %v, %x[%t] : memref<?xf64>
      }
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
