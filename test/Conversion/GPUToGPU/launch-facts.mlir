// RUN: tail-opt %s --pass-pipeline='builtin.module(gpu-launch-facts,canonicalize,cse)' | FileCheck %s
// RUN: tailc run %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --after=gpu-launch-facts %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --after=gpu-launch-facts,convert-gpu-to-cpu %s | FileCheck %s --check-prefix=EXEC

// gpu-launch-facts: what the host knows about the values it launches kernels with, made
// explicit in the kernels (and in host loops).

// The host loop carries a 4 × 6 buffer and yields a new one allocated with the carried
// buffer's own extents: the extents are loop-invariant, so memref.dim of the iteration
// argument and of the loop's result are the initial allocation's sizes (4 and 6, read from a
// shape vector in a local host buffer, forwarded to the stored constants). The second carried
// buffer is reallocated with its extents swapped, so its extents are not invariant. The same
// holds for a buffer carried by an scf.while (through its condition) with extents 2 and %n.
// CHECK-LABEL: func.func @main
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK:         %[[NV:.*]] = memref.load %{{.*}} : memref<1xindex>
// CHECK-NOT:     memref.load %{{.*}} : memref<2xi32>
// CHECK:         scf.for {{.*}} iter_args(%[[A:.*]] = %{{.*}}, %[[S:.*]] = %{{.*}}) -> (memref<?x?xi64>, memref<?x?xi64>) {
// CHECK-NOT:       memref.dim %[[A]]
// CHECK:           gpu.alloc(%[[C4]], %[[C6]]) : memref<?x?xi64>
// CHECK:           %[[S0:.*]] = memref.dim %[[S]], %{{.*}} : memref<?x?xi64>
// CHECK:           %[[S1:.*]] = memref.dim %[[S]], %{{.*}} : memref<?x?xi64>
// CHECK:           gpu.alloc(%[[S1]], %[[S0]]) : memref<?x?xi64>
// CHECK:         }
// CHECK-NEXT:    memref.alloc(%[[C4]], %[[C6]]) : memref<?x?xi64>
// CHECK:         gpu.alloc(%[[C2]], %[[NV]]) : memref<?x?xi64>
// CHECK:         scf.while
// CHECK:         } do {
// CHECK-NOT:       memref.dim
// CHECK:           gpu.alloc(%[[C2]], %[[NV]]) : memref<?x?xi64>
// CHECK:         }
// CHECK-NEXT:    memref.alloc(%[[C2]], %[[NV]]) : memref<?x?xi64>

// @step: extent 1 of %out is the argument %w at both launches (6 in the for loop, %n in the
// while loop).
// CHECK-LABEL: gpu.func @step
// CHECK-SAME:    %[[W:[^:]*]]: index) kernel
// CHECK-NOT:     memref.dim
// CHECK:         arith.divui %{{.*}}, %[[W]] : index
// CHECK-NOT:     memref.dim
// CHECK:         gpu.return

// @same: %k is 3 at both launches (a constant in the kernel); %m equals %n at every launch
// (replaced by %n); the extent of %o is %n at both launches.
// CHECK-LABEL: gpu.func @same
// CHECK-SAME:    (%[[O:.*]]: memref<?xi64>, %[[N:.*]]: index, %[[M:.*]]: index, %[[K:.*]]: index)
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-NOT:     memref.dim
// CHECK:         arith.cmpi ult, %{{.*}}, %[[N]] : index
// CHECK:         arith.muli %{{.*}}, %[[C3]] : index
// CHECK:         arith.addi %{{.*}}, %[[N]] : index
// CHECK:         gpu.return

// @differ: %k is 2 at one launch and 5 at the other, %m is %n at one launch only, and the
// extent of %o is not an argument at the second launch: nothing is rewritten.
// CHECK-LABEL: gpu.func @differ
// CHECK-SAME:    (%[[O:.*]]: memref<?xi64>, %[[N:.*]]: index, %[[M:.*]]: index, %[[K:.*]]: index)
// CHECK:         memref.dim %[[O]], %{{.*}} : memref<?xi64>
// CHECK:         arith.muli %{{.*}}, %[[K]] : index
// CHECK:         arith.addi %{{.*}}, %[[M]] : index
// CHECK:         gpu.return

// x = out[3, 5] after 3 steps (311, 3421, 34521); y = 3·2 + 8 + 8 (@same), + 2·2 + 8 + 8
// (@differ) = 42; z = 5·2 + 1 + 8 = 19; u = out[1, 3] after 2 steps of the while loop
// (w = 8: 111, 1221).
// EXEC: [](35803)

