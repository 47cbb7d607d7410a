// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-simplify))' --split-input-file | FileCheck %s

// Unused map results and unused lambda inputs are dropped.
// CHECK-LABEL: func.func @dead_result_unused_input
// CHECK:         soac.map %arg0 : tensor<?xi32> -> tensor<?xi32>
// CHECK-NOT:     arith.muli
// CHECK:         return
func.func @dead_result_unused_input(%xs: tensor<?xi32>, %ys: tensor<?xi32>) -> tensor<?xi32> {
  %a, %b = soac.map %xs, %ys : tensor<?xi32>, tensor<?xi32> -> (tensor<?xi32>, tensor<?xi32>) {
  ^bb0(%x: i32, %y: i32):
    %s = arith.addi %x, %x : i32
    %p = arith.muli %y, %y : i32
    soac.yield %s, %p : i32, i32
  }
  return %a : tensor<?xi32>
}

// -----

// map id xs is xs.
// CHECK-LABEL: func.func @identity_map
// CHECK-NOT:     soac.map
// CHECK:         return %arg0
func.func @identity_map(%xs: tensor<?xf64>) -> tensor<?xf64> {
  %a = soac.map %xs : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    soac.yield %x : f64
  }
  return %a : tensor<?xf64>
}

// -----

// A map of a constant is a replicate.
// CHECK-LABEL: func.func @constant_map
// CHECK-NOT:     soac.map
// CHECK:         %[[N:.*]] = soac.dim %arg0, 0
// CHECK:         soac.replicate %{{.*}} times %[[N]] : i32 -> tensor<?xi32>
func.func @constant_map(%xs: tensor<?xi32>) -> tensor<?xi32> {
  %a = soac.map %xs : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32):
    %c = arith.constant 7 : i32
    soac.yield %c : i32
  }
  return %a : tensor<?xi32>
}

// -----

// In the lambda of a map over rows it stays a map: the level of a map nest that kernel
// extraction needs (a matrix times 0).
// CHECK-LABEL: func.func @constant_rows
// CHECK:         soac.map %arg0 : tensor<?x?xi32> -> tensor<?x?xi32> {
// CHECK:           soac.map %{{.*}} : tensor<?xi32> -> tensor<?xi32> {
// CHECK-NOT:     soac.replicate
func.func @constant_rows(%xs: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %a = soac.map %xs : tensor<?x?xi32> -> tensor<?x?xi32> {
  ^bb0(%row: tensor<?xi32>):
    %r = soac.map %row : tensor<?xi32> -> tensor<?xi32> {
    ^bb0(%x: i32):
      %c = arith.constant 0 : i32
      soac.yield %c : i32
    }
    soac.yield %r : tensor<?xi32>
  }
  return %a : tensor<?x?xi32>
}

// -----

// Indexing iota and replicate folds.
// CHECK-LABEL: func.func @index_created
// CHECK-NOT:     soac.iota
// CHECK-NOT:     soac.replicate
// CHECK:         %[[I:.*]] = arith.index_cast %arg1 : index to i32
// CHECK:         return %[[I]], %arg2
func.func @index_created(%n: index, %i: index, %v: f64) -> (i32, f64) {
  %io = soac.iota %n : tensor<?xi32>
  %a = soac.index %io[%i] : tensor<?xi32> -> i32
  %r = soac.replicate %v times %n : f64 -> tensor<?xf64>
  %b = soac.index %r[%i] : tensor<?xf64> -> f64
  return %a, %b : i32, f64
}

// -----

