⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Dyadic ↓ with positive and negative counts, over-drop giving empty arrays, on matrices (first axis).
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[3](3,4,5)
⍝ CHECK-NEXT:[3](1,2,3)
⍝ CHECK-NEXT:[3](1,2,3)
⍝ CHECK-NEXT:[0]()
⍝ CHECK-NEXT:[0]()
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 3 4
⍝ CHECK-NEXT: 5 6
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1 2
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:ello
⍝ CHECK-NEXT:[0,2]()
⍝ CHECK-NEXT:[](54.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 2 ↓ ⍳ 5
⎕ ← ¯2 ↓ ⍳ 5
⎕ ← 0 ↓ ⍳ 3
⎕ ← 5 ↓ ⍳ 3
⎕ ← ¯5 ↓ ⍳ 3
⎕ ← 1 ↓ 3 2 ⍴ ⍳ 6
⎕ ← ¯2 ↓ 3 2 ⍴ ⍳ 6
⎕ ← 1 ↓ 'hello'
⎕ ← 3 ↓ 2 2 ⍴ ⍳ 4
+/ 1 ↓ ⍳ 10
