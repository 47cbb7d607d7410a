// RUN: tail-opt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{'builtin.module' op region should have no arguments}}
"builtin.module"() ({
^bb0(%a: i32):
}) : () -> ()

// -----

// expected-error@+1 {{'builtin.module' op requires zero results}}
%0 = "builtin.module"() ({
}) : () -> i32

// -----

// expected-error@+1 {{'builtin.module' op requires one region}}
"builtin.module"() : () -> ()

// -----

module {
  // expected-note@+1 {{see existing symbol definition here}}
  func.func @f() {
    return
  }
  // expected-error@+1 {{redefinition of symbol named 'f'}}
  func.func @f() {
    return
  }
}
