// RUN: tail-opt %s --pass-pipeline='builtin.module(gpu-thread-storage)' | FileCheck %s
// RUN: tailc run --target=interp %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=interp --after=gpu-thread-storage %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=cpu %s | FileCheck %s --check-prefix=EXEC

// gpu-thread-storage, storage sized in the threads: thread g of @rows reads its length
// len = lens[g] (a kernel parameter the kernel only reads), keeps it in a private array, and
// in each of two rounds r stores the prefix sums of the len + r values g, g + 1, … into
// storage of len + r elements and adds up the prefixes (carried by the round loop). No host
// computation gives len + r: before the launch, a sizing kernel @rows_sizes runs on the same
// grid with the same arguments. It keeps the thread guard, the read of the length, the
// private array and the round loop (without the sum it carries: a zero carried unchanged),
// and folds each size into element 0 of a device buffer by an atomic maximum; the host
// zeroes that buffer, reads the maximum back and allocates maximum · threads elements for
// @rows, whose storage element j of thread g is at j · threads + g as for host-sized
// storage. Storage of a size the host computes (%m) keeps the host computation.

// lens[g] = g mod 5 for 300 threads: sum over g, r of the prefix sums' total.
// EXEC: [](499950)

// CHECK-LABEL: func.func @main
// CHECK:         gpu.memcpy %{{.*}}, %{{.*}} : memref<?xindex>, memref<?xindex>
// CHECK:         %[[H:.*]] = memref.alloc(%[[C1:.*]]) : memref<?xi64>
// CHECK:         memref.store %{{.*}}, %[[H]][%{{.*}}] : memref<?xi64>
// CHECK-NEXT:    %[[D:.*]] = gpu.alloc(%[[C1]]) : memref<?xi64>
// CHECK-NEXT:    gpu.memcpy %[[D]], %[[H]] : memref<?xi64>, memref<?xi64>
// CHECK-NEXT:    gpu.launch_func @k::@rows_sizes blocks in (%[[C2:[^,]*]], %{{.*}}) threads in (%[[C256:[^,]*]], %{{.*}}) args(%[[OUT:[^:]*]] : memref<?xi64>, %[[LENS:[^:]*]] : memref<?xindex>, %[[M:[^:]*]] : index, %[[N:[^:]*]] : index, %[[D]] : memref<?xi64>)
// CHECK-NEXT:    gpu.memcpy %[[H]], %[[D]] : memref<?xi64>, memref<?xi64>
// CHECK-NEXT:    %[[MAX:.*]] = memref.load %[[H]][%{{.*}}] : memref<?xi64>
// CHECK-NEXT:    %[[SIZE:.*]] = arith.index_cast %[[MAX]] : i64 to index
// CHECK-NEXT:    gpu.dealloc %[[D]] : memref<?xi64>
// CHECK-NEXT:    memref.dealloc %[[H]] : memref<?xi64>
// CHECK-NEXT:    %[[T:.*]] = arith.muli %[[C2]], %[[C256]] : index
// CHECK-NEXT:    %[[TOTAL:.*]] = arith.muli %[[SIZE]], %[[T]] : index
// CHECK-NEXT:    %[[S:.*]] = gpu.alloc(%[[TOTAL]]) : memref<?xi64>
// CHECK-NEXT:    %[[T2:.*]] = arith.muli %[[C2]], %[[C256]] : index
// CHECK-NEXT:    %[[TOTAL2:.*]] = arith.muli %[[M]], %[[T2]] : index
// CHECK-NEXT:    %[[S2:.*]] = gpu.alloc(%[[TOTAL2]]) : memref<?xi64>
// CHECK-NEXT:    gpu.launch_func @k::@rows blocks in {{.*}} args(%[[OUT]] : memref<?xi64>, %[[LENS]] : memref<?xindex>, %[[M]] : index, %[[N]] : index, %[[S]] : memref<?xi64>, %[[S2]] : memref<?xi64>)
// CHECK-NEXT:    gpu.dealloc %[[S2]] : memref<?xi64>
// CHECK-NEXT:    gpu.dealloc %[[S]] : memref<?xi64>

// CHECK-LABEL: gpu.func @rows(
// CHECK-NOT:     memref.alloca(%
// CHECK:         gpu.return

