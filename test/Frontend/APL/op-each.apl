⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Each f¨ with dfns and primitives; the result keeps the argument's shape and takes f's type.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[3](2,4,6)
⍝ CHECK-NEXT:[2](-4,-5)
⍝ CHECK-NEXT:[2](1.5,2.5)
⍝ CHECK-NEXT:[4](0,0,1,1)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  1  4
⍝ CHECK-NEXT:  9 16
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](14.0)
⍝ CHECK-NOT:{{.}}

⎕ ← {⍵ × 2}¨ 1 2 3
⎕ ← -¨ 4 5
⎕ ← {⍵ + 0.5}¨ 1 2
⎕ ← {⍵ > 2}¨ 1 2 3 4
⎕ ← {⍵ × ⍵}¨ 2 2 ⍴ ⍳ 4
sq ← {⍵ * 2}
+/ sq¨ 1 2 3
