// RUN: tailc run %s > %t.gpu
// RUN: tailc run --after=convert-gpu-to-cpu %s > %t.cpu
// RUN: diff %t.gpu %t.cpu
// RUN: tailc run --after=convert-gpu-to-cpu,canonicalize,cse %s > %t.cpu2
// RUN: diff %t.gpu %t.cpu2
// RUN: FileCheck %s --input-file=%t.cpu
// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-gpu-to-cpu)' | FileCheck %s --check-prefix=IR

// scf.while loops with block-uniform conditions around barriers and shuffles (FCL's
// while<block>), run by the gpu interpreter (threads in lockstep between barriers) and after
// convert-gpu-to-cpu (thread loops): the outputs are the same.
//
// @halve: a block reduction by halving in shared memory while the length is not 1. The loop
// carries the block-uniform length and step count, and a per-thread sum of what the thread
// reads in the `before` region, which also holds a barrier. That sum is forwarded as a value
// computed in `before` (so it goes through a buffer written at the end of `before`), the
// length and count as the carried arguments themselves.
// IR-LABEL: func.func @halve_cpu
// The per-thread carried value is initialized by a thread loop before the loop.
// IR:         %[[Z:.*]] = arith.constant 0 : i64
// IR:         memref.store %[[Z]], %[[A:.*]][%{{.*}}] : memref<64xi64>
// IR-NEXT:    }
// IR-NEXT:    %[[W:.*]]:2 = scf.while (%[[M:.*]] = %{{.*}}, %[[S:.*]] = %{{.*}}) : (index, i64) -> (index, i64) {
// The two phases of `before`: the read, and (after the barrier) the sum, stored for `after`.
// IR:           scf.for %[[T:.*]] =
// IR-NEXT:        %[[V:.*]] = memref.load %[[SH:.*]][%[[T]]] : memref<64xi64>
// IR-NEXT:        memref.store %[[V]], %[[VB:.*]][%[[T]]] : memref<64xi64>
// IR-NEXT:      }
// IR:           %[[GO:.*]] = arith.cmpi ne, %[[M]], %{{.*}} : index
// IR-NEXT:      scf.for %[[T:.*]] =
// IR-NEXT:        %[[AV:.*]] = memref.load %[[A]][%[[T]]] : memref<64xi64>
// IR-NEXT:        %[[VV:.*]] = memref.load %[[VB]][%[[T]]] : memref<64xi64>
// IR-NEXT:        %[[A2:.*]] = arith.addi %[[AV]], %[[VV]] : i64
// IR-NEXT:        memref.store %[[A2]], %[[F:.*]][%[[T]]] : memref<64xi64>
// IR-NEXT:      }
// IR-NEXT:      scf.condition(%[[GO]]) %[[M]], %[[S]] : index, i64
// IR-NEXT:    } do {
// IR-NEXT:    ^bb0(%[[M2:.*]]: index, %[[S2:.*]]: i64):
// IR-NEXT:      %[[H:.*]] = arith.divui %[[M2]], %{{.*}} : index
// The halving step runs on the threads t < h only.
// IR:           %[[NH:.*]] = arith.minui %[[H]], %{{.*}} : index
// IR-NEXT:      scf.for %{{.*}} = %{{.*}} to %[[NH]] step
// The last phase of `after` writes the carried sum back for the next test.
// IR:           scf.for %[[T:.*]] =
// IR:             %[[FV:.*]] = memref.load %[[F]][%[[T]]] : memref<64xi64>
// IR-NEXT:        memref.store %[[FV]], %[[A]][%[[T]]] : memref<64xi64>
// IR-NEXT:      }
// IR-NEXT:      scf.yield %[[H]], %{{.*}} : index, i64
// IR-NEXT:    }
// After the loop: the forwarded sum is read from its buffer, the count is the loop's result.
// IR:         arith.muli %[[W]]#1, %{{.*}} : i64
// IR:         memref.load %[[F]][%{{.*}}] : memref<64xi64>
//
// @warpsum: a warp reduction by shuffles in a while loop over the offset (16, 8, …, 1); the
// per-thread partial sum is carried, and forwarded as the carried argument itself.
// IR-LABEL: func.func @warpsum_cpu
// IR:         scf.while (%{{.*}} = %{{.*}}) : (i32) -> i32 {
// IR-NOT:     gpu.

// @halve, element g = 64·b + t: 1000000·steps + 1000·(block total mod 1000) + (sum mod 1000).
// steps = 6; block totals 2016 and 6112; the last thread of a block reads its own element in
// each of the 7 tests (7·63 = 441, 7·127 = 889).
// CHECK: {{^}}[256](6016840,6016911,
// CHECK-SAME: ,6016441,6112
// @warpsum: each lane ends with the sum of its warp (0 + … + 31 = 496 for warp 0).
// CHECK-SAME: ,6112889,496,496,
// CHECK-SAME: ,3568){{$}}

