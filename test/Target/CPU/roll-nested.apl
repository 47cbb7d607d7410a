⍝ RUN: tailc run --target=interp %s | FileCheck %s
⍝ RUN: tailc run --target=cpu %s | FileCheck %s
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s
⍝ Rolls whose array is reduced by rows (a Monte Carlo estimate of π): fused, the rolls would sit in
⍝ the lambda of a reduction nested in a map, which no kernel draws from the host's random
⍝ stream; the rolled matrix stays its own map nest (drawn on the host, row by row) and the
⍝ row sums a kernel. Beside it, a vector of rolls summed whole (fused: the rolls are the map
⍝ lambda of a top-level reduction) and matrices of rolls summed by rows.

⍝ CHECK: [5](1.04403906266,0.191972572594,0.856127668017,0.0194413371324,0.32628814143)
⍝ CHECK-NEXT: [](2.33463080116)
⍝ CHECK-NEXT: [](1)
⍝ CHECK-NEXT: [3](24.3298687444,19.1128764021,32.8323478956)
⍝ CHECK-NEXT: [3](43.0986939244,12.6080738939,27.3228898007)
⍝ CHECK-NEXT: [](1.0)

⎕ ← +/(?5 2⍴0)*2.0
⎕ ← +/ ? 6 ⍴ 0
n ← 10000
inside ← 1 ≥ +/ (? n 2 ⍴ 0) * 2
est ← 4 × (+/ inside) ÷ n
⎕ ← 0.1 > | est - ○ 1
⎕ ← +/ ? 3 4 ⍴ 9
⎕ ← +/ (? 3 4 ⍴ 9) × 2
1
