// Builtin types as printed by tail-opt mean the same to mlir-opt, and mlir-opt's output reads
// back into tail-opt unchanged.
// REQUIRES: mlir-opt
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect | mlir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect -o %t.direct
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect --mlir-print-op-generic | tail-opt --allow-unregistered-dialect -o %t.back
// RUN: diff %t.direct %t.back

// CHECK-LABEL: func.func @scalars
// CHECK-SAME:    (%{{.*}}: i1, %{{.*}}: si8, %{{.*}}: ui16, %{{.*}}: index, %{{.*}}: f16, %{{.*}}: bf16, %{{.*}}: f32, %{{.*}}: f64, %{{.*}}: none, %{{.*}}: i1024)
func.func @scalars(%a: i1, %b: si8, %c: ui16, %d: index, %e: f16, %f: bf16, %g: f32, %h: f64, %i: none, %j: i1024) {
  return
}

// CHECK-LABEL: func.func @containers
// CHECK-SAME:    (%{{.*}}: complex<f32>, %{{.*}}: tuple<i32, tuple<>>, %{{.*}}: tensor<4x?xf32>, %{{.*}}: tensor<*xi8>, %{{.*}}: tensor<f32>, %{{.*}}: vector<2x4xf16>)
func.func @containers(%a: complex<f32>, %b: tuple<i32, tuple<>>, %c: tensor<4x?xf32>, %d: tensor<*xi8>, %e: tensor<f32>, %f: vector<2x4xf16>) {
  return
}

// CHECK-LABEL: func.func @memrefs
// CHECK-SAME:    (%{{.*}}: memref<8xf32>, %{{.*}}: memref<?x?xi32, 3>, %{{.*}}: memref<f32>, %{{.*}}: memref<*xf32, 1>, %{{.*}}: memref<2xf32, "gpu">)
func.func @memrefs(%a: memref<8xf32>, %b: memref<?x?xi32, 3>, %c: memref<f32>, %d: memref<*xf32, 1>, %e: memref<2xf32, "gpu">) {
  return
}

// CHECK-LABEL: func.func @functions
// CHECK-SAME:    (%{{.*}}: () -> (), %{{.*}}: (i32, f32) -> (i64, i1), %{{.*}}: ((i32) -> i32) -> (() -> ())) -> ((index) -> index)
func.func @functions(%a: () -> (), %b: (i32, f32) -> (i64, i1), %c: ((i32) -> i32) -> (() -> ())) -> ((index) -> index) {
  %0 = "foo.fn"() : () -> ((index) -> index)
  return %0 : (index) -> index
}

// CHECK-LABEL: func.func @opaque
// CHECK-SAME:    (%{{.*}}: !bar.t, %{{.*}}: !bar.u<"x", 4>, %{{.*}}: tensor<4x!bar.elt>)
func.func @opaque(%a: !bar.t, %b: !bar.u<"x", 4>, %c: tensor<4x!bar.elt>) {
  return
}
