⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Monadic ⊖ reverses along the first axis.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:{{^$}}
⍝ CHECK-NEXT: 5 6
⍝ CHECK-NEXT: 3 4
⍝ CHECK-NEXT: 1 2
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[3](3,2,1)
⍝ CHECK-NEXT:[2,2,2](5,6,7,8,1,2,3,4)
⍝ CHECK-NEXT:[](10.0)
⍝ CHECK-NOT:{{.}}

⎕ ← ⊖ 3 2 ⍴ ⍳ 6
⎕ ← ⊖ 1 2 3
⎕ ← ⊖ 2 2 2 ⍴ ⍳ 8
+/ , ⊖ 2 2 ⍴ ⍳ 4
