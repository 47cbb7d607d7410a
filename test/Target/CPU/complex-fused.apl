⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc build --target=cuda %s -o %t
⍝ A map with complex results is not joined with a reduction or scan of the same array (the
⍝ joined redomap's mapped-out complex results have no kernel form: the program was
⍝ rejected); complex maps joined with maps, and real reductions of complex maps, fuse.
⍝ CHECK:[](4.82842712475)
⍝ CHECK-NEXT:[](4.0j4.0)
⍝ CHECK-NEXT:[3](1.0j1.0,2.0j1.0,3.0j1.0)
⍝ CHECK-NEXT:[](3)
⍝ CHECK-NEXT:[3](1,3,6)
⍝ CHECK-NEXT:[4](0.0j2.0,0.0j4.0,0.0j6.0,6.0j0.0)
⍝ CHECK-NEXT:[](1.0)
z ← 3 ⍴ 1J1 2
⎕ ← +/ | z
⎕ ← +/ z × z
d ← ⍳ 3
⎕ ← d + 0J1
⎕ ← ⌈/ d
⎕ ← +\ d
⎕ ← (d × 0J2) , +/ d
1
