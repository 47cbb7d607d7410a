⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc build --target=cuda %s -o %t
⍝ Two reductions of a matrix's rows joined in one thread, where one reduces what the
⍝ other's fold maps out (the row sums of `m` and of `d ← m × 2`, `d` printed too): the
⍝ mapped-out row is read where the thread reads it, the fold's map lambda run there, and the
⍝ fold computes its sum alone ("mapped-out results of a redomap are not supported in a
⍝ thread" before). Likewise `⌈/ +/ m × 3` beside `⌈/ 2 × +/ m` and `⌽ m`.
⍝ CHECK:[](5.0)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  1.0  2.0  3.0  4.0
⍝ CHECK-NEXT:  5.0  6.0  7.0  8.0
⍝ CHECK-NEXT:  9.0 10.0 11.0 12.0
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](42.0)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  1.0 -1.0  2.0 -2.0
⍝ CHECK-NEXT:  5.0 -1.0  6.0 -2.0
⍝ CHECK-NEXT:  9.0 -1.0 10.0 -2.0
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](92)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  5  4  3  2
⍝ CHECK-NEXT:  9  8  7  6
⍝ CHECK-NEXT: 13 12 11 10
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](138)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  6  9 12 15
⍝ CHECK-NEXT: 18 21 24 27
⍝ CHECK-NEXT: 30 33 36 39
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](0.0)
a ← 3 4 ⍴ 0.5 × ⍳ 12
r ← +/ a
d ← a × 2
⎕ ← ⌊/ r
⎕ ← d
⎕ ← ⌈/ +/ d
⎕ ← -\ d
m ← 1 + 3 4 ⍴ ⍳ 12
s ← +/ m
⎕ ← ⌈/ s × 2
⎕ ← ⌽ m
⎕ ← ⌈/ +/ m × 3
⎕ ← m × 3
0
