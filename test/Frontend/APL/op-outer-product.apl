⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Outer product ∘.f on vectors (matrix result) and with a matrix (rank-3 result).
⍝ CHECK-NOT:{{.}}
⍝ CHECK:{{^$}}
⍝ CHECK-NEXT:  1  2  3  4
⍝ CHECK-NEXT:  2  4  6  8
⍝ CHECK-NEXT:  3  6  9 12
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1 0 0
⍝ CHECK-NEXT: 0 1 0
⍝ CHECK-NEXT: 0 0 1
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  1.5 1.25
⍝ CHECK-NEXT:  2.5 2.25
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  9  8  7
⍝ CHECK-NEXT: 19 18 17
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[2,2,2](1,2,3,4,2,4,6,8)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1 0 0
⍝ CHECK-NEXT: 0 1 0
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](50.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 1 2 3 ∘.× 1 2 3 4
⎕ ← (⍳ 3) ∘.= ⍳ 3
⎕ ← 1 2 ∘.+ 0.5 0.25
⎕ ← 10 20 ∘.- 1 2 3
⎕ ← 1 2 ∘.× 2 2 ⍴ ⍳ 4
⎕ ← 'ab' ∘.= 'abc'
+/ , (⍳ 4) ∘.⌈ ⍳ 4
