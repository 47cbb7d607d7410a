// RUN: tail-opt %s | FileCheck %s
// RUN: tail-opt %s | tail-opt | FileCheck %s
// RUN: tail-opt %s --mlir-print-op-generic | tail-opt | FileCheck %s

// CHECK-LABEL: func.func @constants
func.func @constants() -> (i32, i64, index, i1, i1, f32, f64, tensor<2xi32>, tensor<2x2xf32>) {
  // CHECK: arith.constant 42 : i32
  %0 = arith.constant 42 : i32
  // CHECK: arith.constant -7 : i64
  %1 = arith.constant -7 : i64
  // CHECK: arith.constant 0 : index
  %2 = arith.constant 0 : index
  // CHECK: arith.constant true
  %3 = arith.constant true
  // CHECK: arith.constant false
  %4 = arith.constant false
  // CHECK: arith.constant 1.500000e+00 : f32
  %5 = arith.constant 1.5 : f32
  // CHECK: arith.constant -2.500000e-01 : f64
  %6 = arith.constant -0.25 : f64
  // CHECK: arith.constant dense<[1, 2]> : tensor<2xi32>
  %7 = arith.constant dense<[1, 2]> : tensor<2xi32>
  // CHECK: arith.constant dense<1.000000e+00> : tensor<2x2xf32>
  %8 = arith.constant dense<1.0> : tensor<2x2xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : i32, i64, index, i1, i1, f32, f64, tensor<2xi32>, tensor<2x2xf32>
}

// CHECK-LABEL: func.func @int_binary
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32, %[[I:.*]]: index)
func.func @int_binary(%a: i32, %b: i32, %i: index) {
  // CHECK: arith.addi %[[A]], %[[B]] : i32
  %0 = arith.addi %a, %b : i32
  // CHECK: arith.subi %[[A]], %[[B]] : i32
  %1 = arith.subi %a, %b : i32
  // CHECK: arith.muli %[[I]], %[[I]] : index
  %2 = arith.muli %i, %i : index
  // CHECK: arith.divsi %[[A]], %[[B]] : i32
  %3 = arith.divsi %a, %b : i32
  // CHECK: arith.divui %[[A]], %[[B]] : i32
  %4 = arith.divui %a, %b : i32
  // CHECK: arith.remsi %[[A]], %[[B]] : i32
  %5 = arith.remsi %a, %b : i32
  // CHECK: arith.remui %[[A]], %[[B]] : i32
  %6 = arith.remui %a, %b : i32
  // CHECK: arith.ceildivsi %[[A]], %[[B]] : i32
  %7 = arith.ceildivsi %a, %b : i32
  // CHECK: arith.floordivsi %[[A]], %[[B]] : i32
  %8 = arith.floordivsi %a, %b : i32
  // CHECK: arith.andi %[[A]], %[[B]] : i32
  %9 = arith.andi %a, %b : i32
  // CHECK: arith.ori %[[A]], %[[B]] : i32
  %10 = arith.ori %a, %b : i32
  // CHECK: arith.xori %[[A]], %[[B]] : i32
  %11 = arith.xori %a, %b : i32
  // CHECK: arith.shli %[[A]], %[[B]] : i32
  %12 = arith.shli %a, %b : i32
  // CHECK: arith.shrsi %[[A]], %[[B]] : i32
  %13 = arith.shrsi %a, %b : i32
  // CHECK: arith.shrui %[[A]], %[[B]] : i32
  %14 = arith.shrui %a, %b : i32
  // CHECK: arith.maxsi %[[A]], %[[B]] : i32
  %15 = arith.maxsi %a, %b : i32
  // CHECK: arith.minsi %[[A]], %[[B]] : i32
  %16 = arith.minsi %a, %b : i32
  // CHECK: arith.maxui %[[A]], %[[B]] : i32
  %17 = arith.maxui %a, %b : i32
  // CHECK: arith.minui %[[A]], %[[B]] : i32
  %18 = arith.minui %a, %b : i32
  return
}

