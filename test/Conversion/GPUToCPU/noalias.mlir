// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-gpu-to-cpu)' | FileCheck %s
// RUN: tailc run --target=interp %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=interp --after=convert-gpu-to-cpu %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc run --target=cpu %s | FileCheck %s --check-prefix=EXEC
// RUN: tailc build --target=cpu --emit=llvm -O 0 %s -o - | FileCheck %s --check-prefix=LLVM

// A kernel's memref parameters are llvm.noalias when every launch passes each memref the
// kernel writes as a fresh allocation that no other argument reaches.
//
// @copy writes its first parameter: launched with two allocations, and in a loop with the
// allocation of the iteration and the buffer the loop carries (allocated before it ran).
// CHECK-LABEL: func.func @copy_cpu
// CHECK-SAME:    %{{.*}}: memref<?xf64> {llvm.noalias}, %{{.*}}: memref<?xf64> {llvm.noalias})
//
// @twice reads one buffer twice and writes a fresh one: memory that is only read may be
// reached through several noalias parameters.
// CHECK-LABEL: func.func @twice_cpu
// CHECK-SAME:    %{{.*}}: memref<?xf64> {llvm.noalias}, %{{.*}}: memref<?xf64> {llvm.noalias}, %{{.*}}: memref<?xf64> {llvm.noalias})
//
// @inplace writes the buffer it also reads through its second parameter: no noalias.
// CHECK-LABEL: func.func @inplace_cpu
// CHECK-NOT:     llvm.noalias
// CHECK:         return
//
// @carried: one launch writes a buffer allocated before the loop while the other argument is
// the loop's state, which starts as that same buffer: no noalias.
// CHECK-LABEL: func.func @carried_cpu
// CHECK-NOT:     llvm.noalias
// CHECK:         return
//
// @param writes the function's parameter (not an allocation of its own): no noalias.
// CHECK-LABEL: func.func @param_cpu
// CHECK-NOT:     llvm.noalias
// CHECK:         return
//
// @view writes a cast of a fresh allocation and reads the allocation: no noalias.
// CHECK-LABEL: func.func @view_cpu
// CHECK-NOT:     llvm.noalias
// CHECK:         return

// In LLVM IR, the aligned pointer of each noalias memref (the second of its five
// parameters) is noalias. (The names are written as patterns: the build embeds this text,
// whose lines must not match themselves.)
// LLVM-LABEL: define internal void @tail.{{copy}}_cpu(
// LLVM-SAME:    ptr %{{.*}}, ptr noalias %{{.*}}, i64 %{{.*}}, i64 %{{.*}}, i64 %{{.*}}, ptr %{{.*}}, ptr noalias %{{.*}}, i64
// LLVM-LABEL: define internal void @tail.{{inplace}}_cpu(
// LLVM-SAME:    i64 %{{[0-9]+}}, i64 %{{[0-9]+}}, i64 %{{[0-9]+}}, ptr %{{[0-9]+}}, ptr %{{[0-9]+}}, i64 %{{[0-9]+}}, i64 %{{[0-9]+}}, i64 %{{[0-9]+}}, ptr %{{[0-9]+}}, ptr %{{[0-9]+}}, i64

// x = 0, 1, …, 99: y = x + 1 (copy), three steps of the loop (s = x + 4), z = 2s (twice),
// z doubled in place (4x + 16), c = s + 1, then c + 1 in place twice (w = x + 7), p = x + 1
// written into a parameter, v = x + 1 and then + 1 through its cast (x + 2).
// Σ z + Σ w + Σ p + Σ v = 21400 + 5650 + 5050 + 5150.
// EXEC: [](37250.0)

