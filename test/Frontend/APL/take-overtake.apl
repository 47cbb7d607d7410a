⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Over-take pads with zeros (at the end, or at the front for a negative count); a scalar is taken as a one-element vector.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[7](1,2,3,0,0,0,0)
⍝ CHECK-NEXT:[7](0,0,0,0,1,2,3)
⍝ CHECK-NEXT:[4](1.5,2.5,0.0,0.0)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1 2 3
⍝ CHECK-NEXT: 4 5 6
⍝ CHECK-NEXT: 0 0 0
⍝ CHECK-NEXT: 0 0 0
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 0 0
⍝ CHECK-NEXT: 0 0
⍝ CHECK-NEXT: 8 9
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[3](5,0,0)
⍝ CHECK-NEXT:[2](0,5)
⍝ CHECK-NEXT:[](6.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 7 ↑ 1 2 3
⎕ ← ¯7 ↑ 1 2 3
⎕ ← 4 ↑ 1.5 2.5
⎕ ← 4 ↑ 2 3 ⍴ ⍳ 6
⎕ ← ¯3 ↑ 1 2 ⍴ 8 9
⎕ ← 3 ↑ 5
⎕ ← ¯2 ↑ 5
≢ 6 ↑ ⍳ 2
