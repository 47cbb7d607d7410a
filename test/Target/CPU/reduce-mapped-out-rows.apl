⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc build --target=cuda %s -o %t
⍝ RUN: tail-translate --apl-to-tail %s | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt),convert-soac-to-hpar)' | FileCheck %s --check-prefix=HPAR
⍝ A reduction fused or joined with a map whose rows are stored too (its map lambda yields
⍝ rows for mapped-out results) is lowered as a flattened nested reduction when it is one
⍝ (`+/ +/ m - n` beside `m × n`, test/Conversion/SoacToHPar/redomap-mapout.mlir); any other
⍝ has its mapped-out rows stored by a map of its own, and its threads compute the reduced
⍝ values alone: `⌈/ +/ m - n` beside `m × n`, `⌈/ 3 × +/ m` beside `m × 2`, and `+/ , v4`
⍝ beside `d ← v1 - v3`, `v4` the row sums of `v3`. All three were rejected
⍝ ("mapped-out results of a redomap are not supported in a thread", "a map lambda yielding
⍝ an array that is not the result of an inner soac.map over its rows").
⍝ HPAR-LABEL: func.func @main
⍝ HPAR-NOT: soac.
⍝ CHECK:[](50)
⍝ CHECK-NEXT:[](35)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  4 21  4 10
⍝ CHECK-NEXT: 42  7 16 63
⍝ CHECK-NEXT: 10 22 84 13
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](138)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  4  6  8 10
⍝ CHECK-NEXT: 12 14 16 18
⍝ CHECK-NEXT: 20 22 24 26
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[2](1,0)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1
⍝ CHECK-NEXT: 1
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](4.0)
m ← 1 + 3 4 ⍴ ⍳ 12
n ← 3 4 ⍴ 2 7 1
r ← +/ m - n
⎕ ← +/ r
d ← m × n
⎕ ← ⌈/ r
⎕ ← d
v ← +/ m
⎕ ← ⌈/ 3 × v
⎕ ← m × 2
k ← +/ 1 1
v1 ← k 1 ⍴ ⍳ k
v3 ← (⍳ k) ∘.- ⍳ 1
v4 ← +/ v3
⎕ ← ⌽ v4
d ← v1 - v3
⎕ ← +/ , v4
⎕ ← d
+/ , d × 2
