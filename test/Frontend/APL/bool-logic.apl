⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ ~ ∧ ∨ ⍱ ⍲ on booleans (truth tables), with scalar extension.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[4](1,1,0,0)
⍝ CHECK-NEXT:[4](0,0,0,1)
⍝ CHECK-NEXT:[4](0,1,1,1)
⍝ CHECK-NEXT:[4](1,0,0,0)
⍝ CHECK-NEXT:[4](1,1,1,0)
⍝ CHECK-NEXT:[4](0,1,0,1)
⍝ CHECK-NEXT:[](3.0)
⍝ CHECK-NOT:{{.}}

a ← 0 0 1 1
b ← 0 1 0 1
⎕ ← ~ a
⎕ ← a ∧ b
⎕ ← a ∨ b
⎕ ← a ⍱ b
⎕ ← a ⍲ b
⎕ ← 1 ∧ b
+/ a ∨ b
