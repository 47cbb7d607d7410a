// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-opt),convert-soac-to-hpar)' --split-input-file | FileCheck %s
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-opt),convert-soac-to-hpar)' --split-input-file | tail-opt --split-input-file | FileCheck %s

// A fused map chain is one grid program: generate + push<grid> + force<grid> (one kernel).
// CHECK-LABEL: func.func @saxpy
// CHECK-SAME:    (%[[X:.*]]: memref<?xf64>, %[[Y:.*]]: memref<?xf64>, %[[A:.*]]: f64) -> memref<?xf64>
// CHECK:         %[[N:.*]] = memref.dim %[[X]], %{{.*}} : memref<?xf64>
// CHECK:         %[[P:.*]] = hpar.program<grid> -> !hpar.pull<f64, grid> {
// CHECK-NEXT:      %[[G:.*]] = hpar.generate %[[N]] : !hpar.pull<f64> {
// CHECK-NEXT:      ^bb0(%[[I:.*]]: index):
// CHECK-DAG:         memref.load %[[X]][%[[I]]] : memref<?xf64>
// CHECK-DAG:         memref.load %[[Y]][%[[I]]] : memref<?xf64>
// CHECK:             arith.mulf %{{.*}}, %[[A]] : f64
// CHECK:             arith.addf
// CHECK:             hpar.yield %{{.*}} : f64
// CHECK:           %[[Q:.*]] = hpar.push<grid> %[[G]] : !hpar.pull<f64> -> !hpar.push<f64, grid>
// CHECK-NEXT:      %[[F:.*]] = hpar.force<grid> %[[Q]] : !hpar.push<f64, grid> -> !hpar.pull<f64, grid>
// CHECK-NEXT:      hpar.return %[[F]] : !hpar.pull<f64, grid>
// CHECK-NEXT:    } {tail.par = "grid-thread"}
// CHECK-NOT:     hpar.program
// CHECK:         %[[M:.*]] = builtin.unrealized_conversion_cast %[[P]], %[[N]] : !hpar.pull<f64, grid>, index to memref<?xf64>
// CHECK:         return %[[M]] : memref<?xf64>
func.func @saxpy(%xs: tensor<?xf64>, %ys: tensor<?xf64>, %a: f64) -> tensor<?xf64> {
  %m = soac.map %xs : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    %p = arith.mulf %x, %a : f64
    soac.yield %p : f64
  }
  %r = soac.map %m, %ys : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64, %y: f64):
    %s = arith.addf %x, %y : f64
    soac.yield %s : f64
  }
  return %r : tensor<?xf64>
}

// -----

// A map nest over a rank-2 array is one program over the flattened index space; the index
// function delinearizes (row = i / m, column = i mod m).
// CHECK-LABEL: func.func @scale2d
// CHECK-SAME:    (%[[X:.*]]: memref<?x?xi32>) -> memref<?x?xi32>
// CHECK-DAG:     %[[N:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x?xi32>
// CHECK-DAG:     %[[M:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x?xi32>
// CHECK:         %[[NM:.*]] = arith.muli %[[N]], %[[M]] : index
// CHECK:         %[[P:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK-NEXT:      hpar.generate %[[NM]] : !hpar.pull<i32> {
// CHECK-NEXT:      ^bb0(%[[I:.*]]: index):
// CHECK-DAG:         %[[C:.*]] = arith.remui %[[I]], %[[M]] : index
// CHECK-DAG:         %[[R:.*]] = arith.divui %[[I]], %[[M]] : index
// CHECK:             memref.load %[[X]][%[[R]], %[[C]]] : memref<?x?xi32>
// CHECK:           hpar.push<grid>
// CHECK:           hpar.force<grid>
// CHECK:         } {tail.par = "grid-thread"}
// CHECK:         builtin.unrealized_conversion_cast %[[P]], %[[N]], %[[M]] : !hpar.pull<i32, grid>, index, index to memref<?x?xi32>
func.func @scale2d(%xs: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %r = soac.map %xs : tensor<?x?xi32> -> tensor<?x?xi32> {
  ^bb0(%row: tensor<?xi32>):
    %q = soac.map %row : tensor<?xi32> -> tensor<?xi32> {
    ^bb0(%x: i32):
      %c3 = arith.constant 3 : i32
      %y = arith.muli %x, %c3 : i32
      soac.yield %y : i32
    }
    soac.yield %q : tensor<?xi32>
  }
  return %r : tensor<?x?xi32>
}

// -----

// Fusion keeps the first map's result as a mapped-out result of one two-result map; each
// result is one program (the lambda is recomputed in both kernels).
// CHECK-LABEL: func.func @two
// CHECK-COUNT-2: hpar.program<grid> -> !hpar.pull<i32, grid>
// CHECK-NOT:     hpar.program
// CHECK-COUNT-2: builtin.unrealized_conversion_cast
// CHECK:         return %{{.*}}, %{{.*}} : memref<?xi32>, memref<?xi32>
func.func @two(%xs: tensor<?xi32>) -> (tensor<?xi32>, tensor<?xi32>) {
  %a = soac.map %xs : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32):
    %y = arith.muli %x, %x : i32
    %z = arith.muli %y, %x : i32
    %w = arith.muli %z, %x : i32
    %v = arith.muli %w, %x : i32
    %u = arith.addi %v, %x : i32
    soac.yield %u : i32
  }
  %b = soac.map %a : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32):
    %y = arith.addi %x, %x : i32
    soac.yield %y : i32
  }
  return %a, %b : tensor<?xi32>, tensor<?xi32>
}
