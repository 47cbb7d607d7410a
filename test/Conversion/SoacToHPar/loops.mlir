// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-opt),convert-soac-to-hpar)' --split-input-file | FileCheck %s
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-opt),convert-soac-to-hpar)' --split-input-file | tail-opt --split-input-file | FileCheck %s

// A soac.loop of a function's body is a host scf.for from 0 to the count. A carried array is
// a memref: the body reads the block argument (its extents are memref.dims), the map of the
// body is one grid program per iteration (the rotations are index arithmetic in it), and the
// body yields the program's array as a memref.
// CHECK-LABEL: func.func @stencil
// CHECK-SAME:    (%[[X:.*]]: memref<?xf64>, %[[N:.*]]: index) -> memref<?xf64>
// CHECK:         %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[A:.*]] = %[[X]]) -> (memref<?xf64>) {
// CHECK:           %[[M:.*]] = memref.dim %[[A]], %{{.*}} : memref<?xf64>
// CHECK:           %[[P:.*]] = hpar.program<grid> -> !hpar.pull<f64, grid> {
// CHECK:             hpar.generate %[[M]] : !hpar.pull<f64> {
// CHECK-COUNT-3:       memref.load %[[A]][%{{.*}}] : memref<?xf64>
// CHECK:           } {tail.par = "grid-thread"}
// CHECK-NOT:       hpar.program
// CHECK:           %[[Y:.*]] = builtin.unrealized_conversion_cast %[[P]], %[[M]] : !hpar.pull<f64, grid>, index to memref<?xf64>
// CHECK-NEXT:      scf.yield %[[Y]] : memref<?xf64>
// CHECK-NEXT:    }
// CHECK-NOT:     soac.
// CHECK:         return %[[R]] : memref<?xf64>
func.func @stencil(%xs: tensor<?xf64>, %n: index) -> tensor<?xf64> {
  %r = soac.loop %i < %n iter_args(%a = %xs) -> (tensor<?xf64>) {
    %c1 = arith.constant 1 : index
    %cm1 = arith.constant -1 : index
    %l = soac.rotate %a[%c1] : tensor<?xf64>
    %rr = soac.rotate %a[%cm1] : tensor<?xf64>
    %m = soac.map %l, %a, %rr : tensor<?xf64>, tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
    ^bb0(%x: f64, %y: f64, %z: f64):
      %s = arith.addf %x, %y : f64
      %t = arith.addf %s, %z : f64
      soac.yield %t : f64
    }
    soac.yield %m : tensor<?xf64>
  }
  return %r : tensor<?xf64>
}

// -----

// Scalars are carried as they are (a kernel reads the carried scalar); a reduction's scalar is
// read on the host in every iteration.
// CHECK-LABEL: func.func @scalars
// CHECK:         %[[R:.*]]:2 = scf.for %{{.*}} iter_args(%[[S:.*]] = %{{.*}}, %[[A:.*]] = %{{.*}}) -> (i32, memref<?xi32>) {
// CHECK:           %[[P:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:             memref.load %[[A]]
// CHECK:             arith.addi %{{.*}}, %[[S]] : i32
// CHECK:           } {tail.par = "grid-thread"}
// CHECK:           hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           } {tail.par = "block-tree"}
// CHECK:           %[[Q:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           } {tail.par = "block-tree"}
// CHECK:           %[[Z:.*]] = hpar.index %[[Q]][%{{.*}}] : !hpar.pull<i32, grid>
// CHECK:           %[[W:.*]] = arith.addi %[[S]], %[[Z]] : i32
// CHECK:           %[[Y:.*]] = builtin.unrealized_conversion_cast %[[P]], %{{.*}} : !hpar.pull<i32, grid>, index to memref<?xi32>
// CHECK:           scf.yield %[[W]], %[[Y]] : i32, memref<?xi32>
// CHECK:         return %[[R]]#0, %[[R]]#1 : i32, memref<?xi32>
func.func @scalars(%xs: tensor<?xi32>, %ys: tensor<?xi32>, %n: index) -> (i32, tensor<?xi32>) {
  %c0 = arith.constant 0 : i32
  %r:2 = soac.loop %i < %n iter_args(%s = %c0, %a = %xs) -> (i32, tensor<?xi32>) {
    %m = soac.map %a : tensor<?xi32> -> tensor<?xi32> {
    ^bb0(%x: i32):
      %y = arith.addi %x, %s : i32
      soac.yield %y : i32
    }
    %z = soac.reduce %ys init(%c0) comm : tensor<?xi32> -> i32 {
    ^bb0(%p: i32, %q: i32):
      %u = arith.maxsi %p, %q : i32
      soac.yield %u : i32
    }
    %w = arith.addi %s, %z : i32
    soac.yield %w, %m : i32, tensor<?xi32>
  }
  return %r#0, %r#1 : i32, tensor<?xi32>
}

// -----

