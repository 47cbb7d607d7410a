// The entries of the FCL micro-benchmarks (test/bench/fcl) compile through hpar-to-gpu to PTX
// that ptxas accepts for sm_90, with the kernel counts of thesis Tables 5.1 and 5.2: one
// kernel for reverse, transpose, partial reduction and matmul, three for the scan; the full
// reduction has the two of its grid-level while (the partial reduction before the loop and in
// its body) and a one-thread kernel reading its result's element.
// REQUIRES: ptxas
// RUN: tail-translate --fcl-to-hpar %S/../../bench/fcl/reverse.fcl | tail-opt --pass-pipeline='builtin.module(hpar-to-gpu)' | tail-translate --emit=ptx - -o %t.reverse.ptx
// RUN: ptxas -arch=sm_90 %t.reverse.ptx -o %t.reverse.cubin
// RUN: FileCheck %s --check-prefix=ONE < %t.reverse.ptx
// RUN: tail-translate --fcl-to-hpar %S/../../bench/fcl/transpose.fcl | tail-opt --pass-pipeline='builtin.module(hpar-to-gpu)' | tail-translate --emit=ptx - -o %t.transpose.ptx
// RUN: ptxas -arch=sm_90 %t.transpose.ptx -o %t.transpose.cubin
// RUN: FileCheck %s --check-prefix=ONE < %t.transpose.ptx
// RUN: tail-translate --fcl-to-hpar %S/../../bench/fcl/reduce_partial.fcl | tail-opt --pass-pipeline='builtin.module(hpar-to-gpu)' | tail-translate --emit=ptx - -o %t.partial.ptx
// RUN: ptxas -arch=sm_90 %t.partial.ptx -o %t.partial.cubin
// RUN: FileCheck %s --check-prefix=ONE < %t.partial.ptx
// RUN: tail-translate --fcl-to-hpar %S/../../bench/fcl/matmul.fcl | tail-opt --pass-pipeline='builtin.module(hpar-to-gpu)' | tail-translate --emit=ptx - -o %t.matmul.ptx
// RUN: ptxas -arch=sm_90 %t.matmul.ptx -o %t.matmul.cubin
// RUN: FileCheck %s --check-prefix=ONE < %t.matmul.ptx
// RUN: tail-translate --fcl-to-hpar %S/../../bench/fcl/reduce_full.fcl | tail-opt --pass-pipeline='builtin.module(hpar-to-gpu)' | tail-translate --emit=ptx - -o %t.full.ptx
// RUN: ptxas -arch=sm_90 %t.full.ptx -o %t.full.cubin
// RUN: FileCheck %s --check-prefix=THREE < %t.full.ptx
// RUN: tail-translate --fcl-to-hpar %S/../../bench/fcl/scan.fcl | tail-opt --pass-pipeline='builtin.module(hpar-to-gpu)' | tail-translate --emit=ptx - -o %t.scan.ptx
// RUN: ptxas -arch=sm_90 %t.scan.ptx -o %t.scan.cubin
// RUN: FileCheck %s --check-prefix=THREE < %t.scan.ptx

// ONE:       .entry main_k0(
// ONE-NOT:   .entry
// THREE:     .entry main_k0(
// THREE:     .entry main_k1(
// THREE:     .entry main_k2(
// THREE-NOT: .entry
