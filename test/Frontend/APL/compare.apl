⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ = ≠ < ≤ > ≥ on ints, doubles and mixed arguments give booleans.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[3](0,1,0)
⍝ CHECK-NEXT:[3](1,0,1)
⍝ CHECK-NEXT:[3](1,0,0)
⍝ CHECK-NEXT:[3](1,1,0)
⍝ CHECK-NEXT:[3](0,0,1)
⍝ CHECK-NEXT:[3](0,1,1)
⍝ CHECK-NEXT:[3](0,0,1)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](3.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 1 2 3 = 3 2 1
⎕ ← 1 2 3 ≠ 3 2 1
⎕ ← 1 2 3 < 2
⎕ ← 1 2 3 ≤ 2
⎕ ← 1 2 3 > 2
⎕ ← 1 2 3 ≥ 2
⎕ ← 2.5 < 1 2 3
⎕ ← 3 = 3.0
+/ 5 = 1 5 5 2 5
