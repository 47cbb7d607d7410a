// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-opt),convert-soac-to-hpar)' | FileCheck %s
// RUN: tailc run %s | FileCheck %s --check-prefix=OUT
// RUN: tailc run --after=convert-soac-to-hpar %s | FileCheck %s --check-prefix=OUT
// RUN: tailc run --after=soac-to-gpu %s | FileCheck %s --check-prefix=OUT
// RUN: tailc run --after=tail-to-cpu %s | FileCheck %s --check-prefix=OUT

// A loop whose body yields a rank-1 array from a `permutation` scatter (or a filter) carries
// it as the first elements of the scatter's buffer, which is padded to whole blocks, with
// its extent carried beside it (an index after the loop's values): no program copies the
// prefix into a buffer of its own at every iteration. The body reads the carried buffer
// through the extent; after the loop the result is the prefix of the loop's buffer, and
// returning it to the host copies the prefix once. Here 1..7 is reversed three times.

// OUT: [7](7,6,5,4,3,2,1)

// CHECK-LABEL: func.func @main
// The initial extent is the one the host knows (the iota's count), not a memref.dim of the
// initial buffer, which would make the loop copy the buffer before taking it over.
// CHECK:         %[[X0:.*]] = builtin.unrealized_conversion_cast %{{.*}}, %[[N0:.*]] : !hpar.pull<i32, grid>, index to memref<?xi32>
// CHECK-NOT:     memref.dim %[[X0]]
// CHECK:         %[[L:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[X:.*]] = %[[X0]], %[[N:.*]] = %[[N0]]) -> (memref<?xi32>, index) {
// CHECK:           %[[S:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:             hpar.interleave<block>
// CHECK:           } {tail.par = "grid-scatter"}
// CHECK-NOT:       hpar.program
// CHECK:           %[[M:.*]] = builtin.unrealized_conversion_cast %[[S]], %{{.*}} : !hpar.pull<i32, grid>, index to memref<?xi32>
// CHECK:           scf.yield %[[M]], %{{.*}} : memref<?xi32>, index
// CHECK:         %[[C:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           memref.load %[[L]]#0
// CHECK:         } {tail.par = "grid-thread"}
// CHECK:         %[[R:.*]] = builtin.unrealized_conversion_cast %[[C]], %[[L]]#1 : !hpar.pull<i32, grid>, index to memref<?xi32>
// CHECK:         return %[[R]]
func.func @main() -> tensor<?xi32> {
  %n = arith.constant 7 : index
  %x0 = soac.iota %n : tensor<?xi32>
  %c1 = arith.constant 1 : i32
  %one = soac.map %x0 : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32):
    %y = arith.addi %x, %c1 : i32
    soac.yield %y : i32
  }
  %c3 = arith.constant 3 : index
  %r = soac.loop %i < %c3 iter_args(%x = %one) -> (tensor<?xi32>) {
    %m = soac.dim %x, 0 : tensor<?xi32>
    %m32 = arith.index_cast %m : index to i32
    %is = soac.iota %m : tensor<?xi32>
    %to = soac.map %is : tensor<?xi32> -> tensor<?xi32> {
    ^bb0(%j: i32):
      %k = arith.subi %m32, %j : i32
      %k1 = arith.subi %k, %c1 : i32
      soac.yield %k1 : i32
    }
    %c0 = arith.constant 0 : i32
    %d = soac.replicate %c0 times %m : i32 -> tensor<?xi32>
    %s = soac.scatter %x into %d[%to] {permutation} : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32>
    soac.yield %s : tensor<?xi32>
  }
  return %r : tensor<?xi32>
}
