// `i0` (and `si0`, `ui0`) is a valid builtin integer type (mlir-opt prints this input
// unchanged).
// Known bug (XFAIL until fixed, then remove the XFAIL line): the type parser rejects a zero
// width ("expected attribute value" / "expected non-function type").
// XFAIL: *
// RUN: tail-opt %s --allow-unregistered-dialect | FileCheck %s

// CHECK: "test.zero_width"() {a = i0, b = si0, c = ui0, d = 0 : i0} : () -> ()
"test.zero_width"() {a = i0, b = si0, c = ui0, d = 0 : i0} : () -> ()
