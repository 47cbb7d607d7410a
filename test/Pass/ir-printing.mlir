// IR printing instrumentation: `--mlir-print-ir-before-all` / `--mlir-print-ir-after-all`
// print `// -----// IR Dump Before|After <PassName> (<argument>) //----- //` and the op the
// pass ran on (each function for a function pass, the module for a module pass) to stderr,
// in pipeline order, between the passes' effects.
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-print-ir-after-all 2>&1 >/dev/null | FileCheck %s --check-prefix=AFTER
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-print-ir-before-all 2>&1 >/dev/null | FileCheck %s --check-prefix=BEFORE
// The final IR still goes to stdout, without dump headers.
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-print-ir-after-all --mlir-print-ir-before-all 2>/dev/null | FileCheck %s --check-prefix=STDOUT

// AFTER:      // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// AFTER-NEXT: func.func @f(%arg0: i32) -> i32 {
// AFTER-NEXT:   %0 = arith.muli %arg0, %arg0 : i32
// AFTER-NEXT:   %1 = arith.muli %arg0, %arg0 : i32
// AFTER-NEXT:   %2 = arith.addi %0, %1 : i32
// AFTER-NEXT:   return %2 : i32
// AFTER-NEXT: }
// AFTER-EMPTY:
// AFTER-NEXT: // -----// IR Dump After CSE (cse) //----- //
// AFTER-NEXT: func.func @f(%arg0: i32) -> i32 {
// AFTER-NEXT:   %0 = arith.muli %arg0, %arg0 : i32
// AFTER-NEXT:   %1 = arith.addi %0, %0 : i32
// AFTER-NEXT:   return %1 : i32
// AFTER-NEXT: }
// AFTER:      // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// AFTER-NEXT: func.func private @unused() {
// AFTER:      // -----// IR Dump After CSE (cse) //----- //
// AFTER-NEXT: func.func private @unused() {
// AFTER:      // -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// AFTER-NEXT: module {
// AFTER-NEXT:   func.func @f(%arg0: i32) -> i32 {
// AFTER-NOT:    @unused
// AFTER:      }
// AFTER-NOT:  IR Dump

// BEFORE:      // -----// IR Dump Before Canonicalizer (canonicalize) //----- //
// BEFORE-NEXT: func.func @f(%arg0: i32) -> i32 {
// BEFORE-NEXT:   %0 = arith.constant 0 : i32
// BEFORE:      // -----// IR Dump Before CSE (cse) //----- //
// BEFORE-NEXT: func.func @f(%arg0: i32) -> i32 {
// BEFORE-NEXT:   %0 = arith.muli %arg0, %arg0 : i32
// BEFORE-NEXT:   %1 = arith.muli %arg0, %arg0 : i32
// BEFORE:      // -----// IR Dump Before Canonicalizer (canonicalize) //----- //
// BEFORE-NEXT: func.func private @unused() {
// BEFORE:      // -----// IR Dump Before CSE (cse) //----- //
// BEFORE-NEXT: func.func private @unused() {
// BEFORE:      // -----// IR Dump Before SymbolDCE (symbol-dce) //----- //
// BEFORE-NEXT: module {
// BEFORE:        func.func private @unused() {
// BEFORE-NOT:  IR Dump

// STDOUT-NOT:  IR Dump
// STDOUT:      module {
// STDOUT-NEXT:   func.func @f
// STDOUT-NOT:  IR Dump

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
