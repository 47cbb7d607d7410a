// The benchmark program life.apl through tail-to-gpu: 7 kernels (4 block-tree, 3 grid-thread).
// The generations (⍣) are a host scf.for launching two kernels per step.
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/life.apl | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt),convert-soac-to-hpar)' | FileCheck %s --check-prefix=HPAR
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/life.apl | tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' | FileCheck %s
// HPAR-COUNT-7: tail.par =
// HPAR-NOT: tail.par =
// CHECK: func.func @main
// CHECK-COUNT-3: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: scf.for
// CHECK-COUNT-2: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: scf.yield
// CHECK-COUNT-2: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.module @tail_kernels
// CHECK-COUNT-7: gpu.func @main_k
// CHECK-NOT: gpu.func
