⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ Three sums of an empty matrix joined in one reduction: the CPU kernel's loop that fills
⍝ the block's three partial-sum buffers with zeros is three stores, which the thread-loop
⍝ narrowing took for a guarded grid index (a panic in convert-gpu-to-cpu: "index out of
⍝ bounds: the len is 0"). Found by a random program generator.
⍝ CHECK:[](0)
⍝ CHECK-NEXT:[](0)
⍝ CHECK-NEXT:[](0)
⍝ CHECK-NEXT:[](0.0)
v3 ← 0 1 ⍴ ⍳ 0
⎕ ← +/ , v3
⎕ ← +/ , ⌊ v3 ÷ 2
⎕ ← +/ , v3 ⌈ 5
0
