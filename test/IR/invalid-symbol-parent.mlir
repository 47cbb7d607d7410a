// A symbol op must be nested directly in a symbol table: a func.func inside a func.func is
// invalid. mlir-opt reports "'func.func' op symbol's parent must have the SymbolTable trait".
// RUN: tail-opt %s -verify-diagnostics

func.func @f() {
  // expected-error@+1 {{'func.func' op symbol's parent must have the SymbolTable trait}}
  func.func @g() {
    return
  }
  return
}
