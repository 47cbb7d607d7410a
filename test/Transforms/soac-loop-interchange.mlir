// RUN: tail-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(soac-loop-interchange))' | FileCheck %s
// RUN: tail-opt %S/Inputs/soac-loop-interchange-run.mlir --pass-pipeline='builtin.module(func.func(soac-loop-interchange))' | FileCheck %s --check-prefix=RUNIR
// RUN: tail-opt %S/Inputs/soac-loop-interchange-run.mlir --pass-pipeline='builtin.module(func.func(soac-loop-interchange))' -o %t.mlir
// RUN: tailc run --target=interp %S/Inputs/soac-loop-interchange-run.mlir | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=interp %t.mlir | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=cpu %S/Inputs/soac-loop-interchange-run.mlir | FileCheck %s --check-prefix=EXEC

// Both rewrites on a program (Inputs/soac-loop-interchange-run.mlir): the sum of the two
// planes after 5 steps of (a, b) ← (a/2, b + a) from a = 1…6, b = 0 (21/32 + 21·31/16), and
// after 0 steps (the initial planes), the same before and after the pass.
// Then the same stack of planes (2 × 3 × 2) carried after a scalar, the number of steps: the
// stack is carried as two planes, but the loop stays (the scalar is not an array of the map),
// and the whole result is the planes stacked again: 3 steps of (a, b) ← (a·b, b + 1) from
// a = 0…5, b = 1, summed, plus 3.
// RUNIR-LABEL: func.func @run
// RUNIR-NOT:     soac.loop %{{.*}} -> (tensor
// RUNIR:         soac.loop %{{.*}} -> (f64, f64)
// RUNIR-LABEL: func.func @counted
// RUNIR:         soac.loop %{{.*}} -> (f64, tensor<?x?xf64>, tensor<?x?xf64>)
// RUNIR:         soac.concat
// EXEC: ([](41.34375),[](21.0),[](117.0))

// soac-loop-interchange: a soac.loop over arrays whose body is one map over the carried
// arrays (and arrays from outside the loop) becomes that map, running the loop per element.
// The map's results may be yielded in any order; the iteration number stays available.
// CHECK-LABEL: func.func @plain
// CHECK-SAME:    (%[[X:.*]]: tensor<?xf64>, %[[Y:.*]]: tensor<?xf64>, %[[C:.*]]: tensor<?xf64>, %[[N:.*]]: index)
// CHECK-NEXT:    %[[R:.*]]:2 = soac.map %[[Y]], %[[C]], %[[X]] : tensor<?xf64>, tensor<?xf64>, tensor<?xf64> -> (tensor<?xf64>, tensor<?xf64>) {
// CHECK-NEXT:    ^bb0(%[[EY:.*]]: f64, %[[EC:.*]]: f64, %[[EX:.*]]: f64):
// CHECK-NEXT:      %[[L:.*]]:2 = soac.loop %[[I:.*]] < %[[N]] iter_args(%[[A:.*]] = %[[EX]], %[[B:.*]] = %[[EY]]) -> (f64, f64) {
// CHECK-NEXT:        %[[IC:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT:        %[[IF:.*]] = arith.sitofp %[[IC]] : i64 to f64
// CHECK-NEXT:        %[[S:.*]] = arith.addf %[[B]], %[[EC]] : f64
// CHECK-NEXT:        %[[T:.*]] = arith.mulf %[[A]], %[[IF]] : f64
// CHECK-NEXT:        soac.yield %[[S]], %[[T]] : f64, f64
// CHECK-NEXT:      }
// CHECK-NEXT:      soac.yield %[[L]]#0, %[[L]]#1 : f64, f64
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]#0, %[[R]]#1
func.func @plain(%x: tensor<?xf64>, %y: tensor<?xf64>, %c: tensor<?xf64>, %n: index) -> (tensor<?xf64>, tensor<?xf64>) {
  %r:2 = soac.loop %i < %n iter_args(%a = %x, %b = %y) -> (tensor<?xf64>, tensor<?xf64>) {
    %m:2 = soac.map %b, %c, %a : tensor<?xf64>, tensor<?xf64>, tensor<?xf64> -> (tensor<?xf64>, tensor<?xf64>) {
    ^bb0(%eb: f64, %ec: f64, %ea: f64):
      %ic = arith.index_cast %i : index to i64
      %if = arith.sitofp %ic : i64 to f64
      %s = arith.addf %eb, %ec : f64
      %t = arith.mulf %ea, %if : f64
      soac.yield %t, %s : f64, f64
    }
    soac.yield %m#1, %m#0 : tensor<?xf64>, tensor<?xf64>
  }
  return %r#0, %r#1 : tensor<?xf64>, tensor<?xf64>
}

// -----

