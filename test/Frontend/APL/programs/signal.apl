⍝ RUN: tailc run %s | FileCheck %s
⍝ Signal (FHPC'16 §6.2; thesis Example 3.1, after APEX): clipped relative differences of a
⍝ signal of n samples, summed. Paper size: n = 50,000,000 (test/bench/apl/signal.apl).
⍝ CHECK: [](6040.80308231)
n ← 1000                              ⍝ SIZE
diff ← {1↓⍵-¯1⌽⍵}
signal ← {¯50⌈50⌊50×(diff 0,⍵)÷0.01+⍵}
x ← 100|7×⍳n                          ⍝ the samples: 7 14 21 … 98 5 12 …
+/ signal x
