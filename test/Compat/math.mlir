// The generic form of math ops printed by tail-opt is accepted by mlir-opt with the same
// meaning, and mlir-opt's (custom-form) output reads back into tail-opt unchanged.
// REQUIRES: mlir-opt
// RUN: tail-opt %s --mlir-print-op-generic | mlir-opt | FileCheck %s
// RUN: tail-opt %s | mlir-opt | FileCheck %s
// RUN: tail-opt %s -o %t.direct
// RUN: tail-opt %s --mlir-print-op-generic | mlir-opt | tail-opt -o %t.back
// RUN: diff %t.direct %t.back

// CHECK-LABEL: func.func @unary
// CHECK-SAME:    (%[[X:.*]]: f32, %[[D:.*]]: f64)
// CHECK-NEXT:    math.absf %[[X]] : f32
// CHECK-NEXT:    math.sqrt %[[D]] : f64
// CHECK-NEXT:    math.rsqrt %[[X]] : f32
// CHECK-NEXT:    math.exp %[[D]] : f64
// CHECK-NEXT:    math.exp2 %[[X]] : f32
// CHECK-NEXT:    math.expm1 %[[D]] : f64
// CHECK-NEXT:    math.log %[[X]] : f32
// CHECK-NEXT:    math.log2 %[[D]] : f64
// CHECK-NEXT:    math.log10 %[[X]] : f32
// CHECK-NEXT:    math.log1p %[[D]] : f64
// CHECK-NEXT:    math.sin %[[X]] : f32
// CHECK-NEXT:    math.cos %[[D]] : f64
// CHECK-NEXT:    math.tan %[[X]] : f32
// CHECK-NEXT:    math.tanh %[[D]] : f64
// CHECK-NEXT:    math.sinh %[[X]] : f32
// CHECK-NEXT:    math.cosh %[[D]] : f64
// CHECK-NEXT:    math.asin %[[X]] : f32
// CHECK-NEXT:    math.acos %[[D]] : f64
// CHECK-NEXT:    math.atan %[[X]] : f32
// CHECK-NEXT:    math.cbrt %[[D]] : f64
// CHECK-NEXT:    math.erf %[[X]] : f32
// CHECK-NEXT:    math.floor %[[D]] : f64
// CHECK-NEXT:    math.ceil %[[X]] : f32
// CHECK-NEXT:    math.round %[[D]] : f64
// CHECK-NEXT:    math.roundeven %[[X]] : f32
// CHECK-NEXT:    math.trunc %[[D]] : f64
// CHECK-NEXT:    return
func.func @unary(%x: f32, %d: f64) {
  %0 = math.absf %x : f32
  %1 = math.sqrt %d : f64
  %2 = math.rsqrt %x : f32
  %3 = math.exp %d : f64
  %4 = math.exp2 %x : f32
  %5 = math.expm1 %d : f64
  %6 = math.log %x : f32
  %7 = math.log2 %d : f64
  %8 = math.log10 %x : f32
  %9 = math.log1p %d : f64
  %10 = math.sin %x : f32
  %11 = math.cos %d : f64
  %12 = math.tan %x : f32
  %13 = math.tanh %d : f64
  %14 = math.sinh %x : f32
  %15 = math.cosh %d : f64
  %16 = math.asin %x : f32
  %17 = math.acos %d : f64
  %18 = math.atan %x : f32
  %19 = math.cbrt %d : f64
  %20 = math.erf %x : f32
  %21 = math.floor %d : f64
  %22 = math.ceil %x : f32
  %23 = math.round %d : f64
  %24 = math.roundeven %x : f32
  %25 = math.trunc %d : f64
  return
}

// CHECK-LABEL: func.func @binary
// CHECK-SAME:    (%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[A:.*]]: i32)
// CHECK-NEXT:    math.atan2 %[[X]], %[[Y]] : f32
// CHECK-NEXT:    math.powf %[[X]], %[[Y]] : f32
// CHECK-NEXT:    math.copysign %[[X]], %[[Y]] : f32
// CHECK-NEXT:    math.fma %[[X]], %[[Y]], %[[X]] : f32
// CHECK-NEXT:    math.absi %[[A]] : i32
func.func @binary(%x: f32, %y: f32, %a: i32) {
  %0 = math.atan2 %x, %y : f32
  %1 = math.powf %x, %y : f32
  %2 = math.copysign %x, %y : f32
  %3 = math.fma %x, %y, %x : f32
  %4 = math.absi %a : i32
  return
}
