⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Dyadic , on matrices joins along the last axis; a vector becomes a new last column.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:{{^$}}
⍝ CHECK-NEXT:  1  2  5  6  7
⍝ CHECK-NEXT:  3  4  8  9 10
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1 2 8
⍝ CHECK-NEXT: 3 4 9
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 8 1 2
⍝ CHECK-NEXT: 9 3 4
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](55.0)
⍝ CHECK-NOT:{{.}}

A ← 2 2 ⍴ 1 2 3 4
B ← 2 3 ⍴ 5 6 7 8 9 10
⎕ ← A , B
⎕ ← A , 8 9
⎕ ← 8 9 , A
+/ , A , B
