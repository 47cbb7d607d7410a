// `--mlir-pass-statistics` prints each pass's statistics (summed over every op the pass ran
// on) to stderr, nested like the pipeline, after the passes ran.
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s
// Without the flag there is no report.
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' 2>&1 >/dev/null | count 0

// CHECK:      ===-------------------------------------------------------------------------===
// CHECK-NEXT:                          ... Pass statistics report ...
// CHECK-NEXT: ===-------------------------------------------------------------------------===
// CHECK-NEXT: 'func.func' Pipeline
// CHECK-NEXT:   Canonicalizer
// CHECK-NEXT:     (S) {{[1-9][0-9]*}} num-ops-{{[a-z-]+}} - {{.+}}
// Two duplicated multiplications, one in each function.
// CHECK-NEXT:   CSE
// CHECK-NEXT:     (S) 2 num-cse'd - Number of operations CSE'd
// CHECK-NEXT:     (S) 0 num-dce'd - Number of operations DCE'd
// Only the private @unused is dead.
// CHECK-NEXT: SymbolDCE
// CHECK-NEXT:   (S) 1 num-dce'd - Number of symbols DCE'd

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.muli %0, %0 : i32
  %2 = arith.muli %0, %0 : i32
  %3 = arith.addi %1, %2 : i32
  return %3 : i32
}
func.func @g(%a: i32) -> (i32, i32) {
  %0 = arith.muli %a, %a : i32
  %1 = arith.muli %a, %a : i32
  return %0, %1 : i32, i32
}
func.func private @unused() {
  return
}
