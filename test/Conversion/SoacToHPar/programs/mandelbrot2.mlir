// The benchmark program mandelbrot2.apl through tail-to-gpu: 4 kernels. Each point's escape
// iteration (⍣ inside ¨) is an scf.for in its thread with the state x, y, count in registers:
// the point matrix (one thread per point) and its row sums (one thread per row, reading the
// point matrix) are thread-seq programs, then the two block-tree kernels of +/,K.
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/mandelbrot2.apl | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt),convert-soac-to-hpar)' | FileCheck %s --check-prefix=HPAR
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/mandelbrot2.apl | tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' | FileCheck %s
// HPAR-COUNT-2: {tail.par = "thread-seq"}
// HPAR-COUNT-2: {tail.par = "block-tree"}
// HPAR-NOT: tail.par
// CHECK: func.func @main
// CHECK-COUNT-4: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.module @tail_kernels
// CHECK: gpu.func @main_k
// CHECK: scf.for {{.*}} -> (f64, f64, f64)
// CHECK-COUNT-3: gpu.func @main_k
// CHECK-NOT: gpu.func
