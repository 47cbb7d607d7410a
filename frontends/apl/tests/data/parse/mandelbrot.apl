⍝ Mandelbrot set membership counts on a small grid, complex arithmetic by hand.
W ← 16 ⋄ H ← 9 ⋄ N ← 20
CX ← (H,W)⍴¯2+(2.5÷W)×¯1+⍳W
CY ← ⍉(W,H)⍴¯1.125+(2.25÷H)×¯1+⍳H
step ← {
  X ← ⍵[1;;] ⋄ Y ← ⍵[2;;] ⋄ K ← ⍵[3;;]
  m ← 4≥(X×X)+Y×Y
  X2 ← CX+(X×X)-Y×Y
  Y2 ← CY+2×X×Y
  (3,H,W)⍴(,(m×X2)+X×~m),(,(m×Y2)+Y×~m),,K+m
}
S ← (step⍣N) (3,H,W)⍴0.0
⎕ ← ⌊S[3;;]
+/ ,S[3;;]
