⍝ RUN: not tailc run --target=interp %s 2>&1 | FileCheck %s --check-prefix=INTERP
⍝ RUN: tailc build %s -o %t
⍝ RUN: not %t > %t.out 2> %t.err
⍝ RUN: FileCheck %s --check-prefix=OUT < %t.out
⍝ RUN: FileCheck %s --check-prefix=ERR < %t.err
⍝ RUN: tail-translate --apl-to-tail %s | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt),soac-runtime-checks)' | FileCheck %s --check-prefix=CHECKS
⍝ Matrices with equal row counts but rows of different lengths (known only at run time): a
⍝ kernel zipping the rows would read past the shorter ones, so the host checks the inner
⍝ extent before launching it; the compiled program stops at the zip, like the interpreter.
⍝ Equal inner extents (a 3-D sum over the same array twice, rows of equal static length) are
⍝ not checked or pass.

⍝ INTERP: faults-inner.apl:[[#@LINE+20]]:18: error: 'tail.zipWith' op shape mismatch: [3,4] vs [3,5]
⍝ OUT: [](150.0)
⍝ OUT-NEXT: [](4.0)
⍝ OUT-NOT: {{.}}
⍝ ERR: faults-inner.apl:[[#@LINE+16]]:18: error: extent mismatch: input #0 has 4 rows but input #1 has 5
⍝ ERR-NEXT: {{^}}+/ , (3 4 ⍴ ⍳12) + 3 w ⍴ ⍳15{{$}}
⍝ ERR-NEXT: {{^}}                 ^{{$}}
⍝ ERR-NOT: {{.}}

⍝ Three checks: the outer and the inner extents of the zip of `÷` (whose extents the types
⍝ do not hold), the inner extents of the zip of `+` (its outer ones are both the reshape's
⍝ 3, and its inner ones checked once, where `convert-tail-to-soac` lowers the zip); none for
⍝ C + C.
⍝ CHECKS-COUNT-3: call @tail_rt_check_extents(
⍝ CHECKS-NOT: call @tail_rt_check_extents(

w ← +/ 1 1 1 1 1
C ← 2 3 4 ⍴ ⍳24
⎕ ← +/ , (C + C) × 0.25
⎕ ← +/ , (3 4 ⍴ 1) ÷ 3 4 ⍴ 3
+/ , (3 4 ⍴ ⍳12) + 3 w ⍴ ⍳15
