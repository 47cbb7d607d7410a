// The benchmark program blackscholes.apl through tail-to-gpu: 23 kernels.
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/blackscholes.apl | tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' | FileCheck %s
// CHECK: func.func @main
// CHECK-COUNT-23: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.module @tail_kernels
// CHECK-COUNT-23: gpu.func @main_k
// CHECK-NOT: gpu.func
