⍝ RUN: not tailc run %s 2>&1 | FileCheck %s
⍝ A closing parenthesis without an opening one is reported at the parenthesis.
⍝ CHECK: {{.*}}err-unbalanced-paren.apl:6:10: error: {{.*(\)|paren)}}

a ← 1
x ← 1 + 2)
x
