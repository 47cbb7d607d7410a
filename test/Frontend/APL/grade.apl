⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Monadic ⍋ and ⍒ give 1-based permutations; ties keep their original order (stable).
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[6](2,4,6,1,5,3)
⍝ CHECK-NEXT:[6](3,5,1,6,2,4)
⍝ CHECK-NEXT:[3](2,3,1)
⍝ CHECK-NEXT:[4](1,2,4,3)
⍝ CHECK-NEXT:[0]()
⍝ CHECK-NEXT:[](3.0)
⍝ CHECK-NOT:{{.}}

v ← 30 10 50 10 40 20
⎕ ← ⍋ v
⎕ ← ⍒ v
⎕ ← ⍋ 2.5 ¯1 0.5
⎕ ← ⍒ 3 3 1 3
⎕ ← ⍋ ⍬
⊃ ⍒ v
