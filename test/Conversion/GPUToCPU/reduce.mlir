// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-gpu-to-cpu)' | FileCheck %s
// RUN: tailc run %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --after=convert-gpu-to-cpu %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --after=convert-gpu-to-cpu,canonicalize,cse %s | FileCheck %s --check-prefix=EXEC

// A block reduction in the shape convert-hpar-to-gpu emits (a tree step in shared memory,
// then warp 0 combines 32 values with xor shuffles under `thread_id < 32`), whose result each
// thread combines with the value it loaded before the first barrier.
// * The body is split into phases at every barrier and every shuffle: one thread loop each.
// * The workgroup attribution is a block-local buffer.
// * %v (a load, defined in the first phase and used in the last) is kept in a per-thread
//   buffer; `thread_id < 32` is recomputed in each phase that needs it.
// * The warp step runs under the per-thread predicate in each of its phases; a shuffle stores
//   every lane's value into an exchange buffer, and the next phase reads lane `l xor offset`
//   (its own slot when that lane is outside the width).
// * A thread loop whose whole body is `scf.if %t < %u` runs to min(%u, threads) instead.
// CHECK-LABEL: func.func @main
// CHECK:         scf.parallel (%[[BX:.*]]) = (%{{.*}}) to (%[[GX:.*]]) step (%{{.*}}) {
// CHECK-NEXT:      func.call @normalize_cpu(%[[BX]], %[[GX]], %{{.*}}, %{{.*}}) : (index, index, memref<?xf64>, memref<?xf64>) -> ()
// CHECK-LABEL: func.func @normalize_cpu
// CHECK-SAME:    (%[[B:.*]]: index, %{{.*}}: index, %[[O:.*]]: memref<?xf64>{{( \{llvm.noalias\})?}}, %[[X:.*]]: memref<?xf64>{{( \{llvm.noalias\})?}}) {
// The workgroup buffer, %v's buffer and five exchange buffers.
// CHECK-COUNT-7: memref.alloca() : memref<64xf64>
// Phase 1: load, keep %v for the last phase, store into shared memory.
// CHECK:         scf.for %[[T:.*]] = %{{.*}} to %[[NT:.*]] step %{{.*}} {
// CHECK-NEXT:      %[[G:.*]] = arith.addi %{{.*}}, %[[T]] : index
// CHECK-NEXT:      %[[L:.*]] = memref.load %[[X]][%[[G]]] : memref<?xf64>
// CHECK-NEXT:      memref.store %[[L]], %[[V:.*]][%[[T]]] : memref<64xf64>
// CHECK-NEXT:      memref.store %[[L]], %[[SH:.*]][%[[T]]] : memref<64xf64>
// CHECK-NEXT:    }
// Phase 2: the tree step, a loop over the threads below 32 (`scf.if %t < 32` narrowed).
// CHECK:         %[[M:.*]] = arith.minui %[[C32:.*]], %[[NT]] : index
// CHECK-NEXT:    scf.for %[[T:.*]] = %{{.*}} to %[[M]] step %{{.*}} {
// CHECK-NEXT:      memref.load %[[SH]][%[[T]]] : memref<64xf64>
// CHECK:           memref.store %{{.*}}, %[[SH]][%[[T]]] : memref<64xf64>
// CHECK-NEXT:    }
// Phase 3: the warp's values into the first exchange buffer (under the predicate t < 32, the
// loop's bound).
// CHECK:         %[[M:.*]] = arith.minui %[[C32]], %[[NT]] : index
// CHECK-NEXT:    scf.for %[[T:.*]] = %{{.*}} to %[[M]] step %{{.*}} {
// CHECK-NEXT:      %[[A:.*]] = memref.load %[[SH]][%[[T]]] : memref<64xf64>
// CHECK-NEXT:      memref.store %[[A]], %[[X1:.*]][%[[T]]] : memref<64xf64>
// CHECK-NEXT:    }
// Phase 4: lane t reads lane (t mod 32) xor 16 of its warp, combines, and passes it on.
// CHECK:         %[[M:.*]] = arith.minui %[[C32]], %[[NT]] : index
// (What does not depend on the lane is computed before the loop.)
// CHECK-NEXT:    %[[W:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %[[OFF:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK-NEXT:    %[[WID:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT:    scf.for %[[T:.*]] = %{{.*}} to %[[M]] step %{{.*}} {
// CHECK-NEXT:      %[[LANE:.*]] = arith.remui %[[T]], %[[W]] : index
// CHECK-NEXT:      %[[SRC:.*]] = arith.xori %[[LANE]], %[[OFF]] : index
// CHECK-NEXT:      %[[GE:.*]] = arith.cmpi sge, %[[SRC]], %[[Z]] : index
// CHECK-NEXT:      %[[LT:.*]] = arith.cmpi slt, %[[SRC]], %[[WID]] : index
// CHECK-NEXT:      %[[VALID:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK-NEXT:      %[[BASE:.*]] = arith.subi %[[T]], %[[LANE]] : index
// CHECK-NEXT:      %[[ST:.*]] = arith.addi %[[BASE]], %[[SRC]] : index
// CHECK-NEXT:      %[[IN:.*]] = arith.cmpi ult, %[[ST]], %[[NT]] : index
// CHECK-NEXT:      %[[OK:.*]] = arith.andi %[[VALID]], %[[IN]] : i1
// CHECK-NEXT:      %[[AT:.*]] = arith.select %[[OK]], %[[ST]], %[[T]] : index
// CHECK-NEXT:      %[[R:.*]] = memref.load %[[X1]][%[[AT]]] : memref<64xf64>
// CHECK-NEXT:      %[[OWN:.*]] = memref.load %[[X1]][%[[T]]] : memref<64xf64>
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[OWN]], %[[R]] : f64
// CHECK-NEXT:      memref.store %[[S]], %[[X2:.*]][%[[T]]] : memref<64xf64>
// CHECK-NEXT:    }
// CHECK-COUNT-3: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<64xf64>
// Phase 8: the last shuffle, and thread 0 stores the block's result.
// CHECK:         %[[R:.*]] = memref.load %[[X5:.*]][%{{.*}}] : memref<64xf64>
// CHECK-NEXT:    %[[OWN:.*]] = memref.load %[[X5]][%{{.*}}] : memref<64xf64>
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[OWN]], %[[R]] : f64
// CHECK-NEXT:    %[[FIRST:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : index
// CHECK-NEXT:    scf.if %[[FIRST]] {
// CHECK-NEXT:      memref.store %[[S]], %[[SH]][%{{.*}}] : memref<64xf64>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// Phase 9: every thread reads the result and its own %v.
// CHECK:         scf.for %[[T:.*]] = %{{.*}} to %[[NT]] step %{{.*}} {
// CHECK-NEXT:    %[[TOT:.*]] = memref.load %[[SH]][%{{.*}}] : memref<64xf64>
// CHECK-NEXT:    %[[MINE:.*]] = memref.load %[[V]][%[[T]]] : memref<64xf64>
// CHECK-NEXT:    %[[Q:.*]] = arith.subf %[[TOT]], %[[MINE]] : f64
// CHECK-NEXT:    %[[G:.*]] = arith.addi %{{.*}}, %[[T]] : index
// CHECK-NEXT:    memref.store %[[Q]], %[[O]][%[[G]]] : memref<?xf64>
// CHECK-NEXT:  }
// CHECK-NEXT:  return
// CHECK-NOT:   scf.for
// CHECK-NOT:   gpu.

