⍝ REQUIRES: ptxas
⍝ RUN: tail-translate --apl-to-ptx %s -o %t.ptx
⍝ RUN: FileCheck %s < %t.ptx
⍝ RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
⍝ The extent check of `⍴` inside a kernel (test/Target/CPU/faults-kernel-shape.apl) on the
⍝ GPU: a thread whose extent exceeds 2³¹−1 counts itself in the module's fault record, the
⍝ first one stores the extent and -2 (the kind: an extent) there, and each ends. The extent
⍝ of `⍳⍵` comes from an int and is not checked.

⍝ CHECK: .visible .global .align 8 .b8 __tail_fault[56];
⍝ CHECK: .func tail_rt_check_extent32(
⍝ CHECK: setp.{{[a-z]+}}.s64 {{.*}}2147483
⍝ CHECK: atom.global.add.u64 {{.*}}[__tail_fault], 1;
⍝ CHECK: st.global.b64 [__tail_fault+8],
⍝ CHECK: [__tail_fault+16], {0, -2};
⍝ CHECK: exit;
⍝ CHECK-NOT: __assertfail

+/{(+/⍴,(⍵ ⍵)⍴1)++/⍴⍳⍵}¨3 4 5
