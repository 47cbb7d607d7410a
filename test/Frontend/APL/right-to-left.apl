⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Functions apply right to left without precedence; parentheses group.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](14)
⍝ CHECK-NEXT:[](10)
⍝ CHECK-NEXT:[](11)
⍝ CHECK-NEXT:[](512.0)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[3](1,2,3)
⍝ CHECK-NEXT:[](10.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 2 × 3 + 4
⎕ ← (2 × 3) + 4
⎕ ← 10 - 2 - 3
⎕ ← 2 * 3 * 2
⎕ ← - 1 - 2
⎕ ← ⍳ 2 + 1
100 ÷ 2 × 5
