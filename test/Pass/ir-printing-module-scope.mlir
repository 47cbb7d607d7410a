// `--mlir-print-ir-module-scope` prints the whole top-level module in every dump; the header
// names the op the pass ran on.
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' --mlir-print-ir-after-all --mlir-print-ir-module-scope 2>&1 >/dev/null | FileCheck %s

// After CSE on @f, the dump shows the module with @f changed and @g not yet processed.
// CHECK:      // -----// IR Dump After CSE (cse) ('func.func' operation: @f) //----- //
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT:     %0 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:     return %0, %0 : i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @g(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT:     %0 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:     %1 = arith.muli %arg0, %arg0 : i32
// CHECK:      // -----// IR Dump After CSE (cse) ('func.func' operation: @g) //----- //
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f(
// CHECK:        func.func private @g(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT:     %0 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:     return %0, %0 : i32, i32
// CHECK:      // -----// IR Dump After SymbolDCE (symbol-dce) ('builtin.module' operation) //----- //
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f(
// CHECK-NOT:    func.func private @g
// CHECK-NOT:  IR Dump

func.func @f(%a: i32) -> (i32, i32) {
  %0 = arith.muli %a, %a : i32
  %1 = arith.muli %a, %a : i32
  return %0, %1 : i32, i32
}
func.func private @g(%a: i32) -> (i32, i32) {
  %0 = arith.muli %a, %a : i32
  %1 = arith.muli %a, %a : i32
  return %0, %1 : i32, i32
}
