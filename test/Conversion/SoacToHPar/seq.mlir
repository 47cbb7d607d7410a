// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-soac-to-hpar)' --split-input-file | FileCheck %s

// Moderate flattening: a map lambda holding SOACs that are no perfect map nest (nor a row
// reduction) runs in one thread per element, its inner SOACs as loops in the thread
// (tail.par = "thread-seq"). Here: a row reduction followed by scalar code (primes' divisor
// count test); the reduction is an scf.for fold reading row i of the input, nothing stored.
// CHECK-LABEL: func.func @count_eq
// CHECK-SAME:    (%[[M:.*]]: memref<?x?xi32>) -> memref<?xi1>
// CHECK:         hpar.program<grid> -> !hpar.pull<i1, grid> {
// CHECK:           hpar.generate %{{.*}} : !hpar.pull<i1> {
// CHECK-NEXT:      ^bb0(%[[I:.*]]: index):
// CHECK:             %[[S:.*]] = scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (i32) {
// CHECK:               memref.load %[[M]][%[[I]], %[[J]]] : memref<?x?xi32>
// CHECK:               arith.extui
// CHECK:               %[[NEW:.*]] = arith.addi %[[ACC]], %{{.*}} : i32
// CHECK:               scf.yield %[[NEW]] : i32
// CHECK:             %[[EQ:.*]] = arith.cmpi eq, %[[S]], %{{.*}} : i32
// CHECK:             hpar.yield %[[EQ]] : i1
// CHECK:         } {tail.par = "thread-seq"}
func.func @count_eq(%m: tensor<?x?xi32>) -> tensor<?xi1> {
  %z = arith.constant 0 : i32
  %two = arith.constant 2 : i32
  %r = soac.map %m : tensor<?x?xi32> -> tensor<?xi1> {
  ^bb0(%row: tensor<?xi32>):
    %s = soac.redomap %row init(%z) comm : tensor<?xi32> -> i32 reduce {
    ^bb0(%a: i32, %b: i32):
      %t = arith.addi %a, %b : i32
      soac.yield %t : i32
    } map {
    ^bb0(%x: i32):
      %c = arith.cmpi eq, %x, %z : i32
      %e = arith.extui %c : i1 to i32
      soac.yield %e : i32
    }
    %p = arith.cmpi eq, %s, %two : i32
    soac.yield %p : i1
  }
  return %r : tensor<?xi1>
}

// -----

// Matrix product as the inner product A +.× B leaves it: a map over rows of a map over
// columns of a redomap over k. One thread per output element (n·m threads, the indices
// delinearised), a sequential fold over k; two reduced values (+ and ⌈) in one loop.
// CHECK-LABEL: func.func @matmul
// CHECK:         %[[NM:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK:         hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           hpar.generate %[[NM]] : !hpar.pull<i32> {
// CHECK-NEXT:      ^bb0(%[[F:.*]]: index):
// CHECK:             %[[J:.*]] = arith.remui %[[F]], %{{.*}} : index
// CHECK:             %[[I:.*]] = arith.divui %[[F]], %{{.*}} : index
// CHECK:             %{{.*}}:2 = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (i32, i32) {
// CHECK-DAG:           memref.load %{{.*}}[%[[I]], %[[J]], %[[K]]] : memref<?x?x?xi32>
// CHECK-DAG:           memref.load %{{.*}}[%[[I]], %[[J]], %[[K]]] : memref<?x?x?xi32>
// CHECK:               arith.muli
// CHECK:               arith.addi
// CHECK:               arith.maxsi
// CHECK:         } {tail.par = "thread-seq"}
// CHECK:         hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           scf.for
// CHECK:         } {tail.par = "thread-seq"}
// CHECK-NOT:     hpar.program
func.func @matmul(%a: tensor<?x?x?xi32>, %b: tensor<?x?x?xi32>) -> (tensor<?x?xi32>, tensor<?x?xi32>) {
  %z = arith.constant 0 : i32
  %lo = arith.constant -2147483648 : i32
  %r:2 = soac.map %a, %b : tensor<?x?x?xi32>, tensor<?x?x?xi32> -> (tensor<?x?xi32>, tensor<?x?xi32>) {
  ^bb0(%ra: tensor<?x?xi32>, %rb: tensor<?x?xi32>):
    %q:2 = soac.map %ra, %rb : tensor<?x?xi32>, tensor<?x?xi32> -> (tensor<?xi32>, tensor<?xi32>) {
    ^bb0(%x: tensor<?xi32>, %y: tensor<?xi32>):
      %s:2 = soac.redomap %x, %y init(%z, %lo) comm : tensor<?xi32>, tensor<?xi32> -> (i32, i32) reduce {
      ^bb0(%p: i32, %u: i32, %v: i32, %w: i32):
        %t = arith.addi %p, %v : i32
        %m = arith.maxsi %u, %w : i32
        soac.yield %t, %m : i32, i32
      } map {
      ^bb0(%e: i32, %f: i32):
        %g = arith.muli %e, %f : i32
        %h = arith.addi %e, %f : i32
        soac.yield %g, %h : i32, i32
      }
      soac.yield %s#0, %s#1 : i32, i32
    }
    soac.yield %q#0, %q#1 : tensor<?xi32>, tensor<?xi32>
  }
  return %r#0, %r#1 : tensor<?x?xi32>, tensor<?x?xi32>
}

