// Dominance: in SSA (non-graph) regions a value must be defined before its uses in the same
// block, in a dominating block, or in an enclosing region.
// RUN: tail-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect
// Without -verify-diagnostics: exit status 1 and one error per expected error.
// RUN: not tail-opt %s -split-input-file --allow-unregistered-dialect 2>&1 | grep -c ': error: ' > %t.count
// RUN: grep -c 'expected[-]error' %s | diff - %t.count

func.func @use_before_def_same_block() -> i32 {
  // expected-error@+1 {{'arith.addi' op operand #0 does not dominate this use}}
  %0 = arith.addi %1, %1 : i32
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %1 = arith.constant 1 : i32
  return %0 : i32
}

// -----

// Defined in one branch, used after the join: ^bb1 does not dominate ^bb3.
func.func @not_dominating_block(%c: i1) {
  "test.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %1 = arith.constant 1 : i32
  "test.br"()[^bb3] : () -> ()
^bb2:
  "test.br"()[^bb3] : () -> ()
^bb3:
  // expected-error@+1 {{'test.use' op operand #0 does not dominate this use}}
  "test.use"(%1) : (i32) -> ()
  return
}

// -----

// A use in a nested region before the definition in the enclosing block.
func.func @nested_use_before_def(%c: i1) {
  scf.if %c {
    // expected-error@+1 {{'test.use' op operand #0 does not dominate this use}}
    "test.use"(%v) : (i32) -> ()
  }
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %v = arith.constant 1 : i32
  return
}

// -----

// Use before definition inside the region of a registered non-graph op (scf.if).
func.func @inside_scf_if(%c: i1) {
  scf.if %c {
    // expected-error@+1 {{'arith.addi' op operand #0 does not dominate this use}}
    %1 = arith.addi %0, %0 : i32
    // expected-note@+1 {{operand defined here (op in the same block)}}
    %0 = arith.constant 1 : i32
  }
  return
}

// -----

// A value defined in a nested region is not visible after it.
func.func @escapes_region(%c: i1) -> i32 {
  scf.if %c {
    %y = arith.constant 2 : i32
  }
  // expected-error@+1 {{use of undeclared SSA value name}}
  return %y : i32
}

// -----

// Nor in a sibling region.
func.func @sibling_region(%c: i1) -> i32 {
  %r = scf.if %c -> (i32) {
    %y = arith.constant 2 : i32
    scf.yield %y : i32
  } else {
    // expected-error@+1 {{use of undeclared SSA value name}}
    scf.yield %y : i32
  }
  return %r : i32
}
