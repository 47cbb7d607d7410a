⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Monadic forks (f g h), inline and named (with and without parentheses).
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](2.5)
⍝ CHECK-NEXT:[](5.0)
⍝ CHECK-NEXT:[](8)
⍝ CHECK-NEXT:[](0)
⍝ CHECK-NEXT:[6](1,2,3,3,2,1)
⍝ CHECK-NEXT:[](18.0)
⍝ CHECK-NOT:{{.}}

⎕ ← (+/ ÷ ≢) 1 2 3 4
mean ← +/ ÷ ≢
⎕ ← mean 2 4 9
⎕ ← (⌈/ - ⌊/) 3 9 4 1
range ← (⌈/ - ⌊/)
⎕ ← range 5 5
⎕ ← (⊢ , ⌽) 1 2 3
(+/ × ≢) 1 2 3
