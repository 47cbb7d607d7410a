⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Program: counting values with an outer product and drawing bars as a boolean matrix.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[5](2,0,3,0,1)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1 1 0
⍝ CHECK-NEXT: 0 0 0
⍝ CHECK-NEXT: 1 1 1
⍝ CHECK-NEXT: 0 0 0
⍝ CHECK-NEXT: 1 0 0
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](6.0)
⍝ CHECK-NOT:{{.}}

data ← 3 1 3 5 3 1
counts ← +/ (⍳ 5) ∘.= data
⎕ ← counts
⎕ ← counts ∘.≥ ⍳ ⌈/ counts
+/ counts
