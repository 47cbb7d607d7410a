⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc build --target=cuda %s -o %t
⍝ Fusion leaves lambdas over rows that kernels can lower. A map whose other results are
⍝ read elsewhere does not fuse into a row scan with them mapped out (`+\ ⌊ v1 ÷ 2` beside
⍝ `v1 > 4`, whose maps were joined first: the scan would read a map of the rows yielding
⍝ other rows too). A map reading only what a reduction maps out (`⌊ v5 ÷ 2` of the
⍝ products `+/ , v5` sums) becomes part of the reduction's map lambda. Both were rejected
⍝ ("the lambda of a map over rows must be one inner soac.map over them"). Found by a random
⍝ program generator.
⍝ CHECK: 0 0
⍝ CHECK-NEXT: 0 1
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](0)
⍝ CHECK-NEXT:[](225)
⍝ CHECK-NEXT:[](108)
⍝ CHECK-NEXT:[](0.0)
k ← +/ 1 1
v1 ← k k ⍴ 0.5 × ⍳ 7
v7 ← +\ ⌊ v1 ÷ 2
v8 ← v1 > 4
⎕ ← v7
⎕ ← +/ , v8
v4 ← ⌈\ ⍳ 5
v5 ← v4 ∘.× v4
⎕ ← +/ , v5
⎕ ← +/ , ⌊ v5 ÷ 2
0
