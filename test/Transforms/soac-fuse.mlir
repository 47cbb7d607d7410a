// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-fuse))' --split-input-file | FileCheck %s

// map f . map g is one map (Accelerate §4, Futhark's map-map fusion).
// CHECK-LABEL: func.func @map_map
// CHECK-COUNT-1: soac.map
// CHECK-NOT:     soac.map
// CHECK:         arith.mulf
// CHECK-NEXT:    arith.addf
// CHECK:         return
func.func @map_map(%xs: tensor<?xf64>) -> tensor<?xf64> {
  %a = soac.map %xs : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    %y = arith.mulf %x, %x : f64
    soac.yield %y : f64
  }
  %b = soac.map %a : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    %y = arith.addf %x, %x : f64
    soac.yield %y : f64
  }
  return %b : tensor<?xf64>
}

// -----

// Both inputs of a zip are fused (zipWith h (map f xs) (map g ys)).
// CHECK-LABEL: func.func @zip_both_inputs
// CHECK-COUNT-1: soac.map %arg0, %arg1
// CHECK-NOT:     soac.map
// CHECK:         return
func.func @zip_both_inputs(%xs: tensor<?xi32>, %ys: tensor<?xi32>) -> tensor<?xi32> {
  %a = soac.map %xs : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32):
    %y = arith.muli %x, %x : i32
    soac.yield %y : i32
  }
  %b = soac.map %ys : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32):
    %c = arith.constant 5 : i32
    %y = arith.addi %x, %c : i32
    soac.yield %y : i32
  }
  %c = soac.map %a, %b : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32, %y: i32):
    %z = arith.subi %x, %y : i32
    soac.yield %z : i32
  }
  return %c : tensor<?xi32>
}

// -----

// Dot product: reduce (+) 0 (zipWith (*) xs ys) is one redomap, no intermediate array.
// CHECK-LABEL: func.func @dotp
// CHECK-NOT:     soac.map
// CHECK-NOT:     soac.reduce
// CHECK-COUNT-1: soac.redomap %arg0, %arg1
// CHECK:         arith.addf
// CHECK:         } map {
// CHECK:         arith.mulf
// CHECK-NOT:     soac.{{map|reduce}}
// CHECK:         return
func.func @dotp(%xs: tensor<?xf64>, %ys: tensor<?xf64>) -> f64 {
  %zero = arith.constant 0.0 : f64
  %p = soac.map %xs, %ys : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64, %y: f64):
    %m = arith.mulf %x, %y : f64
    soac.yield %m : f64
  }
  %s = soac.reduce %p init(%zero) comm : tensor<?xf64> -> f64 {
  ^bb0(%a: f64, %b: f64):
    %r = arith.addf %a, %b : f64
    soac.yield %r : f64
  }
  return %s : f64
}

// -----

// map -> scan is a scanomap.
// CHECK-LABEL: func.func @map_scan
// CHECK-NOT:     soac.map
// CHECK-NOT:     soac.scan %
// CHECK-COUNT-1: soac.scanomap %arg0
// CHECK-NOT:     soac.scan
// CHECK:         return
func.func @map_scan(%xs: tensor<?xi32>) -> tensor<?xi32> {
  %zero = arith.constant 0 : i32
  %sq = soac.map %xs : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32):
    %y = arith.muli %x, %x : i32
    soac.yield %y : i32
  }
  %s = soac.scan %sq init(%zero) : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%a: i32, %b: i32):
    %r = arith.addi %a, %b : i32
    soac.yield %r : i32
  }
  return %s : tensor<?xi32>
}

// -----

// A map fuses into the map part of a redomap; a chain map -> map -> reduce is one redomap.
// CHECK-LABEL: func.func @chain_into_redomap
// CHECK-NOT:     soac.map
// CHECK-COUNT-1: soac.redomap %arg0 init
// CHECK-NOT:     soac.redomap
// CHECK:         return
func.func @chain_into_redomap(%xs: tensor<?xf64>) -> f64 {
  %zero = arith.constant 0.0 : f64
  %a = soac.map %xs : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    %y = math.sqrt %x : f64
    soac.yield %y : f64
  }
  %b = soac.map %a : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    %y = arith.mulf %x, %x : f64
    soac.yield %y : f64
  }
  %s = soac.redomap %b init(%zero) comm : tensor<?xf64> -> f64 reduce {
  ^bb0(%p: f64, %q: f64):
    %r = arith.addf %p, %q : f64
    soac.yield %r : f64
  } map {
  ^bb0(%x: f64):
    %y = arith.negf %x : f64
    soac.yield %y : f64
  }
  return %s : f64
}

