// The benchmark program mandelbrot2.apl through tail-to-gpu: 4 kernels (2 block-tree, 2 thread-seq).
// Each point's escape iteration (⍣ inside ¨) is an scf.for inside its thread (thread-seq),
// the row sums read the point matrix; the grid of points is computed where it is read.
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/mandelbrot2.apl | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt),convert-soac-to-hpar)' | FileCheck %s --check-prefix=HPAR
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/mandelbrot2.apl | tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' | FileCheck %s
// HPAR-COUNT-4: tail.par =
// HPAR-NOT: tail.par =
// CHECK: func.func @main
// CHECK-COUNT-4: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.module @tail_kernels
// CHECK-COUNT-4: gpu.func @main_k
// CHECK-NOT: gpu.func
