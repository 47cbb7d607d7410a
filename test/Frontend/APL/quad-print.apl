⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ ⎕←x prints x and has x's value: inside expressions, chained, and inside a dfn when it is called.
⍝ The oracle only evaluates ⎕← at the start of a top-level statement; the expected lines
⍝ were checked against an equivalent program with the prints spelt out (see the README).
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](7)
⍝ CHECK-NEXT:[](14)
⍝ CHECK-NEXT:[](10)
⍝ CHECK-NEXT:[](11)
⍝ CHECK-NEXT:[](10)
⍝ CHECK-NEXT:twice
⍝ CHECK-NEXT:twice
⍝ CHECK-NEXT:[](6.0)
⍝ CHECK-NOT:{{.}}

x ← ⎕ ← 3 + 4
⎕ ← x × 2
y ← 1 + ⎕ ← 10
⎕ ← y
f ← {⎕ ← ⍵ × 2 ⋄ ⍵ + 1}
z ← f 5
⎕ ← ⎕ ← 'twice'
z
