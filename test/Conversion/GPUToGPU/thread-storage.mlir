// RUN: tail-opt %s --pass-pipeline='builtin.module(gpu-thread-storage)' | FileCheck %s
// RUN: tailc run --target=interp %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=interp --after=gpu-thread-storage %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=cpu %s | FileCheck %s --check-prefix=EXEC

// gpu-thread-storage: a thread's storage of run-time size (a memref.alloca with a dynamic
// size, as the sequential lowering in a thread allocates for a scan's prefixes) becomes a
// kernel parameter, a buffer of size · threads that each launch allocates and frees; element
// j of thread g is at j · threads + g. The kernel below scans a row of m elements per thread
// (thread g: the values g·m + j) into such storage, then sums the prefixes; a workgroup
// attribution stays after the parameters. It is launched twice, with m = 10 and m = 3 (a
// size computed from the parameter: m + 0 · 1). On the CPU (convert-gpu-to-cpu) the storage
// is a heap buffer per thread instead.

// Sum over g < 300 of sum over j < m of the prefix sums: 300 rows, launched twice.
// EXEC: [](25525500)

// CHECK-LABEL: func.func @main
// CHECK:         %[[C2:.*]] = arith.constant 2 : index
// CHECK:         %[[C10:.*]] = arith.constant 10 : index
// CHECK:         %[[C256:.*]] = arith.constant 256 : index
// CHECK:         %[[SIZE1:.*]] = arith.addi %[[C10]], %{{.*}} : index
// CHECK:         %[[T1:.*]] = arith.muli %[[C2]], %[[C256]] : index
// CHECK:         %[[N1:.*]] = arith.muli %[[SIZE1]], %[[T1]] : index
// CHECK:         %[[S1:.*]] = gpu.alloc(%[[N1]]) : memref<?xi64>
// CHECK:         gpu.launch_func @k::@scan blocks in (%[[C2]], %{{.*}}, %{{.*}}) threads in (%[[C256]], %{{.*}}, %{{.*}}) args(%{{.*}} : memref<?xi64>, %[[C10]] : index, %{{.*}} : index, %[[S1]] : memref<?xi64>)
// CHECK-NEXT:    gpu.dealloc %[[S1]] : memref<?xi64>
// CHECK:         %[[S2:.*]] = gpu.alloc(%{{.*}}) : memref<?xi64>
// CHECK:         gpu.launch_func @k::@scan {{.*}} args(%{{.*}} : memref<?xi64>, %{{.*}} : index, %{{.*}} : index, %[[S2]] : memref<?xi64>)
// CHECK-NEXT:    gpu.dealloc %[[S2]] : memref<?xi64>

// CHECK-LABEL: gpu.func @scan(
// CHECK-SAME:    %[[OUT:[^:]*]]: memref<?xi64>, %[[M:[^:]*]]: index, %[[N:[^:]*]]: index, %[[ST:[^:]*]]: memref<?xi64>) workgroup(%[[W:[^:]*]]: memref<1xi64, #gpu.address_space<workgroup>>) kernel
// CHECK-NOT:     memref.alloca
// CHECK:         arith.addi %[[M]], %{{.*}} : index
// CHECK-NEXT:    %[[BID:.*]] = gpu.block_id x
// CHECK:         %[[BDIM:.*]] = gpu.block_dim x
// CHECK:         %[[TID:.*]] = gpu.thread_id x
// CHECK:         %[[GDIM:.*]] = gpu.grid_dim x
// CHECK:         %[[B0:.*]] = arith.muli %[[BID]], %[[BDIM]] : index
// CHECK:         %[[G:.*]] = arith.addi %[[B0]], %[[TID]] : index
// CHECK:         %[[TH:.*]] = arith.muli %[[GDIM]], %[[BDIM]] : index
// CHECK:         scf.for %[[J:[^ ]*]] =
// CHECK:           %[[JT:.*]] = arith.muli %[[J]], %[[TH]] : index
// CHECK:           %[[AT:.*]] = arith.addi %[[JT]], %[[G]] : index
// CHECK:           memref.store %{{.*}}, %[[ST]][%[[AT]]] : memref<?xi64>
// CHECK:         scf.for %[[K:[^ ]*]] =
// CHECK:           %[[KT:.*]] = arith.muli %[[K]], %[[TH]] : index
// CHECK:           %[[AT2:.*]] = arith.addi %[[KT]], %[[G]] : index
// CHECK:           memref.load %[[ST]][%[[AT2]]] : memref<?xi64>
// CHECK:         memref.store %{{.*}}, %[[W]]

module attributes {gpu.container_module} {
  func.func @main() -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c10 = arith.constant 10 : index
    %c256 = arith.constant 256 : index
    %n = arith.constant 300 : index
    %out = gpu.alloc(%n) : memref<?xi64>
    %h = memref.alloc(%n) : memref<?xi64>
    %z = arith.constant 0 : i64
    gpu.launch_func @k::@scan blocks in (%c2, %c1, %c1) threads in (%c256, %c1, %c1) args(%out : memref<?xi64>, %c10 : index, %n : index)
    gpu.memcpy %h, %out : memref<?xi64>, memref<?xi64>
    %s1 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
      %v = memref.load %h[%i] : memref<?xi64>
      %a = arith.addi %acc, %v : i64
      scf.yield %a : i64
    }
    gpu.launch_func @k::@scan blocks in (%c2, %c1, %c1) threads in (%c256, %c1, %c1) args(%out : memref<?xi64>, %c3 : index, %n : index)
    gpu.memcpy %h, %out : memref<?xi64>, memref<?xi64>
    %s2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %s1) -> (i64) {
      %v = memref.load %h[%i] : memref<?xi64>
      %a = arith.addi %acc, %v : i64
      scf.yield %a : i64
    }
    memref.dealloc %h : memref<?xi64>
    gpu.dealloc %out : memref<?xi64>
    return %s2 : i64
  }

  gpu.module @k {
    gpu.func @scan(%out: memref<?xi64>, %m: index, %n: index) workgroup(%w: memref<1xi64, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %z = arith.constant 0 : i64
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %ok = arith.cmpi ult, %g, %n : index
      scf.if %ok {
        %zero = arith.muli %c0, %c1 : index
        %size = arith.addi %m, %zero : index
        %st = memref.alloca(%size) : memref<?xi64>
        %last = scf.for %j = %c0 to %m step %c1 iter_args(%acc = %z) -> (i64) {
          %row = arith.muli %g, %m : index
          %p = arith.addi %row, %j : index
          %x = arith.index_cast %p : index to i64
          %y = arith.addi %acc, %x : i64
          memref.store %y, %st[%j] : memref<?xi64>
          scf.yield %y : i64
        }
        %sum = scf.for %k = %c0 to %m step %c1 iter_args(%acc = %z) -> (i64) {
          %v = memref.load %st[%k] : memref<?xi64>
          %a = arith.addi %acc, %v : i64
          scf.yield %a : i64
        }
        memref.store %sum, %out[%g] : memref<?xi64>
        %tz = arith.cmpi eq, %t, %c0 : index
        scf.if %tz {
          memref.store %sum, %w[%c0] : memref<1xi64, #gpu.address_space<workgroup>>
        }
      }
      gpu.return
    }
  }
}
