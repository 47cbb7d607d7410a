⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Program: Horner evaluation by reduce with a dfn that reads the enclosing dfn's local; mapped with ¨.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](1)
⍝ CHECK-NEXT:[](0)
⍝ CHECK-NEXT:[](3)
⍝ CHECK-NEXT:[4](1,0,3,10)
⍝ CHECK-NEXT:[](21.0)
⍝ CHECK-NOT:{{.}}

coeffs ← 1 ¯3 2
p ← {
  x ← ⍵
  {⍺ + x × ⍵} / coeffs
}
⎕ ← p 0
⎕ ← p 1
⎕ ← p 2
⎕ ← p¨ 0 1 2 3
p 4
