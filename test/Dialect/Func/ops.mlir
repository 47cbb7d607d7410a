// RUN: tail-opt %s | FileCheck %s
// RUN: tail-opt %s | tail-opt | FileCheck %s
// RUN: tail-opt %s --mlir-print-op-generic | tail-opt | FileCheck %s

// CHECK-LABEL: func.func @empty() {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @empty() {
  return
}

// CHECK-LABEL: func.func @add(%{{.*}}: i32, %{{.*}}: i32) -> i32 {
// CHECK:         %[[S:.*]] = arith.addi
// CHECK-NEXT:    return %[[S]] : i32
func.func @add(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  func.return %0 : i32
}

// CHECK-LABEL: func.func @multi(%{{.*}}: i32, %{{.*}}: f32) -> (i32, f32) {
// CHECK:         return %{{.*}}, %{{.*}} : i32, f32
func.func @multi(%a: i32, %b: f32) -> (i32, f32) {
  return %a, %b : i32, f32
}

// CHECK-LABEL: func.func private @decl(i32) -> i32
func.func private @decl(i32) -> i32

// CHECK-LABEL: func.func private @decl_noargs()
func.func private @decl_noargs()

// CHECK-LABEL: func.func private @decl_fn_result() -> ((i32) -> i32)
func.func private @decl_fn_result() -> ((i32) -> i32)

// CHECK-LABEL: func.func nested @nested_vis() {
func.func nested @nested_vis() {
  return
}

// CHECK-LABEL: func.func private @arg_attrs(i32 {tail.noalias}, f32) -> (f32 {tail.res})
func.func private @arg_attrs(i32 {tail.noalias}, f32) -> (f32 {tail.res})

// CHECK-LABEL: func.func @body_arg_attrs(%{{.*}}: memref<4xf32> {tail.noalias}) {
func.func @body_arg_attrs(%m: memref<4xf32> {tail.noalias}) {
  return
}

// CHECK-LABEL: func.func @with_attrs() attributes {tail.kernel, tail.level = 2 : i64} {
func.func @with_attrs() attributes {tail.kernel, tail.level = 2 : i64} {
  return
}

// CHECK-LABEL: func.func @calls
// CHECK-SAME:    (%[[A:.*]]: i32)
func.func @calls(%a: i32) -> i32 {
  // CHECK: %[[R:.*]] = call @decl(%[[A]]) : (i32) -> i32
  %0 = func.call @decl(%a) : (i32) -> i32
  // CHECK: call @decl_noargs() : () -> ()
  call @decl_noargs() : () -> ()
  // CHECK: %[[F:.*]] = constant @decl : (i32) -> i32
  %f = func.constant @decl : (i32) -> i32
  // CHECK: call_indirect %[[F]](%[[R]]) : (i32) -> i32
  %1 = func.call_indirect %f(%0) : (i32) -> i32
  return %1 : i32
}
