// The benchmark program life.apl through tail-to-gpu: 6 kernels (4 block-tree, 2 grid-thread).
// The generations (⍣) are a host scf.for launching one kernel per step: the vertical sums,
// read at three horizontal offsets, are recomputed there (soac-simplify's RotateThroughMap).
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/life.apl | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt),convert-soac-to-hpar)' | FileCheck %s --check-prefix=HPAR
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/life.apl | tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' | FileCheck %s
// HPAR-COUNT-6: tail.par =
// HPAR-NOT: tail.par =
// CHECK: func.func @main
// CHECK-COUNT-3: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: scf.for
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: scf.yield
// CHECK-COUNT-2: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.module @tail_kernels
// CHECK-COUNT-6: gpu.func @main_k
// CHECK-NOT: gpu.func
