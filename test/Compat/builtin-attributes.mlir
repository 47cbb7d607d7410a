// Builtin attributes as printed by tail-opt (in either form) mean the same to mlir-opt, and
// mlir-opt's output reads back into tail-opt unchanged: integers and bools, floats (with the
// hexadecimal special values), strings and escapes, arrays, dictionaries, unit, symbol
// references, dense arrays, dense elements and type attributes.
// REQUIRES: mlir-opt
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect -o %t.direct
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect --mlir-print-op-generic | tail-opt --allow-unregistered-dialect -o %t.back
// RUN: diff %t.direct %t.back

// CHECK: "foo.ints"() {a = 42 : i64, b = -1 : i8, c = 255 : ui8, d = -128 : si8, e = 7 : index, f = true, g = false, h = 1 : i1024} : () -> ()
"foo.ints"() {a = 42, b = 255 : i8, c = 255 : ui8, d = -128 : si8, e = 7 : index, f = true, g = 0 : i1, h = 1 : i1024} : () -> ()

// CHECK: "foo.floats"() {a = 1.500000e+00 : f64, b = 1.000000e-01 : f32, c = -0.000000e+00 : f32, d = 0x7FC00000 : f32, e = 0x7F800000 : f32, f = 0xFFF0000000000000 : f64, g = 0x7C00 : f16, h = 1.500000e+00 : bf16} : () -> ()
"foo.floats"() {a = 1.5, b = 0.1 : f32, c = -0.0 : f32, d = 0x7FC00000 : f32, e = 0x7F800000 : f32, f = 0xFFF0000000000000 : f64, g = 0x7C00 : f16, h = 1.5 : bf16} : () -> ()

// A float that needs all its digits reads back as the same value in mlir-opt.
// CHECK: "foo.precise"() {a = 3.14159265358979{{(e\+00)?}} : f64} : () -> ()
"foo.precise"() {a = 3.14159265358979 : f64} : () -> ()

// CHECK: "foo.strings"() {a = "plain", b = "", c = "tab\09nl\0Aquote\22back\\", d = "caf\C3\A9"} : () -> ()
"foo.strings"() {a = "plain", b = "", c = "tab\tnl\nquote\"back\\", d = "café"} : () -> ()

// CHECK: "foo.composite"() {a = [], b = [1, "a", [2, [3 : i8]], @s, i32, unit], c = {}, d = {a, m = {inner = "x"}, z = 1 : i32}, e} : () -> ()
"foo.composite"() {a = [], b = [1, "a", [2, [3 : i8]], @s, i32, unit], c = {}, d = {z = 1 : i32, a, m = {inner = "x"}}, e} : () -> ()

// CHECK: "foo.symbols"() {a = @f, b = @outer::@middle::@inner, c = @"with space"} : () -> ()
"foo.symbols"() {a = @f, b = @outer::@middle::@inner, c = @"with space"} : () -> ()

// CHECK: "foo.dense_arrays"() {a = array<i64: 1, 2, 3>, b = array<i32>, c = array<i1: true, false>, d = array<f32: 1.000000e+00, 2.500000e+00>} : () -> ()
"foo.dense_arrays"() {a = array<i64: 1, 2, 3>, b = array<i32>, c = array<i1: true, false>, d = array<f32: 1.0, 2.5>} : () -> ()

// CHECK: "foo.dense"() {a = dense<1.000000e+00> : tensor<4xf32>, b = dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>, c = dense<> : tensor<0xi32>, d = dense<true> : vector<4xi1>, e = dense<[0x7FC00000, 1.000000e+00]> : tensor<2xf32>, f = dense<[-21026, -4162]> : tensor<2xi16>, g = dense<[1, 2]> : tensor<2xindex>} : () -> ()
"foo.dense"() {a = dense<1.0> : tensor<4xf32>, b = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, c = dense<> : tensor<0xi32>, d = dense<true> : vector<4xi1>, e = dense<[0x7FC00000, 1.0]> : tensor<2xf32>, f = dense<"0xDEADBEEF"> : tensor<2xi16>, g = dense<[1, 2]> : tensor<2xindex>} : () -> ()

// CHECK: "foo.types"() {a = i32, b = memref<?xf32, 3>, c = (i32) -> f32, d = tuple<>, e = !bar.t, f = complex<f64>} : () -> ()
"foo.types"() {a = i32, b = memref<?xf32, 3>, c = (i32) -> f32, d = tuple<>, e = !bar.t, f = complex<f64>} : () -> ()

// CHECK: "foo.opaque"() {a = #bar.x, b = #bar<"y">} : () -> ()
"foo.opaque"() {a = #bar.x, b = #bar<"y">} : () -> ()
