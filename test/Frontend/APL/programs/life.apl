⍝ RUN: tailc run %s | FileCheck %s
⍝ Game of Life (FHPC'16 §6.2; thesis §3.5.2): N generations of an R×C torus, without nested
⍝ arrays; prints the population before, returns it after. Paper size: 1200×1200, N = 100.
⍝ CHECK: [](113)
⍝ CHECK-NEXT: [](107.0)
R ← 20 ⋄ C ← 24 ⋄ N ← 10              ⍝ SIZE
life ← {
  s ← (¯1⊖⍵)+⍵+1⊖⍵                    ⍝ vertical sums of three
  t ← (¯1⌽s)+s+1⌽s                    ⍝ 3×3 box sums, the cell itself included
  (t=3)∨⍵∧t=4                         ⍝ born or survives
}
i ← ⍳R ⋄ j ← ⍳C
board ← 4>13|((31×i×i)∘.+17×j×j)+7×i∘.×j  ⍝ (i,j) alive when (31i²+17j²+7ij) mod 13 < 4
⎕ ← +/+/board
+/+/(life⍣N) board
