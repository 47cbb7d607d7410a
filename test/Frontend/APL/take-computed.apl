⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Take and over-take of a computed vector whose length is known only at run time (the
⍝ result of a compress): the choice between the slice and the padded array stays a choice of
⍝ views; the map computing the vector is not pushed into it.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[5](0,0,0,0,1)
⍝ CHECK-NEXT:[1](1)
⍝ CHECK-NEXT:[4](1,0,0,0)
⍝ CHECK-NEXT:[](2.0)
⍝ CHECK-NOT:{{.}}

x ← {(⍵>0)/⍵} 1 0 3
⎕ ← ¯5↑ x ≥ 2
⎕ ← ¯1↑ x ≥ 2
⎕ ← 4↑ x ≤ 2
+/ x ≥ 0
