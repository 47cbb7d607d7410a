⍝ RUN: cd %S && tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ ⎕ReadDoubleVecFile reads whitespace-separated numbers as doubles (Inputs/doubles.txt).
⍝ The oracle's program has the file's contents (1.5 2.25 0.5 4) written as a literal.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[4](1.5,2.25,0.5,4.0)
⍝ CHECK-NEXT:[1](4)
⍝ CHECK-NEXT:[](8.25)
⍝ CHECK-NOT:{{.}}

v ← ⎕ReadDoubleVecFile 'Inputs/doubles.txt'
⎕ ← v
⎕ ← ⍴ v
+/ v