// -----

// Horizontal fusion: two reductions of the same array are one redomap with two results.
// CHECK-LABEL: func.func @two_reductions
// CHECK-NOT:     soac.reduce
// CHECK-COUNT-1: soac.redomap %arg0 init(%{{.*}}, %{{.*}}) comm : tensor<?xi32> -> (i32, i32)
// CHECK-NOT:     soac.redomap
// CHECK:         return
func.func @two_reductions(%xs: tensor<?xi32>) -> (i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %s = soac.reduce %xs init(%zero) comm : tensor<?xi32> -> i32 {
  ^bb0(%a: i32, %b: i32):
    %r = arith.addi %a, %b : i32
    soac.yield %r : i32
  }
  %p = soac.reduce %xs init(%one) comm : tensor<?xi32> -> i32 {
  ^bb0(%a: i32, %b: i32):
    %r = arith.muli %a, %b : i32
    soac.yield %r : i32
  }
  return %s, %p : i32, i32
}

// -----

// Horizontal fusion of a map and a reduction over the same input: the map's result is
// mapped out of the redomap.
// CHECK-LABEL: func.func @map_and_reduce_siblings
// CHECK-NOT:     soac.map
// CHECK-COUNT-1: soac.redomap %arg0 init(%{{.*}}) : tensor<?xi32> -> (i32, tensor<?xi32>)
// CHECK-NOT:     soac.reduce
// CHECK:         return
func.func @map_and_reduce_siblings(%xs: tensor<?xi32>) -> (tensor<?xi32>, i32) {
  %zero = arith.constant 0 : i32
  %m = soac.map %xs : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32):
    %y = arith.muli %x, %x : i32
    soac.yield %y : i32
  }
  %s = soac.reduce %xs init(%zero) : tensor<?xi32> -> i32 {
  ^bb0(%a: i32, %b: i32):
    %r = arith.maxsi %a, %b : i32
    soac.yield %r : i32
  }
  return %m, %s : tensor<?xi32>, i32
}

// -----

// Sharing: let inc = map (+1) xs in zipWith (+) inc inc -- one map, inc computed once per
// element (one +1), not duplicated.
// CHECK-LABEL: func.func @sharing_inc
// CHECK-COUNT-1: soac.map %arg0
// CHECK-NOT:     soac.map
// CHECK:         %[[INC:.*]] = arith.addi %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:    %[[SUM:.*]] = arith.addi %[[INC]], %[[INC]] : i32
// CHECK-NEXT:    soac.yield %[[SUM]]
func.func @sharing_inc(%xs: tensor<?xi32>) -> tensor<?xi32> {
  %inc = soac.map %xs : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32):
    %one = arith.constant 1 : i32
    %y = arith.addi %x, %one : i32
    soac.yield %y : i32
  }
  %r = soac.map %inc, %inc : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    soac.yield %s : i32
  }
  return %r : tensor<?xi32>
}

// -----

// Reverse-then-map: the reverse (a slice with stride -1) of a map's result is pushed through
// the map, which then fuses with its consumer: one map over the reversed input.
// CHECK-LABEL: func.func @reverse_map
// CHECK:         soac.slice %arg0
// CHECK-COUNT-1: soac.map
// CHECK-NOT:     soac.map
// CHECK:         return
func.func @reverse_map(%xs: tensor<?xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cm1 = arith.constant -1 : index
  %a = soac.map %xs : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    %y = arith.mulf %x, %x : f64
    soac.yield %y : f64
  }
  %n = soac.dim %a, 0 : tensor<?xf64>
  %last = arith.subi %n, %c1 : index
  %r = soac.slice %a[%last] [%n] [%cm1] : tensor<?xf64> -> tensor<?xf64>
  %b = soac.map %r : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    %y = arith.addf %x, %x : f64
    soac.yield %y : f64
  }
  return %b : tensor<?xf64>
}

// -----

