// Unknown operations: the custom form needs a registered op; the generic form of an op of an
// unregistered dialect needs --allow-unregistered-dialect.
// RUN: tail-opt %s -split-input-file -verify-diagnostics
// Without -verify-diagnostics: exit status 1 and one error per expected error.
// RUN: not tail-opt %s -split-input-file 2>&1 | grep -c ': error: ' > %t.count
// RUN: grep -c 'expected[-]error' %s | diff - %t.count

// expected-error@+1 {{custom op 'foo.bar' is unknown}}
foo.bar

// -----

// expected-error@+1 {{custom op 'foo.bar' is unknown}}
%0 = foo.bar : i32

// -----

// The dialect is registered, the op is not.
// expected-error@+1 {{custom op 'arith.bogus' is unknown}}
%0 = arith.bogus : i32

// -----

// expected-error@+1 {{custom op 'nodialect' is unknown}}
nodialect

// -----

// expected-error@+1 {{operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used}}
"foo.bar"() : () -> ()

// -----

func.func @f() -> i32 {
  // expected-error@+1 {{operation being parsed with an unregistered dialect}}
  %x = "foo.bar"() {a = 1} : () -> i32
  return %x : i32
}

// -----

// Custom-form ops of unregistered dialects are unknown even with the flag.
// RUN: not tail-opt %s -split-input-file --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=ALLOW
// ALLOW: invalid-unknown-ops.mlir:[[# @LINE + 3]]:1: error: custom op 'foo.custom' is unknown
// ALLOW-NOT: error:
// expected-error@+1 {{custom op 'foo.custom' is unknown}}
foo.custom
