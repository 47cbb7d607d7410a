⍝ RUN: not tailc run %s 2>&1 | FileCheck %s
⍝ The left argument of / is a scalar or a vector (one count per item of the last axis); a
⍝ boolean matrix is a rank error found statically, at the /.
⍝ CHECK: {{.*}}err-compress-rank.apl:8:13: error: rank error: the left argument of / must be a scalar or a vector (one entry per item of the last axis), but got a bool array of rank 2
⍝ CHECK-NEXT: x ← (M > 4) / M
⍝ CHECK-NEXT:             ^
M ← 3 3 ⍴ ⍳ 9
x ← (M > 4) / M
+/ +/ x