// Block 0 sums 1..64 (2080), block 1 65..128 (6176): o[0] + o[70] = (2080 - 1) + (6176 - 71).
// EXEC: [](8184.0)

module attributes {gpu.container_module} {
  func.func @main() -> f64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %n = arith.constant 128 : index
    %h = memref.alloc(%n) : memref<?xf64>
    scf.for %i = %c0 to %n step %c1 {
      %i1 = arith.addi %i, %c1 : index
      %ii = arith.index_cast %i1 : index to i64
      %f = arith.sitofp %ii : i64 to f64
      memref.store %f, %h[%i] : memref<?xf64>
    }
    %in = gpu.alloc(%n) : memref<?xf64>
    gpu.memcpy %in, %h : memref<?xf64>, memref<?xf64>
    %out = gpu.alloc(%n) : memref<?xf64>
    gpu.launch_func @tail_kernels::@normalize blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1) args(%out : memref<?xf64>, %in : memref<?xf64>)
    gpu.memcpy %h, %out : memref<?xf64>, memref<?xf64>
    %c70 = arith.constant 70 : index
    %a = memref.load %h[%c0] : memref<?xf64>
    %b = memref.load %h[%c70] : memref<?xf64>
    %r = arith.addf %a, %b : f64
    gpu.dealloc %in : memref<?xf64>
    gpu.dealloc %out : memref<?xf64>
    memref.dealloc %h : memref<?xf64>
    return %r : f64
  }
  gpu.module @tail_kernels {
    gpu.func @normalize(%o: memref<?xf64>, %x: memref<?xf64>) workgroup(%sh: memref<64xf64, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %o1 = arith.constant 1 : i32
      %o2 = arith.constant 2 : i32
      %o4 = arith.constant 4 : i32
      %o8 = arith.constant 8 : i32
      %o16 = arith.constant 16 : i32
      %w = arith.constant 32 : i32
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %v = memref.load %x[%g] : memref<?xf64>
      memref.store %v, %sh[%t] : memref<64xf64, #gpu.address_space<workgroup>>
      gpu.barrier
      %lo = arith.cmpi ult, %t, %c32 : index
      scf.if %lo {
        %a = memref.load %sh[%t] : memref<64xf64, #gpu.address_space<workgroup>>
        %j = arith.addi %t, %c32 : index
        %c = memref.load %sh[%j] : memref<64xf64, #gpu.address_space<workgroup>>
        %s = arith.addf %a, %c : f64
        memref.store %s, %sh[%t] : memref<64xf64, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      scf.if %lo {
        %a = memref.load %sh[%t] : memref<64xf64, #gpu.address_space<workgroup>>
        %r1, %ok1 = gpu.shuffle xor %a, %o16, %w : f64
        %s1 = arith.addf %a, %r1 : f64
        %r2, %ok2 = gpu.shuffle xor %s1, %o8, %w : f64
        %s2 = arith.addf %s1, %r2 : f64
        %r3, %ok3 = gpu.shuffle xor %s2, %o4, %w : f64
        %s3 = arith.addf %s2, %r3 : f64
        %r4, %ok4 = gpu.shuffle xor %s3, %o2, %w : f64
        %s4 = arith.addf %s3, %r4 : f64
        %r5, %ok5 = gpu.shuffle xor %s4, %o1, %w : f64
        %s5 = arith.addf %s4, %r5 : f64
        %first = arith.cmpi eq, %t, %c0 : index
        scf.if %first {
          memref.store %s5, %sh[%c0] : memref<64xf64, #gpu.address_space<workgroup>>
        }
      }
      gpu.barrier
      %tot = memref.load %sh[%c0] : memref<64xf64, #gpu.address_space<workgroup>>
      %q = arith.subf %tot, %v : f64
      memref.store %q, %o[%g] : memref<?xf64>
      gpu.return
    }
  }
}
