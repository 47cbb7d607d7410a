⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Monadic ⍉ reverses the axes (a vector is unchanged; rank 3 prints flat).
⍝ CHECK-NOT:{{.}}
⍝ CHECK:{{^$}}
⍝ CHECK-NEXT: 1 4
⍝ CHECK-NEXT: 2 5
⍝ CHECK-NEXT: 3 6
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[3](1,2,3)
⍝ CHECK-NEXT:[4,3,2](1,13,5,17,9,21,2,14,6,18,10,22,3,15,7,19,11,23,4,16,8,20,12,24)
⍝ CHECK-NEXT:[3](4,3,2)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: ac
⍝ CHECK-NEXT: bd
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](91.0)
⍝ CHECK-NOT:{{.}}

M ← 2 3 ⍴ ⍳ 6
⎕ ← ⍉ M
⎕ ← ⍉ 1 2 3
⎕ ← ⍉ 2 3 4 ⍴ ⍳ 24
⎕ ← ⍴ ⍉ 2 3 4 ⍴ ⍳ 24
⎕ ← ⍉ 2 2 ⍴ 'abcd'
+/ , M × ⍉ ⍉ M
