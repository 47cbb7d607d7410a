⍝ RUN: tailc run %s | FileCheck %s
⍝ Mandelbrot set, per-element style: each point runs its own iteration loop (⍣ inside ¨)
⍝ (FHPC'16 §6.2, "mandelbrot2"); escape counts of a 16×9 grid over [-2,0.5)×[-1.125,1.125),
⍝ 20 iterations. Same counts as seed_mandelbrot1.apl.
⍝ CHECK: {{^}}  1  1  1  2  2  3  3  3  3  3  4  4  5  4  3  2{{$}}
⍝ CHECK-NEXT: {{^}}  1  1  2  3  3  3  3  3  4  4  5  8 20  8  5  4{{$}}
⍝ CHECK-NEXT: {{^}}  1  2  3  3  3  3  4  5  5 20 12 20 20 20 10 12{{$}}
⍝ CHECK-NEXT: {{^}}  1  3  3  4  5  8  8  7  8 20 20 20 20 20 20 20{{$}}
⍝ CHECK-NEXT: {{^}}  1  4  5  6 11 20 20 20 20 20 20 20 20 20 20 20{{$}}
⍝ CHECK-NEXT: {{^}}  1  4  5  6 11 20 20 20 20 20 20 20 20 20 20 20{{$}}
⍝ CHECK-NEXT: {{^}}  1  3  3  4  5  8  8  7  8 20 20 20 20 20 20 20{{$}}
⍝ CHECK-NEXT: {{^}}  1  2  3  3  3  3  4  5  5 20 12 20 20 20 10 12{{$}}
⍝ CHECK-NEXT: {{^}}  1  1  2  3  3  3  3  3  4  4  5  8 20  8  5  4{{$}}
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: [](1352.0)
W ← 16 ⋄ H ← 9 ⋄ N ← 20
xmin ← ¯2 ⋄ xmax ← 0.5 ⋄ ymin ← ¯1.125 ⋄ ymax ← 1.125
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
⎕ ← ⌊K
+/ ,K
