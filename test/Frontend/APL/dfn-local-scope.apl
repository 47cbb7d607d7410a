⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Assignments inside a dfn are local: a global of the same name is unchanged; globals are readable.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](6)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](2)
⍝ CHECK-NEXT:[](1.0)
⍝ CHECK-NOT:{{.}}

x ← 1
f ← {
  x ← 5
  x + ⍵
}
⎕ ← f 1
⎕ ← x
g ← {x + ⍵}
⎕ ← g 1
x
