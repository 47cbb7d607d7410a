// The kernels of test/Target/CPU/complex-kernels.apl (complex folds by rows, a power loop over
// a complex array, magnitudes through the gpu.module's hypot) pass ptxas for sm_90.
// REQUIRES: ptxas
// RUN: tail-translate --apl-to-ptx %S/../CPU/complex-kernels.apl -o %t.ptx
// RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: FileCheck %s --input-file=%t.ptx
// CHECK: .func {{.*}}hypot
// CHECK: sqrt.rn.f64
// CHECK: .entry
