⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Monadic ⍳ is 1-based; ⍳0 is empty.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[5](1,2,3,4,5)
⍝ CHECK-NEXT:[1](1)
⍝ CHECK-NEXT:[0]()
⍝ CHECK-NEXT:[4](2,4,6,8)
⍝ CHECK-NEXT:[](5050.0)
⍝ CHECK-NOT:{{.}}

⎕ ← ⍳ 5
⎕ ← ⍳ 1
⎕ ← ⍳ 0
⎕ ← 2 × ⍳ 4
+/ ⍳ 100
