⍝ RUN: tailc run --target=interp %s | FileCheck %s --check-prefix=EXEC --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --check-prefix=EXEC --match-full-lines
⍝ Power loops whose body compresses or grades its argument: the compression's array (and
⍝ the radix sort's, inside a grade) is padded to whole blocks, and the loop carries it with
⍝ the extent beside it (test/Conversion/SoacToHPar/loop-prefix.mlir). The values printed
⍝ inside the loop and after it are exactly the elements, not the padding.
⍝ EXEC:[1](119)
⍝ EXEC-NEXT:[10](1,2,4,17,19,26,28,38,40,44)
⍝ EXEC-NEXT:[](35419)
⍝ EXEC-NEXT:[4](2,0,4,6)
⍝ EXEC-NEXT:[20](1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20)
⍝ EXEC-NEXT:[14](1,2,4,5,7,8,10,11,13,14,16,17,19,20)
⍝ EXEC-NEXT:[10](1,2,4,8,10,11,13,17,19,20)
⍝ EXEC-NEXT:[7](1,2,4,11,13,17,19)
⍝ EXEC-NEXT:[7](1,2,3,4,5,6,7)
⍝ EXEC-NEXT:[6](24,20,18,9,9,4)
⍝ EXEC-NEXT:[](0.0)

s ← {(0≠3|⍵+⍳⍴⍵)/⍵}⍣4 ⊢ ⍳ 600
⎕ ← ⍴ s
⎕ ← 10 ↑ s
⎕ ← +/ s
⎕ ← {(⍵≠0)/⍵-1}⍣3 ⊢ 5 0 3 1 7 2 0 9
f ← {⎕ ← ⍵ ⋄ (0≠3|⍵+⍳⍴⍵)/⍵}
t ← f⍣3 ⊢ ⍳ 20
⎕ ← t
⎕ ← ⍋ t
⎕ ← {⍵[⍒⍵] + ⍋⍵}⍣3 ⊢ 5 3 9 1 1 2
+/ {(2|⍵)/⍵+1}⍣2 ⊢ ⍳ 10
