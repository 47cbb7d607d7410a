⍝ REQUIRES: ptxas
⍝ RUN: tail-translate --apl-to-ptx %s -o %t.ptx
⍝ RUN: FileCheck %s < %t.ptx
⍝ RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
⍝ The index check inside a kernel (test/Target/CPU/faults-kernel-index.apl) on the GPU: the
⍝ gpu.module's check function is a device-side assert, upstream's lowering of cf.assert to
⍝ the __assertfail system call, which ptxas accepts for sm_90.

⍝ CHECK: .extern .func __assertfail
⍝ CHECK: call.uni __assertfail

A ← 10 20 30 40 50
+/{A[⍵]}¨⍳7
