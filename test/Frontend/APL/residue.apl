⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Dyadic | (residue) takes the sign of the left argument; 0|y is y; monadic | is abs.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](1)
⍝ CHECK-NEXT:[](2)
⍝ CHECK-NEXT:[](-2)
⍝ CHECK-NEXT:[](-1)
⍝ CHECK-NEXT:[](5)
⍝ CHECK-NEXT:[](0)
⍝ CHECK-NEXT:[7](0,3,3,0,1,1,0)
⍝ CHECK-NEXT:[3](3,4,0)
⍝ CHECK-NEXT:[](5.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 3 | 7
⎕ ← 3 | ¯7
⎕ ← ¯3 | 7
⎕ ← ¯3 | ¯7
⎕ ← 0 | 5
⎕ ← 5 | 0
⎕ ← 4 | ¯8 ¯5 ¯1 0 1 5 8
⎕ ← | 3 ¯4 0
+/ 2 | ⍳ 9
