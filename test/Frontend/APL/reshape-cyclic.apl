⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Dyadic ⍴ reuses the argument cyclically; a scalar right argument fills the result.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:{{^$}}
⍝ CHECK-NEXT: 1 2 3
⍝ CHECK-NEXT: 4 1 2
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[7](1,2,3,1,2,3,1)
⍝ CHECK-NEXT:[2,2,2](1,2,3,1,2,3,1,2)
⍝ CHECK-NEXT:[4](9,9,9,9)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 0.5 1.5
⍝ CHECK-NEXT: 2.5 0.5
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](15.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 2 3 ⍴ ⍳ 4
⎕ ← 7 ⍴ 1 2 3
⎕ ← 2 2 2 ⍴ 1 2 3
⎕ ← 4 ⍴ 9
⎕ ← 2 2 ⍴ 0.5 1.5 2.5
+/ 10 ⍴ 1 2
