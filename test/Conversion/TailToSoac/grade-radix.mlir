// RUN: tail-opt %s --split-input-file --pass-pipeline='builtin.module(convert-tail-to-soac{radix-grade=true})' | FileCheck %s

// With radix-grade (the CPU backend's pipeline sets it), a grade of ints, booleans or doubles
// in host code is a least-significant-digit radix sort, one bit a pass. The keys are
// unsigned integers in the grade's order (an int's sign bit flipped); the number of passes is
// the bit length of the largest key minus the smallest (two maxui reductions, of the keys and
// of their complements, counted by a scalar loop over the 32 bits); the pass loop carries the
// permutation (from iota) and the keys minus the smallest. A pass marks the elements whose bit
// is 0, scans the marks (their count is the scan's last element), and sends an element with
// bit 0 to the number of marks before it and one with bit 1 to the number of all marks plus
// the unmarked ones before it: two scatters declared permutations (into fresh arrays filled
// differently, so that cse keeps them apart), the permutation and the keys.

// CHECK-LABEL: func.func @ints
// CHECK:         %[[K:.*]] = soac.map %arg0 : tensor<?xi32> -> tensor<?xi32> {
// CHECK:           %[[SIGN:.*]] = arith.constant -2147483648 : i32
// CHECK:           arith.xori %{{.*}}, %[[SIGN]] : i32
// CHECK:         %[[C:.*]] = soac.map %[[K]] : tensor<?xi32> -> tensor<?xi32> {
// CHECK:         %[[HI:.*]] = soac.reduce %[[K]] init(%{{.*}}) comm : tensor<?xi32> -> i32 {
// CHECK:           arith.maxui
// CHECK:         %[[NLO:.*]] = soac.reduce %[[C]] init(%{{.*}}) comm : tensor<?xi32> -> i32 {
// CHECK:           arith.maxui
// CHECK:         %[[LO:.*]] = arith.xori %[[NLO]], %{{.*}} : i32
// CHECK:         %[[SPAN:.*]] = arith.subi %[[HI]], %[[LO]] : i32
// CHECK:         %[[NB:.*]] = soac.loop %{{.*}} < %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (i32) {
// CHECK:           arith.shrui %[[SPAN]], %{{.*}} : i32
// CHECK:         %[[NP:.*]] = arith.index_cast %[[NB]] : i32 to index
// CHECK:         %[[REL:.*]] = soac.map %[[K]] : tensor<?xi32> -> tensor<?xi32> {
// CHECK:           arith.subi %{{.*}}, %[[LO]] : i32
// CHECK:         %[[POS:.*]] = soac.iota %{{.*}} : tensor<?xi32>
// CHECK:         %[[S:.*]]:2 = soac.loop %[[P:.*]] < %[[NP]] iter_args(%[[PERM:.*]] = %[[POS]], %[[KEYS:.*]] = %[[REL]]) -> (tensor<?xi32>, tensor<?xi32>) {
// CHECK:           %[[Z:.*]] = soac.map %[[KEYS]] : tensor<?xi32> -> tensor<?xi32> {
// CHECK:             arith.shrui
// CHECK:             arith.andi
// CHECK:             arith.xori
// CHECK:           %[[UPTO:.*]] = soac.scan %[[Z]] init(%{{.*}}) : tensor<?xi32> -> tensor<?xi32> {
// CHECK:           %[[EMPTY:.*]] = arith.cmpi eq, %[[N:.*]], %{{.*}} : index
// CHECK:           %[[TOTAL:.*]] = scf.if %[[EMPTY]] -> (i32) {
// CHECK:           } else {
// CHECK:             %[[LAST:.*]] = arith.subi %[[N]], %{{.*}} : index
// CHECK:             %[[T:.*]] = soac.index %[[UPTO]][%[[LAST]]] : tensor<?xi32> -> i32
// CHECK:             scf.yield %[[T]] : i32
// CHECK:           %[[DEST:.*]] = soac.map %[[Z]], %[[UPTO]], %[[POS]] : tensor<?xi32>, tensor<?xi32>, tensor<?xi32> -> tensor<?xi32> {
// CHECK:             %[[BEFORE:.*]] = arith.subi
// CHECK:             %[[ONES:.*]] = arith.subi
// CHECK:             %[[AFTER:.*]] = arith.addi %[[TOTAL]], %[[ONES]] : i32
// CHECK:             arith.select %{{.*}}, %[[BEFORE]], %[[AFTER]] : i32
// CHECK:           %[[D1:.*]] = soac.replicate %{{.*}} times %{{.*}} : i32 -> tensor<?xi32>
// CHECK:           %[[P1:.*]] = soac.scatter %[[PERM]] into %[[D1]][%[[DEST]]] {permutation}
// CHECK:           %[[D2:.*]] = soac.replicate %{{.*}} times %{{.*}} : i32 -> tensor<?xi32>
// CHECK:           %[[K1:.*]] = soac.scatter %[[KEYS]] into %[[D2]][%[[DEST]]] {permutation}
// CHECK:           soac.yield %[[P1]], %[[K1]] : tensor<?xi32>, tensor<?xi32>
// CHECK:         soac.map %[[S]]#0
// CHECK:           arith.addi
// CHECK-NOT:     tail.
func.func @ints(%a: !tail.array<i32, 1>) -> !tail.array<i32, 1> {
  %u = tail.gradeUp %a : (!tail.array<i32, 1>) -> !tail.array<i32, 1>
  return %u : !tail.array<i32, 1>
}

