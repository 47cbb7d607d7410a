// Default dialect: inside `func.func`, ops of the `func` dialect may be written and are printed
// without their prefix (`return`, `call`). Regions of other ops (scf.if, unregistered ops) do
// not inherit it. `builtin.module` is always spelled `module`.
// RUN: tail-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect | tail-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tail-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: module {
// CHECK-NEXT:  func.func private @g()
func.func private @g()

// CHECK-LABEL: func.func @f(%arg0: i1) {
// Both spellings parse and print in the short form.
// CHECK-NEXT:    call @g() : () -> ()
// CHECK-NEXT:    call @g() : () -> ()
// CHECK-NEXT:    scf.if %arg0 {
// CHECK-NEXT:      func.call @g() : () -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    "test.r"() ({
// CHECK-NEXT:      func.call @g() : () -> ()
// CHECK-NEXT:      "test.end"() : () -> ()
// CHECK-NEXT:    }) : () -> ()
// Other dialects keep their prefix.
// CHECK-NEXT:    %{{.*}} = arith.constant 1 : i32
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @f(%c: i1) {
  call @g() : () -> ()
  func.call @g() : () -> ()
  scf.if %c {
    func.call @g() : () -> ()
  }
  "test.r"() ({
    func.call @g() : () -> ()
    "test.end"() : () -> ()
  }) : () -> ()
  %one = arith.constant 1 : i32
  func.return
}

// `module` and `builtin.module` are the same op.
// CHECK:      module @a {
// CHECK-NEXT: }
// CHECK-NEXT: module @b {
// CHECK-NEXT: }
builtin.module @a {
}
module @b {
}
