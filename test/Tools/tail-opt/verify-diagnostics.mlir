// `-verify-diagnostics` checks the diagnostics against `expected-error`/`-note`/`-warning`
// comments (`@+N`, `@-N`, or the same line) and exits 0 only if every expected diagnostic is
// produced and no other is. Mismatches are reported as located errors, exit status 1.
// RUN: split-file %s %t

// Matching expectations, in every placement.
// RUN: tail-opt %t/match.mlir -split-input-file -verify-diagnostics

// An expected error that is not produced.
// RUN: not tail-opt %t/missing.mlir -verify-diagnostics 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: missing.mlir:1:4: error: expected error "this is never produced" was not produced
// MISSING-NEXT: // expected-error@+1 {{[{][{]}}this is never produced}}
// MISSING-NEXT: {{^   \^$}}

// An error that is not expected.
// RUN: not tail-opt %t/unexpected.mlir -verify-diagnostics 2>&1 | FileCheck %s --check-prefix=UNEXPECTED
// UNEXPECTED: unexpected.mlir:2:3: error: unexpected error: type of return operand 0 ('i32') doesn't match function result type ('i64') in function @f

// The wrong text, and the wrong line: both the unexpected and the missing diagnostic are
// reported.
// RUN: not tail-opt %t/wrong.mlir -split-input-file -verify-diagnostics 2>&1 | FileCheck %s --check-prefix=WRONG
// WRONG-DAG: wrong.mlir:3:3: error: unexpected error: type of return operand 0
// WRONG-DAG: wrong.mlir:2:6: error: expected error "wrong text" was not produced
// WRONG-DAG: wrong.mlir:8:3: error: unexpected error: type of return operand 0
// WRONG-DAG: wrong.mlir:7:6: error: expected error "doesn't match function result type" was not produced

// An expected note that is not produced.
// RUN: not tail-opt %t/note.mlir -verify-diagnostics 2>&1 | FileCheck %s --check-prefix=NOTE
// NOTE: note.mlir:3:6: error: expected note "no such note" was not produced

// Without errors and without expectations, the IR is printed.
// RUN: tail-opt %t/clean.mlir -verify-diagnostics | FileCheck %s --check-prefix=CLEAN
// CLEAN: func.func @clean

//--- match.mlir
func.func @f(%a: i32) -> i64 {
  return %a : i32 // expected-error {{doesn't match function result type}}
}
// -----
func.func @g(%a: i32) -> i64 {
  return %a : i32
  // expected-error@-1 {{doesn't match function result type}}
}
// -----
// expected-error@+2 {{use of undeclared SSA value name}}
func.func @h() {
  return %x : i32
}
// -----
func.func @dominance() -> i32 {
  // expected-error@+1 {{does not dominate this use}}
  %0 = arith.addi %1, %1 : i32
  %1 = arith.constant 1 : i32 // expected-note {{operand defined here}}
  return %0 : i32
}

//--- missing.mlir
// expected-error@+1 {{this is never produced}}
func.func @ok() {
  return
}

//--- unexpected.mlir
func.func @f(%a: i32) -> i64 {
  return %a : i32
}

//--- wrong.mlir
func.func @f(%a: i32) -> i64 {
  // expected-error@+1 {{wrong text}}
  return %a : i32
}
// -----
func.func @g(%a: i32) -> i64 {
  // expected-error@+2 {{doesn't match function result type}}
  return %a : i32
}

//--- note.mlir
func.func @f(%a: i32) -> i64 {
  // expected-error@+2 {{doesn't match function result type}}
  // expected-note@+1 {{no such note}}
  return %a : i32
}

//--- clean.mlir
func.func @clean() {
  return
}
