// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-simplify))' | FileCheck %s
// A reduction of a filter's kept rows reduces the filter's inputs with the neutral element
// in place of a dropped row (ReduceFiltered), when nothing else reads the kept rows, the
// rows are scalars, and the inputs have one known extent (the compression's count check
// then has nothing to say). A redomap's map part also runs on dropped rows: it must be
// elementwise code that cannot trap.

// `+/ b / x`: the mask and the values are maps of one array.
// CHECK-LABEL: func.func @sum_kept
// CHECK-NOT:     soac.filter
// CHECK:         %[[S:.*]] = soac.redomap %[[B:.*]], %[[X:.*]] init(%[[Z:.*]]) comm : tensor<?xi1>, tensor<?xf64> -> f64 reduce {
// CHECK:           arith.addf
// CHECK:         } map {
// CHECK-NEXT:    ^bb0(%[[K:.*]]: i1, %[[V:.*]]: f64):
// CHECK-NEXT:      %[[Y:.*]] = arith.select %[[K]], %[[V]], %[[Z]] : f64
// CHECK-NEXT:      soac.yield %[[Y]] : f64
// CHECK:         return %[[S]] : f64
func.func @sum_kept(%a: tensor<?xf64>) -> f64 {
  %z = arith.constant 0.0 : f64
  %h = arith.constant 0.5 : f64
  %b = soac.map %a : tensor<?xf64> -> tensor<?xi1> {
  ^bb0(%x: f64):
    %c = arith.cmpf ogt, %x, %h : f64
    soac.yield %c : i1
  }
  %x2 = soac.map %a : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    %y = arith.mulf %x, %x : f64
    soac.yield %y : f64
  }
  %k:2 = soac.filter %b, %x2 : tensor<?xi1>, tensor<?xf64> -> (tensor<?xi1>, tensor<?xf64>) {
  ^bb0(%m: i1, %v: f64):
    soac.yield %m : i1
  }
  %s = soac.reduce %k#1 init(%z) comm : tensor<?xf64> -> f64 {
  ^bb0(%u: f64, %w: f64):
    %r = arith.addf %u, %w : f64
    soac.yield %r : f64
  }
  return %s : f64
}

// A redomap whose map divides doubles: the map runs on every row, its value selected.
// CHECK-LABEL: func.func @redomap_kept
// CHECK-NOT:     soac.filter
// CHECK:         soac.redomap
// CHECK:         } map {
// CHECK:           %[[Q:.*]] = arith.divf
// CHECK-NEXT:      arith.select %{{.*}}, %[[Q]], %{{.*}} : f64
func.func @redomap_kept(%a: tensor<?xf64>) -> f64 {
  %z = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %b = soac.map %a : tensor<?xf64> -> tensor<?xi1> {
  ^bb0(%x: f64):
    %c = arith.cmpf one, %x, %z : f64
    soac.yield %c : i1
  }
  %k:2 = soac.filter %b, %a : tensor<?xi1>, tensor<?xf64> -> (tensor<?xi1>, tensor<?xf64>) {
  ^bb0(%m: i1, %v: f64):
    soac.yield %m : i1
  }
  %s = soac.redomap %k#1 init(%z) comm : tensor<?xf64> -> f64 reduce {
  ^bb0(%u: f64, %w: f64):
    %r = arith.addf %u, %w : f64
    soac.yield %r : f64
  } map {
  ^bb0(%v: f64):
    %q = arith.divf %one, %v : f64
    soac.yield %q : f64
  }
  return %s : f64
}

