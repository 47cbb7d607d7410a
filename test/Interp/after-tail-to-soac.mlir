// `tailc run --after=<pipeline>` lowers the program before running it; the output is the same
// with and without the lowering, for a named pipeline, a list of passes and a pipeline string.
// RUN: tailc run %s | FileCheck %s
// RUN: tailc run --after=tail-to-soac %s | FileCheck %s
// RUN: tailc run --after='builtin.module(tail-to-soac)' %s | FileCheck %s
// RUN: tailc run --after=canonicalize,convert-tail-to-soac %s | FileCheck %s
// A pipeline that does not parse is reported before the program is read.
// RUN: not tailc run --after='tail-to-soac(' %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not tailc run --after=no-such-pass %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// A pipeline that fails on the program reports the pass's located error and runs nothing.
// RUN: not tailc run --after=tail-to-soac %S/Inputs/rank-variable.mlir 2>&1 | FileCheck %s --check-prefix=FAIL

// The interpreter runs the soac program, with the kept print op behind
// builtin.unrealized_conversion_cast: the matrix printed, then the final value.
// CHECK-NOT: {{.}}
// CHECK: {{^$}}
// CHECK-NEXT: {{^}} 2 3 4{{$}}
// CHECK-NEXT: {{^}} 5 6 7{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: [](27.0)
// CHECK-NOT: {{.}}

// BAD: tailc: error: invalid --after pipeline
// BAD: error: encountered unbalanced parentheses while parsing pipeline
// UNKNOWN: tailc: error: invalid --after pipeline
// UNKNOWN: error: 'no-such-pass' does not refer to a registered pass or pass pipeline
// FAIL: rank-variable.mlir:{{[0-9]+}}:{{[0-9]+}}: error: {{.*}}whose rank is not a known constant, which cannot be instantiated
// FAIL-NOT: [](

func.func @main() -> f64 {
  %one = tail.const 1 : i32
  %zero = tail.const 0 : i32
  %n = tail.const 6 : i32
  %v = tail.iota %n : (i32) -> !tail.array<i32, 1>
  %s = tail.lit [2, 3] : !tail.vec<i32, 2>
  %m = tail.reshape %s, %zero, %v : (!tail.vec<i32, 2>, i32, !tail.array<i32, 1>) -> !tail.array<i32, 2>
  %m1 = tail.each %m : (!tail.array<i32, 2>) -> !tail.array<i32, 2> {
  ^bb0(%x: i32):
    %y = tail.addi %x, %one : i32
    tail.yield %y : i32
  }
  %p = tail.prArrI %m1 : !tail.array<i32, 2>
  %rows = tail.reduce %zero, %m1 : (i32, !tail.array<i32, 2>) -> !tail.array<i32, 1> {
  ^bb0(%x: i32, %y: i32):
    %r = tail.addi %x, %y : i32
    tail.yield %r : i32
  }
  %t = tail.reduce %zero, %rows : (i32, !tail.array<i32, 1>) -> i32 {
  ^bb0(%x: i32, %y: i32):
    %r = tail.addi %x, %y : i32
    tail.yield %r : i32
  }
  %d = tail.i2d %t : i32 -> f64
  return %d : f64
}