// -----

// A loop inside a map lambda (Mandelbrot2's per-point iteration): soac.loop is an scf.for in
// the thread; the small loop-carried array (2 elements, from replicate and concat of scalars)
// lives in registers, one iter_arg per element; nothing is stored.
// CHECK-LABEL: func.func @iterate
// CHECK:         hpar.program<grid> -> !hpar.pull<f64, grid> {
// CHECK:           hpar.generate %{{.*}} : !hpar.pull<f64> {
// CHECK:             %[[X:.*]] = memref.load
// CHECK:             %[[L:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %{{.*}}, %[[B:.*]] = %{{.*}}) -> (f64, f64) {
// CHECK:               %[[P:.*]] = arith.mulf %[[A]], %[[X]] : f64
// CHECK:               %[[Q:.*]] = arith.addf %[[B]], %[[P]] : f64
// CHECK:               scf.yield %[[Q]], %[[P]] : f64, f64
// CHECK:             hpar.yield %[[L]]#1 : f64
// CHECK:         } {tail.par = "thread-seq"}
// CHECK-NOT:     memref.alloca
func.func @iterate(%xs: tensor<?xf64>, %n: index) -> tensor<?xf64> {
  %one = arith.constant 1.0 : f64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = soac.map %xs : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    %init = soac.replicate %one times %c2 : f64 -> tensor<?xf64>
    %l = soac.loop %it < %n iter_args(%s = %init) -> (tensor<?xf64>) {
      %a = soac.index %s[%c0] : tensor<?xf64> -> f64
      %b = soac.index %s[%c1] : tensor<?xf64> -> f64
      %p = arith.mulf %a, %x : f64
      %q = arith.addf %b, %p : f64
      %rp = soac.replicate %p : f64 -> tensor<1xf64>
      %rq = soac.replicate %q : f64 -> tensor<1xf64>
      %next = soac.concat %rq, %rp along 0 : tensor<1xf64>, tensor<1xf64> -> tensor<?xf64>
      soac.yield %next : tensor<?xf64>
    }
    %v = soac.index %l[%c1] : tensor<?xf64> -> f64
    soac.yield %v : f64
  }
  return %r : tensor<?xf64>
}

// -----

