⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Dyadic ↑ with positive and negative counts, on vectors, matrices (first axis) and strings.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[3](1,2,3)
⍝ CHECK-NEXT:[3](3,4,5)
⍝ CHECK-NEXT:[5](1,2,3,4,5)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1 2 3
⍝ CHECK-NEXT: 4 5 6
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 10 11 12
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:he
⍝ CHECK-NEXT:[](30.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 3 ↑ ⍳ 5
⎕ ← ¯3 ↑ ⍳ 5
⎕ ← 5 ↑ ⍳ 5
⎕ ← 2 ↑ 4 3 ⍴ ⍳ 12
⎕ ← ¯1 ↑ 4 3 ⍴ ⍳ 12
⎕ ← 2 ↑ 'hello'
+/ 2 ↑ 10 20 30
