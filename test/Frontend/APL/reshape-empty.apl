⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Dyadic ⍴ with a zero in the shape: empty vectors and empty matrices print as [0]() and [r,c]().
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[0]()
⍝ CHECK-NEXT:[0,3]()
⍝ CHECK-NEXT:[3,0]()
⍝ CHECK-NEXT:[2](3,0)
⍝ CHECK-NEXT:[](0.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 0 ⍴ 5
⎕ ← 0 3 ⍴ ⍳ 5
⎕ ← 3 0 ⍴ 7
⎕ ← ⍴ 3 0 ⍴ 7
≢ 0 3 ⍴ 1
