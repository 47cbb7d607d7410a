// RUN: tail-opt %s --canonicalize --split-input-file | FileCheck %s

// Integer arithmetic folds with TAIL's 32-bit wrap-around.
// CHECK-LABEL: func.func @int_fold
// CHECK-DAG: %[[MIN:.*]] = tail.const -2147483648 : i32
// CHECK-DAG: %[[ZERO:.*]] = tail.const 0 : i32
// CHECK-DAG: %[[C1:.*]] = tail.const 1 : i32
// CHECK-DAG: %[[C7:.*]] = tail.const 7 : i32
// CHECK-DAG: %[[M4:.*]] = tail.const -4 : i32
// CHECK-DAG: %[[C2:.*]] = tail.const 2 : i32
// CHECK-NOT: tail.addi
// CHECK-NOT: tail.muli
// CHECK-NOT: tail.negi
// CHECK: return %[[MIN]], %[[ZERO]], %[[MIN]], %[[C1]], %[[C7]], %[[M4]], %[[C2]], %[[MIN]]
func.func @int_fold() -> (i32, i32, i32, i32, i32, i32, i32, i32) {
  %max = tail.const 2147483647 : i32
  %one = tail.const 1 : i32
  %big = tail.const 65536 : i32
  %m7 = tail.const -7 : i32
  %c2 = tail.const 2 : i32
  %c3 = tail.const 3 : i32
  %c7 = tail.const 7 : i32
  %0 = tail.addi %max, %one : i32
  %1 = tail.muli %big, %big : i32
  %n = tail.negi %0 : i32
  %3 = tail.subi %n, %max : i32
  %4 = tail.maxi %c7, %m7 : i32
  %5 = tail.divi %m7, %c2 : i32
  %6 = tail.resi %c3, %m7 : i32
  %7 = tail.mini %n, %max : i32
  return %0, %1, %n, %3, %4, %5, %6, %7 : i32, i32, i32, i32, i32, i32, i32, i32
}

// -----

