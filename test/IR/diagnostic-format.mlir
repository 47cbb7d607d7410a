// Diagnostics are rendered as `file:line:col: error: message`, followed by the source line
// and a caret under the column (tabs in the source line are kept so the caret lines up);
// notes follow the same format. Every error exits with status 1 and prints no IR.
// RUN: not tail-opt %s -split-input-file 2>&1 | FileCheck %s --strict-whitespace
// RUN: tail-opt %s -split-input-file > %t.out 2>&1; test $? -eq 1
// RUN: not grep -q 'func.func @' %t.out
// RUN: not grep -q panicked %t.out

// A parse error; the source line starts with a tab.
// CHECK: {{^.*}}diagnostic-format.mlir:[[# @LINE + 4]]:22: error: use of undeclared SSA value name{{$}}
// CHECK-NEXT: {{^}}	%0 = arith.addi %a, %b : i32{{$}}
// CHECK-NEXT: {{^}}	                    ^{{$}}
func.func @parse_error(%a: i32) -> i32 {
	%0 = arith.addi %a, %b : i32
  return %0 : i32
}

// -----

// A verifier error of a registered op.
// CHECK-NEXT: {{^.*}}diagnostic-format.mlir:[[# @LINE + 4]]:3: error: type of return operand 0 ('i32') doesn't match function result type ('i64') in function @verifier_error{{$}}
// CHECK-NEXT: {{^}}  return %a : i32{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
func.func @verifier_error(%a: i32) -> i64 {
  return %a : i32
}

// -----

// An error with a note.
// CHECK-NEXT: {{^.*}}diagnostic-format.mlir:[[# @LINE + 7]]:3: error: 'arith.addi' op operand #0 does not dominate this use{{$}}
// CHECK-NEXT: {{^}}  %0 = arith.addi %1, %1 : i32{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK-NEXT: {{^.*}}diagnostic-format.mlir:[[# @LINE + 5]]:3: note: operand defined here (op in the same block){{$}}
// CHECK-NEXT: {{^}}  %1 = arith.constant 1 : i32{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
func.func @with_note() {
  %0 = arith.addi %1, %1 : i32
  %1 = arith.constant 1 : i32
  return
}

// -----

// The error column is the offending token, not the start of the op.
// CHECK-NEXT: {{^.*}}diagnostic-format.mlir:[[# @LINE + 3]]:38: error: expected non-function type{{$}}
// CHECK-NEXT: {{^}}func.func private @bad_type(tensor<4xfoo>){{$}}
// CHECK-NEXT: {{^}}                                     ^{{$}}
func.func private @bad_type(tensor<4xfoo>)

// -----

// A missing `}` at the end of the input: the error is at the end of the last line.
// CHECK-NEXT: {{^.*}}diagnostic-format.mlir:[[# @LINE + 5]]:9: error: expected operation name in quotes{{$}}
// CHECK-NEXT: {{^}}  return{{$}}
// CHECK-NEXT: {{^}}        ^{{$}}
// CHECK-NOT: {{.}}
func.func @unterminated() {
  return
