// The top level of a file is the body of a `builtin.module`: when the file holds exactly one
// `builtin.module` (in either form) that op is the top-level op, otherwise the top-level ops are
// wrapped in a new module. An empty input is an empty module.
// RUN: tail-opt %s -split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s -split-input-file --allow-unregistered-dialect | tail-opt -split-input-file --allow-unregistered-dialect | FileCheck %s

// CHECK:      module {
// CHECK-NEXT:   func.func private @f()
// CHECK-NEXT:   "test.op"() : () -> ()
// CHECK-NEXT: }
func.func private @f()
"test.op"() : () -> ()

// -----

// A single explicit module is not wrapped again: its name and attributes stay on the top op.
// CHECK:      // -----
// CHECK-NEXT: module @m attributes {t.x = 1 : i32} {
// CHECK-NEXT:   func.func private @g()
// CHECK-NEXT: }
// CHECK-NEXT: // -----
module @m attributes {t.x = 1 : i32} {
  func.func private @g()
}

// -----

// The same in the generic form.
// CHECK-NEXT: module {
// CHECK-NEXT:   "test.in_generic"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: // -----
"builtin.module"() ({
  "test.in_generic"() : () -> ()
}) : () -> ()

// -----

// Two modules, or a module next to another op, are wrapped.
// CHECK-NEXT: module {
// CHECK-NEXT:   module @one {
// CHECK-NEXT:   }
// CHECK-NEXT:   module @two {
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: // -----
module @one {
}
module @two {
}

// -----

// CHECK-NEXT: module {
// CHECK-NEXT:   module {
// CHECK-NEXT:   }
// CHECK-NEXT:   "test.op"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: // -----
module {
}
"test.op"() : () -> ()

// -----

// Only comments: an empty module.
// CHECK-NEXT: module {
// CHECK-NEXT: }
// CHECK-NOT:  {{.}}
