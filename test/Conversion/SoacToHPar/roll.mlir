// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-opt),convert-soac-to-hpar)' | FileCheck %s

// `tail.roll` draws from the program's one sequential random generator, so the rolled values
// are computed on the host, in order (an `scf.for` storing into a host buffer), and the
// kernels read them as a host array.

// The map of a reduction rolls: the rolls run in a host loop, the comparison and the
// reduction in kernels reading the host buffer.
// CHECK-LABEL: func.func @roll
// CHECK-SAME:    (%[[N:.*]]: index) -> i1
// CHECK:         %[[B:.*]] = memref.alloc(%[[N]]) : memref<?xf64>
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %[[N]] step %{{.*}} {
// CHECK-NEXT:      %[[D:.*]] = tail.roll %{{.*}} : i32 -> f64
// CHECK-NEXT:      memref.store %[[D]], %[[B]][%[[I]]] : memref<?xf64>
// CHECK-NEXT:    }
// CHECK:         hpar.program<grid>
// CHECK-NOT:       tail.roll
// CHECK:           %[[V:.*]] = memref.load %[[B]][%{{.*}}] : memref<?xf64>
// CHECK-NEXT:      arith.cmpf oge, %[[V]], %{{.*}} : f64
// CHECK:         } {tail.par = "block-tree"}

// Only the roll (and the scalar code its argument needs, here fused in by soac-opt) runs
// on the host; the rest of the lambda runs in the kernel.
// CHECK-LABEL: func.func @dice
// CHECK-SAME:    (%[[X:.*]]: memref<?xi32>) -> memref<?xf64>
// CHECK:         %[[B:.*]] = memref.alloc(%{{.*}}) : memref<?xf64>
// CHECK:         scf.for %[[I:.*]] =
// CHECK-NEXT:      %[[V:.*]] = memref.load %[[X]][%[[I]]] : memref<?xi32>
// CHECK-NEXT:      %[[W:.*]] = arith.addi %[[V]], %{{.*}} : i32
// CHECK-NEXT:      %[[K:.*]] = arith.muli %[[W]], %[[W]] : i32
// CHECK-NEXT:      %[[D:.*]] = tail.roll %[[K]] : i32 -> f64
// CHECK-NEXT:      memref.store %[[D]], %[[B]][%[[I]]] : memref<?xf64>
// CHECK:         %[[P:.*]] = hpar.program<grid> -> !hpar.pull<f64, grid> {
// CHECK:           %[[R:.*]] = memref.load %[[B]][%{{.*}}] : memref<?xf64>
// CHECK:           %[[E:.*]] = arith.addf %[[R]], %{{.*}} : f64
// CHECK-NEXT:      hpar.yield %[[E]] : f64

// The host loop reads a kernel's result: it is copied back first (the cast to a memref);
// a map that only rolls is the host buffer itself (no kernel copies it).
// CHECK-LABEL: func.func @grid
// CHECK:         %[[P:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:         %[[H:.*]] = builtin.unrealized_conversion_cast %[[P]], %{{.*}} : !hpar.pull<i32, grid>, index to memref<?xi32>
// CHECK:         %[[B:.*]] = memref.alloc(%{{.*}}) : memref<?xf64>
// CHECK:         scf.for
// CHECK:           memref.load %[[H]][%{{.*}}] : memref<?xi32>
// CHECK:           tail.roll
// CHECK-NOT:     hpar.program
// CHECK:         return %[[B]] : memref<?xf64>
func.func @roll(%n: index) -> i1 {
  %six = arith.constant 6 : i32
  %zero = arith.constant 0.000000e+00 : f64
  %t = arith.constant true
  %x = soac.replicate %six times %n : i32 -> tensor<?xi32>
  %r = soac.redomap %x init(%t) comm : tensor<?xi32> -> i1 reduce {
  ^bb0(%a: i1, %b: i1):
    %c = arith.andi %a, %b : i1
    soac.yield %c : i1
  } map {
  ^bb0(%v: i32):
    %d = tail.roll %v : i32 -> f64
    %ge = arith.cmpf oge, %d, %zero : f64
    soac.yield %ge : i1
  }
  return %r : i1
}

func.func @dice(%x: tensor<?xi32>) -> tensor<?xf64> {
  %one = arith.constant 1 : i32
  %y = soac.map %x : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%v: i32):
    %w = arith.addi %v, %one : i32
    soac.yield %w : i32
  }
  %h = arith.constant 5.000000e-01 : f64
  %z = soac.map %y : tensor<?xi32> -> tensor<?xf64> {
  ^bb0(%v: i32):
    %k = arith.muli %v, %v : i32
    %d = tail.roll %k : i32 -> f64
    %e = arith.addf %d, %h : f64
    soac.yield %e : f64
  }
  return %z : tensor<?xf64>
}

func.func @grid(%x: tensor<?xi32>) -> tensor<?xf64> {
  %one = arith.constant 1 : i32
  %y = soac.map %x : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%v: i32):
    %w = arith.addi %v, %one : i32
    soac.yield %w : i32
  }
  %c = soac.concat %y, %x along 0 : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32>
  %z = soac.map %c : tensor<?xi32> -> tensor<?xf64> {
  ^bb0(%v: i32):
    %d = tail.roll %v : i32 -> f64
    soac.yield %d : f64
  }
  return %z : tensor<?xf64>
}

// A map nest whose innermost lambda rolls is one host loop over all positions, row-major.
// CHECK-LABEL: func.func @nest
// CHECK-SAME:    (%[[M:.*]]: memref<?x?xi32>) -> memref<?x?xf64>
// CHECK:         %[[B:.*]] = memref.alloc(%[[R:.*]], %[[C:.*]]) : memref<?x?xf64>
// CHECK:         %[[N:.*]] = arith.muli %[[R]], %[[C]] : index
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %[[N]] step
// CHECK-NEXT:      %[[J:.*]] = arith.remui %[[I]], %[[C]] : index
// CHECK-NEXT:      %[[K:.*]] = arith.divui %[[I]], %[[C]] : index
// CHECK-NEXT:      %[[V:.*]] = memref.load %[[M]][%[[K]], %[[J]]] : memref<?x?xi32>
// CHECK-NEXT:      %[[D:.*]] = tail.roll %[[V]] : i32 -> f64
// CHECK-NEXT:      memref.store %[[D]], %[[B]][%[[K]], %[[J]]] : memref<?x?xf64>
// CHECK:         return %[[B]] : memref<?x?xf64>

func.func @nest(%m: tensor<?x?xi32>) -> tensor<?x?xf64> {
  %r = soac.map %m : tensor<?x?xi32> -> tensor<?x?xf64> {
  ^bb0(%row: tensor<?xi32>):
    %q = soac.map %row : tensor<?xi32> -> tensor<?xf64> {
    ^bb0(%v: i32):
      %d = tail.roll %v : i32 -> f64
      soac.yield %d : f64
    }
    soac.yield %q : tensor<?xf64>
  }
  return %r : tensor<?x?xf64>
}
