⍝ RUN: not tailc run %s 2>&1 | FileCheck %s
⍝ A tuple is not an array: arithmetic on it (a nested array in APL) is an error on that line.
⍝ CHECK: {{.*}}err-nested-tuple-arith.apl:6:{{5|7|9}}: error: {{.*(tuple|nest)}}

t ← (1 2) (3 4)
y ← 1 + t
0
