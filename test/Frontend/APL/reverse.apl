⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Monadic ⌽ reverses along the last axis; a scalar is unchanged.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[4](4,3,2,1)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 3 2 1
⍝ CHECK-NEXT: 6 5 4
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:desserts
⍝ CHECK-NEXT:[](5)
⍝ CHECK-NEXT:[0]()
⍝ CHECK-NEXT:[](9.0)
⍝ CHECK-NOT:{{.}}

⎕ ← ⌽ 1 2 3 4
⎕ ← ⌽ 2 3 ⍴ ⍳ 6
⎕ ← ⌽ 'stressed'
⎕ ← ⌽ 5
⎕ ← ⌽ ⍬
⊃ ⌽ 7 8 9
