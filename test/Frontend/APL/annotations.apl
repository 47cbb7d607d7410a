⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ ⍝: type annotations on dfns (thesis §3.3) and before an assignment do not change the values.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[3](3,5,7)
⍝ CHECK-NEXT:[2](1.0,3.0)
⍝ CHECK-NEXT:[](15.0)
⍝ CHECK-NOT:{{.}}

diff ← { ⍝: <int>(ρ+1) → <int>ρ
  (1 ↓ ⍵) - ¯1 ↓ ⍵
}
⎕ ← diff 1 4 9 16
scale ← { ⍝: <double>ρ → <double>ρ
  ⍵ × 2.0
}
⎕ ← scale 0.5 1.5
⍝: [int]1
v ← ⍳ 5
+/ v