// A carried stack of planes (a 2 × n array whose step indexes its two rows and stacks the
// two new rows again: reshape of the concatenated rows to its own extents) is carried as two
// planes, which then interchange. Reading plane 1 of the result is the second result; the
// whole result is the planes stacked again.
// CHECK-LABEL: func.func @planes
// CHECK-SAME:    (%[[X:.*]]: tensor<?xf64>, %[[K:.*]]: index, %[[N:.*]]: index)
// CHECK:         %[[S0:.*]] = soac.reshape %{{.*}} to(%{{.*}}, %[[K]]) : tensor<?xf64> -> tensor<?x?xf64>
// CHECK:         %[[P0:.*]] = soac.index %[[S0]][%{{.*}}] : tensor<?x?xf64> -> tensor<?xf64>
// CHECK:         %[[P1:.*]] = soac.index %[[S0]][%{{.*}}] : tensor<?x?xf64> -> tensor<?xf64>
// CHECK:         %[[R:.*]]:2 = soac.map %[[P0]], %[[P1]] : tensor<?xf64>, tensor<?xf64> -> (tensor<?xf64>, tensor<?xf64>) {
// CHECK:           soac.loop %{{.*}} < %[[N]] iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (f64, f64) {
// CHECK:         %[[F0:.*]] = soac.reshape %[[R]]#0 to(%{{.*}}) : tensor<?xf64> -> tensor<?xf64>
// CHECK:         %[[F1:.*]] = soac.reshape %[[R]]#1 to(%{{.*}}) : tensor<?xf64> -> tensor<?xf64>
// CHECK:         %[[CAT:.*]] = soac.concat %[[F0]], %[[F1]] along 0
// CHECK:         %[[W:.*]] = soac.reshape %[[CAT]] to(%{{.*}}, %{{.*}}) : tensor<?xf64> -> tensor<?x?xf64>
// CHECK-NOT:     soac.loop
// CHECK:         return %[[R]]#1, %[[W]]
func.func @planes(%x: tensor<?xf64>, %k: index, %n: index) -> (tensor<?xf64>, tensor<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %k2 = arith.muli %k, %c2 : index
  %flat0 = soac.reshape %x to(%k2) cyclic : tensor<?xf64> -> tensor<?xf64>
  %s0 = soac.reshape %flat0 to(%c2, %k) : tensor<?xf64> -> tensor<?x?xf64>
  %r = soac.loop %i < %n iter_args(%s = %s0) -> (tensor<?x?xf64>) {
    %u = soac.index %s[%c0] : tensor<?x?xf64> -> tensor<?xf64>
    %v = soac.index %s[%c1] : tensor<?x?xf64> -> tensor<?xf64>
    %m:2 = soac.map %u, %v : tensor<?xf64>, tensor<?xf64> -> (tensor<?xf64>, tensor<?xf64>) {
    ^bb0(%a: f64, %b: f64):
      %h = arith.constant 0.5 : f64
      %p = arith.mulf %a, %h : f64
      %q = arith.addf %b, %p : f64
      soac.yield %p, %q : f64, f64
    }
    %d = soac.dim %u, 0 : tensor<?xf64>
    %f0 = soac.reshape %m#0 to(%d) : tensor<?xf64> -> tensor<?xf64>
    %f1 = soac.reshape %m#1 to(%d) : tensor<?xf64> -> tensor<?xf64>
    %cat = soac.concat %f0, %f1 along 0 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64>
    %e = soac.dim %cat, 0 : tensor<?xf64>
    %empty = arith.cmpi eq, %e, %c0 : index
    %next = scf.if %empty -> (tensor<?x?xf64>) {
      scf.yield %s0 : tensor<?x?xf64>
    } else {
      %w = soac.reshape %cat to(%c2, %k) cyclic : tensor<?xf64> -> tensor<?x?xf64>
      scf.yield %w : tensor<?x?xf64>
    }
    soac.yield %next : tensor<?x?xf64>
  }
  %last = soac.index %r[%c1] : tensor<?x?xf64> -> tensor<?xf64>
  return %last, %r : tensor<?xf64>, tensor<?x?xf64>
}

// -----

// Not interchanged: a step that reads a neighbour (a rotation of the carried array), a
// step with other work besides the map (a reduction of the carried array), and a stack
// whose new rows are not of the carried rows' extent (a row of length 2k).
// CHECK-LABEL: func.func @stencil
// CHECK:         soac.loop
// CHECK-LABEL: func.func @reduction
// CHECK:         soac.loop
// CHECK-LABEL: func.func @other_extent
// CHECK:         soac.loop %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<?x?xf64>)
func.func @stencil(%x: tensor<?xf64>, %n: index) -> tensor<?xf64> {
  %r = soac.loop %i < %n iter_args(%a = %x) -> (tensor<?xf64>) {
    %c1 = arith.constant 1 : index
    %l = soac.rotate %a[%c1] : tensor<?xf64>
    %m = soac.map %a, %l : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
    ^bb0(%p: f64, %q: f64):
      %s = arith.addf %p, %q : f64
      soac.yield %s : f64
    }
    soac.yield %m : tensor<?xf64>
  }
  return %r : tensor<?xf64>
}
func.func @reduction(%x: tensor<?xf64>, %n: index) -> tensor<?xf64> {
  %z = arith.constant 0.0 : f64
  %r = soac.loop %i < %n iter_args(%a = %x) -> (tensor<?xf64>) {
    %t = soac.reduce %a init(%z) comm : tensor<?xf64> -> f64 {
    ^bb0(%p: f64, %q: f64):
      %s = arith.addf %p, %q : f64
      soac.yield %s : f64
    }
    %m = soac.map %a : tensor<?xf64> -> tensor<?xf64> {
    ^bb0(%p: f64):
      %s = arith.subf %p, %t : f64
      soac.yield %s : f64
    }
    soac.yield %m : tensor<?xf64>
  }
  return %r : tensor<?xf64>
}
func.func @other_extent(%s0: tensor<?x?xf64>, %k: index, %n: index) -> tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = soac.loop %i < %n iter_args(%s = %s0) -> (tensor<?x?xf64>) {
    %u = soac.index %s[%c0] : tensor<?x?xf64> -> tensor<?xf64>
    %v = soac.index %s[%c1] : tensor<?x?xf64> -> tensor<?xf64>
    %cat = soac.concat %u, %v along 0 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64>
    %k2 = arith.muli %k, %c2 : index
    %f = soac.reshape %cat to(%k2) : tensor<?xf64> -> tensor<?xf64>
    %w = soac.reshape %f to(%c2, %k2) cyclic : tensor<?xf64> -> tensor<?x?xf64>
    soac.yield %w : tensor<?x?xf64>
  }
  return %r : tensor<?x?xf64>
}
