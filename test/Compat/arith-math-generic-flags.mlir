// mlir-opt's generic form spells out the default flags of arith and math ops as properties:
// `<{overflowFlags = #arith.overflow<none>}>` on addi/subi/muli/shli/trunci and
// `<{fastmath = #arith.fastmath<none>}>` on float arith ops, cmpf and every float math op.
// Reading that back must give the same ops, whose custom forms leave the default flags out.
// REQUIRES: mlir-opt
// RUN: tail-opt %s --mlir-print-op-generic | mlir-opt --mlir-print-op-generic | tail-opt | FileCheck %s

// CHECK-LABEL: func.func @flags
// CHECK-NEXT:    arith.addi
// CHECK-NEXT:    arith.trunci
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    arith.cmpf olt
// CHECK-NEXT:    math.sqrt
func.func @flags(%a: i32, %x: f32) -> (i32, i16, f32, i1, f32) {
  %0 = arith.addi %a, %a : i32
  %1 = arith.trunci %a : i32 to i16
  %2 = arith.addf %x, %x : f32
  %3 = arith.cmpf olt, %x, %x : f32
  %4 = math.sqrt %x : f32
  return %0, %1, %2, %3, %4 : i32, i16, f32, i1, f32
}
