// Malformed builtin types are parse errors, located at the offending token.
// RUN: tail-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect
// Without -verify-diagnostics: exit status 1 and one error per expected error.
// RUN: not tail-opt %s -split-input-file --allow-unregistered-dialect 2>&1 | grep -c ': error: ' > %t.count
// RUN: grep -c 'expected[-]error' %s | diff - %t.count

// expected-error@+1 {{expected non-function type}}
"test.t"() {a = tensor<4xfoo>} : () -> ()

// -----

// expected-error@+1 {{expected non-function type}}
"test.t"() {a = memref<>} : () -> ()

// -----

// expected-error@+1 {{expected non-function type}}
"test.t"() {a = tensor<4x>} : () -> ()

// -----

// expected-error@+1 {{expected '>' in tensor type}}
"test.t"() {a = tensor<4xf32} : () -> ()

// -----

// expected-error@+1 {{expected '>' in tuple type}}
"test.t"() {a = tuple<i32} : () -> ()

// -----

// expected-error@+1 {{invalid element type for complex}}
"test.t"() {a = complex<tensor<f32>>} : () -> ()

// -----

// expected-error@+1 {{invalid tensor element type}}
"test.t"() {a = tensor<4xtensor<f32>>} : () -> ()

// -----

// expected-error@+1 {{invalid memref element type}}
"test.t"() {a = memref<4xtensor<f32>>} : () -> ()

// -----

// expected-error@+1 {{multiple memory spaces specified in memref type}}
"test.t"() {a = memref<4xf32, 3, 4>} : () -> ()

// -----

// expected-error@+1 {{vector types must have positive constant sizes but got 0}}
"test.t"() {a = vector<0xf32>} : () -> ()

// -----

// expected-error@+1 {{expected 'x' in dimension list}}
"test.t"() {a = vector<4>} : () -> ()

// -----

// expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
"test.t"() {a = i99999999} : () -> ()

// -----

// expected-error@+1 {{expected ')'}}
"test.t"() {a = (i32 -> i32} : () -> ()

// -----

// expected-error@+1 {{unbalanced '<' character in pretty dialect name}}
"test.t"() {a = !foo.bar<} : () -> ()

// -----

// A type in the op's signature.
// expected-error@+1 {{expected non-function type}}
%0 = "test.t"() : () -> tensor<?xbogus>

// -----

// A type in a function signature.
// expected-error@+1 {{invalid tensor element type}}
func.func @f(%a: tensor<tensor<f32>>) {
  return
}
