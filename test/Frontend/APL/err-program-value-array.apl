⍝ RUN: not tailc run %s 2>&1 | FileCheck %s
⍝ The program's value must be a numeric scalar (apltail: a compile error otherwise).
⍝ CHECK: {{.*}}err-program-value-array.apl:6:1: error: {{.*}}scalar

x ← 1
⍳ 3
