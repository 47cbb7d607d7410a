// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-opt),convert-soac-to-hpar)' --split-input-file | FileCheck %s
// RUN: tail-opt %s --pass-pipeline='builtin.module(soac-to-gpu)' --split-input-file | FileCheck %s --check-prefix=GPU

// A redomap with a mapped-out result: the first program of the block-tree reduction also
// writes the mapped-out elements. Its thread program is an interleave<thread>: the index
// function yields the reduced and the mapped-out value together (the map runs once per
// element; out of range: the neutral element and a zero), reduce<thread> folds the first,
// push<thread> returns the second, placed at j·256 + t of the block's k·256 elements (the
// position each thread read: coalesced); the concat<block> has chunk 1 for the partial
// results and k·256 for the mapped-out ones. The mapped-out array is the first n of its
// nb·k·256 elements: returning it stores that slice (one more program).
// CHECK-LABEL: func.func @sum_squares
// CHECK-SAME:    (%[[X:.*]]: memref<?xi32>) -> (i32, memref<?xi32>)
// CHECK:         %[[N:.*]] = memref.dim %[[X]]
// CHECK:         %[[P:.*]]:2 = hpar.program<grid> -> (!hpar.pull<i32, grid>, !hpar.pull<i32, grid>) {
// CHECK:           %[[KB:.*]] = arith.muli %[[K:.*]], %{{.*}} : index
// CHECK:           %[[C:.*]]:2 = hpar.concat<block> %{{.*}}, %{{.*}}, %[[KB]] : !hpar.push<i32, grid>, !hpar.push<i32, grid> {
// CHECK:             %[[T:.*]]:2 = hpar.interleave<thread> %{{.*}}, %{{.*}}, %[[K]] : !hpar.push<i32, block>, !hpar.push<i32, block> {
// CHECK:               %[[G:.*]]:2 = hpar.generate %[[K]] : !hpar.pull<i32>, !hpar.pull<i32> {
// CHECK:                 %[[IF:.*]]:2 = scf.if %{{.*}} -> (i32, i32) {
// CHECK:                   %[[E:.*]] = memref.load %[[X]]
// CHECK-NEXT:              %[[Q:.*]] = arith.muli %[[E]], %[[E]] : i32
// CHECK-NEXT:              scf.yield %[[Q]], %[[Q]] : i32, i32
// CHECK:               %[[R:.*]] = hpar.reduce<thread> %[[G]]#0 init
// CHECK:               %[[PART:.*]] = hpar.push<thread> %{{.*}} : !hpar.pull<i32> -> !hpar.push<i32, thread>
// CHECK:               %[[MO:.*]] = hpar.push<thread> %[[G]]#1 : !hpar.pull<i32> -> !hpar.push<i32, thread>
// CHECK:               hpar.return %[[PART]], %[[MO]]
// CHECK:             } place {
// CHECK-NEXT:        ^bb0(%[[PT:.*]]: index, %[[PJ:.*]]: index):
// CHECK:               %[[JB:.*]] = arith.muli %[[PJ]], %{{.*}} : index
// CHECK-NEXT:          %[[POS:.*]] = arith.addi %[[JB]], %[[PT]] : index
// CHECK-NEXT:          hpar.yield %[[PT]], %[[POS]] : index, index
// CHECK:             %[[SH:.*]] = hpar.force<block> %[[T]]#0
// CHECK:             hpar.reduce<block> %[[SH]]
// CHECK:             hpar.return %{{.*}}, %[[T]]#1 : !hpar.push<i32, block>, !hpar.push<i32, block>
// CHECK:           hpar.force<grid> %[[C]]#0
// CHECK:           hpar.force<grid> %[[C]]#1
// CHECK:         } {tail.par = "block-tree"}
// CHECK:         hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:         } {tail.par = "block-tree"}
// CHECK:         %[[M:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           hpar.generate %[[N]]
// CHECK:             hpar.index %[[P]]#1[%{{.*}}]
// CHECK:         } {tail.par = "grid-thread"}
// CHECK-NOT:     hpar.program
// CHECK:         builtin.unrealized_conversion_cast %[[M]], %[[N]]
// At the gpu level, one kernel computes each element once in the fold loop of its thread: the
// mapped-out value is stored at b·(k·256) + j·256 + t (the position read), the other folded.
// Three kernels: the two steps of the reduction and the copy of the returned slice.
// GPU-LABEL:   gpu.func @sum_squares_k0
// GPU-SAME:      (%{{[^:]*}}: memref<?xi32>, %[[MO:[^:]*]]: memref<?xi32>, %{{[^:]*}}: index, %[[KB:[^:]*]]: index,
// GPU:           %[[B:.*]] = gpu.block_id x
// GPU:           scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// GPU-NEXT:        scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (i32) {
// GPU:               %[[V:.*]]:2 = scf.if %{{.*}} -> (i32, i32) {
// GPU:                 arith.muli
// GPU-NOT:           arith.muli %{{.*}}, %{{.*}} : i32
// GPU:               %[[JB:.*]] = arith.muli %[[J]], %{{.*}} : index
// GPU-NEXT:          %[[Q:.*]] = arith.addi %[[JB]], %[[T]] : index
// GPU-NEXT:          %[[BB:.*]] = arith.muli %[[B]], %[[KB]] : index
// GPU-NEXT:          %[[P:.*]] = arith.addi %[[BB]], %[[Q]] : index
// GPU-NEXT:          memref.store %[[V]]#1, %[[MO]][%[[P]]] : memref<?xi32>
// GPU-NEXT:          arith.addi %[[ACC]], %[[V]]#0 : i32
// GPU:           gpu.barrier
// GPU-LABEL:   gpu.func @sum_squares_k1
// GPU-LABEL:   gpu.func @sum_squares_k2
// GPU-NOT:     gpu.func @sum_squares_k3
func.func @sum_squares(%xs: tensor<?xi32>) -> (i32, tensor<?xi32>) {
  %z = arith.constant 0 : i32
  %s:2 = soac.redomap %xs init(%z) comm : tensor<?xi32> -> (i32, tensor<?xi32>) reduce {
  ^bb0(%a: i32, %b: i32):
    %c = arith.addi %a, %b : i32
    soac.yield %c : i32
  } map {
  ^bb0(%x: i32):
    %q = arith.muli %x, %x : i32
    soac.yield %q, %q : i32, i32
  }
  return %s#0, %s#1 : i32, tensor<?xi32>
}