// A replicated input of a map becomes the row itself (its extent is the other input's: the
// replicate's count is that input's dim); an array passed twice is one input.
// CHECK-LABEL: func.func @replicated_and_duplicate_inputs
// CHECK-NOT:     soac.replicate
// CHECK:         soac.map %arg0 : tensor<?xf64> -> tensor<?xf64>
// CHECK:         arith.addf %{{.*}}, %arg1
func.func @replicated_and_duplicate_inputs(%xs: tensor<?xf64>, %v: f64) -> tensor<?xf64> {
  %n = soac.dim %xs, 0 : tensor<?xf64>
  %r = soac.replicate %v times %n : f64 -> tensor<?xf64>
  %a = soac.map %xs, %r, %xs : tensor<?xf64>, tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64, %y: f64, %z: f64):
    %m = arith.mulf %x, %z : f64
    %s = arith.addf %m, %y : f64
    soac.yield %s : f64
  }
  return %a : tensor<?xf64>
}

// -----

// A replicated input whose extent is not known to be the other inputs' (here a count that is
// not the other input's dim) stays an input, so that the map's inputs are still checked to
// agree: `(1↑x)|x` of a 9-element x must fail, not compute with the one element
// (test/Target/CPU/faults-loop-extents.apl).
// CHECK-LABEL: func.func @replicated_other_extents
// CHECK:         %[[R:.*]] = soac.replicate %arg2 times %arg1 : f64 -> tensor<?xf64>
// CHECK:         soac.map %arg0, %[[R]] : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64>
func.func @replicated_other_extents(%xs: tensor<?xf64>, %n: index, %v: f64) -> tensor<?xf64> {
  %r = soac.replicate %v times %n : f64 -> tensor<?xf64>
  %a = soac.map %xs, %r : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64, %y: f64):
    %s = arith.addf %x, %y : f64
    soac.yield %s : f64
  }
  return %a : tensor<?xf64>
}

// -----

// dim through a slice and through views.
// CHECK-LABEL: func.func @dim_views
// CHECK-NOT:     soac.slice
// CHECK-NOT:     soac.transpose
// CHECK:         return %arg1, %{{.*}}
func.func @dim_views(%m: tensor<?x?xf64>, %k: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = soac.slice %m[%c0, %c0] [%k, %k] [%c1, %c1] : tensor<?x?xf64> -> tensor<?x?xf64>
  %a = soac.dim %s, 0 : tensor<?x?xf64>
  %t = soac.transpose %m [1, 0] : tensor<?x?xf64> -> tensor<?x?xf64>
  %b = soac.dim %t, 0 : tensor<?x?xf64>
  return %a, %b : index, index
}

// -----

// Unused mapped-out results of a redomap are dropped.
// CHECK-LABEL: func.func @redomap_dead_mapped_out
// CHECK:         soac.redomap %arg0 init(%{{.*}}) : tensor<?xi32> -> i32
// CHECK-NOT:     arith.muli
// CHECK:         return
func.func @redomap_dead_mapped_out(%xs: tensor<?xi32>) -> i32 {
  %zero = arith.constant 0 : i32
  %s, %m = soac.redomap %xs init(%zero) : tensor<?xi32> -> (i32, tensor<?xi32>) reduce {
  ^bb0(%a: i32, %b: i32):
    %r = arith.addi %a, %b : i32
    soac.yield %r : i32
  } map {
  ^bb0(%x: i32):
    %p = arith.muli %x, %x : i32
    soac.yield %x, %p : i32, i32
  }
  return %s : i32
}

// -----

// A loop-carried value the body passes through unchanged is the initial value.
// CHECK-LABEL: func.func @loop_invariant
// CHECK:         soac.loop
// CHECK:         return %{{.*}}, %arg0
func.func @loop_invariant(%xs: tensor<?xi32>, %n: index) -> (tensor<?xi32>, tensor<?xi32>) {
  %r:2 = soac.loop %i < %n iter_args(%a = %xs, %b = %xs) -> (tensor<?xi32>, tensor<?xi32>) {
    %next = soac.map %a, %b : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32> {
    ^bb0(%p: i32, %q: i32):
      %s = arith.addi %p, %q : i32
      soac.yield %s : i32
    }
    soac.yield %next, %b : tensor<?xi32>, tensor<?xi32>
  }
  return %r#0, %r#1 : tensor<?xi32>, tensor<?xi32>
}

// -----

