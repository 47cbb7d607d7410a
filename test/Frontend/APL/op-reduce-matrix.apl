⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Reduce on matrices and rank-3 arrays removes the last axis.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[2](6,15)
⍝ CHECK-NEXT:[2](6,120)
⍝ CHECK-NEXT:[2](2,5)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  6 15
⍝ CHECK-NEXT: 24 33
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](21)
⍝ CHECK-NEXT:[](21.0)
⍝ CHECK-NOT:{{.}}

M ← 2 3 ⍴ ⍳ 6
⎕ ← +/ M
⎕ ← ×/ M
⎕ ← -/ M
⎕ ← +/ 2 2 3 ⍴ ⍳ 12
⎕ ← +/ +/ M
+/ , M
