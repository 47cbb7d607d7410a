⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Take from an empty vector pads with zeros; zero-take gives empty results that keep the other axes.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[3](0,0,0)
⍝ CHECK-NEXT:[3](0,0,0)
⍝ CHECK-NEXT:[0]()
⍝ CHECK-NEXT:[0,2]()
⍝ CHECK-NEXT:[2](0,2)
⍝ CHECK-NEXT:[](0.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 3 ↑ ⍬
⎕ ← ¯3 ↑ ⍬
⎕ ← 0 ↑ ⍳ 5
⎕ ← 0 ↑ 4 2 ⍴ ⍳ 8
⎕ ← ⍴ 0 ↑ 4 2 ⍴ ⍳ 8
≢ 0 ↑ 1 2 3
