// SSA value errors: undeclared names, redefinitions, and uses whose type disagrees with the
// definition or with other uses.
// RUN: tail-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect
// Without -verify-diagnostics: exit status 1 and one error per expected error.
// RUN: not tail-opt %s -split-input-file --allow-unregistered-dialect 2>&1 | grep -c ': error: ' > %t.count
// RUN: grep -c 'expected[-]error' %s | diff - %t.count

func.func @undeclared() {
  // expected-error@+1 {{use of undeclared SSA value name}}
  "test.use"(%nope) : (i32) -> ()
  return
}

// -----

// A forward reference that is never defined.
func.func @never_defined() {
  // expected-error@+1 {{use of undeclared SSA value name}}
  "test.use"(%later) : (i32) -> ()
  return
}

// -----

// expected-note@+1 {{previously defined here}}
%0 = "test.a"() : () -> i32
// expected-error@+1 {{redefinition of SSA value '%0'}}
%0 = "test.a"() : () -> i32

// -----

// expected-note@+1 {{previously defined here}}
func.func @redefine_arg(%a: i32) {
  // expected-error@+1 {{redefinition of SSA value '%a'}}
  %a = "test.x"() : () -> i32
  return
}

// -----

// expected-note@+2 {{previously referenced here}}
// expected-error@+1 {{region entry argument '%a' is already in use}}
func.func @duplicate_arg(%a: i32, %a: i32) {
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @type_mismatch_with_definition(%a: i32) -> i32 {
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'i64' vs 'i32'}}
  %0 = "arith.addi"(%a, %a) : (i32, i64) -> i32
  return %0 : i32
}

// -----

func.func @type_mismatch_custom_form(%a: i32) {
  // expected-note@+1 {{prior use here}}
  %0 = arith.addi %a, %a : i32
  // expected-error@+1 {{use of value '%0' expects different type than prior uses: 'i64' vs 'i32'}}
  %1 = arith.addi %0, %0 : i64
  return
}

// -----

// Two forward references to one value with different types.
func.func @forward_type_mismatch() {
  "test.br"()[^bb1] : () -> ()
^bb2:
  // expected-note@+1 {{prior use here}}
  "test.use"(%v) : (i32) -> ()
  // expected-error@+1 {{use of value '%v' expects different type than prior uses: 'f32' vs 'i32'}}
  "test.use"(%v) : (f32) -> ()
  return
^bb1:
  %v = "test.def"() : () -> i32
  "test.br"()[^bb2] : () -> ()
}

// -----

func.func @operand_type_count(%a: i32) {
  // expected-error@+1 {{expected 1 operand type but had 2}}
  "test.x"(%a) : (i32, i32) -> ()
  return
}
