⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Monadic ⍴: shape of vectors, matrices, rank-3 arrays and scalars (empty shape).
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[1](4)
⍝ CHECK-NEXT:[2](2,3)
⍝ CHECK-NEXT:[3](2,3,4)
⍝ CHECK-NEXT:[0]()
⍝ CHECK-NEXT:[1](2)
⍝ CHECK-NEXT:[](4.0)
⍝ CHECK-NOT:{{.}}

v ← 5 6 7 8
⎕ ← ⍴ v
⎕ ← ⍴ 2 3 ⍴ ⍳ 6
⎕ ← ⍴ 2 3 4 ⍴ ⍳ 24
⎕ ← ⍴ 5
⎕ ← ⍴ ⍴ 2 3 ⍴ ⍳ 6
⊃ ⍴ v