module attributes {gpu.container_module} {
  func.func @main() -> memref<?xi64> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %n = arith.constant 128 : index
    %in = gpu.alloc(%n) : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %x = arith.index_cast %i : index to i64
      memref.store %x, %in[%i] : memref<?xi64>
    }
    %out = gpu.alloc(%n) : memref<?xi64>
    gpu.launch_func @tail_kernels::@halve blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1) args(%in : memref<?xi64>, %out : memref<?xi64>)
    %h = memref.alloc(%n) : memref<?xi64>
    gpu.memcpy %h, %out : memref<?xi64>, memref<?xi64>
    %w = gpu.alloc(%n) : memref<?xi64>
    gpu.launch_func @tail_kernels::@warpsum blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1) args(%in : memref<?xi64>, %w : memref<?xi64>)
    %hw = memref.alloc(%n) : memref<?xi64>
    gpu.memcpy %hw, %w : memref<?xi64>, memref<?xi64>
    %n2 = arith.constant 256 : index
    %all = memref.alloc(%n2) : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %a = memref.load %h[%i] : memref<?xi64>
      memref.store %a, %all[%i] : memref<?xi64>
      %b = memref.load %hw[%i] : memref<?xi64>
      %j = arith.addi %i, %n : index
      memref.store %b, %all[%j] : memref<?xi64>
    }
    gpu.dealloc %in : memref<?xi64>
    gpu.dealloc %out : memref<?xi64>
    gpu.dealloc %w : memref<?xi64>
    return %all : memref<?xi64>
  }
  gpu.module @tail_kernels {
    gpu.func @halve(%in: memref<?xi64>, %o: memref<?xi64>) workgroup(%sh: memref<64xi64, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c64 = arith.constant 64 : index
      %z = arith.constant 0 : i64
      %one = arith.constant 1 : i64
      %k1000 = arith.constant 1000 : i64
      %k1000000 = arith.constant 1000000 : i64
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %x = memref.load %in[%g] : memref<?xi64>
      memref.store %x, %sh[%t] : memref<64xi64, #gpu.address_space<workgroup>>
      gpu.barrier
      %len, %acc, %steps = scf.while (%m = %c64, %a = %z, %s = %z) : (index, i64, i64) -> (index, i64, i64) {
        %v = memref.load %sh[%t] : memref<64xi64, #gpu.address_space<workgroup>>
        gpu.barrier
        %a2 = arith.addi %a, %v : i64
        %go = arith.cmpi ne, %m, %c1 : index
        scf.condition(%go) %m, %a2, %s : index, i64, i64
      } do {
      ^bb0(%m: index, %a: i64, %s: i64):
        %h = arith.divui %m, %c2 : index
        %lo = arith.cmpi ult, %t, %h : index
        scf.if %lo {
          %p = memref.load %sh[%t] : memref<64xi64, #gpu.address_space<workgroup>>
          %th = arith.addi %t, %h : index
          %q = memref.load %sh[%th] : memref<64xi64, #gpu.address_space<workgroup>>
          %pq = arith.addi %p, %q : i64
          memref.store %pq, %sh[%t] : memref<64xi64, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        %s1 = arith.addi %s, %one : i64
        scf.yield %h, %a, %s1 : index, i64, i64
      }
      %tot = memref.load %sh[%c0] : memref<64xi64, #gpu.address_space<workgroup>>
      %totm = arith.remsi %tot, %k1000 : i64
      %accm = arith.remsi %acc, %k1000 : i64
      %r1 = arith.muli %steps, %k1000000 : i64
      %r2 = arith.muli %totm, %k1000 : i64
      %r3 = arith.addi %r1, %r2 : i64
      %r = arith.addi %r3, %accm : i64
      memref.store %r, %o[%g] : memref<?xi64>
      gpu.return
    }
    gpu.func @warpsum(%in: memref<?xi64>, %o: memref<?xi64>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %z = arith.constant 0 : i32
      %i2 = arith.constant 2 : i32
      %i16 = arith.constant 16 : i32
      %i32 = arith.constant 32 : i32
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %x = memref.load %in[%g] : memref<?xi64>
      %off, %sum = scf.while (%k = %i16, %v = %x) : (i32, i64) -> (i32, i64) {
        %go = arith.cmpi sgt, %k, %z : i32
        scf.condition(%go) %k, %v : i32, i64
      } do {
      ^bb0(%k: i32, %v: i64):
        %y, %ok = gpu.shuffle xor %v, %k, %i32 : i64
        %v2 = arith.addi %v, %y : i64
        %k2 = arith.divsi %k, %i2 : i32
        scf.yield %k2, %v2 : i32, i64
      }
      memref.store %sum, %o[%g] : memref<?xi64>
      gpu.return
    }
  }
}
