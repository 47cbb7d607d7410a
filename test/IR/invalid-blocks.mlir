// Block structure errors: missing and misplaced terminators, empty blocks, bad block headers.
// RUN: tail-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect
// Without -verify-diagnostics: exit status 1 and one error per expected error.
// RUN: not tail-opt %s -split-input-file --allow-unregistered-dialect 2>&1 | grep -c ': error: ' > %t.count
// RUN: grep -c 'expected[-]error' %s | diff - %t.count

func.func @no_terminator() {
  // expected-error@+1 {{block with no terminator, has %0 = arith.constant 1 : i32}}
  %c = arith.constant 1 : i32
}

// -----

func.func @terminator_not_last() {
  // expected-error@+1 {{'func.return' op must be the last operation in the parent block}}
  "func.return"() : () -> ()
  "func.return"() : () -> ()
}

// -----

// A terminator followed by a non-terminator: the block has no terminator at its end.
func.func @op_after_terminator() {
  "func.return"() : () -> ()
  // expected-error@+1 {{block with no terminator}}
  %c = arith.constant 1 : i32
}

// -----

// expected-error@+1 {{empty block: expect at least a terminator}}
func.func @empty_block() {
  "test.br"()[^bb1] : () -> ()
^bb1:
}

// -----

// expected-error@+1 {{expected non-empty function body}}
func.func @empty_body() {
}

// -----

func.func @named_args_and_entry_label(%a: i32) {
// expected-error@+1 {{invalid block name in region with named arguments}}
^bb0(%b: i32):
  return
}

// -----

// expected-note@+1 {{previously defined here}}
func.func @block_arg_redefinition(%x: i32) {
  "test.br"()[^bb1] : () -> ()
// expected-error@+1 {{redefinition of SSA value '%x'}}
^bb1(%x: i32):
  return
}

// -----

// A region that is not closed: the end of the input is reached while looking for the next op,
// and the error is at the end of the last line.
func.func @unterminated_region() {
  return
// expected-error {{expected operation name in quotes}}
