⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Dfns as operands of reduce, scan, reduce-first and inner product.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](10)
⍝ CHECK-NEXT:[](-2)
⍝ CHECK-NEXT:[4](1,3,3,5)
⍝ CHECK-NEXT:[2](15,48)
⍝ CHECK-NEXT:[](11)
⍝ CHECK-NEXT:[](15.0)
⍝ CHECK-NOT:{{.}}

⎕ ← {⍺ + ⍵} / 1 2 3 4
⎕ ← {⍺ - ⍵} / 1 2 3 4
⎕ ← {⍺ ⌈ ⍵} \ 1 3 2 5
⎕ ← {⍺ × ⍵} ⌿ 3 2 ⍴ ⍳ 6
⎕ ← 1 2 {⍺ + ⍵} . {⍺ × ⍵} 3 4
add ← {⍺ + ⍵}
add / ⍳ 5
