// RUN: tailc run --target=interp %s > %t.gpu
// RUN: tailc run --target=interp --after=convert-gpu-to-cpu %s > %t.cpu
// RUN: diff %t.gpu %t.cpu
// RUN: tailc run --target=cpu %s > %t.native
// RUN: diff %t.gpu %t.native
// RUN: tailc run --target=interp --after=convert-gpu-to-cpu,canonicalize,cse %s > %t.cpu2
// RUN: diff %t.gpu %t.cpu2
// RUN: FileCheck %s --input-file=%t.cpu --check-prefix=EXEC
// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-gpu-to-cpu)' | FileCheck %s

// Block-stride loops (`scf.for %j = %t to %u step %threads`, FCL's way of spreading a range
// over a block's threads) as the CPU runs them: together the threads visit every %j below %u
// once, so a thread loop whose whole body is such a loop becomes one loop over [0, %u);
// a guard that is the same for every thread moves out of the thread loop first, and a
// comparison of the index with a block-uniform value cuts the loop in two.

// @steps: the load loop (a constant range of 32 over 8 threads), then a Hillis–Steele step
// `j ≥ k ? w[j − k] + w[j] : w[j]` over a range %u that is a kernel parameter.
// CHECK-LABEL: func.func @steps_cpu
// CHECK-SAME:    (%{{.*}}: index, %{{.*}}: index, %[[O:.*]]: memref<?xi32>{{( \{llvm.noalias\})?}}, %[[X:.*]]: memref<?xi32>{{( \{llvm.noalias\})?}}, %[[U:.*]]: index, %[[K:.*]]: index)
// CHECK:         %[[W:.*]] = memref.alloca() : memref<32xi32>
// CHECK:         scf.for %[[J:.*]] = %{{.*}} to %[[C32:.*]] step %{{.*}} {
// CHECK-NEXT:      %[[V:.*]] = memref.load %[[X]][%[[J]]] : memref<?xi32>
// CHECK-NEXT:      memref.store %[[V]], %[[W]][%[[J]]] : memref<32xi32>
// CHECK-NEXT:    }
// The step, cut at %k (clamped to the range): below it the comparison is false (a copy),
// from it on true (a sum); canonicalize then folds the `scf.if`s.
// CHECK:         %[[D:.*]] = arith.subi %[[K]], %[[Z:.*]] : index
// CHECK-NEXT:    %[[E:.*]] = arith.addi %[[Z]], %[[D]] : index
// CHECK-NEXT:    %[[LO:.*]] = arith.maxsi %[[E]], %[[Z]] : index
// CHECK-NEXT:    %[[CUT:.*]] = arith.minsi %[[LO]], %[[U]] : index
// CHECK-NEXT:    %[[F:.*]] = arith.constant false
// CHECK-NEXT:    %[[TR:.*]] = arith.constant true
// CHECK-NEXT:    scf.for %{{.*}} = %[[Z]] to %[[CUT]] step %{{.*}} {
// CHECK-NEXT:      scf.if %[[F]] -> (i32) {
// CHECK:         scf.for %{{.*}} = %[[CUT]] to %[[U]] step %{{.*}} {
// CHECK-NEXT:      scf.if %[[TR]] -> (i32) {
// CHECK:         return

// @guarded: `block_id < nb` around a block-stride loop: the guard goes around the loop.
// CHECK-LABEL: func.func @guarded_cpu
// CHECK-SAME:    (%[[B:.*]]: index, %{{.*}}: index, %[[O:.*]]: memref<?xi32>{{( \{llvm.noalias\})?}}, %[[X:.*]]: memref<?xi32>{{( \{llvm.noalias\})?}}, %[[NB:.*]]: index)
// CHECK:         %[[IN:.*]] = arith.cmpi ult, %[[B]], %[[NB]] : index
// CHECK:         scf.if %[[IN]] {
// CHECK:           scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NOT:         scf.for
// CHECK:             memref.store %{{.*}}, %[[O]][%{{.*}}] : memref<?xi32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return

// @kept: block-stride loops that stay in their thread: one that carries a per-thread sum,
// one whose step is not the block's size, one whose thread id is used inside.
// CHECK-LABEL: func.func @kept_cpu
// CHECK:         scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:      scf.for %{{.*}} = %[[T]] to %{{.*}} step %{{.*}} iter_args
// CHECK:         scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:      scf.for %{{.*}} = %[[T]] to %{{.*}} step %[[C4:.*]] {
// CHECK:         scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:      scf.for %{{.*}} = %[[T]] to %{{.*}} step %{{.*}} {

// The Hillis–Steele step over the first 20 of 0, 1, …, 67 with k = 4; block 0's doubles of
// 32…47 (block 1 is guarded off); then, from @kept, the per-thread sums below 20, three
// times 0…15, and the thread that wrote each element below 20.
// EXEC: {{^}}[80](0,1,2,3,4,6,8,10,12,14,16,18,20,22,24,26,28,30,32,34,64,66,68,70,72,74,76,78,80,82,84,86,88,90,92,94,24,27,30,33,16,18,20,22,0,3,6,9,12,15,18,21,24,27,30,33,36,39,42,45,0,1,2,3,4,5,6,7,0,1,2,3,4,5,6,7,0,1,2,3){{$}}

