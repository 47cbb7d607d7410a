⍝ RUN: not tailc run --target=interp %s > %t.iout 2> %t.ierr
⍝ RUN: FileCheck %s --check-prefix=OUT < %t.iout
⍝ RUN: not tailc run --target=cpu %s > %t.out 2> %t.err
⍝ RUN: FileCheck %s --check-prefix=OUT < %t.out
⍝ RUN: FileCheck %s --check-prefix=ERR < %t.err
⍝ A map of two arrays whose extents differ at run time is not joined with an earlier map
⍝ (of `a`) across the prints between them: moved up, its extent check stopped the program
⍝ before the output that comes first.
⍝ OUT: [](x)
⍝ OUT-NEXT: [3](1,2,3)
⍝ OUT-NOT: {{.}}
⍝ ERR: faults-after-print.apl:[[#@LINE+7]]:7: error: extent mismatch: input #0 has 3 rows but input #1 has 4
⍝ ERR-NEXT: {{^}}⎕ ← a + ⍳ 4{{$}}
⍝ ERR-NEXT: {{^}}      ^{{$}}

a ← ⍳ +/ 1 2
⎕ ← 'x'
⎕ ← a
⎕ ← a + ⍳ 4
2
