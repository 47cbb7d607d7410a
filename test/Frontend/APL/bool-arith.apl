⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Booleans in arithmetic and catenation with ints become ints.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[3](2,1,1)
⍝ CHECK-NEXT:[3](5,0,5)
⍝ CHECK-NEXT:[3](-1,0,-1)
⍝ CHECK-NEXT:[3](0,1,0)
⍝ CHECK-NEXT:[](2)
⍝ CHECK-NEXT:[4](1,0,1,2)
⍝ CHECK-NEXT:[](1.0)
⍝ CHECK-NOT:{{.}}

a ← 1 0 1
⎕ ← a + 1 1 0
⎕ ← a × 5
⎕ ← - a
⎕ ← ~ a
⎕ ← (3 > 2) + 1
⎕ ← a , 2
+/ a ∧ 1 1 0
