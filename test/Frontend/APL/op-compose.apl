⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Compose: f∘g, A∘g (bind left), f∘A (bind right), monadic and dyadic.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](11)
⍝ CHECK-NEXT:[](6)
⍝ CHECK-NEXT:[](-7)
⍝ CHECK-NEXT:[](7)
⍝ CHECK-NEXT:[1](3)
⍝ CHECK-NEXT:[](2.5)
⍝ CHECK-NEXT:[](2)
⍝ CHECK-NEXT:[](-1.0)
⍝ CHECK-NOT:{{.}}

⎕ ← ({⍵ + 1} ∘ {⍵ × 2}) 5
⎕ ← (2 ∘ ×) 3
⎕ ← (2 ∘ -) 9
⎕ ← (- ∘ 2) 9
rk ← ⍴ ∘ ⍴
⎕ ← rk 2 3 4 ⍴ 0
⎕ ← (÷ ∘ 2) 5
⎕ ← 3 (+ ∘ -) 1
⊃ (- ∘ ⍳) 3
