⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Scalar functions extend a scalar to the other argument's shape; equal shapes combine pointwise.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:{{^$}}
⍝ CHECK-NEXT: 11 12 13
⍝ CHECK-NEXT: 14 15 16
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 99 98 97
⍝ CHECK-NEXT: 96 95 94
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  1  4  9
⍝ CHECK-NEXT: 16 25 36
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1 0 1
⍝ CHECK-NEXT: 0 0 0
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[2,2,2](2,4,6,8,10,12,14,16)
⍝ CHECK-NEXT:[](3.0)
⍝ CHECK-NOT:{{.}}

M ← 2 3 ⍴ ⍳ 6
⎕ ← M + 10
⎕ ← 100 - M
⎕ ← M × M
⎕ ← M = 2 3 ⍴ 1 0 3
⎕ ← 2 × 2 2 2 ⍴ ⍳ 8
+/ , M > 3
