⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ A boolean program value is printed as a double scalar (1.0).
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](1.0)
⍝ CHECK-NOT:{{.}}

3 > 2
