⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Reduce-first f⌿ removes the first axis.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[3](5,7,9)
⍝ CHECK-NEXT:[3](4,5,6)
⍝ CHECK-NEXT:[2](3,4)
⍝ CHECK-NEXT:[](6)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  6  8
⍝ CHECK-NEXT: 10 12
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](21.0)
⍝ CHECK-NOT:{{.}}

M ← 2 3 ⍴ ⍳ 6
⎕ ← +⌿ M
⎕ ← ⌈⌿ M
⎕ ← -⌿ 3 2 ⍴ ⍳ 6
⎕ ← +⌿ 1 2 3
⎕ ← +⌿ 2 2 2 ⍴ ⍳ 8
+/ +⌿ M
