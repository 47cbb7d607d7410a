// RUN: tail-opt %s --canonicalize | FileCheck %s

// ----- constant folding ------------------------------------------------------------------------

// CHECK-LABEL: func.func @fold_addi
// CHECK-NEXT: %[[C:.*]] = arith.constant 5 : i32
// CHECK-NEXT: return %[[C]]
func.func @fold_addi() -> i32 {
  %a = arith.constant 2 : i32
  %b = arith.constant 3 : i32
  %0 = arith.addi %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @fold_wraparound
// CHECK-DAG: %[[A:.*]] = arith.constant -128 : i8
// CHECK-DAG: %[[B:.*]] = arith.constant 0 : i8
// CHECK-DAG: %[[C:.*]] = arith.constant -2 : i8
// CHECK: return %[[A]], %[[B]], %[[C]] : i8, i8, i8
func.func @fold_wraparound() -> (i8, i8, i8) {
  %max = arith.constant 127 : i8
  %one = arith.constant 1 : i8
  %m1 = arith.constant -1 : i8
  %c16 = arith.constant 16 : i8
  %0 = arith.addi %max, %one : i8
  %1 = arith.muli %c16, %c16 : i8
  %2 = arith.addi %max, %max : i8
  return %0, %1, %2 : i8, i8, i8
}

// CHECK-LABEL: func.func @fold_division
// CHECK-DAG: %[[Q:.*]] = arith.constant -3 : i32
// CHECK-DAG: %[[U:.*]] = arith.constant 127 : i8
// CHECK-DAG: %[[R:.*]] = arith.constant -1 : i32
// CHECK-DAG: %[[CEIL:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[FLOOR:.*]] = arith.constant -4 : i32
// CHECK: return %[[Q]], %[[U]], %[[R]], %[[CEIL]], %[[FLOOR]]
func.func @fold_division() -> (i32, i8, i32, i32, i32) {
  %c7 = arith.constant 7 : i32
  %cm7 = arith.constant -7 : i32
  %c2 = arith.constant 2 : i32
  %cm2 = arith.constant -2 : i32
  %m1 = arith.constant -1 : i8
  %u2 = arith.constant 2 : i8
  %0 = arith.divsi %c7, %cm2 : i32
  %1 = arith.divui %m1, %u2 : i8
  %2 = arith.remsi %cm7, %c2 : i32
  %3 = arith.ceildivsi %c7, %c2 : i32
  %4 = arith.floordivsi %cm7, %c2 : i32
  return %0, %1, %2, %3, %4 : i32, i8, i32, i32, i32
}

// Division by zero and signed overflow are undefined: not folded.
// CHECK-LABEL: func.func @no_fold_undefined_division
// CHECK: arith.divsi
// CHECK: arith.divsi
// CHECK: arith.remui
// CHECK: arith.ceildivsi
func.func @no_fold_undefined_division() -> (i32, i8, i32, i8) {
  %c7 = arith.constant 7 : i32
  %c0 = arith.constant 0 : i32
  %min = arith.constant -128 : i8
  %m1 = arith.constant -1 : i8
  %0 = arith.divsi %c7, %c0 : i32
  %1 = arith.divsi %min, %m1 : i8
  %2 = arith.remui %c7, %c0 : i32
  %3 = arith.ceildivsi %min, %m1 : i8
  return %0, %1, %2, %3 : i32, i8, i32, i8
}

// CHECK-LABEL: func.func @fold_bitwise_and_shifts
// CHECK-DAG: %[[A:.*]] = arith.constant 15 : i32
// CHECK-DAG: %[[B:.*]] = arith.constant -128 : i8
// CHECK-DAG: %[[C:.*]] = arith.constant 1 : i8
// CHECK-DAG: %[[D:.*]] = arith.constant -1 : i8
// CHECK-DAG: %[[E:.*]] = arith.constant 255 : i32
// CHECK: %[[SH:.*]] = arith.shli %{{.*}}, %{{.*}} : i8
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]], %[[SH]]
func.func @fold_bitwise_and_shifts() -> (i32, i8, i8, i8, i32, i8) {
  %a = arith.constant 255 : i32
  %b = arith.constant 15 : i32
  %one = arith.constant 1 : i8
  %seven = arith.constant 7 : i8
  %eight = arith.constant 8 : i8
  %min = arith.constant -128 : i8
  %0 = arith.andi %a, %b : i32
  %1 = arith.shli %one, %seven : i8
  %2 = arith.shrui %min, %seven : i8
  %3 = arith.shrsi %min, %seven : i8
  %4 = arith.maxui %a, %b : i32
  // A shift by the bit width is poison: not folded.
  %5 = arith.shli %one, %eight : i8
  return %0, %1, %2, %3, %4, %5 : i32, i8, i8, i8, i32, i8
}

