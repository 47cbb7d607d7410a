// `expected-error@below` / `@above` refer to the closest following / preceding line that is
// not itself an expectation (MLIR's -verify-diagnostics accepts them; mlir-opt passes this
// file).
// RUN: tail-opt %s -split-input-file -verify-diagnostics

func.func @below(%a: i32) -> i64 {
  // expected-error@below {{doesn't match function result type}}
  return %a : i32
}

// -----

func.func @above(%a: i32) -> i64 {
  return %a : i32
  // expected-error@above {{doesn't match function result type}}
}
