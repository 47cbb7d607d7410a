⍝ RUN: tailc run %s | FileCheck %s
⍝ Integral (FHPC'16 §6.2): numerical integration by sampling, the midpoint rule for
⍝ ∫₀¹ 4÷(1+x²) dx = π on n samples. Paper size: n = 10,000,000 (test/bench/apl/integral.apl).
⍝ CHECK: [](3.14159273692)
n ← 1000                              ⍝ SIZE
f ← {4÷1+⍵×⍵}
h ← 1÷n
x ← h×(⍳n)-0.5                        ⍝ the midpoints of the n intervals
+/ h×f x
