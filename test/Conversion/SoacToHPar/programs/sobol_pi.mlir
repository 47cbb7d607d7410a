// The benchmark program sobol_pi.apl through tail-to-gpu: 16 kernels. The bit-matrix products
// (B+.×w, B+.×M, …+.×w) are thread-seq programs: one thread per output element with a
// sequential redomap loop over the contracted axis.
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/sobol_pi.apl | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt),convert-soac-to-hpar)' | FileCheck %s --check-prefix=HPAR
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/sobol_pi.apl | tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' | FileCheck %s
// HPAR: {tail.par = "thread-seq"}
// CHECK: func.func @main
// CHECK-COUNT-16: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.module @tail_kernels
// CHECK-COUNT-16: gpu.func @main_k
// CHECK-NOT: gpu.func
