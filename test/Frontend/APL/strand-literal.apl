⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Strands of scalars are vectors: literals, parenthesized scalars, expressions and names.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[3](1,2,3)
⍝ CHECK-NEXT:[3](1,2,3)
⍝ CHECK-NEXT:[3](2,3,4)
⍝ CHECK-NEXT:[3](5,6,5)
⍝ CHECK-NEXT:[3](1.0,2.5,3.0)
⍝ CHECK-NEXT:[3](-1,0,-2)
⍝ CHECK-NEXT:[](4.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 1 2 3
⎕ ← 1 (2) 3
⎕ ← (1 + 1) 3 (2 × 2)
x ← 5
⎕ ← x 6 x
⎕ ← 1 2.5 3
⎕ ← ¯1 0 ¯2
≢ x x x x
