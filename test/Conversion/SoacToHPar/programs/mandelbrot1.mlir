// The benchmark program mandelbrot1.apl through tail-to-gpu: 8 kernels (1 block-row, 2 block-tree, 5 grid-thread).
// The iteration (⍣) is a host scf.for launching four kernels per step (the three result
// planes of one map are one kernel each, then their concatenation).
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/mandelbrot1.apl | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt),convert-soac-to-hpar)' | FileCheck %s --check-prefix=HPAR
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/mandelbrot1.apl | tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' | FileCheck %s
// HPAR-COUNT-8: tail.par =
// HPAR-NOT: tail.par =
// CHECK: func.func @main
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: scf.for
// CHECK-COUNT-4: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: scf.yield
// CHECK-COUNT-3: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.module @tail_kernels
// CHECK-COUNT-8: gpu.func @main_k
// CHECK-NOT: gpu.func
