// tail-opt reports parse and verifier errors with upstream MLIR's wording: this file passes
// -verify-diagnostics with both tools.
// REQUIRES: mlir-opt
// RUN: tail-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect
// Without -verify-diagnostics: exit status 1 and one error per expected error.
// RUN: not tail-opt %s -split-input-file --allow-unregistered-dialect 2>&1 | grep -c ': error: ' > %t.count
// RUN: grep -c 'expected[-]error' %s | diff - %t.count
// RUN: mlir-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

func.func @undeclared() {
  // expected-error@+1 {{use of undeclared SSA value name}}
  "foo.use"(%nope) : (i32) -> ()
  return
}

// -----

// expected-note@+1 {{previously defined here}}
func.func @redefinition(%a: i32) {
  // expected-error@+1 {{redefinition of SSA value '%a'}}
  %a = "foo.def"() : () -> i32
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @type_mismatch(%a: i32) -> i32 {
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'i64' vs 'i32'}}
  %0 = "arith.addi"(%a, %a) : (i32, i64) -> i32
  return %0 : i32
}

// -----

func.func @result_count() {
  // expected-error@+1 {{operation defines 2 results but was provided 1 to bind}}
  %0 = "foo.x"() : () -> (i32, i32)
  return
}

// -----

func.func @operand_count(%a: i32) -> i32 {
  // expected-error@+1 {{'arith.addi' op expected 2 operands, but found 3}}
  %0 = "arith.addi"(%a, %a, %a) : (i32, i32, i32) -> i32
  return %0 : i32
}

// -----

func.func @missing_attr() {
  // expected-error@+1 {{'arith.constant' op requires attribute 'value'}}
  %0 = "arith.constant"() : () -> i32
  return
}

// -----

func.func @return_type(%a: i32) -> i64 {
  // expected-error@+1 {{type of return operand 0 ('i32') doesn't match function result type ('i64') in function @return_type}}
  return %a : i32
}

// -----

func.func @dominance() -> i32 {
  // expected-error@+1 {{operand #0 does not dominate this use}}
  %0 = arith.addi %1, %1 : i32
  // expected-note@+1 {{operand defined here}}
  %1 = arith.constant 1 : i32
  return %0 : i32
}

// -----

func.func @no_terminator() {
  // expected-error@+1 {{block with no terminator}}
  %c = arith.constant 1 : i32
}

// -----

func.func @terminator_not_last() {
  // expected-error@+1 {{'func.return' op must be the last operation in the parent block}}
  "func.return"() : () -> ()
  "func.return"() : () -> ()
}

// -----

func.func @successors_mid_block() {
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  "foo.br"()[^bb1] : () -> ()
  "func.return"() : () -> ()
^bb1:
  return
}

// -----

func.func @undefined_block() {
  // expected-error@+1 {{reference to an undefined block}}
  "foo.br"()[^missing] : () -> ()
^bb1:
  return
}

// -----

// expected-error@+1 {{entry block of region may not have predecessors}}
func.func @branch_to_entry() {
^entry:
  "foo.br"()[^entry] : () -> ()
}

// -----

func.func @return_successor() {
  // expected-error@+1 {{'func.return' op requires 0 successors but found 1}}
  "func.return"()[^bb1] : () -> ()
^bb1:
  return
}

// -----

// expected-note@+1 {{see existing symbol definition here}}
func.func private @f()
// expected-error@+1 {{redefinition of symbol named 'f'}}
func.func private @f()

// -----

// expected-error@+1 {{expected non-function type}}
"foo.t"() {a = tensor<4xfoo>} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"foo.t"() {a = 256 : i8} : () -> ()

// -----

// expected-error@+1 {{expected '"' in string literal}}
"foo.t"() {s = "abc} : () -> ()

// -----

// expected-error@+1 {{custom op 'arith.bogus' is unknown}}
%0 = arith.bogus : i32

// -----

!a = i32
// expected-error@+1 {{redefinition of type alias id 'a'}}
!a = i64

// -----

// expected-error@+1 {{duplicate key 'a' in dictionary attribute}}
"foo.t"() {a = {a = 1, a = 2}} : () -> ()
