⍝ REQUIRES: ptxas
⍝ RUN: tail-translate --apl-to-ptx %s -o %t.ptx
⍝ RUN: FileCheck %s < %t.ptx
⍝ RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
⍝ The extent check of a zip inside a kernel (test/Target/CPU/faults-kernel-extents.apl) on
⍝ the GPU: a thread whose two lengths differ counts itself in the module's fault record, the
⍝ first one stores the lengths, -3 (the kind: an extent mismatch) and the input's number
⍝ there, and each ends.

⍝ CHECK: .visible .global .align 8 .b8 __tail_fault[56];
⍝ CHECK: .func tail_rt_check_extents(
⍝ CHECK: setp.eq.b64
⍝ CHECK: atom.global.add.u64 {{.*}}[__tail_fault], 1;
⍝ CHECK: st.global.b64 [__tail_fault+8],
⍝ CHECK: st.global.v2.b64 [__tail_fault+16], {%rd{{[0-9]+}}, -3};
⍝ CHECK: exit;
⍝ CHECK-NOT: __assertfail

v ← 1 2 3 4
⎕ ← {+/ (⍳ ⍵) × v}¨ 4 3
0