// CHECK-LABEL: func.func @fold_compare
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[F:.*]] = arith.constant false
// CHECK: return %[[T]], %[[F]], %[[T]], %[[T]], %[[F]], %[[T]], %[[T]]
func.func @fold_compare(%x: i32) -> (i1, i1, i1, i1, i1, i1, i1) {
  %m1 = arith.constant -1 : i32
  %c1 = arith.constant 1 : i32
  %0 = arith.cmpi slt, %m1, %c1 : i32
  %1 = arith.cmpi ult, %m1, %c1 : i32
  %2 = arith.cmpi eq, %x, %x : i32
  %3 = arith.cmpi sge, %x, %x : i32
  %4 = arith.cmpi ne, %x, %x : i32
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %5 = arith.cmpf olt, %f1, %f2 : f32
  %6 = arith.cmpf ult, %nan, %f1 : f32
  return %0, %1, %2, %3, %4, %5, %6 : i1, i1, i1, i1, i1, i1, i1
}

// CHECK-LABEL: func.func @fold_casts
// CHECK-DAG: %[[A:.*]] = arith.constant -1 : i32
// CHECK-DAG: %[[B:.*]] = arith.constant 255 : i32
// CHECK-DAG: %[[C:.*]] = arith.constant 1 : i8
// CHECK-DAG: %[[D:.*]] = arith.constant -1 : index
// CHECK-DAG: %[[E:.*]] = arith.constant -2.500000e+00 : f32
// CHECK-DAG: %[[F:.*]] = arith.constant -2 : i32
// CHECK-DAG: %[[G:.*]] = arith.constant 1065353216 : i32
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]], %[[F]], %[[G]]
func.func @fold_casts() -> (i32, i32, i8, index, f32, i32, i32) {
  %m1 = arith.constant -1 : i8
  %c257 = arith.constant 257 : i32
  %cm1 = arith.constant -1 : i32
  %f = arith.constant -2.5 : f32
  %one = arith.constant 1.0 : f32
  %i = arith.constant -5 : i32
  %0 = arith.extsi %m1 : i8 to i32
  %1 = arith.extui %m1 : i8 to i32
  %2 = arith.trunci %c257 : i32 to i8
  %3 = arith.index_cast %cm1 : i32 to index
  %h = arith.constant 2 : i32
  %q = arith.sitofp %i : i32 to f32
  %hf = arith.sitofp %h : i32 to f32
  %4 = arith.divf %q, %hf : f32
  %5 = arith.fptosi %f : f32 to i32
  %6 = arith.bitcast %one : f32 to i32
  return %0, %1, %2, %3, %4, %5, %6 : i32, i32, i8, index, f32, i32, i32
}

// f32 arithmetic is folded in f32: 1e20 * 1e20 overflows to infinity.
// CHECK-LABEL: func.func @fold_f32_precision
// CHECK-DAG: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK-DAG: %[[BIG:.*]] = arith.constant 1.000000e+40 : f64
// CHECK: return %[[INF]], %[[BIG]]
func.func @fold_f32_precision() -> (f32, f64) {
  %a = arith.constant 1.0e20 : f32
  %b = arith.constant 1.0e20 : f64
  %0 = arith.mulf %a, %a : f32
  %1 = arith.mulf %b, %b : f64
  return %0, %1 : f32, f64
}

