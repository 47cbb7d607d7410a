⍝ RUN: tailc run %s | FileCheck %s
⍝ Mandelbrot1 (FHPC'16 §6.2): the Mandelbrot set in the vectorised style: the iteration loop (⍣) runs outside, over whole
⍝ arrays of points. Escape counts (iterations with |z| ≤ 2, at most N) of a W×H grid over
⍝ [-2,0.5)×[-1.25,1.25); prints the row sums, returns the total (the same as mandelbrot2.apl).
⍝ Paper size: 1000×1000, N = 255.
⍝ CHECK: [12](35.0,53.0,133.0,280.0,491.0,626.0,969.0,626.0,491.0,280.0,133.0,53.0)
⍝ CHECK-NEXT: [](4170.0)
W ← 16 ⋄ H ← 12 ⋄ N ← 64                 ⍝ SIZE
xmin ← ¯2 ⋄ xmax ← 0.5 ⋄ ymin ← ¯1.25 ⋄ ymax ← 1.25
dx ← (xmax-xmin)÷W
dy ← (ymax-ymin)÷H
CX ← (H,W)⍴xmin+dx×¯1+⍳W             ⍝ real parts, one row repeated
CY ← ⍉(W,H)⍴ymin+dy×¯1+⍳H            ⍝ imaginary parts, one column repeated
step ← {                              ⍝ one iteration of every point; ⍵ is 3 planes: x, y, count
  X ← ⍵[1;;] ⋄ Y ← ⍵[2;;] ⋄ K ← ⍵[3;;]
  m ← 4≥(X×X)+Y×Y                     ⍝ |z|≤2: iterate; otherwise z stays as it is
  X2 ← CX+(X×X)-Y×Y
  Y2 ← CY+2×X×Y
  (3,H,W)⍴(,(m×X2)+X×~m),(,(m×Y2)+Y×~m),,K+m
}
S ← (step⍣N) (3,H,W)⍴0.0
K ← S[3;;]
⎕ ← +/K                              ⍝ small only
+/ ,K
