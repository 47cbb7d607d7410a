⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Over-take of a string pads with blanks (made visible by a trailing '|').
⍝ CHECK-NOT:{{.}}
⍝ CHECK:abc   |
⍝ CHECK-NEXT:   abc|
⍝ CHECK-NEXT:[6](0,0,0,1,1,1)
⍝ CHECK-NEXT:[](3.0)
⍝ CHECK-NOT:{{.}}

s ← 6 ↑ 'abc'
⎕ ← s , '|'
⎕ ← (¯6 ↑ 'abc') , '|'
⎕ ← s = ' '
+/ s = ' '