// CHECK-LABEL: func.func @fold_float_ops
// CHECK-DAG: %[[A:.*]] = arith.constant 4.500000e+00 : f64
// CHECK-DAG: %[[B:.*]] = arith.constant -1.500000e+00 : f64
// CHECK-DAG: %[[C:.*]] = arith.constant 5.000000e-01 : f64
// CHECK: return %[[A]], %[[B]], %[[C]]
func.func @fold_float_ops() -> (f64, f64, f64) {
  %a = arith.constant 1.5 : f64
  %b = arith.constant 3.0 : f64
  %0 = arith.addf %a, %b : f64
  %1 = arith.negf %a : f64
  %2 = arith.remf %b, %a : f64
  %3 = arith.subf %0, %b : f64
  %4 = arith.maximumf %3, %2 : f64
  %5 = arith.divf %b, %3 : f64
  %6 = arith.subf %5, %a : f64
  return %0, %1, %6 : f64, f64, f64
}

// ----- identities ------------------------------------------------------------------------------

// CHECK-LABEL: func.func @int_identities
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK-DAG: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NOT: arith.addi
// CHECK-NOT: arith.subi
// CHECK-NOT: arith.muli
// CHECK: return %[[X]], %[[X]], %[[X]], %[[Z]], %[[Z]], %[[X]], %[[X]], %[[X]], %[[Z]], %[[Z]], %[[X]], %[[X]], %[[Z]]
func.func @int_identities(%x: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %x, %c0 : i32
  %1 = arith.subi %x, %c0 : i32
  %2 = arith.muli %x, %c1 : i32
  %3 = arith.muli %x, %c0 : i32
  %4 = arith.subi %x, %x : i32
  %5 = arith.divsi %x, %c1 : i32
  %6 = arith.andi %x, %x : i32
  %7 = arith.ori %x, %x : i32
  %8 = arith.xori %x, %x : i32
  %9 = arith.andi %x, %c0 : i32
  %10 = arith.ori %x, %c0 : i32
  %11 = arith.shli %x, %c0 : i32
  %12 = arith.remui %x, %c1 : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}

// CHECK-LABEL: func.func @add_sub_cancel
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NEXT: return %[[X]], %[[X]] : i32, i32
func.func @add_sub_cancel(%x: i32, %y: i32) -> (i32, i32) {
  %0 = arith.addi %x, %y : i32
  %1 = arith.subi %0, %y : i32
  %2 = arith.subi %x, %y : i32
  %3 = arith.addi %2, %y : i32
  return %1, %3 : i32, i32
}

// CHECK-LABEL: func.func @float_identities
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK-NEXT: return %[[X]], %[[X]], %[[X]], %[[X]], %[[X]] : f32, f32, f32, f32, f32
func.func @float_identities(%x: f32) -> (f32, f32, f32, f32, f32) {
  %mz = arith.constant -0.0 : f32
  %one = arith.constant 1.0 : f32
  %0 = arith.addf %x, %mz : f32
  %1 = arith.mulf %x, %one : f32
  %2 = arith.divf %x, %one : f32
  %n = arith.negf %x : f32
  %3 = arith.negf %n : f32
  %4 = arith.maximumf %x, %x : f32
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
}

