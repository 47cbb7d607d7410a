// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-simplify))' | FileCheck %s
// RUN: tailc run --target=interp %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=interp --after='func.func(soac-simplify)' %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=cpu %s | FileCheck %s --check-prefix=EXEC

// Invariant code in a map's lambda beyond single reductions: a scan of a map of an iota
// that reads nothing of the lambda moves out with the map and the iota it needs (the map
// reading the scan and the lambda's argument stays); a view that both moved work and the
// lambda read is copied out; a map that the lambda itself also reads stays, and so does the
// reduction of it; a reduction whose operator divides (integer division may fail: the
// lambda may run for no element) stays, as does a map that calls a run-time check (the sum
// of its values, which are its argument's, reads that argument and moves).

// EXEC: [](126)

// CHECK-LABEL: func.func @main
// CHECK:         %[[XS:.*]] = soac.iota
// CHECK-NEXT:    %[[IOTA:.*]] = soac.iota
// CHECK-NEXT:    %[[SQ:.*]] = soac.map %[[IOTA]]
// CHECK:         %[[SCAN:.*]] = soac.scan %[[SQ]]
// CHECK:         %[[VIEW:.*]] = soac.rotate %[[XS]][
// CHECK-NEXT:    %[[SUM:.*]] = soac.reduce %[[VIEW]]
// CHECK:         soac.reduce %[[XS]]
// CHECK:         soac.map %[[XS]]
// CHECK-NEXT:    ^bb0(%[[W:.*]]: i32):
// CHECK-NEXT:      soac.map %[[SCAN]]
// CHECK:           soac.reduce
// CHECK:           soac.rotate %[[XS]][
// CHECK:           soac.map
// CHECK:           arith.addi %{{.*}}, %[[SUM]]
// CHECK:           %[[TWICE:.*]] = soac.map %[[XS]]
// CHECK:           soac.reduce %[[TWICE]]
// CHECK:           soac.map %[[TWICE]]
// CHECK:           soac.reduce
// CHECK:           soac.reduce %[[XS]]
// CHECK:             arith.divsi
// CHECK:           soac.map %[[XS]]
// CHECK:             func.call @tail_rt_check_count
// CHECK:         return
func.func private @tail_rt_check_count(i64, i32, i32)
func.func @main() -> i32 {
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %xs = soac.iota %c3 : tensor<?xi32>
  %a = soac.map %xs : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%w: i32):
    // +/ w + +\ (⍳4)×⍳4: the iota, the squares and their scan move out.
    %iv = soac.iota %c4 : tensor<?xi32>
    %sq = soac.map %iv : tensor<?xi32> -> tensor<?xi32> {
    ^bb0(%x: i32):
      %x2 = arith.muli %x, %x : i32
      soac.yield %x2 : i32
    }
    %sc = soac.scan %sq init(%z) : tensor<?xi32> -> tensor<?xi32> {
    ^bb0(%p: i32, %q: i32):
      %r = arith.addi %p, %q : i32
      soac.yield %r : i32
    }
    %sw = soac.map %sc : tensor<?xi32> -> tensor<?xi32> {
    ^bb0(%e: i32):
      %t = arith.addi %e, %w : i32
      soac.yield %t : i32
    }
    %s1 = soac.reduce %sw init(%z) comm : tensor<?xi32> -> i32 {
    ^bb0(%p: i32, %q: i32):
      %r = arith.addi %p, %q : i32
      soac.yield %r : i32
    }
    // A view of xs that a moved sum and a map of w read: copied out for the sum.
    %view = soac.rotate %xs [%c1] : tensor<?xi32>
    %sum = soac.reduce %view init(%z) comm : tensor<?xi32> -> i32 {
    ^bb0(%p: i32, %q: i32):
      %r = arith.addi %p, %q : i32
      soac.yield %r : i32
    }
    %vw = soac.map %view : tensor<?xi32> -> tensor<?xi32> {
    ^bb0(%e: i32):
      %t = arith.muli %e, %w : i32
      soac.yield %t : i32
    }
    %s2 = soac.reduce %vw init(%z) comm : tensor<?xi32> -> i32 {
    ^bb0(%p: i32, %q: i32):
      %r = arith.addi %p, %q : i32
      soac.yield %r : i32
    }
    %s3 = arith.addi %s2, %sum : i32
    // A map of xs read by a sum and by a map of w: both stay.
    %twice = soac.map %xs : tensor<?xi32> -> tensor<?xi32> {
    ^bb0(%e: i32):
      %t = arith.addi %e, %e : i32
      soac.yield %t : i32
    }
    %s4 = soac.reduce %twice init(%z) comm : tensor<?xi32> -> i32 {
    ^bb0(%p: i32, %q: i32):
      %r = arith.addi %p, %q : i32
      soac.yield %r : i32
    }
    %tw = soac.map %twice : tensor<?xi32> -> tensor<?xi32> {
    ^bb0(%e: i32):
      %t = arith.subi %e, %w : i32
      soac.yield %t : i32
    }
    %s5 = soac.reduce %tw init(%z) comm : tensor<?xi32> -> i32 {
    ^bb0(%p: i32, %q: i32):
      %r = arith.addi %p, %q : i32
      soac.yield %r : i32
    }
    // Integer division in the operator; a check's call in a map: both stay.
    %s6 = soac.reduce %xs init(%one) : tensor<?xi32> -> i32 {
    ^bb0(%p: i32, %q: i32):
      %q1 = arith.addi %q, %one : i32
      %r = arith.divsi %p, %q1 : i32
      soac.yield %r : i32
    }
    %ck = soac.map %xs : tensor<?xi32> -> tensor<?xi32> {
    ^bb0(%e: i32):
      %e64 = arith.extsi %e : i32 to i64
      %l = arith.constant 1 : i32
      func.call @tail_rt_check_count(%e64, %l, %l) : (i64, i32, i32) -> ()
      soac.yield %e : i32
    }
    %s7 = soac.reduce %ck init(%z) comm : tensor<?xi32> -> i32 {
    ^bb0(%p: i32, %q: i32):
      %r = arith.addi %p, %q : i32
      soac.yield %r : i32
    }
    %u1 = arith.addi %s1, %s3 : i32
    %u2 = arith.addi %s4, %s5 : i32
    %u3 = arith.addi %s6, %s7 : i32
    %u4 = arith.addi %u1, %u2 : i32
    %u5 = arith.addi %u4, %u3 : i32
    soac.yield %u5 : i32
  }
  %sa = soac.reduce %a init(%z) comm : tensor<?xi32> -> i32 {
  ^bb0(%p: i32, %q: i32):
    %r = arith.addi %p, %q : i32
    soac.yield %r : i32
  }
  return %sa : i32
}
