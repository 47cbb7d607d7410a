⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Nested dfns: inner dfns see the enclosing dfn's locals and globals (lexical scope); inner ⍵ and ⍺ shadow outer ones.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](31)
⍝ CHECK-NEXT:[](105)
⍝ CHECK-NEXT:[](12)
⍝ CHECK-NEXT:[](10)
⍝ CHECK-NEXT:[](2.0)
⍝ CHECK-NOT:{{.}}

f ← {
  g ← {⍵ × 10}
  (g ⍵) + 1
}
⎕ ← f 3
k ← 100
h ← {
  add ← {⍵ + k}
  add ⍵
}
⎕ ← h 5
outer ← {
  x ← ⍵ + 1
  inner ← {⍵ + x}
  inner 10
}
⎕ ← outer 1
shadow ← {{⍵ × 2} ⍵ + 1}
⎕ ← shadow 4
dy ← {⍺ {⍺ - ⍵} ⍵}
3 dy 1
