// A failing pass makes tail-opt exit with status 1 and print no output; its error is located
// at the op it ran on. `--mlir-print-ir-after-failure` prints the IR the failing pass left,
// under `// -----// IR Dump After <Pass> Failed (<argument>) //----- //`.
// symbol-dce fails on a func.func because a function is not a symbol table.
// RUN: not tail-opt %s --pass-pipeline='builtin.module(func.func(cse,symbol-dce))' --mlir-print-ir-after-failure 2>&1 | FileCheck %s
// RUN: not tail-opt %s --pass-pipeline='builtin.module(func.func(cse,symbol-dce))' 2>&1 | FileCheck %s --check-prefix=NODUMP
// RUN: rm -f %t.out
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(cse,symbol-dce))' -o %t.out 2>/dev/null; test $? -eq 1
// RUN: not test -e %t.out

// CHECK:      // -----// IR Dump After SymbolDCE Failed (symbol-dce) //----- //
// CHECK-NEXT: func.func @f(%arg0: i32) -> i32 {
// The IR is the one CSE produced.
// CHECK-NEXT:   %0 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:   %1 = arith.addi %0, %0 : i32
// CHECK:      ir-printing-after-failure.mlir:[[# @LINE + 4]]:1: error: 'func.func' op was scheduled to run under SymbolDCE, but does not define a symbol table
// CHECK-NOT:  module {

// NODUMP-NOT: IR Dump
func.func @f(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  %1 = arith.muli %a, %a : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}