module attributes {gpu.container_module} {
  func.func @main() -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c8 = arith.constant 8 : index
    %c24 = arith.constant 24 : index
    %i4 = arith.constant 4 : i32
    %i6 = arith.constant 6 : i32
    // %n = 8, read back from a buffer that is copied to the device (not a known constant).
    %nb = memref.alloc() : memref<1xindex>
    memref.store %c8, %nb[%c0] : memref<1xindex>
    %nd = gpu.alloc() : memref<1xindex>
    gpu.memcpy %nd, %nb : memref<1xindex>, memref<1xindex>
    %n = memref.load %nb[%c0] : memref<1xindex>
    // A shape vector [4, 6] in a local host buffer.
    %shp = memref.alloc() : memref<2xi32>
    memref.store %i4, %shp[%c0] : memref<2xi32>
    memref.store %i6, %shp[%c1] : memref<2xi32>
    %r32 = memref.load %shp[%c0] : memref<2xi32>
    %q32 = memref.load %shp[%c1] : memref<2xi32>
    %r = arith.index_cast %r32 : i32 to index
    %q = arith.index_cast %q32 : i32 to index
    memref.dealloc %shp : memref<2xi32>
    %a0 = gpu.alloc(%r, %q) : memref<?x?xi64>
    %s0 = gpu.alloc(%c2, %c3) : memref<?x?xi64>
    gpu.launch_func @tail_kernels::@zero blocks in (%c1, %c1, %c1) threads in (%c24, %c1, %c1) args(%a0 : memref<?x?xi64>)
    %res:2 = scf.for %it = %c0 to %c3 step %c1 iter_args(%a = %a0, %s = %s0) -> (memref<?x?xi64>, memref<?x?xi64>) {
      %d0 = memref.dim %a, %c0 : memref<?x?xi64>
      %d1 = memref.dim %a, %c1 : memref<?x?xi64>
      %b = gpu.alloc(%d0, %d1) : memref<?x?xi64>
      gpu.launch_func @tail_kernels::@step blocks in (%c1, %c1, %c1) threads in (%c24, %c1, %c1) args(%b : memref<?x?xi64>, %a : memref<?x?xi64>, %d1 : index)
      gpu.dealloc %a : memref<?x?xi64>
      %e0 = memref.dim %s, %c0 : memref<?x?xi64>
      %e1 = memref.dim %s, %c1 : memref<?x?xi64>
      %t = gpu.alloc(%e1, %e0) : memref<?x?xi64>
      gpu.dealloc %s : memref<?x?xi64>
      scf.yield %b, %t : memref<?x?xi64>, memref<?x?xi64>
    }
    %f0 = memref.dim %res#0, %c0 : memref<?x?xi64>
    %f1 = memref.dim %res#0, %c1 : memref<?x?xi64>
    %h = memref.alloc(%f0, %f1) : memref<?x?xi64>
    gpu.memcpy %h, %res#0 : memref<?x?xi64>, memref<?x?xi64>
    %x = memref.load %h[%c3, %c5] : memref<?x?xi64>

