// The generic form of arith ops printed by tail-opt is accepted by mlir-opt with the same
// meaning (predicates, cast types, constants), and mlir-opt's output reads back into tail-opt.
// mlir-opt's *generic* output of ops with overflow or fast-math flags is covered by
// arith-generic-flags.mlir; here it is read back through its custom form.
// REQUIRES: mlir-opt
// RUN: tail-opt %s --mlir-print-op-generic | mlir-opt | FileCheck %s
// RUN: tail-opt %s | mlir-opt | FileCheck %s
// RUN: tail-opt %s -o %t.direct
// RUN: tail-opt %s --mlir-print-op-generic | mlir-opt | tail-opt -o %t.back
// RUN: diff %t.direct %t.back

// CHECK-LABEL: func.func @constants
// CHECK-DAG:     arith.constant 42 : i32
// CHECK-DAG:     arith.constant -7 : i64
// CHECK-DAG:     arith.constant 0 : index
// CHECK-DAG:     arith.constant true
// CHECK-DAG:     arith.constant 1.500000e+00 : f32
// CHECK-DAG:     arith.constant 0x7FC00000 : f32
// CHECK-DAG:     arith.constant -2.500000e-01 : f64
// CHECK-DAG:     arith.constant dense<[1, 2]> : tensor<2xi32>
// CHECK-DAG:     arith.constant dense<1.000000e+00> : tensor<2x2xf32>
func.func @constants() -> (i32, i64, index, i1, f32, f32, f64, tensor<2xi32>, tensor<2x2xf32>) {
  %0 = arith.constant 42 : i32
  %1 = arith.constant -7 : i64
  %2 = arith.constant 0 : index
  %3 = arith.constant true
  %4 = arith.constant 1.5 : f32
  %5 = arith.constant 0x7FC00000 : f32
  %6 = arith.constant -0.25 : f64
  %7 = arith.constant dense<[1, 2]> : tensor<2xi32>
  %8 = arith.constant dense<1.0> : tensor<2x2xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : i32, i64, index, i1, f32, f32, f64, tensor<2xi32>, tensor<2x2xf32>
}

// CHECK-LABEL: func.func @integer
// CHECK-SAME:    (%[[A:.*]]: i32, %[[B:.*]]: i32, %[[I:.*]]: index)
// CHECK-NEXT:    arith.addi %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.subi %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.muli %[[I]], %[[I]] : index
// CHECK-NEXT:    arith.divsi %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.divui %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.remsi %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.remui %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.ceildivsi %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.floordivsi %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.andi %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.ori %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.xori %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.shli %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.shrsi %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.shrui %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.maxsi %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.minsi %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.maxui %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.minui %[[A]], %[[B]] : i32
// CHECK-NEXT:    return
func.func @integer(%a: i32, %b: i32, %i: index) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %a, %b : i32
  %2 = arith.muli %i, %i : index
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.remsi %a, %b : i32
  %6 = arith.remui %a, %b : i32
  %7 = arith.ceildivsi %a, %b : i32
  %8 = arith.floordivsi %a, %b : i32
  %9 = arith.andi %a, %b : i32
  %10 = arith.ori %a, %b : i32
  %11 = arith.xori %a, %b : i32
  %12 = arith.shli %a, %b : i32
  %13 = arith.shrsi %a, %b : i32
  %14 = arith.shrui %a, %b : i32
  %15 = arith.maxsi %a, %b : i32
  %16 = arith.minsi %a, %b : i32
  %17 = arith.maxui %a, %b : i32
  %18 = arith.minui %a, %b : i32
  return
}

// CHECK-LABEL: func.func @float
// CHECK-SAME:    (%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[D:.*]]: f64)
// CHECK-NEXT:    arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.subf %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.mulf %[[D]], %[[D]] : f64
// CHECK-NEXT:    arith.divf %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.remf %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.maximumf %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.minimumf %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.maxnumf %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.minnumf %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.negf %[[X]] : f32
func.func @float(%x: f32, %y: f32, %d: f64) {
  %0 = arith.addf %x, %y : f32
  %1 = arith.subf %x, %y : f32
  %2 = arith.mulf %d, %d : f64
  %3 = arith.divf %x, %y : f32
  %4 = arith.remf %x, %y : f32
  %5 = arith.maximumf %x, %y : f32
  %6 = arith.minimumf %x, %y : f32
  %7 = arith.maxnumf %x, %y : f32
  %8 = arith.minnumf %x, %y : f32
  %9 = arith.negf %x : f32
  return
}

