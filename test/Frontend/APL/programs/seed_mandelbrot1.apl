⍝ RUN: tailc run %s | FileCheck %s
⍝ Mandelbrot set, vectorised style: the iteration loop (⍣) runs outside, over whole arrays of
⍝ points (FHPC'16 §6.2, "mandelbrot1"); escape counts of a 16×9 grid over [-2,0.5)×[-1.125,1.125),
⍝ 20 iterations. Same counts as seed_mandelbrot2.apl.
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
⎕ ← ⌊K
+/ ,K
