// Float attributes: printed in `%e` form when that reads back to the same value, and as the
// bit pattern in hexadecimal otherwise (NaN, infinities); hexadecimal input is the bit
// pattern of the attribute's type.
// RUN: tail-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect | tail-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tail-opt --allow-unregistered-dialect | FileCheck %s

// The output starts with the module (anchored, so these CHECK lines cannot match themselves).
// CHECK-LABEL: {{^}}module {

// An untyped float literal is f64.
// CHECK: "test.untyped"() {a = 1.500000e+00 : f64, b = -2.500000e-01 : f64, c = 1.000000e+02 : f64} : () -> ()
"test.untyped"() {a = 1.5, b = -0.25, c = 100.0} : () -> ()

// CHECK: "test.typed"() {a = 1.000000e+00 : f16, b = 1.500000e+00 : bf16, c = 1.000000e-01 : f32, d = 1.000000e+300 : f64} : () -> ()
"test.typed"() {a = 1.0 : f16, b = 1.5 : bf16, c = 0.1 : f32, d = 1.0e300 : f64} : () -> ()

// Zero keeps its sign.
// CHECK: "test.zero"() {a = 0.000000e+00 : f32, b = -0.000000e+00 : f32, c = -0.000000e+00 : f64} : () -> ()
"test.zero"() {a = 0.0 : f32, b = -0.0 : f32, c = -0.0 : f64} : () -> ()

// Special values are printed as their bit pattern.
// CHECK: "test.f32"() {inf = 0x7F800000 : f32, nan = 0x7FC00000 : f32, neg_inf = 0xFF800000 : f32, payload = 0x7FC00001 : f32} : () -> ()
"test.f32"() {nan = 0x7FC00000 : f32, inf = 0x7F800000 : f32, neg_inf = 0xFF800000 : f32, payload = 0x7FC00001 : f32} : () -> ()
// CHECK: "test.f64"() {inf = 0x7FF0000000000000 : f64, nan = 0x7FF8000000000000 : f64, neg_inf = 0xFFF0000000000000 : f64} : () -> ()
"test.f64"() {nan = 0x7FF8000000000000 : f64, inf = 0x7FF0000000000000 : f64, neg_inf = 0xFFF0000000000000 : f64} : () -> ()
// CHECK: "test.half"() {bf16_inf = 0x7F80 : bf16, f16_inf = 0x7C00 : f16, f16_nan = 0x7E00 : f16, f16_neg_inf = 0xFC00 : f16} : () -> ()
"test.half"() {f16_nan = 0x7E00 : f16, f16_inf = 0x7C00 : f16, f16_neg_inf = 0xFC00 : f16, bf16_inf = 0x7F80 : bf16} : () -> ()

// A hexadecimal literal of an ordinary value prints as a decimal float.
// CHECK: "test.hex"() {a = 1.000000e+00 : f32, b = 1.000000e+00 : f16, c = -2.000000e+00 : f64} : () -> ()
"test.hex"() {a = 0x3F800000 : f32, b = 0x3C00 : f16, c = 0xC000000000000000 : f64} : () -> ()

// Values that need more than 6 significant digits keep all the digits needed to read back
// unchanged.
// CHECK: "test.precise"() {a = 3.14159265358979e+00 : f64, b = 1.23456789e+08 : f64} : () -> ()
"test.precise"() {a = 3.14159265358979 : f64, b = 123456789.0 : f64} : () -> ()
