// RUN: tail-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(convert-tail-to-soac)'

// What convert-tail-to-soac cannot lower is reported at the op, and the pass fails.

// A rank that is a shape variable cannot be instantiated.
// expected-error@+1 {{has type '!tail.array<i32, ?r>' whose rank is not a known constant, which cannot be instantiated}}
func.func @rank_var(%a: !tail.array<i32, ?r>) -> !tail.array<i32, ?r> {
  return %a : !tail.array<i32, ?r>
}

// -----

// transp2 needs its axis vector as a literal (the tail-to-soac pipeline's leading
// canonicalize folds computed ones); an argument is not one.
func.func @transp2_axes(%p: !tail.vec<i32, 2>, %m: !tail.array<i32, 2>) -> !tail.array<i32, 2> {
  // expected-error@+1 {{'tail.transp2' op expects a literal axis vector}}
  %r = tail.transp2 %p, %m : (!tail.vec<i32, 2>, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  return %r : !tail.array<i32, 2>
}

// -----

// An indexed assignment inside a region to an array of the enclosing block: rebinding the
// array after the region is not implemented.
func.func @assign_outside(%c: i1, %a: !tail.array<i32, 1>, %x: i32) -> !tail.array<i32, 1> {
  %m = tail.mem %a : !tail.array<i32, 1>
  %d = tail.if %c -> (i1) {
    %is = tail.lit [1] : !tail.vec<i32, 1>
    // expected-error@+1 {{updates an array defined outside the block of the assignment, which convert-tail-to-soac does not handle}}
    %u = tail.idxassign %is, %m, %x : (!tail.vec<i32, 1>, !tail.array<i32, 1>, i32) -> i1
    tail.yield %u : i1
  } else {
    tail.yield %c : i1
  }
  return %m : !tail.array<i32, 1>
}
