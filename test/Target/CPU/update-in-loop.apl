⍝ RUN: cd %S/../../Frontend/APL && tailc run --target=interp %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: cd %S/../../Frontend/APL && tailc run --target=cpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc build --target=cuda %s -o %t
⍝ Indexed assignment to a copy (`w ← ⍵ ⋄ w[i] ← x`) in the body of a power loop. The copy
⍝ (TAIL's `mem`, an identity map) stays a copy where an update consumes it: forwarded to its
⍝ input, the update changed the loop's starting array (`v` printed `0 1 4 …`). A grid array
⍝ is updated in a host buffer of its own: the loop yielding the updated array carried the
⍝ device buffer without the store (`x` lost every update), and a later kernel read it.
⍝ CHECK:[3](6,19,11)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:   4   8  12
⍝ CHECK-NEXT:  16  20 100
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[8](0,1,4,1,5,9,2,6)
⍝ CHECK-NEXT:[8](0,2,5,2,6,10,3,7)
⍝ CHECK-NEXT:[8](3,1,4,1,5,9,2,6)
⍝ CHECK-NEXT:[8](1,3,6,3,7,11,4,8)
⍝ CHECK-NEXT:[3](2,7,6)
⍝ CHECK-NEXT:[6](1,2,3,9,2,3)
⍝ CHECK-NEXT:[](43.0)
f ← {w ← ⍵ ⋄ w[1 + 3 | +/ ⍵] ← +/ ⍵ ⋄ w}
⎕ ← (f ⍣ 3) 1 2 3
g ← {m ← ⍵ ⋄ m[2;3] ← 50 ⋄ m × 2}
⎕ ← (g ⍣ 2) 2 3 ⍴ ⍳ 6
v ← ⎕ReadIntVecFile 'Inputs/ints.txt'
h ← {w ← ⍵ ⋄ w[1] ← 0 ⋄ ⎕ ← w ⋄ w + 1}
x ← (h ⍣ 2) v
⎕ ← v
⎕ ← x
k ← {w ← ⍵ ⋄ w[2] ← ⍺ ⋄ w + ⍵}
⎕ ← 5 k 1 2 3
y ← 1 2 3
z ← y
z[1] ← 9
⎕ ← y , z
+/ x
