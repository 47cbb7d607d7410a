⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ User monadic operators (dfns with ⍺⍺), deriving monadic and dyadic functions.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](18)
⍝ CHECK-NEXT:[](5)
⍝ CHECK-NEXT:[](12)
⍝ CHECK-NEXT:[](-7)
⍝ CHECK-NEXT:[](9.0)
⍝ CHECK-NEXT:[](5.0)
⍝ CHECK-NOT:{{.}}

twice ← {⍺⍺ ⍺⍺ ⍵}
⎕ ← ({⍵ × 3} twice) 2
⎕ ← (- twice) 5
inc ← {⍵ + 1}
⎕ ← inc twice 10
swap ← {⍵ ⍺⍺ ⍺}
⎕ ← 10 (- swap) 3
⎕ ← 2 (* swap) 3
({⍵ + 2} twice) 1
