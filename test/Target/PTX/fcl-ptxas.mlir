// The thesis's FCL programs (test/Frontend/FCL) compile through hpar-to-gpu to PTX that
// ptxas accepts for sm_90: the transpose is one kernel with its tile in shared memory, the
// reduction one kernel whose loop halves the block's array between barriers (the full
// reduction three: before its grid-level while, in its body, and reading its result), the scan three
// kernels, matmul one kernel with both tiles in shared memory, the reversal one kernel.
// REQUIRES: ptxas
// RUN: tail-translate --fcl-to-hpar %S/../../Frontend/FCL/transpose.fcl | tail-opt --pass-pipeline='builtin.module(hpar-to-gpu)' | tail-translate --emit=ptx - -o %t.transpose.ptx
// RUN: ptxas -arch=sm_90 %t.transpose.ptx -o %t.transpose.cubin
// RUN: FileCheck %s --check-prefix=TRANSPOSE < %t.transpose.ptx
// RUN: tail-translate --fcl-to-hpar %S/../../Frontend/FCL/reduce.fcl | tail-opt --pass-pipeline='builtin.module(hpar-to-gpu)' | tail-translate --emit=ptx - -o %t.reduce.ptx
// RUN: ptxas -arch=sm_90 %t.reduce.ptx -o %t.reduce.cubin
// RUN: FileCheck %s --check-prefix=REDUCE < %t.reduce.ptx
// RUN: tail-translate --fcl-to-hpar %S/../../Frontend/FCL/reduce.fcl --entry full | tail-opt --pass-pipeline='builtin.module(hpar-to-gpu)' | tail-translate --emit=ptx - -o %t.full.ptx
// RUN: ptxas -arch=sm_90 %t.full.ptx -o %t.full.cubin
// RUN: FileCheck %s --check-prefix=FULL < %t.full.ptx
// RUN: tail-translate --fcl-to-hpar %S/../../Frontend/FCL/scan.fcl | tail-opt --pass-pipeline='builtin.module(hpar-to-gpu)' | tail-translate --emit=ptx - -o %t.scan.ptx
// RUN: ptxas -arch=sm_90 %t.scan.ptx -o %t.scan.cubin
// RUN: FileCheck %s --check-prefix=SCAN < %t.scan.ptx
// RUN: tail-translate --fcl-to-hpar %S/../../Frontend/FCL/matmul.fcl | tail-opt --pass-pipeline='builtin.module(hpar-to-gpu)' | tail-translate --emit=ptx - -o %t.matmul.ptx
// RUN: ptxas -arch=sm_90 %t.matmul.ptx -o %t.matmul.cubin
// RUN: FileCheck %s --check-prefix=MATMUL < %t.matmul.ptx
// RUN: tail-translate --fcl-to-hpar %S/../../Frontend/FCL/reverse.fcl | tail-opt --pass-pipeline='builtin.module(hpar-to-gpu)' | tail-translate --emit=ptx - -o %t.reverse.ptx
// RUN: ptxas -arch=sm_90 %t.reverse.ptx -o %t.reverse.cubin
// RUN: FileCheck %s --check-prefix=REVERSE < %t.reverse.ptx

// TRANSPOSE-COUNT-1: .visible .entry
// TRANSPOSE-NOT:     .visible .entry
// TRANSPOSE:         .shared .align {{[0-9]+}} .b8 {{.*}}[8192];
// TRANSPOSE:         st.shared.b64
// TRANSPOSE:         bar.sync {{[[:space:]]*}}0;
// TRANSPOSE:         ld.shared.b64

// REDUCE-COUNT-1: .visible .entry
// REDUCE-NOT:     .visible .entry
// REDUCE:         ld.global
// REDUCE:         ld.global
// REDUCE:         add.s32
// REDUCE:         st.shared.b32
// REDUCE:         bar.sync {{[[:space:]]*}}0;

// The full reduction (entry `full`, a grid-level while): the partial reduction before the
// loop and in its body, and the one-thread copy of the result's element.
// FULL-COUNT-3: .visible .entry
// FULL-NOT:     .visible .entry

// SCAN-COUNT-3: .visible .entry
// SCAN-NOT:     .visible .entry

// MATMUL-COUNT-1: .visible .entry
// MATMUL-NOT:     .visible .entry
// MATMUL:         bar.sync {{[[:space:]]*}}0;
// MATMUL:         {{fma.rn.f64|mul.rn.f64}}

// REVERSE-COUNT-1: .visible .entry
// REVERSE-NOT:     .visible .entry
