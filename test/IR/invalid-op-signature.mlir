// Registered ops written in the generic form are checked against their definition: operand
// and result counts, required attributes, operand types.
// RUN: tail-opt %s -split-input-file -verify-diagnostics
// Without -verify-diagnostics: exit status 1 and one error per expected error.
// RUN: not tail-opt %s -split-input-file 2>&1 | grep -c ': error: ' > %t.count
// RUN: grep -c 'expected[-]error' %s | diff - %t.count

func.func @too_many_operands(%a: i32) -> i32 {
  // expected-error@+1 {{'arith.addi' op expected 2 operands, but found 3}}
  %0 = "arith.addi"(%a, %a, %a) : (i32, i32, i32) -> i32
  return %0 : i32
}

// -----

func.func @too_few_operands(%a: i32) -> i32 {
  // expected-error@+1 {{'arith.addi' op expected 2 operands, but found 1}}
  %0 = "arith.addi"(%a) : (i32) -> i32
  return %0 : i32
}

// -----

func.func @two_results(%a: i32) {
  // expected-error@+1 {{'arith.addi' op requires one result}}
  %0, %1 = "arith.addi"(%a, %a) : (i32, i32) -> (i32, i32)
  return
}

// -----

func.func @missing_attribute() {
  // expected-error@+1 {{'arith.constant' op requires attribute 'value'}}
  %0 = "arith.constant"() : () -> i32
  return
}

// -----

func.func @operand_constraint(%a: f32) -> f32 {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like}}
  %0 = "arith.addi"(%a, %a) : (f32, f32) -> f32
  return %0 : f32
}

// -----

func.func @same_type(%a: i32, %b: i64) -> i32 {
  // expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return %0 : i32
}

// -----

func.func @return_type(%a: i32) -> i64 {
  // expected-error@+1 {{type of return operand 0 ('i32') doesn't match function result type ('i64') in function @return_type}}
  return %a : i32
}

// -----

func.func @return_count(%a: i32) -> (i32, i32) {
  // expected-error@+1 {{'func.return' op has 1 operands, but enclosing function (@return_count) returns 2}}
  return %a : i32
}
