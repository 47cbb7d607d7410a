// The kernels of a grid-level while whose condition reads an element of the current array
// (test/Conversion/HParToGPU/grid-while.mlir) compile to PTX that ptxas accepts for sm_90:
// the initial array's kernel, the condition's one-thread element copy, the body's kernel and
// the copy of the result's element.
// REQUIRES: ptxas
// RUN: tail-opt %S/../../Conversion/HParToGPU/grid-while.mlir --pass-pipeline='builtin.module(hpar-to-gpu)' | tail-translate --emit=ptx - -o %t.ptx
// RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: FileCheck %s < %t.ptx

// CHECK:     .entry main_k0(
// CHECK:     .entry main_k1(
// CHECK:     .maxntid 1, 1, 1
// CHECK:       ld.global.b32
// CHECK:       st.global.b32
// CHECK:       ret;
// CHECK:     .entry main_k2(
// CHECK:     .entry main_k3(
// CHECK-NOT: .entry
