⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ When the last statement is an assignment, its value is the program's value.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](6)
⍝ CHECK-NEXT:[](42.0)
⍝ CHECK-NOT:{{.}}

⎕ ← x ← 6
r ← x × 7