// The extent of an updated array is its destination's (operand #1 of soac.update and
// soac.scatter, not the written value), read before the op that consumes the destination.
// CHECK-LABEL: func.func @dim_through_update
// CHECK-SAME:    (%[[A:[^:]*]]: tensor<?xi32>, %[[B:[^:]*]]: tensor<?xf64>
// CHECK:         soac.dim %[[A]], 0 : tensor<?xi32>
// CHECK-NEXT:    soac.update %{{.*}} into %[[A]]
// CHECK-NEXT:    soac.dim %[[B]], 0 : tensor<?xf64>
// CHECK-NEXT:    soac.scatter
func.func @dim_through_update(%a: tensor<?xi32>, %b: tensor<?xf64>, %v: i32, %w: tensor<?xf64>, %is: tensor<?xi32>) -> (index, index, tensor<?xi32>, tensor<?xf64>) {
  %i = arith.constant 0 : index
  %u = soac.update %v into %a[%i] : i32 -> tensor<?xi32>
  %d = soac.dim %u, 0 : tensor<?xi32>
  %s = soac.scatter %w into %b[%is] : tensor<?xf64>, tensor<?xi32> -> tensor<?xf64>
  %e = soac.dim %s, 0 : tensor<?xf64>
  return %d, %e, %u, %s : index, index, tensor<?xi32>, tensor<?xf64>
}

// -----

// A reshape that only relaxes a static shape (same rank, same constant extents) does not
// stand between a map and its input; a cyclic one does.
// CHECK-LABEL: func.func @through_shape_cast
// CHECK:         soac.map %arg0 : tensor<8xf64> -> tensor<?xf64>
// CHECK:         %[[R:.*]] = soac.reshape %arg0 to(%{{.*}}) cyclic : tensor<8xf64> -> tensor<?xf64>
// CHECK:         soac.map %[[R]] : tensor<?xf64> -> tensor<?xf64>
func.func @through_shape_cast(%xs: tensor<8xf64>) -> (tensor<?xf64>, tensor<?xf64>) {
  %c8 = arith.constant 8 : index
  %r = soac.reshape %xs to(%c8) : tensor<8xf64> -> tensor<?xf64>
  %a = soac.map %r : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    %y = arith.addf %x, %x : f64
    soac.yield %y : f64
  }
  %q = soac.reshape %xs to(%c8) cyclic : tensor<8xf64> -> tensor<?xf64>
  %b = soac.map %q : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    %y = arith.mulf %x, %x : f64
    soac.yield %y : f64
  }
  return %a, %b : tensor<?xf64>, tensor<?xf64>
}

// -----

// A commutative reduction of reversed arrays (APL's right-fold `+/`) reduces the arrays
// themselves; a non-commutative one, or a partial reversal, keeps the slice.
// CHECK-LABEL: func.func @unreverse_comm
// CHECK:         %[[S:.*]] = soac.slice %arg0[%{{.*}}] [%{{.*}}] [%{{.*}}]
// CHECK:         soac.reduce %arg0 init(%{{.*}}) comm
// CHECK:         soac.reduce %[[S]] init(%{{.*}}) :
// CHECK:         soac.reduce %{{.*}} init(%{{.*}}) comm
func.func @unreverse_comm(%xs: tensor<16xf64>) -> (f64, f64, f64) {
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %c8 = arith.constant 8 : index
  %m1 = arith.constant -1 : index
  %z = arith.constant 0.0 : f64
  %rev = soac.slice %xs[%c15] [%c16] [%m1] : tensor<16xf64> -> tensor<?xf64>
  %a = soac.reduce %rev init(%z) comm : tensor<?xf64> -> f64 {
  ^bb0(%x: f64, %y: f64):
    %s = arith.addf %x, %y : f64
    soac.yield %s : f64
  }
  %b = soac.reduce %rev init(%z) : tensor<?xf64> -> f64 {
  ^bb0(%x: f64, %y: f64):
    %s = arith.subf %x, %y : f64
    soac.yield %s : f64
  }
  %half = soac.slice %xs[%c15] [%c8] [%m1] : tensor<16xf64> -> tensor<?xf64>
  %c = soac.reduce %half init(%z) comm : tensor<?xf64> -> f64 {
  ^bb0(%x: f64, %y: f64):
    %s = arith.addf %x, %y : f64
    soac.yield %s : f64
  }
  return %a, %b, %c : f64, f64, f64
}

