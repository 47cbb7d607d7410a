⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Complex literals (3J4) and +, -, ×, | on complex numbers; printed as re j im.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](3.0j4.0)
⍝ CHECK-NEXT:[](4.0j2.0)
⍝ CHECK-NEXT:[](6.0j8.0)
⍝ CHECK-NEXT:[](-4.0j3.0)
⍝ CHECK-NEXT:[](5.0)
⍝ CHECK-NEXT:[](-3.0j-4.0)
⍝ CHECK-NEXT:[2](2.0j1.0,3.0j2.0)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  1.0j2.0  3.0j0.0
⍝ CHECK-NEXT: -4.0j0.5  0.0j1.0
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](10.0)
⍝ CHECK-NOT:{{.}}

z ← 3J4
⎕ ← z
⎕ ← z + 1J¯2
⎕ ← z × 2
⎕ ← z × 0J1
⎕ ← | z
⎕ ← - z
⎕ ← 1J1 2J2 + 1
⎕ ← 2 2 ⍴ 1J2 3 ¯4J0.5 0J1
| 3J4 × 2
