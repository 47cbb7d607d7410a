⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Dyadic ÷ and monadic ÷ (reciprocal) always give doubles, also on ints.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](3.5)
⍝ CHECK-NEXT:[](2.0)
⍝ CHECK-NEXT:[](0.333333333333)
⍝ CHECK-NEXT:[](0.25)
⍝ CHECK-NEXT:[4](1.0,0.5,0.25,0.125)
⍝ CHECK-NEXT:[3](0.5,1.0,1.5)
⍝ CHECK-NEXT:[](2.5)
⍝ CHECK-NOT:{{.}}

⎕ ← 7 ÷ 2
⎕ ← 6 ÷ 3
⎕ ← 1 ÷ 3
⎕ ← ÷ 4
⎕ ← ÷ 1 2 4 8
⎕ ← 1 2 3 ÷ 2
10 ÷ 4
