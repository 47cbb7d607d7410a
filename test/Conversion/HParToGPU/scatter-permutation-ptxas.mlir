// The kernels of SoacToHPar/scatter-permutation.mlir (a permutation scatter of rows, and one
// program writing two permutation scatters with the same indices) pass ptxas for sm_90.
// REQUIRES: ptxas
// RUN: tail-opt %S/../SoacToHPar/scatter-permutation.mlir --pass-pipeline='builtin.module(soac-to-gpu)' | tail-translate --emit=ptx - -o %t.ptx
// RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: FileCheck %s < %t.ptx
// Five kernels: the two scatter programs and the three copies of the results' prefixes.
// CHECK-COUNT-5: .entry main_k{{[0-9]+}}(
// CHECK-NOT: .entry
