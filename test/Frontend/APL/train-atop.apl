⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Two-function trains (g h) are atops: g (h ⍵) and g (⍺ h ⍵).
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](-0.2)
⍝ CHECK-NEXT:[](-2.5)
⍝ CHECK-NEXT:[](4)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 5 3 1
⍝ CHECK-NEXT: 6 4 2
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](10)
⍝ CHECK-NEXT:[3](4,3,2)
⍝ CHECK-NEXT:[](7.0)
⍝ CHECK-NOT:{{.}}

⎕ ← (- ÷) 5
⎕ ← 10 (- ÷) 4
⎕ ← (| -) 4
⎕ ← (⍉ ⊖) 3 2 ⍴ ⍳ 6
⎕ ← (+/ ⍳) 4
⎕ ← 2 (⌽ ,) 3 4
(≢ ⍳) 7
