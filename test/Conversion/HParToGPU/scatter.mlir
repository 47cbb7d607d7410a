// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-hpar-to-gpu)' -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: tail-translate --emit=ptx %t.mlir | FileCheck %s --check-prefix=PTX

// `force<grid>` of `hpar.last_write<grid> is, m` is two kernels writing one buffer of `m`
// elements: k0 fills it with -1 (one thread per position); k1 gives one thread to each
// index, which skips an index outside [0, m) (one unsigned comparison of the index cast to
// `index`: a negative one is huge) and otherwise takes `atomic max` of its own number at
// the index. Whatever order the atomics land in, each position holds its last writer.

// CHECK-LABEL: func.func @winners
// CHECK-SAME:    (%[[IS:.*]]: memref<?xi32>, %[[M:.*]]: index)
// CHECK:         %[[N:.*]] = memref.dim %[[IS]]
// CHECK:         %[[D:.*]] = gpu.alloc(%{{.*}}) : memref<?xi32>
// CHECK:         gpu.memcpy %[[D]], %[[IS]]
// CHECK:         %[[W:.*]] = gpu.alloc(%[[M]]) : memref<?xi32>
// CHECK:         gpu.launch_func @tail_kernels::@winners_k0 {{.*}} args(%[[W]] : memref<?xi32>, %[[M]] : index)
// CHECK-NEXT:    gpu.launch_func @tail_kernels::@winners_k1 {{.*}} args(%[[W]] : memref<?xi32>, %[[M]] : index, %[[N]] : index, %[[D]] : memref<?xi32>)
// CHECK:         gpu.memcpy %{{.*}}, %[[W]]
// CHECK:       gpu.func @winners_k0(%[[B:.*]]: memref<?xi32>, %[[K0M:.*]]: index) kernel
// CHECK:         %[[G:.*]] = arith.addi
// CHECK:         %[[IN:.*]] = arith.cmpi ult, %[[G]], %[[K0M]] : index
// CHECK:         scf.if %[[IN]] {
// CHECK-NEXT:      %[[NONE:.*]] = arith.constant -1 : i32
// CHECK-NEXT:      memref.store %[[NONE]], %[[B]][%[[G]]] : memref<?xi32>
// CHECK:       gpu.func @winners_k1(%[[B1:.*]]: memref<?xi32>, %[[K1M:.*]]: index, %[[K1N:.*]]: index, %[[K1IS:.*]]: memref<?xi32>) kernel
// CHECK:         %[[J:.*]] = arith.addi
// CHECK:         %[[JIN:.*]] = arith.cmpi ult, %[[J]], %[[K1N]] : index
// CHECK:         scf.if %[[JIN]] {
// CHECK-NEXT:      %[[P:.*]] = memref.load %[[K1IS]][%[[J]]] : memref<?xi32>
// CHECK-NEXT:      %[[PI:.*]] = arith.index_cast %[[P]] : i32 to index
// CHECK-NEXT:      %[[PIN:.*]] = arith.cmpi ult, %[[PI]], %[[K1M]] : index
// CHECK-NEXT:      scf.if %[[PIN]] {
// CHECK-NEXT:        %[[J32:.*]] = arith.index_cast %[[J]] : index to i32
// CHECK-NEXT:        memref.atomic_rmw maxs %[[J32]], %[[B1]][%[[PI]]] : (i32, memref<?xi32>) -> i32

// PTX: .entry winners_k0(
// PTX: st.global.b32 {{.*}}, -1;
// PTX: .entry winners_k1(
// PTX: atom.global.max.s32
func.func @winners(%is: memref<?xi32>, %m: index) -> memref<?xi32> {
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
  %r = builtin.unrealized_conversion_cast %w, %m : !hpar.pull<i32, grid>, index to memref<?xi32>
  return %r : memref<?xi32>
}