// -----

// A rotation of a cheap elementwise map nest is the map of the rotated inputs (Life's
// vertical sums read at a horizontal offset): the map is computed again at the rotated
// positions, and the rotation of a rotation is one rotation by the summed offsets.
// CHECK-LABEL: func.func @rotate_through_map
// CHECK-SAME:    (%[[B:.*]]: tensor<?x?xi1>, %[[K:.*]]: index)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[UP:.*]] = soac.rotate %[[B]][%[[C1]], %[[K]]] : tensor<?x?xi1>
// CHECK-DAG:     %[[SIDE:.*]] = soac.rotate %[[B]][%[[C0]], %[[K]]] : tensor<?x?xi1>
// CHECK:         %[[M:.*]] = soac.map %[[UP]], %[[SIDE]]
// CHECK:           soac.map
// CHECK:             arith.extui
// CHECK:             arith.addi
// CHECK-NOT:     soac.rotate
// CHECK:         return %[[M]]
func.func @rotate_through_map(%b: tensor<?x?xi1>, %k: index) -> tensor<?x?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %up = soac.rotate %b[%c1, %c0] : tensor<?x?xi1>
  %s = soac.map %up, %b : tensor<?x?xi1>, tensor<?x?xi1> -> tensor<?x?xi32> {
  ^bb0(%ru: tensor<?xi1>, %rb: tensor<?xi1>):
    %t = soac.map %ru, %rb : tensor<?xi1>, tensor<?xi1> -> tensor<?xi32> {
    ^bb1(%u: i1, %v: i1):
      %x = arith.extui %u : i1 to i32
      %y = arith.extui %v : i1 to i32
      %z = arith.addi %x, %y : i32
      soac.yield %z : i32
    }
    soac.yield %t : tensor<?xi32>
  }
  %r = soac.rotate %s[%c0, %k] : tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

// -----

// Not through a map whose body is not elementwise at the rotated depth (a reduction of each
// row), nor through a map whose body is too long to compute again.
// CHECK-LABEL: func.func @rotate_not_through_map
// CHECK:         %[[R:.*]] = soac.map
// CHECK:         soac.rotate %[[R]]
// CHECK:         %[[L:.*]] = soac.map
// CHECK:         soac.rotate %[[L]]
func.func @rotate_not_through_map(%m: tensor<?x?xi32>, %v: tensor<?xf64>, %k: index) -> (tensor<?xi32>, tensor<?xf64>) {
  %c0 = arith.constant 0 : i32
  %sums = soac.map %m : tensor<?x?xi32> -> tensor<?xi32> {
  ^bb0(%row: tensor<?xi32>):
    %s = soac.reduce %row init(%c0) comm : tensor<?xi32> -> i32 {
    ^bb1(%a: i32, %b: i32):
      %ab = arith.addi %a, %b : i32
      soac.yield %ab : i32
    }
    soac.yield %s : i32
  }
  %r1 = soac.rotate %sums[%k] : tensor<?xi32>
  %long = soac.map %v : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    %x1 = arith.mulf %x, %x : f64
    %x2 = arith.mulf %x1, %x : f64
    %x3 = arith.mulf %x2, %x : f64
    %x4 = arith.mulf %x3, %x : f64
    %x5 = arith.mulf %x4, %x : f64
    %x6 = arith.mulf %x5, %x : f64
    %x7 = arith.mulf %x6, %x : f64
    %x8 = arith.mulf %x7, %x : f64
    %x9 = arith.mulf %x8, %x : f64
    soac.yield %x9 : f64
  }
  %r2 = soac.rotate %long[%k] : tensor<?xf64>
  return %r1, %r2 : tensor<?xi32>, tensor<?xf64>
}

