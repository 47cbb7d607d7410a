⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Indexing rank-3 arrays with elided axes (A[i;;], A[;i;], A[;;i]) and full indices.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:{{^$}}
⍝ CHECK-NEXT: 13 14 15 16
⍝ CHECK-NEXT: 17 18 19 20
⍝ CHECK-NEXT: 21 22 23 24
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  5  6  7  8
⍝ CHECK-NEXT: 17 18 19 20
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  3  7 11
⍝ CHECK-NEXT: 15 19 23
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](24)
⍝ CHECK-NEXT:[3](2,6,10)
⍝ CHECK-NEXT:[](58.0)
⍝ CHECK-NOT:{{.}}

A ← 2 3 4 ⍴ ⍳ 24
⎕ ← A[2;;]
⎕ ← A[;2;]
⎕ ← A[;;3]
⎕ ← A[2;3;4]
⎕ ← A[1;;2]
+/ A[2;1;]
