// RUN: tail-opt %s --pass-pipeline='builtin.module(gpu-narrow-buffers)' | FileCheck %s
// RUN: tailc run --target=interp %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=interp --after=gpu-narrow-buffers %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=cpu %s | FileCheck %s --check-prefix=EXEC

// gpu-narrow-buffers: a device buffer of i32 whose every stored value is proven to fit in 8
// or 16 bits is stored in that many bits; the kernels' loads extend, their stores truncate.

// %sums holds a sum of two truth values (0 to 2): i8, loads zero-extended. %signed holds
// 3·b − 3 for a truth value b (−3 or 0): i8, loads sign-extended. %wide holds x mod 1000
// (0 to 999): i16. %copied is copied to the host and %loaded holds values loaded from
// memory: both stay i32.
// CHECK-LABEL: func.func @main
// CHECK:         %[[SUMS:.*]] = gpu.alloc(%{{.*}}) : memref<?xi8>
// CHECK:         %[[SIGNED:.*]] = gpu.alloc(%{{.*}}) : memref<?xi8>
// CHECK:         %[[WIDE:.*]] = gpu.alloc(%{{.*}}) : memref<?xi16>
// CHECK:         %[[COPIED:.*]] = gpu.alloc(%{{.*}}) : memref<?xi32>
// CHECK:         %[[LOADED:.*]] = gpu.alloc(%{{.*}}) : memref<?xi32>
// CHECK:         gpu.launch_func @k::@produce {{.*}} args(%[[SUMS]] : memref<?xi8>, %[[SIGNED]] : memref<?xi8>, %[[WIDE]] : memref<?xi16>, %[[COPIED]] : memref<?xi32>, %[[LOADED]] : memref<?xi32>, %{{.*}} : memref<?xi32>, %{{.*}} : index)
// CHECK:         gpu.launch_func @k::@consume {{.*}} args(%[[SUMS]] : memref<?xi8>, %[[SIGNED]] : memref<?xi8>, %[[WIDE]] : memref<?xi16>, %[[LOADED]] : memref<?xi32>, %{{.*}} : memref<?xi32>, %{{.*}} : index)
// CHECK:         gpu.memcpy %{{.*}}, %[[COPIED]] : memref<?xi32>, memref<?xi32>

// CHECK-LABEL: gpu.func @produce
// CHECK-SAME:    (%[[S:.*]]: memref<?xi8>, %[[G:.*]]: memref<?xi8>, %[[W:.*]]: memref<?xi16>, %[[C:.*]]: memref<?xi32>, %[[L:.*]]: memref<?xi32>, %{{.*}}: memref<?xi32>, %{{.*}}: index)
// CHECK:           %[[T1:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK-NEXT:      memref.store %[[T1]], %[[S]][%{{.*}}] : memref<?xi8>
// CHECK:           %[[T2:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK-NEXT:      memref.store %[[T2]], %[[G]][%{{.*}}] : memref<?xi8>
// CHECK:           %[[T3:.*]] = arith.trunci %{{.*}} : i32 to i16
// CHECK-NEXT:      memref.store %[[T3]], %[[W]][%{{.*}}] : memref<?xi16>
// CHECK:           memref.store %{{.*}}, %[[C]][%{{.*}}] : memref<?xi32>
// CHECK:           memref.store %{{.*}}, %[[L]][%{{.*}}] : memref<?xi32>

// CHECK-LABEL: gpu.func @consume
// CHECK-SAME:    (%[[S:.*]]: memref<?xi8>, %[[G:.*]]: memref<?xi8>, %[[W:.*]]: memref<?xi16>, %{{.*}}: memref<?xi32>, %{{.*}}: memref<?xi32>, %{{.*}}: index)
// CHECK:           %[[A:.*]] = memref.load %[[S]][%{{.*}}] : memref<?xi8>
// CHECK-NEXT:      %{{.*}} = arith.extui %[[A]] : i8 to i32
// CHECK:           %[[B:.*]] = memref.load %[[G]][%{{.*}}] : memref<?xi8>
// CHECK-NEXT:      %{{.*}} = arith.extsi %[[B]] : i8 to i32
// CHECK:           %[[D:.*]] = memref.load %[[W]][%{{.*}}] : memref<?xi16>
// CHECK-NEXT:      %{{.*}} = arith.extui %[[D]] : i16 to i32
// A comparison of a sum of narrowed loads (0 to 3 here) with a constant is computed in i8.
// CHECK:           %[[ONE:.*]] = arith.constant 1 : i8
// CHECK-NEXT:      %[[SUM:.*]] = arith.addi %[[A]], %[[ONE]] : i8
// CHECK-NEXT:      %[[TWO:.*]] = arith.constant 2 : i8
// CHECK-NEXT:      arith.cmpi eq, %[[SUM]], %[[TWO]] : i8

// out[i] = sums + 10·signed + 100·wide + 10⁶·loaded (wrapping at 32 bits) + [sums + 1 = 2];
// Σ out + Σ copied over i < 300:
// EXEC: [](104564289440)

