⍝ RUN: cd %S/../../Frontend/APL && tailc run --target=interp %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: cd %S/../../Frontend/APL && tailc run --target=cpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc build --target=cuda %s -o %t
⍝ A dfn applied with each that compresses, repeats a function on or takes from an array read
⍝ from a file (Inputs/ints.txt: 3 1 4 1 5 9 2 6). The array is a buffer before the kernel is
⍝ built, and the thread's compression read its element type from the array's tensor type
⍝ (a panic); a loop in the thread carrying the array took it for a scalar (a rotation in
⍝ its body was rejected).
⍝ CHECK:[2](6,5)
⍝ CHECK-NEXT:[2](58,54)
⍝ CHECK-NEXT:[2](39,47)
⍝ CHECK-NEXT:[3](4,3,2)
⍝ CHECK-NEXT:[2](3,7)
⍝ CHECK-NEXT:[2](31,31)
⍝ CHECK-NEXT:[3](1,4,1)
⍝ CHECK-NEXT:[2](6,3)
⍝ CHECK-NEXT:[](0.0)
⍝ CHECK-NOT:{{.}}

V ← ⎕ReadIntVecFile 'Inputs/ints.txt'
⎕ ← {≢ (V > ⍵) / V}¨ 1 2
⎕ ← {+/ (V > ⍵) / V × 2}¨ 1 2
⎕ ← {+/ ({⍵ + 1}⍣⍵) V}¨ 1 2
M ← 4 2 ⍴ V
⎕ ← {≢ (M[;1] > ⍵) ⌿ M}¨ 1 2 3
⎕ ← {+/ ⍵ ↑ (V > 2) / V}¨ 1 2
⎕ ← {+/ ({1 ⌽ ⍵} ⍣ ⍵) V}¨ 1 2
⎕ ← {⊃ ({1 ⌽ ⍵} ⍣ ⍵) V}¨ 1 2 3
⎕ ← {⊃ ({⌽ ⍵} ⍣ ⍵) V}¨ 1 2
0
