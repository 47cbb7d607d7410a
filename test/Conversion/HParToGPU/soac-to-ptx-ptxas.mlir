// Every kernel of soac-to-ptx.mlir passes ptxas for sm_90.
// REQUIRES: ptxas
// RUN: tail-opt %S/soac-to-ptx.mlir --pass-pipeline='builtin.module(soac-to-gpu)' | tail-translate --emit=ptx - -o %t.ptx
// RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
