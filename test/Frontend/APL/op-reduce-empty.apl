⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Reductions of empty arrays give the identity item: + 0, × 1, ⌊ largest int, ⌈ smallest int, ∧ 1, ∨ 0.
⍝ ⌊/⍬ and ⌈/⍬ are worked out by hand: ints are 32-bit, so the identities are 2147483647 and
⍝ -2147483648 (apltail: Int.maxInt / Int.minInt); libjay answers ±1.797E308 (it has no int bound).
⍝ ∧/ and ∨/ use 0⍴1, a boolean empty vector (see op-reduce-empty-zilde.apl for ⍬).
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](0)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](2147483647)
⍝ CHECK-NEXT:[](-2147483648)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](0)
⍝ CHECK-NEXT:[3](0,0,0)
⍝ CHECK-NEXT:[](0.0)
⍝ CHECK-NEXT:[](0.0)
⍝ CHECK-NOT:{{.}}

⎕ ← +/ ⍬
⎕ ← ×/ ⍬
⎕ ← ⌊/ ⍬
⎕ ← ⌈/ ⍬
⎕ ← ∧/ 0 ⍴ 1
⎕ ← ∨/ 0 ⍴ 1
⎕ ← +/ 3 0 ⍴ 0
⎕ ← +/ 0 ⍴ 0.5
-/ ⍬
