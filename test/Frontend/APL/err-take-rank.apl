⍝ RUN: not tailc run %s 2>&1 | FileCheck %s
⍝ A take with more counts than the right argument has axes is a rank error found statically.
⍝ CHECK: {{.*}}err-take-rank.apl:6:9: error: rank error: the left argument of ↑ (take) has 2 entries (one per axis), but the right argument is an int vector of length 3
⍝ CHECK-NEXT: x ← 2 3 ↑ 1 2 3
⍝ CHECK-NEXT:         ^
x ← 2 3 ↑ 1 2 3
+/ , x
