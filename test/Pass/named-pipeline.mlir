// The registered pipeline `simplify` is `canonicalize` followed by `cse`; it may be used
// wherever a pass may, and is expanded into its passes.
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(simplify))' | FileCheck %s
// RUN: tail-opt %s --pass-pipeline='builtin.module(simplify)' | FileCheck %s
// RUN: tail-opt %s --simplify | FileCheck %s
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(simplify))' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: tail-opt %s --simplify --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP-SHORT
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(simplify))' --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=ORDER

// DUMP:      Pass Manager with 1 passes:
// DUMP-NEXT: builtin.module(func.func(canonicalize{{[{].*[}]}},cse))
// DUMP-SHORT:      Pass Manager with 2 passes:
// DUMP-SHORT-NEXT: builtin.module(canonicalize{{[{].*[}]}},cse)

// ORDER:     IR Dump After Canonicalizer (canonicalize)
// ORDER-NOT: IR Dump After
// ORDER:     IR Dump After CSE (cse)

// The add of zero is folded by canonicalize, the duplicated multiplication removed by cse.
// CHECK-LABEL: func.func @f
// CHECK-SAME:    (%[[A:.*]]: i32)
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[M]], %[[M]] : i32
// CHECK-NEXT:    return %[[S]] : i32
func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.muli %0, %0 : i32
  %2 = arith.muli %0, %0 : i32
  %3 = arith.addi %1, %2 : i32
  return %3 : i32
}
