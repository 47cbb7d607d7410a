⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Dyadic / with a boolean left argument (compress), including an all-zero mask.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[3](1,3,5)
⍝ CHECK-NEXT:[0]()
⍝ CHECK-NEXT:ab
⍝ CHECK-NEXT:[3](8,9,4)
⍝ CHECK-NEXT:[1](3.5)
⍝ CHECK-NEXT:[](21.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 1 0 1 0 1 / ⍳ 5
⎕ ← 0 0 0 / 4 5 6
⎕ ← 1 1 0 / 'abc'
v ← 3 8 1 9 4
⎕ ← (v > 3) / v
⎕ ← 0 1 / 2.5 3.5
+/ (v > 3) / v
