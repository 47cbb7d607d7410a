// Symbol tables: symbol names must be unique among the direct children of a symbol table
// (builtin.module), whatever the kind of the symbol op; nested tables are separate scopes.
// RUN: tail-opt %s -split-input-file -verify-diagnostics
// Without -verify-diagnostics: exit status 1 and one error per expected error.
// RUN: not tail-opt %s -split-input-file 2>&1 | grep -c ': error: ' > %t.count
// RUN: grep -c 'expected[-]error' %s | diff - %t.count

// expected-note@+1 {{see existing symbol definition here}}
func.func @f() {
  return
}
// expected-error@+1 {{redefinition of symbol named 'f'}}
func.func @f() {
  return
}

// -----

module {
  // expected-note@+1 {{see existing symbol definition here}}
  func.func private @g()
  // expected-error@+1 {{redefinition of symbol named 'g'}}
  module @g {
  }
}

// -----

// A quoted name is the same symbol.
// expected-note@+1 {{see existing symbol definition here}}
func.func private @"h"()
// expected-error@+1 {{redefinition of symbol named 'h'}}
memref.global @h : memref<4xi32>

// -----

// The same name in two different symbol tables is fine.
module @a {
  func.func private @f()
}
module @b {
  func.func private @f()
}