// A rotated input of a map stays a view (no copy); the maps around it fuse.
// CHECK-LABEL: func.func @rotate_map
// CHECK:         soac.rotate %arg0
// CHECK-COUNT-1: soac.map
// CHECK-NOT:     soac.map
// CHECK:         return
func.func @rotate_map(%xs: tensor<?xi32>) -> tensor<?xi32> {
  %k = arith.constant 2 : index
  %a = soac.map %xs : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32):
    %y = arith.muli %x, %x : i32
    soac.yield %y : i32
  }
  %r = soac.rotate %a[%k] : tensor<?xi32>
  %b = soac.map %r, %xs : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32, %y: i32):
    %z = arith.subi %x, %y : i32
    soac.yield %z : i32
  }
  return %b : tensor<?xi32>
}

// -----

// Shape-only uses (soac.dim) do not block fusion.
// CHECK-LABEL: func.func @shape_use
// CHECK:         soac.dim %arg0, 0
// CHECK-COUNT-1: soac.map
// CHECK-NOT:     soac.map
// CHECK:         return
func.func @shape_use(%xs: tensor<?xf64>) -> (tensor<?xf64>, index) {
  %a = soac.map %xs : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    %y = math.exp %x : f64
    soac.yield %y : f64
  }
  %n = soac.dim %a, 0 : tensor<?xf64>
  %b = soac.map %a : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    %y = arith.addf %x, %x : f64
    soac.yield %y : f64
  }
  return %b, %n : tensor<?xf64>, index
}

// -----

// An expensive producer that is also returned is fused and its result mapped out of the
// redomap: computed once, materialized once, no separate map.
// CHECK-LABEL: func.func @mapped_out
// CHECK-NOT:     soac.map
// CHECK-COUNT-1: soac.redomap %arg0 init(%{{.*}}) comm : tensor<?xf64> -> (f64, tensor<?xf64>)
// CHECK-COUNT-1: math.exp
// CHECK-NOT:     math.exp
// CHECK:         return
func.func @mapped_out(%xs: tensor<?xf64>) -> (f64, tensor<?xf64>) {
  %zero = arith.constant 0.0 : f64
  %e = soac.map %xs : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    %a = math.exp %x : f64
    %b = arith.mulf %a, %x : f64
    %c = math.sqrt %b : f64
    %d = arith.addf %c, %a : f64
    %f = arith.divf %d, %b : f64
    soac.yield %f : f64
  }
  %s = soac.reduce %e init(%zero) comm : tensor<?xf64> -> f64 {
  ^bb0(%p: f64, %q: f64):
    %r = arith.addf %p, %q : f64
    soac.yield %r : f64
  }
  return %s, %e : f64, tensor<?xf64>
}

// -----

// Two consumers that cannot be combined (a scan and a reduction) of an expensive producer:
// the producer fuses into the first and is mapped out for the second, never recomputed.
// CHECK-LABEL: func.func @expensive_two_consumers
// CHECK-NOT:     soac.map
// CHECK:         %[[S:.*]]:2 = soac.scanomap %arg0
// CHECK-COUNT-1: math.exp
// CHECK-NOT:     math.exp
// CHECK:         soac.reduce %[[S]]#1
// CHECK:         return
func.func @expensive_two_consumers(%xs: tensor<?xf64>) -> (tensor<?xf64>, f64) {
  %zero = arith.constant 0.0 : f64
  %e = soac.map %xs : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    %a = math.exp %x : f64
    %b = arith.mulf %a, %x : f64
    %c = math.sqrt %b : f64
    %d = arith.addf %c, %a : f64
    %f = arith.divf %d, %b : f64
    soac.yield %f : f64
  }
  %s = soac.scan %e init(%zero) : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%p: f64, %q: f64):
    %r = arith.addf %p, %q : f64
    soac.yield %r : f64
  }
  %m = soac.reduce %e init(%zero) : tensor<?xf64> -> f64 {
  ^bb0(%p: f64, %q: f64):
    %r = arith.maximumf %p, %q : f64
    soac.yield %r : f64
  }
  return %s, %m : tensor<?xf64>, f64
}

// -----

