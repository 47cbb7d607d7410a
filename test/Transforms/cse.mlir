// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(cse))' --split-input-file --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @simple_constant
// CHECK-NEXT:    %[[C:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    return %[[C]], %[[C]] : i32, i32
func.func @simple_constant() -> (i32, i32) {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 1 : i32
  return %0, %1 : i32, i32
}

// -----

// CHECK-LABEL: func.func @basic
// CHECK-SAME:    (%[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[S:.*]] = arith.subi %[[M]], %[[A]] : i32
// CHECK-NEXT:    return %[[S]], %[[S]] : i32, i32
func.func @basic(%a: i32, %b: i32) -> (i32, i32) {
  %0 = arith.muli %a, %b : i32
  %1 = arith.subi %0, %a : i32
  %2 = arith.muli %a, %b : i32
  %3 = arith.subi %2, %a : i32
  return %1, %3 : i32, i32
}

// -----

// Operands of commutative ops are compared as sorted lists.
// CHECK-LABEL: func.func @commutative
// CHECK-COUNT-1: arith.addi
// CHECK-NOT:     arith.addi
// CHECK:         arith.subi
// CHECK-NEXT:    arith.subi
// CHECK-NEXT:    return
func.func @commutative(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %b, %a : i32
  %2 = arith.subi %a, %b : i32
  %3 = arith.subi %b, %a : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// -----

// Ops with different attributes or result types are different.
// CHECK-LABEL: func.func @different_attributes
// CHECK:         arith.cmpi slt
// CHECK-NEXT:    arith.cmpi sgt
// CHECK-NEXT:    arith.constant 1 : i32
// CHECK-NEXT:    arith.constant 1 : i64
func.func @different_attributes(%a: i32, %b: i32) -> (i1, i1, i1, i32, i64) {
  %0 = arith.cmpi slt, %a, %b : i32
  %1 = arith.cmpi sgt, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.constant 1 : i32
  %4 = arith.constant 1 : i64
  return %0, %1, %2, %3, %4 : i1, i1, i1, i32, i64
}

// -----

// Unused side-effect-free ops are erased on the way.
// CHECK-LABEL: func.func @dead_ops
// CHECK-NOT:     arith.addi
// CHECK-NOT:     memref.alloc
// CHECK:         return
func.func @dead_ops(%a: i32) {
  %0 = arith.addi %a, %a : i32
  %1 = memref.alloc() : memref<4xi32>
  return
}

// -----

// Nested regions see the values of the enclosing scopes, but a value defined in a nested
// region does not dominate the ops after the region op.
// CHECK-LABEL: func.func @nested_regions
// CHECK-SAME:    (%[[C:.*]]: i1, %[[A:.*]]: i32)
// CHECK:         %[[M:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK:         scf.if %[[C]]
// CHECK-NEXT:      scf.yield %[[M]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[E:.*]] = arith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT:      scf.yield %[[E]] : i32
// CHECK:         arith.addi %[[A]], %[[A]] : i32
func.func @nested_regions(%c: i1, %a: i32) -> (i32, i32, i32) {
  %0 = arith.muli %a, %a : i32
  %1 = scf.if %c -> (i32) {
    %2 = arith.muli %a, %a : i32
    scf.yield %2 : i32
  } else {
    %3 = arith.addi %a, %a : i32
    scf.yield %3 : i32
  }
  %4 = arith.addi %a, %a : i32
  return %0, %1, %4 : i32, i32, i32
}

// -----

// Ops with equal, side-effect-free regions are CSE'd too.
// CHECK-LABEL: func.func @equal_regions
// CHECK-COUNT-1: scf.if
// CHECK-NOT:     scf.if
func.func @equal_regions(%c: i1, %a: i32) -> (i32, i32) {
  %0 = scf.if %c -> (i32) {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  %1 = scf.if %c -> (i32) {
    %y = arith.addi %a, %a : i32
    scf.yield %y : i32
  } else {
    scf.yield %a : i32
  }
  return %0, %1 : i32, i32
}

// -----

// Reads are CSE'd within a block unless a write may happen in between.
// CHECK-LABEL: func.func @reads
// CHECK:         %[[L0:.*]] = memref.load
// CHECK-NEXT:    memref.store
// CHECK-NEXT:    %[[L1:.*]] = memref.load
// CHECK-NEXT:    "test.unknown"() : () -> ()
// CHECK-NEXT:    %[[L2:.*]] = memref.load
// CHECK-NEXT:    return %[[L0]], %[[L0]], %[[L1]], %[[L1]], %[[L2]]
func.func @reads(%m: memref<4xi32>, %i: index, %v: i32) -> (i32, i32, i32, i32, i32) {
  %0 = memref.load %m[%i] : memref<4xi32>
  %1 = memref.load %m[%i] : memref<4xi32>
  memref.store %v, %m[%i] : memref<4xi32>
  %2 = memref.load %m[%i] : memref<4xi32>
  %3 = memref.load %m[%i] : memref<4xi32>
  "test.unknown"() : () -> ()
  %4 = memref.load %m[%i] : memref<4xi32>
  return %0, %1, %2, %3, %4 : i32, i32, i32, i32, i32
}

// -----

// Side-effecting ops are never CSE'd.
// CHECK-LABEL: func.func @side_effects
// CHECK-COUNT-2: memref.alloc()
func.func @side_effects() -> (memref<4xi32>, memref<4xi32>) {
  %0 = memref.alloc() : memref<4xi32>
  %1 = memref.alloc() : memref<4xi32>
  return %0, %1 : memref<4xi32>, memref<4xi32>
}

// -----

// Multi-block regions: an op is replaced only by an op in a dominating block.
// CHECK-LABEL: func.func @dominance
// CHECK-SAME:    (%[[A:.*]]: i32)
// CHECK:         %[[X:.*]] = arith.addi %[[A]], %[[A]] : i32
// CHECK:         "test.cond_br"()[^[[BB1:.*]], ^[[BB2:.*]]]
// CHECK:       ^[[BB1]]:
// CHECK-NEXT:    %[[Y:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT:    "test.use"(%[[X]], %[[Y]])
// CHECK:       ^[[BB2]]:
// CHECK-NEXT:    %[[Z:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT:    "test.use"(%[[X]], %[[Z]])
func.func @dominance(%a: i32) {
  %0 = arith.addi %a, %a : i32
  "test.cond_br"() [^bb1, ^bb2] : () -> ()
^bb1:
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %a, %a : i32
  "test.use"(%1, %2) : (i32, i32) -> ()
  "test.br"() [^bb3] : () -> ()
^bb2:
  %3 = arith.addi %a, %a : i32
  %4 = arith.muli %a, %a : i32
  "test.use"(%3, %4) : (i32, i32) -> ()
  "test.br"() [^bb3] : () -> ()
^bb3:
  "test.use"(%0) : (i32) -> ()
  return
}

// -----

// Each function is isolated from above: constants are not shared between functions.
// CHECK-LABEL: func.func @isolated_a
// CHECK:         arith.constant 7 : i32
// CHECK-LABEL: func.func @isolated_b
// CHECK:         arith.constant 7 : i32
func.func @isolated_a() -> i32 {
  %c = arith.constant 7 : i32
  return %c : i32
}
func.func @isolated_b() -> i32 {
  %c = arith.constant 7 : i32
  return %c : i32
}
