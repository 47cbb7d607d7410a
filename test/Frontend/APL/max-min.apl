⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Dyadic ⌈ (max) and ⌊ (min) on ints, doubles and mixed arguments.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](5)
⍝ CHECK-NEXT:[](3)
⍝ CHECK-NEXT:[3](4,5,6)
⍝ CHECK-NEXT:[3](1,2,3)
⍝ CHECK-NEXT:[2](2.5,3.0)
⍝ CHECK-NEXT:[](-1.0)
⍝ CHECK-NEXT:[](0.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 3 ⌈ 5
⎕ ← 3 ⌊ 5
⎕ ← 1 5 3 ⌈ 4 2 6
⎕ ← 1 5 3 ⌊ 4 2 6
⎕ ← 2.5 ⌈ 1 3
⎕ ← ¯1 ⌊ 0.5
0 ⌈ ¯4
