// Integer and boolean attributes: the literal is typed by its `: type` suffix (i64 when there
// is none), printed in decimal, and wraps like MLIR's APInt for signless types.
// RUN: tail-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect | tail-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tail-opt --allow-unregistered-dialect | FileCheck %s

// The output starts with the module (anchored, so these CHECK lines cannot match themselves).
// CHECK-LABEL: {{^}}module {

// CHECK: "test.untyped"() {a = 42 : i64, b = -7 : i64, c = 0 : i64} : () -> ()
"test.untyped"() {a = 42, b = -7, c = 0} : () -> ()

// CHECK: "test.typed"() {a = 42 : i8, b = -1 : i16, c = 7 : i32, d = 123456789012 : i64, e = 7 : index, f = -5 : index} : () -> ()
"test.typed"() {a = 42 : i8, b = -1 : i16, c = 7 : i32, d = 123456789012 : i64, e = 7 : index, f = -5 : index} : () -> ()

// Signed and unsigned types keep their signedness.
// CHECK: "test.signed"() {a = -128 : si8, b = 127 : si8, c = 255 : ui8, d = 65535 : ui16, e = 0 : ui1} : () -> ()
"test.signed"() {a = -128 : si8, b = 127 : si8, c = 255 : ui8, d = 65535 : ui16, e = 0 : ui1} : () -> ()

// Signless values are printed as signed numbers.
// CHECK: "test.wrap"() {a = -1 : i8, b = -1 : i64, c = -9223372036854775808 : i64, d = -128 : i8} : () -> ()
"test.wrap"() {a = 255 : i8, b = 18446744073709551615 : i64, c = -9223372036854775808 : i64, d = 128 : i8} : () -> ()

// Hexadecimal literals are printed in decimal.
// CHECK: "test.hex"() {a = 16 : i32, b = 2147483647 : i32, c = -16 : i32, d = -1 : i8} : () -> ()
"test.hex"() {a = 0x10 : i32, b = 0x7FFFFFFF : i32, c = -0x10 : i32, d = 0xFF : i8} : () -> ()

// `true`/`false` and i1 integers are the same attribute.
// CHECK: "test.bool"() {a = true, b = false, c = true, d = false, e = true} : () -> ()
"test.bool"() {a = true, b = false, c = 1 : i1, d = 0 : i1, e = -1 : i1} : () -> ()

// Wide integers.
// CHECK: "test.wide"() {a = 1 : i1024, b = -3 : i37} : () -> ()
"test.wide"() {a = 1 : i1024, b = -3 : i37} : () -> ()

// Integer attributes are uniqued by value and type: only the type differs here.
// CHECK: "test.distinct"() {a = 1 : i32, b = 1 : i64, c = 1 : index, d = 1 : si32} : () -> ()
"test.distinct"() {a = 1 : i32, b = 1, c = 1 : index, d = 1 : si32} : () -> ()
