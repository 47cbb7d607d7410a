⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc build --target=cuda %s -o %t
⍝ Characters printed by the function of a map (`{⎕ ← ⍵ ⋄ …}¨` of a character vector or
⍝ matrix, of a character constant, of an element read) are printed on the host in the
⍝ interpreter's order, like numbers (print-in-map.apl): kernels hold characters as code
⍝ points, and the print casts the code point back. They were rejected ("an operation on
⍝ characters with no kernel form"). Also: a print in a map over the rows of a matrix
⍝ (numbers too: the inner map's result, its argument, was forwarded and the nest broken), in
⍝ a power loop, and a map printing beside an element read summed (fused into the sum, its
⍝ print reached a kernel).
⍝ CHECK:[](a)
⍝ CHECK-NEXT:[](b)
⍝ CHECK-NEXT:[](c)
⍝ CHECK-NEXT:[3](0,1,0)
⍝ CHECK-NEXT:[](x)
⍝ CHECK-NEXT:[](x)
⍝ CHECK-NEXT:[2](2,3)
⍝ CHECK-NEXT:[](w)
⍝ CHECK-NEXT:[](x)
⍝ CHECK-NEXT:[](y)
⍝ CHECK-NEXT:[](z)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: wx
⍝ CHECK-NEXT: yz
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](2)
⍝ CHECK-NEXT:[](3)
⍝ CHECK-NEXT:[](4)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1 2
⍝ CHECK-NEXT: 3 4
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](r)
⍝ CHECK-NEXT:[](p)
⍝ CHECK-NEXT:[2](30,10)
⍝ CHECK-NEXT:[](A)
⍝ CHECK-NEXT:[](C)
⍝ CHECK-NEXT:[2](0,1)
⍝ CHECK-NEXT:[](z)
⍝ CHECK-NEXT:[](z)
⍝ CHECK-NEXT:[](z)
⍝ CHECK-NEXT:[2](1,2)
⍝ CHECK-NEXT:[](b)
⍝ CHECK-NEXT:[](a)
⍝ CHECK-NEXT:[](b)
⍝ CHECK-NEXT:[](6)
⍝ CHECK-NEXT:[](7)
⍝ CHECK-NEXT:[](5)
⍝ CHECK-NEXT:[](7)
⍝ CHECK-NEXT:[](6)
⍝ CHECK-NEXT:[](0.0)
f ← {⎕ ← ⍵ ⋄ ⍵ = 'b'}
⎕ ← f¨ 'abc'
g ← {⎕ ← 'x' ⋄ ⍵ + 1}
⎕ ← g¨ 1 2
h ← {⎕ ← ⍵ ⋄ ⍵}
⎕ ← h¨ 2 2 ⍴ 'wxyz'
⎕ ← h¨ 2 2 ⍴ 1 2 3 4
s ← 'pqr'
k ← {⎕ ← s[⍵] ⋄ ⍵ × 10}
⎕ ← k¨ 3 1
m ← {c ← 'ABCD'[⍵] ⋄ ⎕ ← c ⋄ c = 'C'}
⎕ ← m¨ 1 3
p ← {({⎕ ← 'z' ⋄ ⍵ + 1}⍣⍵) 0}
⎕ ← p¨ 1 2
q ← {⎕ ← 'ab'[1 + 2 | ⍵] ⋄ ⍵}
⎕ ← +/ q¨ ⍳ 3
r ← {⎕ ← (5 7)[1 + 2 | ⍵] ⋄ ⍵}
⎕ ← +/ r¨ ⍳ 3
0
