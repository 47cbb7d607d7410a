⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Forks with an array on the left, (A g h), monadic and dyadic.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[3](2,3,4)
⍝ CHECK-NEXT:[3](7,8,9)
⍝ CHECK-NEXT:[](12)
⍝ CHECK-NEXT:[](13)
⍝ CHECK-NEXT:[](2.5)
⍝ CHECK-NEXT:[](100.0)
⍝ CHECK-NOT:{{.}}

⎕ ← (1 + ⍳) 3
⎕ ← (10 - ⌽) 1 2 3
⎕ ← (2 × +/) 1 2 3
⎕ ← 3 (1 + ×) 4
⎕ ← 2 (0.5 × +) 3
(100 ⌊ ×/) 5 6 7
