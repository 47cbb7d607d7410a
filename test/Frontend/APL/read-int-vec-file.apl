⍝ RUN: cd %S && tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ ⎕ReadIntVecFile reads whitespace-separated ints (Inputs/ints.txt, relative to the test's directory).
⍝ The oracle's program has the file's contents (3 1 4 1 5 9 2 6) written as a literal.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[8](3,1,4,1,5,9,2,6)
⍝ CHECK-NEXT:[1](8)
⍝ CHECK-NEXT:[](9)
⍝ CHECK-NEXT:[](31.0)
⍝ CHECK-NOT:{{.}}

v ← ⎕ReadIntVecFile 'Inputs/ints.txt'
⎕ ← v
⎕ ← ⍴ v
⎕ ← ⌈/ v
+/ v
