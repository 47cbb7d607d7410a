⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Dyadic | and monadic | on doubles.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](2.0)
⍝ CHECK-NEXT:[](0.75)
⍝ CHECK-NEXT:[](-0.5)
⍝ CHECK-NEXT:[](0.25)
⍝ CHECK-NEXT:[2](2.5,1.5)
⍝ CHECK-NEXT:[](1.5)
⍝ CHECK-NOT:{{.}}

⎕ ← 2.5 | 7
⎕ ← 1 | 3.75
⎕ ← ¯2.5 | 7
⎕ ← 0.5 | ¯1.25
⎕ ← | ¯2.5 1.5
3 | 7.5
