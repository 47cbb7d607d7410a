// The number of names bound to an op's results must match the number of results.
// RUN: tail-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect
// Without -verify-diagnostics: exit status 1 and one error per expected error.
// RUN: not tail-opt %s -split-input-file --allow-unregistered-dialect 2>&1 | grep -c ': error: ' > %t.count
// RUN: grep -c 'expected[-]error' %s | diff - %t.count

// expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
%0:2 = "test.a"() : () -> i32

// -----

// expected-error@+1 {{operation defines 2 results but was provided 1 to bind}}
%0 = "test.a"() : () -> (i32, i32)

// -----

// expected-error@+1 {{operation defines 3 results but was provided 4 to bind}}
%a:2, %b:2 = "test.a"() : () -> (i32, i32, i32)

// -----

// expected-error@+1 {{operation defines 0 results but was provided 1 to bind}}
%0 = "test.a"() : () -> ()

// -----

// expected-error@+1 {{expected named operation to have at least 1 result}}
%a:0 = "test.m"() : () -> ()

// -----

// The same holds for registered ops in the custom form.
func.func private @two() -> (i32, i32)
func.func @f() {
  // expected-error@+1 {{operation defines 2 results but was provided 1 to bind}}
  %r = func.call @two() : () -> (i32, i32)
  return
}
