⍝ RUN: tailc run --target=interp %s | FileCheck %s
⍝ RUN: tailc run --target=cpu %s | FileCheck %s
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s
⍝ Rolls whose array is reduced by rows (a Monte Carlo estimate of π): fused, the rolls would sit in
⍝ the lambda of a reduction nested in a map, which no kernel draws from the host's random
⍝ stream; the rolled matrix stays its own map nest (drawn on the host, row by row) and the
⍝ row sums a kernel. Beside it, a vector of rolls summed whole (fused: the rolls are the map
⍝ lambda of a top-level reduction), matrices of rolls summed by rows, rolls scanned (fused:
⍝ the rolls are the map lambda of a scanomap, split out like a reduction's) and rolls in the
⍝ body of ⎕BENCH (a host loop: its body's rolls are split out too).

⍝ CHECK: [5](1.04403906266,0.191972572594,0.856127668017,0.0194413371324,0.32628814143)
⍝ CHECK-NEXT: [](2.33463080116)
⍝ CHECK-NEXT: [](1)
⍝ CHECK-NEXT: [3](24.3298687444,19.1128764021,32.8323478956)
⍝ CHECK-NEXT: [3](43.0986939244,12.6080738939,27.3228898007)
⍝ CHECK-NEXT: [5](2.86173155679,3.88199351629,4.75658251594,6.59308400195,12.8869138137)
⍝ CHECK-NEXT: [](14.9994258633)
⍝ CHECK-NEXT: [](1.0)

⎕ ← +/(?5 2⍴0)*2.0
⎕ ← +/ ? 6 ⍴ 0
n ← 10000
inside ← 1 ≥ +/ (? n 2 ⍴ 0) * 2
est ← 4 × (+/ inside) ÷ n
⎕ ← 0.1 > | est - ○ 1
⎕ ← +/ ? 3 4 ⍴ 9
⎕ ← +/ (? 3 4 ⍴ 9) × 2
⎕ ← +\ ? 5 ⍴ 10
f ← { ⍵ + ⌈/ ? 4 ⍴ 10 }
⎕ ← (f ⎕BENCH 2) 1
1
