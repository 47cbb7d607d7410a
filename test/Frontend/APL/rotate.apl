⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Dyadic ⌽ rotates along the last axis: negative counts rotate right, counts wrap modulo the length.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[5](3,4,5,1,2)
⍝ CHECK-NEXT:[5](4,5,1,2,3)
⍝ CHECK-NEXT:[5](3,4,5,1,2)
⍝ CHECK-NEXT:[5](1,2,3,4,5)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 2 3 1
⍝ CHECK-NEXT: 5 6 4
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:dabc
⍝ CHECK-NEXT:[](20.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 2 ⌽ ⍳ 5
⎕ ← ¯2 ⌽ ⍳ 5
⎕ ← 7 ⌽ ⍳ 5
⎕ ← 0 ⌽ ⍳ 5
⎕ ← 1 ⌽ 2 3 ⍴ ⍳ 6
⎕ ← ¯1 ⌽ 'abcd'
⊃ 1 ⌽ 10 20 30
