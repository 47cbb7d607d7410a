// Integer attributes hold values of any width, like MLIR's APInt: values that do not fit in
// 64 bits are valid for wider types (mlir-opt prints this input unchanged).
// Known bug (XFAIL until fixed, then remove the XFAIL line): integer attribute values are
// stored as i64, so the parser reports "integer constant out of range for attribute".
// XFAIL: *
// RUN: tail-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect | tail-opt --allow-unregistered-dialect | FileCheck %s

// CHECK: "test.wide"() {a = 170141183460469231731687303715884105727 : i128, b = 18446744073709551616 : i128, c = -170141183460469231731687303715884105728 : i128} : () -> ()
"test.wide"() {a = 170141183460469231731687303715884105727 : i128, b = 18446744073709551616 : i128, c = -170141183460469231731687303715884105728 : i128} : () -> ()
