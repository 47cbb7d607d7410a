// REQUIRES: mlir-opt
// RUN: tail-opt %s | FileCheck %s
// RUN: tail-opt %s | mlir-opt | FileCheck %s
// RUN: tail-opt %s --mlir-print-op-generic | mlir-opt | FileCheck %s
// RUN: tail-opt %s --mlir-print-op-generic | mlir-opt --mlir-print-op-generic | tail-opt | FileCheck %s
// RUN: mlir-opt %s --mlir-print-op-generic | tail-opt | FileCheck %s
// RUN: tail-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Integer overflow flags (`overflow<nsw, nuw>`), fast-math flags (`fastmath<fast>`) and
// truncf's rounding mode, custom and generic, as upstream spells them; the default `none`
// is left out of custom forms, also when spelled out.

// CHECK-LABEL: func.func @flags
// CHECK-NEXT: arith.addi %arg0, %arg0 overflow<nsw, nuw> : i32
// CHECK-NEXT: arith.subi %arg0, %arg0 overflow<nuw> : i32
// CHECK-NEXT: arith.muli %arg0, %arg0 overflow<nsw> : i32
// CHECK-NEXT: arith.shli %arg0, %arg0 : i32
// CHECK-NEXT: arith.trunci %arg0 overflow<nsw> : i32 to i16
// CHECK-NEXT: arith.addf %arg1, %arg1 fastmath<fast> : f32
// CHECK-NEXT: arith.mulf %arg1, %arg1 fastmath<nnan,ninf> : f32
// CHECK-NEXT: arith.subf %arg1, %arg1 fastmath<reassoc,nnan> : f32
// CHECK-NEXT: arith.cmpf olt, %arg1, %arg1 fastmath<reassoc> : f32
// CHECK-NEXT: arith.negf %arg1 fastmath<contract> : f32
// CHECK-NEXT: arith.extf %arg1 fastmath<afn> : f32 to f64
// CHECK-NEXT: arith.truncf %arg2 fastmath<arcp> : f64 to f32
// CHECK-NEXT: arith.truncf %arg2 toward_zero fastmath<nsz> : f64 to f32
// CHECK-NEXT: arith.maximumf %arg1, %arg1 fastmath<nsz> : f32
// CHECK-NEXT: arith.divf %arg1, %arg1 fastmath<fast> : f32
// CHECK-NEXT: arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: arith.addf %arg1, %arg1 : f32
// CHECK-NEXT: arith.cmpf oeq, %arg1, %arg1 : f32
// CHECK-NEXT: math.sqrt %arg1 fastmath<fast> : f32
// CHECK-NEXT: math.powf %arg1, %arg1 fastmath<afn> : f32
// CHECK-NEXT: math.fma %arg1, %arg1, %arg1 fastmath<contract> : f32
// CHECK-NEXT: math.absf %arg1 : f32
// CHECK-NEXT: return

// GENERIC: "arith.addi"(%arg0, %arg0) {overflowFlags = #arith.overflow<nsw, nuw>} : (i32, i32) -> i32
// GENERIC: "arith.mulf"(%arg1, %arg1) {fastmath = #arith.fastmath<nnan,ninf>} : (f32, f32) -> f32
// GENERIC: "arith.truncf"(%arg2) {fastmath = #arith.fastmath<nsz>, roundingmode = 3 : i32} : (f64) -> f32
// GENERIC: "arith.divf"(%arg1, %arg1) {fastmath = #arith.fastmath<fast>} : (f32, f32) -> f32
func.func @flags(%a: i32, %x: f32, %y: f64) {
  %0 = arith.addi %a, %a overflow<nuw, nsw> : i32
  %1 = arith.subi %a, %a overflow<nuw> : i32
  %2 = arith.muli %a, %a overflow<nsw> : i32
  %3 = arith.shli %a, %a overflow<none> : i32
  %4 = arith.trunci %a overflow<nsw> : i32 to i16
  %5 = arith.addf %x, %x fastmath<fast> : f32
  %6 = arith.mulf %x, %x fastmath<ninf,nnan> : f32
  %7 = arith.subf %x, %x fastmath<reassoc,nnan> : f32
  %8 = arith.cmpf olt, %x, %x fastmath<reassoc> : f32
  %9 = arith.negf %x fastmath<contract> : f32
  %10 = arith.extf %x fastmath<afn> : f32 to f64
  %11 = arith.truncf %y fastmath<arcp> : f64 to f32
  %12 = arith.truncf %y toward_zero fastmath<nsz> : f64 to f32
  %13 = arith.maximumf %x, %x fastmath<nsz> : f32
  %14 = arith.divf %x, %x fastmath<nnan, ninf, nsz, arcp, contract, afn, reassoc> : f32
  %15 = arith.addi %a, %a : i32
  %16 = arith.addf %x, %x fastmath<none> : f32
  %17 = arith.cmpf oeq, %x, %x fastmath<none> : f32
  %18 = math.sqrt %x fastmath<fast> : f32
  %19 = math.powf %x, %x fastmath<afn> : f32
  %20 = math.fma %x, %x, %x fastmath<contract> : f32
  %21 = math.absf %x : f32
  return
}
