⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Indexed assignment v[i]←x into int, double, char vectors and a matrix.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[5](1,2,3,34,5)
⍝ CHECK-NEXT:[5](6,2,3,34,5)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1 2 3
⍝ CHECK-NEXT: 4 5 0
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[3](0.5,7.0,2.5)
⍝ CHECK-NEXT:bat
⍝ CHECK-NEXT:[](50.0)
⍝ CHECK-NOT:{{.}}

v ← 1 2 3 4 5
v[4] ← 34
⎕ ← v
v[1] ← v[5] + 1
⎕ ← v
M ← 2 3 ⍴ ⍳ 6
M[2;3] ← 0
⎕ ← M
d ← 0.5 1.5 2.5
d[2] ← 7
⎕ ← d
c ← 'cat'
c[1] ← 'b'
⎕ ← c
+/ v
