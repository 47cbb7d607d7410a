⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Dyadic / with an int left argument (replicate): counts per element, a scalar count for all, zero counts.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[6](4,5,5,7,7,7)
⍝ CHECK-NEXT:[3](5,5,5)
⍝ CHECK-NEXT:[6](1,1,2,2,3,3)
⍝ CHECK-NEXT:aac
⍝ CHECK-NEXT:[0]()
⍝ CHECK-NEXT:[3](0.5,0.5,1.5)
⍝ CHECK-NEXT:[](12.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 1 2 0 3 / 4 5 6 7
⎕ ← 3 / 5
⎕ ← 2 / 1 2 3
⎕ ← 2 0 1 / 'abc'
⎕ ← 0 / 7
⎕ ← 2 1 / 0.5 1.5
≢ 3 / ⍳ 4
