// RUN: tailc run %s > %t.gpu
// RUN: tailc run --after=convert-gpu-to-cpu %s > %t.cpu
// RUN: diff %t.gpu %t.cpu
// RUN: tailc run --after=convert-gpu-to-cpu,canonicalize,cse %s > %t.cpu2
// RUN: diff %t.gpu %t.cpu2
// RUN: FileCheck %s --input-file=%t.cpu
// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-gpu-to-cpu)' | FileCheck %s --check-prefix=IR

// Control flow around barriers and shuffles, run by the gpu interpreter (threads in lockstep
// between barriers) and after convert-gpu-to-cpu (thread loops): the outputs are the same.
//
// @scan: Hillis–Steele inclusive scan of a block in shared memory, in an scf.for with
// block-uniform bounds around two barriers. The loop carries a block-uniform counter and a
// per-thread sum (in a per-thread buffer); the value each thread reads before the first
// barrier is used after it. Then an scf.if on a block-uniform condition (block 0) around a
// barrier yields one block-uniform and one per-thread value.
// IR-LABEL: func.func @scan_cpu
// IR-COUNT-5: memref.alloca() : memref<64xi64>
// The loop stays outside the thread loops and keeps the uniform counter as its iter_arg; the
// per-thread sum lives in a per-thread buffer (initialized by a thread loop before the loop).
// IR:         %[[CNT:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[N:.*]] = %{{.*}}) -> (i64) {
// IR-NEXT:      %[[OFF:.*]] = arith.shli %{{.*}}, %[[K]] : index
// IR:           scf.for %[[T:.*]] =
// IR:             memref.store %{{.*}}, %[[X:.*]][%[[T]]] : memref<64xi64>
// IR-NEXT:      }
// IR:           scf.for %[[T:.*]] =
// IR:             memref.load %[[X]][%[[T]]]
// IR:           }
// IR:           %[[N1:.*]] = arith.addi %[[N]], %{{.*}} : i64
// IR:           scf.for %[[T:.*]] =
// IR-NEXT:        %[[S:.*]] = memref.load %[[SB:.*]][%[[T]]] : memref<64xi64>
// IR-NEXT:        %[[XV:.*]] = memref.load %[[X]][%[[T]]] : memref<64xi64>
// IR-NEXT:        %[[S1:.*]] = arith.addi %[[S]], %[[XV]] : i64
// IR-NEXT:        memref.store %[[S1]], %[[SB]][%[[T]]] : memref<64xi64>
// IR-NEXT:      }
// IR-NEXT:      scf.yield %[[N1]] : i64
// IR-NEXT:    }
// The uniform if stays outside too: it yields the uniform result, the per-thread one goes
// through a per-thread buffer written in each region.
// IR:         %[[U:.*]] = scf.if %{{.*}} -> (i64) {
// IR:           scf.yield %[[CNT]] : i64
// IR-NEXT:    } else {
// IR:           scf.yield %{{.*}} : i64
// IR-NEXT:    }
// IR:         arith.muli %[[U]], %{{.*}} : i64
//
// @warp: shuffles in every mode under `lane < 16` (a per-thread predicate, with an else
// region and a result), lane ids, and the `valid` flags.
// @reverse: no known_block_size, so the block extent is a parameter; the thread loops run
// to it and %v, used after the barrier, is in a per-thread buffer of that many elements.
// IR-LABEL: func.func @reverse_cpu
// IR-SAME:    (%{{.*}}: index, %{{.*}}: index, %[[BD:.*]]: index, %{{.*}}: memref<?xi64>{{( \{llvm.noalias\})?}}) {
// IR:         %[[V:.*]] = memref.alloc(%[[BD]]) : memref<?xi64>
// IR:         memref.alloca() : memref<64xi64>
// IR:         scf.for %[[T:.*]] = %{{.*}} to %[[BD]] step
// IR:           memref.store %{{.*}}, %[[V]][%[[T]]] : memref<?xi64>
// IR:         scf.for %[[T:.*]] = %{{.*}} to %[[BD]] step
// IR:           memref.load %[[V]][%[[T]]] : memref<?xi64>
// IR-NOT:     scf.for
// IR:         memref.dealloc %[[V]] : memref<?xi64>
// IR-NEXT:    return
// IR-LABEL: func.func @warp_cpu
// The else region runs under the negated predicate.
// IR:         %[[NOT:.*]] = arith.xori %{{.*}}, %{{.*}} : i1
// IR:         scf.if %[[NOT]] {
// IR-NOT:     gpu.

