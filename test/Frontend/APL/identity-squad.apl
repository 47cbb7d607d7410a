⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ ⊢ and ⊣ (monadic and dyadic) and monadic ⌷ (materialize) return an argument unchanged.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[3](1,2,3)
⍝ CHECK-NEXT:[](5)
⍝ CHECK-NEXT:[](4)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1 2
⍝ CHECK-NEXT: 3 4
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:ab
⍝ CHECK-NEXT:[](5.0)
⍝ CHECK-NOT:{{.}}

⎕ ← ⊢ 1 2 3
⎕ ← 4 ⊢ 5
⎕ ← 4 ⊣ 5
⎕ ← ⌷ 2 2 ⍴ ⍳ 4
⎕ ← 'ab' ⊣ 'cd'
(⊢ 3) + 2 ⊣ 9