// CHECK-LABEL: func.func @float_binary
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[D:.*]]: f64)
func.func @float_binary(%x: f32, %y: f32, %d: f64) {
  // CHECK: arith.addf %[[X]], %[[Y]] : f32
  %0 = arith.addf %x, %y : f32
  // CHECK: arith.subf %[[X]], %[[Y]] : f32
  %1 = arith.subf %x, %y : f32
  // CHECK: arith.mulf %[[D]], %[[D]] : f64
  %2 = arith.mulf %d, %d : f64
  // CHECK: arith.divf %[[X]], %[[Y]] : f32
  %3 = arith.divf %x, %y : f32
  // CHECK: arith.remf %[[X]], %[[Y]] : f32
  %4 = arith.remf %x, %y : f32
  // CHECK: arith.maximumf %[[X]], %[[Y]] : f32
  %5 = arith.maximumf %x, %y : f32
  // CHECK: arith.minimumf %[[X]], %[[Y]] : f32
  %6 = arith.minimumf %x, %y : f32
  // CHECK: arith.maxnumf %[[X]], %[[Y]] : f32
  %7 = arith.maxnumf %x, %y : f32
  // CHECK: arith.minnumf %[[X]], %[[Y]] : f32
  %8 = arith.minnumf %x, %y : f32
  // CHECK: arith.negf %[[X]] : f32
  %9 = arith.negf %x : f32
  return
}

// CHECK-LABEL: func.func @compare_select
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32, %[[X:.*]]: f32, %[[Y:.*]]: f32, %[[C:.*]]: i1)
func.func @compare_select(%a: i32, %b: i32, %x: f32, %y: f32, %c: i1) {
  // CHECK: arith.cmpi eq, %[[A]], %[[B]] : i32
  %0 = arith.cmpi eq, %a, %b : i32
  // CHECK: arith.cmpi ne, %[[A]], %[[B]] : i32
  %1 = arith.cmpi ne, %a, %b : i32
  // CHECK: arith.cmpi slt, %[[A]], %[[B]] : i32
  %2 = arith.cmpi slt, %a, %b : i32
  // CHECK: arith.cmpi sle, %[[A]], %[[B]] : i32
  %3 = arith.cmpi sle, %a, %b : i32
  // CHECK: arith.cmpi sgt, %[[A]], %[[B]] : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  // CHECK: arith.cmpi sge, %[[A]], %[[B]] : i32
  %5 = arith.cmpi sge, %a, %b : i32
  // CHECK: arith.cmpi ult, %[[A]], %[[B]] : i32
  %6 = arith.cmpi ult, %a, %b : i32
  // CHECK: arith.cmpi ule, %[[A]], %[[B]] : i32
  %7 = arith.cmpi ule, %a, %b : i32
  // CHECK: arith.cmpi ugt, %[[A]], %[[B]] : i32
  %8 = arith.cmpi ugt, %a, %b : i32
  // CHECK: arith.cmpi uge, %[[A]], %[[B]] : i32
  %9 = arith.cmpi uge, %a, %b : i32
  // CHECK: arith.cmpf false, %[[X]], %[[Y]] : f32
  %10 = arith.cmpf false, %x, %y : f32
  // CHECK: arith.cmpf oeq, %[[X]], %[[Y]] : f32
  %11 = arith.cmpf oeq, %x, %y : f32
  // CHECK: arith.cmpf ogt, %[[X]], %[[Y]] : f32
  %12 = arith.cmpf ogt, %x, %y : f32
  // CHECK: arith.cmpf oge, %[[X]], %[[Y]] : f32
  %13 = arith.cmpf oge, %x, %y : f32
  // CHECK: arith.cmpf olt, %[[X]], %[[Y]] : f32
  %14 = arith.cmpf olt, %x, %y : f32
  // CHECK: arith.cmpf ole, %[[X]], %[[Y]] : f32
  %15 = arith.cmpf ole, %x, %y : f32
  // CHECK: arith.cmpf one, %[[X]], %[[Y]] : f32
  %16 = arith.cmpf one, %x, %y : f32
  // CHECK: arith.cmpf ord, %[[X]], %[[Y]] : f32
  %17 = arith.cmpf ord, %x, %y : f32
  // CHECK: arith.cmpf ueq, %[[X]], %[[Y]] : f32
  %18 = arith.cmpf ueq, %x, %y : f32
  // CHECK: arith.cmpf ugt, %[[X]], %[[Y]] : f32
  %19 = arith.cmpf ugt, %x, %y : f32
  // CHECK: arith.cmpf uge, %[[X]], %[[Y]] : f32
  %20 = arith.cmpf uge, %x, %y : f32
  // CHECK: arith.cmpf ult, %[[X]], %[[Y]] : f32
  %21 = arith.cmpf ult, %x, %y : f32
  // CHECK: arith.cmpf ule, %[[X]], %[[Y]] : f32
  %22 = arith.cmpf ule, %x, %y : f32
  // CHECK: arith.cmpf une, %[[X]], %[[Y]] : f32
  %23 = arith.cmpf une, %x, %y : f32
  // CHECK: arith.cmpf uno, %[[X]], %[[Y]] : f32
  %24 = arith.cmpf uno, %x, %y : f32
  // CHECK: arith.cmpf true, %[[X]], %[[Y]] : f32
  %25 = arith.cmpf true, %x, %y : f32
  // CHECK: arith.select %[[C]], %[[A]], %[[B]] : i32
  %26 = arith.select %c, %a, %b : i32
  // CHECK: arith.select %[[C]], %[[X]], %[[Y]] : f32
  %27 = arith.select %c, %x, %y : f32
  return
}

