// `--mlir-print-ir-after-change` prints the IR only after the passes that changed it, either
// with `--mlir-print-ir-after-all` (as in MLIR) or alone.
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-print-ir-after-all --mlir-print-ir-after-change 2>&1 >/dev/null | FileCheck %s
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-print-ir-after-change 2>&1 >/dev/null | FileCheck %s

// Canonicalize and CSE change @f; they leave @unused alone; symbol-dce erases @unused.
// CHECK:      // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHECK-NEXT: func.func @f(
// CHECK:      // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: func.func @f(
// CHECK-NOT:  func.func private @unused
// CHECK:      // -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// CHECK-NEXT: module {
// CHECK-NOT:  IR Dump

// A pipeline that changes nothing prints nothing (the second run on the result of the first).
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' -o %t
// RUN: tail-opt %t --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' --mlir-print-ir-after-change 2>&1 >/dev/null | count 0

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.muli %0, %0 : i32
  %2 = arith.muli %0, %0 : i32
  %3 = arith.addi %1, %2 : i32
  return %3 : i32
}
func.func private @unused() {
  return
}
