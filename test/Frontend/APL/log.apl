⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Monadic ⍟ (natural logarithm) gives doubles.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](0.0)
⍝ CHECK-NEXT:[](2.30258509299)
⍝ CHECK-NEXT:[](2.0)
⍝ CHECK-NEXT:[3](0.0,0.69314718056,1.38629436112)
⍝ CHECK-NEXT:[](230.0)
⍝ CHECK-NOT:{{.}}

⎕ ← ⍟ 1
⎕ ← ⍟ 10
⎕ ← ⍟ * 2
⎕ ← ⍟ 1 2 4
⌊ 100 × ⍟ 10