// -----

// ⌊x÷d of a 32-bit integer x and d an element of an array of powers of two 2⁰ … 2⁷ (a map
// over iota, read as the rows of a cyclic reshape): x shifted right by d's exponent, read
// off its bits. The floor's clamping and conversion go too.
// CHECK-LABEL: func.func @floor_div_powers_of_two
// CHECK:         soac.map %{{.*}}, %{{.*}} : tensor<?xi32>, tensor<?x?xf64> -> tensor<?x?xi32>
// CHECK:         ^bb{{.*}}(%[[D:.*]]: f64):
// CHECK:           %[[BITS:.*]] = arith.bitcast %[[D]] : f64 to i64
// CHECK:           %[[BIASED:.*]] = arith.shrui %[[BITS]], %{{.*}} : i64
// CHECK:           %[[E:.*]] = arith.subi %[[BIASED]], %{{.*}} : i64
// CHECK:           %[[K:.*]] = arith.trunci %[[E]] : i64 to i32
// CHECK:           %[[R:.*]] = arith.shrsi %{{.*}}, %[[K]] : i32
// CHECK-NEXT:      soac.yield %[[R]] : i32
// CHECK-NOT:     math.floor
func.func @floor_div_powers_of_two(%xs: tensor<?xi32>) -> tensor<?x?xi32> {
  %two = arith.constant 2.0 : f64
  %big = arith.constant 1000003 : i32
  %lo = arith.constant -2147483648.0 : f64
  %hi = arith.constant 2147483647.0 : f64
  %zero = arith.constant 0.0 : f64
  %c8 = arith.constant 8 : index
  %k = soac.iota : tensor<8xi32>
  %p = soac.map %k : tensor<8xi32> -> tensor<8xf64> {
  ^bb0(%e: i32):
    %f = arith.sitofp %e : i32 to f64
    %q = math.powf %two, %f : f64
    soac.yield %q : f64
  }
  %n = soac.dim %xs, 0 : tensor<?xi32>
  %pm = soac.reshape %p to(%n, %c8) cyclic : tensor<8xf64> -> tensor<?x?xf64>
  %r = soac.map %xs, %pm : tensor<?xi32>, tensor<?x?xf64> -> tensor<?x?xi32> {
  ^bb0(%x0: i32, %row: tensor<?xf64>):
    %x = arith.muli %x0, %big : i32
    %xf = arith.sitofp %x : i32 to f64
    %inner = soac.map %row : tensor<?xf64> -> tensor<?xi32> {
    ^bb1(%d: f64):
      %q = arith.divf %xf, %d : f64
      %fl = math.floor %q : f64
      %c1 = arith.maxnumf %fl, %lo : f64
      %c2 = arith.minnumf %c1, %hi : f64
      %ord = arith.cmpf ord, %fl, %fl : f64
      %s = arith.select %ord, %c2, %zero : f64
      %i = arith.fptosi %s : f64 to i32
      soac.yield %i : i32
    }
    soac.yield %inner : tensor<?xi32>
  }
  return %r : tensor<?x?xi32>
}

// -----

