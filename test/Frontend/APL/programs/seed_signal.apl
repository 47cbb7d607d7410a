⍝ RUN: tailc run %s | FileCheck %s
⍝ Signal processing (after APEX), thesis Example 3.1 (§3.1): clipped relative differences, summed.
⍝ CHECK: [](-27.8704660001)
diff ← {1↓⍵-¯1⌽⍵}
signal ← {¯50⌈50⌊50×(diff 0,⍵)÷0.01+⍵}
+/ signal 9 8 6 8 7 4 4 3 2 2 1 2 4 5 6
