⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ User dyadic operators (dfns with ⍺⍺ and ⍵⍵), deriving monadic and dyadic functions.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](11)
⍝ CHECK-NEXT:[3](-3,-2,-1)
⍝ CHECK-NEXT:[](7)
⍝ CHECK-NEXT:[](50)
⍝ CHECK-NEXT:[](3)
⍝ CHECK-NEXT:[](0.75)
⍝ CHECK-NOT:{{.}}

compose ← {⍺⍺ ⍵⍵ ⍵}
⎕ ← ({⍵ + 1} compose {⍵ × 2}) 5
⎕ ← (- compose ⌽) 1 2 3
both ← {(⍺⍺ ⍵) ⍵⍵ (⍺⍺ ⍺)}
⎕ ← 3 ({⍵ × ⍵} both -) 4
over ← {(⍵⍵ ⍺) ⍺⍺ (⍵⍵ ⍵)}
⎕ ← 2 (+ over {⍵ × 10}) 3
⎕ ← ¯3 (⌈ over |) 2
1 (- over ÷) 4
