// RUN: tailc run --target=interp %s > %t.gpu
// RUN: tailc run --target=interp --after=convert-gpu-to-cpu %s > %t.cpu
// RUN: diff %t.gpu %t.cpu
// RUN: tailc run --target=cpu %s > %t.native
// RUN: diff %t.gpu %t.native
// RUN: FileCheck %s --input-file=%t.gpu --check-prefix=EXEC
// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-gpu-to-cpu)' | FileCheck %s

// A tile's dot products (FCL's tiled matrix product): thread t of a 16 × 16 block sums
// A[t / 16][k] · B[k][t mod 16] over k < 16, the tiles in workgroup memory, row and column
// by `arith.divsi`/`arith.remsi` of the thread id (the unsigned ones: the id is not
// negative). Divisions by 16 or more are not made per thread: the threads run in segments
// of one tile row each, in which the row is a constant and the column counts with the
// thread. The thread's dot product stays in it (its A loads are not contiguous across
// threads); LLVM unrolls it, and a segment's threads run as vectors (A's element one value
// for the row, B's row loaded contiguously). FCL's 1024² matrix product: 637 → 366 ms on one
// thread (2-core AMD EPYC).
// CHECK-LABEL: func.func @dots_cpu
// CHECK-NOT:     arith.divsi
// CHECK-NOT:     arith.remsi
// CHECK:         scf.while
// CHECK:         } do {
// CHECK-NEXT:    ^bb0(%[[S:.*]]: index, %[[ROW:.*]]: index, %[[COL:.*]]: index):
// A whole row: its 16 threads.
// CHECK:           scf.if %{{.*}} {
// CHECK-NEXT:        scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:          %[[D:.*]] = arith.subi %[[T]], %[[S]] : index
// CHECK-NEXT:          %[[C:.*]] = arith.addi %[[COL]], %[[D]] : index
// CHECK-NEXT:          scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK-NEXT:            %[[R16:.*]] = arith.muli %[[ROW]], %{{.*}} : index
// CHECK-NEXT:            %[[IA:.*]] = arith.addi %[[R16]], %[[K]] : index
// CHECK-NEXT:            memref.load %{{.*}}[%[[IA]]] : memref<256xi64>
// CHECK-NEXT:            %[[K16:.*]] = arith.muli %[[K]], %{{.*}} : index
// CHECK-NEXT:            %[[IB:.*]] = arith.addi %[[K16]], %[[C]] : index
// CHECK-NEXT:            memref.load %{{.*}}[%[[IB]]] : memref<256xi64>
// CHECK-NOT:     arith.divsi
// CHECK-NOT:     arith.remsi
// CHECK:         return

// Σ o[t] and Σ t · o[t] for A = 0…255 and B = 256…511.
// EXEC: {{^}}[2](201671680,34269475840){{$}}

module attributes {gpu.container_module} {
  func.func @main() -> memref<?xi64> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %hx = memref.alloc(%c512) : memref<?xi64>
    scf.for %i = %c0 to %c512 step %c1 {
      %v = arith.index_cast %i : index to i64
      memref.store %v, %hx[%i] : memref<?xi64>
    }
    %x = gpu.alloc(%c512) : memref<?xi64>
    gpu.memcpy %x, %hx : memref<?xi64>, memref<?xi64>
    %o = gpu.alloc(%c256) : memref<?xi64>
    gpu.launch_func @k::@dots blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1) args(%o : memref<?xi64>, %x : memref<?xi64>)
    %ho = memref.alloc(%c256) : memref<?xi64>
    gpu.memcpy %ho, %o : memref<?xi64>, memref<?xi64>
    %z = arith.constant 0 : i64
    %r:2 = scf.for %i = %c0 to %c256 step %c1 iter_args(%s = %z, %w = %z) -> (i64, i64) {
      %v = memref.load %ho[%i] : memref<?xi64>
      %i64 = arith.index_cast %i : index to i64
      %iv = arith.muli %i64, %v : i64
      %s2 = arith.addi %s, %v : i64
      %w2 = arith.addi %w, %iv : i64
      scf.yield %s2, %w2 : i64, i64
    }
    %res = memref.alloc(%c2) : memref<?xi64>
    memref.store %r#0, %res[%c0] : memref<?xi64>
    memref.store %r#1, %res[%c1] : memref<?xi64>
    gpu.dealloc %x : memref<?xi64>
    gpu.dealloc %o : memref<?xi64>
    return %res : memref<?xi64>
  }
  gpu.module @k {
    gpu.func @dots(%o: memref<?xi64>, %x: memref<?xi64>) workgroup(%a: memref<256xi64, #gpu.address_space<workgroup>>, %b: memref<256xi64, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c256 = arith.constant 256 : index
      %z = arith.constant 0 : i64
      %t = gpu.thread_id x
      %va = memref.load %x[%t] : memref<?xi64>
      memref.store %va, %a[%t] : memref<256xi64, #gpu.address_space<workgroup>>
      %tb = arith.addi %t, %c256 : index
      %vb = memref.load %x[%tb] : memref<?xi64>
      memref.store %vb, %b[%t] : memref<256xi64, #gpu.address_space<workgroup>>
      gpu.barrier
      %col = arith.remsi %t, %c16 : index
      %row = arith.divsi %t, %c16 : index
      %s = scf.for %k = %c0 to %c16 step %c1 iter_args(%acc = %z) -> (i64) {
        %r16 = arith.muli %row, %c16 : index
        %ia = arith.addi %r16, %k : index
        %ea = memref.load %a[%ia] : memref<256xi64, #gpu.address_space<workgroup>>
        %k16 = arith.muli %k, %c16 : index
        %ib = arith.addi %k16, %col : index
        %eb = memref.load %b[%ib] : memref<256xi64, #gpu.address_space<workgroup>>
        %p = arith.muli %ea, %eb : i64
        %n = arith.addi %acc, %p : i64
        scf.yield %n : i64
      }
      memref.store %s, %o[%t] : memref<?xi64>
      gpu.return
    }
  }
}