// The scan of 1..64 in each of the two blocks; block 0's elements get 1000·cnt (6) and the
// per-thread sum (the exclusive prefix) added by the uniform if: 6000 + 1 + 0, 6000 + 3 + 1, …
// CHECK: {{^}}[384](6001,6004,6009,
// CHECK-SAME: ,9969,10096,1,3,6,10,
// CHECK-SAME: ,2016,2080,
// CHECK-SAME: ,-120,
// @reverse: with v(g) = g for odd threads and g² for even ones, element g (thread t of block
// b) is 1000·v(64·b + 63 − t) + v(g).
// CHECK-SAME: 63000,3844001,
// CHECK-SAME: ,4096127){{$}}

module attributes {gpu.container_module} {
  func.func @main() -> memref<?xi64> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %n = arith.constant 128 : index
    %out = gpu.alloc(%n) : memref<?xi64>
    gpu.launch_func @tail_kernels::@scan blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1) args(%out : memref<?xi64>)
    %h = memref.alloc(%n) : memref<?xi64>
    gpu.memcpy %h, %out : memref<?xi64>, memref<?xi64>
    %w = gpu.alloc(%n) : memref<?xi64>
    gpu.launch_func @tail_kernels::@warp blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1) args(%w : memref<?xi64>)
    %hw = memref.alloc(%n) : memref<?xi64>
    gpu.memcpy %hw, %w : memref<?xi64>, memref<?xi64>
    %v = gpu.alloc(%n) : memref<?xi64>
    gpu.launch_func @tail_kernels::@reverse blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1) args(%v : memref<?xi64>)
    %hv = memref.alloc(%n) : memref<?xi64>
    gpu.memcpy %hv, %v : memref<?xi64>, memref<?xi64>
    %n3 = arith.constant 384 : index
    %all = memref.alloc(%n3) : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %a = memref.load %h[%i] : memref<?xi64>
      memref.store %a, %all[%i] : memref<?xi64>
      %b = memref.load %hw[%i] : memref<?xi64>
      %j = arith.addi %i, %n : index
      memref.store %b, %all[%j] : memref<?xi64>
      %c = memref.load %hv[%i] : memref<?xi64>
      %k = arith.addi %j, %n : index
      memref.store %c, %all[%k] : memref<?xi64>
    }
    gpu.dealloc %out : memref<?xi64>
    gpu.dealloc %w : memref<?xi64>
    gpu.dealloc %v : memref<?xi64>
    return %all : memref<?xi64>
  }
  gpu.module @tail_kernels {
    gpu.func @scan(%o: memref<?xi64>) workgroup(%sh: memref<64xi64, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c6 = arith.constant 6 : index
      %z = arith.constant 0 : i64
      %one = arith.constant 1 : i64
      %k1000 = arith.constant 1000 : i64
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %t1 = arith.addi %t, %c1 : index
      %v = arith.index_cast %t1 : index to i64
      memref.store %v, %sh[%t] : memref<64xi64, #gpu.address_space<workgroup>>
      gpu.barrier
      %cnt, %acc = scf.for %k = %c0 to %c6 step %c1 iter_args(%n = %z, %s = %z) -> (i64, i64) {
        %off = arith.shli %c1, %k : index
        %has = arith.cmpi uge, %t, %off : index
        %x = scf.if %has -> (i64) {
          %j = arith.subi %t, %off : index
          %y = memref.load %sh[%j] : memref<64xi64, #gpu.address_space<workgroup>>
          scf.yield %y : i64
        } else {
          scf.yield %z : i64
        }
        gpu.barrier
        %m = memref.load %sh[%t] : memref<64xi64, #gpu.address_space<workgroup>>
        %m2 = arith.addi %m, %x : i64
        memref.store %m2, %sh[%t] : memref<64xi64, #gpu.address_space<workgroup>>
        gpu.barrier
        %n1 = arith.addi %n, %one : i64
        %s1 = arith.addi %s, %x : i64
        scf.yield %n1, %s1 : i64, i64
      }
      %first = arith.cmpi eq, %b, %c0 : index
      %u, %p = scf.if %first -> (i64, i64) {
        %m = memref.load %sh[%t] : memref<64xi64, #gpu.address_space<workgroup>>
        gpu.barrier
        %s = arith.addi %m, %acc : i64
        scf.yield %cnt, %s : i64, i64
      } else {
        %m = memref.load %sh[%t] : memref<64xi64, #gpu.address_space<workgroup>>
        scf.yield %z, %m : i64, i64
      }
      %u1 = arith.muli %u, %k1000 : i64
      %r = arith.addi %u1, %p : i64
      memref.store %r, %o[%g] : memref<?xi64>
      gpu.return
    }
    gpu.func @reverse(%o: memref<?xi64>) workgroup(%sh: memref<64xi64, #gpu.address_space<workgroup>>) kernel {
      %c1 = arith.constant 1 : index
      %k1000 = arith.constant 1000 : i64
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %gi = arith.index_cast %g : index to i64
      %par = arith.andi %t, %c1 : index
      %odd = arith.cmpi eq, %par, %c1 : index
      %v = scf.if %odd -> (i64) {
        scf.yield %gi : i64
      } else {
        %sq = arith.muli %gi, %gi : i64
        scf.yield %sq : i64
      }
      memref.store %v, %sh[%t] : memref<64xi64, #gpu.address_space<workgroup>>
      gpu.barrier
      %last = arith.subi %d, %c1 : index
      %j = arith.subi %last, %t : index
      %w = memref.load %sh[%j] : memref<64xi64, #gpu.address_space<workgroup>>
      %w1 = arith.muli %w, %k1000 : i64
      %r = arith.addi %w1, %v : i64
      memref.store %r, %o[%g] : memref<?xi64>
      gpu.return
    }
    gpu.func @warp(%o: memref<?xi64>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c16 = arith.constant 16 : index
      %i1 = arith.constant 1 : i32
      %i3 = arith.constant 3 : i32
      %i5 = arith.constant 5 : i32
      %i16 = arith.constant 16 : i32
      %i32 = arith.constant 32 : i32
      %k100 = arith.constant 100 : i64
      %k7 = arith.constant 7 : i64
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %l = gpu.lane_id
      %lo = arith.cmpi ult, %l, %c16 : index
      %ti = arith.index_cast %g : index to i64
      %r = scf.if %lo -> (i64) {
        %x, %vx = gpu.shuffle xor %ti, %i1, %i16 : i64
        %y, %vy = gpu.shuffle down %x, %i3, %i16 : i64
        %w, %vw = gpu.shuffle up %y, %i5, %i16 : i64
        %q, %vq = gpu.shuffle idx %w, %i3, %i32 : i64
        %f1 = arith.extui %vy : i1 to i64
        %f2 = arith.extui %vw : i1 to i64
        %f = arith.addi %f1, %f2 : i64
        %q100 = arith.muli %q, %k100 : i64
        %res = arith.addi %q100, %f : i64
        scf.yield %res : i64
      } else {
        %neg = arith.subi %k7, %ti : i64
        scf.yield %neg : i64
      }
      memref.store %r, %o[%g] : memref<?xi64>
      gpu.return
    }
  }
}