// grade-style: each element counts the elements of a free array below it; the inner redomap
// over the free array is an scf.for in the thread reading it with memref.load.
// CHECK-LABEL: func.func @rank
// CHECK-SAME:    (%[[XS:.*]]: memref<?xi32>)
// CHECK:           hpar.generate %{{.*}} : !hpar.pull<i32> {
// CHECK-NEXT:      ^bb0(%[[I:.*]]: index):
// CHECK:             %[[XI:.*]] = memref.load %[[XS]][%[[I]]] : memref<?xi32>
// CHECK:             scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK:               %[[XJ:.*]] = memref.load %[[XS]][%[[J]]] : memref<?xi32>
// CHECK:               arith.cmpi slt, %[[XJ]], %[[XI]] : i32
// CHECK:         } {tail.par = "thread-seq"}
func.func @rank(%xs: tensor<?xi32>) -> tensor<?xi32> {
  %z = arith.constant 0 : i32
  %r = soac.map %xs : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32):
    %s = soac.redomap %xs init(%z) comm : tensor<?xi32> -> i32 reduce {
    ^bb0(%a: i32, %b: i32):
      %t = arith.addi %a, %b : i32
      soac.yield %t : i32
    } map {
    ^bb0(%y: i32):
      %c = arith.cmpi slt, %y, %x : i32
      %e = arith.extui %c : i1 to i32
      soac.yield %e : i32
    }
    soac.yield %s : i32
  }
  return %r : tensor<?xi32>
}

// -----

// A map result that is a perfect nest and one that is not (what fusion makes of Mandelbrot2's
// and sobol_pi's programs): the results are lowered one by one, the nest first as a
// grid-thread program over n·m elements, then the sum of a slice of each row as a thread-seq
// program that reads the nest's result (hpar.index) instead of recomputing it.
// CHECK-LABEL: func.func @split
// CHECK:         %[[NM:.*]] = arith.muli
// CHECK:         %[[P:.*]] = hpar.program<grid> -> !hpar.pull<f64, grid> {
// CHECK:           hpar.generate %[[NM]] : !hpar.pull<f64> {
// CHECK-NOT:         scf.for
// CHECK:             arith.mulf
// CHECK:         } {tail.par = "grid-thread"}
// CHECK:         hpar.program<grid> -> !hpar.pull<f64, grid> {
// CHECK:           hpar.generate %{{.*}} : !hpar.pull<f64> {
// CHECK:             scf.for %{{.*}} iter_args
// CHECK-NOT:           arith.mulf
// CHECK:               hpar.index %[[P]][%{{.*}}] : !hpar.pull<f64, grid>
// CHECK:               arith.addf
// CHECK:         } {tail.par = "thread-seq"}
func.func @split(%m: tensor<?x?xf64>) -> (tensor<?xf64>, tensor<?x?xf64>) {
  %z = arith.constant 0.0 : f64
  %c1 = arith.constant 1 : index
  %r:2 = soac.map %m : tensor<?x?xf64> -> (tensor<?xf64>, tensor<?x?xf64>) {
  ^bb0(%row: tensor<?xf64>):
    %sq = soac.map %row : tensor<?xf64> -> tensor<?xf64> {
    ^bb0(%x: f64):
      %y = arith.mulf %x, %x : f64
      soac.yield %y : f64
    }
    %n = soac.dim %row, 0 : tensor<?xf64>
    %k = arith.subi %n, %c1 : index
    %tail = soac.slice %sq[%c1] [%k] [%c1] : tensor<?xf64> -> tensor<?xf64>
    %s = soac.reduce %tail init(%z) comm : tensor<?xf64> -> f64 {
    ^bb0(%a: f64, %b: f64):
      %t = arith.addf %a, %b : f64
      soac.yield %t : f64
    }
    soac.yield %s, %sq : f64, tensor<?xf64>
  }
  return %r#0, %r#1 : tensor<?xf64>, tensor<?x?xf64>
}

// -----

