⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines
⍝ A map inside a thread whose lambda yields arrays whose extents are known only at run time
⍝ (a reshape by a count the program computes): the rows' extents are those of the lambda's
⍝ array at the first element (the rows of an array share one shape), computed without its
⍝ elements; each element is computed where it is read, and with no element (an empty
⍝ inner map: 0 × 0 rows) the extents are 0 and nothing is read. It was rejected.
⍝ CHECK:[2](54,63)
⍝ CHECK-NEXT:[3](10,20,30)
⍝ CHECK-NEXT:[0]()
⍝ CHECK-NEXT:[2](0,0)
⍝ CHECK-NEXT:[](1.0)

n ← 3
⎕ ← {+/ , (n n ⍴ ⍳ 9) + ⍵}¨ 1 2
m ← 2
⎕ ← {+/ , (m m ⍴ ⍳ 4) × ⍵ + 1}¨ 0 1 2
⎕ ← {+/ , (n n ⍴ ⍳ 9) + ⍵}¨ ⍳ 0
z ← 0
⎕ ← {+/ , (z z ⍴ ⍳ 9) + ⍵}¨ 1 2
1
