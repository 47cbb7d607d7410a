⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Power f⍣n applies f n times (n a literal or a variable, 0 times is the identity).
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](32)
⍝ CHECK-NEXT:[3](8,16,24)
⍝ CHECK-NEXT:[](7)
⍝ CHECK-NEXT:[](0.125)
⍝ CHECK-NEXT:[](4)
⍝ CHECK-NEXT:[](16)
⍝ CHECK-NEXT:[](9.0)
⍝ CHECK-NOT:{{.}}

⎕ ← ({⍵ × 2} ⍣ 5) 1
double ← {⍵ + ⍵}
⎕ ← (double ⍣ 3) 1 2 3
⎕ ← (double ⍣ 0) 7
⎕ ← ({⍵ ÷ 2} ⍣ 3) 1.0
n ← 4
⎕ ← ({⍵ + 1} ⍣ n) 0
⎕ ← {⍵ + 3} ⍣ 2 ⊢ 10
({⍵ × 3} ⍣ 2) 1
