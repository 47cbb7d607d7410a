⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Monadic , flattens in row-major order.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[6](1,2,3,4,5,6)
⍝ CHECK-NEXT:[8](1,2,3,4,5,6,7,8)
⍝ CHECK-NEXT:abcd
⍝ CHECK-NEXT:[1](0)
⍝ CHECK-NEXT:[](6.0)
⍝ CHECK-NOT:{{.}}

M ← 2 3 ⍴ ⍳ 6
⎕ ← , M
⎕ ← , 2 2 2 ⍴ ⍳ 8
⎕ ← , 2 2 ⍴ 'abcd'
⎕ ← ⍴ , 3 0 ⍴ 1
≢ , M
