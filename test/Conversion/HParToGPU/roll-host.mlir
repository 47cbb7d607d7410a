// RUN: tail-opt %S/../SoacToHPar/roll.mlir --pass-pipeline='builtin.module(soac-to-gpu)' | FileCheck %s

// Rolls stay on the host (see SoacToHPar/roll.mlir): the host loop is left as it is, its
// buffer is copied to the device like any host array, and no kernel holds a `tail` op.
// CHECK-LABEL: func.func @roll
// CHECK:         %[[B:.*]] = memref.alloc(%{{.*}}) : memref<?xf64>
// CHECK:         scf.for
// CHECK:           tail.roll
// CHECK:         %[[D:.*]] = gpu.alloc(%{{.*}}) : memref<?xf64>
// CHECK-NEXT:    gpu.memcpy %[[D]], %[[B]] : memref<?xf64>, memref<?xf64>
// CHECK:         gpu.launch_func @tail_kernels::@roll_k0 {{.*}} args({{.*}}%[[D]] : memref<?xf64>)
// CHECK:         gpu.launch_func @tail_kernels::@roll_k1
// CHECK:       gpu.module @tail_kernels
// CHECK-NOT:     tail.
// CHECK:         gpu.func @roll_k0(
