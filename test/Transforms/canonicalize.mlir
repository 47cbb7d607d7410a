// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(canonicalize))' --split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse))' --split-input-file --allow-unregistered-dialect | FileCheck %s --check-prefix=CSE
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=disabled}))' --split-input-file --allow-unregistered-dialect | FileCheck %s --check-prefix=NOSIMPLIFY

// Constant operands fold away; the folded result is a single hoisted constant.
// CHECK-LABEL: func.func @fold_constants
// CHECK-NEXT:    %[[C:.*]] = arith.constant 6 : i32
// CHECK-NEXT:    return %[[C]] : i32
func.func @fold_constants() -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c1, %c2 : i32
  %1 = arith.muli %0, %c2 : i32
  return %1 : i32
}

// -----

// The issue's acceptance case: canonicalize folds the constants, cse removes the duplicated
// multiplication.
// CSE-LABEL: func.func @poly
// CSE-SAME:    (%[[X:.*]]: i32) -> i32
// CSE-DAG:     %[[C6:.*]] = arith.constant 6 : i32
// CSE-DAG:     %[[SQ:.*]] = arith.muli %[[X]], %[[X]] : i32
// CSE-NOT:     arith.muli
// CSE:         %[[S:.*]] = arith.addi %[[SQ]], %[[SQ]] : i32
// CSE:         %[[T:.*]] = arith.addi %[[S]], %[[C6]] : i32
// CSE-NEXT:    return %[[T]] : i32
// CHECK-LABEL: func.func @poly
// CHECK-COUNT-2: arith.muli %{{.*}}, %{{.*}} : i32
// CHECK-NOT:     arith.constant 0
func.func @poly(%x: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c6 = arith.muli %c2, %c3 : i32
  %a = arith.muli %x, %x : i32
  %b = arith.muli %x, %x : i32
  %s = arith.addi %a, %b : i32
  %t = arith.addi %s, %c6 : i32
  %zero = arith.constant 0 : i32
  %r = arith.addi %t, %zero : i32
  return %r : i32
}

// -----

// Constants of commutative ops move to the right-hand side.
// CHECK-LABEL: func.func @constant_to_the_right
// CHECK-SAME:    (%[[X:.*]]: i32)
// CHECK:         %[[C:.*]] = arith.constant 5 : i32
// CHECK:         %[[R:.*]] = arith.addi %[[X]], %[[C]] : i32
// CHECK:         return %[[R]]
func.func @constant_to_the_right(%x: i32) -> i32 {
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c5, %x : i32
  return %0 : i32
}

// -----

// Equal constants are uniqued and hoisted to the entry block.
// CHECK-LABEL: func.func @unique_constants
// CHECK-COUNT-1: arith.constant 4 : i32
// CHECK-NOT:     arith.constant
// CHECK:         return
func.func @unique_constants(%x: i32) -> (i32, i32) {
  %c4 = arith.constant 4 : i32
  %0 = arith.muli %x, %c4 : i32
  %c4_0 = arith.constant 4 : i32
  %1 = arith.subi %x, %c4_0 : i32
  return %0, %1 : i32, i32
}

// -----

// Identities fold to their operand; unused pure ops are erased.
// CHECK-LABEL: func.func @identities
// CHECK-SAME:    (%[[X:.*]]: i32)
// CHECK-NEXT:    return %[[X]], %[[X]] : i32, i32
func.func @identities(%x: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %x, %c0 : i32
  %1 = arith.muli %x, %c1 : i32
  %dead = arith.subi %0, %1 : i32
  return %0, %1 : i32, i32
}

// -----

// A pattern: addi(addi(x, c0), c1) -> addi(x, c0 + c1).
// CHECK-LABEL: func.func @reassociate
// CHECK-SAME:    (%[[X:.*]]: i32)
// CHECK:         %[[C:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    %[[R:.*]] = arith.addi %[[X]], %[[C]] : i32
// CHECK-NOT:     arith.addi
// CHECK:         return %[[R]]
func.func @reassociate(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %x, %c1 : i32
  %1 = arith.addi %0, %c2 : i32
  return %1 : i32
}

// -----

// An `scf.if` on a constant condition is replaced by the taken branch.
// CHECK-LABEL: func.func @static_if
// CHECK-SAME:    (%[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-NOT:     scf.if
// CHECK:         %[[R:.*]] = arith.muli %[[A]], %[[B]] : i32
// CHECK-NEXT:    return %[[R]]
func.func @static_if(%a: i32, %b: i32) -> i32 {
  %true = arith.constant true
  %0 = scf.if %true -> (i32) {
    %1 = arith.muli %a, %b : i32
    scf.yield %1 : i32
  } else {
    %2 = arith.addi %a, %b : i32
    scf.yield %2 : i32
  }
  return %0 : i32
}

// -----

// Side effects are kept; loads that are unused are dead (reads only).
// CHECK-LABEL: func.func @side_effects
// CHECK-NOT:     memref.load
// CHECK:         memref.store
// CHECK-NEXT:    "test.effect"() : () -> ()
// CHECK-NEXT:    return
func.func @side_effects(%m: memref<4xi32>, %i: index, %v: i32) {
  %0 = memref.load %m[%i] : memref<4xi32>
  memref.store %v, %m[%i] : memref<4xi32>
  "test.effect"() : () -> ()
  return
}

// -----

// Region simplification erases blocks unreachable from the entry block.
// CHECK-LABEL: func.func @unreachable_blocks
// CHECK:         "test.br"()[^[[BB:.*]]] : () -> ()
// CHECK-NOT:     arith.addi
// CHECK:         ^[[BB]]:
// CHECK-NEXT:    return
// NOSIMPLIFY-LABEL: func.func @unreachable_blocks
// NOSIMPLIFY-COUNT-2: "test.br"
func.func @unreachable_blocks(%x: i32) -> i32 {
  "test.br"() [^bb2] : () -> ()
^bb1:
  %0 = arith.addi %x, %x : i32
  "test.use"(%0) : (i32) -> ()
  "test.br"() [^bb2] : () -> ()
^bb2:
  return %x : i32
}
