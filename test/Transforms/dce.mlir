// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(dce))' --split-input-file --allow-unregistered-dialect | FileCheck %s

// Chains of dead pure ops are erased in one sweep.
// CHECK-LABEL: func.func @dead_chain
// CHECK-SAME:    (%[[A:.*]]: i32)
// CHECK-NEXT:    return %[[A]] : i32
func.func @dead_chain(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %0 : i32
  %2 = arith.subi %1, %a : i32
  %c = arith.constant 3 : i32
  %3 = arith.addi %2, %c : i32
  return %a : i32
}

// -----

// Ops with write effects, unknown effects (unregistered) and terminators stay; unused
// allocations and reads go.
// CHECK-LABEL: func.func @effects
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.load
// CHECK:         memref.store
// CHECK-NEXT:    "test.unknown"() : () -> ()
// CHECK-NEXT:    return
func.func @effects(%m: memref<4xi32>, %i: index, %v: i32) {
  %buf = memref.alloc() : memref<8xi32>
  %0 = memref.load %m[%i] : memref<4xi32>
  memref.store %v, %m[%i] : memref<4xi32>
  "test.unknown"() : () -> ()
  return
}

// -----

// Live values keep their producers alive.
// CHECK-LABEL: func.func @live_chain
// CHECK:         arith.addi
// CHECK-NEXT:    arith.muli
// CHECK-NEXT:    return
func.func @live_chain(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
}

// -----

// A region op without side effects and without uses is erased with its body; one whose body
// writes memory is kept.
// CHECK-LABEL: func.func @region_ops
// CHECK-COUNT-1: scf.if
// CHECK:           memref.store
func.func @region_ops(%c: i1, %a: i32, %m: memref<4xi32>, %i: index) {
  %0 = scf.if %c -> (i32) {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  scf.if %c {
    memref.store %a, %m[%i] : memref<4xi32>
  }
  return
}

// -----

// Producers used only by dead ops in nested regions become dead too.
// CHECK-LABEL: func.func @dead_through_regions
// CHECK-NOT:     arith.muli
// CHECK-NOT:     scf.if
// CHECK:         return
func.func @dead_through_regions(%c: i1, %a: i32) {
  %0 = arith.muli %a, %a : i32
  %1 = scf.if %c -> (i32) {
    %x = arith.addi %0, %a : i32
    scf.yield %x : i32
  } else {
    scf.yield %0 : i32
  }
  return
}

// -----

// Blocks unreachable from the entry block are erased, with everything in them.
// CHECK-LABEL: func.func @unreachable_blocks
// CHECK:         "test.br"()[^[[BB:.*]]] : () -> ()
// CHECK-NOT:     test.use
// CHECK-NOT:     test.loop
// CHECK:       ^[[BB]]:
// CHECK-NEXT:    return
func.func @unreachable_blocks(%a: i32) -> i32 {
  "test.br"() [^bb3] : () -> ()
^bb1:
  %0 = arith.muli %a, %a : i32
  "test.use"(%0, %1) : (i32, i32) -> ()
  "test.br"() [^bb2] : () -> ()
^bb2:
  %1 = arith.addi %0, %a : i32
  "test.loop"() [^bb1] : () -> ()
^bb3:
  return %a : i32
}

// -----

// Symbols and unregistered ops are never erased by `dce`.
// CHECK-LABEL: func.func @keep_unknown
// CHECK:         "test.pure_looking"
func.func @keep_unknown(%a: i32) {
  %0 = "test.pure_looking"(%a) : (i32) -> i32
  return
}
