⍝ Life (test/bench/apl/life.apl) on a board of 8192 × 8192 cells (64 MiB, one byte a cell),
⍝ 20 generations: two kernels a generation, each reading and writing the board.
R ← 8192 ⋄ C ← 8192 ⋄ N ← 20
life ← {
  s ← (¯1⊖⍵)+⍵+1⊖⍵                    ⍝ vertical sums of three
  t ← (¯1⌽s)+s+1⌽s                    ⍝ 3×3 box sums, the cell itself included
  (t=3)∨⍵∧t=4                         ⍝ born or survives
}
i ← ⍳R ⋄ j ← ⍳C
board ← 4>13|((31×i×i)∘.+17×j×j)+7×i∘.×j  ⍝ (i,j) alive when (31i²+17j²+7ij) mod 13 < 4
⎕ ← +/+/board
+/+/(life⍣N) board
