⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Inner product f.g: matrix-matrix, vector-vector (a scalar), matrix-vector, vector-matrix, ∧.= and ⌈.+.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:{{^$}}
⍝ CHECK-NEXT:  58  64
⍝ CHECK-NEXT: 139 154
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](32)
⍝ CHECK-NEXT:[2](4,10)
⍝ CHECK-NEXT:[3](9,12,15)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 14 15
⍝ CHECK-NEXT: 17 18
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[2](7.5,11.0)
⍝ CHECK-NEXT:[](415.0)
⍝ CHECK-NOT:{{.}}

A ← 2 3 ⍴ ⍳ 6
B ← 3 2 ⍴ 7 8 9 10 11 12
⎕ ← A +.× B
⎕ ← 1 2 3 +.× 4 5 6
⎕ ← A +.× 1 0 1
⎕ ← 1 2 +.× A
⎕ ← 1 2 3 ∧.= 1 2 3
⎕ ← A ⌈.+ B
⎕ ← 1.5 2 +.× 2 2 ⍴ 1 2 3 4
+/ , A +.× B
