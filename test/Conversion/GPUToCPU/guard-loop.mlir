// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-gpu-to-cpu)' | FileCheck %s
// RUN: tailc run --target=interp %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=interp --after=convert-gpu-to-cpu %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=cpu %s | FileCheck %s --check-prefix=EXEC

// A block reduction whose elements each run a sequential loop (the per-thread part of
// `+/ +/` over Mandelbrot's counts): the element's loop sits in the guard `g < n` that gives
// elements past the end the neutral element. The block-stride steps are interchanged with
// the thread loop first (the accumulators in a per-thread buffer); then, in the thread loop
// inside a step, the guard is split off: the threads whose element exists run the loop,
// `[0, min(n - base, 256))`, with the element's loop now in the thread's body, so that it is
// interchanged as well (its carried value in a per-thread buffer, a loop over the threads
// inside its iterations, which LLVM vectorizes); the others add 0 after them. Each thread
// still computes what it computed before, in the same order.
// CHECK-LABEL: func.func @escape_cpu
// CHECK-SAME:    %[[MM:arg[0-9]+]]: index, %[[N:arg[0-9]+]]: index)
// CHECK:         scf.for %[[K:.*]] = %{{.*}} to %[[MM]] step %{{.*}} {
// CHECK-NEXT:      %[[KB:.*]] = arith.muli %[[K]], %{{.*}} : index
// CHECK:           %[[REST:.*]] = arith.subi %[[N]], %[[KB]] : index
// CHECK-NEXT:      %[[SOME:.*]] = arith.cmpi ugt, %[[N]], %[[KB]] : index
// CHECK-NEXT:      %[[B:.*]] = arith.select %[[SOME]], %[[REST]], %{{.*}} : index
// CHECK-NEXT:      %[[M:.*]] = arith.minui %[[B]], %{{.*}} : index
// CHECK:           scf.for %[[T1:.*]] = %{{.*}} to %[[M]] step %{{.*}} {
// CHECK:           scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:        scf.for %[[T2:.*]] = %{{.*}} to %[[M]] step %{{.*}} {
// CHECK:               arith.mulf
// CHECK:             }
// CHECK-NEXT:      }
// CHECK:           scf.for %[[T3:.*]] = %{{.*}} to %[[M]] step %{{.*}} {
// CHECK:           scf.for %[[T4:.*]] = %[[M]] to %{{.*}} step %{{.*}} {
// CHECK-NOT:         scf.for
// CHECK:             arith.addf
// CHECK:           }
// EXEC: [](14847.0)

module attributes {gpu.container_module} {
  func.func @main() -> f64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c256 = arith.constant 256 : index
    %n = arith.constant 1000 : index
    %zero = arith.constant 0.0 : f64
    %out = gpu.alloc(%c256) : memref<?xf64>
    gpu.launch_func @tail_kernels::@escape blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1) args(%out : memref<?xf64>, %c4 : index, %n : index)
    %h = memref.alloc(%c256) : memref<?xf64>
    gpu.memcpy %h, %out : memref<?xf64>, memref<?xf64>
    %s = scf.for %i = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> (f64) {
      %v = memref.load %h[%i] : memref<?xf64>
      %a = arith.addf %acc, %v : f64
      scf.yield %a : f64
    }
    return %s : f64
  }
  gpu.module @tail_kernels {
    // out[t] = Σ over k < m of the steps (of 40) that c = (k·256 + t) / 1000 takes until
    // z ← z² + c passes 4, for the elements below n.
    gpu.func @escape(%o: memref<?xf64>, %m: index, %n: index) workgroup(%sh: memref<256xf64, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c40 = arith.constant 40 : index
      %c256 = arith.constant 256 : index
      %z = arith.constant 0.0 : f64
      %one = arith.constant 1.0 : f64
      %four = arith.constant 4.0 : f64
      %scale = arith.constant 1.0e-3 : f64
      %t = gpu.thread_id x
      %d = gpu.block_dim x
      scf.for %j = %t to %c256 step %d {
        %acc = scf.for %k = %c0 to %m step %c1 iter_args(%a = %z) -> (f64) {
          %kb = arith.muli %k, %c256 : index
          %g = arith.addi %kb, %j : index
          %ok = arith.cmpi ult, %g, %n : index
          %v = scf.if %ok -> (f64) {
            %gi = arith.index_cast %g : index to i64
            %gf = arith.sitofp %gi : i64 to f64
            %c = arith.mulf %gf, %scale : f64
            %r:2 = scf.for %i = %c0 to %c40 step %c1 iter_args(%x = %z, %cnt = %z) -> (f64, f64) {
              %in = arith.cmpf ole, %x, %four : f64
              %x2 = arith.mulf %x, %x : f64
              %xn = arith.addf %x2, %c : f64
              %xs = arith.select %in, %xn, %x : f64
              %inc = arith.select %in, %one, %z : f64
              %cn = arith.addf %cnt, %inc : f64
              scf.yield %xs, %cn : f64, f64
            }
            scf.yield %r#1 : f64
          } else {
            scf.yield %z : f64
          }
          %s = arith.addf %v, %a : f64
          scf.yield %s : f64
        }
        memref.store %acc, %sh[%j] : memref<256xf64, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %r = memref.load %sh[%t] : memref<256xf64, #gpu.address_space<workgroup>>
      memref.store %r, %o[%t] : memref<?xf64>
      gpu.return
    }
  }
}
