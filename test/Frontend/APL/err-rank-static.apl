⍝ RUN: not tailc run %s 2>&1 | FileCheck %s
⍝ Adding a rank-2 and a rank-3 array is a rank error found statically (at the expression or its +).
⍝ CHECK: {{.*}}err-rank-static.apl:5:{{5|17}}: error: {{.*}}rank

x ← (2 3 ⍴ ⍳ 6) + 2 2 2 ⍴ ⍳ 8
0
