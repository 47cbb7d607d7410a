⍝ APL → PTX: a time loop (⍣) of a three-point stencil stays on the host, an scf.for that
⍝ launches one kernel per step (the two rotations are index arithmetic in it) and carries the
⍝ array in device buffers: each step writes a fresh buffer and frees the one it read, nothing
⍝ is copied to or from the host inside the loop. The kernel before the loop computes x; the
⍝ loop starts from its buffer; the two after it are the sum.
⍝ REQUIRES: ptxas
⍝ RUN: tail-translate --apl-to-tail %s | tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' | FileCheck %s --check-prefix=GPU
⍝ RUN: tail-translate --apl-to-ptx %s -o %t.ptx
⍝ RUN: FileCheck %s < %t.ptx
⍝ RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin

⍝ GPU:       %[[X:.*]] = gpu.alloc
⍝ GPU-NEXT:  gpu.launch_func @tail_kernels::@main_k0 {{.*}} args(%[[X]] : memref<?xf64>)
⍝ GPU-NOT:   gpu.memcpy
⍝ GPU:       %[[R:.*]] = scf.for %{{.*}} iter_args(%[[A:.*]] = %[[X]]) -> (memref<?xf64>) {
⍝ GPU:         %[[N:.*]] = gpu.alloc
⍝ GPU-NOT:     gpu.memcpy
⍝ GPU:         gpu.launch_func @tail_kernels::@main_k1 {{.*}} args(%[[N]] : memref<?xf64>, %{{.*}} : index, %[[A]] : memref<?xf64>)
⍝ GPU-NEXT:    gpu.dealloc %[[A]] : memref<?xf64>
⍝ GPU-NEXT:    scf.yield %[[N]] : memref<?xf64>
⍝ GPU-NEXT:  }
⍝ GPU:       gpu.launch_func @tail_kernels::@main_k2 {{.*}}%[[R]] : memref<?xf64>)
⍝ GPU:       gpu.launch_func @tail_kernels::@main_k3
⍝ GPU:       gpu.dealloc %[[R]] : memref<?xf64>
⍝ GPU:       gpu.func @main_k1(
⍝ GPU-COUNT-3: memref.load
⍝ GPU-NOT:   memref.load
⍝ GPU:       gpu.func @main_k2(

⍝ CHECK:     .target sm_90
⍝ CHECK:     .visible .entry main_k0(
⍝ CHECK:     .visible .entry main_k1(
⍝ CHECK:     ld.global.b64
⍝ CHECK:     ld.global.b64
⍝ CHECK:     ld.global.b64
⍝ CHECK:     st.global.b64
⍝ CHECK:     .visible .entry main_k2(
⍝ CHECK:     .visible .entry main_k3(
⍝ CHECK-NOT: .entry

x ← 0.5 × ⍳ 8
step ← {⍵ + 0.25 × (1⌽⍵) + (¯1⌽⍵) - 2 × ⍵}
r ← (step ⍣ 100) x
+/ r