// A cheap producer (one op, materialized input) with two consumers that cannot be combined
// is recomputed in each: no intermediate array.
// CHECK-LABEL: func.func @cheap_two_consumers
// CHECK-NOT:     soac.map
// CHECK:         soac.scanomap %arg0
// CHECK:         soac.redomap %arg0
// CHECK-NOT:     soac.map
// CHECK:         return
func.func @cheap_two_consumers(%xs: tensor<?xi32>) -> (tensor<?xi32>, i32) {
  %zero = arith.constant 0 : i32
  %d = soac.map %xs : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32):
    %y = arith.addi %x, %x : i32
    soac.yield %y : i32
  }
  %s = soac.scan %d init(%zero) : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%p: i32, %q: i32):
    %r = arith.addi %p, %q : i32
    soac.yield %r : i32
  }
  %m = soac.reduce %d init(%zero) : tensor<?xi32> -> i32 {
  ^bb0(%p: i32, %q: i32):
    %r = arith.maxsi %p, %q : i32
    soac.yield %r : i32
  }
  return %s, %m : tensor<?xi32>, i32
}

// -----

// A filter consumer is not fused: the map stays.
// CHECK-LABEL: func.func @filter_consumer
// CHECK-COUNT-1: soac.map
// CHECK:         soac.filter
// CHECK:         return
func.func @filter_consumer(%xs: tensor<?xi32>) -> tensor<?xi32> {
  %zero = arith.constant 0 : i32
  %a = soac.map %xs : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32):
    %y = arith.muli %x, %x : i32
    soac.yield %y : i32
  }
  %f = soac.filter %a : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32):
    %b = arith.cmpi sgt, %x, %zero : i32
    soac.yield %b : i1
  }
  return %f : tensor<?xi32>
}

// -----

// Nothing is fused across soac.loop: the producer outside the loop stays a map, the map in
// the body stays in the body.
// CHECK-LABEL: func.func @loop_blocks_fusion
// CHECK:         %[[A:.*]] = soac.map %arg0
// CHECK:         soac.loop
// CHECK:         soac.map %[[A]]
// CHECK:         return
func.func @loop_blocks_fusion(%xs: tensor<?xi32>, %n: index) -> tensor<?xi32> {
  %a = soac.map %xs : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32):
    %y = arith.muli %x, %x : i32
    %z = arith.addi %y, %x : i32
    %w = arith.muli %z, %y : i32
    %v = arith.subi %w, %x : i32
    %u = arith.muli %v, %v : i32
    soac.yield %u : i32
  }
  %r = soac.loop %i < %n iter_args(%acc = %xs) -> (tensor<?xi32>) {
    %next = soac.map %a, %acc : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32> {
    ^bb0(%p: i32, %q: i32):
      %s = arith.addi %p, %q : i32
      soac.yield %s : i32
    }
    soac.yield %next : tensor<?xi32>
  }
  return %r : tensor<?xi32>
}

// -----

// A producer used inside a consumer's lambda (a free variable) is not fused into it.
// CHECK-LABEL: func.func @free_variable_use
// CHECK-COUNT-2: soac.map
// CHECK:         return
func.func @free_variable_use(%xs: tensor<?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %a = soac.map %xs : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32):
    %y = arith.muli %x, %x : i32
    soac.yield %y : i32
  }
  %b = soac.map %a : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32):
    %f = soac.index %a[%c0] : tensor<?xi32> -> i32
    %y = arith.addi %x, %f : i32
    soac.yield %y : i32
  }
  return %b : tensor<?xi32>
}

// -----

