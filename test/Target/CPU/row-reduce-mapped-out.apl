⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc build --target=cuda %s -o %t
⍝ A row reduction whose map part stores the rows too (the outer product fused into `⌈/`,
⍝ and printed after the updated maxima are summed): the rows are a map over the rows of
⍝ their own, the reduction a block per row storing nothing else. It was rejected
⍝ ("mapped-out results of a row reduction are not supported"). Found by a random program
⍝ generator.
⍝ CHECK:       0 -1 -2 -3
⍝ CHECK-NEXT:  1  0 -1 -2
⍝ CHECK-NEXT:  2  1  0 -1
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](4)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 0.25  0.5 0.75
⍝ CHECK-NEXT:  0.5  1.0  1.5
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](-0.5)
v3 ← (⍳ 3) ∘.- ⍳ 4
v4 ← ⌈/ v3
v4[3] ← +/ , v4
⎕ ← v3
⎕ ← +/ , v4
w ← (0.25 × ⍳ 2) ∘.× ⍳ 3
r ← -/ w
r[1] ← 0 - +/ , r
⎕ ← w
+/ , r
