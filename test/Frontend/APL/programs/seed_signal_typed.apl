⍝ RUN: tailc run %s | FileCheck %s
⍝ Thesis Example 3.1 with the explicit type annotations of thesis §3.3 (`⍝:` comments).
⍝ CHECK: [4](-1,-2,2,-1)
⍝ CHECK-NEXT: [](-27.8704660001)
diff ← {      ⍝: <κ>(ρ+1) → <κ>ρ
  1↓⍵-¯1⌽⍵
}
signal ← {    ⍝: <double>ρ → <double>ρ
  ¯50⌈50⌊50×(diff 0,⍵)÷0.01+⍵
}
⎕ ← diff 9 8 6 8 7
+/ signal 9 8 6 8 7 4 4 3 2 2 1 2 4 5 6
