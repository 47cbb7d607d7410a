// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-opt),convert-soac-to-hpar{sequential-scans=true})' --split-input-file | FileCheck %s
// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-opt),convert-soac-to-hpar{sequential-scans=true},convert-hpar-to-gpu,convert-gpu-to-cpu)' --split-input-file | FileCheck %s --check-prefix=CPU

// The CPU backend's scans (option sequential-scans): phase 1 still loads each chunk of
// 256·8 elements into shared memory with all the block's threads (neutral past the end), but
// then one thread scans the whole chunk in order (concat<thread> 1, 2048 of scan<thread>):
// no per-thread parts, no scan of thread totals. Phase 2 is one thread's scan of the chunk
// totals. The adjustment (phase 3) is unchanged.
// CHECK-LABEL: func.func @prefix
// CHECK-SAME:    (%[[X:.*]]: memref<?xi32>) -> memref<?xi32>
// CHECK:         %[[NB:.*]] = arith.maxui
// CHECK:         %[[P1:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           %[[C:.*]] = arith.constant 2048 : index
// CHECK:           hpar.concat<block> %[[NB]], %[[C]] : !hpar.push<i32, grid> {
// CHECK:             hpar.generate %{{.*}} : !hpar.pull<i32> {
// CHECK:               memref.load %[[X]]
// CHECK:             hpar.push<block>
// CHECK-NEXT:        %[[S1:.*]] = hpar.force<block> %{{.*}} : !hpar.push<i32, block> -> !hpar.pull<i32, block>
// CHECK:             %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:        hpar.concat<thread> %[[ONE]], %{{.*}} : !hpar.push<i32, block> {
// CHECK:               %[[OWN:.*]] = hpar.generate %{{.*}} : !hpar.pull<i32> {
// CHECK:                 hpar.index %[[S1]][%{{.*}}] : !hpar.pull<i32, block>
// CHECK:               hpar.scan<thread> %[[OWN]] init(%{{.*}} : i32) : !hpar.pull<i32> -> !hpar.push<i32, thread> {
// CHECK:                 arith.addi
// CHECK-NOT:         hpar.scan<block>
// CHECK:         } {tail.par = "block-scan"}
// CHECK:         %[[P2:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           hpar.concat<block> %{{.*}}, %[[NB]] : !hpar.push<i32, grid> {
// CHECK:             hpar.concat<thread> %{{.*}}, %[[NB]] : !hpar.push<i32, block> {
// CHECK:               hpar.generate %[[NB]] : !hpar.pull<i32> {
// CHECK:                 hpar.index %[[P1]][%{{.*}}] : !hpar.pull<i32, grid>
// CHECK:               hpar.scan<thread>
// CHECK-NOT:         hpar.scan<block>
// CHECK:         } {tail.par = "block-scan"}
// CHECK:         hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           hpar.index %[[P1]][%{{.*}}] : !hpar.pull<i32, grid>
// CHECK:           hpar.index %[[P2]][%{{.*}}] : !hpar.pull<i32, grid>
// CHECK:         } {tail.par = "grid-thread"}

// On the CPU, phase 1's kernel is a thread loop filling the chunk's buffer, then one loop
// carrying the prefix over the chunk: no shuffles, no barriers between warp steps.
// CPU-LABEL: func.func @prefix_k0_cpu
// CPU:         %[[BUF:.*]] = memref.alloca() : memref<2048xi32>
// CPU:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step
// CPU:           memref.store %{{.*}}, %[[BUF]]
// CPU:         scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CPU-NEXT:      memref.load %[[BUF]][%[[J]]]
// CPU:           arith.addi
// CPU:           memref.store
// CPU-NOT:     memref.alloca
// CPU:         return
func.func @prefix(%xs: tensor<?xi32>) -> tensor<?xi32> {
  %z = arith.constant 0 : i32
  %s = soac.scan %xs init(%z) : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%a: i32, %x: i32):
    %t = arith.addi %a, %x : i32
    soac.yield %t : i32
  }
  return %s : tensor<?xi32>
}

// -----

// Scans of the rows of a matrix: one block per row, its first thread scans the row
// (concat<thread> 1, m of scan<thread>, read at row b, column j).
// CHECK-LABEL: func.func @rowscan
// CHECK-SAME:    (%[[X:.*]]: memref<?x?xf64>) -> memref<?x?xf64>
// CHECK-DAG:     %[[N:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x?xf64>
// CHECK-DAG:     %[[M:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x?xf64>
// CHECK:         hpar.program<grid> -> !hpar.pull<f64, grid> {
// CHECK-NEXT:      hpar.concat<block> %[[N]], %[[M]] : !hpar.push<f64, grid> {
// CHECK-NEXT:      ^bb0(%[[B:.*]]: index):
// CHECK:             hpar.concat<thread> %{{.*}}, %[[M]] : !hpar.push<f64, block> {
// CHECK:               %[[ROW:.*]] = hpar.generate %[[M]] : !hpar.pull<f64> {
// CHECK-NEXT:          ^bb0(%[[J:.*]]: index):
// CHECK-NEXT:            memref.load %[[X]][%[[B]], %[[J]]] : memref<?x?xf64>
// CHECK:               hpar.scan<thread> %[[ROW]] init(%{{.*}} : f64) : !hpar.pull<f64> -> !hpar.push<f64, thread> {
// CHECK:                 arith.mulf
// CHECK-NOT:         hpar.scan<block>
// CHECK:         } {tail.par = "block-row-scan"}
// CPU-LABEL: func.func @rowscan_k0_cpu
// CPU-NOT:     gpu.
// CPU:         return
func.func @rowscan(%xs: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %r = soac.map %xs : tensor<?x?xf64> -> tensor<?x?xf64> {
  ^bb0(%row: tensor<?xf64>):
    %one = arith.constant 1.0 : f64
    %s = soac.scan %row init(%one) : tensor<?xf64> -> tensor<?xf64> {
    ^bb0(%a: f64, %x: f64):
      %t = arith.mulf %a, %x : f64
      soac.yield %t : f64
    }
    soac.yield %s : tensor<?xf64>
  }
  return %r : tensor<?x?xf64>
}
