⍝ RUN: not tailc run --target=interp %s 2>&1 | FileCheck %s --check-prefix=INTERP
⍝ RUN: tailc build --target=cpu %s -o %t
⍝ RUN: not %t > %t.out 2> %t.err
⍝ RUN: FileCheck %s --check-prefix=OUT < %t.out
⍝ RUN: FileCheck %s --check-prefix=ERR < %t.err
⍝ RUN: not tailc run --target=interp --after=tail-to-gpu %s 2>&1 | FileCheck %s --check-prefix=GPU
⍝ A zip of arrays of different lengths inside a dfn applied with each: the lengths are
⍝ computed in the thread (`⍳⍵` against a 4-vector), so the check runs in the kernel, before
⍝ the zip (on the GPU by the gpu.module's `tail_rt_check_extents`, which records the two
⍝ lengths: test/Target/PTX/apl-kernel-extents-check.apl). The executable printed the sums
⍝ of the common prefix (no check) before. The failure names the `×`, as the interpreter
⍝ does, although the zip is fused into the reduction.

⍝ INTERP: faults-kernel-extents.apl:[[#@LINE+12]]:15: error: 'tail.zipWith' op shape mismatch: [3] vs [4]
⍝ OUT: [3](20,30,40)
⍝ OUT-NOT: {{.}}
⍝ ERR: faults-kernel-extents.apl:[[#@LINE+9]]:15: error: extent mismatch: input #0 has 3 rows but input #1 has 4
⍝ ERR-NEXT: {{^}}⎕ ← {+/ (⍳ ⍵) × v}¨ 4 3{{$}}
⍝ ERR-NEXT: {{^}}              ^{{$}}
⍝ ERR-NOT: {{.}}
⍝ GPU: [3](20,30,40)
⍝ GPU: faults-kernel-extents.apl:[[#@LINE+4]]:15: error: 'func.call' op extent mismatch: input #0 has 3 rows but input #1 has 4

v ← 1 2 3 4
⎕ ← {+/ v × ⍵}¨ 2 3 4
⎕ ← {+/ (⍳ ⍵) × v}¨ 4 3
0
