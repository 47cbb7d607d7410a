⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Monadic ○ (times pi) and dyadic ○ with left argument 1, 2, 3 (sin, cos, tan).
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](3.14159265359)
⍝ CHECK-NEXT:[2](1.57079632679,6.28318530718)
⍝ CHECK-NEXT:[](0.0)
⍝ CHECK-NEXT:[](1.0)
⍝ CHECK-NEXT:[](0.0)
⍝ CHECK-NEXT:[](1.0)
⍝ CHECK-NEXT:[](-1.0)
⍝ CHECK-NEXT:[2](0.841470984808,0.909297426826)
⍝ CHECK-NEXT:[](1.55740772465)
⍝ CHECK-NOT:{{.}}

⎕ ← ○ 1
⎕ ← ○ 0.5 2
⎕ ← 1 ○ 0
⎕ ← 2 ○ 0
⎕ ← 3 ○ 0
⎕ ← 1 ○ ○ 0.5
⎕ ← 2 ○ ○ 1
⎕ ← 1 ○ 1 2
3 ○ 1
