⍝ RUN: not tailc run --target=interp %s 2>&1 | FileCheck %s --check-prefix=INTERP
⍝ RUN: not tailc run --target=interp --after=tail-to-gpu %s 2>&1 | FileCheck %s --check-prefix=GPU
⍝ RUN: tailc build %s -o %t
⍝ RUN: not %t > %t.out 2> %t.err
⍝ RUN: FileCheck %s --check-prefix=OUT < %t.out
⍝ RUN: FileCheck %s --check-prefix=ERR < %t.err
⍝ RUN: tail-translate --apl-to-tail %s | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt),soac-runtime-checks)' | FileCheck %s --check-prefix=CHECKS
⍝ A map over arrays of different lengths known only at run time (n is a sum): the kernels
⍝ iterate over the first input's extent, so the host checks the extents before launching
⍝ them; a compiled program stops with the map's position, the interpreter at every level
⍝ with its location. Output printed before the fault stays.

⍝ INTERP: faults.apl:[[#@LINE+19]]:7: error: 'tail.zipWith' op shape mismatch: [3] vs [4]
⍝ GPU: faults.apl:[[#@LINE+18]]:7: error: 'func.call' op extent mismatch: input #0 has 3 rows but input #1 has 4
⍝ OUT: [](4)
⍝ OUT-NOT: {{.}}
⍝ ERR: faults.apl:[[#@LINE+15]]:7: error: extent mismatch: input #0 has 3 rows but input #1 has 4
⍝ ERR-NEXT: {{^}}⎕ ← a × b{{$}}
⍝ ERR-NEXT: {{^}}      ^{{$}}
⍝ ERR-NOT: {{.}}

⍝ One check, of the map over a and b; none for maps over one array or two of the same extent.
⍝ CHECKS-COUNT-1: call @tail_rt_check_extents(
⍝ CHECKS-NOT: call @tail_rt_check_extents(
⍝ CHECKS: func.func private @tail_rt_check_extents(index, index, i64, i32, i32)

n ← +/ 1 1 1 1
⎕ ← n
a ← ⍳ 3
b ← ⍳ n
c ← a + a × 2
⎕ ← a × b
+/ c