// CHECK-LABEL: func.func @casts
// CHECK-SAME: (%[[A:.*]]: i8, %[[B:.*]]: i32, %[[I:.*]]: index, %[[X:.*]]: f32, %[[D:.*]]: f64, %[[C:.*]]: i1)
func.func @casts(%a: i8, %b: i32, %i: index, %x: f32, %d: f64, %c: i1) {
  // CHECK: arith.extsi %[[A]] : i8 to i32
  %0 = arith.extsi %a : i8 to i32
  // CHECK: arith.extui %[[C]] : i1 to i32
  %1 = arith.extui %c : i1 to i32
  // CHECK: arith.trunci %[[B]] : i32 to i8
  %2 = arith.trunci %b : i32 to i8
  // CHECK: arith.sitofp %[[B]] : i32 to f32
  %3 = arith.sitofp %b : i32 to f32
  // CHECK: arith.uitofp %[[B]] : i32 to f64
  %4 = arith.uitofp %b : i32 to f64
  // CHECK: arith.fptosi %[[X]] : f32 to i32
  %5 = arith.fptosi %x : f32 to i32
  // CHECK: arith.fptoui %[[D]] : f64 to i8
  %6 = arith.fptoui %d : f64 to i8
  // CHECK: arith.extf %[[X]] : f32 to f64
  %7 = arith.extf %x : f32 to f64
  // CHECK: arith.truncf %[[D]] : f64 to f32
  %8 = arith.truncf %d : f64 to f32
  // CHECK: arith.index_cast %[[I]] : index to i32
  %9 = arith.index_cast %i : index to i32
  // CHECK: arith.index_cast %[[B]] : i32 to index
  %10 = arith.index_cast %b : i32 to index
  // CHECK: arith.index_castui %[[B]] : i32 to index
  %11 = arith.index_castui %b : i32 to index
  // CHECK: arith.bitcast %[[X]] : f32 to i32
  %12 = arith.bitcast %x : f32 to i32
  // CHECK: arith.bitcast %[[D]] : f64 to i64
  %13 = arith.bitcast %d : f64 to i64
  return
}

// CHECK-LABEL: func.func @attrs
func.func @attrs(%a: i32) -> i32 {
  // CHECK: arith.addi %{{.*}}, %{{.*}} {tail.tag = 1 : i64} : i32
  %0 = arith.addi %a, %a {tail.tag = 1 : i64} : i32
  return %0 : i32
}