    %o = gpu.alloc(%n) : memref<?xi64>
    gpu.launch_func @tail_kernels::@same blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%o : memref<?xi64>, %n : index, %n : index, %c3 : index)
    gpu.launch_func @tail_kernels::@same blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%o : memref<?xi64>, %n : index, %n : index, %c3 : index)
    gpu.launch_func @tail_kernels::@differ blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%o : memref<?xi64>, %n : index, %n : index, %c2 : index)
    %o2 = gpu.alloc(%c8) : memref<?xi64>
    gpu.launch_func @tail_kernels::@zero1 blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%o2 : memref<?xi64>)
    gpu.launch_func @tail_kernels::@differ blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%o2 : memref<?xi64>, %n : index, %c1 : index, %c5 : index)
    // An scf.while carrying a 2 × n buffer through its condition, reallocated with its own
    // extents: the extents are the initial ones (2 and %n) in both regions and after the loop.
    %c16 = arith.constant 16 : index
    %w0 = gpu.alloc(%c2, %n) : memref<?x?xi64>
    gpu.launch_func @tail_kernels::@zero blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%w0 : memref<?x?xi64>)
    %w:2 = scf.while (%wa = %w0, %wi = %c0) : (memref<?x?xi64>, index) -> (memref<?x?xi64>, index) {
      %more = arith.cmpi ult, %wi, %c2 : index
      scf.condition(%more) %wa, %wi : memref<?x?xi64>, index
    } do {
    ^bb0(%wb: memref<?x?xi64>, %wj: index):
      %g0 = memref.dim %wb, %c0 : memref<?x?xi64>
      %g1 = memref.dim %wb, %c1 : memref<?x?xi64>
      %wn = gpu.alloc(%g0, %g1) : memref<?x?xi64>
      gpu.launch_func @tail_kernels::@step blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%wn : memref<?x?xi64>, %wb : memref<?x?xi64>, %g1 : index)
      gpu.dealloc %wb : memref<?x?xi64>
      %wj1 = arith.addi %wj, %c1 : index
      scf.yield %wn, %wj1 : memref<?x?xi64>, index
    }
    %wd0 = memref.dim %w#0, %c0 : memref<?x?xi64>
    %wd1 = memref.dim %w#0, %c1 : memref<?x?xi64>
    %hw = memref.alloc(%wd0, %wd1) : memref<?x?xi64>
    gpu.memcpy %hw, %w#0 : memref<?x?xi64>, memref<?x?xi64>
    %u = memref.load %hw[%c1, %c3] : memref<?x?xi64>

    %ho = memref.alloc(%n) : memref<?xi64>
    gpu.memcpy %ho, %o : memref<?xi64>, memref<?xi64>
    %ho2 = memref.alloc(%c8) : memref<?xi64>
    gpu.memcpy %ho2, %o2 : memref<?xi64>, memref<?xi64>
    %y = memref.load %ho[%c2] : memref<?xi64>
    %z = memref.load %ho2[%c2] : memref<?xi64>
    %xy = arith.addi %x, %y : i64
    %xyz = arith.addi %xy, %z : i64
    %sum = arith.addi %xyz, %u : i64
    return %sum : i64
  }
  gpu.module @tail_kernels {
    gpu.func @zero(%o: memref<?x?xi64>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %z = arith.constant 0 : i64
      %t = gpu.thread_id x
      %w = memref.dim %o, %c1 : memref<?x?xi64>
      %r = arith.divui %t, %w : index
      %c = arith.remui %t, %w : index
      memref.store %z, %o[%r, %c] : memref<?x?xi64>
      gpu.return
    }
    // out[r, c] = 10·in[r, c] + 100·r + c + w (w = 6).
    gpu.func @step(%out: memref<?x?xi64>, %in: memref<?x?xi64>, %w: index) kernel {
      %c1 = arith.constant 1 : index
      %c10 = arith.constant 10 : i64
      %c100 = arith.constant 100 : index
      %t = gpu.thread_id x
      %ow = memref.dim %out, %c1 : memref<?x?xi64>
      %r = arith.divui %t, %ow : index
      %c = arith.remui %t, %ow : index
      %v = memref.load %in[%r, %c] : memref<?x?xi64>
      %v10 = arith.muli %v, %c10 : i64
      %r100 = arith.muli %r, %c100 : index
      %rc = arith.addi %r100, %c : index
      %rcw = arith.addi %rc, %w : index
      %rci = arith.index_cast %rcw : index to i64
      %s = arith.addi %v10, %rci : i64
      memref.store %s, %out[%r, %c] : memref<?x?xi64>
      gpu.return
    }
    gpu.func @zero1(%o: memref<?xi64>) kernel {
      %z = arith.constant 0 : i64
      %t = gpu.thread_id x
      memref.store %z, %o[%t] : memref<?xi64>
      gpu.return
    }
    // o[t] = t·k + m + extent(o), for t < n.
    gpu.func @same(%o: memref<?xi64>, %n: index, %m: index, %k: index) kernel {
      %c0 = arith.constant 0 : index
      %t = gpu.thread_id x
      %ok = arith.cmpi ult, %t, %n : index
      scf.if %ok {
        %e = memref.dim %o, %c0 : memref<?xi64>
        %tk = arith.muli %t, %k : index
        %v = arith.addi %tk, %m : index
        %ve = arith.addi %v, %e : index
        %vi = arith.index_cast %ve : index to i64
        memref.store %vi, %o[%t] : memref<?xi64>
      }
      gpu.return
    }
    // o[t] += t·k + m + extent(o), for t < n.
    gpu.func @differ(%o: memref<?xi64>, %n: index, %m: index, %k: index) kernel {
      %c0 = arith.constant 0 : index
      %t = gpu.thread_id x
      %ok = arith.cmpi ult, %t, %n : index
      scf.if %ok {
        %e = memref.dim %o, %c0 : memref<?xi64>
        %tk = arith.muli %t, %k : index
        %v = arith.addi %tk, %m : index
        %ve = arith.addi %v, %e : index
        %vi = arith.index_cast %ve : index to i64
        %old = memref.load %o[%t] : memref<?xi64>
        %new = arith.addi %old, %vi : i64
        memref.store %new, %o[%t] : memref<?xi64>
      }
      gpu.return
    }
  }
}
