// sobol_pi_bitmatrix.apl (the bit-matrix formulation of the Sobol benchmark) through tail-to-gpu: 12 kernels (1 block-row, 2 block-tree, 7 grid-thread, 2 thread-seq).
// The bit-matrix products are thread-seq programs: one thread per output element with a
// sequential loop over the contracted axis.
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/sobol_pi_bitmatrix.apl | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt),convert-soac-to-hpar)' | FileCheck %s --check-prefix=HPAR
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/sobol_pi_bitmatrix.apl | tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' | FileCheck %s
// HPAR-COUNT-12: tail.par =
// HPAR-NOT: tail.par =
// CHECK: func.func @main
// CHECK-COUNT-12: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.module @tail_kernels
// CHECK-COUNT-12: gpu.func @main_k
// CHECK-NOT: gpu.func
