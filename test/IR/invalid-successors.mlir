// Successor errors: undefined and redefined blocks, successors outside terminators, branches
// to the entry block, and across regions.
// RUN: tail-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect
// Without -verify-diagnostics: exit status 1 and one error per expected error.
// RUN: not tail-opt %s -split-input-file --allow-unregistered-dialect 2>&1 | grep -c ': error: ' > %t.count
// RUN: grep -c 'expected[-]error' %s | diff - %t.count

func.func @undefined_block() {
  // expected-error@+1 {{reference to an undefined block}}
  "test.br"()[^missing] : () -> ()
^bb1:
  return
}

// -----

func.func @block_redefinition() {
  "test.br"()[^bb1] : () -> ()
^bb1:
  "func.return"() : () -> ()
// expected-error@+1 {{redefinition of block '^bb1'}}
^bb1:
  "func.return"() : () -> ()
}

// -----

func.func @successors_in_non_terminator() {
  // expected-error@+1 {{successors in non-terminator}}
  %0 = "arith.addi"()[^bb1] : () -> i32
^bb1:
  return
}

// -----

func.func @terminator_without_successors() {
  // expected-error@+1 {{'func.return' op requires 0 successors but found 1}}
  "func.return"()[^bb1] : () -> ()
^bb1:
  return
}

// -----

func.func @successors_mid_block() {
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  "test.br"()[^bb1] : () -> ()
  "func.return"() : () -> ()
^bb1:
  return
}

// -----

// expected-error@+1 {{entry block of region may not have predecessors}}
func.func @branch_to_entry() {
^entry:
  "test.br"()[^entry] : () -> ()
}

// -----

// Block names are scoped to their region.
"test.r"() ({
^bb0:
  "test.br"()[^bb0] : () -> ()
}, {
  // expected-error@+1 {{reference to an undefined block}}
  "test.br"()[^bb0] : () -> ()
}) : () -> ()
