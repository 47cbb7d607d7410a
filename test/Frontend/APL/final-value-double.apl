⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ A double program value is printed with 12 significant digits.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](0.142857142857)
⍝ CHECK-NOT:{{.}}

1 ÷ 7
