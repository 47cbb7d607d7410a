// When the input is invalid (parse, verifier or pass error), `-o FILE` is not created, and an
// existing FILE is left untouched; the exit status is 1.
// RUN: rm -f %t.out
// RUN: not tail-opt %s -o %t.out 2>&1 | FileCheck %s
// RUN: not test -e %t.out
// RUN: tail-opt %s -o %t.out 2>/dev/null; test $? -eq 1
// RUN: not test -e %t.out

// With -split-input-file, one bad chunk is enough: nothing is written for the good ones.
// RUN: printf 'func.func @good() {\n  return\n}\n// -----\nfunc.func @bad() {\n  return %%%%x : i32\n}\n' > %t.split.mlir
// RUN: rm -f %t.out
// RUN: not tail-opt %t.split.mlir -split-input-file -o %t.out 2>&1 | FileCheck %s --check-prefix=SPLIT
// RUN: not test -e %t.out
// SPLIT: split.mlir:6:10: error: use of undeclared SSA value name

// A pass failure does not create the file either.
// RUN: printf 'func.func @f() {\n  return\n}\n' > %t.valid.mlir
// RUN: not tail-opt %t.valid.mlir --pass-pipeline='builtin.module(func.func(symbol-dce))' -o %t.out 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: not test -e %t.out
// PASS: error: 'func.func' op was scheduled to run under SymbolDCE, but does not define a symbol table

// An existing output file is not modified.
// RUN: echo previous > %t.keep
// RUN: not tail-opt %s -o %t.keep 2>/dev/null
// RUN: FileCheck %s --check-prefix=KEEP < %t.keep
// KEEP: previous

// No temporary file is left behind.
// RUN: ls %t.* | FileCheck %s --check-prefix=NOTMP
// NOTMP-NOT: tmp-tail-opt

// CHECK: output-file-on-error.mlir:[[# @LINE + 2]]:3: error: 'arith.addi' op requires the same type for all operands and results
func.func @bad(%a: i32, %b: i64) -> i32 {
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return %0 : i32
}
