// The generic form that tail-opt prints for the func dialect is accepted by upstream
// mlir-opt and means the same thing there; mlir-opt's own generic form of it reads back into
// tail-opt unchanged.
// REQUIRES: mlir-opt
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect | mlir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect --mlir-print-op-generic | tail-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect -o %t.direct
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect --mlir-print-op-generic | tail-opt --allow-unregistered-dialect -o %t.back
// RUN: diff %t.direct %t.back

// CHECK-LABEL: func.func @empty() {
// CHECK-NEXT:    return
func.func @empty() {
  return
}

// CHECK-LABEL: func.func @add(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:    %[[S:.*]] = "foo.add"(%arg0, %arg1) : (i32, i32) -> i32
// CHECK-NEXT:    return %[[S]] : i32
func.func @add(%a: i32, %b: i32) -> i32 {
  %0 = "foo.add"(%a, %b) : (i32, i32) -> i32
  func.return %0 : i32
}

// CHECK-LABEL: func.func @multi(%arg0: i32, %arg1: f32) -> (i32, f32) {
// CHECK-NEXT:    return %arg0, %arg1 : i32, f32
func.func @multi(%a: i32, %b: f32) -> (i32, f32) {
  return %a, %b : i32, f32
}

// Declarations and visibility.
// CHECK: func.func private @decl(i32) -> i32
// CHECK: func.func private @decl_fn_result() -> ((i32) -> i32)
// CHECK: func.func nested @nested_vis() {
func.func private @decl(i32) -> i32
func.func private @decl_fn_result() -> ((i32) -> i32)
func.func nested @nested_vis() {
  return
}

// Argument and result attributes, and function attributes.
// CHECK: func.func private @arg_attrs(i32 {foo.noalias}, f32) -> (f32 {foo.res})
// CHECK: func.func @body_arg_attrs(%arg0: memref<4xf32> {foo.noalias}) {
// CHECK: func.func @with_attrs() attributes {foo.kernel, foo.level = 2 : i64} {
func.func private @arg_attrs(i32 {foo.noalias}, f32) -> (f32 {foo.res})
func.func @body_arg_attrs(%m: memref<4xf32> {foo.noalias}) {
  return
}
func.func @with_attrs() attributes {foo.kernel, foo.level = 2 : i64} {
  return
}

// Calls.
// CHECK-LABEL: func.func @calls(%arg0: i32) -> i32 {
// CHECK-NEXT:    %[[C:.*]] = call @decl(%arg0) : (i32) -> i32
// CHECK-NEXT:    %[[F:.*]] = constant @decl : (i32) -> i32
// CHECK-NEXT:    %[[I:.*]] = call_indirect %[[F]](%[[C]]) : (i32) -> i32
// CHECK-NEXT:    return %[[I]] : i32
func.func @calls(%a: i32) -> i32 {
  %0 = func.call @decl(%a) : (i32) -> i32
  %f = func.constant @decl : (i32) -> i32
  %1 = func.call_indirect %f(%0) : (i32) -> i32
  return %1 : i32
}

// Multiple results of a call.
// CHECK-LABEL: func.func @results
// CHECK:         %[[R:.*]]:2 = call @multi(%{{.*}}, %{{.*}}) : (i32, f32) -> (i32, f32)
// CHECK-NEXT:    return %[[R]]#1, %[[R]]#0 : f32, i32
func.func @results(%a: i32, %b: f32) -> (f32, i32) {
  %r:2 = func.call @multi(%a, %b) : (i32, f32) -> (i32, f32)
  return %r#1, %r#0 : f32, i32
}
