// Dense elements attributes: splats, nested literals, the hexadecimal blob form, and every
// element kind.
// RUN: tail-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect | tail-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tail-opt --allow-unregistered-dialect | FileCheck %s

// Splats.
// CHECK: "test.splat"() {a = dense<1.000000e+00> : tensor<4xf32>, b = dense<-1> : tensor<2x3xi64>, c = dense<true> : vector<4xi1>, d = dense<7> : tensor<i32>} : () -> ()
"test.splat"() {a = dense<1.0> : tensor<4xf32>, b = dense<-1> : tensor<2x3xi64>, c = dense<true> : vector<4xi1>, d = dense<7> : tensor<i32>} : () -> ()

// A literal whose elements are all equal is printed as a splat.
// CHECK: "test.uniform"() {a = dense<1> : tensor<2xi32>, b = dense<0.000000e+00> : tensor<2x2xf32>} : () -> ()
"test.uniform"() {a = dense<[1, 1]> : tensor<2xi32>, b = dense<[[0.0, 0.0], [0.0, 0.0]]> : tensor<2x2xf32>} : () -> ()

// Nested literals follow the shape.
// CHECK: "test.nested"() {a = dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>, b = dense<{{\[\[}}1.000000e+00], [2.000000e+00]]> : vector<2x1xf16>, c = dense<[1, 2]> : tensor<2xindex>, d = dense<[true, false]> : tensor<2xi1>} : () -> ()
"test.nested"() {a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, b = dense<[[1.0], [2.0]]> : vector<2x1xf16>, c = dense<[1, 2]> : tensor<2xindex>, d = dense<[true, false]> : tensor<2xi1>} : () -> ()

// Float elements use the same spelling as float attributes, hexadecimal for NaN.
// CHECK: "test.floats"() {a = dense<[1.500000e+00, 2.000000e+00]> : tensor<2xf64>, b = dense<[0x7FC00000, 1.000000e+00]> : tensor<2xf32>, c = dense<[-0.000000e+00, 0x7F800000]> : tensor<2xf32>} : () -> ()
"test.floats"() {a = dense<[1.5, 2.0]> : tensor<2xf64>, b = dense<[0x7FC00000, 1.0]> : tensor<2xf32>, c = dense<[-0.0, 0x7F800000]> : tensor<2xf32>} : () -> ()

// The hexadecimal blob holds the little-endian element bytes.
// CHECK: "test.blob"() {a = dense<[-21026, -4162]> : tensor<2xi16>, b = dense<[1, 2]> : tensor<2xi8>} : () -> ()
"test.blob"() {a = dense<"0xDEADBEEF"> : tensor<2xi16>, b = dense<"0x0102"> : tensor<2xi8>} : () -> ()

// Empty tensors.
// CHECK: "test.empty"() {a = dense<{{\[\]}}> : tensor<0xi32>, b = dense<{{\[\[\], \[\]\]}}> : tensor<2x0xf32>} : () -> ()
"test.empty"() {a = dense<> : tensor<0xi32>, b = dense<[[], []]> : tensor<2x0xf32>} : () -> ()
