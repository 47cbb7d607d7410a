⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Reduce f/ folds from the right along the last axis; a scalar reduces to itself.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](10)
⍝ CHECK-NEXT:[](24)
⍝ CHECK-NEXT:[](-2)
⍝ CHECK-NEXT:[](9)
⍝ CHECK-NEXT:[](2)
⍝ CHECK-NEXT:[](4.0)
⍝ CHECK-NEXT:[](4.25)
⍝ CHECK-NEXT:[](5)
⍝ CHECK-NEXT:[](55.0)
⍝ CHECK-NOT:{{.}}

⎕ ← +/ 1 2 3 4
⎕ ← ×/ 1 2 3 4
⎕ ← -/ 1 2 3 4
⎕ ← ⌈/ 3 9 2
⎕ ← ⌊/ 3 9 2
⎕ ← ÷/ 8.0 4.0 2.0
⎕ ← +/ 0.5 1.5 2.25
⎕ ← +/ 5
+/ ⍳ 10
