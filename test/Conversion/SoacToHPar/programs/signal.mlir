// The benchmark program signal.apl through tail-to-gpu: 2 kernels (2 block-tree): the
// samples `100|7×⍳n` are computed where the reduction reads them (no buffer).
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/signal.apl | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt),convert-soac-to-hpar)' | FileCheck %s --check-prefix=HPAR
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/signal.apl | tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' | FileCheck %s
// HPAR-COUNT-2: tail.par =
// HPAR-NOT: tail.par =
// CHECK: func.func @main
// CHECK-COUNT-2: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.module @tail_kernels
// CHECK-COUNT-2: gpu.func @main_k
// CHECK-NOT: gpu.func
