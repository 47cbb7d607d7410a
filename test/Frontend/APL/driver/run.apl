⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ tailc runs an APL program: the ⎕← output in apltail's format, then the final value as a
⍝ double. 6+7+…+35 = 615; the squares of 1 2 3 are 1 4 9.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[3](1,4,9)
⍝ CHECK-NEXT:[](615.0)
⍝ CHECK-NOT:{{.}}
⎕ ← {⍵×⍵}¨ 1 2 3
+/ {5+⍵} ⍳ 30
