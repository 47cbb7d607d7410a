⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ User operators whose operands are arrays, used as arrays in the body: the body is read
⍝ once per kind its operands may have (`⍺⍺ + ⍵` is a sum when ⍺⍺ is an array, `⍺⍺ ⍵` an
⍝ application when it is a function), and each application runs the reading of its
⍝ operands' kinds. An operator applied to arrays and to functions in one program.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](15)
⍝ CHECK-NEXT:[](13)
⍝ CHECK-NEXT:[3](11,12,13)
⍝ CHECK-NEXT:[](14)
⍝ CHECK-NEXT:[](8)
⍝ CHECK-NEXT:[](28)
⍝ CHECK-NEXT:[](16)
⍝ CHECK-NEXT:[2](2.5,5.0)
⍝ CHECK-NEXT:[](0.0)
⍝ CHECK-NOT:{{.}}

plus ← { ⍺⍺ + ⍵ }
⎕ ← 6 plus 9
after ← { ⍵ + ⍺⍺ }
⎕ ← (4 after) 9
⎕ ← (10 after) 1 2 3
both ← { ⍺⍺ × ⍵⍵ + ⍵ }
⎕ ← (2 both 3) 4
⎕ ← (2 both {⍵}) 4
twice ← { ⍺⍺ ⍺⍺ ⍵ }
⎕ ← ({⍵ × 2} twice) 7
⎕ ← ({⍵ + 8} twice) 0
⎕ ← (2 {⍵ ÷ ⍺⍺}) 5 10
0
