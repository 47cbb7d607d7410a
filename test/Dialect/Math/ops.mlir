// RUN: tail-opt %s | FileCheck %s
// RUN: tail-opt %s | tail-opt | FileCheck %s
// RUN: tail-opt %s --mlir-print-op-generic | tail-opt | FileCheck %s

// CHECK-LABEL: func.func @unary
// CHECK-SAME: (%[[X:.*]]: f32, %[[D:.*]]: f64)
func.func @unary(%x: f32, %d: f64) {
  // CHECK: math.absf %[[X]] : f32
  %0 = math.absf %x : f32
  // CHECK: math.sqrt %[[D]] : f64
  %1 = math.sqrt %d : f64
  // CHECK: math.rsqrt %[[X]] : f32
  %2 = math.rsqrt %x : f32
  // CHECK: math.exp %[[D]] : f64
  %3 = math.exp %d : f64
  // CHECK: math.exp2 %[[X]] : f32
  %4 = math.exp2 %x : f32
  // CHECK: math.expm1 %[[D]] : f64
  %5 = math.expm1 %d : f64
  // CHECK: math.log %[[X]] : f32
  %6 = math.log %x : f32
  // CHECK: math.log2 %[[D]] : f64
  %7 = math.log2 %d : f64
  // CHECK: math.log10 %[[X]] : f32
  %8 = math.log10 %x : f32
  // CHECK: math.log1p %[[D]] : f64
  %9 = math.log1p %d : f64
  // CHECK: math.sin %[[X]] : f32
  %10 = math.sin %x : f32
  // CHECK: math.cos %[[D]] : f64
  %11 = math.cos %d : f64
  // CHECK: math.tan %[[X]] : f32
  %12 = math.tan %x : f32
  // CHECK: math.tanh %[[D]] : f64
  %13 = math.tanh %d : f64
  // CHECK: math.sinh %[[X]] : f32
  %14 = math.sinh %x : f32
  // CHECK: math.cosh %[[D]] : f64
  %15 = math.cosh %d : f64
  // CHECK: math.asin %[[X]] : f32
  %16 = math.asin %x : f32
  // CHECK: math.acos %[[D]] : f64
  %17 = math.acos %d : f64
  // CHECK: math.atan %[[X]] : f32
  %18 = math.atan %x : f32
  // CHECK: math.cbrt %[[D]] : f64
  %19 = math.cbrt %d : f64
  // CHECK: math.erf %[[X]] : f32
  %20 = math.erf %x : f32
  // CHECK: math.floor %[[D]] : f64
  %21 = math.floor %d : f64
  // CHECK: math.ceil %[[X]] : f32
  %22 = math.ceil %x : f32
  // CHECK: math.round %[[D]] : f64
  %23 = math.round %d : f64
  // CHECK: math.roundeven %[[X]] : f32
  %24 = math.roundeven %x : f32
  // CHECK: math.trunc %[[D]] : f64
  %25 = math.trunc %d : f64
  return
}

// CHECK-LABEL: func.func @binary
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32)
func.func @binary(%x: f32, %y: f32) {
  // CHECK: math.atan2 %[[X]], %[[Y]] : f32
  %0 = math.atan2 %x, %y : f32
  // CHECK: math.powf %[[X]], %[[Y]] : f32
  %1 = math.powf %x, %y : f32
  // CHECK: math.copysign %[[X]], %[[Y]] : f32
  %2 = math.copysign %x, %y : f32
  // CHECK: math.fma %[[X]], %[[Y]], %[[X]] : f32
  %3 = math.fma %x, %y, %x : f32
  return
}

// CHECK-LABEL: func.func @absi
func.func @absi(%a: i32) -> i32 {
  // CHECK: math.absi %{{.*}} : i32
  %0 = math.absi %a : i32
  return %0 : i32
}
