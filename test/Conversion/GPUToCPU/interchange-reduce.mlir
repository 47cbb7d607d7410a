// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-gpu-to-cpu)' | FileCheck %s
// RUN: tailc run --target=interp %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=interp --after=convert-gpu-to-cpu %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=cpu %s | FileCheck %s --check-prefix=EXEC

// The per-thread part of a block reduction: a block-stride loop over the block's range
// (`for %j = %t to 256 step 256`, which runs exactly once for every thread, the bound here a
// constant and then the block extent itself) around the thread's sequential loop over its
// elements (guarded loads from a buffer that the kernel only reads). The single-iteration loop
// goes away, then the sequential loop is interchanged with the thread loop: the accumulators in
// a per-thread buffer, the sequential loop around a loop over the threads, the grid-wide index
// recomputed from the thread id.
// CHECK-LABEL: func.func @partials_cpu
// CHECK-SAME:    (%{{.*}}: index, %{{.*}}: index, %[[O:.*]]: memref<?xf64>{{( \{llvm.noalias\})?}}, %[[X:.*]]: memref<?xf64>{{( \{llvm.noalias\})?}}, %[[M:.*]]: index, %[[N:.*]]: index)
// CHECK:         %[[ACC:.*]] = memref.alloca() : memref<256xf64>
// CHECK:         scf.for %[[T1:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:      memref.store %{{.*}}, %[[ACC]][%[[T1]]] : memref<256xf64>
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.for %[[K:.*]] = %{{.*}} to %[[M]] step %{{.*}} {
// CHECK-NEXT:      %[[KB:.*]] = arith.muli %[[K]], %{{.*}} : index
// CHECK-NEXT:      scf.for %[[T2:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:        %[[A:.*]] = memref.load %[[ACC]][%[[T2]]] : memref<256xf64>
// CHECK:             %[[G:.*]] = arith.addi %[[KB]], %[[T2]] : index
// CHECK-NEXT:        %[[OK:.*]] = arith.cmpi ult, %[[G]], %[[N]] : index
// CHECK-NEXT:        %[[V:.*]] = scf.if %[[OK]] -> (f64) {
// CHECK-NEXT:          memref.load %[[X]][%[[G]]] : memref<?xf64>
// CHECK:             %[[S:.*]] = arith.addf %[[V]], %[[A]] : f64
// CHECK-NEXT:        memref.store %[[S]], %[[ACC]][%[[T2]]] : memref<256xf64>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.for %[[T3:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:      %[[R:.*]] = memref.load %[[ACC]][%[[T3]]] : memref<256xf64>
// CHECK-NEXT:      memref.store %[[R]], %{{.*}}[%[[T3]]] : memref<256xf64>
// CHECK-NEXT:    }

// Without a known block size the block-stride loop runs from %t to the block extent in steps
// of it: once as well. The per-thread buffer is sized by the thread count.
// CHECK-LABEL: func.func @partials_dyn_cpu
// CHECK-SAME:    (%{{.*}}: index, %{{.*}}: index, %[[D:.*]]: index, %{{.*}}: memref<?xf64>{{( \{llvm.noalias\})?}}, %{{.*}}: memref<?xf64>{{( \{llvm.noalias\})?}}, %[[M:.*]]: index, %{{.*}}: index)
// CHECK:         %[[ACC:.*]] = memref.alloca(%[[D]]) : memref<?xf64>
// CHECK:         scf.for %[[K:.*]] = %{{.*}} to %[[M]] step %{{.*}} {
// CHECK-NEXT:      arith.muli %[[K]], %[[D]] : index
// CHECK-NEXT:      scf.for %[[T2:.*]] = %{{.*}} to %[[D]] step %{{.*}} {
// CHECK-NEXT:        memref.load %[[ACC]][%[[T2]]] : memref<?xf64>

// Negative: the sequential loop reads the buffer that the thread loop writes (in place), so it
// stays inside the thread loop.
// CHECK-LABEL: func.func @inplace_cpu
// CHECK:         scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (f64) {
// CHECK:             memref.load %[[IO:.*]][%{{.*}}] : memref<?xf64>
// CHECK:           memref.store %{{.*}}, %[[IO]][%{{.*}}] : memref<?xf64>

// Negative: a short sequential loop (4 iterations, a constant) that gathers from memory
// (thread j sums x[4j + k]) stays inside the thread loop (across threads its loads would be
// gathers, its sum would go through the per-thread buffer at each of its few iterations).
// (Not launched.)
// CHECK-LABEL: func.func @short_cpu
// CHECK:         scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (f64) {
// CHECK:             memref.load

// The same short loop over x[256k + j] reads consecutive elements across the threads: it is
// interchanged, the threads' loop innermost. (Not launched.)
// CHECK-LABEL: func.func @short_rows_cpu
// CHECK:         scf.for
// CHECK-NEXT:      memref.store
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:      arith.muli %[[K]]
// CHECK-NEXT:      scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:             %[[G:.*]] = arith.addi %{{.*}}, %[[T]] : index
// CHECK:             memref.load %{{.*}}[%[[G]]] : memref<?xf64>

// A map fused with the reduction: each thread stores its 4 mapped elements y[256k + j] as it
// sums them. The stores go to memory the thread loop does not read: the loop is interchanged
// all the same, each thread's stores in their order. (Not launched.)
// CHECK-LABEL: func.func @map_sum_cpu
// CHECK:         scf.for
// CHECK-NEXT:      memref.store
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:      arith.muli %[[K]]
// CHECK-NEXT:      scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:             %[[G:.*]] = arith.addi %{{.*}}, %[[T]] : index
// CHECK:             arith.mulf
// CHECK:             memref.store %{{.*}}, %{{.*}}[%[[G]]] : memref<?xf64>

// Negative: the same storing into the buffer it reads stays inside the thread loop.
// (Not launched.)
// CHECK-LABEL: func.func @map_sum_same_cpu
// CHECK:         scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (f64) {
// CHECK:             memref.load
// CHECK:             memref.store

// A short loop (16 iterations) over x[256k + j] that also reads the total of the chunk
// before its element, p[max(g / 512, 1) − 1] (a scan's adjustment read by a reduction): that index is the same
// for a segment's threads (integer arithmetic of a quotient of the grid-wide index), so the
// load is no gather and the loop is interchanged. (Not launched.)
// CHECK-LABEL: func.func @scan_sum_cpu
// CHECK:         scf.for
// CHECK-NEXT:      memref.store
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:      arith.muli %[[K]]
// CHECK:           scf.while
// CHECK:             scf.for
// CHECK:               memref.load %{{.*}} : memref<256xf64>
// CHECK:               memref.load %{{.*}} : memref<?xf64>
// CHECK:               arith.maxui
// CHECK:               memref.load %{{.*}} : memref<?xf64>

// x[i] = i mod 7 + 1/4 for i < 1000 (Σ x = 3247): summed in 256 slices of 4 by a block of 256
// threads, in 64 slices of 16 by a block of 64 threads, and tripled in place (Σ 9741); the
// result is the first sum + 10⁴ × the second + 10⁸ × the third.
// EXEC: [](974132473247.0)

module attributes {gpu.container_module} {
  func.func @main() -> f64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c7 = arith.constant 7 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %n = arith.constant 1000 : index
    %q = arith.constant 0.25 : f64
    %zero = arith.constant 0.0 : f64
    %h = memref.alloc(%n) : memref<?xf64>
    scf.for %i = %c0 to %n step %c1 {
      %r = arith.remui %i, %c7 : index
      %r64 = arith.index_cast %r : index to i64
      %rf = arith.sitofp %r64 : i64 to f64
      %v = arith.addf %rf, %q : f64
      memref.store %v, %h[%i] : memref<?xf64>
    }
    %x = gpu.alloc(%n) : memref<?xf64>
    gpu.memcpy %x, %h : memref<?xf64>, memref<?xf64>
    %out = gpu.alloc(%c256) : memref<?xf64>
    gpu.launch_func @tail_kernels::@partials blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1) args(%out : memref<?xf64>, %x : memref<?xf64>, %c4 : index, %n : index)
    %s1 = func.call @sum(%out, %c256) : (memref<?xf64>, index) -> f64
    %out2 = gpu.alloc(%c64) : memref<?xf64>
    gpu.launch_func @tail_kernels::@partials_dyn blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%out2 : memref<?xf64>, %x : memref<?xf64>, %c16 : index, %n : index)
    %s2 = func.call @sum(%out2, %c64) : (memref<?xf64>, index) -> f64
    gpu.launch_func @tail_kernels::@inplace blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %n : index)
    %s3 = func.call @sum(%x, %n) : (memref<?xf64>, index) -> f64
    %e4 = arith.constant 1.0e4 : f64
    %e8 = arith.constant 1.0e8 : f64
    %s2e = arith.mulf %s2, %e4 : f64
    %s3e = arith.mulf %s3, %e8 : f64
    %s12 = arith.addf %s1, %s2e : f64
    %all = arith.addf %s12, %s3e : f64
    return %all : f64
  }
  func.func @sum(%d: memref<?xf64>, %n: index) -> f64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f64
    %h = memref.alloc(%n) : memref<?xf64>
    gpu.memcpy %h, %d : memref<?xf64>, memref<?xf64>
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) {
      %v = memref.load %h[%i] : memref<?xf64>
      %a = arith.addf %acc, %v : f64
      scf.yield %a : f64
    }
    return %s : f64
  }
  gpu.module @tail_kernels {
    // out[t] = Σ over k < m of x[k·256 + t] (0 past n).
    gpu.func @partials(%o: memref<?xf64>, %x: memref<?xf64>, %m: index, %n: index) workgroup(%sh: memref<256xf64, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c256 = arith.constant 256 : index
      %z = arith.constant 0.0 : f64
      %t = gpu.thread_id x
      %d = gpu.block_dim x
      scf.for %j = %t to %c256 step %d {
        %acc = scf.for %k = %c0 to %m step %c1 iter_args(%a = %z) -> (f64) {
          %kb = arith.muli %k, %c256 : index
          %g = arith.addi %kb, %j : index
          %ok = arith.cmpi ult, %g, %n : index
          %v = scf.if %ok -> (f64) {
            %l = memref.load %x[%g] : memref<?xf64>
            scf.yield %l : f64
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
    // The same without a known block size: out[t] = Σ over k < m of x[k·d + t].
    gpu.func @partials_dyn(%o: memref<?xf64>, %x: memref<?xf64>, %m: index, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %z = arith.constant 0.0 : f64
      %t = gpu.thread_id x
      %d = gpu.block_dim x
      scf.for %j = %t to %d step %d {
        %acc = scf.for %k = %c0 to %m step %c1 iter_args(%a = %z) -> (f64) {
          %kb = arith.muli %k, %d : index
          %g = arith.addi %kb, %j : index
          %ok = arith.cmpi ult, %g, %n : index
          %v = scf.if %ok -> (f64) {
            %l = memref.load %x[%g] : memref<?xf64>
            scf.yield %l : f64
          } else {
            scf.yield %z : f64
          }
          %s = arith.addf %v, %a : f64
          scf.yield %s : f64
        }
        memref.store %acc, %o[%j] : memref<?xf64>
      }
      gpu.return
    }
    // x[g] = 3·x[g], by adding x[g] three times in a loop that reads x.
    gpu.func @inplace(%x: memref<?xf64>, %n: index) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %z = arith.constant 0.0 : f64
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %ok = arith.cmpi ult, %g, %n : index
      scf.if %ok {
        %s = scf.for %k = %c0 to %c3 step %c1 iter_args(%a = %z) -> (f64) {
          %v = memref.load %x[%g] : memref<?xf64>
          %a1 = arith.addf %a, %v : f64
          scf.yield %a1 : f64
        }
        memref.store %s, %x[%g] : memref<?xf64>
      }
      gpu.return
    }
    gpu.func @short(%o: memref<?xf64>, %x: memref<?xf64>, %n: index) workgroup(%sh: memref<256xf64, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c256 = arith.constant 256 : index
      %z = arith.constant 0.0 : f64
      %t = gpu.thread_id x
      %d = gpu.block_dim x
      scf.for %j = %t to %c256 step %d {
        %acc = scf.for %k = %c0 to %c4 step %c1 iter_args(%a = %z) -> (f64) {
          %j4 = arith.muli %j, %c4 : index
          %g = arith.addi %j4, %k : index
          %ok = arith.cmpi ult, %g, %n : index
          %v = scf.if %ok -> (f64) {
            %l = memref.load %x[%g] : memref<?xf64>
            scf.yield %l : f64
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
    gpu.func @short_rows(%o: memref<?xf64>, %x: memref<?xf64>, %n: index) workgroup(%sh: memref<256xf64, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c256 = arith.constant 256 : index
      %z = arith.constant 0.0 : f64
      %t = gpu.thread_id x
      %d = gpu.block_dim x
      scf.for %j = %t to %c256 step %d {
        %acc = scf.for %k = %c0 to %c4 step %c1 iter_args(%a = %z) -> (f64) {
          %kb = arith.muli %k, %c256 : index
          %g = arith.addi %kb, %j : index
          %ok = arith.cmpi ult, %g, %n : index
          %v = scf.if %ok -> (f64) {
            %l = memref.load %x[%g] : memref<?xf64>
            scf.yield %l : f64
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
    gpu.func @map_sum(%o: memref<?xf64>, %x: memref<?xf64>, %y: memref<?xf64>, %n: index) workgroup(%sh: memref<256xf64, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c256 = arith.constant 256 : index
      %z = arith.constant 0.0 : f64
      %two = arith.constant 2.0 : f64
      %t = gpu.thread_id x
      %d = gpu.block_dim x
      scf.for %j = %t to %c256 step %d {
        %acc = scf.for %k = %c0 to %c4 step %c1 iter_args(%a = %z) -> (f64) {
          %kb = arith.muli %k, %c256 : index
          %g = arith.addi %kb, %j : index
          %ok = arith.cmpi ult, %g, %n : index
          %v = scf.if %ok -> (f64) {
            %l = memref.load %x[%g] : memref<?xf64>
            %m = arith.mulf %l, %two : f64
            memref.store %m, %y[%g] : memref<?xf64>
            scf.yield %m : f64
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
    gpu.func @map_sum_same(%o: memref<?xf64>, %x: memref<?xf64>, %y: memref<?xf64>, %n: index) workgroup(%sh: memref<256xf64, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c256 = arith.constant 256 : index
      %z = arith.constant 0.0 : f64
      %two = arith.constant 2.0 : f64
      %t = gpu.thread_id x
      %d = gpu.block_dim x
      scf.for %j = %t to %c256 step %d {
        %acc = scf.for %k = %c0 to %c4 step %c1 iter_args(%a = %z) -> (f64) {
          %kb = arith.muli %k, %c256 : index
          %g = arith.addi %kb, %j : index
          %ok = arith.cmpi ult, %g, %n : index
          %v = scf.if %ok -> (f64) {
            %l = memref.load %x[%g] : memref<?xf64>
            %m = arith.mulf %l, %two : f64
            memref.store %m, %x[%g] : memref<?xf64>
            scf.yield %m : f64
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
    gpu.func @scan_sum(%o: memref<?xf64>, %x: memref<?xf64>, %p: memref<?xf64>, %n: index) workgroup(%sh: memref<256xf64, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c256 = arith.constant 256 : index
      %c512 = arith.constant 512 : index
      %z = arith.constant 0.0 : f64
      %t = gpu.thread_id x
      %d = gpu.block_dim x
      scf.for %j = %t to %c256 step %d {
        %acc = scf.for %k = %c0 to %c16 step %c1 iter_args(%a = %z) -> (f64) {
          %kb = arith.muli %k, %c256 : index
          %g = arith.addi %kb, %j : index
          %ok = arith.cmpi ult, %g, %n : index
          %v = scf.if %ok -> (f64) {
            %l = memref.load %x[%g] : memref<?xf64>
            %c = arith.divui %g, %c512 : index
            %cm = arith.maxui %c, %c1 : index
            %cp = arith.subi %cm, %c1 : index
            %prev = memref.load %p[%cp] : memref<?xf64>
            %adj = arith.addf %prev, %l : f64
            %first = arith.cmpi eq, %c, %c0 : index
            %e = arith.select %first, %l, %adj : f64
            scf.yield %e : f64
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