// A yielded view is stored by a program of its own; a view as the initial value too (before
// the loop); an array yielded unchanged is the block argument.
// CHECK-LABEL: func.func @views
// CHECK-SAME:    (%[[X:.*]]: memref<?x?xi32>, %[[Y:.*]]: memref<?xi32>, %{{.*}}: index)
// CHECK:         %[[T:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           memref.load %[[X]]
// CHECK:         } {tail.par = "grid-thread"}
// CHECK:         %[[TM:.*]] = builtin.unrealized_conversion_cast %[[T]], %{{.*}} : !hpar.pull<i32, grid>, index to memref<?xi32>
// CHECK:         %[[R:.*]]:2 = scf.for %{{.*}} iter_args(%[[A:.*]] = %[[TM]], %[[B:.*]] = %[[Y]]) -> (memref<?xi32>, memref<?xi32>) {
// CHECK:           %[[P:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:             arith.remsi
// CHECK:             arith.select
// CHECK:             memref.load %[[A]]
// CHECK:           } {tail.par = "grid-thread"}
// CHECK:           %[[PM:.*]] = builtin.unrealized_conversion_cast %[[P]], %{{.*}} : !hpar.pull<i32, grid>, index to memref<?xi32>
// CHECK:           scf.yield %[[PM]], %[[B]] : memref<?xi32>, memref<?xi32>
// CHECK:         return %[[R]]#0, %{{.*}} : memref<?xi32>, memref<?xi32>
func.func @views(%xs: tensor<?x?xi32>, %ys: tensor<?xi32>, %n: index) -> (tensor<?xi32>, tensor<?xi32>) {
  %c0 = arith.constant 0 : index
  %row = soac.index %xs[%c0] : tensor<?x?xi32> -> tensor<?xi32>
  %r:2 = soac.loop %i < %n iter_args(%a = %row, %b = %ys) -> (tensor<?xi32>, tensor<?xi32>) {
    %c1 = arith.constant 1 : index
    %v = soac.rotate %a[%c1] : tensor<?xi32>
    soac.yield %v, %b : tensor<?xi32>, tensor<?xi32>
  }
  return %r#0, %r#1 : tensor<?xi32>, tensor<?xi32>
}

// -----

// Nested loops: the inner loop is converted inside the outer body; its result is the outer
// body's yield. (The inner map reads a neighbour, so the loops stay outside it:
// soac-loop-interchange runs a loop inside a map only when each element reads its own.)
// CHECK-LABEL: func.func @nested
// CHECK:         %[[R:.*]] = scf.for %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (memref<?xf64>) {
// CHECK:           %[[Q:.*]] = scf.for %{{.*}} iter_args(%[[B:.*]] = %[[A]]) -> (memref<?xf64>) {
// CHECK:             hpar.program<grid>
// CHECK:               memref.load %[[B]]
// CHECK:             scf.yield %{{.*}} : memref<?xf64>
// CHECK:           }
// CHECK:           scf.yield %[[Q]] : memref<?xf64>
// CHECK:         }
// CHECK:         return %[[R]] : memref<?xf64>
func.func @nested(%xs: tensor<?xf64>, %n: index, %k: index) -> tensor<?xf64> {
  %r = soac.loop %i < %n iter_args(%a = %xs) -> (tensor<?xf64>) {
    %q = soac.loop %j < %k iter_args(%b = %a) -> (tensor<?xf64>) {
      %c1 = arith.constant 1 : index
      %nb = soac.rotate %b[%c1] : tensor<?xf64>
      %m = soac.map %b, %nb : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
      ^bb0(%x: f64, %z: f64):
        %y = arith.mulf %x, %z : f64
        soac.yield %y : f64
      }
      soac.yield %m : tensor<?xf64>
    }
    soac.yield %q : tensor<?xf64>
  }
  return %r : tensor<?xf64>
}

// -----

// A loop with only scalar code is a plain host loop.
// CHECK-LABEL: func.func @interest
// CHECK:         %[[R:.*]] = scf.for %{{.*}} iter_args(%[[X:.*]] = %{{.*}}) -> (f64) {
// CHECK-NEXT:      %[[Y:.*]] = arith.mulf %[[X]], %{{.*}} : f64
// CHECK-NEXT:      scf.yield %[[Y]] : f64
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : f64
func.func @interest(%x: f64, %n: index) -> f64 {
  %g = arith.constant 1.05 : f64
  %r = soac.loop %i < %n iter_args(%a = %x) -> (f64) {
    %y = arith.mulf %a, %g : f64
    soac.yield %y : f64
  }
  return %r : f64
}


// -----

// A carried array whose initial value is a host table of constants (a memref of static
// extent) and whose body yields another: both are cast to the loop's memref<?xi32>.
// CHECK-LABEL: func.func @table
// CHECK:         %[[T:.*]] = memref.alloc() : memref<3xi32>
// CHECK:         %[[C:.*]] = memref.cast %[[T]] : memref<3xi32> to memref<?xi32>
// CHECK:         %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[C]]) -> (memref<?xi32>) {
// CHECK:           %[[U:.*]] = memref.alloc() : memref<3xi32>
// CHECK:           %[[D:.*]] = memref.cast %[[U]] : memref<3xi32> to memref<?xi32>
// CHECK-NEXT:      scf.yield %[[D]] : memref<?xi32>
// CHECK:         return %[[R]] : memref<?xi32>
func.func @table(%n: index, %k: i32) -> tensor<?xi32> {
  %a = arith.constant 10 : i32
  %b = arith.constant 2 : i32
  %c = arith.constant 30 : i32
  %ra = soac.replicate %a : i32 -> tensor<1xi32>
  %rb = soac.replicate %b : i32 -> tensor<1xi32>
  %rc = soac.replicate %c : i32 -> tensor<1xi32>
  %t = soac.concat %ra, %rb, %rc along 0 : tensor<1xi32>, tensor<1xi32>, tensor<1xi32> -> tensor<?xi32>
  %r = soac.loop %i < %n iter_args(%x = %t) -> (tensor<?xi32>) {
    %e = soac.index %x[%i] : tensor<?xi32> -> i32
    %f = arith.addi %e, %k : i32
    %re = soac.replicate %e : i32 -> tensor<1xi32>
    %rf = soac.replicate %f : i32 -> tensor<1xi32>
    %u = soac.concat %rf, %re, %rf along 0 : tensor<1xi32>, tensor<1xi32>, tensor<1xi32> -> tensor<?xi32>
    soac.yield %u : tensor<?xi32>
  }
  return %r : tensor<?xi32>
}