// Black-Scholes (Accelerate Fig. 1): cnd' of d1 is expensive and used by both the call and
// the put price. The two prices are siblings over the same arrays and fuse horizontally,
// after which d1 and cnd'(d1) have one consumer: one map, cnd' (its exp) computed once.
// CHECK-LABEL: func.func @black_scholes_cnd
// CHECK-COUNT-1: soac.map
// CHECK-NOT:     soac.map
// CHECK-COUNT-1: math.exp
// CHECK-NOT:     math.exp
// CHECK:         return
func.func @black_scholes_cnd(%s: tensor<?xf64>, %k: tensor<?xf64>) -> (tensor<?xf64>, tensor<?xf64>) {
  %d1 = soac.map %s, %k : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64, %y: f64):
    %q = arith.divf %x, %y : f64
    %l = math.log %q : f64
    soac.yield %l : f64
  }
  %cnd = soac.map %d1 : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%d: f64):
    %a = math.absf %d : f64
    %c = arith.constant 0.2316419 : f64
    %one = arith.constant 1.0 : f64
    %t = arith.mulf %c, %a : f64
    %t1 = arith.addf %one, %t : f64
    %kk = arith.divf %one, %t1 : f64
    %half = arith.constant -0.5 : f64
    %d2 = arith.mulf %d, %d : f64
    %e0 = arith.mulf %half, %d2 : f64
    %e = math.exp %e0 : f64
    %r = arith.mulf %e, %kk : f64
    soac.yield %r : f64
  }
  %call = soac.map %cnd, %s : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%c: f64, %x: f64):
    %v = arith.mulf %c, %x : f64
    soac.yield %v : f64
  }
  %put = soac.map %cnd, %k : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%c: f64, %y: f64):
    %one = arith.constant 1.0 : f64
    %m = arith.subf %one, %c : f64
    %v = arith.mulf %m, %y : f64
    soac.yield %v : f64
  }
  return %call, %put : tensor<?xf64>, tensor<?xf64>
}

// -----

// Two reductions of different results of one map (blackscholes' `+/call` and `+/put`), the
// first one's value used before the second: they join first (at the first one's place, since
// all the second reads exists there), then the map fuses into the joint reduction: one
// redomap of two values, no mapped-out results.
// CHECK-LABEL: func.func @reductions_of_one_map
// CHECK:         %[[R:.*]]:2 = soac.redomap %arg0 init(%{{.*}}, %{{.*}}) comm : tensor<?xf64> -> (f64, f64)
// CHECK-NOT:     soac.{{map|reduce|redomap}}
// CHECK:         %[[D:.*]] = arith.divf %[[R]]#0, %{{.*}}
// CHECK:         return %[[D]], %[[R]]#1
func.func @reductions_of_one_map(%xs: tensor<?xf64>) -> (f64, f64) {
  %z = arith.constant 0.0 : f64
  %two = arith.constant 2.0 : f64
  %a, %b = soac.map %xs : tensor<?xf64> -> (tensor<?xf64>, tensor<?xf64>) {
  ^bb0(%x: f64):
    %s = arith.addf %x, %x : f64
    %p = arith.mulf %x, %x : f64
    soac.yield %s, %p : f64, f64
  }
  %ra = soac.reduce %a init(%z) comm : tensor<?xf64> -> f64 {
  ^bb0(%x: f64, %y: f64):
    %s = arith.addf %x, %y : f64
    soac.yield %s : f64
  }
  %d = arith.divf %ra, %two : f64
  %rb = soac.reduce %b init(%z) comm : tensor<?xf64> -> f64 {
  ^bb0(%x: f64, %y: f64):
    %s = arith.addf %x, %y : f64
    soac.yield %s : f64
  }
  return %d, %rb : f64, f64
}

// -----

// Reductions of different arrays of one static extent are siblings too (one pass instead of
// two); maps are not joined that way (one would only become a mapped-out result).
// CHECK-LABEL: func.func @equal_static_extents
// CHECK:         soac.redomap %arg0, %arg1 init(%{{.*}}, %{{.*}}) comm : tensor<8xf64>, tensor<8xf64> -> (f64, f64)
// CHECK-COUNT-2: soac.map
// CHECK-NOT:     soac.map
func.func @equal_static_extents(%xs: tensor<8xf64>, %ys: tensor<8xf64>, %us: tensor<8xf64>, %vs: tensor<8xf64>) -> (f64, f64, tensor<8xf64>, tensor<8xf64>) {
  %z = arith.constant 0.0 : f64
  %r = soac.reduce %xs init(%z) comm : tensor<8xf64> -> f64 {
  ^bb0(%x: f64, %y: f64):
    %s = arith.addf %x, %y : f64
    soac.yield %s : f64
  }
  %q = soac.reduce %ys init(%z) comm : tensor<8xf64> -> f64 {
  ^bb0(%x: f64, %y: f64):
    %s = arith.maximumf %x, %y : f64
    soac.yield %s : f64
  }
  %a = soac.map %us : tensor<8xf64> -> tensor<8xf64> {
  ^bb0(%x: f64):
    %s = arith.addf %x, %x : f64
    soac.yield %s : f64
  }
  %b = soac.map %vs : tensor<8xf64> -> tensor<8xf64> {
  ^bb0(%y: f64):
    %s = arith.mulf %y, %y : f64
    soac.yield %s : f64
  }
  return %r, %q, %a, %b : f64, f64, tensor<8xf64>, tensor<8xf64>
}

