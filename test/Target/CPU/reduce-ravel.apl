⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc build --emit=mlir %s -o - | FileCheck %s --check-prefix=HOST
⍝ Reductions of the ravel of an array that a map computes (`+/ , a ∘.× b`, the match idiom
⍝ `∧/ , x = y`) reduce its rows and then the rows' results (soac-simplify's ReduceRows), so
⍝ the map fuses with the reduction: nothing of the size of the product (300 × 300) is
⍝ allocated; the host allocates the blocks' partial results.
⍝ HOST-LABEL: func.func @tail.main()
⍝ HOST-NOT: arith.constant 90000 : index
⍝ HOST: return
⍝ CHECK:[](2038522500)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](0)
⍝ CHECK-NEXT:[](604)
⍝ CHECK-NEXT:[](3.0)
⍝ CHECK-NEXT:[](0)
⍝ CHECK-NEXT:[](45.0)
a ← ⍳ 300
⎕ ← +/ , a ∘.× a
m ← 40 50 ⍴ ⍳ 13
⎕ ← ∧/ , m = 40 50 ⍴ ⍳ 13
⎕ ← ∧/ , m = ⌽ m
⎕ ← ⌈/ , 2 × a ∘.+ 2 ↑ a
⎕ ← ⌈/ , (4 3 ⍴ ÷ ⍳ 5) × 4 3 ⍴ 3
⎕ ← +/ , (0 3 ⍴ 1) + 0 3 ⍴ 2
n ← +/ 2 3
+/ , (⍳ n) ∘.+ ⍳ 2
