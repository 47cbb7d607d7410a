⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Scan f\ along the last axis: each prefix reduced from the right.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[4](1,3,6,10)
⍝ CHECK-NEXT:[4](1,2,6,24)
⍝ CHECK-NEXT:[4](1,-1,2,-2)
⍝ CHECK-NEXT:[5](3,3,4,4,5)
⍝ CHECK-NEXT:[3](0.5,0.75,0.875)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  1  3  6
⍝ CHECK-NEXT:  4  9 15
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](55.0)
⍝ CHECK-NOT:{{.}}

⎕ ← +\ 1 2 3 4
⎕ ← ×\ 1 2 3 4
⎕ ← -\ 1 2 3 4
⎕ ← ⌈\ 3 1 4 1 5
⎕ ← +\ 0.5 0.25 0.125
⎕ ← +\ 2 3 ⍴ ⍳ 6
⊃ ⌽ +\ ⍳ 10
