⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Dyadic , on vectors and scalars; int with double gives double.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[5](1,2,3,4,5)
⍝ CHECK-NEXT:[2](3,4)
⍝ CHECK-NEXT:[4](0,1,2,3)
⍝ CHECK-NEXT:[4](1,2,3,9)
⍝ CHECK-NEXT:[3](1.0,2.0,2.5)
⍝ CHECK-NEXT:abcde
⍝ CHECK-NEXT:[2](4,5)
⍝ CHECK-NEXT:[](7.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 1 2 3 , 4 5
⎕ ← 3 , 4
⎕ ← 0 , 1 2 3
⎕ ← 1 2 3 , 9
⎕ ← 1 2 , 2.5
⎕ ← 'abc' , 'de'
⎕ ← ⍬ , 4 5
≢ (⍳ 3) , ⍳ 4
