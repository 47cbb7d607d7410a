// One module using every dialect tail registers (builtin, func, arith incl. cmpi/cmpf/select
// and casts, math, scf for/if/while/parallel/execute_region, memref global/alloc/alloca/load/
// store/...): tail-opt's generic and custom forms pass mlir-opt's parser and verifier and keep
// their meaning, and mlir-opt's output reads back into tail-opt as the same IR.
// (Allocations with dynamic sizes: see memref-alloc-dynamic.mlir; mlir-opt's *generic* output
// of ops with overflow/fast-math flags: see arith-math-generic-flags.mlir.)
// REQUIRES: mlir-opt
// RUN: tail-opt %s --mlir-print-op-generic | mlir-opt | FileCheck %s
// RUN: tail-opt %s | mlir-opt | FileCheck %s
// RUN: tail-opt %s -o %t.direct
// RUN: tail-opt %s --mlir-print-op-generic | mlir-opt | tail-opt -o %t.back
// RUN: diff %t.direct %t.back
// RUN: tail-opt %s | mlir-opt | tail-opt -o %t.back2
// RUN: diff %t.direct %t.back2
// The generic form itself is a fixed point through mlir-opt's custom form.
// RUN: tail-opt %s --mlir-print-op-generic -o %t.generic
// RUN: mlir-opt %t.generic | tail-opt --mlir-print-op-generic | diff %t.generic -

// CHECK-DAG: memref.global "private" constant @lut : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]>
// CHECK-DAG: memref.global @buf : memref<4xi32> = uninitialized
// CHECK-DAG: memref.global "private" @ext : memref<3xi64>
// CHECK-DAG: func.func private @decl(i32) -> i32

// CHECK-LABEL: func.func @arith(
// CHECK-DAG:     arith.constant 0 : i32
// CHECK-DAG:     arith.constant 1.500000e+00 : f32
// CHECK-DAG:     arith.constant true
// CHECK-DAG:     arith.constant dense<[1, 2]> : tensor<2xi32>
// CHECK-DAG:     arith.addi %arg0, %arg1 : i32
// CHECK-DAG:     arith.floordivsi %arg0, %arg1 : i32
// CHECK-DAG:     arith.minnumf %arg2, %arg3 : f32
// CHECK-DAG:     arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-DAG:     arith.cmpi uge, %arg0, %arg1 : i32
// CHECK-DAG:     arith.cmpi eq, %arg5, %arg5 : index
// CHECK-DAG:     arith.cmpf olt, %arg2, %arg3 : f32
// CHECK-DAG:     arith.cmpf une, %arg2, %arg3 : f32
// CHECK-DAG:     arith.cmpf true, %arg2, %arg3 : f32
// CHECK-DAG:     %[[SEL:.*]] = arith.select %arg4, %arg0, %arg1 : i32
// CHECK-DAG:     arith.select %arg4, %{{.*}}, %{{.*}} : tensor<2xi32>
// CHECK-DAG:     arith.extsi %arg7 : i8 to i32
// CHECK-DAG:     arith.trunci %arg0 : i32 to i8
// CHECK-DAG:     arith.fptoui %arg6 : f64 to i8
// CHECK-DAG:     arith.index_castui %arg0 : i32 to index
// CHECK-DAG:     arith.bitcast %arg2 : f32 to i32
// CHECK-DAG:     %[[CALL:.*]] = call @decl(%[[SEL]]) : (i32) -> i32
// CHECK:         return %[[CALL]] : i32

// CHECK-LABEL: func.func @math(
// CHECK-DAG:     math.absf %arg0 : f32
// CHECK-DAG:     math.sqrt %arg1 : f64
// CHECK-DAG:     math.atan2 %arg0, %arg2 : f32
// CHECK-DAG:     math.fma %arg0, %arg2, %arg0 : f32
// CHECK-DAG:     math.absi %arg3 : i32
// CHECK:         return

