⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Longer trains group from the right: 5 and 7 items are nested forks, 4 items an atop over a fork.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[3](1,8,19)
⍝ CHECK-NEXT:[4](1,3,6,3)
⍝ CHECK-NEXT:[3](-2,2,1)
⍝ CHECK-NEXT:[](-2.0)
⍝ CHECK-NEXT:[](9.0)
⍝ CHECK-NOT:{{.}}

stats ← ⌊/ , ⌈/ , +/
⎕ ← stats 4 8 1 6
⎕ ← (⌊/ , ⌈/ , +/ , ≢) 3 1 2
⎕ ← (- , + , ×) 2
⎕ ← (- +/ ÷ ≢) 1 2 3
⊃ stats 9
