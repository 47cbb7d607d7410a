⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Dyadic ⍪ joins along the first axis; a vector becomes a new row.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:{{^$}}
⍝ CHECK-NEXT: 1 2 3
⍝ CHECK-NEXT: 4 5 6
⍝ CHECK-NEXT: 7 8 9
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  1  2  3
⍝ CHECK-NEXT:  4  5  6
⍝ CHECK-NEXT: 10 11 12
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[4](1,2,3,4)
⍝ CHECK-NEXT:[](4.0)
⍝ CHECK-NOT:{{.}}

A ← 2 3 ⍴ ⍳ 6
B ← 1 3 ⍴ 7 8 9
⎕ ← A ⍪ B
⎕ ← A ⍪ 10 11 12
⎕ ← 1 2 ⍪ 3 4
≢ A ⍪ A