module attributes {gpu.container_module} {
  func.func @main() -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c256 = arith.constant 256 : index
    %n = arith.constant 300 : index
    %sums = gpu.alloc(%n) : memref<?xi32>
    %signed = gpu.alloc(%n) : memref<?xi32>
    %wide = gpu.alloc(%n) : memref<?xi32>
    %copied = gpu.alloc(%n) : memref<?xi32>
    %loaded = gpu.alloc(%n) : memref<?xi32>
    %src = gpu.alloc(%n) : memref<?xi32>
    %out = gpu.alloc(%n) : memref<?xi32>
    gpu.launch_func @k::@fill blocks in (%c2, %c1, %c1) threads in (%c256, %c1, %c1) args(%src : memref<?xi32>, %n : index)
    gpu.launch_func @k::@produce blocks in (%c2, %c1, %c1) threads in (%c256, %c1, %c1) args(%sums : memref<?xi32>, %signed : memref<?xi32>, %wide : memref<?xi32>, %copied : memref<?xi32>, %loaded : memref<?xi32>, %src : memref<?xi32>, %n : index)
    gpu.launch_func @k::@consume blocks in (%c2, %c1, %c1) threads in (%c256, %c1, %c1) args(%sums : memref<?xi32>, %signed : memref<?xi32>, %wide : memref<?xi32>, %loaded : memref<?xi32>, %out : memref<?xi32>, %n : index)
    %h = memref.alloc(%n) : memref<?xi32>
    gpu.memcpy %h, %out : memref<?xi32>, memref<?xi32>
    %hc = memref.alloc(%n) : memref<?xi32>
    gpu.memcpy %hc, %copied : memref<?xi32>, memref<?xi32>
    %z = arith.constant 0 : i64
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
      %v = memref.load %h[%i] : memref<?xi32>
      %c = memref.load %hc[%i] : memref<?xi32>
      %v64 = arith.extsi %v : i32 to i64
      %c64 = arith.extsi %c : i32 to i64
      %a = arith.addi %acc, %v64 : i64
      %b = arith.addi %a, %c64 : i64
      scf.yield %b : i64
    }
    gpu.dealloc %sums : memref<?xi32>
    gpu.dealloc %signed : memref<?xi32>
    gpu.dealloc %wide : memref<?xi32>
    gpu.dealloc %copied : memref<?xi32>
    gpu.dealloc %loaded : memref<?xi32>
    gpu.dealloc %src : memref<?xi32>
    gpu.dealloc %out : memref<?xi32>
    return %s : i64
  }

  gpu.module @k {
    // src[i] = 7·i
    gpu.func @fill(%src: memref<?xi32>, %n: index) kernel {
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %ok = arith.cmpi ult, %g, %n : index
      scf.if %ok {
        %i = arith.index_cast %g : index to i32
        %c7 = arith.constant 7 : i32
        %v = arith.muli %i, %c7 : i32
        memref.store %v, %src[%g] : memref<?xi32>
      }
      gpu.return
    }
    gpu.func @produce(%sums: memref<?xi32>, %signed: memref<?xi32>, %wide: memref<?xi32>, %copied: memref<?xi32>, %loaded: memref<?xi32>, %src: memref<?xi32>, %n: index) kernel {
      %c3 = arith.constant 3 : index
      %c5 = arith.constant 5 : index
      %c0 = arith.constant 0 : index
      %k3 = arith.constant 3 : i32
      %k1000 = arith.constant 1000 : i32
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %ok = arith.cmpi ult, %g, %n : index
      scf.if %ok {
        %m3 = arith.remui %g, %c3 : index
        %m5 = arith.remui %g, %c5 : index
        %p = arith.cmpi eq, %m3, %c0 : index
        %q = arith.cmpi eq, %m5, %c0 : index
        %pi = arith.extui %p : i1 to i32
        %qi = arith.extui %q : i1 to i32
        %sum = arith.addi %pi, %qi : i32
        memref.store %sum, %sums[%g] : memref<?xi32>
        %p3 = arith.muli %pi, %k3 : i32
        %neg = arith.subi %p3, %k3 : i32
        memref.store %neg, %signed[%g] : memref<?xi32>
        %x = memref.load %src[%g] : memref<?xi32>
        %xu = arith.remui %x, %k1000 : i32
        memref.store %xu, %wide[%g] : memref<?xi32>
        memref.store %sum, %copied[%g] : memref<?xi32>
        %y = arith.divui %x, %k3 : i32
        memref.store %y, %loaded[%g] : memref<?xi32>
      }
      gpu.return
    }
    gpu.func @consume(%sums: memref<?xi32>, %signed: memref<?xi32>, %wide: memref<?xi32>, %loaded: memref<?xi32>, %out: memref<?xi32>, %n: index) kernel {
      %k10 = arith.constant 10 : i32
      %k100 = arith.constant 100 : i32
      %kM = arith.constant 1000000 : i32
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %bd = arith.muli %b, %d : index
      %g = arith.addi %bd, %t : index
      %ok = arith.cmpi ult, %g, %n : index
      scf.if %ok {
        %a = memref.load %sums[%g] : memref<?xi32>
        %s = memref.load %signed[%g] : memref<?xi32>
        %w = memref.load %wide[%g] : memref<?xi32>
        %l = memref.load %loaded[%g] : memref<?xi32>
        %s10 = arith.muli %s, %k10 : i32
        %w100 = arith.muli %w, %k100 : i32
        %lM = arith.muli %l, %kM : i32
        %v1 = arith.addi %a, %s10 : i32
        %v2 = arith.addi %v1, %w100 : i32
        %v3 = arith.addi %v2, %lM : i32
        %k2 = arith.constant 2 : i32
        %k1 = arith.constant 1 : i32
        %a1 = arith.addi %a, %k1 : i32
        %both = arith.cmpi eq, %a1, %k2 : i32
        %bi = arith.extui %both : i1 to i32
        %v4 = arith.addi %v3, %bi : i32
        memref.store %v4, %out[%g] : memref<?xi32>
      }
      gpu.return
    }
  }
}
