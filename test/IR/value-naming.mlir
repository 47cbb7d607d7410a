// Value names of the input are not kept: results print as `%0, %1, ...` and entry-block
// arguments as `%arg0, %arg1, ...`. Numbering restarts inside every op that is isolated from
// above (func.func, builtin.module) and continues into regions that are not (scf.for).
// RUN: tail-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect | tail-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @a(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    %1 = arith.constant 0 : index
// CHECK-NEXT:    %2 = arith.constant 4 : index
// Entry-block arguments of nested regions continue the `%arg` numbering of the function.
// CHECK-NEXT:    %[[FOR:[0-9]+]] = scf.for %arg2 = %1 to %2 step %1 iter_args(%arg3 = %0) -> (i32) {
// CHECK-NEXT:      %[[IN:[0-9]+]] = arith.addi %arg3, %arg0 : i32
// CHECK-NEXT:      scf.yield %[[IN]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[AFTER:[0-9]+]] = arith.addi %[[FOR]], %[[FOR]] : i32
// CHECK-NEXT:    return %[[AFTER]] : i32
func.func @a(%x: i32, %y: i32) -> i32 {
  %sum = arith.addi %x, %y : i32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c0 iter_args(%acc = %sum) -> (i32) {
    %n = arith.addi %acc, %x : i32
    scf.yield %n : i32
  }
  %after = arith.addi %r, %r : i32
  return %after : i32
}

// Every function starts again at %arg0 and %0.
// CHECK-LABEL: func.func @b(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    return %0 : i32
func.func @b(%p: i32) -> i32 {
  %q = arith.addi %p, %p : i32
  return %q : i32
}

// So does every nested module.
// CHECK-LABEL: module @inner {
// CHECK-NEXT:    func.func @c(%arg0: f32) -> f32 {
// CHECK-NEXT:      %0 = arith.addf %arg0, %arg0 : f32
// CHECK-NEXT:      return %0 : f32
module @inner {
  func.func @c(%z: f32) -> f32 {
    %w = arith.addf %z, %z : f32
    return %w : f32
  }
}

// Arguments of blocks other than the entry block are numbered like results.
// CHECK-LABEL: func.func @blocks(%arg0: i32) {
// CHECK-NEXT:    %0 = "test.def"() : () -> i32
// CHECK-NEXT:    "test.br"(%arg0, %0)[^bb1] : (i32, i32) -> ()
// CHECK-NEXT:  ^bb1(%1: i32, %2: i32):
// CHECK-NEXT:    %3 = "test.use"(%1, %2) : (i32, i32) -> i32
// CHECK-NEXT:    return
func.func @blocks(%v: i32) {
  %d = "test.def"() : () -> i32
  "test.br"(%v, %d)[^next] : (i32, i32) -> ()
^next(%m: i32, %n: i32):
  %u = "test.use"(%m, %n) : (i32, i32) -> i32
  return
}

// Values at module level are numbered in the module's own scope; the region of an unregistered
// op (not isolated) continues that numbering and may use them.
// CHECK:      %0 = "test.top"() : () -> i32
// CHECK-NEXT: "test.region"() ({
// CHECK-NEXT: ^bb0(%arg0: i32):
// CHECK-NEXT:   %1 = "test.v"(%arg0, %0) : (i32, i32) -> i32
%top = "test.top"() : () -> i32
"test.region"() ({
^bb0(%in: i32):
  %v = "test.v"(%in, %top) : (i32, i32) -> i32
}) : () -> ()
