⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Index arrays into arrays of rank ≥ 2: each indexed axis is replaced by the axes of its
⍝ index array (M[1 3;2] is a vector, M[2 2⍴1 3;2] a matrix), elided axes are kept whole.
⍝ Expected values from scripts/apl-oracle.py (libjay); the last: M[1 2;4] = 4 8, sum 12.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[2](2,10)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  2  4
⍝ CHECK-NEXT: 10 12
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  3  1
⍝ CHECK-NEXT:  7  5
⍝ CHECK-NEXT: 11  9
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[4](5,6,7,8)
⍝ CHECK-NEXT:[2,2,4](1,2,3,4,5,6,7,8,13,14,15,16,17,18,19,20)
⍝ CHECK-NEXT:[2](24,16)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 10  9
⍝ CHECK-NEXT: 22 21
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  2 10
⍝ CHECK-NEXT:  2 10
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: fed
⍝ CHECK-NEXT: cba
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](12.0)
⍝ CHECK-NOT:{{.}}
M ← 3 4 ⍴ ⍳ 12
A ← 2 3 4 ⍴ ⍳ 24
⎕ ← M[1 3;2]
⎕ ← M[1 3;2 4]
⎕ ← M[;3 1]
⎕ ← M[2;]
⎕ ← A[;1 2;]
⎕ ← A[2;3 1;4]
⎕ ← A[1 2;3;2 1]
⎕ ← M[2 2 ⍴ 1 3;2]
⎕ ← 'abcdef'[2 3 ⍴ 6 5 4 3 2 1]
i ← ⍳ 2
+/ M[i;4]