// -----

// A sibling that may stop the program (here its lambda indexes an array, which is checked at
// run time) is not moved up across an op with effects (the print of the first sibling's
// result): the output before the failure stays. A sibling that cannot fail is joined as usual.
// CHECK-LABEL: func.func @failing_sibling_after_print
// CHECK:         soac.reduce %arg0
// CHECK-NEXT:    ^bb0
// CHECK:         tail.prSclI
// CHECK:         soac.redomap %arg0 init
// CHECK-LABEL: func.func @pure_sibling_after_print
// CHECK:         soac.redomap %arg0 init(%{{.*}}, %{{.*}}) comm : tensor<8xi32> -> (i32, i32)
// CHECK:         tail.prSclI
func.func @failing_sibling_after_print(%xs: tensor<8xi32>, %t: tensor<?xi32>) -> i32 {
  %z = arith.constant 0 : i32
  %r = soac.reduce %xs init(%z) comm : tensor<8xi32> -> i32 {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    soac.yield %s : i32
  }
  %p = tail.prSclI %r : i32
  %m = soac.redomap %xs init(%z) comm : tensor<8xi32> -> i32 reduce {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    soac.yield %s : i32
  } map {
  ^bb0(%x: i32):
    %c0 = arith.constant 0 : index
    %e = soac.index %t[%c0] : tensor<?xi32> -> i32
    %s = arith.addi %x, %e : i32
    soac.yield %s : i32
  }
  return %m : i32
}
func.func @pure_sibling_after_print(%xs: tensor<8xi32>) -> i32 {
  %z = arith.constant 0 : i32
  %r = soac.reduce %xs init(%z) comm : tensor<8xi32> -> i32 {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    soac.yield %s : i32
  }
  %p = tail.prSclI %r : i32
  %m = soac.redomap %xs init(%z) comm : tensor<8xi32> -> i32 reduce {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    soac.yield %s : i32
  } map {
  ^bb0(%x: i32):
    %e = arith.muli %x, %x : i32
    soac.yield %e : i32
  }
  return %m : i32
}

// -----

// A producer that may stop the program (its lambda indexes an array) is not fused down into
// its consumer across a print: the failure stays before the output, as the program orders
// them. A producer that cannot fail is fused across the print.
// CHECK-LABEL: func.func @failing_producer_before_print
// CHECK:         soac.map %arg0
// CHECK:         tail.prSclI
// CHECK:         soac.reduce
// CHECK-LABEL: func.func @pure_producer_before_print
// CHECK-NOT:     soac.map
// CHECK:         tail.prSclI
// CHECK:         soac.redomap %arg0 init
func.func @failing_producer_before_print(%xs: tensor<8xi32>, %t: tensor<?xi32>, %v: i32) -> i32 {
  %z = arith.constant 0 : i32
  %m = soac.map %xs : tensor<8xi32> -> tensor<8xi32> {
  ^bb0(%x: i32):
    %c0 = arith.constant 0 : index
    %e = soac.index %t[%c0] : tensor<?xi32> -> i32
    %s = arith.addi %x, %e : i32
    soac.yield %s : i32
  }
  %p = tail.prSclI %v : i32
  %r = soac.reduce %m init(%z) comm : tensor<8xi32> -> i32 {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    soac.yield %s : i32
  }
  return %r : i32
}
func.func @pure_producer_before_print(%xs: tensor<8xi32>, %v: i32) -> i32 {
  %z = arith.constant 0 : i32
  %m = soac.map %xs : tensor<8xi32> -> tensor<8xi32> {
  ^bb0(%x: i32):
    %s = arith.muli %x, %x : i32
    soac.yield %s : i32
  }
  %p = tail.prSclI %v : i32
  %r = soac.reduce %m init(%z) comm : tensor<8xi32> -> i32 {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    soac.yield %s : i32
  }
  return %r : i32
}
