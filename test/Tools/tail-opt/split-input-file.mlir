// `-split-input-file` processes each `// -----` chunk on its own (own context: symbols,
// aliases and value names do not leak between chunks) and joins the outputs with `// -----`.
// Diagnostics keep the line numbers of the whole file, and every failing chunk is reported.
// RUN: tail-opt %s -split-input-file | FileCheck %s
// RUN: printf 'func.func @ok() {\n  return\n}\n// -----\nfunc.func @e1() {\n  return %%%%x : i32\n}\n// -----\nfunc.func @ok() {\n  return\n}\n// -----\n!t = i32\nfunc.func private @e2(!u)\n' > %t.bad.mlir
// RUN: not tail-opt %t.bad.mlir -split-input-file 2>&1 | FileCheck %s --check-prefix=ERRS
// Without the flag the markers are ordinary comments, and the aliases clash.
// RUN: not tail-opt %s 2>&1 | FileCheck %s --check-prefix=NOSPLIT

// CHECK:      module {
// CHECK-NEXT:   func.func @same() -> i32 {
// CHECK-NEXT:     %0 = arith.constant 1 : i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @same() -> i64 {
// CHECK-NEXT:     %0 = arith.constant 2 : i64
// CHECK-NEXT:     return %0 : i64
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT: }
// CHECK-NOT:  {{.}}

// ERRS-DAG: bad.mlir:6:10: error: use of undeclared SSA value name
// ERRS-DAG: bad.mlir:14:23: error: undefined symbol alias id 'u'

// NOSPLIT: split-input-file.mlir:42:1: error: redefinition of type alias id 't'

!t = i32
func.func @same() -> !t {
  %c = arith.constant 1 : !t
  return %c : !t
}

// -----

// The alias !t of the first chunk is not visible here: !t is redefined.
!t = i64
func.func @same() -> !t {
  %c = arith.constant 2 : !t
  return %c : !t
}

// -----