// CHECK-LABEL: gpu.func @rows_sizes(
// CHECK-SAME:    %{{[^:]*}}: memref<?xi64>, %[[KLENS:[^:]*]]: memref<?xindex>, %{{[^:]*}}: index, %[[KN:[^:]*]]: index, %[[MAXES:[^:]*]]: memref<?xi64>) kernel
// CHECK:         scf.if %{{.*}} {
// CHECK-NEXT:      %[[LEN:.*]] = memref.load %[[KLENS]][%{{.*}}] : memref<?xindex>
// CHECK-NEXT:      %[[P:.*]] = memref.alloca() : memref<1xindex>
// CHECK-NEXT:      memref.store %[[LEN]], %[[P]][%{{.*}}] : memref<1xindex>
// CHECK:           %{{.*}} = scf.for %[[R:[^ ]*]] = %{{.*}} iter_args(%[[ACC:[^ ]*]] = %[[ZERO:[^)]*]]) -> (i64) {
// CHECK-NEXT:        %[[L:.*]] = memref.load %[[P]][%{{.*}}] : memref<1xindex>
// CHECK-NEXT:        %[[SZ:.*]] = arith.addi %[[L]], %[[R]] : index
// CHECK-NEXT:        %[[SZ64:.*]] = arith.index_cast %[[SZ]] : index to i64
// CHECK:             memref.atomic_rmw maxs %[[SZ64]], %[[MAXES]][%{{.*}}] : (i64, memref<?xi64>) -> i64
// CHECK-NEXT:        scf.yield %[[ACC]] : i64
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.return

module attributes {gpu.container_module} {
  func.func @main() -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c256 = arith.constant 256 : index
    %n = arith.constant 300 : index
    %out = gpu.alloc(%n) : memref<?xi64>
    %h = memref.alloc(%n) : memref<?xi64>
    %hl = memref.alloc(%n) : memref<?xindex>
    scf.for %i = %c0 to %n step %c1 {
      %l = arith.remui %i, %c5 : index
      memref.store %l, %hl[%i] : memref<?xindex>
    }
    %lens = gpu.alloc(%n) : memref<?xindex>
    gpu.memcpy %lens, %hl : memref<?xindex>, memref<?xindex>
    %z = arith.constant 0 : i64
    gpu.launch_func @k::@rows blocks in (%c2, %c1, %c1) threads in (%c256, %c1, %c1) args(%out : memref<?xi64>, %lens : memref<?xindex>, %c7 : index, %n : index)
    gpu.memcpy %h, %out : memref<?xi64>, memref<?xi64>
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
      %v = memref.load %h[%i] : memref<?xi64>
      %a = arith.addi %acc, %v : i64
      scf.yield %a : i64
    }
    memref.dealloc %h : memref<?xi64>
    memref.dealloc %hl : memref<?xindex>
    gpu.dealloc %lens : memref<?xindex>
    gpu.dealloc %out : memref<?xi64>
    return %s : i64
  }

  gpu.module @k {
    gpu.func @rows(%out: memref<?xi64>, %lens: memref<?xindex>, %m: index, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %z = arith.constant 0 : i64
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %ok = arith.cmpi ult, %g, %n : index
      scf.if %ok {
        %len = memref.load %lens[%g] : memref<?xindex>
        %p = memref.alloca() : memref<1xindex>
        memref.store %len, %p[%c0] : memref<1xindex>
        %total = scf.for %r = %c0 to %c2 step %c1 iter_args(%tot = %z) -> (i64) {
          %l = memref.load %p[%c0] : memref<1xindex>
          %size = arith.addi %l, %r : index
          %st = memref.alloca(%size) : memref<?xi64>
          %unused = memref.alloca(%m) : memref<?xi64>
          %last = scf.for %j = %c0 to %size step %c1 iter_args(%acc = %z) -> (i64) {
            %gj = arith.addi %g, %j : index
            %x = arith.index_cast %gj : index to i64
            %y = arith.addi %acc, %x : i64
            memref.store %y, %st[%j] : memref<?xi64>
            memref.store %y, %unused[%c0] : memref<?xi64>
            scf.yield %y : i64
          }
          %sum = scf.for %k = %c0 to %size step %c1 iter_args(%acc = %z) -> (i64) {
            %v = memref.load %st[%k] : memref<?xi64>
            %a = arith.addi %acc, %v : i64
            scf.yield %a : i64
          }
          %nt = arith.addi %tot, %sum : i64
          scf.yield %nt : i64
        }
        memref.store %total, %out[%g] : memref<?xi64>
      }
      gpu.return
    }
  }
}
