⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc build --target=cuda %s -o %t && test -x %t
⍝ Rolls in a dfn applied per element whose body holds array code (the rolls of each element
⍝ summed, scanned, zipped with a free vector or a row of a free matrix, compared, joined,
⍝ of a length the element gives): the map runs as a loop on the host (rolls draw from the
⍝ program's one random stream, in order), its lambda lowered as a kernel's thread lowers
⍝ it, reading host copies of the free arrays; a map of rolls in it is drawn in order into
⍝ storage, whatever order its consumer reads it in (`+/` reads from the end). Each was a
⍝ failure of code generation (SOACs left in host code), or read a free vector computed in
⍝ a kernel, or drew the rolls of `m[2;] × ? 4 ⍴ ⍵` in the reduction's order.
⍝ CHECK:[3](24.3340166817,27.4586229872,36.1193148173)
⍝ CHECK-NEXT:[3](37.8456647969,60.9387625831,61.7831498193)
⍝ CHECK-NEXT:[3](11.3186451313,27.5851509845,25.1891823134)
⍝ CHECK-NEXT:[2](4,46)
⍝ CHECK-NEXT:[2](72.5845237684,66.5836411321)
⍝ CHECK-NEXT:[2](8.32144898182,16.2540313265)
⍝ CHECK-NEXT:[2](0.74435278695,1.79616779038)
⍝ CHECK-NEXT:[](0.0)

v ← ⍳ 5
m ← 3 4 ⍴ ⍳ 12
⎕ ← {⍵ + +/ ? 10 ⍴ 6}¨ ⍳ 3
⎕ ← {⍵ + +/ +\ ? 5 ⍴ 6}¨ ⍳ 3
⎕ ← {+/ v × ? 5 ⍴ ⍵}¨ 2 3 4
⎕ ← {+/ (? ⍵ ⍴ 6) > 3}¨ 10 100
⎕ ← {+/ m[2;] × ? 4 ⍴ ⍵}¨ 5 6
⎕ ← {⌈/ (? 3 ⍴ ⍵) , ? 2 ⍴ ⍵}¨ 10 20
⎕ ← {+/ ? ⍵ ⍴ 0}¨ 2 3
0
