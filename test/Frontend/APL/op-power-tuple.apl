⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Power over a tuple state: the dfn reads the components with ⍵[1], ⍵[2] and returns a new tuple.
⍝ libjay has nested arrays instead of tuples: its program reads the vector component as ⊃res[2].
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](9)
⍝ CHECK-NEXT:[3](16,32,48)
⍝ CHECK-NEXT:[](9.0)
⍝ CHECK-NOT:{{.}}

step ← {(⍵[1] + 1) (2 × ⍵[2])}
res ← (step ⍣ 4) 5 (1 2 3)
⎕ ← res[1]
⎕ ← res[2]
res[1]
