⍝ One Game of Life step on a boolean board, with rotations as the neighbourhood.
life ← {
  s ← (¯1⊖⍵)+⍵+1⊖⍵
  t ← (¯1⌽s)+s+1⌽s
  (t=3)∨⍵∧t=4
}
board ← 1=6 6⍴0 1 0 0 0 0 0 0 1 0 0 0 1 1 1 0 0 0,18⍴0
+/ +/ (life⍣4) board
