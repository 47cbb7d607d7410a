⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Monadic ⊃ is first: the first element in row-major order; a scalar is its own first.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](7)
⍝ CHECK-NEXT:[](5)
⍝ CHECK-NEXT:[](2.5)
⍝ CHECK-NEXT:[](x)
⍝ CHECK-NEXT:[](42)
⍝ CHECK-NEXT:[](3.0)
⍝ CHECK-NOT:{{.}}

⎕ ← ⊃ 7 8 9
⎕ ← ⊃ 3 4 ⍴ 5 6 7
⎕ ← ⊃ 2.5 3.5
⎕ ← ⊃ 'xyz'
⎕ ← ⊃ 42
⊃ ⍴ 3 4 ⍴ 0
