// The kernels of test/Target/CPU/thread-scans.apl and thread-storage.apl (scans,
// compressions and power loops over arrays in a thread, in the thread's storage: a global
// buffer per launch given by gpu-thread-storage) pass ptxas for sm_90, and the storage is
// indexed thread-innermost (kernel 5, a scan of a matrix's rows). A scan that one reduction
// folds as it is computed (kernel 0) has no storage; a scan of a length computed in the
// thread (kernel 7) has none on the GPU either: its elements are folds, computed where they
// are read.
// REQUIRES: ptxas
// RUN: tail-translate --apl-to-ptx %S/../CPU/thread-scans.apl -o %t.ptx
// RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: tail-translate --apl-to-ptx %S/../CPU/thread-storage.apl -o %t2.ptx
// RUN: ptxas -arch=sm_90 %t2.ptx -o %t2.cubin
// RUN: tail-translate --apl-to-ptx --emit=mlir %S/../CPU/thread-scans.apl -o - | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK:         gpu.launch_func @tail_kernels::@main_k0 {{.*}} args(%{{[^:]*}} : memref<?xi32>)
// CHECK:         gpu.launch_func @tail_kernels::@main_k5 {{.*}} args(%{{.*}} : memref<?xi32>, %{{.*}} : index, %[[S:.*]] : memref<?xi32>)
// CHECK-NEXT:    gpu.dealloc %[[S]] : memref<?xi32>
// CHECK-LABEL: gpu.func @main_k0(%{{[^:]*}}: memref<?xi32>) kernel
// CHECK-NOT:     memref.alloca
// CHECK:         gpu.return
// CHECK-LABEL: gpu.func @main_k5(
// CHECK-NOT:     memref.alloca
// CHECK:         gpu.grid_dim x
// CHECK:         gpu.return
// CHECK-LABEL: gpu.func @main_k7(%{{[^:]*}}: memref<?xi32>) kernel
// CHECK-NOT:     memref.alloca
// CHECK:         gpu.return
