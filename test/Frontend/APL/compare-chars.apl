⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Comparisons on characters and strings.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[5](0,0,0,1,0)
⍝ CHECK-NEXT:[3](0,0,1)
⍝ CHECK-NEXT:[6](0,1,0,1,0,1)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](4.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 'hello' = 'world'
⎕ ← 'abc' ≠ 'abd'
⎕ ← 'banana' = 'a'
⎕ ← 'a' < 'b'
+/ 'mississippi' = 's'
