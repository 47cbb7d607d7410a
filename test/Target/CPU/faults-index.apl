⍝ RUN: not tailc run --target=interp %s 2>&1 | FileCheck %s --check-prefix=INTERP
⍝ RUN: not tailc run --target=interp --after=tail-to-gpu %s 2>&1 | FileCheck %s --check-prefix=GPU
⍝ RUN: tailc build %s -o %t
⍝ RUN: not %t > %t.out 2> %t.err
⍝ RUN: FileCheck %s --check-prefix=OUT < %t.out
⍝ RUN: FileCheck %s --check-prefix=ERR < %t.err
⍝ An index known only at run time beyond the end of a vector read on the host: the
⍝ compiled program stops with the position of the indexing, its source line and a caret
⍝ (indices and axes counted from 1, as the program counts them) instead of reading past the
⍝ buffer.

⍝ INTERP: faults-index.apl:[[#@LINE+12]]:1: error: 'tail.idxS' op index 4 out of range for axis 1 of extent 3
⍝ GPU: faults-index.apl:[[#@LINE+11]]:1: error: 'func.call' op index 4 is out of bounds for axis 1 of extent 3
⍝ OUT: [](20)
⍝ OUT-NOT: {{.}}
⍝ ERR: faults-index.apl:[[#@LINE+8]]:1: error: index 4 is out of bounds for axis 1 of extent 3
⍝ ERR-NEXT: {{^}}v[k]{{$}}
⍝ ERR-NEXT: {{^}}^{{$}}
⍝ ERR-NOT: {{.}}

v ← 10 20 30
k ← +/ 1 1 1 1
⎕ ← v[2]
v[k]
