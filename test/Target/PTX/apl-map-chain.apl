⍝ APL → PTX: a chain of scalar maps over a vector, ending in a reduction. Every kernel is
⍝ checked by ptxas; the maps run one thread per element (bounds check against the length).
⍝ REQUIRES: ptxas
⍝ RUN: tail-translate --apl-to-ptx %s -o %t.ptx
⍝ RUN: FileCheck %s < %t.ptx
⍝ RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
⍝ RUN: tail-translate --apl-to-ptx --chip=sm_80 %s -o %t.sm80.ptx
⍝ RUN: ptxas -arch=sm_80 %t.sm80.ptx -o %t.sm80.cubin
⍝ RUN: tail-translate --apl-to-ptx --emit=mlir %s | FileCheck %s --check-prefix=GPU
⍝ RUN: tail-translate --apl-to-ptx --emit=llvm %s | FileCheck %s --check-prefix=LLVM
⍝ --apl-to-tail --emit=ptx is the same path.
⍝ RUN: tail-translate --apl-to-tail --emit=ptx %s | diff - %t.ptx

⍝ CHECK:      .version 8.0
⍝ CHECK-NEXT: .target sm_90
⍝ CHECK:      .visible .entry main_k0(
⍝ CHECK:      mov.u32 {{.*}}%ctaid.x
⍝ CHECK:      setp
⍝ CHECK:      st.global
⍝ CHECK:      .visible .entry main_k1(
⍝ CHECK:      bar.sync
⍝ CHECK:      shfl.sync.bfly

⍝ GPU:     module attributes {gpu.container_module}
⍝ GPU:     func.func @main()
⍝ GPU:     gpu.launch_func @tail_kernels::@main_k0
⍝ GPU:     gpu.module @tail_kernels
⍝ GPU:     gpu.func @main_k0(
⍝ GPU-SAME: kernel

⍝ LLVM: target triple = "nvptx64-nvidia-cuda"
⍝ LLVM: define ptx_kernel void @main_k0(

a ← ⍳ 1000
b ← (a × 2) + 1
c ← b × b - 3
+/ c
