⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Dyadic ⊖ rotates along the first axis, with negative and wrapping counts.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:{{^$}}
⍝ CHECK-NEXT: 3 4
⍝ CHECK-NEXT: 5 6
⍝ CHECK-NEXT: 1 2
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 5 6
⍝ CHECK-NEXT: 1 2
⍝ CHECK-NEXT: 3 4
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 5 6
⍝ CHECK-NEXT: 1 2
⍝ CHECK-NEXT: 3 4
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[3](2,3,1)
⍝ CHECK-NEXT:[](21.0)
⍝ CHECK-NOT:{{.}}

M ← 3 2 ⍴ ⍳ 6
⎕ ← 1 ⊖ M
⎕ ← ¯1 ⊖ M
⎕ ← 5 ⊖ M
⎕ ← 1 ⊖ 1 2 3
+/ , 1 ⊖ M
