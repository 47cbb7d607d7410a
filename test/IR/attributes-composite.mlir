// Arrays, dictionaries, unit attributes, symbol references, dense arrays and type attributes.
// RUN: tail-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect | tail-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tail-opt --allow-unregistered-dialect | FileCheck %s

// Arrays are heterogeneous and nest.
// CHECK: "test.arrays"() {empty = [], mixed = [1 : i64, "a", [2 : i64, [3 : i8]], @s, i32, unit], nested = {{\[\[\], \[\[\]\]\]}}} : () -> ()
"test.arrays"() {empty = [], mixed = [1, "a", [2, [3 : i8]], @s, i32, unit], nested = [[], [[]]]} : () -> ()

// Dictionaries are sorted by key, at every level; a key without value is a unit attribute.
// CHECK: "test.dicts"() {arr = [{}, {b = 2 : i64, c = 1 : i64}], d = {a, m = {inner = "x", outer = "y"}, z = 1 : i32}, empty = {}} : () -> ()
"test.dicts"() {empty = {}, d = {z = 1 : i32, a, m = {outer = "y", inner = "x"}}, arr = [{}, {c = 1, b = 2}]} : () -> ()

// `unit` and a bare name are the same attribute.
// CHECK: "test.unit"() {u, v} : () -> ()
"test.unit"() {u, v = unit} : () -> ()

// Flat and nested symbol references.
// CHECK: "test.symrefs"() {flat = @f, nested = @outer::@middle::@inner, two = @m::@f} : () -> ()
"test.symrefs"() {flat = @f, two = @m::@f, nested = @outer::@middle::@inner} : () -> ()

// Dense arrays of every element kind, empty ones included.
// CHECK: "test.dense_arrays"() {a = array<i64: 1, 2, 3>, b = array<i32>, c = array<i1: true, false>, d = array<i8: -1, 127>, e = array<f32: 1.000000e+00, 2.500000e+00>, f = array<f64: -5.000000e-01>, g = array<i16: 0>} : () -> ()
"test.dense_arrays"() {a = array<i64: 1, 2, 3>, b = array<i32>, c = array<i1: true, false>, d = array<i8: -1, 127>, e = array<f32: 1.0, 2.5>, f = array<f64: -0.5>, g = array<i16: 0>} : () -> ()

// Type attributes, of builtin and of unregistered dialects.
// CHECK: "test.types"() {a = i32, b = memref<?xf32>, c = (i32) -> f32, d = !foo.t, e = tuple<>} : () -> ()
"test.types"() {a = i32, b = memref<?xf32>, c = (i32) -> f32, d = !foo.t, e = tuple<>} : () -> ()

// Attributes of unregistered dialects are kept as written.
// CHECK: "test.opaque"() {a = #foo.bar, b = #foo<"x">, c = #foo.baz<1, [2]>} : () -> ()
"test.opaque"() {a = #foo.bar, b = #foo<"x">, c = #foo.baz<1, [2]>} : () -> ()
