⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc build --target=cuda %s -o %t
⍝ Row scans beside other SOACs over the same rows. A map doubling the row sums joined with
⍝ the row scan `+\ m` yields a vector and a matrix; its matrix result is still a row scan
⍝ (it was rejected: the map's first input, the row sums, is a vector, and the scan was
⍝ taken to read the doubling's scalar). A row scan with a mapped-out result (`+\ d`, `d`
⍝ printed too) is not joined with the reduction `+/ , v4` over as many elements as `d` has
⍝ rows: each thread of the reduction would run a row scan ("mapped-out results of a
⍝ scanomap are not supported in a thread"); `d` itself, joined with that reduction, is
⍝ stored by a map of its own (reduce-mapped-out-rows.apl).
⍝ CHECK:[](-120)
⍝ CHECK-NEXT:[3](14,30,46)
⍝ CHECK-NEXT:[3](28,60,92)
⍝ CHECK-NEXT:[2](1,0)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1
⍝ CHECK-NEXT: 1
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](2.0)
m ← 1 + 3 4 ⍴ ⍳ 12
a ← +/ m
b ← a × 2
⎕ ← +/ , m - +\ m
⎕ ← a
⎕ ← b
k ← +/ 1 1
v1 ← k 1 ⍴ ⍳ k
v3 ← (⍳ k) ∘.- ⍳ 1
v4 ← +/ v3
⎕ ← ⌽ v4
d ← v1 - v3
⎕ ← +/ , v4
⎕ ← d
+/ , +\ d
