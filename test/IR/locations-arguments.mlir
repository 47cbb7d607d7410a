// Block and function arguments have locations too: `%a: i32 loc(...)`, printed under
// `--mlir-print-debuginfo` (mlir-opt prints this input unchanged; its function arguments
// without a `loc` get the location of their name).
// Known bugs (XFAIL until fixed, then remove the XFAIL line):
// * `func.func @f(%a: i32 loc(...))` is rejected with "expected ')'" (the argument list parser
//   used by func.func does not accept a trailing location);
// * `^bb0(%x: i32 loc(...))` is accepted but the location is dropped: block arguments have no
//   location in the IR (dialects/ir/src/context.rs), so the printer cannot print one.
// XFAIL: *
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-debuginfo | FileCheck %s

// CHECK: func.func @f(%{{.*}}: i32 loc("arg.c":1:1)) -> i32 {
func.func @f(%a: i32 loc("arg.c":1:1)) -> i32 {
  // CHECK: ^bb0(%{{.*}}: i32 loc("barg.c":2:2)):
  "test.r"() ({
  ^bb0(%x: i32 loc("barg.c":2:2)):
    "test.y"() : () -> ()
  }) : () -> ()
  return %a : i32
}
