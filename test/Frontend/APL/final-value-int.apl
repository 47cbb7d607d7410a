⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ An int program value is printed as a double scalar.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](5.0)
⍝ CHECK-NOT:{{.}}

2 + 3
