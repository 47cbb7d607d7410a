⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Dyadic ⍉ with permutation vectors, on matrices and rank-3 arrays.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:{{^$}}
⍝ CHECK-NEXT: 1 4
⍝ CHECK-NEXT: 2 5
⍝ CHECK-NEXT: 3 6
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1 2 3
⍝ CHECK-NEXT: 4 5 6
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[3,2,4](1,2,3,4,13,14,15,16,5,6,7,8,17,18,19,20,9,10,11,12,21,22,23,24)
⍝ CHECK-NEXT:[3,4,2](1,13,2,14,3,15,4,16,5,17,6,18,7,19,8,20,9,21,10,22,11,23,12,24)
⍝ CHECK-NEXT:[2,4,3](1,5,9,2,6,10,3,7,11,4,8,12,13,17,21,14,18,22,15,19,23,16,20,24)
⍝ CHECK-NEXT:[3](3,4,2)
⍝ CHECK-NEXT:[](300.0)
⍝ CHECK-NOT:{{.}}

A ← 2 3 4 ⍴ ⍳ 24
M ← 2 3 ⍴ ⍳ 6
⎕ ← 2 1 ⍉ M
⎕ ← 1 2 ⍉ M
⎕ ← 2 1 3 ⍉ A
⎕ ← 3 1 2 ⍉ A
⎕ ← 1 3 2 ⍉ A
⎕ ← ⍴ 3 1 2 ⍉ A
+/ , 2 3 1 ⍉ A
