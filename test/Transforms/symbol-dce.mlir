// RUN: tail-opt %s --pass-pipeline='builtin.module(symbol-dce)' --split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: not tail-opt %s --pass-pipeline='builtin.module(func.func(symbol-dce))' --split-input-file --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=ERR

// Private symbols that nothing live references are erased; public ones stay.
// CHECK-LABEL: module attributes {test.simple}
// CHECK-NOT:     func.func private @dead_private
// CHECK:         func.func @public
// CHECK-NOT:     func.func private @dead_private
// ERR: error: 'func.func' op was scheduled to run under SymbolDCE, but does not define a symbol table
module attributes {test.simple} {
  func.func private @dead_private() {
    return
  }
  func.func @public() {
    return
  }
}

// -----

// Liveness is transitive: live -> live_callee -> live_leaf; dead -> dead_callee stays dead.
// CHECK-LABEL: module attributes {test.transitive}
// CHECK-DAG:     func.func @entry
// CHECK-DAG:     func.func private @live_callee
// CHECK-DAG:     func.func private @live_leaf
// CHECK-NOT:     @dead
module attributes {test.transitive} {
  func.func @entry(%a: i32) -> i32 {
    %0 = func.call @live_callee(%a) : (i32) -> i32
    return %0 : i32
  }
  func.func private @live_callee(%a: i32) -> i32 {
    %0 = func.call @live_leaf(%a) : (i32) -> i32
    return %0 : i32
  }
  func.func private @live_leaf(i32) -> i32
  func.func private @dead(%a: i32) -> i32 {
    %0 = func.call @dead_callee(%a) : (i32) -> i32
    return %0 : i32
  }
  func.func private @dead_callee(i32) -> i32
}

// -----

// A private symbol referenced only by another dead private symbol (a cycle) is dead.
// CHECK-LABEL: module attributes {test.cycle}
// CHECK-NOT:     @ping
// CHECK-NOT:     @pong
module attributes {test.cycle} {
  func.func private @ping() {
    func.call @pong() : () -> ()
    return
  }
  func.func private @pong() {
    func.call @ping() : () -> ()
    return
  }
}

// -----

// References from non-symbol ops (anywhere in their attributes) keep symbols alive.
// CHECK-LABEL: module attributes {test.attr_refs}
// CHECK:         func.func private @in_array
// CHECK:         func.func private @in_dict
// CHECK:         "test.user"
module attributes {test.attr_refs} {
  func.func private @in_array()
  func.func private @in_dict()
  func.func private @unused()
  "test.user"() {refs = [@in_array], dict = {inner = @in_dict}} : () -> ()
}

// -----

// Nested symbol tables: a nested reference `@inner::@f` marks both `@inner` and `@f` live;
// unused private symbols of the nested module are erased, `nested` symbols are kept.
// CHECK-LABEL: module attributes {test.nested}
// CHECK:         module @inner
// CHECK-NOT:       @dead_nested
// CHECK:           func.func nested @used_from_outside
// CHECK:           func.func private @used_inside
// CHECK:         "test.user"() {ref = @inner::@used_from_outside}
// CHECK-NOT:     @dead_outer
module attributes {test.nested} {
  module @inner {
    func.func private @dead_nested()
    func.func nested @used_from_outside() {
      "test.use"() {uses = [@used_inside]} : () -> ()
      return
    }
    func.func private @used_inside()
  }
  "test.user"() {ref = @inner::@used_from_outside} : () -> ()
  func.func private @dead_outer()
}

// -----

// A private nested module that nothing references is erased as a whole.
// CHECK-LABEL: module attributes {test.private_module}
// CHECK-NOT:     module @hidden
// CHECK:         func.func private @keep_decl
// CHECK:         func.func @keep
module attributes {test.private_module} {
  module @hidden attributes {sym_visibility = "private"} {
    func.func private @inside()
  }
  func.func private @keep_decl()
  func.func @keep() {
    func.call @keep_decl() : () -> ()
    return
  }
}
