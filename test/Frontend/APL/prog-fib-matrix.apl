⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Program: Fibonacci numbers from the 10th power of a 2×2 matrix (⍣ over +.×).
⍝ CHECK-NOT:{{.}}
⍝ CHECK:{{^$}}
⍝ CHECK-NEXT: 89 55
⍝ CHECK-NEXT: 55 34
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](55.0)
⍝ CHECK-NOT:{{.}}

step ← {⍵ +.× 2 2 ⍴ 1 1 1 0}
F ← (step ⍣ 10) 2 2 ⍴ 1 0 0 1
⎕ ← F
F[1;2]
