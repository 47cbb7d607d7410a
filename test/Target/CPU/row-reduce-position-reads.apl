⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc build --target=cuda %s -o %t
⍝ A map reading its rows by position (a scan by a function not known to be associative:
⍝ `-\`) is neither fused into nor joined with a reduction over rows, whose
⍝ block-per-row kernel cannot read its row by position: `+/ , (-\ a) + a` (its rows reduced
⍝ first by soac-simplify) and `+/ +/ a` beside `b[1;2]` were rejected ("its array operand
⍝ is produced by a block argument").
⍝ CHECK:[](41)
⍝ CHECK-NEXT:[](29)
⍝ CHECK-NEXT:[](240)
⍝ CHECK-NEXT:[](42.0)
a ← 1 + 2 3 ⍴ ⍳ 6
b ← (-\ a) + a
⎕ ← +/ , b
⎕ ← (+/ +/ a) + b[1;2]
c ← 3 2 4 ⍴ ⍳ 24
⎕ ← +/ , (-\ c) × 2
+/ , (-\ a) × 3