// -----

// Doubles: -0.0 becomes 0.0, the bits' sign decides between flipping all bits and setting the
// sign bit; a downward grade flips the key. 64-bit keys are kept as doubles in the arrays
// (bitcasts at every use), the passes counted over 64 bits.
// CHECK-LABEL: func.func @doubles
// CHECK:         %[[K:.*]] = soac.map %arg0 : tensor<?xf64> -> tensor<?xf64> {
// CHECK:           %[[ONES:.*]] = arith.constant -1 : i64
// CHECK:           %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK:           %[[IS0:.*]] = arith.cmpf oeq, %{{.*}}, %[[ZERO]] : f64
// CHECK:           %[[X:.*]] = arith.select %[[IS0]], %[[ZERO]], %{{.*}} : f64
// CHECK:           %[[B:.*]] = arith.bitcast %[[X]] : f64 to i64
// CHECK:           %[[NEG:.*]] = arith.cmpi slt, %[[B]], %{{.*}} : i64
// CHECK:           %[[SIGN:.*]] = arith.constant -9223372036854775808 : i64
// CHECK:           %[[F:.*]] = arith.xori %[[B]], %[[ONES]] : i64
// CHECK:           %[[S:.*]] = arith.xori %[[B]], %[[SIGN]] : i64
// CHECK:           %[[KEY:.*]] = arith.select %[[NEG]], %[[F]], %[[S]] : i64
// CHECK:           %[[DOWN:.*]] = arith.xori %[[KEY]], %[[ONES]] : i64
// CHECK:           %[[KD:.*]] = arith.bitcast %[[DOWN]] : i64 to f64
// CHECK:           soac.yield %[[KD]] : f64
// CHECK:         soac.reduce %[[K]] init(%{{.*}}) comm : tensor<?xf64> -> f64 {
// CHECK:           arith.maxui %{{.*}}, %{{.*}} : i64
// CHECK:         arith.constant 64 : index
// CHECK:         soac.loop %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<?xi32>, tensor<?xf64>) {
// CHECK:           soac.map %{{.*}} : tensor<?xf64> -> tensor<?xi32> {
// CHECK:             arith.bitcast %{{.*}} : f64 to i64
// CHECK:             arith.trunci %{{.*}} : i64 to i32
// CHECK:           soac.scatter %{{.*}} {permutation} : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32>
// CHECK:           soac.scatter %{{.*}} {permutation} : tensor<?xf64>, tensor<?xi32> -> tensor<?xf64>
func.func @doubles(%a: !tail.array<f64, 1>) -> !tail.array<i32, 1> {
  %d = tail.gradeDown %a : (!tail.array<f64, 1>) -> !tail.array<i32, 1>
  return %d : !tail.array<i32, 1>
}

// -----

// Booleans: the key is the bit widened to 32 bits.
// CHECK-LABEL: func.func @bools
// CHECK:         soac.map %arg0 : tensor<?xi1> -> tensor<?xi32> {
// CHECK:           arith.extui %{{.*}} : i1 to i32
// CHECK:         soac.scatter %{{.*}} {permutation}
func.func @bools(%a: !tail.array<i1, 1>) -> !tail.array<i32, 1> {
  %u = tail.gradeUp %a : (!tail.array<i1, 1>) -> !tail.array<i32, 1>
  return %u : !tail.array<i32, 1>
}

// -----

// Characters keep the merge sort (their comparison is a tail op), and a grade inside a map's
// lambda the counting sort.
// CHECK-LABEL: func.func @chars
// CHECK:         soac.loop
// CHECK:           soac.map
// CHECK:             soac.loop
// CHECK:               tail.ltc
// CHECK-NOT:     soac.scatter
// CHECK-LABEL: func.func @grade_in_map
// CHECK:         soac.map %arg0 : tensor<?xi32> -> tensor<?xi32> {
// CHECK:           soac.reduce
// CHECK-NOT:     soac.scatter
// CHECK-NOT:     soac.loop
// CHECK:         return
func.func @chars(%a: !tail.array<!tail.char, 1>) -> !tail.array<i32, 1> {
  %u = tail.gradeUp %a : (!tail.array<!tail.char, 1>) -> !tail.array<i32, 1>
  return %u : !tail.array<i32, 1>
}
func.func @grade_in_map(%a: !tail.array<i32, 1>, %b: !tail.array<i32, 1>) -> !tail.array<i32, 1> {
  %r = tail.each %a : (!tail.array<i32, 1>) -> !tail.array<i32, 1> {
  ^bb0(%x: i32):
    %s = tail.snoc %b, %x : (!tail.array<i32, 1>, i32) -> !tail.array<i32, 1>
    %g = tail.gradeDown %s : (!tail.array<i32, 1>) -> !tail.array<i32, 1>
    %c = tail.const 0 : i32
    %f = tail.first %c, %g : (i32, !tail.array<i32, 1>) -> i32
    tail.yield %f : i32
  }
  return %r : !tail.array<i32, 1>
}
