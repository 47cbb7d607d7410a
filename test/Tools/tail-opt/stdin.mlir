// The input is read from stdin when it is `-` or missing; diagnostics then name `<stdin>`.
// RUN: tail-opt - < %s | FileCheck %s
// RUN: tail-opt < %s | FileCheck %s
// RUN: cat %s | tail-opt --mlir-print-op-generic | tail-opt - | FileCheck %s
// RUN: printf 'func.func @bad() {\n  return %%%%x : i32\n}\n' | not tail-opt 2>&1 | FileCheck %s --check-prefix=ERR
// Locations of ops read from stdin name `<stdin>` too.
// RUN: tail-opt - --mlir-print-debuginfo < %s | FileCheck %s --check-prefix=LOC

// CHECK-LABEL: func.func @from_stdin(%arg0: i32) -> i32 {
// CHECK-NEXT:    return %arg0 : i32
func.func @from_stdin(%a: i32) -> i32 {
  return %a : i32
}

// ERR:      <stdin>:2:10: error: use of undeclared SSA value name
// ERR-NEXT:   return %x : i32

// LOC: return %arg0 : i32 loc("<stdin>":[[# @LINE - 6]]:3)
