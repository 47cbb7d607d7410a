⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Strands of differently shaped items are tuples: c←a (b a) 4, read with c[i], also inside a dfn.
⍝ libjay has nested arrays instead of tuples: its program discloses the items (⊃c[1], …).
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[4](1,2,4,3)
⍝ CHECK-NEXT:[](4)
⍝ CHECK-NEXT:hello
⍝ CHECK-NEXT:[](10)
⍝ CHECK-NEXT:[](14.0)
⍝ CHECK-NOT:{{.}}

a ← 1 2 4 3
b ← 'hello'
c ← a (b a) 4
⎕ ← c[1]
⎕ ← c[3]
d ← c[2]
⎕ ← d[1]
⎕ ← +/ d[2]
f ← {(+/ ⍵[1]) + ⍵[3]}
f c
