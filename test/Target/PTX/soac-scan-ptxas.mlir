// The scan kernels of soac-scan.mlir pass ptxas for sm_90.
// REQUIRES: ptxas
// RUN: tail-opt %S/soac-scan.mlir --pass-pipeline='builtin.module(soac-to-gpu)' | tail-translate --emit=ptx - -o %t.ptx
// RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
