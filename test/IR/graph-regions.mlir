// The body of `builtin.module` is a graph region: values may be used before (textually) they
// are defined, including cycles and an op using its own result. Such forward references
// print back as forward references.
// RUN: tail-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect | tail-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tail-opt --allow-unregistered-dialect | FileCheck %s

// CHECK:      %[[USE:.*]] = "test.use"(%[[DEF:.*]]) : (i32) -> i32
// CHECK-NEXT: %[[DEF]] = "test.def"(%[[USE]]) : (i32) -> i32
// CHECK-NEXT: "test.consume"(%[[SELF:.*]]) : (i64) -> ()
// CHECK-NEXT: %[[SELF]] = "test.self"(%[[SELF]]) : (i64) -> i64
%1 = "test.use"(%0) : (i32) -> i32
%0 = "test.def"(%1) : (i32) -> i32
"test.consume"(%2) : (i64) -> ()
%2 = "test.self"(%2) : (i64) -> i64
