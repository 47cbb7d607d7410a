// Every builtin type parses and prints back unchanged, as an operand/result type, a block
// argument type and a type attribute.
// RUN: tail-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect | tail-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tail-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @integers
// CHECK-SAME:    (%{{.*}}: i1, %{{.*}}: i8, %{{.*}}: i32, %{{.*}}: i64, %{{.*}}: i1024)
// CHECK-SAME:    -> (si8, ui16, si64, ui1, index)
func.func @integers(%a: i1, %b: i8, %c: i32, %d: i64, %e: i1024) -> (si8, ui16, si64, ui1, index) {
  // CHECK: "test.op"() : () -> (si8, ui16, si64, ui1, index)
  %r:5 = "test.op"() : () -> (si8, ui16, si64, ui1, index)
  return %r#0, %r#1, %r#2, %r#3, %r#4 : si8, ui16, si64, ui1, index
}

// CHECK-LABEL: func.func @floats
// CHECK-SAME:    (%{{.*}}: f16, %{{.*}}: bf16, %{{.*}}: f32, %{{.*}}: f64)
func.func @floats(%a: f16, %b: bf16, %c: f32, %d: f64) {
  return
}

// CHECK-LABEL: func.func @none_complex_tuple
// CHECK-SAME:    (%{{.*}}: none, %{{.*}}: complex<f32>, %{{.*}}: complex<i16>, %{{.*}}: tuple<>, %{{.*}}: tuple<i32, tuple<f32, index>>)
func.func @none_complex_tuple(%a: none, %b: complex<f32>, %c: complex<i16>, %d: tuple<>, %e: tuple<i32, tuple<f32, index>>) {
  return
}

// CHECK-LABEL: func.func @tensors
// CHECK-SAME:    (%{{.*}}: tensor<4x8xf32>, %{{.*}}: tensor<?x4x?xi8>, %{{.*}}: tensor<*xf64>, %{{.*}}: tensor<f32>, %{{.*}}: tensor<0xindex>, %{{.*}}: tensor<2xcomplex<f64>>)
func.func @tensors(%a: tensor<4x8xf32>, %b: tensor<?x4x?xi8>, %c: tensor<*xf64>, %d: tensor<f32>, %e: tensor<0xindex>, %f: tensor<2xcomplex<f64>>) {
  return
}

// CHECK-LABEL: func.func @vectors
// CHECK-SAME:    (%{{.*}}: vector<4xf32>, %{{.*}}: vector<2x3x4xi1>, %{{.*}}: vector<8xindex>)
func.func @vectors(%a: vector<4xf32>, %b: vector<2x3x4xi1>, %c: vector<8xindex>) {
  return
}

// CHECK-LABEL: func.func @memrefs
// CHECK-SAME:    (%{{.*}}: memref<8xf32>, %{{.*}}: memref<?x?xf32>, %{{.*}}: memref<4x?xi32, 3>, %{{.*}}: memref<f32>, %{{.*}}: memref<*xf32>, %{{.*}}: memref<*xi8, 1>, %{{.*}}: memref<2xf32, "gpu">)
func.func @memrefs(%a: memref<8xf32>, %b: memref<?x?xf32>, %c: memref<4x?xi32, 3>, %d: memref<f32>, %e: memref<*xf32>, %f: memref<*xi8, 1>, %g: memref<2xf32, "gpu">) {
  return
}

// CHECK-LABEL: func.func @function_types
// CHECK-SAME:    (%{{.*}}: () -> (), %{{.*}}: (i32) -> i32, %{{.*}}: (i32, f32) -> (i64, i1), %{{.*}}: ((i32) -> i32) -> (() -> ()))
func.func @function_types(%a: () -> (), %b: (i32) -> i32, %c: (i32, f32) -> (i64, i1), %d: ((i32) -> i32) -> (() -> ())) {
  return
}

// Types as attribute values.
// CHECK-LABEL: func.func @type_attrs
// CHECK:      "test.types"() {a = i1, b = si8, c = ui16, d = index, e = f16, f = bf16, g = none, h = complex<f64>, i = tuple<i8, f32>, j = tensor<?x2xf32>, k = tensor<*xi1>, l = vector<4x4xf16>, m = memref<?xf32, 5>, n = (index) -> (i1, i1)} : () -> ()
func.func @type_attrs() {
  "test.types"() {a = i1, b = si8, c = ui16, d = index, e = f16, f = bf16, g = none, h = complex<f64>, i = tuple<i8, f32>, j = tensor<?x2xf32>, k = tensor<*xi1>, l = vector<4x4xf16>, m = memref<?xf32, 5>, n = (index) -> (i1, i1)} : () -> ()
  return
}

// Types of dialects that are not registered are kept as written.
// CHECK-LABEL: func.func @opaque
// CHECK-SAME:    (%{{.*}}: !foo.bar, %{{.*}}: !foo.baz<"x", 4>, %{{.*}}: tensor<4x!foo.elt>)
func.func @opaque(%a: !foo.bar, %b: !foo.baz<"x", 4>, %c: tensor<4x!foo.elt>) {
  return
}
