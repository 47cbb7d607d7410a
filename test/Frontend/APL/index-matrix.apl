⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Matrix indexing M[i;j], whole rows M[i;] and columns M[;j].
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](7)
⍝ CHECK-NEXT:[4](5,6,7,8)
⍝ CHECK-NEXT:[3](2,6,10)
⍝ CHECK-NEXT:[](12)
⍝ CHECK-NEXT:[](4)
⍝ CHECK-NEXT:[](24.0)
⍝ CHECK-NOT:{{.}}

M ← 3 4 ⍴ ⍳ 12
⎕ ← M[2;3]
⎕ ← M[2;]
⎕ ← M[;2]
⎕ ← M[3;4]
⎕ ← (⍉ M)[4;1]
+/ M[;4]
