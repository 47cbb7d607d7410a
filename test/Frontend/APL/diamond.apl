⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ ⋄ separates statements at top level and inside dfns.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](3)
⍝ CHECK-NEXT:[](11)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](2)
⍝ CHECK-NEXT:[](12.0)
⍝ CHECK-NOT:{{.}}

a ← 1 ⋄ b ← 2 ⋄ ⎕ ← a + b
f ← {x ← ⍵ × 2 ⋄ x + 1}
⎕ ← f 5
⎕ ← 1 ⋄ ⎕ ← 2
g ← {
  y ← ⍵ ⋄ z ← y + 1
  y × z
}
g 3
