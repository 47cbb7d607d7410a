⍝ REQUIRES: ptxas
⍝ RUN: tail-translate --apl-to-ptx %s -o %t.ptx
⍝ RUN: FileCheck %s < %t.ptx
⍝ RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
⍝ The index check inside a kernel (test/Target/CPU/faults-kernel-index.apl) on the GPU: a
⍝ thread whose index is out of bounds counts itself in the module's fault record (an atomic
⍝ add), the first one stores its index, extent, axis, origin, line and column there, and each
⍝ ends (`exit`) before its access; the CUDA runtime reads the record (`cuModuleGetGlobal`)
⍝ when it waits for the kernels. No device-side assert: the context stays usable.

⍝ CHECK: .visible .global .align 8 .b8 __tail_fault[56];
⍝ CHECK: atom.global.add.u64 {{.*}}[__tail_fault], 1;
⍝ CHECK: st.global.b64 [__tail_fault+8],
⍝ CHECK: exit;
⍝ CHECK-NOT: __assertfail

A ← 10 20 30 40 50
+/{A[⍵]}¨⍳7
