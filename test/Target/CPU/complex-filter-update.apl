⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc build --target=cuda %s -o %t
⍝ Compression and indexed assignment of complex arrays (both were rejected: "an operation on
⍝ complex numbers with no kernel form"): a filter takes the two part arrays with the others
⍝ (its predicate may read complex elements), an update stores each part.
⍝ CHECK:[2](1.0j1.0,3.0j3.0)
⍝ CHECK-NEXT:[2](4.0j4.0,6.0j6.0)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1.0j2.0 3.0j4.0
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 3.0j4.0
⍝ CHECK-NEXT: 7.0j8.0
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[2](2.0j2.0,3.0j3.0)
⍝ CHECK-NEXT:[3](1.0j1.0,5.0j5.0,3.0j3.0)
⍝ CHECK-NEXT:[3](1.0j1.0,2.0j2.0,3.0j3.0)
⍝ CHECK-NEXT:[3](0.0j2.0,8.0j8.0,12.0j12.0)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1.0j2.0 3.0j4.0
⍝ CHECK-NEXT: 9.0j0.0 7.0j8.0
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](12.7279220614)
z ← 1J1 2J2 3J3
⎕ ← 1 0 1 / z
⎕ ← (0 1 1 / z) × 2
m ← 2 2 ⍴ 1J2 3J4 5J6 7J8
⎕ ← 1 0 ⌿ m
⎕ ← 0 1 / m
⎕ ← (2 < | z) / z
w ← z
w[2] ← 5J5
⎕ ← w
⎕ ← z
f ← {v ← ⍵ ⋄ v[1] ← 0J1 ⋄ v × 2}
⎕ ← (f ⍣ 2) z
m[2;1] ← 9
⎕ ← m
+/ | w
