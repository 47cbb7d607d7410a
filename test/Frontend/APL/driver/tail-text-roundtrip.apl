⍝ RUN: tail-translate --apl-to-tail --emit=tail-text %s -o %t.tail
⍝ RUN: tailc run %s > %t.from-apl
⍝ RUN: tailc run %t.tail > %t.from-tail
⍝ RUN: diff %t.from-apl %t.from-tail
⍝ RUN: tailc run %t.tail | FileCheck %s --match-full-lines --strict-whitespace
⍝ The TAIL text printed by --emit=tail-text, run by tailc, prints exactly what the APL program
⍝ prints: a reduction along the last axis, a take of rows then a reverse, the power operator on
⍝ a double, and a first-axis reduction through a transpose.
⍝ A is 3 4⍴1…12; its row sums are 1+2+3+4=10, 5+…+8=26, 9+…+12=42; 2↑A keeps rows 1 2 and ⌽
⍝ reverses each; x = 1.5×2×2×2 = 12; +⌿A = 15 18 21 24, whose sum is 78; 12+78 = 90.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[3](10,26,42)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 4 3 2 1
⍝ CHECK-NEXT: 8 7 6 5
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](90.0)
⍝ CHECK-NOT:{{.}}
A ← 3 4 ⍴ ⍳ 12
⎕ ← +/ A
⎕ ← ⌽ 2 ↑ A
x ← ({⍵×2} ⍣ 3) 1.5
x + +/ +⌿ A
