⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Dyadic + and -, monadic - (negate) and + (identity) on ints and doubles.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](7)
⍝ CHECK-NEXT:[3](11,22,33)
⍝ CHECK-NEXT:[3](9,8,7)
⍝ CHECK-NEXT:[3](-4,-3,-2)
⍝ CHECK-NEXT:[3](-3,4,0)
⍝ CHECK-NEXT:[2](2,-3)
⍝ CHECK-NEXT:[](3.5)
⍝ CHECK-NEXT:[](-0.25)
⍝ CHECK-NEXT:[](-7.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 3 + 4
⎕ ← 1 2 3 + 10 20 30
⎕ ← 10 - 1 2 3
⎕ ← 1 2 3 - 5
⎕ ← - 3 ¯4 0
⎕ ← + 2 ¯3
⎕ ← 1.5 + 2
⎕ ← 7 - 7.25
3 - 10
