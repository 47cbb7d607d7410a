⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Monadic ⌊ and ⌈ round doubles to ints (towards -inf / +inf); on ints they are the identity.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](2)
⍝ CHECK-NEXT:[](-3)
⍝ CHECK-NEXT:[](3)
⍝ CHECK-NEXT:[](-2)
⍝ CHECK-NEXT:[3](1,-1,3)
⍝ CHECK-NEXT:[3](2,0,3)
⍝ CHECK-NEXT:[2](4,5)
⍝ CHECK-NEXT:[](3.0)
⍝ CHECK-NOT:{{.}}

⎕ ← ⌊ 2.7
⎕ ← ⌊ ¯2.7
⎕ ← ⌈ 2.1
⎕ ← ⌈ ¯2.1
⎕ ← ⌊ 1.5 ¯0.5 3.0
⎕ ← ⌈ 1.5 ¯0.5 3.0
⎕ ← ⌊ 4 5
⌊ 10 ÷ 3
