// Errors are located, and -o writes no file on error.
// RUN: not tail-translate --emit=ptx %S/Inputs/parse-error.mlir -o %t.ptx 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PARSE
// RUN: not test -e %t.ptx
// RUN: not tail-translate --emit=ptx %S/Inputs/no-gpu-module.mlir 2>&1 | FileCheck %s --check-prefix=NOGPU
// RUN: not tail-translate --emit=llvm %S/Inputs/unlowerable.mlir -o %t.ll 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PASS
// RUN: not test -e %t.ll
// RUN: not tail-translate --emit=ptx --chip=sm_70 %S/map-add.mlir 2>&1 | FileCheck %s --check-prefix=CHIP

// PARSE:      parse-error.mlir:5:25: error: expected ','
// PARSE-NEXT: {{^}}      %s = arith.addf %x : f32
// PARSE-NEXT: {{^}}                        ^
// PARSE:      tail-translate: error: failed to parse the MLIR input

// NOGPU: tail-translate: error: the input contains no gpu.module

// PASS: unlowerable.mlir:{{[0-9]+}}:{{[0-9]+}}: error:
// PASS: tail-translate: error: pass pipeline failed: builtin.module(nvvm-attach-target

// CHIP: tail-translate: unknown chip 'sm_70' (expected sm_80 or sm_90)
