⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Monadic ≢: length of the first axis; 1 for a scalar.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](3)
⍝ CHECK-NEXT:[](3)
⍝ CHECK-NEXT:[](2)
⍝ CHECK-NEXT:[](0)
⍝ CHECK-NEXT:[](3)
⍝ CHECK-NEXT:[](1.0)
⍝ CHECK-NOT:{{.}}

⎕ ← ≢ 4 5 6
⎕ ← ≢ 3 4 ⍴ ⍳ 12
⎕ ← ≢ 2 3 4 ⍴ 0
⎕ ← ≢ ⍬
⎕ ← ≢ 'abc'
≢ 7
