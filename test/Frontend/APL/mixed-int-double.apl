⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Mixing ints and doubles gives doubles, printed with .0 when integral; double literals with exponents.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](1.5)
⍝ CHECK-NEXT:[3](1.5,2.5,3.5)
⍝ CHECK-NEXT:[](3.0)
⍝ CHECK-NEXT:[3](1.0,2.0,3.0)
⍝ CHECK-NEXT:[](0.3)
⍝ CHECK-NEXT:[](1001.0)
⍝ CHECK-NEXT:[](-0.15)
⍝ CHECK-NEXT:[](2.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 1 + 0.5
⎕ ← 1 2 3 + 0.5
⎕ ← 2 × 1.5
⎕ ← 1 2 3 × 1.0
⎕ ← 0.1 + 0.2
⎕ ← 1E3 + 1
⎕ ← ¯1.5E¯1
2.0
