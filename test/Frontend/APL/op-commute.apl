⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Commute f⍨: swaps the arguments, and monadic f⍨ ⍵ is ⍵ f ⍵.
⍝ ⍨ is not in apltail's sources (our AST has it); the expected values are APL's.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](0)
⍝ CHECK-NEXT:[](-2)
⍝ CHECK-NEXT:[](4.0)
⍝ CHECK-NEXT:[4](1,2,1,2)
⍝ CHECK-NEXT:[2](3,3)
⍝ CHECK-NEXT:[](-19)
⍝ CHECK-NEXT:[](49.0)
⍝ CHECK-NOT:{{.}}

⎕ ← -⍨ 3
⎕ ← 5 -⍨ 3
⎕ ← 2 ÷⍨ 8
⎕ ← ,⍨ 1 2
⎕ ← 3 ⍴⍨ 2
⎕ ← 10 {⍺ - 2 × ⍵}⍨ 1
×⍨ 7
