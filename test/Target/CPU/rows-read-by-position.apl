⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc build --target=cuda %s -o %t
⍝ Rows read by position inside reductions and map nests. `+/ +/ ÷\ a`: the nested sum of the
⍝ rows' scans is not flattened into one reduction of all elements, whose threads would not
⍝ have the row a scan element reads its prefix from ("its array operand is produced by a
⍝ block argument"); a thread per row sums it. `+/ , a + ⌽\ 0 + a`: an elementwise map
⍝ reading its row at a computed index runs as a thread does, the row bound ("reads an array
⍝ that is not a top-level array of the function").
⍝ CHECK:[](43.0001998002)
⍝ CHECK-NEXT:[](180)
⍝ CHECK-NEXT:[](0.0)
a ← 3 4 ⍴ 1 + ⍳ 12
⎕ ← +/ +/ ÷\ a
⎕ ← +/ , a + ⌽\ 0 + a
0