// ⌊x×2*-k with k from iota 0 … 7 in the same lambda: x shifted right by k (the exponent is
// −k, the shift 0 - (0 - k)); ⌊x÷8 is the floored division by 8 (canonicalization's form of
// the shift by the constant 3).
// CHECK-LABEL: func.func @floor_scaled_by_power_of_two
// CHECK:         ^bb{{.*}}(%[[X:.*]]: i32, %[[K:.*]]: i32):
// CHECK:           %[[R:.*]] = arith.shrsi %{{.*}}, %[[K]] : i32
// CHECK:           %[[S:.*]] = arith.floordivsi %{{.*}}, %{{.*}} : i32
// CHECK:           soac.yield %[[R]], %[[S]] : i32, i32
// CHECK-NOT:     math.floor
func.func @floor_scaled_by_power_of_two(%xs: tensor<8xi32>) -> (tensor<8xi32>, tensor<8xi32>) {
  %two = arith.constant 2.0 : f64
  %eight = arith.constant 8.0 : f64
  %z = arith.constant 0 : i32
  %big = arith.constant 1000003 : i32
  %k = soac.iota : tensor<8xi32>
  %r:2 = soac.map %xs, %k : tensor<8xi32>, tensor<8xi32> -> (tensor<8xi32>, tensor<8xi32>) {
  ^bb0(%x0: i32, %e: i32):
    %x = arith.muli %x0, %big : i32
    %xf = arith.sitofp %x : i32 to f64
    %ne = arith.subi %z, %e : i32
    %f = arith.sitofp %ne : i32 to f64
    %p = math.powf %two, %f : f64
    %q = arith.mulf %p, %xf : f64
    %fl = math.floor %q : f64
    %i = arith.fptosi %fl : f64 to i32
    %q8 = arith.divf %xf, %eight : f64
    %fl8 = math.floor %q8 : f64
    %i8 = arith.fptosi %fl8 : f64 to i32
    soac.yield %i, %i8 : i32, i32
  }
  return %r#0, %r#1 : tensor<8xi32>, tensor<8xi32>
}

// -----

// Not rewritten: a divisor array that is not all powers of two (`3 ** k`), a power of two
// whose exponent may exceed 31 (iota 40), and a dividend that is not a converted integer.
// CHECK-LABEL: func.func @floor_div_not_power_of_two
// CHECK-COUNT-3: math.floor
// CHECK-NOT:     arith.shrsi
func.func @floor_div_not_power_of_two(%xs: tensor<?xi32>, %ds: tensor<?xf64>) -> (tensor<?x?xi32>, tensor<?xi32>) {
  %two = arith.constant 2.0 : f64
  %three = arith.constant 3.0 : f64
  %c40 = arith.constant 40 : index
  %k = soac.iota : tensor<40xi32>
  %p = soac.map %k : tensor<40xi32> -> tensor<40xf64> {
  ^bb0(%e: i32):
    %f = arith.sitofp %e : i32 to f64
    %q = math.powf %three, %f : f64
    soac.yield %q : f64
  }
  %n = soac.dim %xs, 0 : tensor<?xi32>
  %pm = soac.reshape %p to(%n, %c40) cyclic : tensor<40xf64> -> tensor<?x?xf64>
  %r = soac.map %xs, %pm : tensor<?xi32>, tensor<?x?xf64> -> tensor<?x?xi32> {
  ^bb0(%x: i32, %row: tensor<?xf64>):
    %xf = arith.sitofp %x : i32 to f64
    %inner = soac.map %row : tensor<?xf64> -> tensor<?xi32> {
    ^bb1(%d: f64):
      %q = arith.divf %xf, %d : f64
      %fl = math.floor %q : f64
      %i = arith.fptosi %fl : f64 to i32
      soac.yield %i : i32
    }
    soac.yield %inner : tensor<?xi32>
  }
  %s = soac.map %xs, %ds : tensor<?xi32>, tensor<?xf64> -> tensor<?xi32> {
  ^bb0(%x: i32, %d: f64):
    %e = arith.sitofp %x : i32 to f64
    %p2 = math.powf %two, %e : f64
    %xf = arith.sitofp %x : i32 to f64
    %q = arith.divf %xf, %p2 : f64
    %fl = math.floor %q : f64
    %i = arith.fptosi %fl : f64 to i32
    %q2 = arith.divf %d, %p2 : f64
    %fl2 = math.floor %q2 : f64
    %i2 = arith.fptosi %fl2 : f64 to i32
    %sum = arith.addi %i, %i2 : i32
    soac.yield %sum : i32
  }
  return %r, %s : tensor<?x?xi32>, tensor<?xi32>
}
