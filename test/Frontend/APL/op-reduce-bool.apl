⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Reductions of booleans: +/ counts (an int), ∧/ ∨/ ≠/ =/ stay boolean.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](3)
⍝ CHECK-NEXT:[](0)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](0)
⍝ CHECK-NEXT:[2](1,0)
⍝ CHECK-NEXT:[](2.0)
⍝ CHECK-NOT:{{.}}

b ← 1 0 1 1 0
⎕ ← +/ b
⎕ ← ∧/ b
⎕ ← ∨/ b
⎕ ← ≠/ b
⎕ ← =/ 1 1 0
⎕ ← ∧/ 2 2 ⍴ 1 1 1 0
+/ 3 = 1 3 3
