⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc build --target=cuda %s -o %t
⍝ A matrix product's rows read by a reduction and by a map (`⌈/ p` and `p ÷ 4`, printed in
⍝ that order): in the lambda over the product's rows, the map moves up to just after the row
⍝ and takes it in (the reduction reads the row as the fused map's mapped-out result), so
⍝ that the lambda yielding `p ÷ 4` is one map over the rows. It held two maps, the second
⍝ reading the first's row ("the lambda of a map over rows must be one inner soac.map over
⍝ them"). Found by a random program generator.
⍝ CHECK:[3](16.5,9.5,12.25)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  4.125 1.8125 2.5625
⍝ CHECK-NEXT: 1.8125  1.875  2.375
⍝ CHECK-NEXT: 2.5625  2.375 3.0625
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[2](46,109)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 13 31
⍝ CHECK-NEXT: 31 76
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](155.0)
a ← 3 3 ⍴ 0.5 × ⍳ 7
p ← (⍉ a) +.× a
⎕ ← ⌈/ p
⎕ ← p ÷ 4
b ← 2 3 ⍴ ⍳ 6
q ← b +.× ⍉ b
⎕ ← +/ q
⎕ ← q - 1
+/ , q
