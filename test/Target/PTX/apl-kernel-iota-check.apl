⍝ REQUIRES: ptxas
⍝ RUN: tail-translate --apl-to-ptx %s -o %t.ptx
⍝ RUN: FileCheck %s < %t.ptx
⍝ RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
⍝ The `iota` count check inside a kernel (test/Target/CPU/faults-kernel-iota.apl) on the
⍝ GPU: a thread with a negative count counts itself in the module's fault record, the first
⍝ one stores the count and -1 (the kind: a count, not an index) there, and each ends.

⍝ CHECK: .visible .global .align 8 .b8 __tail_fault[56];
⍝ CHECK: .func tail_rt_check_count(
⍝ CHECK: setp.{{[a-z]+}}.s64
⍝ CHECK: atom.global.add.u64 {{.*}}[__tail_fault], 1;
⍝ CHECK: st.global.b64 [__tail_fault+8],
⍝ CHECK: [__tail_fault+16], {0, -1};
⍝ CHECK: exit;
⍝ CHECK-NOT: __assertfail

+/{+/⍳⍵}¨3 ¯4 5
