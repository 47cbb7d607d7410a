⍝ RUN: tail-translate --apl-to-tail %s | FileCheck %s
⍝ RUN: tailc run %s | FileCheck %s --check-prefix=VALUE
⍝ Thesis Fig. 3.5 with the primitive inner product: replicate (reshape) and transpose
⍝ (transp2) both arguments into rank 3 with the contracted axis last, zipWith ×, reduce +
⍝ (Fig. 3.7's permutations [2,1,3] and [1,3,2]).
⍝ CHECK: tail.reshape {{.*}} -> !tail.array<i32, 3>
⍝ CHECK: tail.lit [2, 1, 3]
⍝ CHECK: tail.transp2
⍝ CHECK: tail.reshape {{.*}} -> !tail.array<i32, 3>
⍝ CHECK: tail.lit [1, 3, 2]
⍝ CHECK: tail.transp2
⍝ CHECK: tail.zipWith
⍝ CHECK: tail.muli
⍝ CHECK: tail.reduce
⍝ CHECK: tail.addi
⍝ VALUE: [](65780.0)
A ← 3 2 ⍴ ⍳ 5
B ← ⍉ A
R ← A +.× B
×/ +/ R
