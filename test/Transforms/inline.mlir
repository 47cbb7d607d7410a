// RUN: tail-opt %s --pass-pipeline='builtin.module(inline)' --split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --pass-pipeline='builtin.module(inline{default-pipeline=})' --split-input-file --allow-unregistered-dialect | FileCheck %s --check-prefix=NOPIPE

// A call to a single-block function is replaced by its body; the private callee, now
// unused, is erased. The default pipeline (canonicalize) then folds the inlined constants.
// CHECK-LABEL: func.func @inline_simple
// CHECK-SAME:    (%[[A:.*]]: i32)
// CHECK-NOT:     call
// CHECK:         %[[C:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[R:.*]] = arith.addi %[[A]], %[[C]] : i32
// CHECK-NEXT:    return %[[R]] : i32
// CHECK-NOT:     @add1
// NOPIPE-LABEL: func.func @inline_simple
// NOPIPE-NOT:     call
// NOPIPE-COUNT-2: arith.addi
// NOPIPE-NOT:     func.func private @add1
func.func @inline_simple(%a: i32) -> i32 {
  %0 = func.call @add1(%a) : (i32) -> i32
  %1 = func.call @add1(%0) : (i32) -> i32
  return %1 : i32
}
func.func private @add1(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %x, %c1 : i32
  return %0 : i32
}

// -----

// Inlining goes bottom-up over the call graph: @leaf into @middle, then @middle (already
// containing @leaf's body) into @top. Public callees are kept.
// CHECK-LABEL: func.func @top
// CHECK-SAME:    (%[[X:.*]]: i32)
// CHECK-NOT:     call
// CHECK:         %[[S:.*]] = arith.addi %[[X]], %[[X]] : i32
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[S]], %[[S]] : i32
// CHECK-NEXT:    return %[[M]] : i32
// CHECK-LABEL: func.func @middle
// CHECK-NOT:     call
// CHECK:         arith.addi
// CHECK-NEXT:    arith.muli
// CHECK-NOT:     @leaf
func.func @top(%x: i32) -> i32 {
  %0 = func.call @middle(%x) : (i32) -> i32
  return %0 : i32
}
func.func @middle(%x: i32) -> i32 {
  %0 = func.call @leaf(%x) : (i32) -> i32
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
}
func.func private @leaf(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}

// -----

// Functions without results and calls whose results are unused.
// CHECK-LABEL: func.func @no_results
// CHECK-SAME:    (%[[M:.*]]: memref<4xi32>, %[[I:.*]]: index, %[[V:.*]]: i32)
// CHECK-NEXT:    memref.store %[[V]], %[[M]][%[[I]]] : memref<4xi32>
// CHECK-NEXT:    return
func.func @no_results(%m: memref<4xi32>, %i: index, %v: i32) {
  func.call @store(%m, %i, %v) : (memref<4xi32>, index, i32) -> ()
  return
}
func.func private @store(%m: memref<4xi32>, %i: index, %v: i32) {
  memref.store %v, %m[%i] : memref<4xi32>
  return
}

// -----

// Regions inside the callee are cloned with it.
// CHECK-LABEL: func.func @callee_with_regions
// CHECK-NOT:     call
// CHECK:         scf.if
// CHECK:           arith.addi
// CHECK:         } else {
// CHECK:           arith.muli
func.func @callee_with_regions(%c: i1, %a: i32) -> i32 {
  %0 = func.call @select_op(%c, %a) : (i1, i32) -> i32
  return %0 : i32
}
func.func private @select_op(%c: i1, %a: i32) -> i32 {
  %0 = scf.if %c -> (i32) {
    %1 = arith.addi %a, %a : i32
    scf.yield %1 : i32
  } else {
    %2 = arith.muli %a, %a : i32
    scf.yield %2 : i32
  }
  return %0 : i32
}

// -----

// Recursive functions (self or mutual recursion) and declarations are not inlined.
// CHECK-LABEL: func.func @recursion
// CHECK:         call @self
// CHECK:         call @ping
// CHECK:         call @external
// CHECK:       func.func private @self
// CHECK:       func.func private @ping
// CHECK:       func.func private @pong
// CHECK:       func.func private @external
func.func @recursion(%x: i32) -> i32 {
  %0 = func.call @self(%x) : (i32) -> i32
  %1 = func.call @ping(%0) : (i32) -> i32
  %2 = func.call @external(%1) : (i32) -> i32
  return %2 : i32
}
func.func private @self(%x: i32) -> i32 {
  %0 = func.call @self(%x) : (i32) -> i32
  return %0 : i32
}
func.func private @ping(%x: i32) -> i32 {
  %0 = func.call @pong(%x) : (i32) -> i32
  return %0 : i32
}
func.func private @pong(%x: i32) -> i32 {
  %0 = func.call @ping(%x) : (i32) -> i32
  return %0 : i32
}
func.func private @external(i32) -> i32

// -----

// Multi-block callees are not inlined (that needs an unstructured control-flow dialect).
// CHECK-LABEL: func.func @multi_block
// CHECK:         call @two_blocks
// CHECK:       func.func private @two_blocks
func.func @multi_block(%x: i32) -> i32 {
  %0 = func.call @two_blocks(%x) : (i32) -> i32
  return %0 : i32
}
func.func private @two_blocks(%x: i32) -> i32 {
  "test.br"() [^bb1] : () -> ()
^bb1:
  return %x : i32
}

// -----

// Private functions that nothing calls are erased; public ones are kept.
// CHECK-LABEL: module attributes {test.dead}
// CHECK-NOT:     @dead_private
// CHECK:         func.func @public_unused
module attributes {test.dead} {
  func.func private @dead_private() {
    return
  }
  func.func @public_unused() {
    return
  }
}
