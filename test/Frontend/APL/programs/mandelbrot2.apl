⍝ RUN: tailc run %s | FileCheck %s
⍝ Mandelbrot2 (FHPC'16 §6.2): the Mandelbrot set in the per-element style: each point runs its own iteration loop (⍣ inside ¨)
⍝ over a small vector state. Escape counts (iterations with |z| ≤ 2, at most N) of a W×H grid over
⍝ [-2,0.5)×[-1.25,1.25); prints the row sums, returns the total (the same as mandelbrot1.apl).
⍝ Paper size: 1000×1000, N = 255.
⍝ CHECK: [12](35.0,53.0,133.0,280.0,491.0,626.0,969.0,626.0,491.0,280.0,133.0,53.0)
⍝ CHECK-NEXT: [](4170.0)
W ← 16 ⋄ H ← 12 ⋄ N ← 64                 ⍝ SIZE
xmin ← ¯2 ⋄ xmax ← 0.5 ⋄ ymin ← ¯1.25 ⋄ ymax ← 1.25
dx ← (xmax-xmin)÷W
dy ← (ymax-ymin)÷H
point ← {                             ⍝ escape count of point number ⍵ (1-based, row-major)
  cx ← xmin+dx×W|⍵-1
  cy ← ymin+dy×⌊(⍵-1)÷W
  step ← {                            ⍝ ⍵ is x, y, count
    x ← ⍵[1] ⋄ y ← ⍵[2]
    m ← 4≥(x×x)+y×y                   ⍝ |z|≤2: iterate; otherwise z stays as it is
    ((m×cx+(x×x)-y×y)+x×~m),((m×cy+2×x×y)+y×~m),⍵[3]+m
  }
  r ← (step⍣N) 3⍴0.0
  r[3]
}
K ← point¨ (H,W)⍴⍳H×W
⎕ ← +/K                              ⍝ small only
+/ ,K