// An inner map consumed by a reduction in the thread is fused into the reduction's loop: its
// lambda runs where the element is read; nothing is stored. The fold's step, one `addf` of
// the accumulator and the element, may be reassociated (`fastmath<reassoc,nsz>`: LLVM
// vectorizes the loop); the map's `mulf` keeps strict semantics.
// CHECK-LABEL: func.func @fused
// CHECK:           hpar.generate %{{.*}} : !hpar.pull<f64> {
// CHECK-NEXT:      ^bb0(%[[I:.*]]: index):
// CHECK:             scf.for %[[J:.*]] = %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (f64) {
// CHECK-NEXT:          %[[X:.*]] = memref.load %{{.*}}[%[[I]], %[[J]]] : memref<?x?xf64>
// CHECK-NEXT:          %[[Y:.*]] = arith.mulf %[[X]], %[[X]] : f64
// CHECK-NEXT:          %[[S:.*]] = arith.addf %[[A]], %[[Y]] fastmath<reassoc,nsz> : f64
// CHECK-NEXT:          scf.yield %[[S]] : f64
// CHECK:         } {tail.par = "thread-seq"}
// CHECK-NOT:     memref.alloca
func.func @fused(%m: tensor<?x?xf64>) -> tensor<?xf64> {
  %z = arith.constant 0.0 : f64
  %r = soac.map %m : tensor<?x?xf64> -> tensor<?xf64> {
  ^bb0(%row: tensor<?xf64>):
    %sq = soac.map %row : tensor<?xf64> -> tensor<?xf64> {
    ^bb0(%x: f64):
      %y = arith.mulf %x, %x : f64
      soac.yield %y : f64
    }
    %s = soac.reduce %sq init(%z) comm : tensor<?xf64> -> f64 {
    ^bb0(%a: f64, %b: f64):
      %t = arith.addf %a, %b : f64
      soac.yield %t : f64
    }
    %c = math.sqrt %s : f64
    soac.yield %c : f64
  }
  return %r : tensor<?xf64>
}

// -----

// A lambda taking a row of a free array: the row is an index function of the free array.
// CHECK-LABEL: func.func @gather_row
// CHECK-SAME:    (%[[XS:.*]]: memref<?xi32>, %[[YS:.*]]: memref<?x?xi32>)
// CHECK:           hpar.generate %{{.*}} : !hpar.pull<i32> {
// CHECK:             %[[X:.*]] = memref.load %[[XS]]
// CHECK:             %[[I:.*]] = arith.index_cast %[[X]] : i32 to index
// CHECK:             memref.load %[[YS]][%[[I]], %{{.*}}] : memref<?x?xi32>
// CHECK:         } {tail.par = "thread-seq"}
func.func @gather_row(%xs: tensor<?xi32>, %ys: tensor<?x?xi32>) -> tensor<?xi32> {
  %r = soac.map %xs : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32):
    %i = arith.index_cast %x : i32 to index
    %row = soac.index %ys[%i] : tensor<?x?xi32> -> tensor<?xi32>
    %c0 = arith.constant 0 : index
    %v = soac.index %row[%c0] : tensor<?xi32> -> i32
    soac.yield %v : i32
  }
  return %r : tensor<?xi32>
}

// -----

// A fold whose step is more than one add or multiply of the accumulator and the element
// (here halving each partial sum) keeps strict semantics: no fast-math flags.
// CHECK-LABEL: func.func @strict_step
// CHECK:             scf.for %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (f64) {
// CHECK:               %[[T:.*]] = arith.addf %[[A]], %{{.*}} : f64
// CHECK-NEXT:          %[[H:.*]] = arith.mulf %[[T]], %{{.*}} : f64
// CHECK-NEXT:          scf.yield %[[H]] : f64
// CHECK-NOT:     fastmath
func.func @strict_step(%m: tensor<?x?xf64>) -> tensor<?xf64> {
  %z = arith.constant 0.0 : f64
  %h = arith.constant 0.5 : f64
  %r = soac.map %m : tensor<?x?xf64> -> tensor<?xf64> {
  ^bb0(%row: tensor<?xf64>):
    %sq = soac.map %row : tensor<?xf64> -> tensor<?xf64> {
    ^bb0(%x: f64):
      %y = arith.mulf %x, %x : f64
      soac.yield %y : f64
    }
    %s = soac.reduce %sq init(%z) : tensor<?xf64> -> f64 {
    ^bb0(%a: f64, %b: f64):
      %t = arith.addf %a, %b : f64
      %u = arith.mulf %t, %h : f64
      soac.yield %u : f64
    }
    soac.yield %s : f64
  }
  return %r : tensor<?xf64>
}
