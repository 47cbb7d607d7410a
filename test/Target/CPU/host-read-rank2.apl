⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc build --target=cuda %s -o %t
⍝ Elements of arrays of rank 2 and 3 that power loops computed, read on the host: the
⍝ loop-carried device buffer keeps the array's rank, so the flat position is read as one
⍝ index per axis (`F[1;2]` was rejected: "host reads of rank-2 device arrays").
⍝ CHECK:[2](2,2)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1 1
⍝ CHECK-NEXT: 1 0
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[2](1,1)
⍝ CHECK-NEXT:[3](55,55,34)
⍝ CHECK-NEXT:[2](24,11)
⍝ CHECK-NEXT:[](18.0)
step ← {⍵ +.× 2 2 ⍴ 1 1 1 0}
F ← (step ⌈⍣ 10) 2 2 ⍴ 1 0 0 1
⎕ ← ⍴ F
⎕ ← F
⎕ ← F[1;2] , F[2;1]
H ← (step ⍣ 10) 2 2 ⍴ 1 0 0 1
⎕ ← H[1;2] , H[2;1] , H[2;2]
G ← ({⍵ + 1} ⍣ 3) 2 3 4 ⍴ ⍳ 24
⎕ ← G[2;3;1] , G[1;2;4]
F[2;2] + G[2;1;3]