// Division by zero, a non-positive `resi` modulus and over-wide shifts are not folded.
// CHECK-LABEL: func.func @int_no_fold
// CHECK: tail.divi
// CHECK: tail.resi
// CHECK: tail.resi
// CHECK: tail.shli
func.func @int_no_fold() -> (i32, i32, i32, i32) {
  %c0 = tail.const 0 : i32
  %c5 = tail.const 5 : i32
  %m3 = tail.const -3 : i32
  %c32 = tail.const 32 : i32
  %0 = tail.divi %c5, %c0 : i32
  %1 = tail.resi %c0, %c5 : i32
  %2 = tail.resi %m3, %c5 : i32
  %3 = tail.shli %c5, %c32 : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// -----

// Identities: x + 0, x - 0, x * 1 are x; x * 0 is 0; 0 - x is not x.
// CHECK-LABEL: func.func @int_identities
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK-DAG: %[[ZERO:.*]] = tail.const 0 : i32
// CHECK: %[[NEG:.*]] = tail.subi %[[ZERO]], %[[X]] : i32
// CHECK-NOT: tail.addi
// CHECK-NOT: tail.muli
// CHECK: return %[[X]], %[[X]], %[[X]], %[[ZERO]], %[[NEG]]
func.func @int_identities(%x: i32) -> (i32, i32, i32, i32, i32) {
  %c0 = tail.const 0 : i32
  %c1 = tail.const 1 : i32
  %0 = tail.addi %c0, %x : i32
  %1 = tail.subi %x, %c0 : i32
  %2 = tail.muli %x, %c1 : i32
  %3 = tail.muli %x, %c0 : i32
  %4 = tail.subi %c0, %x : i32
  return %0, %1, %2, %3, %4 : i32, i32, i32, i32, i32
}

// -----

// Comparisons of ints, doubles and chars, and boolean ops.
// CHECK-LABEL: func.func @compare_fold
// CHECK-DAG: %[[T:.*]] = tail.const true
// CHECK-DAG: %[[F:.*]] = tail.const false
// CHECK-NOT: tail.lti
// CHECK-NOT: tail.gtd
// CHECK-NOT: tail.eqc
// CHECK-NOT: tail.andb
// CHECK-NOT: tail.notb
// CHECK: return %[[T]], %[[F]], %[[T]], %[[F]], %[[F]]
func.func @compare_fold() -> (i1, i1, i1, i1, i1) {
  %a = tail.const -1 : i32
  %b = tail.const 1 : i32
  %d = tail.const 2.5 : f64
  %e = tail.const 3.5 : f64
  %c = tail.const_char 65
  %c2 = tail.const_char 66
  %0 = tail.lti %a, %b : i32
  %1 = tail.gtd %d, %e : f64
  %2 = tail.neqc %c, %c2 : !tail.char
  %3 = tail.andb %0, %1 : i1
  %4 = tail.notb %2 : i1
  return %0, %1, %2, %3, %4 : i1, i1, i1, i1, i1
}

// -----

// Doubles and conversions.
// CHECK-LABEL: func.func @double_fold
// CHECK-DAG: %[[D:.*]] = tail.const 7.500000e+00 : f64
// CHECK-DAG: %[[I:.*]] = tail.const 7 : i32
// CHECK-DAG: %[[C:.*]] = tail.const 8 : i32
// CHECK-DAG: %[[B:.*]] = tail.const 1 : i32
// CHECK-DAG: %[[F:.*]] = tail.const -3.000000e+00 : f64
// CHECK: %[[DIV:.*]] = tail.divd
// CHECK-NOT: tail.addd
// CHECK-NOT: tail.i2d
// CHECK-NOT: tail.floor
// CHECK: return %[[D]], %[[I]], %[[C]], %[[B]], %[[F]], %[[DIV]]
func.func @double_fold() -> (f64, i32, i32, i32, f64, f64) {
  %a = tail.const 2.5 : f64
  %five = tail.const 5 : i32
  %b = tail.i2d %five : i32 -> f64
  %0 = tail.addd %a, %b : f64
  %1 = tail.floor %0 : f64 -> i32
  %2 = tail.ceil %0 : f64 -> i32
  %t = tail.const true
  %3 = tail.b2i %t : i1 -> i32
  %m = tail.const -1.5 : f64
  %two = tail.const 2.0 : f64
  %4 = tail.muld %m, %two : f64
  %zero = tail.const 0.0 : f64
  %5 = tail.divd %a, %zero : f64
  return %0, %1, %2, %3, %4, %5 : f64, i32, i32, i32, f64, f64
}

// -----

// firstV(shapeV(x)) for x of known length is S(int,n), then int n; b2iV(tt) is S(int,1).
// CHECK-LABEL: func.func @first_shapeV
// CHECK-DAG: %[[S:.*]] = tail.sconst : !tail.s<i32, 3>
// CHECK-DAG: %[[N:.*]] = tail.const 3 : i32
// CHECK-DAG: %[[ONE:.*]] = tail.sconst : !tail.s<i32, 1>
// CHECK-NOT: tail.shapeV
// CHECK-NOT: tail.firstV
// CHECK-NOT: tail.s_to_scalar
// CHECK-NOT: tail.b2iV
// CHECK: return %[[S]], %[[N]], %[[ONE]]
func.func @first_shapeV(%x: !tail.vec<f64, 3>) -> (!tail.s<i32, 3>, i32, !tail.s<i32, 1>) {
  %0 = tail.shapeV %x : (!tail.vec<f64, 3>) -> !tail.sv<i32, 3>
  %1 = tail.firstV %0 : (!tail.sv<i32, 3>) -> !tail.s<i32, 3>
  %2 = tail.s_to_scalar %1 : !tail.s<i32, 3> to i32
  %tt = tail.sconst : !tail.s<i1, 1>
  %3 = tail.b2iV %tt : (!tail.s<i1, 1>) -> !tail.s<i32, 1>
  return %1, %2, %3 : !tail.s<i32, 3>, i32, !tail.s<i32, 1>
}

// -----

// shapeV of a vector of known length is a constant SV; not when the length is a variable.
// CHECK-LABEL: func.func @shapeV
// CHECK-DAG: %[[SV:.*]] = tail.sconst : !tail.sv<i32, 4>
// CHECK-DAG: %[[VEC:.*]] = tail.lit [4] : !tail.vec<i32, 1>
// CHECK: %[[DYN:.*]] = tail.shapeV %{{.*}} : (!tail.vec<i32, ?n>) -> !tail.sv<i32, ?n>
// CHECK-NOT: tail.sv_to_vec
// CHECK: return %[[SV]], %[[VEC]], %[[DYN]]
func.func @shapeV(%x: !tail.vec<i1, 4>, %y: !tail.vec<i32, ?n>) -> (!tail.sv<i32, 4>, !tail.vec<i32, 1>, !tail.sv<i32, ?n>) {
  %0 = tail.shapeV %x : (!tail.vec<i1, 4>) -> !tail.sv<i32, 4>
  %1 = tail.sv_to_vec %0 : !tail.sv<i32, 4> to !tail.vec<i32, 1>
  %2 = tail.shapeV %y : (!tail.vec<i32, ?n>) -> !tail.sv<i32, ?n>
  return %0, %1, %2 : !tail.sv<i32, 4>, !tail.vec<i32, 1>, !tail.sv<i32, ?n>
}

// -----

// shape of arrays whose extents are known from their producer.
// CHECK-LABEL: func.func @shape_known
// CHECK-DAG: %[[L:.*]] = tail.lit [4] : !tail.vec<i32, 1>
// CHECK-DAG: %[[R:.*]] = tail.lit [2, 3] : !tail.vec<i32, 2>
// CHECK-DAG: %[[T:.*]] = tail.lit [3, 2] : !tail.vec<i32, 2>
// CHECK-DAG: %[[I:.*]] = tail.lit [5] : !tail.vec<i32, 1>
// CHECK-DAG: %[[V:.*]] = tail.lit [3] : !tail.vec<i32, 1>
// CHECK-DAG: %[[E:.*]] = tail.lit [] : !tail.vec<i32, 0>
// CHECK-DAG: %[[P:.*]] = tail.lit [3, 2, 4] : !tail.vec<i32, 3>
// CHECK-NOT: tail.shape
// CHECK: return %[[L]], %[[R]], %[[T]], %[[I]], %[[V]], %[[E]], %[[P]]
func.func @shape_known(%v: !tail.vec<i32, 3>, %s: f64, %a: !tail.array<i32, 1>, %b: !tail.array<i32, 3>)
    -> (!tail.vec<i32, 1>, !tail.vec<i32, 2>, !tail.vec<i32, 2>, !tail.vec<i32, 1>, !tail.vec<i32, 1>, !tail.vec<i32, 0>, !tail.vec<i32, 3>) {
  %lit = tail.lit [1, 2, 3, 4] : !tail.array<i32, 1>
  %0 = tail.shape %lit : (!tail.array<i32, 1>) -> !tail.vec<i32, 1>
  %sh = tail.lit [2, 3] : !tail.vec<i32, 2>
  %r = tail.reshape0 %sh, %a : (!tail.vec<i32, 2>, !tail.array<i32, 1>) -> !tail.array<i32, 2>
  %1 = tail.shape %r : (!tail.array<i32, 2>) -> !tail.vec<i32, 2>
  %t = tail.transp %r : !tail.array<i32, 2>
  %2 = tail.shape %t : (!tail.array<i32, 2>) -> !tail.vec<i32, 2>
  %c5 = tail.const 5 : i32
  %i = tail.iota %c5 : (i32) -> !tail.array<i32, 1>
  %3 = tail.shape %i : (!tail.array<i32, 1>) -> !tail.vec<i32, 1>
  %va = tail.vec_to_array %v : !tail.vec<i32, 3> to !tail.array<i32, 1>
  %4 = tail.shape %va : (!tail.array<i32, 1>) -> !tail.vec<i32, 1>
  %5 = tail.shape %s : (f64) -> !tail.vec<i32, 0>
  %sh3 = tail.lit [2, 3, 4] : !tail.vec<i32, 3>
  %z = tail.const 0 : i32
  %r3 = tail.reshape %sh3, %z, %b : (!tail.vec<i32, 3>, i32, !tail.array<i32, 3>) -> !tail.array<i32, 3>
  %perm = tail.lit [2, 1, 3] : !tail.vec<i32, 3>
  %p = tail.transp2 %perm, %r3 : (!tail.vec<i32, 3>, !tail.array<i32, 3>) -> !tail.array<i32, 3>
  %6 = tail.shape %p : (!tail.array<i32, 3>) -> !tail.vec<i32, 3>
  return %0, %1, %2, %3, %4, %5, %6 : !tail.vec<i32, 1>, !tail.vec<i32, 2>, !tail.vec<i32, 2>, !tail.vec<i32, 1>, !tail.vec<i32, 1>, !tail.vec<i32, 0>, !tail.vec<i32, 3>
}

// -----

// The shape of a transpose is the reversed shape of its input; same-shape producers are
// looked through. The shape of an array of unknown extents stays.
// CHECK-LABEL: func.func @shape_dynamic
// CHECK-SAME: (%[[A:.*]]: !tail.array<f64, 2>, %[[S:.*]]: !tail.vec<i32, 2>, %[[B:.*]]: !tail.array<i32, 1>, %[[N:.*]]: i32)
// CHECK: %[[SA:.*]] = tail.shape %[[A]] : (!tail.array<f64, 2>) -> !tail.vec<i32, 2>
// CHECK: %[[REV:.*]] = tail.vreverseV %[[SA]] : !tail.vec<i32, 2>
// CHECK: %[[SA2:.*]] = tail.shape %[[A]] : (!tail.array<f64, 2>) -> !tail.vec<i32, 2>
// CHECK-NOT: tail.transp
// CHECK-NOT: tail.reshape0
// CHECK-NOT: tail.reverse
// CHECK: return %[[REV]], %[[S]], %[[SA2]]
func.func @shape_dynamic(%a: !tail.array<f64, 2>, %s: !tail.vec<i32, 2>, %b: !tail.array<i32, 1>, %n: i32)
    -> (!tail.vec<i32, 2>, !tail.vec<i32, 2>, !tail.vec<i32, 2>) {
  %t = tail.transp %a : !tail.array<f64, 2>
  %0 = tail.shape %t : (!tail.array<f64, 2>) -> !tail.vec<i32, 2>
  %r = tail.reshape0 %s, %b : (!tail.vec<i32, 2>, !tail.array<i32, 1>) -> !tail.array<i32, 2>
  %1 = tail.shape %r : (!tail.array<i32, 2>) -> !tail.vec<i32, 2>
  %rev = tail.reverse %a : !tail.array<f64, 2>
  %rot = tail.vrotate %n, %rev : (i32, !tail.array<f64, 2>) -> !tail.array<f64, 2>
  %2 = tail.shape %rot : (!tail.array<f64, 2>) -> !tail.vec<i32, 2>
  return %0, %1, %2 : !tail.vec<i32, 2>, !tail.vec<i32, 2>, !tail.vec<i32, 2>
}

// -----

// dropV / takeV / catV / consV / snocV on constant vectors.
// CHECK-LABEL: func.func @vector_fold
// CHECK-DAG: %[[D:.*]] = tail.lit [2, 3] : !tail.vec<i32, 2>
// CHECK-DAG: %[[T:.*]] = tail.lit [1] : !tail.vec<i32, 1>
// CHECK-DAG: %[[C:.*]] = tail.lit [1, 2, 3, 1, 2, 3] : !tail.vec<i32, 6>
// CHECK-DAG: %[[CONS:.*]] = tail.lit [7, 1, 2, 3] : !tail.vec<i32, 4>
// CHECK-DAG: %[[SNOC:.*]] = tail.lit [1, 2, 3, 7] : !tail.vec<i32, 4>
// CHECK-DAG: %[[E:.*]] = tail.lit [] : !tail.vec<i32, 0>
// CHECK-NOT: tail.dropV
// CHECK-NOT: tail.takeV
// CHECK-NOT: tail.catV
// CHECK-NOT: tail.consV
// CHECK-NOT: tail.snocV
// CHECK: return %[[D]], %[[T]], %[[C]], %[[CONS]], %[[SNOC]], %[[E]]
func.func @vector_fold() -> (!tail.vec<i32, 2>, !tail.vec<i32, 1>, !tail.vec<i32, 6>, !tail.vec<i32, 4>, !tail.vec<i32, 4>, !tail.vec<i32, 0>) {
  %v = tail.lit [1, 2, 3] : !tail.vec<i32, 3>
  %one = tail.sconst : !tail.s<i32, 1>
  %five = tail.sconst : !tail.s<i32, 5>
  %0 = tail.dropV %one, %v : (!tail.s<i32, 1>, !tail.vec<i32, 3>) -> !tail.vec<i32, 2>
  %va = tail.vec_to_array %v : !tail.vec<i32, 3> to !tail.array<i32, 1>
  %1 = tail.takeV %one, %va : (!tail.s<i32, 1>, !tail.array<i32, 1>) -> !tail.vec<i32, 1>
  %2 = tail.dropV %one, %1 : (!tail.s<i32, 1>, !tail.vec<i32, 1>) -> !tail.vec<i32, 0>
  %3 = tail.catV %v, %v : (!tail.vec<i32, 3>, !tail.vec<i32, 3>) -> !tail.vec<i32, 6>
  %x = tail.const 7 : i32
  %4 = tail.consV %x, %v : (i32, !tail.vec<i32, 3>) -> !tail.vec<i32, 4>
  %5 = tail.snocV %v, %x : (!tail.vec<i32, 3>, i32) -> !tail.vec<i32, 4>
  %6 = tail.dropV %five, %v : (!tail.s<i32, 5>, !tail.vec<i32, 3>) -> !tail.vec<i32, 0>
  return %0, %1, %3, %4, %5, %6 : !tail.vec<i32, 2>, !tail.vec<i32, 1>, !tail.vec<i32, 6>, !tail.vec<i32, 4>, !tail.vec<i32, 4>, !tail.vec<i32, 0>
}

// -----

// Over-take (which pads with a default
// element) and drop from an unknown vector are not folded; drop of 0 and catenation with an
// empty vector are the identity.
// CHECK-LABEL: func.func @vector_no_fold
// CHECK-SAME: (%[[X:.*]]: !tail.vec<f64, 3>)
// CHECK: %[[OVER:.*]] = tail.takeV
// CHECK: %[[DX:.*]] = tail.dropV %{{.*}}, %[[X]]
// CHECK-NOT: tail.catV
// CHECK: return %[[OVER]], %[[DX]], %[[X]], %[[X]]
func.func @vector_no_fold(%x: !tail.vec<f64, 3>) -> (!tail.vec<i32, 5>, !tail.vec<f64, 2>, !tail.vec<f64, 3>, !tail.vec<f64, 3>) {
  %v = tail.lit [1, 2, 3] : !tail.array<i32, 1>
  %five = tail.sconst : !tail.s<i32, 5>
  %0 = tail.takeV %five, %v : (!tail.s<i32, 5>, !tail.array<i32, 1>) -> !tail.vec<i32, 5>
  %one = tail.sconst : !tail.s<i32, 1>
  %1 = tail.dropV %one, %x : (!tail.s<i32, 1>, !tail.vec<f64, 3>) -> !tail.vec<f64, 2>
  %zero = tail.sconst : !tail.s<i32, 0>
  %2 = tail.dropV %zero, %x : (!tail.s<i32, 0>, !tail.vec<f64, 3>) -> !tail.vec<f64, 3>
  %e = tail.zilde : !tail.vec<f64, 0>
  %3 = tail.catV %x, %e : (!tail.vec<f64, 3>, !tail.vec<f64, 0>) -> !tail.vec<f64, 3>
  return %0, %1, %2, %3 : !tail.vec<i32, 5>, !tail.vec<f64, 2>, !tail.vec<f64, 3>, !tail.vec<f64, 3>
}

// -----

// vreverseV / vrotateV / rotateV / iotaV / iota / vector of constants.
// CHECK-LABEL: func.func @vector_more
// CHECK-DAG: %[[REV:.*]] = tail.lit [3.000000e+00, 2.000000e+00, 1.000000e+00] : !tail.vec<f64, 3>
// CHECK-DAG: %[[ROT:.*]] = tail.lit [2.000000e+00, 3.000000e+00, 1.000000e+00] : !tail.vec<f64, 3>
// CHECK-DAG: %[[NROT:.*]] = tail.lit [3.000000e+00, 1.000000e+00, 2.000000e+00] : !tail.vec<f64, 3>
// CHECK-DAG: %[[IV:.*]] = tail.lit [1, 2, 3, 4] : !tail.vec<i32, 4>
// CHECK-DAG: %[[I:.*]] = tail.lit [1, 2] : !tail.array<i32, 1>
// CHECK-DAG: %[[VEC:.*]] = tail.lit [true, false] : !tail.vec<i1, 2>
// CHECK-NOT: tail.vreverseV
// CHECK-NOT: tail.rotateV
// CHECK-NOT: tail.iota
// CHECK-NOT: tail.vector
// CHECK: return %[[REV]], %[[ROT]], %[[NROT]], %[[IV]], %[[I]], %[[VEC]]
func.func @vector_more() -> (!tail.vec<f64, 3>, !tail.vec<f64, 3>, !tail.vec<f64, 3>, !tail.vec<i32, 4>, !tail.array<i32, 1>, !tail.vec<i1, 2>) {
  %v = tail.lit [1.0, 2.0, 3.0] : !tail.vec<f64, 3>
  %0 = tail.vreverseV %v : !tail.vec<f64, 3>
  %c1 = tail.const 1 : i32
  %cm4 = tail.const -4 : i32
  %1 = tail.rotateV %c1, %v : (i32, !tail.vec<f64, 3>) -> !tail.vec<f64, 3>
  %2 = tail.vrotateV %cm4, %v : (i32, !tail.vec<f64, 3>) -> !tail.vec<f64, 3>
  %four = tail.sconst : !tail.s<i32, 4>
  %3 = tail.iotaV %four : (!tail.s<i32, 4>) -> !tail.vec<i32, 4>
  %c2 = tail.const 2 : i32
  %4 = tail.iota %c2 : (i32) -> !tail.array<i32, 1>
  %t = tail.const true
  %f = tail.const false
  %5 = tail.vector %t, %f : (i1, i1) -> !tail.vec<i1, 2>
  return %0, %1, %2, %3, %4, %5 : !tail.vec<f64, 3>, !tail.vec<f64, 3>, !tail.vec<f64, 3>, !tail.vec<i32, 4>, !tail.array<i32, 1>, !tail.vec<i1, 2>
}

// -----

// iota of a negative count (a runtime error) and of a variable are not folded;
// vreverseV(vreverseV(x)) is x.
// CHECK-LABEL: func.func @iota_no_fold
// CHECK-SAME: (%[[N:.*]]: i32, %[[X:.*]]: !tail.vec<i32, 3>)
// CHECK: tail.iota %{{.*}} : (i32) -> !tail.array<i32, 1>
// CHECK: tail.iota %[[N]] : (i32) -> !tail.array<i32, 1>
// CHECK-NOT: tail.vreverseV
// CHECK: return %{{.*}}, %{{.*}}, %[[X]]
func.func @iota_no_fold(%n: i32, %x: !tail.vec<i32, 3>) -> (!tail.array<i32, 1>, !tail.array<i32, 1>, !tail.vec<i32, 3>) {
  %m = tail.const -1 : i32
  %0 = tail.iota %m : (i32) -> !tail.array<i32, 1>
  %1 = tail.iota %n : (i32) -> !tail.array<i32, 1>
  %r = tail.vreverseV %x : !tail.vec<i32, 3>
  %2 = tail.vreverseV %r : !tail.vec<i32, 3>
  return %0, %1, %2 : !tail.array<i32, 1>, !tail.array<i32, 1>, !tail.vec<i32, 3>
}

// -----

// firstV / first of constants; first of an empty array is the default element.
// CHECK-LABEL: func.func @first_fold
// CHECK-SAME: (%[[D:.*]]: f64)
// CHECK-DAG: %[[F:.*]] = tail.const 5 : i32
// CHECK-DAG: %[[G:.*]] = tail.const 1.500000e+00 : f64
// CHECK-DAG: %[[C:.*]] = tail.const_char 104
// CHECK-NOT: tail.first
// CHECK: return %[[F]], %[[G]], %[[D]], %[[C]]
func.func @first_fold(%d: f64) -> (i32, f64, f64, !tail.char) {
  %v = tail.lit [5, 6] : !tail.vec<i32, 2>
  %0 = tail.firstV %v : (!tail.vec<i32, 2>) -> i32
  %a = tail.lit [1.5, 2.5] : !tail.array<f64, 1>
  %1 = tail.first %d, %a : (f64, !tail.array<f64, 1>) -> f64
  %e = tail.lit [] : !tail.array<f64, 1>
  %2 = tail.first %d, %e : (f64, !tail.array<f64, 1>) -> f64
  %s = tail.lit [104, 105] : !tail.vec<!tail.char, 2>
  %3 = tail.firstV %s : (!tail.vec<!tail.char, 2>) -> !tail.char
  return %0, %1, %2, %3 : i32, f64, f64, !tail.char
}

// -----

// Subtyping coercions of constants.
// CHECK-LABEL: func.func @coercions
// CHECK-DAG: %[[A:.*]] = tail.lit [1, 2] : !tail.array<i32, 1>
// CHECK-DAG: %[[V:.*]] = tail.lit [3] : !tail.vec<i32, 1>
// CHECK-DAG: %[[B:.*]] = tail.const true
// CHECK-NOT: tail.vec_to_array
// CHECK-NOT: tail.sv_to_vec
// CHECK-NOT: tail.s_to_scalar
// CHECK: return %[[A]], %[[V]], %[[B]]
func.func @coercions() -> (!tail.array<i32, 1>, !tail.vec<i32, 1>, i1) {
  %v = tail.lit [1, 2] : !tail.vec<i32, 2>
  %0 = tail.vec_to_array %v : !tail.vec<i32, 2> to !tail.array<i32, 1>
  %sv = tail.sconst : !tail.sv<i32, 3>
  %1 = tail.sv_to_vec %sv : !tail.sv<i32, 3> to !tail.vec<i32, 1>
  %s = tail.sconst : !tail.s<i1, 1>
  %2 = tail.s_to_scalar %s : !tail.s<i1, 1> to i1
  return %0, %1, %2 : !tail.array<i32, 1>, !tail.vec<i32, 1>, i1
}

// -----

// A reshape to the (known) shape of its input is the input; other reshapes stay.
// CHECK-LABEL: func.func @reshape_fold
// CHECK-SAME: (%[[A:.*]]: !tail.array<i32, 1>)
// CHECK: %[[R:.*]] = tail.reshape0 %{{.*}}, %[[A]] : (!tail.vec<i32, 2>, !tail.array<i32, 1>) -> !tail.array<i32, 2>
// CHECK: %[[R2:.*]] = tail.reshape0 %{{.*}}, %[[R]] : (!tail.vec<i32, 2>, !tail.array<i32, 2>) -> !tail.array<i32, 2>
// CHECK-NOT: tail.reshape
// CHECK: return %[[R]], %[[R2]]
func.func @reshape_fold(%a: !tail.array<i32, 1>) -> (!tail.array<i32, 2>, !tail.array<i32, 2>) {
  %s = tail.lit [2, 3] : !tail.vec<i32, 2>
  %t = tail.lit [3, 2] : !tail.vec<i32, 2>
  %r = tail.reshape0 %s, %a : (!tail.vec<i32, 2>, !tail.array<i32, 1>) -> !tail.array<i32, 2>
  %z = tail.const 0 : i32
  %0 = tail.reshape %s, %z, %r : (!tail.vec<i32, 2>, i32, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  %1 = tail.reshape0 %t, %0 : (!tail.vec<i32, 2>, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  return %0, %1 : !tail.array<i32, 2>, !tail.array<i32, 2>
}

// -----

// transp(transp(x)) is x; transp of a rank-1 array is the identity; one transp stays.
// CHECK-LABEL: func.func @transp_fold
// CHECK-SAME: (%[[M:.*]]: !tail.array<i32, 2>, %[[V:.*]]: !tail.array<i32, 1>)
// CHECK: %[[T:.*]] = tail.transp %[[M]] : !tail.array<i32, 2>
// CHECK-NOT: tail.transp
// CHECK: return %[[M]], %[[V]], %[[T]]
func.func @transp_fold(%m: !tail.array<i32, 2>, %v: !tail.array<i32, 1>) -> (!tail.array<i32, 2>, !tail.array<i32, 1>, !tail.array<i32, 2>) {
  %t = tail.transp %m : !tail.array<i32, 2>
  %0 = tail.transp %t : !tail.array<i32, 2>
  %1 = tail.transp %v : !tail.array<i32, 1>
  return %0, %1, %t : !tail.array<i32, 2>, !tail.array<i32, 1>, !tail.array<i32, 2>
}

// -----

// transp2 with the identity permutation is the identity; other permutations stay.
// CHECK-LABEL: func.func @transp2_fold
// CHECK-SAME: (%[[M:.*]]: !tail.array<f64, 3>)
// CHECK: %[[P:.*]] = tail.transp2 %{{.*}}, %[[M]]
// CHECK-NOT: tail.transp2
// CHECK: return %[[M]], %[[P]]
func.func @transp2_fold(%m: !tail.array<f64, 3>) -> (!tail.array<f64, 3>, !tail.array<f64, 3>) {
  %id = tail.lit [1, 2, 3] : !tail.vec<i32, 3>
  %0 = tail.transp2 %id, %m : (!tail.vec<i32, 3>, !tail.array<f64, 3>) -> !tail.array<f64, 3>
  %sw = tail.lit [2, 1, 3] : !tail.vec<i32, 3>
  %1 = tail.transp2 %sw, %m : (!tail.vec<i32, 3>, !tail.array<f64, 3>) -> !tail.array<f64, 3>
  return %0, %1 : !tail.array<f64, 3>, !tail.array<f64, 3>
}

// -----

// reverse(reverse(x)) and vreverse(vreverse(x)) are x; a single reverse stays.
// CHECK-LABEL: func.func @reverse_fold
// CHECK-SAME: (%[[M:.*]]: !tail.array<i32, 2>)
// CHECK: %[[R:.*]] = tail.reverse %[[M]] : !tail.array<i32, 2>
// CHECK-NOT: tail.reverse
// CHECK-NOT: tail.vreverse
// CHECK: return %[[M]], %[[M]], %[[R]]
func.func @reverse_fold(%m: !tail.array<i32, 2>) -> (!tail.array<i32, 2>, !tail.array<i32, 2>, !tail.array<i32, 2>) {
  %r = tail.reverse %m : !tail.array<i32, 2>
  %0 = tail.reverse %r : !tail.array<i32, 2>
  %v = tail.vreverse %m : !tail.array<i32, 2>
  %1 = tail.vreverse %v : !tail.array<i32, 2>
  return %0, %1, %r : !tail.array<i32, 2>, !tail.array<i32, 2>, !tail.array<i32, 2>
}

// -----

// rotate / vrotate by 0 are the identity; by an unknown count they stay.
// CHECK-LABEL: func.func @rotate_fold
// CHECK-SAME: (%[[M:.*]]: !tail.array<i32, 2>, %[[N:.*]]: i32)
// CHECK: %[[R:.*]] = tail.rotate %[[N]], %[[M]]
// CHECK-NOT: tail.vrotate
// CHECK: return %[[M]], %[[M]], %[[R]]
func.func @rotate_fold(%m: !tail.array<i32, 2>, %n: i32) -> (!tail.array<i32, 2>, !tail.array<i32, 2>, !tail.array<i32, 2>) {
  %z = tail.const 0 : i32
  %0 = tail.rotate %z, %m : (i32, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  %1 = tail.vrotate %z, %m : (i32, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  %2 = tail.rotate %n, %m : (i32, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  return %0, %1, %2 : !tail.array<i32, 2>, !tail.array<i32, 2>, !tail.array<i32, 2>
}

// -----

// take / drop / cat / cons / snoc / reshape on constant rank-1 arrays; over-take pads with
// the default element (at the front for a negative count).
// CHECK-LABEL: func.func @array_fold
// CHECK-DAG: %[[T:.*]] = tail.lit [1, 2, 3, 0, 0] : !tail.array<i32, 1>
// CHECK-DAG: %[[TN:.*]] = tail.lit [0, 1, 2, 3] : !tail.array<i32, 1>
// CHECK-DAG: %[[D:.*]] = tail.lit [1] : !tail.array<i32, 1>
// CHECK-DAG: %[[C:.*]] = tail.lit [1, 2, 3, 1, 2, 3] : !tail.array<i32, 1>
// CHECK-DAG: %[[SN:.*]] = tail.lit [1, 2, 3, 0] : !tail.array<i32, 1>
// CHECK-DAG: %[[R:.*]] = tail.lit [1, 2, 3, 1, 2] : !tail.array<i32, 1>
// CHECK-DAG: %[[RD:.*]] = tail.lit [0, 0] : !tail.array<i32, 1>
// CHECK-NOT: tail.take
// CHECK-NOT: tail.drop
// CHECK-NOT: tail.cat
// CHECK-NOT: tail.cons
// CHECK-NOT: tail.snoc
// CHECK-NOT: tail.reshape
// CHECK: return %[[T]], %[[TN]], %[[D]], %[[C]], %[[TN]], %[[SN]], %[[R]], %[[RD]]
func.func @array_fold() -> (!tail.array<i32, 1>, !tail.array<i32, 1>, !tail.array<i32, 1>, !tail.array<i32, 1>,
                            !tail.array<i32, 1>, !tail.array<i32, 1>, !tail.array<i32, 1>, !tail.array<i32, 1>) {
  %a = tail.lit [1, 2, 3] : !tail.array<i32, 1>
  %e = tail.lit [] : !tail.array<i32, 1>
  %z = tail.const 0 : i32
  %c5 = tail.const 5 : i32
  %m4 = tail.const -4 : i32
  %m2 = tail.const -2 : i32
  %0 = tail.take %c5, %z, %a : (i32, i32, !tail.array<i32, 1>) -> !tail.array<i32, 1>
  %1 = tail.take %m4, %z, %a : (i32, i32, !tail.array<i32, 1>) -> !tail.array<i32, 1>
  %2 = tail.drop %m2, %a : (i32, !tail.array<i32, 1>) -> !tail.array<i32, 1>
  %3 = tail.cat %a, %a : (!tail.array<i32, 1>, !tail.array<i32, 1>) -> !tail.array<i32, 1>
  %4 = tail.cons %z, %a : (i32, !tail.array<i32, 1>) -> !tail.array<i32, 1>
  %5 = tail.snoc %a, %z : (!tail.array<i32, 1>, i32) -> !tail.array<i32, 1>
  %s5 = tail.lit [5] : !tail.vec<i32, 1>
  %6 = tail.reshape0 %s5, %a : (!tail.vec<i32, 1>, !tail.array<i32, 1>) -> !tail.array<i32, 1>
  %s2 = tail.lit [2] : !tail.vec<i32, 1>
  %7 = tail.reshape %s2, %z, %e : (!tail.vec<i32, 1>, i32, !tail.array<i32, 1>) -> !tail.array<i32, 1>
  return %0, %1, %2, %3, %4, %5, %6, %7 : !tail.array<i32, 1>, !tail.array<i32, 1>, !tail.array<i32, 1>, !tail.array<i32, 1>,
                                           !tail.array<i32, 1>, !tail.array<i32, 1>, !tail.array<i32, 1>, !tail.array<i32, 1>
}

// -----

// reshape0 of an empty array is a runtime error: it is not folded.
// CHECK-LABEL: func.func @reshape0_empty
// CHECK: tail.reshape0
func.func @reshape0_empty() -> !tail.array<i32, 1> {
  %e = tail.lit [] : !tail.array<i32, 1>
  %s2 = tail.lit [2] : !tail.vec<i32, 1>
  %0 = tail.reshape0 %s2, %e : (!tail.vec<i32, 1>, !tail.array<i32, 1>) -> !tail.array<i32, 1>
  return %0 : !tail.array<i32, 1>
}

// -----

// Projections out of tuples built in place, and of singleton-typed components.
// CHECK-LABEL: func.func @prj_fold
// CHECK-SAME: (%[[X:.*]]: f64, %[[T:.*]]: tuple<i32, !tail.s<i32, 4>>)
// CHECK-DAG: %[[S:.*]] = tail.sconst : !tail.s<i32, 4>
// CHECK: %[[P:.*]] = tail.prj %[[T]][0]
// CHECK-NOT: tail.prj
// CHECK-NOT: tail.tuple
// CHECK: return %[[X]], %[[S]], %[[P]]
func.func @prj_fold(%x: f64, %t: tuple<i32, !tail.s<i32, 4>>) -> (f64, !tail.s<i32, 4>, i32) {
  %c = tail.const 1 : i32
  %tup = tail.tuple %x, %c : (f64, i32) -> tuple<f64, i32>
  %0 = tail.prj %tup[0] : tuple<f64, i32> -> f64
  %1 = tail.prj %t[1] : tuple<i32, !tail.s<i32, 4>> -> !tail.s<i32, 4>
  %2 = tail.prj %t[0] : tuple<i32, !tail.s<i32, 4>> -> i32
  return %0, %1, %2 : f64, !tail.s<i32, 4>, i32
}

// -----

// A constant condition inlines the taken branch; an unknown one keeps the `tail.if`.
// CHECK-LABEL: func.func @if_static
// CHECK-NOT: tail.if
// CHECK: %[[X:.*]] = tail.i2d %arg0 : i32 -> f64
// CHECK-NEXT: %[[P:.*]] = tail.prSclD %[[X]] : f64
// CHECK-NEXT: return %[[P]] : f64
func.func @if_static(%a: i32) -> f64 {
  %c = tail.const true
  %0 = tail.if %c -> (f64) {
    %x = tail.i2d %a : i32 -> f64
    %p = tail.prSclD %x : f64
    tail.yield %p : f64
  } else {
    %y = tail.const 2.5 : f64
    tail.yield %y : f64
  }
  return %0 : f64
}

// -----

// CHECK-LABEL: func.func @if_static_false
// CHECK-NOT: tail.if
// CHECK: %[[Y:.*]] = tail.const 2.500000e+00 : f64
// CHECK: return %[[Y]] : f64
func.func @if_static_false(%a: i32) -> f64 {
  %t = tail.const true
  %c = tail.notb %t : i1
  %0 = tail.if %c -> (f64) {
    %x = tail.i2d %a : i32 -> f64
    tail.yield %x : f64
  } else {
    %y = tail.const 2.5 : f64
    tail.yield %y : f64
  }
  return %0 : f64
}

// -----

// CHECK-LABEL: func.func @if_dynamic
// CHECK: tail.if %arg0 -> (f64) {
func.func @if_dynamic(%c: i1, %a: i32) -> f64 {
  %0 = tail.if %c -> (f64) {
    %x = tail.i2d %a : i32 -> f64
    tail.yield %x : f64
  } else {
    %y = tail.const 2.5 : f64
    tail.yield %y : f64
  }
  return %0 : f64
}

// -----

// `transp` of a vector, singleton vector or singleton is its operand; `negi` of a singleton
// is the constant of its result type.
// CHECK-LABEL: func.func @transp_vec_negi_s
// CHECK-NOT: tail.transp
// CHECK-NOT: tail.negi
// CHECK-DAG: %[[M:.*]] = tail.sconst : !tail.s<i32, -2>
// CHECK: return %arg0, %arg1, %[[M]]
func.func @transp_vec_negi_s(%v: !tail.vec<i32, 3>, %sv: !tail.sv<i32, 4>, %s: !tail.s<i32, 2>) -> (!tail.vec<i32, 3>, !tail.sv<i32, 4>, !tail.s<i32, -2>) {
  %0 = tail.transp %v : !tail.vec<i32, 3>
  %1 = tail.transp %sv : !tail.sv<i32, 4>
  %2 = tail.transp %s : !tail.s<i32, 2>
  %3 = tail.negi %2 : !tail.s<i32, 2> -> !tail.s<i32, -2>
  return %0, %1, %3 : !tail.vec<i32, 3>, !tail.sv<i32, 4>, !tail.s<i32, -2>
}

// -----

// `signi`/`signd` fold as APL's ×: 0 for 0 (and for 0.0, -0.0), -1 below, 1 above (apltail
// would give 1 for 0; see the dialect's module docs).
// CHECK-LABEL: func.func @sign_fold
// CHECK-NOT: tail.sign
// CHECK-DAG: %[[ZERO:.*]] = tail.const 0 : i32
// CHECK-DAG: %[[M1:.*]] = tail.const -1 : i32
// CHECK: return %[[ZERO]], %[[M1]], %[[ZERO]], %[[ZERO]], %[[M1]]
func.func @sign_fold() -> (i32, i32, i32, i32, i32) {
  %z = tail.const 0 : i32
  %n = tail.const -5 : i32
  %dz = tail.const 0.0 : f64
  %dnz = tail.const -0.0 : f64
  %dn = tail.const -0.5 : f64
  %0 = tail.signi %z : i32
  %1 = tail.signi %n : i32
  %2 = tail.signd %dz : f64 -> i32
  %3 = tail.signd %dnz : f64 -> i32
  %4 = tail.signd %dn : f64 -> i32
  return %0, %1, %2, %3, %4 : i32, i32, i32, i32, i32
}