// -----

// A redomap over the rows of a matrix whose map lambda is a redomap of its row with the same
// operator (APL's +/+/ of a computed matrix, life's board): the reduction of all elements,
// flattened (row-major) into one block-tree reduction; the inner mapped-out rows are the
// rows of the mapped-out matrix (written by the first program, viewed with the matrix's
// extents: a kernel reading it composes the index function, no copy).
// CHECK-LABEL: func.func @total
// CHECK-SAME:    (%[[A:.*]]: memref<?x?xi32>) -> (i32, i32)
// CHECK-DAG:     %[[R:.*]] = memref.dim %[[A]], %{{.*}} : memref<?x?xi32>
// CHECK-DAG:     %[[C:.*]] = memref.dim %[[A]], %{{.*}} : memref<?x?xi32>
// CHECK:         %[[N:.*]] = arith.muli %{{.*}}, %[[C]] : index
// CHECK:         %[[P:.*]]:2 = hpar.program<grid> -> (!hpar.pull<i32, grid>, !hpar.pull<i1, grid>) {
// CHECK:           hpar.interleave<thread>
// CHECK:                 arith.cmpi ult, %{{.*}}, %[[N]] : index
// CHECK:                 memref.load %[[A]]
// CHECK:         } {tail.par = "block-tree"}
// CHECK:         hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:         } {tail.par = "block-tree"}
// CHECK:         hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           hpar.index %[[P]]#1
// CHECK:         } {tail.par = "block-tree"}
// CHECK:         hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:         } {tail.par = "block-tree"}
// CHECK-NOT:     hpar.program
func.func @total(%m: tensor<?x?xi32>) -> (i32, i32) {
  %z = arith.constant 0 : i32
  %s:2 = soac.redomap %m init(%z) comm : tensor<?x?xi32> -> (i32, tensor<?x?xi1>) reduce {
  ^bb0(%a: i32, %b: i32):
    %c = arith.addi %a, %b : i32
    soac.yield %c : i32
  } map {
  ^bb0(%row: tensor<?xi32>):
    %r:2 = soac.redomap %row init(%z) comm : tensor<?xi32> -> (i32, tensor<?xi1>) reduce {
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      soac.yield %c : i32
    } map {
    ^bb0(%x: i32):
      %five = arith.constant 5 : i32
      %big = arith.cmpi sgt, %x, %five : i32
      %one = arith.extui %big : i1 to i32
      soac.yield %one, %big : i32, i1
    }
    soac.yield %r#0, %r#1 : i32, tensor<?xi1>
  }
  // How many elements are big: reads the mapped-out matrix in the next reduction's kernel.
  %t = soac.redomap %s#1 init(%z) comm : tensor<?x?xi1> -> i32 reduce {
  ^bb0(%a: i32, %b: i32):
    %c = arith.addi %a, %b : i32
    soac.yield %c : i32
  } map {
  ^bb0(%row: tensor<?xi1>):
    %r = soac.redomap %row init(%z) comm : tensor<?xi1> -> i32 reduce {
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      soac.yield %c : i32
    } map {
    ^bb0(%f: i1):
      %i = arith.extui %f : i1 to i32
      soac.yield %i : i32
    }
    soac.yield %r : i32
  }
  return %s#0, %t : i32, i32
}
