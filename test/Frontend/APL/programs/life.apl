⍝ RUN: tailc run %s | FileCheck %s
⍝ Game of Life (FHPC'16 §6.2; thesis §3.5.2): N generations of an R×C torus, without nested
⍝ arrays; prints the population before, returns it after. Paper size: 1200×1200, N = 100.
⍝ CHECK: [](134)
⍝ CHECK-NEXT: [](112.0)
R ← 20 ⋄ C ← 24 ⋄ N ← 10              ⍝ SIZE
life ← {
  s ← (¯1⊖⍵)+⍵+1⊖⍵                    ⍝ vertical sums of three
  t ← (¯1⌽s)+s+1⌽s                    ⍝ 3×3 box sums, the cell itself included
  (t=3)∨⍵∧t=4                         ⍝ born or survives
}
board ← 2>7|(⍳R)∘.+(⍳C)×⍳C            ⍝ cell (i,j) alive when (i+j×j) mod 7 < 2
⎕ ← +/+/board
+/+/(life⍣N) board
