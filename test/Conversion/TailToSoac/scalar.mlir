// RUN: tail-opt %s --split-input-file --pass-pipeline='builtin.module(convert-tail-to-soac)' | FileCheck %s

// Scalar primitives: arith/math with the reference interpreter's semantics (floored division,
// APL residue with a zero-safe remainder, masked shift counts, unordered neqd), conversions,
// and character/complex primitives kept as tail ops.

// CHECK-LABEL: func.func @arith
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32, %[[D:.*]]: f64)
// CHECK: arith.addi %[[A]], %[[B]] : i32
// CHECK: arith.floordivsi %[[A]], %[[B]] : i32
// resi: b mod a with a zero-safe divisor, the sign fixed up, and b when a = 0.
// CHECK: %[[AZ:.*]] = arith.cmpi eq, %[[A]], %{{.*}} : i32
// CHECK: %[[SAFE:.*]] = arith.select %[[AZ]], %{{.*}}, %[[A]] : i32
// CHECK: %[[REM:.*]] = arith.remsi %[[B]], %[[SAFE]] : i32
// CHECK: arith.select %[[AZ]], %[[B]], %{{.*}} : i32
// CHECK: math.powf %[[D]], %[[D]] : f64
// CHECK: %[[C31:.*]] = arith.constant 31 : i32
// CHECK: %[[CNT:.*]] = arith.andi %[[B]], %[[C31]] : i32
// CHECK: arith.shli %[[A]], %[[CNT]] : i32
// CHECK-NOT: tail.
func.func @arith(%a: i32, %b: i32, %d: f64) -> (i32, i32, i32, f64, i32) {
  %0 = tail.addi %a, %b : i32
  %1 = tail.divi %a, %b : i32
  %2 = tail.resi %a, %b : i32
  %3 = tail.powd %d, %d : f64
  %4 = tail.shli %a, %b : i32
  return %0, %1, %2, %3, %4 : i32, i32, i32, f64, i32
}

// -----

// A residue by a constant power of two keeps the low bits of the two's complement value
// (`4|¯3` is 1, `¯3 ∧ 3`); other constant moduli take the general form.
// CHECK-LABEL: func.func @residue_power_of_two
// CHECK-SAME: (%[[B:.*]]: i32)
// CHECK: %[[M:.*]] = arith.constant 3 : i32
// CHECK: %[[R:.*]] = arith.andi %[[B]], %[[M]] : i32
// CHECK: arith.remsi %[[B]], %{{.*}} : i32
// CHECK: return %[[R]], %{{.*}} : i32, i32
func.func @residue_power_of_two(%b: i32) -> (i32, i32) {
  %four = tail.const 4 : i32
  %five = tail.const 5 : i32
  %0 = tail.resi %four, %b : i32
  %1 = tail.resi %five, %b : i32
  return %0, %1 : i32, i32
}

// -----

// CHECK-LABEL: func.func @compare
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : i32
// CHECK: arith.cmpi sge, %{{.*}}, %{{.*}} : i32
// CHECK: arith.cmpf une, %{{.*}}, %{{.*}} : f64
// CHECK-NOT: tail.
func.func @compare(%a: i32, %b: i32, %d: f64) -> (i1, i1, i1) {
  %0 = tail.lti %a, %b : i32
  %1 = tail.gtei %a, %b : i32
  %2 = tail.neqd %d, %d : f64
  return %0, %1, %2 : i1, i1, i1
}

// -----

// CHECK-LABEL: func.func @convert
// CHECK: arith.sitofp %{{.*}} : i32 to f64
// CHECK: arith.extui %{{.*}} : i1 to i32
// floor and ceil convert as the interpreter does: clamped to the 32-bit integers, NaN to 0.
// CHECK: %[[FL:.*]] = math.floor %{{.*}} : f64
// CHECK-NEXT: %[[LO:.*]] = arith.constant -2.147483648e+09 : f64
// CHECK-NEXT: %[[HI:.*]] = arith.constant 2.147483647e+09 : f64
// CHECK-NEXT: %[[C1:.*]] = arith.maxnumf %[[FL]], %[[LO]] : f64
// CHECK-NEXT: %[[C2:.*]] = arith.minnumf %[[C1]], %[[HI]] : f64
// CHECK-NEXT: %[[ORD:.*]] = arith.cmpf ord, %[[FL]], %[[FL]] : f64
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[S:.*]] = arith.select %[[ORD]], %[[C2]], %[[Z]] : f64
// CHECK-NEXT: arith.fptosi %[[S]] : f64 to i32
// CHECK: %[[CE:.*]] = math.ceil %{{.*}} : f64
// CHECK: arith.fptosi %{{.*}} : f64 to i32
// CHECK-NOT: tail.
func.func @convert(%a: i32, %p: i1, %d: f64) -> (f64, i32, i32, i32) {
  %0 = tail.i2d %a : i32 -> f64
  %1 = tail.b2i %p : i1 -> i32
  %2 = tail.floor %d : f64 -> i32
  %3 = tail.ceil %d : f64 -> i32
  return %0, %1, %2, %3 : f64, i32, i32, i32
}

// -----

// Characters have no arith counterpart: the comparison stays a tail op on unchanged types.
// CHECK-LABEL: func.func @kept
// CHECK: tail.ltc %{{.*}}, %{{.*}} : !tail.char
func.func @kept(%c: !tail.char, %e: !tail.char) -> i1 {
  %0 = tail.ltc %c, %e : !tail.char
  return %0 : i1
}
