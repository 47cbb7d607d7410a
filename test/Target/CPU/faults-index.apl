⍝ RUN: not tailc run --target=interp %s 2>&1 | FileCheck %s --check-prefix=INTERP
⍝ RUN: not tailc run --target=interp --after=tail-to-gpu %s 2>&1 | FileCheck %s --check-prefix=GPU
⍝ RUN: tailc build %s -o %t
⍝ RUN: not %t > %t.out 2> %t.err
⍝ RUN: FileCheck %s --check-prefix=OUT < %t.out
⍝ RUN: FileCheck %s --check-prefix=ERR < %t.err
⍝ An index known only at run time beyond the end of a vector read on the host: the
⍝ compiled program stops with the position of the indexing (indices and axes counted from 0,
⍝ as the soac level counts them) instead of reading past the buffer.

⍝ INTERP: faults-index.apl:[[#@LINE+10]]:1: error: 'tail.idxS' op index 4 out of range for axis 1 of extent 3
⍝ GPU: faults-index.apl:[[#@LINE+9]]:1: error: 'func.call' op index 3 is out of bounds for axis 0 of extent 3
⍝ OUT: [](20)
⍝ OUT-NOT: {{.}}
⍝ ERR: error: [[#@LINE+6]]:1: index 3 is out of bounds for axis 0 of extent 3
⍝ ERR-NOT: {{.}}

v ← 10 20 30
k ← +/ 1 1 1 1
⎕ ← v[2]
v[k]
