⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc build --target=cuda %s -o %t
⍝ Complex numbers printed by the function of a map are printed on the host in the
⍝ interpreter's order (print-in-map.apl, print-chars-in-map.apl): kernels hold a complex
⍝ number as its two parts, and the print puts them together again. Of the argument, of an
⍝ element read (the map runs on the host as a whole), of a product fused into a sum, over a
⍝ matrix's rows, in a power loop. They were rejected ("an operation on complex numbers
⍝ with no kernel form").
⍝ CHECK:[](0.0j1.0)
⍝ CHECK-NEXT:[](2.0j3.0)
⍝ CHECK-NEXT:[2](0.0j2.0,4.0j6.0)
⍝ CHECK-NEXT:[](3.0j3.0)
⍝ CHECK-NEXT:[](1.0j1.0)
⍝ CHECK-NEXT:[2](30,10)
⍝ CHECK-NEXT:[](0.0j1.0)
⍝ CHECK-NEXT:[](0.0j2.0)
⍝ CHECK-NEXT:[](0.0j3.0)
⍝ CHECK-NEXT:[](9)
⍝ CHECK-NEXT:[](1.0j2.0)
⍝ CHECK-NEXT:[](3.0j4.0)
⍝ CHECK-NEXT:[](5.0j6.0)
⍝ CHECK-NEXT:[](7.0j8.0)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1.0j2.0 3.0j4.0
⍝ CHECK-NEXT: 5.0j6.0 7.0j8.0
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](0.0j1.0)
⍝ CHECK-NEXT:[](0.0j2.0)
⍝ CHECK-NEXT:[](0.0j2.0)
⍝ CHECK-NEXT:[](0.0j3.0)
⍝ CHECK-NEXT:[2](3,4)
⍝ CHECK-NEXT:[](0.0)
f ← {⎕ ← ⍵ ⋄ ⍵ × 2}
⎕ ← f¨ 0J1 2J3
z ← 1J1 2J2 3J3
g ← {⎕ ← z[⍵] ⋄ ⍵ × 10}
⎕ ← g¨ 3 1
h ← {⎕ ← ⍵ × 0J1 ⋄ ⍵ + 1}
⎕ ← +/ h¨ 1 2 3
k ← {⎕ ← ⍵ ⋄ ⍵}
⎕ ← k¨ 2 2 ⍴ 1J2 3J4 5J6 7J8
p ← {({⎕ ← 0J1 × ⍵ ⋄ ⍵ + 1}⍣2) ⍵}
⎕ ← p¨ 1 2
0
