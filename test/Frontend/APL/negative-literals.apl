⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ ¯ marks negative literals; - is always the function (dyadic minus or negate).
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](-3)
⍝ CHECK-NEXT:[](-2)
⍝ CHECK-NEXT:[](-1)
⍝ CHECK-NEXT:[3](2,-3,4)
⍝ CHECK-NEXT:[2](-2,-3)
⍝ CHECK-NEXT:[](2)
⍝ CHECK-NEXT:[](-2.5)
⍝ CHECK-NEXT:[](7.0)
⍝ CHECK-NOT:{{.}}

⎕ ← ¯3
⎕ ← ¯3 + 1
⎕ ← 2 - 3
⎕ ← 2 ¯3 4
⎕ ← - 2 3
⎕ ← 5 -3
⎕ ← ¯2.5
| ¯7