// CHECK-LABEL: func.func @scf(
// CHECK:         scf.for %{{.*}} = %arg0 to %arg1 step %arg2 {
// CHECK:         scf.for %{{.*}} = %arg0 to %arg1 step %arg2 iter_args(%{{.*}} = %{{.*}}) -> (f32) {
// CHECK:         scf.if %arg4 {
// CHECK:         scf.if %arg4 -> (f32) {
// CHECK:         } else {
// CHECK:         scf.while (%{{.*}} = %arg5) : (i32) -> i32 {
// CHECK:           scf.condition(%{{.*}}) %{{.*}} : i32
// CHECK:         } do {
// CHECK:         scf.parallel (%{{.*}}, %{{.*}}) = (%arg0, %arg0) to (%arg1, %arg1) step (%arg2, %arg2) {
// CHECK:         scf.parallel (%{{.*}}) = (%arg0) to (%arg1) step (%arg2) init (%{{.*}}) -> f32 {
// CHECK:           scf.reduce(%{{.*}} : f32) {
// CHECK:             scf.reduce.return %{{.*}} : f32
// CHECK:         scf.execute_region -> i32 {

// CHECK-LABEL: func.func @memref(
// CHECK-DAG:     %[[A:.*]] = memref.alloc() : memref<8x64xf32>
// CHECK-DAG:     memref.alloc() {alignment = 64 : i64} : memref<4x4xf32, 3>
// CHECK-DAG:     memref.alloca() : memref<16xi32>
// CHECK-DAG:     memref.load %[[A]][%arg1, %arg1] : memref<8x64xf32>
// CHECK-DAG:     memref.store %{{.*}}, %arg2[%arg1] : memref<?xf32>
// CHECK-DAG:     memref.get_global @lut : memref<2xf32>
// CHECK-DAG:     memref.dim %arg2, %{{.*}} : memref<?xf32>
// CHECK-DAG:     memref.cast %arg3 : memref<4xf32> to memref<?xf32>
// CHECK-DAG:     memref.cast %arg2 : memref<?xf32> to memref<*xf32>
// CHECK-DAG:     memref.copy %arg3, %{{.*}} : memref<4xf32> to memref<?xf32>
// CHECK-DAG:     memref.dealloc %[[A]] : memref<8x64xf32>

