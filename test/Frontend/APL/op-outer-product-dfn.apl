⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Outer product with a dfn operand, inline and named.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:{{^$}}
⍝ CHECK-NEXT: 11 21
⍝ CHECK-NEXT: 12 22
⍝ CHECK-NEXT: 13 23
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 4 5 6
⍝ CHECK-NEXT: 7 8 9
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](7.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 1 2 3 ∘.{⍺ + 10 × ⍵} 1 2
f ← {(⍺ × ⍺) + ⍵}
⎕ ← 1 2 ∘.f 3 4 5
+/ , 2 3 ∘.{⍺ ⌊ ⍵} 1 4
