// RUN: tail-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @fold_unary
// CHECK-DAG: %[[SQRT:.*]] = arith.constant 3.000000e+00 : f32
// CHECK-DAG: %[[ABS:.*]] = arith.constant 2.500000e+00 : f64
// CHECK-DAG: %[[FLOOR:.*]] = arith.constant -3.000000e+00 : f32
// CHECK-DAG: %[[EXP:.*]] = arith.constant 1.000000e+00 : f64
// CHECK: return %[[SQRT]], %[[ABS]], %[[FLOOR]], %[[EXP]]
func.func @fold_unary() -> (f32, f64, f32, f64) {
  %nine = arith.constant 9.0 : f32
  %m = arith.constant -2.5 : f64
  %x = arith.constant -2.25 : f32
  %z = arith.constant 0.0 : f64
  %0 = math.sqrt %nine : f32
  %1 = math.absf %m : f64
  %2 = math.floor %x : f32
  %3 = math.exp %z : f64
  return %0, %1, %2, %3 : f32, f64, f32, f64
}

// Domain errors are left to run time.
// CHECK-LABEL: func.func @no_fold_domain_error
// CHECK: math.sqrt
func.func @no_fold_domain_error() -> f32 {
  %m = arith.constant -1.0 : f32
  %0 = math.sqrt %m : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @fold_binary
// CHECK-DAG: %[[POW:.*]] = arith.constant 1.024000e+03 : f32
// CHECK-DAG: %[[ABSI:.*]] = arith.constant 5 : i32
// CHECK: return %[[POW]], %{{.*}}, %[[ABSI]]
func.func @fold_binary() -> (f32, f32, i32) {
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %ten = arith.constant 10.0 : f32
  %one = arith.constant 1.0 : f32
  %m5 = arith.constant -5 : i32
  %0 = math.powf %two, %ten : f32
  %1 = math.fma %two, %three, %one : f32
  %2 = math.absi %m5 : i32
  return %0, %1, %2 : f32, f32, i32
}
