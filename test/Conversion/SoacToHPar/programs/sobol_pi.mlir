// The benchmark program sobol_pi.apl through tail-to-gpu: 7 kernels (2 block-tree, 3 grid-thread, 2 thread-seq).
// Each point's digits are never stored: the per-point sums (van der Corput, the XOR of the
// direction numbers) run in thread-seq programs, one thread per point with a sequential loop
// over the 30 digits, each digit a shift and a mask of the index.
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/sobol_pi.apl | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt),convert-soac-to-hpar)' | FileCheck %s --check-prefix=HPAR
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/sobol_pi.apl | tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' | FileCheck %s
// HPAR-COUNT-7: tail.par =
// HPAR-NOT: tail.par =
// CHECK: func.func @main
// CHECK-COUNT-7: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.module @tail_kernels
// CHECK-COUNT-7: gpu.func @main_k
// CHECK-NOT: gpu.func