// Left alone: a map part with an integer division (a dropped row may divide by 0), kept
// rows read by something else, and a mask and values of lengths not known to agree.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-3: soac.filter
func.func @left_alone(%a: tensor<?xi32>, %d: i32, %bs: tensor<?xi1>) -> (i32, i32, tensor<?xi32>, i32) {
  %z = arith.constant 0 : i32
  %b = soac.map %a : tensor<?xi32> -> tensor<?xi1> {
  ^bb0(%x: i32):
    %c = arith.cmpi sgt, %x, %z : i32
    soac.yield %c : i1
  }
  %k:2 = soac.filter %b, %a : tensor<?xi1>, tensor<?xi32> -> (tensor<?xi1>, tensor<?xi32>) {
  ^bb0(%m: i1, %v: i32):
    soac.yield %m : i1
  }
  %s = soac.redomap %k#1 init(%z) comm : tensor<?xi32> -> i32 reduce {
  ^bb0(%u: i32, %w: i32):
    %r = arith.addi %u, %w : i32
    soac.yield %r : i32
  } map {
  ^bb0(%v: i32):
    %q = arith.divsi %v, %d : i32
    soac.yield %q : i32
  }
  %k2:2 = soac.filter %b, %a : tensor<?xi1>, tensor<?xi32> -> (tensor<?xi1>, tensor<?xi32>) {
  ^bb0(%m: i1, %v: i32):
    soac.yield %m : i1
  }
  %t = soac.reduce %k2#1 init(%z) comm : tensor<?xi32> -> i32 {
  ^bb0(%u: i32, %w: i32):
    %r = arith.addi %u, %w : i32
    soac.yield %r : i32
  }
  %k3:2 = soac.filter %bs, %a : tensor<?xi1>, tensor<?xi32> -> (tensor<?xi1>, tensor<?xi32>) {
  ^bb0(%m: i1, %v: i32):
    soac.yield %m : i1
  }
  %u3 = soac.reduce %k3#1 init(%z) comm : tensor<?xi32> -> i32 {
  ^bb0(%u: i32, %w: i32):
    %r = arith.addi %u, %w : i32
    soac.yield %r : i32
  }
  return %s, %t, %k2#1, %u3 : i32, i32, tensor<?xi32>, i32
}

// The kept rows also counted (`(+/x) ÷ ≢x`): the reduction counts them as well (a 32-bit
// count, the rows being fewer than 2³¹), before the count's first use.
// CHECK-LABEL: func.func @sum_and_count
// CHECK-NOT:     soac.filter
// CHECK:         %[[R:.*]]:2 = soac.redomap %{{.*}}, %{{.*}} init(%{{.*}}, %{{.*}}) comm : tensor<1000xi1>, tensor<1000xf64> -> (f64, i32) reduce {
// CHECK:           arith.addf
// CHECK:           arith.addi
// CHECK:         } map {
// CHECK:           arith.select
// CHECK:           arith.extui %{{.*}} : i1 to i32
// CHECK:         %[[N:.*]] = arith.index_cast %[[R]]#1 : i32 to index
// CHECK:         return %[[R]]#0, %[[N]] : f64, index
func.func @sum_and_count(%b: tensor<1000xi1>, %a: tensor<1000xf64>) -> (f64, index) {
  %z = arith.constant 0.0 : f64
  %k:2 = soac.filter %b, %a : tensor<1000xi1>, tensor<1000xf64> -> (tensor<?xi1>, tensor<?xf64>) {
  ^bb0(%m: i1, %v: f64):
    soac.yield %m : i1
  }
  %n = soac.dim %k#1, 0 : tensor<?xf64>
  %s = soac.reduce %k#1 init(%z) comm : tensor<?xf64> -> f64 {
  ^bb0(%u: f64, %w: f64):
    %r = arith.addf %u, %w : f64
    soac.yield %r : f64
  }
  return %s, %n : f64, index
}

// Left alone: the count comes first, and the reduction's map reads a value computed after it.
// CHECK-LABEL: func.func @count_first
// CHECK:         soac.filter
func.func @count_first(%b: tensor<1000xi1>, %a: tensor<1000xf64>, %x: f64) -> (f64, index) {
  %z = arith.constant 0.0 : f64
  %k:2 = soac.filter %b, %a : tensor<1000xi1>, tensor<1000xf64> -> (tensor<?xi1>, tensor<?xf64>) {
  ^bb0(%m: i1, %v: f64):
    soac.yield %m : i1
  }
  %n = soac.dim %k#1, 0 : tensor<?xf64>
  %c = arith.mulf %x, %x : f64
  %s = soac.redomap %k#1 init(%z) comm : tensor<?xf64> -> f64 reduce {
  ^bb0(%u: f64, %w: f64):
    %r = arith.addf %u, %w : f64
    soac.yield %r : f64
  } map {
  ^bb0(%v: f64):
    %y = arith.mulf %v, %c : f64
    soac.yield %y : f64
  }
  return %s, %n : f64, index
}
