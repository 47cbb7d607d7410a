// The tail-to-cpu pipeline (tail-to-gpu, convert-gpu-to-cpu, canonicalize, cse) takes an APL
// program to host code that runs the same kernels; tailc runs it with the same output as the
// tail interpreter.
// RUN: tailc run --after=tail-to-cpu %S/../../Frontend/APL/programs/integral.apl | FileCheck %s --check-prefix=INTEGRAL
// RUN: tailc run --after=tail-to-cpu %S/../../Frontend/APL/programs/signal.apl | FileCheck %s --check-prefix=SIGNAL
// RUN: tail-translate --apl-to-tail %S/../../Frontend/APL/programs/integral.apl | tail-opt --tail-to-cpu | FileCheck %s
// INTEGRAL: [](3.14159273692)
// SIGNAL: [](6040.80308231)

// integral.apl: two kernels (the two steps of one block reduction, the map fused into its
// load), two launches.
// CHECK:     module {
// CHECK:       func.func @main() -> f64 {
// CHECK-COUNT-2: scf.parallel
// CHECK-NOT:     scf.parallel
// CHECK:         return
// CHECK:       func.func @main_k0_cpu
// CHECK:       func.func @main_k1_cpu
// CHECK-NOT:   func.func @main_k2_cpu
// CHECK-NOT: gpu.
// CHECK-NOT: tail.