// x + 0.0 is not x when x is -0.0: not folded.
// CHECK-LABEL: func.func @no_fold_add_positive_zero
// CHECK: arith.addf
func.func @no_fold_add_positive_zero(%x: f32) -> f32 {
  %z = arith.constant 0.0 : f32
  %0 = arith.addf %x, %z : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @select_folds
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-NEXT: return %[[A]], %[[B]], %[[A]], %[[C]] : i32, i32, i32, i1
func.func @select_folds(%c: i1, %a: i32, %b: i32) -> (i32, i32, i32, i1) {
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.select %t, %a, %b : i32
  %1 = arith.select %f, %a, %b : i32
  %2 = arith.select %c, %a, %a : i32
  %3 = arith.select %c, %t, %f : i1
  return %0, %1, %2, %3 : i32, i32, i32, i1
}

// ----- canonicalization patterns ----------------------------------------------------------------

// CHECK-LABEL: func.func @addi_reassociate
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK: %[[C:.*]] = arith.constant 3 : i32
// CHECK: %[[R:.*]] = arith.addi %[[X]], %[[C]] : i32
// CHECK: return %[[R]]
func.func @addi_reassociate(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %x, %c1 : i32
  %1 = arith.addi %0, %c2 : i32
  return %1 : i32
}

// Constants move to the right-hand side of commutative ops.
// CHECK-LABEL: func.func @constant_to_rhs
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK: %[[C:.*]] = arith.constant 7 : i32
// CHECK: %[[R:.*]] = arith.muli %[[X]], %[[C]] : i32
// CHECK: return %[[R]]
func.func @constant_to_rhs(%x: i32) -> i32 {
  %c7 = arith.constant 7 : i32
  %0 = arith.muli %c7, %x : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @subi_reassociate
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : i32
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[R0:.*]] = arith.addi %[[X]], %[[C5]] : i32
// CHECK-DAG: %[[R1:.*]] = arith.subi %[[C1]], %[[X]] : i32
// CHECK: return %[[R0]], %[[R1]]
func.func @subi_reassociate(%x: i32) -> (i32, i32) {
  %c2 = arith.constant 2 : i32
  %c7 = arith.constant 7 : i32
  %c8 = arith.constant 8 : i32
  // (x + 7) - 2 = x + 5
  %0 = arith.addi %x, %c7 : i32
  %1 = arith.subi %0, %c2 : i32
  // 8 - (x + 7) = 1 - x
  %2 = arith.subi %c8, %0 : i32
  return %1, %2 : i32, i32
}

// CHECK-LABEL: func.func @muli_reassociate
// CHECK-SAME: (%[[X:.*]]: index)
// CHECK: %[[C:.*]] = arith.constant 12 : index
// CHECK: %[[R:.*]] = arith.muli %[[X]], %[[C]] : index
// CHECK: return %[[R]]
func.func @muli_reassociate(%x: index) -> index {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %0 = arith.muli %x, %c3 : index
  %1 = arith.muli %0, %c4 : index
  return %1 : index
}

// CHECK-LABEL: func.func @cmpi_constant_lhs
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK: %[[R:.*]] = arith.cmpi sgt, %[[X]], %{{.*}} : i32
// CHECK: return %[[R]]
func.func @cmpi_constant_lhs(%x: i32) -> i1 {
  %c5 = arith.constant 5 : i32
  %0 = arith.cmpi slt, %c5, %x : i32
  return %0 : i1
}

// CHECK-LABEL: func.func @not_cmpi
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-NEXT: %[[R:.*]] = arith.cmpi sge, %[[A]], %[[B]] : i32
// CHECK-NEXT: return %[[R]]
func.func @not_cmpi(%a: i32, %b: i32) -> i1 {
  %t = arith.constant true
  %0 = arith.cmpi slt, %a, %b : i32
  %1 = arith.xori %0, %t : i1
  return %1 : i1
}

// CHECK-LABEL: func.func @cmpi_of_extsi
// CHECK-SAME: (%[[A:.*]]: i8, %[[B:.*]]: i8)
// CHECK-NEXT: %[[R:.*]] = arith.cmpi eq, %[[A]], %[[B]] : i8
// CHECK-NEXT: return %[[R]]
func.func @cmpi_of_extsi(%a: i8, %b: i8) -> i1 {
  %0 = arith.extsi %a : i8 to i32
  %1 = arith.extsi %b : i8 to i32
  %2 = arith.cmpi eq, %0, %1 : i32
  return %2 : i1
}

// CHECK-LABEL: func.func @index_cast_round_trip
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK-NEXT: return %[[X]] : i32
func.func @index_cast_round_trip(%x: i32) -> i32 {
  %0 = arith.index_cast %x : i32 to index
  %1 = arith.index_cast %0 : index to i32
  return %1 : i32
}

// CHECK-LABEL: func.func @select_to_extui
// CHECK-SAME: (%[[C:.*]]: i1)
// CHECK-NEXT: %[[R:.*]] = arith.extui %[[C]] : i1 to i32
// CHECK-NEXT: return %[[R]]
func.func @select_to_extui(%c: i1) -> i32 {
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %0 = arith.select %c, %one, %zero : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @select_not_condition
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-NEXT: %[[R:.*]] = arith.select %[[C]], %[[B]], %[[A]] : i32
// CHECK-NEXT: return %[[R]]
func.func @select_not_condition(%c: i1, %a: i32, %b: i32) -> i32 {
  %t = arith.constant true
  %n = arith.xori %c, %t : i1
  %0 = arith.select %n, %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @extsi_of_extui
// CHECK-SAME: (%[[X:.*]]: i8)
// CHECK-NEXT: %[[R:.*]] = arith.extui %[[X]] : i8 to i64
// CHECK-NEXT: return %[[R]]
func.func @extsi_of_extui(%x: i8) -> i64 {
  %0 = arith.extui %x : i8 to i32
  %1 = arith.extsi %0 : i32 to i64
  return %1 : i64
}

// ----- the floor of an integer quotient ------------------------------------------------------

// CHECK-LABEL: func.func @floor_int_quotient
// CHECK-DAG: %[[C:.*]] = arith.constant 100 : i32
// CHECK-DAG: %[[M:.*]] = arith.constant -7 : i32
// CHECK-DAG: %[[Q:.*]] = arith.floordivsi %arg0, %[[C]] : i32
// CHECK-DAG: %[[R:.*]] = arith.floordivsi %arg0, %[[M]] : i32
// CHECK-DAG: %[[W:.*]] = arith.extsi %[[R]] : i32 to i64
// CHECK-NOT: math.floor
// CHECK: return %[[Q]], %[[W]]
func.func @floor_int_quotient(%a: i32) -> (i32, i64) {
  %f = arith.sitofp %a : i32 to f64
  %c = arith.constant 100.0 : f64
  %d = arith.divf %f, %c : f64
  %l = math.floor %d : f64
  %r = arith.fptosi %l : f64 to i32
  %m7 = arith.constant -7 : i32
  %m = arith.sitofp %m7 : i32 to f64
  %e = arith.divf %f, %m : f64
  %k = math.floor %e : f64
  %s = arith.fptosi %k : f64 to i64
  return %r, %s : i32, i64
}

// Not an integer quotient: a fractional or zero divisor, an i64 numerator, f32 division.
// CHECK-LABEL: func.func @floor_not_int_quotient
// CHECK-NOT: floordivsi
// CHECK-COUNT-4: math.floor
func.func @floor_not_int_quotient(%a: i32, %b: i64) -> (i32, i32, i32, i32) {
  %f = arith.sitofp %a : i32 to f64
  %h = arith.constant 2.5 : f64
  %d = arith.divf %f, %h : f64
  %l = math.floor %d : f64
  %r = arith.fptosi %l : f64 to i32
  %z = arith.constant 0.0 : f64
  %d2 = arith.divf %f, %z : f64
  %l2 = math.floor %d2 : f64
  %r2 = arith.fptosi %l2 : f64 to i32
  %g = arith.sitofp %b : i64 to f64
  %c = arith.constant 4.0 : f64
  %d3 = arith.divf %g, %c : f64
  %l3 = math.floor %d3 : f64
  %r3 = arith.fptosi %l3 : f64 to i32
  %s = arith.sitofp %a : i32 to f32
  %c4 = arith.constant 4.0 : f32
  %d4 = arith.divf %s, %c4 : f32
  %l4 = math.floor %d4 : f32
  %r4 = arith.fptosi %l4 : f32 to i32
  return %r, %r2, %r3, %r4 : i32, i32, i32, i32
}

// The floor clamped to the 32-bit integers with NaN made 0 (how tail-to-soac converts ⌊):
// the quotient of an i32 by a constant other than -1 always fits, so the same integer
// division; by -1 (-2^31 ÷ -1 = 2^31 does not fit: the clamp gives 2^31 - 1) the floor stays.
// CHECK-LABEL: func.func @floor_int_quotient_clamped
// CHECK-DAG: %[[C:.*]] = arith.constant 100 : i32
// CHECK-DAG: %[[Q:.*]] = arith.floordivsi %arg0, %[[C]] : i32
// CHECK-COUNT-1: math.floor
// CHECK-NOT: math.floor
// CHECK: return %[[Q]], %{{.*}} : i32, i32
func.func @floor_int_quotient_clamped(%a: i32) -> (i32, i32) {
  %f = arith.sitofp %a : i32 to f64
  %lo = arith.constant -2147483648.0 : f64
  %hi = arith.constant 2147483647.0 : f64
  %zero = arith.constant 0.0 : f64
  %c = arith.constant 100.0 : f64
  %d = arith.divf %f, %c : f64
  %l = math.floor %d : f64
  %l1 = arith.maxnumf %l, %lo : f64
  %l2 = arith.minnumf %l1, %hi : f64
  %o = arith.cmpf ord, %l, %l : f64
  %l3 = arith.select %o, %l2, %zero : f64
  %r = arith.fptosi %l3 : f64 to i32
  %m = arith.constant -1.0 : f64
  %e = arith.divf %f, %m : f64
  %k = math.floor %e : f64
  %k1 = arith.maxnumf %k, %lo : f64
  %k2 = arith.minnumf %k1, %hi : f64
  %p = arith.cmpf ord, %k, %k : f64
  %k3 = arith.select %p, %k2, %zero : f64
  %s = arith.fptosi %k3 : f64 to i32
  return %r, %s : i32, i32
}

// ----- quotient and remainder put back together ----------------------------------------------

// CHECK-LABEL: func.func @div_rem
// CHECK-SAME:    (%[[X:.*]]: index, %[[C:.*]]: index, %[[D:.*]]: index)
// CHECK-NEXT:    %[[R:.*]] = arith.remui %[[X]], %[[C]]
// CHECK-NEXT:    %[[Q:.*]] = arith.divui %[[X]], %[[D]]
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[Q]], %[[D]]
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[M]], %[[R]]
// CHECK-NEXT:    return %[[X]], %[[X]], %[[S]]
func.func @div_rem(%x: index, %c: index, %d: index) -> (index, index, index) {
  %q = arith.divui %x, %c : index
  %m = arith.muli %q, %c : index
  %r = arith.remui %x, %c : index
  %s = arith.addi %m, %r : index
  %m2 = arith.muli %c, %q : index
  %s2 = arith.addi %r, %m2 : index
  %q3 = arith.divui %x, %d : index
  %m3 = arith.muli %q3, %d : index
  %s3 = arith.addi %m3, %r : index
  return %s, %s2, %s3 : index, index, index
}

// ----- truth values converted to floating point ------------------------------------------------

// CHECK-LABEL: func.func @bool_to_fp
// CHECK-SAME:    (%[[B:.*]]: i1, %[[I:.*]]: i8)
// CHECK-DAG:     %[[NEG:.*]] = arith.constant -1.000000e+00 : f32
// CHECK-DAG:     %[[ZERO32:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK:         %[[S0:.*]] = arith.select %[[B]], %[[ONE]], %[[ZERO]] : f64
// CHECK-NEXT:    %[[S1:.*]] = arith.select %[[B]], %[[ONE]], %[[ZERO]] : f64
// CHECK-NEXT:    %[[X:.*]] = arith.extsi %[[B]] : i1 to i32
// CHECK-NEXT:    %[[S2:.*]] = arith.select %[[B]], %[[NEG]], %[[ZERO32]] : f32
// CHECK-NEXT:    %[[S3:.*]] = arith.select %[[B]], %[[NEG]], %[[ZERO32]] : f32
// CHECK-NEXT:    %[[S4:.*]] = arith.select %[[B]], %[[ONE]], %[[ZERO]] : f64
// CHECK-NEXT:    %[[NOT:.*]] = arith.select %[[B]], %[[ZERO]], %[[ONE]] : f64
// CHECK-NEXT:    %[[U:.*]] = arith.uitofp %[[X]] : i32 to f64
// CHECK-NEXT:    %[[W:.*]] = arith.sitofp %[[I]] : i8 to f64
// CHECK-NEXT:    return %[[S0]], %[[S1]], %[[S2]], %[[S3]], %[[S4]], %[[NOT]], %[[U]], %[[W]]
func.func @bool_to_fp(%b: i1, %i: i8) -> (f64, f64, f32, f32, f64, f64, f64, f64) {
  %e = arith.extui %b : i1 to i32
  %0 = arith.sitofp %e : i32 to f64
  %1 = arith.uitofp %e : i32 to f64
  %x = arith.extsi %b : i1 to i32
  %2 = arith.sitofp %x : i32 to f32
  %3 = arith.sitofp %b : i1 to f32
  %4 = arith.uitofp %b : i1 to f64
  %t = arith.constant true
  %n = arith.xori %b, %t : i1
  %ne = arith.extui %n : i1 to i32
  %5 = arith.sitofp %ne : i32 to f64
  // not a truth value: uitofp of a sign-extended i1 is 2^32-1, an ordinary conversion
  %6 = arith.uitofp %x : i32 to f64
  %7 = arith.sitofp %i : i8 to f64
  return %0, %1, %2, %3, %4, %5, %6, %7 : f64, f64, f32, f32, f64, f64, f64, f64
}
