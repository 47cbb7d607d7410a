// `--mlir-timing` prints an execution time report to stderr: total time, then one line per
// pass (nested pipelines indented under `'func.func' Pipeline`), `Rest` and `Total`.
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-timing 2>%t.err | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s < %t.err
// Without a pipeline there are no passes to report, but the flag is accepted.
// RUN: tail-opt %s --mlir-timing -o /dev/null
// Without the flag there is no report.
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(cse))' 2>&1 >/dev/null | count 0

// IR-LABEL: func.func @f
// IR-NOT:   Execution time report

// CHECK:      ===-------------------------------------------------------------------------===
// CHECK-NEXT:                          ... Execution time report ...
// CHECK-NEXT: ===-------------------------------------------------------------------------===
// CHECK-NEXT:   Total Execution Time: {{[0-9]+\.[0-9]+}} seconds
// CHECK-EMPTY:
// CHECK-NEXT:   ----Wall Time----  ----Name----
// CHECK-NEXT:     {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  'func.func' Pipeline
// CHECK-NEXT:     {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)    Canonicalizer
// CHECK-NEXT:     {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)    CSE
// CHECK-NEXT:     {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  SymbolDCE
// CHECK-NEXT:     {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  Rest
// CHECK-NEXT:     {{[0-9]+\.[0-9]+}} (100.0%)  Total

func.func @f(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  %1 = arith.muli %a, %a : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}
func.func private @unused() {
  return
}
