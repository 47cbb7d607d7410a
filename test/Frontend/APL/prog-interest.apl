⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Program: compound growth with doubles (power operator, floor to int, vector rates).
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](110.25)
⍝ CHECK-NEXT:[](1628)
⍝ CHECK-NEXT:[4](100.5,101.0,101.5,102.0)
⍝ CHECK-NEXT:[](5.0)
⍝ CHECK-NOT:{{.}}

grow ← {⍵ × 1.05}
⎕ ← (grow ⍣ 2) 100
⎕ ← ⌊ (grow ⍣ 10) 1000
rates ← 0.5 × ⍳ 4
⎕ ← 100 × 1 + rates ÷ 100
+/ rates