module attributes {gpu.container_module} {
  func.func @main() -> memref<?xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c20 = arith.constant 20 : index
    %c36 = arith.constant 36 : index
    %c44 = arith.constant 44 : index
    %c68 = arith.constant 68 : index
    %n = arith.constant 80 : index
    %hx = memref.alloc(%c68) : memref<?xi32>
    scf.for %i = %c0 to %c68 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %hx[%i] : memref<?xi32>
    }
    %x = gpu.alloc(%c68) : memref<?xi32>
    gpu.memcpy %x, %hx : memref<?xi32>, memref<?xi32>
    %a = gpu.alloc(%c20) : memref<?xi32>
    gpu.launch_func @k::@steps blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%a : memref<?xi32>, %x : memref<?xi32>, %c20 : index, %c4 : index)
    %b = gpu.alloc(%c16) : memref<?xi32>
    gpu.launch_func @k::@guarded blocks in (%c2, %c1, %c1) threads in (%c8, %c1, %c1) args(%b : memref<?xi32>, %x : memref<?xi32>, %c1 : index)
    %c = gpu.alloc(%c44) : memref<?xi32>
    gpu.launch_func @k::@kept blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%c : memref<?xi32>, %x : memref<?xi32>, %c20 : index)
    %ha = memref.alloc(%c20) : memref<?xi32>
    gpu.memcpy %ha, %a : memref<?xi32>, memref<?xi32>
    %hb = memref.alloc(%c16) : memref<?xi32>
    gpu.memcpy %hb, %b : memref<?xi32>, memref<?xi32>
    %hc = memref.alloc(%c44) : memref<?xi32>
    gpu.memcpy %hc, %c : memref<?xi32>, memref<?xi32>
    %all = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %c20 step %c1 {
      %v = memref.load %ha[%i] : memref<?xi32>
      memref.store %v, %all[%i] : memref<?xi32>
    }
    scf.for %i = %c0 to %c16 step %c1 {
      %v = memref.load %hb[%i] : memref<?xi32>
      %j = arith.addi %i, %c20 : index
      memref.store %v, %all[%j] : memref<?xi32>
    }
    scf.for %i = %c0 to %c44 step %c1 {
      %v = memref.load %hc[%i] : memref<?xi32>
      %j = arith.addi %i, %c36 : index
      memref.store %v, %all[%j] : memref<?xi32>
    }
    gpu.dealloc %x : memref<?xi32>
    gpu.dealloc %a : memref<?xi32>
    gpu.dealloc %b : memref<?xi32>
    gpu.dealloc %c : memref<?xi32>
    return %all : memref<?xi32>
  }
  gpu.module @k {
    gpu.func @steps(%o: memref<?xi32>, %x: memref<?xi32>, %u: index, %k: index) workgroup(%w: memref<32xi32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %c32 = arith.constant 32 : index
      %t = gpu.thread_id x
      %bd = gpu.block_dim x
      scf.for %j = %t to %c32 step %bd {
        %v = memref.load %x[%j] : memref<?xi32>
        memref.store %v, %w[%j] : memref<32xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      scf.for %j = %t to %u step %bd {
        %ge = arith.cmpi sge, %j, %k : index
        %r = scf.if %ge -> (i32) {
          %d = arith.subi %j, %k : index
          %p = memref.load %w[%d] : memref<32xi32, #gpu.address_space<workgroup>>
          %q = memref.load %w[%j] : memref<32xi32, #gpu.address_space<workgroup>>
          %s = arith.addi %p, %q : i32
          scf.yield %s : i32
        } else {
          %q = memref.load %w[%j] : memref<32xi32, #gpu.address_space<workgroup>>
          scf.yield %q : i32
        }
        memref.store %r, %o[%j] : memref<?xi32>
      }
      gpu.return
    }
    gpu.func @guarded(%o: memref<?xi32>, %x: memref<?xi32>, %nb: index) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %b = gpu.block_id x
      %in = arith.cmpi ult, %b, %nb : index
      scf.if %in {
        %t = gpu.thread_id x
        %bd = gpu.block_dim x
        scf.for %j = %t to %c16 step %bd {
          %base = arith.muli %b, %c16 : index
          %g = arith.addi %base, %j : index
          %xi = arith.addi %g, %c32 : index
          %v = memref.load %x[%xi] : memref<?xi32>
          %d = arith.addi %v, %v : i32
          memref.store %d, %o[%g] : memref<?xi32>
        }
      }
      gpu.return
    }
    gpu.func @kept(%o: memref<?xi32>, %x: memref<?xi32>, %u: index) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %z = arith.constant 0 : i32
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c24 = arith.constant 24 : index
      %t = gpu.thread_id x
      %bd = gpu.block_dim x
      %s = scf.for %j = %t to %u step %bd iter_args(%acc = %z) -> (i32) {
        %v = memref.load %x[%j] : memref<?xi32>
        %a = arith.addi %acc, %v : i32
        scf.yield %a : i32
      }
      memref.store %s, %o[%t] : memref<?xi32>
      gpu.barrier
      scf.for %j = %t to %c16 step %c4 {
        %v = memref.load %x[%j] : memref<?xi32>
        %v2 = arith.addi %v, %v : i32
        %v3 = arith.addi %v2, %v : i32
        %jj = arith.addi %j, %c8 : index
        memref.store %v3, %o[%jj] : memref<?xi32>
      }
      gpu.barrier
      scf.for %j = %t to %u step %bd {
        %ti = arith.index_cast %t : index to i32
        %jj = arith.addi %j, %c24 : index
        memref.store %ti, %o[%jj] : memref<?xi32>
      }
      gpu.return
    }
  }
}
