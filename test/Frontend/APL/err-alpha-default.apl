⍝ RUN: not tailc run %s 2>&1 | FileCheck %s
⍝ A default left argument (⍺←…) is not supported.
⍝ CHECK: {{.*}}err-alpha-default.apl:5:6: error: {{.*(⍺|default)}}

f ← {⍺ ← 10 ⋄ ⍺ + ⍵}
f 3
