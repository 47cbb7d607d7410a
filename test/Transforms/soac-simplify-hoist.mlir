// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-simplify))' | FileCheck %s
// RUN: tailc run --target=interp %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=interp --after='func.func(soac-simplify)' %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=cpu %s | FileCheck %s --check-prefix=EXEC

// Invariant reductions: a reduction to scalars in a map's lambda that reads nothing of the
// lambda (APL's `{⍵ × +/ v}¨`) runs once, before the map, instead of once per element; a
// redomap with its own map lambda likewise, and out of two nested maps step by step. Left in
// place: a reduction of the lambda's row, one under an scf.if in the lambda. (The replicate
// of a vector of dynamic extent with a count only for its outer extent, valid IR, made the
// interpreter and convert-soac-to-hpar index past their operands before.)

// xs1 = 1 2 3: (6 12 18 → 36) + 2 rows × ((15 16 17 → 48) + 6) = 144.
// EXEC: [](144)

// CHECK-LABEL: func.func @main
// CHECK:         %[[S:.*]] = soac.reduce %[[XS:.*]] init
// CHECK:         soac.map %[[XS]]
// CHECK:           arith.muli %{{.*}}, %[[S]] : i32
// CHECK:         %[[Q:.*]] = soac.redomap %[[XS]] init
// CHECK:         soac.map
// CHECK:           soac.map
// CHECK:             arith.addi %{{.*}}, %[[Q]] : i32
// CHECK:           soac.reduce %{{.*}} init
// CHECK:           scf.if
// CHECK-NEXT:        soac.reduce %[[XS]]
// CHECK:         return
func.func @main() -> i32 {
  %z = arith.constant 0 : i32
  %c3 = arith.constant 3 : index
  %xs = soac.iota %c3 : tensor<?xi32>
  %xs1 = soac.map %xs : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32):
    %one = arith.constant 1 : i32
    %y = arith.addi %x, %one : i32
    soac.yield %y : i32
  }
  // ⍵ × +/ xs1: the sum moves out.
  %a = soac.map %xs1 : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%w: i32):
    %s = soac.reduce %xs1 init(%z) comm : tensor<?xi32> -> i32 {
    ^bb0(%p: i32, %q: i32):
      %r = arith.addi %p, %q : i32
      soac.yield %r : i32
    }
    %m = arith.muli %w, %s : i32
    soac.yield %m : i32
  }
  // Two levels: a sum of squares in the inner lambda moves out of both maps; the row's own
  // sum stays; a sum under an scf.if stays.
  %c2 = arith.constant 2 : index
  %m2 = soac.replicate %xs1 times %c2 : tensor<?xi32> -> tensor<?x?xi32>
  %b = soac.map %m2 : tensor<?x?xi32> -> tensor<?xi32> {
  ^bb0(%row: tensor<?xi32>):
    %inner = soac.map %row : tensor<?xi32> -> tensor<?xi32> {
    ^bb0(%e: i32):
      %sq = soac.redomap %xs1 init(%z) comm : tensor<?xi32> -> i32 reduce {
      ^bb0(%p: i32, %q: i32):
        %r = arith.addi %p, %q : i32
        soac.yield %r : i32
      } map {
      ^bb0(%x: i32):
        %x2 = arith.muli %x, %x : i32
        soac.yield %x2 : i32
      }
      %t = arith.addi %e, %sq : i32
      soac.yield %t : i32
    }
    %rs = soac.reduce %inner init(%z) comm : tensor<?xi32> -> i32 {
    ^bb0(%p: i32, %q: i32):
      %r = arith.addi %p, %q : i32
      soac.yield %r : i32
    }
    %big = arith.cmpi sgt, %rs, %z : i32
    %c = scf.if %big -> (i32) {
      %u = soac.reduce %xs1 init(%z) comm : tensor<?xi32> -> i32 {
      ^bb0(%p: i32, %q: i32):
        %r = arith.addi %p, %q : i32
        soac.yield %r : i32
      }
      scf.yield %u : i32
    } else {
      scf.yield %z : i32
    }
    %v = arith.addi %rs, %c : i32
    soac.yield %v : i32
  }
  %sa = soac.reduce %a init(%z) comm : tensor<?xi32> -> i32 {
  ^bb0(%p: i32, %q: i32):
    %r = arith.addi %p, %q : i32
    soac.yield %r : i32
  }
  %sb = soac.reduce %b init(%z) comm : tensor<?xi32> -> i32 {
  ^bb0(%p: i32, %q: i32):
    %r = arith.addi %p, %q : i32
    soac.yield %r : i32
  }
  %all = arith.addi %sa, %sb : i32
  return %all : i32
}