memref.global "private" constant @lut : memref<2xf32> = dense<[1.0, 2.0]>
memref.global @buf : memref<4xi32> = uninitialized
memref.global "private" @ext : memref<3xi64>
func.func private @decl(i32) -> i32
func.func @arith(%a: i32, %b: i32, %x: f32, %y: f32, %c: i1, %i: index, %d: f64, %s: i8) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1.5 : f32
  %ct = arith.constant true
  %cv = arith.constant dense<[1, 2]> : tensor<2xi32>
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %a, %b : i32
  %2 = arith.muli %a, %b : i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.remsi %a, %b : i32
  %6 = arith.remui %a, %b : i32
  %7 = arith.andi %a, %b : i32
  %8 = arith.ori %a, %b : i32
  %9 = arith.xori %a, %b : i32
  %10 = arith.shli %a, %b : i32
  %11 = arith.shrsi %a, %b : i32
  %12 = arith.shrui %a, %b : i32
  %13 = arith.maxsi %a, %b : i32
  %14 = arith.minui %a, %b : i32
  %15 = arith.ceildivsi %a, %b : i32
  %16 = arith.floordivsi %a, %b : i32
  %f0 = arith.addf %x, %y : f32
  %f1 = arith.subf %x, %y : f32
  %f2 = arith.mulf %x, %y : f32
  %f3 = arith.divf %x, %y : f32
  %f4 = arith.remf %x, %y : f32
  %f5 = arith.negf %x : f32
  %f6 = arith.maximumf %x, %y : f32
  %f7 = arith.minnumf %x, %y : f32
  %p0 = arith.cmpi slt, %a, %b : i32
  %p1 = arith.cmpi uge, %a, %b : i32
  %p2 = arith.cmpi eq, %i, %i : index
  %p3 = arith.cmpf olt, %x, %y : f32
  %p4 = arith.cmpf une, %x, %y : f32
  %p5 = arith.cmpf true, %x, %y : f32
  %sel = arith.select %c, %a, %b : i32
  %selv = arith.select %c, %cv, %cv : tensor<2xi32>
  %e0 = arith.extsi %s : i8 to i32
  %e1 = arith.extui %c : i1 to i32
  %e2 = arith.trunci %a : i32 to i8
  %e3 = arith.sitofp %a : i32 to f32
  %e4 = arith.uitofp %a : i32 to f64
  %e5 = arith.fptosi %x : f32 to i32
  %e6 = arith.fptoui %d : f64 to i8
  %e7 = arith.extf %x : f32 to f64
  %e8 = arith.truncf %d : f64 to f32
  %e9 = arith.index_cast %i : index to i32
  %e10 = arith.index_castui %a : i32 to index
  %e11 = arith.bitcast %x : f32 to i32
  %call = func.call @decl(%sel) : (i32) -> i32
  return %call : i32
}
func.func @math(%x: f32, %d: f64, %y: f32, %a: i32) {
  %0 = math.absf %x : f32
  %1 = math.sqrt %d : f64
  %2 = math.rsqrt %x : f32
  %3 = math.exp %d : f64
  %4 = math.exp2 %x : f32
  %5 = math.log %x : f32
  %6 = math.log2 %d : f64
  %7 = math.sin %x : f32
  %8 = math.cos %d : f64
  %9 = math.tanh %d : f64
  %10 = math.floor %d : f64
  %11 = math.ceil %x : f32
  %12 = math.atan2 %x, %y : f32
  %13 = math.powf %x, %y : f32
  %14 = math.fma %x, %y, %x : f32
  %15 = math.absi %a : i32
  %16 = math.copysign %x, %y : f32
  %17 = math.erf %x : f32
  %18 = math.trunc %d : f64
  %19 = math.round %d : f64
  %20 = math.roundeven %x : f32
  %21 = math.log1p %d : f64
  %22 = math.expm1 %d : f64
  %23 = math.cbrt %d : f64
  return
}
func.func @scf(%lb: index, %ub: index, %st: index, %m: memref<?xf32>, %c: i1, %init: i32, %n: i32) -> f32 {
  %zero = arith.constant 0.0 : f32
  scf.for %i = %lb to %ub step %st {
    %x = memref.load %m[%i] : memref<?xf32>
  }
  %sum = scf.for %i = %lb to %ub step %st iter_args(%acc = %zero) -> (f32) {
    %x = memref.load %m[%i] : memref<?xf32>
    %nx = arith.addf %acc, %x : f32
    scf.yield %nx : f32
  }
  scf.if %c {
    memref.store %zero, %m[%lb] : memref<?xf32>
  }
  %r = scf.if %c -> (f32) {
    scf.yield %sum : f32
  } else {
    scf.yield %zero : f32
  }
  %w = scf.while (%a = %init) : (i32) -> i32 {
    %cmp = arith.cmpi slt, %a, %n : i32
    scf.condition(%cmp) %a : i32
  } do {
  ^bb0(%v: i32):
    %y = arith.addi %v, %v : i32
    scf.yield %y : i32
  }
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) {
    memref.store %zero, %m[%i] : memref<?xf32>
    scf.reduce
  }
  %red = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%zero) -> f32 {
    %x = memref.load %m[%i] : memref<?xf32>
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %rr: f32):
      %s2 = arith.addf %l, %rr : f32
      scf.reduce.return %s2 : f32
    }
  }
  %e = scf.execute_region -> i32 {
    scf.yield %init : i32
  }
  return %r : f32
}
func.func @memref(%n: index, %i: index, %v: memref<?xf32>, %f: memref<4xf32>) -> index {
  %c = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32, 3>
  %a = memref.alloc() : memref<8x64xf32>
  %d = memref.alloca() : memref<16xi32>
  %x = memref.load %a[%i, %i] : memref<8x64xf32>
  memref.store %x, %v[%i] : memref<?xf32>
  %g = memref.get_global @lut : memref<2xf32>
  %c0 = arith.constant 0 : index
  %dim = memref.dim %v, %c0 : memref<?xf32>
  %cast = memref.cast %f : memref<4xf32> to memref<?xf32>
  %u = memref.cast %v : memref<?xf32> to memref<*xf32>
  memref.copy %f, %cast : memref<4xf32> to memref<?xf32>
  memref.dealloc %a : memref<8x64xf32>
  return %dim : index
}
