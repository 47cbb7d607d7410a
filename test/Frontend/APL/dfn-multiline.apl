⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Multi-line dfns with local assignments; the last statement is the result.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](5.0)
⍝ CHECK-NEXT:[](4.0)
⍝ CHECK-NEXT:[2](2,4)
⍝ CHECK-NEXT:[](10.0)
⍝ CHECK-NOT:{{.}}

norm ← {
  s ← +/ ⍵ × ⍵
  s * 0.5
}
⎕ ← norm 3 4
var ← {
  n ← ≢ ⍵
  m ← (+/ ⍵) ÷ n
  d ← ⍵ - m
  (+/ d × d) ÷ n
}
⎕ ← var 2 4 4 4 5 5 7 9
f ← {
  a ← ⍺ + 1
  b ← ⍵ × 2
  a , b
}
⎕ ← 1 f 2
norm 6 8
