// RUN: tailc run %s | FileCheck %s
// RUN: tailc run --after=tail-to-soac %s | FileCheck %s

// Two `tail.mem` copies of one array become two identical copying maps, each the destination
// of its own `soac.update` (consumed). The pipeline's `cse` must not merge them (Futhark's
// uniqueness rule: `#[operand(consumed)]`), or the verifier would reject the result
// ("'soac.update' op consumes its destination array, which must not be used afterwards").

// CHECK: [3](1,9,3)
// CHECK-NEXT: [3](1,8,3)
func.func @main() -> !tail.array<i32, 1> {
  %n = tail.const 3 : i32
  %v = tail.iota %n : (i32) -> !tail.array<i32, 1>
  %m = tail.mem %v : !tail.array<i32, 1>
  %k = tail.mem %v : !tail.array<i32, 1>
  %is = tail.lit [2] : !tail.vec<i32, 1>
  %x = tail.const 9 : i32
  %u = tail.idxassign %is, %m, %x : (!tail.vec<i32, 1>, !tail.array<i32, 1>, i32) -> i1
  %y = tail.const 8 : i32
  %w = tail.idxassign %is, %k, %y : (!tail.vec<i32, 1>, !tail.array<i32, 1>, i32) -> i1
  %p = tail.prArrI %m : !tail.array<i32, 1>
  return %k : !tail.array<i32, 1>
}
