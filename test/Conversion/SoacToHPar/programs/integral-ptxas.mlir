// The kernels of integral.apl compile to PTX that ptxas accepts for sm_90.
// REQUIRES: ptxas
// RUN: tail-translate --apl-to-tail %S/../../../Frontend/APL/programs/integral.apl | tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' | tail-translate --emit=ptx - -o %t.ptx
// RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: FileCheck %s < %t.ptx
// CHECK: .visible .entry main_k0
