⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Dyadic * (power) and monadic * (exp), also spelt ⋆; always doubles.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](1024.0)
⍝ CHECK-NEXT:[](1.41421356237)
⍝ CHECK-NEXT:[](1.0)
⍝ CHECK-NEXT:[](2.71828182846)
⍝ CHECK-NEXT:[](7.38905609893)
⍝ CHECK-NEXT:[](3.0)
⍝ CHECK-NEXT:[](0.5)
⍝ CHECK-NEXT:[3](1.0,4.0,9.0)
⍝ CHECK-NEXT:[](8.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 2 * 10
⎕ ← 2 ⋆ 0.5
⎕ ← * 0
⎕ ← * 1
⎕ ← ⋆ 2
⎕ ← 9 * 0.5
⎕ ← 2 * ¯1
⎕ ← 1 2 3 * 2
2 * 3
