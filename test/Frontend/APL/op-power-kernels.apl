⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Power over arrays whose step holds kernels (kernel extraction keeps the loop on the host and
⍝ the carried arrays on the device): a rotation yielded as it is, zero steps, an argument used
⍝ again after the loop, a tuple whose components swap, nested powers, a reduction carried as a
⍝ scalar, a matrix, a print in the step.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[6](4,5,6,1,2,3)
⍝ CHECK-NEXT:[6](1,2,3,4,5,6)
⍝ CHECK-NEXT:[6](9,18,27,36,45,54)
⍝ CHECK-NEXT:[3](2,3,4)
⍝ CHECK-NEXT:[3](12,22,32)
⍝ CHECK-NEXT:[6](13,17,21,25,29,33)
⍝ CHECK-NEXT:[](24)
⍝ CHECK-NEXT:[6](5,6,1,2,3,4)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  3  4  1  2
⍝ CHECK-NEXT:  7  8  5  6
⍝ CHECK-NEXT: 11 12  9 10
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](21)
⍝ CHECK-NEXT:[](27)
⍝ CHECK-NEXT:[](33)
⍝ CHECK-NEXT:[](39.0)
⍝ CHECK-NOT:{{.}}

v ← ⍳ 6
⎕ ← (1∘⌽⍣3) v
⎕ ← ({⍵ + 1}⍣0) v
w ← ({⍵ × 2}⍣3) v
⎕ ← v + w
sw ← {(⍵[2]) (⍵[1] + 1)}
t ← (sw ⍣ 3) (10 20 30) (1 2 3)
⎕ ← t[1]
⎕ ← t[2]
nest ← {({⍵ + 1}⍣3) 2 × ⍵}
⎕ ← (nest ⍣ 2) v
st ← {(⍵[1] + ⌈/⍵[2]) (1 ⌽ ⍵[2])}
u ← (st ⍣ 4) 0 v
⎕ ← u[1]
⎕ ← u[2]
m ← 3 4 ⍴ ⍳ 12
⎕ ← ({⍉ 1 ⊖ ⍉ ⍵}⍣2) m
pr ← {⎕ ← +/ ⍵ ⋄ ⍵ + 1}
+/ (pr ⍣ 3) v
