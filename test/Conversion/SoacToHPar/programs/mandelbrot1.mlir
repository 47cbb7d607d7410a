// The benchmark program mandelbrot1.apl through tail-to-gpu: 4 kernels, as mandelbrot2.apl.
// The iteration (⍣) runs over whole 3×H×W arrays of planes, but each point's step reads only
// that point: soac-loop-interchange carries the three planes separately and then runs the
// loop inside the map over points, so the first kernel iterates each point in its thread
// (an scf.for carrying x, y and the count) and no host loop is left.
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/mandelbrot1.apl | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt),convert-soac-to-hpar)' | FileCheck %s --check-prefix=HPAR
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/mandelbrot1.apl | tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' | FileCheck %s
// HPAR-COUNT-4: tail.par =
// HPAR-NOT: tail.par =
// CHECK: func.func @main
// CHECK-NOT: scf.for
// CHECK-COUNT-4: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.module @tail_kernels
// CHECK: gpu.func @main_k0
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (f64, f64, f64)
// CHECK-COUNT-3: gpu.func @main_k
// CHECK-NOT: gpu.func
