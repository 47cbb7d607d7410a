// RUN: tail-opt %s --split-input-file | tail-opt --split-input-file | FileCheck %s
// RUN: tail-opt %s --split-input-file --mlir-print-op-generic | tail-opt --split-input-file | FileCheck %s

// `last_write<l> is, m`: which of the writes of a scatter wins at each of `m` positions.

// CHECK-LABEL: func.func @winners
// CHECK:         hpar.program<grid>
// CHECK:           %[[L:.*]] = hpar.last_write<grid> %{{.*}}, %{{.*}} : !hpar.pull<i32> -> !hpar.push<i32, grid>
// CHECK-NEXT:      hpar.force<grid> %[[L]] : !hpar.push<i32, grid> -> !hpar.pull<i32, grid>
func.func @winners(%is: memref<?xi32>, %m: index) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %is, %c0 : memref<?xi32>
  %w = hpar.program<grid> -> !hpar.pull<i32, grid> {
    %g = hpar.generate %n : !hpar.pull<i32> {
    ^bb0(%j: index):
      %v = memref.load %is[%j] : memref<?xi32>
      hpar.yield %v : i32
    }
    %l = hpar.last_write<grid> %g, %m : !hpar.pull<i32> -> !hpar.push<i32, grid>
    %f = hpar.force<grid> %l : !hpar.push<i32, grid> -> !hpar.pull<i32, grid>
    hpar.return %f : !hpar.pull<i32, grid>
  }
  return
}
