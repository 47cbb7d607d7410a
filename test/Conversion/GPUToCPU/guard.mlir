// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-gpu-to-cpu,canonicalize,cse)' | FileCheck %s
// RUN: tailc run --target=interp %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=interp --after=convert-gpu-to-cpu %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=cpu %s | FileCheck %s --check-prefix=EXEC

// The per-thread part of a block reduction over a flattened 37×100 matrix of bytes: thread t
// of the block sums its 4 elements g = 256k + t (+ 1024 per block), each read at
// [g / 100, g mod 100] when g < 3700. The thread's loop is interchanged (its loads are
// consecutive across the threads), the threads' loop runs in segments of a row, and the
// bound check `g < n`, which changes value once, cuts each segment there: the threads below
// n add their element unconditionally (no `scf.if` is left; LLVM vectorizes the loop), the
// threads past it add nothing.
// CHECK-LABEL: func.func @rowsum_cpu
// CHECK:         scf.while
// CHECK:         } do {
// CHECK:           %[[CUT:.*]] = arith.minsi %{{.*}}, %[[E:.*]] : index
// CHECK:           scf.for %[[T:.*]] = %[[S:.*]] to %[[CUT]] step
// CHECK-NOT:         scf.if
// CHECK:             %[[X:.*]] = memref.load %{{.*}} : memref<?x?xi8>
// CHECK-NEXT:        %[[X32:.*]] = arith.extui %[[X]] : i8 to i32
// CHECK-NEXT:        %[[A:.*]] = arith.addi %[[X32]], %{{.*}} : i32
// CHECK-NEXT:        memref.store %[[A]]
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.for %{{.*}} = %[[CUT]] to %[[E]] step
// CHECK-NOT:         memref.load %{{.*}} : memref<?x?xi8>
// CHECK:           }

// Σ over the 1024 threads t of (t + 1) · their sum (the interpreter's, before the conversion).
// EXEC: [](7675062)

module attributes {gpu.container_module} {
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c256 = arith.constant 256 : index
    %nt = arith.constant 1024 : index
    %rows = arith.constant 37 : index
    %cols = arith.constant 100 : index
    %n = arith.constant 3700 : index
    %h = memref.alloc(%rows, %cols) : memref<?x?xi8>
    scf.for %i = %c0 to %rows step %c1 {
      scf.for %j = %c0 to %cols step %c1 {
        %ij = arith.muli %i, %j : index
        %s = arith.addi %ij, %j : index
        %c11 = arith.constant 11 : index
        %r = arith.remui %s, %c11 : index
        %v = arith.index_cast %r : index to i8
        memref.store %v, %h[%i, %j] : memref<?x?xi8>
      }
    }
    %x = gpu.alloc(%rows, %cols) : memref<?x?xi8>
    gpu.memcpy %x, %h : memref<?x?xi8>, memref<?x?xi8>
    %out = gpu.alloc(%nt) : memref<?xi32>
    gpu.launch_func @tail_kernels::@rowsum blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1) args(%out : memref<?xi32>, %x : memref<?x?xi8>, %n : index)
    %r = memref.alloc(%nt) : memref<?xi32>
    gpu.memcpy %r, %out : memref<?xi32>, memref<?xi32>
    %z = arith.constant 0 : i32
    %s = scf.for %i = %c0 to %nt step %c1 iter_args(%acc = %z) -> (i32) {
      %v = memref.load %r[%i] : memref<?xi32>
      %i1 = arith.addi %i, %c1 : index
      %w = arith.index_cast %i1 : index to i32
      %vw = arith.muli %v, %w : i32
      %a = arith.addi %acc, %vw : i32
      scf.yield %a : i32
    }
    gpu.dealloc %out : memref<?xi32>
    gpu.dealloc %x : memref<?x?xi8>
    memref.dealloc %h : memref<?x?xi8>
    memref.dealloc %r : memref<?xi32>
    return %s : i32
  }

  gpu.module @tail_kernels {
    gpu.func @rowsum(%o: memref<?xi32>, %x: memref<?x?xi8>, %n: index) workgroup(%sh: memref<256xi32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c100 = arith.constant 100 : index
      %c256 = arith.constant 256 : index
      %c1024 = arith.constant 1024 : index
      %z = arith.constant 0 : i32
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %d = gpu.block_dim x
      %base = arith.muli %b, %c1024 : index
      scf.for %j = %t to %c256 step %d {
        %acc = scf.for %k = %c0 to %c4 step %c1 iter_args(%a = %z) -> (i32) {
          %kb = arith.muli %k, %c256 : index
          %kbb = arith.addi %base, %kb : index
          %g = arith.addi %kbb, %j : index
          %ok = arith.cmpi ult, %g, %n : index
          %v = scf.if %ok -> (i32) {
            %row = arith.divui %g, %c100 : index
            %col = arith.remui %g, %c100 : index
            %l = memref.load %x[%row, %col] : memref<?x?xi8>
            %l32 = arith.extui %l : i8 to i32
            scf.yield %l32 : i32
          } else {
            scf.yield %z : i32
          }
          %s = arith.addi %v, %a : i32
          scf.yield %s : i32
        }
        memref.store %acc, %sh[%j] : memref<256xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %r = memref.load %sh[%t] : memref<256xi32, #gpu.address_space<workgroup>>
      %bt = arith.muli %b, %c256 : index
      %gt = arith.addi %bt, %t : index
      memref.store %r, %o[%gt] : memref<?xi32>
      gpu.return
    }
  }
}