// Predicates are integers in the generic form; mlir-opt must read the same predicate back.
// CHECK-LABEL: func.func @compare_select
// CHECK-SAME:    (%[[A:.*]]: i32, %[[B:.*]]: i32, %[[X:.*]]: f32, %[[Y:.*]]: f32, %[[C:.*]]: i1)
// CHECK-NEXT:    arith.cmpi eq, %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.cmpi ne, %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.cmpi slt, %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.cmpi sle, %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.cmpi sgt, %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.cmpi sge, %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.cmpi ult, %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.cmpi ule, %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.cmpi ugt, %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.cmpi uge, %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.cmpf false, %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.cmpf oeq, %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.cmpf ogt, %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.cmpf oge, %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.cmpf olt, %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.cmpf ole, %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.cmpf one, %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.cmpf ord, %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.cmpf ueq, %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.cmpf ugt, %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.cmpf uge, %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.cmpf ult, %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.cmpf ule, %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.cmpf une, %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.cmpf uno, %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.cmpf true, %[[X]], %[[Y]] : f32
// CHECK-NEXT:    arith.select %[[C]], %[[A]], %[[B]] : i32
// CHECK-NEXT:    arith.select %[[C]], %[[X]], %[[Y]] : f32
func.func @compare_select(%a: i32, %b: i32, %x: f32, %y: f32, %c: i1) {
  %0 = arith.cmpi eq, %a, %b : i32
  %1 = arith.cmpi ne, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.cmpi sle, %a, %b : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  %5 = arith.cmpi sge, %a, %b : i32
  %6 = arith.cmpi ult, %a, %b : i32
  %7 = arith.cmpi ule, %a, %b : i32
  %8 = arith.cmpi ugt, %a, %b : i32
  %9 = arith.cmpi uge, %a, %b : i32
  %10 = arith.cmpf false, %x, %y : f32
  %11 = arith.cmpf oeq, %x, %y : f32
  %12 = arith.cmpf ogt, %x, %y : f32
  %13 = arith.cmpf oge, %x, %y : f32
  %14 = arith.cmpf olt, %x, %y : f32
  %15 = arith.cmpf ole, %x, %y : f32
  %16 = arith.cmpf one, %x, %y : f32
  %17 = arith.cmpf ord, %x, %y : f32
  %18 = arith.cmpf ueq, %x, %y : f32
  %19 = arith.cmpf ugt, %x, %y : f32
  %20 = arith.cmpf uge, %x, %y : f32
  %21 = arith.cmpf ult, %x, %y : f32
  %22 = arith.cmpf ule, %x, %y : f32
  %23 = arith.cmpf une, %x, %y : f32
  %24 = arith.cmpf uno, %x, %y : f32
  %25 = arith.cmpf true, %x, %y : f32
  %26 = arith.select %c, %a, %b : i32
  %27 = arith.select %c, %x, %y : f32
  return
}

// CHECK-LABEL: func.func @casts
// CHECK-SAME:    (%[[A:.*]]: i8, %[[B:.*]]: i32, %[[I:.*]]: index, %[[X:.*]]: f32, %[[D:.*]]: f64, %[[C:.*]]: i1)
// CHECK-NEXT:    arith.extsi %[[A]] : i8 to i32
// CHECK-NEXT:    arith.extui %[[C]] : i1 to i32
// CHECK-NEXT:    arith.trunci %[[B]] : i32 to i8
// CHECK-NEXT:    arith.sitofp %[[B]] : i32 to f32
// CHECK-NEXT:    arith.uitofp %[[B]] : i32 to f64
// CHECK-NEXT:    arith.fptosi %[[X]] : f32 to i32
// CHECK-NEXT:    arith.fptoui %[[D]] : f64 to i8
// CHECK-NEXT:    arith.extf %[[X]] : f32 to f64
// CHECK-NEXT:    arith.truncf %[[D]] : f64 to f32
// CHECK-NEXT:    arith.index_cast %[[I]] : index to i32
// CHECK-NEXT:    arith.index_castui %[[B]] : i32 to index
// CHECK-NEXT:    arith.bitcast %[[X]] : f32 to i32
func.func @casts(%a: i8, %b: i32, %i: index, %x: f32, %d: f64, %c: i1) {
  %0 = arith.extsi %a : i8 to i32
  %1 = arith.extui %c : i1 to i32
  %2 = arith.trunci %b : i32 to i8
  %3 = arith.sitofp %b : i32 to f32
  %4 = arith.uitofp %b : i32 to f64
  %5 = arith.fptosi %x : f32 to i32
  %6 = arith.fptoui %d : f64 to i8
  %7 = arith.extf %x : f32 to f64
  %8 = arith.truncf %d : f64 to f32
  %9 = arith.index_cast %i : index to i32
  %10 = arith.index_castui %b : i32 to index
  %11 = arith.bitcast %x : f32 to i32
  return
}