module attributes {gpu.container_module} {
  func.func @main() -> f64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c50 = arith.constant 50 : index
    %n = arith.constant 100 : index
    %x = gpu.alloc(%n) : memref<?xf64>
    scf.for %i = %c0 to %n step %c1 {
      %i64 = arith.index_cast %i : index to i64
      %f = arith.sitofp %i64 : i64 to f64
      memref.store %f, %x[%i] : memref<?xf64>
    }
    %y = gpu.alloc(%n) : memref<?xf64>
    gpu.launch_func @k::@copy blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) args(%y : memref<?xf64>, %x : memref<?xf64>)
    %s = scf.for %i = %c0 to %c3 step %c1 iter_args(%cur = %y) -> (memref<?xf64>) {
      %next = gpu.alloc(%n) : memref<?xf64>
      gpu.launch_func @k::@copy blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) args(%next : memref<?xf64>, %cur : memref<?xf64>)
      scf.yield %next : memref<?xf64>
    }
    %z = gpu.alloc(%n) : memref<?xf64>
    gpu.launch_func @k::@twice blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) args(%z : memref<?xf64>, %s : memref<?xf64>, %s : memref<?xf64>)
    gpu.launch_func @k::@inplace blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) args(%z : memref<?xf64>, %z : memref<?xf64>)
    %c = gpu.alloc(%n) : memref<?xf64>
    gpu.launch_func @k::@carried blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) args(%c : memref<?xf64>, %s : memref<?xf64>)
    %w = scf.for %i = %c0 to %c2 step %c1 iter_args(%cur = %c) -> (memref<?xf64>) {
      gpu.launch_func @k::@carried blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) args(%c : memref<?xf64>, %cur : memref<?xf64>)
      scf.yield %cur : memref<?xf64>
    }
    %p = gpu.alloc(%n) : memref<?xf64>
    func.call @fill(%p, %x, %n) : (memref<?xf64>, memref<?xf64>, index) -> ()
    %v = gpu.alloc(%n) : memref<?xf64>
    gpu.launch_func @k::@copy blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) args(%v : memref<?xf64>, %x : memref<?xf64>)
    %vc = memref.cast %v : memref<?xf64> to memref<100xf64>
    gpu.launch_func @k::@view blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) args(%vc : memref<100xf64>, %v : memref<?xf64>)
    %t1 = func.call @sum(%z, %n) : (memref<?xf64>, index) -> f64
    %t2 = func.call @sum(%w, %n) : (memref<?xf64>, index) -> f64
    %t3 = func.call @sum(%p, %n) : (memref<?xf64>, index) -> f64
    %t4 = func.call @sum(%v, %n) : (memref<?xf64>, index) -> f64
    %a = arith.addf %t1, %t2 : f64
    %b = arith.addf %t3, %t4 : f64
    %all = arith.addf %a, %b : f64
    return %all : f64
  }
  func.func @fill(%o: memref<?xf64>, %x: memref<?xf64>, %n: index) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@param blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) args(%o : memref<?xf64>, %x : memref<?xf64>)
    return
  }
  func.func @sum(%d: memref<?xf64>, %n: index) -> f64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f64
    %h = memref.alloc(%n) : memref<?xf64>
    gpu.memcpy %h, %d : memref<?xf64>, memref<?xf64>
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) {
      %e = memref.load %h[%i] : memref<?xf64>
      %a = arith.addf %acc, %e : f64
      scf.yield %a : f64
    }
    memref.dealloc %h : memref<?xf64>
    return %s : f64
  }
  gpu.module @k {
    // o[t] = x[t] + 1
    gpu.func @copy(%o: memref<?xf64>, %x: memref<?xf64>) kernel {
      %t = gpu.thread_id x
      %one = arith.constant 1.0 : f64
      %v = memref.load %x[%t] : memref<?xf64>
      %r = arith.addf %v, %one : f64
      memref.store %r, %o[%t] : memref<?xf64>
      gpu.return
    }
    // o[t] = a[t] + b[t]
    gpu.func @twice(%o: memref<?xf64>, %a: memref<?xf64>, %b: memref<?xf64>) kernel {
      %t = gpu.thread_id x
      %u = memref.load %a[%t] : memref<?xf64>
      %v = memref.load %b[%t] : memref<?xf64>
      %r = arith.addf %u, %v : f64
      memref.store %r, %o[%t] : memref<?xf64>
      gpu.return
    }
    // o[t] = 2 x[t] (o and x the same buffer)
    gpu.func @inplace(%o: memref<?xf64>, %x: memref<?xf64>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %x[%t] : memref<?xf64>
      %r = arith.addf %v, %v : f64
      memref.store %r, %o[%t] : memref<?xf64>
      gpu.return
    }
    // o[t] = x[t] + 1
    gpu.func @carried(%o: memref<?xf64>, %x: memref<?xf64>) kernel {
      %t = gpu.thread_id x
      %one = arith.constant 1.0 : f64
      %v = memref.load %x[%t] : memref<?xf64>
      %r = arith.addf %v, %one : f64
      memref.store %r, %o[%t] : memref<?xf64>
      gpu.return
    }
    // o[t] = x[t] + 1
    gpu.func @param(%o: memref<?xf64>, %x: memref<?xf64>) kernel {
      %t = gpu.thread_id x
      %one = arith.constant 1.0 : f64
      %v = memref.load %x[%t] : memref<?xf64>
      %r = arith.addf %v, %one : f64
      memref.store %r, %o[%t] : memref<?xf64>
      gpu.return
    }
    // o[t] = x[t] + 1, o a cast of x
    gpu.func @view(%o: memref<100xf64>, %x: memref<?xf64>) kernel {
      %t = gpu.thread_id x
      %one = arith.constant 1.0 : f64
      %v = memref.load %x[%t] : memref<?xf64>
      %r = arith.addf %v, %one : f64
      memref.store %r, %o[%t] : memref<100xf64>
      gpu.return
    }
  }
}
